//! What `stress` and `repro` report when the candidate does not compile: verdict CE, nothing
//! ran. The JSON object has the fields of a stress report, empty.

use serde_json::Value;

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
        super::json::to_value(&super::json::CompileErrorJson::from(self))
    }

    /// The text view.
    pub fn text(&self) -> String {
        format!(
            "CE: {} does not compile:\n{}\n",
            self.solution, self.message
        )
    }
}
