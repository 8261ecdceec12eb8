//! A 64-bit integer type narrowed to 32 bits: the overflow a test with large values catches.
//! C and C++: `long long` (and `long`, 64-bit on the Linux judges) -> `int`, `unsigned long long`
//! -> `unsigned`, `int64_t` -> `int32_t`, a `1LL` literal -> `1` (the `1LL << k` of bit tricks),
//! and `#define int long long` / `#define ll long long` -> `int`. Java: `long` -> `int` (not in
//! array types, as `long[]` and `int[]` never convert, nor as a method's result type), `1L` ->
//! `1`; Java refuses implicit narrowing, so more of its narrowed mutants fail to compile (and are
//! discarded) than C++'s. Python's integers do not overflow, so it has no such mutants.

use tree_sitter::Node;

use crate::found::Found;
use crate::language::Language;
use crate::literal::int_of;
use crate::mutant::Operator;
use crate::tree::children;

use super::Site;

/// Proposes the narrowing of a 64-bit type or literal.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    let node = site.node;
    let narrowed = match (site.language, node.kind()) {
        (Language::C | Language::Cpp, "sized_type_specifier") => sized_type(site, node),
        (Language::C | Language::Cpp, "primitive_type") => fixed_width(site.text(node)),
        (Language::C | Language::Cpp, "preproc_def") => return macro_type(site, found),
        (Language::Java, "integral_type") => java_long(site, node),
        _ => long_literal(site, node),
    };
    if let Some(narrowed) = narrowed {
        found.replace(Operator::Narrowing, node.byte_range(), narrowed);
    }
}

/// Java's `long` -> `int`, except as an array's element type (`long[] a = new long[n]` cannot
/// change in one place and compile: an `int[]` never converts to a `long[]`) and as a method's
/// result type (its `return` values are 64-bit, and Java never narrows them implicitly).
fn java_long(site: &Site, node: Node) -> Option<String> {
    let refused = site.parent().is_some_and(|p| match p.kind() {
        "array_type" | "array_creation_expression" => true,
        "method_declaration" => p.child_by_field_name("type") == Some(node),
        _ => false,
    });
    (site.text(node) == "long" && !refused).then(|| "int".into())
}

/// `long long`, `long long int`, `long`, `unsigned long long` narrowed (not `long double`).
fn sized_type(site: &Site, node: Node) -> Option<String> {
    if let Some(base) = node.child_by_field_name("type") {
        if site.text(base) != "int" {
            return None;
        }
    }
    let words: Vec<&str> = children(node).into_iter().map(|c| site.text(c)).collect();
    if !words.contains(&"long") || words.contains(&"short") {
        return None;
    }
    Some(
        if words.contains(&"unsigned") {
            "unsigned"
        } else {
            "int"
        }
        .to_string(),
    )
}

/// A fixed-width 64-bit type name narrowed.
fn fixed_width(name: &str) -> Option<String> {
    match name {
        "int64_t" => Some("int32_t".into()),
        "uint64_t" => Some("uint32_t".into()),
        _ => None,
    }
}

/// A 64-bit integer literal (`1LL`, `1L`) whose value fits in 32 bits, with the `L`s dropped.
fn long_literal(site: &Site, node: Node) -> Option<String> {
    let literal = int_of(site.language, node, site.source)?;
    if !literal.suffix.contains(['l', 'L']) {
        return None;
    }
    let unsigned = literal.suffix.contains(['u', 'U']);
    let limit = if unsigned {
        u32::MAX as i128
    } else {
        i32::MAX as i128
    };
    if literal.value.abs() > limit {
        // Without its suffix it would be 64-bit anyway (or not compile): no mutant.
        return None;
    }
    let text = site.text(node);
    let digits = &text[..text.len() - literal.suffix.len()];
    Some(format!(
        "{digits}{}",
        literal.suffix.replace(['l', 'L'], "")
    ))
}

/// `#define int long long` (or `ll`, `i64`): the macro's 64-bit type narrowed.
fn macro_type(site: &Site, found: &mut Found) {
    let Some(value) = site.node.child_by_field_name("value") else {
        return;
    };
    let raw = site.text(value);
    let trimmed = raw.trim();
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    let narrowed = match words.as_slice() {
        ["long", "long"] | ["long", "long", "int"] | ["signed", "long", "long"] | ["long"] => "int",
        ["unsigned", "long", "long"] | ["unsigned", "long"] => "unsigned",
        ["int64_t"] => "int32_t",
        ["uint64_t"] => "uint32_t",
        _ => return,
    };
    let start = value.start_byte() + (raw.len() - raw.trim_start().len());
    found.replace(Operator::Narrowing, start..start + trimmed.len(), narrowed);
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn cpp_64_bit_types_and_literals_are_narrowed() {
        let source = "#define int long long\ntypedef long long ll;\nunsigned long long u;\nint64_t t;\nlong double d;\nlong long x = 1LL << 40;\nlong long y = 10000000000LL;\n";
        let lines = changed_lines(source, Language::Cpp, Operator::Narrowing);
        assert_eq!(
            lines,
            [
                "#define int int",
                "typedef int ll;",
                "unsigned u;",
                "int32_t t;",
                "int x = 1LL << 40;",
                "long long x = 1 << 40;",
                "int y = 10000000000LL;",
            ]
        );
    }

    #[test]
    fn java_long_is_narrowed_and_python_has_none() {
        let source = "class A { long f(long a) { long[] b = new long[2]; return a + 1L; } }\n";
        assert_eq!(
            changed_lines(source, Language::Java, Operator::Narrowing),
            [
                "class A { long f(int a) { long[] b = new long[2]; return a + 1L; } }",
                "class A { long f(long a) { long[] b = new long[2]; return a + 1; } }",
            ]
        );
        assert!(changed_lines("x = 10**18\n", Language::Python, Operator::Narrowing).is_empty());
    }

    #[test]
    fn template_arguments_are_not_narrowed() {
        let source =
            "vector<long long> v; map<int, long long> m; auto z = static_cast<long long>(x);\n";
        assert!(changed_lines(source, Language::Cpp, Operator::Narrowing).is_empty());
    }
}
