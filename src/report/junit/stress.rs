//! `stress` and `repro` as JUnit: a case per failure group (or one passing `stress` case), and
//! the one reproduced seed.

use std::time::Duration;

use quick_junit::{Report as Junit, TestCaseStatus};

use super::{block, case, document, failure, suite};
use crate::judge::Verdict;
use crate::report::stress::failure_stem;
use crate::report::text::diff;
use crate::report::{FailureGroup, ReproReport, StressReport};
use crate::units::{human, seconds};

/// Seeds listed in a group's text before `and N more`.
const SHOWN_SEEDS: usize = 20;

/// The stress report as a JUnit document.
pub(super) fn stress(report: &StressReport) -> Junit {
    let summary = summary(report);
    let mut out = vec![summary.clone()];
    out.extend(report.notes.iter().cloned());
    out.extend(report.isolation.as_ref().map(|i| i.report_line()));
    let mut suite = suite(&report.subject.problem, report.elapsed, &out);
    let solution = &report.subject.solution;
    let groups = report.groups();
    if groups.is_empty() {
        suite.add_test_case(case(
            "stress",
            solution,
            Duration::ZERO,
            TestCaseStatus::success(),
            &summary,
        ));
    }
    for group in &groups {
        let smallest = &report.failures[group.smallest];
        let message = format!(
            "{} failure(s) like seed {} ({} kind): {}",
            group.count,
            smallest.unit.seed,
            smallest.unit.kind,
            if smallest.detail.is_empty() {
                smallest.verdict.name()
            } else {
                &smallest.detail
            }
        );
        let status = failure(group.verdict, &message, &group_text(report, group));
        suite.add_test_case(case(&group.signature, solution, Duration::ZERO, status, ""));
    }
    document("stressjudge stress", vec![suite], report.elapsed)
}

/// One line on what the run did.
fn summary(report: &StressReport) -> String {
    format!(
        "{}: inputs {}, runs {}, games {}, elapsed {}, {} games/s, failures {}{}",
        report.verdict(),
        report.inputs,
        report.runs,
        report.games,
        seconds(report.elapsed),
        human(report.games_per_second()),
        report.failures.len(),
        if report.interrupted {
            " (interrupted: the summary covers what ran)"
        } else {
            ""
        }
    )
}

/// A group's failure text: its seeds, then its smallest failure in full with the repro command.
fn group_text(report: &StressReport, group: &FailureGroup) -> String {
    let f = &report.failures[group.smallest];
    let mut seeds: Vec<String> = group
        .kinds
        .iter()
        .zip(&group.seeds)
        .take(SHOWN_SEEDS)
        .map(|(kind, seed)| format!("{kind}/{seed}"))
        .collect();
    if group.count > SHOWN_SEEDS {
        seeds.push(format!("and {} more", group.count - SHOWN_SEEDS));
    }
    let actual = String::from_utf8_lossy(&f.shrunk_output);
    let expected = &f.shrunk_expected.text;
    let mut text = format!("seeds (KIND/SEED): {}\n", seeds.join(", "));
    text.push_str(&format!(
        "smallest: {} under {}\n",
        failure_stem(f),
        report.out.display()
    ));
    text.push_str(&block(
        &format!(
            "shrunk input ({} bytes, from {})",
            f.shrunk_input.len(),
            f.input.len()
        ),
        &f.shrunk_input,
    ));
    text.push_str(&block("expected", expected));
    text.push_str(&block("actual", &actual));
    if f.verdict == Verdict::WA {
        text.push_str(&block("diff", &diff(expected, &actual, 20)));
    }
    text.push_str(&format!("repro: {}", report.subject.repro_command(f)));
    text
}

/// The repro report as a JUnit document.
pub(super) fn repro(report: &ReproReport) -> Junit {
    let name = format!("{} seed {}", report.kind, report.seed);
    let status = if report.verdict == Verdict::AC {
        TestCaseStatus::success()
    } else {
        let message = if report.detail.is_empty() {
            report.verdict.name()
        } else {
            &report.detail
        };
        failure(report.verdict, message, &repro_text(report))
    };
    let mut suite = suite(&report.problem, Duration::ZERO, &[]);
    suite.add_test_case(case(&name, &report.solution, Duration::ZERO, status, ""));
    document("stressjudge repro", vec![suite], Duration::ZERO)
}

/// The failing games first, then input, expected, actual and the diff, clipped.
fn repro_text(report: &ReproReport) -> String {
    let mut text = String::new();
    if !report.failing_games.is_empty() {
        text.push_str(&format!("failing game(s) of {}:\n", report.games));
        for g in &report.failing_games {
            text.push_str(&format!("    game {}", g.game));
            if let Some(line) = &g.input_line {
                text.push_str(&format!(": input `{line}`"));
            }
            text.push_str(&format!(
                ", expected `{}`, found `{}`\n",
                g.expected.as_deref().unwrap_or("(nothing)"),
                g.actual.as_deref().unwrap_or("(the output ended)")
            ));
        }
    }
    text.push_str(&block("input", &report.input));
    text.push_str(&block("expected", &report.expected));
    text.push_str(&block("actual", &report.actual));
    if report.verdict == Verdict::WA {
        text.push_str(&block("diff", &report.diff));
    }
    text
}
