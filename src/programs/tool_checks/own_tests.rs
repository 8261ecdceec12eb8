//! The tests a package ships for its own validators and checker, run with the verdicts it
//! expects of them (Polygon's "validator tests" and "checker tests" pages, exported in
//! `problem.xml` and `files/tests/`): a validator that accepts an input marked invalid, or a
//! checker that says WRONG_ANSWER where the package expects PRESENTATION_ERROR, is a defect of
//! that tool.

use super::parallel::par_map;
use super::{check, Checks, ToolSection};
use crate::problem::tool_tests::{CheckerVerdict, OwnCheckerTest, OwnValidatorTest};
use crate::programs::tool::{first_line, ToolCall};
use crate::run::Exit;

impl Checks<'_> {
    /// Each validator test run by the validator it tests; the findings go to that validator's
    /// section (one is added when the problem does not run that validator on its tests).
    pub(super) fn own_validator_tests(
        &self,
        sections: &mut Vec<ToolSection>,
        tests: &[OwnValidatorTest],
    ) {
        let results = par_map(tests, self.jobs, |test| {
            let input = test.input.as_ref().ok()?;
            let _slot = self.slot();
            Some(test.validator.validate_bytes(
                &self.problem.sandboxes,
                &self.problem.limits,
                input,
            ))
        });
        for (test, result) in tests.iter().zip(results) {
            let shown = self.shown(test.validator.tool());
            let index = match sections
                .iter()
                .position(|s| s.tool == shown && s.role == "input validator")
            {
                Some(i) => i,
                None => {
                    sections.push(ToolSection::new(shown, "input validator"));
                    sections.len() - 1
                }
            };
            let section = &mut sections[index];
            section.checked(check::VALIDATOR_TESTS);
            let expected = if test.valid { "VALID" } else { "INVALID" };
            let result = match (&test.input, result) {
                (Ok(_), Some(result)) => result,
                _ => {
                    let why = test.input.as_ref().err().cloned().unwrap_or_default();
                    section.defect(check::VALIDATOR_TESTS, test.name.clone(), why);
                    continue;
                }
            };
            section.runs += 1;
            match result {
                Ok(verdict) if verdict.is_ok() == test.valid => {}
                Ok(Ok(())) => section.defect(
                    check::VALIDATOR_TESTS,
                    test.name.clone(),
                    format!("expected {expected}, but the validator accepts it"),
                ),
                Ok(Err(e)) => section.defect(
                    check::VALIDATOR_TESTS,
                    test.name.clone(),
                    format!("expected {expected}, but {}", e.message),
                ),
                Err(f) => section.defect(check::NO_CRASH, test.name.clone(), f.problem),
            }
        }
    }

    /// Each checker test run by the problem's checker (`chk INPUT OUTPUT ANSWER`), its exit code
    /// read as testlib's verdict; the findings go to the checker's section.
    pub(super) fn own_checker_tests(
        &self,
        sections: &mut Vec<ToolSection>,
        tests: &[OwnCheckerTest],
    ) {
        let Some(tool) = self.problem.checker.tool() else {
            return;
        };
        if tests.is_empty() {
            return;
        }
        let shown = self.shown(tool);
        let index = match sections.iter().position(|s| s.tool == shown) {
            Some(i) => i,
            None => {
                sections.push(ToolSection::new(shown, "checker"));
                sections.len() - 1
            }
        };
        let built = tool.program().is_ok();
        let results = par_map(tests, self.jobs, |test| {
            let (input, output, answer) = test.files.as_ref().ok()?;
            if !built {
                return None;
            }
            let _slot = self.slot();
            let call = ToolCall::of_files(vec![
                ("input", input.as_slice()),
                ("output", output.as_slice()),
                ("answer", answer.as_slice()),
            ]);
            Some(tool.call(&self.problem.sandboxes, &self.problem.limits, call))
        });
        let section = &mut sections[index];
        section.checked(check::CHECKER_TESTS);
        for (test, result) in tests.iter().zip(results) {
            let result = match (&test.files, result) {
                (Err(why), _) => {
                    section.defect(check::CHECKER_TESTS, test.name.clone(), why.clone());
                    continue;
                }
                // It does not build: its builds finding says so.
                (Ok(_), None) => continue,
                (Ok(_), Some(result)) => result,
            };
            section.runs += 1;
            let (got, message) = match result {
                Ok(r) => {
                    let message = first_line(&r.outcome.stderr_head);
                    (testlib_verdict(&r.outcome), message)
                }
                Err(f) => (CheckerVerdict::Crashed, f.problem),
            };
            if got != test.expected {
                let said = match message.is_empty() {
                    true => String::new(),
                    false => format!(" ({message})"),
                };
                section.defect(
                    check::CHECKER_TESTS,
                    test.name.clone(),
                    format!(
                        "expected {}, but the checker gives {}{said}",
                        test.expected.name(),
                        got.name()
                    ),
                );
            }
        }
    }
}

/// testlib's verdict from how a checker ended (`testlib.h`'s `OK_EXIT_CODE` 0,
/// `WA_EXIT_CODE` 1, `PE_EXIT_CODE` 2, `FAIL_EXIT_CODE` 3, `POINTS_EXIT_CODE` 7); a limit, a
/// signal or any other code is a crash, as Polygon's checker tests call it.
fn testlib_verdict(outcome: &crate::run::RunOutcome) -> CheckerVerdict {
    match (outcome.limit_hit, outcome.exit) {
        (None, Exit::Code(0)) => CheckerVerdict::Ok,
        (None, Exit::Code(1)) => CheckerVerdict::WrongAnswer,
        (None, Exit::Code(2)) => CheckerVerdict::PresentationError,
        (None, Exit::Code(7)) => CheckerVerdict::Points,
        _ => CheckerVerdict::Crashed,
    }
}
