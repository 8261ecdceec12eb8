//! What a mutant is: one span of the source replaced, labelled with the operator that made it.

use std::ops::Range;

/// What a mutant changed, named as the report and its JSON name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// `<` and `<=`, `>` and `>=`, `==` and `!=` swapped.
    Relational,
    /// `+1` or `-1` on an integer literal, a loop bound or an index.
    OffByOne,
    /// `&&` and `||` swapped (`and` and `or` in Python).
    Logical,
    /// `min` and `max` swapped.
    MinMax,
    /// A 64-bit integer type narrowed to 32 bits.
    Narrowing,
    /// A `break`, `continue` or `return` removed.
    Removal,
    /// A `%` or a modulus constant changed.
    Modulus,
    /// An initial value (0, 1, -1, INF) changed.
    InitialValue,
}

impl Operator {
    /// Every operator, in the order of the enum (the order ties are broken in).
    pub const ALL: [Operator; 8] = [
        Operator::Relational,
        Operator::OffByOne,
        Operator::Logical,
        Operator::MinMax,
        Operator::Narrowing,
        Operator::Removal,
        Operator::Modulus,
        Operator::InitialValue,
    ];

    /// The operator named `name` (as [`Operator::name`] gives it), for a command-line filter.
    pub fn from_name(name: &str) -> Option<Operator> {
        Operator::ALL
            .into_iter()
            .find(|operator| operator.name() == name)
    }

    /// The operator's stable name in reports (snake case).
    pub fn name(self) -> &'static str {
        match self {
            Operator::Relational => "relational",
            Operator::OffByOne => "off_by_one",
            Operator::Logical => "logical",
            Operator::MinMax => "min_max",
            Operator::Narrowing => "narrowing",
            Operator::Removal => "removal",
            Operator::Modulus => "modulus",
            Operator::InitialValue => "initial_value",
        }
    }
}

/// One mutant: the source with one span replaced.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mutant {
    /// What kind of change this is.
    pub operator: Operator,
    /// The byte range of the original source that was replaced.
    pub span: Range<usize>,
    /// The 1-based line and column (in characters) where the span starts.
    pub line: usize,
    /// See `line`.
    pub column: usize,
    /// The text that was there.
    pub original: String,
    /// The text put in its place.
    pub replacement: String,
}

impl Mutant {
    /// The whole mutated source.
    pub fn apply(&self, source: &str) -> String {
        let mut text = String::with_capacity(source.len() + self.replacement.len());
        text.push_str(&source[..self.span.start]);
        text.push_str(&self.replacement);
        text.push_str(&source[self.span.end..]);
        text
    }

    /// The mutant as a one-hunk unified diff of `file_name`, three lines of context (a span over
    /// several lines shows them all; a last line with no newline is marked as `diff` marks it).
    pub fn diff(&self, source: &str, file_name: &str) -> String {
        crate::diff::unified(source, self.span.clone(), &self.replacement, file_name)
    }

    /// A one-line description for lists: `12:9 relational: < -> <=`.
    pub fn summary(&self) -> String {
        format!(
            "{}:{} {}: {} -> {}",
            self.line,
            self.column,
            self.operator.name(),
            one_line(&self.original),
            one_line(&self.replacement)
        )
    }
}

/// `text` with its whitespace runs (newlines included) folded to one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_names_are_distinct_and_read_back() {
        for operator in Operator::ALL {
            assert_eq!(Operator::from_name(operator.name()), Some(operator));
        }
        assert_eq!(Operator::from_name("Relational"), None);
    }

    #[test]
    fn a_summary_is_one_line() {
        let mutant = Mutant {
            operator: Operator::Removal,
            span: 2..20,
            line: 3,
            column: 5,
            original: "return a +\n   b;".into(),
            replacement: ";".into(),
        };
        assert_eq!(mutant.summary(), "3:5 removal: return a + b; -> ;");
    }
}
