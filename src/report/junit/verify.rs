//! `verify` as JUnit: a suite per problem; per solution a `verdict` case (the folder's promise),
//! a case per fixed test and a `stress` case when the stress pass ran.

use std::time::Duration;

use quick_junit::{NonSuccessKind, Report as Junit, TestCase, TestCaseStatus, TestSuite};

use super::{case, document, failure, plain, suite, test_case};
use crate::judge::Verdict;
use crate::programs::tool_checks::{Severity, ToolChecks};
use crate::report::verify::show_score;
use crate::report::{RowStatus, VerifyReport, VerifyRow};

/// The verify report as a JUnit document.
pub(super) fn verify(report: &VerifyReport) -> Junit {
    let mut problems: Vec<&str> = Vec::new();
    for row in &report.rows {
        if !problems.contains(&row.problem.as_str()) {
            problems.push(&row.problem);
        }
    }
    let mut suites: Vec<TestSuite> = problems
        .iter()
        .map(|problem| problem_suite(report, problem))
        .collect();
    suites.extend(report.tool_checks.iter().map(tools_suite));
    suites.extend(report.mutants.iter().map(mutants_suite));
    document("stressjudge verify", suites, report.elapsed)
}

/// `verify --mutants`: a suite per problem with one passing case `mutation score` (the score
/// informs, it never fails verify), the killable mutants listed in its output.
fn mutants_suite(m: &crate::report::json::VerifyMutantsJson) -> TestSuite {
    let run = &m.mutation;
    let mut suite = suite(&format!("mutants of {}", m.problem), Duration::ZERO, &[]);
    let mut out = format!(
        "score {}: {} killed by tests, {} killable, {} probably equivalent, {} did not build",
        crate::report::mutants::percent(run.score),
        run.killed,
        run.killable,
        run.probably_equivalent,
        run.not_built
    );
    for mutant in run.mutants.iter().filter(|x| x.fate == "killable") {
        out.push_str(&format!(
            "\nkillable #{} {} at line {}: `{}` -> `{}`",
            mutant.number, mutant.operator, mutant.line, mutant.original, mutant.replacement
        ));
    }
    suite.add_test_case(case(
        "mutation score",
        &run.original,
        Duration::ZERO,
        TestCaseStatus::success(),
        &out,
    ));
    suite
}

/// The suite of one package's tool checks: a case per tool, failed by its defects (never a
/// case of a submission), its notices as output.
fn tools_suite(checks: &ToolChecks) -> TestSuite {
    let mut suite = suite(&format!("tools of {}", checks.problem), Duration::ZERO, &[]);
    for section in &checks.tools {
        let lines = |severity: Severity| -> Vec<String> {
            (section.findings.iter())
                .filter(|f| f.severity == severity)
                .map(|f| format!("{}: {}: {}", f.check, f.case, f.detail))
                .collect()
        };
        let defects = lines(Severity::Defect);
        let status = match defects.first() {
            None => TestCaseStatus::success(),
            Some(first) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status
                    .set_type("tool check")
                    .set_message(plain(first))
                    .set_description(plain(&defects.join("\n")));
                status
            }
        };
        let out = format!(
            "checks: {}\n{}",
            section.checks.join(", "),
            lines(Severity::Notice).join("\n")
        );
        suite.add_test_case(case(
            &section.tool,
            "tool checks",
            Duration::ZERO,
            status,
            out.trim_end(),
        ));
    }
    suite
}

/// The suite of one problem: its notes, then each of its solutions' cases.
fn problem_suite(report: &VerifyReport, problem: &str) -> TestSuite {
    let rows: Vec<&VerifyRow> = report
        .rows
        .iter()
        .filter(|r| r.problem == problem)
        .collect();
    let prefix = format!("{problem}: ");
    let mut notes: Vec<String> = report
        .notes
        .iter()
        .filter_map(|n| n.strip_prefix(&prefix).map(str::to_string))
        .collect();
    notes.extend(report.isolation.as_ref().map(|i| i.report_line()));
    let time: Duration = rows.iter().map(|r| r.elapsed).sum();
    let mut suite = suite(problem, time, &notes);
    for row in rows {
        suite.add_test_cases(solution_cases(row));
    }
    suite
}

/// One solution's cases: `verdict`, each test, `stress`.
fn solution_cases(row: &VerifyRow) -> Vec<TestCase> {
    let classname = row.path.as_str();
    let mut cases = vec![verdict_case(row)];
    if row.status == RowStatus::Skipped {
        return cases;
    }
    let broken = row.status == RowStatus::Mismatch;
    let promise = format!("expected: {}", row.expected);
    for test in &row.tests {
        cases.push(test_case(test, classname, broken, &promise));
    }
    let reason = row.not_run_reason();
    for name in &row.not_run {
        let mut status = TestCaseStatus::skipped();
        status.set_message(plain(&reason));
        cases.push(case(name, classname, Duration::ZERO, status, &reason));
    }
    if let Some((verdict, source)) = &row.stress {
        let status = if *verdict != Verdict::AC && broken {
            failure(*verdict, &format!("{source}: {}", row.detail), "")
        } else {
            TestCaseStatus::success()
        };
        let out = if *verdict == Verdict::AC {
            format!("AC ({source})")
        } else {
            format!("{verdict} ({source}; {promise}): {}", row.detail)
        };
        cases.push(case("stress", classname, Duration::ZERO, status, &out));
    }
    cases
}

/// The case that says whether the solution keeps its folder's promise.
fn verdict_case(row: &VerifyRow) -> TestCase {
    let got = row.got.map_or("-", |v| v.name());
    let mut out = format!("expected {}, got {got} ({})", row.expected, row.source);
    if let Some(category) = &row.category {
        out.push_str(&format!("\ncategory: {category}"));
    }
    if let Some(source) = &row.expectation_source {
        out.push_str(&format!("\nexpectation from: {source}"));
    }
    if let Some(score) = &row.score {
        out.push_str(&format!("\nscore: {}", score.text()));
        for (group, value, max) in &score.groups {
            let max = max.map_or(String::new(), |m| format!(" / {}", show_score(m)));
            out.push_str(&format!("\n  {group}: {}{max}", show_score(*value)));
        }
    }
    for promise in &row.broken {
        out.push_str(&format!("\nbroken: {promise}"));
    }
    for warning in &row.warnings {
        out.push_str(&format!("\nwarning: {warning}"));
    }
    let message = if row.detail.is_empty() {
        format!("expected {}, got {got} ({})", row.expected, row.source)
    } else {
        format!(
            "expected {}, got {got} ({}: {})",
            row.expected, row.source, row.detail
        )
    };
    let status = match (row.status, row.got) {
        // Not a failure: the warning lines in system-out name the sensitive test.
        (RowStatus::Match | RowStatus::Sensitive, _) => TestCaseStatus::success(),
        (RowStatus::Skipped, _) => {
            let mut status = TestCaseStatus::skipped();
            status.set_message(plain(&row.detail));
            status
        }
        (RowStatus::Mismatch, Some(got)) => failure(got, &message, ""),
        (RowStatus::Mismatch, None) => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            status.set_type("error").set_message(plain(&message));
            status
        }
    };
    case("verdict", &row.path, Duration::ZERO, status, &out)
}
