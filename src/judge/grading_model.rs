//! The grading model the judge applies to a scoring problem: what a reader's grading settings
//! say once read (the Kattis reader reads them from `testdata.yaml`, `test_group.yaml` and
//! problem.yaml, [`crate::problem::kattis::scoring`]). How a submission is graded by them is
//! [`super::grade`] (problemtools' and the spec's rules) and [`super::grade_domjudge`]
//! (DOMjudge's).

use std::collections::BTreeMap;

use super::Verdict;

/// A legacy package's custom grader (`graders/`), which its caller runs: problemtools'
/// `grade_group` (`judge/grade.py`) gives it a group's children's results, one `VERDICT SCORE`
/// line each on stdin, the group's `grader_flags` as arguments, and reads one `VERDICT SCORE`
/// line back.
pub trait CustomGrader: Sync {
    /// The verdict and score of a group whose children (tests and subgroups, in order) got
    /// `results`, or a one-line reason the grader failed (a judge error).
    fn grade(&self, results: &[(Verdict, f64)], flags: &[String])
        -> Result<(Verdict, f64), String>;
}

/// Legacy `testdata.yaml` settings of one folder, inherited.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LegacyGroup {
    pub(crate) on_reject_break: bool,
    pub(crate) custom: bool,
    pub(crate) flags: Vec<String>,
    pub(crate) accept_score: f64,
    pub(crate) reject_score: f64,
    pub(crate) range: (f64, f64),
}

impl Default for LegacyGroup {
    /// problemtools' `config/testdata.yaml`.
    fn default() -> Self {
        LegacyGroup {
            on_reject_break: true,
            custom: false,
            flags: Vec::new(),
            accept_score: 1.0,
            reject_score: 0.0,
            range: (f64::NEG_INFINITY, f64::INFINITY),
        }
    }
}

/// How a 2025-09 group combines its tests' scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregation {
    /// Full score when every test is accepted, else 0.
    PassFail,
    /// The sum of the tests' scores.
    Sum,
    /// The least of the tests' scores.
    Min,
}

/// `test_group.yaml` scoring settings of `secret` or a group.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ModernGroup {
    pub(crate) max_score: Option<f64>,
    pub(crate) aggregation: Aggregation,
    pub(crate) require_pass: Vec<String>,
}

/// A scoring problem's grading rules.
#[derive(Debug, Clone, PartialEq)]
pub enum Grading {
    /// Legacy: per folder settings (effective, inherited), and whether the objective is `min`.
    Legacy {
        /// Effective settings by folder name (`` for `data/`).
        groups: BTreeMap<String, LegacyGroupSettings>,
        /// `grading: objective: min`.
        minimize: bool,
        /// Whether the problem is scored. problemtools grades a pass-fail legacy problem too
        /// (`SubmissionJudge._judge_group` runs the grader on every group, `on_reject` and the
        /// `grader_flags` apply; only the scores are dropped), so its final verdict is the
        /// graded one: such a problem's grading gives a verdict and no score.
        scored: bool,
    },
    /// 2023-07 / 2025-09: `secret` and its groups.
    Modern {
        /// Settings of `secret` and of each group by name.
        groups: BTreeMap<String, ModernGroupSettings>,
    },
    /// The legacy keys as DOMjudge aggregates them ([`DomJudgeGrading`]), for packages whose
    /// expected scores are DOMjudge's.
    DomJudge(DomJudgeGrading),
}

/// Legacy settings of one folder (opaque outside this module).
#[derive(Debug, Clone, PartialEq)]
pub struct LegacyGroupSettings(pub(crate) LegacyGroup);
/// 2025-09 settings of one group (opaque outside this module).
#[derive(Debug, Clone, PartialEq)]
pub struct ModernGroupSettings(pub(crate) ModernGroup);

impl Grading {
    /// Whether the grading gives scores (a scoring problem), not only a graded verdict (a
    /// legacy pass-fail problem).
    pub fn is_scored(&self) -> bool {
        match self {
            Grading::Legacy { scored, .. } => *scored,
            Grading::Modern { .. } | Grading::DomJudge(_) => true,
        }
    }

    /// Whether some folder asks for a custom grader (`grading: custom`).
    pub fn uses_custom_grader(&self) -> bool {
        match self {
            Grading::Legacy { groups, scored, .. } => {
                *scored && groups.values().any(|g| g.0.custom)
            }
            Grading::Modern { .. } | Grading::DomJudge(_) => false,
        }
    }
}

/// The folder holding `name` (`` for a top-level name).
pub(crate) fn parent(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(p, _)| p)
}

/// The effective legacy settings of `folder`: its own, else its nearest ancestor's, else
/// problemtools' defaults.
pub(crate) fn legacy_settings<'a>(
    groups: &'a BTreeMap<String, LegacyGroupSettings>,
    mut folder: &str,
) -> &'a LegacyGroup {
    static DEFAULT: std::sync::OnceLock<LegacyGroup> = std::sync::OnceLock::new();
    loop {
        if let Some(g) = groups.get(folder) {
            return &g.0;
        }
        if folder.is_empty() {
            return DEFAULT.get_or_init(LegacyGroup::default);
        }
        folder = parent(folder);
    }
}

/// How a DOMjudge group combines its children's scores (`TestcaseAggregationType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum DomJudgeAggregation {
    #[default]
    Sum,
    Avg,
    Min,
    Max,
}

/// One group's keys, as DOMjudge's `TestcaseGroup` holds them.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct DomJudgeGroup {
    pub(crate) accept_score: Option<f64>,
    pub(crate) aggregation: DomJudgeAggregation,
    pub(crate) ignore_sample: bool,
    pub(crate) on_reject_continue: bool,
    pub(crate) range: Option<(f64, f64)>,
}

/// A scoring package's groups, read as DOMjudge reads them.
#[derive(Debug, Clone, PartialEq)]
pub struct DomJudgeGrading {
    /// Each group by folder relative to `data/` (`` for `data/` itself).
    pub(crate) groups: BTreeMap<String, DomJudgeGroup>,
}
