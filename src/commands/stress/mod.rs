//! `stressjudge stress`: find a failing seed fast, shrink it, reproduce it exactly, never lose it.
//!
//! [`engine`] plans and runs the seeds; [`shrink`] minimises failures; [`store`] writes each
//! failure to disk the moment it is found; [`seeds`] parses `--seeds` and `--shard`; [`output`]
//! prints progress, failures and the summary (or the JSON object).

pub mod engine;
pub mod output;
pub mod runner;
pub mod seeds;
pub mod shrink;
pub mod store;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::cli::{CandidateArgs, StressArgs};
use super::testset::adapter::{build_candidate, shell_quote, BuildError, Program};
use super::testset::Plan as TestPlan;
use super::Outcome;
use crate::catalog::{self, Entry};
use crate::error::UsageError;
use crate::generators::Kind;
use engine::{CaseRunner, Counters, Failure, Plan};
use runner::SandboxCaseRunner;
use seeds::{SeedRange, Shard};
use store::{FailureMeta, FailureStore};

/// Seeds tried when `--seeds` is absent: about a minute at most for a correct C++ solution.
pub const DEFAULT_SEEDS: SeedRange = SeedRange { start: 1, end: 101 };

/// Parses `--kind`: one kind name or `all`.
pub fn parse_kinds(text: &str) -> Result<Vec<Kind>, UsageError> {
    if text == "all" {
        return Ok(Kind::ALL.to_vec());
    }
    Kind::from_name(text).map(|k| vec![k]).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        UsageError::new(format!(
            "unknown kind `{text}` (known: {}, all)",
            names.join(", ")
        ))
    })
}

/// Everything about the candidate that the stress loop reports but does not run.
#[derive(Debug, Clone)]
pub struct CandidateInfo {
    /// The solution as the user named it.
    pub label: String,
    /// Content hash of the built program.
    pub hash: String,
    /// The flags that select the candidate and its limits, as they must appear in a repro
    /// command (e.g. `path/sol.cpp --time-limit 1s`).
    pub repro_args: String,
    /// CPU time limit.
    pub time_limit: Duration,
    /// Memory limit in bytes.
    pub memory_limit: u64,
}

/// Parsed stress options.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// What to run.
    pub plan: Plan,
    /// Where failures go.
    pub out: PathBuf,
    /// Print JSON instead of text.
    pub json: bool,
}

impl StressOptions {
    /// Reads the stress flags (everything but the candidate).
    pub fn from_args(entry: &Entry, args: &StressArgs) -> Result<StressOptions, UsageError> {
        let kinds = parse_kinds(&args.kind)?;
        let range = match &args.seeds {
            Some(text) => SeedRange::parse(text)?,
            None => DEFAULT_SEEDS,
        };
        let shard = match &args.shard {
            Some(text) => Shard::parse(text)?,
            None => Shard::WHOLE,
        };
        let out = args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("stressjudge-failures").join(entry.problem.id()));
        Ok(StressOptions {
            plan: Plan {
                seeds: shard.seeds(range).collect(),
                kinds,
                keep_going: args.keep_going,
                shrink_attempts: 1000,
                shrink_time: Duration::from_secs(20),
            },
            out,
            json: args.json,
        })
    }
}

/// Set by the Ctrl-C handler; the stress loop stops taking work when it is raised.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Runs the stress loop with runners from `make_runner` (one per job), writes failures, prints
/// the report, and says whether anything failed.
pub fn stress<'a>(
    entry: &Entry,
    candidate: &CandidateInfo,
    options: &StressOptions,
    runners: Vec<Box<dyn CaseRunner + 'a>>,
) -> Result<Outcome, UsageError> {
    let store = FailureStore::open(&options.out)?;
    let counters = Arc::new(Counters::default());
    let started = Instant::now();
    let total = options.plan.seeds.len() * options.plan.kinds.len();
    let progress = output::Progress::start(counters.clone(), !options.json, total);
    let write_failure = |failure: &Failure| {
        let written = write_failure(&store, entry, candidate, failure);
        if !options.json {
            progress.suspend(|| output::print_failure(entry, candidate, failure, &written));
        }
    };
    let summary = engine::run(
        entry,
        &options.plan,
        runners,
        &counters,
        &INTERRUPTED,
        &write_failure,
    );
    progress.finish();
    let elapsed = started.elapsed();
    let report = output::Report {
        problem: entry.problem.id(),
        candidate,
        counters: &counters,
        failures: &summary.failures,
        elapsed,
        interrupted: summary.interrupted || INTERRUPTED.load(Ordering::SeqCst),
        out: store.dir(),
    };
    if options.json {
        let mut json = report.json();
        json["isolation"] = super::isolation_json();
        super::print_out(&format!("{json}\n"))?;
    } else {
        super::print_out(&format!("{}{}", report.text(), super::isolation_line()))?;
    }
    Ok(if summary.failures.is_empty() {
        if report.interrupted {
            Outcome::Interrupted
        } else {
            Outcome::Passed
        }
    } else {
        Outcome::Failed
    })
}

/// The command that reproduces a failure byte for byte.
pub fn repro_command(entry: &Entry, candidate: &CandidateInfo, failure: &Failure) -> String {
    format!(
        "stressjudge repro {} {} --seed {} --kind {}",
        entry.problem.id(),
        candidate.repro_args,
        failure.unit.seed,
        failure.unit.kind
    )
}

/// Where a failure's files go, relative to the output folder: `KIND/SEED` (so the files are
/// `KIND/SEED.in`, `KIND/SEED.ans`, ... and seeds of different kinds never collide).
pub fn failure_stem(failure: &Failure) -> String {
    format!("{}/{}", failure.unit.kind, failure.unit.seed)
}

/// Writes a failure's files; returns the paths written, or the error text if writing failed
/// (a full disk must not kill the run: the failure is still printed).
fn write_failure(
    store: &FailureStore,
    entry: &Entry,
    candidate: &CandidateInfo,
    failure: &Failure,
) -> Result<Vec<PathBuf>, String> {
    let stem = failure_stem(failure);
    let meta = FailureMeta {
        problem: entry.problem.id().to_string(),
        solution: candidate.label.clone(),
        solution_hash: candidate.hash.clone(),
        seed: failure.unit.seed,
        kind: failure.unit.kind.to_string(),
        verdict: format!("{:?}", failure.verdict),
        time_limit_ms: candidate.time_limit.as_millis() as u64,
        memory_limit_bytes: candidate.memory_limit,
        harness_version: env!("CARGO_PKG_VERSION").to_string(),
        repro: repro_command(entry, candidate, failure),
    };
    let expected = output::lines(&failure.expected);
    let files: [(String, &[u8]); 4] = [
        (format!("{stem}.in"), failure.input.as_bytes()),
        (format!("{stem}.ans"), expected.as_bytes()),
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

/// Builds the candidate, starts one sandbox per job and runs the stress loop. A compile error
/// is reported as verdict CE (exit 1).
pub fn run(args: &StressArgs) -> Result<Outcome, UsageError> {
    let entry = catalog::find(&args.problem)?;
    let problem = entry.problem.as_ref();
    let test_plan = TestPlan::from_args(&args.candidate, problem.limits())?;
    let options = StressOptions::from_args(entry, args)?;
    let program = match build_candidate(&args.candidate) {
        Ok(program) => program,
        Err(BuildError::Usage(e)) => return Err(e),
        Err(BuildError::Compile(message)) => {
            return report_compile_error(problem.id(), &args.candidate, &message, args.json)
        }
    };
    let candidate = candidate_info(&args.candidate, &program, &test_plan);
    install_interrupt_handler();
    let jobs = if test_plan.strict_timing {
        1
    } else {
        test_plan.jobs
    };
    let mut runners: Vec<Box<dyn CaseRunner + '_>> = Vec::new();
    for _ in 0..jobs {
        let runner = SandboxCaseRunner::start(&program, problem, test_plan.limits)
            .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?;
        runners.push(Box::new(runner));
    }
    stress(entry, &candidate, &options, runners)
}

/// What reports and repro commands say about the candidate.
pub fn candidate_info(args: &CandidateArgs, program: &Program, plan: &TestPlan) -> CandidateInfo {
    let mut repro_args = match (&args.solution, &args.cmd) {
        (Some(path), _) => shell_quote(&path.to_string_lossy()),
        (None, Some(cmd)) => format!("--cmd {}", shell_quote(cmd)),
        (None, None) => String::new(),
    };
    for (flag, value) in [
        ("--time-limit", &args.time_limit),
        ("--memory-limit", &args.memory_limit),
    ] {
        if let Some(value) = value {
            repro_args.push_str(&format!(" {flag} {}", shell_quote(value)));
        }
    }
    if args.output_limit != "64MiB" {
        repro_args.push_str(&format!(
            " --output-limit {}",
            shell_quote(&args.output_limit)
        ));
    }
    CandidateInfo {
        label: args.name(),
        hash: program.content_hash.clone(),
        repro_args,
        time_limit: plan.limits.cpu,
        memory_limit: plan.limits.memory_bytes,
    }
}

/// Prints a compile error (text or JSON) and returns the failed outcome.
pub fn report_compile_error(
    problem: &str,
    args: &CandidateArgs,
    message: &str,
    json: bool,
) -> Result<Outcome, UsageError> {
    let solution = args.name();
    if json {
        let object = serde_json::json!({
            "problem": problem,
            "solution": solution,
            "verdict": "CE",
            "message": message,
            "runs": 0,
            "games": 0,
            "elapsed_ms": 0,
            "failures": [],
            "isolation": super::isolation_json(),
        });
        super::print_out(&format!("{object}\n"))?;
    } else {
        super::print_out(&format!("CE: {solution} does not compile:\n{message}\n"))?;
    }
    Ok(Outcome::Failed)
}

/// Ctrl-C: stop taking work, kill the runs in progress, keep what was found.
fn install_interrupt_handler() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            INTERRUPTED.store(true, Ordering::SeqCst);
            runner::cancel_all();
        });
    });
}
