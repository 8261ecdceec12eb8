//! The production [`Executor`]: a built program run through one [`Sandbox`] per worker thread.

use std::io;
use std::path::Path;

use super::Executor;
use crate::build::Program;
use crate::run::{CancelHandle, Endpoint, RunLimits, RunOutcome, RunRequest, Sandbox};

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
    pub fn cancel_handle(&self) -> CancelHandle {
        self.sandbox.cancel_handle()
    }
}

impl Executor for SandboxExecutor<'_> {
    fn execute(&mut self, input_path: &Path, limits: &RunLimits) -> io::Result<RunOutcome> {
        let request = self.request(input_path, limits);
        self.sandbox.run(&request)
    }

    fn execute_connected(
        &mut self,
        end: Endpoint<'_>,
        limits: &RunLimits,
    ) -> io::Result<RunOutcome> {
        let request = self.request(&end.stdin, limits);
        self.sandbox.run_connected(&request, &end)
    }
}

impl SandboxExecutor<'_> {
    /// The program's run with stdin from `stdin` under `limits`.
    fn request(&self, stdin: &Path, limits: &RunLimits) -> RunRequest {
        RunRequest {
            argv: self.program.argv_for(limits.memory_bytes),
            env: self.program.env.clone(),
            stdin: stdin.to_path_buf(),
            limits: *limits,
            files: Vec::new(),
            dirs: Vec::new(),
            collect: Vec::new(),
            readonly: self.program.readonly_paths.clone(),
        }
    }
}
