//! The mutants found so far, and how they become the sorted, de-duplicated list `mutants` returns.

use std::collections::HashSet;
use std::ops::Range;

use crate::mutant::{Mutant, Operator};

/// One replacement a rule proposed.
struct Edit {
    operator: Operator,
    span: Range<usize>,
    replacement: String,
}

/// The replacements the rules proposed, in the order they proposed them.
#[derive(Default)]
pub(crate) struct Found {
    edits: Vec<Edit>,
}

impl Found {
    /// Proposes replacing `span` with `replacement`, labelled `operator`.
    pub fn replace(
        &mut self,
        operator: Operator,
        span: Range<usize>,
        replacement: impl Into<String>,
    ) {
        self.edits.push(Edit {
            operator,
            span,
            replacement: replacement.into(),
        });
    }

    /// The mutants: no-op edits dropped; of edits making the same mutated source, one kept (the
    /// more specific operator's, so `int best = 0` -> `1` is an initial value, not an off-by-one);
    /// sorted by position, then operator, so the same source always gives the same list.
    pub fn finish(mut self, source: &str) -> Vec<Mutant> {
        self.edits
            .retain(|edit| source[edit.span.clone()] != *edit.replacement);
        self.edits.sort_by(|a, b| {
            let generic = |edit: &Edit| edit.operator == Operator::OffByOne;
            (
                generic(a),
                a.span.start,
                a.operator,
                a.span.end,
                &a.replacement,
            )
                .cmp(&(
                    generic(b),
                    b.span.start,
                    b.operator,
                    b.span.end,
                    &b.replacement,
                ))
        });
        let mut seen = HashSet::new();
        let lines = LineIndex::new(source);
        let mut mutants: Vec<Mutant> = Vec::new();
        for edit in self.edits {
            let mutant = Mutant {
                operator: edit.operator,
                line: 0,
                column: 0,
                original: source[edit.span.clone()].to_string(),
                span: edit.span,
                replacement: edit.replacement,
            };
            if seen.insert(canonical(source.as_bytes(), &mutant)) {
                mutants.push(mutant);
            }
        }
        mutants.sort_by(|a, b| {
            (a.span.start, a.operator, a.span.end, &a.replacement).cmp(&(
                b.span.start,
                b.operator,
                b.span.end,
                &b.replacement,
            ))
        });
        for mutant in &mut mutants {
            (mutant.line, mutant.column) = lines.position(source, mutant.span.start);
        }
        mutants
    }
}

/// The smallest edit that turns `source` into the mutant's source: the length of their common
/// prefix, where their common suffix starts in `source`, and the bytes between in the mutant.
/// Two mutants make the same source exactly when these are equal, and finding them reads only
/// around the span, not the whole source as comparing the mutated sources would.
fn canonical(source: &[u8], mutant: &Mutant) -> (usize, usize, Vec<u8>) {
    let (start, end) = (mutant.span.start, mutant.span.end);
    let replacement = mutant.replacement.as_bytes();
    let new_len = source.len() - (end - start) + replacement.len();
    let mutated = |i: usize| {
        if i < start {
            source[i]
        } else if i < start + replacement.len() {
            replacement[i - start]
        } else {
            source[end + (i - start - replacement.len())]
        }
    };
    let shorter = source.len().min(new_len);
    let mut prefix = start.min(shorter);
    while prefix < shorter && mutated(prefix) == source[prefix] {
        prefix += 1;
    }
    let limit = shorter - prefix;
    let mut suffix = (source.len() - end).min(limit);
    while suffix < limit && mutated(new_len - 1 - suffix) == source[source.len() - 1 - suffix] {
        suffix += 1;
    }
    let inserted = (prefix..new_len - suffix).map(mutated).collect();
    (prefix, source.len() - suffix, inserted)
}

/// Where each line starts, to turn byte offsets into lines and columns.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(source: &str) -> LineIndex {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        LineIndex { starts }
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    fn position(&self, source: &str, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        let column = source[self.starts[line]..offset].chars().count() + 1;
        (line + 1, column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_making_the_same_source_are_one_mutant() {
        let mut found = Found::default();
        // `aa` -> `a`, by deleting either `a`; and `x` -> `x` (no change).
        found.replace(Operator::OffByOne, 1..2, "");
        found.replace(Operator::Removal, 0..1, "");
        found.replace(Operator::Relational, 2..3, "x");
        let mutants = found.finish("aax");
        assert_eq!(mutants.len(), 1, "{mutants:#?}");
        assert_eq!(
            (mutants[0].operator, mutants[0].span.clone()),
            (Operator::Removal, 0..1)
        );
        assert_eq!(mutants[0].apply("aax"), "ax");
    }

    #[test]
    fn an_initial_value_wins_over_the_same_off_by_one() {
        let mut found = Found::default();
        found.replace(Operator::OffByOne, 8..9, "1");
        found.replace(Operator::InitialValue, 8..9, "1");
        found.replace(Operator::OffByOne, 8..9, "-1");
        let mutants = found.finish("int x = 0;");
        let kinds: Vec<_> = mutants
            .iter()
            .map(|m| (m.operator, m.replacement.as_str()))
            .collect();
        assert_eq!(
            kinds,
            [(Operator::OffByOne, "-1"), (Operator::InitialValue, "1")]
        );
        assert_eq!((mutants[0].line, mutants[0].column), (1, 9));
    }
}
