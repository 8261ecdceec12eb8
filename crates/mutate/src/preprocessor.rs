//! The C and C++ code the compiler never sees, so that no mutant lands there (it would be
//! equivalent by construction, and cost a build and a stress budget for nothing):
//! - the body of `#if 0`;
//! - the branch of `#ifdef NAME` / `#ifndef NAME` not taken, NAME counting as defined when the
//!   file `#define`s it or it is a compiler's own (`__GNUC__`): the judges' compile commands
//!   define nothing else, so the popular `#ifdef LOCAL` debugging blocks are dropped;
//! - the arguments of a call of a macro with an empty definition (`#define debug(...)`, the
//!   other half of those blocks).

use std::collections::HashSet;

use tree_sitter::Node;

use crate::tree::{text, walk};

/// What the preprocessor definitions of one C or C++ file leave out of the compiled code.
#[derive(Default)]
pub(crate) struct Preprocessor<'s> {
    /// The names the file `#define`s.
    defined: HashSet<&'s str>,
    /// The function-like macros the file defines (somewhere) as nothing.
    silent: HashSet<&'s str>,
}

impl<'s> Preprocessor<'s> {
    /// The definitions of the file whose tree is `root`.
    pub fn of(root: Node, source: &'s str) -> Preprocessor<'s> {
        let mut found = Preprocessor::default();
        walk(root, |node, _| {
            if !matches!(node.kind(), "preproc_def" | "preproc_function_def") {
                return true;
            }
            if let Some(name) = node.child_by_field_name("name") {
                let name = text(name, source);
                found.defined.insert(name);
                let value = node
                    .child_by_field_name("value")
                    .map(|v| text(v, source).trim());
                if node.kind() == "preproc_function_def" && value.is_none_or(str::is_empty) {
                    found.silent.insert(name);
                }
            }
            false
        });
        found
    }

    /// Whether `node` (a child of `parent`) is code the compiler never sees.
    pub fn leaves_out(&self, node: Node, parent: Option<Node>, source: &str) -> bool {
        if node.kind() == "call_expression" {
            let function = node.child_by_field_name("function");
            if function
                .is_some_and(|f| f.kind() == "identifier" && self.silent.contains(text(f, source)))
            {
                return true;
            }
        }
        let Some(parent) = parent else {
            return false;
        };
        let is_alternative = parent.child_by_field_name("alternative") == Some(node);
        let taken = match parent.kind() {
            "preproc_ifdef" => {
                let Some(name) = parent.child_by_field_name("name") else {
                    return false;
                };
                if name == node {
                    return false;
                }
                let negated = parent
                    .child(0)
                    .is_some_and(|t| text(t, source) == "#ifndef");
                self.is_defined(text(name, source)) != negated
            }
            "preproc_if" => {
                let condition = parent.child_by_field_name("condition");
                if condition == Some(node)
                    || condition.is_none_or(|c| text(c, source).trim() != "0")
                {
                    return false;
                }
                // `#if 0`: the branch is never taken.
                false
            }
            _ => return false,
        };
        if is_alternative {
            taken
        } else {
            !taken
        }
    }

    /// Whether `name` is defined when a judge compiles the file.
    fn is_defined(&self, name: &str) -> bool {
        self.defined.contains(name) || name.starts_with("__")
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::all;
    use crate::Language;

    #[test]
    fn code_the_compiler_never_sees_is_not_mutated() {
        let source = "#ifdef LOCAL\n#define debug(...) dump(__VA_ARGS__)\nint probe = 1 + 2;\n#else\n#define debug(...)\n#endif\n#ifndef ONLINE_JUDGE\nint seen = 5;\n#else\nint unseen = 6;\n#endif\n#if 0\nint dead = 7;\n#endif\nint main() {\n  debug(a < b, 3);\n  return 8 > 9;\n}\n";
        let lines: Vec<usize> = all(source, Language::Cpp).iter().map(|m| m.line).collect();
        assert!(lines.contains(&8), "{lines:?}");
        assert!(lines.contains(&17), "{lines:?}");
        for line in [3, 10, 13, 16] {
            assert!(!lines.contains(&line), "line {line} mutated: {lines:?}");
        }
    }
}
