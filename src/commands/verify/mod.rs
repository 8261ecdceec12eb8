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
use std::sync::Arc;
use std::time::Instant;

use serde_json::json;

use super::time_limit;
use super::{print_out, Outcome};
use crate::catalog::Catalog;
use crate::compare::seconds;
use crate::error::UsageError;
use crate::external::folder;
use crate::options::{AdHocParts, VerifyOptions};
use crate::problem::Problem;
use evaluate::{evaluate, Evaluation, Settings};
use library::LibrarySolution;

/// One problem to verify: the problem, its solutions, and its TLE margin factor.
struct Target {
    problem: Arc<dyn Problem>,
    solutions: Vec<LibrarySolution>,
    tle_margin: f64,
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
    for name in &names {
        if folder::names_a_folder(name) {
            let mut loaded = folder::load(Path::new(name), &AdHocParts::default())?;
            time_limit::settle(&mut loaded, args.jobs, args.isolation)?;
            let dir = Path::new(name);
            let solutions = library::from_folder(name, dir, &loaded.submissions);
            if solutions.is_empty() {
                return Err(UsageError::new(format!(
                    "{name}: no submissions under {}",
                    dir.join("submissions").display()
                )));
            }
            targets.push(Target {
                tle_margin: loaded.rule.time_limit_to_tle,
                problem: Arc::new(loaded.problem),
                solutions,
            });
        } else {
            let problem = catalog.find(name)?;
            let solutions = library::discover(&args.solutions, &[name.as_str()])?;
            targets.push(Target {
                problem,
                solutions,
                tle_margin: LIBRARY_TLE_MARGIN,
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
    let targets = targets(args)?;
    let started = Instant::now();
    if !args.json {
        print_out(&format!(
            "{:<15} {:<46} {:<8} {:<8} {:>8} {:>7}  {}\n",
            "PROBLEM", "SOLUTION", "EXPECTED", "GOT", "SLOWEST", "TIME", "RESULT"
        ))?;
        for target in &targets {
            for note in &target.problem.info().notes {
                print_out(&format!("note: {}: {note}\n", target.problem.info().id))?;
            }
        }
    }
    let mut rows: Vec<(LibrarySolution, Evaluation)> = Vec::new();
    for target in &targets {
        let settings = Settings {
            jobs: args.jobs,
            strict_timing: args.strict_timing,
            stress_seeds: args.stress_seeds,
            isolation: args.isolation,
            tle_margin: target.tle_margin,
        };
        for solution in &target.solutions {
            let evaluation = evaluate(target.problem.as_ref(), solution, settings)?;
            if !args.json {
                print_out(&row_text(solution, &evaluation))?;
            }
            rows.push((solution.clone(), evaluation));
        }
    }
    let all_ok = rows.iter().all(|(s, e)| status(s, e) != Status::Mismatch);
    if args.json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|(s, e)| {
                json!({
                    "problem": s.problem,
                    "path": s.path.display().to_string(),
                    "expected": s.expected.label(),
                    "category": s.expected.category(),
                    "got": e.got.map_or("error", |v| v.name()),
                    "ok": status(s, e) == Status::Match,
                    "skipped": e.skipped,
                    "source": e.source,
                    "detail": e.detail,
                    "slowest_cpu_ms": e.slowest.as_millis() as u64,
                    "elapsed_ms": e.elapsed.as_millis() as u64,
                    "warnings": e.warnings,
                })
            })
            .collect();
        print_out(&format!(
            "{}\n",
            json!({"ok": all_ok, "problems": problems_json(&targets), "solutions": list})
        ))?;
    } else {
        let count = |wanted: Status| rows.iter().filter(|(s, e)| status(s, e) == wanted).count();
        let warnings = rows.iter().map(|(_, e)| e.warnings.len()).sum::<usize>();
        let skipped = count(Status::Skipped);
        let skipped_text = if skipped > 0 {
            format!(", {skipped} skipped")
        } else {
            String::new()
        };
        print_out(&format!(
            "\n{}: {} solutions, {} match, {} mismatch{skipped_text}, {} warning(s), {:.1} s\n",
            if all_ok { "OK" } else { "FAILED" },
            rows.len(),
            count(Status::Match),
            count(Status::Mismatch),
            warnings,
            started.elapsed().as_secs_f64()
        ))?;
    }
    Ok(if all_ok {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}

/// What the JSON report says about each problem: its limits as judged (a derived time limit
/// included) and the notes the text report prints before the table (skipped validators,
/// unknown folders, how the time limit was derived).
fn problems_json(targets: &[Target]) -> Vec<serde_json::Value> {
    targets
        .iter()
        .map(|t| {
            let info = t.problem.info();
            json!({
                "problem": info.id,
                "title": info.title,
                "time_limit_ms": info.limits.time.as_millis() as u64,
                "memory_limit_bytes": info.limits.memory_bytes,
                "notes": info.notes,
            })
        })
        .collect()
}

/// How a solution's evaluation compares with its folder's promise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Match,
    Mismatch,
    /// Not judged: no toolchain for its language here.
    Skipped,
}

fn status(solution: &LibrarySolution, evaluation: &Evaluation) -> Status {
    if evaluation.skipped.is_some() {
        return Status::Skipped;
    }
    match evaluation.got {
        Some(got) if solution.expected.is_met(got, &evaluation.verdicts) => Status::Match,
        _ => Status::Mismatch,
    }
}

fn row_text(solution: &LibrarySolution, e: &Evaluation) -> String {
    let shown = solution
        .path
        .strip_prefix(&solution.root)
        .unwrap_or(&solution.path)
        .display()
        .to_string();
    let got = e.got.map_or("-", |v| v.name());
    let result = match status(solution, e) {
        Status::Match => "ok".to_string(),
        Status::Skipped => format!("skipped: {}", e.skipped.as_deref().unwrap_or("")),
        Status::Mismatch => format!("MISMATCH ({}: {})", e.source, e.detail),
    };
    let mut text = format!(
        "{:<15} {:<46} {:<8} {:<8} {:>8} {:>6.1}s  {}\n",
        solution.problem,
        shown,
        solution.expected.label(),
        got,
        seconds(e.slowest),
        e.elapsed.as_secs_f64(),
        result
    );
    for warning in &e.warnings {
        text.push_str(&format!("    warning: {warning}\n"));
    }
    text
}
