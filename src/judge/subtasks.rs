//! Olympiad subtasks (the Italian format's `#ST:` groups and TPS's `subtasks.json`, which their
//! readers fill): each subtask's score from its tests' scores by the task's score type, and
//! whether a solution keeps the `@check-*` promises (or the `solutions.json` verdicts) it makes
//! per subtask.
//!
//! # Score types
//!
//! Each test scores a fraction in [0, 1] (1 accepted, 0 rejected, a checker's own value in
//! between). A subtask of `points` scores, by the task's `score_type`:
//!
//! - `GroupMin` (task-maker-rust's `min`): `points * min(fractions)`;
//! - `Sum` (task-maker-rust's `sum`): `points * mean(fractions)` — task-maker-rust's reading
//!   of CMS's `Sum`, whose parameter is the points of each test (`100 / tests` when the
//!   Italian loader makes it): the same numbers when every test is worth the same;
//! - `GroupMul` (CMS only): `points * product(fractions)`.
//!
//! A subtask without tests scores its points (task-maker-rust's aggregators give 1 on no
//! tests). Without `score_type`, task-maker-rust takes `Sum` for a single subtask and
//! `GroupMin` otherwise; CMS's loader does the same (`Sum` without `#ST:` lines). The total is
//! the sum of the subtasks' scores; scores are shown rounded to `score_precision` decimals.
//!
//! # `@check` promises
//!
//! task-maker-rust's rule (`SolutionCheckResult::check`): the tests of a subtask have outcomes
//! ordered accepted > partial > {wrong answer, time limit, memory limit, runtime error} (the
//! rejections not ordered among themselves); a promise holds when one of the *least* outcomes
//! is among those the promise names. So `accepted` means every test accepted, `partial-score`
//! none rejected and one partial, `wrong-answer` (or `time-limit-exceeded`, ...) at least one
//! test with that outcome, and `zero` at least one rejected test.

use crate::judge::grade_polygon::{GroupScore, Score};
use crate::judge::test_glob::Glob;
use crate::judge::tps_verdicts::TpsVerdict;
use crate::judge::Verdict;

/// How a subtask's score comes from its tests' fractions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreType {
    /// The least fraction (CMS `GroupMin`, task-maker-rust `min`).
    GroupMin,
    /// The mean fraction (CMS `Sum` with equal tests, task-maker-rust `sum`).
    Sum,
    /// The product of the fractions (CMS `GroupMul`).
    GroupMul,
}

impl ScoreType {
    /// The name task.yaml writes it with.
    pub fn name(self) -> &'static str {
        match self {
            ScoreType::GroupMin => "GroupMin",
            ScoreType::Sum => "Sum",
            ScoreType::GroupMul => "GroupMul",
        }
    }

    /// The fraction of a subtask whose tests got `fractions`.
    fn aggregate(self, fractions: &[f64]) -> f64 {
        if fractions.is_empty() {
            return 1.0;
        }
        match self {
            ScoreType::GroupMin => fractions.iter().copied().fold(f64::INFINITY, f64::min),
            ScoreType::Sum => fractions.iter().sum::<f64>() / fractions.len() as f64,
            ScoreType::GroupMul => fractions.iter().product(),
        }
    }
}

/// One subtask: its name, points and tests (by the names reports give them).
#[derive(Debug, Clone, PartialEq)]
pub struct Subtask {
    /// Its name: `#STNAME:`'s, else `subtask` and its 1-based number.
    pub name: String,
    /// Its points.
    pub points: f64,
    /// Its tests' names, in order.
    pub tests: Vec<String>,
}

/// A task's subtasks and how they score.
#[derive(Debug, Clone, PartialEq)]
pub struct SubtaskModel {
    /// The subtasks, in order.
    pub subtasks: Vec<Subtask>,
    /// How each subtask's score comes from its tests'.
    pub score_type: ScoreType,
    /// Decimals scores are rounded to (`score_precision`).
    pub precision: u32,
    /// Each solution's promises, by the solution's path.
    pub checks: Vec<(std::path::PathBuf, Vec<SubtaskCheck>)>,
}

/// How one test went, as subtasks see it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TestOutcome {
    /// Its verdict (`AC` for a partial score too).
    pub verdict: Verdict,
    /// The fraction the checker gave, when it gave one below 1.
    pub fraction: Option<f64>,
}

impl TestOutcome {
    /// The fraction of the test's worth it earned.
    fn earned(&self) -> f64 {
        match self.verdict {
            Verdict::AC => self.fraction.unwrap_or(1.0),
            _ => 0.0,
        }
    }

    /// task-maker-rust's outcome class of the test.
    fn class(&self) -> Outcome {
        match self.verdict {
            Verdict::AC if self.fraction.is_some_and(|f| f < 1.0) => Outcome::Partial,
            Verdict::AC => Outcome::Accepted,
            Verdict::WA => Outcome::WrongAnswer,
            Verdict::TLE => Outcome::TimeLimit,
            Verdict::MLE => Outcome::MemoryLimit,
            _ => Outcome::RuntimeError,
        }
    }
}

/// task-maker-rust's outcome of a test (`TestcaseEvaluationResult`), without the wall-time
/// one (stressjudge's time limit is on CPU time, with a wall backstop it reports as TLE).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Full score.
    Accepted,
    /// A score strictly between 0 and 1.
    Partial,
    /// Rejected by the checker (or a score of 0).
    WrongAnswer,
    /// Over the time limit.
    TimeLimit,
    /// Over the memory limit.
    MemoryLimit,
    /// Crashed.
    RuntimeError,
}

impl Outcome {
    /// Accepted above partial above every rejection.
    fn rank(self) -> u8 {
        match self {
            Outcome::Accepted => 2,
            Outcome::Partial => 1,
            _ => 0,
        }
    }

    /// How verdict tables name it.
    fn name(self) -> &'static str {
        match self {
            Outcome::Accepted => "AC",
            Outcome::Partial => "partial",
            Outcome::WrongAnswer => "WA",
            Outcome::TimeLimit => "TLE",
            Outcome::MemoryLimit => "MLE",
            Outcome::RuntimeError => "RTE",
        }
    }
}

/// What a `@check-*` comment promises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Promise {
    /// `@check-accepted`.
    Accepted,
    /// `@check-partial-score`.
    PartialScore,
    /// `@check-wrong-answer`.
    WrongAnswer,
    /// `@check-time-limit-exceeded`.
    TimeLimitExceeded,
    /// `@check-memory-limit-exceeded`.
    MemoryLimitExceeded,
    /// `@check-runtime-error`.
    RuntimeError,
    /// `@check-zero`.
    Zero,
    /// A verdict of TPS's `solutions.json` for the subtask, kept test by test
    /// ([`crate::judge::tps_verdicts`]).
    Tps(TpsVerdict),
}

impl Promise {
    /// The promise a `@check-NAME` comment names; `None` for a name task-maker-rust does not
    /// know.
    pub fn from_name(name: &str) -> Option<Promise> {
        Some(match name {
            "accepted" => Promise::Accepted,
            "partial-score" => Promise::PartialScore,
            "wrong-answer" => Promise::WrongAnswer,
            "time-limit-exceeded" => Promise::TimeLimitExceeded,
            "memory-limit-exceeded" => Promise::MemoryLimitExceeded,
            "runtime-error" => Promise::RuntimeError,
            "zero" => Promise::Zero,
            _ => return None,
        })
    }

    /// Its name after `@check-`.
    pub fn name(self) -> &'static str {
        match self {
            Promise::Accepted => "accepted",
            Promise::PartialScore => "partial-score",
            Promise::WrongAnswer => "wrong-answer",
            Promise::TimeLimitExceeded => "time-limit-exceeded",
            Promise::MemoryLimitExceeded => "memory-limit-exceeded",
            Promise::RuntimeError => "runtime-error",
            Promise::Zero => "zero",
            Promise::Tps(verdict) => verdict.name(),
        }
    }

    /// The least outcomes that keep it.
    fn kept_by(self, outcome: Outcome) -> bool {
        match self {
            Promise::Accepted => outcome == Outcome::Accepted,
            Promise::PartialScore => outcome == Outcome::Partial,
            Promise::WrongAnswer => outcome == Outcome::WrongAnswer,
            Promise::TimeLimitExceeded => outcome == Outcome::TimeLimit,
            Promise::MemoryLimitExceeded => outcome == Outcome::MemoryLimit,
            Promise::RuntimeError => outcome == Outcome::RuntimeError,
            Promise::Zero => outcome.rank() == 0,
            Promise::Tps(verdict) => verdict.fits(outcome),
        }
    }
}

/// One promise of a solution over the subtasks a pattern names.
#[derive(Debug, Clone, PartialEq)]
pub struct SubtaskCheck {
    /// What it promises.
    pub promise: Promise,
    /// The subtasks it covers: a name or a glob (`*`, `?`) over subtask names.
    pub pattern: String,
    /// Where it is written (`sol/wa.cpp line 3`).
    pub origin: String,
}

impl SubtaskModel {
    /// The score of a solution whose test named `name` went as `outcome(name)` (`None`: it
    /// did not run, so it earned nothing), in the shape Polygon points are reported in.
    pub fn score(&self, outcome: impl Fn(&str) -> Option<TestOutcome>) -> Score {
        let groups: Vec<GroupScore> = (self.subtasks.iter())
            .map(|subtask| {
                let fractions: Vec<f64> = (subtask.tests.iter())
                    .map(|t| outcome(t).map_or(0.0, |o| o.earned()))
                    .collect();
                let complete = fractions.iter().all(|&f| f >= 1.0);
                GroupScore {
                    name: subtask.name.clone(),
                    points: self.round(subtask.points * self.score_type.aggregate(&fractions)),
                    max: subtask.points,
                    complete,
                }
            })
            .collect();
        Score {
            points: self.round(groups.iter().map(|g| g.points).sum()),
            max: groups.iter().map(|g| g.max).sum(),
            groups,
        }
    }

    /// `x` rounded to the task's precision.
    fn round(&self, x: f64) -> f64 {
        let scale = 10f64.powi(self.precision as i32);
        (x * scale).round() / scale + 0.0
    }

    /// The promises of the solution at `path` (none when it makes none).
    pub fn checks_of(&self, path: &std::path::Path) -> &[SubtaskCheck] {
        (self.checks.iter())
            .find(|(p, _)| p == path)
            .map_or(&[], |(_, checks)| checks.as_slice())
    }

    /// Every promise of `checks` that a solution whose tests went as `outcome` breaks, one line
    /// each naming the subtask, the test that decides and both outcomes; a pattern that names
    /// no subtask is broken too.
    pub fn broken(
        &self,
        checks: &[SubtaskCheck],
        outcome: impl Fn(&str) -> Option<TestOutcome>,
    ) -> Vec<String> {
        let mut broken = Vec::new();
        for check in checks {
            let glob = Glob::new(&check.pattern);
            let covered: Vec<&Subtask> = (self.subtasks.iter())
                .filter(|s| glob.matches(&s.name))
                .collect();
            if covered.is_empty() {
                broken.push(format!(
                    "@check-{}: {} names no subtask (subtasks: {}; {})",
                    check.promise.name(),
                    check.pattern,
                    self.names(),
                    check.origin
                ));
                continue;
            }
            for subtask in covered {
                if let Some(line) = broken_on(check, subtask, &outcome) {
                    broken.push(line);
                }
            }
        }
        broken
    }

    fn names(&self) -> String {
        (self.subtasks.iter())
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Why `check` is broken on `subtask`, if it is.
fn broken_on(
    check: &SubtaskCheck,
    subtask: &Subtask,
    outcome: &impl Fn(&str) -> Option<TestOutcome>,
) -> Option<String> {
    let mut classes = Vec::new();
    for test in &subtask.tests {
        match outcome(test) {
            Some(o) => classes.push((test.as_str(), o.class())),
            // A test that did not run decides nothing (task-maker-rust skips such subtasks).
            None => return None,
        }
    }
    if let Promise::Tps(verdict) = check.promise {
        // TPS's rule is test by test: the first test that does not fit breaks it.
        let (test, got) = classes.iter().find(|(_, c)| !verdict.fits(*c))?;
        return Some(format!(
            "subtask {}: test {test} got {}, but `{}` wants {} ({})",
            subtask.name,
            got.name(),
            verdict.name(),
            verdict.wants(),
            check.origin
        ));
    }
    let least = classes.iter().map(|(_, c)| c.rank()).min();
    let Some(least) = least else {
        // No tests: all accepted.
        return (check.promise != Promise::Accepted).then(|| {
            format!(
                "subtask {}: has no test, so it is accepted, not {} ({})",
                subtask.name,
                check.promise.name(),
                check.origin
            )
        });
    };
    let minimal: Vec<&(&str, Outcome)> =
        classes.iter().filter(|(_, c)| c.rank() == least).collect();
    if minimal.iter().any(|(_, c)| check.promise.kept_by(*c)) {
        return None;
    }
    let (test, got) = minimal[0];
    Some(format!(
        "subtask {}: test {test} got {}, but @check-{} promises {} ({})",
        subtask.name,
        got.name(),
        check.promise.name(),
        wanted(check.promise),
        check.origin
    ))
}

/// What a promise wants, in words.
fn wanted(promise: Promise) -> &'static str {
    match promise {
        Promise::Accepted => "every test AC",
        Promise::PartialScore => "no rejected test and a partial one",
        Promise::WrongAnswer => "a WA test",
        Promise::TimeLimitExceeded => "a TLE test",
        Promise::MemoryLimitExceeded => "an MLE test",
        Promise::RuntimeError => "an RTE test",
        Promise::Zero => "a rejected test",
        Promise::Tps(verdict) => verdict.wants(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(score_type: ScoreType) -> SubtaskModel {
        let subtask = |name: &str, points: f64, tests: &[&str]| Subtask {
            name: name.into(),
            points,
            tests: tests.iter().map(|t| t.to_string()).collect(),
        };
        SubtaskModel {
            subtasks: vec![
                subtask("samples", 0.0, &["0"]),
                subtask("small", 40.0, &["1", "2"]),
                subtask("big", 60.0, &["3", "4"]),
            ],
            score_type,
            precision: 2,
            checks: Vec::new(),
        }
    }

    fn outcomes<'a>(
        list: &'a [(&'a str, Verdict, Option<f64>)],
    ) -> impl Fn(&str) -> Option<TestOutcome> + 'a {
        move |name| {
            list.iter()
                .find(|(n, _, _)| *n == name)
                .map(|(_, verdict, fraction)| TestOutcome {
                    verdict: *verdict,
                    fraction: *fraction,
                })
        }
    }

    const RUN: [(&str, Verdict, Option<f64>); 5] = [
        ("0", Verdict::AC, None),
        ("1", Verdict::AC, Some(0.5)),
        ("2", Verdict::AC, None),
        ("3", Verdict::AC, None),
        ("4", Verdict::TLE, None),
    ];

    #[test]
    fn score_types_aggregate_as_cms_and_task_maker_do() {
        let score = model(ScoreType::GroupMin).score(outcomes(&RUN));
        let points: Vec<f64> = score.groups.iter().map(|g| g.points).collect();
        assert_eq!(points, vec![0.0, 20.0, 0.0]);
        assert_eq!((score.points, score.max), (20.0, 100.0));
        let score = model(ScoreType::Sum).score(outcomes(&RUN));
        assert_eq!(score.groups[1].points, 30.0);
        assert_eq!(score.groups[2].points, 30.0);
        assert_eq!(score.points, 60.0);
        let score = model(ScoreType::GroupMul).score(outcomes(&RUN));
        assert_eq!(score.groups[1].points, 20.0);
        let none = model(ScoreType::GroupMin).score(|_| None);
        assert_eq!(none.points, 0.0, "tests that did not run earn nothing");
    }

    #[test]
    fn promises_follow_task_makers_least_outcome_rule() {
        let m = model(ScoreType::GroupMin);
        let check = |promise, pattern: &str| SubtaskCheck {
            promise,
            pattern: pattern.into(),
            origin: "sol/x.cpp line 1".into(),
        };
        let kept = [
            check(Promise::Accepted, "samples"),
            check(Promise::PartialScore, "small"),
            check(Promise::TimeLimitExceeded, "big"),
            check(Promise::Zero, "b*"),
        ];
        assert_eq!(m.broken(&kept, outcomes(&RUN)), Vec::<String>::new());
        let broken = m.broken(
            &[
                check(Promise::Accepted, "small"),
                check(Promise::WrongAnswer, "big"),
                check(Promise::Accepted, "nothing"),
            ],
            outcomes(&RUN),
        );
        assert_eq!(broken.len(), 3, "{broken:?}");
        assert_eq!(
            broken[0],
            "subtask small: test 1 got partial, but @check-accepted promises every test AC \
             (sol/x.cpp line 1)"
        );
        assert!(broken[1].starts_with("subtask big: test 4 got TLE, but @check-wrong-answer"));
        assert!(broken[2].contains("names no subtask (subtasks: samples, small, big"));
    }
}
