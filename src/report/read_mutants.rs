//! A `mutants --json` report read back into the [`MutantsReport`] its command renders, for
//! `merge` to join the shards of `mutants --shard I/N`.

use std::time::Duration;

use stressjudge_mutate::{Mutant, Operator};

use super::json::mutants::{MutantJson, MutantsJson};
use super::json::read_typed;
use super::MutantsReport;
use crate::mutants::{Budget, Counterexample, Fate, Judged, MutationRun, Phases};

/// The report the `mutants --json` object in `bytes` describes.
pub fn mutants_report(bytes: &[u8]) -> Result<MutantsReport, String> {
    let json: MutantsJson = read_typed(bytes)?;
    let run = json.run;
    let mutants = run
        .mutants
        .into_iter()
        .map(judged)
        .collect::<Result<Vec<_>, String>>()?;
    Ok(MutantsReport {
        problem: json.problem,
        run: MutationRun {
            original: run.original,
            language: run.language,
            tests: run.tests.into_iter().map(|t| t.name).collect(),
            mutants,
            all_mutants: run.distinct,
            not_built: run.not_built,
            duplicates: run.duplicates,
            slowest: Duration::from_millis(run.original_slowest_ms),
            time_limit: Duration::from_millis(run.time_limit_ms),
            no_stress: run.no_stress,
            budget: budget(&run.budget)?,
            phases: Phases {
                building: Duration::from_millis(run.building_ms),
                judging: Duration::from_millis(run.judging_ms),
                stressing: Duration::from_millis(run.stressing_ms),
            },
            elapsed: Duration::from_millis(run.elapsed_ms),
            interrupted: run.interrupted,
        },
        saved: json.saved,
        notes: json.notes,
        isolation: json.isolation,
        shard: json.shard,
    })
}

/// A budget as [`Budget::describe`] wrote it.
fn budget(text: &str) -> Result<Budget, String> {
    let number = text.split_whitespace().next().unwrap_or("");
    let bad = || format!("`budget`: `{text}` is not a budget stressjudge writes");
    if text.ends_with(" s") {
        let secs: f64 = number.parse().map_err(|_| bad())?;
        return Duration::try_from_secs_f64(secs)
            .map(Budget::Time)
            .map_err(|_| bad());
    }
    number.parse().map(Budget::Seeds).map_err(|_| bad())
}

fn judged(m: MutantJson) -> Result<Judged, String> {
    let operator = Operator::from_name(&m.operator)
        .ok_or_else(|| format!("mutant #{}: unknown operator `{}`", m.number, m.operator))?;
    let missing = |field: &str| format!("mutant #{}: no `{field}` for fate `{}`", m.number, m.fate);
    let fate = match m.fate.as_str() {
        "killed" => Fate::KilledByTest {
            test: m.killed_by.clone().ok_or_else(|| missing("killed_by"))?,
            verdict: m.verdict.ok_or_else(|| missing("verdict"))?,
        },
        "killable" => {
            let found = m
                .counterexample
                .clone()
                .ok_or_else(|| missing("counterexample"))?;
            Fate::Killable(Box::new(Counterexample {
                kind: found.kind,
                seed: found.seed,
                verdict: m.verdict.ok_or_else(|| missing("verdict"))?,
                input: found.input,
                answer: found.answer,
                output: found.output,
                detail: found.detail,
            }))
        }
        "probably_equivalent" => Fate::ProbablyEquivalent {
            inputs: m.inputs.unwrap_or(0),
        },
        "survived" => Fate::Survived,
        other => return Err(format!("mutant #{}: unknown fate `{other}`", m.number)),
    };
    Ok(Judged {
        number: m.number,
        mutant: Mutant {
            operator,
            // Where in the source is not kept in the report (the line, column and diff are).
            span: 0..0,
            line: m.line,
            column: m.column,
            original: m.original,
            replacement: m.replacement,
        },
        diff: m.diff,
        fate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_read_back_as_written() {
        for b in [Budget::Seeds(20), Budget::Time(Duration::from_millis(2500))] {
            assert_eq!(budget(&b.describe()).unwrap(), b);
        }
        assert!(budget("lots").is_err());
    }
}
