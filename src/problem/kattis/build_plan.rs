//! How a package's programs are built, resolved when the package is read: a submission's
//! declared language and entry point (`submissions.yaml`, DOMjudge's `submissions.json`), the
//! package's 2025-09 `constants` substituted in every program of it (validators, generators,
//! graders, a submission used as the reference), and a submission's included files
//! (`include/`). The runtime builds each program by the [`BuildPlan`] it is given.

use std::path::Path;

use super::{constants_of, declaration_of, include_folder_of};
use crate::build::{BuildPlan, Declared};
use crate::problem::shape::Shape;

/// How the program at `path` of a package is built, or why its declaration cannot be read.
pub fn build_plan_of(path: &Path) -> Result<BuildPlan, String> {
    let (language, entrypoint) = declaration_of(path).map_err(|e| e.to_string())?;
    Ok(BuildPlan {
        declared: Declared {
            language,
            entrypoint,
            constants: constants_of(path),
            // The package's tools run with `$PYTHON` or `python3`, as before.
            python: None,
        },
        include: include_folder_of(path),
    })
}

/// Gives every program of `shape` the build its package declares for it (the programs the
/// flags name too: one inside a package is built as the package says).
pub fn declare_builds(shape: &mut Shape) {
    for tool in shape.tools_mut() {
        let plan = build_plan_of(tool.path());
        tool.set_plan(plan);
    }
}
