//! `stressjudge mutants PROBLEM [SOLUTION]`: how strong are the problem's tests? The engine is
//! [`crate::mutants`]; this module picks the solution to mutate, drives the run with a progress
//! display, keeps the missing tests (`--save-tests`) and prints the report.
//!
//! Exit 0 when no mutant is killable (every mutant a generated input fails, some test fails
//! too), 1 when the tests miss a killable mutant, 2 on bad input (a source the parser cannot
//! read, a language without mutation rules, a solution that fails a test).

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::common::{check_folders, fault_error, resolve_for_runs};
use super::stress::{install_interrupt_handler, INTERRUPTED};
use super::{print_json, print_out, Outcome};
use crate::error::UsageError;
use crate::mutants::save::tests_home;
use crate::mutants::{Fate, MutationRun, Original, Settings, Stop, Tally};
use crate::options::{CandidateOptions, CandidateSource, IsolationChoice, MutantsOptions};
use crate::problem::{Origin, Problem};
use crate::report::progress::{Display, Progress, Status};
use crate::report::shard::ShardInfo;
use crate::report::{check_report_files, write_report_files, MutantsReport, Report};

/// Runs `stressjudge mutants`.
pub fn run(options: &MutantsOptions) -> Result<Outcome, UsageError> {
    check_report_files(&options.reports)?;
    check_folders()?;
    let candidate = candidate_options(options.jobs, options.isolation, options.solution.clone());
    let problem = resolve_for_runs(&options.problem, &candidate, true)?;
    let path = solution_to_mutate(
        problem.as_ref(),
        options.solution.as_deref(),
        &options.solutions,
    )?;
    let original = Original::read(&path)?;
    let home = match options.save_tests {
        true => Some(tests_home(problem.as_ref(), &options.problem)?),
        false => None,
    };
    install_interrupt_handler();
    let settings = Settings {
        jobs: options.jobs,
        budget: options.budget,
        floor: options.floor,
        shard: options.shard.map(|s| (s.index, s.count)),
    };
    let run = measure(problem.as_ref(), &original, settings, !options.json)?;
    let saved = match &home {
        Some(home) => home.keep(&missing_tests(&run)),
        None => Vec::new(),
    };
    let shard = options
        .shard
        .map(|s| mutants_shard(s, problem.as_ref(), &original, options, &run));
    let report = MutantsReport {
        problem: problem.info().id.clone(),
        shard,
        run,
        saved,
        notes: problem.info().notes.clone(),
        isolation: crate::run::process_isolation(),
    };
    present(&report, options.json, &options.reports)
}

/// Prints `report` (JSON with `json`, else text), writes it to the `--report` files, and gives
/// the outcome: failed when a mutant is killable, then interrupted, else passed. One run's
/// report and `merge`'s of its shards are presented alike.
pub(super) fn present(
    report: &MutantsReport,
    json: bool,
    reports: &[PathBuf],
) -> Result<Outcome, UsageError> {
    if json {
        print_json(report.to_json())?;
    } else {
        print_out(&crate::report::mutants::text(report))?;
    }
    write_report_files(Report::Mutants(report), reports)?;
    Ok(if report.tests_miss_some() {
        Outcome::Failed
    } else if report.run.interrupted {
        Outcome::Interrupted
    } else {
        Outcome::Passed
    })
}

/// What a mutants shard's report says of its shard: every shard of one run shares the problem,
/// the original's text, the budget, the time-limit floor and the version, so `merge` can tell
/// shards of another run apart; the jobs are the distinct mutants, dealt round-robin.
fn mutants_shard(
    shard: crate::stress::seeds::Shard,
    problem: &dyn Problem,
    original: &Original,
    options: &MutantsOptions,
    run: &MutationRun,
) -> ShardInfo {
    use sha2::Digest;
    let version = env!("CARGO_PKG_VERSION");
    let mut hasher = sha2::Sha256::new();
    hasher.update(format!(
        "mutants\0{}\0{}\0{}\0{}\0{}\0{version}\0",
        problem.info().id,
        original.path.display(),
        run.budget.describe(),
        options.floor.as_millis(),
        run.tests.join("\0"),
    ));
    hasher.update(original.source.as_bytes());
    let jobs = run.all_mutants as u64;
    ShardInfo {
        command: "mutants".to_string(),
        index: shard.index,
        count: shard.count,
        identity: crate::build::hex_digest(hasher),
        version: version.to_string(),
        jobs,
        judged: crate::report::shard::dealt(shard.index, shard.count, jobs).collect(),
        seeds: None,
    }
}

/// The candidate options a problem is resolved with for `mutants` (its time limit derived from
/// the accepted submissions when the folder sets none, as for any candidate).
fn candidate_options(
    jobs: usize,
    isolation: IsolationChoice,
    solution: Option<PathBuf>,
) -> CandidateOptions {
    CandidateOptions {
        source: CandidateSource::Path(solution.unwrap_or_default()),
        time_limit: None,
        memory_limit: None,
        output_limit: None,
        jobs,
        strict_timing: false,
        isolation,
        limit_flags: Vec::new(),
        sanitize: false,
    }
}

/// Every mutant of `original` judged on `problem` (with a progress display on stderr when
/// `show_progress`); a fault or bad input is the one-line error.
pub fn measure(
    problem: &dyn Problem,
    original: &Original,
    settings: Settings,
    show_progress: bool,
) -> Result<MutationRun, UsageError> {
    let tally = Arc::new(Tally::default());
    let progress = {
        let tally = tally.clone();
        Progress::start(
            Display::for_stderr(show_progress),
            "mutants",
            true,
            move || Status {
                done: tally.done.load(Ordering::Relaxed),
                total: tally.total.load(Ordering::Relaxed),
                message: format!(
                    "killed {}  killable {}  did not build {}",
                    tally.killed.load(Ordering::Relaxed),
                    tally.killable.load(Ordering::Relaxed),
                    tally.not_built.load(Ordering::Relaxed)
                ),
            },
        )
    };
    let result = crate::mutants::run(problem, original, settings, &INTERRUPTED, &tally);
    progress.finish();
    result.map_err(|stop| match stop {
        Stop::Usage(e) => e,
        Stop::Fault(fault) => fault_error(fault, None),
    })
}

/// Each killable mutant's shrunk input and the reference's answer, each input once.
pub fn missing_tests(run: &MutationRun) -> Vec<(String, String)> {
    let mut tests: Vec<(String, String)> = Vec::new();
    for judged in &run.mutants {
        if let Fate::Killable(found) = &judged.fate {
            if !tests.iter().any(|(input, _)| *input == found.input) {
                tests.push((found.input.clone(), found.answer.clone()));
            }
        }
    }
    tests
}

/// The solution `mutants` mutates: the one named, else the problem's reference program, else
/// (a built-in problem, whose reference is Rust) the first accepted solution of its library in
/// a language with mutation rules.
pub fn solution_to_mutate(
    problem: &dyn Problem,
    named: Option<&Path>,
    library: &Path,
) -> Result<PathBuf, UsageError> {
    if let Some(path) = named {
        return Ok(path.to_path_buf());
    }
    if let Some(path) = problem.reference_source() {
        return Ok(path.to_path_buf());
    }
    let info = problem.info();
    if info.origin == Origin::Builtin {
        let accepted = library.join(&info.id).join("accepted");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&accepted)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        let mutable = |p: &PathBuf| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(stressjudge_mutate::Language::of_file_name)
                .is_some()
        };
        if let Some(first) = files.into_iter().find(mutable) {
            return Ok(first);
        }
        return Err(UsageError::new(format!(
            "{}: its reference is built in; give SOLUTION (no C, C++, Java or Python solution \
             in {})",
            info.id,
            accepted.display()
        )));
    }
    Err(UsageError::new(format!(
        "{} has no reference program to mutate: give SOLUTION (or --ref)",
        info.id
    )))
}
