//! The terminal view of `verify`: a header, one line per solution as it is judged, and the
//! summary.

use std::fmt::Write;

use super::style;
use super::verify::{RowStatus, VerifyReport, VerifyRow};
use crate::units::seconds;

/// Column widths of the table: the problem and solution columns fit the longest names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Widths {
    /// Problem column.
    pub problem: usize,
    /// Solution column.
    pub solution: usize,
}

impl Widths {
    /// Widths fitting `problems` and `solutions` (at least the library's 15 and 46).
    pub fn fitting<'a>(
        problems: impl IntoIterator<Item = &'a str>,
        solutions: impl IntoIterator<Item = &'a str>,
    ) -> Widths {
        let longest = |names: &mut dyn Iterator<Item = &'a str>, least: usize| {
            names
                .map(|n| n.chars().count())
                .max()
                .unwrap_or(0)
                .max(least)
        };
        Widths {
            problem: longest(&mut problems.into_iter(), 15),
            solution: longest(&mut solutions.into_iter(), 46),
        }
    }
}

/// The table's header line.
pub fn header(widths: Widths) -> String {
    format!(
        "{:<pw$} {:<sw$} {:<8} {:<8} {:>8} {:>7}  {}\n",
        "PROBLEM",
        "SOLUTION",
        "EXPECTED",
        "GOT",
        "SLOWEST",
        "TIME",
        "RESULT",
        pw = widths.problem,
        sw = widths.solution
    )
}

/// One solution's line (and its warnings).
pub fn row(row: &VerifyRow, widths: Widths) -> String {
    let got = row.got.map_or("-", |v| v.name());
    let got = match row.got {
        Some(v) => style::verdict(v, &format!("{got:<8}")),
        None => format!("{got:<8}"),
    };
    let not_run = if row.not_run.is_empty() {
        String::new()
    } else {
        format!(" ({} not run)", row.not_run.len())
    };
    let result = match row.status {
        RowStatus::Match => format!("{}{}", style::good("ok"), style::dim(&not_run)),
        RowStatus::Skipped => style::dim(&format!("skipped: {}", row.detail)),
        RowStatus::Sensitive => format!(
            "{}{}",
            style::warning(&format!("sensitive ({})", row.source)),
            style::dim(&not_run)
        ),
        RowStatus::Mismatch => {
            let mismatch = if row.detail.is_empty() {
                style::failure(&format!("MISMATCH ({})", row.source))
            } else {
                style::failure(&format!("MISMATCH ({}: {})", row.source, row.detail))
            };
            format!("{mismatch}{}", style::dim(&not_run))
        }
    };
    let result = match &row.score {
        Some(score) => format!("{result}  score {}", score.text()),
        None => result,
    };
    let mut text = format!(
        "{:<pw$} {:<sw$} {:<8} {got} {:>8} {:>6.1}s  {result}\n",
        row.problem,
        row.shown,
        row.expected,
        seconds(row.slowest),
        row.elapsed.as_secs_f64(),
        pw = widths.problem,
        sw = widths.solution
    );
    if row.status == RowStatus::Mismatch {
        for promise in &row.broken {
            text.push_str(&format!("    {}: {promise}\n", style::failure("broken")));
        }
    }
    for warning in &row.warnings {
        text.push_str(&format!("    {}: {warning}\n", style::warning("warning")));
    }
    if let Some(points) = &row.points {
        text.push_str(&format!(
            "    points: {}\n",
            super::verify::points_text(points)
        ));
    }
    text
}

/// The whole terminal view of a finished report, as a run prints it: header, notes, one line
/// per solution, summary (`merge` prints a merged verify this way).
pub fn whole(report: &VerifyReport) -> String {
    let widths = Widths::fitting(
        report.problems.iter().map(|p| p.id.as_str()),
        report.rows.iter().map(|r| r.shown.as_str()),
    );
    let mut text = header(widths);
    for note in &report.notes {
        text.push_str(&format!("note: {note}\n"));
    }
    for r in &report.rows {
        text.push_str(&row(r, widths));
    }
    text.push_str(&summary(report));
    text
}

/// The closing summary.
pub fn summary(report: &VerifyReport) -> String {
    let skipped = report.count(RowStatus::Skipped);
    let mut skipped_text = if skipped > 0 {
        format!(", {skipped} skipped")
    } else {
        String::new()
    };
    let sensitive = report.count(RowStatus::Sensitive);
    if sensitive > 0 {
        skipped_text.push_str(&format!(", {sensitive} sensitive to the time limit"));
    }
    let warnings: usize = report.rows.iter().map(|r| r.warnings.len()).sum();
    let status = if report.ok() {
        style::good("OK")
    } else {
        style::failure("FAILED")
    };
    let isolation = report
        .isolation
        .as_ref()
        .map_or(String::new(), |i| format!("{}\n", i.report_line()));
    let mut incomplete: String = report
        .incomplete
        .iter()
        .map(|line| format!("{}: {line}\n", style::failure("INCOMPLETE")))
        .collect();
    // A broken tool fails the run on a line of its own, never as a submission's verdict.
    for checks in &report.tool_checks {
        for line in checks.defect_lines() {
            let _ = writeln!(incomplete, "{}: {line}", style::failure("TOOL"));
        }
    }
    let tools = tools_line(report) + &mutants_lines(report);
    let noise = (report.calibration.as_ref()).map_or(String::new(), |c| {
        format!("timing noise: {}\n", c.describe())
    });
    format!(
        "\n{incomplete}{status}: {} solutions, {} match, {} mismatch{skipped_text}, {warnings} warning(s), {:.1} s\n{}\n{tools}{isolation}{noise}",
        report.rows.len(),
        report.count(RowStatus::Match),
        report.count(RowStatus::Mismatch),
        report.elapsed.as_secs_f64(),
        runs_line(report)
    )
}

/// `tools: 5 checked, 1 defect (412 runs)`, or nothing when no tool was checked.
fn tools_line(report: &VerifyReport) -> String {
    let tools: usize = report.tool_checks.iter().map(|c| c.tools.len()).sum();
    if report.tool_checks.is_empty() {
        return String::new();
    }
    let defects: usize = report.tool_checks.iter().map(|c| c.defects()).sum();
    let runs: usize = report.tool_checks.iter().map(|c| c.runs).sum();
    let reused = report.tool_checks.iter().filter(|c| c.reused).count();
    let notices: usize = report.tool_checks.iter().map(|c| c.notices).sum();
    format!(
        "tools: {tools} checked, {defects} defect(s){} ({runs} run(s){})\n",
        match notices {
            0 => String::new(),
            n => format!(", {n} notice(s)"),
        },
        match reused {
            0 => String::new(),
            n => format!("; {n} package(s) remembered from the result cache"),
        }
    )
}

/// `verify --mutants`: a line per problem with its mutation score, and a line per mutant its
/// tests miss (`stressjudge mutants PROBLEM` shows their inputs and diffs).
fn mutants_lines(report: &VerifyReport) -> String {
    let mut out = String::new();
    for m in &report.mutants {
        let run = &m.mutation;
        let _ = writeln!(
            out,
            "mutants of {} ({}): score {}: {} killed by tests, {} killable, {} probably \
             equivalent{}, {} did not build",
            m.problem,
            run.original,
            super::mutants::percent(run.score),
            run.killed,
            run.killable,
            run.probably_equivalent,
            match run.survived {
                0 => String::new(),
                n => format!(", {n} survived unstressed"),
            },
            run.not_built
        );
        for mutant in run.mutants.iter().filter(|m| m.fate == "killable") {
            let _ = writeln!(
                out,
                "  {} #{} {} at line {}: `{}` -> `{}`",
                style::warning("killable"),
                mutant.number,
                mutant.operator,
                mutant.line,
                mutant.original,
                mutant.replacement
            );
        }
    }
    out
}

/// The tool checks' sections, one per tool, per package (`check-tools` shows the same).
pub fn tool_sections(report: &VerifyReport) -> String {
    report
        .tool_checks
        .iter()
        .map(super::tool_checks::text)
        .collect()
}

/// `runs: 120 made, 40 reused from the result cache; 3 stress passes reused`.
pub fn runs_line(report: &VerifyReport) -> String {
    format!(
        "runs: {} made, {} reused from the result cache; {} stress pass(es) reused",
        report.runs.ran, report.runs.reused, report.runs.stress_reused
    )
}
