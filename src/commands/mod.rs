//! The subcommands: each drives the pipeline steps it needs and returns an [`Outcome`].

pub mod cli;
pub mod doctor;
pub mod gen;
pub mod judge;
pub mod list;
pub mod repro;
pub mod solve;
pub mod stress;
pub mod testset;
pub mod verify;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

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

/// Entry point of the binary: parse arguments, run the command, map the result to an exit code.
pub fn main() -> ExitCode {
    install_panic_hook();
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("stressjudge: {}", one_line_clap_error(&e.to_string()));
            return ExitCode::from(2);
        }
    };
    match cli::dispatch(args) {
        Ok(Outcome::Passed) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Ok(Outcome::Interrupted) => ExitCode::from(130),
        Err(e) => {
            let _ = std::io::stdout().flush();
            eprintln!("stressjudge: error: {e}");
            ExitCode::from(2)
        }
    }
}

/// A bug in stressjudge must still end in one readable line, not a backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "stressjudge: internal error: {}{place}; please report this",
            message.lines().next().unwrap_or("")
        );
    }));
}

/// Folds clap's multi-line usage error into one line: the error itself and any hint about valid
/// values, without the usage block and the `--help` advice.
fn one_line_clap_error(rendered: &str) -> String {
    rendered
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `"isolation"` value of every JSON report: what this process's sandboxes have (null when
/// no sandbox was configured).
pub fn isolation_json() -> serde_json::Value {
    crate::run::process_isolation().map_or(serde_json::Value::Null, |i| i.to_json())
}

/// The `isolation: ...` line of text reports, with its newline (empty when no sandbox was
/// configured).
pub fn isolation_line() -> String {
    crate::run::process_isolation().map_or(String::new(), |i| format!("{}\n", i.report_line()))
}

/// Writes text to stdout, treating a closed pipe (e.g. `| head`) as success.
pub fn print_out(text: &str) -> Result<(), UsageError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(UsageError::new(format!("cannot write to stdout: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::one_line_clap_error;

    #[test]
    fn clap_errors_fold_into_one_line() {
        let rendered = "error: invalid value 'huge' for '--kind <KIND>'\n  [possible values: small, random]\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line_clap_error(rendered),
            "error: invalid value 'huge' for '--kind <KIND>' [possible values: small, random]"
        );
        let missing = "error: the following required arguments were not provided:\n  <PROBLEM>\n\nUsage: stressjudge gen <PROBLEM>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line_clap_error(missing),
            "error: the following required arguments were not provided: <PROBLEM>"
        );
    }
}
