//! `stressjudge gen`: print one generated input.

use super::common::{fault_error, pick_kind, resolve_problem};
use super::{print_out, Outcome};
use crate::error::{Fault, UsageError};
use crate::options::GenOptions;

/// Generates the input for (problem, kind, seed) and prints it.
pub fn run(options: &GenOptions) -> Result<Outcome, UsageError> {
    let problem = resolve_problem(&options.problem)?;
    if let Some(name) = &options.test {
        let tests = problem
            .fixed_tests()
            .map_err(|f| fault_error(Fault::judge(f, "", None), None))?;
        let test = tests.iter().find(|t| &t.name == name).ok_or_else(|| {
            UsageError::new(format!(
                "{} has no test `{name}` (tests: {})",
                problem.info().id,
                tests
                    .iter()
                    .map(|t| t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        print_out(&test.input)?;
        return Ok(Outcome::Passed);
    }
    let kind = pick_kind(problem.as_ref(), options.kind.as_deref())?;
    let input = problem.generate(&kind, options.seed).map_err(|f| {
        let context = format!("on seed {} ({kind} kind)", options.seed);
        fault_error(Fault::judge(f, context, None), None)
    })?;
    print_out(&input)?;
    Ok(Outcome::Passed)
}
