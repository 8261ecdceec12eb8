//! What a problem package declares about building one of its submissions: `language` and
//! `entrypoint` in `submissions/submissions.yaml` (2025-09), `langid` and `entry_point` in
//! DOMjudge's `submissions.json`.
//!
//! The 2025-09 spec ("Languages and compilation"): "The language of a submission program is
//! determined by the `language` key in `submissions.yaml` if present; otherwise, by comparing
//! the file extensions [...]. For languages where there could be several entry points, the
//! entry point specified by the `entrypoint` key [...] is used if present; otherwise, the
//! default entry point in the languages table is used." The entry point is "a filename, class
//! name, or some other identifier" (spec, static validators): a file of the program (its path
//! or its name) becomes `{mainfile}`; for Java and Kotlin it may also be the class to start
//! (`Main`, `MainKt`), as BAPCtools passes it on as `{mainclass}` (`run.py`,
//! `Submission._get_entry_point`).

use std::path::{Path, PathBuf};

use super::constants::Constants;
use super::language::Language;
use super::layout::Sources;
use super::table::{self, Builder};
use super::BuildError;
use crate::error::UsageError;

/// A submission's declared language and entry point, and the package's constants; all
/// optional (nothing declared builds the program as [`super::build`] would).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Declared {
    /// The language, by the spec's code (`python3`), an alias of the language table
    /// (DOMjudge's `py3`, `golang`) or its name (`Python 3`).
    pub language: Option<String>,
    /// The entry point: a file of the program, or (Java, Kotlin) the class to start.
    pub entrypoint: Option<String>,
    /// The package's 2025-09 `constants`, substituted in the program's files (and its
    /// included files) before it is built (see [`super::substituted`]).
    pub constants: Constants,
    /// The Python 3 interpreter the package prefers, a name on `PATH` or a path (its reader's
    /// choice: [`super::PYPY`] for a Kattis package, whose judge runs PyPy); `$PYTHON` still
    /// wins.
    pub python: Option<String>,
}

/// How a problem's reader says one of its programs is built: what its package declares for it
/// and the folder whose files are included in its build (2025-09 `include/`). The default is
/// the plain build of a program outside any package.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BuildPlan {
    /// The declared language, entry point, constants and interpreter.
    pub declared: Declared,
    /// The folder of files included in the build, if any (see [`super::build_with_included`]).
    pub include: Option<PathBuf>,
}

impl Declared {
    /// Whether nothing is declared.
    pub fn is_empty(&self) -> bool {
        self.language.is_none()
            && self.entrypoint.is_none()
            && self.constants.is_empty()
            && self.python.is_none()
    }

    /// Nothing declared but the package's `constants`.
    pub fn with_constants(constants: Constants) -> Declared {
        Declared {
            constants,
            ..Declared::default()
        }
    }

    /// The same declaration for a copy whose constants are already substituted.
    pub(crate) fn substituted(&self) -> Declared {
        Declared {
            constants: Constants::default(),
            ..self.clone()
        }
    }

    /// The declared language; a name the language table does not know is a language this
    /// machine cannot build ([`BuildError::Unavailable`], so the submission is skipped).
    pub(crate) fn language(&self) -> Result<Option<Language>, BuildError> {
        let Some(name) = &self.language else {
            return Ok(None);
        };
        match table::table().find(name) {
            Some(spec) => Ok(Language::from_id(&spec.id)),
            None => Err(BuildError::Unavailable(format!(
                "language `{name}` declared for it is not in the language table (known ids: {}; \
                 a languages.yaml of your own can add it)",
                table::table()
                    .languages
                    .iter()
                    .map(|l| l.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// Sets `sources`' main file (and, for Java and Kotlin, the class to start) from the
    /// declared entry point: a path relative to the program, else the one file with that name,
    /// else (Java, Kotlin) the source whose class it names, else (Java, Kotlin) a class name.
    /// An entry point naming nothing of another language's program is an error naming it.
    pub(crate) fn choose_entry(&self, sources: &mut Sources) -> Result<(), BuildError> {
        let Some(entry) = &self.entrypoint else {
            return Ok(());
        };
        let wanted = entry.trim().trim_start_matches("./");
        let jvm = sources
            .language
            .spec()
            .is_some_and(|s| s.builder == Builder::Jvm);
        let files: Vec<&Path> = sources
            .snapshot
            .files
            .iter()
            .map(|f| f.relative.as_path())
            .collect();
        let named: Vec<&Path> = files
            .iter()
            .copied()
            .filter(|f| f.file_name().is_some_and(|n| n == wanted))
            .collect();
        let found = files
            .iter()
            .copied()
            .find(|f| *f == Path::new(wanted))
            .or_else(|| (named.len() == 1).then(|| named[0]))
            .or_else(|| {
                jvm.then(|| {
                    sources
                        .sources
                        .iter()
                        .map(PathBuf::as_path)
                        .find(|s| class_of(sources.language, s) == wanted)
                })
                .flatten()
            })
            .map(Path::to_path_buf);
        match found {
            Some(file) => {
                if jvm {
                    sources.entry_class = Some(class_of(sources.language, &file));
                }
                if !sources.sources.contains(&file) {
                    sources.sources.push(file.clone());
                    sources.sources.sort();
                }
                sources.main = file;
            }
            None if jvm && !wanted.is_empty() => sources.entry_class = Some(wanted.to_string()),
            None => {
                return Err(UsageError::new(format!(
                    "entrypoint `{entry}` declared for `{}` names no file of it",
                    shown(sources)
                ))
                .into())
            }
        }
        Ok(())
    }
}

/// The class a JVM source file starts as (problemtools' `{mainclass}` for Java, `{Mainclass}Kt`
/// for Kotlin).
fn class_of(language: Language, file: &Path) -> String {
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if language != Language::Kotlin {
        return stem;
    }
    let mut chars = stem.chars();
    let capitalised: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{capitalised}Kt")
}

/// The program as messages name it: its folder, or its single file.
fn shown(sources: &Sources) -> String {
    if sources.is_folder {
        sources.snapshot.root.display().to_string()
    } else {
        sources.main_path().display().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_found_by_id_alias_or_name() {
        let of = |name: &str| {
            Declared {
                language: Some(name.to_string()),
                ..Declared::default()
            }
            .language()
        };
        assert_eq!(of("python3").unwrap(), Some(Language::Python));
        assert_eq!(of("py3").unwrap(), Some(Language::Python));
        assert_eq!(of("Python 3").unwrap(), Some(Language::Python));
        assert_eq!(of("KT").unwrap(), Some(Language::Kotlin));
        assert_eq!(of("golang").unwrap().map(Language::id), Some("go"));
        assert!(matches!(of("algol68"), Err(BuildError::Unavailable(_))));
        assert_eq!(Declared::default().language().unwrap(), None);
    }

    #[test]
    fn kotlin_classes_are_capitalised_with_kt() {
        assert_eq!(class_of(Language::Kotlin, Path::new("main.kt")), "MainKt");
        assert_eq!(class_of(Language::Java, Path::new("a/Sol.java")), "Sol");
    }
}
