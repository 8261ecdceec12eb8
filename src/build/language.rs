//! Which kind of candidate a file is: by extension for sources, by content for executables.

use std::fmt;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::error::UsageError;

/// How a candidate is built and run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// `.c`, compiled with `gcc -O2 -std=c17 ... -lm`.
    C,
    /// `.cpp`, `.cc` or `.cxx`, compiled with `g++ -O2 -std=c++17`.
    Cpp,
    /// `.rs`, compiled with `rustc -O --edition 2021`.
    Rust,
    /// `.py`, run with `-B` by the real interpreter behind `$PYTHON` or `python3` on `PATH`.
    Python,
    /// Any other executable file: a binary or a `#!` script, run as it is.
    Executable,
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
            Language::Executable => "executable",
            Language::Command => "command",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The language of the file at `path`, or a one-line error naming the path.
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
    let by_extension = match path.extension().and_then(|e| e.to_str()) {
        Some("c") => Some(Language::C),
        Some("cpp" | "cc" | "cxx") => Some(Language::Cpp),
        Some("rs") => Some(Language::Rust),
        Some("py") => Some(Language::Python),
        _ => None,
    };
    if let Some(language) = by_extension {
        return Ok(language);
    }
    if !metadata.is_file() || metadata.permissions().mode() & 0o111 == 0 {
        return Err(UsageError::new(format!(
            "candidate `{shown}` has an unknown extension and is not executable \
             (expected .c, .cpp, .cc, .cxx, .rs, .py or an executable file)"
        )));
    }
    if !starts_like_executable(path) {
        return Err(UsageError::new(format!(
            "candidate `{shown}` is executable but neither an ELF binary nor a script with a #! line"
        )));
    }
    Ok(Language::Executable)
}

/// Whether the file begins as something `execve` can run: an ELF header or a `#!` line.
fn starts_like_executable(path: &Path) -> bool {
    let mut head = [0u8; 4];
    let read = std::fs::File::open(path).and_then(|mut f| {
        let mut filled = 0;
        while filled < head.len() {
            match f.read(&mut head[filled..])? {
                0 => break,
                n => filled += n,
            }
        }
        Ok(filled)
    });
    match read {
        Ok(n) => head[..n].starts_with(b"#!") || head[..n] == *b"\x7fELF",
        Err(_) => false,
    }
}
