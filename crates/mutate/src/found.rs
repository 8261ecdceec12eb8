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
            if seen.insert(mutant.apply(source)) {
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
