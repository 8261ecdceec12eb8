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

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::common::{builtin_with_file_io, fault_error};
use super::time_limit;
use super::{print_out, Outcome};
use crate::catalog::Catalog;
use crate::error::{Fault, UsageError};
use crate::external::folder;
use crate::external::polygon::{test_name as polygon_test_name, PolygonExtras};
use crate::options::{AdHocParts, VerifyOptions};
use crate::problem::polygon::points::{self, Score};
use crate::problem::Problem;
use crate::report::progress::{Display, Progress, Status, TestProgress};
use crate::report::verify_text::Widths;
use crate::report::{
    check_report_files, verify_text, write_report_files, Report, RowStatus, VerifiedProblem,
    VerifyReport, VerifyRow,
};
use evaluate::{evaluate, Evaluation, Settings};
use library::LibrarySolution;

/// One problem to verify: the problem, its solutions, and its TLE margin factor.
struct Target {
    problem: Arc<dyn Problem>,
    solutions: Vec<LibrarySolution>,
    tle_margin: f64,
    /// A Polygon package's testset, to score points.
    polygon: Option<PolygonExtras>,
}

/// problemtools' default safety margin for the library of the built-in problems.
const LIBRARY_TLE_MARGIN: f64 = 1.5;

/// The problems named (every built-in one by default) with their solutions.
fn targets(args: &VerifyOptions) -> Result<Vec<Target>, UsageError> {
    let catalog = Catalog::builtin();
    let names: Vec<String> = if args.problems.is_empty() {
        catalog.ids().iter().map(|s| s.to_string()).collect()
    } else {
        args.problems.clone()
    };
    let mut targets = Vec::new();
    for name in &expand_contests(&names) {
        if folder::names_a_folder(name) {
            let overrides = AdHocParts {
                file_io: args.file_io.clone(),
                ..AdHocParts::default()
            };
            let mut loaded = folder::load(Path::new(name), &overrides)?;
            let stressing = args.stress_seeds > 0 && loaded.problem.info().has_reference;
            loaded
                .problem
                .build_tools(stressing)
                .map_err(|f| fault_error(Fault::judge(f, "", None), None))?;
            time_limit::settle(&mut loaded, args.jobs, args.isolation)?;
            let dir = Path::new(name);
            let mut solutions = library::from_folder(name, dir, &loaded.submissions);
            if loaded.polygon.is_some() {
                // A Polygon package's solutions are shown from the package (`solutions/a.cpp`).
                for solution in &mut solutions {
                    solution.root = dir.to_path_buf();
                }
            }
            if solutions.is_empty() {
                let place = match loaded.polygon {
                    Some(_) => "the <solutions> of problem.xml".to_string(),
                    None => dir.join("submissions").display().to_string(),
                };
                return Err(UsageError::new(format!(
                    "{name}: no submissions under {place}"
                )));
            }
            targets.push(Target {
                polygon: loaded.polygon.clone(),
                tle_margin: loaded.rule.time_limit_to_tle,
                problem: Arc::new(loaded.problem),
                solutions,
            });
        } else {
            let mut problem = catalog.find(name)?;
            if !args.file_io.is_standard() {
                problem = builtin_with_file_io(name, &args.file_io);
            }
            let solutions = library::discover(&args.solutions, &[name.as_str()])?;
            targets.push(Target {
                problem,
                solutions,
                tle_margin: LIBRARY_TLE_MARGIN,
                polygon: None,
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
    check_report_files(&args.reports)?;
    crate::commands::common::check_folders()?;
    let targets = targets(args)?;
    let started = Instant::now();
    let mut notes = Vec::new();
    for target in &targets {
        let info = target.problem.info();
        notes.extend(info.notes.iter().map(|n| format!("{}: {n}", info.id)));
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
    let total: usize = targets.iter().map(|t| t.solutions.len()).sum();
    let watch = Arc::new(Watch {
        tests: TestProgress::new(0),
        current: Mutex::new(String::new()),
        done: AtomicUsize::new(0),
        total,
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
    let mut rows = Vec::new();
    for target in &targets {
        let settings = Settings {
            jobs: args.jobs,
            strict_timing: args.strict_timing,
            stress_seeds: args.stress_seeds,
            isolation: args.isolation,
            tle_margin: target.tle_margin,
        };
        for solution in &target.solutions {
            watch.start(solution);
            let evaluation = evaluate(
                target.problem.as_ref(),
                solution,
                settings,
                watch.tests.as_ref(),
            );
            let row = verify_row(solution, evaluation?, target.polygon.as_ref());
            watch.done.fetch_add(1, Ordering::SeqCst);
            if !args.json {
                progress.suspend(|| print_out(&verify_text::row(&row, widths)))?;
            }
            rows.push(row);
        }
    }
    progress.finish();
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
            }
        })
        .collect();
    let report = VerifyReport {
        problems,
        rows,
        notes,
        elapsed: started.elapsed(),
        isolation: crate::run::process_isolation(),
    };
    if args.json {
        print_out(&format!("{}\n", report.to_json()))?;
    } else {
        print_out(&verify_text::summary(&report))?;
    }
    write_report_files(Report::Verify(&report), &args.reports)?;
    Ok(if report.ok() {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}

/// What verify is doing, for the live display.
struct Watch {
    tests: Arc<TestProgress>,
    current: Mutex<String>,
    done: AtomicUsize,
    total: usize,
}

impl Watch {
    fn start(&self, solution: &LibrarySolution) {
        self.tests.reset(0);
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) =
            format!("{} {}", solution.problem, shown(solution));
    }

    fn status(&self) -> Status {
        let current = self
            .current
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let (tests_done, _) = self.tests.counts();
        let running = self.tests.running();
        let doing = if running.is_empty() {
            format!("{tests_done} test(s) done")
        } else {
            format!("test {running}, {tests_done} done")
        };
        Status {
            done: self.done.load(Ordering::SeqCst) as u64,
            total: self.total as u64,
            message: format!("{current}: {doing}"),
        }
    }
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

/// The report line of one evaluated solution.
fn verify_row(
    solution: &LibrarySolution,
    e: Evaluation,
    polygon: Option<&PolygonExtras>,
) -> VerifyRow {
    let points = polygon.and_then(|extras| polygon_points(extras, &e));
    let status = if e.skipped.is_some() {
        RowStatus::Skipped
    } else {
        match e.got {
            Some(got) if solution.expected.is_met(got, &e.verdicts) => RowStatus::Match,
            _ => RowStatus::Mismatch,
        }
    };
    VerifyRow {
        problem: solution.problem.clone(),
        path: solution.path.display().to_string(),
        shown: shown(solution),
        expected: solution.expected.label(),
        category: solution.expected.category().map(str::to_string),
        got: e.got,
        status,
        source: e.source,
        detail: e.detail,
        slowest: e.slowest,
        elapsed: e.elapsed,
        warnings: e.warnings,
        tests: e.tests,
        stress: e.stress,
        time_limit: e.time_limit,
        points,
    }
}

/// A solution's points on a Polygon testset that gives points: a test passed when its row is
/// AC (a test left out, or not run, has not).
fn polygon_points(extras: &PolygonExtras, e: &Evaluation) -> Option<Score> {
    if !points::has_points(&extras.testset) || e.tests.is_empty() {
        return None;
    }
    Some(points::score(&extras.testset, |index| {
        let name = polygon_test_name(index);
        e.tests
            .iter()
            .any(|t| t.name == name && t.result.verdict == crate::compare::Verdict::AC)
    }))
}

/// The problems named, a Polygon contest package (`contest.xml`, `problems/*/`) replaced by
/// its problems in name order.
fn expand_contests(names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for name in names {
        let dir = Path::new(name);
        if crate::problem::polygon::is_contest(dir) && !dir.join("problem.xml").exists() {
            out.extend(
                crate::problem::polygon::contest_problems(dir)
                    .iter()
                    .map(|p| p.display().to_string()),
            );
        } else {
            out.push(name.clone());
        }
    }
    out
}
