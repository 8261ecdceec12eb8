//! `stressjudge verify` (skeleton).

use super::cli::VerifyArgs;
use super::Outcome;
use crate::error::UsageError;

/// Runs `stressjudge verify`.
pub fn run(_args: &VerifyArgs) -> Result<Outcome, UsageError> {
    Err(UsageError::new("`verify` is not implemented yet"))
}
