//! The verdict type: one enum for a test, a whole submission and what an expectation names.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A judge's verdict on one test or a whole test set, and the verdicts an expectation names.
///
/// It has two spellings of a crash: stressjudge's own reports say `RE` ([`Verdict::name`],
/// `Display`, JSON: it serializes as its short name, `"WA"`), the package formats' expectations
/// say `RTE` ([`Verdict::expectation_name`]). Verdicts order as expectations list them (`AC`,
/// `WA`, `TLE`, `RTE`, `MLE`, `OLE`, `CE`), so a set of them prints in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// Accepted: correct output within every limit.
    AC,
    /// Wrong answer: the checker rejected the output.
    WA,
    /// Time limit exceeded (CPU time, or the wall-clock backstop).
    TLE,
    /// Runtime error: a crash or a nonzero exit code (`RTE` in expectations).
    RE,
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Compilation error: the candidate did not build, nothing ran. Never a test's verdict,
    /// only a submission's (DOMjudge `compiler_error`).
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

    /// The name as the package formats' expectations write it (`submissions.yaml`, problemtools'
    /// messages): [`Verdict::name`], except that a run-time error is `RTE`.
    pub fn expectation_name(self) -> &'static str {
        match self {
            Verdict::RE => "RTE",
            other => other.name(),
        }
    }

    /// The verdict a `submissions.yaml` list writes (`AC`, `WA`, `TLE`, `RTE`; stressjudge also
    /// takes `MLE`, `OLE`, `CE`), or `None`.
    pub fn from_expectation_name(word: &str) -> Option<Verdict> {
        use Verdict::*;
        Some(match word.trim() {
            "AC" => AC,
            "WA" => WA,
            "TLE" => TLE,
            "RTE" => RE,
            "MLE" => MLE,
            "OLE" => OLE,
            "CE" => CE,
            _ => return None,
        })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
