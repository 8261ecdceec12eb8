//! The terminal view of `stress`: each failure as it is found, then the summary with the
//! failures grouped by bug.

use std::path::PathBuf;

use super::stress::{failure_stem, StressReport, StressSubject};
use super::style;
use super::text::{clip, diff, indent};
use crate::stress::Failure;
use crate::units::{human, seconds};

/// The text block of one failure, printed as soon as it is found. `written` is the files
/// saved for it, or why they could not be.
pub fn failure_text(
    subject: &StressSubject,
    failure: &Failure,
    written: &Result<Vec<PathBuf>, String>,
) -> String {
    let expected = &failure.shrunk_expected.text;
    let actual = String::from_utf8_lossy(&failure.shrunk_output);
    let mut text = format!(
        "\n{}  {} seed {} ({} kind): {}{}\n",
        style::failure("FAILURE"),
        subject.problem,
        failure.unit.seed,
        failure.unit.kind,
        style::verdict(failure.verdict, failure.verdict.name()),
        if failure.detail.is_empty() {
            String::new()
        } else {
            format!(" - {}", failure.detail)
        }
    );
    if !failure.reproducible_alone {
        text.push_str(&format!(
            "note: fails only when seeds {:?} are packed into one run\n",
            failure.packed_seeds
        ));
    }
    let steps = if failure.shrink_runs > 0 {
        format!(
            ", {} step(s) in {} run(s)",
            failure.shrink_steps, failure.shrink_runs
        )
    } else {
        String::new()
    };
    text.push_str(&format!(
        "shrunk input ({} bytes, from {}{steps}):\n{}",
        failure.shrunk_input.len(),
        failure.input.len(),
        indent(&clip(&failure.shrunk_input, 30))
    ));
    if subject.interactive {
        text.push_str(&format!(
            "interaction (> candidate wrote, < candidate read; saved as the .out file):\n{}",
            indent(&clip(&actual, 40))
        ));
    } else {
        text.push_str(&format!("expected:\n{}", indent(&clip(expected, 10))));
        text.push_str(&format!("actual:\n{}", indent(&clip(&actual, 10))));
        text.push_str(&format!(
            "diff:\n{}\n",
            indent(&diff(expected, &actual, 20))
        ));
    }
    match written {
        Ok(paths) => {
            // The first file is `STEM.in`: strip the extension to name them all.
            if let Some(stem) = paths.first().and_then(|p| p.to_str()?.strip_suffix(".in")) {
                text.push_str(&format!("saved: {stem}.{{in,ans,out,min.in,json}}\n"));
            }
        }
        Err(e) => text.push_str(&format!("warning: could not save the failure: {e}\n")),
    }
    text.push_str(&format!("repro: {}\n", subject.repro_command(failure)));
    text
}

/// The end-of-run summary: the verdict, the counts, and each group of failures once.
pub fn summary_text(report: &StressReport) -> String {
    let mut text = String::new();
    if report.interrupted {
        text.push_str("\ninterrupted: stopped early; the summary covers what ran.\n");
    }
    for note in &report.notes {
        text.push_str(&format!("note: {note}\n"));
    }
    let verdict = report.verdict();
    text.push_str(&format!(
        "\n{}: {} on {}\ninputs {}  runs {}  games {}  elapsed {}  {} games/s  failures {}\n",
        style::verdict(verdict, verdict.name()),
        report.subject.solution,
        report.subject.problem,
        report.inputs,
        report.runs,
        report.games,
        seconds(report.elapsed),
        human(report.games_per_second()),
        report.failures.len()
    ));
    let groups = report.groups();
    if report.failures.len() > 1 {
        text.push_str(&format!(
            "{} failure(s) in {} group(s):\n",
            report.failures.len(),
            groups.len()
        ));
        for g in &groups {
            let smallest = &report.failures[g.smallest];
            text.push_str(&format!(
                "  {} x{}  first seed {} ({} kind); smallest input {} ({} bytes)\n",
                g.signature,
                g.count,
                g.seeds[0],
                g.kinds[0],
                failure_stem(smallest) + ".min.in",
                smallest.shrunk_input.len()
            ));
        }
    }
    if !report.failures.is_empty() {
        text.push_str(&format!("failures saved in {}\n", report.out.display()));
    }
    if let Some(isolation) = &report.isolation {
        text.push_str(&format!("{}\n", isolation.report_line()));
    }
    text
}
