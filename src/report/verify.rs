//! The result of `verify`: every solution of the library or submission of a problem folder,
//! what its folder promises, what it got, and each of its tests.

use std::time::Duration;

use serde_json::Value;

use super::derivation::LimitDerivation;
use super::judge::TestRow;
use super::shard::ShardInfo;
pub use crate::judge::grade::show_score;
use crate::judge::grade_polygon::Score;
use crate::judge::Verdict;
use crate::programs::tool_checks::ToolChecks;
use crate::run::calibration::Calibration;
use crate::run::Isolation;
use crate::testset::results::RunCounts;

/// How a solution's verdicts compare with its folder's promise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowStatus {
    /// The promise is kept.
    Match,
    /// It is not.
    Mismatch,
    /// Not judged: no toolchain for its language here (never a failure).
    Skipped,
    /// Broken only by tests whose AC or TLE this machine's timing noise could flip, and kept
    /// had they gone the other way: no run here can tell, so it is named, not failed (issue
    /// 31; problemtools' "sensitive to time limit" warning).
    Sensitive,
}

impl RowStatus {
    /// Every status, for the report's JSON Schema.
    pub const ALL: [RowStatus; 4] = [
        RowStatus::Match,
        RowStatus::Mismatch,
        RowStatus::Skipped,
        RowStatus::Sensitive,
    ];

    /// `match`, `mismatch`, `skipped` or `sensitive`, as JSON reports write it.
    pub fn name(self) -> &'static str {
        match self {
            RowStatus::Match => "match",
            RowStatus::Mismatch => "mismatch",
            RowStatus::Skipped => "skipped",
            RowStatus::Sensitive => "sensitive",
        }
    }
}

/// One solution's line of the verify report.
#[derive(Debug, Clone)]
pub struct VerifyRow {
    /// Problem id (a built-in id or the problem folder).
    pub problem: String,
    /// The solution's path as given.
    pub path: String,
    /// The solution's path as shown (relative to its problem's folder).
    pub shown: String,
    /// What its folder promises, shortly (`WA`, `RE`, `not AC`).
    pub expected: String,
    /// Its folder's category in a problem folder (`run_time_error`), none in the library.
    pub category: Option<String>,
    /// The first non-AC verdict found (AC when none), `None` when it could not be judged.
    pub got: Option<Verdict>,
    /// Whether the promise is kept.
    pub status: RowStatus,
    /// Where the verdict came from: a test name, `stress KIND seed N`, `compile`, `build`.
    pub source: String,
    /// One line on what went wrong, or why it was skipped.
    pub detail: String,
    /// CPU time of its slowest test.
    pub slowest: Duration,
    /// Wall time spent on it, build included.
    pub elapsed: Duration,
    /// Time-limit sanity warnings.
    pub warnings: Vec<String>,
    /// Each test of the fixed set, in order (empty when it did not build).
    pub tests: Vec<TestRow>,
    /// The stress pass's verdict and where it came from, when it ran.
    pub stress: Option<(Verdict, String)>,
    /// The time limit it was judged by.
    pub time_limit: Duration,
    /// Its points on a Polygon testset with points (per group), when the problem gives any.
    pub points: Option<Score>,
    /// Its scores, for a scoring problem.
    pub score: Option<RowScore>,
    /// A Python submission that broke its promise, judged again under the other Python 3
    /// interpreter (issue 46).
    pub other_python: Option<OtherPython>,
    /// Each promise it broke, one line each (empty when it keeps them, or was skipped).
    pub broken: Vec<String>,
    /// Where its expectation comes from in a problem folder (`folder name`,
    /// `submissions.yaml`, `@EXPECTED_RESULTS@ in x.c`).
    pub expectation_source: Option<String>,
    /// The fixed tests after the one that decided its verdict, in order: judging stopped there
    /// (Kattis `on_reject: break`), so they were not run. Empty with `--all-tests`.
    pub not_run: Vec<String>,
    /// How many of `tests` came from the result cache instead of a run.
    pub tests_reused: usize,
    /// Whether the stress pass's result came from the result cache.
    pub stress_reused: bool,
}

/// The scores of one submission of a scoring problem.
#[derive(Debug, Clone, PartialEq)]
pub struct RowScore {
    /// The submission's score.
    pub score: f64,
    /// The best possible score, when finite.
    pub max: Option<f64>,
    /// The graded verdict (legacy scoring problems).
    pub verdict: Option<String>,
    /// Each group's name, score and maximum, children before parents.
    pub groups: Vec<(String, f64, Option<f64>)>,
    /// Each fixed test's score, in test order (`None`: not scored or not reached).
    pub tests: Vec<Option<f64>>,
    /// Judge errors found while scoring.
    pub errors: Vec<String>,
}

/// What a Python submission that broke its promise got under the other Python 3 interpreter
/// (PyPy where its package runs CPython, and the other way round).
#[derive(Debug, Clone, PartialEq)]
pub struct OtherPython {
    /// The interpreter, named for reports: `CPython 3.11.7 (/usr/bin/python3)`.
    pub interpreter: String,
    /// Whether the promise holds under it.
    pub holds: bool,
    /// Its verdict there.
    pub got: Option<Verdict>,
    /// Its slowest test's CPU time there.
    pub slowest: Duration,
}

impl RowScore {
    /// The score as a report lists it: `score 42 / 100 (graded AC)`, then one line per group
    /// (`  secret/group1: 25 / 25`), children before parents.
    pub fn lines(&self) -> Vec<String> {
        let graded = self
            .verdict
            .as_ref()
            .map_or(String::new(), |v| format!(" (graded {v})"));
        let mut lines = vec![format!("score {}{graded}", self.text())];
        for (group, value, max) in &self.groups {
            let max = max.map_or(String::new(), |m| format!(" / {}", show_score(m)));
            lines.push(format!("  {group}: {}{max}", show_score(*value)));
        }
        lines.extend(self.errors.iter().map(|e| format!("  scoring error: {e}")));
        lines
    }

    /// `42` or `42 / 100`, as tables show it.
    pub fn text(&self) -> String {
        match self.max {
            Some(max) => format!("{} / {}", show_score(self.score), show_score(max)),
            None => show_score(self.score),
        }
    }
}

impl VerifyRow {
    /// What a test that was not run says: `not run: judging stopped at TEST`.
    pub fn not_run_reason(&self) -> String {
        format!(
            "not run: judging stopped at {}, which decided the verdict",
            self.source
        )
    }
}

/// A verified problem as judged: its limits (a derived time limit included) and notes.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifiedProblem {
    /// Its id (a built-in id or the folder).
    pub id: String,
    /// Its title.
    pub title: String,
    /// The time limit solutions were judged by.
    pub time_limit: Duration,
    /// The memory limit in bytes.
    pub memory_limit_bytes: u64,
    /// How it was read: skipped validators, unknown folders, how the time limit was derived.
    pub notes: Vec<String>,
    /// How its time limit was derived and measured, when it was.
    pub derivation: Option<LimitDerivation>,
}

/// The whole verify run.
#[derive(Debug, Clone)]
pub struct VerifyReport {
    /// The problems, in order.
    pub problems: Vec<VerifiedProblem>,
    /// One row per solution, problem by problem.
    pub rows: Vec<VerifyRow>,
    /// The tool checks of each package whose tools were checked, in problem order.
    pub tool_checks: Vec<ToolChecks>,
    /// Notes on how each problem was read (`problem: note`).
    pub notes: Vec<String>,
    /// Wall time of the whole run.
    pub elapsed: Duration,
    /// The isolation the runs had, when a sandbox was configured.
    pub isolation: Option<Isolation>,
    /// Runs of candidates on fixed tests made, and judgements reused from the result cache.
    pub runs: RunCounts,
    /// Tests a problem could not make (a generator that does not build or fails), one line
    /// each (`problem: why; tests left out`): the solutions were judged without them, so the
    /// run cannot pass.
    pub incomplete: Vec<String>,
    /// The calibration workload's runs that measured the machine's timing noise.
    pub calibration: Option<Calibration>,
    /// Which shard of a split command this is (`verify --shard I/N`), `None` for a whole run.
    pub shard: Option<ShardInfo>,
    /// `--mutants`: each problem's tests measured by its reference's mutants (informative:
    /// it does not change whether the run passed).
    pub mutants: Vec<crate::report::json::VerifyMutantsJson>,
}

impl VerifyReport {
    /// Whether every judged solution keeps its folder's promise (skipped ones do not count)
    /// and every test could be made.
    pub fn ok(&self) -> bool {
        self.incomplete.is_empty()
            && self.rows.iter().all(|r| r.status != RowStatus::Mismatch)
            && self.tool_checks.iter().all(ToolChecks::passed)
    }

    /// How many rows have `status`.
    pub fn count(&self, status: RowStatus) -> usize {
        self.rows.iter().filter(|r| r.status == status).count()
    }

    /// The `--json` object: `{"ok", "solutions": [{"problem", "path", "expected", "got",
    /// "ok", ...}]}` (earlier fields unchanged; `tests`, `time_limit_ms` and `notes` added; then
    /// `runs_made`, `runs_reused` and `stress_passes_reused`, and per solution `tests_not_run`,
    /// `tests_reused`, `stress_reused` and the tests not run in `tests` with the verdict
    /// `not run`).
    pub fn to_json(&self) -> Value {
        super::json::to_value(&super::json::VerifyJson::from(self))
    }
}

/// A score in one line: `61 of 100 points (s1 32/32, s2 0/29)`; without declared points (a
/// checker gave them all), `42.5 points, given by the checker`.
pub fn points_text(score: &Score) -> String {
    if score.max == 0.0 {
        return format!("{} points, given by the checker", score.points);
    }
    let groups: Vec<String> = score
        .groups
        .iter()
        .filter(|g| g.max > 0.0 || g.points > 0.0)
        .map(|g| {
            let name = if g.name.is_empty() { "tests" } else { &g.name };
            format!("{name} {}/{}", g.points, g.max)
        })
        .collect();
    format!(
        "{} of {} points ({})",
        score.points,
        score.max,
        groups.join(", ")
    )
}

/// The verdict the reports give a test that was not run.
pub const NOT_RUN: &str = "not run";
