//! Reading the numbers written in a source: integer literals with their suffixes, floating
//! literals, and which node kinds hold them in each grammar.

use tree_sitter::Node;

use crate::language::Language;

/// An integer literal as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IntLiteral<'s> {
    /// Its value (a C `number_literal` may carry its minus sign).
    pub value: i128,
    /// Whether it is written in base 10 (the only base the rules rewrite digit by digit).
    pub decimal: bool,
    /// Its type suffix (`LL`, `ULL`, `L`), kept when the value is rewritten.
    pub suffix: &'s str,
}

impl IntLiteral<'_> {
    /// The literal with value `value`, in base 10 with the same suffix.
    pub fn with_value(&self, value: i128) -> String {
        format!("{value}{}", self.suffix)
    }
}

/// The integer literal `text` (`42`, `-1`, `1LL`, `1'000'000`, `1_000_000_007L`, `0x3f3f3f3f`),
/// `None` for anything else (floating literals included).
pub(crate) fn int_literal(text: &str) -> Option<IntLiteral<'_>> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text),
    };
    let digits_end = body.trim_end_matches(['u', 'U', 'l', 'L', 'z', 'Z']).len();
    let (digits, suffix) = body.split_at(digits_end);
    let clean: String = digits
        .chars()
        .filter(|c| !matches!(c, '\'' | '_'))
        .collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, number) = if let Some(hex) = lower.strip_prefix("0x") {
        (16, hex)
    } else if let Some(binary) = lower.strip_prefix("0b") {
        (2, binary)
    } else if let Some(octal) = lower.strip_prefix("0o") {
        (8, octal)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if number.is_empty() || !number.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let value = i128::from_str_radix(number, radix).ok()?;
    Some(IntLiteral {
        value: if negative { -value } else { value },
        decimal: radix == 10,
        suffix,
    })
}

/// The value of a floating literal (`1e9`, `1e18`, `2.5`), `None` for an integer literal.
pub(crate) fn float_literal(text: &str) -> Option<f64> {
    if int_literal(text).is_some() {
        return None;
    }
    let body = text.trim_end_matches(['f', 'F', 'l', 'L', 'd', 'D']);
    let clean: String = body.chars().filter(|c| !matches!(c, '\'' | '_')).collect();
    clean.parse().ok()
}

/// Whether `node` is a number literal (integer or floating) in `language`'s grammar.
pub(crate) fn is_number(language: Language, node: Node) -> bool {
    match language {
        Language::C | Language::Cpp => node.kind() == "number_literal",
        Language::Java => matches!(
            node.kind(),
            "decimal_integer_literal"
                | "hex_integer_literal"
                | "octal_integer_literal"
                | "binary_integer_literal"
                | "decimal_floating_point_literal"
        ),
        Language::Python => matches!(node.kind(), "integer" | "float"),
    }
}

/// The integer literal `node` holds, if it is one.
pub(crate) fn int_of<'s>(
    language: Language,
    node: Node,
    source: &'s str,
) -> Option<IntLiteral<'s>> {
    if !is_number(language, node) {
        return None;
    }
    let text = &source[node.byte_range()];
    if language == Language::Python && text.ends_with(['l', 'L', 'j', 'J']) {
        return None;
    }
    int_literal(text)
}

/// `replacement` put at `start` of `source`, parenthesized if it starts with a minus that would
/// fuse with a sign just before it (`x - INT_MIN` must not become `x --1000000`).
pub(crate) fn sign_safe(source: &str, start: usize, replacement: String) -> String {
    if replacement.starts_with('-') && source[..start].ends_with(['-', '+']) {
        format!("({replacement})")
    } else {
        replacement
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_literals_keep_their_suffix_and_drop_separators() {
        let one = int_literal("1LL").unwrap();
        assert_eq!((one.value, one.decimal, one.suffix), (1, true, "LL"));
        assert_eq!(int_literal("-1").unwrap().value, -1);
        assert_eq!(int_literal("1'000'000").unwrap().value, 1_000_000);
        assert_eq!(int_literal("1_000_000_007L").unwrap().value, 1_000_000_007);
        let hex = int_literal("0x3f3f3f3f").unwrap();
        assert_eq!((hex.value, hex.decimal), (0x3f3f3f3f, false));
        assert_eq!(int_literal("0").unwrap().value, 0);
        assert_eq!(int_literal("1e9"), None);
        assert_eq!(int_literal("2.5"), None);
        assert_eq!(float_literal("1e18"), Some(1e18));
        assert_eq!(float_literal("7"), None);
    }

    #[test]
    fn a_minus_after_a_sign_is_parenthesized() {
        assert_eq!(sign_safe("x -", 3, "-1".into()), "(-1)");
        assert_eq!(sign_safe("x - ", 4, "-1".into()), "-1");
        assert_eq!(sign_safe("x -", 3, "1".into()), "1");
    }
}
