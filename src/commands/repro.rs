//! `stressjudge repro` (skeleton).

use super::cli::ReproArgs;
use super::Outcome;
use crate::error::UsageError;

/// Runs `stressjudge repro`.
pub fn run(_args: &ReproArgs) -> Result<Outcome, UsageError> {
    Err(UsageError::new("`repro` is not implemented yet"))
}
