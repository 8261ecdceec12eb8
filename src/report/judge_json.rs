//! The `--json` form of a report. Field names are a public contract: `problem`, `solution`,
//! `verdict`, `tests` (each with `name`, `verdict`, `cpu_ms`, `wall_ms`, `memory_kib`) and
//! `message`; every other field is an addition that may grow.

use serde_json::{json, Value};

use super::judge::{JudgeReport, TestRow};
use crate::compare::millis;
use crate::problem::ValidatorScore;

/// The report as one JSON object.
pub(super) fn to_json(report: &JudgeReport) -> Value {
    let tests: Vec<Value> = report.tests.iter().map(test_json).collect();
    let slowest = report.slowest().map(
        |s| json!({"name": s.name, "cpu_ms": s.cpu_ms, "percent_of_limit": s.percent_of_limit}),
    );
    json!({
        "problem": report.problem,
        "solution": report.solution,
        "verdict": report.verdict(),
        "tests": tests,
        "message": report.message(),
        "compile_error": report.compile_error,
        "time_limit_ms": millis(report.time_limit),
        "memory_limit_kib": report.memory_limit_bytes / 1024,
        "slowest": slowest,
        "notes": report.notes,
        "isolation": report.isolation.as_ref().map(|i| i.to_json()),
        "timing": {
            "jobs": report.scheduling.jobs,
            "strict": report.scheduling.strict,
            "parallel_used": report.scheduling.parallel_used,
            "notes": report.timing_notes(),
        },
    })
}

fn test_json(row: &TestRow) -> Value {
    let r = &row.result;
    let borderline = row.borderline.as_ref().map(|b| {
        json!({
            "first_cpu_ms": b.first_cpu_ms,
            "first_verdict": b.first_verdict,
            "rerun_cpu_ms": b.rerun_cpu_ms,
            "median_cpu_ms": b.median_cpu_ms,
            "fastest_cpu_ms": b.fastest_cpu_ms,
            "spread_ms": b.spread_ms,
        })
    });
    json!({
        "name": row.name,
        "verdict": r.verdict,
        "cpu_ms": r.cpu_ms,
        "wall_ms": r.wall_ms,
        "memory_kib": r.memory_kib,
        "label": r.label(),
        "signal": r.signal,
        "detail": r.detail,
        // A sanitizer's first finding on an RE (`--sanitize`), with file and line.
        "sanitizer": r.sanitizer,
        "exit": r.exit,
        "ran_alone": row.ran_alone,
        "borderline": borderline,
        "transcript": r.transcript(),
        "sample_interaction": r.sample_interaction(),
        // What the checker gave an accepted output: a testlib checker's points (`quitp`) or a
        // Kattis output validator's `score.txt`, and a 2025-09 `score_multiplier.txt`.
        "score": match r.score {
            Some(ValidatorScore::Score(x)) => Some(x),
            _ => None,
        },
        "score_multiplier": match r.score {
            Some(ValidatorScore::Multiplier(x)) => Some(x),
            _ => None,
        },
    })
}
