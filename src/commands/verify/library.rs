//! The solutions library on disk: `solutions/PROBLEM/VERDICT_FOLDER/FILE`, following the Kattis /
//! ICPC problem package convention (`accepted`, `wrong_answer`, `time_limit_exceeded`,
//! `run_time_error`, plus `memory_limit_exceeded` and `output_limit_exceeded`).

use std::path::{Path, PathBuf};

use crate::compare::Verdict;
use crate::error::UsageError;

/// The verdict folders and the verdict each promises.
pub const FOLDERS: [(&str, Verdict); 6] = [
    ("accepted", Verdict::AC),
    ("wrong_answer", Verdict::WA),
    ("time_limit_exceeded", Verdict::TLE),
    ("run_time_error", Verdict::RE),
    ("memory_limit_exceeded", Verdict::MLE),
    ("output_limit_exceeded", Verdict::OLE),
];

/// One solution of the library with the verdict its folder promises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibrarySolution {
    /// Problem id (the first folder level).
    pub problem: String,
    /// Path of the program: a source file, an executable or a program folder.
    pub path: PathBuf,
    /// The verdict its folder promises.
    pub expected: Verdict,
}

/// True for paths that are solutions: whatever the build step recognises as a program (a
/// source file, an executable, or a program folder).
fn is_solution(path: &Path) -> bool {
    crate::build::recognise(path).is_some()
}

/// Lists the library's solutions for `problems`, sorted by problem order, folder order, name.
/// A problem with no folder in the library is an error.
pub fn discover(root: &Path, problems: &[&str]) -> Result<Vec<LibrarySolution>, UsageError> {
    if !root.is_dir() {
        return Err(UsageError::new(format!(
            "solutions folder {} does not exist",
            root.display()
        )));
    }
    let mut found = Vec::new();
    for &problem in problems {
        let dir = root.join(problem);
        if !dir.is_dir() {
            return Err(UsageError::new(format!(
                "no solutions for `{problem}`: {} does not exist",
                dir.display()
            )));
        }
        for (folder, expected) in FOLDERS {
            let Ok(entries) = std::fs::read_dir(dir.join(folder)) else {
                continue;
            };
            let mut paths: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| is_solution(p))
                .collect();
            paths.sort();
            found.extend(paths.into_iter().map(|path| LibrarySolution {
                problem: problem.to_string(),
                path,
                expected,
            }));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_programs_by_folder_and_skips_the_rest() {
        let root = tempfile::tempdir().unwrap();
        let p = root.path().join("toy");
        for (folder, file) in [
            ("accepted", "a.cpp"),
            ("accepted", "b.py"),
            ("accepted", "README.md"),
            ("accepted", "multi/main.cpp"),
            ("accepted", "multi/util.h"),
            ("accepted", "notes/README.md"),
            ("wrong_answer", "w.rs"),
            ("time_limit_exceeded", "t.c"),
            ("tools", "gen.py"),
        ] {
            let path = p.join(folder).join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        let found = discover(root.path(), &["toy"]).unwrap();
        let names: Vec<(String, Verdict)> = found
            .iter()
            .map(|s| {
                let name = s.path.file_name().unwrap().to_string_lossy().to_string();
                (name, s.expected)
            })
            .collect();
        assert_eq!(
            names,
            [
                ("a.cpp".to_string(), Verdict::AC),
                ("b.py".to_string(), Verdict::AC),
                ("multi".to_string(), Verdict::AC),
                ("w.rs".to_string(), Verdict::WA),
                ("t.c".to_string(), Verdict::TLE),
            ]
        );
        let err = discover(root.path(), &["other"]).unwrap_err().to_string();
        assert!(err.contains("no solutions for `other`"), "{err}");
        assert!(discover(&root.path().join("nope"), &["toy"]).is_err());
    }
}
