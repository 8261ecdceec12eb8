//! Where judging a candidate stops: which rejected test ends it. The problem-wide rule
//! ([`ends_judging`]), narrowed by a scoring package's groups
//! ([`Grading::rejection_ends_judging`]) and by what a submission's expectation still needs
//! ([`Expectation::rejection_ends_judging`]); the test-set runner asks these through its
//! `Judging::rejection_ends`.

use super::grading_model::{legacy_settings, parent, DomJudgeGrading, Grading};
use super::Verdict;
use crate::judge::expectation_model::Expectation;
use crate::problem::{ProblemInfo, TestCase};

/// Whether `case` getting `verdict` ends the judging of the candidate, so the tests after it
/// are not run.
///
/// The Kattis problem package format (legacy `testdata.yaml`, key `on_reject`, default `break`):
/// "If "break", judging proceeds immediately to grading" when a submission gets a non-Accept
/// judgement on a test case; `continue` judges the rest of its group. Pass-fail problems
/// aggregate to the first non-accepted verdict (`first_error`; `worst_error` is the same with
/// `break`), so the first rejected test decides. This is the problem-wide rule; a submission's
/// own rules (a group with `on_reject: continue`, a scoring problem, an expectation about later
/// tests) narrow it through the test-set runner's `Judging::rejection_ends`.
pub fn ends_judging(_problem: &ProblemInfo, _case: &TestCase, verdict: Verdict) -> bool {
    verdict != Verdict::AC
}

impl Grading {
    /// Whether a rejected `test` ends judging of the whole submission (so the remaining tests
    /// need not run): always for pass-fail problems (Kattis' `on_reject: break`); in legacy
    /// scoring problems when every folder from the test's up to `data/` breaks on a rejection
    /// and no grader flag there can turn the rejection into an acceptance; never in 2025-09
    /// scoring problems (every group is scored).
    pub fn rejection_ends_judging(grading: Option<&Grading>, test: &str) -> bool {
        match grading {
            None => true,
            Some(Grading::Modern { .. }) => false,
            Some(Grading::DomJudge(g)) => g.rejection_ends_judging(),
            Some(Grading::Legacy { groups, .. }) => {
                let mut folder = parent(test);
                loop {
                    let settings = legacy_settings(groups, folder);
                    let forgiving = settings.flags.iter().any(|f| {
                        f == "always_accept"
                            || f == "accept_if_any_accepted"
                            || f == "ignore_sample"
                    });
                    if !settings.on_reject_break || forgiving || settings.custom {
                        return false;
                    }
                    if folder.is_empty() {
                        return true;
                    }
                    folder = parent(folder);
                }
            }
        }
    }
}

impl DomJudgeGrading {
    /// Whether a rejected test ends judging: never here, as the grading replays DOMjudge's
    /// stop itself (every test is judged, the score taken where DOMjudge would have stopped).
    pub fn rejection_ends_judging(&self) -> bool {
        false
    }
}

impl Expectation {
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
}

#[cfg(test)]
mod tests {
    use crate::judge::expectation_model::{Expectation, Rule};
    use crate::judge::test_glob::Glob;
    use crate::judge::Verdict::*;

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
}
