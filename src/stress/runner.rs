//! The real [`CaseRunner`]: writes the input to a file, runs the built candidate through the
//! sandbox and classifies the run with the problem's checker.

use std::path::PathBuf;
use std::sync::Mutex;

use super::{CaseOutcome, CaseRunner};
use crate::build::Program;
use crate::compare::{self, timing};
use crate::error::Fault;
use crate::problem::{Answer, Problem};
use crate::run::{CancelHandle, RunLimits};
use crate::testset::{Executor, SandboxExecutor};

/// Cancel handles of every live sandbox, so Ctrl-C can kill the runs in progress.
static CANCEL_HANDLES: Mutex<Vec<CancelHandle>> = Mutex::new(Vec::new());

/// Kills every run in progress (called from the Ctrl-C handler).
pub fn cancel_all() {
    if let Ok(handles) = CANCEL_HANDLES.lock() {
        for handle in handles.iter() {
            handle.cancel();
        }
    }
}

/// Registers a sandbox's cancel handle with [`cancel_all`].
pub fn register_cancel(handle: CancelHandle) {
    CANCEL_HANDLES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(handle);
}

/// Runs inputs on one sandbox; one per worker thread.
pub struct SandboxCaseRunner<'a> {
    executor: SandboxExecutor<'a>,
    problem: &'a dyn Problem,
    limits: RunLimits,
    input_path: PathBuf,
    _dir: tempfile::TempDir,
}

impl<'a> SandboxCaseRunner<'a> {
    /// Starts a sandbox for `program`, judging by the nominal `limits`.
    pub fn start(
        program: &'a Program,
        problem: &'a dyn Problem,
        limits: RunLimits,
    ) -> std::io::Result<Self> {
        let executor = SandboxExecutor::start(program)?;
        register_cancel(executor.cancel_handle());
        let dir = scratch_dir()?;
        Ok(SandboxCaseRunner {
            executor,
            problem,
            limits,
            input_path: dir.path().join("input.txt"),
            _dir: dir,
        })
    }
}

/// A private folder for input files, in RAM when /dev/shm is available.
pub fn scratch_dir() -> std::io::Result<tempfile::TempDir> {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() {
        if let Ok(dir) = tempfile::Builder::new()
            .prefix("stressjudge-in-")
            .tempdir_in(shm)
        {
            return Ok(dir);
        }
    }
    tempfile::Builder::new().prefix("stressjudge-in-").tempdir()
}

impl CaseRunner for SandboxCaseRunner<'_> {
    fn run_case(&mut self, input: &str, expected: &Answer) -> Result<CaseOutcome, Fault> {
        std::fs::write(&self.input_path, input)
            .map_err(|e| Fault::harness("cannot write the input file", e))?;
        let measuring = timing::measuring_limits(&self.limits);
        let outcome = self
            .executor
            .execute(&self.input_path, &measuring)
            .map_err(|e| Fault::harness("cannot run the candidate", e))?;
        let result = compare::classify(&outcome, &self.limits, self.problem, input, expected)
            .map_err(|f| Fault::judge(f, "checking the candidate's output", Some(input)))?;
        let detail = if result.detail.is_empty() {
            result.label()
        } else {
            result.detail.clone()
        };
        Ok(CaseOutcome {
            verdict: result.verdict,
            output: outcome.stdout,
            mismatch_game: result.game,
            detail,
        })
    }
}
