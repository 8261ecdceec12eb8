//! Scoring problems (`type: scoring`): how a submission's test verdicts and validator scores
//! become test, group and submission scores. The settings are the judge's model
//! ([`super::grading_model`]), read with the package ([`crate::problem::kattis::scoring`]);
//! [`Grading::grade`] is a pure function of the judged tests, so verify and any later judging
//! share it.
//!
//! Three rule sets, by format version and by whose expected scores the package gives:
//!
//! - Legacy (problemtools' `SubmissionJudge` and `support/default_grader`): `data/` is the root
//!   group, its children `sample` and `secret`, groups are folders, children in name order.
//!   `testdata.yaml` keys are inherited from parent folders: `on_reject` (`break`, the default,
//!   stops a group at its first rejected child; `continue`), `grading` (`default`, `custom`),
//!   `grader_flags` (verdict mode `worst_error` (default), `first_error`, `always_accept`; score
//!   mode `sum` (default), `avg`, `min`, `max`; `ignore_sample`; `accept_if_any_accepted`; the
//!   last mode given wins), `accept_score` (1), `reject_score` (0) for tests whose validator
//!   writes no `score.txt`, and `range` (`-inf +inf`) that every group's score must be in.
//!   problem.yaml `grading:` `accept_score`, `reject_score`, `range` and `on_reject`
//!   (`first_error` is `break`, `grade` is `continue`) override every group, as problemtools
//!   does; `objective: min` makes the range's minimum the best score.
//! - 2023-07 / 2025-09 ("Result aggregation"): `secret` and each test data group (a folder of
//!   `data/secret` with a `test_group.yaml`) have `max_score` (100 for `secret`, else
//!   `unbounded`), `score_aggregation` (`sum` for `secret`, else `pass-fail`; or `min`) and
//!   `require_pass`. A test's maximum is its group's (`min`) or the group's divided by its
//!   number of tests (`sum`); an accepted test scores `score_multiplier.txt` x maximum, else
//!   `score.txt`, else its maximum; a rejected one 0. `sample` is not scored.
//! - DOMjudge's reading of the legacy keys ([`super::grading_model::DomJudgeGrading`]), for a
//!   package whose submissions give `@EXPECTED_SCORE@` (only DOMjudge reads it): see
//!   [`super::grade_domjudge`].

use std::collections::BTreeMap;

use super::grading_model::{
    legacy_settings, Aggregation, CustomGrader, Grading, LegacyGroupSettings, ModernGroup,
    ModernGroupSettings,
};
use super::Verdict;
use crate::problem::ValidatorScore;

/// A score as problemtools prints it: an integer without decimals, else two decimals.
pub fn show_score(score: f64) -> String {
    if score == score.trunc() && score.abs() < 1e15 {
        format!("{}", score as i64)
    } else {
        format!("{score:.2}")
    }
}

/// One judged test, as grading sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoredTest {
    /// Its name relative to `data/` (`secret/g1/03`).
    pub name: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// What the output validator wrote, if anything.
    pub validator: Option<ValidatorScore>,
}

/// A group's result.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupScore {
    /// Its name relative to `data/` (`secret`, `secret/g1`; `data` for the legacy root).
    pub name: String,
    /// Its score.
    pub score: f64,
    /// Its graded verdict (legacy only).
    pub verdict: Option<Verdict>,
    /// Its maximum, when bounded.
    pub max: Option<f64>,
}

/// What grading made of a submission's tests.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Graded {
    /// The submission's score.
    pub score: f64,
    /// The submission's graded verdict (legacy; `None` in 2025-09, where scores replace it).
    pub verdict: Option<Verdict>,
    /// The best score possible, when finite (legacy: the root range's best end).
    pub max_score: Option<f64>,
    /// Every group's result, children before parents.
    pub groups: Vec<GroupScore>,
    /// Each test's score, in the order given (`None`: not scored, or not reached).
    pub tests: Vec<Option<f64>>,
    /// Judge errors found (a score out of range, a missing `score.txt`, ...), one line each.
    pub errors: Vec<String>,
    /// The submission's verdict when the grading decides it rather than its first rejected
    /// test (DOMjudge: the first rejected test of its group tree, samples outside it).
    pub final_verdict: Option<Verdict>,
}

impl Graded {
    /// Group scores by name, for expectations (`score` under a test-group key).
    pub fn group_scores(&self) -> BTreeMap<String, f64> {
        self.groups
            .iter()
            .map(|g| (g.name.clone(), g.score))
            .collect()
    }
}

impl Grading {
    /// Grades `tests` (in test order) by the default grader's rules everywhere.
    pub fn grade(&self, tests: &[ScoredTest]) -> Graded {
        self.grade_with(tests, None)
            .expect("the default grader does not fail")
    }

    /// Grades `tests` (in test order), the groups with `grading: custom` by `custom` when
    /// there is one (else by the default grader's rules). A custom grader that fails makes the
    /// grading fail with its one-line reason (problemtools' judge error).
    pub fn grade_with(
        &self,
        tests: &[ScoredTest],
        custom: Option<&dyn CustomGrader>,
    ) -> Result<Graded, String> {
        match self {
            Grading::Legacy {
                groups,
                minimize,
                scored,
            } => {
                let mut failure = None;
                let custom = custom.filter(|_| *scored);
                let mut graded = grade_legacy(groups, *minimize, tests, custom, &mut failure);
                if !*scored {
                    // A pass-fail problem: the graded verdict alone (problemtools drops the
                    // scores, so no range applies).
                    graded.errors.clear();
                }
                match failure {
                    Some(why) => Err(why),
                    None => Ok(graded),
                }
            }
            Grading::Modern { groups } => Ok(grade_modern(groups, tests)),
            Grading::DomJudge(g) => Ok(g.grade(tests)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Legacy grading

fn grade_legacy(
    groups: &BTreeMap<String, LegacyGroupSettings>,
    minimize: bool,
    tests: &[ScoredTest],
    custom: Option<&dyn CustomGrader>,
    failure: &mut Option<String>,
) -> Graded {
    let mut graded = Graded {
        tests: vec![None; tests.len()],
        ..Graded::default()
    };
    let indexed: Vec<(usize, &ScoredTest)> = tests.iter().enumerate().collect();
    let mut legacy = Legacy {
        groups,
        custom,
        failure,
    };
    let (verdict, score) = legacy_group(&mut legacy, "", &indexed, &mut graded);
    let root = legacy_settings(groups, "");
    graded.verdict = Some(verdict);
    graded.score = score;
    let best = if minimize { root.range.0 } else { root.range.1 };
    graded.max_score = best.is_finite().then_some(best);
    graded
}

/// The children of folder `prefix` among `tests` (all under it), in order: a test (its index)
/// or a subfolder (its name and its tests).
enum Child<'a> {
    Test(usize, &'a ScoredTest),
    Group(String, Vec<(usize, &'a ScoredTest)>),
}

fn children<'a>(prefix: &str, tests: &[(usize, &'a ScoredTest)]) -> Vec<Child<'a>> {
    let mut out: Vec<Child<'a>> = Vec::new();
    for &(i, test) in tests {
        let rest = if prefix.is_empty() {
            test.name.as_str()
        } else {
            &test.name[prefix.len() + 1..]
        };
        match rest.split_once('/') {
            None => out.push(Child::Test(i, test)),
            Some((first, _)) => {
                let name = if prefix.is_empty() {
                    first.to_string()
                } else {
                    format!("{prefix}/{first}")
                };
                match out.last_mut() {
                    Some(Child::Group(last, members)) if *last == name => members.push((i, test)),
                    _ => out.push(Child::Group(name, vec![(i, test)])),
                }
            }
        }
    }
    out
}

/// What grading a legacy group needs besides the group: the settings, the custom grader, and
/// where the first failure of the custom grader goes.
struct Legacy<'a, 'b> {
    groups: &'a BTreeMap<String, LegacyGroupSettings>,
    custom: Option<&'a dyn CustomGrader>,
    failure: &'b mut Option<String>,
}

fn legacy_group(
    legacy: &mut Legacy<'_, '_>,
    name: &str,
    tests: &[(usize, &ScoredTest)],
    graded: &mut Graded,
) -> (Verdict, f64) {
    let settings = legacy_settings(legacy.groups, name).clone();
    let mut results: Vec<(Verdict, f64)> = Vec::new();
    for child in children(name, tests) {
        let result = match child {
            Child::Test(i, test) => {
                let score = match (test.verdict, test.validator) {
                    (Verdict::AC, Some(ValidatorScore::Score(s))) => s,
                    (Verdict::AC, Some(ValidatorScore::Multiplier(m))) => m * settings.accept_score,
                    (Verdict::AC, None) => settings.accept_score,
                    _ => settings.reject_score,
                };
                graded.tests[i] = Some(score);
                (test.verdict, score)
            }
            Child::Group(child_name, members) => {
                legacy_group(legacy, &child_name, &members, graded)
            }
        };
        results.push(result);
        if result.0 != Verdict::AC && settings.on_reject_break {
            break;
        }
    }
    let shown = if name.is_empty() { "data" } else { name };
    let (verdict, score) = match legacy.custom.filter(|_| settings.custom) {
        // problemtools grades a group without results as AC 0 without asking the grader.
        Some(_) if results.is_empty() => (Verdict::AC, 0.0),
        Some(grader) => match grader.grade(&results, &settings.flags) {
            Ok(result) => result,
            Err(why) => {
                legacy
                    .failure
                    .get_or_insert_with(|| format!("grading {shown}: {why}"));
                default_grader(&settings.flags, &results)
            }
        },
        None => default_grader(&settings.flags, &results),
    };
    let (low, high) = settings.range;
    if score < low - 1e-9 || score > high + 1e-9 {
        graded.errors.push(format!(
            "score {} of {shown} is outside its range [{low}, {high}]",
            show_score(score)
        ));
    }
    graded.groups.push(GroupScore {
        name: shown.to_string(),
        score,
        verdict: Some(verdict),
        max: high.is_finite().then_some(high),
    });
    (verdict, score)
}

/// problemtools' `support/default_grader`.
fn default_grader(flags: &[String], results: &[(Verdict, f64)]) -> (Verdict, f64) {
    let mut verdict_mode = "worst_error";
    let mut score_mode = "sum";
    let mut ignore_sample = false;
    let mut accept_if_any = false;
    for flag in flags {
        match flag.as_str() {
            "worst_error" | "no_errors" | "first_error" | "always_accept" => verdict_mode = flag,
            "sum" | "avg" | "min" | "max" => score_mode = flag,
            "ignore_sample" => ignore_sample = true,
            "accept_if_any_accepted" => accept_if_any = true,
            _ => {}
        }
    }
    let results = if ignore_sample && !results.is_empty() {
        &results[results.len() - 1..]
    } else {
        results
    };
    let verdicts = results.iter().map(|r| r.0);
    let verdict = if accept_if_any && results.iter().any(|r| r.0 == Verdict::AC) {
        Verdict::AC
    } else {
        match verdict_mode {
            "first_error" => verdicts
                .clone()
                .find(|v| *v != Verdict::AC)
                .unwrap_or(Verdict::AC),
            "always_accept" => Verdict::AC,
            _ => {
                // problemtools' order: JE, IF, RTE, MLE, TLE, OLE, WA, PE, AC.
                let rank = |v: &Verdict| match v {
                    Verdict::RE | Verdict::CE => 0,
                    Verdict::MLE => 1,
                    Verdict::TLE => 2,
                    Verdict::OLE => 3,
                    Verdict::WA => 4,
                    Verdict::AC => 5,
                };
                verdicts.min_by_key(rank).unwrap_or(Verdict::AC)
            }
        }
    };
    let scores: Vec<f64> = results.iter().map(|r| r.1).collect();
    let score = match score_mode {
        "avg" if !scores.is_empty() => scores.iter().sum::<f64>() / scores.len() as f64,
        "min" => scores.iter().copied().reduce(f64::min).unwrap_or(0.0),
        "max" => scores.iter().copied().reduce(f64::max).unwrap_or(0.0),
        _ => scores.iter().sum(),
    };
    // The default grader prints its score with `%f`, and problemtools reads that back: six
    // decimals.
    (verdict, (score * 1e6).round() / 1e6)
}

// ---------------------------------------------------------------------------------------------
// 2023-07 / 2025-09 grading

fn grade_modern(groups: &BTreeMap<String, ModernGroupSettings>, tests: &[ScoredTest]) -> Graded {
    let mut graded = Graded {
        tests: vec![None; tests.len()],
        ..Graded::default()
    };
    let secret = groups
        .get("secret")
        .map(|g| g.0.clone())
        .unwrap_or(ModernGroup {
            max_score: Some(100.0),
            aggregation: Aggregation::Sum,
            require_pass: Vec::new(),
        });
    let group_names: Vec<&String> = groups.keys().filter(|k| k.as_str() != "secret").collect();
    let passes = |group: &str| {
        tests
            .iter()
            .filter(|t| t.name.starts_with(&format!("{group}/")))
            .all(|t| t.verdict == Verdict::AC)
    };
    let blocked = |settings: &ModernGroup| settings.require_pass.iter().any(|g| !passes(g));
    let secret_tests: Vec<(usize, &ScoredTest)> = tests
        .iter()
        .enumerate()
        .filter(|(_, t)| t.name.starts_with("secret/"))
        .collect();
    let secret_blocked = blocked(&secret);
    let score = if group_names.is_empty() {
        aggregate_tests(
            "secret",
            &secret,
            &secret_tests,
            secret_blocked,
            &mut graded,
        )
    } else {
        let mut parts = Vec::new();
        let mut all_pass = true;
        for name in group_names {
            let settings = &groups[name].0;
            let members: Vec<(usize, &ScoredTest)> = secret_tests
                .iter()
                .copied()
                .filter(|(_, t)| t.name.starts_with(&format!("{name}/")))
                .collect();
            all_pass &= members.iter().all(|(_, t)| t.verdict == Verdict::AC);
            let settings = ModernGroup {
                // An unbounded group only makes sense in an unbounded secret (checked on
                // reading); take the group's own bound.
                ..settings.clone()
            };
            let s = aggregate_tests(
                name,
                &settings,
                &members,
                secret_blocked || blocked(&settings),
                &mut graded,
            );
            parts.push(s);
        }
        let s = match secret.aggregation {
            Aggregation::PassFail if all_pass && !secret_blocked => secret.max_score.unwrap_or(0.0),
            Aggregation::PassFail => 0.0,
            Aggregation::Sum => parts.iter().sum(),
            Aggregation::Min => parts.iter().copied().reduce(f64::min).unwrap_or(0.0),
        };
        graded.groups.push(GroupScore {
            name: "secret".into(),
            score: s,
            verdict: None,
            max: secret.max_score,
        });
        s
    };
    if let Some(max) = secret.max_score {
        if score > max + 1e-6 {
            graded.errors.push(format!(
                "score {} of secret exceeds its max_score {max}",
                show_score(score)
            ));
        }
    }
    graded.score = score;
    graded.max_score = secret.max_score;
    graded
}

fn aggregate_tests(
    name: &str,
    settings: &ModernGroup,
    members: &[(usize, &ScoredTest)],
    blocked: bool,
    graded: &mut Graded,
) -> f64 {
    let n = members.len().max(1) as f64;
    let test_max = match settings.aggregation {
        Aggregation::PassFail => None,
        Aggregation::Sum => settings.max_score.map(|m| m / n),
        Aggregation::Min => settings.max_score,
    };
    let mut scores = Vec::new();
    for &(i, test) in members {
        let accepted = test.verdict == Verdict::AC && !blocked;
        if settings.aggregation == Aggregation::PassFail {
            if test.validator.is_some() && accepted {
                graded.errors.push(format!(
                    "{}: the output validator wrote a score for a test of a pass-fail group",
                    test.name
                ));
            }
            continue;
        }
        let score = if !accepted {
            0.0
        } else {
            match (test.validator, test_max) {
                (Some(ValidatorScore::Multiplier(m)), Some(max)) => m * max,
                (Some(ValidatorScore::Multiplier(_)), None) => {
                    graded.errors.push(format!(
                        "{}: score_multiplier.txt for a test without a maximum score",
                        test.name
                    ));
                    0.0
                }
                (Some(ValidatorScore::Score(s)), Some(max)) if s > max + 1e-6 => {
                    graded.errors.push(format!(
                        "{}: score.txt says {s}, above the test's maximum {max}",
                        test.name
                    ));
                    s
                }
                (Some(ValidatorScore::Score(s)), _) => s,
                (None, Some(max)) => max,
                (None, None) => {
                    graded.errors.push(format!(
                        "{}: accepted in an unbounded group but the validator wrote no score.txt",
                        test.name
                    ));
                    0.0
                }
            }
        };
        graded.tests[i] = Some(score);
        scores.push(score);
    }
    let all_pass = !blocked && members.iter().all(|(_, t)| t.verdict == Verdict::AC);
    let score = match settings.aggregation {
        Aggregation::PassFail if all_pass => settings.max_score.unwrap_or(0.0),
        Aggregation::PassFail => 0.0,
        Aggregation::Sum => scores.iter().sum(),
        Aggregation::Min => scores.iter().copied().reduce(f64::min).unwrap_or(0.0),
    };
    graded.groups.push(GroupScore {
        name: name.to_string(),
        score,
        verdict: None,
        max: settings.max_score,
    });
    score
}

#[cfg(test)]
pub(crate) mod tests {
    use super::Verdict::*;
    use super::*;
    use crate::judge::grading_model::LegacyGroup;

    /// A scored test (shared by the package's grading test modules).
    pub(crate) fn t(name: &str, verdict: Verdict, score: Option<f64>) -> ScoredTest {
        ScoredTest {
            name: name.into(),
            verdict,
            validator: score.map(ValidatorScore::Score),
        }
    }

    fn legacy(entries: &[(&str, LegacyGroup)]) -> Grading {
        Grading::Legacy {
            groups: entries
                .iter()
                .map(|(n, g)| (n.to_string(), LegacyGroupSettings(g.clone())))
                .collect(),
            minimize: false,
            scored: true,
        }
    }

    #[test]
    fn legacy_sum_with_continue_and_min_groups() {
        let cont = LegacyGroup {
            on_reject_break: false,
            range: (0.0, 100.0),
            ..LegacyGroup::default()
        };
        let sample = LegacyGroup {
            accept_score: 0.0,
            ..cont.clone()
        };
        let g1 = LegacyGroup {
            accept_score: 20.0,
            flags: vec!["min".into()],
            ..cont.clone()
        };
        let g2 = LegacyGroup {
            accept_score: 80.0,
            flags: vec!["min".into()],
            ..cont.clone()
        };
        let grading = legacy(&[
            (
                "",
                LegacyGroup {
                    flags: vec!["ignore_sample".into()],
                    ..cont.clone()
                },
            ),
            ("sample", sample),
            ("secret", cont.clone()),
            ("secret/g1", g1),
            ("secret/g2", g2),
        ]);
        let tests = [
            t("sample/1", AC, None),
            t("secret/g1/1", AC, None),
            t("secret/g1/2", AC, None),
            t("secret/g2/1", AC, None),
            t("secret/g2/2", WA, None),
        ];
        let graded = grading.grade(&tests);
        assert_eq!(graded.score, 20.0);
        assert_eq!(graded.verdict, Some(WA));
        assert_eq!(graded.max_score, Some(100.0));
        assert_eq!(
            graded.tests,
            [Some(0.0), Some(20.0), Some(20.0), Some(80.0), Some(0.0)]
        );
        assert_eq!(graded.group_scores()["secret/g2"], 0.0);
        assert!(graded.errors.is_empty(), "{:?}", graded.errors);
        // always_accept at the root makes the verdict AC with the partial score.
        assert!(!Grading::rejection_ends_judging(
            Some(&grading),
            "secret/g2/2"
        ));
        assert!(Grading::rejection_ends_judging(None, "secret/g2/2"));
    }

    #[test]
    fn legacy_break_stops_a_group_and_validator_scores_count() {
        let grading = legacy(&[]);
        let tests = [
            t("secret/1", AC, Some(3.5)),
            t("secret/2", TLE, None),
            t("secret/3", AC, Some(10.0)),
        ];
        let graded = grading.grade(&tests);
        assert_eq!(graded.score, 3.5);
        assert_eq!(graded.verdict, Some(TLE));
        assert_eq!(graded.tests[2], None, "not reached after the break");
        assert!(Grading::rejection_ends_judging(Some(&grading), "secret/2"));
    }

    #[test]
    fn modern_groups_sum_min_pass_fail_and_require_pass() {
        let group = |max: f64, aggregation, require: &[&str]| {
            ModernGroupSettings(ModernGroup {
                max_score: Some(max),
                aggregation,
                require_pass: require.iter().map(|s| s.to_string()).collect(),
            })
        };
        let grading = Grading::Modern {
            groups: BTreeMap::from([
                ("secret".to_string(), group(100.0, Aggregation::Sum, &[])),
                (
                    "secret/a".to_string(),
                    group(20.0, Aggregation::PassFail, &[]),
                ),
                ("secret/b".to_string(), group(30.0, Aggregation::Sum, &[])),
                (
                    "secret/c".to_string(),
                    group(50.0, Aggregation::Min, &["secret/a"]),
                ),
            ]),
        };
        let tests = [
            t("sample/1", WA, None),
            t("secret/a/1", AC, None),
            t("secret/b/1", AC, None),
            t("secret/b/2", WA, None),
            t("secret/b/3", AC, Some(4.0)),
            t("secret/c/1", AC, None),
            ScoredTest {
                validator: Some(ValidatorScore::Multiplier(0.5)),
                ..t("secret/c/2", AC, None)
            },
        ];
        let graded = grading.grade(&tests);
        assert_eq!(graded.group_scores()["secret/a"], 20.0);
        assert_eq!(graded.group_scores()["secret/b"], 14.0);
        assert_eq!(graded.group_scores()["secret/c"], 25.0);
        assert_eq!(graded.score, 59.0);
        assert_eq!(graded.verdict, None);
        assert!(graded.errors.is_empty(), "{:?}", graded.errors);
        let failing_a = [t("secret/a/1", WA, None), t("secret/c/1", AC, None)];
        assert_eq!(grading.grade(&failing_a).group_scores()["secret/c"], 0.0);
        assert!(!Grading::rejection_ends_judging(
            Some(&grading),
            "secret/a/1"
        ));
    }
}
