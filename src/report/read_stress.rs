//! A stress report read back from its own JSON (`--json` or `--report x.json`), so `merge` can
//! render shards' reports with the same renderers one run uses. The full input's answer and
//! the candidate's output on it are not in the JSON (the shrunk ones are): they stay empty.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use super::json_fields::{array, flag, strings, text, uint};
use super::shard::ShardInfo;
use super::stress::{SaveError, StressReport, StressSubject};
use crate::judge::Verdict;
use crate::problem::Answer;
use crate::stress::cases::FailingCases;
use crate::stress::{Failure, Unit};

/// The report `value` (a stress `--json` object written with its `subject`) describes.
pub fn stress_report(value: &Value) -> Result<StressReport, String> {
    let s = value
        .get("subject")
        .ok_or("no `subject` object (a report of stressjudge before `merge` existed)")?;
    let subject = StressSubject {
        problem: text(value, "problem")?,
        solution: text(value, "solution")?,
        solution_hash: text(s, "solution_hash")?,
        repro_problem: text(s, "repro_problem")?,
        repro_candidate: text(s, "repro_candidate")?,
        time_limit: Duration::from_millis(uint(s, "time_limit_ms")?),
        memory_limit: uint(s, "memory_limit_bytes")?,
        saved_in: PathBuf::from(text(value, "out")?),
        interactive: flag(s, "interactive")?,
        // Absent from reports written before the interpreter was named.
        python: value
            .get("python")
            .and_then(Value::as_str)
            .map(str::to_owned),
    };
    let failures = array(value, "failures")?
        .iter()
        .map(failure)
        .collect::<Result<_, _>>()?;
    Ok(StressReport {
        subject,
        runs: uint(value, "runs")?,
        games: uint(value, "games")?,
        inputs: uint(value, "inputs")?,
        elapsed: Duration::from_millis(uint(value, "elapsed_ms")?),
        interrupted: flag(value, "interrupted")?,
        out: PathBuf::from(text(value, "out")?),
        failures,
        notes: strings(value, "notes")?,
        isolation: match value.get("isolation") {
            None | Some(Value::Null) => None,
            Some(v) => {
                Some(serde_json::from_value(v.clone()).map_err(|e| format!("isolation: {e}"))?)
            }
        },
        has_games: flag(s, "has_games")?,
        save_errors: array(value, "save_errors")?
            .iter()
            .map(|e| {
                Ok(SaveError {
                    stem: text(e, "file_stem")?,
                    error: text(e, "error")?,
                })
            })
            .collect::<Result<_, String>>()?,
        shard: ShardInfo::of_report(value)?,
    })
}

fn answer(text: String) -> Answer {
    Answer {
        text,
        ..Answer::default()
    }
}

fn failure(f: &Value) -> Result<Failure, String> {
    let verdict = text(f, "verdict")?;
    let verdict =
        Verdict::from_name(&verdict).ok_or_else(|| format!("`verdict` is not one: `{verdict}`"))?;
    let shrunk_from = match f.get("shrunk_from") {
        None | Some(Value::Null) => None,
        Some(u) => Some((
            Unit {
                kind: text(u, "kind")?,
                seed: uint(u, "seed")?,
            },
            match u.get("args") {
                None | Some(Value::Null) => None,
                Some(_) => Some(strings(u, "args")?),
            },
        )),
    };
    let cases = match f.get("cases") {
        None | Some(Value::Null) => None,
        Some(c) => Some(FailingCases {
            cases: array(c, "cases")?
                .iter()
                .map(|n| {
                    n.as_u64()
                        .map(|n| n as usize)
                        .ok_or("`cases` holds a non-number")
                })
                .collect::<Result<_, _>>()?,
            of: uint(c, "of")? as usize,
            input: text(c, "input")?,
            expected: answer(text(c, "expected")?),
            output: text(c, "actual")?.into_bytes(),
            runs: 0,
        }),
    };
    let input = text(f, "input")?;
    Ok(Failure {
        sanitizer: f
            .get("sanitizer")
            .and_then(Value::as_str)
            .map(str::to_owned),
        unit: Unit {
            kind: text(f, "kind")?,
            seed: uint(f, "seed")?,
        },
        verdict,
        input,
        expected: Answer::default(),
        output: Vec::new(),
        shrunk_input: text(f, "shrunk_input")?,
        shrunk_expected: answer(text(f, "expected")?),
        shrunk_output: text(f, "actual")?.into_bytes(),
        detail: text(f, "detail")?,
        shrunk_game: f
            .get("shrunk_game")
            .and_then(Value::as_u64)
            .map(|g| g as usize),
        reproducible_alone: flag(f, "reproducible_alone")?,
        packed_seeds: match f.get("packed_seeds") {
            Some(Value::Array(seeds)) => seeds.iter().filter_map(Value::as_u64).collect(),
            _ => Vec::new(),
        },
        shrink_steps: uint(f, "shrink_steps")? as usize,
        shrink_runs: uint(f, "shrink_runs")? as usize,
        recorded_input: flag(f, "recorded_input")?,
        shrunk_from_args: shrunk_from.as_ref().and_then(|(_, args)| args.clone()),
        shrunk_from: shrunk_from.map(|(unit, _)| unit),
        cases,
        input_format: strings(f, "input_format")?,
    })
}
