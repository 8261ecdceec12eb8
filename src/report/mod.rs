//! Step 6 of the pipeline: what people and CI see.
//!
//! Each command that runs a candidate produces one result value: a [`JudgeReport`],
//! [`StressReport`], [`ReproReport`] or [`VerifyReport`]. Exporters turn it into a format,
//! as hyperfine's do: the terminal view (`*_text`), JSON (`--json` and `.json` files; the
//! public field names never change), JUnit XML (`.xml`) and a self-contained HTML page
//! (`.html`). `--report FILE` (repeatable) writes one more format, chosen by FILE's extension,
//! alongside the terminal output.
//!
//! Live progress on stderr is [`progress`]; colour and its absence (`NO_COLOR`, not a
//! terminal) is [`style`]; numbers and durations are formatted by [`crate::units`] everywhere.

mod compile_error;
mod doctor;
pub mod html;
mod judge;
mod judge_json;
mod judge_text;
pub mod junit;
pub mod progress;
mod repro;
pub mod repro_text;
pub mod stress;
pub mod stress_text;
pub mod style;
pub mod text;
mod verify;
pub mod verify_text;

use std::path::{Path, PathBuf};

use crate::error::UsageError;

pub use compile_error::CompileErrorReport;
pub use doctor::{DoctorReport, Found};
pub use judge::{JudgeReport, Scheduling, Slowest, TestRow};
pub use repro::{GameDiff, ReproReport};
pub use stress::{FailureGroup, StressReport, StressSubject};
pub use verify::{RowScore, RowStatus, VerifiedProblem, VerifyReport, VerifyRow};

/// One command's result, whichever command it was.
#[derive(Debug, Clone, Copy)]
pub enum Report<'a> {
    /// `judge`.
    Judge(&'a JudgeReport),
    /// `stress`.
    Stress(&'a StressReport),
    /// `repro`.
    Repro(&'a ReproReport),
    /// `verify`.
    Verify(&'a VerifyReport),
}

impl Report<'_> {
    /// The report as one JSON object (the `--json` contract).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Report::Judge(r) => r.to_json(),
            Report::Stress(r) => r.to_json(),
            Report::Repro(r) => r.to_json(),
            Report::Verify(r) => r.to_json(),
        }
    }
}

/// Turns a report into the bytes of one file format.
pub trait Exporter {
    /// The file's contents.
    fn serialize(&self, report: Report<'_>) -> Result<Vec<u8>, String>;
}

/// JSON: the same object `--json` prints, pretty-printed.
pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn serialize(&self, report: Report<'_>) -> Result<Vec<u8>, String> {
        let mut bytes = serde_json::to_vec_pretty(&report.to_json()).map_err(|e| e.to_string())?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

/// The exporter for a report file, by its extension: `.json`, `.xml` (JUnit) or `.html`.
pub fn exporter_for(path: &Path) -> Result<Box<dyn Exporter>, UsageError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => Ok(Box::new(JsonExporter)),
        Some("xml") => Ok(Box::new(junit::JunitExporter)),
        Some("html" | "htm") => Ok(Box::new(html::HtmlExporter)),
        _ => Err(UsageError::new(format!(
            "--report {}: unknown format (give a file ending in .json, .xml for JUnit, or .html)",
            path.display()
        ))),
    }
}

/// Checks every `--report` file before anything runs: a known extension, and a folder that
/// exists.
pub fn check_report_files(files: &[PathBuf]) -> Result<(), UsageError> {
    for file in files {
        exporter_for(file)?;
        let parent = file.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(dir) = parent {
            if !dir.is_dir() {
                return Err(UsageError::new(format!(
                    "--report {}: folder {} does not exist",
                    file.display(),
                    dir.display()
                )));
            }
        }
    }
    Ok(())
}

/// Writes `report` to each file in its format (atomically: a temporary file, then rename).
pub fn write_report_files(report: Report<'_>, files: &[PathBuf]) -> Result<(), UsageError> {
    for file in files {
        let bytes = exporter_for(file)?
            .serialize(report)
            .map_err(|e| UsageError::new(format!("--report {}: {e}", file.display())))?;
        write_atomically(file, &bytes)
            .map_err(|e| UsageError::new(format!("cannot write {}: {e}", file.display())))?;
    }
    Ok(())
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    // Readable by others (a CI artifact step, a web server), as a file written directly would be.
    tmp.as_file()
        .set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644))?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
