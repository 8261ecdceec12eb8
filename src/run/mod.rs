//! Step 4 of the pipeline: one sandboxed process under limits (skeleton).

/// Body of the hidden `__launcher` subcommand; returns the process exit code.
pub fn launcher_main() -> i32 {
    eprintln!("stressjudge: the launcher is not implemented yet");
    2
}
