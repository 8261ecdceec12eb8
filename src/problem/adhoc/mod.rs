//! Ad-hoc problems: programs named on the command line (`--gen`, `--ref`, `--checker`, ...)
//! and folders of tests as contestants keep them (`--tests`).

pub mod tests_dir;
