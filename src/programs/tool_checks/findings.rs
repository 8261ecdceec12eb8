//! What the tool checks found: per tool, the checks it was put to and each finding, naming the
//! check and the case (junk file, modification and test, invalid case) that shows it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How much a finding weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The tool failed a check: the command exits 1.
    Defect,
    /// Worth a look, not a failure (task-maker-rust's sanity warnings).
    Notice,
}

/// One thing a check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Finding {
    /// The check, by its stable name (`rejects-junk`, `accepts-tests`, ...; see
    /// docs/guide/tool-checks.md).
    pub check: String,
    /// What it was tried on: the junk file, the modification and the test it was made from,
    /// the invalid case.
    pub case: String,
    /// What happened, in one line.
    pub detail: String,
    /// Whether it fails the tool.
    pub severity: Severity,
}

/// One tool (or the input validators together) and what its checks found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ToolSection {
    /// The tool as messages name it (`input validator input_validators/v.py`), or `input
    /// validators` for what they must do together.
    pub tool: String,
    /// Its role: `input validator`, `input validators`, `answer validator`, `output
    /// validator`, `checker`, `generator`, `tests`.
    pub role: String,
    /// Runs the checks made of it.
    pub runs: usize,
    /// The checks it was put to, by name, in order.
    pub checks: Vec<String>,
    /// What they found; empty when it passed them all.
    pub findings: Vec<Finding>,
}

impl ToolSection {
    /// A section for `tool` in `role`, with nothing found yet.
    pub fn new(tool: impl Into<String>, role: impl Into<String>) -> ToolSection {
        ToolSection {
            tool: tool.into(),
            role: role.into(),
            runs: 0,
            checks: Vec::new(),
            findings: Vec::new(),
        }
    }

    /// Records that `check` was made.
    pub fn checked(&mut self, check: &str) {
        if !self.checks.iter().any(|c| c == check) {
            self.checks.push(check.to_string());
        }
    }

    /// Adds a defect found by `check` on `case`.
    pub fn defect(&mut self, check: &str, case: impl Into<String>, detail: impl Into<String>) {
        self.add(check, case, detail, Severity::Defect);
    }

    /// Adds a notice found by `check` on `case`.
    pub fn notice(&mut self, check: &str, case: impl Into<String>, detail: impl Into<String>) {
        self.add(check, case, detail, Severity::Notice);
    }

    fn add(
        &mut self,
        check: &str,
        case: impl Into<String>,
        detail: impl Into<String>,
        s: Severity,
    ) {
        self.checked(check);
        self.findings.push(Finding {
            check: check.to_string(),
            case: case.into(),
            detail: detail.into(),
            severity: s,
        });
    }

    /// Its defects.
    pub fn defects(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Defect)
    }
}

/// Everything the tool checks of one problem found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ToolChecks {
    /// The problem folder.
    pub problem: String,
    /// One section per tool, in pipeline order (input validators, answer validators, output
    /// validator, generators, tests).
    pub tools: Vec<ToolSection>,
    /// Tool runs made.
    pub runs: usize,
    /// Whether the results came from the results cache.
    #[serde(default)]
    pub reused: bool,
    /// How many findings are notices (worth a look, not failures: the sanity notices, a
    /// generator seeded by the clock, ...).
    #[serde(default)]
    pub notices: usize,
}

impl ToolChecks {
    /// How many defects were found.
    pub fn defects(&self) -> usize {
        self.tools.iter().map(|t| t.defects().count()).sum()
    }

    /// How many findings are notices.
    pub fn count_notices(&self) -> usize {
        (self.tools.iter())
            .flat_map(|t| &t.findings)
            .filter(|f| f.severity == Severity::Notice)
            .count()
    }

    /// Whether no tool failed a check.
    pub fn passed(&self) -> bool {
        self.defects() == 0
    }

    /// One line per defect: `TOOL fails CHECK on CASE: DETAIL`.
    pub fn defect_lines(&self) -> Vec<String> {
        self.tools
            .iter()
            .flat_map(|t| {
                t.defects().map(move |f| {
                    format!("{} fails {} on {}: {}", t.tool, f.check, f.case, f.detail)
                })
            })
            .collect()
    }
}
