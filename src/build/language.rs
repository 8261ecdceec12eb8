//! Which language a program is in: by file ending for sources (and the `#!` line to tell
//! Python 2 from Python 3), by content for executables.
//!
//! Detection follows Kattis problemtools (`languages.yaml`): every file of a program whose name
//! matches a language's endings is *evidence* for that language, except that a `.py` file is
//! evidence for Python 2 only when its first line matches `^#!.*python2\b`; the language with
//! the most evidence wins, ties going to the higher problemtools priority (C++ 1000, C 950,
//! Python 2 860, Python 3 850, Java 800, Rust 575, Kotlin 250). The program's sources are then
//! every file matching the winner's endings. So one `.py` file is Python 2 exactly when it has a
//! python2 `#!` line, and a folder of `.py` files is Python 2 only when every one of them has.

use std::fmt;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::error::UsageError;

/// How a program is built and run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// `.c`, compiled with `gcc -O2 -std=c17 ... -lm`.
    C,
    /// `.cpp`, `.cc`, `.cxx`, `.c++` or `.C`, compiled with `g++ -O2 -std=c++17`.
    Cpp,
    /// `.rs`, compiled with `rustc -O --edition 2021`.
    Rust,
    /// `.py` or `.py3`, run with `-B` by the real interpreter behind `$PYTHON` or `python3`.
    Python,
    /// `.py2`, or `.py` with a python2 `#!` line, run with `-B` by the real interpreter behind
    /// `$PYTHON2` or `python2`.
    Python2,
    /// `.java`, compiled with `javac` and run by `java` with judging flags (see [`super::jvm`]).
    Java,
    /// `.kt`, compiled with `kotlinc` and run by `java` with the Kotlin standard library.
    Kotlin,
    /// Any other executable file: a binary or a `#!` script, run as it is; also a program folder
    /// holding only a `run` script.
    Executable,
    /// A program folder with a `build` script, run by its `run` script (Kattis convention).
    BuildRun,
    /// A shell command run by `/bin/sh -c`.
    Command,
}

impl Language {
    /// The name shown in reports.
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "C",
            Language::Cpp => "C++",
            Language::Rust => "Rust",
            Language::Python => "Python",
            Language::Python2 => "Python 2",
            Language::Java => "Java",
            Language::Kotlin => "Kotlin",
            Language::Executable => "executable",
            Language::BuildRun => "build/run",
            Language::Command => "command",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A source language of the detection table.
struct Entry {
    language: Language,
    /// problemtools' tie-breaking priority.
    priority: u32,
    /// File endings (after the last dot, case-sensitive) of its source files.
    endings: &'static [&'static str],
    /// Endings whose files count as evidence only with a python2 `#!` line.
    shebang_endings: &'static [&'static str],
}

/// The source languages stressjudge builds, with problemtools' endings and priorities.
const TABLE: [Entry; 7] = [
    Entry {
        language: Language::Cpp,
        priority: 1000,
        endings: &["cc", "cpp", "cxx", "c++", "C"],
        shebang_endings: &[],
    },
    Entry {
        language: Language::C,
        priority: 950,
        endings: &["c"],
        shebang_endings: &[],
    },
    Entry {
        language: Language::Python2,
        priority: 860,
        endings: &["py", "py2"],
        shebang_endings: &["py"],
    },
    Entry {
        language: Language::Python,
        priority: 850,
        endings: &["py", "py3"],
        shebang_endings: &[],
    },
    Entry {
        language: Language::Java,
        priority: 800,
        endings: &["java"],
        shebang_endings: &[],
    },
    Entry {
        language: Language::Rust,
        priority: 575,
        endings: &["rs"],
        shebang_endings: &[],
    },
    Entry {
        language: Language::Kotlin,
        priority: 250,
        endings: &["kt"],
        shebang_endings: &[],
    },
];

/// The endings stressjudge knows, for messages.
pub(crate) const KNOWN_ENDINGS: &str =
    ".c, .cpp, .cc, .cxx, .c++, .C, .rs, .py, .py2, .py3, .java, .kt";

/// The ending of a file name: the text after its last dot (none for dot files).
fn ending(name: &Path) -> Option<&str> {
    let name = name.file_name()?.to_str()?;
    let (stem, ending) = name.rsplit_once('.')?;
    (!stem.is_empty()).then_some(ending)
}

/// Whether `first_line` is a `#!` line naming python2 (problemtools' `^#!.*python2\b`).
pub(crate) fn is_python2_shebang(first_line: &[u8]) -> bool {
    if !first_line.starts_with(b"#!") {
        return false;
    }
    let needle = b"python2";
    first_line
        .windows(needle.len())
        .enumerate()
        .any(|(at, window)| {
            window == needle
                && first_line
                    .get(at + needle.len())
                    .is_none_or(|&next| !(next.is_ascii_alphanumeric() || next == b'_'))
        })
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
    let evidence = |entry: &Entry| {
        files
            .iter()
            .filter(|file| match ending(file.relative) {
                Some(end) if entry.endings.contains(&end) => {
                    !entry.shebang_endings.contains(&end) || is_python2_shebang(file.first_line)
                }
                _ => false,
            })
            .count()
    };
    let (best, count) = TABLE
        .iter()
        .map(|entry| (entry, evidence(entry)))
        .max_by_key(|(entry, count)| (*count, entry.priority))?;
    if count == 0 {
        return None;
    }
    let mut sources: Vec<PathBuf> = files
        .iter()
        .filter(|file| ending(file.relative).is_some_and(|end| best.endings.contains(&end)))
        .map(|file| file.relative.to_path_buf())
        .collect();
    sources.sort();
    Some((best.language, sources))
}

/// The main file of a program with several sources (problemtools' `{mainfile}`): the only
/// source, else the one named `main.*` in any letter case, else the first in name order.
pub(crate) fn main_file(sources: &[PathBuf]) -> Option<&PathBuf> {
    let is_main = |path: &&PathBuf| {
        path.file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.split_once('.'))
            .is_some_and(|(stem, _)| stem.eq_ignore_ascii_case("main"))
    };
    sources.iter().find(is_main).or_else(|| sources.first())
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
    let candidate = Candidate {
        relative: name,
        first_line: &first_line,
    };
    if let Some((language, _)) = detect_sources(&[candidate]) {
        return Ok(language);
    }
    if !metadata.is_file() || metadata.permissions().mode() & 0o111 == 0 {
        return Err(UsageError::new(format!(
            "candidate `{shown}` has an unknown extension and is not executable \
             (expected {KNOWN_ENDINGS} or an executable file)"
        )));
    }
    if !starts_like_executable(&first_line) {
        return Err(UsageError::new(format!(
            "candidate `{shown}` is executable but neither an ELF binary nor a script with a #! line"
        )));
    }
    Ok(Language::Executable)
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
        assert_eq!(main_file(&[]), None);
    }
}
