//! The `judge` report's shape. `problem`, `solution`, `verdict`, `tests` (each with `name`,
//! `verdict`, `cpu_ms`, `wall_ms`, `memory_kib`) and `message` are the original contract; every
//! other field is an addition.

use schemars::JsonSchema;
use serde::Serialize;

use crate::judge::Verdict;
use crate::problem::ValidatorScore;
use crate::report::JudgeReport;
use crate::report::TestRow;
use crate::run::Isolation;
use crate::units::millis;

/// `judge --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JudgeJson {
    /// Problem id or folder.
    pub problem: String,
    /// The candidate as the user named it.
    pub solution: String,
    /// The submission's verdict.
    #[schemars(schema_with = "super::verdict_schema")]
    pub verdict: Verdict,
    /// Every test run, in order.
    pub tests: Vec<JudgeTestJson>,
    /// One line: the first failure, or how many tests passed.
    pub message: String,
    /// The compiler's message when the candidate did not build.
    pub compile_error: Option<String>,
    /// The CPU time limit per test.
    pub time_limit_ms: u64,
    /// The memory limit per test.
    pub memory_limit_kib: u64,
    /// The test that took the most CPU time.
    pub slowest: Option<SlowestJson>,
    /// Notes on how the problem was read (limits, expectations, ...).
    pub notes: Vec<String>,
    /// The sandbox the runs had.
    pub isolation: Option<Isolation>,
    /// The Python interpreter a Python candidate ran with (`null` for other languages).
    pub python: Option<String>,
    /// How timing was protected from parallel runs.
    pub timing: TimingJson,
    /// A scoring problem's score: the total, the graded verdict and each group's score, as
    /// `verify` reports a submission's (`null` for a pass-fail problem or a compile error).
    pub score: Option<super::verify::RowScoreJson>,
    /// An olympiad task's score: each subtask's and the total (absent for other problems).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtasks: Option<super::verify::PointsJson>,
}

/// The slowest test.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SlowestJson {
    /// Test name.
    pub name: String,
    /// Its CPU time.
    pub cpu_ms: u64,
    /// That time as a percentage of the limit.
    pub percent_of_limit: u64,
}

/// The timing schedule used.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TimingJson {
    /// Parallel runs.
    pub jobs: usize,
    /// Whether every test ran alone.
    pub strict: bool,
    /// Whether tests ran in parallel.
    pub parallel_used: bool,
    /// The schedule and every borderline decision, one line each.
    pub notes: Vec<String>,
}

/// One test of a `judge` report.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JudgeTestJson {
    /// Test name.
    pub name: String,
    /// Its verdict.
    #[schemars(schema_with = "super::verdict_schema")]
    pub verdict: Verdict,
    /// CPU time.
    pub cpu_ms: u64,
    /// Wall-clock time.
    pub wall_ms: u64,
    /// Peak memory.
    pub memory_kib: u64,
    /// The verdict with its signal, e.g. `RE (SIGSEGV)`.
    pub label: String,
    /// The signal that ended the run, if any.
    pub signal: Option<String>,
    /// What went wrong, or empty.
    pub detail: String,
    /// A sanitizer's first finding, with file and line (`--sanitize`, or a stress failure's
    /// sanitized re-run); `null` when there is none.
    pub sanitizer: Option<String>,
    /// How the run ended, e.g. `exit 0`.
    pub exit: String,
    /// Whether the test was (re-)run alone for its timing.
    pub ran_alone: bool,
    /// A CPU time near the limit, re-measured alone.
    pub borderline: Option<BorderlineJson>,
    /// An interactive run's transcript.
    pub transcript: Option<String>,
    /// The sample interaction of an interactive problem's sample.
    pub sample_interaction: Option<String>,
    /// What a checker gave an accepted output: a testlib checker's points (`quitp`) or a
    /// Kattis output validator's `score.txt`.
    pub score: Option<f64>,
    /// A Kattis output validator's `score_multiplier.txt` (2025-09).
    pub score_multiplier: Option<f64>,
}

/// A borderline time decided by re-runs.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BorderlineJson {
    /// The first (parallel) measurement.
    pub first_cpu_ms: u64,
    /// The verdict the first measurement gave.
    #[schemars(schema_with = "super::verdict_schema")]
    pub first_verdict: Verdict,
    /// Each re-run alone.
    pub rerun_cpu_ms: Vec<u64>,
    /// Their median.
    pub median_cpu_ms: u64,
    /// The fastest.
    pub fastest_cpu_ms: u64,
    /// Fastest to slowest.
    pub spread_ms: u64,
}

impl From<&JudgeReport> for JudgeJson {
    fn from(report: &JudgeReport) -> Self {
        JudgeJson {
            problem: report.problem.clone(),
            solution: report.solution.clone(),
            verdict: report.verdict(),
            tests: report.tests.iter().map(JudgeTestJson::from).collect(),
            message: report.message(),
            compile_error: report.compile_error.clone(),
            time_limit_ms: millis(report.time_limit),
            memory_limit_kib: report.memory_limit_bytes / 1024,
            slowest: report.slowest().map(|s| SlowestJson {
                name: s.name,
                cpu_ms: s.cpu_ms,
                percent_of_limit: s.percent_of_limit,
            }),
            notes: report.notes.clone(),
            isolation: report.isolation.clone(),
            python: report.python.clone(),
            timing: TimingJson {
                jobs: report.scheduling.jobs,
                strict: report.scheduling.strict,
                parallel_used: report.scheduling.parallel_used,
                notes: report.timing_notes(),
            },
            score: report.score.as_ref().map(super::verify::RowScoreJson::from),
            subtasks: report
                .subtasks
                .as_ref()
                .map(super::verify::PointsJson::from),
        }
    }
}

impl From<&TestRow> for JudgeTestJson {
    fn from(row: &TestRow) -> Self {
        let r = &row.result;
        JudgeTestJson {
            name: row.name.clone(),
            verdict: r.verdict,
            cpu_ms: r.cpu_ms,
            wall_ms: r.wall_ms,
            memory_kib: r.memory_kib,
            label: r.label(),
            signal: r.signal.clone(),
            detail: r.detail.clone(),
            sanitizer: r.sanitizer.clone(),
            exit: r.exit.clone(),
            ran_alone: row.ran_alone,
            borderline: row.borderline.as_ref().map(|b| BorderlineJson {
                first_cpu_ms: b.first_cpu_ms,
                first_verdict: b.first_verdict,
                rerun_cpu_ms: b.rerun_cpu_ms.clone(),
                median_cpu_ms: b.median_cpu_ms,
                fastest_cpu_ms: b.fastest_cpu_ms,
                spread_ms: b.spread_ms,
            }),
            transcript: r.transcript(),
            sample_interaction: r.sample_interaction(),
            score: match r.score {
                Some(ValidatorScore::Score(x)) => Some(x),
                _ => None,
            },
            score_multiplier: match r.score {
                Some(ValidatorScore::Multiplier(x)) => Some(x),
                _ => None,
            },
        }
    }
}
