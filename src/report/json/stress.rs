//! The `stress` report's shape (and `stress --explain-format`'s).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{CompileErrorJson, JudgeJson};
use crate::judge::Verdict;
use crate::report::shard::ShardInfo;
use crate::report::stress::{failure_stem, signature, KindFormat};
use crate::report::StressReport;
use crate::run::Isolation;
use crate::stress::Failure;
use crate::units::millis;

/// Whatever `stress --json` prints: its report, a compile error, or the judge report of the
/// samples when one failed before any seed ran.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum StressOutput {
    /// The stress run.
    Stress(Box<StressJson>),
    /// The candidate did not compile.
    CompileError(Box<CompileErrorJson>),
    /// A sample failed first.
    SamplesFailed(Box<JudgeJson>),
}

/// `stress --json`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StressJson {
    /// Problem id or folder.
    pub problem: String,
    /// The candidate as the user named it.
    pub solution: String,
    /// `AC` when nothing failed, else the first failure's verdict.
    #[schemars(schema_with = "super::verdict_schema")]
    pub verdict: Verdict,
    /// Candidate runs made.
    pub runs: u64,
    /// Games (test cases) judged.
    pub games: u64,
    /// Inputs generated.
    pub inputs: u64,
    /// Wall-clock time of the whole run.
    pub elapsed_ms: u64,
    /// Games judged per second, rounded.
    #[serde(default)]
    pub games_per_second: f64,
    /// Whether Ctrl-C ended the run.
    pub interrupted: bool,
    /// Where failures were written.
    pub out: String,
    /// Every failure found, shrunk.
    pub failures: Vec<FailureJson>,
    /// Failures grouped by signature, in order of first appearance.
    #[serde(default)]
    pub groups: Vec<FailureGroupJson>,
    /// Notes on how the problem was read.
    pub notes: Vec<String>,
    /// The sandbox the runs had.
    pub isolation: Option<Isolation>,
    /// The Python interpreter a Python candidate ran with (`null` for other languages).
    pub python: Option<String>,
    /// What `merge` needs to rebuild the report: the candidate's hash, the repro command's
    /// parts, the limits.
    pub subject: StressSubjectJson,
    /// Which shard of a split stress this is (`stress --shard`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardInfo>,
    /// Whether every failure's files were written.
    #[serde(default)]
    pub saved: bool,
    /// The failures whose files could not be written, and why.
    pub save_errors: Vec<SaveErrorJson>,
}

/// The stress subject's details a merge of shards needs.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StressSubjectJson {
    /// A hash of the candidate's source.
    pub solution_hash: String,
    /// The problem as the repro command names it.
    pub repro_problem: String,
    /// The candidate as the repro command names it.
    pub repro_candidate: String,
    /// The CPU time limit per run.
    pub time_limit_ms: u64,
    /// The memory limit per run.
    pub memory_limit_bytes: u64,
    /// Whether the problem is interactive.
    pub interactive: bool,
    /// Whether the problem's inputs pack several games.
    pub has_games: bool,
}

/// One failure of a stress run.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FailureJson {
    /// The seed that failed.
    pub seed: u64,
    /// Its generator kind.
    pub kind: String,
    /// The verdict.
    #[schemars(schema_with = "super::verdict_schema")]
    pub verdict: Verdict,
    /// The generated input.
    pub input: String,
    /// The input after shrinking.
    pub shrunk_input: String,
    /// The reference's answer to the shrunk input.
    pub expected: String,
    /// The candidate's output on it (lossily decoded).
    pub actual: String,
    /// One line on what went wrong.
    pub detail: String,
    /// A sanitizer's first finding, with file and line (`--sanitize`, or a stress failure's
    /// sanitized re-run); `null` when there is none.
    pub sanitizer: Option<String>,
    /// Whether the seed fails when run alone.
    pub reproducible_alone: bool,
    /// The stem of the failure's files in `out`.
    #[serde(default)]
    pub file_stem: String,
    /// Accepted shrinking steps.
    pub shrink_steps: usize,
    /// Candidate runs the shrinking made.
    pub shrink_runs: usize,
    /// The `stressjudge repro` command that re-runs it.
    #[serde(default)]
    pub repro: String,
    /// The failure's signature (verdict and where), by which failures are grouped.
    #[serde(default)]
    pub signature: String,
    /// Whether its files were written.
    #[serde(default)]
    pub saved: bool,
    /// Whether `input` is a recorded file rather than a generated seed.
    pub recorded_input: bool,
    /// The seed a recorded input was shrunk from.
    pub shrunk_from: Option<ShrunkFromJson>,
    /// The input format learned from the generator, one line each.
    pub input_format: Vec<String>,
    /// The shapes of the learned format the shrunk input keeps (`edges on vertices 1..n: a
    /// tree ...`, a permutation, a grid), one line each; empty when no format guarded it.
    #[serde(default)]
    pub kept_properties: Vec<String>,
    /// The game of a packed input the shrunk failure is in, when the input packs games.
    pub shrunk_game: Option<usize>,
    /// The seeds packed into the failing run with this one.
    #[serde(default)]
    pub packed_seeds: Vec<u64>,
    /// The failing test cases of a multi-test input.
    pub cases: Option<CasesJson>,
    /// An interactive run's transcript.
    pub transcript: Option<String>,
}

/// The generated seed a failure came from.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShrunkFromJson {
    /// Generator kind.
    pub kind: String,
    /// Seed.
    pub seed: u64,
    /// The generator's arguments.
    pub args: Option<Vec<String>>,
}

/// The failing cases of a multi-test input, kept alone.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CasesJson {
    /// Their 1-based indices.
    pub cases: Vec<usize>,
    /// Cases the input held.
    pub of: usize,
    /// One line: which cases.
    #[serde(default)]
    pub describe: String,
    /// The input of only those cases.
    pub input: String,
    /// The reference's answer to it.
    pub expected: String,
    /// The candidate's output on it.
    pub actual: String,
}

/// Failures of one signature.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FailureGroupJson {
    /// The signature.
    pub signature: String,
    /// Its verdict.
    #[schemars(schema_with = "super::verdict_schema")]
    pub verdict: Verdict,
    /// Failures in the group.
    pub count: usize,
    /// Their seeds.
    pub seeds: Vec<u64>,
    /// Their kinds.
    pub kinds: Vec<String>,
    /// The smallest shrunk input of the group.
    pub shrunk_input: String,
}

/// A failure whose files were not written.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SaveErrorJson {
    /// The failure's file stem.
    pub file_stem: String,
    /// Why.
    pub error: String,
}

/// `stress --explain-format --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExplainFormatJson {
    /// Problem id or folder.
    pub problem: String,
    /// One format per generator kind.
    pub formats: Vec<KindFormatJson>,
}

/// The input format learned from one kind.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindFormatJson {
    /// Generator kind.
    pub kind: String,
    /// Inputs it was learned from.
    pub inputs: usize,
    /// The format, one line each.
    pub format: Vec<String>,
}

impl ExplainFormatJson {
    /// The object for `problem`'s learned formats.
    pub fn new(problem: &str, formats: &[KindFormat]) -> Self {
        ExplainFormatJson {
            problem: problem.to_string(),
            formats: formats
                .iter()
                .map(|f| KindFormatJson {
                    kind: f.kind.clone(),
                    inputs: f.inputs,
                    format: f.lines.clone(),
                })
                .collect(),
        }
    }
}

impl FailureJson {
    fn new(report: &StressReport, f: &Failure) -> Self {
        FailureJson {
            seed: f.unit.seed,
            kind: f.unit.kind.clone(),
            verdict: f.verdict,
            input: f.input.clone(),
            shrunk_input: f.shrunk_input.clone(),
            expected: f.shrunk_expected.text.clone(),
            actual: String::from_utf8_lossy(&f.shrunk_output).into_owned(),
            detail: f.detail.clone(),
            sanitizer: f.sanitizer.clone(),
            reproducible_alone: f.reproducible_alone,
            file_stem: failure_stem(f),
            shrink_steps: f.shrink_steps,
            shrink_runs: f.shrink_runs,
            repro: report.subject.repro_command(f),
            signature: signature(f),
            saved: report.is_saved(f),
            recorded_input: f.recorded_input,
            shrunk_from: f.shrunk_from.as_ref().map(|u| ShrunkFromJson {
                kind: u.kind.clone(),
                seed: u.seed,
                args: f.shrunk_from_args.clone(),
            }),
            input_format: f.input_format.clone(),
            kept_properties: f.kept_properties.clone(),
            shrunk_game: f.shrunk_game,
            packed_seeds: f.packed_seeds.clone(),
            cases: f.cases.as_ref().map(|c| CasesJson {
                cases: c.cases.clone(),
                of: c.of,
                describe: c.describe(),
                input: c.input.clone(),
                expected: c.expected.text.clone(),
                actual: String::from_utf8_lossy(&c.output).into_owned(),
            }),
            transcript: report
                .subject
                .interactive
                .then(|| String::from_utf8_lossy(&f.shrunk_output).into_owned()),
        }
    }
}

impl From<&StressReport> for StressJson {
    fn from(report: &StressReport) -> Self {
        StressJson {
            problem: report.subject.problem.clone(),
            solution: report.subject.solution.clone(),
            verdict: report.verdict(),
            runs: report.runs,
            games: report.games,
            inputs: report.inputs,
            elapsed_ms: millis(report.elapsed),
            games_per_second: report.games_per_second().round(),
            interrupted: report.interrupted,
            out: report.out.display().to_string(),
            failures: report
                .failures
                .iter()
                .map(|f| FailureJson::new(report, f))
                .collect(),
            groups: report
                .groups()
                .iter()
                .map(|g| FailureGroupJson {
                    signature: g.signature.clone(),
                    verdict: g.verdict,
                    count: g.count,
                    seeds: g.seeds.clone(),
                    kinds: g.kinds.clone(),
                    shrunk_input: report.failures[g.smallest].shrunk_input.clone(),
                })
                .collect(),
            notes: report.notes.clone(),
            isolation: report.isolation.clone(),
            python: report.subject.python.clone(),
            subject: StressSubjectJson {
                solution_hash: report.subject.solution_hash.clone(),
                repro_problem: report.subject.repro_problem.clone(),
                repro_candidate: report.subject.repro_candidate.clone(),
                time_limit_ms: millis(report.subject.time_limit),
                memory_limit_bytes: report.subject.memory_limit,
                interactive: report.subject.interactive,
                has_games: report.has_games,
            },
            shard: report.shard.clone(),
            saved: report.save_errors.is_empty(),
            save_errors: report
                .save_errors
                .iter()
                .map(|e| SaveErrorJson {
                    file_stem: e.stem.clone(),
                    error: e.error.clone(),
                })
                .collect(),
        }
    }
}
