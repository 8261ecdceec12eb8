//! Which language a program is in: by file ending for sources (and the first line, for the
//! endings two languages share), by content for executables. The languages, their endings and
//! priorities are the language table's (see [`super::table`]).
//!
//! Detection follows Kattis problemtools (`languages.yaml`): every file of a program whose name
//! matches a language's endings is *evidence* for that language, except that a file with one of
//! its `shebang_extensions` is evidence only when its first line matches its `shebang` (a `.py`
//! file is Python 2 only with a `#!...python2` line; a `.pl` file is Perl only when it starts
//! with a comment, else Prolog); the language with the most evidence wins, ties going to the
//! higher priority (C++ 1000, C 950, Python 2 860, Python 3 850, Java 800, ...). The program's
//! sources are then every file matching the winner's endings. So one `.py` file is Python 2
//! exactly when it has a python2 `#!` line, and a folder of `.py` files is Python 2 only when
//! every one of them has.

use std::fmt;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::table::{self, LanguageSpec};
use crate::error::UsageError;

/// How a program is built and run: a language of the table (see [`super::table`]), or one of
/// the ways programs run as they are ([`Language::Executable`], [`Language::BuildRun`],
/// [`Language::Command`]).
///
/// A language is its table id; the constants name the ones stressjudge's own builders handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Language(&'static str);

// The constants keep the names the languages had as enum variants.
#[allow(non_upper_case_globals)]
impl Language {
    /// `.c`, compiled with `gcc -O2 -std=c17 ... -lm`.
    pub const C: Language = Language("c");
    /// `.cpp`, `.cc`, `.cxx`, `.c++` or `.C`, compiled with `g++ -O2 -std=c++17`.
    pub const Cpp: Language = Language("cpp");
    /// `.rs`, compiled with `rustc -O --edition 2021`.
    pub const Rust: Language = Language("rust");
    /// `.py` or `.py3`, run with `-B` by the real interpreter behind `$PYTHON` or `python3`.
    pub const Python: Language = Language("python3");
    /// `.py2`, or `.py` with a python2 `#!` line, run with `-B` by the real interpreter behind
    /// `$PYTHON2` or `python2`.
    pub const Python2: Language = Language("python2");
    /// `.java`, compiled with `javac` and run by `java` with judging flags (see [`super::jvm`]).
    pub const Java: Language = Language("java");
    /// `.kt`, compiled with `kotlinc` and run by `java` with the Kotlin standard library.
    pub const Kotlin: Language = Language("kotlin");
    /// Any other executable file: a binary or a `#!` script, run as it is; also a program folder
    /// holding only a `run` script.
    pub const Executable: Language = Language("executable");
    /// A program folder with a `build` script, run by its `run` script (Kattis convention).
    pub const BuildRun: Language = Language("buildrun");
    /// A shell command run by `/bin/sh -c`.
    pub const Command: Language = Language("command");

    /// The language of the table with id `id` (e.g. `cpp`, `go`).
    pub fn from_id(id: &str) -> Option<Language> {
        table::table()
            .get(id)
            .map(|spec| Language(spec.id.as_str()))
    }

    /// Its id: the table's key (`cpp`, `python3`, ...), or `executable`, `buildrun`, `command`.
    pub fn id(self) -> &'static str {
        self.0
    }

    /// Its entry in the language table; `None` for programs run as they are.
    pub fn spec(self) -> Option<&'static LanguageSpec> {
        table::table().get(self.0)
    }

    /// The name shown in reports.
    pub fn name(self) -> &'static str {
        match self {
            Language::Executable => "executable",
            Language::BuildRun => "build/run",
            Language::Command => "command",
            other => other.spec().map_or(other.0, |spec| spec.name.as_str()),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The endings stressjudge knows, for messages.
pub(crate) fn known_endings() -> String {
    table::table().known_endings()
}

/// The ending of a file name: the text after its last dot (none for dot files).
fn ending(name: &Path) -> Option<&str> {
    let name = name.file_name()?.to_str()?;
    let (stem, ending) = name.rsplit_once('.')?;
    (!stem.is_empty()).then_some(ending)
}

/// Whether `first_line` is a `#!` line naming python2 (problemtools' `^#!.*python2\b`).
#[cfg(test)]
pub(crate) fn is_python2_shebang(first_line: &[u8]) -> bool {
    let python2 = table::table().get("python2").expect("python2 in the table");
    matches_shebang(python2, first_line)
}

/// Whether a first line matches a language's `shebang` pattern.
fn matches_shebang(spec: &LanguageSpec, first_line: &[u8]) -> bool {
    let line = String::from_utf8_lossy(first_line);
    spec.shebang.as_ref().is_some_and(|re| re.is_match(&line))
}

/// A file considered for detection: its path relative to the program and its first line.
pub(crate) struct Candidate<'a> {
    /// Path relative to the program (for a single file: its name).
    pub relative: &'a Path,
    /// The file's first line (at most a few hundred bytes are needed).
    pub first_line: &'a [u8],
}

/// The language of a program made of `files` and its source files (sorted), by problemtools'
/// rule; `None` when no file has a known ending.
pub(crate) fn detect_sources(files: &[Candidate<'_>]) -> Option<(Language, Vec<PathBuf>)> {
    let has = |list: &[String], end: &str| list.iter().any(|e| e == end);
    let evidence = |spec: &LanguageSpec| {
        files
            .iter()
            .filter(|file| match ending(file.relative) {
                Some(end) if has(&spec.extensions, end) => {
                    !has(&spec.shebang_extensions, end) || matches_shebang(spec, file.first_line)
                }
                _ => false,
            })
            .count()
    };
    let (best, count) = table::table()
        .languages
        .iter()
        .map(|spec| (spec, evidence(spec)))
        .max_by_key(|(spec, count)| (*count, spec.priority))?;
    if count == 0 {
        return None;
    }
    let mut sources: Vec<PathBuf> = files
        .iter()
        .filter(|file| ending(file.relative).is_some_and(|end| has(&best.extensions, end)))
        .map(|file| file.relative.to_path_buf())
        .collect();
    sources.sort();
    Some((Language(best.id.as_str()), sources))
}

/// The main file of a program with several sources (problemtools' `{mainfile}`): the only
/// source, else the one named `main.*` in any letter case, else `__main__.*` (the 2025-09
/// languages table's default entry point of Python, a package's `__main__.py` beside its
/// `__init__.py`), else the first in name order.
pub(crate) fn main_file(sources: &[PathBuf]) -> Option<&PathBuf> {
    let stem_is = |path: &&PathBuf, wanted: &str| {
        path.file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.split_once('.'))
            .is_some_and(|(stem, _)| stem.eq_ignore_ascii_case(wanted))
    };
    sources
        .iter()
        .find(|p| stem_is(p, "main"))
        .or_else(|| sources.iter().find(|p| stem_is(p, "__main__")))
        .or_else(|| sources.first())
}

/// The files among `files` with one of `language`'s endings (sorted): the sources of a program
/// whose language is declared rather than detected.
pub(crate) fn sources_in(files: &[Candidate<'_>], language: Language) -> Vec<PathBuf> {
    let Some(spec) = language.spec() else {
        return Vec::new();
    };
    let mut sources: Vec<PathBuf> = files
        .iter()
        .filter(|file| {
            ending(file.relative).is_some_and(|end| spec.extensions.iter().any(|e| e == end))
        })
        .map(|file| file.relative.to_path_buf())
        .collect();
    sources.sort();
    sources
}

/// The first line of a file (up to 256 bytes), empty if it cannot be read.
pub(crate) fn first_line_of(path: &Path) -> Vec<u8> {
    let mut head = Vec::with_capacity(256);
    let _ = std::fs::File::open(path).and_then(|f| f.take(256).read_to_end(&mut head));
    let end = head.iter().position(|&b| b == b'\n').unwrap_or(head.len());
    head.truncate(end);
    head
}

/// The language of the single file at `path`, or a one-line error naming the path.
pub(crate) fn detect(path: &Path) -> Result<Language, UsageError> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => UsageError::new(format!("candidate `{shown}` not found")),
        _ => UsageError::new(format!("cannot open candidate `{shown}`: {e}")),
    })?;
    if metadata.is_dir() {
        return Err(UsageError::new(format!(
            "candidate `{shown}` is a directory, expected a source file or an executable"
        )));
    }
    let first_line = first_line_of(path);
    let name = Path::new(path.file_name().unwrap_or_default());
    let executable = metadata.is_file() && metadata.permissions().mode() & 0o111 != 0;
    if let Some(language) = of_single_file(name, &first_line, executable) {
        return Ok(language);
    }
    if !executable {
        return Err(UsageError::new(format!(
            "candidate `{shown}` has an unknown extension and is not executable \
             (expected {} or an executable file)",
            known_endings()
        )));
    }
    if !starts_like_executable(&first_line) {
        return Err(UsageError::new(format!(
            "candidate `{shown}` is executable but neither an ELF binary nor a script with a #! line"
        )));
    }
    Ok(Language::Executable)
}

/// The language of a single file called `name` (its first line and whether it has an execute
/// bit given): a source by its ending, else an executable (ELF or `#!` script with an execute
/// bit); `None` when it is neither. An executable `#!` script of a language whose table entry
/// says `shebang_runs` (the shells) runs as it is, by the interpreter its `#!` line names.
pub(crate) fn of_single_file(name: &Path, first_line: &[u8], executable: bool) -> Option<Language> {
    let runs_itself = executable && starts_like_executable(first_line);
    let candidate = Candidate {
        relative: name,
        first_line,
    };
    match detect_sources(&[candidate]) {
        Some((language, _))
            if runs_itself
                && first_line.starts_with(b"#!")
                && language.spec().is_some_and(|s| s.shebang_runs) =>
        {
            Some(Language::Executable)
        }
        Some((language, _)) => Some(language),
        None if runs_itself => Some(Language::Executable),
        None => None,
    }
}

/// Whether a file's first bytes are something `execve` can run: an ELF header or a `#!` line.
pub(crate) fn starts_like_executable(head: &[u8]) -> bool {
    head.starts_with(b"#!") || head.starts_with(b"\x7fELF")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detect_names(files: &[(&str, &str)]) -> Option<(Language, Vec<PathBuf>)> {
        let candidates: Vec<Candidate<'_>> = files
            .iter()
            .map(|(name, line)| Candidate {
                relative: Path::new(name),
                first_line: line.as_bytes(),
            })
            .collect();
        detect_sources(&candidates)
    }

    #[test]
    fn python2_needs_its_shebang() {
        for line in [
            "#!/usr/bin/env python2",
            "#!/usr/bin/python2.7",
            "#! /opt/python2",
        ] {
            assert!(is_python2_shebang(line.as_bytes()), "{line}");
        }
        for line in [
            "#!/usr/bin/env python3",
            "#!/usr/bin/python",
            "# python2",
            "#!/usr/bin/python27",
            "",
        ] {
            assert!(!is_python2_shebang(line.as_bytes()), "{line}");
        }
        let one = |line| detect_names(&[("a.py", line)]).unwrap().0;
        assert_eq!(one("#!/usr/bin/env python2"), Language::Python2);
        assert_eq!(one("import sys"), Language::Python);
        assert_eq!(detect_names(&[("a.py2", "")]).unwrap().0, Language::Python2);
        assert_eq!(detect_names(&[("a.py3", "")]).unwrap().0, Language::Python);
        // A folder is Python 2 only when every .py file says so.
        let mixed = [("main.py", "#!/usr/bin/python2"), ("util.py", "x = 1")];
        assert_eq!(detect_names(&mixed).unwrap().0, Language::Python);
    }

    #[test]
    fn the_language_with_most_files_wins_and_ties_follow_priority() {
        let (language, sources) =
            detect_names(&[("validate.cc", ""), ("validate.h", ""), ("README", "")]).unwrap();
        assert_eq!(language, Language::Cpp);
        assert_eq!(sources, [PathBuf::from("validate.cc")]);
        let (language, sources) =
            detect_names(&[("b.py", ""), ("a.py", ""), ("x.cpp", ""), ("y.C", "")]).unwrap();
        assert_eq!(
            language,
            Language::Cpp,
            "2 C++ vs 2 Python: C++ has priority"
        );
        assert_eq!(sources, [PathBuf::from("x.cpp"), PathBuf::from("y.C")]);
        assert_eq!(
            detect_names(&[("a.c", ""), ("b.c", ""), ("m.cpp", "")])
                .unwrap()
                .0,
            Language::C
        );
        assert_eq!(
            detect_names(&[("Main.java", "")]).unwrap().0,
            Language::Java
        );
        assert_eq!(
            detect_names(&[("main.kt", "")]).unwrap().0,
            Language::Kotlin
        );
        assert_eq!(detect_names(&[("notes.txt", ""), (".c", "")]), None);
    }

    #[test]
    fn the_main_file_follows_problemtools() {
        let paths = |names: &[&str]| names.iter().map(PathBuf::from).collect::<Vec<_>>();
        assert_eq!(
            main_file(&paths(&["a.py", "lib/MAIN.py", "z.py"])),
            Some(&PathBuf::from("lib/MAIN.py"))
        );
        assert_eq!(
            main_file(&paths(&["b.py", "c.py"])),
            Some(&PathBuf::from("b.py"))
        );
        assert_eq!(
            main_file(&paths(&["domain.py", "x.py"])),
            Some(&PathBuf::from("domain.py"))
        );
        assert_eq!(
            main_file(&paths(&["__init__.py", "__main__.py", "util.py"])),
            Some(&PathBuf::from("__main__.py"))
        );
        assert_eq!(main_file(&[]), None);
    }
}
