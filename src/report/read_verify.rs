//! A verify report read back from its own JSON (`--json` or `--report x.json`), so `merge` can
//! render shards' reports with the same renderers one run uses. What the JSON does not carry
//! (a test's explanation lines, its borderline re-runs) is left empty: no renderer of the
//! merged report shows them, except the HTML page's borderline mark.

use std::time::Duration;

use serde_json::Value;

use super::derivation::{LimitDerivation, SpeedReading};
use super::json_fields::{array, flag, float, ms, strings, text, uint, verdict};
use super::shard::ShardInfo;
use super::verify::{RowScore, RowStatus, VerifiedProblem, VerifyReport, VerifyRow, NOT_RUN};
use super::TestRow;
use crate::judge::{TestResult, Verdict};
use crate::problem::polygon::points::{GroupScore, Score};
use crate::problem::ValidatorScore;
use crate::run::calibration::Calibration;
use crate::testset::results::RunCounts;

/// The report `value` (a verify `--json` object) describes.
pub fn verify_report(value: &Value) -> Result<VerifyReport, String> {
    let problems = array(value, "problems")?
        .iter()
        .map(problem)
        .collect::<Result<_, _>>()?;
    let rows = array(value, "solutions")?
        .iter()
        .map(row)
        .collect::<Result<_, _>>()?;
    let isolation = match value.get("isolation") {
        None | Some(Value::Null) => None,
        Some(v) => Some(serde_json::from_value(v.clone()).map_err(|e| format!("isolation: {e}"))?),
    };
    let calibration = match value.get("timing_noise") {
        None | Some(Value::Null) => None,
        Some(noise) => Some(Calibration {
            times: array(noise, "runs_us")?
                .iter()
                .map(|t| t.as_u64().map(Duration::from_micros).ok_or("runs_us"))
                .collect::<Result<_, _>>()?,
        }),
    };
    Ok(VerifyReport {
        problems,
        rows,
        notes: strings(value, "notes")?,
        elapsed: ms(value, "elapsed_ms")?,
        isolation,
        runs: RunCounts {
            ran: uint(value, "runs_made")? as usize,
            reused: uint(value, "runs_reused")? as usize,
            stress_reused: uint(value, "stress_passes_reused")? as usize,
        },
        incomplete: strings(value, "incomplete")?,
        calibration,
        shard: ShardInfo::of_report(value)?,
    })
}

/// A time limit's derivation read from its `time_limit_derivation` object.
pub fn derivation(v: &Value) -> Result<LimitDerivation, String> {
    let pair = |key: &str| -> Result<(Duration, Duration), String> {
        let a = array(v, key)?;
        match (
            a.first().and_then(Value::as_u64),
            a.get(1).and_then(Value::as_u64),
        ) {
            (Some(x), Some(y)) => Ok((Duration::from_millis(x), Duration::from_millis(y))),
            _ => Err(format!("`{key}` is not two numbers")),
        }
    };
    let speed = array(v, "speed")?
        .iter()
        .map(|s| {
            let when = match text(s, "when")?.as_str() {
                "before" => "before",
                "during" => "during",
                "after" => "after",
                other => return Err(format!("unknown speed reading `{other}`")),
            };
            Ok(SpeedReading {
                when,
                median: Duration::from_micros(uint(s, "median_us")?),
            })
        })
        .collect::<Result<_, String>>()?;
    let longest_probe = match v.get("longest_probe") {
        None | Some(Value::Null) => None,
        Some(p) => Some((text(p, "submission")?, ms(p, "wall_ms")?)),
    };
    Ok(LimitDerivation {
        limit: ms(v, "limit_ms")?,
        submission: text(v, "submission")?,
        test: text(v, "test")?,
        times: array(v, "times_ms")?
            .iter()
            .map(|t| t.as_u64().map(Duration::from_millis).ok_or("times_ms"))
            .collect::<Result<_, _>>()?,
        deciding: ms(v, "deciding_ms")?,
        ac_to_time_limit: float(v, "ac_to_time_limit").unwrap_or(2.0),
        time_resolution: float(v, "time_resolution").unwrap_or(1.0),
        repeated_runs: uint(v, "repeated_runs")? as usize,
        single_runs: uint(v, "single_runs")? as usize,
        repeats_reused: uint(v, "repeats_reused")? as usize,
        gave_up: flag(v, "gave_up")?,
        noise: float(v, "noise")?,
        noise_limits: pair("noise_limits_ms")?,
        speed,
        drift: float(v, "drift")?,
        drift_limits: pair("drift_limits_ms")?,
        elapsed: ms(v, "elapsed_ms")?,
        longest_probe,
    })
}

fn problem(v: &Value) -> Result<VerifiedProblem, String> {
    Ok(VerifiedProblem {
        id: text(v, "problem")?,
        title: text(v, "title")?,
        time_limit: ms(v, "time_limit_ms")?,
        memory_limit_bytes: uint(v, "memory_limit_bytes")?,
        notes: strings(v, "notes")?,
        derivation: match v.get("time_limit_derivation") {
            None | Some(Value::Null) => None,
            Some(d) => Some(derivation(d)?),
        },
    })
}

fn row(v: &Value) -> Result<VerifyRow, String> {
    let status = match text(v, "status")?.as_str() {
        "match" => RowStatus::Match,
        "mismatch" => RowStatus::Mismatch,
        "skipped" => RowStatus::Skipped,
        "sensitive" => RowStatus::Sensitive,
        other => return Err(format!("unknown status `{other}`")),
    };
    let got = Verdict::from_name(&text(v, "got")?);
    let mut tests = Vec::new();
    let mut not_run = Vec::new();
    let mut test_scores = Vec::new();
    for t in array(v, "tests")? {
        let name = text(t, "name")?;
        if text(t, "verdict")? == NOT_RUN {
            not_run.push(name);
            continue;
        }
        test_scores.push(t.get("score").and_then(Value::as_f64));
        tests.push(test(t, name)?);
    }
    let score = match v.get("score") {
        None | Some(Value::Null) => None,
        Some(s) => Some(RowScore {
            score: float(s, "score")?,
            max: s.get("max").and_then(Value::as_f64),
            verdict: s.get("verdict").and_then(Value::as_str).map(str::to_string),
            groups: array(s, "groups")?
                .iter()
                .map(|g| {
                    Ok((
                        text(g, "name")?,
                        float(g, "score")?,
                        g.get("max").and_then(Value::as_f64),
                    ))
                })
                .collect::<Result<_, String>>()?,
            tests: test_scores.clone(),
            errors: strings(s, "errors")?,
        }),
    };
    if score.is_none() {
        // Without grading rules a test's score is the points its checker gave.
        for (test, points) in tests.iter_mut().zip(&test_scores) {
            test.result.score = points.map(ValidatorScore::Score);
        }
    }
    let stress = match v.get("stress") {
        None | Some(Value::Null) => None,
        Some(s) => Some((verdict(s, "verdict")?, text(s, "source")?)),
    };
    let points = match v.get("points") {
        None | Some(Value::Null) => None,
        Some(p) => Some(Score {
            points: float(p, "earned")?,
            max: float(p, "max")?,
            groups: array(p, "groups")?
                .iter()
                .map(|g| {
                    Ok(GroupScore {
                        name: text(g, "group")?,
                        points: float(g, "earned")?,
                        max: float(g, "max")?,
                        complete: flag(g, "complete")?,
                    })
                })
                .collect::<Result<_, String>>()?,
        }),
    };
    Ok(VerifyRow {
        problem: text(v, "problem")?,
        path: text(v, "path")?,
        shown: v
            .get("shown")
            .and_then(Value::as_str)
            .map_or_else(|| text(v, "path"), |s| Ok(s.to_string()))?,
        expected: text(v, "expected")?,
        category: v
            .get("category")
            .and_then(Value::as_str)
            .map(str::to_string),
        got: if status == RowStatus::Skipped {
            None
        } else {
            got
        },
        status,
        source: text(v, "source")?,
        detail: text(v, "detail")?,
        slowest: ms(v, "slowest_cpu_ms")?,
        elapsed: ms(v, "elapsed_ms")?,
        warnings: strings(v, "warnings")?,
        tests,
        stress,
        time_limit: ms(v, "time_limit_ms")?,
        points,
        score,
        broken: strings(v, "broken")?,
        expectation_source: (v.get("expectation_source").and_then(Value::as_str))
            .map(str::to_string),
        not_run,
        tests_reused: uint(v, "tests_reused")? as usize,
        stress_reused: flag(v, "stress_reused")?,
    })
}

fn test(t: &Value, name: String) -> Result<TestRow, String> {
    let verdict = verdict(t, "verdict")?;
    let label = text(t, "label")?;
    // `RE (SIGSEGV)`: the signal is what the label adds to the verdict.
    let signal = label
        .strip_prefix(verdict.name())
        .and_then(|rest| rest.trim().strip_prefix('('))
        .and_then(|rest| rest.strip_suffix(')'))
        .map(str::to_string);
    Ok(TestRow {
        name,
        result: TestResult {
            verdict,
            signal,
            detail: text(t, "detail")?,
            explanation: Vec::new(),
            cpu_ms: uint(t, "cpu_ms")?,
            wall_ms: uint(t, "wall_ms")?,
            memory_kib: uint(t, "memory_kib")?,
            exit: String::new(),
            game: None,
            score: None,
            sanitizer: t
                .get("sanitizer")
                .and_then(Value::as_str)
                .map(str::to_owned),
        },
        ran_alone: false,
        borderline: None,
    })
}
