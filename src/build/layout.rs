//! What a program folder is: `build`/`run` scripts, or source files of one language.
//!
//! The Kattis problem package format: "All programs are always represented by a single file or
//! directory"; a single file is treated as a folder holding only that file. A folder with a
//! `build` or `run` script is built and run by them; any other folder is built by language,
//! found from its files' endings (see [`super::language`]).

use std::path::{Path, PathBuf};

use super::language::{self, Language};
use super::snapshot::Snapshot;
use crate::error::UsageError;

/// A program made of source files of one language.
#[derive(Debug, Clone)]
pub(crate) struct Sources {
    /// The language every source file is in.
    pub language: Language,
    /// All of the program's files (a folder's, or the single file).
    pub snapshot: Snapshot,
    /// The language's source files among them, relative and sorted.
    pub sources: Vec<PathBuf>,
    /// The entry point among the sources (problemtools' `{mainfile}`).
    pub main: PathBuf,
    /// Whether the program is a folder (else a single file in `snapshot.root`).
    pub is_folder: bool,
    /// The class a Java or Kotlin program must start with, when its package declares an entry
    /// point (see [`super::declared`]); else the class is found from the main file.
    pub entry_class: Option<String>,
    /// The Python 3 interpreter its package prefers ([`super::Declared::python`]); `None` is
    /// `$PYTHON` or `python3`.
    pub python: Option<String>,
}

impl Sources {
    /// A fresh working folder of the build cache holding a copy of the program's files, to
    /// compile or check them away from the user's folder.
    pub fn copy_to_work_dir(
        &self,
        cache: &super::cache::Cache,
    ) -> Result<tempfile::TempDir, super::BuildError> {
        let work = cache.work_dir()?;
        self.snapshot
            .write_to(work.path())
            .map_err(|e| cache.failure(work.path(), e))?;
        Ok(work)
    }

    /// The absolute path of the main file where the user keeps it.
    pub fn main_path(&self) -> PathBuf {
        self.snapshot.root.join(&self.main)
    }

    /// `{mainclass}`: the main file's name without its ending.
    pub fn main_stem(&self) -> String {
        self.main
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// How a program folder is built.
#[derive(Debug, Clone)]
pub(crate) enum Layout {
    /// A `build` script (run in a private copy, which must then hold `run`).
    BuildScript(Snapshot),
    /// Only a `run` script: run as it is, in place.
    RunScript(Snapshot),
    /// Source files of one language.
    Sources(Sources),
}

impl Layout {
    /// The program's language.
    pub fn language(&self) -> Language {
        match self {
            Layout::BuildScript(_) => Language::BuildRun,
            Layout::RunScript(_) => Language::Executable,
            Layout::Sources(sources) => sources.language,
        }
    }
}

/// Reads the program folder `root` (absolute) and tells how it is built.
pub(crate) fn of_folder(root: &Path) -> Result<Layout, UsageError> {
    of_folder_in(root, None)
}

/// [`of_folder`], the sources being in `forced` when the package declares their language
/// (then its files with that language's endings are the sources, whatever else is there).
pub(crate) fn of_folder_in(root: &Path, forced: Option<Language>) -> Result<Layout, UsageError> {
    let snapshot = Snapshot::of_folder(root)?;
    if snapshot.file(Path::new("build")).is_some() {
        return Ok(Layout::BuildScript(snapshot));
    }
    if snapshot.file(Path::new("run")).is_some() {
        return Ok(Layout::RunScript(snapshot));
    }
    if let Some(language) = forced {
        let sources = language::sources_in(&snapshot.candidates(), language);
        let Some(main) = language::main_file(&sources).cloned() else {
            return Err(UsageError::new(format!(
                "program folder `{}` is declared to be in {language} but holds no {language} \
                 source (endings {})",
                root.display(),
                language.spec().map_or(String::new(), |s| s
                    .extensions
                    .iter()
                    .map(|e| format!(".{e}"))
                    .collect::<Vec<_>>()
                    .join(", "))
            )));
        };
        return Ok(Layout::Sources(Sources {
            language,
            snapshot,
            sources,
            main,
            is_folder: true,
            entry_class: None,
            python: None,
        }));
    }
    let Some((language, sources)) = language::detect_sources(&snapshot.candidates()) else {
        return Err(UsageError::new(format!(
            "program folder `{}` holds no source file stressjudge knows ({}) and no `build` or \
             `run` script",
            root.display(),
            language::known_endings()
        )));
    };
    let main = language::main_file(&sources)
        .expect("a detected language has a source")
        .clone();
    Ok(Layout::Sources(Sources {
        language,
        snapshot,
        sources,
        main,
        is_folder: true,
        entry_class: None,
        python: None,
    }))
}

/// The single source file `path` (absolute) in `language`, whose bytes were already read.
pub(crate) fn of_file(path: &Path, language: Language, bytes: Vec<u8>) -> Sources {
    let snapshot = Snapshot::of_file(path, bytes);
    let name = snapshot.files[0].relative.clone();
    Sources {
        language,
        snapshot,
        sources: vec![name.clone()],
        main: name,
        is_folder: false,
        entry_class: None,
        python: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_come_before_sources() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("main.cpp"), "").unwrap();
        std::fs::write(dir.path().join("helper.cpp"), "").unwrap();
        std::fs::write(dir.path().join("helper.h"), "").unwrap();
        let Layout::Sources(sources) = of_folder(dir.path()).unwrap() else {
            panic!("sources expected");
        };
        assert_eq!(sources.language, Language::Cpp);
        assert_eq!(sources.sources.len(), 2);
        assert_eq!(sources.main, Path::new("main.cpp"));
        assert_eq!(sources.main_stem(), "main");

        std::fs::write(dir.path().join("run"), "#!/bin/sh\n").unwrap();
        assert!(matches!(
            of_folder(dir.path()).unwrap(),
            Layout::RunScript(_)
        ));
        std::fs::write(dir.path().join("build"), "#!/bin/sh\n").unwrap();
        assert!(matches!(
            of_folder(dir.path()).unwrap(),
            Layout::BuildScript(_)
        ));
    }

    #[test]
    fn a_folder_without_programs_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("README.md"), "").unwrap();
        let message = of_folder(dir.path()).unwrap_err().to_string();
        assert!(message.contains("no source file"), "{message}");
        assert!(
            message.contains(&dir.path().display().to_string()),
            "{message}"
        );
    }
}
