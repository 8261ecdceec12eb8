//! The verdict type: one enum for a test, a whole submission and what an expectation names.

use std::fmt;

use serde::Serialize;

/// A judge's verdict on one test or a whole test set. Serializes as its short name (`"WA"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// Accepted: correct output within every limit.
    AC,
    /// Wrong answer: the checker rejected the output.
    WA,
    /// Time limit exceeded (CPU time, or the wall-clock backstop).
    TLE,
    /// Memory limit exceeded.
    MLE,
    /// Runtime error: a crash or a nonzero exit code.
    RE,
    /// Output limit exceeded.
    OLE,
    /// Compilation error: the candidate did not build, nothing ran.
    CE,
}

impl Verdict {
    /// The short name, as in JSON reports: `AC`, `WA`, ...
    pub fn name(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::RE => "RE",
            Verdict::OLE => "OLE",
            Verdict::CE => "CE",
        }
    }

    /// Parses a short name as printed by [`Verdict::name`].
    pub fn from_name(name: &str) -> Option<Verdict> {
        [
            Verdict::AC,
            Verdict::WA,
            Verdict::TLE,
            Verdict::MLE,
            Verdict::RE,
            Verdict::OLE,
            Verdict::CE,
        ]
        .into_iter()
        .find(|v| v.name() == name)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
