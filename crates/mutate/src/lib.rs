//! stressjudge's mutator (its own crate: it needs nothing else of stressjudge): the mutants of a
//! solution's source, each differing from it in exactly one place, for `stressjudge mutants`.
//!
//! SKELETON: the public API below is what `stressjudge mutants` builds on. The placeholder
//! implementation swaps relational operators found by a plain scan (it does not yet skip strings
//! and comments); the parser-based mutator replaces it behind the same API.
#![deny(missing_docs)]

use std::ops::Range;

/// A language the mutator has rules for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// C (`.c`).
    C,
    /// C++ (`.cpp`, `.cc`, `.cxx`, `.c++`).
    Cpp,
    /// Java (`.java`).
    Java,
    /// Python 3 (`.py`).
    Python,
}

impl Language {
    /// The language of a file name by its extension, `None` for one with no mutation rules.
    pub fn of_file_name(name: &str) -> Option<Language> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match extension.as_str() {
            "c" => Some(Language::C),
            "cpp" | "cc" | "cxx" | "c++" | "cp" => Some(Language::Cpp),
            "java" => Some(Language::Java),
            "py" | "py3" => Some(Language::Python),
            _ => None,
        }
    }
}

/// What a mutant changed, named as the report and its JSON name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// `<` and `<=`, `>` and `>=`, `==` and `!=` swapped.
    Relational,
    /// `+1` or `-1` on an integer literal, a loop bound or an index.
    OffByOne,
    /// `&&` and `||` swapped (`and` and `or` in Python).
    Logical,
    /// `min` and `max` swapped.
    MinMax,
    /// A 64-bit integer type narrowed to 32 bits.
    Narrowing,
    /// A `break`, `continue` or `return` removed.
    Removal,
    /// A `%` or a modulus constant changed.
    Modulus,
    /// An initial value (0, 1, -1, INF) changed.
    InitialValue,
}

impl Operator {
    /// The operator's stable name in reports (snake case).
    pub fn name(self) -> &'static str {
        match self {
            Operator::Relational => "relational",
            Operator::OffByOne => "off_by_one",
            Operator::Logical => "logical",
            Operator::MinMax => "min_max",
            Operator::Narrowing => "narrowing",
            Operator::Removal => "removal",
            Operator::Modulus => "modulus",
            Operator::InitialValue => "initial_value",
        }
    }
}

/// One mutant: the source with one span replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutant {
    /// What kind of change this is.
    pub operator: Operator,
    /// The byte range of the original source that was replaced.
    pub span: Range<usize>,
    /// The 1-based line and column (in characters) where the span starts.
    pub line: usize,
    /// See `line`.
    pub column: usize,
    /// The text that was there.
    pub original: String,
    /// The text put in its place.
    pub replacement: String,
}

impl Mutant {
    /// The whole mutated source.
    pub fn apply(&self, source: &str) -> String {
        let mut text = String::with_capacity(source.len() + self.replacement.len());
        text.push_str(&source[..self.span.start]);
        text.push_str(&self.replacement);
        text.push_str(&source[self.span.end..]);
        text
    }

    /// The mutant as a one-hunk unified diff of `file_name`, three lines of context.
    pub fn diff(&self, source: &str, file_name: &str) -> String {
        let lines: Vec<&str> = source.split_inclusive('\n').collect();
        let index = self.line - 1;
        let first = index.saturating_sub(3);
        let last = (index + 3).min(lines.len() - 1);
        let line_start: usize = lines[..index].iter().map(|l| l.len()).sum();
        let changed = {
            let line = lines[index];
            let from = self.span.start - line_start;
            let to = (self.span.end - line_start).min(line.len());
            format!("{}{}{}", &line[..from], self.replacement, &line[to..])
        };
        let count = last - first + 1;
        let mut out = format!(
            "--- a/{file_name}\n+++ b/{file_name}\n@@ -{},{count} +{},{count} @@\n",
            first + 1,
            first + 1
        );
        for (i, line) in lines.iter().enumerate().take(last + 1).skip(first) {
            if i == index {
                out.push('-');
                out.push_str(line);
                if !line.ends_with('\n') {
                    out.push('\n');
                }
                out.push('+');
                out.push_str(&changed);
                if !changed.ends_with('\n') {
                    out.push('\n');
                }
            } else {
                out.push(' ');
                out.push_str(line);
                if !line.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        out
    }
}

/// Why a source yields no mutants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MutateError {
    /// The parser could not read the source: the first error's 1-based line and what it says.
    Parse {
        /// Line of the first syntax error.
        line: usize,
        /// What is wrong there.
        message: String,
    },
}

impl std::fmt::Display for MutateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MutateError::Parse { line, message } => write!(f, "line {line}: {message}"),
        }
    }
}

impl std::error::Error for MutateError {}

/// Every mutant of `source`, in source order (ties by operator), each differing in one place.
pub fn mutants(source: &str, language: Language) -> Result<Vec<Mutant>, MutateError> {
    let _ = language;
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let two = bytes.get(i..i + 2);
        let (original, replacement, width) = match (bytes[i], two) {
            (_, Some(b"<=")) => ("<=", "<", 2),
            (_, Some(b">=")) => (">=", ">", 2),
            (b'<', _)
                if !matches!(bytes.get(i + 1), Some(b'<')) && i > 0 && bytes[i - 1] != b'<' =>
            {
                ("<", "<=", 1)
            }
            _ => {
                i += 1;
                continue;
            }
        };
        let line = source[..i].matches('\n').count() + 1;
        let column = source[..i]
            .rsplit('\n')
            .next()
            .map_or(0, |l| l.chars().count())
            + 1;
        found.push(Mutant {
            operator: Operator::Relational,
            span: i..i + width,
            line,
            column,
            original: original.to_string(),
            replacement: replacement.to_string(),
        });
        i += width;
    }
    Ok(found)
}
