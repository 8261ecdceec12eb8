//! `stressjudge stress`: find a failing seed fast, shrink it, reproduce it exactly, never lose
//! it. The engine is [`crate::stress`]; this module builds the candidate, starts one sandbox per
//! job, writes failures as they are found and prints the report.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::common::{
    build_candidate, build_or_report, fault_error, pick_kind, require_generator, resolve_for_runs,
    Built,
};
use super::samples::samples_first;
use super::{print_json, print_out, Outcome};
use crate::build::Program;
use crate::error::UsageError;
use crate::judge::Verdict;
use crate::options::{CandidateOptions, CandidateSource, ProblemSpec, StressOptions};
use crate::problem::{KindSettings, Origin, Problem, TimeLimitOrigin};
use crate::report::json::{events, Event};
use crate::report::progress::{Display, Progress, Status};
use crate::report::shard::ShardInfo;
use crate::report::stress::{failure_stem, formats_json, signature, KindFormat};
use crate::report::{
    check_report_files, stress_text, write_report_files, Report, SaveError, StressReport,
    StressSubject,
};
use crate::run::cancel_all;
use crate::shell::quote;
use crate::stress::also_sanitized::{AlsoSanitized, BuildSanitized};
use crate::stress::any_output::AnyOutput;
use crate::stress::keep::TestsFolder;
use crate::stress::prepare::ignored_seed_warning;
use crate::stress::runner::SandboxCaseRunner;
use crate::stress::seeds::{SeedRange, Shard};
use crate::stress::store::{FailureMeta, FailureStore};
use crate::stress::{self as engine, CaseRunner, Counters, Failure, Plan, StressObserver, Unit};
use crate::testset::Plan as RunPlan;
use crate::units::human;

/// Set by the Ctrl-C handler; the stress loop stops taking work when it is raised.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Builds the candidate, starts one sandbox per job and runs the stress loop. A compile error
/// is reported as verdict CE (exit 1).
pub fn run(options: &StressOptions) -> Result<Outcome, UsageError> {
    check_report_files(&options.reports)?;
    crate::commands::common::check_folders()?;
    if options.json_lines {
        events::enable();
    }
    let problem = resolve_for_runs(&options.problem, &options.candidate, true)?;
    if options.explain_format {
        return explain_format(problem.as_ref(), options);
    }
    require_generator(problem.as_ref())?;
    let keep = match options.save_tests {
        true => Some(tests_folder(problem.as_ref(), &options.problem)?),
        false => None,
    };
    let mut plan = stress_plan(problem.as_ref(), options)?;
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| default_out(problem.as_ref()));
    let built = build_or_report(&options.candidate, &problem.info().id, options.json)?;
    events::emit(|| Event::Build {
        program: options.candidate.name(),
        ok: matches!(built, Built::Program(_)),
    });
    let program = match built {
        Built::Program(program) => *program,
        Built::Reported(outcome) => return Ok(outcome),
    };
    let plan_limits = RunPlan::new(&options.candidate, problem.info()).limits;
    let run_plan = RunPlan::new(&options.candidate, problem.info()).for_program(&program);
    let name = options.candidate.name();
    if options.samples_first {
        let samples = samples_first(problem.as_ref(), &run_plan, &name, &program, options.json)?;
        if let Some(outcome) = samples {
            return Ok(outcome);
        }
    }
    // No reference: crashes, time and memory are judged, any output accepted.
    let (problem, has_answers): (Arc<dyn Problem>, bool) = match AnyOutput::wrap(problem.clone()) {
        Some(wrapped) => {
            plan.same_crash = true;
            (Arc::new(wrapped), false)
        }
        None => (problem, true),
    };
    let subject = subject(problem.as_ref(), options, &program, &run_plan, &out);
    check_the_seed(problem.as_ref(), &mut plan, options.json, &out)?;
    install_interrupt_handler();
    let mut runners: Vec<Box<dyn CaseRunner + '_>> = Vec::new();
    for _ in 0..run_plan.workers() {
        let mut runner = SandboxCaseRunner::start(&program, problem.as_ref(), run_plan.limits)
            .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?;
        if options.candidate.time_limit.is_none() {
            runner = runner.following_kind_limits();
        }
        if options.candidate.memory_limit.is_none() {
            runner = runner.following_kind_memory();
        }
        runners.push(Box::new(runner));
    }
    let mut notes = problem.info().notes.clone();
    notes.extend(kind_notes(problem.as_ref(), options, &plan));
    let output = Output {
        out: &out,
        json: options.json,
        reports: &options.reports,
        notes,
        keep: keep.map(|folder| (folder, has_answers)),
        shard: (options.shard != Shard::WHOLE).then(|| stress_shard(options, &subject, &plan)),
        also: AlsoSanitized::new(
            &program,
            problem.info(),
            problem.interaction().is_some(),
            plan_limits,
            sanitized_build(&options.candidate),
        ),
    };
    stress(problem.as_ref(), &subject, &plan, output, runners)
}

/// What the kinds run set for themselves (a Polygon stress's `time-limit` and `solutions`):
/// a note per kind with its own time limit, and one per kind not meant for this candidate
/// (it runs anyway: the user asked for this candidate).
fn kind_notes(problem: &dyn Problem, options: &StressOptions, plan: &Plan) -> Vec<String> {
    let mut notes = Vec::new();
    for kind in &plan.kinds {
        let settings = problem.kind_settings(kind);
        if let Some(total) = settings.and_then(|s| s.total_time) {
            notes.push(match plan.time_budget {
                Some(_) => format!(
                    "kind {kind} runs for its total time limit, {} ms (--seeds gives seeds to \
                     run instead)",
                    total.as_millis()
                ),
                None if options.seeds_given => format!(
                    "kind {kind} sets a total time limit, {} ms; the seeds given are run instead",
                    total.as_millis()
                ),
                None => format!(
                    "kind {kind} sets a total time limit, {} ms, not used as not every kind run \
                     sets one (run it alone with --kind {kind})",
                    total.as_millis()
                ),
            });
        }
        if let Some(bytes) = settings.and_then(|s| s.memory_bytes) {
            notes.push(match options.candidate.memory_limit {
                None => format!(
                    "kind {kind} runs with its own memory limit, {} MiB",
                    bytes >> 20
                ),
                Some(_) => format!(
                    "kind {kind} sets its own memory limit, {} MiB; --memory-limit is used \
                     instead",
                    bytes >> 20
                ),
            });
        }
        if let Some(limit) = settings.and_then(|s| s.time_limit) {
            notes.push(match options.candidate.time_limit {
                None => format!(
                    "kind {kind} runs with its own time limit, {} ms",
                    limit.as_millis()
                ),
                Some(_) => format!(
                    "kind {kind} sets its own time limit, {} ms; --time-limit is used instead",
                    limit.as_millis()
                ),
            });
        }
        let (Some(names), CandidateSource::Path(path)) = (
            settings.and_then(KindSettings::meant_for),
            &options.candidate.source,
        ) else {
            continue;
        };
        if !names.iter().any(|name| path.ends_with(name)) {
            notes.push(format!(
                "kind {kind} is meant for {}, not {}; it runs on it all the same",
                names.join(", "),
                path.display()
            ));
        }
    }
    notes
}

/// How a generator of the user's own treats its seed, said once on stderr before the run:
/// - one seeded from the clock gives another input when run again for the same seed: the run
///   goes on with its inputs recorded as generated (each failing one saved, repro by `--input`);
/// - one that gives the same input for the first two seeds probably ignores its seed (a tiny
///   input space can do it honestly): a warning, nothing else.
fn check_the_seed(
    problem: &dyn Problem,
    plan: &mut Plan,
    json: bool,
    out: &std::path::Path,
) -> Result<(), UsageError> {
    if problem.info().origin == Origin::Builtin {
        return Ok(());
    }
    let reproduces = engine::engine::first_seed_reproduces(problem, plan)
        .map_err(|f| fault_error(f, Some(out)))?;
    if !reproduces {
        plan.recorded_inputs = true;
        eprintln!(
            "stressjudge: warning: {} gave another input when run again for the same seed (is \
             it seeded from the clock?): inputs are recorded as generated instead of \
             regenerated; each failing one is saved, and repro runs the saved file (--input)",
            generator_label(problem)
        );
        return Ok(());
    }
    if json {
        return Ok(());
    }
    if let Some(kind) = plan.kinds.first() {
        if let Some(warning) = ignored_seed_warning(problem, kind, &plan.seeds) {
            eprintln!("stressjudge: warning: {warning}");
        }
    }
    Ok(())
}

/// How warnings name the generator.
fn generator_label(problem: &dyn Problem) -> String {
    let name = &problem.info().generator_name;
    if name.is_empty() {
        "the generator".to_string()
    } else {
        name.clone()
    }
}

/// Inputs generated per kind to learn its format for `--explain-format`.
const EXPLAIN_INPUTS: usize = 64;

/// `--explain-format`: generates the first inputs of each kind, learns their format and prints
/// it (what the generator really covers); the candidate does not run.
fn explain_format(problem: &dyn Problem, options: &StressOptions) -> Result<Outcome, UsageError> {
    let info = problem.info();
    if info.kinds.is_empty() {
        return Err(UsageError::new(format!(
            "{} has no generator: give one with --gen",
            info.id
        )));
    }
    let kinds = match &options.kind {
        Some(kind) => vec![pick_kind(problem, Some(kind))?],
        None => info.kinds.clone(),
    };
    let seeds: Vec<u64> = options
        .shard
        .seeds(options.seeds)
        .take(EXPLAIN_INPUTS)
        .collect();
    let mut formats = Vec::new();
    for kind in kinds {
        let mut inputs = Vec::new();
        for &seed in &seeds {
            let unit = engine::Unit {
                kind: kind.clone(),
                seed,
            };
            let input = problem.generate(&kind, seed).map_err(|f| {
                fault_error(crate::error::Fault::judge(f, unit.context(), None), None)
            })?;
            inputs.push(input);
        }
        let format = crate::shrink::Format::learn(&inputs);
        formats.push(KindFormat {
            kind,
            inputs: inputs.len(),
            lines: format.explain(),
        });
    }
    if options.json {
        print_json(formats_json(&info.id, &formats))?;
    } else {
        print_out(&stress_text::formats_text(&formats))?;
    }
    Ok(Outcome::Passed)
}

/// The seeds and kinds to run.
fn stress_plan(problem: &dyn Problem, options: &StressOptions) -> Result<Plan, UsageError> {
    // The problem has kinds: `require_generator` came first.
    let kinds = match &options.kind {
        Some(kind) => vec![pick_kind(problem, Some(kind))?],
        None => problem.info().kinds.clone(),
    };
    let time_budget = time_budget(problem, options, &kinds);
    // Within a budget the seeds run from the first on until it is spent, as Polygon's stress
    // runs until its total time limit.
    let seeds = match time_budget {
        Some(_) => SeedRange {
            start: options.seeds.start,
            end: options.seeds.start.saturating_add(BUDGET_SEEDS),
        },
        None => options.seeds,
    };
    Ok(Plan {
        seeds: options.shard.seeds(seeds).collect(),
        kinds,
        keep_going: options.keep_going,
        shrink_attempts: 1000,
        shrink_time: Duration::from_secs(20),
        recorded_inputs: false,
        same_crash: false,
        time_budget,
    })
}

/// Most seeds a stress with a time budget runs (it usually stops at the budget first).
const BUDGET_SEEDS: u64 = 100_000;

/// How long the run may take, when the user gave no seeds and every kind run says how long
/// it runs (a Polygon stress's `totalTimeLimit`): the sum over the kinds, as they take turns.
fn time_budget(
    problem: &dyn Problem,
    options: &StressOptions,
    kinds: &[String],
) -> Option<Duration> {
    if options.seeds_given || kinds.is_empty() {
        return None;
    }
    kinds
        .iter()
        .map(|kind| problem.kind_settings(kind).and_then(|s| s.total_time))
        .sum::<Option<Duration>>()
}

/// Where `--save-tests` keeps failures: the `--tests` folder when given (what `judge` runs),
/// else a Kattis folder's `data/secret/`. A Polygon package lists its tests in problem.xml, a
/// BAPCtools folder generates `data/` from generators.yaml and a built-in problem has no
/// folder: each is a one-line error before anything runs.
fn tests_folder(problem: &dyn Problem, spec: &ProblemSpec) -> Result<TestsFolder, UsageError> {
    if let Some(dir) = &spec.ad_hoc.tests {
        return Ok(TestsFolder::at(dir));
    }
    let Origin::Folder(path) = &problem.info().origin else {
        return Err(UsageError::new(
            "--save-tests: give --tests DIR (or stress a problem folder): the failures are kept \
             where the next judge finds them",
        ));
    };
    if !path.join("problem.yaml").is_file() {
        return Err(UsageError::new(format!(
            "--save-tests: {} lists its tests in problem.xml; give --tests DIR to keep them in a \
             folder",
            path.display()
        )));
    }
    if path.join("generators/generators.yaml").is_file() {
        return Err(UsageError::new(format!(
            "--save-tests: {}: data/ is generated from generators/generators.yaml; add the test \
             there, or give --tests DIR",
            path.display()
        )));
    }
    Ok(TestsFolder {
        dir: path.join("data").join("secret"),
        answer_extension: "ans",
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
    /// `--save-tests`: where failures are kept as tests, and whether they have answers.
    pub keep: Option<(TestsFolder, bool)>,
    /// Which shard this is, for the report (`--shard I/N`).
    pub shard: Option<ShardInfo>,
    /// The sanitizer re-run of each failure of a C or C++ candidate.
    pub also: Option<AlsoSanitized<'a>>,
}

/// What a stress shard's report says of its shard: every shard of one stress has the same
/// identity (problem, candidate and its limits, kinds, whole seed range, `--keep-going`,
/// version), so `merge` can tell shards of another stress apart.
fn stress_shard(options: &StressOptions, subject: &StressSubject, plan: &Plan) -> ShardInfo {
    use sha2::Digest;
    let range = options.seeds;
    let version = env!("CARGO_PKG_VERSION");
    let mut hasher = sha2::Sha256::new();
    hasher.update(format!(
        "stress\0{}\0{}\0{}\0{}\0{}\0{:?}\0{}..{}\0{}\0{version}",
        subject.problem,
        subject.solution_hash,
        subject.repro_problem,
        subject.repro_candidate,
        crate::units::millis(subject.time_limit),
        plan.kinds,
        range.start,
        range.end,
        plan.keep_going,
    ));
    ShardInfo {
        command: "stress".to_string(),
        index: options.shard.index,
        count: options.shard.count,
        identity: crate::build::hex_digest(hasher),
        version: version.to_string(),
        jobs: range.len(),
        judged: Vec::new(),
        seeds: Some([range.start, range.end]),
    }
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
    let (store, unwritable) = FailureStore::probe(output.out);
    if let Some(why) = &unwritable {
        eprintln!(
            "stressjudge: note: failures cannot be saved in {} ({why}): each one found is \
             printed in full, and the run exits with code 2 if any could not be saved",
            output.out.display()
        );
    }
    let save_errors: Mutex<Vec<SaveError>> = Mutex::default();
    let counters = Arc::new(Counters::default());
    let signatures: Arc<Mutex<HashSet<String>>> = Arc::default();
    let started = Instant::now();
    let total = (plan.seeds.len() * plan.kinds.len()) as u64;
    let has_games = problem.packing().is_some();
    let progress = {
        let (counters, signatures) = (counters.clone(), signatures.clone());
        Progress::start(
            Display::for_stderr(!output.json),
            "stress",
            true,
            move || {
                let groups = signatures.lock().map_or(0, |g| g.len());
                progress_status(&counters, total, groups, started.elapsed(), has_games)
            },
        )
    };
    let findings: Mutex<HashMap<String, String>> = Mutex::default();
    let on_failure = |failure: &Failure| {
        let mut failure = failure.clone();
        failure.sanitizer = output.also.as_ref().and_then(|also| also.finding(&failure));
        if let (Some(found), Ok(mut all)) = (&failure.sanitizer, findings.lock()) {
            all.insert(failure_stem(&failure), found.clone());
        }
        let failure = &failure;
        let written = write_failure(&store, subject, failure);
        if let (Err(error), Ok(mut errors)) = (&written, save_errors.lock()) {
            errors.push(SaveError {
                stem: failure_stem(failure),
                error: error.clone(),
            });
        }
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
    let result = engine::run(
        problem,
        plan,
        runners,
        &counters,
        &INTERRUPTED,
        &Streamed(&on_failure),
    );
    progress.finish();
    let mut summary = result.map_err(|fault| fault_error(fault, Some(store.dir())))?;
    let mut findings = findings.into_inner().unwrap_or_default();
    for failure in &mut summary.failures {
        failure.sanitizer = findings.remove(&failure_stem(failure));
    }
    let mut notes = output.notes;
    if let Some((folder, has_answers)) = &output.keep {
        notes.extend(folder.keep(&summary.failures, *has_answers));
    }
    let report = StressReport {
        subject: subject.clone(),
        runs: counters.runs.load(Ordering::SeqCst),
        games: counters.games.load(Ordering::SeqCst),
        inputs: counters.units.load(Ordering::SeqCst),
        elapsed: started.elapsed(),
        interrupted: summary.interrupted || INTERRUPTED.load(Ordering::SeqCst),
        out: store.dir().to_path_buf(),
        failures: summary.failures,
        notes: budget_notes(notes, plan, summary.out_of_time, &counters),
        isolation: crate::run::process_isolation(),
        save_errors: save_errors.into_inner().unwrap_or_default(),
        has_games,
        shard: output.shard,
    };
    if output.json {
        print_json(report.to_json())?;
    } else {
        print_out(&stress_text::summary_text(&report))?;
    }
    let written = write_report_files(Report::Stress(&report), output.reports);
    if let Some(unsaved) = stress_text::unsaved_error(&report) {
        // Exit 2: the verdict is printed above, but a script must not go looking for files
        // that are not there (docs/guide/faults.md).
        return Err(match written {
            Err(report_error) => UsageError::new(format!("{unsaved}; {report_error}")),
            Ok(()) => UsageError::new(unsaved),
        });
    }
    written?;
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

/// A stress observer that streams what it hears as `--json-lines` events (when they are on)
/// and passes each triaged failure on.
struct Streamed<'a, F: Fn(&Failure) + Sync>(&'a F);

impl<F: Fn(&Failure) + Sync> StressObserver for Streamed<'_, F> {
    fn failing(&self, unit: &Unit, verdict: Verdict, detail: &str) {
        events::emit(|| Event::Failure {
            seed: unit.seed,
            kind: unit.kind.clone(),
            verdict,
            detail: detail.to_string(),
        });
    }

    fn shrink_step(&self, unit: &Unit, steps: usize, input: &str) {
        events::emit(|| Event::ShrinkStep {
            seed: unit.seed,
            kind: unit.kind.clone(),
            steps,
            input_bytes: input.len(),
        });
    }

    fn failure(&self, failure: &Failure) {
        (self.0)(failure);
        events::emit(|| Event::Shrunk {
            seed: failure.unit.seed,
            kind: failure.unit.kind.clone(),
            verdict: failure.verdict,
            shrunk_input: failure.shrunk_input.clone(),
            shrink_steps: failure.shrink_steps,
        });
    }
}

/// `notes`, and when the time budget ended the run, one saying so.
fn budget_notes(
    mut notes: Vec<String>,
    plan: &Plan,
    out_of_time: bool,
    counters: &Counters,
) -> Vec<String> {
    if let (true, Some(budget)) = (out_of_time, plan.time_budget) {
        notes.push(format!(
            "stopped at the total time limit, {} ms, after {} input(s)",
            budget.as_millis(),
            counters.units.load(Ordering::SeqCst)
        ));
    }
    notes
}

/// The progress reading of a stress run: inputs done of all, games (or, where an input is not
/// a list of games, inputs) and their rate, runs, failures and their distinct groups.
fn progress_status(
    counters: &Counters,
    total: u64,
    groups: usize,
    elapsed: Duration,
    has_games: bool,
) -> Status {
    let units = counters.units.load(Ordering::Relaxed);
    let games = counters.games.load(Ordering::Relaxed);
    let runs = counters.runs.load(Ordering::Relaxed);
    let failures = counters.failures.load(Ordering::Relaxed);
    let (word, count) = if has_games {
        ("games", games)
    } else {
        ("inputs", units)
    };
    let rate = count as f64 / elapsed.as_secs_f64().max(1e-3);
    Status {
        done: units,
        total,
        message: format!(
            "{word} {} ({}/s)  runs {runs}  failures {failures} in {groups} group(s)",
            human(count as f64),
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
        recorded_input: failure.recorded_input,
    };
    let files: [(String, &[u8]); 4] = [
        (format!("{stem}.in"), failure.input.as_bytes()),
        (format!("{stem}.ans"), failure.expected.text.as_bytes()),
        (format!("{stem}.out"), &failure.output),
        (format!("{stem}.min.in"), failure.shrunk_input.as_bytes()),
    ];
    let mut written = Vec::new();
    let mut failed = None;
    for (name, bytes) in files {
        match store.write(&name, bytes) {
            Ok(path) => written.push(path),
            Err(e) => {
                failed = Some(format!("{name}: {e}"));
                break;
            }
        }
    }
    if failed.is_none() {
        match store.write_meta(&stem, &meta) {
            Ok(path) => written.push(path),
            Err(e) => failed = Some(format!("{stem}.json: {e}")),
        }
    }
    match failed {
        None => Ok(written),
        Some(why) => {
            // Not half a failure: the files already written go too, so what is there is whole.
            for path in &written {
                let _ = std::fs::remove_file(path);
            }
            Err(format!(
                "could not write {why} in {}",
                store.dir().display()
            ))
        }
    }
}

/// What reports and repro commands say about the problem and the candidate.
pub fn subject(
    problem: &dyn Problem,
    options: &StressOptions,
    program: &Program,
    plan: &RunPlan,
    out: &std::path::Path,
) -> StressSubject {
    StressSubject {
        problem: problem.info().id.clone(),
        solution: options.candidate.name(),
        solution_hash: program.content_hash.clone(),
        repro_problem: repro_problem_args(&options.problem),
        repro_candidate: repro_candidate_args(&options.candidate, derived_limit(problem)),
        time_limit: plan.limits.cpu,
        memory_limit: plan.limits.memory_bytes,
        saved_in: out.to_path_buf(),
        interactive: problem.interaction().is_some(),
        python: super::common::python_named(program, &options.candidate.source),
    }
}

/// The arguments naming the problem in a repro command.
pub fn repro_problem_args(spec: &ProblemSpec) -> String {
    let mut words = Vec::new();
    if let Some(name) = &spec.name {
        words.push(quote(name));
    }
    let parts = &spec.ad_hoc;
    for generator in parts.generator.iter().chain(&parts.more_generators) {
        words.push(format!("--gen {}", quote(generator)));
    }
    if let Some(file) = &parts.gen_output {
        words.push(format!("--gen-output {}", quote(file)));
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
    let file_io = [
        ("--input-file", &parts.file_io.input),
        ("--output-file", &parts.file_io.output),
        ("--testset", &parts.testset),
    ];
    for (flag, name) in file_io {
        if let Some(name) = name {
            words.push(format!("{flag} {}", quote(name)));
        }
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
    if candidate.sanitize {
        args.push_str(" --sanitize");
    }
    args
}

/// Ctrl-C: stop taking work, kill the runs in progress, keep what was found (`mutants` too).
pub fn install_interrupt_handler() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            INTERRUPTED.store(true, Ordering::SeqCst);
            cancel_all();
        });
    });
}

/// How the sanitizer re-run builds the candidate: as `--sanitize` would.
fn sanitized_build(candidate: &CandidateOptions) -> BuildSanitized {
    let candidate = CandidateOptions {
        sanitize: true,
        ..candidate.clone()
    };
    Box::new(move || {
        build_candidate(&candidate)
            .map_err(|e| e.to_string().trim_start_matches("--sanitize: ").to_string())
    })
}
