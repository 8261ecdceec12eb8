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
        .or_insert_with(|| Some(configured(dir).unwrap_or_else(|| PYPY.to_string())))
        .clone()
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
}
