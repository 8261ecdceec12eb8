//! The result of `judge`: one candidate on one fixed test set. Its verdict is decided by
//! [`crate::judge::submission`].

use std::time::Duration;

use crate::judge::timing::BORDERLINE_PERCENT;
use crate::judge::{submission, Verdict};
use crate::run::Isolation;
pub use crate::testset::{Scheduling, TestRow};
use crate::units::{millis, seconds};

/// The judgement of one candidate on one test set.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgeReport {
    /// Problem id.
    pub problem: String,
    /// How the candidate is named to the user (its path or command).
    pub solution: String,
    /// The nominal CPU time limit.
    pub time_limit: Duration,
    /// The memory limit in bytes.
    pub memory_limit_bytes: u64,
    /// The tests in test order (empty on CE).
    pub tests: Vec<TestRow>,
    /// The compiler's message when the candidate did not build.
    pub compile_error: Option<String>,
    /// How the runs were scheduled.
    pub scheduling: Scheduling,
    /// What the report should say about how the problem was read (e.g. a derived time limit).
    pub notes: Vec<String>,
    /// The isolation the runs had, when a sandbox was configured.
    pub isolation: Option<Isolation>,
    /// The Python 3 interpreter the candidate ran with and why, when it is Python 3.
    pub python: Option<String>,
    /// A scoring problem's score of the candidate: the total and each group's, as `verify`
    /// grades a submission (the package's grading rules and custom grader).
    pub score: Option<super::RowScore>,
    /// An olympiad task's subtask scores and total (an Italian-format task).
    pub subtasks: Option<crate::judge::grade_polygon::Score>,
}

/// The test that used the most CPU time and its share of the limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slowest {
    /// The test's name.
    pub name: String,
    /// Its CPU time, ms.
    pub cpu_ms: u64,
    /// CPU time as a percentage of the time limit (rounded).
    pub percent_of_limit: u64,
}

impl Slowest {
    /// `slowest: max-2, 1.82 s = 91 % of the time limit`.
    pub fn describe(&self) -> String {
        format!(
            "slowest: {}, {} = {} % of the time limit",
            self.name,
            seconds(Duration::from_millis(self.cpu_ms)),
            self.percent_of_limit
        )
    }
}

impl JudgeReport {
    /// `CE` without a build, else the first non-AC test's verdict in test order, else `AC`
    /// ([`submission::verdict`]).
    pub fn verdict(&self) -> Verdict {
        submission::verdict(self.compile_error.is_none(), self.verdicts())
    }

    /// The first test, in test order, whose verdict is not AC ([`submission::deciding_test`]).
    pub fn first_failure(&self) -> Option<&TestRow> {
        submission::deciding_test(self.verdicts()).map(|i| &self.tests[i])
    }

    /// Each test's verdict, in test order.
    fn verdicts(&self) -> impl Iterator<Item = Verdict> + '_ {
        self.tests.iter().map(|r| r.result.verdict)
    }

    /// The test with the most CPU time (the first of equals), if any test ran.
    pub fn slowest(&self) -> Option<Slowest> {
        let limit_ms = millis(self.time_limit).max(1);
        let row = self.tests.iter().rev().max_by_key(|r| r.result.cpu_ms)?;
        Some(Slowest {
            name: row.name.clone(),
            cpu_ms: row.result.cpu_ms,
            percent_of_limit: (row.result.cpu_ms * 100 + limit_ms / 2) / limit_ms,
        })
    }

    /// One-line summary of the outcome: the compiler error's first line, the first failure, or
    /// how many tests passed.
    pub fn message(&self) -> String {
        if let Some(error) = &self.compile_error {
            return format!(
                "compilation failed: {}",
                crate::build::compile_error_line(error)
            );
        }
        match self.first_failure() {
            Some(row) if row.result.detail.is_empty() => {
                format!("{}: {}", row.name, row.result.label())
            }
            Some(row) => format!(
                "{}: {}: {}",
                row.name,
                row.result.label(),
                row.result.detail
            ),
            None => format!("all {} tests passed", self.tests.len()),
        }
    }

    /// Lines on how timing was protected from parallel runs: the schedule used and every
    /// borderline decision.
    pub fn timing_notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let s = &self.scheduling;
        if s.strict {
            notes.push("strict timing: every test ran alone".to_string());
        } else if s.parallel_used {
            let alone: Vec<&str> = self
                .tests
                .iter()
                .filter(|r| r.ran_alone)
                .map(|r| r.name.as_str())
                .collect();
            let mut note = format!(
                "{} parallel jobs were used; CPU times within {} % of the limit were re-measured \
                 alone",
                s.jobs, BORDERLINE_PERCENT
            );
            if !alone.is_empty() {
                note.push_str(&format!("; ran alone: {}", alone.join(", ")));
            }
            notes.push(note);
        }
        for row in &self.tests {
            if let Some(b) = &row.borderline {
                notes.push(format!("{}: {}", row.name, b.describe()));
            }
        }
        notes
    }

    /// The report as one JSON object (the public `--json` contract).
    pub fn to_json(&self) -> serde_json::Value {
        super::json::to_value(&super::json::JudgeJson::from(self))
    }

    /// The report as plain text: table, overall verdict, slowest test, timing notes, first
    /// failure.
    pub fn render_text(&self) -> String {
        anstream::adapter::strip_str(&self.render_styled()).to_string()
    }

    /// [`JudgeReport::render_text`] with verdicts in colour (for a terminal).
    pub fn render_styled(&self) -> String {
        super::judge_text::render(self)
    }
}
