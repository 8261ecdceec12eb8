//! `+1` and `-1`, on three kinds of places:
//! - integer literals below 1000 (`i = 1` -> `0`/`2`, `a[0]` -> `a[1]`), except where a change
//!   is a capacity or setting, not logic: array sizes, `2e5 + 5`-style capacity constants, the
//!   exponent of `10**9`, the arguments of I/O set-up calls (`sync_with_stdio(0)`,
//!   `setprecision(10)`, `setrecursionlimit`), Java constructor arguments (buffer sizes), exit
//!   statuses (`return 0` in C/C++ `main`, `exit(0)`), and the entries of tables (brace or list
//!   literals of more than 16 elements: precomputed data). Larger literals are capacities and limits
//!   (`MAXN = 200005`), where one more or less changes nothing; INFs and moduli have their own
//!   operators.
//! - loop bounds: the right side of each comparison in a `for`/`while`/`do` condition (`i < n`
//!   -> `i < n - 1`) and Python's `range` bounds (`range(n)` -> `range(n + 1)`, `range(n - 1)`).
//! - indices: `a[i]` -> `a[i + 1]`, `a[i - 1]`.
//!
//! A bound or index that is already `x + k` / `x - k` is left to the literal rule (changing `k`
//! gives the same mutants), and a shift that only repeats the relational swap of its comparison
//! (`i < n + 1` is `i <= n`) is not proposed, so each mutant is a different program.

use tree_sitter::Node;

use crate::found::Found;
use crate::language::Language;
use crate::literal::{float_literal, int_of, sign_safe};
use crate::mutant::Operator;
use crate::tree::{field_children, named_children};

use super::{
    binary_operator, called_name, comparison, is_offset_by_literal, repeats_relational, shifted,
    Site,
};

/// Literals below this are logic; above it, capacities and limits.
const LARGE_LITERAL: i128 = 1000;

/// Brace and list literals longer than this are tables of data, not logic.
const TABLE_SIZE: usize = 16;

/// Calls whose arguments are settings (I/O set-up, precision, stack and buffer sizes, exit status).
const SETTING_CALLS: [&str; 11] = [
    "sync_with_stdio",
    "tie",
    "setprecision",
    "precision",
    "setw",
    "setrecursionlimit",
    "stack_size",
    "exit",
    "_exit",
    "reserve",
    "setvbuf",
];

/// Proposes the `+1`/`-1` mutants of `site`'s node.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    literal(site, found);
    for (bound, comparison_operator) in loop_bounds(site) {
        shift(site, found, bound, comparison_operator);
    }
    for index in indices(site) {
        shift(site, found, index, None);
    }
}

/// An integer literal plus and minus one.
fn literal(site: &Site, found: &mut Found) {
    let node = site.node;
    let Some(literal) = int_of(site.language, node, site.source) else {
        return;
    };
    if !literal.decimal || literal.value.abs() >= LARGE_LITERAL || is_setting(site) {
        return;
    }
    let side = site.parent().and_then(|parent| {
        let found = comparison(site.language, parent, site.source)?;
        let right = found.right == node;
        (right || found.left == node).then_some((found.operator, right))
    });
    for delta in [1, -1] {
        if side.is_some_and(|(operator, right)| repeats_relational(operator, right, delta)) {
            continue;
        }
        let changed = sign_safe(
            site.source,
            node.start_byte(),
            literal.with_value(literal.value + delta),
        );
        found.replace(Operator::OffByOne, node.byte_range(), changed);
    }
}

/// Whether the literal at `site` is a capacity or a setting rather than logic.
fn is_setting(site: &Site) -> bool {
    let node = site.node;
    let inside = |outer: Node| {
        outer.start_byte() <= node.start_byte() && node.end_byte() <= outer.end_byte()
    };
    if let Some(parent) = site.parent() {
        let operator = binary_operator(site.language, parent, site.source);
        let other = [
            parent.child_by_field_name("left"),
            parent.child_by_field_name("right"),
        ]
        .into_iter()
        .flatten()
        .find(|n| *n != node);
        let capacity = |n: Node| {
            float_literal(site.text(n)).is_some_and(|v| v >= LARGE_LITERAL as f64)
                || binary_operator(site.language, n, site.source) == Some("**")
        };
        match operator {
            // `2e5 + 5`, `1e9 + 7`, `10**9 + 7`.
            Some("+" | "-") if other.is_some_and(capacity) => return true,
            // `10**9`, `2**31`: the exponent of a power of a constant.
            Some("**")
                if other.is_some_and(|o| int_of(site.language, o, site.source).is_some()) =>
            {
                return true
            }
            _ => {}
        }
    }
    if site.parent().is_some_and(|p| is_table(p)) {
        return true;
    }
    site.ancestors.iter().any(|ancestor| match ancestor.kind() {
        "array_declarator" => ancestor.child_by_field_name("size").is_some_and(inside),
        "dimensions_expr" | "object_creation_expression" | "new_declarator" => true,
        "return_statement" => site
            .ancestors
            .iter()
            .rev()
            .find(|a| matches!(a.kind(), "function_definition" | "lambda_expression"))
            .is_some_and(|function| is_main(site, *function)),
        _ => called_name(site.language, *ancestor).is_some_and(|name| {
            SETTING_CALLS.contains(&site.text(name))
                && ancestor
                    .child_by_field_name("arguments")
                    .is_some_and(inside)
        }),
    })
}

/// Whether `node` is a table: a brace or list literal of more than `TABLE_SIZE` elements, data
/// a solution looks up (precomputed answers), whose entries one at a time would make hundreds of
/// mutants that each test only one input.
fn is_table(node: Node) -> bool {
    matches!(
        node.kind(),
        "initializer_list" | "array_initializer" | "list" | "tuple" | "set"
    ) && node.named_child_count() > TABLE_SIZE
}

/// Whether `node` is the C/C++ `main` function.
fn is_main(site: &Site, node: Node) -> bool {
    site.language.is_c_family()
        && node.kind() == "function_definition"
        && node
            .child_by_field_name("declarator")
            .and_then(|d| d.child_by_field_name("declarator"))
            .is_some_and(|name| site.text(name) == "main")
}

/// The loop bounds of a loop at `site`, each with the comparison it bounds (none for `range`).
fn loop_bounds<'t>(site: &Site<'_, 't, '_>) -> Vec<(Node<'t>, Option<&'static str>)> {
    let node = site.node;
    let mut bounds = Vec::new();
    match (site.language, node.kind()) {
        (Language::Python, "for_statement") => {
            let range = node.child_by_field_name("right").filter(|call| {
                called_name(site.language, *call).is_some_and(|n| site.text(n) == "range")
            });
            if let Some(arguments) = range.and_then(|call| call.child_by_field_name("arguments")) {
                // `range(stop)`, `range(start, stop)`: the step is not a bound.
                let arguments: Vec<Node> = named_children(arguments)
                    .into_iter()
                    .filter(|a| a.kind() != "keyword_argument")
                    .take(2)
                    .collect();
                bounds.extend(arguments.into_iter().map(|a| (a, None)));
            }
        }
        (_, "for_statement" | "while_statement" | "do_statement") => {
            if let Some(condition) = node.child_by_field_name("condition") {
                let mut comparisons = Vec::new();
                comparisons_in(site, condition, &mut comparisons);
                bounds.extend(comparisons);
            }
        }
        _ => {}
    }
    bounds.retain(|(bound, _)| is_shiftable(site, *bound));
    bounds
}

/// The right sides of the comparisons joined by `&&`/`||` (and parentheses) in a condition
/// (iteratively: a condition of ten thousand `&&` must not overflow the stack).
fn comparisons_in<'t>(
    site: &Site<'_, 't, '_>,
    condition: Node<'t>,
    out: &mut Vec<(Node<'t>, Option<&'static str>)>,
) {
    let mut pending = vec![condition];
    while let Some(node) = pending.pop() {
        if let Some(found) = comparison(site.language, node, site.source) {
            out.push((found.right, Some(found.operator)));
            continue;
        }
        let joins = matches!(
            binary_operator(site.language, node, site.source),
            Some("&&" | "||" | "and" | "or")
        );
        if joins || matches!(node.kind(), "parenthesized_expression" | "condition_clause") {
            // Reversed onto the stack, so the comparisons come out in source order.
            pending.extend(named_children(node).into_iter().rev());
        }
    }
}

/// The indices of a subscript at `site` (`i` of `a[i]`), slices and keys excluded.
fn indices<'t>(site: &Site<'_, 't, '_>) -> Vec<Node<'t>> {
    let node = site.node;
    let mut indices = match (site.language, node.kind()) {
        (Language::C | Language::Cpp, "subscript_expression") => {
            match (
                node.child_by_field_name("index"),
                node.child_by_field_name("indices"),
            ) {
                (Some(index), _) => vec![index],
                (None, Some(list)) => named_children(list),
                (None, None) => Vec::new(),
            }
        }
        (Language::Java, "array_access") => node.child_by_field_name("index").into_iter().collect(),
        (Language::Python, "subscript") => field_children(node, "subscript"),
        _ => Vec::new(),
    };
    indices.retain(|index| is_shiftable(site, *index));
    indices
}

/// Whether a bound or index is one to shift: not a literal (the literal rule shifts those), not
/// already `x + k`, and not a key, slice or other non-number.
fn is_shiftable(site: &Site, node: Node) -> bool {
    let kind = node.kind();
    !(crate::literal::is_number(site.language, node)
        || is_offset_by_literal(site.language, node, site.source)
        || kind.contains("string")
        || kind.contains("literal")
        || matches!(
            kind,
            "slice"
                | "tuple"
                | "keyword_argument"
                | "list"
                | "dictionary"
                | "initializer_list"
                | "true"
                | "false"
                | "none"
        )
        || (matches!(kind, "unary_expression" | "unary_operator")
            && node
                .named_child(0)
                .is_some_and(|operand| int_of(site.language, operand, site.source).is_some())))
}

/// `node` plus and minus one, except a shift that repeats the relational swap of its comparison.
fn shift(site: &Site, found: &mut Found, node: Node, comparison_operator: Option<&str>) {
    for delta in [1, -1] {
        if comparison_operator.is_some_and(|op| repeats_relational(op, true, delta)) {
            continue;
        }
        found.replace(
            Operator::OffByOne,
            node.byte_range(),
            shifted(site.language, node, site.source, delta),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn cpp_loop_bounds_indices_and_literals_move_by_one() {
        let source = "int main() {\n  for (int i = 1; i < n; i++) s += a[i];\n  return 0;\n}\n";
        assert_eq!(
            changed_lines(source, Language::Cpp, Operator::OffByOne),
            [
                // `i = 0` is there too, as the initial-value mutant.
                "  for (int i = 2; i < n; i++) s += a[i];",
                "  for (int i = 1; i < n - 1; i++) s += a[i];",
                "  for (int i = 1; i < n; i++) s += a[i + 1];",
                "  for (int i = 1; i < n; i++) s += a[i - 1];",
            ]
        );
    }

    #[test]
    fn a_shift_that_repeats_the_relational_swap_is_not_proposed() {
        // `i <= n + 1` is new; `i <= n - 1` would be `i < n`, the relational mutant.
        let source = "void f() { while (i <= n) i++; if (x < 5) x++; }\n";
        let lines = changed_lines(source, Language::C, Operator::OffByOne);
        assert_eq!(
            lines,
            [
                "void f() { while (i <= n + 1) i++; if (x < 5) x++; }",
                "void f() { while (i <= n) i++; if (x < 4) x++; }",
            ]
        );
    }

    #[test]
    fn capacities_and_settings_are_left_alone() {
        let source = "const int N = 2e5 + 5;\nint a[N + 5];\nint main() {\n  ios::sync_with_stdio(0);\n  cout << setprecision(10);\n  int b[100];\n  int* c = new int[N + 1];\n  auto f = [](int x) { return x + 2; };\n  return 0;\n}\n";
        assert_eq!(
            changed_lines(source, Language::Cpp, Operator::OffByOne),
            [
                "  auto f = [](int x) { return x + 1; };",
                "  auto f = [](int x) { return x + 3; };",
            ]
        );
    }

    #[test]
    fn table_entries_are_data_and_short_lists_are_logic() {
        let table: Vec<String> = (0..20).map(|i| i.to_string()).collect();
        let source = format!("int t[] = {{{}}};\nint d[] = {{1, 0}};\n", table.join(", "));
        let lines = changed_lines(&source, Language::Cpp, Operator::OffByOne);
        assert_eq!(
            lines,
            [
                "int d[] = {0, 0};",
                "int d[] = {2, 0};",
                "int d[] = {1, -1};",
                "int d[] = {1, 1};",
            ]
        );
    }

    #[test]
    fn bounds_that_are_not_plain_get_parentheses() {
        let source = "void f() { for (int i = 0; i != 1 << k; i++) g(); }\n";
        let lines = changed_lines(source, Language::Cpp, Operator::OffByOne);
        assert!(
            lines
                .contains(&"void f() { for (int i = 0; i != (1 << k) + 1; i++) g(); }".to_string()),
            "{lines:?}"
        );
        assert!(
            lines
                .contains(&"void f() { for (int i = 0; i != (1 << k) - 1; i++) g(); }".to_string()),
            "{lines:?}"
        );
    }

    #[test]
    fn python_range_bounds_and_subscripts_move_by_one() {
        let source = "for i in range(n):\n    s += a[i]\n";
        assert_eq!(
            changed_lines(source, Language::Python, Operator::OffByOne),
            [
                "for i in range(n + 1):",
                "for i in range(n - 1):",
                "    s += a[i + 1]",
                "    s += a[i - 1]",
            ]
        );
    }

    #[test]
    fn java_indices_move_and_constructor_arguments_do_not() {
        let source = "class A { int f(int[] a, int i) { StringBuilder b = new StringBuilder(64); return a[i]; } }\n";
        assert_eq!(
            changed_lines(source, Language::Java, Operator::OffByOne),
            [
                "class A { int f(int[] a, int i) { StringBuilder b = new StringBuilder(64); return a[i + 1]; } }",
                "class A { int f(int[] a, int i) { StringBuilder b = new StringBuilder(64); return a[i - 1]; } }",
            ]
        );
    }
}
