//! Matching a judged submission against its [`Expectation`]: which promises it broke, and the
//! submission's final verdict as expectations see it ([`Judged::verdict`]). The expectations
//! themselves ([`super::expectation_model`]) are read with the package (the Kattis reader's
//! `submissions`, the Polygon reader's solution tags).

use std::collections::{BTreeMap, BTreeSet};

use super::expectation_model::{Expectation, Rule};
use super::grade::show_score;
use super::Verdict;

/// One judged test, as the expectation sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedTest {
    /// The test's name relative to `data/` (`secret/g1/03`), or `stress` for the stress pass.
    pub name: String,
    /// Its verdict.
    pub verdict: Verdict,
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
    pub graded_verdict: Option<Verdict>,
    /// The submission's verdict when the grading decides it (DOMjudge's scoring result: the
    /// first rejected test of its group tree, where samples outside the tree do not count).
    pub final_verdict: Option<Verdict>,
}

impl Judged {
    /// The final verdict: CE, else the grading's when it decides one (then a rejected stress
    /// pass after an accepted grading), else the first rejected test's, else AC.
    pub fn verdict(&self) -> Verdict {
        if !self.compiled {
            return Verdict::CE;
        }
        let rejected = |t: &&JudgedTest| t.verdict != Verdict::AC;
        match self.final_verdict {
            Some(Verdict::AC) => (self.tests.iter())
                .filter(|t| t.name == STRESS_TEST_NAME)
                .find(rejected)
                .map_or(Verdict::AC, |t| t.verdict),
            Some(verdict) => verdict,
            None => (self.tests.iter())
                .find(rejected)
                .map_or(Verdict::AC, |t| t.verdict),
        }
    }
}
impl Expectation {
    /// Whether a submission whose tests got `verdicts` (unnamed: only the rules over every
    /// test apply) keeps the promise.
    pub fn is_met_by<I: IntoIterator<Item = Verdict>>(&self, verdicts: I) -> bool {
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

    /// The graded final verdict that decides a legacy folder's promise
    /// ([`Expectation::graded_final`]), when that rule applies: the submission compiled and
    /// the legacy grading gave a verdict. As in [`Judged::verdict`], a rejected stress pass
    /// after an accepted grading is the verdict.
    fn deciding_graded_verdict(&self, judged: &Judged) -> Option<Verdict> {
        self.graded_final.as_ref()?;
        let graded = judged.graded_verdict.filter(|_| judged.compiled)?;
        let stress = (judged.tests.iter())
            .find(|t| t.name == STRESS_TEST_NAME && t.verdict != Verdict::AC)
            .map(|t| t.verdict);
        Some(match (graded, stress) {
            (Verdict::AC, Some(rejected)) => rejected,
            _ => graded,
        })
    }

    /// The verdict this expectation judges `judged` by: its graded final verdict under
    /// problemtools' legacy rule ([`Expectation::graded_final`]), else [`Judged::verdict`].
    pub fn deciding_verdict(&self, judged: &Judged) -> Verdict {
        self.deciding_graded_verdict(judged)
            .unwrap_or_else(|| judged.verdict())
    }

    /// Where a legacy folder's promise is decided by the graded final verdict, its per-test
    /// rule's deviations, one line each: problemtools reports these (an accepted submission
    /// failing a sample) as warnings, not errors. Empty under every other rule.
    pub fn per_test_warnings(&self, judged: &Judged) -> Vec<String> {
        if self.deciding_graded_verdict(judged).is_none() {
            return Vec::new();
        }
        (self.rules.iter())
            .filter(|r| r.origin == FOLDER_ORIGIN)
            .filter_map(|rule| rule_broken(rule, judged))
            .map(|line| {
                format!("{line}; a warning: problemtools judges a legacy package by its graded final verdict")
            })
            .collect()
    }

    /// Every promise `judged` breaks, one line each; empty when it keeps them all.
    pub fn broken_promises(&self, judged: &Judged) -> Vec<String> {
        if let Some(verdict) = self.deciding_graded_verdict(judged) {
            return self.broken_graded(verdict, judged);
        }
        let mut broken = Vec::new();
        let verdict = judged.verdict();
        if let Some(allowed) = &self.verdict_any_of {
            if !allowed.contains(&verdict) {
                broken.push(format!(
                    "got {}, expected one of {}",
                    verdict.expectation_name(),
                    join(allowed)
                ));
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
            if let Some(v) = judged.graded_verdict.filter(|v| *v != Verdict::AC) {
                broken.push(format!(
                    "partially_accepted but graded {}, not AC",
                    v.expectation_name()
                ));
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

impl Expectation {
    /// The promises broken under problemtools' legacy rule: the graded final `verdict` is one
    /// of [`Expectation::graded_final`] (for `partially_accepted`: AC, and not the best
    /// score), and the rules that are not the folder's own (a `submissions.yaml` score, a
    /// message) hold.
    fn broken_graded(&self, verdict: Verdict, judged: &Judged) -> Vec<String> {
        let mut broken = Vec::new();
        let allowed = self.graded_final.as_ref().expect("graded rule");
        if !allowed.contains(&verdict) {
            broken.push(format!(
                "graded {}, expected {} (a legacy package: problemtools' graded final verdict decides)",
                verdict.expectation_name(),
                join(allowed)
            ));
        }
        for rule in self.rules.iter().filter(|r| r.origin != FOLDER_ORIGIN) {
            broken.extend(rule_broken(rule, judged));
        }
        if self.partial_score {
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

/// The origin of a folder name's own rule ([`Rule::all_tests`] as
/// [`Expectation::folder`] makes it).
const FOLDER_ORIGIN: &str = "folder";

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
                bad.verdict.expectation_name(),
                bad.name,
                join(permitted),
                rule.origin
            ));
        }
    }
    if let Some(required) = &rule.required {
        if !covered.iter().any(|t| required.contains(&t.verdict)) {
            let got: BTreeSet<Verdict> = covered.iter().map(|t| t.verdict).collect();
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

fn join(set: &BTreeSet<Verdict>) -> String {
    // MLE and OLE ride along with RTE (Kattis); name them only when RTE is absent.
    let shown: Vec<&str> = set
        .iter()
        .filter(|v| !(matches!(v, Verdict::MLE | Verdict::OLE) && set.contains(&Verdict::RE)))
        .map(|v| v.expectation_name())
        .collect();
    shown.join(", ")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::Verdict::*;
    use super::*;
    use crate::judge::expectation_model::{verdict_set, ScoreRange};
    use crate::judge::test_glob::Glob;

    /// A compiled submission's judgement with these test verdicts (shared by the package's
    /// test modules).
    pub(crate) fn judged(tests: &[(&str, Verdict)]) -> Judged {
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
            graded_final: None,
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
    fn a_legacy_folder_is_decided_by_the_graded_verdict_and_its_per_test_rule_warns() {
        let mut e = Expectation::folder(&[AC], &[], "AC");
        e.graded_final = Some(verdict_set(&[AC]));
        let mut j = judged(&[("sample/1", WA), ("secret/1", AC)]);
        // Without a graded verdict (no legacy grading) the per-test rule decides.
        assert_eq!(e.broken_promises(&j).len(), 1);
        assert!(e.per_test_warnings(&j).is_empty());
        j.graded_verdict = Some(AC);
        assert!(
            e.broken_promises(&j).is_empty(),
            "{:?}",
            e.broken_promises(&j)
        );
        assert_eq!(e.deciding_verdict(&j), AC);
        let warned = e.per_test_warnings(&j);
        assert!(warned[0].starts_with("WA on sample/1"), "{warned:?}");
        j.graded_verdict = Some(WA);
        assert!(e.broken_promises(&j)[0].starts_with("graded WA, expected AC"));
        // A rejected stress pass after an accepted grading is the verdict.
        j.graded_verdict = Some(AC);
        j.tests.push(JudgedTest {
            name: STRESS_TEST_NAME.into(),
            verdict: TLE,
            message: String::new(),
        });
        assert_eq!(e.deciding_verdict(&j), TLE);
        // A wrong_answer folder: RTE after the first WA does not matter when graded WA.
        let mut wa = Expectation::folder(&[AC, WA], &[WA], "WA");
        wa.graded_final = Some(verdict_set(&[WA]));
        let mut j = judged(&[("secret/1", WA), ("secret/2", RE)]);
        j.graded_verdict = Some(WA);
        assert!(wa.broken_promises(&j).is_empty());
        assert_eq!(wa.per_test_warnings(&j).len(), 1);
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
