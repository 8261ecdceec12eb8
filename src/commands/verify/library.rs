//! What verify checks: the solutions library of the built-in problems on disk,
//! `solutions/PROBLEM/VERDICT_FOLDER/FILE`, following the Kattis / ICPC problem package
//! convention (`accepted`, `wrong_answer`, `time_limit_exceeded`, `run_time_error`, plus
//! `memory_limit_exceeded` and `output_limit_exceeded`), and the submissions of a problem
//! folder with the Kattis expectations of their category.

use std::path::{Path, PathBuf};

use crate::build::Declared;
use crate::error::UsageError;
use crate::judge::expectation::{Judged, JudgedTest};
use crate::judge::expectation_model::Expectation;
use crate::judge::Verdict;
use crate::problem::submission::Submission;

/// The verdict folders and the verdict each promises.
pub const FOLDERS: [(&str, Verdict); 6] = [
    ("accepted", Verdict::AC),
    ("wrong_answer", Verdict::WA),
    ("time_limit_exceeded", Verdict::TLE),
    ("run_time_error", Verdict::RE),
    ("memory_limit_exceeded", Verdict::MLE),
    ("output_limit_exceeded", Verdict::OLE),
];

/// What a solution's folder promises.
#[derive(Debug, Clone, PartialEq)]
pub enum Expected {
    /// The library's rule: the first non-AC verdict found (tests, then stress) is this one.
    Verdict(Verdict),
    /// A problem folder's rule (Kattis): every verdict is permitted by the category, and one is
    /// required by it; a memory overrun satisfies `run_time_error`. Also what
    /// `submissions.yaml`, `@EXPECTED_RESULTS@` or the folder names of DOMjudge and BAPCtools
    /// say (one model, [`Expectation`]).
    Kattis {
        /// The category folder, e.g. `run_time_error`.
        category: String,
        /// What its verdicts must satisfy.
        expectation: Expectation,
        /// Where the expectation comes from (`folder name`, `submissions.yaml`, ...).
        source: String,
    },
}

impl Expected {
    /// A short label for tables: `WA`, or a folder category's main verdict.
    pub fn label(&self) -> String {
        match self {
            Expected::Verdict(v) => v.name().to_string(),
            Expected::Kattis { expectation, .. } => expectation.label.clone(),
        }
    }

    /// Where a problem folder's expectation comes from.
    pub fn source(&self) -> Option<&str> {
        match self {
            Expected::Verdict(_) => None,
            Expected::Kattis { source, .. } => Some(source),
        }
    }

    /// Every promise broken by a solution whose first non-AC verdict is `got` and whose tests
    /// went as `judged` says, one line each; empty when the promise is kept.
    pub fn broken_promises(&self, got: Verdict, judged: &Judged) -> Vec<String> {
        match self {
            Expected::Verdict(v) if got == *v => Vec::new(),
            Expected::Verdict(v) => vec![format!("got {got}, expected {v}")],
            Expected::Kattis { expectation, .. } => expectation.broken_promises(judged),
        }
    }

    /// The category folder of a problem folder's submission.
    pub fn category(&self) -> Option<&str> {
        match self {
            Expected::Verdict(_) => None,
            Expected::Kattis { category, .. } => Some(category),
        }
    }

    /// Whether a solution whose first non-AC verdict is `got` (AC when none), after getting
    /// `verdicts` in test order (stress last), keeps the promise.
    pub fn is_met(&self, got: Verdict, verdicts: &[Verdict]) -> bool {
        let judged = Judged {
            compiled: got != Verdict::CE,
            tests: verdicts
                .iter()
                .map(|v| JudgedTest {
                    name: String::new(),
                    verdict: *v,
                    message: String::new(),
                })
                .collect(),
            ..Judged::default()
        };
        self.broken_promises(got, &judged).is_empty()
    }
}

/// One solution with what its folder promises.
#[derive(Debug, Clone, PartialEq)]
pub struct LibrarySolution {
    /// Problem id (the first folder level of the library, or the problem folder).
    pub problem: String,
    /// Path of the source file or program folder.
    pub path: PathBuf,
    /// Where its path is shown from (the folder of its problem).
    pub root: PathBuf,
    /// What its folder promises.
    pub expected: Expected,
    /// The language and entry point its package declares for it.
    pub declared: Declared,
}

/// The submissions of a problem folder `id`, shown relative to `root` (see
/// [`crate::problem::folder::Folder::submissions_root`]).
pub fn from_folder(id: &str, root: &Path, submissions: &[Submission]) -> Vec<LibrarySolution> {
    submissions
        .iter()
        .map(|s| LibrarySolution {
            problem: id.to_string(),
            path: s.program.path.clone(),
            root: root.to_path_buf(),
            expected: Expected::Kattis {
                category: s.category.clone(),
                expectation: s.expected.clone(),
                source: s.expectation_source.clone(),
            },
            declared: declared(s),
        })
        .collect()
}

/// The language and entry point a package declares for submission `s`, and its package's
/// `constants`, as the build step takes them.
pub fn declared(s: &Submission) -> Declared {
    Declared {
        language: s.language.clone(),
        entrypoint: s.entrypoint.clone(),
        ..crate::problem::package_build_for(&s.program.path).declared
    }
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
                root: dir.clone(),
                expected: Expected::Verdict(expected),
                declared: Declared::default(),
            }));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_sources_by_folder_and_skips_the_rest() {
        let root = tempfile::tempdir().unwrap();
        let p = root.path().join("toy");
        for (folder, file) in [
            ("accepted", "a.cpp"),
            ("accepted", "b.py"),
            ("accepted", "README.md"),
            ("wrong_answer", "w.rs"),
            ("time_limit_exceeded", "t.c"),
            ("tools", "gen.py"),
        ] {
            std::fs::create_dir_all(p.join(folder)).unwrap();
            std::fs::write(p.join(folder).join(file), "x").unwrap();
        }
        let found = discover(root.path(), &["toy"]).unwrap();
        let names: Vec<(String, Expected)> = found
            .iter()
            .map(|s| {
                let name = s.path.file_name().unwrap().to_string_lossy().to_string();
                (name, s.expected.clone())
            })
            .collect();
        assert_eq!(
            names,
            [
                ("a.cpp".to_string(), Expected::Verdict(Verdict::AC)),
                ("b.py".to_string(), Expected::Verdict(Verdict::AC)),
                ("w.rs".to_string(), Expected::Verdict(Verdict::WA)),
                ("t.c".to_string(), Expected::Verdict(Verdict::TLE)),
            ]
        );
        let err = discover(root.path(), &["other"]).unwrap_err().to_string();
        assert!(err.contains("no solutions for `other`"), "{err}");
        assert!(discover(&root.path().join("nope"), &["toy"]).is_err());
    }
}
