//! The `judge` page: the summary, the tests with their time bars, the first failure.

use std::time::Duration;

use maud::{html, Markup};

use super::parts::{badge, legend, notes, share, text_block, time_bar, verdict_class};
use crate::report::{JudgeReport, TestRow};
use crate::units::{limit_seconds, mebibytes, seconds};

/// The page's title and body.
pub(super) fn page(report: &JudgeReport) -> (String, Markup) {
    let verdict = report.verdict();
    let title = format!(
        "stressjudge judge: {} on {}: {verdict}",
        report.solution, report.problem
    );
    let mut remarks = report.notes.clone();
    remarks.extend(report.slowest().map(|s| s.describe()));
    remarks.extend(report.timing_notes());
    remarks.extend(report.isolation.as_ref().map(|i| i.report_line()));
    let body = html! {
        h1 { "stressjudge judge: " (report.problem) }
        p.sub {
            code { (report.solution) }
            " · time limit " (limit_seconds(report.time_limit))
            " · memory limit " (mebibytes(report.memory_limit_bytes / 1024))
        }
        div.summary {
            (badge(verdict, verdict.name()))
            span { (report.message()) }
        }
        @if let Some(score) = &report.score {
            h2 { "Score" }
            pre.score { "\n" (score.lines().join("\n")) }
        }
        (notes(&remarks))
        @if let Some(error) = &report.compile_error {
            h2 { "Compile error" }
            (text_block("compiler output", error))
        } @else {
            (legend(false))
            (tests_table(report))
        }
        @if let Some(row) = report.first_failure() {
            h2 { "First failure: " (row.name) }
            p { (report.message()) }
            @if !row.result.explanation.is_empty() {
                pre { "\n" (row.result.explanation.join("\n")) }
            }
        }
    };
    (title, body)
}

/// A row per test: verdict, CPU with its bar, wall, memory and how it was timed.
fn tests_table(report: &JudgeReport) -> Markup {
    html! {
        table.tests {
            thead {
                tr {
                    th { "test" } th { "verdict" } th { "CPU" } th { "wall" } th { "memory" }
                    th { "notes" }
                }
            }
            tbody {
                @for row in &report.tests {
                    (test_row(row, report.time_limit))
                }
            }
        }
    }
}

fn test_row(row: &TestRow, limit: Duration) -> Markup {
    let r = &row.result;
    let mut remarks = Vec::new();
    if !r.detail.is_empty() {
        remarks.push(r.detail.clone());
    }
    if let Some(b) = &row.borderline {
        remarks.push(b.describe());
    } else if row.ran_alone {
        remarks.push("ran alone".to_string());
    }
    html! {
        tr.test data-test=(row.name) {
            th.name scope="row" { code { (row.name) } }
            td.short.(verdict_class(r.verdict)) { (r.label()) }
            td.time.num.(verdict_class(r.verdict)) {
                (time_bar(r.cpu_ms, limit))
                (seconds(r.cpu())) " (" (share(r.cpu_ms, limit)) " %)"
                @if row.borderline.is_some() { "*" }
            }
            td.num { (seconds(Duration::from_millis(r.wall_ms))) }
            td.num { (mebibytes(r.memory_kib)) }
            td.wide { (remarks.join("; ")) }
        }
    }
}
