//! Step 5 of the pipeline: verdicts (placeholder until the judge branch lands).

use serde::Serialize;

/// The verdict of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Time limit exceeded.
    TLE,
    /// Memory limit exceeded.
    MLE,
    /// Run-time error.
    RE,
    /// Output limit exceeded.
    OLE,
    /// Compilation error.
    CE,
}
