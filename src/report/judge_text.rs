//! The text form of a report.

use std::fmt::Write;
use std::time::Duration;

use super::judge::JudgeReport;
use super::style;
use crate::problem::ValidatorScore;
use crate::units::{mebibytes, seconds};

/// Header, one row per test, then the verdict, the slowest test, timing notes and the first
/// failure's detail.
pub(super) fn render(report: &JudgeReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} (time limit {}, memory limit {})",
        report.problem,
        report.solution,
        seconds(report.time_limit),
        mebibytes(report.memory_limit_bytes / 1024)
    );
    if let Some(python) = &report.python {
        let _ = writeln!(out, "python: {python}");
    }
    for note in &report.notes {
        let _ = writeln!(out, "note: {note}");
    }
    if let Some(error) = &report.compile_error {
        let _ = writeln!(out, "\nverdict: CE\n{}", error.trim_end());
        return out;
    }
    let width = report
        .tests
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(0)
        .max(4);
    let _ = writeln!(
        out,
        "\n{:<width$}  {:<14} {:>9} {:>9} {:>11}",
        "test", "verdict", "cpu", "wall", "memory"
    );
    for row in &report.tests {
        let r = &row.result;
        let mut mark = if row.borderline.is_some() {
            "  borderline".to_string()
        } else {
            String::new()
        };
        // The score the checker gave an accepted output (a testlib checker's points).
        match r.score {
            Some(ValidatorScore::Score(x)) => mark.push_str(&format!("  score {x}")),
            Some(ValidatorScore::Multiplier(x)) => mark.push_str(&format!("  score x{x}")),
            None => {}
        }
        let _ = writeln!(
            out,
            "{:<width$}  {} {:>9} {:>9} {:>11}{mark}",
            row.name,
            style::verdict(r.verdict, &format!("{:<14}", r.label())),
            seconds(Duration::from_millis(r.cpu_ms)),
            seconds(Duration::from_millis(r.wall_ms)),
            mebibytes(r.memory_kib),
        );
    }
    let verdict = report.verdict();
    let _ = write!(
        out,
        "\nverdict: {}",
        style::verdict(verdict, verdict.name())
    );
    match report.first_failure() {
        Some(row) => {
            let _ = writeln!(out, " (first failure: {})", row.name);
        }
        None => {
            let _ = writeln!(out, " ({} tests)", report.tests.len());
        }
    }
    if let Some(score) = &report.score {
        for line in score.lines() {
            let _ = writeln!(out, "{line}");
        }
    }
    if let Some(score) = &report.subtasks {
        let _ = writeln!(out, "score: {}", crate::report::verify::points_text(score));
    }
    if let Some(slowest) = report.slowest() {
        let _ = writeln!(out, "{}", slowest.describe());
    }
    for note in report.timing_notes() {
        let _ = writeln!(out, "timing: {note}");
    }
    if let Some(isolation) = &report.isolation {
        let _ = writeln!(out, "{}", isolation.report_line());
    }
    if let Some(row) = report.first_failure() {
        let _ = writeln!(out, "\n{}", report.message());
        for line in &row.result.explanation {
            let _ = writeln!(out, "  {line}");
        }
    }
    out
}
