//! Walking a syntax tree in source order, past the subtrees that are never mutated.

use tree_sitter::Node;

use crate::language::Language;

/// The source text of `node` (empty if its range is not the source's: it always is for a tree
/// parsed from that source, but a mutator must not panic on any input).
pub(crate) fn text<'s>(node: Node, source: &'s str) -> &'s str {
    source.get(node.byte_range()).unwrap_or("")
}

/// Every child of `node`, tokens included.
pub(crate) fn children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

/// The named children of `node` that are not comments (the statements of a block, the
/// arguments of a call).
pub(crate) fn named_children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|child| !child.kind().contains("comment"))
        .collect()
}

/// The children of `node` under the field `field`.
pub(crate) fn field_children<'t>(node: Node<'t>, field: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(field, &mut cursor).collect()
}

/// The operator token of a binary node (`<` of `a < b`), by its `operator` field.
pub(crate) fn operator<'t>(node: Node<'t>) -> Option<Node<'t>> {
    node.child_by_field_name("operator")
}

/// Visits every node under `root` (itself first) in source order with its ancestors (outermost
/// first); `visit` returns whether to descend into the node's children. Iterative, so a deep
/// expression cannot overflow the stack.
pub(crate) fn walk<'t>(root: Node<'t>, mut visit: impl FnMut(Node<'t>, &[Node<'t>]) -> bool) {
    let mut cursor = root.walk();
    let mut ancestors: Vec<Node<'t>> = Vec::new();
    'nodes: loop {
        let node = cursor.node();
        if visit(node, &ancestors) && cursor.goto_first_child() {
            ancestors.push(node);
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'nodes;
            }
            if !cursor.goto_parent() {
                return;
            }
            ancestors.pop();
        }
    }
}

/// Whether `node` starts a subtree no operator may touch: strings, characters and comments (text,
/// not code), `#include` and import lines, template and generic argument lists (their `<` and `>`
/// are brackets, and the issue keeps templates whole), and preprocessor conditions and
/// directives the compiler reads before the code.
pub(crate) fn never_mutated(language: Language, node: Node, parent: Option<Node>) -> bool {
    let kind = node.kind();
    if kind.contains("comment") {
        return true;
    }
    match language {
        Language::C | Language::Cpp => {
            matches!(
                kind,
                "string_literal"
                    | "raw_string_literal"
                    | "concatenated_string"
                    | "char_literal"
                    | "system_lib_string"
                    | "user_defined_literal"
                    | "preproc_include"
                    | "preproc_call"
                    | "template_argument_list"
                    | "template_parameter_list"
                    | "attribute_declaration"
                    | "static_assert_declaration"
            ) || parent.is_some_and(|p| {
                matches!(p.kind(), "preproc_if" | "preproc_elif")
                    && p.child_by_field_name("condition") == Some(node)
            })
        }
        Language::Java => matches!(
            kind,
            "string_literal"
                | "text_block"
                | "character_literal"
                | "type_arguments"
                | "type_parameters"
                | "annotation"
                | "marker_annotation"
                | "import_declaration"
                | "package_declaration"
        ),
        Language::Python => matches!(
            kind,
            "string"
                | "concatenated_string"
                | "import_statement"
                | "import_from_statement"
                | "future_import_statement"
                | "type"
                | "decorator"
        ),
    }
}
