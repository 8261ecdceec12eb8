//! The error a user can fix: bad flags, a missing file, an unknown problem, an invalid input.
//!
//! `main` prints it as one line on stderr and exits with code 2. Failures of the candidate under
//! test are never `UsageError`s: they are verdicts.

use std::fmt;

/// A usage or input error, shown as one line and exit code 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError {
    message: String,
}

impl UsageError {
    /// An error with a one-line message (newlines are folded into spaces).
    pub fn new(message: impl Into<String>) -> Self {
        let message: String = message.into();
        UsageError {
            message: message.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UsageError {}

impl From<crate::problem::InputError> for UsageError {
    fn from(e: crate::problem::InputError) -> Self {
        UsageError::new(format!("invalid input: {e}"))
    }
}

/// Reads a file, turning any failure into a one-line error that names the path.
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, UsageError> {
    std::fs::read(path).map_err(|e| UsageError::new(format!("cannot read {}: {e}", path.display())))
}
