//! Points of a testset, as Polygon scores a solution: per group by its `points-policy`
//! (`complete-group`: the group's points when every one of its tests passes; `each-test`: the
//! points of each passed test), nothing for a group whose dependencies did not pass entirely,
//! and without groups the points of each passed test.

use super::{PointsPolicy, Testset};

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

/// Whether the testset gives points at all (a group or a test with points).
pub fn has_points(testset: &Testset) -> bool {
    testset.groups.iter().any(|g| g.points > 0.0)
        || testset.tests.iter().any(|t| t.points.unwrap_or(0.0) > 0.0)
}

/// Scores a solution whose test `i` (1-based) passed when `passed(i)` is true (a test that did
/// not run has not passed).
pub fn score(testset: &Testset, passed: impl Fn(usize) -> bool) -> Score {
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
            .all(|t| passed(t.index))
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
        let all_passed = tests.iter().all(|t| passed(t.index));
        let dependencies_met = group.is_none_or(|g| g.dependencies.iter().all(|d| complete(d)));
        let points = if !dependencies_met {
            0.0
        } else if each_test && test_points > 0.0 {
            tests
                .iter()
                .filter(|t| passed(t.index))
                .map(|t| t.points.unwrap_or(0.0))
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
            points,
            max,
            complete: all_passed,
        });
    }
    Score {
        points: groups.iter().map(|g| g.points).sum(),
        max: groups.iter().map(|g| g.max).sum(),
        groups,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Group, PolygonTest, TestMethod};
    use super::*;
    use std::time::Duration;

    fn test(index: usize, group: &str, points: f64) -> PolygonTest {
        PolygonTest {
            index,
            method: TestMethod::Manual,
            sample: false,
            group: Some(group.to_string()),
            points: Some(points),
            input: "i".into(),
            answer: "a".into(),
        }
    }

    #[test]
    fn policies_and_dependencies() {
        let set = Testset {
            name: "tests".into(),
            time_limit: Duration::from_secs(1),
            memory_bytes: 1,
            tests: vec![
                test(1, "s", 0.0),
                test(2, "a", 30.0),
                test(3, "a", 0.0),
                test(4, "b", 10.0),
                test(5, "b", 20.0),
                test(6, "c", 40.0),
            ],
            groups: vec![
                Group {
                    name: "s".into(),
                    points: 0.0,
                    policy: PointsPolicy::CompleteGroup,
                    dependencies: vec![],
                },
                Group {
                    name: "a".into(),
                    points: 30.0,
                    policy: PointsPolicy::CompleteGroup,
                    dependencies: vec![],
                },
                Group {
                    name: "b".into(),
                    points: 30.0,
                    policy: PointsPolicy::EachTest,
                    dependencies: vec![],
                },
                Group {
                    name: "c".into(),
                    points: 40.0,
                    policy: PointsPolicy::CompleteGroup,
                    dependencies: vec!["a".into()],
                },
            ],
        };
        assert!(has_points(&set));
        let all = score(&set, |_| true);
        assert_eq!((all.points, all.max), (100.0, 100.0));
        // Test 3 fails: group a scores nothing, and c depends on a.
        let s = score(&set, |i| i != 3);
        assert_eq!(s.points, 30.0);
        assert_eq!(s.groups[1].points, 0.0);
        assert_eq!(s.groups[3].points, 0.0);
        // Test 5 fails: b keeps test 4's 10 points.
        let s = score(&set, |i| i != 5);
        assert_eq!(s.points, 80.0);
        assert!(!s.groups[2].complete);
    }
}
