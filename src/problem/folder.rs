//! A problem folder named on the command line: which reader it needs (a `problem.xml` makes it
//! a Polygon package, [`super::polygon`]; a `task.yaml` an Italian-format task,
//! [`super::italian`]; a `problem.json` with `subtasks.json` an IOI TPS task, [`super::tps`];
//! anything else is read as a Kattis / ICPC package,
//! [`super::kattis`]), and what `verify` and the time-limit rule need of it besides the problem.

use std::path::{Path, PathBuf};

use crate::build::BuildPlan;
use crate::error::UsageError;
use crate::judge::grading_model::Grading;
use crate::judge::points_model::PointsModel;
use crate::judge::subtasks::SubtaskModel;
use crate::options::AdHocParts;
use crate::problem::italian;
use crate::problem::kattis;
use crate::problem::polygon;
use crate::problem::submission::Submission;
use crate::problem::time_limit_rule::TimeLimitRule;
use crate::problem::tool_tests::ToolTests;
use crate::problem::tps;
use crate::programs::ProgramsProblem;

/// A problem folder, loaded: the problem and what `verify` and the time-limit rule need.
pub struct Folder {
    /// The problem.
    pub problem: ProgramsProblem,
    /// The submissions with their expectations.
    pub submissions: Vec<Submission>,
    /// problemtools' rule for deriving the time limit, when the folder sets none.
    pub time_limit_rule: Option<TimeLimitRule>,
    /// The rule that applies to the margin checks of time-limit submissions.
    pub rule: TimeLimitRule,
    /// What scoring by points needs (a Polygon package's testset: groups, points, policies,
    /// dependencies, whether the checker gives points), for verify's scores.
    pub points: Option<PointsModel>,
    /// The folder a submission's path is shown relative to (`submissions/` of a Kattis
    /// package, a Polygon package itself: `solutions/a.cpp`).
    pub submissions_root: PathBuf,
    /// Where the submissions are looked for, for the error when there is none.
    pub submissions_place: String,
    /// How scores are computed, for a scoring problem.
    pub grading: Option<Grading>,
    /// The custom grader (`graders/`) of a scoring problem whose groups ask for one, and how
    /// its reader says it is built.
    pub grader: Option<(PathBuf, Result<BuildPlan, String>)>,
    /// Whether only accepted submissions bound a derived time limit from below (a legacy
    /// Kattis package: problemtools derives the limit from the accepted submissions), rather
    /// than every submission whose expectation gives a lower bound (2023-07 and later).
    pub lower_bound_from_accepted_only: bool,
    /// The cases the package ships to test its own tools, and its answer validators.
    pub tool_tests: ToolTests,
    /// An olympiad task's subtasks, their scoring and each solution's promises per subtask
    /// (an Italian-format task).
    pub subtasks: Option<SubtaskModel>,
}

/// Whether a command's PROBLEM argument names a folder rather than a built-in id: it holds a
/// `/` or is an existing directory.
pub fn names_a_folder(name: &str) -> bool {
    name.contains('/') || Path::new(name).is_dir()
}

/// The problem folders `dir` holds when it is a collection of problems rather than one: a
/// Polygon contest package (`contest.xml`, `problems/*/`, and no `problem.xml` of its own),
/// its problems in name order, or an Italian-format contest (`contest.yaml` beside its task
/// folders), its tasks in name order. `None` for anything else.
pub fn problems_in(dir: &Path) -> Option<Vec<PathBuf>> {
    if italian::is_contest(dir) {
        return Some(italian::contest_tasks(dir));
    }
    (polygon::is_contest(dir) && !dir.join(polygon::PROBLEM_XML).exists())
        .then(|| polygon::contest_problems(dir))
}

/// Loads the problem folder `dir` with the reader its format needs, `overrides` (the ad-hoc
/// flags) replacing its parts.
pub fn load(dir: &Path, overrides: &AdHocParts) -> Result<Folder, UsageError> {
    if polygon::is_polygon_package(dir) {
        return polygon::load::load(dir, overrides);
    }
    if italian::is_italian_task(dir) {
        if overrides.testset.is_some() {
            return Err(UsageError::new(format!(
                "--testset: `{}` is an Italian-format task (only a problem.xml has testsets)",
                dir.display()
            )));
        }
        return italian::load::load(dir, overrides);
    }
    if tps::is_tps_task(dir) {
        if overrides.testset.is_some() {
            return Err(UsageError::new(format!(
                "--testset: `{}` is a TPS task (only a problem.xml has testsets)",
                dir.display()
            )));
        }
        return tps::load::load(dir, overrides);
    }
    if overrides.testset.is_some() {
        return Err(UsageError::new(format!(
            "--testset: `{}` is not a Polygon package (only a problem.xml has testsets)",
            dir.display()
        )));
    }
    kattis::load::load(dir, overrides)
}

/// The problems `names` name, a Polygon contest package (`contest.xml`, `problems/*/`) replaced
/// by its problems in name order ([`problems_in`]).
pub fn expand_contests(names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for name in names {
        match problems_in(Path::new(name)) {
            Some(problems) => out.extend(problems.iter().map(|p| p.display().to_string())),
            None => out.push(name.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contest_package_holds_its_problems_and_a_problem_folder_none() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        assert_eq!(problems_in(p), None, "an empty folder");
        std::fs::write(p.join("contest.xml"), "<contest/>").unwrap();
        for problem in ["b", "a"] {
            std::fs::create_dir_all(p.join("problems").join(problem)).unwrap();
            std::fs::write(p.join("problems").join(problem).join("problem.xml"), "").unwrap();
        }
        std::fs::create_dir_all(p.join("problems/notes")).unwrap();
        assert_eq!(
            problems_in(p),
            Some(vec![p.join("problems/a"), p.join("problems/b")])
        );
        std::fs::write(p.join("problem.xml"), "").unwrap();
        assert_eq!(problems_in(p), None, "a problem of its own");
    }
}
