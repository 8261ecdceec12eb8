//! problem.yaml's `constants` (2025-09) and where they are substituted.
//!
//! The spec (2025-09, "Constants"): `constants` maps names (`[a-zA-Z_][a-zA-Z0-9_]*`) to a
//! scalar (integer, float or string) or to a map with a required `value` and optional variants
//! (`tex`, `scientific`, ...). `{{name}}` and `{{name.variant}}` (`{{name.value}}` is
//! `{{name}}`) are replaced by the value in: Markdown statements (not read here), input and
//! output validators, included files, example submissions and `test_group.yaml`. Sequences
//! naming an undefined constant stay as written; test data and problem.yaml are never
//! substituted.
//!
//! Values are written as BAPCtools writes them (`bapctools/problem.py`, `ProblemSettings`):
//! a number `value` as Python's `str()` prints it (`10.0`), a variant only when it is a string
//! (BAPCtools skips a number variant with a warning), an invalid name skipped. BAPCtools also
//! substitutes in generator sources and `generators.yaml` commands ([`super::generators_yaml`]),
//! and does not in submissions (its `test/problems/constants` expects
//! `wrong_answer/constant_in_submission.py` to print `{{FIVE.STRING}}` as written); the spec
//! says example submissions are substituted, and stressjudge follows the spec.
//!
//! A sequence naming no constant is left as written, with one notice naming it and its file
//! ([`undefined_notices`]; the spec: "tools may warn for them").
//!
//! The values fill the build step's [`Constants`], which knows how a sequence is replaced.
//! Nothing here writes a file: the build step makes the substituted copies of programs, and
//! the readers of `test_group.yaml` (its arguments and its scoring keys) and
//! `generators.yaml` substitute the text they read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::typed::{self, Dict, Key, Leaf, Loose, Table};
use crate::build::constants::is_name;
use crate::build::Constants;

/// The one key of problem.yaml read here: `constants`, names to a scalar or to a map of
/// variants.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct ConstantsYaml {
    constants: Option<Dict<Dict<Leaf>>>,
}

/// Reads problem.yaml's `constants` in `dir` (none when the file or key is missing or
/// malformed: problem.yaml's own errors are reported by its reader).
pub fn read(dir: &Path) -> Constants {
    let file = dir.join("problem.yaml");
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Constants::default();
    };
    let Ok(root) = typed::parse::<Table<ConstantsYaml>>(&file, &text) else {
        return Constants::default();
    };
    match root.read(&file, "problem.yaml") {
        Ok((
            ConstantsYaml {
                constants: Some(constants),
            },
            _,
        )) => constants
            .entries_or_leaf()
            .map_or_else(|_| Constants::default(), from_entries),
        _ => Constants::default(),
    }
}

/// The constants of problem.yaml's `constants` entries, written as BAPCtools writes them.
fn from_entries(entries: &[(Key, Dict<Leaf>)]) -> Constants {
    // Python's `str()` of a YAML number: `5`, `10.0`.
    let number = |v: &Loose| match v {
        Loose::Str(s) => Some(s.clone()),
        Loose::Int(i) => Some(i.to_string()),
        Loose::Float(x) => Some(format!("{x:?}")),
        _ => None,
    };
    let mut out = BTreeMap::new();
    for (key, value) in entries {
        if !is_name(&key.name) {
            continue;
        }
        let variants: Vec<(&str, Option<String>)> = match value.entries_or_leaf() {
            Ok(subs) => subs
                .iter()
                .map(|(sub, v)| {
                    let text = match (&v.value, sub.name.as_str()) {
                        (Loose::Str(s), _) => Some(s.clone()),
                        (other, "value") => number(other),
                        _ => None,
                    };
                    (sub.name.as_str(), text)
                })
                .collect(),
            Err(other) => vec![("value", number(&other.value))],
        };
        if !variants
            .iter()
            .any(|(sub, text)| *sub == "value" && text.is_some())
        {
            continue;
        }
        for (sub, text) in variants {
            let Some(text) = text.filter(|_| is_name(sub)) else {
                continue;
            };
            if sub == "value" {
                out.insert(key.name.clone(), text.clone());
            }
            out.insert(format!("{}.{sub}", key.name), text);
        }
    }
    Constants::from_iter(out)
}

/// Where the spec substitutes constants in a package (2025-09, "Constants"): validators,
/// included files and submissions, and as BAPCtools, generators. Test group files are found
/// under `data/`.
const SUBSTITUTED_FOLDERS: &[&str] = &[
    "input_validators",
    "input_format_validators",
    "output_validator",
    "output_validators",
    "include",
    "submissions",
    "generators",
];

/// Files larger than this are not searched for constant sequences (data, not programs).
const SEARCHED_BYTES: u64 = 1 << 20;

/// One line per constant sequence of the package at `dir` that names none of its
/// `constants`, with the file: the spec leaves such a sequence as written ("Any constant
/// sequences referring to undefined constants are not replaced, but tools may warn for
/// them"), as BAPCtools does, warning "Found pattern '{{X}}' but no substitution was
/// provided". A package that defines no constant is not searched (nothing is substituted in
/// it: `{{x}}` there is C++ or a Python format string).
pub(crate) fn undefined_notices(dir: &Path, constants: &Constants) -> Vec<String> {
    let mut notices = Vec::new();
    if constants.is_empty() {
        return notices;
    }
    let mut files = Vec::new();
    for folder in SUBSTITUTED_FOLDERS {
        files_under(&dir.join(folder), 0, &mut |_| true, &mut files);
    }
    let group_file = |name: &str| name == "test_group.yaml" || name == "testdata.yaml";
    files_under(&dir.join("data"), 0, &mut |n| group_file(n), &mut files);
    for file in files {
        let small = std::fs::metadata(&file).is_ok_and(|m| m.len() <= SEARCHED_BYTES);
        let Some(text) = small.then(|| std::fs::read_to_string(&file).ok()).flatten() else {
            continue;
        };
        for name in constants.undefined(&text) {
            notices.push(format!(
                "{}: {{{{{name}}}}} names no constant of problem.yaml; left as written",
                file.display()
            ));
        }
    }
    notices
}

/// The files under `folder` (not hidden, at most 16 folders deep, in name order) whose names
/// `wanted` accepts.
fn files_under(
    folder: &Path,
    depth: usize,
    wanted: &mut dyn FnMut(&str) -> bool,
    out: &mut Vec<PathBuf>,
) {
    if depth > 16 {
        return;
    }
    for (name, path) in super::programs::sorted_entries(folder) {
        if path.is_dir() {
            files_under(&path, depth + 1, wanted, out);
        } else if path.is_file() && wanted(&name.to_string_lossy()) {
            out.push(path);
        }
    }
}

/// The constants of the package a program belongs to: the nearest folder above `program`
/// holding a `problem.yaml` (a validator, submission or included file of the package), read
/// once per folder in a process. Programs outside any package have none.
pub fn constants_of(program: &Path) -> Constants {
    static READ: OnceLock<Mutex<BTreeMap<PathBuf, Constants>>> = OnceLock::new();
    let absolute = std::path::absolute(program).unwrap_or_else(|_| program.to_path_buf());
    let Some(dir) = absolute
        .ancestors()
        .skip(1)
        .find(|dir| dir.join("problem.yaml").is_file())
    else {
        return Constants::default();
    };
    let mut known = READ
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    known
        .entry(dir.to_path_buf())
        .or_insert_with(|| read(dir))
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_yaml(yaml: &str) -> Constants {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("problem.yaml"), yaml).unwrap();
        read(dir.path())
    }

    #[test]
    fn scalars_maps_and_variants_read_as_bapctools_does() {
        let c = read_yaml(
            "constants:\n  FIVE:\n    value: 5\n    STRING: \"five\"\n    NUM: 6\n  SIX: 6\n  F: 10.0\n  \
             NOVALUE:\n    tex: x\n  9bad: 1\n",
        );
        assert_eq!(c.get("FIVE"), Some("5"));
        assert_eq!(c.get("FIVE.value"), Some("5"));
        assert_eq!(c.get("FIVE.STRING"), Some("five"));
        assert_eq!(c.get("FIVE.NUM"), None, "a number variant is skipped");
        assert_eq!(c.get("SIX.value"), Some("6"));
        assert_eq!(c.get("F"), Some("10.0"));
        assert_eq!(
            c.get("NOVALUE.tex"),
            None,
            "no value: the constant is skipped"
        );
        assert_eq!(c.get("9bad"), None);
    }

    #[test]
    fn a_package_is_searched_where_constants_are_substituted() {
        let dir = tempfile::tempdir().unwrap();
        let write = |f: &str, s: &str| {
            let path = dir.path().join(f);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, s).unwrap();
        };
        write("problem.yaml", "constants:\n  N: 7\n");
        write("submissions/accepted/a.py", "print({{N}}, {{M}}, {{M}})\n");
        write("data/secret/g/test_group.yaml", "max_score: {{points}}\n");
        write("data/secret/g/1.in", "{{ignored}}\n");
        write("statement/problem.en.tex", "{{ignored}}\n");
        let notices = undefined_notices(dir.path(), &read(dir.path()));
        assert_eq!(notices.len(), 2, "{notices:?}");
        assert!(notices[0].contains("submissions/accepted/a.py: {{M}} names no constant"));
        assert!(notices[1].contains("data/secret/g/test_group.yaml: {{points}}"));
        assert!(undefined_notices(dir.path(), &Constants::default()).is_empty());
    }

    #[test]
    fn a_program_finds_its_package() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("problem.yaml"), "constants:\n  N: 7\n").unwrap();
        let program = dir.path().join("input_validators/v/v.cpp");
        assert_eq!(constants_of(&program).get("N"), Some("7"));
        assert!(constants_of(Path::new("/nonexistent/x.cpp")).is_empty());
    }
}
