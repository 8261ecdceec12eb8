//! The dimensions of a text as the learned format reads it: each header integer that counts or
//! numbers something (vertices, rows, columns, items), with every part of the text that has one
//! element per unit of it. Removing elements of a dimension (`reshape`) edits all of its parts at
//! once, so that vertices go with their edges and their weights, rows of a grid with their count,
//! a permutation's values with its length.

use super::check::{content_lines, trace, Occurrence};
use super::graph::GraphProperty;
use super::stats::{Rel, SeqProperty};
use super::{Block, Format, Ref, Repeat, Row};
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

/// A content position: (content line, column).
pub(crate) type At = (usize, usize);

/// One part of a text with an element per unit of a dimension.
#[derive(Debug, Clone)]
pub(crate) enum Part {
    /// Content lines, one per element (element x on the x-th line).
    Lines(Range<usize>),
    /// The items of an array line, one per element; a permutation's values are renumbered.
    Items {
        line: Option<usize>,
        permutation: bool,
    },
    /// The parents of vertices 2..n (one item each) of a tree rooted at 1.
    Parents { line: Option<usize> },
    /// The characters of every word on these lines, one per element.
    Chars(Range<usize>),
    /// Edge rows whose first two values are vertices (elements of the dimension).
    Edges(Edges),
    /// A part the shrinker cannot edit element by element: the dimension is left alone.
    Fixed,
}

/// An edge list as the reshape pass edits it.
#[derive(Debug, Clone)]
pub(crate) struct Edges {
    pub lines: Range<usize>,
    /// Where the count of rows is (rows + `minus`), unless the rows are counted by the vertices.
    pub count: Option<At>,
    pub minus: usize,
    /// The properties learned of its graphs.
    pub learned: Vec<GraphProperty>,
    /// `Some(true)` when the first end is always below the second, `Some(false)` above.
    pub ascending: Option<bool>,
}

/// A header integer that counts or numbers elements, and its parts.
#[derive(Debug, Clone)]
pub(crate) struct Dimension {
    pub at: At,
    pub value: i128,
    /// The smallest value the generator gave it (when learned): it never goes lower.
    pub min: Option<i128>,
    pub parts: Vec<Part>,
}

impl Dimension {
    /// Whether every part can be edited element by element.
    pub fn editable(&self) -> bool {
        !self.parts.is_empty() && !self.parts.iter().any(|p| matches!(p, Part::Fixed))
    }
}

/// Every block of `blocks`, by id.
fn index<'a>(blocks: &'a [Block], out: &mut HashMap<usize, &'a Block>) {
    for block in blocks {
        out.insert(block.id, block);
        if let Row::Group { body } = &block.row {
            index(body, out);
        }
    }
}

/// See [`Format::dimensions`]: the content lines of `text` and its dimensions, in header order.
pub(super) fn dimensions(
    format: &Format,
    text: &str,
) -> Option<(Vec<Vec<String>>, Vec<Dimension>)> {
    let lines = content_lines(text);
    let occurrences = trace(format, &lines)?;
    let mut blocks = HashMap::new();
    index(&format.blocks, &mut blocks);
    let mut dims: BTreeMap<At, Dimension> = BTreeMap::new();
    for occurrence in &occurrences {
        let Some(block) = blocks.get(&occurrence.block) else {
            continue;
        };
        for (by, part) in parts(block, occurrence) {
            let (Some(&at), Some(&value)) = (occurrence.at.get(&by), occurrence.header.get(&by))
            else {
                continue;
            };
            dims.entry(at)
                .or_insert_with(|| Dimension {
                    at,
                    value,
                    min: smallest(&blocks, by),
                    parts: Vec::new(),
                })
                .parts
                .push(part);
        }
    }
    Some((lines, dims.into_values().collect()))
}

/// The smallest value learned of header integer `at`.
fn smallest(blocks: &HashMap<usize, &Block>, at: Ref) -> Option<i128> {
    match &blocks.get(&at.block)?.row {
        Row::Fixed { fields, .. } => {
            let field = fields.get(at.col)?;
            field
                .learned()
                .then(|| field.int_range())
                .flatten()
                .map(|r| r.0)
        }
        _ => None,
    }
}

/// The parts one block occurrence gives, each with the header integer it depends on.
fn parts(block: &Block, o: &Occurrence) -> Vec<(Ref, Part)> {
    let line = (!o.lines.is_empty()).then_some(o.lines.start);
    match (&block.row, block.repeat) {
        (Row::Group { .. }, Repeat::Lines { by, .. }) => vec![(by, Part::Fixed)],
        (Row::Fixed { graph, pairs, .. }, Repeat::Lines { by, minus }) => {
            let graph = graph.as_ref().filter(|g| g.seen_enough());
            let Some(graph) = graph else {
                let part = if minus == 0 {
                    Part::Lines(o.lines.clone())
                } else {
                    Part::Fixed
                };
                return vec![(by, part)];
            };
            let ascending = pairs
                .iter()
                .find(|p| p.left == 0 && p.right == 1)
                .and_then(|p| p.relation())
                .and_then(|rel| match rel {
                    Rel::Lt => Some(true),
                    Rel::Gt => Some(false),
                    Rel::Le | Rel::Ge => None,
                });
            let counted_apart = by != graph.vertices;
            let edges = Edges {
                lines: o.lines.clone(),
                count: if counted_apart {
                    o.at.get(&by).copied()
                } else {
                    None
                },
                minus,
                learned: graph.learned(),
                ascending,
            };
            let mut out = vec![(graph.vertices, Part::Edges(edges))];
            if counted_apart {
                let part = if minus == 0 {
                    Part::Lines(o.lines.clone())
                } else {
                    Part::Fixed
                };
                out.push((by, part));
            }
            out
        }
        (
            Row::Array {
                len,
                minus,
                seq,
                parents,
                ..
            },
            _,
        ) => {
            let tree = parents
                .as_ref()
                .is_some_and(|p| p.learned().contains(&super::graph::ParentProperty::Tree));
            let part = match minus {
                0 => Part::Items {
                    line,
                    permutation: seq.learned().contains(&SeqProperty::Permutation),
                },
                1 if tree => Part::Parents { line },
                _ => Part::Fixed,
            };
            match block.repeat {
                Repeat::Once => vec![(*len, part)],
                Repeat::Lines { by, .. } => vec![(*len, Part::Fixed), (by, Part::Fixed)],
            }
        }
        (Row::Chars { len, .. }, repeat) => {
            let mut out = vec![(*len, Part::Chars(o.lines.clone()))];
            if let Repeat::Lines { by, minus } = repeat {
                let part = if minus == 0 {
                    Part::Lines(o.lines.clone())
                } else {
                    Part::Fixed
                };
                out.push((by, part));
            }
            out
        }
        _ => Vec::new(),
    }
}
