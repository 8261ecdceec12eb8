//! Building a mutant exactly as its original is built: in the language and from the entry point
//! the original's package declares, with the package's included files and constants, through
//! the build cache (a mutant is compiled once per content, like any candidate) and contained
//! like any build.

use std::path::Path;

use crate::build::{self, BuildError, BuildOptions, Declared, Program, Source};
use crate::error::UsageError;

/// How the original at a path is built: what its package declares of it, and its package's
/// included files.
#[derive(Debug, Clone)]
pub struct BuildLike {
    declared: Declared,
    include: Option<std::path::PathBuf>,
}

impl BuildLike {
    /// What the package holding `original` declares for building it (nothing outside a
    /// package); a package file that cannot be read is the user's error.
    pub fn of(original: &Path) -> Result<BuildLike, UsageError> {
        let mut declared = crate::problem::build_declared_for(original)?;
        let package = crate::problem::package_build_for(original);
        if declared.constants.is_empty() {
            declared.constants = package.declared.constants;
        }
        if declared.python.is_none() {
            declared.python = package.declared.python;
        }
        Ok(BuildLike {
            declared,
            include: package.include,
        })
    }

    /// Builds the source file at `path` (the original, or a mutant written under the original's
    /// file name) as the original is built.
    pub fn build(&self, path: &Path) -> Result<Program, BuildError> {
        let source = Source::File(path.to_path_buf());
        let options = BuildOptions::default_for_user();
        match &self.include {
            Some(include) => build::build_with_included(&source, include, &self.declared, &options),
            None => build::build_declared(&source, &self.declared, &options),
        }
    }
}
