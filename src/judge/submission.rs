//! A whole submission's verdict, as judges report it: `CE` when it did not build, else the
//! verdict of its first rejected test in test order (for `stress`, its first failure in plan
//! order), else `AC`. Kattis aggregates pass-fail problems this way (`first_error`, and with
//! `on_reject: break` the first rejection is the last test judged); DOMjudge's result is the
//! first non-correct run's in test order. A scoring problem's graded verdict is
//! [`super::grade`]'s, and the verdict an expectation checks ([`super::expectation::Judged::verdict`])
//! is this one with the grading's when it decides.

use super::Verdict;

/// The position of the test that decides a submission: the first, in order, whose verdict is
/// not `AC`; `None` when every test was accepted.
pub fn deciding_test(verdicts: impl IntoIterator<Item = Verdict>) -> Option<usize> {
    verdicts.into_iter().position(|v| v != Verdict::AC)
}

/// The verdict of a submission whose tests (or stress failures), in order, got `verdicts`:
/// `CE` when it did not build (`compiled` false), else the first verdict that is not `AC`,
/// else `AC`.
pub fn verdict(compiled: bool, verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
    if !compiled {
        return Verdict::CE;
    }
    verdicts
        .into_iter()
        .find(|v| *v != Verdict::AC)
        .unwrap_or(Verdict::AC)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    #[test]
    fn first_rejection_decides_and_a_failed_build_is_ce() {
        assert_eq!(verdict(true, []), AC);
        assert_eq!(verdict(true, [AC, AC]), AC);
        assert_eq!(verdict(true, [AC, TLE, WA]), TLE);
        assert_eq!(verdict(false, [AC]), CE);
        assert_eq!(deciding_test([AC, RE, WA]), Some(1));
        assert_eq!(deciding_test([AC, AC]), None);
    }
}
