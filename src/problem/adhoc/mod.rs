//! The ad-hoc reader: a problem made of programs named on the command line (`--gen gen.py
//! --ref brute.py`, optional `--checker`, `--output-validator`, `--validator`, `--interactor`)
//! and folders of tests as contestants keep them (`--tests`, [`tests_dir`]). The same flags
//! replace a problem folder's parts, so the folder readers use [`existing`] and [`interactor`]
//! too.

pub mod tests_dir;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::error::UsageError;
use crate::options::AdHocParts;
use crate::problem::shape::{AnswerRules, Shape};
use crate::problem::{Limits, Origin, ProblemInfo, TimeLimitOrigin};
use crate::programs::checker::Checker;
use crate::programs::generator;
use crate::programs::interactor::{Convention, Interactor};
use crate::programs::tool::Tool;
use crate::programs::validator::InputValidator;
use crate::programs::ProgramsProblem;

/// Limits of an ad-hoc problem when no flag sets them, as for the built-in problems.
pub const AD_HOC_LIMITS: Limits = Limits {
    time: Duration::from_secs(2),
    memory_bytes: 256 << 20,
};

/// The problem the ad-hoc flags describe; paths are relative to the current directory.
pub fn problem(parts: &AdHocParts) -> Result<ProgramsProblem, UsageError> {
    // Relative to the current directory, and shown as the user wrote it (not `./gen.py`).
    let here = Path::new("");
    let generators = generator::from_parts(parts, here)?;
    let reference = parts
        .reference
        .as_deref()
        .map(|p| existing("--ref", p))
        .transpose()?;
    let checker = match (&parts.checker, &parts.output_validator) {
        (Some(path), _) => Checker::testlib(&existing("--checker", path)?),
        (None, Some(path)) => Checker::kattis(&existing("--output-validator", path)?),
        (None, None) => Checker::Default,
    };
    let validators = parts
        .validators
        .iter()
        .map(|p| {
            Ok(InputValidator::new(
                &existing("--validator", p)?,
                Vec::new(),
            ))
        })
        .collect::<Result<_, UsageError>>()?;
    let tests = match &parts.tests {
        Some(dir) => tests_dir::load(dir)?,
        None => Vec::new(),
    };
    if generators.is_empty() && tests.is_empty() && reference.is_none() {
        return Err(UsageError::new(
            "an ad-hoc problem needs tests (--tests DIR), a generator (--gen) or a reference \
             (--ref)",
        ));
    }
    let interactor = interactor(parts)?;
    let mut notes = vec![format!(
        "ad-hoc problem: limits default to {} s and {} MiB (--time-limit, --memory-limit)",
        AD_HOC_LIMITS.time.as_secs(),
        AD_HOC_LIMITS.memory_bytes >> 20
    )];
    if parts.checker.is_none() && parts.output_validator.is_none() && interactor.is_none() {
        notes.push("answers compared by the Kattis default validator".into());
    }
    if !parts.file_io.is_standard() {
        notes.push(format!("file I/O: each solution {}", parts.file_io));
    }
    let info = ProblemInfo {
        id: "ad-hoc".into(),
        title: "ad-hoc problem".into(),
        limits: AD_HOC_LIMITS,
        output_limit_bytes: None,
        kinds: Vec::new(),
        generator_name: String::new(),
        has_reference: reference.is_some(),
        time_limit_origin: TimeLimitOrigin::Given,
        notes,
        origin: Origin::AdHoc,
        file_io: parts.file_io.clone(),
        address_space_limit: false,
    };
    let mut shape = Shape {
        info,
        generators,
        kind_settings: Vec::new(),
        references: reference
            .iter()
            .map(|p| Tool::new("reference", p))
            .collect(),
        validators,
        checker,
        checker_args: Vec::new(),
        interactor,
        tests,
        left_out: Vec::new(),
        answers: AnswerRules::default(),
    };
    // A program the flags name from inside a Kattis package is built as its package says, as
    // the candidate is (`commands::common::build_candidate`).
    crate::problem::kattis::build_plan::declare_builds(&mut shape);
    Ok(ProgramsProblem::new(shape))
}

/// The interactor `--interactor` names, in the convention `--interactor-convention` says or its
/// source shows.
pub fn interactor(parts: &AdHocParts) -> Result<Option<Interactor>, UsageError> {
    let Some(path) = &parts.interactor else {
        return Ok(None);
    };
    let path = existing("--interactor", path)?;
    let convention = match parts.interactor_convention.as_deref() {
        Some("testlib") => Convention::Testlib,
        Some("kattis") => Convention::Kattis,
        Some(other) => {
            return Err(UsageError::new(format!(
                "--interactor-convention: `{other}` is neither kattis nor testlib"
            )))
        }
        None => Convention::detect(&path),
    };
    Ok(Some(Interactor::interactive(&path, convention)))
}

/// `path`, which a flag named, if it exists; else the error naming the flag and the path.
pub fn existing(flag: &str, path: &Path) -> Result<PathBuf, UsageError> {
    if path.exists() {
        Ok(path.to_path_buf())
    } else {
        Err(UsageError::new(format!(
            "{flag}: `{}` not found",
            path.display()
        )))
    }
}
