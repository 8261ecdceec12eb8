//! `stressjudge stress` (skeleton).

use super::cli::StressArgs;
use super::Outcome;
use crate::error::UsageError;

/// Runs `stressjudge stress`.
pub fn run(_args: &StressArgs) -> Result<Outcome, UsageError> {
    Err(UsageError::new("`stress` is not implemented yet"))
}
