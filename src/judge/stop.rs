//! Where judging a candidate stops: the one rule of which rejected test ends it.

use super::Verdict;
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
/// tests) narrow it through [`crate::testset::Judging::rejection_ends`].
pub fn ends_judging(_problem: &ProblemInfo, _case: &TestCase, verdict: Verdict) -> bool {
    verdict != Verdict::AC
}
