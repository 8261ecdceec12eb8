//! The terminal view of `stress`: each failure as it is found, then the summary with the
//! failures grouped by bug.

use std::path::PathBuf;

use super::stress::{failure_stem, KindFormat, StressReport, StressSubject};
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
    // A recorded input has no seed that gives it again: it is named by its number in the run.
    let seed_word = if failure.recorded_input {
        "recorded input"
    } else {
        "seed"
    };
    let mut text = format!(
        "\n{}  {} {seed_word} {} ({} kind): {}{}\n",
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
    if let Some(found) = failure
        .sanitizer
        .as_ref()
        .filter(|found| !failure.detail.contains(found.as_str()))
    {
        // The sanitizer re-run's finding (see `crate::stress::also_sanitized`).
        text.push_str(&format!("also: {found}\n"));
    }
    if failure.recorded_input {
        text.push_str(
            "note: the generator does not give this input again from its seed: it is saved as \
             generated, and repro runs the saved file\n",
        );
    }
    if let Some(from) = &failure.shrunk_from {
        // A recorded input's seed gives nothing again: only its kind is named.
        let seed = if failure.recorded_input {
            String::new()
        } else {
            format!("seed {} ", from.seed)
        };
        let sizes = match &failure.shrunk_from_args {
            Some(args) => format!(" with the generator's arguments `{}`", args.join(" ")),
            None => String::new(),
        };
        text.push_str(&format!(
            "note: the same failure on {seed}({} kind){sizes}, a smaller generated input: shrunk \
             from there\n",
            from.kind
        ));
    }
    if let Some(cases) = &failure.cases {
        // The answers of the failing cases alone, not of the whole file.
        text.push_str(&format!(
            "note: {} {} on {}: shrunk from there\n{}",
            cases.describe(),
            if cases.cases.len() == 1 {
                "fails"
            } else {
                "fail"
            },
            if cases.cases.len() == 1 {
                "its own"
            } else {
                "their own"
            },
            indent(&format!(
                "expected:\n{}actual:\n{}",
                indent(&clip(&cases.expected.text, 10)),
                indent(&clip(&String::from_utf8_lossy(&cases.output), 10))
            ))
        ));
    }
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
    if !failure.input_format.is_empty() {
        // No validator judged the shrink: say what kept it to inputs the generator could make.
        text.push_str(&format!(
            "shrunk within the input format the generator's inputs have:\n{}",
            indent(&failure.input_format.join("\n"))
        ));
    }
    if !failure.kept_properties.is_empty() {
        text.push_str(&format!(
            "the shrunk input keeps the generator's shapes:\n{}",
            indent(&failure.kept_properties.join("\n"))
        ));
    }
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
        Err(e) => text.push_str(&format!("NOT SAVED: {e}\n")),
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
    // Games only mean something where an input holds many; elsewhere inputs are the unit.
    let rate = if report.has_games {
        format!(
            "games {}  elapsed {}  {} games/s",
            report.games,
            seconds(report.elapsed),
            human(report.games_per_second())
        )
    } else {
        let per_second = report.inputs as f64 / report.elapsed.as_secs_f64().max(1e-3);
        format!(
            "elapsed {}  {} inputs/s",
            seconds(report.elapsed),
            human(per_second)
        )
    };
    text.push_str(&format!(
        "\n{}: {} on {}\ninputs {}  runs {}  {rate}  failures {}\n",
        style::verdict(verdict, verdict.name()),
        report.subject.solution,
        report.subject.problem,
        report.inputs,
        report.runs,
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
            // Recorded inputs (a generator that ignores its seed) have no seed to name.
            let first = if smallest.recorded_input {
                "first input"
            } else {
                "first seed"
            };
            text.push_str(&format!(
                "  {} x{}  {first} {} ({} kind); smallest input {} ({} bytes)\n",
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
        text.push_str(&saved_line(report));
    }
    if let Some(python) = &report.subject.python {
        text.push_str(&format!("python: {python}\n"));
    }
    if let Some(isolation) = &report.isolation {
        text.push_str(&format!("{}\n", isolation.report_line()));
    }
    text
}

/// Where the failures were saved, or, when some could not be, which, where and why.
fn saved_line(report: &StressReport) -> String {
    match unsaved_error(report) {
        None => format!("failures saved in {}\n", report.out.display()),
        Some(error) => format!("NOT SAVED: {error}\n"),
    }
}

/// The error that ends a run some of whose failures could not be saved: how many, which,
/// where and why (the first reason), and that the verdict stands. `None` when all were saved.
pub fn unsaved_error(report: &StressReport) -> Option<String> {
    let first = report.save_errors.first()?;
    let stems: Vec<&str> = report.save_errors.iter().map(|e| e.stem.as_str()).collect();
    Some(format!(
        "{} of {} failure(s) could not be saved in {} ({}; first: {}); the verdict {} stands and \
         every failure is printed in full above",
        report.save_errors.len(),
        report.failures.len(),
        report.out.display(),
        stems.join(", "),
        first.error,
        report.verdict().name(),
    ))
}

/// `stress --explain-format`: each kind's learned input format.
pub fn formats_text(formats: &[KindFormat]) -> String {
    let mut text = String::new();
    for format in formats {
        text.push_str(&format!(
            "input format of the {} kind ({} inputs generated):\n",
            format.kind, format.inputs
        ));
        for line in &format.lines {
            text.push_str(&format!("  {line}\n"));
        }
    }
    text
}
