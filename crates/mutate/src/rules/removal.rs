//! A `break`, `continue` or `return` removed: the statement becomes the empty statement (`;`, or
//! `pass` in Python) so the mutant still compiles. Removals that cannot change behaviour are not
//! proposed: a `continue` ending a loop body and a value-less `return` ending a function. Nor is
//! the `return x;` ending a C, C++ or Java function (`main`'s `return 0;` included): its removal
//! does not compile (Java, a lambda) or is undefined behaviour (C, C++). The early returns, inside
//! a branch or loop, are the ones whose removal is a plausible bug.

use tree_sitter::Node;

use crate::found::Found;
use crate::language::Language;
use crate::mutant::Operator;
use crate::tree::named_children;

use super::Site;

/// Proposes the removal of a `break`, `continue` or `return` statement.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    let kind = site.node.kind();
    if !matches!(
        kind,
        "break_statement" | "continue_statement" | "return_statement"
    ) {
        return;
    }
    if changes_nothing(site) {
        return;
    }
    let empty = if site.language == Language::Python {
        "pass"
    } else {
        ";"
    };
    found.replace(Operator::Removal, site.node.byte_range(), empty);
}

/// Whether removing the statement leaves the program's behaviour as it is.
fn changes_nothing(site: &Site) -> bool {
    let Some((block, owner)) = enclosing_block(site) else {
        return false;
    };
    if named_children(block).last() != Some(&site.node) {
        return false;
    }
    match site.node.kind() {
        "continue_statement" => is_loop(owner.kind()),
        "return_statement" => {
            let value = named_children(site.node).first().map(|v| site.text(*v));
            let function = is_function(owner.kind());
            match value {
                None | Some("None") => function,
                // The result of a C, C++ or Java function: without it a lambda changes type and
                // Java refuses to compile, and C/C++ flow off the end (undefined behaviour, not
                // a bug a test should find).
                Some(_) => function && site.language != Language::Python,
            }
        }
        _ => false,
    }
}

/// The block holding the statement and the node owning that block (a loop, a function).
fn enclosing_block<'t>(site: &Site<'_, 't, '_>) -> Option<(Node<'t>, Node<'t>)> {
    let [.., owner, block] = site.ancestors else {
        return None;
    };
    matches!(block.kind(), "compound_statement" | "block").then_some((*block, *owner))
}

/// Whether `kind` is a loop statement of any of the grammars.
fn is_loop(kind: &str) -> bool {
    matches!(
        kind,
        "for_statement"
            | "while_statement"
            | "do_statement"
            | "for_range_loop"
            | "enhanced_for_statement"
    )
}

/// Whether `kind` is a function, method or lambda of any of the grammars.
fn is_function(kind: &str) -> bool {
    matches!(
        kind,
        "function_definition"
            | "method_declaration"
            | "constructor_declaration"
            | "lambda_expression"
    )
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn c_statements_become_empty_statements() {
        let source = "int f(int n) {\n  for (int i = 0; i < n; i++) {\n    if (i == 3) break;\n    if (i == 4) continue;\n    if (i == 5) return i;\n  }\n  return 0;\n}\n";
        assert_eq!(
            changed_lines(source, Language::C, Operator::Removal),
            [
                "    if (i == 3) ;",
                "    if (i == 4) ;",
                "    if (i == 5) ;"
            ]
        );
    }

    #[test]
    fn removals_that_change_nothing_are_not_proposed() {
        let source =
            "void g() { return; }\nint main() {\n  for (;;) { x++; continue; }\n  return 0;\n}\n";
        assert!(changed_lines(source, Language::Cpp, Operator::Removal).is_empty());
        let python = "def f():\n    for x in a:\n        continue\n    return\n";
        assert!(changed_lines(python, Language::Python, Operator::Removal).is_empty());
    }

    #[test]
    fn python_statements_become_pass() {
        let source = "def f(a):\n    for x in a:\n        if x:\n            break\n    return x\n";
        assert_eq!(
            changed_lines(source, Language::Python, Operator::Removal),
            ["            pass", "    pass"]
        );
    }

    #[test]
    fn java_early_return_and_break_are_removed() {
        let source = "class A { int f(int n) { while (true) { if (n > 2) break; if (n < 0) return 1; n++; } return n; } }\n";
        let lines = changed_lines(source, Language::Java, Operator::Removal);
        assert_eq!(
            lines,
            [
                "class A { int f(int n) { while (true) { if (n > 2) ; if (n < 0) return 1; n++; } return n; } }",
                "class A { int f(int n) { while (true) { if (n > 2) break; if (n < 0) ; n++; } return n; } }",
            ]
        );
    }
}
