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

/// A user's tool failed on one input: which tool and how, where (a seed or a test), and the
/// input, so the command can save it and name the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeError {
    /// The failing tool and what it did.
    pub failure: crate::problem::ToolFailure,
    /// Where: `on seed 17 (random kind)`, `on test secret/03`.
    pub context: String,
    /// The input it failed on, when there is one to save.
    pub input: Option<String>,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.failure)?;
        if !self.context.is_empty() {
            write!(f, " {}", self.context)?;
        }
        Ok(())
    }
}

/// Why a run reached no verdict, through no fault of the candidate: never turned into one.
#[derive(Debug)]
pub enum Fault {
    /// A user's tool (generator, validator, reference, checker) failed: a judge error.
    Judge(JudgeError),
    /// The harness failed: the sandbox could not start, an I/O error.
    Harness(String),
    /// Ctrl-C stopped the run.
    Interrupted,
}

impl Fault {
    /// A judge error of `failure` at `context` on `input`.
    pub fn judge(
        failure: crate::problem::ToolFailure,
        context: impl Into<String>,
        input: Option<&str>,
    ) -> Fault {
        Fault::Judge(JudgeError {
            failure,
            context: context.into(),
            input: input.map(str::to_string),
        })
    }

    /// A harness fault from an I/O error, `what` saying what was being done; a cancelled run
    /// (`Interrupted`) is [`Fault::Interrupted`].
    pub fn harness(what: &str, e: std::io::Error) -> Fault {
        if e.kind() == std::io::ErrorKind::Interrupted {
            Fault::Interrupted
        } else {
            Fault::Harness(format!("{what}: {e}"))
        }
    }
}

impl Fault {
    /// The same fault, its judge error placed in `context` when it has none of its own yet
    /// (e.g. a checker failing `on seed 17 (random kind)`).
    pub fn within(self, context: &str) -> Fault {
        match self {
            Fault::Judge(mut e) => {
                e.context = if e.context.is_empty() {
                    context.to_string()
                } else {
                    format!("{context}, {}", e.context)
                };
                Fault::Judge(e)
            }
            other => other,
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Judge(e) => write!(f, "{e}"),
            Fault::Harness(message) => write!(f, "harness fault: {message}"),
            Fault::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Fault {}
