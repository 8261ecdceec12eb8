//! Parsing a source with its language's grammar, and the one-line error for a source the grammar
//! cannot read.

use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::{Node, Parser, Tree};

use crate::language::Language;
use crate::tree::{text, walk};

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

/// A parsed source: its tree, the text the tree was parsed from (byte for byte as long as the
/// source, see `loop_macro_calls`), and the ranges where that text differs from the source.
pub(crate) struct Parsed {
    /// The syntax tree, free of errors.
    pub tree: Tree,
    /// The text parsed.
    pub text: String,
    /// The byte ranges rewritten before parsing, which no mutant may touch.
    pub rewritten: Vec<Range<usize>>,
}

/// The syntax tree of `source`, or the first syntax error in it.
///
/// tree-sitter never fails outright: it marks what it could not read with ERROR nodes and what
/// it had to assume with MISSING ones. Either means a mutant's position could be wrong, so the
/// first one (in source order) is the error. One thing compilers read and tree-sitter cannot is
/// handled first: C and C++ loop macros (`#define rep(i, a, b) for (...)` used as
/// `rep(i, 0, n) s += a[i];`), see `loop_macro_calls`.
pub(crate) fn parse(source: &str, language: Language) -> Result<Parsed, MutateError> {
    let mut parser = Parser::new();
    parser
        .set_language(&language.grammar())
        .expect("the grammar crates are built for this tree-sitter's ABI");
    let gave_up = || MutateError::Parse {
        line: 1,
        message: format!("the {} parser gave up on this source", language.name()),
    };
    let mut tree = parser.parse(source, None).ok_or_else(gave_up)?;
    let mut text = source.to_string();
    let mut rewritten = Vec::new();
    if language.is_c_family() && tree.root_node().has_error() {
        rewritten = loop_macro_calls(tree.root_node(), source);
        if !rewritten.is_empty() {
            for range in &rewritten {
                let padding = " ".repeat(range.len() - 2);
                text.replace_range(range.clone(), &format!("if{padding}"));
            }
            tree = parser.parse(&text, None).ok_or_else(gave_up)?;
        }
    }
    match first_error(tree.root_node(), &text, language) {
        Some(error) => Err(error),
        None => Ok(Parsed {
            tree,
            text,
            rewritten,
        }),
    }
}

/// The names of the calls of loop macros, to be rewritten to `if` before parsing.
///
/// A loop macro (`#define rep(i, a, b) for (int i = a; i < b; i++)`, whose body starts with
/// `for`, `while` or `if`, or with another loop macro) is a statement head: its calls are
/// followed by a statement, not a `;`, which tree-sitter (which does not expand macros) reads
/// as a syntax error. With the name overwritten by `if` and spaces (`if (i, 0, n) s += a[i];`)
/// the call parses as a statement head too, with the same length, so every byte offset (and
/// every mutant of the arguments, `rep(i, 1, n)`) stays where it is in the source.
fn loop_macro_calls(root: Node, source: &str) -> Vec<Range<usize>> {
    let mut definitions = Vec::new();
    walk(root, |node, _| {
        if node.kind() == "preproc_function_def" {
            let name = node.child_by_field_name("name").map(|n| text(n, source));
            let body = node
                .child_by_field_name("value")
                .map(|v| text(v, source).trim());
            if let (Some(name), Some(body)) = (name, body) {
                definitions.push((name, body));
            }
            return false;
        }
        true
    });
    let mut loops: HashSet<&str> = HashSet::new();
    loop {
        let before = loops.len();
        for (name, body) in &definitions {
            let head: String = body
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if matches!(head.as_str(), "for" | "while" | "if") || loops.contains(head.as_str()) {
                loops.insert(name);
            }
        }
        if loops.len() == before {
            break;
        }
    }
    let mut calls = Vec::new();
    walk(root, |node, _| {
        if node.kind() == "call_expression" {
            if let Some(function) = node.child_by_field_name("function") {
                let name = text(function, source);
                if function.kind() == "identifier" && name.len() >= 2 && loops.contains(name) {
                    calls.push(function.byte_range());
                }
            }
        }
        true
    });
    calls
}

/// The first ERROR or MISSING node under `root`, as the error it is.
fn first_error(root: Node, source: &str, language: Language) -> Option<MutateError> {
    let mut first = None;
    walk(root, |node, _| {
        if first.is_some() {
            return false;
        }
        if node.is_error() || node.is_missing() {
            first = Some(error_of(node, source, language));
            return false;
        }
        node.has_error()
    });
    first
}

/// The one-line error for an ERROR or MISSING node.
fn error_of(node: Node, source: &str, language: Language) -> MutateError {
    let line = node.start_position().row + 1;
    let message = if node.is_missing() {
        format!(
            "{} syntax error: missing `{}`",
            language.name(),
            node.kind()
        )
    } else {
        let token: String = text(first_leaf(node), source)
            .split_whitespace()
            .next()
            .unwrap_or("")
            .chars()
            .take(30)
            .collect();
        if token.is_empty() {
            format!("{} syntax error", language.name())
        } else {
            format!("{} syntax error at `{token}`", language.name())
        }
    };
    MutateError::Parse { line, message }
}

/// The first leaf (token) under `node`.
fn first_leaf(node: Node) -> Node {
    let mut leaf = node;
    while let Some(child) = leaf.child(0) {
        leaf = child;
    }
    leaf
}
