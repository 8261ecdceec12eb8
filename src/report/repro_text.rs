//! The terminal view of `repro`: the failing games first (for an input holding many games),
//! then input, expected and actual clipped, the diff and the verdict.

use super::repro::ReproReport;
use super::style;
use crate::judge::Verdict;

/// Lines of input, expected and actual shown (all of it goes to `--save`).
const SHOWN_LINES: usize = 40;

/// The report as text.
pub fn render(report: &ReproReport) -> String {
    let mut text = match &report.input_file {
        Some(file) => format!(
            "{} input {} on {}\n",
            report.problem,
            file.display(),
            report.solution
        ),
        None => format!(
            "{} seed {} ({} kind) on {}\n",
            report.problem, report.seed, report.kind, report.solution
        ),
    };
    if !report.failing_games.is_empty() && report.games > 1 {
        text.push_str(&format!(
            "failing game(s) of {} (first {} shown):\n",
            report.games,
            report.failing_games.len()
        ));
        for game in &report.failing_games {
            text.push_str(&format!("    game {}", game.game));
            if let Some(line) = &game.input_line {
                text.push_str(&format!(": input `{line}`"));
            }
            text.push_str(&format!(
                ", expected `{}`, found `{}`\n",
                game.expected.as_deref().unwrap_or("(nothing)"),
                game.actual.as_deref().unwrap_or("(the output ended)")
            ));
        }
    }
    text.push_str(&section("input", &report.input));
    text.push_str(&section("expected", &report.expected));
    text.push_str(&section("actual", &report.actual));
    if report.verdict == Verdict::WA {
        text.push_str(&format!("diff:\n{}\n", report.diff));
    }
    text.push_str(&format!(
        "verdict: {}",
        style::verdict(report.verdict, report.verdict.name())
    ));
    if !report.detail.is_empty() && report.detail != report.verdict.name() {
        text.push_str(&format!(" - {}", report.detail));
    }
    text.push('\n');
    if let Some(dir) = &report.saved {
        text.push_str(&format!(
            "saved: {}/{}.{{in,ans,out}}\n",
            dir.display(),
            report.seed
        ));
    }
    if let Some(isolation) = &report.isolation {
        text.push_str(&format!("{}\n", isolation.report_line()));
    }
    text
}

/// A titled block showing at most [`SHOWN_LINES`] lines of `body`.
fn section(title: &str, body: &str) -> String {
    let total = body.lines().count();
    let mut text = format!("{title} ({total} lines):\n");
    for line in body.lines().take(SHOWN_LINES) {
        text.push_str("    ");
        text.push_str(line);
        text.push('\n');
    }
    if total > SHOWN_LINES {
        text.push_str(&format!(
            "    ... ({} more lines; --save writes everything)\n",
            total - SHOWN_LINES
        ));
    }
    text
}
