//! The real [`CaseRunner`]: writes the input to a file, runs the built candidate through the
//! sandbox and classifies the run with the problem's checker.

use std::path::PathBuf;

use super::{CaseOutcome, CaseRunner};
use crate::build::Program;
use crate::compare::{self, timing};
use crate::error::Fault;
use crate::problem::{Answer, Problem};
use crate::run::{register_cancel, scratch_dir, RunLimits};
use crate::testset::{Executor, SandboxExecutor};

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
        let executor = SandboxExecutor::start_for(program, problem.info())?;
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
