//! The input format a generator really produces, learned from its inputs, and the invariants
//! every shrunk input must keep when no input validator is there to judge.
//!
//! The model is a sequence of blocks over the non-blank lines: a line read once (a header such as
//! `n m`), or lines repeated as many times as a header integer says (`m` lines, or `n - 1` lines
//! of a tree). Each line is a fixed number of fields, an array whose length a header integer
//! gives, or one word whose length a header integer gives (a string, a row of a character grid).
//! Learning walks all samples at once and takes, at each point, the first shape that fits every
//! sample; where none fits it stops, and what follows is not constrained (`complete` is false).
//! A count may also be followed by that many *cases* (`t`, then t groups of lines, each with its
//! own header and body: a test case of a Codeforces-style input, a graph of m edges inside it);
//! a case's structure is learned from every case of every sample, to any depth of nesting.
//!
//! Per field it learns the type (integer, decimal, word and the characters its words use), the
//! smallest and largest values (lengths for words), order relations between the integer fields of
//! a line (`a < b`, `a <= b`) and against earlier header integers (`b <= n`), and for arrays
//! whether they are sorted, distinct or permutations of `1..len`. For the rows of a repeated line
//! it learns invariants on whole rows (`rows`): no two equal, sorted, a row's values distinct,
//! intervals nested or disjoint. A repeated line whose first two values always lie in `1..n`
//! for a header integer `n` is an edge list (`graph`): of its graphs it learns no self-loop, no
//! repeated edge, connected, acyclic, every vertex on an edge; an array of `n - 1` items, whether
//! it is a tree's parents (and `p_i < i`). [`Format::dimensions`] lists what each header integer
//! counts or numbers in a text, for the shrinker to remove elements of it as wholes.
//!
//! How many observations an invariant needs (a handful of inputs proves nothing):
//! - the structure: [`MIN_INPUTS`] inputs;
//! - a field's bounds, character set and every order relation: [`MIN_OBSERVATIONS`] values or
//!   value pairs (a header field, seen once per input, thus needs that many inputs);
//! - sorted, distinct, permutation: [`MIN_SEQUENCES`] arrays of two or more items;
//! - properties of a block's rows: [`MIN_SEQUENCES`] blocks of two or more rows;
//! - properties of graphs and parent arrays: [`MIN_SEQUENCES`] graphs of two or more vertices.
//!
//! Invariants with fewer observations are not learned: they neither constrain nor get printed.

mod cases;
mod check;
mod dims;
mod explain;
mod graph;
mod learn;
mod rows;
mod stats;

#[cfg(test)]
mod tests;

pub use cases::Cases;
pub(crate) use dims::{Dimension, Edges, Part};
pub(crate) use graph::GraphProperty;
#[cfg(test)]
pub(crate) use graph::Sets;
use graph::{GraphStats, ParentStats};
use rows::RowStats;
use stats::{FieldStats, PairStats, SeqStats};

/// Inputs needed before any structure is learned.
pub const MIN_INPUTS: usize = 8;
/// Observations needed before a bound, character set or order relation is learned.
pub const MIN_OBSERVATIONS: usize = 20;
/// Arrays (of two or more items) needed before sortedness, distinctness or permutation is learned.
pub const MIN_SEQUENCES: usize = 10;

/// What a generator's inputs look like. [`Format::accepts`] guards the shrinker: a variant it
/// rejects is never run.
#[derive(Debug, Clone, Default)]
pub struct Format {
    /// Inputs the format was learned from.
    samples: usize,
    /// The blocks, in input order.
    blocks: Vec<Block>,
    /// Whether the blocks cover the inputs to their end (else the rest is unconstrained).
    complete: bool,
}

/// A field of a line read once: (block id, column). Inside cases, the same field of every case
/// has the same `Ref`: the current case's value is the one in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Ref {
    pub block: usize,
    pub col: usize,
}

/// How often a block's line comes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Repeat {
    /// Once.
    Once,
    /// The value of header field `by`, minus `minus`, times (for a [`Row::Group`]: cases).
    Lines { by: Ref, minus: usize },
}

/// What one line of a block holds.
#[derive(Debug, Clone)]
pub(crate) enum Row {
    /// A fixed number of fields, with the order relations between them and, for a repeated
    /// line, the invariants of its rows.
    Fixed {
        fields: Vec<FieldStats>,
        pairs: Vec<PairStats>,
        rows: RowStats,
        /// For an edge list (the first two values of every row in `1..n`): what its graphs are.
        graph: Option<GraphStats>,
    },
    /// As many items as header field `len` says, minus `minus`.
    Array {
        len: Ref,
        minus: usize,
        item: FieldStats,
        seq: SeqStats,
        /// For `n - 1` items: what held of them as the parents of vertices 2..n.
        parents: Option<ParentStats>,
    },
    /// One word with as many characters as header field `len` says.
    Chars { len: Ref, item: FieldStats },
    /// Not a line: a case, the blocks of `body` (each case its own header and body).
    Group { body: Vec<Block> },
}

/// One block: a line, once or repeated, or repeated cases.
#[derive(Debug, Clone)]
pub(crate) struct Block {
    /// Unique within the format: the block of a [`Ref`].
    pub id: usize,
    pub repeat: Repeat,
    pub row: Row,
}

impl Format {
    /// Learns the format of `samples` (inputs the generator produced). Fewer than [`MIN_INPUTS`]
    /// samples give the format that accepts everything.
    pub fn learn<S: AsRef<str>>(samples: &[S]) -> Format {
        learn::learn(samples)
    }

    /// The format that constrains nothing (no samples, or shrinking unguarded).
    pub fn anything() -> Format {
        Format::default()
    }

    /// Whether anything was learned.
    pub fn is_known(&self) -> bool {
        !self.blocks.is_empty()
    }

    /// Inputs the format was learned from.
    pub fn samples(&self) -> usize {
        self.samples
    }

    /// Whether `text` keeps every learned invariant.
    pub fn accepts(&self, text: &str) -> bool {
        check::accepts(self, text)
    }

    /// The format in readable lines: `line 1: n m (1 <= n <= 30, 0 <= m <= 29)`, then
    /// `m lines: a b (1 <= a <= 29, a < b, b <= n)`; cases indented under `then t cases, each:`.
    pub fn explain(&self) -> Vec<String> {
        explain::explain(self)
    }

    /// The content lines (non-blank lines, as tokens) of `text` and its dimensions (header
    /// integers that count or number elements, with the parts holding one element per unit),
    /// when `text` keeps the format.
    pub(crate) fn dimensions(&self, text: &str) -> Option<(Vec<Vec<String>>, Vec<Dimension>)> {
        dims::dimensions(self, text)
    }

    /// The shapes the format keeps, one line each (`edges on vertices 1..n: a tree ...`,
    /// `the n integers: a permutation of 1..n`, `a grid of n rows of m characters from [#.]`):
    /// every shrunk input the format guarded keeps them. Empty when nothing of the kind was
    /// learned.
    pub fn shapes(&self) -> Vec<String> {
        explain::shapes(self)
    }

    /// The cases of `text`, when the format reads it as a count followed by that many cases
    /// (the outermost such count): the parts to keep some cases and drop the others.
    pub fn cases(&self, text: &str) -> Option<Cases> {
        cases::split(self, text)
    }
}
