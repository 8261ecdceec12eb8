//! What `stress` and `repro` report when the candidate does not compile: verdict CE, nothing
//! ran. The JSON object has the fields of a stress report, empty.

use serde_json::{json, Value};

use crate::run::Isolation;

/// A candidate that did not compile.
#[derive(Debug, Clone)]
pub struct CompileErrorReport {
    /// Problem id.
    pub problem: String,
    /// The candidate as the user named it.
    pub solution: String,
    /// The compiler's message (first lines).
    pub message: String,
    /// The isolation runs would have had.
    pub isolation: Option<Isolation>,
}

impl CompileErrorReport {
    /// The `--json` object.
    pub fn to_json(&self) -> Value {
        json!({
            "problem": self.problem,
            "solution": self.solution,
            "verdict": "CE",
            "message": self.message,
            "runs": 0,
            "games": 0,
            "elapsed_ms": 0,
            "failures": [],
            "isolation": self.isolation.as_ref().map(|i| i.to_json()),
        })
    }

    /// The text view.
    pub fn text(&self) -> String {
        format!(
            "CE: {} does not compile:\n{}\n",
            self.solution, self.message
        )
    }
}
