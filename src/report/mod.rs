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
pub mod derivation;
mod doctor;
pub mod generate;
pub mod html;
pub mod json;
mod judge;
mod judge_text;
pub mod junit;
mod languages;
pub mod list;
pub mod listen;
pub mod mutants;
pub mod progress;
pub mod read_mutants;
pub mod read_stress;
pub mod read_verify;
mod repro;
pub mod repro_text;
pub mod shard;
pub mod stress;
pub mod stress_text;
pub mod style;
pub mod text;
pub mod tool_checks;
mod verify;
pub mod verify_text;

use std::path::{Path, PathBuf};

use crate::error::UsageError;

pub use compile_error::CompileErrorReport;
pub use doctor::{DoctorReport, Found, LanguageFound};
pub use judge::{JudgeReport, Scheduling, Slowest, TestRow};
pub use languages::languages_markdown;
pub use mutants::MutantsReport;
pub use repro::{GameDiff, ReproReport};
pub use stress::{FailureGroup, SaveError, StressReport, StressSubject};
pub use verify::{OtherPython, RowScore, RowStatus, VerifiedProblem, VerifyReport, VerifyRow};

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
    /// `mutants`.
    Mutants(&'a MutantsReport),
}

impl Report<'_> {
    /// The report as one JSON object (the `--json` contract).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Report::Judge(r) => r.to_json(),
            Report::Stress(r) => r.to_json(),
            Report::Repro(r) => r.to_json(),
            Report::Verify(r) => r.to_json(),
            Report::Mutants(r) => r.to_json(),
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
/// exists and can be written (a report is the one thing such a run is for, so a folder that
/// cannot take it stops the command before anything runs, naming the folder).
pub fn check_report_files(files: &[PathBuf]) -> Result<(), UsageError> {
    for file in files {
        exporter_for(file)?;
        let dir = file
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        if !dir.is_dir() {
            return Err(UsageError::new(format!(
                "--report {}: folder {} does not exist",
                file.display(),
                dir.display()
            )));
        }
        crate::cache_entry::sweep_partials(dir);
        if let Err(e) = crate::cache_entry::probe_writable(dir) {
            return Err(UsageError::new(format!(
                "--report {}: folder {} cannot be written: {e}",
                file.display(),
                dir.display()
            )));
        }
    }
    Ok(())
}

/// Writes `report` to each file in its format, durably and atomically
/// ([`crate::cache_entry::write_durably`]: a reader sees the old file or the whole new one).
/// Every file is tried; the error names each that could not be written, and why.
pub fn write_report_files(report: Report<'_>, files: &[PathBuf]) -> Result<(), UsageError> {
    let mut errors = Vec::new();
    for file in files {
        let written = exporter_for(file)?.serialize(report).and_then(|bytes| {
            crate::cache_entry::write_durably(file, &bytes).map_err(|e| e.to_string())
        });
        if let Err(e) = written {
            errors.push(format!(
                "report file {} was not written: {e}",
                file.display()
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(UsageError::new(errors.join("; ")))
    }
}
