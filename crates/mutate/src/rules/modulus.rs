//! A `%` or a modulus constant changed. Three kinds, each killed only by a test whose values
//! reach the modulus, which is what the setter wants to know the tests have:
//! - a well-known prime modulus swapped for another (`1000000007` <-> `1000000009`,
//!   `998244353` -> `1000000007`; `1e9 + 7` <-> `1e9 + 9`, `10**9 + 7` likewise, and the same
//!   in a `#define`);
//! - `x % m` replaced by `x`, when `m` is a name or a literal of at least 1000 (a small literal
//!   divisor takes a digit or a parity, not a modulus, and any test kills its removal);
//! - a `x %= m;` statement removed.

use tree_sitter::Node;

use crate::found::Found;
use crate::language::Language;
use crate::literal::{int_literal, int_of};
use crate::mutant::Operator;

use super::{binary_operator, Site};

/// The prime moduli of competitive programming and what each is changed to.
const MODULI: [(i128, i128); 3] = [
    (1_000_000_007, 1_000_000_009),
    (1_000_000_009, 1_000_000_007),
    (998_244_353, 1_000_000_007),
];

/// Divisors below this are digits and parities, not moduli.
const SMALL_DIVISOR: i128 = 1000;

/// Proposes the modulus changes of `site`'s node.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    let node = site.node;
    if let Some(literal) = int_of(site.language, node, site.source) {
        if let Some(other) = other_modulus(literal.value) {
            found.replace(
                Operator::Modulus,
                node.byte_range(),
                literal.with_value(other),
            );
        }
    }
    if let Some((last_digit, swapped)) = billion_plus(site, node) {
        found.replace(Operator::Modulus, last_digit.byte_range(), swapped);
    }
    match (site.language, node.kind()) {
        (Language::C | Language::Cpp, "preproc_def") => defined_modulus(site, found),
        (_, "binary_expression" | "binary_operator") => remainder(site, found),
        (_, "assignment_expression" | "augmented_assignment") => remainder_assignment(site, found),
        _ => {}
    }
}

/// The modulus `value` is changed to, if it is a well-known one.
fn other_modulus(value: i128) -> Option<i128> {
    MODULI
        .iter()
        .find(|(m, _)| *m == value)
        .map(|(_, other)| *other)
}

/// Whether `value` is one of the well-known moduli (an INF it is not).
pub(crate) fn is_modulus(value: i128) -> bool {
    other_modulus(value).is_some()
}

/// Whether `text` is one billion however written (`1e9`, `(int)1e9`, `10**9`, `1000000000`).
pub(crate) fn is_billion(text: &str) -> bool {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '_' | '\''))
        .collect::<String>()
        .to_ascii_lowercase();
    let mut value = squeezed.as_str();
    if let Some(close) = value.find(')').filter(|_| value.starts_with('(')) {
        // A leading cast: `(int)1e9`, `(ll)(1e9)`.
        if close + 1 < value.len() {
            value = &value[close + 1..];
        }
    }
    let value = value.trim_start_matches('(').trim_end_matches(')');
    matches!(value, "1e9" | "10**9" | "1000000000")
}

/// `1e9 + 7` or `10**9 + 9`: the last literal and the digit it is changed to.
pub(crate) fn billion_plus<'t>(
    site: &Site<'_, 't, '_>,
    node: Node<'t>,
) -> Option<(Node<'t>, &'static str)> {
    if binary_operator(site.language, node, site.source)? != "+" {
        return None;
    }
    let (left, right) = (
        node.child_by_field_name("left")?,
        node.child_by_field_name("right")?,
    );
    if !is_billion(site.text(left)) {
        return None;
    }
    match int_of(site.language, right, site.source)?.value {
        7 => Some((right, "9")),
        9 => Some((right, "7")),
        _ => None,
    }
}

/// `#define MOD 1000000007` or `#define MOD 1e9 + 7`: the macro's modulus changed.
fn defined_modulus(site: &Site, found: &mut Found) {
    let Some(value) = site.node.child_by_field_name("value") else {
        return;
    };
    let raw = site.text(value);
    let trimmed = raw.trim();
    let start = value.start_byte() + (raw.len() - raw.trim_start().len());
    if let Some(literal) = int_literal(trimmed) {
        if let Some(other) = other_modulus(literal.value) {
            found.replace(
                Operator::Modulus,
                start..start + trimmed.len(),
                literal.with_value(other),
            );
        }
        return;
    }
    if let Some((before, digit)) = trimmed.rsplit_once('+') {
        let swapped = match digit.trim() {
            "7" => "9",
            "9" => "7",
            _ => return,
        };
        if is_billion(before) {
            let end = start + trimmed.len();
            found.replace(Operator::Modulus, end - 1..end, swapped);
        }
    }
}

/// `x % m` replaced by `x`.
fn remainder(site: &Site, found: &mut Found) {
    if binary_operator(site.language, site.node, site.source) != Some("%") {
        return;
    }
    let (Some(left), Some(right)) = (
        site.node.child_by_field_name("left"),
        site.node.child_by_field_name("right"),
    ) else {
        return;
    };
    if is_small_literal(site, right) || matches!(left.kind(), "string" | "concatenated_string") {
        // Python's `"%d" % x` formats a string.
        return;
    }
    found.replace(Operator::Modulus, site.node.byte_range(), site.text(left));
}

/// A `x %= m;` statement removed (it becomes the empty statement).
fn remainder_assignment(site: &Site, found: &mut Found) {
    let Some(token) = site.node.child_by_field_name("operator") else {
        return;
    };
    let statement = site.parent().filter(|p| p.kind() == "expression_statement");
    let (Some(statement), Some(right)) = (statement, site.node.child_by_field_name("right")) else {
        return;
    };
    if site.text(token) != "%=" || is_small_literal(site, right) {
        return;
    }
    let empty = if site.language == Language::Python {
        "pass"
    } else {
        ";"
    };
    found.replace(Operator::Modulus, statement.byte_range(), empty);
}

/// Whether `node` is an integer literal below `SMALL_DIVISOR`.
fn is_small_literal(site: &Site, node: Node) -> bool {
    int_of(site.language, node, site.source).is_some_and(|l| l.value.abs() < SMALL_DIVISOR)
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn cpp_moduli_and_remainders_are_changed() {
        let source = "#define MOD 1000000007\nconst int M2 = 1e9 + 7;\nconst long long P = 998244353LL;\nint f(long long s, int m) {\n  s = (s * 2) % MOD;\n  s %= m;\n  return s % 2 + s % 1000000009;\n}\n";
        assert_eq!(
            changed_lines(source, Language::Cpp, Operator::Modulus),
            [
                "#define MOD 1000000009",
                "const int M2 = 1e9 + 9;",
                "const long long P = 1000000007LL;",
                "  s = (s * 2);",
                "  ;",
                "  return s % 2 + s;",
                "  return s % 2 + s % 1000000007;",
            ]
        );
    }

    #[test]
    fn python_moduli_change_and_string_formatting_does_not() {
        let source = "MOD = 10**9 + 7\ns = (a * b) % MOD\ns %= MOD\nprint(\"%d\" % s)\n";
        assert_eq!(
            changed_lines(source, Language::Python, Operator::Modulus),
            ["MOD = 10**9 + 9", "s = (a * b)", "pass"]
        );
    }

    #[test]
    fn java_modulus_literal_with_separators_is_changed() {
        let source = "class A { static final long MOD = 1_000_000_007L; long f(long x) { return x % MOD; } }\n";
        assert_eq!(
            changed_lines(source, Language::Java, Operator::Modulus),
            [
                "class A { static final long MOD = 1000000009L; long f(long x) { return x % MOD; } }",
                "class A { static final long MOD = 1_000_000_007L; long f(long x) { return x; } }",
            ]
        );
    }
}
