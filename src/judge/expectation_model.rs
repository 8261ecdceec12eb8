//! The one expectation model behind every way packages say what a submission must do: Kattis
//! folder names and `submissions.yaml` (legacy, 2023-07, 2025-09), DOMjudge's folder names,
//! `@EXPECTED_RESULTS@` annotations, BAPCtools' folder names, and (through
//! [`Expectation::any_of`]) Polygon's solution tags.
//!
//! An [`Expectation`] is a list of [`Rule`]s, each over a set of tests (all of them, or those a
//! test glob matches): every test's verdict is in `permitted`, at least one is in `required`,
//! the score is in range, a judge message appears (2025-09 "Example submissions"). DOMjudge and
//! Polygon promise the submission's final verdict instead (the first rejected test's, or CE when
//! it does not compile): that is [`Expectation::verdict_any_of`].
//!
//! This is the model the readers fill (the Kattis reader from folder names, `submissions.yaml`
//! and annotations; the Polygon reader from solution tags); matching a judged submission
//! against it is [`super::expectation`]. The tests a rule covers are named by a
//! [`super::test_glob::Glob`].

use std::collections::BTreeSet;
use std::fmt;

use super::test_glob::Glob;
use super::Verdict;

/// Verdicts as a set, with Kattis' crash rule applied: Kattis has no memory-limit or
/// output-limit verdict (an overrun is a run-time error there; problemtools enforces the output
/// limit with a file-size limit whose signal is a run-time error too), so wherever `RTE` is
/// permitted or required, `MLE` and `OLE` are as well.
pub fn verdict_set(verdicts: &[Verdict]) -> BTreeSet<Verdict> {
    let mut set: BTreeSet<Verdict> = verdicts.iter().copied().collect();
    if set.contains(&Verdict::RE) {
        set.insert(Verdict::MLE);
        set.insert(Verdict::OLE);
    }
    set
}

/// How a rule takes part in deriving the time limit (2025-09 "Timelimit inference").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeLimitUse {
    /// `use_for_time_limit: false`: not at all.
    No,
    /// `lower`: its tests' slowest time times `ac_to_time_limit` bounds the limit from below.
    Lower,
    /// `upper`: its tests' slowest time divided by `time_limit_to_tle` bounds it from above.
    Upper,
}

/// A score, or an inclusive range of scores (`score: 20` or `score: [20, 40]`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoreRange {
    /// Lowest score allowed.
    pub min: f64,
    /// Highest score allowed.
    pub max: f64,
}

impl ScoreRange {
    /// Whether `score` is in the range (with a relative tolerance of 1e-6 for float sums).
    pub fn contains(&self, score: f64) -> bool {
        let slack = 1e-6 * self.max.abs().max(1.0);
        score >= self.min - slack && score <= self.max + slack
    }
}

impl fmt::Display for ScoreRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

/// One promise over a set of tests.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// The tests it covers: a glob over test and group names relative to `data/` (`secret/g1`,
    /// `sample`), or `None` for every test (and the stress pass).
    pub tests: Option<Glob>,
    /// Every covered test's verdict is one of these (`None`: any).
    pub permitted: Option<BTreeSet<Verdict>>,
    /// At least one covered test's verdict is one of these (`None`: no requirement).
    pub required: Option<BTreeSet<Verdict>>,
    /// The score of the submission (or of the group the test glob names) is in this range.
    pub score: Option<ScoreRange>,
    /// This text appears in the judge message of at least one covered test.
    pub message: Option<String>,
    /// Its explicit `use_for_time_limit`, if any.
    pub use_for_time_limit: Option<TimeLimitUse>,
    /// Where it was written, for messages: `folder wrong_answer`, `submissions.yaml line 4`.
    pub origin: String,
}

impl Rule {
    /// A rule over every test.
    pub fn all_tests(permitted: &[Verdict], required: &[Verdict], origin: &str) -> Rule {
        Rule {
            tests: None,
            permitted: Some(verdict_set(permitted)),
            required: (!required.is_empty()).then(|| verdict_set(required)),
            score: None,
            message: None,
            use_for_time_limit: None,
            origin: origin.to_string(),
        }
    }

    /// Whether the rule covers `test` (a name relative to `data/`).
    pub(crate) fn covers(&self, test: &str) -> bool {
        self.tests.as_ref().is_none_or(|g| g.matches(test))
    }

    /// The verdicts the rule permits for deriving the time limit: its `permitted`, or for a
    /// bare `use_for_time_limit: lower` the spec's equivalent `[AC, WA, RTE]`.
    pub fn permitted_for_time_limit(&self) -> Option<BTreeSet<Verdict>> {
        match (&self.permitted, self.use_for_time_limit) {
            (Some(p), _) => Some(p.clone()),
            (None, Some(TimeLimitUse::Lower)) => {
                Some(verdict_set(&[Verdict::AC, Verdict::WA, Verdict::RE]))
            }
            _ => None,
        }
    }

    /// How the rule bounds the time limit: explicitly, else `lower` when it permits no TLE and
    /// `upper` when it requires exactly TLE (2025-09 "Timelimit inference").
    pub fn time_limit_use(&self) -> TimeLimitUse {
        if let Some(explicit) = self.use_for_time_limit {
            return explicit;
        }
        if self
            .permitted
            .as_ref()
            .is_some_and(|p| !p.contains(&Verdict::TLE))
        {
            TimeLimitUse::Lower
        } else if self
            .required
            .as_ref()
            .is_some_and(|r| r.len() == 1 && r.contains(&Verdict::TLE))
        {
            TimeLimitUse::Upper
        } else {
            TimeLimitUse::No
        }
    }
}

/// What a submission must do: every rule holds, and the final verdict is one of
/// `verdict_any_of` when that is given.
#[derive(Debug, Clone, PartialEq)]
pub struct Expectation {
    /// The per-test promises.
    pub rules: Vec<Rule>,
    /// DOMjudge / Polygon: the submission's verdict (its first rejected test's, AC when none,
    /// CE when it does not compile) is one of these.
    pub verdict_any_of: Option<BTreeSet<Verdict>>,
    /// `partially_accepted` (scoring problems): a score below the maximum, above the minimum.
    pub partial_score: bool,
    /// A legacy Kattis folder's promise as problemtools checks it (`Submissions.check_submission`
    /// in `verifyproblem.py`): the submission's *graded* final verdict (the root group's, after
    /// `on_reject` and the `grader_flags`) is one of these, and the folder's per-test rule only
    /// warns. `None` elsewhere: 2023-07 / 2025-09 keep the per-test rule (the spec's "Default
    /// directories", which BAPCtools enforces).
    pub graded_final: Option<BTreeSet<Verdict>>,
    /// A short label for tables: `AC`, `WA`, `TLE/RTE`, `AC|WA`.
    pub label: String,
}

impl Expectation {
    /// An expectation of one rule over every test.
    pub fn folder(permitted: &[Verdict], required: &[Verdict], label: &str) -> Self {
        Expectation {
            rules: vec![Rule::all_tests(permitted, required, "folder")],
            verdict_any_of: None,
            partial_score: false,
            graded_final: None,
            label: label.to_string(),
        }
    }

    /// "The verdict is one of `verdicts`" (DOMjudge `@EXPECTED_RESULTS@`, Polygon tags such as
    /// `time-limit-exceeded-or-accepted`): the first rejected test decides, so later tests are
    /// free.
    pub fn any_of(verdicts: &[Verdict]) -> Self {
        let set = verdict_set(verdicts);
        let label = set
            .iter()
            .filter(|v| verdicts.contains(v))
            .map(|v| v.expectation_name())
            .collect::<Vec<_>>()
            .join("|");
        Expectation {
            rules: Vec::new(),
            verdict_any_of: Some(set),
            partial_score: false,
            graded_final: None,
            label,
        }
    }

    /// Whether a rule requires exactly TLE (`upper` in the 2025-09 time-limit inference):
    /// such a submission runs a test to the safety margin, the longest work of a verify, so it
    /// is scheduled first.
    pub fn must_exceed_time_limit(&self) -> bool {
        (self.rules.iter()).any(|rule| rule.time_limit_use() == TimeLimitUse::Upper)
    }

    /// Whether the submission must be accepted everywhere (a rule over every test permitting
    /// only AC): the stress reference and the time limit's lower bound come from these.
    pub fn is_accepted(&self) -> bool {
        let only_ac = BTreeSet::from([Verdict::AC]);
        self.rules
            .iter()
            .any(|r| r.tests.is_none() && r.permitted.as_ref() == Some(&only_ac))
            || self.verdict_any_of.as_ref() == Some(&only_ac)
    }

    /// The rules that bound the time limit from below, for [`crate::commands`]' derivation.
    pub fn lower_bound_rules(&self) -> impl Iterator<Item = &Rule> {
        self.rules
            .iter()
            .filter(|r| r.time_limit_use() == TimeLimitUse::Lower)
    }
}

/// How the rules of `expectation` take part in the time limit, for reports: `lower`, `upper`
/// or `no`.
pub fn time_limit_role(expectation: &Expectation) -> &'static str {
    if expectation
        .rules
        .iter()
        .any(|r| r.time_limit_use() == TimeLimitUse::Lower)
    {
        "lower"
    } else if expectation
        .rules
        .iter()
        .any(|r| r.time_limit_use() == TimeLimitUse::Upper)
    {
        "upper"
    } else {
        "no"
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;
    use super::*;

    #[test]
    fn time_limit_roles_follow_the_2025_09_rules() {
        assert_eq!(
            Rule::all_tests(&[AC], &[], "").time_limit_use(),
            TimeLimitUse::Lower
        );
        assert_eq!(
            Rule::all_tests(&[AC, TLE], &[TLE], "").time_limit_use(),
            TimeLimitUse::Upper
        );
        assert_eq!(
            Rule::all_tests(&[AC, RE, TLE], &[RE, TLE], "").time_limit_use(),
            TimeLimitUse::No
        );
        let opted_out = Rule {
            use_for_time_limit: Some(TimeLimitUse::No),
            ..Rule::all_tests(&[AC], &[], "")
        };
        assert_eq!(opted_out.time_limit_use(), TimeLimitUse::No);
    }
}
