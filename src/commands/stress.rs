//! `stressjudge stress`: find a failing seed fast, shrink it, reproduce it exactly, never lose
//! it. The engine is [`crate::stress`]; this module builds the candidate, starts one sandbox per
//! job, writes failures as they are found and prints the report.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::common::{
    build_or_report, fault_error, pick_kind, require_generator_and_reference, resolve_for_runs,
    Built,
};
use super::{print_out, Outcome};
use crate::build::Program;
use crate::error::UsageError;
use crate::options::{CandidateOptions, CandidateSource, ProblemSpec, StressOptions};
use crate::problem::{Origin, Problem, TimeLimitOrigin};
use crate::report::progress::{Display, Progress, Status};
use crate::report::stress::{failure_stem, signature};
use crate::report::{
    check_report_files, stress_text, write_report_files, Report, StressReport, StressSubject,
};
use crate::run::cancel_all;
use crate::shell::quote;
use crate::stress::prepare::ignored_seed_warning;
use crate::stress::runner::SandboxCaseRunner;
use crate::stress::store::{FailureMeta, FailureStore};
use crate::stress::{self as engine, CaseRunner, Counters, Failure, Plan};
use crate::testset::Plan as RunPlan;
use crate::units::human;

/// Set by the Ctrl-C handler; the stress loop stops taking work when it is raised.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Builds the candidate, starts one sandbox per job and runs the stress loop. A compile error
/// is reported as verdict CE (exit 1).
pub fn run(options: &StressOptions) -> Result<Outcome, UsageError> {
    check_report_files(&options.reports)?;
    let problem = resolve_for_runs(&options.problem, &options.candidate, true)?;
    require_generator_and_reference(problem.as_ref())?;
    let run_plan = RunPlan::new(&options.candidate, problem.info());
    let plan = stress_plan(problem.as_ref(), options)?;
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| default_out(problem.as_ref()));
    let program = match build_or_report(&options.candidate, &problem.info().id, options.json)? {
        Built::Program(program) => program,
        Built::Reported(outcome) => return Ok(outcome),
    };
    let subject = subject(problem.as_ref(), options, &program, &run_plan);
    warn_if_the_seed_is_ignored(problem.as_ref(), &plan, options.json);
    install_interrupt_handler();
    let mut runners: Vec<Box<dyn CaseRunner + '_>> = Vec::new();
    for _ in 0..run_plan.workers() {
        let runner = SandboxCaseRunner::start(&program, problem.as_ref(), run_plan.limits)
            .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?;
        runners.push(Box::new(runner));
    }
    let output = Output {
        out: &out,
        json: options.json,
        reports: &options.reports,
        notes: problem.info().notes.clone(),
    };
    stress(problem.as_ref(), &subject, &plan, output, runners)
}

/// A generator of the user's own that gives the same input for the first two seeds probably
/// ignores its seed (`random.seed()` from the clock makes it non-deterministic instead, which
/// the engine refuses): said on stderr before the run, not an error (a tiny input space can do
/// it honestly).
fn warn_if_the_seed_is_ignored(problem: &dyn Problem, plan: &Plan, json: bool) {
    if problem.info().origin == Origin::Builtin || json {
        return;
    }
    if let Some(kind) = plan.kinds.first() {
        if let Some(warning) = ignored_seed_warning(problem, kind, &plan.seeds) {
            eprintln!("stressjudge: warning: {warning}");
        }
    }
}

/// The seeds and kinds to run.
fn stress_plan(problem: &dyn Problem, options: &StressOptions) -> Result<Plan, UsageError> {
    // The problem has kinds: `require_generator_and_reference` came first.
    let kinds = match &options.kind {
        Some(kind) => vec![pick_kind(problem, Some(kind))?],
        None => problem.info().kinds.clone(),
    };
    Ok(Plan {
        seeds: options.shard.seeds(options.seeds).collect(),
        kinds,
        keep_going: options.keep_going,
        shrink_attempts: 1000,
        shrink_time: Duration::from_secs(20),
    })
}

/// `stressjudge-failures/PROBLEM/` (a folder problem by its folder's name).
fn default_out(problem: &dyn Problem) -> PathBuf {
    let info = problem.info();
    let name = match &info.origin {
        Origin::Folder(path) => path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "problem".into()),
        _ => info.id.clone(),
    };
    PathBuf::from("stressjudge-failures").join(name)
}

/// Where a stress run's results go.
pub struct Output<'a> {
    /// The failure folder.
    pub out: &'a std::path::Path,
    /// Print one JSON object instead of the text report.
    pub json: bool,
    /// Extra report files.
    pub reports: &'a [PathBuf],
    /// Notes on how the problem was read.
    pub notes: Vec<String>,
}

/// Runs the stress loop with the given runners (one per job), writes failures, prints the
/// report, and says whether anything failed.
pub fn stress<'a>(
    problem: &dyn Problem,
    subject: &StressSubject,
    plan: &Plan,
    output: Output<'_>,
    runners: Vec<Box<dyn CaseRunner + 'a>>,
) -> Result<Outcome, UsageError> {
    let store = FailureStore::open(output.out)?;
    let counters = Arc::new(Counters::default());
    let signatures: Arc<Mutex<HashSet<String>>> = Arc::default();
    let started = Instant::now();
    let total = (plan.seeds.len() * plan.kinds.len()) as u64;
    let progress = {
        let (counters, signatures) = (counters.clone(), signatures.clone());
        Progress::start(
            Display::for_stderr(!output.json),
            "stress",
            true,
            move || {
                let groups = signatures.lock().map_or(0, |g| g.len());
                progress_status(&counters, total, groups, started.elapsed())
            },
        )
    };
    let on_failure = |failure: &Failure| {
        let written = write_failure(&store, subject, failure);
        if let Ok(mut seen) = signatures.lock() {
            seen.insert(signature(failure));
        }
        if !output.json {
            let text = stress_text::failure_text(subject, failure, &written);
            progress.suspend(|| {
                let _ = print_out(&text);
            });
        }
    };
    let result = engine::run(problem, plan, runners, &counters, &INTERRUPTED, &on_failure);
    progress.finish();
    let summary = result.map_err(|fault| fault_error(fault, Some(store.dir())))?;
    let report = StressReport {
        subject: subject.clone(),
        runs: counters.runs.load(Ordering::SeqCst),
        games: counters.games.load(Ordering::SeqCst),
        inputs: counters.units.load(Ordering::SeqCst),
        elapsed: started.elapsed(),
        interrupted: summary.interrupted || INTERRUPTED.load(Ordering::SeqCst),
        out: store.dir().to_path_buf(),
        failures: summary.failures,
        notes: output.notes,
        isolation: crate::run::process_isolation(),
    };
    if output.json {
        print_out(&format!("{}\n", report.to_json()))?;
    } else {
        print_out(&stress_text::summary_text(&report))?;
    }
    write_report_files(Report::Stress(&report), output.reports)?;
    Ok(if report.failures.is_empty() {
        if report.interrupted {
            Outcome::Interrupted
        } else {
            Outcome::Passed
        }
    } else {
        Outcome::Failed
    })
}

/// The progress reading of a stress run: inputs done of all, games and their rate, runs,
/// failures and their distinct groups.
fn progress_status(counters: &Counters, total: u64, groups: usize, elapsed: Duration) -> Status {
    let units = counters.units.load(Ordering::Relaxed);
    let games = counters.games.load(Ordering::Relaxed);
    let runs = counters.runs.load(Ordering::Relaxed);
    let failures = counters.failures.load(Ordering::Relaxed);
    let rate = games as f64 / elapsed.as_secs_f64().max(1e-3);
    Status {
        done: units,
        total,
        message: format!(
            "games {} ({}/s)  runs {runs}  failures {failures} in {groups} group(s)",
            human(games as f64),
            human(rate)
        ),
    }
}

/// Writes a failure's files; returns the paths written, or the error text if writing failed
/// (a full disk must not kill the run: the failure is still printed).
fn write_failure(
    store: &FailureStore,
    subject: &StressSubject,
    failure: &Failure,
) -> Result<Vec<PathBuf>, String> {
    let stem = failure_stem(failure);
    let meta = FailureMeta {
        problem: subject.problem.clone(),
        solution: subject.solution.clone(),
        solution_hash: subject.solution_hash.clone(),
        seed: failure.unit.seed,
        kind: failure.unit.kind.clone(),
        verdict: failure.verdict.name().to_string(),
        time_limit_ms: subject.time_limit.as_millis() as u64,
        memory_limit_bytes: subject.memory_limit,
        harness_version: env!("CARGO_PKG_VERSION").to_string(),
        repro: subject.repro_command(failure),
    };
    let files: [(String, &[u8]); 4] = [
        (format!("{stem}.in"), failure.input.as_bytes()),
        (format!("{stem}.ans"), failure.expected.text.as_bytes()),
        (format!("{stem}.out"), &failure.output),
        (format!("{stem}.min.in"), failure.shrunk_input.as_bytes()),
    ];
    let mut written = Vec::new();
    for (name, bytes) in files {
        written.push(store.write(&name, bytes).map_err(|e| e.to_string())?);
    }
    written.push(store.write_meta(&stem, &meta).map_err(|e| e.to_string())?);
    Ok(written)
}

/// What reports and repro commands say about the problem and the candidate.
pub fn subject(
    problem: &dyn Problem,
    options: &StressOptions,
    program: &Program,
    plan: &RunPlan,
) -> StressSubject {
    StressSubject {
        problem: problem.info().id.clone(),
        solution: options.candidate.name(),
        solution_hash: program.content_hash.clone(),
        repro_problem: repro_problem_args(&options.problem),
        repro_candidate: repro_candidate_args(&options.candidate, derived_limit(problem)),
        time_limit: plan.limits.cpu,
        memory_limit: plan.limits.memory_bytes,
        interactive: problem.interaction().is_some(),
    }
}

/// The arguments naming the problem in a repro command.
pub fn repro_problem_args(spec: &ProblemSpec) -> String {
    let mut words = Vec::new();
    if let Some(name) = &spec.name {
        words.push(quote(name));
    }
    let parts = &spec.ad_hoc;
    if let Some(generator) = &parts.generator {
        words.push(format!("--gen {}", quote(generator)));
    }
    let paths = [
        ("--ref", &parts.reference),
        ("--checker", &parts.checker),
        ("--output-validator", &parts.output_validator),
        ("--interactor", &parts.interactor),
    ];
    for (flag, path) in paths {
        if let Some(path) = path {
            words.push(format!("{flag} {}", quote(&path.to_string_lossy())));
        }
    }
    for validator in &parts.validators {
        words.push(format!(
            "--validator {}",
            quote(&validator.to_string_lossy())
        ));
    }
    if let Some(convention) = &parts.interactor_convention {
        words.push(format!("--interactor-convention {convention}"));
    }
    words.join(" ")
}

/// The time limit a repro command must name because the problem did not: one derived from the
/// accepted submissions (so the repro neither re-derives it nor gets another on another
/// machine).
fn derived_limit(problem: &dyn Problem) -> Option<Duration> {
    let info = problem.info();
    (info.time_limit_origin == TimeLimitOrigin::Derived).then_some(info.limits.time)
}

/// The arguments selecting the candidate and its limits in a repro command; `derived` is a
/// derived time limit to name when the user gave none.
pub fn repro_candidate_args(candidate: &CandidateOptions, derived: Option<Duration>) -> String {
    let mut args = match &candidate.source {
        CandidateSource::Path(path) => quote(&path.to_string_lossy()),
        CandidateSource::Command(cmd) => format!("--cmd {}", quote(cmd)),
    };
    for (flag, value) in &candidate.limit_flags {
        args.push_str(&format!(" {flag} {}", quote(value)));
    }
    if let (None, Some(limit)) = (candidate.time_limit, derived) {
        args.push_str(&format!(" --time-limit {}s", limit.as_secs_f64()));
    }
    args
}

/// Ctrl-C: stop taking work, kill the runs in progress, keep what was found.
fn install_interrupt_handler() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            INTERRUPTED.store(true, Ordering::SeqCst);
            cancel_all();
        });
    });
}
