//! The solution `mutants` mutates: its source read, its language told by its file name, and its
//! mutants made by [`crate::mutate`]; each of the three failing is the user's input error, said
//! in one line naming the file (and the line the parser stopped at).

use std::path::{Path, PathBuf};

use stressjudge_mutate::{self as mutate, Language, Mutant, MutateError};

use crate::error::UsageError;

/// The original solution and its mutants, each kept once: two changes that give the same
/// source (or the source itself) are one mutant.
#[derive(Debug, Clone)]
pub struct Original {
    /// The path as the user (or the package) named it.
    pub path: PathBuf,
    /// Its file name, which every mutant keeps (a Java class must match its file).
    pub file_name: String,
    /// Its text.
    pub source: String,
    /// Its language, as the mutator knows it.
    pub language: Language,
    /// The distinct mutants, in source order.
    pub mutants: Vec<Mutant>,
    /// Mutants left out because another one (or the source itself) reads the same.
    pub duplicates: usize,
}

/// The mutator's name of a language, as reports show it.
pub fn language_name(language: Language) -> &'static str {
    match language {
        Language::C => "C",
        Language::Cpp => "C++",
        Language::Java => "Java",
        Language::Python => "Python",
    }
}

impl Original {
    /// Reads `path` and makes its mutants; a file that cannot be read, a language without
    /// mutation rules or a source the parser cannot read is a one-line error.
    pub fn read(path: &Path) -> Result<Original, UsageError> {
        if path.is_dir() {
            return Err(UsageError::new(format!(
                "{}: a program folder; mutants mutates one source file (C, C++, Java or Python)",
                path.display()
            )));
        }
        let file_name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let language = Language::of_file_name(&file_name).ok_or_else(|| {
            UsageError::new(format!(
                "{}: no mutation rules for this language (mutants knows C, C++, Java and \
                 Python)",
                path.display()
            ))
        })?;
        let bytes = std::fs::read(path)
            .map_err(|e| UsageError::new(format!("cannot read {}: {e}", path.display())))?;
        let source = String::from_utf8(bytes)
            .map_err(|_| UsageError::new(format!("{}: not UTF-8 text", path.display())))?;
        let found = mutate::mutants(&source, language).map_err(|e| match e {
            MutateError::Parse { line, message } => UsageError::new(format!(
                "{}:{line}: the {} parser cannot read the source: {message}",
                path.display(),
                language_name(language)
            )),
        })?;
        let (mutants, duplicates) = distinct(&source, found);
        Ok(Original {
            path: path.to_path_buf(),
            file_name,
            source,
            language,
            mutants,
            duplicates,
        })
    }
}

/// `found` without the mutants whose text another one (earlier) already has, or that read as
/// the source itself; and how many were left out.
fn distinct(source: &str, found: Vec<Mutant>) -> (Vec<Mutant>, usize) {
    let mut seen = std::collections::HashSet::new();
    seen.insert(source.to_string());
    let total = found.len();
    let kept: Vec<Mutant> = found
        .into_iter()
        .filter(|m| m.span.end <= source.len() && seen.insert(m.apply(source)))
        .collect();
    let left_out = total - kept.len();
    (kept, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_without_rules_and_a_missing_file_are_one_line_errors() {
        let dir = tempfile::tempdir().unwrap();
        let rust = dir.path().join("sol.rs");
        std::fs::write(&rust, "fn main() {}\n").unwrap();
        let e = Original::read(&rust).unwrap_err().to_string();
        assert!(e.contains("no mutation rules"), "{e}");
        assert!(!e.contains('\n'));
        let e = Original::read(&dir.path().join("none.cpp"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("cannot read"), "{e}");
    }

    #[test]
    fn the_same_text_twice_is_one_mutant() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.py");
        std::fs::write(&path, "n = int(input())\nprint(1 if n < 2 else 0)\n").unwrap();
        let original = Original::read(&path).unwrap();
        let texts: std::collections::HashSet<String> = original
            .mutants
            .iter()
            .map(|m| m.apply(&original.source))
            .collect();
        assert_eq!(texts.len(), original.mutants.len());
        assert!(!texts.contains(&original.source));
        assert!(original
            .mutants
            .iter()
            .any(|m| m.original == "<" && m.replacement == "<="));
    }
}
