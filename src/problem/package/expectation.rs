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

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::glob::Glob;
use super::scoring::Grading;

/// The verdict of one test, or of a whole submission, as expectations name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TestVerdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Time limit exceeded.
    TLE,
    /// Run-time error (a crash or a nonzero exit).
    RTE,
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Compile error: never a test's verdict, only a submission's (DOMjudge `compiler_error`).
    CE,
}

impl fmt::Display for TestVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl TestVerdict {
    /// The verdict a `submissions.yaml` list writes (`AC`, `WA`, `TLE`, `RTE`; stressjudge also
    /// takes `MLE`, `OLE`, `CE`), or `None`.
    pub fn parse(word: &str) -> Option<TestVerdict> {
        use TestVerdict::*;
        Some(match word.trim() {
            "AC" => AC,
            "WA" => WA,
            "TLE" => TLE,
            "RTE" => RTE,
            "MLE" => MLE,
            "OLE" => OLE,
            "CE" => CE,
            _ => return None,
        })
    }
}

/// Verdicts as a set, with Kattis' crash rule applied: Kattis has no memory-limit or
/// output-limit verdict (an overrun is a run-time error there; problemtools enforces the output
/// limit with a file-size limit whose signal is a run-time error too), so wherever `RTE` is
/// permitted or required, `MLE` and `OLE` are as well.
pub fn verdict_set(verdicts: &[TestVerdict]) -> BTreeSet<TestVerdict> {
    let mut set: BTreeSet<TestVerdict> = verdicts.iter().copied().collect();
    if set.contains(&TestVerdict::RTE) {
        set.insert(TestVerdict::MLE);
        set.insert(TestVerdict::OLE);
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
    pub permitted: Option<BTreeSet<TestVerdict>>,
    /// At least one covered test's verdict is one of these (`None`: no requirement).
    pub required: Option<BTreeSet<TestVerdict>>,
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
    pub fn all_tests(permitted: &[TestVerdict], required: &[TestVerdict], origin: &str) -> Rule {
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

    fn covers(&self, test: &str) -> bool {
        self.tests.as_ref().is_none_or(|g| g.matches(test))
    }

    /// The verdicts the rule permits for deriving the time limit: its `permitted`, or for a
    /// bare `use_for_time_limit: lower` the spec's equivalent `[AC, WA, RTE]`.
    pub fn permitted_for_time_limit(&self) -> Option<BTreeSet<TestVerdict>> {
        match (&self.permitted, self.use_for_time_limit) {
            (Some(p), _) => Some(p.clone()),
            (None, Some(TimeLimitUse::Lower)) => Some(verdict_set(&[
                TestVerdict::AC,
                TestVerdict::WA,
                TestVerdict::RTE,
            ])),
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
            .is_some_and(|p| !p.contains(&TestVerdict::TLE))
        {
            TimeLimitUse::Lower
        } else if self
            .required
            .as_ref()
            .is_some_and(|r| r.len() == 1 && r.contains(&TestVerdict::TLE))
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
    pub verdict_any_of: Option<BTreeSet<TestVerdict>>,
    /// `partially_accepted` (scoring problems): a score below the maximum, above the minimum.
    pub partial_score: bool,
    /// A short label for tables: `AC`, `WA`, `TLE/RTE`, `AC|WA`.
    pub label: String,
}

/// One judged test, as the expectation sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedTest {
    /// The test's name relative to `data/` (`secret/g1/03`), or `stress` for the stress pass.
    pub name: String,
    /// Its verdict.
    pub verdict: TestVerdict,
    /// The judge's message on it (a validator's `judgemessage.txt`, a mismatch), if any.
    pub message: String,
}

/// What judging a submission produced, for checking its expectation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Judged {
    /// `false` when it did not compile (then `tests` is empty).
    pub compiled: bool,
    /// Every judged test, in order.
    pub tests: Vec<JudgedTest>,
    /// The submission's score, for scoring problems.
    pub score: Option<f64>,
    /// Each test group's score by name (`secret/g1`), for scoring problems.
    pub group_scores: BTreeMap<String, f64>,
    /// The best possible score (for `partially_accepted`), when bounded.
    pub max_score: Option<f64>,
    /// The graded verdict of a legacy scoring problem (problemtools' default grader).
    pub graded_verdict: Option<TestVerdict>,
    /// The submission's verdict when the grading decides it (DOMjudge's scoring result: the
    /// first rejected test of its group tree, where samples outside the tree do not count).
    pub final_verdict: Option<TestVerdict>,
}

impl Judged {
    /// The final verdict: CE, else the grading's when it decides one (then a rejected stress
    /// pass after an accepted grading), else the first rejected test's, else AC.
    pub fn verdict(&self) -> TestVerdict {
        if !self.compiled {
            return TestVerdict::CE;
        }
        let rejected = |t: &&JudgedTest| t.verdict != TestVerdict::AC;
        match self.final_verdict {
            Some(TestVerdict::AC) => (self.tests.iter())
                .filter(|t| t.name == STRESS_TEST_NAME)
                .find(rejected)
                .map_or(TestVerdict::AC, |t| t.verdict),
            Some(verdict) => verdict,
            None => (self.tests.iter())
                .find(rejected)
                .map_or(TestVerdict::AC, |t| t.verdict),
        }
    }
}

impl Expectation {
    /// An expectation of one rule over every test.
    pub fn folder(permitted: &[TestVerdict], required: &[TestVerdict], label: &str) -> Self {
        Expectation {
            rules: vec![Rule::all_tests(permitted, required, "folder")],
            verdict_any_of: None,
            partial_score: false,
            label: label.to_string(),
        }
    }

    /// "The verdict is one of `verdicts`" (DOMjudge `@EXPECTED_RESULTS@`, Polygon tags such as
    /// `time-limit-exceeded-or-accepted`): the first rejected test decides, so later tests are
    /// free.
    pub fn any_of(verdicts: &[TestVerdict]) -> Self {
        let set = verdict_set(verdicts);
        let label = set
            .iter()
            .filter(|v| verdicts.contains(v))
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join("|");
        Expectation {
            rules: Vec::new(),
            verdict_any_of: Some(set),
            partial_score: false,
            label,
        }
    }

    /// Whether a submission whose tests got `verdicts` (unnamed: only the rules over every
    /// test apply) keeps the promise.
    pub fn is_met_by<I: IntoIterator<Item = TestVerdict>>(&self, verdicts: I) -> bool {
        let judged = Judged {
            compiled: true,
            tests: verdicts
                .into_iter()
                .map(|verdict| JudgedTest {
                    name: String::new(),
                    verdict,
                    message: String::new(),
                })
                .collect(),
            ..Judged::default()
        };
        self.broken_promises(&judged).is_empty()
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
        let only_ac = BTreeSet::from([TestVerdict::AC]);
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

    /// Whether a rejected `test` ends judging of the submission, so the tests after it need not
    /// run (the one place that decides it, for verify and any early-stopping judge): when the
    /// grading says so ([`Grading::rejection_ends_judging`]: Kattis' `on_reject: break` for
    /// pass-fail problems) and no rule needs a later test (a rule over some tests only, a judge
    /// message or a score to find). With Kattis' break, the first rejection is the verdict:
    /// rules over every test are decided by the tests so far, as on Kattis.
    pub fn rejection_ends_judging(&self, grading: Option<&Grading>, test: &str) -> bool {
        Grading::rejection_ends_judging(grading, test)
            && self
                .rules
                .iter()
                .all(|r| r.tests.is_none() && r.message.is_none() && r.score.is_none())
    }

    /// Every promise `judged` breaks, one line each; empty when it keeps them all.
    pub fn broken_promises(&self, judged: &Judged) -> Vec<String> {
        let mut broken = Vec::new();
        let verdict = judged.verdict();
        if let Some(allowed) = &self.verdict_any_of {
            if !allowed.contains(&verdict) {
                broken.push(format!("got {verdict}, expected one of {}", join(allowed)));
            }
        } else if !judged.compiled {
            broken.push("does not compile".to_string());
            return broken;
        }
        if !judged.compiled {
            return broken;
        }
        for rule in &self.rules {
            broken.extend(rule_broken(rule, judged));
        }
        // problemtools: a partially_accepted submission's graded verdict is AC and its score
        // is not the best of the root range.
        if self.partial_score {
            if let Some(v) = judged.graded_verdict.filter(|v| *v != TestVerdict::AC) {
                broken.push(format!("partially_accepted but graded {v}, not AC"));
            }
            if let (Some(score), Some(max)) = (judged.score, judged.max_score) {
                if score >= max - 1e-9 * max.abs().max(1.0) {
                    broken.push(format!(
                        "partially_accepted but got the full score {}",
                        show_score(score)
                    ));
                }
            }
        }
        broken
    }
}

fn rule_broken(rule: &Rule, judged: &Judged) -> Option<String> {
    let place = match &rule.tests {
        Some(glob) => format!(" on {}", glob.text),
        None => String::new(),
    };
    let covered: Vec<&JudgedTest> = judged
        .tests
        .iter()
        .filter(|t| rule.covers(&t.name) && (rule.tests.is_none() || t.name != STRESS_TEST_NAME))
        .collect();
    if let Some(permitted) = &rule.permitted {
        if let Some(bad) = covered.iter().find(|t| !permitted.contains(&t.verdict)) {
            return Some(format!(
                "{} on {} (permitted{place}: {}; {})",
                bad.verdict,
                bad.name,
                join(permitted),
                rule.origin
            ));
        }
    }
    if let Some(required) = &rule.required {
        if !covered.iter().any(|t| required.contains(&t.verdict)) {
            let got: BTreeSet<TestVerdict> = covered.iter().map(|t| t.verdict).collect();
            let got = if got.is_empty() {
                "no test".to_string()
            } else {
                join(&got)
            };
            return Some(format!(
                "no test{place} got {} (got {got}; {})",
                join(required),
                rule.origin
            ));
        }
    }
    if let Some(message) = &rule.message {
        if !covered.iter().any(|t| t.message.contains(message.as_str())) {
            return Some(format!(
                "no judge message{place} contains {message:?} ({})",
                rule.origin
            ));
        }
    }
    if let Some(range) = &rule.score {
        let score = match &rule.tests {
            None => judged.score,
            Some(glob) => judged
                .group_scores
                .get(glob.text.trim_end_matches('/'))
                .copied(),
        };
        match score {
            Some(score) if range.contains(score) => {}
            Some(score) => {
                return Some(format!(
                    "score{place} {} is outside {range} ({})",
                    show_score(score),
                    rule.origin
                ))
            }
            None => {
                return Some(format!(
                    "no score{place} to compare with {range} (not a scoring problem, or no such group; {})",
                    rule.origin
                ))
            }
        }
    }
    None
}

/// The name the stress pass's verdict goes by among the tests: only rules over every test
/// cover it.
pub const STRESS_TEST_NAME: &str = "stress";

fn join(set: &BTreeSet<TestVerdict>) -> String {
    // MLE and OLE ride along with RTE (Kattis); name them only when RTE is absent.
    let shown: Vec<String> = set
        .iter()
        .filter(|v| {
            !(matches!(v, TestVerdict::MLE | TestVerdict::OLE) && set.contains(&TestVerdict::RTE))
        })
        .map(|v| v.to_string())
        .collect();
    shown.join(", ")
}

/// A score as problemtools prints it: an integer without decimals, else two decimals.
pub fn show_score(score: f64) -> String {
    if score == score.trunc() && score.abs() < 1e15 {
        format!("{}", score as i64)
    } else {
        format!("{score:.2}")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::TestVerdict::*;
    use super::*;

    /// A compiled submission's judgement with these test verdicts (shared by the package's
    /// test modules).
    pub(crate) fn judged(tests: &[(&str, TestVerdict)]) -> Judged {
        Judged {
            compiled: true,
            tests: tests
                .iter()
                .map(|(name, verdict)| JudgedTest {
                    name: name.to_string(),
                    verdict: *verdict,
                    message: String::new(),
                })
                .collect(),
            ..Judged::default()
        }
    }

    #[test]
    fn group_rules_only_cover_their_tests() {
        let expectation = Expectation {
            rules: vec![
                Rule {
                    tests: Some(Glob::new("secret/group1")),
                    ..Rule::all_tests(&[AC], &[], "yaml")
                },
                Rule {
                    tests: Some(Glob::new("secret/group2")),
                    ..Rule::all_tests(&[AC, TLE], &[TLE], "yaml")
                },
            ],
            verdict_any_of: None,
            partial_score: false,
            label: String::new(),
        };
        let ok = judged(&[("secret/group1/1", AC), ("secret/group2/1", TLE)]);
        assert!(expectation.broken_promises(&ok).is_empty());
        let slow_early = judged(&[("secret/group1/1", TLE), ("secret/group2/1", TLE)]);
        let broken = expectation.broken_promises(&slow_early);
        assert_eq!(broken.len(), 1, "{broken:?}");
        assert!(
            broken[0].starts_with("TLE on secret/group1/1"),
            "{broken:?}"
        );
        let never_slow = judged(&[("secret/group1/1", AC), ("secret/group2/1", AC)]);
        assert!(expectation.broken_promises(&never_slow)[0].contains("no test on secret/group2"));
    }

    #[test]
    fn any_of_is_about_the_first_rejection_and_compile_errors() {
        let e = Expectation::any_of(&[AC, TLE]);
        assert!(e
            .broken_promises(&judged(&[("a", AC), ("b", TLE), ("c", WA)]))
            .is_empty());
        assert!(!e
            .broken_promises(&judged(&[("a", WA), ("b", TLE)]))
            .is_empty());
        let ce = Expectation::any_of(&[CE]);
        assert!(ce.broken_promises(&Judged::default()).is_empty());
        assert!(!ce.broken_promises(&judged(&[("a", AC)])).is_empty());
        let folder = Expectation::folder(&[AC], &[], "AC");
        assert_eq!(
            folder.broken_promises(&Judged::default()),
            ["does not compile"]
        );
    }

    #[test]
    fn only_plain_rules_let_a_rejection_end_judging() {
        let folder = Expectation::folder(&[AC, WA], &[WA], "WA");
        assert!(folder.rejection_ends_judging(None, "secret/1"));
        let mut grouped = folder.clone();
        grouped.rules.push(Rule {
            tests: Some(Glob::new("secret/g2")),
            ..Rule::all_tests(&[AC, TLE], &[TLE], "yaml")
        });
        assert!(!grouped.rejection_ends_judging(None, "secret/g1/1"));
        assert!(Expectation::any_of(&[TLE]).rejection_ends_judging(None, "secret/1"));
    }

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
            Rule::all_tests(&[AC, RTE, TLE], &[RTE, TLE], "").time_limit_use(),
            TimeLimitUse::No
        );
        let opted_out = Rule {
            use_for_time_limit: Some(TimeLimitUse::No),
            ..Rule::all_tests(&[AC], &[], "")
        };
        assert_eq!(opted_out.time_limit_use(), TimeLimitUse::No);
    }

    #[test]
    fn scores_messages_and_partial_acceptance() {
        let mut e = Expectation::folder(&[AC, WA], &[], "PA");
        e.partial_score = true;
        e.rules[0].score = Some(ScoreRange {
            min: 10.0,
            max: 60.0,
        });
        e.rules[0].message = Some("too small".into());
        let mut j = judged(&[("secret/1", AC), ("secret/2", WA)]);
        j.tests[1].message = "answer too small".into();
        j.score = Some(50.0);
        j.max_score = Some(100.0);
        assert!(
            e.broken_promises(&j).is_empty(),
            "{:?}",
            e.broken_promises(&j)
        );
        j.score = Some(100.0);
        j.graded_verdict = Some(WA);
        let broken = e.broken_promises(&j);
        assert_eq!(broken.len(), 3, "{broken:?}");
        j.graded_verdict = Some(AC);
        j.score = Some(30.0);
        j.tests[1].message.clear();
        assert!(e.broken_promises(&j)[0].contains("judge message"));
    }
}
