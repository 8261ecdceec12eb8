//! `stressjudge gen`: print one generated input.

use super::common::{fault_error, pick_kind, resolve_problem};
use super::{print_out, Outcome};
use crate::error::{Fault, UsageError};
use crate::options::GenOptions;

/// Generates the input for (problem, kind, seed) and prints it.
pub fn run(options: &GenOptions) -> Result<Outcome, UsageError> {
    let problem = resolve_problem(&options.problem)?;
    let kind = pick_kind(problem.as_ref(), options.kind.as_deref())?;
    let input = problem.generate(&kind, options.seed).map_err(|f| {
        let context = format!("on seed {} ({kind} kind)", options.seed);
        fault_error(Fault::judge(f, context, None), None)
    })?;
    print_out(&input)?;
    Ok(Outcome::Passed)
}
