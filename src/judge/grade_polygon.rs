//! Points of a solution, as Polygon scores it on a testset ([`super::points_model`], which the
//! Polygon reader fills): per group by its `points-policy`
//! (`complete-group`: the group's points when every one of its tests passes; `each-test`: the
//! points of each passed test), nothing for a group whose dependencies did not pass entirely,
//! and without groups the points of each passed test.
//!
//! A testlib checker may give a test points (`quitp`, exit 7). They replace the test's own
//! points: as they are, or as a percentage of the test's points when `<judging>` says
//! `treat-points-from-checker-as-percent="true"` (the attribute DMOJ's Polygon importer maps
//! to its `treat_checker_points_as_percentage`). No public text says how Polygon counts such a
//! test in a group; stressjudge's choice: it is partially passed, not passed (testlib and
//! Polygon keep the points verdict apart from `OK`), so it earns its points where tests earn
//! points one by one (`each-test` groups, no groups), while a `complete-group` group holding
//! it, and any group depending on that one, is not complete.

use super::points_model::{PointsModel, PointsPolicy};

/// How one test went, for scoring.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TestOutcome {
    /// Not accepted (or not run).
    Failed,
    /// Accepted.
    Passed,
    /// Accepted with the points the checker gave.
    CheckerPoints(f64),
}

/// One group's score.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupScore {
    /// The group (`""` for tests outside any group).
    pub name: String,
    /// Points earned.
    pub points: f64,
    /// Points available.
    pub max: f64,
    /// Whether every test of the group passed.
    pub complete: bool,
}

/// A solution's score on a testset.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// Points earned.
    pub points: f64,
    /// Points available.
    pub max: f64,
    /// Per group, in the testset's order.
    pub groups: Vec<GroupScore>,
}

/// Scores a solution whose test named `name` went as `outcome(name)` (a test that did not run
/// has failed).
pub fn score(testset: &PointsModel, outcome: impl Fn(&str) -> TestOutcome) -> Score {
    let passed = |name: &str| outcome(name) == TestOutcome::Passed;
    let mut names: Vec<String> = testset.groups.iter().map(|g| g.name.clone()).collect();
    for test in &testset.tests {
        let name = test.group.clone().unwrap_or_default();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let complete = |name: &str| {
        testset
            .tests
            .iter()
            .filter(|t| t.group.as_deref().unwrap_or("") == name)
            .all(|t| passed(&t.name))
    };
    // What a test earns where tests earn points one by one.
    let earned = |name: &str, points: f64| match outcome(name) {
        TestOutcome::Failed => 0.0,
        TestOutcome::Passed => points,
        TestOutcome::CheckerPoints(given) if testset.checker_points_percent => {
            points * given / 100.0
        }
        TestOutcome::CheckerPoints(given) => given,
    };
    let mut groups = Vec::new();
    for name in names {
        let tests: Vec<_> = testset
            .tests
            .iter()
            .filter(|t| t.group.as_deref().unwrap_or("") == name)
            .collect();
        let group = testset.groups.iter().find(|g| g.name == name);
        let each_test = group.is_none_or(|g| g.policy == PointsPolicy::EachTest);
        let test_points: f64 = tests.iter().map(|t| t.points.unwrap_or(0.0)).sum();
        let max = match group {
            Some(g) if !each_test => g.points,
            Some(g) if test_points == 0.0 => g.points,
            _ => test_points,
        };
        let all_passed = tests.iter().all(|t| passed(&t.name));
        let dependencies_met = group.is_none_or(|g| g.dependencies.iter().all(|d| complete(d)));
        let given = tests
            .iter()
            .any(|t| matches!(outcome(&t.name), TestOutcome::CheckerPoints(_)));
        let points = if !dependencies_met {
            0.0
        } else if each_test && (test_points > 0.0 || given) {
            tests
                .iter()
                .map(|t| earned(&t.name, t.points.unwrap_or(0.0)))
                // `+ 0.0`: a float sum of nothing is -0.0, shown as `-0`.
                .sum::<f64>()
                + 0.0
        } else if all_passed {
            max
        } else {
            0.0
        };
        groups.push(GroupScore {
            name,
            points: tidy(points),
            max,
            complete: all_passed,
        });
    }
    Score {
        points: tidy(groups.iter().map(|g| g.points).sum()),
        max: groups.iter().map(|g| g.max).sum(),
        groups,
    }
}

/// `x` rounded to 10 decimals, as testlib prints points (`%.10f`): sums of such numbers would
/// otherwise show float noise (`41.66666666650001`).
fn tidy(x: f64) -> f64 {
    (x * 1e10).round() / 1e10 + 0.0
}

#[cfg(test)]
mod tests {
    use super::super::points_model::{PointsGroup, PointsTest};
    use super::*;

    fn test(index: usize, group: &str, points: f64) -> PointsTest {
        PointsTest {
            name: index.to_string(),
            group: Some(group.to_string()),
            points: Some(points),
        }
    }

    #[test]
    fn policies_and_dependencies() {
        let set = PointsModel {
            tests: vec![
                test(1, "s", 0.0),
                test(2, "a", 30.0),
                test(3, "a", 0.0),
                test(4, "b", 10.0),
                test(5, "b", 20.0),
                test(6, "c", 40.0),
            ],
            groups: vec![
                PointsGroup {
                    name: "s".into(),
                    points: 0.0,
                    policy: PointsPolicy::CompleteGroup,
                    dependencies: vec![],
                },
                PointsGroup {
                    name: "a".into(),
                    points: 30.0,
                    policy: PointsPolicy::CompleteGroup,
                    dependencies: vec![],
                },
                PointsGroup {
                    name: "b".into(),
                    points: 30.0,
                    policy: PointsPolicy::EachTest,
                    dependencies: vec![],
                },
                PointsGroup {
                    name: "c".into(),
                    points: 40.0,
                    policy: PointsPolicy::CompleteGroup,
                    dependencies: vec!["a".into()],
                },
            ],
            checker_points_percent: false,
            checker_gives_points: false,
        };
        assert!(set.has_points());
        let all = score(&set, |_| TestOutcome::Passed);
        assert_eq!((all.points, all.max), (100.0, 100.0));
        // Test 3 fails: group a scores nothing, and c depends on a.
        let s = score(&set, |i| pass_unless(i, "3"));
        assert_eq!(s.points, 30.0);
        assert_eq!(s.groups[1].points, 0.0);
        assert_eq!(s.groups[3].points, 0.0);
        // Test 5 fails: b keeps test 4's 10 points.
        let s = score(&set, |i| pass_unless(i, "5"));
        assert_eq!(s.points, 80.0);
        assert!(!s.groups[2].complete);
        // The checker gives test 5 points: they replace its 20 in the each-test group b, and
        // test 2 with points leaves the complete-group group a (and c, depending on it)
        // incomplete.
        let given = |i: &str| match i {
            "5" => TestOutcome::CheckerPoints(7.5),
            "2" => TestOutcome::CheckerPoints(30.0),
            _ => TestOutcome::Passed,
        };
        let s = score(&set, given);
        assert_eq!(s.groups[2].points, 17.5);
        assert_eq!((s.groups[1].points, s.groups[3].points), (0.0, 0.0));
        assert_eq!(s.points, 17.5);
        // As a percentage of the test's points: half of test 5's 20.
        let mut percent = set.clone();
        percent.checker_points_percent = true;
        let s = score(&percent, |i| {
            if i == "5" {
                TestOutcome::CheckerPoints(50.0)
            } else {
                TestOutcome::Passed
            }
        });
        assert_eq!(s.groups[2].points, 20.0);
    }

    fn pass_unless(i: &str, failed: &str) -> TestOutcome {
        if i == failed {
            TestOutcome::Failed
        } else {
            TestOutcome::Passed
        }
    }

    #[test]
    fn checker_points_without_declared_points() {
        // xiryss/MOSH-task-preparation: no groups, every test 0 points, the checker gives up
        // to 10 per test.
        let set = PointsModel {
            tests: vec![test(1, "", 0.0), test(2, "", 0.0), test(3, "", 0.0)],
            groups: vec![],
            checker_points_percent: false,
            checker_gives_points: false,
        };
        let s = score(&set, |i| match i {
            "1" => TestOutcome::CheckerPoints(10.0),
            "2" => TestOutcome::CheckerPoints(3.3333333333),
            _ => TestOutcome::Failed,
        });
        assert_eq!((s.points, s.max), (13.3333333333, 0.0));
    }
}
