//! Pieces every page uses: verdict badges, time bars, the legend, notes, clipped text blocks
//! and diffs.

use std::time::Duration;

use maud::{html, Markup};

use super::clip::{clip, thousands};
use crate::judge::Verdict;
use crate::units::millis;

/// Every verdict with what its letters stand for, in the legend's order.
const VERDICTS: [(Verdict, &str); 7] = [
    (Verdict::AC, "accepted"),
    (Verdict::WA, "wrong answer"),
    (Verdict::TLE, "time limit exceeded"),
    (Verdict::MLE, "memory limit exceeded"),
    (Verdict::RE, "run-time error"),
    (Verdict::OLE, "output limit exceeded"),
    (Verdict::CE, "compile error"),
];

/// Lines of an input, answer or output shown in a block.
pub const SHOWN_LINES: usize = 40;
/// Characters of one line shown in a block.
pub const SHOWN_CHARS: usize = 160;

/// The CSS class that colours `verdict`.
pub fn verdict_class(verdict: Verdict) -> String {
    format!("v-{}", verdict.name())
}

/// `text` (a verdict's name or label) in its verdict's colours.
pub fn badge(verdict: Verdict, text: &str) -> Markup {
    html! { span class={ "badge " (verdict_class(verdict)) } { (text) } }
}

/// Pass or fail of a whole run, in words and colour.
pub fn status(ok: bool) -> Markup {
    if ok {
        html! { span.badge.ok { "OK" } }
    } else {
        html! { span.badge.failed { "FAILED" } }
    }
}

/// The share of `limit` that `cpu_ms` used, in whole percent (not capped).
pub fn share(cpu_ms: u64, limit: Duration) -> u64 {
    let limit = millis(limit).max(1);
    (cpu_ms * 100 + limit / 2) / limit
}

/// A bar as wide as `cpu_ms` is of `limit` (full at the limit; the tick marks half of it).
pub fn time_bar(cpu_ms: u64, limit: Duration) -> Markup {
    let width = share(cpu_ms, limit).min(100);
    html! { span.bar { span style={ "width:" (width) "%" } {} } }
}

/// What the colours, bars and marks mean.
pub fn legend(with_marks: bool) -> Markup {
    html! {
        div.legend {
            @for (verdict, meaning) in VERDICTS {
                span {
                    span class={ "swatch " (verdict_class(verdict)) } { (verdict.name()) }
                    " " (meaning)
                }
            }
        }
        div.legend {
            span { "Number: CPU seconds. Bar: CPU time against the time limit (full = the limit; the tick is half of it). * = borderline, decided on re-runs alone." }
            @if with_marks {
                span { "✓ ok: the verdict its folder promises. ✗ MISMATCH: not. – skipped: not judged here." }
            }
        }
    }
}

/// `notes` and the line saying what isolation the runs had, when known.
pub fn with_isolation(notes: &[String], isolation: Option<&crate::run::Isolation>) -> Vec<String> {
    let mut all = notes.to_vec();
    all.extend(isolation.map(|i| i.report_line()));
    all
}

/// A bulleted list of notes, nothing when there are none.
pub fn notes(notes: &[String]) -> Markup {
    html! {
        @if !notes.is_empty() {
            ul.notes { @for note in notes { li { (note) } } }
        }
    }
}

/// A titled block of `text`, clipped, saying how much was left out.
pub fn text_block(caption: &str, text: &str) -> Markup {
    let clipped = clip(text, SHOWN_LINES, SHOWN_CHARS);
    html! {
        figure {
            figcaption {
                (caption) " · " (thousands(clipped.total_lines as u64))
                @if clipped.total_lines == 1 { " line" } @else { " lines" }
            }
            // A newline right after <pre> is dropped by HTML parsers, so the text's own first
            // newline survives.
            pre { "\n" (clipped.shown) }
            @if let Some(note) = clipped.omitted() { p.omitted { "… " (note) } }
        }
    }
}

/// A unified diff with added and removed lines marked (by their `+` and `-` too).
pub fn diff_block(diff: &str) -> Markup {
    let clipped = clip(diff, SHOWN_LINES * 2, SHOWN_CHARS);
    html! {
        figure {
            figcaption { "diff" }
            pre.diff {
                "\n"
                @for line in clipped.shown.lines() {
                    @if line.starts_with("+++") || line.starts_with("---") {
                        span { (line) } "\n"
                    } @else if line.starts_with('+') {
                        span.add { (line) } "\n"
                    } @else if line.starts_with('-') {
                        span.del { (line) } "\n"
                    } @else if line.starts_with("@@") {
                        span.hunk { (line) } "\n"
                    } @else {
                        (line) "\n"
                    }
                }
            }
            @if let Some(note) = clipped.omitted() { p.omitted { "… " (note) } }
        }
    }
}
