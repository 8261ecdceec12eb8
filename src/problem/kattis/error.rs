//! The one error a malformed problem folder produces: which file or folder, which line, what.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a problem folder cannot be loaded. Displays as one line:
/// `hello/problem.yaml line 4: limits.time_limit must be a number, found "fast"`.
///
/// Only problems that make the folder unusable or ambiguous are errors; anything that is merely
/// skipped or unknown becomes a notice in [`super::Package::notices`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageError {
    /// The file or folder at fault.
    pub path: PathBuf,
    /// 1-based line in `path`, when the fault is a value in a file.
    pub line: Option<usize>,
    /// What is wrong, in one line.
    pub message: String,
}

impl PackageError {
    /// An error about `path` (at `line`, if known).
    pub fn new(path: &Path, line: Option<usize>, message: impl Into<String>) -> Self {
        let message: String = message.into();
        PackageError {
            path: path.to_path_buf(),
            line,
            message: message.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }

    /// An error about `path` as a whole (no line).
    pub fn at(path: &Path, message: impl Into<String>) -> Self {
        PackageError::new(path, None, message)
    }
}

impl fmt::Display for PackageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} line {line}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for PackageError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_as_one_line_with_path_and_line() {
        let e = PackageError::new(Path::new("p/problem.yaml"), Some(4), "bad\nvalue");
        assert_eq!(e.to_string(), "p/problem.yaml line 4: bad value");
        let e = PackageError::at(Path::new("p/data"), "missing");
        assert_eq!(e.to_string(), "p/data: missing");
    }
}
