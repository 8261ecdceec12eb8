//! Programs in a problem folder: submissions, validators and generators are each "a single file
//! or a directory" (format spec, "Programs"). This module only lists them; whether a file can be
//! built and how is the build step's business.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::problem::program::Program;

/// The entries of a directory, in byte order of their names (as problemtools' `sorted(os.listdir())`
/// and the spec's "lexicographical order"), hidden ones (`.git`, `.gitignore`) left out. An
/// unreadable or missing directory has no entries.
pub(crate) fn sorted_entries(dir: &Path) -> Vec<(OsString, PathBuf)> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<(OsString, PathBuf)> = read
        .filter_map(Result::ok)
        .map(|e| (e.file_name(), e.path()))
        .filter(|(name, _)| !name.as_encoded_bytes().starts_with(b"."))
        .collect();
    entries.sort();
    entries
}

/// Why a directory entry is not taken as a program, or `None` if it may be one.
///
/// The heuristic, kept small on purpose (the build step decides what actually builds):
/// documentation and notes (`README*`, `LICENSE*`, `.md`, `.txt`, `.pdf`, `.html`, `.rst`,
/// `.tex`), configuration (`.yaml`, `.yml`, `.json`, `.toml`, `.ini`), C/C++ headers (`.h`,
/// `.hh`, `.hpp`, `.hxx`: support files for the programs beside them, such as `testlib.h`),
/// images, editor and build leftovers (`~`, `.swp`, `.orig`, `.bak`, `.o`, `.pyc`,
/// `__pycache__`), and anything that is neither a file nor a directory (a broken symlink).
pub(crate) fn not_a_program(name: &str, path: &Path) -> Option<&'static str> {
    if !path.is_file() && !path.is_dir() {
        return Some("neither a file nor a folder (a broken link?)");
    }
    let lower = name.to_ascii_lowercase();
    if lower == "__pycache__" || lower.ends_with('~') {
        return Some("a build or editor leftover");
    }
    if lower.starts_with("readme") || lower.starts_with("license") || lower.starts_with("licence") {
        return Some("documentation");
    }
    if path.is_dir() {
        return None;
    }
    let extension = lower.rsplit_once('.').map_or("", |(_, ext)| ext);
    match extension {
        "md" | "txt" | "pdf" | "html" | "htm" | "rst" | "tex" => Some("documentation"),
        "yaml" | "yml" | "json" | "toml" | "ini" => Some("a configuration file"),
        "h" | "hh" | "hpp" | "hxx" => Some("a header, not a program by itself"),
        "png" | "jpg" | "jpeg" | "svg" | "gif" => Some("an image"),
        "swp" | "orig" | "bak" | "o" | "pyc" | "class" => Some("a build or editor leftover"),
        _ => None,
    }
}

/// The programs directly in `dir` (shown as `shown` in notices), in name order; skipped entries
/// become notices.
pub(crate) fn list_programs(dir: &Path, shown: &str, notices: &mut Vec<String>) -> Vec<Program> {
    let mut programs = Vec::new();
    for (name, path) in sorted_entries(dir) {
        let name = name.to_string_lossy();
        match not_a_program(&name, &path) {
            Some(reason) => {
                notices.push(format!("{shown}/{name}: {reason}; not taken as a program"))
            }
            None => programs.push(Program::at(&path)),
        }
    }
    programs
}

/// The form of an input validator (format spec, "Input validators").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputValidatorKind {
    /// A program, run as `validator [args] < input`, exit 42 for a valid input.
    Program,
    /// A checktestdata script (`.ctd`), run as `checktestdata script < input`. The path is the
    /// script itself (the program's folder may hold only it).
    Checktestdata(PathBuf),
    /// A VIVA script (`.viva`), run with VIVA. The path is the script itself.
    Viva(PathBuf),
}

/// One input validator: the program and its form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputValidator {
    /// The validator as listed in `input_validators/`.
    pub program: Program,
    /// Whether it is a program or a script for checktestdata or VIVA.
    pub kind: InputValidatorKind,
}

/// Recognises the form of an input validator: a `.ctd` or `.viva` file, or a folder whose only
/// file is one (ignoring documentation); anything else is a program.
pub(crate) fn input_validator(program: Program) -> InputValidator {
    let script = if program.is_dir {
        let files: Vec<PathBuf> = sorted_entries(&program.path)
            .into_iter()
            .filter(|(name, path)| not_a_program(&name.to_string_lossy(), path).is_none())
            .map(|(_, path)| path)
            .collect();
        match files.as_slice() {
            [only] if only.is_file() => Some(only.clone()),
            _ => None,
        }
    } else {
        Some(program.path.clone())
    };
    let kind = match script
        .as_ref()
        .and_then(|s| s.extension())
        .and_then(|e| e.to_str())
    {
        Some("ctd") => InputValidatorKind::Checktestdata(script.unwrap_or_default()),
        Some("viva") => InputValidatorKind::Viva(script.unwrap_or_default()),
        _ => InputValidatorKind::Program,
    };
    InputValidator { program, kind }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn lists_files_and_folders_in_name_order_skipping_non_programs() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for f in [
            "b.py",
            "A.cpp",
            "a.cpp",
            "README.md",
            "notes.txt",
            "testlib.h",
            ".hidden.py",
            "old.cpp~",
        ] {
            fs::write(d.join(f), "x").unwrap();
        }
        fs::create_dir(d.join("folder")).unwrap();
        fs::create_dir(d.join(".git")).unwrap();
        let mut notices = Vec::new();
        let programs = list_programs(d, "submissions/accepted", &mut notices);
        let names: Vec<&str> = programs.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, vec!["A.cpp", "a.cpp", "b.py", "folder"]);
        assert!(programs[3].is_dir && !programs[0].is_dir);
        assert_eq!(
            notices,
            vec![
                "submissions/accepted/README.md: documentation; not taken as a program",
                "submissions/accepted/notes.txt: documentation; not taken as a program",
                "submissions/accepted/old.cpp~: a build or editor leftover; not taken as a program",
                "submissions/accepted/testlib.h: a header, not a program by itself; not taken as a program",
            ]
        );
    }

    #[test]
    fn stems_drop_the_extension_of_files_only() {
        assert_eq!(
            Program {
                path: "g/gen.py".into(),
                name: "gen.py".into(),
                is_dir: false
            }
            .stem(),
            "gen"
        );
        assert_eq!(
            Program {
                path: "g/gen".into(),
                name: "gen".into(),
                is_dir: true
            }
            .stem(),
            "gen"
        );
        assert_eq!(
            Program {
                path: "g/a.b.c".into(),
                name: "a.b.c".into(),
                is_dir: false
            }
            .stem(),
            "a.b"
        );
    }

    #[test]
    fn input_validators_in_every_form() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::write(d.join("format.ctd"), "INT(1,10)\nNEWLINE\nEOF\n").unwrap();
        fs::write(d.join("check.viva"), "x").unwrap();
        fs::write(d.join("validate.py"), "x").unwrap();
        fs::create_dir(d.join("ctd_folder")).unwrap();
        fs::write(d.join("ctd_folder/input.ctd"), "EOF\n").unwrap();
        fs::write(d.join("ctd_folder/README"), "x").unwrap();
        fs::create_dir(d.join("cpp_folder")).unwrap();
        fs::write(d.join("cpp_folder/validate.cc"), "x").unwrap();
        fs::write(d.join("cpp_folder/validate.h"), "x").unwrap();
        let kinds: Vec<(String, InputValidatorKind)> =
            list_programs(d, "input_validators", &mut Vec::new())
                .into_iter()
                .map(input_validator)
                .map(|v| (v.program.name, v.kind))
                .collect();
        assert_eq!(
            kinds,
            vec![
                (
                    "check.viva".to_string(),
                    InputValidatorKind::Viva(d.join("check.viva"))
                ),
                ("cpp_folder".to_string(), InputValidatorKind::Program),
                (
                    "ctd_folder".to_string(),
                    InputValidatorKind::Checktestdata(d.join("ctd_folder/input.ctd"))
                ),
                (
                    "format.ctd".to_string(),
                    InputValidatorKind::Checktestdata(d.join("format.ctd"))
                ),
                ("validate.py".to_string(), InputValidatorKind::Program),
            ]
        );
    }
}
