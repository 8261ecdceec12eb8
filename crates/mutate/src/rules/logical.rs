//! `&&` and `||` swapped (`and` and `or` in Python, and in C++ where they are spelled so).

use crate::found::Found;
use crate::mutant::Operator;

use super::{binary_operator, Site};

/// Proposes the swap of a logical operator.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    let Some(op) = binary_operator(site.language, site.node, site.source) else {
        return;
    };
    let swapped = match op {
        "&&" => "||",
        "||" => "&&",
        "and" => "or",
        "or" => "and",
        _ => return,
    };
    if let Some(token) = site.node.child_by_field_name("operator") {
        found.replace(Operator::Logical, token.byte_range(), swapped);
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn c_family_and_java_swap_and_with_or() {
        let source = "int f(int a, int b) { return a && (b || !a); }\n";
        assert_eq!(
            changed_lines(source, Language::Cpp, Operator::Logical),
            [
                "int f(int a, int b) { return a || (b || !a); }",
                "int f(int a, int b) { return a && (b && !a); }",
            ]
        );
        let java = "class A { boolean f(boolean a, boolean b) { return a || b; } }\n";
        assert_eq!(
            changed_lines(java, Language::Java, Operator::Logical),
            ["class A { boolean f(boolean a, boolean b) { return a && b; } }"]
        );
    }

    #[test]
    fn python_swaps_and_with_or() {
        let source = "if a and not b or c:\n    pass\n";
        assert_eq!(
            changed_lines(source, Language::Python, Operator::Logical),
            ["if a or not b or c:", "if a and not b and c:"]
        );
    }
}
