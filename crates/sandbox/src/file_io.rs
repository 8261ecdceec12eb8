//! File I/O, a way of running: the program reads its input from a named file in its working
//! directory and/or writes its answer to one (Polygon's `<judging input-file="game.in"
//! output-file="game.out">`, USACO's `game.in`/`game.out`).
//!
//! As on Codeforces, a stream replaced by a file is not connected: with an input file, stdin is
//! empty; with an output file, what the program prints on stdout is still bounded by the output
//! limit but is not its answer. A missing output file is an empty answer (a wrong answer, as
//! Polygon and Codeforces judge it).
//!
//! The same value says where else a program meets files: whether its working directory is
//! read-only to it, and whether it runs in its own folder instead (see [`FileIo::read_only_dir`]
//! and [`FileIo::run_in`]).

use std::fmt;
use std::path::PathBuf;

/// The files a program reads its input from and writes its answer to, instead of stdin and
/// stdout; `None` keeps that standard stream.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileIo {
    /// Name of the input file in the working directory (e.g. `game.in`).
    pub input: Option<String>,
    /// Name of the answer file in the working directory (e.g. `game.out`).
    pub output: Option<String>,
    /// The working directory is read-only to the program: creating a file there fails (`/tmp`
    /// stays writable). A problem package's submissions run so, as the 2025-09 format's
    /// `allow_file_writing: false` (its default) says ("submissions can only read from files")
    /// and as DOMjudge runs them (its judgedaemon runs the submission as another user in a
    /// folder that user cannot write). Under full isolation the working directory's mount is
    /// read-only for the run; under basic isolation it is `chmod 555` (which a candidate running
    /// as the same user could undo, and root ignores). Ignored with an output file, which the
    /// program must create there.
    pub read_only_dir: bool,
    /// The folder the program runs in instead of a fresh working directory: its own build
    /// folder, holding its files (the build step's `stressjudge::build::Program::run_in`), so a
    /// script finds its other files by relative paths as DOMjudge's run scripts let it (they
    /// `cd` to the program's folder first) and the 2025-09 format's working directory holds
    /// the submission's files. Read-only under full isolation (bound so); ignored with file
    /// I/O, whose files live in the fresh working directory.
    pub run_in: Option<PathBuf>,
}

impl FileIo {
    /// Whether both streams are the standard ones.
    pub fn is_standard(&self) -> bool {
        self.input.is_none() && self.output.is_none()
    }

    /// These names where given, else `base`'s (flags over a package's own names).
    pub fn over(&self, base: &FileIo) -> FileIo {
        FileIo {
            input: self.input.clone().or_else(|| base.input.clone()),
            output: self.output.clone().or_else(|| base.output.clone()),
            read_only_dir: self.read_only_dir || base.read_only_dir,
            run_in: self.run_in.clone().or_else(|| base.run_in.clone()),
        }
    }

    /// The file I/O a package names (`None` is a standard stream), each name checked with
    /// [`FileIo::check_name`]: the first bad one is the error.
    pub fn named(input: Option<String>, output: Option<String>) -> Result<FileIo, String> {
        for name in input.iter().chain(&output) {
            FileIo::check_name(name)?;
        }
        Ok(FileIo {
            input,
            output,
            ..FileIo::default()
        })
    }

    /// Checks that `name` is a plain file name (no `/`, not `.` or `..`, not empty): the file
    /// lives in the run's working directory and nowhere else.
    pub fn check_name(name: &str) -> Result<(), String> {
        if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\0']) {
            return Err(format!(
                "`{name}` is not a plain file name (the file is made in the program's working \
                 directory)"
            ));
        }
        Ok(())
    }
}

impl fmt::Display for FileIo {
    /// `reads game.in, writes game.out` (standard streams named as such).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "reads {}, writes {}",
            self.input.as_deref().unwrap_or("stdin"),
            self.output.as_deref().unwrap_or("stdout")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain_file_names() {
        assert!(FileIo::check_name("game.in").is_ok());
        assert!(FileIo::check_name("input").is_ok());
        for bad in ["", ".", "..", "a/b", "/etc/passwd", "../x", "a\0b"] {
            assert!(FileIo::check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn flags_override_a_package_per_stream() {
        let package = FileIo {
            input: Some("a.in".into()),
            output: Some("a.out".into()),
            ..FileIo::default()
        };
        let flags = FileIo {
            input: Some("b.in".into()),
            output: None,
            ..FileIo::default()
        };
        let both = flags.over(&package);
        assert_eq!(both.input.as_deref(), Some("b.in"));
        assert_eq!(both.output.as_deref(), Some("a.out"));
        assert_eq!(both.to_string(), "reads b.in, writes a.out");
        assert!(FileIo::default().is_standard());
    }
}
