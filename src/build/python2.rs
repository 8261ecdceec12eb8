//! Python 2 code in `.py` files that do not say so. Contest packages from 2015 to 2018 carry
//! graders, validators and submissions written for Python 2 without a `#!` line; read as
//! Python 3 (as problemtools and the language table do) they do not even compile.
//!
//! The rule: a Python 3 program none of whose sources starts with `#!` that fails Python 3's
//! syntax check and passes Python 2's runs as Python 2, with one note saying why (a
//! `#!/usr/bin/env python2` line makes the choice explicit and silences it). When no working
//! Python 2 is found, the compile error says the code looks like Python 2 where Python 3's
//! message shows it.
//!
//! Python 2 is found as `$PYTHON2`, else the first of `python2` and `python2.7` on `PATH` that
//! answers (a pyenv shim without a selected 2.x version fails and is passed over), else the
//! newest 2.x under pyenv's `versions/` folder (`$PYENV_ROOT`, default `~/.pyenv`).

use std::path::{Path, PathBuf};

use super::cache::Cache;
use super::layout::Sources;
use super::python::{self, Checked};
use super::toolchain::Tool;
use super::{BuildError, BuildOptions, Language};

/// Python 3's messages for Python 2 constructs (`print x`, `exec code`, `except E, e:`, octal
/// `0777`, backticks, `ur''`, `<>`).
const PYTHON2_SIGNS: [&str; 8] = [
    "Missing parentheses in call to 'print'",
    "Missing parentheses in call to 'exec'",
    "multiple exception types must be parenthesized",
    "leading zeros in decimal integer literals are not permitted",
    "invalid token",
    "Did you mean print(",
    "use an 0o prefix for octal integers",
    "Did you mean to use '!='",
];

/// The sources of a program whose Python 3 syntax check failed with `message`, checked and run
/// as Python 2 when the rule above says so; otherwise the Python 3 compile error (with a
/// hint when the code looks like Python 2 but no Python 2 works here).
pub(crate) fn instead_of_python3(
    sources: &Sources,
    options: &BuildOptions,
    cache: &Cache,
    message: String,
) -> Result<Checked, BuildError> {
    let says_its_language = sources.sources.iter().any(|relative| {
        sources
            .snapshot
            .file(relative)
            .is_some_and(|f| f.first_line().starts_with(b"#!"))
    });
    if sources.language != Language::Python || says_its_language {
        return Err(BuildError::Compile(message));
    }
    let as_python2 = Sources {
        language: Language::Python2,
        ..sources.clone()
    };
    match python::prepare(&as_python2, options, cache) {
        Ok(checked) => {
            let shown = sources.main_path();
            crate::cache_entry::note_once(
                &format!("python2 {}", checked.content_hash),
                &format!(
                    "{} runs as Python 2: it fails Python 3's syntax check ({}) and passes \
                     Python 2's (a `#!/usr/bin/env python2` first line says so explicitly)",
                    shown.display(),
                    super::compile_error_line(&message)
                ),
            );
            Ok(checked)
        }
        Err(BuildError::Unavailable(why)) if looks_like_python2(&message) => {
            Err(BuildError::Compile(format!(
                "{} (the file looks like Python 2, and no Python 2 works here to run it: {why})\n{message}",
                super::compile_error_line(&message)
            )))
        }
        // Not Python 2 either (or no Python 2 to tell): Python 3's error stands.
        Err(BuildError::Compile(_) | BuildError::Unavailable(_)) => {
            Err(BuildError::Compile(message))
        }
        Err(e) => Err(e),
    }
}

/// Whether Python 3's syntax error names a Python 2 construct.
fn looks_like_python2(message: &str) -> bool {
    PYTHON2_SIGNS.iter().any(|sign| message.contains(sign))
}

/// The Python 2 interpreters to try when `$PYTHON2` is not set, in order.
pub(crate) fn candidates() -> Vec<Tool> {
    let mut tools: Vec<Tool> = ["python2", "python2.7"]
        .into_iter()
        .filter_map(|name| {
            Some(Tool {
                program: super::find_on_path(name)?,
                leading_args: Vec::new(),
                name: name.to_string(),
            })
        })
        .collect();
    let root = std::env::var_os("PYENV_ROOT")
        .filter(|r| !r.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".pyenv")));
    if let Some(root) = root {
        for version in pyenv_versions(&root.join("versions")) {
            let program = version.join("bin/python2");
            if program.is_file() {
                tools.push(Tool {
                    name: program.display().to_string(),
                    program,
                    leading_args: Vec::new(),
                });
            }
        }
    }
    tools
}

/// pyenv's 2.x installations under `versions`, newest first.
fn pyenv_versions(versions: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(versions) else {
        return Vec::new();
    };
    let mut found: Vec<(Vec<u64>, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let numbers: Vec<u64> = name
                .split('.')
                .map(|part| part.parse().ok())
                .collect::<Option<_>>()?;
            (numbers.first() == Some(&2)).then(|| (numbers, entry.path()))
        })
        .collect();
    found.sort();
    found.into_iter().rev().map(|(_, path)| path).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python3_messages_for_python2_code_are_recognised() {
        assert!(looks_like_python2(
            "  File \"g.py\", line 3\n    print \"AC 0\"\nSyntaxError: Missing parentheses in call to 'print'. Did you mean print(\"AC 0\")?"
        ));
        assert!(!looks_like_python2(
            "SyntaxError: invalid syntax (unclosed bracket)"
        ));
    }

    #[test]
    fn pyenv_versions_are_the_2x_ones_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["2.7.9", "2.7.18", "3.11.7", "system", "2.6.1"] {
            std::fs::create_dir(dir.path().join(name)).unwrap();
        }
        let names: Vec<String> = pyenv_versions(dir.path())
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["2.7.18", "2.7.9", "2.6.1"]);
    }
}
