//! Judging one solution: the fixed test set up to the test that decides its verdict (every
//! test with `--all-tests`), then (if it passed) a stress pass; its verdict is the first non-AC
//! verdict found, and every verdict found is kept for the folder's expectation. Also the
//! problemtools-style time-limit sanity checks.

use super::library::Expected;
use crate::judge::grading_model::Grading;
use std::path::PathBuf;
use std::time::Duration;

use super::library::LibrarySolution;
use crate::build::{BuildError, Program};
use crate::commands::common::{build_submission, fault_error};
use crate::error::UsageError;
use crate::judge::timing::{self, Borderline};
use crate::judge::{submission, TestResult, Verdict};
use crate::options::{CandidateOptions, CandidateSource, IsolationChoice};
use crate::problem::{KindSettings, Problem, TestCase};
use crate::report::TestRow;
use crate::run::RunLimits;
use crate::stress::runner::SandboxCaseRunner;
use crate::stress::{self as engine, CaseRunner, Counters, Plan as StressPlan};
use crate::testset::gate::Gate;
use crate::testset::results::{ResultCache, StressResult};
use crate::testset::{
    run_one_with, run_test_set_with, Judging, Memo, Plan, SandboxExecutor, TestObserver, Unobserved,
};

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
    /// The fixed tests not run because an earlier one decided the verdict.
    pub not_run: Vec<String>,
    /// Fixed tests whose row came from the result cache instead of a run.
    pub tests_reused: usize,
    /// Whether the stress pass's result came from the result cache.
    pub stress_reused: bool,
    /// Positions in `tests` whose AC or TLE this machine's timing noise could flip
    /// ([`crate::judge::timing::time_sensitive`]; set once the noise is known).
    pub sensitive: Vec<usize>,
}

/// How verify runs each solution.
#[derive(Debug, Clone, Copy)]
pub struct Settings<'a> {
    /// Parallel runs of the fixed tests.
    pub jobs: usize,
    /// Parallel runs of the stress pass. Its runs are not speculative (a passing solution
    /// needs every seed; a failing one wastes at most the runs in flight), so it takes every
    /// core the gate has free: while other solutions are judged the gate shares the cores
    /// between them, and once they are done the last stress passes get the whole machine.
    pub stress_jobs: usize,
    /// Run everything alone.
    pub strict_timing: bool,
    /// Seeds per kind in the stress pass.
    pub stress_seeds: u64,
    /// The isolation asked for.
    pub isolation: IsolationChoice,
    /// A time_limit_exceeded solution that finishes within this factor of the limit gets a
    /// warning (problemtools' safety margin).
    pub tle_margin: f64,
    /// An accepted solution slower than the limit divided by this factor gets a warning
    /// (`ac_to_time_limit`: the limit must leave this much room above the accepted ones).
    pub ac_to_time_limit: f64,
    /// Run every test (`--all-tests`, or a Polygon package giving points per test) instead of
    /// stopping at the deciding one.
    pub all_tests: bool,
    /// How a scoring problem folder grades tests (its groups' `on_reject` decide where judging
    /// may stop).
    pub grading: Option<&'a Grading>,
    /// Runs remembered across commands.
    pub results: &'a ResultCache,
    /// The cores, shared with the solutions judged at the same time.
    pub gate: &'a Gate,
    /// This machine's timing noise (relative): a time verdict within it of the limit does not
    /// end judging ([`Judging::unsettled`]); 0 where nothing final is decided.
    pub noise: f64,
}

/// Judges `solution` on `problem`, whose fixed tests `fixed_tests` gives (made once per
/// problem, not per solution), telling `observer` as tests start and end.
pub fn evaluate(
    problem: &dyn Problem,
    fixed_tests: impl FnOnce() -> Result<Vec<TestCase>, UsageError>,
    solution: &LibrarySolution,
    settings: Settings<'_>,
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
        sanitize: false,
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
        not_run: Vec::new(),
        tests_reused: 0,
        stress_reused: false,
        sensitive: Vec::new(),
    };
    let built = {
        // A build is work on a core like a run: it waits while a run must be alone.
        let _slot = settings.gate.shared();
        build_submission(&candidate.source, &solution.declared)
    };
    let program = match built {
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
            evaluation.detail = crate::build::compile_error_line(&message);
            evaluation.elapsed = started.elapsed();
            return Ok(evaluation);
        }
    };
    let cases = fixed_tests()?;
    let memo = Memo {
        cache: settings.results,
        candidate: &program.content_hash,
    };
    let rejection_ends = |test: &str| rejection_ends(solution, settings, test);
    let unsettled = |result: &TestResult, borderline: Option<&Borderline>, limit| {
        timing::time_sensitive(result, borderline, limit, settings.noise)
    };
    let judging = Judging {
        stop_at_decision: !settings.all_tests,
        rejection_ends: Some(&rejection_ends),
        memo: Some(memo),
        gate: Some(settings.gate),
        then_judged_under: None,
        reuse_already_counted: false,
        ends_at: None,
        unsettled: (settings.noise > 0.0).then_some(&unsettled),
    };
    let margin_first = margin_first(problem, settings);
    let margin_run = if margin_first {
        Some(margin_pass(
            problem,
            &cases,
            &plan,
            &program,
            settings.tle_margin,
            judging,
        )?)
    } else {
        None
    };
    let run = run_test_set_with(
        problem,
        &cases,
        &plan,
        || SandboxExecutor::start_for(&program, problem.info()),
        observer,
        Judging {
            reuse_already_counted: margin_run.is_some(),
            ..judging
        },
    )
    .map_err(|f| fault_error(f, None))?;
    evaluation.not_run = run.not_run;
    // With two passes, a row is reused when the second pass took it from the first pass's
    // record and the first pass had found that record remembered (a borderline row is re-run).
    evaluation.tests_reused = match &margin_run {
        None => run.reused,
        Some(first) => {
            let reused = (run.reused_tests.iter())
                .filter(|test| first.reused_tests.contains(test))
                .count();
            settings.results.count_reused(reused);
            reused
        }
    };
    evaluation.slowest = run
        .rows
        .iter()
        .map(|r| r.result.cpu())
        .max()
        .unwrap_or_default();
    evaluation.verdicts = run.rows.iter().map(|r| r.result.verdict).collect();
    let failed =
        submission::deciding_test(evaluation.verdicts.iter().copied()).map(|i| &run.rows[i]);
    if let Some(row) = failed {
        evaluation.got = Some(row.result.verdict);
        evaluation.source = row.name.clone();
        evaluation.detail = row.result.label();
        if !row.result.detail.is_empty() {
            evaluation.detail = format!("{}: {}", row.result.label(), row.result.detail);
        }
        if row.result.verdict == Verdict::TLE {
            let case = cases.iter().find(|c| c.name == row.name);
            if let Some(warning) = case.and_then(|c| {
                let judging = Judging {
                    reuse_already_counted: margin_first,
                    ..judging
                };
                tle_margin_warning(&program, problem, c, &plan, settings.tle_margin, judging)
            }) {
                evaluation.warnings.push(warning);
            }
        }
    } else {
        let (verdict, source, detail) =
            match stress_pass(problem, &program, solution, &plan, settings)? {
                Some((verdict, source, detail, reused)) => {
                    evaluation.stress_reused = reused;
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
    if let Some(warning) = too_slow_for_the_limit(solution, &evaluation, &run.rows, &plan, settings)
    {
        evaluation.warnings.push(warning);
    }
    evaluation.tests = run.rows;
    evaluation.elapsed = started.elapsed();
    Ok(evaluation)
}

/// Whether a rejected test named `test` ends `solution`'s judging under its own rules.
fn rejection_ends(solution: &LibrarySolution, settings: Settings<'_>, test: &str) -> bool {
    match &solution.expected {
        Expected::Kattis { expectation, .. } => {
            expectation.rejection_ends_judging(settings.grading, test)
        }
        Expected::Verdict(_) => true,
    }
}

/// Whether judging runs the safety margin's pass first ([`margin_pass`]): only where runs
/// can be remembered, and not with `--all-tests` (every test of a slow solution would run to
/// the margin).
fn margin_first(problem: &dyn Problem, settings: Settings<'_>) -> bool {
    settings.tle_margin > 1.0 && !settings.all_tests && problem.judging_identity().is_some()
}

/// The fixed tests under `margin` x `plan`'s limit, up to the deciding one, remembered in the
/// result cache. As problemtools does, a test set runs under the safety margin's looser limit
/// first, so a time_limit_exceeded solution's deciding test runs once (to the margin) rather
/// than to the limit and then again to the margin; judging under the limit then reuses these
/// runs (a run clearly past the limit is TLE there, see `testset::results`).
fn margin_pass(
    problem: &dyn Problem,
    cases: &[TestCase],
    plan: &Plan,
    program: &Program,
    margin: f64,
    judging: Judging<'_>,
) -> Result<crate::testset::TestSetRun, UsageError> {
    run_test_set_with(
        problem,
        cases,
        &margin_plan(plan, margin, false),
        || SandboxExecutor::start_for(program, problem.info()),
        &Unobserved,
        Judging {
            then_judged_under: Some(plan.limits.cpu),
            reuse_already_counted: true,
            ..judging
        },
    )
    .map_err(|f| fault_error(f, None))
}

/// While a problem folder's time limit is being derived, runs the margin pass
/// ([`margin_pass`]) on the fixed tests `cases` (those the derivation read) of each of
/// `solutions` that must exceed the limit, under the smallest
/// limit the derivation can give (`lowest`: one step of the rule's resolution), one run at a
/// time on a slot of `settings.gate` (the derivation's), running each test only while
/// `derivation_goes_on` (those left are judged side by side once the limit is known, not one
/// after another here while a core idles). Most derived limits are that smallest
/// one, and judging then finds these runs remembered: the longest run of a verify (a TLE
/// submission running to `margin` x the limit) overlaps the derivation instead of following
/// it. Under a larger limit they decide nothing (a TLE under a smaller limit says nothing of
/// a larger one) and are run again; `derivation_goes_on` turns false as soon as an accepted
/// run rules the smallest limit out ([`BesideUseful`]), so that costs a core at most one
/// run to `margin` x `lowest`. Failures are left for judging to meet and report. Returns the
/// wall time spent on each solution it built or ran (its report row counts it as that
/// solution's).
///
/// [`BesideUseful`]: crate::commands::time_limit::BesideUseful
pub fn judge_must_exceed_early(
    problem: &dyn Problem,
    cases: &[TestCase],
    solutions: &[LibrarySolution],
    lowest: Duration,
    settings: Settings<'_>,
    derivation_goes_on: &crate::commands::time_limit::BesideUseful<'_>,
) -> Vec<(PathBuf, Duration)> {
    let mut spent = Vec::new();
    let must_exceed: Vec<&LibrarySolution> = (solutions.iter())
        .filter(|s| {
            matches!(&s.expected,
            Expected::Kattis { expectation, .. } if expectation.must_exceed_time_limit())
        })
        .collect();
    if must_exceed.is_empty() || settings.strict_timing || !margin_first(problem, settings) {
        return spent;
    }
    for solution in must_exceed {
        if !derivation_goes_on() {
            break;
        }
        let started = std::time::Instant::now();
        let candidate = CandidateOptions {
            source: CandidateSource::Path(solution.path.clone()),
            time_limit: Some(lowest),
            memory_limit: None,
            output_limit: None,
            jobs: 1,
            strict_timing: false,
            isolation: settings.isolation,
            limit_flags: Vec::new(),
            sanitize: false,
        };
        let built = {
            let _slot = settings.gate.shared();
            build_submission(&candidate.source, &solution.declared)
        };
        let Ok(program) = built else {
            spent.push((solution.path.clone(), started.elapsed()));
            continue;
        };
        let rejection_ends = |test: &str| rejection_ends(solution, settings, test);
        // Stopped between tests too once it is no longer worth it: a TLE submission's
        // remaining tests would each run to `margin` x `lowest` for nothing.
        let no_longer_useful = |_: &str, _: &crate::judge::TestResult| !derivation_goes_on();
        let judging = Judging {
            stop_at_decision: true,
            rejection_ends: Some(&rejection_ends),
            memo: Some(Memo {
                cache: settings.results,
                candidate: &program.content_hash,
            }),
            gate: Some(settings.gate),
            then_judged_under: None,
            reuse_already_counted: false,
            ends_at: Some(&no_longer_useful),
            unsettled: None,
        };
        let plan = Plan::new(&candidate, problem.info());
        let _ = margin_pass(
            problem,
            cases,
            &plan,
            &program,
            settings.tle_margin,
            judging,
        );
        spent.push((solution.path.clone(), started.elapsed()));
    }
    spent
}

/// A stress pass's first failure (verdict, where, why; `AC` when none) and whether it came from
/// the result cache.
type StressFound = (Verdict, String, String, bool);

/// The stress pass: `stress_seeds` seeds of every kind; the first failure's verdict (and where,
/// and why), or AC; `None` when the problem cannot be stressed (no generator or reference).
fn stress_pass(
    problem: &dyn Problem,
    program: &Program,
    solution: &LibrarySolution,
    plan: &Plan,
    settings: Settings<'_>,
) -> Result<Option<StressFound>, UsageError> {
    let info = problem.info();
    // A kind meant for some solutions only (a Polygon stress's `solutions`) stresses them alone.
    let kinds: Vec<String> = info
        .kinds
        .iter()
        .filter(|kind| {
            problem
                .kind_settings(kind)
                .and_then(KindSettings::meant_for)
                .is_none_or(|names| names.iter().any(|name| solution.path.ends_with(name)))
        })
        .cloned()
        .collect();
    if kinds.is_empty() || !info.has_reference || settings.stress_seeds == 0 {
        return Ok(None);
    }
    let stress_plan = StressPlan {
        seeds: (1..=settings.stress_seeds).collect(),
        kinds,
        keep_going: false,
        shrink_attempts: 0,
        shrink_time: Duration::ZERO,
        recorded_inputs: false,
        same_crash: false,
        time_budget: None,
    };
    let key = problem
        .judging_identity()
        .zip(problem.stress_identity())
        .map(|(judging, stress)| {
            settings.results.stress_key(
                &program.content_hash,
                (&judging, &stress),
                &stress_plan.seeds,
                &stress_plan.kinds,
                &plan.limits,
            )
        });
    if let Some(found) = key.as_ref().and_then(|k| settings.results.recall_stress(k)) {
        let verdict = Verdict::from_name(&found.verdict).unwrap_or(Verdict::AC);
        return Ok(Some((verdict, found.source, found.detail, true)));
    }
    let jobs = if settings.strict_timing {
        1
    } else {
        settings.stress_jobs
    };
    let mut runners: Vec<Box<dyn CaseRunner + '_>> = Vec::new();
    for _ in 0..jobs {
        let runner = SandboxCaseRunner::start(program, problem, plan.limits)
            .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?
            .following_kind_limits()
            .following_kind_memory();
        runners.push(Box::new(Gated {
            runner,
            gate: settings.gate,
        }));
    }
    let counters = Counters::default();
    let never = std::sync::atomic::AtomicBool::new(false);
    let summary = engine::run(
        problem,
        &stress_plan,
        runners,
        &counters,
        &never,
        &|_: &crate::stress::Failure| {},
    )
    .map_err(|f| fault_error(f, None))?;
    let found = match summary.failures.first() {
        Some(f) => (
            f.verdict,
            format!("stress {} seed {}", f.unit.kind, f.unit.seed),
            f.detail.clone(),
        ),
        None => (Verdict::AC, "all tests + stress".into(), String::new()),
    };
    if let Some(key) = &key {
        let result = StressResult {
            verdict: found.0.name().to_string(),
            source: found.1.clone(),
            detail: found.2.clone(),
        };
        settings.results.remember_stress(key, &result);
    }
    Ok(Some((found.0, found.1, found.2, false)))
}

/// problemtools' sanity check for a TLE solution: its failing test under `margin` x the time
/// limit (the margin pass's run when remembered, else a run alone); if it finishes, the limit
/// barely separates it from an accepted solution.
fn tle_margin_warning(
    program: &Program,
    problem: &dyn Problem,
    case: &TestCase,
    plan: &Plan,
    margin: f64,
    judging: Judging<'_>,
) -> Option<String> {
    let wide = margin_plan(plan, margin, true);
    let mut executor = SandboxExecutor::start_for(program, problem.info()).ok()?;
    let row = run_one_with(&mut executor, problem, case, &wide, judging).ok()?;
    (row.result.verdict != Verdict::TLE).then(|| {
        format!(
            "time_limit_exceeded but finishes {} in {:.2} s, within {margin} x the limit",
            case.name,
            row.result.cpu().as_secs_f64()
        )
    })
}

/// `plan` with the CPU limit widened by the safety `margin` (and its wall-clock backstop with
/// it): the limit problemtools' margin check runs under. `alone`: one run at a time, strictly
/// timed.
///
/// A verdict at this limit only says whether a run is far past the real limit (so TLE there)
/// and feeds [`tle_margin_warning`]; it is never borderline-sensitive, so the sandbox stops
/// runs at the margin itself, not 15 % past it, and a borderline run is not re-run: its single
/// run decides and is remembered, so the warning's check and a second verify reuse it (noise
/// only adds time, so a run that finished within the margin beside others finishes alone too).
/// A TLE solution's deciding run thus costs `margin` x the limit once, as in problemtools.
fn margin_plan(plan: &Plan, margin: f64, alone: bool) -> Plan {
    let generous = plan.limits.cpu.mul_f64(margin);
    Plan {
        limits: RunLimits {
            cpu: generous,
            wall: generous * 2,
            ..plan.limits
        },
        jobs: if alone { 1 } else { plan.jobs },
        strict_timing: alone || plan.strict_timing,
        reruns: 0,
        measure_past_limit: false,
        ..*plan
    }
}

/// problemtools' and BAPCtools' check of the other time multiplier: a solution the time limit is
/// bounded below by (accepted; in 2025-09 every one whose rules permit no TLE) must run within
/// `time limit / ac_to_time_limit` on every test. problemtools makes a fixed limit this breaks
/// an error ("Fixed time limit is tighter than the auto-computed limit"), BAPCtools a
/// "sensitive to timelimit" warning; here it is a warning on the solution, since CPU times
/// near a bound vary from run to run.
fn too_slow_for_the_limit(
    solution: &LibrarySolution,
    evaluation: &Evaluation,
    rows: &[TestRow],
    plan: &Plan,
    settings: Settings<'_>,
) -> Option<String> {
    let bounds_the_limit = match &solution.expected {
        Expected::Kattis { expectation, .. } => {
            crate::judge::expectation_model::time_limit_role(expectation) == "lower"
                && evaluation.got.is_some_and(|v| v != Verdict::TLE)
        }
        Expected::Verdict(_) => evaluation.got == Some(Verdict::AC),
    };
    let room = plan.limits.cpu.div_f64(settings.ac_to_time_limit.max(1.0));
    let slowest = rows.iter().max_by_key(|r| r.result.cpu())?;
    (bounds_the_limit && slowest.result.cpu() > room).then(|| {
        format!(
            "{} takes {:.2} s on {}, more than the time limit / ac_to_time_limit = {:.2} s / {} \
             = {:.2} s ({} % of the limit)",
            if evaluation.got == Some(Verdict::AC) {
                "accepted but"
            } else {
                "it"
            },
            slowest.result.cpu().as_secs_f64(),
            slowest.name,
            plan.limits.cpu.as_secs_f64(),
            settings.ac_to_time_limit,
            room.as_secs_f64(),
            slowest.result.cpu().as_millis() * 100 / plan.limits.cpu.as_millis().max(1)
        )
    })
}

/// A stress runner whose runs take a slot of the gate, next to the other solutions' runs.
struct Gated<'a, R> {
    runner: R,
    gate: &'a Gate,
}

impl<R: CaseRunner> CaseRunner for Gated<'_, R> {
    fn run_case(
        &mut self,
        input: &str,
        expected: &crate::problem::Answer,
    ) -> Result<engine::CaseOutcome, crate::error::Fault> {
        let _slot = self.gate.shared();
        self.runner.run_case(input, expected)
    }

    fn use_kind(&mut self, kind: &str) {
        self.runner.use_kind(kind);
    }
}
