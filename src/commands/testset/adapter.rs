//! The glue between the test-set engine and the build and run steps: the ONLY file to change
//! when the real `crate::build` and `crate::run::Sandbox` replace the temporary stand-ins.
//!
//! At merge: `Program`/`BuildError` become `crate::build::{Program, BuildError}`,
//! [`build_candidate`] calls `crate::build::build`, and [`SandboxExecutor`] holds a
//! `crate::run::Sandbox` (`Sandbox::start()`) instead of the stand-in runner; then delete
//! `standin.rs`.

use std::io;
use std::path::Path;

use super::standin::{self, ProcessRunner};
use super::Executor;
use crate::commands::cli::CandidateArgs;
use crate::run::{RunLimits, RunOutcome, RunRequest};

pub use standin::{BuildError, Program};

/// Builds the candidate named by the flags (SOLUTION or `--cmd`).
pub fn build_candidate(args: &CandidateArgs) -> Result<Program, BuildError> {
    standin::build(args.solution.as_deref(), args.cmd.as_deref())
}

/// Runs a built program through the sandbox; one per worker thread.
pub struct SandboxExecutor<'a> {
    program: &'a Program,
    runner: ProcessRunner,
}

impl<'a> SandboxExecutor<'a> {
    /// Starts a sandbox for `program`, with this executable as its launcher.
    pub fn start(program: &'a Program) -> io::Result<Self> {
        Ok(SandboxExecutor {
            program,
            runner: ProcessRunner,
        })
    }

    /// Starts a sandbox for `program` with the `stressjudge` binary at `launcher` as its
    /// launcher (tests pass `env!("CARGO_BIN_EXE_stressjudge")`).
    pub fn start_with(program: &'a Program, launcher: &Path) -> io::Result<Self> {
        let _ = launcher;
        Self::start(program)
    }
}

impl Executor for SandboxExecutor<'_> {
    fn execute(&mut self, input_path: &Path, limits: &RunLimits) -> io::Result<RunOutcome> {
        self.runner.run(&RunRequest {
            argv: self.program.argv.clone(),
            env: self.program.env.clone(),
            stdin: input_path.to_path_buf(),
            limits: *limits,
        })
    }
}
