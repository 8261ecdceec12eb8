//! The `stress` page (the summary, the failure groups, every failure in full) and the `repro`
//! page (one seed).

use maud::{html, Markup};

use super::clip::thousands;
use super::parts::{badge, diff_block, notes, text_block, verdict_class, with_isolation};
use crate::judge::Verdict;
use crate::report::stress::{failure_stem, signature};
use crate::report::text::diff;
use crate::report::{ReproReport, StressReport};
use crate::stress::Failure;
use crate::units::{human, limit_seconds, mebibytes, seconds};

/// Seeds listed in the groups table before `and N more`.
const SHOWN_SEEDS: usize = 12;

/// The stress page's title and body.
pub(super) fn page(report: &StressReport) -> (String, Markup) {
    let s = &report.subject;
    let verdict = report.verdict();
    let groups = report.groups();
    let title = format!(
        "stressjudge stress: {} on {}: {verdict}",
        s.solution, s.problem
    );
    let outcome = if report.failures.is_empty() {
        format!("no failure in {} inputs", report.inputs)
    } else {
        format!(
            "{} failure(s) in {} group(s)",
            report.failures.len(),
            groups.len()
        )
    };
    let body = html! {
        h1 { "stressjudge stress: " (s.problem) }
        p.sub {
            code { (s.solution) }
            " · time limit " (limit_seconds(s.time_limit))
            " · memory limit " (mebibytes(s.memory_limit / 1024))
            " · build " code { (s.solution_hash.get(..12).unwrap_or(&s.solution_hash)) }
        }
        div.summary { (badge(verdict, verdict.name())) span { (outcome) } }
        @if report.interrupted {
            ul.notes { li { "Interrupted: stopped early; this covers what ran." } }
        }
        (notes(&with_isolation(&report.notes, report.isolation.as_ref())))
        dl.stats {
            dt { "inputs" } dd { (thousands(report.inputs)) }
            dt { "runs" } dd { (thousands(report.runs)) }
            dt { "games" } dd { (thousands(report.games)) }
            dt { "elapsed" } dd { (seconds(report.elapsed)) }
            dt { "games/s" } dd { (human(report.games_per_second())) }
            dt { "failures" } dd { (report.failures.len()) }
            @if !report.failures.is_empty() && report.save_errors.is_empty() {
                dt { "saved in" } dd { code { (report.out.display()) } }
            }
            @if let Some(error) = crate::report::stress_text::unsaved_error(report) {
                dt { "NOT SAVED" } dd { (error) }
            }
        }
        @if !groups.is_empty() {
            h2 { "Failure groups" }
            table.groups {
                thead {
                    tr {
                        th { "#" } th { "signature" } th { "verdict" } th { "count" }
                        th { "seeds (kind/seed)" } th { "smallest input" }
                    }
                }
                tbody {
                    @for (i, g) in groups.iter().enumerate() {
                        @let smallest = &report.failures[g.smallest];
                        tr.group {
                            td.num { (i + 1) }
                            td { (g.signature) }
                            td.short.(verdict_class(g.verdict)) { (g.verdict.name()) }
                            td.num { (g.count) }
                            td.wide { (seeds(&g.kinds, &g.seeds)) }
                            td.wide {
                                code { (failure_stem(smallest)) ".min.in" }
                                " (" (smallest.shrunk_input.len()) " bytes)"
                            }
                        }
                    }
                }
            }
            @for (i, g) in groups.iter().enumerate() {
                section.group {
                    h2 { "Group " (i + 1) ": " (g.signature) " (×" (g.count) ")" }
                    @for (index, f) in report.failures.iter().enumerate() {
                        @if signature(f) == g.signature {
                            (failure_block(report, f, index == g.smallest))
                        }
                    }
                }
            }
        }
    };
    (title, body)
}

/// `edge/1, edge/5, … and 3 more`.
fn seeds(kinds: &[String], seeds: &[u64]) -> String {
    let mut shown: Vec<String> = kinds
        .iter()
        .zip(seeds)
        .take(SHOWN_SEEDS)
        .map(|(kind, seed)| format!("{kind}/{seed}"))
        .collect();
    if seeds.len() > SHOWN_SEEDS {
        shown.push(format!("and {} more", seeds.len() - SHOWN_SEEDS));
    }
    shown.join(", ")
}

/// One failure: what failed, its shrunk input, expected, actual, diff, files and repro.
fn failure_block(report: &StressReport, f: &Failure, smallest: bool) -> Markup {
    let expected = &f.shrunk_expected.text;
    let actual = String::from_utf8_lossy(&f.shrunk_output);
    let stem = failure_stem(f);
    html! {
        details.failure open data-seed=(f.unit.seed) data-kind=(f.unit.kind) {
            summary {
                "seed " (f.unit.seed) " (" (f.unit.kind) " kind): "
                (badge(f.verdict, f.verdict.name()))
                @if !f.detail.is_empty() { " " (f.detail) }
                @if smallest { " · smallest of its group" }
            }
            @if !f.reproducible_alone {
                p.warn {
                    "Fails only when seeds " (format!("{:?}", f.packed_seeds))
                    " are packed into one run."
                }
            }
            (text_block(&format!(
                "shrunk input: {} bytes, from {} ({} shrink step(s) in {} run(s))",
                thousands(f.shrunk_input.len() as u64), thousands(f.input.len() as u64),
                f.shrink_steps, f.shrink_runs
            ), &f.shrunk_input))
            @if report.subject.interactive {
                (text_block("interaction (> candidate wrote, < candidate read)", &actual))
            } @else {
                div.pair {
                    (text_block("expected", expected))
                    (text_block("actual", &actual))
                }
            }
            @if f.verdict == Verdict::WA && !report.subject.interactive {
                (diff_block(&diff(expected, &actual, 80)))
            }
            p {
                "saved: " code { (report.out.display()) "/" (stem) ".{in,ans,out,min.in,json}" }
            }
            figure {
                figcaption { "repro" }
                pre.cmd { "\n" (report.subject.repro_command(f)) }
            }
        }
    }
}

/// The repro page's title and body.
pub(super) fn repro_page(report: &ReproReport) -> (String, Markup) {
    let title = format!(
        "stressjudge repro: {} seed {} ({} kind): {}",
        report.problem, report.seed, report.kind, report.verdict
    );
    let body = html! {
        h1 { "stressjudge repro: " (report.problem) " seed " (report.seed) " (" (report.kind) " kind)" }
        p.sub { code { (report.solution) } }
        div.summary {
            (badge(report.verdict, report.verdict.name()))
            @if !report.detail.is_empty() { span { (report.detail) } }
        }
        @if !report.failing_games.is_empty() {
            h2 { "Failing game(s) of " (thousands(report.games as u64)) }
            table.games {
                thead { tr { th { "game" } th { "input" } th { "expected" } th { "found" } } }
                tbody {
                    @for g in &report.failing_games {
                        tr {
                            td.num { (g.game) }
                            td { code { (g.input_line.as_deref().unwrap_or("")) } }
                            td { code { (g.expected.as_deref().unwrap_or("(nothing)")) } }
                            td { code { (g.actual.as_deref().unwrap_or("(the output ended)")) } }
                        }
                    }
                }
            }
        }
        (text_block("input", &report.input))
        div.pair {
            (text_block("expected", &report.expected))
            (text_block("actual", &report.actual))
        }
        @if report.verdict == Verdict::WA { (diff_block(&report.diff)) }
        @if let Some(dir) = &report.saved {
            p { "saved: " code { (dir.display()) "/" (report.seed) ".{in,ans,out}" } }
        }
    };
    (title, body)
}
