//! Snapshots of what users read: the terminal view of every command's report and the JUnit and
//! HTML files, rendered from the hand-built reports of `report_support` (failures, borderlines,
//! compile errors and text full of markup). A change in any of them shows as a reviewable diff
//! of the whole output (`cargo insta review`, or `INSTA_UPDATE=always` to rewrite) instead of
//! passing a handful of `contains` checks.
//!
//! Colour codes are dropped before comparing (terminals get them, pipes and CI logs do not).

use stressjudge::report::html::HtmlExporter;
use stressjudge::report::junit::JunitExporter;
use stressjudge::report::verify_text::{self, Widths};
use stressjudge::report::{repro_text, stress_text, Exporter, Report};

use crate::report_support::{
    compile_error_report, judge_report, passing_stress_report, passing_verify_report, repro_report,
    stress_report, verify_report,
};

/// `text` without its ANSI colour codes.
fn plain(text: &str) -> String {
    String::from_utf8(strip_ansi_escapes::strip(text)).expect("styled text is UTF-8")
}

/// The bytes an exporter writes for `report`, as text, with stressjudge's version masked.
fn exported(exporter: &dyn Exporter, report: Report<'_>) -> String {
    String::from_utf8(exporter.serialize(report).expect("the report serializes"))
        .expect("reports are UTF-8")
        .replace(env!("CARGO_PKG_VERSION"), "[version]")
}

/// The terminal view of `verify` as the command prints it: the header, each row as it is
/// judged, the summary.
fn verify_text(report: &stressjudge::report::VerifyReport) -> String {
    let widths = Widths::fitting(
        report.rows.iter().map(|r| r.problem.as_str()),
        report.rows.iter().map(|r| r.shown.as_str()),
    );
    let mut text = verify_text::header(widths);
    for row in &report.rows {
        text.push_str(&verify_text::row(row, widths));
    }
    text.push_str(&verify_text::summary(report));
    plain(&text)
}

#[test]
fn judge_terminal_view() {
    insta::assert_snapshot!("judge_failing", plain(&judge_report().render_text()));
    insta::assert_snapshot!(
        "judge_compile_error",
        plain(&compile_error_report().render_text())
    );
}

#[test]
fn stress_terminal_view() {
    let report = stress_report();
    let mut text = String::new();
    for failure in report.failures.iter().filter(|f| f.unit.seed != 7) {
        let written = Ok(vec![report
            .out
            .join(format!("seed-{}.in", failure.unit.seed))]);
        text.push_str(&stress_text::failure_text(
            &report.subject,
            failure,
            &written,
        ));
    }
    text.push_str(&stress_text::summary_text(&report));
    insta::assert_snapshot!("stress_failing", plain(&text));
    insta::assert_snapshot!(
        "stress_passing",
        plain(&stress_text::summary_text(&passing_stress_report()))
    );
}

#[test]
fn repro_terminal_view() {
    insta::assert_snapshot!("repro", plain(&repro_text::render(&repro_report())));
}

#[test]
fn verify_terminal_view() {
    insta::assert_snapshot!("verify_failing", verify_text(&verify_report()));
    insta::assert_snapshot!("verify_passing", verify_text(&passing_verify_report()));
}

#[test]
fn junit_files() {
    insta::assert_snapshot!(
        "junit_verify",
        exported(&JunitExporter, Report::Verify(&verify_report()))
    );
    insta::assert_snapshot!(
        "junit_judge",
        exported(&JunitExporter, Report::Judge(&judge_report()))
    );
    insta::assert_snapshot!(
        "junit_repro",
        exported(&JunitExporter, Report::Repro(&repro_report()))
    );
}

#[test]
fn html_pages() {
    insta::assert_snapshot!(
        "html_verify",
        exported(&HtmlExporter, Report::Verify(&verify_report()))
    );
    insta::assert_snapshot!(
        "html_judge",
        exported(&HtmlExporter, Report::Judge(&judge_report()))
    );
}
