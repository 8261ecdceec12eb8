//! `min` and `max` swapped in a call: `min(a, b)`, `std::min`, `std::min<ll>`, `Math.max`,
//! `Collections.max`, Python's `min`, and in C and C++ their relatives (`fmin`, `min_element`,
//! the `chmin`/`chmax` helpers competitive programmers define in pairs).

use crate::found::Found;
use crate::language::Language;
use crate::mutant::Operator;

use super::{called_name, Site};

/// Proposes the swap of the name of a `min`/`max` call.
pub(crate) fn visit(site: &Site, found: &mut Found) {
    let Some(name) = called_name(site.language, site.node) else {
        return;
    };
    if site.node.kind() == "call_expression"
        && site
            .node
            .child_by_field_name("function")
            .is_some_and(|f| f.kind() == "field_expression")
    {
        // A C++ member call (`s.max()`) is a method of the user's type, not the library's pair.
        return;
    }
    if let Some(swapped) = swapped(site.language, site.text(name)) {
        found.replace(Operator::MinMax, name.byte_range(), swapped);
    }
}

/// The name `name` is swapped with.
fn swapped(language: Language, name: &str) -> Option<&'static str> {
    let pairs: &[(&str, &str)] = match language {
        Language::C | Language::Cpp => &[
            ("min", "max"),
            ("fmin", "fmax"),
            ("fminf", "fmaxf"),
            ("fminl", "fmaxl"),
            ("min_element", "max_element"),
            ("chmin", "chmax"),
            ("ckmin", "ckmax"),
        ],
        Language::Java | Language::Python => &[("min", "max")],
    };
    pairs.iter().find_map(|&(a, b)| match name {
        n if n == a => Some(b),
        n if n == b => Some(a),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use crate::testing::changed_lines;
    use crate::{Language, Operator};

    #[test]
    fn cpp_min_and_max_calls_are_swapped() {
        let source = "int f(int a, int b) { return std::min(a, b) + max(a, b) + std::max<int>(a, 1) + *min_element(v, v + 2); }\n";
        let lines = changed_lines(source, Language::Cpp, Operator::MinMax);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(lines[0].contains("std::max(a, b) + max(a, b)"));
        assert!(lines[1].contains("std::min(a, b) + min(a, b)"));
        assert!(lines[2].contains("std::min<int>(a, 1)"));
        assert!(lines[3].contains("*max_element(v, v + 2)"));
    }

    #[test]
    fn java_math_max_is_swapped() {
        let source = "class A { long f(long a, long b) { return Math.max(a, b); } }\n";
        assert_eq!(
            changed_lines(source, Language::Java, Operator::MinMax),
            ["class A { long f(long a, long b) { return Math.min(a, b); } }"]
        );
    }

    #[test]
    fn python_min_is_swapped_and_other_calls_are_not() {
        let source = "best = min(best, cost)\ntotal = sum(a)\n";
        assert_eq!(
            changed_lines(source, Language::Python, Operator::MinMax),
            ["best = max(best, cost)"]
        );
    }

    #[test]
    fn a_member_named_max_is_left_alone() {
        let source = "int f(S s) { return s.max(); }\n";
        assert!(changed_lines(source, Language::Cpp, Operator::MinMax).is_empty());
    }
}
