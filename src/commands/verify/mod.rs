//! `stressjudge verify [PROBLEM...]`: every solution of the library, or every submission of a
//! problem folder, gets its folder's verdict.
//!
//! Each solution is judged on the fixed test set and, if it passes, stress-tested on
//! `--stress-seeds` seeds of every kind (when the problem has a generator and a reference); its
//! verdict is the first non-AC verdict found. A library solution matches when that equals its
//! folder's (`accepted` = AC); a problem folder's submission when its verdicts keep its
//! category's Kattis expectation (a memory overrun satisfies `run_time_error`). A submission
//! whose language has no toolchain here is skipped, not failed. Exit 0 when all match, 1
//! otherwise.

pub mod evaluate;
pub mod library;
pub mod plan;
pub mod subtask_jobs;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::common::{builtin_with_file_io, fault_error, not_polygon_testset};
use super::time_limit;
use super::{print_json, print_out, Outcome};
use crate::build::BuildOptions;
use crate::catalog::Catalog;
use crate::error::{Fault, UsageError};
use crate::judge::expectation::{Judged, JudgedTest, STRESS_TEST_NAME};
use crate::judge::grade::{Graded, ScoredTest};
use crate::judge::grade_polygon::{self, Score, TestOutcome};
use crate::judge::grading_model::{CustomGrader, Grading};
use crate::judge::points_model::PointsModel;
use crate::judge::subtasks::{SubtaskModel, TestOutcome as SubtaskOutcome};
use crate::judge::timing::Borderline;
use crate::judge::Verdict;
use crate::judge::{repeats, timing};
use crate::options::{AdHocParts, VerifyOptions};
use crate::problem::folder::{self, Folder};
use crate::problem::tool_tests::ToolTests;
use crate::problem::{Problem, TestCase, ToolFailure, ValidatorScore};
use crate::programs::grader::Grader;
use crate::programs::tool_checks::ToolChecks;
use crate::programs::ProgramsProblem;
use crate::report::derivation::LimitDerivation;
use crate::report::json::{events, Event, VerifySolutionJson};
use crate::report::progress::{Display, Progress, Status, TestProgress};
use crate::report::shard::{dealt, ShardInfo};
use crate::report::verify_text::Widths;
use crate::report::{
    check_report_files, verify_text, write_report_files, OtherPython, Report, RowScore, RowStatus,
    VerifiedProblem, VerifyReport, VerifyRow,
};
use crate::testset::gate::Gate;
use crate::testset::results::ResultCache;
use crate::units::seconds;
use evaluate::{evaluate, Evaluation, Settings};
use library::{Expected, LibrarySolution};

/// One problem to verify: the problem, its solutions, and its TLE margin factor.
struct Target {
    /// The problem as named on the command line.
    name: String,
    /// Its content hash ([`plan::content_hash`]), `builtin` for a built-in problem.
    content: String,
    problem: Arc<dyn Problem>,
    solutions: Vec<LibrarySolution>,
    tle_margin: f64,
    /// How much room the time limit leaves above the accepted solutions (`ac_to_time_limit`).
    ac_to_time_limit: f64,
    /// What scoring by points needs (a Polygon package's testset).
    points: Option<PointsModel>,
    /// How scores are computed, for a scoring problem folder.
    grading: Option<Grading>,
    /// The other Python 3 interpreter (CPython where the package runs PyPy, and the other way
    /// round), its command and its name, when it is installed: a Python submission whose
    /// promise fails is judged under it too ([`under_other_python`]).
    other_python: Option<(String, String)>,
    /// An olympiad task's subtasks (scores and `@check` promises per subtask).
    subtasks: Option<SubtaskModel>,
    /// The custom grader of the groups with `grading: custom`, when it can run here.
    grader: Option<Grader>,
    /// Notes on the problem besides its own (a custom grader that cannot run here).
    notes: Vec<String>,
    /// Wall time spent on some solutions before judging began (judged beside the time
    /// limit's derivation), counted in their rows.
    judged_early: JudgedEarly,
    /// Its fixed tests, made by the first solution judged (a built-in problem answers its
    /// max tests with its reference, a folder's reads its files).
    cases: OnceLock<Result<Vec<TestCase>, ToolFailure>>,
    /// How its time limit was derived, when it was.
    derivation: Option<LimitDerivation>,
    /// A package's programs and the cases it ships to test them, for the tool checks.
    tools: Option<(Arc<ProgramsProblem>, ToolTests)>,
}

impl Target {
    /// The wall time spent on the solution at `path` before judging began.
    fn judged_early_time(&self, path: &Path) -> Duration {
        (self.judged_early.iter())
            .filter(|(p, _)| p == path)
            .map(|(_, spent)| *spent)
            .sum()
    }

    /// The fixed tests, made on first use.
    fn fixed_tests(&self) -> Result<Vec<TestCase>, UsageError> {
        self.cases
            .get_or_init(|| self.problem.fixed_tests())
            .clone()
            .map_err(|f| fault_error(Fault::judge(f, "", None), None))
    }
}

/// problemtools' default safety margin for the library of the built-in problems.
const LIBRARY_TLE_MARGIN: f64 = 1.5;

/// The 2023-07 default `ac_to_time_limit` for the library: an accepted solution may use half
/// of the limit.
const LIBRARY_AC_TO_TIME_LIMIT: f64 = 2.0;

/// Builds the package's tools while its submissions build on the cores the tools leave
/// idle (one output validator compiles on one core), in the order verify needs them; the
/// submission builds stop once the tools are built.
fn build_tools_and_submissions(loaded: &Folder, stressing: bool) -> Result<(), UsageError> {
    let tools_done = AtomicBool::new(false);
    let order = time_limit::build_order(loaded);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let tools_building = || !tools_done.load(Ordering::SeqCst);
            time_limit::prebuild(&order, &tools_building, None);
        });
        let built = loaded.problem.build_tools(stressing);
        tools_done.store(true, Ordering::SeqCst);
        built
    })
    .map_err(|f| fault_error(Fault::judge(f, "", None), None))
}

/// Runs of the calibration workload that measure the machine's noise for verify's report.
const NOISE_RUNS: usize = 15;

/// `e` with its tests whose verdicts would flip within the machine's timing `noise` (they are
/// *sensitive*, as problemtools says) noted and warned about, or else a warning when one would
/// flip within the speed drift seen while the time limit was derived (it is *unreliable*).
fn timing_warnings(mut e: Evaluation, target: &Target, noise: f64) -> Evaluation {
    let drift = (target.derivation.as_ref())
        .filter(|d| d.drifted())
        .map_or(0.0, |d| d.judged_drift());
    let limit = e.time_limit;
    e.sensitive = (e.tests.iter().enumerate())
        .filter(|(_, t)| timing::time_sensitive(&t.result, t.borderline.as_ref(), limit, noise))
        .map(|(i, _)| i)
        .collect();
    if let Some(&first) = e.sensitive.first() {
        let t = &e.tests[first];
        let re_runs = t.borderline.as_ref().map_or(String::new(), |b| {
            let times: Vec<String> = (b.rerun_cpu_ms.iter())
                .map(|&ms| seconds(Duration::from_millis(ms)))
                .collect();
            format!(" (alone: {})", times.join(", "))
        });
        let own_spread = t.borderline.as_ref().map_or(0.0, Borderline::own_spread);
        e.warnings.push(format!(
            "sensitive to the time limit: test {} took {}{re_runs}, within ±{:.1} % of the {} \
             limit (this machine's timing noise {:.1} %, at least {} %): no run here can settle \
             it",
            t.name,
            seconds(t.result.cpu()),
            timing::sensitivity_band(noise, own_spread) * 100.0,
            seconds(limit),
            noise * 100.0,
            timing::SENSITIVE_FLOOR_PERCENT,
        ));
        return e;
    }
    let timed =
        |t: &&crate::report::TestRow| matches!(t.result.verdict, Verdict::AC | Verdict::TLE);
    // Issue 45: a verdict the limit an earlier derivation here set would turn over.
    if let Some(other) = (target.derivation.as_ref()).and_then(|d| d.differs) {
        let (low, high) = (limit.min(other.limit), limit.max(other.limit));
        let between = |t: &&crate::report::TestRow| {
            let cpu = t.result.cpu();
            low < cpu && cpu <= high
        };
        if let Some(t) = e.tests.iter().filter(timed).find(between) {
            let (this, then) = if t.result.cpu() <= limit {
                ("AC", "TLE")
            } else {
                ("TLE", "AC")
            };
            e.warnings.push(format!(
                "unreliable: test {} took {}: {this} under this verify's {} limit, {then} under \
                 the {} an earlier derivation of this package on this machine set",
                t.name,
                seconds(t.result.cpu()),
                seconds(limit),
                seconds(other.limit)
            ));
        }
    }
    if let Some(t) =
        (e.tests.iter().filter(timed)).find(|t| repeats::flips_within(t.result.cpu(), limit, drift))
    {
        e.warnings.push(format!(
            "unreliable: test {} took {}, and the machine's speed changed by {:.1} % while the \
             {} limit was derived",
            t.name,
            seconds(t.result.cpu()),
            drift * 100.0,
            seconds(limit)
        ));
    }
    e
}

/// `e` with a warning when `solution` must exceed a derived time limit but every test was
/// AC under it (issue 45): how close it came and what limit the rule would need
/// ([`LimitDerivation::accepted_too_slow`]).
fn too_slow_accepted(mut e: Evaluation, target: &Target, solution: &LibrarySolution) -> Evaluation {
    let expects_tle = match &solution.expected {
        Expected::Verdict(verdict) => *verdict == Verdict::TLE,
        Expected::Kattis { expectation, .. } => expectation.must_exceed_time_limit(),
    };
    let (Some(derivation), true, Some(Verdict::AC)) = (&target.derivation, expects_tle, e.got)
    else {
        return e;
    };
    if let Some(slowest) = e.tests.iter().max_by_key(|t| t.result.cpu()) {
        let warning = derivation.accepted_too_slow(&slowest.name, slowest.result.cpu());
        e.warnings.push(warning);
    }
    e
}

/// Whether `solution` keeps its promises with all its sensitive tests AC, and with all of them
/// TLE; `None` when no test is sensitive. Where the two differ, no run on this machine can
/// tell, and the row is [`RowStatus::Sensitive`] whichever side it landed on, so the same
/// package gives the same status on every verify. Judging does not stop at a sensitive test
/// ([`crate::testset::Judging::unsettled`]), so the tests after it ran.
fn kept_on_each_side(
    solution: &LibrarySolution,
    e: &Evaluation,
    target: &Target,
    grader: Option<&dyn CustomGrader>,
) -> Option<(bool, bool)> {
    if e.sensitive.is_empty() || e.got.is_none() || e.got == Some(Verdict::CE) {
        return None;
    }
    let kept_with = |side| {
        let mut other = e.clone();
        other.verdicts = timing::all_on_one_side(&e.verdicts, &e.sensitive, side);
        for (test, verdict) in other.tests.iter_mut().zip(&other.verdicts) {
            test.result.verdict = *verdict;
        }
        let got = crate::judge::submission::verdict(true, other.verdicts.iter().copied());
        let (judged, _) = judgement(&other, target.grading.as_ref(), grader).ok()?;
        Some(solution.expected.broken_promises(got, &judged).is_empty())
    };
    Some((kept_with(Verdict::AC)?, kept_with(Verdict::TLE)?))
}

/// The Python 3 interpreter other than the one `preferred` names (`pypy3` <-> `python3`), its
/// command and name, when it is installed and resolves to a different program.
fn other_python_of(preferred: Option<&str>, timeout: Duration) -> Option<(String, String)> {
    let chosen = crate::build::interpreter_named(preferred, timeout).ok()?;
    let other = if chosen.starts_with("PyPy") {
        "python3"
    } else {
        crate::build::PYPY
    };
    let named = crate::build::interpreter_named(Some(other), timeout).ok()?;
    (named != chosen).then(|| (other.to_string(), named))
}

/// Issue 46: a Python submission whose promise fails under the interpreter its package runs
/// it with is judged again under the other one (PyPy and CPython differ in speed by a factor
/// of 2 to 10), and its row says whether the promise holds there, so the setter sees at once
/// that the interpreter is the cause: `holds under CPython 3.11.7: TLE, 1.69 s > 1.50 s`.
fn under_other_python(
    row: &VerifyRow,
    job: subtask_jobs::Job<'_>,
    settings: Settings<'_>,
) -> Result<Option<(String, OtherPython)>, UsageError> {
    let (solution, target) = (job.solution, job.target);
    let Some((command, name)) = &target.other_python else {
        return Ok(None);
    };
    if row.status != RowStatus::Mismatch || !is_python(&solution.path) {
        return Ok(None);
    }
    let mut other = solution.clone();
    other.declared.python = Some(command.clone());
    let quiet = crate::report::progress::TestProgress::new(0);
    let e = evaluate(
        target.problem.as_ref(),
        || job.fixed_tests(),
        &other,
        settings,
        quiet.as_ref(),
    )?;
    let e = timing_warnings(e, target, settings.noise);
    let limit = e.time_limit;
    let slowest = e.slowest;
    let other_row = verify_row(&other, e, target, job.subtask)?;
    let got = other_row
        .got
        .map_or("nothing".to_string(), |v| v.to_string());
    let times = if slowest > limit {
        format!("{} > {}", seconds(slowest), seconds(limit))
    } else {
        format!("slowest {} of {}", seconds(slowest), seconds(limit))
    };
    let holds = other_row.status == RowStatus::Match;
    let line = if holds {
        format!("holds under {name}: {got}, {times}")
    } else {
        format!(
            "fails under {name} too: {got}, {times}{}",
            (other_row.broken.first()).map_or(String::new(), |b| format!(" ({b})"))
        )
    };
    let other = OtherPython {
        interpreter: name.clone(),
        holds,
        got: other_row.got,
        slowest,
    };
    Ok(Some((line, other)))
}

/// Whether the program at `path` is Python 3.
fn is_python(path: &Path) -> bool {
    crate::build::recognise(path).is_some_and(|r| r.language == crate::build::Language::Python)
}

/// Wall time spent on each solution judged before judging began.
type JudgedEarly = Vec<(PathBuf, Duration)>;

/// The time limit of a problem folder that gives none, derived from its accepted submissions
/// (`None` when it gives one), while the submissions that must exceed it are judged beside
/// the derivation under the smallest limit it can give
/// ([`evaluate::judge_must_exceed_early`]), with the wall time each of those took.
fn derive_time_limit(
    loaded: &Folder,
    solutions: &[LibrarySolution],
    args: &VerifyOptions,
    results: &ResultCache,
) -> Result<(Option<LimitDerivation>, JudgedEarly), UsageError> {
    let Some(rule) = loaded.time_limit_rule else {
        return Ok((None, Vec::new()));
    };
    let lowest = rule.time_limit(Duration::ZERO);
    let judged_early = Mutex::new(Vec::new());
    let beside =
        |gate: &Gate, cases: &[TestCase], derivation_goes_on: &time_limit::BesideUseful<'_>| {
            let settings = Settings {
                jobs: 1,
                stress_jobs: args.jobs,
                strict_timing: args.strict_timing,
                stress_seeds: 0,
                isolation: args.isolation,
                tle_margin: loaded.rule.time_limit_to_tle,
                ac_to_time_limit: loaded.rule.ac_to_time_limit,
                all_tests: args.all_tests || loaded.points.is_some() || loaded.subtasks.is_some(),
                grading: loaded.grading.as_ref(),
                results,
                gate,
                // Runs under the lowest limit the derivation can give decide nothing final.
                noise: 0.0,
            };
            let spent = evaluate::judge_must_exceed_early(
                &loaded.problem,
                cases,
                solutions,
                lowest,
                settings,
                derivation_goes_on,
            );
            *lock(&judged_early) = spent;
        };
    let derived = time_limit::derive_remembering(
        loaded,
        args.jobs,
        args.isolation,
        results,
        Some(&beside),
        Display::for_stderr(!args.json),
    )?;
    Ok((
        derived,
        judged_early.into_inner().unwrap_or_else(|e| e.into_inner()),
    ))
}

/// Where a problem folder without a time limit gets one.
enum Limits<'a> {
    /// Derived here, judging the submissions that must exceed it beside the derivation.
    Derive,
    /// Derived here and nothing judged: `verify --plan FILE` writes it down.
    DeriveOnly,
    /// Read from the plan at the path (`verify --shard I/N --plan FILE`).
    Planned(&'a plan::VerifyPlan, &'a Path),
    /// A shard without a plan: such a problem is an error (shards must not derive apart).
    Refuse,
}

/// The limit `loaded` (named `name`) is judged by, as `limits` says, with the wall time spent
/// judging submissions beside its derivation.
fn limit_of(
    name: &str,
    content: &str,
    loaded: &Folder,
    solutions: &[LibrarySolution],
    args: &VerifyOptions,
    results: &ResultCache,
    limits: &Limits<'_>,
) -> Result<(Option<LimitDerivation>, JudgedEarly), UsageError> {
    match limits {
        Limits::Derive => derive_time_limit(loaded, solutions, args, results),
        Limits::DeriveOnly => {
            let display = Display::for_stderr(!args.json);
            let derived = time_limit::derive_remembering(
                loaded,
                args.jobs,
                args.isolation,
                results,
                None,
                display,
            )?;
            Ok((derived, Vec::new()))
        }
        Limits::Refuse if loaded.time_limit_rule.is_some() => Err(UsageError::new(format!(
            "verify --shard: {name} has no time limit in problem.yaml, and every shard must judge \
             by the same derived one: run `stressjudge verify --plan FILE ...` once, then give \
             every shard `--plan FILE`"
        ))),
        Limits::Refuse => Ok((None, Vec::new())),
        Limits::Planned(plan, path) => {
            let planned = (plan.problems.iter().find(|p| p.name == name)).ok_or_else(|| {
                UsageError::new(format!(
                    "--plan {}: the plan has no problem {name}; give every shard the plan \
                     step's problems",
                    path.display()
                ))
            })?;
            if planned.content != content {
                return Err(UsageError::new(format!(
                    "--plan {} does not match this command: {name}'s files changed since the \
                     plan was made; make the plan again",
                    path.display()
                )));
            }
            match (&planned.derivation, loaded.time_limit_rule.is_some()) {
                (Some(derivation), true) => {
                    let derived =
                        crate::report::read_verify::derivation(derivation).map_err(|e| {
                            UsageError::new(format!(
                                "--plan {}: {name}'s time_limit_derivation: {e}",
                                path.display()
                            ))
                        })?;
                    Ok((Some(derived), Vec::new()))
                }
                (None, false) => Ok((None, Vec::new())),
                _ => Err(UsageError::new(format!(
                    "--plan {} does not match this command: {name}'s time limit is given in one \
                     and derived in the other; make the plan again",
                    path.display()
                ))),
            }
        }
    }
}

/// The problems named (every built-in one by default) with their solutions.
fn targets(
    args: &VerifyOptions,
    results: &ResultCache,
    limits: &Limits<'_>,
) -> Result<Vec<Target>, UsageError> {
    let catalog = Catalog::builtin();
    let names: Vec<String> = if args.problems.is_empty() {
        catalog.ids().iter().map(|s| s.to_string()).collect()
    } else {
        args.problems.clone()
    };
    let mut targets = Vec::new();
    for name in &folder::expand_contests(&names) {
        if folder::names_a_folder(name) {
            let overrides = AdHocParts {
                file_io: args.file_io.clone(),
                testset: args.testset.clone(),
                ..AdHocParts::default()
            };
            let mut loaded = folder::load(Path::new(name), &overrides)?;
            if args.stress_seeds > 0 {
                // A guessed generator that is not one only loses the stress pass (a note says
                // why); it never counts against a submission.
                loaded.problem.drop_guessed_generators_that_fail(true);
            }
            let stressing = args.stress_seeds > 0 && loaded.problem.info().has_reference;
            build_tools_and_submissions(&loaded, stressing)?;
            let dir = Path::new(name);
            let solutions =
                library::from_folder(name, &loaded.submissions_root, &loaded.submissions);
            // Hashed once loaded: a package whose tests a generator writes is hashed with them.
            let content = plan::content_hash(dir)?;
            let (derived, judged_early) =
                limit_of(name, &content, &loaded, &solutions, args, results, limits)?;
            time_limit::apply(&mut loaded, derived.as_ref());
            if solutions.is_empty() {
                return Err(UsageError::new(format!(
                    "{name}: no submissions under {}",
                    loaded.submissions_place
                )));
            }
            let mut notes = Vec::new();
            let mut other_python = None;
            if (loaded.submissions.iter()).any(|s| is_python(&s.program.path)) {
                let timeout = BuildOptions::default_for_user().compile_timeout;
                let yaml = dir.join("problem.yaml");
                let preferred = crate::problem::python_for(&yaml);
                let reason = crate::problem::python_reason_for(&yaml);
                let python =
                    crate::build::interpreter_for(preferred.as_deref(), reason.as_deref(), timeout);
                notes.push(format!("Python 3 runs with {python}"));
                other_python = other_python_of(preferred.as_deref(), timeout);
            }
            let grader = match &loaded.grader {
                Some((path, plan)) => {
                    super::common::prepare_grader(name, path, plan.clone(), &mut notes)?
                }
                None => None,
            };
            let programs = Arc::new(loaded.problem);
            targets.push(Target {
                name: name.clone(),
                content,
                points: loaded.points.clone(),
                subtasks: loaded.subtasks.clone(),
                tle_margin: loaded.rule.time_limit_to_tle,
                ac_to_time_limit: loaded.rule.ac_to_time_limit,
                problem: programs.clone(),
                tools: Some((programs, loaded.tool_tests)),
                solutions,
                grading: loaded.grading,
                grader,
                other_python,
                notes,
                cases: OnceLock::new(),
                judged_early,
                derivation: derived,
            });
        } else {
            let mut problem = catalog.find(name)?;
            if args.testset.is_some() {
                return Err(not_polygon_testset(name));
            }
            if !args.file_io.is_standard() {
                problem = builtin_with_file_io(name, &args.file_io);
            }
            let solutions = library::discover(&args.solutions, &[name.as_str()])?;
            targets.push(Target {
                name: name.clone(),
                content: "builtin".to_string(),
                problem,
                solutions,
                tle_margin: LIBRARY_TLE_MARGIN,
                ac_to_time_limit: LIBRARY_AC_TO_TIME_LIMIT,
                points: None,
                subtasks: None,
                grading: None,
                grader: None,
                other_python: None,
                notes: Vec::new(),
                cases: OnceLock::new(),
                judged_early: Vec::new(),
                derivation: None,
                tools: None,
            });
        }
    }
    if targets.iter().all(|t| t.solutions.is_empty()) {
        return Err(UsageError::new(format!(
            "no solutions found under {}",
            args.solutions.display()
        )));
    }
    Ok(targets)
}

/// Runs `stressjudge verify`.
pub fn run(args: &VerifyOptions) -> Result<Outcome, UsageError> {
    // The whole run: the time-limit derivation (in `targets`) included.
    let started = Instant::now();
    check_report_files(&args.reports)?;
    crate::commands::common::check_folders()?;
    if args.json_lines {
        events::enable();
    }
    let read_plan = match (&args.plan, args.shard) {
        (Some(path), Some(_)) => Some(plan::VerifyPlan::read(path)?),
        _ => None,
    };
    let limits = match (&args.plan, args.shard, &read_plan) {
        (Some(path), Some(_), Some(read)) => Limits::Planned(read, path),
        (Some(_), None, _) => Limits::DeriveOnly,
        (None, Some(_), _) => Limits::Refuse,
        _ => Limits::Derive,
    };
    if args.forget_machine {
        // Before the noise is read: it is part of what this machine showed.
        let root = BuildOptions::default_for_user().cache_dir;
        crate::testset::results::machine_profile::forget(&root).map_err(|e| {
            UsageError::new(format!(
                "--forget-machine: cannot delete the machine profile in {}: {e}",
                root.display()
            ))
        })?;
    }
    let results = ResultCache::open(&BuildOptions::default_for_user().cache_dir, args.fresh);
    // The machine's timing noise, measured before anything runs (or remembered from a command
    // of the last hour): a verdict that would flip within it is named sensitive.
    let calibration = crate::testset::noise::calibration(
        &BuildOptions::default_for_user().cache_dir,
        args.fresh,
        NOISE_RUNS,
    );
    let targets = targets(args, &results, &limits)?;
    let found = plan_of(&targets, args);
    if let (Some(path), None) = (&args.plan, args.shard) {
        found.write(path)?;
        print_out(&plan_summary(&found, path))?;
        return Ok(Outcome::Passed);
    }
    let identity = match (&read_plan, &args.plan) {
        (Some(read), Some(path)) => {
            read.check_matches(&found, path)?;
            read.identity()
        }
        _ => found.identity(),
    };
    let mut notes = Vec::new();
    for target in &targets {
        let info = target.problem.info();
        notes.extend(
            info.notes
                .iter()
                .chain(&target.notes)
                .map(|n| format!("{}: {n}", info.id)),
        );
    }
    let shown_names: Vec<String> = targets
        .iter()
        .flat_map(|t| t.solutions.iter().map(shown))
        .collect();
    let widths = Widths::fitting(
        targets.iter().map(|t| t.problem.info().id.as_str()),
        shown_names.iter().map(String::as_str),
    );
    if !args.json {
        print_out(&verify_text::header(widths))?;
        for note in &notes {
            print_out(&format!("note: {note}\n"))?;
        }
    }
    // A split verify deals an olympiad task's solutions subtask by subtask.
    let all_jobs = subtask_jobs::jobs(&targets, args.shard.is_some());
    let shard = args.shard.map(|shard| ShardInfo {
        command: "verify".to_string(),
        index: shard.index,
        count: shard.count,
        identity,
        version: plan::VERSION.to_string(),
        jobs: all_jobs.len() as u64,
        judged: dealt(shard.index, shard.count, all_jobs.len() as u64).collect(),
        seeds: None,
    });
    let jobs: Vec<subtask_jobs::Job> = match &shard {
        Some(shard) => (shard.judged.iter())
            .map(|&k| all_jobs[k as usize])
            .collect(),
        None => all_jobs,
    };
    let watch = Arc::new(Watch {
        active: Mutex::new(Vec::new()),
        done: AtomicUsize::new(0),
        total: jobs.len(),
    });
    let progress = {
        let watch = watch.clone();
        Progress::start(
            Display::for_stderr(!args.json),
            "verify",
            false,
            move || watch.status(),
        )
    };
    let gate = Gate::new(args.jobs);
    let judged = JudgedRows {
        next: AtomicUsize::new(0),
        rows: Mutex::new((0, vec![None; jobs.len()], Vec::new())),
        error: Mutex::new(None),
    };
    // Solutions are judged side by side (the gate keeps max tests alone across them); with
    // --strict-timing every run is alone anyway, so one at a time.
    let workers = if args.strict_timing { 1 } else { args.jobs }
        .min(jobs.len())
        .max(1);
    let order = slowest_first(&jobs);
    // The packages' tools are checked beside the submissions' runs, each run in a slot of the
    // same gate (one shard does it for a split verify).
    let check_tools = args.tool_checks && shard.as_ref().is_none_or(|s| s.index == 1);
    let tool_checks: Mutex<Vec<ToolChecks>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        if check_tools {
            scope.spawn(|| {
                for target in &targets {
                    if let Some((programs, tests)) = &target.tools {
                        let checks = crate::commands::check_tools::remembered(
                            programs,
                            tests,
                            &target.content,
                            &results,
                            args.jobs,
                            Some(&gate),
                        );
                        lock(&tool_checks).push(checks);
                    }
                }
            });
        }
        for _ in 0..workers {
            scope.spawn(|| loop {
                let next = judged.next.fetch_add(1, Ordering::SeqCst);
                if next >= jobs.len() || lock(&judged.error).is_some() {
                    return;
                }
                let k = order[next];
                let job = jobs[k];
                let (target, solution) = (job.target, job.solution);
                // While other solutions wait, each takes one core: tests run side by side
                // within a solution are speculative (those after its deciding test are wasted
                // work) where another solution's runs are not. The last ones take them all.
                let waiting = jobs.len() - next;
                let settings = Settings {
                    jobs: if waiting >= workers { 1 } else { args.jobs },
                    stress_jobs: args.jobs,
                    strict_timing: args.strict_timing,
                    stress_seeds: if job.stresses() { args.stress_seeds } else { 0 },
                    isolation: args.isolation,
                    tle_margin: target.tle_margin,
                    ac_to_time_limit: target.ac_to_time_limit,
                    // A Polygon package's points need every test's verdict.
                    // So do an olympiad task's subtask scores.
                    all_tests: args.all_tests
                        || (target.points.as_ref()).is_some_and(PointsModel::needs_every_test)
                        || target.subtasks.is_some(),
                    grading: target.grading.as_ref(),
                    results: &results,
                    gate: &gate,
                    noise: calibration.noise(),
                };
                let tests = watch.start(solution);
                let evaluated = evaluate(
                    target.problem.as_ref(),
                    || job.fixed_tests(),
                    solution,
                    settings,
                    tests.as_ref(),
                );
                watch.end(&tests);
                let evaluated = evaluated.map(|mut evaluation| {
                    evaluation.elapsed += target.judged_early_time(&solution.path);
                    evaluation
                });
                let row = match evaluated
                    .map(|evaluation| timing_warnings(evaluation, target, calibration.noise()))
                    .map(|evaluation| too_slow_accepted(evaluation, target, solution))
                    .and_then(|evaluation| verify_row(solution, evaluation, target, job.subtask))
                    .and_then(|mut row| {
                        if let Some((line, other)) = under_other_python(&row, job, settings)? {
                            row.warnings.push(line);
                            row.other_python = Some(other);
                        }
                        Ok(row)
                    }) {
                    Ok(row) => row,
                    Err(e) => {
                        lock(&judged.error).get_or_insert(e);
                        return;
                    }
                };
                if let Err(e) = judged.finish(k, row, |row| {
                    events::emit(|| Event::Solution {
                        path: row.path.clone(),
                        got: VerifySolutionJson::from(row).got,
                        ok: row.status != RowStatus::Mismatch,
                    });
                    if args.json {
                        Ok(())
                    } else {
                        progress.suspend(|| print_out(&verify_text::row(row, widths)))
                    }
                }) {
                    lock(&judged.error).get_or_insert(e);
                    return;
                }
            });
        }
    });
    progress.finish();
    if let Some(e) = lock(&judged.error).take() {
        return Err(e);
    }
    let rows = std::mem::take(&mut lock(&judged.rows).2);
    let problems = targets
        .iter()
        .map(|t| {
            let info = t.problem.info();
            VerifiedProblem {
                id: info.id.clone(),
                title: info.title.clone(),
                time_limit: info.limits.time,
                memory_limit_bytes: info.limits.memory_bytes,
                notes: info.notes.clone(),
                derivation: t.derivation.clone(),
            }
        })
        .collect();
    let incomplete = targets
        .iter()
        .flat_map(|t| {
            let id = &t.problem.info().id;
            let judged = t.solutions.len();
            t.problem.left_out().iter().map(move |line| {
                format!("{id}: {line} (the {judged} solution(s) of {id} were judged without them)")
            })
        })
        .collect();
    let mutants = match args.mutants && shard.as_ref().is_none_or(|s| s.index == 1) {
        true => {
            let mut failed = Vec::new();
            let measured = verify_mutants(&targets, args, &mut failed);
            if !args.json {
                for note in &failed {
                    print_out(&format!("note: {note}\n"))?;
                }
            }
            notes.extend(failed);
            measured
        }
        false => Vec::new(),
    };
    let report = VerifyReport {
        mutants,
        problems,
        rows,
        tool_checks: std::mem::take(&mut *lock(&tool_checks)),
        notes,
        incomplete,
        elapsed: started.elapsed(),
        isolation: crate::run::process_isolation(),
        runs: results.counts(),
        calibration: Some(calibration),
        shard,
    };
    if args.json {
        print_json(report.to_json())?;
    } else {
        let sections = verify_text::tool_sections(&report);
        if !sections.is_empty() {
            print_out(&format!("\n{sections}"))?;
        }
        print_out(&verify_text::summary(&report))?;
    }
    write_report_files(Report::Verify(&report), &args.reports)?;
    Ok(if report.ok() {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}

/// Seeds of every kind a mutant no test kills is stressed with under `verify --mutants`.
const VERIFY_MUTANT_SEEDS: u64 = 5;

/// `verify --mutants`: each problem's tests measured by the mutants of its reference (of the
/// first accepted solution of the library, for a built-in problem), as `mutants` measures
/// them. A problem whose reference cannot be mutated (a language without mutation rules, a
/// source the parser cannot read) gets a note saying why instead; the score informs and never
/// fails the run.
fn verify_mutants(
    targets: &[Target],
    args: &VerifyOptions,
    notes: &mut Vec<String>,
) -> Vec<crate::report::json::VerifyMutantsJson> {
    let settings = crate::mutants::Settings {
        jobs: args.jobs,
        budget: crate::mutants::Budget::Seeds(VERIFY_MUTANT_SEEDS),
        floor: Duration::from_secs(1),
        shard: None,
    };
    let mut measured = Vec::new();
    for target in targets {
        let problem = target.problem.as_ref();
        let id = problem.info().id.clone();
        let run = crate::commands::mutants::solution_to_mutate(problem, None, &args.solutions)
            .and_then(|path| crate::mutants::Original::read(&path))
            .and_then(|original| {
                crate::commands::mutants::measure(problem, &original, settings, !args.json)
            });
        match run {
            Ok(run) => measured.push(crate::report::json::VerifyMutantsJson {
                problem: id,
                mutation: crate::report::json::MutationJson::of(&run),
            }),
            Err(e) => notes.push(format!("{id}: --mutants: {e}")),
        }
    }
    measured
}

/// The plan of this command: its problems with the limits they are judged by, its jobs and
/// its verdict-changing options.
fn plan_of(targets: &[Target], args: &VerifyOptions) -> plan::VerifyPlan {
    plan::VerifyPlan {
        format: plan::FORMAT,
        version: plan::VERSION.to_string(),
        options: plan::PlanOptions::of(args),
        problems: (targets.iter())
            .map(|t| {
                let info = t.problem.info();
                plan::PlannedProblem {
                    name: t.name.clone(),
                    id: info.id.clone(),
                    content: t.content.clone(),
                    time_limit_ms: crate::units::millis(info.limits.time),
                    memory_limit_bytes: info.limits.memory_bytes,
                    derivation: t.derivation.as_ref().map(LimitDerivation::to_json),
                }
            })
            .collect(),
        submissions: (targets.iter())
            .flat_map(|t| t.solutions.iter())
            .map(|s| plan::PlannedSubmission {
                problem: s.problem.clone(),
                path: s.path.display().to_string(),
                expected: s.expected.label(),
            })
            .collect(),
    }
}

/// What `verify --plan FILE` prints: each problem's limit and the jobs the shards will deal.
fn plan_summary(plan: &plan::VerifyPlan, path: &Path) -> String {
    let mut text = String::new();
    for p in &plan.problems {
        let how = if p.derivation.is_some() {
            "derived"
        } else {
            "given"
        };
        text.push_str(&format!(
            "{}: time limit {} ({how})\n",
            p.id,
            crate::units::seconds(Duration::from_millis(p.time_limit_ms))
        ));
    }
    text.push_str(&format!(
        "plan written to {}: {} problem(s), {} submission(s) to deal to the shards \
         (`verify --shard I/N --plan {}`)\n",
        path.display(),
        plan.problems.len(),
        plan.submissions.len(),
        path.display()
    ));
    text
}

/// What verify is doing, for the live display: the solutions being judged, each with its
/// tests' progress.
struct Watch {
    active: Mutex<Vec<(String, Arc<TestProgress>)>>,
    done: AtomicUsize,
    total: usize,
}

impl Watch {
    /// Starts watching `solution`; its tests report to the record returned.
    fn start(&self, solution: &LibrarySolution) -> Arc<TestProgress> {
        let tests = TestProgress::of_solution(0, &solution.path.display().to_string());
        let name = format!("{} {}", solution.problem, shown(solution));
        lock(&self.active).push((name, tests.clone()));
        tests
    }

    /// `tests`' solution is judged.
    fn end(&self, tests: &Arc<TestProgress>) {
        lock(&self.active).retain(|(_, t)| !Arc::ptr_eq(t, tests));
        self.done.fetch_add(1, Ordering::SeqCst);
    }

    fn status(&self) -> Status {
        let message = lock(&self.active)
            .iter()
            .map(|(name, tests)| {
                let (tests_done, _) = tests.counts();
                let running = tests.running();
                if running.is_empty() {
                    format!("{name}: {tests_done} test(s) done")
                } else {
                    format!("{name}: test {running}, {tests_done} done")
                }
            })
            .collect::<Vec<_>>()
            .join("; ");
        Status {
            done: self.done.load(Ordering::SeqCst) as u64,
            total: self.total as u64,
            message,
        }
    }
}

/// The order solutions are taken in: those expected to exceed the time limit first (each
/// runs a test to the safety margin, the longest single piece of work), the rest as listed,
/// so the long runs overlap the others' builds and runs instead of ending the command alone.
/// Rows are still printed in the listed order.
fn slowest_first(jobs: &[subtask_jobs::Job<'_>]) -> Vec<usize> {
    let expects_tle = |solution: &LibrarySolution| match &solution.expected {
        Expected::Verdict(verdict) => *verdict == Verdict::TLE,
        Expected::Kattis { expectation, .. } => expectation.must_exceed_time_limit(),
    };
    let (mut first, rest): (Vec<usize>, Vec<usize>) =
        (0..jobs.len()).partition(|&k| expects_tle(jobs[k].solution));
    first.extend(rest);
    first
}

/// The rows of the solutions judged so far: the next row to print, each row once judged, and
/// the printed rows in order.
type Rows = (usize, Vec<Option<VerifyRow>>, Vec<VerifyRow>);

/// What the workers judging solutions share.
struct JudgedRows {
    next: AtomicUsize,
    rows: Mutex<Rows>,
    error: Mutex<Option<UsageError>>,
}

impl JudgedRows {
    /// Keeps the row of solution `k` and prints, in solution order, every row that is ready.
    fn finish(
        &self,
        k: usize,
        row: VerifyRow,
        print: impl Fn(&VerifyRow) -> Result<(), UsageError>,
    ) -> Result<(), UsageError> {
        let mut rows = lock(&self.rows);
        let (next, ready, printed) = &mut *rows;
        ready[k] = Some(row);
        while let Some(row) = ready.get_mut(*next).and_then(Option::take) {
            print(&row)?;
            printed.push(row);
            *next += 1;
        }
        Ok(())
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The solution's path relative to its problem's folder.
fn shown(solution: &LibrarySolution) -> String {
    solution
        .path
        .strip_prefix(&solution.root)
        .unwrap_or(&solution.path)
        .display()
        .to_string()
}

/// The report line of one evaluated solution of `target` (on subtask `subtask` only, in a
/// verify split by subtask): a Polygon package's points, a scoring problem's scores (its
/// custom grader failing is an error naming it), an olympiad task's subtask points.
fn verify_row(
    solution: &LibrarySolution,
    e: Evaluation,
    target: &Target,
    subtask: Option<usize>,
) -> Result<VerifyRow, UsageError> {
    let points = match (&target.subtasks, subtask) {
        (Some(model), Some(k)) => (e.got != Some(Verdict::CE) && e.skipped.is_none())
            .then(|| subtask_jobs::points(model, k, |name| subtask_outcome(&e, name))),
        (Some(model), None) => subtask_points(model, &e),
        (None, _) => (target.points.as_ref()).and_then(|model| polygon_points(model, &e)),
    };
    let grader = target.grader.as_ref().map(|g| g as &dyn CustomGrader);
    let (judged, score) = judgement(&e, target.grading.as_ref(), grader).map_err(|why| {
        UsageError::new(format!(
            "{}: {why} (judging {})",
            solution.problem,
            shown(solution)
        ))
    })?;
    let mut broken = match (e.skipped.is_some(), e.got) {
        (true, _) => Vec::new(),
        (false, Some(got)) => solution.expected.broken_promises(got, &judged),
        (false, None) => vec![e.detail.clone()],
    };
    // An olympiad task's `@check` promises, subtask by subtask.
    if let (Some(model), None, true) = (&target.subtasks, &e.skipped, judged.compiled) {
        let checks = model.checks_of(&solution.path);
        let outcome = |name: &str| subtask_outcome(&e, name);
        broken.extend(match subtask {
            Some(k) => subtask_jobs::broken(model, k, checks, outcome),
            None => model.broken(checks, outcome),
        });
    }
    let sides = kept_on_each_side(solution, &e, target, grader);
    let status = if e.skipped.is_some() {
        RowStatus::Skipped
    } else if sides.is_some_and(|(as_ac, as_tle)| as_ac != as_tle || as_ac != broken.is_empty()) {
        RowStatus::Sensitive
    } else if broken.is_empty() {
        RowStatus::Match
    } else {
        RowStatus::Mismatch
    };
    let mut warnings = e.warnings;
    let mut got = e.got;
    if let Expected::Kattis { expectation, .. } = &solution.expected {
        warnings.extend(expectation.per_test_warnings(&judged));
        if e.skipped.is_none() && got.is_some() {
            // A legacy folder's promise is about the graded verdict: that is what it got.
            got = Some(expectation.deciding_verdict(&judged));
        }
    }
    if let Some(score) = &score {
        warnings.extend(score.errors.iter().map(|err| format!("scoring: {err}")));
    }
    Ok(VerifyRow {
        problem: solution.problem.clone(),
        path: solution.path.display().to_string(),
        shown: shown(solution),
        expected: solution.expected.label(),
        category: solution.expected.category().map(str::to_string),
        got,
        status,
        source: e.source,
        detail: e.detail,
        slowest: e.slowest,
        elapsed: e.elapsed,
        warnings,
        tests: e.tests,
        stress: e.stress,
        time_limit: e.time_limit,
        points,
        score,
        other_python: None,
        broken,
        expectation_source: solution.expected.source().map(str::to_string),
        not_run: e.not_run,
        tests_reused: e.tests_reused,
        stress_reused: e.stress_reused,
    })
}

/// What the expectation checks: each test's verdict and judge message (the stress pass as a
/// test named `stress`), and for a scoring problem the scores the grading rules (and the
/// custom grader, if any) give; `Err` when the custom grader fails.
fn judgement(
    e: &Evaluation,
    grading: Option<&Grading>,
    grader: Option<&dyn CustomGrader>,
) -> Result<(Judged, Option<RowScore>), String> {
    let mut judged = Judged {
        compiled: e.got != Some(Verdict::CE),
        tests: e
            .tests
            .iter()
            .map(|row| JudgedTest {
                name: row.name.clone(),
                verdict: row.result.verdict,
                message: row.result.detail.clone(),
            })
            .collect(),
        ..Judged::default()
    };
    let score = grading
        .filter(|_| judged.compiled && !e.tests.is_empty())
        .map(|grading| -> Result<Option<RowScore>, String> {
            let scored: Vec<ScoredTest> = e
                .tests
                .iter()
                .map(|row| ScoredTest {
                    name: row.name.clone(),
                    verdict: row.result.verdict,
                    validator: row.result.score,
                })
                .collect();
            let graded = grading.grade_with(&scored, grader)?;
            judged.graded_verdict = graded.verdict;
            if !grading.is_scored() {
                return Ok(None);
            }
            judged.score = Some(graded.score);
            judged.group_scores = graded.group_scores();
            judged.max_score = graded.max_score;
            judged.final_verdict = graded.final_verdict;
            Ok(Some(row_score(graded)))
        })
        .transpose()?
        .flatten();
    if let Some((verdict, source)) = &e.stress {
        judged.tests.push(JudgedTest {
            name: STRESS_TEST_NAME.to_string(),
            verdict: *verdict,
            message: source.clone(),
        });
    }
    Ok((judged, score))
}

/// The report's view of a graded submission (also `judge`'s).
pub(crate) fn row_score(graded: Graded) -> RowScore {
    RowScore {
        score: graded.score,
        max: graded.max_score,
        verdict: graded.verdict.map(|v| v.expectation_name().to_string()),
        groups: graded
            .groups
            .iter()
            .map(|g| (g.name.clone(), g.score, g.max))
            .collect(),
        tests: graded.tests,
        errors: graded.errors,
    }
}

/// How the test named `name` went for subtask scoring (`None` when it did not run).
fn subtask_outcome(e: &Evaluation, name: &str) -> Option<SubtaskOutcome> {
    let row = e.tests.iter().find(|t| t.name == name)?;
    Some(SubtaskOutcome {
        verdict: row.result.verdict,
        fraction: match row.result.score {
            Some(ValidatorScore::Multiplier(f)) => Some(f),
            _ => None,
        },
    })
}

/// A solution's score on an olympiad task's subtasks (nothing when it did not compile).
fn subtask_points(model: &SubtaskModel, e: &Evaluation) -> Option<Score> {
    if e.got == Some(Verdict::CE) || e.skipped.is_some() {
        return None;
    }
    Some(model.score(|name| subtask_outcome(e, name)))
}

/// A solution's points on a Polygon testset that gives points, or whose checker gave some: a
/// test passed when its row is AC, with the checker's points when it gave any (a test left
/// out, or not run, has failed).
fn polygon_points(model: &PointsModel, e: &Evaluation) -> Option<Score> {
    let given = |row: &crate::report::TestRow| match row.result.score {
        Some(ValidatorScore::Score(points)) if row.result.verdict == Verdict::AC => Some(points),
        _ => None,
    };
    let any_given = e.tests.iter().any(|t| given(t).is_some());
    if !(model.has_points() || any_given) || e.tests.is_empty() {
        return None;
    }
    Some(grade_polygon::score(model, |name| {
        match e.tests.iter().find(|t| t.name == name) {
            Some(row) if row.result.verdict == Verdict::AC => match given(row) {
                Some(points) => TestOutcome::CheckerPoints(points),
                None => TestOutcome::Passed,
            },
            _ => TestOutcome::Failed,
        }
    }))
}
