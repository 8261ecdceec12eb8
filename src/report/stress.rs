//! The result of `stress`: what ran, every failure, and the failures grouped by bug.
//!
//! With `--keep-going` a minute of stressing finds dozens of failures that are the same bug.
//! They are grouped by a signature: the verdict; for a crash its signal and message (numbers
//! masked); for a wrong answer the class of the difference (a missing or extra answer, an
//! answer too small or too large, or the two answers with numbers masked) or, when a checker
//! explained it, its message with numbers masked. Each group is listed once with its count, its
//! first seed and its smallest shrunk input.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use crate::judge::{submission, Verdict};
use crate::run::Isolation;
use crate::shell::quote;
use crate::stress::Failure;

/// What a stress run is about: the problem, the candidate, its limits, and how to reproduce a
/// failure.
#[derive(Debug, Clone)]
pub struct StressSubject {
    /// Problem id.
    pub problem: String,
    /// The solution as the user named it.
    pub solution: String,
    /// Content hash of the built program.
    pub solution_hash: String,
    /// The arguments that name the problem in a repro command (an id, a folder, or ad-hoc
    /// flags), shell-quoted.
    pub repro_problem: String,
    /// The arguments that select the candidate and its limits in a repro command, e.g.
    /// `path/sol.cpp --time-limit 1s`, shell-quoted.
    pub repro_candidate: String,
    /// CPU time limit.
    pub time_limit: Duration,
    /// Memory limit in bytes.
    pub memory_limit: u64,
    /// The failure folder: a recorded input (a generator that ignores its seed) is reproduced
    /// from its file there.
    pub saved_in: PathBuf,
    /// Whether the problem is interactive: a failure's output is then the conversation
    /// (`.interaction` form), shown instead of expected, actual and diff.
    pub interactive: bool,
    /// The Python 3 interpreter the candidate runs with and why, when it is Python 3.
    pub python: Option<String>,
}

impl StressSubject {
    /// The command that reproduces a failure byte for byte: from its seed, or for an input the
    /// generator would not give again, from the input saved as generated (`--input`).
    pub fn repro_command(&self, failure: &Failure) -> String {
        let mut words = vec!["stressjudge repro".to_string()];
        if !self.repro_problem.is_empty() {
            words.push(self.repro_problem.clone());
        }
        words.push(self.repro_candidate.clone());
        if failure.recorded_input {
            let saved = self.saved_in.join(format!("{}.in", failure_stem(failure)));
            words.push(format!("--input {}", quote(&saved.to_string_lossy())));
        } else {
            words.push(format!(
                "--seed {} --kind {}",
                failure.unit.seed,
                quote(&failure.unit.kind)
            ));
        }
        words.join(" ")
    }
}

/// Where a failure's files go, relative to the output folder: `KIND/SEED` (so the files are
/// `KIND/SEED.in`, `KIND/SEED.ans`, ... and seeds of different kinds never collide).
pub fn failure_stem(failure: &Failure) -> String {
    format!("{}/{}", failure.unit.kind, failure.unit.seed)
}

/// A whole stress run.
#[derive(Debug, Clone)]
pub struct StressReport {
    /// The problem and candidate.
    pub subject: StressSubject,
    /// Candidate runs, isolation and shrinking included.
    pub runs: u64,
    /// Games checked.
    pub games: u64,
    /// Inputs (seeds) checked.
    pub inputs: u64,
    /// Wall time of the run.
    pub elapsed: Duration,
    /// Whether Ctrl-C ended it.
    pub interrupted: bool,
    /// Where failures were written.
    pub out: PathBuf,
    /// Failures in plan order.
    pub failures: Vec<Failure>,
    /// What the report should say about the problem (e.g. a derived time limit).
    pub notes: Vec<String>,
    /// The isolation the runs had, when a sandbox was configured.
    pub isolation: Option<Isolation>,
    /// Whether an input holds several games (else the text speaks of inputs, not games).
    pub has_games: bool,
    /// The failures whose files could not be written, and why.
    pub save_errors: Vec<SaveError>,
    /// Which shard of a split stress this is (`stress --shard I/N`), `None` for a whole run.
    pub shard: Option<super::shard::ShardInfo>,
}

/// A failure whose files could not be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError {
    /// The failure's [`failure_stem`] (`KIND/SEED`).
    pub stem: String,
    /// What could not be written, where and why.
    pub error: String,
}

/// Failures that are the same bug.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailureGroup {
    /// What they share.
    pub signature: String,
    /// Their verdict.
    pub verdict: Verdict,
    /// How many failures.
    pub count: usize,
    /// Their seeds, in plan order (with their kinds in `kinds`).
    pub seeds: Vec<u64>,
    /// The kind of each seed.
    pub kinds: Vec<String>,
    /// Index in the report's failures of the one with the smallest shrunk input.
    pub smallest: usize,
}

impl StressReport {
    /// `AC` when nothing failed, else the first failure's verdict ([`submission::verdict`]).
    pub fn verdict(&self) -> Verdict {
        submission::verdict(true, self.failures.iter().map(|f| f.verdict))
    }

    /// Games per second of the whole run.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-3)
    }

    /// Whether the failure's files were written.
    pub fn is_saved(&self, failure: &Failure) -> bool {
        let stem = failure_stem(failure);
        !self.save_errors.iter().any(|e| e.stem == stem)
    }

    /// The failures grouped by signature, in order of first appearance.
    pub fn groups(&self) -> Vec<FailureGroup> {
        group(&self.failures)
    }

    /// The `--json` object: the fields of earlier versions unchanged, plus `groups`.
    pub fn to_json(&self) -> Value {
        super::json::to_value(&super::json::StressJson::from(self))
    }
}

/// The input format learned from one kind's generated inputs (`stress --explain-format`).
#[derive(Debug, Clone)]
pub struct KindFormat {
    /// The generator kind.
    pub kind: String,
    /// Inputs it was learned from.
    pub inputs: usize,
    /// The format in readable lines ([`crate::shrink::Format::explain`]).
    pub lines: Vec<String>,
}

/// The `--json` object of `stress --explain-format`.
pub fn formats_json(problem: &str, formats: &[KindFormat]) -> Value {
    super::json::to_value(&super::json::ExplainFormatJson::new(problem, formats))
}

/// Groups failures by [`signature`], in order of first appearance.
pub fn group(failures: &[Failure]) -> Vec<FailureGroup> {
    let mut groups: Vec<FailureGroup> = Vec::new();
    for (i, failure) in failures.iter().enumerate() {
        let key = signature(failure);
        match groups.iter_mut().find(|g| g.signature == key) {
            Some(g) => {
                g.count += 1;
                g.seeds.push(failure.unit.seed);
                g.kinds.push(failure.unit.kind.clone());
                if failure.shrunk_input.len() < failures[g.smallest].shrunk_input.len() {
                    g.smallest = i;
                }
            }
            None => groups.push(FailureGroup {
                signature: key,
                verdict: failure.verdict,
                count: 1,
                seeds: vec![failure.unit.seed],
                kinds: vec![failure.unit.kind.clone()],
                smallest: i,
            }),
        }
    }
    groups
}

/// What makes two failures the same bug (see the module documentation).
pub fn signature(failure: &Failure) -> String {
    let verdict = failure.verdict.name();
    match failure.verdict {
        Verdict::WA => format!("{verdict}: {}", wrong_answer_class(failure)),
        Verdict::RE => {
            let cause = failure.detail.split(';').next().unwrap_or("");
            format!("{verdict}: {}", mask_numbers(cause.trim()))
        }
        _ => verdict.to_string(),
    }
}

/// How a wrong answer differs, independent of the numbers involved.
fn wrong_answer_class(failure: &Failure) -> String {
    let Some(game) = failure.shrunk_game else {
        return mask_numbers(failure.detail.lines().next().unwrap_or("").trim());
    };
    let nth = |text: &str| {
        text.split_ascii_whitespace()
            .nth(game - 1)
            .map(str::to_string)
    };
    let expected = nth(&failure.shrunk_expected.text);
    let actual = nth(&String::from_utf8_lossy(&failure.shrunk_output));
    match (expected, actual) {
        (Some(_), None) => "the output ends early".into(),
        (None, Some(_)) => "extra output after the last answer".into(),
        (Some(e), Some(a)) => match (e.parse::<i128>(), a.parse::<i128>()) {
            (Ok(e), Ok(a)) if a < e => "answer too small".into(),
            (Ok(e), Ok(a)) if a > e => "answer too large".into(),
            _ => format!(
                "expected `{}`, found `{}`",
                mask_numbers(&e),
                mask_numbers(&a)
            ),
        },
        (None, None) => mask_numbers(&failure.detail),
    }
}

/// Replaces every run of digits by `#`, so messages that differ only in numbers compare equal.
pub fn mask_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_number = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            out.push(c);
            in_number = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Answer;
    use crate::stress::Unit;

    fn failure(seed: u64, verdict: Verdict, shrunk: &str, expected: &str, actual: &str) -> Failure {
        Failure {
            unit: Unit {
                kind: "random".into(),
                seed,
            },
            verdict,
            input: String::new(),
            expected: Answer::new(expected),
            output: actual.as_bytes().to_vec(),
            shrunk_input: shrunk.into(),
            shrunk_expected: Answer::new(expected),
            shrunk_output: actual.as_bytes().to_vec(),
            detail: if verdict == Verdict::RE {
                format!("killed by SIGSEGV; the output was also wrong (game {seed})")
            } else {
                String::new()
            },
            sanitizer: None,
            shrunk_game: (verdict == Verdict::WA).then_some(1),
            reproducible_alone: true,
            packed_seeds: vec![seed],
            shrink_steps: 0,
            shrink_runs: 0,
            recorded_input: false,
            shrunk_from: None,
            shrunk_from_args: None,
            cases: None,
            input_format: Vec::new(),
            kept_properties: Vec::new(),
        }
    }

    #[test]
    fn numbers_are_masked() {
        assert_eq!(
            mask_numbers("exit code 3 after 12 s"),
            "exit code # after # s"
        );
    }

    #[test]
    fn same_bugs_group_and_different_bugs_do_not() {
        let failures = vec![
            failure(3, Verdict::WA, "1\n5 5 0\n", "2\n", "1\n"),
            failure(7, Verdict::RE, "1\n9 9 0\n", "2\n", ""),
            failure(9, Verdict::WA, "1\n1 1\n", "7\n", "3\n"),
            failure(12, Verdict::WA, "1\n2 2 1\n", "2\n", "5\n"),
            failure(14, Verdict::RE, "1\n1 1 1\n", "2\n", ""),
        ];
        let groups = group(&failures);
        let summary: Vec<(&str, usize, Vec<u64>, usize)> = groups
            .iter()
            .map(|g| (g.signature.as_str(), g.count, g.seeds.clone(), g.smallest))
            .collect();
        assert_eq!(
            summary,
            [
                ("WA: answer too small", 2, vec![3, 9], 2),
                ("RE: killed by SIGSEGV", 2, vec![7, 14], 1),
                ("WA: answer too large", 1, vec![12], 3),
            ]
        );
    }
}
