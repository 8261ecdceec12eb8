//! Headers a package's C and C++ programs take from the tool the package was made with rather
//! than from the package: BAPCtools' `validation.h`.
//!
//! BAPCtools ships `validation.h` in `bapctools/resources/headers/` (its skeleton problem links
//! to it; `bt new_problem` copies it into the package, but BAPCtools' own `test/problems/*`
//! keep a symbolic link out of the package, which dangles once the package is copied alone).
//! A C or C++ program that includes a header it does not hold gets, after the system's
//! headers (`-idirafter`), the folders where such headers are found:
//!
//! 1. `STRESSJUDGE_INCLUDE`: folders separated by `:`;
//! 2. BAPCtools' `resources/headers/` where `bt` is installed: next to a git checkout
//!    (`bin/tools.py` linked as `bt`), in the `site-packages` of the environment `bt` was
//!    installed into by pip or pipx, else where the Python named on `bt`'s `#!` line (or
//!    `python3`) imports `bapctools` from.
//!
//! What the program finds there is part of its content hash. A program including a known
//! tool header found nowhere is refused before it is compiled, with one line saying where
//! to get the header ([`missing`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use super::includes;
use super::snapshot::Snapshot;

/// Headers known to come with a tool, and the tool.
const KNOWN: &[(&str, &str)] = &[("validation.h", "BAPCtools")];

/// Endings of the C and C++ files whose `#include` lines are read.
const C_FAMILY: &[&str] = &["c", "cc", "cpp", "cxx", "c++", "C", "h", "hh", "hpp", "hxx"];

/// The folders searched for headers a program does not hold (see the module documentation),
/// found once per process.
pub(crate) fn include_folders() -> &'static [PathBuf] {
    static FOLDERS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    FOLDERS.get_or_init(|| {
        let mut folders: Vec<PathBuf> = std::env::var_os("STRESSJUDGE_INCLUDE")
            .map(|v| std::env::split_paths(&v).filter(|p| p.is_dir()).collect())
            .unwrap_or_default();
        folders.extend(bapctools_headers());
        folders.dedup();
        folders
    })
}

/// BAPCtools' `resources/headers/` where `bt` is installed, if it is.
fn bapctools_headers() -> Option<PathBuf> {
    let bt = super::find_on_path("bt")?;
    let real = std::fs::canonicalize(&bt).ok()?;
    let bin = real.parent()?;
    let env = bin.parent()?;
    let in_package = |package: PathBuf| {
        let headers = package.join("resources").join("headers");
        headers.join("validation.h").is_file().then_some(headers)
    };
    // A git checkout: `bt` links to `bin/tools.py`, the package is `bapctools/` beside `bin/`.
    if let Some(found) = in_package(env.join("bapctools")) {
        return Some(found);
    }
    // pip or pipx: `ENV/bin/bt`, the package in `ENV/lib/pythonX.Y/site-packages/`.
    if let Ok(entries) = std::fs::read_dir(env.join("lib")) {
        for entry in entries.flatten() {
            for site in ["site-packages", "dist-packages"] {
                if let Some(found) = in_package(entry.path().join(site).join("bapctools")) {
                    return Some(found);
                }
            }
        }
    }
    // Elsewhere: ask the Python that runs `bt` where it imports BAPCtools from.
    let text = std::fs::read(&real).ok()?;
    let python = text
        .strip_prefix(b"#!")
        .and_then(|rest| rest.split(|&b| b == b'\n').next())
        .and_then(|line| std::str::from_utf8(line).ok())
        .and_then(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [env, python, ..] if env.ends_with("/env") => Some(python.to_string()),
                [python, ..] => Some(python.to_string()),
                [] => None,
            }
        })
        .unwrap_or_else(|| "python3".to_string());
    let mut command = std::process::Command::new(python);
    command.args([
        "-c",
        "import os, bapctools; print(os.path.dirname(bapctools.__file__))",
    ]);
    let finished = super::process::run(command, Duration::from_secs(20)).ok()?;
    if !finished.status.success() {
        return None;
    }
    let package = String::from_utf8(finished.stdout).ok()?;
    in_package(PathBuf::from(package.trim()))
}

/// The names a program's C and C++ files include that it does not hold itself (neither beside
/// the including file nor at the program's root; for a single source, nor in its folder).
fn unresolved(snapshot: &Snapshot, is_folder: bool) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for file in &snapshot.files {
        let ending = file
            .relative
            .extension()
            .map(|e| e.to_string_lossy())
            .unwrap_or_default();
        if !C_FAMILY.contains(&ending.as_ref()) {
            continue;
        }
        let beside = file.relative.parent().unwrap_or(Path::new(""));
        for name in includes::included_names(&file.bytes) {
            let held = snapshot.file(&beside.join(&name)).is_some()
                || snapshot.file(Path::new(&name)).is_some()
                || (!is_folder && snapshot.root.join(&name).is_file());
            if !held {
                names.insert(name);
            }
        }
    }
    names
}

/// A folder of [`include_folders`] holding headers a program includes but does not hold.
pub(crate) struct Found {
    /// The folder, for the include path.
    pub folder: PathBuf,
    /// The headers found there and the local headers they include: name and contents, for the
    /// content hash.
    pub headers: Vec<(String, Vec<u8>)>,
}

/// The folders of [`include_folders`] that hold headers the program includes but does not
/// hold.
pub(crate) fn needed(snapshot: &Snapshot, is_folder: bool) -> Vec<Found> {
    let names = unresolved(snapshot, is_folder);
    if names.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for folder in include_folders() {
        let mut found = Vec::new();
        for name in &names {
            let Ok(bytes) = std::fs::read(folder.join(name)) else {
                continue;
            };
            for (header, inner) in includes::local_headers(folder, &bytes) {
                found.push((header.to_string_lossy().into_owned(), inner));
            }
            found.push((name.clone(), bytes));
        }
        if !found.is_empty() {
            out.push(Found {
                folder: folder.clone(),
                headers: found,
            });
        }
    }
    out
}

/// Why the program at `path` (a file or folder) cannot be built here: it includes a tool's
/// header (`validation.h`) that it does not hold and that is in no folder of
/// [`include_folders`]; `None` when it can (or is no C or C++ program).
pub fn missing(path: &Path) -> Option<String> {
    let is_folder = path.is_dir();
    let snapshot = if is_folder {
        Snapshot::of_folder(path).ok()?
    } else {
        Snapshot::of_file(path, std::fs::read(path).ok()?)
    };
    let names = unresolved(&snapshot, is_folder);
    let (name, tool) = KNOWN.iter().find(|(name, _)| {
        names.contains(*name) && !include_folders().iter().any(|f| f.join(name).is_file())
    })?;
    let folder = if is_folder { path } else { path.parent()? };
    let dangling = std::fs::read_link(folder.join(name))
        .ok()
        .map(|target| format!(" (its link to {} leads nowhere)", target.display()))
        .unwrap_or_default();
    Some(format!(
        "it includes {tool}' header `{name}`, which is not in the package{dangling} and not found: \
         install {tool} (`pip install bapctools`, with `bt` on PATH) or set STRESSJUDGE_INCLUDE \
         to a folder holding {name}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_the_program_holds_are_resolved() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join("sub")).unwrap();
        std::fs::write(
            root.join("v.cpp"),
            "#include \"validation.h\"\n#include \"sub/a.h\"\n#include <vector>\n",
        )
        .unwrap();
        std::fs::write(root.join("sub/a.h"), "#include \"b.h\"\n").unwrap();
        std::fs::write(root.join("sub/b.h"), "").unwrap();
        std::os::unix::fs::symlink("../nowhere/validation.h", root.join("validation.h")).unwrap();
        let snapshot = Snapshot::of_folder(root).unwrap();
        let names: Vec<String> = unresolved(&snapshot, true).into_iter().collect();
        assert_eq!(names, ["validation.h"]);
    }
}
