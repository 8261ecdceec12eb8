//! Judging one solution: the whole fixed test set, then (if it passed) a stress pass; its
//! verdict is the first non-AC verdict found, and every verdict is kept for the folder's
//! expectation. Also the problemtools-style time-limit sanity checks.

use std::time::Duration;

use super::library::LibrarySolution;
use crate::build::{BuildError, Program};
use crate::commands::common::{build_candidate, fault_error};
use crate::compare::Verdict;
use crate::error::UsageError;
use crate::options::{CandidateOptions, CandidateSource, IsolationChoice};
use crate::problem::{Problem, TestCase};
use crate::report::TestRow;
use crate::run::RunLimits;
use crate::stress::runner::SandboxCaseRunner;
use crate::stress::{self as engine, CaseRunner, Counters, Plan as StressPlan};
use crate::testset::{run_one, run_test_set_observed, Plan, SandboxExecutor, TestObserver};

/// What verify found for one solution.
#[derive(Debug, Clone)]
pub struct Evaluation {
    /// The verdict found, or `None` when the solution could not even be judged (e.g. an
    /// unknown file type), with the reason in `detail`.
    pub got: Option<Verdict>,
    /// Every verdict, in test order, the stress pass's last (when it ran).
    pub verdicts: Vec<Verdict>,
    /// Each fixed test's row.
    pub tests: Vec<TestRow>,
    /// Why the solution was not judged at all (no toolchain for its language here).
    pub skipped: Option<String>,
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
    /// The stress pass's verdict and where it came from, when it ran.
    pub stress: Option<(Verdict, String)>,
    /// The time limit it was judged by.
    pub time_limit: Duration,
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
    /// The isolation asked for.
    pub isolation: IsolationChoice,
    /// A time_limit_exceeded solution that finishes within this factor of the limit gets a
    /// warning (problemtools' safety margin).
    pub tle_margin: f64,
}

/// Judges `solution` on `problem`, telling `observer` as tests start and end.
pub fn evaluate(
    problem: &dyn Problem,
    solution: &LibrarySolution,
    settings: Settings,
    observer: &dyn TestObserver,
) -> Result<Evaluation, UsageError> {
    let started = std::time::Instant::now();
    let candidate = CandidateOptions {
        source: CandidateSource::Path(solution.path.clone()),
        time_limit: None,
        memory_limit: None,
        output_limit: None,
        jobs: settings.jobs,
        strict_timing: settings.strict_timing,
        isolation: settings.isolation,
        limit_flags: Vec::new(),
    };
    let plan = Plan::new(&candidate, problem.info());
    let mut evaluation = Evaluation {
        got: None,
        verdicts: Vec::new(),
        tests: Vec::new(),
        skipped: None,
        source: String::new(),
        detail: String::new(),
        slowest: Duration::ZERO,
        warnings: Vec::new(),
        elapsed: Duration::ZERO,
        stress: None,
        time_limit: plan.limits.cpu,
    };
    let program = match build_candidate(&candidate.source) {
        Ok(program) => program,
        Err(BuildError::Unavailable(message)) => {
            evaluation.detail = message.clone();
            evaluation.skipped = Some(message);
            evaluation.source = "build".into();
            evaluation.elapsed = started.elapsed();
            return Ok(evaluation);
        }
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
    let cases = problem
        .fixed_tests()
        .map_err(|f| fault_error(crate::error::Fault::judge(f, "", None), None))?;
    let run = run_test_set_observed(
        problem,
        &cases,
        &plan,
        || SandboxExecutor::start_for(&program, problem.info()),
        observer,
    )
    .map_err(|f| fault_error(f, None))?;
    evaluation.slowest = run
        .rows
        .iter()
        .map(|r| r.result.cpu())
        .max()
        .unwrap_or_default();
    evaluation.verdicts = run.rows.iter().map(|r| r.result.verdict).collect();
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
            if let Some(warning) = case
                .and_then(|c| tle_margin_warning(&program, problem, c, &plan, settings.tle_margin))
            {
                evaluation.warnings.push(warning);
            }
        }
    } else {
        let (verdict, source, detail) = match stress_pass(problem, &program, &plan, settings)? {
            Some((verdict, source, detail)) => {
                evaluation.verdicts.push(verdict);
                evaluation.stress = Some((verdict, source.clone()));
                (verdict, source, detail)
            }
            None => (Verdict::AC, "all tests".to_string(), String::new()),
        };
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
    evaluation.tests = run.rows;
    evaluation.elapsed = started.elapsed();
    Ok(evaluation)
}

/// The stress pass: `stress_seeds` seeds of every kind; the first failure's verdict (and where,
/// and why), or AC; `None` when the problem cannot be stressed (no generator or reference).
fn stress_pass(
    problem: &dyn Problem,
    program: &Program,
    plan: &Plan,
    settings: Settings,
) -> Result<Option<(Verdict, String, String)>, UsageError> {
    let info = problem.info();
    if info.kinds.is_empty() || !info.has_reference || settings.stress_seeds == 0 {
        return Ok(None);
    }
    let stress_plan = StressPlan {
        seeds: (1..=settings.stress_seeds).collect(),
        kinds: problem.info().kinds.clone(),
        keep_going: false,
        shrink_attempts: 0,
        shrink_time: Duration::ZERO,
        recorded_inputs: false,
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
    let summary = engine::run(problem, &stress_plan, runners, &counters, &never, &|_| {})
        .map_err(|f| fault_error(f, None))?;
    Ok(Some(match summary.failures.first() {
        Some(f) => (
            f.verdict,
            format!("stress {} seed {}", f.unit.kind, f.unit.seed),
            f.detail.clone(),
        ),
        None => (Verdict::AC, "all tests + stress".into(), String::new()),
    }))
}

/// problemtools' sanity check for a TLE solution: re-run its failing test alone with `margin`
/// x the time limit; if it finishes, the limit barely separates it from an accepted solution.
fn tle_margin_warning(
    program: &Program,
    problem: &dyn Problem,
    case: &TestCase,
    plan: &Plan,
    margin: f64,
) -> Option<String> {
    let generous = plan.limits.cpu.mul_f64(margin);
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
    let mut executor = SandboxExecutor::start_for(program, problem.info()).ok()?;
    let row = run_one(&mut executor, problem, case, &wide).ok()?;
    (row.result.verdict != Verdict::TLE).then(|| {
        format!(
            "time_limit_exceeded but finishes {} in {:.2} s, within {margin} x the limit",
            case.name,
            row.result.cpu().as_secs_f64()
        )
    })
}
