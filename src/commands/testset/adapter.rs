//! The glue between the test-set engine and the build and run steps: builds the candidate the
//! flags name, and runs it through one [`Sandbox`] per worker thread.

use std::io;
use std::path::{Path, PathBuf};

use super::Executor;
use crate::build::{self, BuildOptions, Source};
use crate::commands::cli::CandidateArgs;
use crate::error::UsageError;
use crate::run::{RunLimits, RunOutcome, RunRequest, Sandbox};

pub use crate::build::{BuildError, Program};

/// Builds the candidate named by the flags (SOLUTION or `--cmd`).
///
/// A `--cmd` command runs from the directory stressjudge was started in, so relative paths in
/// it mean what they mean in the user's shell; every other candidate starts in a fresh empty
/// directory.
pub fn build_candidate(args: &CandidateArgs) -> Result<Program, BuildError> {
    let source = match (&args.solution, &args.cmd) {
        (Some(_), Some(_)) => {
            return Err(BuildError::Usage(UsageError::new(
                "give either SOLUTION or --cmd, not both",
            )))
        }
        (Some(path), None) => Source::File(path.clone()),
        (None, Some(cmd)) => {
            let here = std::env::current_dir().map_err(|e| {
                BuildError::Usage(UsageError::new(format!(
                    "cannot read the current directory: {e}"
                )))
            })?;
            let script = format!(
                "cd {} || exit 127\n{cmd}",
                shell_quote(&here.to_string_lossy())
            );
            let mut program =
                build::build(&Source::Command(script), &BuildOptions::default_for_user())?;
            program.display_name = format!("cmd: {cmd}");
            // The command runs from here, so a sandbox must show it (read-only), and the
            // programs and files it names by absolute path.
            program.readonly_paths.push(here);
            program.readonly_paths.extend(absolute_paths_named(cmd));
            return Ok(program);
        }
        (None, None) => {
            return Err(BuildError::Usage(UsageError::new(
                "give a SOLUTION file or --cmd",
            )))
        }
    };
    build::build(&source, &BuildOptions::default_for_user())
}

/// The existing absolute paths among the words of a shell command (quotes stripped), e.g. the
/// `/opt/tool/bin/solve` of `/opt/tool/bin/solve --fast < in`.
fn absolute_paths_named(command: &str) -> Vec<PathBuf> {
    command
        .split_whitespace()
        .map(|word| word.trim_matches(|c| c == '\'' || c == '"'))
        .filter(|word| word.starts_with('/'))
        .map(PathBuf::from)
        .filter(|path| path.exists())
        .collect()
}

/// Quotes `text` for `/bin/sh` with single quotes.
pub fn shell_quote(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c))
    {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Runs a built program through the sandbox; one per worker thread.
pub struct SandboxExecutor<'a> {
    program: &'a Program,
    sandbox: Sandbox,
}

impl<'a> SandboxExecutor<'a> {
    /// Starts a sandbox for `program`, with this executable as its launcher.
    pub fn start(program: &'a Program) -> io::Result<Self> {
        Ok(SandboxExecutor {
            program,
            sandbox: Sandbox::start()?,
        })
    }

    /// Starts a sandbox for `program` with the `stressjudge` binary at `launcher` as its
    /// launcher (tests pass `env!("CARGO_BIN_EXE_stressjudge")`).
    pub fn start_with(program: &'a Program, launcher: &Path) -> io::Result<Self> {
        Ok(SandboxExecutor {
            program,
            sandbox: Sandbox::start_with(launcher)?,
        })
    }

    /// A handle that kills the run in progress from another thread (Ctrl-C).
    pub fn cancel_handle(&self) -> crate::run::CancelHandle {
        self.sandbox.cancel_handle()
    }
}

impl Executor for SandboxExecutor<'_> {
    fn execute(&mut self, input_path: &Path, limits: &RunLimits) -> io::Result<RunOutcome> {
        self.sandbox.run(&RunRequest {
            argv: self.program.argv.clone(),
            env: self.program.env.clone(),
            stdin: input_path.to_path_buf(),
            limits: *limits,
            files: Vec::new(),
            dirs: Vec::new(),
            collect: Vec::new(),
            readonly: self.program.readonly_paths.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::shell_quote;

    #[test]
    fn absolute_paths_a_command_names_are_found() {
        assert_eq!(
            super::absolute_paths_named("'/bin/sh' -c x < /nonexistent/in >/tmp/out /usr"),
            vec![
                std::path::PathBuf::from("/bin/sh"),
                std::path::PathBuf::from("/usr")
            ]
        );
    }

    #[test]
    fn quotes_for_the_shell() {
        assert_eq!(shell_quote("/tmp/a-b_c.py"), "/tmp/a-b_c.py");
        assert_eq!(shell_quote("my dir"), "'my dir'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
