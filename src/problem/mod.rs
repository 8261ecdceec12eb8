//! Step 1 of the pipeline: what a problem is.
//!
//! A problem is one value implementing [`Problem`]: its id and limits, a strict parser that is
//! also the validator, the reference solver, the output checker and the knowledge needed to split
//! and shrink its inputs. The rest of the harness only ever sees `dyn Problem`, so problems loaded
//! from disk can join the built-in three without touching the runner.

pub mod checker;
pub mod david_vs_david;
pub mod game_of_stones;
pub mod king_game;
pub mod package;
pub mod reader;

use std::fmt;
use std::time::Duration;

pub use checker::{CheckResult, Mismatch};

/// Resource limits a problem statement sets for one run of a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + sys) of the whole process tree.
    pub time: Duration,
    /// Peak resident memory.
    pub memory_bytes: u64,
}

/// Why an input text breaks the problem's constraints.
///
/// `line` is 1-based; the message names the field, the value and the violated bound, so that the
/// one-line error a user sees says exactly what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line of the input where the problem was found.
    pub line: usize,
    /// What is wrong, e.g. `field k = 13 is above the maximum 12`.
    pub message: String,
}

impl InputError {
    /// Builds an error at `line` with `message`.
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        InputError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for InputError {}

/// One official sample: input text and the expected output text.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// The sample input, exactly as in the statement.
    pub input: &'static str,
    /// The sample output, exactly as in the statement.
    pub answer: &'static str,
}

/// A problem the judge can test solutions against.
pub trait Problem: Send + Sync {
    /// Stable id used on the command line, e.g. `david-vs-david`.
    fn id(&self) -> &'static str;

    /// Human-readable title.
    fn title(&self) -> &'static str;

    /// The statement's limits.
    fn limits(&self) -> Limits;

    /// The official samples, in statement order.
    fn samples(&self) -> Vec<Sample>;

    /// Checks every constraint of the statement and returns the number of games in the input.
    fn validate(&self, input: &str) -> Result<usize, InputError>;

    /// Validates `input` and returns the reference answer of every game, in order.
    fn solve(&self, input: &str) -> Result<Vec<String>, InputError>;

    /// The most games one input may hold (the statement's bound on t), or 1 for a problem whose
    /// input is a single game.
    fn max_games(&self) -> usize {
        1
    }

    /// For problems whose input is a list of independent games: each game's own text (one line
    /// each, without the leading count). `None` for single-game problems. The input must be valid.
    fn split_games(&self, _input: &str) -> Option<Vec<String>> {
        None
    }

    /// The inverse of [`Problem::split_games`]: an input holding exactly these games.
    fn join_games(&self, _games: &[String]) -> Option<String> {
        None
    }

    /// Simpler variants of a valid input, most aggressive first (fewer games or piles, smaller
    /// numbers). The shrinker keeps the first variant that passes [`Problem::validate`] and still
    /// fails; variants need not be valid themselves.
    fn shrink(&self, input: &str) -> Vec<String>;

    /// Compares a candidate's output with the reference answers. Tokens are compared exactly
    /// (case-sensitive); whitespace and line endings do not matter.
    fn check(&self, _input: &str, expected: &[String], output: &[u8]) -> CheckResult {
        checker::compare_tokens(expected, output)
    }
}

/// Splits a "t, then t game lines" input into its game lines (used by multi-game problems).
/// The input must already be valid.
pub fn split_counted_lines(input: &str) -> Vec<String> {
    let mut lines = input.lines().map(str::trim).filter(|l| !l.is_empty());
    let count: usize = lines.next().and_then(|t| t.parse().ok()).unwrap_or(0);
    lines
        .take(count)
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Builds a "t, then t game lines" input from game lines.
pub fn join_counted_lines(games: &[String]) -> String {
    let mut out = String::with_capacity(games.iter().map(|g| g.len() + 1).sum::<usize>() + 8);
    out.push_str(&games.len().to_string());
    out.push('\n');
    for game in games {
        out.push_str(game);
        out.push('\n');
    }
    out
}

/// Smaller values to try in place of `value` when shrinking, most aggressive first: `min`, then
/// `value - d` for d = (value - min) / 2, / 4, ..., 1. Retrying from the front after every
/// success reaches the smallest failing value in O(log^2) runs, where plain decrements would
/// take `value` runs.
pub fn smaller_values(value: u64, min: u64) -> Vec<u64> {
    let mut out = Vec::new();
    if value <= min {
        return out;
    }
    out.push(min);
    let mut delta = (value - min) / 2;
    while delta > 0 {
        out.push(value - delta);
        delta /= 2;
    }
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaller_values_descend_towards_the_value() {
        assert_eq!(smaller_values(100, 0), vec![0, 50, 75, 88, 94, 97, 99]);
        assert_eq!(smaller_values(2, 1), vec![1]);
        assert!(smaller_values(1, 1).is_empty());
        assert!(smaller_values(5, 0).iter().all(|&v| v < 5));
    }

    #[test]
    fn counted_lines_round_trip() {
        let games = vec!["1 2 3".to_string(), "4 5 6".to_string()];
        let text = join_counted_lines(&games);
        assert_eq!(text, "2\n1 2 3\n4 5 6\n");
        assert_eq!(split_counted_lines(&text), games);
    }
}
