//! The subcommands: each takes its [`crate::options`], drives the pipeline steps it needs and
//! returns an [`Outcome`]; presentation is left to [`crate::report`].

pub mod check_tools;
pub mod common;
pub mod doctor;
pub mod gen;
pub mod generate;
pub mod judge;
pub mod list;
pub mod listen;
pub mod merge;
pub mod mutants;
pub mod repro;
pub mod samples;
pub mod solve;
pub mod stress;
/// The time-limit derivation, which lives beside the engine that runs it
/// ([`crate::testset::time_limit`]); named here too so the commands that drive it keep its path.
pub use crate::testset::time_limit;
pub mod verify;
pub mod watch;

use std::io::Write;

use crate::error::UsageError;

/// How a command that ran to completion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything checked passed: exit code 0.
    Passed,
    /// A candidate failed something it was checked on: exit code 1.
    Failed,
    /// Ctrl-C ended the run before anything failed: exit code 130, as shells report SIGINT.
    Interrupted,
}

/// Prints a command's `--json` object on one line; under `--json-lines`, the `summary` event
/// carrying it instead.
pub fn print_json(report: serde_json::Value) -> Result<(), UsageError> {
    if crate::report::json::events::enabled() {
        crate::report::json::events::emit(|| crate::report::json::Event::Summary { report });
        Ok(())
    } else {
        print_out(&format!("{report}\n"))
    }
}

/// Writes text to stdout, treating a closed pipe (e.g. `| head`) as success. Styles are kept on
/// a terminal and dropped otherwise (or with `NO_COLOR`).
pub fn print_out(text: &str) -> Result<(), UsageError> {
    let mut out = anstream::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(UsageError::new(format!("cannot write to stdout: {e}"))),
    }
}
