//! A verify report read back from its own JSON (`--json` or `--report x.json`) through its
//! typed shape ([`VerifyJson`]), so `merge` can render shards' reports with the same renderers
//! one run uses. What the JSON does not carry (a test's explanation lines, its borderline
//! re-runs) is left empty: no renderer of the merged report shows them, except the HTML page's
//! borderline mark.

use std::time::Duration;

use serde_json::Value;

use super::derivation::{LimitDerivation, MemoryView, Settling, SpeedReading};
use super::json::verify::{
    DerivationJson, RowScoreJson, VerifyProblemJson, VerifySolutionJson, VerifyTestJson,
};
use super::json::{read_typed, VerifyJson};
use super::verify::{
    OtherPython, RowScore, RowStatus, VerifiedProblem, VerifyReport, VerifyRow, NOT_RUN,
};
use super::TestRow;
use crate::judge::grade_polygon::{GroupScore, Score};
use crate::judge::repeats::{EarlierLimit, KeptBecause};
use crate::judge::{TestResult, Verdict};
use crate::problem::ValidatorScore;
use crate::run::calibration::Calibration;
use crate::testset::results::RunCounts;

/// The report the verify `--json` object in `bytes` describes.
pub fn verify_report(bytes: &[u8]) -> Result<VerifyReport, String> {
    let json: VerifyJson = read_typed(bytes)?;
    Ok(VerifyReport {
        problems: (json.problems.into_iter())
            .map(problem)
            .collect::<Result<_, _>>()?,
        rows: json
            .solutions
            .into_iter()
            .map(row)
            .collect::<Result<_, _>>()?,
        tool_checks: json.tool_checks,
        mutants: json.mutants,
        notes: json.notes,
        elapsed: Duration::from_millis(json.elapsed_ms),
        isolation: json.isolation,
        runs: RunCounts {
            ran: json.runs_made,
            reused: json.runs_reused,
            stress_reused: json.stress_passes_reused,
        },
        incomplete: json.incomplete,
        calibration: json.timing_noise.map(|noise| Calibration {
            times: noise
                .runs_us
                .into_iter()
                .map(Duration::from_micros)
                .collect(),
        }),
        shard: json.shard,
    })
}

/// A time limit's derivation read from its `time_limit_derivation` object (a `--plan` file's).
pub fn derivation(v: &Value) -> Result<LimitDerivation, String> {
    let json = serde_path_to_error::deserialize(v).map_err(|e| super::json::field_error(&e))?;
    limit_derivation(json)
}

fn limit_derivation(d: DerivationJson) -> Result<LimitDerivation, String> {
    let ms = Duration::from_millis;
    let pair = |[a, b]: [u64; 2]| (ms(a), ms(b));
    let speed = (d.speed.into_iter())
        .map(|s| {
            let when = match s.when.as_str() {
                "before" => "before",
                "during" => "during",
                "after" => "after",
                other => return Err(format!("unknown speed reading `{other}`")),
            };
            Ok(SpeedReading {
                when,
                median: Duration::from_micros(s.median_us),
                latency: s.latency_median_us.map(Duration::from_micros),
                bandwidth: s.bandwidth_median_us.map(Duration::from_micros),
            })
        })
        .collect::<Result<_, String>>()?;
    Ok(LimitDerivation {
        limit: ms(d.limit_ms),
        own_limit: ms(d.own_limit_ms.unwrap_or(d.limit_ms)),
        earlier: d.earlier.map(|e| EarlierLimit {
            limit: ms(e.limit_ms),
            deciding: ms(e.deciding_ms),
            measured_unix_s: e.measured_unix_s.unwrap_or(0),
        }),
        submission: d.submission,
        test: d.test,
        times: d.times_ms.into_iter().map(ms).collect(),
        walls: d.walls_ms.into_iter().map(ms).collect(),
        deciding: ms(d.deciding_ms),
        waited: d.waited.map(|w| (w.cpu_share, ms(w.wall_ms))),
        ac_to_time_limit: d.ac_to_time_limit,
        time_resolution: d.time_resolution,
        repeated_runs: d.repeated_runs,
        single_runs: d.single_runs,
        repeats_reused: d.repeats_reused,
        gave_up: d.gave_up,
        noise: d.noise,
        noise_limits: pair(d.noise_limits_ms),
        band: d.sensitivity_band,
        speed,
        drift: d.drift,
        drift_limits: pair(d.drift_limits_ms),
        elapsed: ms(d.elapsed_ms),
        longest_probe: (d.longest_probe).map(|p| (p.submission, ms(p.wall_ms))),
        kept: match d.kept_because.as_deref() {
            Some("band") => Some(KeptBecause::Band),
            Some("fits") => Some(KeptBecause::Fits {
                margin: d.safety_margin.unwrap_or(1.0),
                slowest: ms(d.deciding_ms),
            }),
            _ => None,
        },
        evidence_deciding: d.evidence_deciding_ms.map(ms),
        differs: d.differs_from.map(|e| EarlierLimit {
            limit: ms(e.limit_ms),
            deciding: ms(e.deciding_ms),
            measured_unix_s: e.measured_unix_s.unwrap_or(0),
        }),
        settling: d.settling.map(|s| Settling {
            runs_before: s.runs_before,
            limits: (ms(s.limits_ms[0]), ms(s.limits_ms[1])),
            step: ms(s.step_ms),
        }),
        history: d.calibration_history.as_ref().map(Into::into),
        memory: MemoryView {
            noise: d.memory_noise,
            drift: d.memory_drift,
            beside: (d.memory_beside.iter())
                .map(|p| (ms(p.cpu_ms), Duration::from_micros(p.latency_us)))
                .collect(),
        },
    })
}

fn problem(p: VerifyProblemJson) -> Result<VerifiedProblem, String> {
    Ok(VerifiedProblem {
        id: p.problem,
        title: p.title,
        time_limit: Duration::from_millis(p.time_limit_ms),
        memory_limit_bytes: p.memory_limit_bytes,
        notes: p.notes,
        derivation: p.time_limit_derivation.map(limit_derivation).transpose()?,
    })
}

fn row(v: VerifySolutionJson) -> Result<VerifyRow, String> {
    let status = match v.status.as_str() {
        "match" => RowStatus::Match,
        "mismatch" => RowStatus::Mismatch,
        "skipped" => RowStatus::Skipped,
        "sensitive" => RowStatus::Sensitive,
        other => return Err(format!("unknown status `{other}`")),
    };
    let mut tests = Vec::new();
    let mut not_run = Vec::new();
    let mut test_scores = Vec::new();
    for t in v.tests {
        if t.verdict == NOT_RUN {
            not_run.push(t.name);
            continue;
        }
        test_scores.push(t.score);
        tests.push(test(t)?);
    }
    let score = v.score.map(|s: RowScoreJson| RowScore {
        score: s.score,
        max: s.max,
        verdict: s.verdict,
        groups: (s.groups.into_iter())
            .map(|g| (g.name, g.score, g.max))
            .collect(),
        tests: test_scores.clone(),
        errors: s.errors,
    });
    if score.is_none() {
        // Without grading rules a test's score is the points its checker gave.
        for (test, points) in tests.iter_mut().zip(&test_scores) {
            test.result.score = points.map(ValidatorScore::Score);
        }
    }
    let shown = if v.shown.is_empty() {
        // Absent from reports written before the table named solutions by folder.
        v.path.clone()
    } else {
        v.shown
    };
    Ok(VerifyRow {
        problem: v.problem,
        path: v.path,
        shown,
        expected: v.expected,
        category: v.category,
        got: match status {
            RowStatus::Skipped => None,
            _ => Verdict::from_name(&v.got),
        },
        status,
        source: v.source,
        detail: v.detail,
        slowest: Duration::from_millis(v.slowest_cpu_ms),
        elapsed: Duration::from_millis(v.elapsed_ms),
        warnings: v.warnings,
        tests,
        stress: v.stress.map(|s| (s.verdict, s.source)),
        time_limit: Duration::from_millis(v.time_limit_ms),
        points: v.points.map(|p| Score {
            points: p.earned,
            max: p.max,
            groups: (p.groups.into_iter())
                .map(|g| GroupScore {
                    name: g.group,
                    points: g.earned,
                    max: g.max,
                    complete: g.complete,
                })
                .collect(),
        }),
        score,
        other_python: v.other_python.map(|o| OtherPython {
            interpreter: o.interpreter,
            holds: o.holds,
            got: o.got.as_deref().and_then(Verdict::from_name),
            slowest: Duration::from_millis(o.slowest_cpu_ms),
        }),
        broken: v.broken,
        expectation_source: v.expectation_source,
        not_run,
        tests_reused: v.tests_reused,
        stress_reused: v.stress_reused,
    })
}

fn test(t: VerifyTestJson) -> Result<TestRow, String> {
    let verdict = Verdict::from_name(&t.verdict)
        .ok_or_else(|| format!("test {}: `{}` is not a verdict", t.name, t.verdict))?;
    let measured = |value: Option<u64>, key: &str| {
        value.ok_or_else(|| format!("test {} was run but has no `{key}`", t.name))
    };
    let (cpu_ms, wall_ms, memory_kib) = (
        measured(t.cpu_ms, "cpu_ms")?,
        measured(t.wall_ms, "wall_ms")?,
        measured(t.memory_kib, "memory_kib")?,
    );
    // `RE (SIGSEGV)`: the signal is what the label adds to the verdict.
    let signal = (t.label.strip_prefix(verdict.name()))
        .and_then(|rest| rest.trim().strip_prefix('('))
        .and_then(|rest| rest.strip_suffix(')'))
        .map(str::to_string);
    Ok(TestRow {
        name: t.name,
        result: TestResult {
            verdict,
            signal,
            detail: t.detail,
            explanation: Vec::new(),
            cpu_ms,
            wall_ms,
            memory_kib,
            exit: String::new(),
            game: None,
            score: None,
            sanitizer: None,
        },
        ran_alone: false,
        borderline: None,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A shard's report as stressjudge wrote it when `merge` came (before `shown`, the
    /// derivation's `ac_to_time_limit`, `time_resolution` and `longest_probe`).
    fn early_report() -> Value {
        json!({
            "ok": true, "notes": [], "elapsed_ms": 40, "isolation": null, "runs_made": 2,
            "runs_reused": 0, "stress_passes_reused": 0, "incomplete": [], "timing_noise": null,
            "problems": [{
                "problem": "hello", "title": "Hello", "time_limit_ms": 1000,
                "memory_limit_bytes": 1024, "notes": [],
                "time_limit_derivation": {
                    "limit_ms": 1000, "submission": "a.py", "test": "1", "statistic": "minimum",
                    "times_ms": [10, 11], "deciding_ms": 10, "repeated_runs": 1,
                    "single_runs": 0, "repeats_reused": 0, "gave_up": false, "noise": 0.0,
                    "sensitive": false, "noise_limits_ms": [1000, 1000],
                    "speed": [{"when": "before", "median_us": 5}], "drift": 0.0,
                    "drifted": false, "unreliable": false, "drift_limits_ms": [1000, 1000],
                    "elapsed_ms": 3
                }
            }],
            "solutions": [{
                "problem": "hello", "path": "accepted/a.py", "expected": "AC",
                "category": "accepted", "got": "RE", "ok": false, "status": "mismatch",
                "skipped": null, "source": "tests", "detail": "crashed", "slowest_cpu_ms": 3,
                "elapsed_ms": 9, "warnings": [], "time_limit_ms": 1000, "stress": null,
                "tests": [
                    {"name": "1", "verdict": "RE", "label": "RE (SIGSEGV)", "cpu_ms": 3,
                     "wall_ms": 4, "memory_kib": 900, "detail": "crashed", "run": true},
                    {"name": "2", "verdict": "not run", "label": "not run", "cpu_ms": null,
                     "wall_ms": null, "memory_kib": null, "detail": "decided", "run": false}
                ],
                "broken": [], "expectation_source": null, "score": null, "tests_not_run": 1,
                "tests_reused": 0, "stress_reused": false
            }],
            "shard": {"command": "verify", "index": 1, "count": 2, "identity": "ab",
                      "version": "0.1.0", "jobs": 2, "judged": [0]}
        })
    }

    #[test]
    fn a_report_written_before_the_later_fields_reads() {
        let report = verify_report(early_report().to_string().as_bytes()).unwrap();
        let derivation = report.problems[0].derivation.as_ref().unwrap();
        assert_eq!(derivation.ac_to_time_limit, 2.0);
        assert_eq!(derivation.time_resolution, 1.0);
        assert_eq!(derivation.longest_probe, None);
        let row = &report.rows[0];
        assert_eq!(row.shown, "accepted/a.py", "`shown` defaults to the path");
        assert_eq!(row.got, Some(Verdict::RE));
        assert_eq!(row.tests[0].result.signal.as_deref(), Some("SIGSEGV"));
        assert_eq!(row.not_run, ["2"]);
        assert_eq!(report.shard.as_ref().unwrap().judged, [0]);
    }

    #[test]
    fn a_wrong_field_is_named_by_its_path() {
        let mut report = early_report();
        report["problems"][0]["time_limit_derivation"]["noise_limits_ms"] = json!([1]);
        let error = verify_report(report.to_string().as_bytes()).unwrap_err();
        assert!(
            error.starts_with("`problems[0].time_limit_derivation.noise_limits_ms`: "),
            "{error}"
        );
        let mut report = early_report();
        report["solutions"][0]["tests"][0]["cpu_ms"] = Value::Null;
        let error = verify_report(report.to_string().as_bytes()).unwrap_err();
        assert_eq!(error, "test 1 was run but has no `cpu_ms`");
    }
}
