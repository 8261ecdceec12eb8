//! The mutation operators, one module each. Every rule looks at one node (with its ancestors)
//! and proposes replacements of spans inside it; `Found` sorts and de-duplicates them.

mod initial_value;
mod logical;
mod min_max;
mod modulus;
mod narrowing;
mod off_by_one;
mod relational;
mod removal;

use tree_sitter::Node;

use crate::found::Found;
use crate::language::Language;
use crate::literal::int_of;
use crate::tree::{operator, text};

/// A node being visited, with what every rule needs to judge it.
pub(crate) struct Site<'a, 't, 's> {
    /// The node.
    pub node: Node<'t>,
    /// Its ancestors, outermost first (the last is its parent).
    pub ancestors: &'a [Node<'t>],
    /// The whole source.
    pub source: &'s str,
    /// Its language.
    pub language: Language,
}

impl<'t, 's> Site<'_, 't, 's> {
    /// The source text of `node`.
    pub fn text(&self, node: Node) -> &'s str {
        text(node, self.source)
    }

    /// The node's parent, if it has one.
    pub fn parent(&self) -> Option<Node<'t>> {
        self.ancestors.last().copied()
    }
}

/// Runs every rule on one node.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    relational::visit(site, found);
    off_by_one::visit(site, found);
    logical::visit(site, found);
    min_max::visit(site, found);
    narrowing::visit(site, found);
    removal::visit(site, found);
    modulus::visit(site, found);
    initial_value::visit(site, found);
}

/// A comparison with exactly two operands: `left`, its operator token and `right`.
pub(crate) struct Comparison<'t> {
    pub left: Node<'t>,
    pub operator: &'static str,
    pub right: Node<'t>,
}

/// `node` as a comparison (`a < b`; Python's `a < b`, not a chain `a < b < c`), if it is one.
pub(crate) fn comparison<'t>(
    language: Language,
    node: Node<'t>,
    source: &str,
) -> Option<Comparison<'t>> {
    let operator_node = match (language, node.kind()) {
        (Language::Python, "comparison_operator") => {
            let operators = crate::tree::field_children(node, "operators");
            if operators.len() != 1 {
                return None;
            }
            operators[0]
        }
        (_, "binary_expression") => operator(node)?,
        _ => return None,
    };
    let operator = match text(operator_node, source) {
        "<" => "<",
        "<=" => "<=",
        ">" => ">",
        ">=" => ">=",
        "==" => "==",
        "!=" => "!=",
        _ => return None,
    };
    let (left, right) = if language == Language::Python {
        (node.named_child(0)?, node.named_child(1)?)
    } else {
        (
            node.child_by_field_name("left")?,
            node.child_by_field_name("right")?,
        )
    };
    Some(Comparison {
        left,
        operator,
        right,
    })
}

/// The operator token text of a binary node (`binary_expression`, Python's `binary_operator`).
pub(crate) fn binary_operator<'s>(
    language: Language,
    node: Node,
    source: &'s str,
) -> Option<&'s str> {
    let binary = match language {
        Language::Python => matches!(node.kind(), "binary_operator" | "boolean_operator"),
        _ => node.kind() == "binary_expression",
    };
    if !binary {
        return None;
    }
    operator(node).map(|token| text(token, source))
}

/// Whether `node` is `x + k` or `x - k` for an integer literal `k`: shifting it by one is what
/// the literal rule already does to `k`.
pub(crate) fn is_offset_by_literal(language: Language, node: Node, source: &str) -> bool {
    matches!(binary_operator(language, node, source), Some("+" | "-"))
        && node
            .child_by_field_name("right")
            .is_some_and(|right| int_of(language, right, source).is_some())
}

/// The identifier a call calls (`min` of `min(a, b)`, `std::min<ll>(a, b)`, `Math.min(a, b)`,
/// `cout.precision(3)`), if the call names one.
pub(crate) fn called_name<'t>(language: Language, node: Node<'t>) -> Option<Node<'t>> {
    let function = match (language, node.kind()) {
        (Language::C | Language::Cpp, "call_expression") => node.child_by_field_name("function")?,
        (Language::Java, "method_invocation") => return node.child_by_field_name("name"),
        (Language::Python, "call") => node.child_by_field_name("function")?,
        _ => return None,
    };
    name_of(function)
}

/// The last identifier of a function expression (`std::min` -> `min`, `a.b` -> `b`).
fn name_of(function: Node) -> Option<Node> {
    match function.kind() {
        "identifier" => Some(function),
        "qualified_identifier" | "template_function" => {
            name_of(function.child_by_field_name("name")?)
        }
        "field_expression" => function.child_by_field_name("field"),
        "attribute" => function.child_by_field_name("attribute"),
        _ => None,
    }
}

/// Whether `node` binds at least as tightly as `+`, so `node + 1` needs no parentheses.
fn binds_tighter_than_plus(language: Language, node: Node, source: &str) -> bool {
    if let Some(op) = binary_operator(language, node, source) {
        return matches!(op, "+" | "-" | "*" | "/" | "%" | "//" | "**");
    }
    matches!(
        node.kind(),
        "identifier"
            | "number_literal"
            | "integer"
            | "decimal_integer_literal"
            | "field_expression"
            | "field_access"
            | "attribute"
            | "qualified_identifier"
            | "call_expression"
            | "call"
            | "method_invocation"
            | "subscript_expression"
            | "subscript"
            | "array_access"
            | "parenthesized_expression"
            | "cast_expression"
            | "sizeof_expression"
            | "pointer_expression"
            | "unary_expression"
            | "unary_operator"
            | "this"
    )
}

/// `node` plus or minus one (`n` -> `n + 1`, `x << k` -> `(x << k) - 1`).
pub(crate) fn shifted(language: Language, node: Node, source: &str, delta: i128) -> String {
    let sign = if delta > 0 { '+' } else { '-' };
    let text = text(node, source);
    if binds_tighter_than_plus(language, node, source) {
        format!("{text} {sign} 1")
    } else {
        format!("({text}) {sign} 1")
    }
}

/// Whether moving one operand of a comparison by `delta` only repeats the relational swap of its
/// operator (`i < n + 1` is `i <= n`, for integers), so it would be the same mutant twice.
pub(crate) fn repeats_relational(operator: &str, right_side: bool, delta: i128) -> bool {
    let up = delta > 0;
    match (operator, right_side) {
        ("<", true) | (">=", true) | ("<=", false) | (">", false) => up,
        ("<=", true) | (">", true) | ("<", false) | (">=", false) => !up,
        _ => false,
    }
}
