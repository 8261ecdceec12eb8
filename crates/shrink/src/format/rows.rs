//! Invariants on whole rows of a repeated line, not only on values: no two rows of a block equal
//! (as tuples), rows in sorted order, a row's own values distinct (`u != v` of an edge), and,
//! for rows `l r` with `l <= r`, no two intervals crossing (any two nested or disjoint, as a
//! generator of laminar intervals makes them).
//!
//! A block property is proved by [`MIN_SEQUENCES`] blocks of two or more rows; a row's distinct
//! values by [`MIN_OBSERVATIONS`] rows of two or more integers.

use super::stats::int_value;
use super::{MIN_OBSERVATIONS, MIN_SEQUENCES};
use std::collections::HashSet;

/// A property of the rows of one block, or of each row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowProperty {
    /// No two rows of a block are equal.
    DistinctRows,
    /// Each row is at least the one before (integers compared as numbers, left to right).
    SortedRows,
    /// Rows `l r` (l <= r): any two are nested or disjoint, never crossing.
    Laminar,
    /// No two values of one row are equal.
    DistinctValues,
}

impl RowProperty {
    /// How the explanation words it.
    pub fn name(self) -> &'static str {
        match self {
            RowProperty::DistinctRows => "no two rows equal",
            RowProperty::SortedRows => "rows sorted",
            RowProperty::Laminar => "any two rows nested or disjoint, never crossing",
            RowProperty::DistinctValues => "the values of a row distinct",
        }
    }
}

/// The block properties, in the order of [`RowStats::held`].
const BLOCK_PROPERTIES: [RowProperty; 3] = [
    RowProperty::DistinctRows,
    RowProperty::SortedRows,
    RowProperty::Laminar,
];

/// What held for every block of rows of one repeated line.
#[derive(Debug, Clone)]
pub(crate) struct RowStats {
    blocks: usize,
    held: [bool; 3],
    rows: usize,
    distinct_values: bool,
}

/// A row's integers, when all of its tokens are integers.
fn values(row: &[String]) -> Option<Vec<i128>> {
    row.iter().map(|t| int_value(t)).collect()
}

/// Whether every two of `rows` (each `[l, r]`, l <= r) are nested or disjoint. Sorted by left
/// end (right end descending), each interval must lie inside or after every open one.
fn laminar(rows: &[Vec<i128>]) -> bool {
    let mut spans: Vec<(i128, i128)> = Vec::with_capacity(rows.len());
    for row in rows {
        match row[..] {
            [l, r] if l <= r => spans.push((l, r)),
            _ => return false,
        }
    }
    spans.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut open: Vec<i128> = Vec::new();
    for (l, r) in spans {
        while open.last().is_some_and(|&end| end < l) {
            open.pop();
        }
        if open.last().is_some_and(|&end| r > end) {
            return false;
        }
        open.push(r);
    }
    true
}

/// Which block properties `rows` has (same order as [`BLOCK_PROPERTIES`]).
fn block_properties(rows: &[Vec<String>]) -> [bool; 3] {
    let mut seen = HashSet::new();
    let distinct = rows.iter().all(|r| seen.insert(r));
    let numeric: Option<Vec<Vec<i128>>> = rows.iter().map(|r| values(r)).collect();
    let sorted = match &numeric {
        Some(v) => v.windows(2).all(|w| w[0] <= w[1]),
        None => rows.windows(2).all(|w| w[0] <= w[1]),
    };
    let nested = numeric.as_deref().is_some_and(laminar);
    [distinct, sorted, nested]
}

/// Whether no two values of `row` are equal (rows of fewer than two integers: `None`).
fn distinct_values(row: &[String]) -> Option<bool> {
    let v = values(row).filter(|v| v.len() >= 2)?;
    let mut seen = HashSet::new();
    Some(v.iter().all(|x| seen.insert(*x)))
}

impl RowStats {
    /// Nothing seen yet.
    pub fn new() -> RowStats {
        RowStats {
            blocks: 0,
            held: [true; 3],
            rows: 0,
            distinct_values: true,
        }
    }

    /// Records one block of rows (blocks of fewer than two rows prove nothing of the block).
    pub fn observe(&mut self, rows: &[Vec<String>]) {
        for row in rows {
            if let Some(distinct) = distinct_values(row) {
                self.rows += 1;
                self.distinct_values &= distinct;
            }
        }
        if rows.len() < 2 {
            return;
        }
        self.blocks += 1;
        for (held, has) in self.held.iter_mut().zip(block_properties(rows)) {
            *held &= has;
        }
    }

    /// The properties every block (every row) had, once seen often enough.
    pub fn learned(&self) -> Vec<RowProperty> {
        let mut out = Vec::new();
        if self.blocks >= MIN_SEQUENCES {
            out.extend(
                BLOCK_PROPERTIES
                    .iter()
                    .zip(self.held)
                    .filter(|(_, held)| *held)
                    .map(|(p, _)| *p),
            );
        }
        if self.rows >= MIN_OBSERVATIONS && self.distinct_values {
            out.push(RowProperty::DistinctValues);
        }
        out
    }

    /// Whether the block `rows` keeps every learned property.
    pub fn accepts(&self, rows: &[Vec<String>]) -> bool {
        let learned = self.learned();
        if learned.is_empty() {
            return true;
        }
        if learned.contains(&RowProperty::DistinctValues)
            && !rows.iter().all(|r| distinct_values(r).unwrap_or(false))
        {
            return false;
        }
        let found = block_properties(rows);
        BLOCK_PROPERTIES
            .iter()
            .zip(found)
            .all(|(p, has)| has || !learned.contains(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Vec<Vec<String>> {
        text.split('/')
            .map(|r| r.split_whitespace().map(str::to_string).collect())
            .collect()
    }

    #[test]
    fn laminar_families_are_nested_or_disjoint() {
        let spans = |text: &str| {
            laminar(
                &rows(text)
                    .iter()
                    .map(|r| values(r).unwrap())
                    .collect::<Vec<_>>(),
            )
        };
        assert!(spans("1 10/2 3/4 9/5 5/11 12"));
        assert!(spans("1 3/1 2"), "a shared left end is nested");
        assert!(!spans("1 3/2 4"), "crossing");
        assert!(!spans("1 3/3 5"), "sharing only an end point crosses");
        assert!(!spans("3 1"), "not an interval");
    }

    #[test]
    fn block_properties_are_learned_from_enough_blocks() {
        let mut stats = RowStats::new();
        for i in 0..MIN_SEQUENCES as i64 {
            stats.observe(&rows(&format!("1 {}/2 {}/5 9", 3 + i % 2, 4)));
        }
        let learned = stats.learned();
        for p in [
            RowProperty::DistinctRows,
            RowProperty::SortedRows,
            RowProperty::DistinctValues,
        ] {
            assert!(learned.contains(&p), "{p:?}: {learned:?}");
        }
        assert!(
            !learned.contains(&RowProperty::Laminar),
            "1 3 and 2 4 cross"
        );
        assert!(stats.accepts(&rows("1 2/1 3")));
        assert!(!stats.accepts(&rows("1 2/1 2")), "equal rows");
        assert!(!stats.accepts(&rows("2 3/1 2")), "unsorted");
        assert!(!stats.accepts(&rows("2 2")), "equal values in a row");
        let mut few = RowStats::new();
        few.observe(&rows("1 2/3 4"));
        assert!(few.learned().is_empty() && few.accepts(&rows("1 1/1 1")));
    }
}
