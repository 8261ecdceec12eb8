//! The real [`CaseRunner`]: writes the input to a file, runs the built candidate through the
//! sandbox and classifies the run with the problem's checker.

use std::path::PathBuf;

use super::{CaseOutcome, CaseRunner};
use crate::build::Program;
use crate::error::Fault;
use crate::problem::{Answer, Problem};
use crate::run::{register_cancel, scratch_dir, RunLimits};
use crate::testset::interactive::judge_run_recorded;
use crate::testset::SandboxExecutor;

/// Runs inputs on one sandbox; one per worker thread.
pub struct SandboxCaseRunner<'a> {
    executor: SandboxExecutor<'a>,
    problem: &'a dyn Problem,
    /// The limits of the runs: `nominal`, or those of the kind in use when it sets its own
    /// time or memory limit.
    limits: RunLimits,
    nominal: RunLimits,
    /// Whether a kind's own time limit applies (not when the user gave `--time-limit`).
    kind_limits: bool,
    /// Whether a kind's own memory limit applies (not when the user gave `--memory-limit`).
    kind_memory: bool,
    /// Whether the program is sanitized: a kind's own time limit is widened as the nominal one
    /// was (see [`crate::testset::sanitized_limits`]).
    sanitized: bool,
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
            nominal: limits,
            kind_limits: false,
            kind_memory: false,
            sanitized: program.sanitized,
            input_path: dir.path().join("input.txt"),
            _dir: dir,
        })
    }
}

impl SandboxCaseRunner<'_> {
    /// Makes the runs of a kind that sets its own time limit (a Polygon stress's
    /// `time-limit`) use it instead of the nominal one; for when the user did not give
    /// `--time-limit`, which always wins.
    pub fn following_kind_limits(mut self) -> Self {
        self.kind_limits = true;
        self
    }

    /// Makes the runs of a kind that sets its own memory limit (a Polygon stress's
    /// `memoryLimit`) use it instead of the nominal one; for when the user did not give
    /// `--memory-limit`, which always wins.
    pub fn following_kind_memory(mut self) -> Self {
        self.kind_memory = true;
        self
    }
}

impl CaseRunner for SandboxCaseRunner<'_> {
    fn use_kind(&mut self, kind: &str) {
        let sanitized = self.sanitized;
        let widen = |limits: RunLimits| match sanitized {
            true => crate::testset::sanitized_limits(limits),
            false => limits,
        };
        let mut limits = self.nominal;
        let settings = self.problem.kind_settings(kind);
        if let Some(time) = settings.and_then(|s| s.time_limit) {
            if self.kind_limits {
                let own = widen(RunLimits::from_time_limit(time, 0, 0));
                limits.cpu = own.cpu;
                limits.wall = own.wall;
            }
        }
        if let Some(bytes) = settings.and_then(|s| s.memory_bytes) {
            if self.kind_memory {
                limits.memory_bytes = bytes;
            }
        }
        self.limits = limits;
    }

    fn run_case(&mut self, input: &str, expected: &Answer) -> Result<CaseOutcome, Fault> {
        std::fs::write(&self.input_path, input)
            .map_err(|e| Fault::harness("cannot write the input file", e))?;
        let judged = judge_run_recorded(
            &mut self.executor,
            self.problem,
            &self.input_path,
            input,
            expected,
            &self.limits,
            "checking the candidate's output",
        )?;
        let result = judged.result;
        // An interactive run's output is its conversation (kept when it failed).
        let output = match judged.transcript {
            Some(transcript) => transcript.into_bytes(),
            None => judged.outcome.stdout,
        };
        let detail = if result.detail.is_empty() {
            result.label()
        } else {
            result.detail.clone()
        };
        Ok(CaseOutcome {
            verdict: result.verdict,
            output,
            mismatch_game: result.game,
            detail,
        })
    }
}
