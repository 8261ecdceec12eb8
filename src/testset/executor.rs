//! The production [`Executor`]: a built program run through one [`Sandbox`] per worker thread.

use std::io;
use std::path::Path;

use super::own_memory;
use super::Executor;
use crate::build::Program;
use crate::problem::ProblemInfo;
use crate::run::{CancelHandle, Endpoint, FileIo, RunLimits, RunOutcome, RunRequest, Sandbox};

/// Runs a built program through the sandbox; one per worker thread.
pub struct SandboxExecutor<'a> {
    program: &'a Program,
    sandbox: Sandbox,
    file_io: FileIo,
    /// Whether runs have `RLIMIT_AS` at the memory limit (see
    /// [`ProblemInfo::address_space_limit`]).
    address_space_limited: bool,
}

impl<'a> SandboxExecutor<'a> {
    /// Starts a sandbox for `program`, with this executable as its launcher.
    pub fn start(program: &'a Program) -> io::Result<Self> {
        Ok(SandboxExecutor {
            program,
            sandbox: Sandbox::start()?,
            file_io: FileIo::default(),
            address_space_limited: false,
        })
    }

    /// Starts a sandbox for `program` solving `problem`: runs use the problem's file I/O and
    /// working directory (read-only for a problem package's submissions), and a program with a
    /// folder of its own runs there (see [`FileIo::run_in`]). A problem judged as problemtools
    /// judges it limits the program's address space too, unless problemtools exempts it
    /// ([`ProblemInfo::address_space_limit`], [`Program::takes_an_address_space_limit`]).
    pub fn start_for(program: &'a Program, problem: &ProblemInfo) -> io::Result<Self> {
        let file_io = FileIo {
            run_in: program.run_in.clone(),
            ..problem.file_io.clone()
        };
        let mut executor = Self::start(program)?.with_file_io(&file_io);
        executor.address_space_limited =
            problem.address_space_limit && program.takes_an_address_space_limit();
        Ok(executor)
    }

    /// This executor, running the program with file I/O (see [`FileIo`]).
    pub fn with_file_io(mut self, file_io: &FileIo) -> Self {
        self.file_io = file_io.clone();
        self
    }

    /// Starts a sandbox for `program` with the `stressjudge` binary at `launcher` as its
    /// launcher (tests pass `env!("CARGO_BIN_EXE_stressjudge")`).
    pub fn start_with(program: &'a Program, launcher: &Path) -> io::Result<Self> {
        Ok(SandboxExecutor {
            program,
            sandbox: Sandbox::start_with(launcher)?,
            file_io: FileIo::default(),
            address_space_limited: false,
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
        let outcome = self.sandbox.run_with_file_io(&request, &self.file_io)?;
        Ok(self.own_memory(outcome, limits))
    }

    fn execute_connected(
        &mut self,
        end: Endpoint<'_>,
        limits: &RunLimits,
    ) -> io::Result<RunOutcome> {
        let request = self.request(&end.stdin, limits);
        let outcome = self
            .sandbox
            .run_connected_in(&request, &end, &self.file_io)?;
        Ok(self.own_memory(outcome, limits))
    }
}

impl SandboxExecutor<'_> {
    /// The program's run with stdin from `stdin` under `limits`; a sanitized program's
    /// measures its own memory ([`own_memory::prepare`]).
    fn request(&self, stdin: &Path, limits: &RunLimits) -> RunRequest {
        let mut request = RunRequest {
            argv: self.program.argv_for(limits.memory_bytes),
            env: self.program.env.clone(),
            stdin: stdin.to_path_buf(),
            limits: *limits,
            files: Vec::new(),
            dirs: Vec::new(),
            collect: Vec::new(),
            readonly: self.program.readonly_paths.clone(),
            carry: None,
            unlimited_address_space: self.program.sanitized,
            address_space: self.address_space_limited.then_some(limits.memory_bytes),
            argv0: self.program.argv0.clone(),
            report_fd: false,
        };
        if self.program.sanitized {
            own_memory::prepare(&mut request);
        }
        request
    }

    /// A sanitized program's outcome judged by its own memory ([`own_memory::judged`]).
    fn own_memory(&self, outcome: RunOutcome, limits: &RunLimits) -> RunOutcome {
        match self.program.sanitized {
            true => own_memory::judged(outcome, limits.memory_bytes),
            false => outcome,
        }
    }
}
