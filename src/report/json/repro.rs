//! The `repro` report's shape, and the compile error `stress` and `repro` print when the
//! candidate does not build.

use schemars::JsonSchema;
use serde::Serialize;

use crate::judge::Verdict;
use crate::report::{CompileErrorReport, GameDiff, ReproReport};
use crate::run::Isolation;

/// Whatever `repro --json` prints: its report, or a compile error.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ReproOutput {
    /// The seed re-run.
    Repro(Box<ReproJson>),
    /// The candidate did not compile.
    CompileError(Box<CompileErrorJson>),
}

/// `repro --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReproJson {
    /// Problem id or folder.
    pub problem: String,
    /// The candidate as built.
    pub solution: String,
    /// The seed.
    pub seed: u64,
    /// Its generator kind.
    pub kind: String,
    /// The verdict.
    #[schemars(schema_with = "super::verdict_schema")]
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
    /// Games the input holds.
    pub games: usize,
    /// The games whose answers differ, first ones first.
    pub failing_games: Vec<GameDiffJson>,
    /// The sandbox the run had.
    pub isolation: Option<Isolation>,
    /// The input file run (`--input`) instead of a generated seed.
    pub input_file: Option<String>,
}

/// One game whose answer differs.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameDiffJson {
    /// 1-based game index.
    pub game: usize,
    /// The game's own input line, when the problem packs games.
    pub input_line: Option<String>,
    /// The expected answer, or `null` past the end of the answer.
    pub expected: Option<String>,
    /// The candidate's answer, or `null` when its output ended.
    pub actual: Option<String>,
}

/// A candidate that did not compile (`stress` and `repro`): the fields of a stress report,
/// empty, and the compiler's message.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompileErrorJson {
    /// Problem id or folder.
    pub problem: String,
    /// The candidate as the user named it.
    pub solution: String,
    /// Always `CE`.
    #[schemars(schema_with = "super::verdict_schema")]
    pub verdict: Verdict,
    /// The compiler's message.
    pub message: String,
    /// Always 0.
    pub runs: u64,
    /// Always 0.
    pub games: u64,
    /// Always 0.
    pub elapsed_ms: u64,
    /// Always empty.
    pub failures: Vec<()>,
    /// The sandbox runs would have had.
    pub isolation: Option<Isolation>,
}

impl From<&ReproReport> for ReproJson {
    fn from(r: &ReproReport) -> Self {
        ReproJson {
            problem: r.problem.clone(),
            solution: r.solution.clone(),
            seed: r.seed,
            kind: r.kind.clone(),
            verdict: r.verdict,
            detail: r.detail.clone(),
            input: r.input.clone(),
            expected: r.expected.clone(),
            actual: r.actual.clone(),
            diff: r.diff.clone(),
            games: r.games,
            failing_games: r.failing_games.iter().map(GameDiffJson::from).collect(),
            isolation: r.isolation.clone(),
            input_file: r.input_file.as_ref().map(|p| p.display().to_string()),
        }
    }
}

impl From<&GameDiff> for GameDiffJson {
    fn from(g: &GameDiff) -> Self {
        GameDiffJson {
            game: g.game,
            input_line: g.input_line.clone(),
            expected: g.expected.clone(),
            actual: g.actual.clone(),
        }
    }
}

impl From<&CompileErrorReport> for CompileErrorJson {
    fn from(r: &CompileErrorReport) -> Self {
        CompileErrorJson {
            problem: r.problem.clone(),
            solution: r.solution.clone(),
            verdict: Verdict::CE,
            message: r.message.clone(),
            runs: 0,
            games: 0,
            elapsed_ms: 0,
            failures: Vec::new(),
            isolation: r.isolation.clone(),
        }
    }
}
