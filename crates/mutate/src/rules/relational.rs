//! `<` and `<=`, `>` and `>=`, `==` and `!=` swapped: the off-by-one of a bound, the strictness of
//! a comparison. Only comparison operators are touched: the parser tells them from template
//! brackets (`vector<int>`) and stream shifts (`cout << x`), which a text scan cannot.

use crate::found::Found;
use crate::language::Language;
use crate::mutant::Operator;
use crate::tree::{field_children, operator};

use super::Site;

/// Proposes the swap of each comparison operator of `site`'s node.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    let operators = match (site.language, site.node.kind()) {
        // Python chains comparisons (`a < b <= c`): each operator is its own mutant.
        (Language::Python, "comparison_operator") => field_children(site.node, "operators"),
        (_, "binary_expression") => operator(site.node).into_iter().collect(),
        _ => Vec::new(),
    };
    for token in operators {
        if let Some(swapped) = swapped(site.text(token)) {
            found.replace(Operator::Relational, token.byte_range(), swapped);
        }
    }
}

/// The operator a comparison operator is swapped with.
fn swapped(operator: &str) -> Option<&'static str> {
    Some(match operator {
        "<" => "<=",
        "<=" => "<",
        ">" => ">=",
        ">=" => ">",
        "==" => "!=",
        "!=" => "==",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn each_comparison_is_swapped_with_its_pair() {
        let source = "int f(int a, int b) {\n  return a < b && a >= 0 || a == b || a != 1 || a > 2 || a <= 3;\n}\n";
        let lines = changed_lines(source, Language::C, Operator::Relational);
        assert_eq!(
            lines,
            [
                "  return a <= b && a >= 0 || a == b || a != 1 || a > 2 || a <= 3;",
                "  return a < b && a > 0 || a == b || a != 1 || a > 2 || a <= 3;",
                "  return a < b && a >= 0 || a != b || a != 1 || a > 2 || a <= 3;",
                "  return a < b && a >= 0 || a == b || a == 1 || a > 2 || a <= 3;",
                "  return a < b && a >= 0 || a == b || a != 1 || a >= 2 || a <= 3;",
                "  return a < b && a >= 0 || a == b || a != 1 || a > 2 || a < 3;",
            ]
        );
    }

    #[test]
    fn python_chained_comparisons_swap_each_operator() {
        let lines = changed_lines("ok = 0 < x <= n\n", Language::Python, Operator::Relational);
        assert_eq!(lines, ["ok = 0 <= x <= n", "ok = 0 < x < n"]);
    }

    #[test]
    fn java_comparisons_are_swapped() {
        let source = "class A { boolean f(int a) { return a > 0; } }\n";
        let lines = changed_lines(source, Language::Java, Operator::Relational);
        assert_eq!(lines, ["class A { boolean f(int a) { return a >= 0; } }"]);
    }
}
