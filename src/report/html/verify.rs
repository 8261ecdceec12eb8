//! The `verify` page: the summary, notes, the legend, then per problem a matrix of solutions x
//! tests (as Polygon's invocations page shows it).

use maud::{html, Markup};

use super::parts::{legend, notes, share, status, time_bar, verdict_class, with_isolation};
use crate::programs::tool_checks::{Severity, ToolChecks};
use crate::report::{RowStatus, TestRow, VerifyReport, VerifyRow};
use crate::units::{limit_seconds, seconds};

/// The page's title and body.
pub(super) fn page(report: &VerifyReport) -> (String, Markup) {
    let warnings: usize = report.rows.iter().map(|r| r.warnings.len()).sum();
    let verdict = if report.ok() { "OK" } else { "FAILED" };
    let title = format!("stressjudge verify: {verdict}");
    let body = html! {
        h1 { "stressjudge verify" }
        div.summary {
            (status(report.ok()))
            span {
                (report.rows.len()) " solutions: "
                (report.count(RowStatus::Match)) " match, "
                (report.count(RowStatus::Mismatch)) " mismatch, "
                (report.count(RowStatus::Skipped)) " skipped; "
                (warnings) " warning(s); " (seconds(report.elapsed))
            }
        }
        p.runs { (crate::report::verify_text::runs_line(report)) }
        (notes(&with_isolation(&report.notes, report.isolation.as_ref())))
        (legend(true))
        @for problem in problems(report) {
            (matrix(report, problem))
        }
        @for checks in &report.tool_checks {
            (tool_checks(checks))
        }
        @for m in &report.mutants {
            (mutants(m))
        }
    };
    (title, body)
}

/// `verify --mutants`: one problem's mutation score and the mutants its tests miss.
fn mutants(m: &crate::report::json::VerifyMutantsJson) -> Markup {
    let run = &m.mutation;
    html! {
        section.mutants data-problem=(m.problem) {
            h2 { "mutants of " (m.problem) span.sub { " · " code { (run.original) } } }
            p {
                "score " (crate::report::mutants::percent(run.score)) ": "
                (run.killed) " killed by tests, " (run.killable) " killable, "
                (run.probably_equivalent) " probably equivalent, "
                (run.not_built) " did not build"
            }
            ul {
                @for mutant in run.mutants.iter().filter(|x| x.fate == "killable") {
                    li {
                        "killable #" (mutant.number) " " (mutant.operator) " at line " (mutant.line)
                        ": " code { (mutant.original) } " → " code { (mutant.replacement) }
                    }
                }
            }
        }
    }
}

/// One package's tool checks: a row per tool, its checks, and each finding.
fn tool_checks(checks: &ToolChecks) -> Markup {
    html! {
        section.tools data-problem=(checks.problem) {
            h2 { "tools of " (checks.problem) span.sub { " · " (checks.runs) " run(s)" } }
            table.tools {
                thead { tr { th.left { "tool" } th { "result" } th.left { "checks" } th.left { "findings" } } }
                tbody {
                    @for section in &checks.tools {
                        tr data-tool=(section.tool) {
                            td.left { (section.tool) }
                            td { (status(section.defects().next().is_none())) }
                            td.left { (section.checks.join(", ")) }
                            td.left {
                                @for f in &section.findings {
                                    div class=(match f.severity { Severity::Defect => "defect", Severity::Notice => "notice" }) {
                                        (f.check) ": " (f.case) ": " (f.detail)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The problems in the order their rows come.
fn problems(report: &VerifyReport) -> Vec<&str> {
    let mut seen: Vec<&str> = Vec::new();
    for row in &report.rows {
        if !seen.contains(&row.problem.as_str()) {
            seen.push(&row.problem);
        }
    }
    seen
}

/// One problem's matrix: a row per solution, a column per test, then the stress pass.
fn matrix(report: &VerifyReport, problem: &str) -> Markup {
    let rows: Vec<&VerifyRow> = report
        .rows
        .iter()
        .filter(|r| r.problem == problem)
        .collect();
    let mut tests: Vec<&str> = Vec::new();
    for row in &rows {
        let names = row.tests.iter().map(|t| t.name.as_str());
        for name in names.chain(row.not_run.iter().map(String::as_str)) {
            if !tests.contains(&name) {
                tests.push(name);
            }
        }
    }
    let limit = rows.first().map(|r| r.time_limit).unwrap_or_default();
    let width = tests.len() + 6;
    html! {
        section.problem data-problem=(problem) {
            h2 { (problem) span.sub { " · time limit " (limit_seconds(limit)) } }
            div.scroll {
                table.matrix {
                    thead {
                        tr {
                            th.left { "solution" }
                            th { "expected" }
                            th { "got" }
                            th { "result" }
                            @for test in &tests { th.test data-test=(test) { span { (test) } } }
                            th.pass { span { "stress" } }
                            th title="wall time spent on the solution: build, tests and stress pass" { "total" }
                        }
                    }
                    tbody {
                        @for row in &rows {
                            (solution_row(row, &tests))
                            (row_notes(row, width))
                        }
                    }
                }
            }
        }
    }
}

/// One solution's row.
fn solution_row(row: &VerifyRow, tests: &[&str]) -> Markup {
    let got = row.got.map_or("-", |v| v.name());
    html! {
        tr.solution data-solution=(row.path) {
            th.name scope="row" title=(row.path) { code { (row.shown) } }
            td.short { (row.expected) }
            @match row.got {
                Some(v) => td.short.(verdict_class(v)) { (got) },
                None => td.short { (got) },
            }
            (result_cell(row))
            @if row.tests.is_empty() {
                td.wide.(row.got.map(verdict_class).unwrap_or_default()) colspan=(tests.len() + 1) {
                    div.fit { (row.source) ": " (row.detail) }
                }
            } @else {
                @for name in tests {
                    @match row.tests.iter().find(|t| t.name == *name) {
                        Some(test) => (test_cell(test, row)),
                        None if row.not_run.iter().any(|n| n == name) => {
                            td.absent.not-run data-test=(name) title=(row.not_run_reason()) { "not run" }
                        }
                        None => td.absent title="not run" { "–" },
                    }
                }
                (stress_cell(row))
            }
            td.num { (seconds(row.elapsed)) }
        }
    }
}

/// The match / mismatch / skipped / sensitive mark.
fn result_cell(row: &VerifyRow) -> Markup {
    let warned = if row.warnings.is_empty() { "" } else { " ⚠" };
    match row.status {
        RowStatus::Match => html! { td.res-match { "✓ ok" (warned) (score_text(row)) } },
        RowStatus::Mismatch => {
            html! { td.res-mismatch { "✗ MISMATCH" (warned) (score_text(row)) } }
        }
        RowStatus::Skipped => html! { td.res-skipped { "– skipped" } },
        RowStatus::Sensitive => html! { td.res-sensitive { "≈ sensitive" (warned) } },
    }
}

/// ` · score 40 / 100` for a scoring problem's submission, else nothing.
fn score_text(row: &VerifyRow) -> String {
    row.score
        .as_ref()
        .map_or(String::new(), |s| format!(" · score {}", s.text()))
}

/// One test's cell: its verdict, CPU seconds and bar; the details on hover.
fn test_cell(test: &TestRow, row: &VerifyRow) -> Markup {
    let r = &test.result;
    let percent = share(r.cpu_ms, row.time_limit);
    let mut title = format!(
        "{}: {} · CPU {} = {percent} % of the time limit",
        test.name,
        r.label(),
        seconds(r.cpu())
    );
    if !r.detail.is_empty() {
        title.push_str(&format!(" · {}", r.detail));
    }
    let index = row.tests.iter().position(|t| t.name == test.name);
    if let Some(score) = row
        .score
        .as_ref()
        .and_then(|s| index.and_then(|i| s.tests.get(i).copied().flatten()))
    {
        title.push_str(&format!(
            " · score {}",
            crate::report::verify::show_score(score)
        ));
    }
    let mark = if test.borderline.is_some() { "*" } else { "" };
    html! {
        td class={ "cell " (verdict_class(r.verdict)) } data-test=(test.name) title=(title) {
            span.vd { (r.verdict.name()) }
            span.tm { (format!("{:.2}", r.cpu().as_secs_f64())) (mark) }
            (time_bar(r.cpu_ms, row.time_limit))
        }
    }
}

/// The stress pass's cell: its verdict, or a dash when it did not run.
fn stress_cell(row: &VerifyRow) -> Markup {
    match &row.stress {
        Some((verdict, source)) => html! {
            td.stress.(verdict_class(*verdict)) title=(source) {
                span.vd { (verdict.name()) }
            }
        },
        None => html! { td.absent title="not run (a test failed first, or no generator)" { "–" } },
    }
}

/// The lines under a row: why it mismatched or was skipped, and its warnings.
fn row_notes(row: &VerifyRow, width: usize) -> Markup {
    let why = match row.status {
        RowStatus::Mismatch if !row.tests.is_empty() => Some(format!(
            "expected {}, got {} ({}{}{})",
            row.expected,
            row.got.map_or("-", |v| v.name()),
            row.source,
            if row.detail.is_empty() { "" } else { ": " },
            row.detail
        )),
        _ => None,
    };
    let broken: &[String] = if row.status == RowStatus::Mismatch {
        &row.broken
    } else {
        &[]
    };
    html! {
        @if why.is_some() || !row.warnings.is_empty() || row.points.is_some() || !broken.is_empty() {
            tr.note-row {
                td {}
                td colspan=(width - 1) {
                    div.fit {
                        @if let Some(why) = &why { div.why { "✗ " (why) } }
                        @for promise in broken { div.why { "✗ " (promise) } }
                        @for warning in &row.warnings { div.warn { "⚠ warning: " (warning) } }
                        @if let Some(points) = &row.points {
                            div.points { "points: " (crate::report::verify::points_text(points)) }
                        }
                    }
                }
            }
        }
    }
}
