//! The result of `repro`: one seed's input run once, with the failing games of a packed input
//! shown first.

use std::path::PathBuf;

use serde_json::Value;

use crate::judge::Verdict;
use crate::run::Isolation;

/// One game whose answer differs: where it is, its input line, and the two answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameDiff {
    /// 1-based game index.
    pub game: usize,
    /// The game's own input line, when the problem packs games.
    pub input_line: Option<String>,
    /// The expected answer token(s), or `None` past the end of the answer.
    pub expected: Option<String>,
    /// The candidate's answer, or `None` when its output ended.
    pub actual: Option<String>,
}

/// One seed reproduced.
#[derive(Debug, Clone)]
pub struct ReproReport {
    /// Problem id.
    pub problem: String,
    /// The candidate as built (its file name or command).
    pub solution: String,
    /// The seed.
    pub seed: u64,
    /// Its generator kind.
    pub kind: String,
    /// The verdict.
    pub verdict: Verdict,
    /// One line on what went wrong.
    pub detail: String,
    /// The input.
    pub input: String,
    /// The expected answer.
    pub expected: String,
    /// The candidate's output (lossily decoded).
    pub actual: String,
    /// A unified diff of expected against actual (clipped).
    pub diff: String,
    /// Games of the input the input holds.
    pub games: usize,
    /// The games whose answers differ, first ones first (at most a few).
    pub failing_games: Vec<GameDiff>,
    /// Where `--save` wrote the case files.
    pub saved: Option<PathBuf>,
    /// The isolation the run had, when a sandbox was configured.
    pub isolation: Option<Isolation>,
    /// The input file run (`--input`) instead of a generated seed.
    pub input_file: Option<PathBuf>,
}

impl ReproReport {
    /// The `--json` object (earlier fields unchanged; `games` and `failing_games` added).
    pub fn to_json(&self) -> Value {
        super::json::to_value(&super::json::ReproJson::from(self))
    }
}
