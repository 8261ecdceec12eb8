//! `stressjudge verify [PROBLEM...]`: every solution of the library gets its folder's verdict.
//!
//! Each solution is judged on the fixed test set and, if it passes, stress-tested on
//! `--stress-seeds` seeds of every kind; its verdict is the first non-AC verdict found. It
//! matches when that equals its folder's (`accepted` = AC). Exit 0 when all match, 1 otherwise.

pub mod evaluate;
pub mod library;

use std::time::Instant;

use serde_json::json;

use super::cli::VerifyArgs;
use super::{print_out, Outcome};
use crate::catalog;
use crate::compare::seconds;
use crate::error::UsageError;
use evaluate::{evaluate, Evaluation, Settings};
use library::LibrarySolution;

/// Runs `stressjudge verify`.
pub fn run(args: &VerifyArgs) -> Result<Outcome, UsageError> {
    let ids: Vec<&str> = if args.problems.is_empty() {
        catalog::builtin().iter().map(|e| e.problem.id()).collect()
    } else {
        args.problems
            .iter()
            .map(|p| catalog::find(p).map(|e| e.problem.id()))
            .collect::<Result<_, _>>()?
    };
    let jobs = match args.jobs {
        Some(0) => return Err(UsageError::new("--jobs must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let settings = Settings {
        jobs,
        strict_timing: args.strict_timing,
        stress_seeds: args.stress_seeds,
    };
    let solutions = library::discover(&args.solutions, &ids)?;
    if solutions.is_empty() {
        return Err(UsageError::new(format!(
            "no solutions found under {}",
            args.solutions.display()
        )));
    }
    let started = Instant::now();
    if !args.json {
        print_out(&format!(
            "{:<15} {:<46} {:<8} {:<8} {:>8} {:>7}  {}\n",
            "PROBLEM", "SOLUTION", "EXPECTED", "GOT", "SLOWEST", "TIME", "RESULT"
        ))?;
    }
    let mut rows: Vec<(LibrarySolution, Evaluation)> = Vec::new();
    for solution in solutions {
        let entry = catalog::find(&solution.problem)?;
        let evaluation = evaluate(entry, &solution, settings)?;
        if !args.json {
            print_out(&row_text(&args.solutions, &solution, &evaluation))?;
        }
        rows.push((solution, evaluation));
    }
    let all_ok = rows.iter().all(|(s, e)| matches(s, e));
    if args.json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|(s, e)| {
                json!({
                    "problem": s.problem,
                    "path": s.path.display().to_string(),
                    "expected": s.expected.name(),
                    "got": e.got.map_or("error", |v| v.name()),
                    "ok": matches(s, e),
                    "source": e.source,
                    "detail": e.detail,
                    "slowest_cpu_ms": e.slowest.as_millis() as u64,
                    "elapsed_ms": e.elapsed.as_millis() as u64,
                    "warnings": e.warnings,
                })
            })
            .collect();
        let object = json!({
            "ok": all_ok,
            "solutions": list,
            "isolation": super::isolation_json(),
        });
        print_out(&format!("{object}\n"))?;
    } else {
        let mismatches = rows.iter().filter(|(s, e)| !matches(s, e)).count();
        let warnings = rows.iter().map(|(_, e)| e.warnings.len()).sum::<usize>();
        print_out(&format!(
            "\n{}: {} solutions, {} match, {} mismatch, {} warning(s), {:.1} s\n",
            if all_ok { "OK" } else { "FAILED" },
            rows.len(),
            rows.len() - mismatches,
            mismatches,
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

fn matches(solution: &LibrarySolution, evaluation: &Evaluation) -> bool {
    evaluation.got == Some(solution.expected)
}

fn row_text(root: &std::path::Path, solution: &LibrarySolution, e: &Evaluation) -> String {
    let shown = solution
        .path
        .strip_prefix(root.join(&solution.problem))
        .unwrap_or(&solution.path)
        .display()
        .to_string();
    let got = e.got.map_or("error", |v| v.name());
    let result = if matches(solution, e) {
        "ok".to_string()
    } else {
        format!("MISMATCH ({}: {})", e.source, e.detail)
    };
    let mut text = format!(
        "{:<15} {:<46} {:<8} {:<8} {:>8} {:>6.1}s  {}\n",
        solution.problem,
        shown,
        solution.expected.name(),
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
