//! `verify --shard` by subtask: an olympiad task's solution is not one job but one per subtask,
//! so the shards share a task with few solutions and many subtasks, and `stressjudge merge`
//! joins a solution's subtask rows back into the row an unsplit verify gives ([`combine`]).
//!
//! The job of subtask `k` runs the tests subtask `k` holds (its own and, through `#STDEP:`,
//! its dependencies'), scores subtask `k` and checks the `@check` promises on subtask `k`; the
//! job of the first subtask also names the promises that match no subtask. A solution's stress
//! pass runs in the job of its last subtask only, and counts at merge only when no test of any
//! subtask failed (an unsplit verify stresses a solution that passed every test).

use std::collections::BTreeMap;

use super::library::LibrarySolution;
use super::Target;
use crate::judge::grade_polygon::Score;
use crate::judge::submission::deciding_test;
use crate::judge::subtasks::{SubtaskCheck, SubtaskModel, TestOutcome};
use crate::problem::TestCase;
use crate::report::{RowStatus, VerifyRow};

/// One job of a verify: a solution of a problem, on one of its subtasks when split by them.
#[derive(Clone, Copy)]
pub(super) struct Job<'a> {
    /// The problem.
    pub target: &'a Target,
    /// The solution.
    pub solution: &'a LibrarySolution,
    /// The subtask (an index of the task's subtask model), when split by subtask.
    pub subtask: Option<usize>,
}

/// The command's jobs, in its order: each problem's solutions, each solution split into one
/// job per subtask when `by_subtask` and its task has more than one.
pub(super) fn jobs(targets: &[Target], by_subtask: bool) -> Vec<Job<'_>> {
    let mut jobs = Vec::new();
    for target in targets {
        let subtasks = match (&target.subtasks, by_subtask) {
            (Some(model), true) if model.subtasks.len() > 1 => model.subtasks.len(),
            _ => 0,
        };
        for solution in &target.solutions {
            if subtasks == 0 {
                jobs.push(Job {
                    target,
                    solution,
                    subtask: None,
                });
            }
            for k in 0..subtasks {
                jobs.push(Job {
                    target,
                    solution,
                    subtask: Some(k),
                });
            }
        }
    }
    jobs
}

impl Job<'_> {
    /// The fixed tests this job runs: the problem's, or the subtask's.
    pub fn fixed_tests(&self) -> Result<Vec<TestCase>, crate::error::UsageError> {
        let cases = self.target.fixed_tests()?;
        match (self.subtask, &self.target.subtasks) {
            (Some(k), Some(model)) => {
                let held = &model.subtasks[k].tests;
                Ok(cases
                    .into_iter()
                    .filter(|c| held.contains(&c.name))
                    .collect())
            }
            _ => Ok(cases),
        }
    }

    /// Whether this job runs the solution's stress pass: the whole solution's job, or the
    /// job of its last subtask.
    pub fn stresses(&self) -> bool {
        match (self.subtask, &self.target.subtasks) {
            (Some(k), Some(model)) => k + 1 == model.subtasks.len(),
            _ => true,
        }
    }
}

/// The score of subtask `k` alone, from its tests' outcomes.
pub(super) fn points(
    model: &SubtaskModel,
    k: usize,
    outcome: impl Fn(&str) -> Option<TestOutcome>,
) -> Score {
    let one = SubtaskModel {
        subtasks: vec![model.subtasks[k].clone()],
        score_type: model.score_type,
        precision: model.precision,
        checks: Vec::new(),
    };
    one.score(outcome)
}

/// The promises of `checks` broken on subtask `k` (and, for the first subtask, the ones that
/// name no subtask at all), from its tests' outcomes.
pub(super) fn broken(
    model: &SubtaskModel,
    k: usize,
    checks: &[SubtaskCheck],
    outcome: impl Fn(&str) -> Option<TestOutcome>,
) -> Vec<String> {
    let mut lines = Vec::new();
    if k == 0 {
        // A check that names no subtask is broken once, whatever ran.
        lines.extend(
            model
                .broken(checks, |_| None)
                .into_iter()
                .filter(|line| line.contains(" names no subtask (")),
        );
    }
    let one = SubtaskModel {
        subtasks: vec![model.subtasks[k].clone()],
        score_type: model.score_type,
        precision: model.precision,
        checks: Vec::new(),
    };
    let glob = |check: &SubtaskCheck| crate::judge::test_glob::Glob::new(&check.pattern);
    let on_k: Vec<SubtaskCheck> = (checks.iter())
        .filter(|c| glob(c).matches(&model.subtasks[k].name))
        .cloned()
        .collect();
    lines.extend(one.broken(&on_k, outcome));
    lines
}

/// One solution's rows, one per subtask job in subtask order, joined into the row an unsplit
/// verify gives: every test once, in order; the verdict of the first test that failed (else
/// the stress pass's, else AC); the subtasks' points side by side and their total; every
/// broken promise; the row's status from them.
pub fn combine(rows: Vec<VerifyRow>) -> VerifyRow {
    let mut rows = rows.into_iter();
    let mut joined = rows.next().expect("a solution has at least one row");
    let mut stress_row: Option<VerifyRow> = None;
    let mut tests: BTreeMap<(u64, String), crate::report::TestRow> = BTreeMap::new();
    let mut any_sensitive = joined.status == RowStatus::Sensitive;
    let mut skipped = joined.status == RowStatus::Skipped;
    let order = |name: &str| name.parse::<u64>().unwrap_or(u64::MAX);
    for test in std::mem::take(&mut joined.tests) {
        tests
            .entry((order(&test.name), test.name.clone()))
            .or_insert(test);
    }
    if joined.stress.is_some() {
        stress_row = Some(joined.clone());
    }
    for row in rows {
        any_sensitive |= row.status == RowStatus::Sensitive;
        skipped |= row.status == RowStatus::Skipped;
        if row.stress.is_some() {
            stress_row = Some(row.clone());
        }
        for test in row.tests {
            tests
                .entry((order(&test.name), test.name.clone()))
                .or_insert(test);
        }
        joined.slowest = joined.slowest.max(row.slowest);
        joined.elapsed += row.elapsed;
        for warning in row.warnings {
            if !joined.warnings.contains(&warning) {
                joined.warnings.push(warning);
            }
        }
        joined.points = match (joined.points.take(), row.points) {
            (Some(mut a), Some(b)) => {
                a.points += b.points;
                a.max += b.max;
                a.groups.extend(b.groups);
                Some(a)
            }
            (a, b) => a.or(b),
        };
        joined.other_python = joined.other_python.or(row.other_python);
        for line in row.broken {
            // A promise about the whole solution (it must compile) is broken in every job.
            if !joined.broken.contains(&line) {
                joined.broken.push(line);
            }
        }
        joined.tests_reused += row.tests_reused;
        joined.stress_reused |= row.stress_reused;
        if joined.got.is_some() && row.got.is_none() {
            // A job that could not judge it at all says why for the whole solution.
            joined.got = None;
            joined.source = row.source;
            joined.detail = row.detail;
        }
    }
    if let Some(points) = &mut joined.points {
        // Each subtask's points are rounded to the task's precision; their sum is too, up to
        // the floating point noise of adding them.
        points.points = (points.points * 1e9).round() / 1e9 + 0.0;
    }
    joined.tests = tests.into_values().collect();
    let compiled = !matches!(joined.got, None | Some(crate::judge::Verdict::CE));
    if compiled {
        let verdicts = joined.tests.iter().map(|t| t.result.verdict);
        match deciding_test(verdicts) {
            Some(i) => {
                let row = &joined.tests[i];
                joined.got = Some(row.result.verdict);
                joined.source = row.name.clone();
                joined.detail = match row.result.detail.is_empty() {
                    true => row.result.label(),
                    false => format!("{}: {}", row.result.label(), row.result.detail),
                };
                joined.stress = None;
                joined.stress_reused = false;
            }
            None => match stress_row {
                Some(row) => {
                    joined.got = row.got;
                    joined.source = row.source;
                    joined.detail = row.detail;
                    joined.stress = row.stress;
                }
                None => {
                    joined.got = Some(crate::judge::Verdict::AC);
                    joined.source = "all tests".into();
                    joined.detail = String::new();
                }
            },
        }
    }
    joined.status = if skipped {
        RowStatus::Skipped
    } else if !joined.broken.is_empty() {
        RowStatus::Mismatch
    } else if any_sensitive {
        RowStatus::Sensitive
    } else {
        RowStatus::Match
    };
    joined
}

/// The rows of a merged verify, in job order, with each solution's subtask rows joined
/// ([`combine`]): consecutive rows of the same problem and solution.
pub fn join_subtask_rows(rows: Vec<VerifyRow>) -> Vec<VerifyRow> {
    let mut joined: Vec<VerifyRow> = Vec::new();
    let mut group: Vec<VerifyRow> = Vec::new();
    let flush = |group: Vec<VerifyRow>, joined: &mut Vec<VerifyRow>| match group.len() {
        0 => {}
        // A solution judged in one job (not split) keeps its row as it is.
        1 => joined.extend(group),
        _ => joined.push(combine(group)),
    };
    for row in rows {
        if let Some(last) = group.last() {
            if last.problem != row.problem || last.path != row.path {
                flush(std::mem::take(&mut group), &mut joined);
            }
        }
        group.push(row);
    }
    flush(group, &mut joined);
    joined
}
