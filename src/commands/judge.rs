//! `stressjudge judge` (skeleton).

use super::cli::JudgeArgs;
use super::Outcome;
use crate::error::UsageError;

/// Runs `stressjudge judge`.
pub fn run(_args: &JudgeArgs) -> Result<Outcome, UsageError> {
    Err(UsageError::new("`judge` is not implemented yet"))
}
