//! How a program handed to a command (a candidate, a submission) is built when it sits inside
//! a problem package: what its package declares for it, as a neutral [`crate::build::Declared`]
//! and [`crate::build::BuildPlan`], so the commands name no format.
//!
//! An Italian-format task's solutions are built with its graders (`sol/grader.*`, see
//! [`super::italian::graders`]). Otherwise only the Kattis reader's packages declare builds (`submissions.yaml`, DOMjudge's
//! `submissions.json`, problem.yaml's `constants`, `include/`, the Python 3 interpreter its
//! judge runs): a package is found from the program's path upward, as that reader finds a
//! program's package. A Polygon package declares none (its solutions are built as the build
//! step recognises their files), nor does a program outside any package.

use std::path::Path;

use crate::build::{BuildPlan, Declared};
use crate::error::UsageError;

use super::kattis;

/// The language and entry point the package holding the program at `path` declares for it
/// (`submissions.yaml`'s `language` and `entrypoint`, DOMjudge's `submissions.json`);
/// nothing for a program outside a package. A package file that cannot be read is the
/// user's error (exit 2).
pub fn build_declared_for(path: &Path) -> Result<Declared, UsageError> {
    let (language, entrypoint) =
        kattis::declaration_of(path).map_err(|e| UsageError::new(e.to_string()))?;
    Ok(Declared {
        language,
        entrypoint,
        ..Declared::default()
    })
}

/// What the package holding the program at `path` declares for every program handed to a
/// command: its constants, its preferred Python 3 interpreter and the folder of files
/// included in the build; the default outside a package.
pub fn package_build_for(path: &Path) -> BuildPlan {
    // A solution of an Italian-format task is built with the task's graders of its language.
    if let Some(include) = super::italian::graders::include_for_solution(path) {
        return BuildPlan {
            include: Some(include),
            ..BuildPlan::default()
        };
    }
    // A solution of a TPS task likewise, with the task's `grader/<language>/`.
    if let Some(include) = super::tps::graders::include_for_solution(path) {
        return BuildPlan {
            include: Some(include),
            ..BuildPlan::default()
        };
    }
    kattis::build_plan::package_build_of(path)
}

/// The Python 3 interpreter the package holding the program at `path` prefers
/// ([`Declared::python`]); `None` outside a package.
pub fn python_for(path: &Path) -> Option<String> {
    kattis::python_choice::python_of(path)
}

/// Why the package of the program at `path` chose its Python 3 interpreter ([`python_for`]),
/// when the package chose it rather than its `stressjudge.yaml`.
pub fn python_reason_for(path: &Path) -> Option<String> {
    kattis::python_choice::python_reason(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_submission_gets_its_package_declaration_and_a_loose_program_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let write = |f: &str, s: &str| {
            std::fs::create_dir_all(p.join(f).parent().unwrap()).unwrap();
            std::fs::write(p.join(f), s).unwrap();
        };
        write("problem.yaml", "problem_format_version: 2025-09\nname: X\n");
        write(
            "submissions/submissions.yaml",
            "accepted/a.py:\n  language: python3\n  entrypoint: a.py\n",
        );
        write("submissions/accepted/a.py", "print(1)\n");
        let a = p.join("submissions/accepted/a.py");
        let declared = build_declared_for(&a).unwrap();
        assert_eq!(declared.language.as_deref(), Some("python3"));
        assert_eq!(declared.entrypoint.as_deref(), Some("a.py"));
        assert_eq!(python_for(&a).as_deref(), Some(crate::build::PYPY));

        let loose = tempfile::tempdir().unwrap();
        let b = loose.path().join("b.py");
        assert_eq!(build_declared_for(&b).unwrap(), Declared::default());
        assert_eq!(package_build_for(&b), BuildPlan::default());
        assert_eq!(python_for(&b), None);

        write("submissions/submissions.yaml", "accepted/a.py: [\n");
        assert!(
            build_declared_for(&a).is_err(),
            "an unreadable file is an error"
        );
    }
}
