//! `stressjudge stress`: find a failing seed fast, shrink it, reproduce it exactly, never lose it.

pub mod engine;
pub mod seeds;
pub mod shrink;
pub mod store;

use super::cli::StressArgs;
use super::Outcome;
use crate::error::UsageError;

/// Runs `stressjudge stress`.
pub fn run(_args: &StressArgs) -> Result<Outcome, UsageError> {
    Err(UsageError::new("`stress` is not implemented yet"))
}
