//! Which Python 3 interpreter a problem package's programs run with (issue 31).
//!
//! Kattis runs Python 3 submissions with PyPy (its language list: "Python 3 ... PyPy"), and
//! problemtools does too where `pypy3` is installed (its `languages.yaml` lists `pypy3` before
//! `python3` for the `python3` language). Accepted Python solutions of Kattis packages are
//! written for that speed: one of the took 9.5 s of CPU under CPython and 1.9 s under
//! PyPy. So a program of a Kattis problem package (a folder holding `problem.yaml`) runs with
//! `pypy3` where it is on `PATH`, unless
//! - `$PYTHON` names an interpreter (the user's word wins, for every program), or
//! - the package's `stressjudge.yaml` says `python: python3` (or any interpreter: a name on
//!   `PATH` or a path).
//!
//! Programs outside a Kattis package (the library, Polygon packages: Codeforces offers both,
//! and lets the author choose) keep `python3`.
//!
//! A package prepared for DOMjudge runs with CPython (`python3`) instead (issue 46): DOMjudge's
//! default language configuration runs Python 3 submissions with `python3` (its `py3` run
//! script), and a package shows it is DOMjudge's by
//! - a `domjudge-problem.ini` (DOMjudge's own problem file), or
//! - sitting in a contest folder: a parent holding `problems.yaml` or `contest.yaml`, the
//!   CLICS contest package DOMjudge imports (BAPCtools' contest layout, whose `bt export` and
//!   `bt upload` target DOMjudge; Kattis and problemtools read no contest files).
//!
//! BAPCtools itself prefers PyPy where it is installed (its `languages.yaml` lists `pypy3`
//! first), so a lone BAPCtools problem keeps PyPy; only the contest decides for DOMjudge.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::stress_config::{StressYaml, STRESS_CONFIG_FILE};
use super::typed::{self, Table};
use crate::build::PYPY;

/// The package's choice of Python 3 interpreter for `program`: `pypy3` in a Kattis package
/// (whether or not it is installed: the caller falls back and says so), the `python:` of its
/// `stressjudge.yaml` when it gives one, `None` outside a package (plain `python3`). A
/// `stressjudge.yaml` that cannot be read leaves the default (its own errors are reported
/// where the package is loaded).
pub fn python_of(program: &Path) -> Option<String> {
    static READ: OnceLock<Mutex<BTreeMap<PathBuf, Option<String>>>> = OnceLock::new();
    let absolute = std::path::absolute(program).unwrap_or_else(|_| program.to_path_buf());
    let dir = absolute
        .ancestors()
        .skip(1)
        .find(|dir| dir.join("problem.yaml").is_file())?;
    let mut read = READ
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    read.entry(dir.to_path_buf())
        .or_insert_with(|| {
            Some(
                configured(dir).unwrap_or_else(|| match domjudge_marker(dir) {
                    Some(_) => CPYTHON.to_string(),
                    None => PYPY.to_string(),
                }),
            )
        })
        .clone()
}

/// The CPython interpreter's name on `PATH`, as DOMjudge runs it.
pub const CPYTHON: &str = "python3";

/// Why the package of `program` runs Python 3 with the interpreter [`python_of`] chose, when
/// the package chose it (not its `stressjudge.yaml`): DOMjudge's marker, or Kattis'.
pub fn python_reason(program: &Path) -> Option<String> {
    let absolute = std::path::absolute(program).unwrap_or_else(|_| program.to_path_buf());
    let dir = absolute
        .ancestors()
        .skip(1)
        .find(|dir| dir.join("problem.yaml").is_file())?;
    if configured(dir).is_some() {
        return None;
    }
    Some(match domjudge_marker(dir) {
        Some(marker) => format!(
            "as DOMjudge runs Python 3 (its default configuration runs python3): the package is \
             prepared for DOMjudge ({marker})"
        ),
        None => "as Kattis and problemtools run Python 3 (a Kattis package)".to_string(),
    })
}

/// What shows the package at `dir` is judged by DOMjudge, if anything: its
/// `domjudge-problem.ini`, or the contest files of the folder it sits in.
fn domjudge_marker(dir: &Path) -> Option<String> {
    if dir.join("domjudge-problem.ini").is_file() {
        return Some("domjudge-problem.ini".to_string());
    }
    let contest = dir.parent()?;
    ["problems.yaml", "contest.yaml"]
        .iter()
        .find(|f| contest.join(f).is_file())
        .map(|f| format!("its contest folder holds {f}"))
}

/// The `python:` key of `dir/stressjudge.yaml`, if it gives one.
fn configured(dir: &Path) -> Option<String> {
    let file = dir.join(STRESS_CONFIG_FILE);
    let text = std::fs::read_to_string(&file).ok()?;
    let root = typed::parse::<Table<StressYaml>>(&file, &text).ok()?;
    let (yaml, _) = root.read(&file, STRESS_CONFIG_FILE).ok()?;
    yaml.python.as_ref()?.as_string(&file, "python").ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kattis_package_prefers_pypy_unless_its_stressjudge_yaml_says_otherwise() {
        let root = tempfile::tempdir().unwrap();
        let kattis = root.path().join("kattis");
        std::fs::create_dir_all(kattis.join("submissions/accepted")).unwrap();
        std::fs::write(kattis.join("problem.yaml"), "name: x\n").unwrap();
        let program = kattis.join("submissions/accepted/a.py");
        assert_eq!(python_of(&program).as_deref(), Some(PYPY));
        let chosen = root.path().join("chosen");
        std::fs::create_dir_all(chosen.join("submissions/accepted")).unwrap();
        std::fs::write(chosen.join("problem.yaml"), "name: x\n").unwrap();
        std::fs::write(chosen.join(STRESS_CONFIG_FILE), "python: python3\n").unwrap();
        let program = chosen.join("submissions/accepted/a.py");
        assert_eq!(python_of(&program).as_deref(), Some("python3"));
        assert_eq!(python_of(&root.path().join("loose.py")), None);
    }

    #[test]
    fn a_package_for_domjudge_runs_cpython() {
        let root = tempfile::tempdir().unwrap();
        let contest = root.path().join("contest");
        let problem = contest.join("sets");
        std::fs::create_dir_all(problem.join("submissions/accepted")).unwrap();
        std::fs::write(problem.join("problem.yaml"), "name: x\n").unwrap();
        std::fs::write(contest.join("problems.yaml"), "- id: sets\n").unwrap();
        let program = problem.join("submissions/accepted/a.py");
        assert_eq!(python_of(&program).as_deref(), Some(CPYTHON));
        assert!(python_reason(&program).unwrap().contains("problems.yaml"));
        let ini = root.path().join("ini");
        std::fs::create_dir_all(&ini).unwrap();
        std::fs::write(ini.join("problem.yaml"), "name: x\n").unwrap();
        std::fs::write(ini.join("domjudge-problem.ini"), "timelimit='1'\n").unwrap();
        assert_eq!(python_of(&ini.join("a.py")).as_deref(), Some(CPYTHON));
    }
}
