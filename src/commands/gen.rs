//! `stressjudge gen`: print one generated input.

use super::cli::GenArgs;
use super::{print_out, Outcome};
use crate::catalog;
use crate::error::UsageError;

/// Generates the input for (problem, kind, seed) and prints it.
pub fn run(args: &GenArgs) -> Result<Outcome, UsageError> {
    let entry = catalog::find(&args.problem)?;
    print_out(&entry.generator.generate(args.kind, args.seed))?;
    Ok(Outcome::Passed)
}
