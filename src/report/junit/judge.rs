//! `judge` as JUnit: one suite for the problem, one case per test, or one `compile` case when
//! the candidate did not build.

use std::time::Duration;

use quick_junit::Report as Junit;

use super::{case, clipped, document, failure, suite, test_case};
use crate::judge::Verdict;
use crate::report::JudgeReport;

/// The judge report as a JUnit document.
pub(super) fn judge(report: &JudgeReport) -> Junit {
    let cpu: Duration = report.tests.iter().map(|t| t.result.cpu()).sum();
    let mut out = report.notes.clone();
    out.extend(report.score.iter().flat_map(|s| s.lines()));
    out.extend(report.slowest().map(|s| s.describe()));
    out.extend(report.timing_notes());
    out.extend(report.isolation.as_ref().map(|i| i.report_line()));
    let mut suite = suite(&report.problem, cpu, &out);
    if let Some(error) = &report.compile_error {
        let status = failure(Verdict::CE, &report.message(), &clipped(error));
        suite.add_test_case(case(
            "compile",
            &report.solution,
            Duration::ZERO,
            status,
            "",
        ));
    }
    for row in &report.tests {
        suite.add_test_case(test_case(row, &report.solution, true, ""));
    }
    document("stressjudge judge", vec![suite], cpu)
}
