//! How a package's programs are built, resolved when the package is read: a submission's
//! declared language and entry point (`submissions.yaml`, DOMjudge's `submissions.json`), the
//! package's 2025-09 `constants` substituted in every program of it (validators, generators,
//! graders, a submission used as the reference), and a submission's included files
//! (`include/`). The runtime builds each program by the [`BuildPlan`] it is given.

use std::path::Path;

use super::python_choice::python_of;
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

/// What the package holding the program at `path` declares for building a program handed to
/// a command (a submission, a candidate): its `constants`, its Python 3 interpreter (PyPy, as
/// the Kattis judge runs it, unless the package's `stressjudge.yaml` names another) and its
/// `include/` folder; the default outside a package. Its declared language and entry point
/// come from [`declaration_of`].
pub fn package_build_of(path: &Path) -> BuildPlan {
    BuildPlan {
        declared: Declared {
            constants: constants_of(path),
            python: python_of(path),
            ..Declared::default()
        },
        include: include_folder_of(path),
    }
}

/// Gives every program of `shape` the build its package declares for it (the programs the
/// flags name too: one inside a package is built as the package says).
pub fn declare_builds(shape: &mut Shape) {
    for tool in shape.tools_mut() {
        let plan = build_plan_of(tool.path());
        tool.set_plan(plan);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_program_gets_its_declaration_constants_and_include_folder() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let write = |f: &str, s: &str| {
            std::fs::create_dir_all(p.join(f).parent().unwrap()).unwrap();
            std::fs::write(p.join(f), s).unwrap();
        };
        write(
            "problem.yaml",
            "problem_format_version: 2025-09\nname: X\nconstants:\n  MAXN: 5\n",
        );
        write(
            "submissions/submissions.yaml",
            "accepted/pick:\n  language: py3\n  entrypoint: b.py\n",
        );
        write("submissions/accepted/pick/b.py", "print(1)\n");
        write("include/python3/helper.py", "X = 1\n");
        write("input_validators/v.py", "print(1)\n");

        let plan = build_plan_of(&p.join("submissions/accepted/pick")).unwrap();
        assert_eq!(plan.declared.language.as_deref(), Some("py3"));
        assert_eq!(plan.declared.entrypoint.as_deref(), Some("b.py"));
        assert_eq!(plan.declared.constants.get("MAXN"), Some("5"));
        assert_eq!(
            plan.declared.python, None,
            "tools run with $PYTHON or python3"
        );
        assert_eq!(plan.include, Some(p.join("include")));

        // A validator gets the constants only; a program outside any package, nothing.
        let plan = build_plan_of(&p.join("input_validators/v.py")).unwrap();
        assert_eq!(plan.declared.language, None);
        assert_eq!(plan.declared.constants.get("MAXN"), Some("5"));
        assert_eq!(plan.include, None);
        let outside = tempfile::tempdir().unwrap();
        assert_eq!(
            build_plan_of(&outside.path().join("gen.py")).unwrap(),
            BuildPlan::default()
        );

        // A program handed to a command gets the package's constants, PyPy and include/, but
        // not a declaration: that is its own.
        let plan = package_build_of(&p.join("submissions/accepted/pick/b.py"));
        assert_eq!(plan.declared.language, None);
        assert_eq!(plan.declared.constants.get("MAXN"), Some("5"));
        assert_eq!(plan.declared.python.as_deref(), Some(crate::build::PYPY));
        assert_eq!(plan.include, Some(p.join("include")));
        assert_eq!(
            package_build_of(&outside.path().join("a.py")),
            BuildPlan::default()
        );
    }
}
