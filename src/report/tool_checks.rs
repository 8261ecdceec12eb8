//! How the tool checks ([`ToolChecks`]) are shown: a section per tool on the terminal, each
//! finding on a line naming the check and the case, and the `check-tools --json` object.

use std::fmt::Write;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::programs::tool_checks::{Severity, ToolChecks, ToolSection};

/// The terminal text of one problem's tool checks.
pub fn text(checks: &ToolChecks) -> String {
    let mut out = format!("tool checks of {}\n", checks.problem);
    if checks.tools.is_empty() {
        out.push_str("  no tools of its own to check\n");
    }
    for section in &checks.tools {
        section_text(&mut out, section);
    }
    let defects = checks.defects();
    let _ = writeln!(
        out,
        "{}: {} tool(s), {} run(s){}, {}\n",
        checks.problem,
        checks.tools.len(),
        checks.runs,
        if checks.reused { " (remembered)" } else { "" },
        match defects {
            0 => "every tool passed its checks".to_string(),
            n => format!("{n} defect(s)"),
        }
    );
    if checks.notices > 0 {
        // Inserted before the blank line that ends the summary.
        out.pop();
        let _ = writeln!(out, "  and {} notice(s), worth a look\n", checks.notices);
    }
    out
}

/// One tool's lines.
pub fn section_text(out: &mut String, section: &ToolSection) {
    let defects = section.defects().count();
    let status = if defects == 0 { "ok" } else { "FAILED" };
    let _ = writeln!(
        out,
        "  {status:<6} {} ({} run(s); checks: {})",
        section.tool,
        section.runs,
        section.checks.join(", ")
    );
    for f in &section.findings {
        let word = match f.severity {
            Severity::Defect => "defect",
            Severity::Notice => "notice",
        };
        let _ = writeln!(out, "         {word} {}: {}: {}", f.check, f.case, f.detail);
    }
}

/// `check-tools --json`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CheckToolsJson {
    /// Whether no tool of any problem failed a check.
    pub ok: bool,
    /// Each problem's tool checks, in the order named.
    pub problems: Vec<ToolChecks>,
}

/// The `check-tools --json` object.
pub fn json(all: &[ToolChecks]) -> serde_json::Value {
    serde_json::to_value(CheckToolsJson {
        ok: all.iter().all(ToolChecks::passed),
        problems: all.to_vec(),
    })
    .expect("the report serializes")
}
