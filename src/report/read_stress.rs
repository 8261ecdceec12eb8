//! A stress report read back from its own JSON (`--json` or `--report x.json`) through its
//! typed shape ([`StressJson`]), so `merge` can render shards' reports with the same renderers
//! one run uses. The full input's answer and the candidate's output on it are not in the JSON
//! (the shrunk ones are): they stay empty.

use std::path::PathBuf;
use std::time::Duration;

use serde::de::IgnoredAny;
use serde::Deserialize;

use super::json::stress::FailureJson;
use super::json::{read_typed, StressJson};
use super::stress::{SaveError, StressReport, StressSubject};
use crate::problem::Answer;
use crate::stress::cases::FailingCases;
use crate::stress::{Failure, Unit};

/// Whether a report has the `subject` object, read before the whole shape so a report of an
/// old version gets its own message.
#[derive(Deserialize)]
struct HasSubject {
    subject: Option<IgnoredAny>,
}

/// The report the stress `--json` object in `bytes` (written with its `subject`) describes.
pub fn stress_report(bytes: &[u8]) -> Result<StressReport, String> {
    if let Ok(HasSubject { subject: None }) = serde_json::from_slice(bytes) {
        return Err("no `subject` object (a report of stressjudge before `merge` existed)".into());
    }
    let json: StressJson = read_typed(bytes)?;
    let s = json.subject;
    let subject = StressSubject {
        problem: json.problem,
        solution: json.solution,
        solution_hash: s.solution_hash,
        repro_problem: s.repro_problem,
        repro_candidate: s.repro_candidate,
        time_limit: Duration::from_millis(s.time_limit_ms),
        memory_limit: s.memory_limit_bytes,
        saved_in: PathBuf::from(&json.out),
        interactive: s.interactive,
        // Absent from reports written before the interpreter was named.
        python: json.python,
    };
    Ok(StressReport {
        subject,
        runs: json.runs,
        games: json.games,
        inputs: json.inputs,
        elapsed: Duration::from_millis(json.elapsed_ms),
        interrupted: json.interrupted,
        out: PathBuf::from(json.out),
        failures: json.failures.into_iter().map(failure).collect(),
        notes: json.notes,
        isolation: json.isolation,
        has_games: s.has_games,
        save_errors: (json.save_errors.into_iter())
            .map(|e| SaveError {
                stem: e.file_stem,
                error: e.error,
            })
            .collect(),
        shard: json.shard,
    })
}

fn answer(text: String) -> Answer {
    Answer {
        text,
        ..Answer::default()
    }
}

fn failure(f: FailureJson) -> Failure {
    let (shrunk_from, shrunk_from_args) = match f.shrunk_from {
        Some(u) => (
            Some(Unit {
                kind: u.kind,
                seed: u.seed,
            }),
            u.args,
        ),
        None => (None, None),
    };
    Failure {
        sanitizer: f.sanitizer,
        unit: Unit {
            kind: f.kind,
            seed: f.seed,
        },
        verdict: f.verdict,
        input: f.input,
        expected: Answer::default(),
        output: Vec::new(),
        shrunk_input: f.shrunk_input,
        shrunk_expected: answer(f.expected),
        shrunk_output: f.actual.into_bytes(),
        detail: f.detail,
        shrunk_game: f.shrunk_game,
        reproducible_alone: f.reproducible_alone,
        packed_seeds: f.packed_seeds,
        shrink_steps: f.shrink_steps,
        shrink_runs: f.shrink_runs,
        recorded_input: f.recorded_input,
        shrunk_from_args,
        shrunk_from,
        cases: f.cases.map(|c| FailingCases {
            cases: c.cases,
            of: c.of,
            input: c.input,
            expected: answer(c.expected),
            output: c.actual.into_bytes(),
            runs: 0,
        }),
        input_format: f.input_format,
        kept_properties: f.kept_properties,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::judge::Verdict;

    /// A shard's stress report as stressjudge wrote it when `merge` came (before `python`,
    /// `sanitizer`, `shrunk_game` and `packed_seeds`).
    fn early_report() -> Value {
        json!({
            "problem": "sum", "solution": "a.cpp", "verdict": "WA", "runs": 4, "games": 4,
            "inputs": 4, "elapsed_ms": 70, "games_per_second": 57.0, "interrupted": false,
            "out": "failures", "groups": [], "notes": [], "isolation": null, "saved": true,
            "save_errors": [],
            "subject": {
                "solution_hash": "h", "repro_problem": "sum", "repro_candidate": "a.cpp",
                "time_limit_ms": 1000, "memory_limit_bytes": 1024, "interactive": false,
                "has_games": false
            },
            "failures": [{
                "seed": 3, "kind": "small", "verdict": "WA", "input": "1 2\n",
                "shrunk_input": "1 2\n", "expected": "3\n", "actual": "4\n", "detail": "wrong",
                "reproducible_alone": true, "file_stem": "seed3", "shrink_steps": 0,
                "shrink_runs": 1, "repro": "stressjudge repro sum a.cpp 3",
                "signature": "WA", "saved": true, "recorded_input": false,
                "shrunk_from": null, "input_format": [], "cases": null, "transcript": null
            }],
            "shard": {"command": "stress", "index": 1, "count": 2, "identity": "ab",
                      "version": "0.1.0", "jobs": 8, "seeds": [0, 8]}
        })
    }

    #[test]
    fn a_report_written_before_the_later_fields_reads() {
        let report = stress_report(early_report().to_string().as_bytes()).unwrap();
        assert_eq!(report.subject.python, None);
        let failure = &report.failures[0];
        assert_eq!(failure.verdict, Verdict::WA);
        assert_eq!(
            (failure.sanitizer.as_ref(), failure.shrunk_game),
            (None, None)
        );
        assert!(failure.packed_seeds.is_empty());
        assert_eq!(failure.shrunk_output, b"4\n");
    }

    #[test]
    fn a_report_without_its_subject_is_named_as_too_old() {
        let mut report = early_report();
        report.as_object_mut().unwrap().remove("subject");
        let error = stress_report(report.to_string().as_bytes()).unwrap_err();
        assert!(error.starts_with("no `subject` object"), "{error}");
        let mut report = early_report();
        report["failures"][0]["verdict"] = "XX".into();
        let error = stress_report(report.to_string().as_bytes()).unwrap_err();
        assert!(
            error.starts_with("`failures[0].verdict`: unknown variant `XX`"),
            "{error}"
        );
    }
}
