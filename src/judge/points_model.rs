//! What scoring by points needs of a problem (a Polygon package's judged testset, which the
//! Polygon reader fills): its tests with their groups and points, its groups with their points,
//! points policy and dependencies, and how a checker's points count. How a solution is scored
//! from it is [`super::grade_polygon`].

/// How a group's points are earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsPolicy {
    /// The group's points only when every test passes (`complete-group`).
    CompleteGroup,
    /// Each passed test's own points (`each-test`).
    EachTest,
}

/// One test, as scoring sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct PointsTest {
    /// Its name in reports (a Polygon test's number: `1`, `2`, ...).
    pub name: String,
    /// The group it belongs to, if the tests have groups.
    pub group: Option<String>,
    /// Its points (each-test groups and tests without groups).
    pub points: Option<f64>,
}

/// A group of tests.
#[derive(Debug, Clone, PartialEq)]
pub struct PointsGroup {
    /// Its name.
    pub name: String,
    /// Its points (complete-group).
    pub points: f64,
    /// How they are earned.
    pub policy: PointsPolicy,
    /// Groups that must pass entirely for this one to score.
    pub dependencies: Vec<String>,
}

/// Everything scoring by points needs of a problem.
#[derive(Debug, Clone, PartialEq)]
pub struct PointsModel {
    /// The tests, in order.
    pub tests: Vec<PointsTest>,
    /// The groups, in order (empty without groups).
    pub groups: Vec<PointsGroup>,
    /// Whether a checker's points are a percentage of the test's points (Polygon's
    /// `<judging treat-points-from-checker-as-percent="true">`) rather than the points
    /// themselves.
    pub checker_points_percent: bool,
    /// Whether the checker can give points (a testlib checker whose source names `quitp` or
    /// `_points`): every test of every solution is then run, as for tests with points, since
    /// the points come only from running.
    pub checker_gives_points: bool,
}

impl PointsModel {
    /// Whether the tests give points at all (a group or a test with points).
    pub fn has_points(&self) -> bool {
        self.groups.iter().any(|g| g.points > 0.0)
            || self.tests.iter().any(|t| t.points.unwrap_or(0.0) > 0.0)
    }

    /// Whether every test of every solution must run for its points: the tests give points,
    /// or the checker can.
    pub fn needs_every_test(&self) -> bool {
        self.has_points() || self.checker_gives_points
    }
}
