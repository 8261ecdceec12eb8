//! The built-in problems' rules, in Rust: each one's validator, reference and shrinker run in
//! process ([`BuiltinProblem`]), and the strict input [`reader`] their validators share.
//!
//! A built-in problem knows its input format, so it can pack many games into one run and offer
//! problem-aware shrinking. The catalog ([`crate::catalog::builtin`]) joins each with its
//! generator into a full [`crate::problem::Problem`]; this module is named `rules` (not
//! `builtin`) so that the two are not confused: here are a problem's rules, there the whole
//! problem.

pub mod david_vs_david;
pub mod game_of_stones;
pub mod king_game;
pub mod reader;

use crate::problem::{InputError, Limits};

/// One official sample: input text and the expected output text.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// The sample input, exactly as in the statement.
    pub input: &'static str,
    /// The sample output, exactly as in the statement.
    pub answer: &'static str,
}

/// A problem whose validator and reference are Rust code in this crate.
pub trait BuiltinProblem: Send + Sync {
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

    /// The inverse of [`BuiltinProblem::split_games`]: an input holding exactly these games.
    fn join_games(&self, _games: &[String]) -> Option<String> {
        None
    }

    /// Simpler variants of a valid input, most aggressive first (fewer games or piles, smaller
    /// numbers). The shrinker keeps the first variant that passes
    /// [`BuiltinProblem::validate`] and still fails; variants need not be valid themselves.
    fn shrink(&self, input: &str) -> Vec<String>;
}
