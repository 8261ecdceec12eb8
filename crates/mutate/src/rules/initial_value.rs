//! An initial value changed.
//! - `0` -> `1`, `1` -> `0`, `-1` -> `0` where a variable gets its first value: a declaration's
//!   initializer (`int best = 0`, `int count{0}`, `for (int i = 1; ...)`, the fill value of
//!   `vector<int> d(n, -1)`), a plain assignment statement (`cnt = 0;`, Python's `s = 0`), the
//!   fill byte of `memset` (`0` <-> `-1`) and Python's `[0] * n`.
//! - An INF made smaller, anywhere it is written: a 64-bit INF (`1e18`, `LLONG_MAX`,
//!   `Long.MAX_VALUE`, `0x3f3f3f3f3f3f3f3f`, `10**18`, `float('inf')`) becomes a 32-bit one
//!   (`1e9`, `INT_MAX`, ...), a 32-bit INF (`1e9`, `INT_MAX`, `0x3f3f3f3f`) becomes `1000000`. The
//!   classic bug is an INF below the largest real answer; such a mutant survives exactly when no
//!   test has an answer above the smaller INF.

use tree_sitter::Node;

use crate::found::Found;
use crate::language::Language;
use crate::literal::{float_literal, int_literal, int_of, sign_safe};
use crate::mutant::Operator;
use crate::tree::named_children;

use super::modulus::billion_plus;
use super::{called_name, Site};

/// Proposes the changes of initial values and INFs at `site`'s node.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    if let Some(smaller) = smaller_inf(site) {
        let start = site.node.start_byte();
        found.replace(
            Operator::InitialValue,
            site.node.byte_range(),
            sign_safe(site.source, start, smaller),
        );
    }
    if site.language.is_c_family() && site.node.kind() == "preproc_def" {
        defined_inf(site, found);
    }
    for (value, fill) in initial_values(site) {
        if let Some(changed) = small_change(site, value, fill) {
            let start = value.start_byte();
            found.replace(
                Operator::InitialValue,
                value.byte_range(),
                sign_safe(site.source, start, changed),
            );
        }
    }
}

/// The values at `site`'s node that are initial values, each with whether it is a `memset` fill
/// byte (changed between `0` and `-1` instead).
fn initial_values<'t>(site: &Site<'_, 't, '_>) -> Vec<(Node<'t>, bool)> {
    let node = site.node;
    let value = |field: &str| node.child_by_field_name(field).map(|v| (v, false));
    let in_statement = || {
        site.parent()
            .is_some_and(|p| matches!(p.kind(), "expression_statement" | "for_statement"))
    };
    match (site.language, node.kind()) {
        (Language::C | Language::Cpp, "init_declarator") => {
            let Some(value) = node.child_by_field_name("value") else {
                return Vec::new();
            };
            let arguments = named_children(value);
            match (value.kind(), arguments.as_slice()) {
                // `vector<int> d(n, -1)`: the last of two or more arguments is the fill value.
                ("argument_list", [_, .., last]) => vec![(*last, false)],
                // `int count{0}`.
                ("initializer_list", [only]) => vec![(*only, false)],
                ("argument_list" | "initializer_list", _) => Vec::new(),
                _ => vec![(value, false)],
            }
        }
        (Language::Java, "variable_declarator") => value("value").into_iter().collect(),
        (Language::C | Language::Cpp | Language::Java, "assignment_expression") => {
            let plain = node
                .child_by_field_name("operator")
                .is_some_and(|op| site.text(op) == "=");
            if plain && in_statement() {
                value("right").into_iter().collect()
            } else {
                Vec::new()
            }
        }
        (Language::Python, "assignment") if in_statement() => value("right").into_iter().collect(),
        (Language::C | Language::Cpp, "call_expression") => {
            let is_memset =
                called_name(site.language, node).is_some_and(|n| site.text(n) == "memset");
            let arguments = node.child_by_field_name("arguments").map(named_children);
            match (is_memset, arguments.as_deref()) {
                (true, Some([_, fill, _])) => vec![(*fill, true)],
                _ => Vec::new(),
            }
        }
        (Language::Python, "binary_operator") => {
            // `[0] * n`: the one element of the repeated list.
            let left = node.child_by_field_name("left");
            let star = node
                .child_by_field_name("operator")
                .is_some_and(|op| site.text(op) == "*");
            match left
                .filter(|l| star && l.kind() == "list")
                .map(named_children)
                .as_deref()
            {
                Some([element]) => vec![(*element, false)],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

/// `0` -> `1`, `1` -> `0`, `-1` -> `0` (a `memset` fill: `0` <-> `-1`), keeping the suffix.
fn small_change(site: &Site, value: Node, fill: bool) -> Option<String> {
    let (number, negated) = match value.kind() {
        "unary_expression" | "unary_operator" => {
            let operand = value
                .child_by_field_name("argument")
                .or_else(|| value.named_child(0))?;
            let minus = value.child(0).is_some_and(|op| site.text(op) == "-");
            (minus.then_some(operand)?, true)
        }
        _ => (value, false),
    };
    let literal = int_of(site.language, number, site.source)?;
    if !literal.decimal {
        return None;
    }
    let current = if negated {
        -literal.value
    } else {
        literal.value
    };
    let changed = match (current, fill) {
        (0, false) => 1,
        (1, false) | (-1, _) => 0,
        (0, true) => -1,
        _ => return None,
    };
    Some(literal.with_value(changed))
}

/// A smaller INF for `site`'s node, if it is an INF.
fn smaller_inf(site: &Site) -> Option<String> {
    let node = site.node;
    let text = site.text(node);
    if let Some(parent) = site.parent() {
        if billion_plus(site, parent).is_some() {
            // The `1e9` of `1e9 + 7` is a modulus, not an INF.
            return None;
        }
    }
    match (site.language, node.kind()) {
        (Language::C | Language::Cpp, "number_literal" | "identifier") => c_inf(text),
        (Language::Java, "field_access") => match squeeze(text).as_str() {
            "Long.MAX_VALUE" => Some("Integer.MAX_VALUE".into()),
            "Long.MIN_VALUE" => Some("Integer.MIN_VALUE".into()),
            "Integer.MAX_VALUE" => Some("1000000".into()),
            "Integer.MIN_VALUE" => Some("-1000000".into()),
            _ => None,
        },
        (Language::Java, _) if crate::literal::is_number(Language::Java, node) => number_inf(text),
        (Language::Python, "integer" | "float") => number_inf(text),
        (Language::Python, "call" | "attribute" | "binary_operator") => python_inf(&squeeze(text)),
        _ => None,
    }
}

/// A smaller INF for a C/C++ number or name (also a `#define`'s value).
fn c_inf(text: &str) -> Option<String> {
    let name = match text {
        "INT_MAX" | "INT32_MAX" => "1000000",
        "INT_MIN" | "INT32_MIN" => "-1000000",
        "LLONG_MAX" | "LONG_MAX" | "LONG_LONG_MAX" => "INT_MAX",
        "LLONG_MIN" | "LONG_MIN" | "LONG_LONG_MIN" => "INT_MIN",
        "INT64_MAX" => "INT32_MAX",
        "INT64_MIN" => "INT32_MIN",
        _ => return number_inf(text),
    };
    Some(name.into())
}

/// A smaller INF for a number literal of at least 1e9 that is not a modulus.
fn number_inf(text: &str) -> Option<String> {
    const BILLION: i128 = 1_000_000_000;
    if let Some(literal) = int_literal(text) {
        if literal.value < BILLION || super::modulus::is_modulus(literal.value) {
            return None;
        }
        let small = literal.value <= i32::MAX as i128;
        return Some(match (small, literal.decimal) {
            (true, _) => literal.with_value(1_000_000),
            (false, true) => literal.with_value(BILLION),
            (false, false) => format!("0x3f3f3f3f{}", literal.suffix),
        });
    }
    let value = float_literal(text)?;
    (value >= 1e9).then(|| {
        if value > i32::MAX as f64 {
            "1e9"
        } else {
            "1e6"
        }
        .to_string()
    })
}

/// A smaller INF for a Python expression (whitespace removed): `float('inf')`, `math.inf`,
/// `sys.maxsize`, `10**18`.
fn python_inf(squeezed: &str) -> Option<String> {
    let lower = squeezed.to_ascii_lowercase();
    if matches!(
        lower.as_str(),
        "float('inf')"
            | "float(\"inf\")"
            | "float('infinity')"
            | "float(\"infinity\")"
            | "math.inf"
            | "sys.maxsize"
    ) {
        return Some("10**9".into());
    }
    let exponent: u32 = lower.strip_prefix("10**")?.parse().ok()?;
    match exponent {
        9 => Some("10**6".into()),
        10.. => Some("10**9".into()),
        _ => None,
    }
}

/// `#define INF 1e18` or `#define INF LLONG_MAX`: the macro's INF made smaller.
fn defined_inf(site: &Site, found: &mut Found) {
    let Some(value) = site.node.child_by_field_name("value") else {
        return;
    };
    let raw = site.text(value);
    let trimmed = raw.trim();
    if let Some(smaller) = c_inf(trimmed) {
        let start = value.start_byte() + (raw.len() - raw.trim_start().len());
        found.replace(
            Operator::InitialValue,
            start..start + trimmed.len(),
            smaller,
        );
    }
}

/// `text` without whitespace.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn cpp_initial_values_and_infs_change() {
        let source = "#define INF 1e18\nconst int BIG = 0x3f3f3f3f;\nint main() {\n  long long best = LLONG_MAX, cnt = 0;\n  int lo = INT_MAX;\n  vector<int> d(n, -1);\n  memset(a, 0, sizeof a);\n  cnt = 1;\n  int z{0}, w{0, 1};\n  return 0;\n}\n";
        assert_eq!(
            changed_lines(source, Language::Cpp, Operator::InitialValue),
            [
                "#define INF 1e9",
                "const int BIG = 1000000;",
                "  long long best = INT_MAX, cnt = 0;",
                "  long long best = LLONG_MAX, cnt = 1;",
                "  int lo = 1000000;",
                "  vector<int> d(n, 0);",
                "  memset(a, -1, sizeof a);",
                "  cnt = 0;",
                "  int z{1}, w{0, 1};",
            ]
        );
    }

    #[test]
    fn java_initial_values_and_infs_change() {
        let source =
            "class A { void f() { long best = Long.MAX_VALUE; int x = -1; double e = 1e18; } }\n";
        assert_eq!(
            changed_lines(source, Language::Java, Operator::InitialValue),
            [
                "class A { void f() { long best = Integer.MAX_VALUE; int x = -1; double e = 1e18; } }",
                "class A { void f() { long best = Long.MAX_VALUE; int x = 0; double e = 1e18; } }",
                "class A { void f() { long best = Long.MAX_VALUE; int x = -1; double e = 1e9; } }",
            ]
        );
    }

    #[test]
    fn python_initial_values_and_infs_change() {
        let source = "INF = float('inf')\nBIG = 10**18\ns = 0\ndp = [-1] * n\nMOD = 10**9 + 7\n";
        assert_eq!(
            changed_lines(source, Language::Python, Operator::InitialValue),
            ["INF = 10**9", "BIG = 10**9", "s = 1", "dp = [0] * n"]
        );
    }
}
