//! JUnit XML (`--report FILE.xml`), the format GitHub, GitLab and Jenkins show natively,
//! written with `quick-junit` (the crate nextest uses).
//!
//! The mapping, for every command:
//!
//! - `<testsuites name="stressjudge COMMAND">` holds one `<testsuite name=PROBLEM>` per problem;
//!   its `time` is the wall time spent on that problem (for `judge`, the tests' CPU time, all
//!   its report measures; for `repro`, 0).
//! - A `<testcase>` has `classname` = the solution as the user named it (its path, or the
//!   command) and `time` = the CPU time of that one test in seconds; cases that are not one
//!   measured run (a solution's verdict, a stress pass, a failure group, a reproduced seed) have
//!   time 0.
//! - A failing case has a `<failure type=VERDICT message=...>` whose text is the explanation
//!   (the differing game and the diff, the head of stderr, the shrunk input and the repro
//!   command); `<error type="error">` is for a solution that could not be judged at all;
//!   `<skipped message=...>` for one whose language has no toolchain here.
//!
//! Per command:
//!
//! - `judge`: one case per test (named as the test); a non-AC test fails. A build that failed
//!   is one failing case `compile` of type `CE`.
//! - `verify`: per solution, a case `verdict` (fails when the solution breaks its folder's
//!   promise), one case per fixed test, and a case `stress` when the stress pass ran. A test
//!   fails only in a solution that breaks its promise: a `wrong_answer` solution's WA is what it
//!   promised, so it passes, with its verdict in `<system-out>`. So a CI run is red exactly
//!   when `verify` exits 1.
//! - `stress`: one failing case per failure group (named by its signature), carrying the count,
//!   the seeds, the smallest shrunk input and its repro command; one passing case `stress` when
//!   nothing failed.
//! - `repro`: one case `KIND seed N`, failing unless the run was AC.

mod judge;
mod mutants;
mod stress;
mod verify;

use std::time::Duration;

use quick_junit::{NonSuccessKind, Report as Junit, TestCase, TestCaseStatus, TestSuite};

use super::{Exporter, Report, TestRow};
use crate::judge::Verdict;
use crate::units::{mebibytes, seconds};

/// JUnit XML, one test suite per problem.
pub struct JunitExporter;

impl Exporter for JunitExporter {
    fn serialize(&self, report: Report<'_>) -> Result<Vec<u8>, String> {
        let junit = match report {
            Report::Judge(r) => judge::judge(r),
            Report::Stress(r) => stress::stress(r),
            Report::Repro(r) => stress::repro(r),
            Report::Verify(r) => verify::verify(r),
            Report::Mutants(r) => mutants::mutants(r),
        };
        let mut bytes = Vec::new();
        junit
            .serialize(&mut bytes)
            .map_err(|e| format!("cannot write the JUnit XML: {e}"))?;
        Ok(bytes)
    }
}

/// Lines of an input or output kept in a failure's text.
const SHOWN_LINES: usize = 30;
/// Characters of one line kept in a failure's text.
const SHOWN_CHARS: usize = 200;

/// The whole document: `name` with its suites, the aggregate counts and `time`.
fn document(name: &str, suites: Vec<TestSuite>, time: Duration) -> Junit {
    let mut junit = Junit::new(name);
    junit.set_time(time);
    junit.add_test_suites(suites);
    junit
}

/// `text` for quick-junit, which drops terminal colour codes and every control character,
/// tabs included: tabs become spaces (so tokens stay apart) and other control characters
/// U+FFFD (so they stay visible).
fn plain(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' => ' ',
            c if c.is_control() && !matches!(c, '\n' | '\r' | '\u{1b}') => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// A suite with its time; `system_out` (notes) when there is any.
fn suite(name: &str, time: Duration, system_out: &[String]) -> TestSuite {
    let mut suite = TestSuite::new(plain(name));
    suite.set_time(time);
    if !system_out.is_empty() {
        suite.set_system_out(plain(&system_out.join("\n")));
    }
    suite
}

/// A case of `classname` with `time`, `status`, and `system_out` when it says anything.
fn case(
    name: &str,
    classname: &str,
    time: Duration,
    status: TestCaseStatus,
    system_out: &str,
) -> TestCase {
    let mut case = TestCase::new(plain(name), status);
    case.set_classname(plain(classname)).set_time(time);
    if !system_out.is_empty() {
        case.set_system_out(plain(system_out));
    }
    case
}

/// A failure of `verdict` with `message` and the explanation `text` (none when empty).
fn failure(verdict: Verdict, message: &str, text: &str) -> TestCaseStatus {
    let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
    status.set_type(verdict.name()).set_message(plain(message));
    if !text.is_empty() {
        status.set_description(plain(text));
    }
    status
}

/// `label: detail`, or the label alone.
fn label_and_detail(row: &TestRow) -> String {
    let r = &row.result;
    if r.detail.is_empty() {
        r.label()
    } else {
        format!("{}: {}", r.label(), r.detail)
    }
}

/// The case of one judged test. A non-AC test fails when `non_ac_fails`; otherwise its verdict
/// is only told in `<system-out>` (with the measurements, as for every test).
fn test_case(row: &TestRow, classname: &str, non_ac_fails: bool, promise: &str) -> TestCase {
    let r = &row.result;
    let mut out = format!(
        "{}  cpu {}  wall {}  memory {}",
        r.label(),
        seconds(r.cpu()),
        seconds(Duration::from_millis(r.wall_ms)),
        mebibytes(r.memory_kib)
    );
    if let Some(b) = &row.borderline {
        out.push('\n');
        out.push_str(&b.describe());
    }
    let status = if r.verdict == Verdict::AC {
        TestCaseStatus::success()
    } else if non_ac_fails {
        failure(r.verdict, &label_and_detail(row), &r.explanation.join("\n"))
    } else {
        out.push_str(&format!("\n{} ({promise})", label_and_detail(row)));
        for line in &r.explanation {
            out.push_str("\n  ");
            out.push_str(line);
        }
        TestCaseStatus::success()
    };
    case(&row.name, classname, r.cpu(), status, &out)
}

/// `text` clipped for a failure's body, with what was left out.
fn clipped(text: &str) -> String {
    super::html::clip::clip(text, SHOWN_LINES, SHOWN_CHARS).with_note()
}

/// `text` indented by four spaces under a heading line, `(empty)` when there is nothing.
fn block(heading: &str, text: &str) -> String {
    let body = clipped(text);
    let body = if body.is_empty() {
        "    (empty)".to_string()
    } else {
        body.lines()
            .map(|l| format!("    {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!("{heading}:\n{body}\n")
}
