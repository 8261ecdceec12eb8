//! One judged run of an input, batch or interactive: the one place the engines (`testset`,
//! `stress`) turn a candidate's run into a [`TestResult`].
//!
//! An interactive or multi-pass problem ([`Problem::interaction`]) runs the candidate against
//! its interactor with the two connected directly (no relay: a round trip costs what plain
//! pipes cost); a run that does not pass is run once more with the conversation recorded,
//! which the result then carries (its explanation, and [`JudgedRun::transcript`]).

use std::io;
use std::path::Path;
use std::time::Duration;

use super::Executor;
use crate::error::Fault;
use crate::judge::timing::measuring_limits;
use crate::judge::{classify, classify_interaction, sample_interaction_lines, TestResult, Verdict};
use crate::problem::{Answer, CandidateRun, InteractError, Problem};
use crate::run::{Endpoint, RunLimits, RunOutcome};

/// A judged run: the result, what the candidate's run measured, and the conversation of a
/// failing interactive run.
pub struct JudgedRun {
    /// The judgement.
    pub result: TestResult,
    /// The candidate's run (for an interactive problem its stdout is empty, or a testlib
    /// interactor's output file).
    pub outcome: RunOutcome,
    /// The recorded conversation of a failing interactive run (`.interaction` form).
    pub transcript: Option<String>,
}

/// Runs the candidate on `input` (written at `input_path`) under the measuring limits of the
/// nominal `limits` and judges it; `context` says where, for a judge error.
pub fn judge_run<E: Executor>(
    executor: &mut E,
    problem: &dyn Problem,
    input_path: &Path,
    input: &str,
    expected: &Answer,
    limits: &RunLimits,
    context: &str,
) -> Result<(TestResult, RunOutcome), Fault> {
    let judged = judge_run_recorded(
        executor, problem, input_path, input, expected, limits, context,
    )?;
    Ok((judged.result, judged.outcome))
}

/// [`judge_run`], with the transcript of a failing interactive run.
pub fn judge_run_recorded<E: Executor>(
    executor: &mut E,
    problem: &dyn Problem,
    input_path: &Path,
    input: &str,
    expected: &Answer,
    limits: &RunLimits,
    context: &str,
) -> Result<JudgedRun, Fault> {
    let run = RunInput {
        path: input_path,
        text: input,
        expected,
    };
    let enforced = RunTerms {
        nominal: limits,
        sandbox: &measuring_limits(limits),
        record_failures: true,
    };
    judge_run_enforcing(executor, problem, run, enforced, context)
}

/// The input a judged run reads: its file, its text and what it is judged against.
#[derive(Clone, Copy)]
pub struct RunInput<'a> {
    /// The input file the candidate reads.
    pub path: &'a Path,
    /// The same input, as text (for the checker and for error messages).
    pub text: &'a str,
    /// The answer or reference behaviour the run is judged against.
    pub expected: &'a Answer,
}

/// The terms of a judged run: the limits verdicts use, the ones the sandbox enforces (the
/// nominal ones widened by the borderline band, or the nominal ones themselves), and whether a
/// failing interactive run is run again to record its conversation.
#[derive(Clone, Copy)]
pub struct RunTerms<'a> {
    /// The limits verdicts are judged by.
    pub nominal: &'a RunLimits,
    /// The limits the sandbox stops the run at.
    pub sandbox: &'a RunLimits,
    /// Run a failing interactive run again, relayed, to show the conversation (off where only
    /// times matter: the time-limit probe, whose failing runs may each cost the probe limit).
    pub record_failures: bool,
}

/// [`judge_run_recorded`] with the sandbox's limits chosen by the caller (verify's pass under
/// the safety margin's limit runs without the borderline band).
pub fn judge_run_enforcing<E: Executor>(
    executor: &mut E,
    problem: &dyn Problem,
    run: RunInput<'_>,
    enforced: RunTerms<'_>,
    context: &str,
) -> Result<JudgedRun, Fault> {
    let RunInput {
        path: input_path,
        text: input,
        expected,
    } = run;
    let limits = enforced.nominal;
    let measuring = *enforced.sandbox;
    let judge_error = |f| Fault::judge(f, context.to_string(), Some(input));
    let Some(interaction) = problem.interaction() else {
        let outcome = executor
            .execute(input_path, &measuring)
            .map_err(|e| Fault::harness("cannot run the candidate", e))?;
        let result = classify(&outcome, limits, problem, input, expected).map_err(judge_error)?;
        return Ok(JudgedRun {
            result,
            outcome,
            transcript: None,
        });
    };
    let mut connected = Connected {
        executor,
        limits: measuring,
    };
    let mut once = |record: bool| -> Result<(TestResult, crate::problem::Interacted), Fault> {
        let done = interaction
            .interact(input, expected, record, &mut connected)
            .map_err(|e| match e {
                InteractError::Tool(f) => judge_error(f),
                InteractError::Harness(e) => Fault::harness("cannot run the candidate", e),
            })?;
        let result =
            classify_interaction(&done, limits, problem, input, expected).map_err(judge_error)?;
        Ok((result, done))
    };
    let (mut result, done) = once(false)?;
    let mut transcript = None;
    if result.verdict != Verdict::AC && enforced.record_failures {
        // Interactors are deterministic (the Kattis spec asks it of output validators): the
        // same run again, relayed, shows the conversation that failed.
        let (again, recorded) = once(true)?;
        transcript = recorded.transcript;
        result.explanation = again.explanation.clone();
        if again.verdict != result.verdict {
            result.explanation.push(format!(
                "(the recorded re-run ended {} instead: {})",
                again.label(),
                again.detail
            ));
        }
        if let Some(sample) = &expected.sample_interaction {
            result.explanation.extend(sample_interaction_lines(sample));
        }
    }
    Ok(JudgedRun {
        result,
        outcome: done.candidate,
        transcript,
    })
}

/// The candidate's side of an interaction: the engine's executor under the measuring limits.
struct Connected<'a, E> {
    executor: &'a mut E,
    limits: RunLimits,
}

impl<E: Executor> CandidateRun for Connected<'_, E> {
    fn run(&mut self, end: Endpoint<'_>) -> io::Result<RunOutcome> {
        self.executor.execute_connected(end, &self.limits)
    }

    fn wall(&self) -> Duration {
        self.limits.wall
    }
}
