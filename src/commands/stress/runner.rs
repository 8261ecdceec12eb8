//! The real [`CaseRunner`]: writes the input to a file, runs the built candidate through the
//! sandbox and classifies the run with the problem's checker.

use std::path::PathBuf;
use std::sync::Mutex;

use super::engine::{CaseOutcome, CaseRunner};
use crate::commands::testset::adapter::{Program, SandboxExecutor};
use crate::commands::testset::Executor;
use crate::compare::{self, timing, Verdict};
use crate::problem::{CheckResult, Problem};
use crate::run::{CancelHandle, RunLimits};

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
        CANCEL_HANDLES
            .lock()
            .map_err(|_| std::io::Error::other("cancel registry poisoned"))?
            .push(executor.cancel_handle());
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
fn scratch_dir() -> std::io::Result<tempfile::TempDir> {
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
    fn run_case(&mut self, input: &str, expected: &[String]) -> CaseOutcome {
        let harness_error = |what: &str, e: std::io::Error| CaseOutcome {
            verdict: Verdict::RE,
            output: Vec::new(),
            mismatch_game: None,
            detail: format!("harness error: {what}: {e}"),
        };
        if let Err(e) = std::fs::write(&self.input_path, input) {
            return harness_error("cannot write the input file", e);
        }
        let measuring = timing::measuring_limits(&self.limits);
        let outcome = match self.executor.execute(&self.input_path, &measuring) {
            Ok(outcome) => outcome,
            Err(e) => return harness_error("cannot run the candidate", e),
        };
        let result = compare::classify(&outcome, &self.limits, self.problem, input, expected);
        let mismatch_game = match result.verdict {
            Verdict::WA => match self.problem.check(input, expected, &outcome.stdout) {
                CheckResult::WrongAnswer(m) => Some(m.game),
                CheckResult::Accepted => None,
            },
            _ => None,
        };
        let detail = if result.detail.is_empty() {
            result.label()
        } else {
            result.detail.clone()
        };
        CaseOutcome {
            verdict: result.verdict,
            output: outcome.stdout,
            mismatch_game,
            detail,
        }
    }
}
