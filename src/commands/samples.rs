//! `stress` in a problem folder (the current directory, as `listen` leaves a contestant)
//! runs the folder's samples (`data/sample/`) first: a solution
//! that fails the statement's own examples needs no generator to show it, and a stress of
//! thousands of seeds against a misread statement only finds the same thing slower.

use super::judge::judge_cases;
use super::{print_json, print_out, Outcome};
use crate::build::Program;
use crate::error::UsageError;
use crate::judge::Verdict;
use crate::problem::{Origin, Problem};
use crate::testset::Plan;

/// Judges the folder's samples; `Some(Failed)` (the judge table printed, or its JSON object
/// with `--json`) when one fails, `None` when they pass or there are none.
pub fn samples_first(
    problem: &dyn Problem,
    plan: &Plan,
    solution: &str,
    program: &Program,
    json: bool,
) -> Result<Option<Outcome>, UsageError> {
    if !matches!(problem.info().origin, Origin::Folder(_)) {
        return Ok(None);
    }
    // A folder whose tests cannot be read fails the same way in the stress's own checks.
    let Ok(cases) = problem.fixed_tests() else {
        return Ok(None);
    };
    let samples: Vec<_> = cases
        .into_iter()
        .filter(|case| case.name.starts_with("sample/"))
        .collect();
    if samples.is_empty() {
        return Ok(None);
    }
    let report = judge_cases(problem, plan, solution, program, &samples, !json)?;
    if report.verdict() == Verdict::AC {
        if !json {
            eprintln!(
                "stressjudge: the {} sample{} pass; stressing",
                samples.len(),
                if samples.len() == 1 { "" } else { "s" }
            );
        }
        return Ok(None);
    }
    if json {
        print_json(report.to_json())?;
    } else {
        print_out(&report.render_styled())?;
        print_out("stress: a sample fails, so no seed was run (fix it, or judge it alone)\n")?;
    }
    Ok(Some(Outcome::Failed))
}
