//! `mutants` as JUnit: one suite for the problem; one case per mutant that built, named
//! `#N operator at FILE:LINE:COLUMN`. A killable mutant fails (type = its verdict on the missing
//! test; the text holds the shrunk input, the answer and the diff), so a CI run is red exactly
//! when `mutants` exits 1; a killed mutant passes (its killing test in `<system-out>`); a
//! probably equivalent or unstressed one is skipped, with its diff, for the setter to judge.

use std::time::Duration;

use quick_junit::{Report as Junit, TestCaseStatus};

use super::{block, case, document, failure, suite};
use crate::mutants::Fate;
use crate::report::mutants::{mutant_title, score_line};
use crate::report::MutantsReport;

/// The mutants report as a JUnit document.
pub(super) fn mutants(report: &MutantsReport) -> Junit {
    let run = &report.run;
    let mut out = vec![score_line(run)];
    out.extend(
        run.no_stress
            .iter()
            .map(|why| format!("stress was not possible: {why}")),
    );
    out.extend(report.saved.iter().cloned());
    out.extend(report.notes.iter().cloned());
    out.extend(report.isolation.as_ref().map(|i| i.report_line()));
    let mut suite = suite(&report.problem, run.elapsed, &out);
    for judged in &run.mutants {
        let name = mutant_title(run, judged);
        let (status, system_out) = match &judged.fate {
            Fate::KilledByTest { test, verdict } => (
                TestCaseStatus::success(),
                format!("killed by test {test} ({})", verdict.name()),
            ),
            Fate::Killable(found) => {
                let message = format!(
                    "no test kills it; seed {} ({} kind) does: {}",
                    found.seed,
                    found.kind,
                    found.verdict.name()
                );
                let text = block("the missing test (shrunk input)", &found.input)
                    + &block("answer", &found.answer)
                    + &block("mutant's output", &found.output)
                    + &block("mutant", &judged.diff);
                (failure(found.verdict, &message, &text), String::new())
            }
            Fate::ProbablyEquivalent { inputs } => (
                skipped(&format!(
                    "probably equivalent: no test and none of {inputs} generated inputs fail it"
                )),
                judged.diff.clone(),
            ),
            Fate::Survived => (
                skipped("survived the tests; stress was not possible"),
                judged.diff.clone(),
            ),
        };
        suite.add_test_case(case(
            &name,
            &run.original,
            Duration::ZERO,
            status,
            &system_out,
        ));
    }
    document("stressjudge mutants", vec![suite], run.elapsed)
}

fn skipped(message: &str) -> TestCaseStatus {
    let mut status = TestCaseStatus::skipped();
    status.set_message(super::plain(message));
    status
}
