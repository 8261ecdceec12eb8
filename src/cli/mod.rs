//! The command-line layer: parses arguments with clap ([`args`]), turns them into plain
//! [`crate::options`] ([`convert`]), runs the command and maps its end to an exit code:
//! 0 passed, 1 a candidate failed, 2 a usage or input error (one line on stderr), 130 when
//! Ctrl-C stopped a run before anything failed.

pub mod args;
mod convert;
pub mod reference;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::commands::{self, Outcome};
use crate::error::UsageError;
use crate::options::IsolationChoice;
use crate::run::{configure_process, IsolationDemand, SandboxOptions};
use args::{Cli, Command};

/// Entry point of the binary: parse arguments, run the command, map the result to an exit code.
pub fn main() -> ExitCode {
    install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
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
    let result = dispatch(cli);
    crate::build::clean_up();
    crate::programs::test_build::clean_up();
    match result {
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

/// Runs the parsed command.
fn dispatch(cli: Cli) -> Result<Outcome, UsageError> {
    if let Some(choice) = isolation_of(&cli.command) {
        configure_isolation(choice)?;
    }
    if !matches!(cli.command, Command::Launcher) {
        configure_builds(cli.build_memory.as_deref(), cli.build_time.as_deref())?;
    }
    match cli.command {
        Command::List(args) => commands::list::run(&convert::list(args)),
        Command::Gen(args) => commands::gen::run(&convert::gen(args)?),
        Command::Generate(args) => commands::generate::run(&convert::generate(args)),
        Command::Solve(args) => commands::solve::run(&convert::solve(args)?),
        Command::Judge(args) => {
            let watching = args.watch;
            let options = convert::judge(args)?;
            let (problem, candidate) = (&options.problem, &options.candidate);
            watched(watching, problem, candidate, || {
                commands::judge::run(&options)
            })
        }
        Command::Stress(args) => {
            let watching = args.watch;
            let options = convert::stress(args)?;
            let (problem, candidate) = (&options.problem, &options.candidate);
            watched(watching, problem, candidate, || {
                commands::stress::run(&options)
            })
        }
        Command::Repro(args) => commands::repro::run(&convert::repro(args)?),
        Command::Verify(args) => commands::verify::run(&convert::verify(args)?),
        Command::CheckTools(args) => commands::check_tools::run(&convert::check_tools(args)?),
        Command::Merge(args) => commands::merge::run(&convert::merge(args)),
        Command::Doctor(args) => commands::doctor::run(&convert::doctor(args)),
        Command::Man(args) => reference::man(args.out.as_deref()),
        Command::Completions(args) => reference::completions(args.shell),
        Command::Listen(args) => commands::listen::run(&convert::listen(args)),
        Command::Mutants(args) => commands::mutants::run(&convert::mutants(args)?),
        Command::Launcher => std::process::exit(crate::run::launcher_main()),
    }
}

/// `run` once, or with `--watch` now and after each change to a file the command uses.
fn watched(
    watching: bool,
    problem: &crate::options::ProblemSpec,
    candidate: &crate::options::CandidateOptions,
    mut run: impl FnMut() -> Result<Outcome, UsageError>,
) -> Result<Outcome, UsageError> {
    match watching {
        true => commands::watch::watch(&commands::watch::watched_paths(problem, candidate), run),
        false => run(),
    }
}

/// The `--isolation` of a command that runs candidates; `None` for the others.
fn isolation_of(command: &Command) -> Option<IsolationChoice> {
    let arg = match command {
        Command::Judge(a) => a.candidate.isolation,
        Command::Stress(a) => a.candidate.isolation,
        Command::Repro(a) => a.candidate.isolation,
        Command::Verify(a) => a.isolation,
        Command::CheckTools(a) => a.isolation,
        Command::Mutants(a) => a.isolation,
        _ => return None,
    };
    Some(convert::isolation(arg))
}

/// Decides the isolation of every sandbox of this process once (auto resolves to what the
/// machine gives, so every run of a command has the same); `--isolation full` where it is
/// impossible is a usage error naming why.
fn configure_isolation(choice: IsolationChoice) -> Result<(), UsageError> {
    let demand = match choice {
        IsolationChoice::Auto => IsolationDemand::Auto,
        IsolationChoice::Full => IsolationDemand::Full,
        IsolationChoice::Basic => IsolationDemand::Basic,
    };
    let options = SandboxOptions {
        isolation: demand,
        ..SandboxOptions::default()
    };
    configure_process(options)
        .map(|_| ())
        .map_err(|e| match choice {
            IsolationChoice::Full => UsageError::new(format!("--isolation full: {e}")),
            _ => UsageError::new(format!("cannot start the sandbox: {e}")),
        })
}

/// Contains every build step of this process in the sandbox (see
/// [`crate::build::contain_builds`]), each under `--build-memory` and `--build-time` (else the
/// problem folder's `stressjudge.yaml`, else 2 GiB and 60 s).
fn configure_builds(memory: Option<&str>, time: Option<&str>) -> Result<(), UsageError> {
    let memory_bytes = memory
        .map(|text| {
            crate::units::parse_size(text)
                .map_err(|e| UsageError::new(format!("--build-memory: {e}")))
        })
        .transpose()?;
    let wall = time
        .map(|text| {
            crate::units::parse_duration(text)
                .map_err(|e| UsageError::new(format!("--build-time: {e}")))
        })
        .transpose()?;
    if std::env::var_os(crate::build::UNCONTAINED_BUILDS_ENV).is_some_and(|v| v == "1") {
        return Ok(());
    }
    let launcher = std::env::current_exe()
        .map_err(|e| UsageError::new(format!("cannot find the stressjudge executable: {e}")))?;
    crate::build::contain_builds(launcher, memory_bytes, wall);
    Ok(())
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
