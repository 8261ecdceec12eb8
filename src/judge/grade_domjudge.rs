//! Scoring problems as DOMjudge scores them: DOMjudge reads the legacy `testdata.yaml` keys
//! (`accept_score`, `grader_flags`, `on_reject`, `range`) but aggregates them its own way, not
//! as problemtools' default grader does ([`super::grade`]). Packages written for DOMjudge
//! (its `example_scoring_problems/`) give `@EXPECTED_SCORE@`s only DOMjudge's rules reach.
//!
//! The rules, from DOMjudge's webapp (commit a023fd3 of 2026-04):
//!
//! - Groups (`ImportProblemService::importZippedProblem`, `parseTestCaseGroupMeta`): only a
//!   folder of `data/` holding a `testdata.yaml` or `test_group.yaml` is a group, with its own
//!   keys and nothing inherited; its parent is the group of its parent folder, if that is one.
//!   Keys: `accept_score` (none by default; a number >= 0), `grader_flags` words `sum` (the
//!   default), `avg`, `min`, `max` (the last wins) and `ignore_sample`, the other flags unused;
//!   `on_reject: continue` (else the group breaks); `range` (only the root's upper end is used,
//!   as the scoreboard's maximum). A test belongs to the group of its own folder only: a test
//!   in a folder without a group file (`data/sample/` in the examples) is scored nowhere.
//! - A group's score and result (`SubmissionService::maybeSetScoringResult`): a group with
//!   subgroups takes each subgroup's score, in name order (`TestcaseGroup::$children` is ordered
//!   by name), skipping `data/sample` under `ignore_sample`; the tests directly in it count for
//!   nothing. A group without subgroups takes the `score.txt` of each of its tests that wrote
//!   one (0 unless the test is AC or WA); when none did, its `accept_score` once if every test
//!   is AC, else 0 (no `accept_score`: nothing). The scores combine by the aggregation
//!   (`avg` of none is 0, `min`/`max` of none 0). The result is AC when every test or subgroup
//!   is, else the first rejected one's verdict.
//! - Judging (`JudgehostController::addJudgingRunAction`, lazy evaluation, DOMjudge's
//!   default): after each run, in test order, the root group is evaluated; a group is decided
//!   once all its tests or subgroups are, or as soon as one is rejected when it breaks. The
//!   submission's score and result are the root's when it is first decided, and no later test
//!   is judged: [`DomJudgeGrading::grade`] replays that over the judged tests.
//! - `@EXPECTED_SCORE@` is compared with the score exactly to 9 decimals
//!   (`JuryMiscController::checkVerifyAction`, `bccomp(.., 9)`); here within 1e-6 relative, as
//!   every expected score ([`crate::judge::expectation_model::ScoreRange::contains`]).
//!
//! DOMjudge refuses (`maybeSetScoringResult` has no root) a scoring package without
//! `data/testdata.yaml`; here `data/` is then a group of default keys.

use super::grading_model::{parent, DomJudgeAggregation as Aggregation, DomJudgeGrading};
use super::Verdict;
use crate::judge::grade::{Graded, GroupScore, ScoredTest};
use crate::problem::ValidatorScore;

impl DomJudgeGrading {
    /// Grades `tests` (judged in this order) as DOMjudge does: the root's score and result
    /// once it is decided.
    pub fn grade(&self, tests: &[ScoredTest]) -> Graded {
        let root = &self.groups[""];
        for ready in 0..=tests.len() {
            let mut graded = Graded {
                tests: vec![None; tests.len()],
                ..Graded::default()
            };
            let decided = self.result("", tests, ready, &mut graded);
            if let Some((score, verdict)) = decided {
                graded.score = score;
                graded.verdict = Some(verdict);
                graded.final_verdict = Some(verdict);
                graded.max_score = root.range.map(|r| r.1);
                return graded;
            }
        }
        unreachable!("every group is decided once every test is judged")
    }

    /// `maybeSetScoringResult` of group `name` when the first `ready` tests are judged:
    /// `None` while it is undecided. Decided groups are recorded in `graded`.
    fn result(
        &self,
        name: &str,
        tests: &[ScoredTest],
        ready: usize,
        graded: &mut Graded,
    ) -> Option<(f64, Verdict)> {
        let group = &self.groups[name];
        let subgroups: Vec<&String> = (self.groups.keys())
            .filter(|k| !k.is_empty() && parent(k) == name)
            .filter(|k| !(group.ignore_sample && *k == "sample"))
            .collect();
        let mut all_ready = true;
        let mut first_rejected = None;
        let mut scores = Vec::new();
        if self
            .groups
            .keys()
            .any(|k| !k.is_empty() && parent(k) == name)
        {
            for sub in subgroups {
                match self.result(sub, tests, ready, graded) {
                    None => all_ready = false,
                    Some((score, verdict)) => {
                        scores.push(score);
                        if verdict != Verdict::AC {
                            first_rejected.get_or_insert(verdict);
                        }
                    }
                }
            }
        } else {
            let mut any_test = false;
            let mut wrote_score = false;
            for (i, test) in tests.iter().enumerate() {
                if parent(&test.name) != name {
                    continue;
                }
                any_test = true;
                if i >= ready {
                    all_ready = false;
                    continue;
                }
                // DOMjudge keeps score.txt only (score_multiplier.txt is 2025-09's), and only
                // of AC and WA runs.
                if let Some(ValidatorScore::Score(s)) = test.validator {
                    wrote_score = true;
                    let s = if matches!(test.verdict, Verdict::AC | Verdict::WA) {
                        s
                    } else {
                        0.0
                    };
                    graded.tests[i] = Some(s);
                    scores.push(s);
                }
                if test.verdict != Verdict::AC {
                    first_rejected.get_or_insert(test.verdict);
                }
            }
            if let Some(accept) = group.accept_score.filter(|_| !wrote_score && any_test) {
                scores.push(if first_rejected.is_none() {
                    accept
                } else {
                    0.0
                });
            }
        }
        let score = match group.aggregation {
            Aggregation::Sum => scores.iter().sum(),
            Aggregation::Avg if scores.is_empty() => 0.0,
            Aggregation::Avg => scores.iter().sum::<f64>() / scores.len() as f64,
            Aggregation::Min => scores.iter().copied().reduce(f64::min).unwrap_or(0.0),
            Aggregation::Max => scores.iter().copied().reduce(f64::max).unwrap_or(0.0),
        };
        let decided = all_ready || (first_rejected.is_some() && !group.on_reject_continue);
        if !decided {
            return None;
        }
        let verdict = first_rejected.unwrap_or(Verdict::AC);
        graded.groups.push(GroupScore {
            name: if name.is_empty() { "data" } else { name }.to_string(),
            score,
            verdict: Some(verdict),
            max: group.range.map(|r| r.1),
        });
        Some((score, verdict))
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;
    use super::*;
    use crate::judge::grade::tests::t;
    use crate::judge::grading_model::DomJudgeGroup as Group;

    fn grading(groups: &[(&str, Group)]) -> DomJudgeGrading {
        DomJudgeGrading {
            groups: groups
                .iter()
                .map(|(n, g)| (n.to_string(), g.clone()))
                .collect(),
        }
    }

    fn accept(score: f64) -> Group {
        Group {
            accept_score: Some(score),
            ..Group::default()
        }
    }

    fn cont(aggregation: Aggregation) -> Group {
        Group {
            aggregation,
            on_reject_continue: true,
            ..Group::default()
        }
    }

    /// DOMjudge's `addone`: a group's accept_score once, samples nowhere.
    #[test]
    fn accept_score_once_per_group_and_samples_unscored() {
        let g = grading(&[
            ("", cont(Aggregation::Sum)),
            ("secret", cont(Aggregation::Sum)),
            ("secret/a", accept(10.0)),
            ("secret/b", accept(20.0)),
            ("secret/c", accept(30.0)),
        ]);
        let tests = [
            t("sample/1", WA, None),
            t("secret/a/1", AC, None),
            t("secret/a/2", AC, None),
            t("secret/b/1", AC, None),
            t("secret/b/2", AC, None),
            t("secret/c/1", AC, None),
            t("secret/c/2", TLE, None),
        ];
        let graded = g.grade(&tests);
        assert_eq!(graded.score, 30.0);
        assert_eq!(graded.final_verdict, Some(TLE));
        let all_ac: Vec<ScoredTest> = tests
            .iter()
            .map(|x| ScoredTest {
                verdict: AC,
                ..x.clone()
            })
            .collect();
        assert_eq!(g.grade(&all_ac).score, 60.0);
    }

    /// DOMjudge's `largestsum`: avg and min of subgroups; the first rejected subgroup in name
    /// order gives the result.
    #[test]
    fn avg_min_and_first_rejection_in_name_order() {
        let g = grading(&[
            ("", cont(Aggregation::Sum)),
            ("secret", cont(Aggregation::Sum)),
            ("secret/basic", accept(20.0)),
            ("secret/eff", cont(Aggregation::Avg)),
            ("secret/eff/large", accept(45.0)),
            ("secret/eff/small", accept(15.0)),
            ("secret/rob", cont(Aggregation::Min)),
            ("secret/rob/neg", accept(50.0)),
            ("secret/rob/one", accept(50.0)),
        ]);
        let tests = [
            t("secret/basic/1", AC, None),
            t("secret/eff/large/1", TLE, None),
            t("secret/eff/small/1", AC, None),
            t("secret/rob/neg/1", WA, None),
            t("secret/rob/one/1", AC, None),
        ];
        let graded = g.grade(&tests);
        assert_eq!(graded.score, 20.0 + 7.5);
        assert_eq!(graded.final_verdict, Some(TLE));
    }

    /// score.txt counts for AC and WA runs; a breaking root stops at its first rejected
    /// subgroup (lazy evaluation), so later subgroups add nothing.
    #[test]
    fn validator_scores_and_a_breaking_root() {
        let g = grading(&[
            ("", Group::default()),
            ("secret", Group::default()),
            ("secret/a", Group::default()),
            ("secret/b", accept(50.0)),
        ]);
        let tests = [
            t("secret/a/1", AC, Some(40.0)),
            t("secret/a/2", WA, Some(2.5)),
            t("secret/b/1", AC, None),
        ];
        let graded = g.grade(&tests);
        assert_eq!(graded.score, 42.5);
        assert_eq!(graded.final_verdict, Some(WA));
        assert_eq!(graded.tests, [Some(40.0), Some(2.5), None]);
        let mut continuing = g.clone();
        continuing
            .groups
            .insert("secret".into(), cont(Aggregation::Sum));
        continuing.groups.insert("".into(), cont(Aggregation::Sum));
        assert_eq!(continuing.grade(&tests).score, 92.5);
    }
}
