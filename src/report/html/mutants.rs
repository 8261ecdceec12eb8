//! The `mutants` page: the score and its counts, each test's kills, every killable mutant with
//! its missing test (shrunk input, answer) and diff, and the probably equivalent ones with
//! their diffs.

use maud::{html, Markup};

use super::parts::{diff_block, notes, text_block, with_isolation};
use crate::mutants::Fate;
use crate::report::mutants::{mutant_title, percent, shares};
use crate::report::MutantsReport;
use crate::units::seconds;

/// The mutants page's title and body.
pub(super) fn page(report: &MutantsReport) -> (String, Markup) {
    let run = &report.run;
    let title = format!(
        "stressjudge mutants: {} on {}: score {}",
        run.original,
        report.problem,
        percent(run.score())
    );
    let mut all_notes = report.saved.clone();
    all_notes.extend(
        run.no_stress
            .iter()
            .map(|w| format!("stress was not possible: {w}")),
    );
    all_notes.extend(report.notes.iter().cloned());
    let body = html! {
        h1 { "stressjudge mutants: " (report.problem) }
        p.sub {
            code { (run.original) } " (" (run.language) ")"
            " · mutants' time limit " (seconds(run.time_limit))
            " · the original's slowest test " (seconds(run.slowest))
        }
        @if run.interrupted {
            ul.notes { li { "Interrupted: stopped early; this covers what ran." } }
        }
        (notes(&with_isolation(&all_notes, report.isolation.as_ref())))
        dl.stats {
            dt { "score" } dd { (percent(run.score())) }
            dt { "killed by tests" } dd { (run.killed()) }
            dt { "killable" } dd { (run.killable()) }
            dt { "probably equivalent" } dd { (run.equivalent()) }
            @if run.survived() > 0 { dt { "survived, not stressed" } dd { (run.survived()) } }
            dt { "did not build" } dd { (run.not_built) }
            dt { "elapsed" } dd { (seconds(run.elapsed)) }
            dt { "time" } dd { (shares(run)) }
        }
        h2 { "Kills per test" }
        table {
            thead { tr { th { "test" } th { "mutants it is the first to fail" } } }
            tbody {
                @for (name, kills) in run.kills_per_test() {
                    tr { td { code { (name) } } td { (kills) } }
                }
            }
        }
        @for judged in &run.mutants {
            @if let Fate::Killable(found) = &judged.fate {
                section {
                    h2 { "Killable: " (mutant_title(run, judged)) }
                    p { (found.verdict.name()) " on seed " (found.seed) " (" (found.kind) " kind): " (found.detail) }
                    (text_block("the missing test (shrunk input)", &found.input))
                    (text_block("answer", &found.answer))
                    (text_block("mutant's output", &found.output))
                    (diff_block(&judged.diff))
                }
            }
        }
        @for judged in &run.mutants {
            @if let Fate::ProbablyEquivalent { inputs } = &judged.fate {
                section {
                    h2 { "Probably equivalent: " (mutant_title(run, judged)) }
                    p { "No test and none of " (inputs) " generated inputs fail it." }
                    (diff_block(&judged.diff))
                }
            }
        }
    };
    (title, body)
}
