//! The HTML exporter (`--report FILE.html`): one self-contained page per report, to open in
//! any browser or attach to a CI run.
//!
//! The page has its stylesheet inline, loads nothing (a Content-Security-Policy forbids it)
//! and needs no JavaScript. Every value that comes from the user or a candidate (paths,
//! inputs, outputs, messages) is escaped by the `maud` templates, terminal colour codes are
//! dropped and other control characters become U+FFFD, and big texts are clipped to a few dozen lines that say how much was left out
//! ([`clip`]). Colour only repeats what the
//! text says: every cell carries its verdict's letters, so the page reads in black and white.
//!
//! - `verify`: per problem, a matrix of solutions x tests; each cell is the test's verdict
//!   and CPU time, with a bar of the time against the limit; each row has the expected and the
//!   actual verdict, a match / mismatch / skipped mark, and its warnings right under it.
//! - `judge`: the summary, the tests with the same bars, the first failure's explanation.
//! - `stress`: the summary, the failure groups, and each failure with its shrunk input,
//!   expected, actual, diff and repro command.
//! - `repro`: the failing games, input, expected, actual and diff.

pub mod clip;
mod judge;
mod mutants;
mod parts;
mod stress;
mod verify;

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::{Exporter, Report};

/// One self-contained HTML page.
pub struct HtmlExporter;

impl Exporter for HtmlExporter {
    fn serialize(&self, report: Report<'_>) -> Result<Vec<u8>, String> {
        let (title, body) = match report {
            Report::Judge(r) => judge::page(r),
            Report::Stress(r) => stress::page(r),
            Report::Repro(r) => stress::repro_page(r),
            Report::Verify(r) => verify::page(r),
            Report::Mutants(r) => mutants::page(r),
        };
        Ok(without_controls(&page(&title, body).into_string()).into_bytes())
    }
}

/// `html` without terminal colour codes, and with every other control character but tab,
/// newline and carriage return replaced by U+FFFD: HTML forbids them, and a candidate's output
/// may hold any byte. The page's own markup has none, so only user text changes.
fn without_controls(html: &str) -> String {
    let visible: String = html
        .chars()
        .map(|c| {
            if c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{1b}') {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect();
    // The stripper drops tabs too, so they stay out of its way.
    visible
        .split('\t')
        .map(strip_ansi_escapes::strip_str)
        .collect::<Vec<_>>()
        .join("\t")
}

/// The stylesheet, inlined into every page.
const STYLE: &str = include_str!("report.css");

/// Nothing but the inline stylesheet may load: no scripts, no network, no frames.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/// The page around `body`.
fn page(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(POLICY);
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="generator" content=(concat!("stressjudge ", env!("CARGO_PKG_VERSION")));
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                (body)
                footer { "Written by stressjudge " (env!("CARGO_PKG_VERSION")) "." }
            }
        }
    }
}
