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
//! Nothing here writes a file: the build step makes the substituted copies of programs, and
//! the readers of `test_group.yaml` (its arguments and its scoring keys) and
//! `generators.yaml` substitute the text they read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::typed::{self, Dict, Key, Leaf, Loose, Table};

/// The one key of problem.yaml read here: `constants`, names to a scalar or to a map of
/// variants.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct ConstantsYaml {
    constants: Option<Dict<Dict<Leaf>>>,
}

/// The constants of one package: `NAME` and `NAME.VARIANT` to their text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Constants(BTreeMap<String, String>);

impl Constants {
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
                .map_or_else(|_| Constants::default(), Constants::from_entries),
            _ => Constants::default(),
        }
    }

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
        Constants(out)
    }

    /// From `NAME` / `NAME.VARIANT` to text pairs (for tests and other readers).
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Constants {
        Constants(
            pairs
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// Whether the package defines none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The text of `NAME` or `NAME.VARIANT`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// `text` with every `{{NAME}}` / `{{NAME.VARIANT}}` of a defined constant replaced (the
    /// matches BAPCtools' `CONSTANT_SUBSTITUTE_REGEX` finds, scanning left to right); `None`
    /// when nothing is replaced.
    pub fn substitute(&self, text: &str) -> Option<String> {
        if self.0.is_empty() || !text.contains("{{") {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        let mut replaced = false;
        while let Some(at) = rest.find("{{") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            let value = after
                .find("}}")
                .and_then(|end| Some((end, self.0.get(&after[..end])?)));
            match value {
                Some((end, value)) => {
                    out.push_str(value);
                    rest = &after[end + 2..];
                    replaced = true;
                }
                None => {
                    // `{{{A}}}`: the match may start one brace later.
                    out.push('{');
                    rest = &rest[at + 1..];
                }
            }
        }
        out.push_str(rest);
        replaced.then_some(out)
    }

    /// The text of the file at `path` with the constants substituted: how a test group's
    /// settings file (`test_group.yaml`, `testdata.yaml`) is read, whole, for its arguments
    /// and its scoring keys alike.
    pub(crate) fn read_substituted(&self, path: &Path) -> std::io::Result<String> {
        let text = std::fs::read_to_string(path)?;
        Ok(self.substitute(&text).unwrap_or(text))
    }

    /// The constant sequences of `text` (`{{NAME}}`, `{{NAME.VARIANT}}`: the matches of
    /// BAPCtools' `CONSTANT_SUBSTITUTE_REGEX`, left to right) that name no constant here, in
    /// order, each once: what [`Constants::substitute`] leaves as written.
    pub fn undefined<'t>(&self, text: &'t str) -> Vec<&'t str> {
        let mut found: Vec<&str> = Vec::new();
        let mut rest = text;
        while let Some(at) = rest.find("{{") {
            let after = &rest[at + 2..];
            match sequence_name(after) {
                Some(name) => {
                    if !self.0.contains_key(name) && !found.contains(&name) {
                        found.push(name);
                    }
                    rest = &after[name.len() + 2..];
                }
                // `{{{A}}}`: the match may start one brace later.
                None => rest = &rest[at + 1..],
            }
        }
        found
    }

    /// [`Constants::substitute`] on a file's bytes: text only (a file that is not UTF-8 is
    /// left alone, as BAPCtools skips files it cannot read as text).
    pub fn substitute_bytes(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        let text = std::str::from_utf8(bytes).ok()?;
        self.substitute(text).map(String::into_bytes)
    }
}

/// The `NAME` or `NAME.VARIANT` at the start of `text` when `}}` follows it.
fn sequence_name(text: &str) -> Option<&str> {
    let end = text.find("}}")?;
    let name = &text[..end];
    let mut parts = name.splitn(2, '.');
    let whole = parts.next().is_some_and(is_name) && parts.next().is_none_or(is_name);
    whole.then_some(name)
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

/// Whether `name` is a constant or variant name of the spec (`[a-zA-Z_][a-zA-Z0-9_]*`).
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
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
    let mut read = READ
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    read.entry(dir.to_path_buf())
        .or_insert_with(|| Constants::read(dir))
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> Constants {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("problem.yaml"), yaml).unwrap();
        Constants::read(dir.path())
    }

    #[test]
    fn scalars_maps_and_variants_read_as_bapctools_does() {
        let c = read(
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
    fn only_defined_names_are_replaced() {
        let c = read("constants:\n  A: 1\n  B:\n    value: 2\n    tex: two\n");
        assert_eq!(
            c.substitute("x {{A}} {{B.tex}} {{B.value}} {{C}} {{ A }} {{{A}}}")
                .as_deref(),
            Some("x 1 two 2 {{C}} {{ A }} {1}")
        );
        assert_eq!(c.substitute("{{C}} and {"), None);
        assert_eq!(Constants::default().substitute("{{A}}"), None);
        assert_eq!(c.substitute_bytes(b"\xff{{A}}"), None, "not text");
    }

    #[test]
    fn undefined_sequences_are_found_once_each() {
        let c = read("constants:\n  A: 1\n  B:\n    value: 2\n    tex: two\n");
        assert_eq!(
            c.undefined("{{A}} {{C}} {{B.tex}} {{B.x}} {{C}} {{ D }} {{1x}} {{{E}}} {{F.g.h}}"),
            vec!["C", "B.x", "E"]
        );
        assert!(c.undefined("vector<vector<int>> v{{1, 2}};").is_empty());
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
        let notices = undefined_notices(dir.path(), &Constants::read(dir.path()));
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
