//! `stressjudge verify`: every solution of the library gets its folder's verdict.

pub mod library;

use super::cli::VerifyArgs;
use super::Outcome;
use crate::error::UsageError;

/// Runs `stressjudge verify`.
pub fn run(args: &VerifyArgs) -> Result<Outcome, UsageError> {
    let _ = args;
    Err(UsageError::new("`verify` is not wired yet"))
}
