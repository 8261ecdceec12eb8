//! Judging one library solution: the fixed test set, then (if it passed) a stress pass; its
//! verdict is the first non-AC verdict found. Also the problemtools-style time-limit sanity
//! checks.

use std::time::Duration;

use super::library::LibrarySolution;
use crate::catalog::Entry;
use crate::commands::cli::CandidateArgs;
use crate::commands::stress::engine::{self, CaseRunner, Counters, Plan as StressPlan};
use crate::commands::stress::runner::SandboxCaseRunner;
use crate::commands::testset::adapter::{build_candidate, BuildError, SandboxExecutor};
use crate::commands::testset::{fixed_test_set, run_one, run_test_set, Plan, TestCase};
use crate::compare::Verdict;
use crate::error::UsageError;
use crate::generators::Kind;
use crate::run::RunLimits;

/// What verify found for one solution.
#[derive(Debug, Clone)]
pub struct Evaluation {
    /// The verdict found, or `None` when the solution could not even be judged (e.g. an
    /// unknown file type), with the reason in `detail`.
    pub got: Option<Verdict>,
    /// Where the verdict came from: a test name, `stress KIND seed N`, or `compile`.
    pub source: String,
    /// One line on what went wrong.
    pub detail: String,
    /// CPU time of the slowest fixed test.
    pub slowest: Duration,
    /// Time-limit sanity warnings.
    pub warnings: Vec<String>,
    /// Wall time spent on this solution (build included).
    pub elapsed: Duration,
}

/// How verify runs each solution.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Parallel runs.
    pub jobs: usize,
    /// Run everything alone.
    pub strict_timing: bool,
    /// Seeds per kind in the stress pass.
    pub stress_seeds: u64,
}

/// Judges `solution` on its problem.
pub fn evaluate(
    entry: &Entry,
    solution: &LibrarySolution,
    settings: Settings,
) -> Result<Evaluation, UsageError> {
    let started = std::time::Instant::now();
    let problem = entry.problem.as_ref();
    let args = CandidateArgs {
        solution: Some(solution.path.clone()),
        cmd: None,
        time_limit: None,
        memory_limit: None,
        output_limit: "64MiB".into(),
        jobs: Some(settings.jobs),
        strict_timing: settings.strict_timing,
        isolation: None,
    };
    let plan = Plan::from_args(&args, problem.limits())?;
    let mut evaluation = Evaluation {
        got: None,
        source: String::new(),
        detail: String::new(),
        slowest: Duration::ZERO,
        warnings: Vec::new(),
        elapsed: Duration::ZERO,
    };
    let program = match build_candidate(&args) {
        Ok(program) => program,
        Err(BuildError::Usage(e)) => {
            evaluation.detail = e.to_string();
            evaluation.source = "build".into();
            evaluation.elapsed = started.elapsed();
            return Ok(evaluation);
        }
        Err(BuildError::Compile(message)) => {
            evaluation.got = Some(Verdict::CE);
            evaluation.source = "compile".into();
            evaluation.detail = message.lines().next().unwrap_or("").to_string();
            evaluation.elapsed = started.elapsed();
            return Ok(evaluation);
        }
    };
    let cases = fixed_test_set(problem, entry.generator.as_ref())?;
    let run = run_test_set(problem, &cases, &plan, || SandboxExecutor::start(&program))
        .map_err(|e| UsageError::new(format!("cannot run {}: {e}", solution.path.display())))?;
    evaluation.slowest = run
        .rows
        .iter()
        .map(|r| r.result.cpu())
        .max()
        .unwrap_or_default();
    let failed = run.rows.iter().find(|r| r.result.verdict != Verdict::AC);
    if let Some(row) = failed {
        evaluation.got = Some(row.result.verdict);
        evaluation.source = row.name.clone();
        evaluation.detail = row.result.label();
        if !row.result.detail.is_empty() {
            evaluation.detail = format!("{}: {}", row.result.label(), row.result.detail);
        }
        if row.result.verdict == Verdict::TLE {
            let case = cases.iter().find(|c| c.name == row.name);
            if let Some(warning) = case.and_then(|c| tle_margin_warning(&program, entry, c, &plan))
            {
                evaluation.warnings.push(warning);
            }
        }
    } else {
        let (verdict, source, detail) = stress_pass(entry, &program, &plan, settings)?;
        evaluation.got = Some(verdict);
        evaluation.source = source;
        evaluation.detail = detail;
    }
    if evaluation.got == Some(Verdict::AC) && evaluation.slowest * 2 > plan.limits.cpu {
        evaluation.warnings.push(format!(
            "accepted but uses {} % of the time limit (more than half)",
            evaluation.slowest.as_millis() * 100 / plan.limits.cpu.as_millis().max(1)
        ));
    }
    evaluation.elapsed = started.elapsed();
    Ok(evaluation)
}

/// The stress pass: `stress_seeds` seeds of every kind; the first failure's verdict, or AC.
fn stress_pass(
    entry: &Entry,
    program: &crate::build::Program,
    plan: &Plan,
    settings: Settings,
) -> Result<(Verdict, String, String), UsageError> {
    let problem = entry.problem.as_ref();
    let stress_plan = StressPlan {
        seeds: (1..=settings.stress_seeds).collect(),
        kinds: Kind::ALL.to_vec(),
        keep_going: false,
        shrink_attempts: 0,
        shrink_time: Duration::ZERO,
    };
    let jobs = if settings.strict_timing { 1 } else { plan.jobs };
    let mut runners: Vec<Box<dyn CaseRunner + '_>> = Vec::new();
    for _ in 0..jobs {
        let runner = SandboxCaseRunner::start(program, problem, plan.limits)
            .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?;
        runners.push(Box::new(runner));
    }
    let counters = Counters::default();
    let never = std::sync::atomic::AtomicBool::new(false);
    let summary = engine::run(entry, &stress_plan, runners, &counters, &never, &|_| {});
    Ok(match summary.failures.first() {
        Some(f) => (
            f.verdict,
            format!("stress {} seed {}", f.unit.kind, f.unit.seed),
            f.detail.clone(),
        ),
        None => (Verdict::AC, "all tests + stress".into(), String::new()),
    })
}

/// problemtools' sanity check for a TLE solution: re-run its failing test alone with 1.5 x the
/// time limit; if it finishes, the limit barely separates it from an accepted solution.
fn tle_margin_warning(
    program: &crate::build::Program,
    entry: &Entry,
    case: &TestCase,
    plan: &Plan,
) -> Option<String> {
    let generous = plan.limits.cpu.mul_f64(1.5);
    let wide = Plan {
        limits: RunLimits {
            cpu: generous,
            wall: generous * 2,
            ..plan.limits
        },
        jobs: 1,
        strict_timing: true,
        reruns: 0,
    };
    let mut executor = SandboxExecutor::start(program).ok()?;
    let row = run_one(&mut executor, entry.problem.as_ref(), case, &wide).ok()?;
    (row.result.verdict != Verdict::TLE).then(|| {
        format!(
            "time_limit_exceeded but finishes {} in {:.2} s, within 1.5 x the limit",
            case.name,
            row.result.cpu().as_secs_f64()
        )
    })
}
