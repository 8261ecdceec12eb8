//! A problem's own submissions and what each must do: one value every reader fills (the Kattis
//! reader from `submissions/` with its folder names, `submissions.yaml`, `submissions.json` and
//! DOMjudge annotations; the Polygon reader from `<solutions>` and their tags), which verify and
//! the time-limit derivation judge.

use crate::judge::expectation_model::Expectation;
use crate::problem::program::Program;

/// One submission of the folder and what it must do.
#[derive(Debug, Clone, PartialEq)]
pub struct Submission {
    /// The program.
    pub program: Program,
    /// Its folder under `submissions/` (`accepted`, `wrong_answer`, `mixed-verdicts`, ...).
    pub category: String,
    /// What its tests' verdicts must satisfy.
    pub expected: Expectation,
    /// Its language, when `submissions.yaml` or `submissions.json` names one.
    pub language: Option<String>,
    /// The file to run of a folder program, when `submissions.yaml` or `submissions.json` names
    /// one.
    pub entrypoint: Option<String>,
    /// Where the expectation comes from: `folder name`, `submissions.yaml`,
    /// `@EXPECTED_RESULTS@ in x.c`.
    pub expectation_source: String,
}

impl Submission {
    /// Whether it must be accepted on every test (used as a stress reference and for the time
    /// limit).
    pub fn is_accepted(&self) -> bool {
        self.expected.is_accepted()
    }
}
