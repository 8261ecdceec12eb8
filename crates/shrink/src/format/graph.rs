//! Graphs in an input: edge lists (a block of rows whose first two values always lie in `1..n`
//! for a header integer `n`) and parent arrays (`n - 1` integers, the parent of vertex 2, 3, ...,
//! n). What a generator's graphs always are (no self-loop, no repeated edge, connected, acyclic,
//! a tree, every vertex on an edge, parents below their children) is learned from its inputs like
//! any other invariant: from [`MIN_SEQUENCES`] graphs of two or more vertices.

use super::{Ref, MIN_SEQUENCES};
use std::collections::HashSet;

/// A property of every graph of an edge list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GraphProperty {
    /// No edge `v v`.
    NoSelfLoop,
    /// No two edges join the same two vertices (`1 2` and `2 1` are the same edge).
    NoRepeatedEdge,
    /// No two edges are the same ordered pair (`1 2` twice; `1 2` and `2 1` may both be there).
    NoRepeatedArc,
    /// Every vertex reaches every other.
    Connected,
    /// No cycle (a forest; with [`GraphProperty::Connected`], a tree of n - 1 edges).
    Acyclic,
    /// Every vertex `1..n` is an end of some edge.
    EveryVertex,
}

/// The properties in the order of [`GraphStats`]'s bookkeeping.
const GRAPH_PROPERTIES: [GraphProperty; 6] = [
    GraphProperty::NoSelfLoop,
    GraphProperty::NoRepeatedEdge,
    GraphProperty::NoRepeatedArc,
    GraphProperty::Connected,
    GraphProperty::Acyclic,
    GraphProperty::EveryVertex,
];

impl GraphProperty {
    /// How the explanation and the report word it.
    pub fn name(self) -> &'static str {
        match self {
            GraphProperty::NoSelfLoop => "no self-loop",
            GraphProperty::NoRepeatedEdge => "no repeated edge",
            GraphProperty::NoRepeatedArc => "no repeated ordered pair",
            GraphProperty::Connected => "connected",
            GraphProperty::Acyclic => "acyclic",
            GraphProperty::EveryVertex => "every vertex on an edge",
        }
    }
}

/// Disjoint sets over `0..n` (path halving), for connectivity and cycles.
pub(crate) struct Sets(Vec<usize>);

impl Sets {
    pub fn new(n: usize) -> Sets {
        Sets((0..n).collect())
    }

    pub fn find(&mut self, mut x: usize) -> usize {
        while self.0[x] != x {
            self.0[x] = self.0[self.0[x]];
            x = self.0[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; false when they were one set already.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a] = b;
        a != b
    }
}

/// Which of [`GRAPH_PROPERTIES`] the graph of `n` vertices and `edges` (1-based ends, all within
/// `1..=n`) has.
pub(crate) fn graph_properties(n: usize, edges: &[(usize, usize)]) -> [bool; 6] {
    let no_loop = edges.iter().all(|&(u, v)| u != v);
    let mut pairs = HashSet::new();
    let no_repeat = edges
        .iter()
        .all(|&(u, v)| pairs.insert((u.min(v), u.max(v))));
    let mut arcs = HashSet::new();
    let no_repeat_arc = edges.iter().all(|e| arcs.insert(*e));
    let mut sets = Sets::new(n + 1);
    let mut acyclic = true;
    let mut present = vec![false; n + 1];
    for &(u, v) in edges {
        acyclic &= sets.union(u, v);
        present[u] = true;
        present[v] = true;
    }
    let connected = n == 0 || {
        let root = sets.find(1);
        (2..=n).all(|v| sets.find(v) == root)
    };
    let every = n <= 1 || present[1..].iter().all(|&p| p);
    [no_loop, no_repeat, no_repeat_arc, connected, acyclic, every]
}

/// The edges of `rows` (their first two values) when every one lies in `1..=n`.
pub(crate) fn edges_of(rows: &[Vec<String>], n: i128) -> Option<Vec<(usize, usize)>> {
    rows.iter()
        .map(|row| {
            let end = |t: Option<&String>| {
                let v = super::stats::int_value(t?)?;
                (1..=n).contains(&v).then_some(v as usize)
            };
            Some((end(row.first())?, end(row.get(1))?))
        })
        .collect()
}

/// What held for every graph of one edge-list block, whose vertices are `1..vertices`.
#[derive(Debug, Clone)]
pub(crate) struct GraphStats {
    /// The header integer that is the number of vertices.
    pub vertices: Ref,
    graphs: usize,
    held: [bool; 6],
}

impl GraphStats {
    /// No graph seen yet, on vertices `1..vertices`.
    pub fn new(vertices: Ref) -> GraphStats {
        GraphStats {
            vertices,
            graphs: 0,
            held: [true; 6],
        }
    }

    /// Records one graph (graphs of fewer than two vertices prove nothing).
    pub fn observe(&mut self, n: i128, rows: &[Vec<String>]) {
        let Some(edges) = edges_of(rows, n) else {
            self.held = [false; 6];
            return;
        };
        if n < 2 {
            return;
        }
        self.graphs += 1;
        let found = graph_properties(n as usize, &edges);
        for (held, has) in self.held.iter_mut().zip(found) {
            *held &= has;
        }
    }

    /// The properties every graph had, once enough graphs were seen (the weaker "no repeated
    /// ordered pair" left out when "no repeated edge" holds).
    pub fn learned(&self) -> Vec<GraphProperty> {
        if self.graphs < MIN_SEQUENCES {
            return Vec::new();
        }
        let mut out: Vec<GraphProperty> = GRAPH_PROPERTIES
            .iter()
            .zip(self.held)
            .filter(|(_, held)| *held)
            .map(|(p, _)| *p)
            .collect();
        if out.contains(&GraphProperty::NoRepeatedEdge) {
            out.retain(|p| *p != GraphProperty::NoRepeatedArc);
        }
        out
    }

    /// Whether the graph of `n` vertices in `rows` keeps every learned property.
    pub fn accepts(&self, n: i128, rows: &[Vec<String>]) -> bool {
        let learned = self.learned();
        if learned.is_empty() {
            return true;
        }
        let Some(edges) = edges_of(rows, n) else {
            return false;
        };
        let found = graph_properties(n.max(0) as usize, &edges);
        learned.iter().all(|p| {
            let index = GRAPH_PROPERTIES.iter().position(|q| q == p).unwrap_or(0);
            found[index]
        })
    }

    /// Whether enough graphs were seen for the block to count as an edge list.
    pub fn seen_enough(&self) -> bool {
        self.graphs >= MIN_SEQUENCES
    }

    /// The learned facts as words: `a tree`, `a forest`, then the rest.
    pub fn describe(&self) -> Vec<String> {
        let learned = self.learned();
        let has = |p| learned.contains(&p);
        let mut out = Vec::new();
        let tree = has(GraphProperty::Connected) && has(GraphProperty::Acyclic);
        if tree {
            out.push("a tree (connected, acyclic, n-1 edges)".to_string());
        } else if has(GraphProperty::Acyclic) {
            out.push("a forest (acyclic)".to_string());
        }
        for p in learned {
            let said = tree && matches!(p, GraphProperty::Connected | GraphProperty::Acyclic)
                || (!tree && p == GraphProperty::Acyclic);
            if !said {
                out.push(p.name().to_string());
            }
        }
        out
    }
}

/// A property of every parent array (`n - 1` integers: the parents of vertices 2..n).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ParentProperty {
    /// The parents make a tree rooted at vertex 1.
    Tree,
    /// Every parent is smaller than its child (`p_i < i`).
    Below,
}

/// Whether `parents` (item j the parent of vertex j + 2) make a tree rooted at 1, and whether
/// every parent is below its child; `None` when an item is not a vertex of `1..=len+1`.
pub(crate) fn parent_properties(parents: &[i128]) -> Option<(bool, bool)> {
    let n = parents.len() + 1;
    let p: Vec<usize> = parents
        .iter()
        .map(|&v| (1..=n as i128).contains(&v).then_some(v as usize))
        .collect::<Option<_>>()?;
    let below = p.iter().enumerate().all(|(j, &v)| v < j + 2);
    let mut sets = Sets::new(n + 1);
    let tree = p.iter().enumerate().all(|(j, &v)| sets.union(j + 2, v));
    Some((tree, below))
}

/// What held for every parent array of one line.
#[derive(Debug, Clone)]
pub(crate) struct ParentStats {
    arrays: usize,
    tree: bool,
    below: bool,
}

impl ParentStats {
    pub fn new() -> ParentStats {
        ParentStats {
            arrays: 0,
            tree: true,
            below: true,
        }
    }

    /// Records one array (of two or more items to count).
    pub fn observe(&mut self, items: &[&str]) {
        let values: Option<Vec<i128>> = items.iter().map(|t| super::stats::int_value(t)).collect();
        let (tree, below) = values
            .as_deref()
            .and_then(parent_properties)
            .unwrap_or((false, false));
        self.tree &= tree;
        self.below &= below;
        if items.len() >= 2 {
            self.arrays += 1;
        }
    }

    /// The properties every array had, once enough were seen.
    pub fn learned(&self) -> Vec<ParentProperty> {
        let mut out = Vec::new();
        if self.arrays >= MIN_SEQUENCES {
            if self.tree {
                out.push(ParentProperty::Tree);
            }
            if self.below {
                out.push(ParentProperty::Below);
            }
        }
        out
    }

    /// Whether `items` keeps every learned property.
    pub fn accepts(&self, items: &[&str]) -> bool {
        let learned = self.learned();
        if learned.is_empty() {
            return true;
        }
        let values: Option<Vec<i128>> = items.iter().map(|t| super::stats::int_value(t)).collect();
        let Some((tree, below)) = values.as_deref().and_then(parent_properties) else {
            return false;
        };
        learned.iter().all(|p| match p {
            ParentProperty::Tree => tree,
            ParentProperty::Below => below,
        })
    }

    /// The learned facts as words.
    pub fn describe(&self) -> Vec<String> {
        self.learned()
            .iter()
            .map(|p| match p {
                ParentProperty::Tree => "a_i the parent of vertex i+1: a tree rooted at 1",
                ParentProperty::Below => "a_i <= i (a parent below its child)",
            })
            .map(str::to_string)
            .collect()
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
    fn properties_of_small_graphs() {
        let all = |n, text: &str| graph_properties(n, &edges_of(&rows(text), n as i128).unwrap());
        // no loop, no repeat, no repeated arc, connected, acyclic, every vertex
        assert_eq!(all(3, "1 2/2 3"), [true; 6]);
        assert_eq!(all(3, "1 2/2 1"), [true, false, true, false, false, false]);
        assert_eq!(all(3, "1 2/2 3/3 1"), [true, true, true, true, false, true]);
        assert_eq!(all(4, "1 2/3 3"), [false, true, true, false, false, false]);
        assert!(edges_of(&rows("1 4"), 3).is_none());
    }

    #[test]
    fn a_tree_is_learned_from_enough_trees_and_guards() {
        let at = Ref { block: 0, col: 0 };
        let mut stats = GraphStats::new(at);
        for i in 0..MIN_SEQUENCES {
            stats.observe(
                4,
                &rows(if i % 2 == 0 {
                    "1 2/2 3/2 4"
                } else {
                    "4 1/1 3/3 2"
                }),
            );
        }
        assert!(
            stats.describe()[0].starts_with("a tree"),
            "{:?}",
            stats.describe()
        );
        assert!(stats.accepts(3, &rows("1 2/3 1")));
        assert!(
            !stats.accepts(4, &rows("1 2/2 1/3 4")),
            "a cycle and two parts"
        );
        assert!(!stats.accepts(3, &rows("1 2/1 2")));
    }

    #[test]
    fn parent_arrays() {
        assert_eq!(parent_properties(&[1, 1, 2]), Some((true, true)));
        assert_eq!(parent_properties(&[3, 1]), Some((true, false)));
        assert_eq!(parent_properties(&[3, 2]), Some((false, false)));
        assert_eq!(parent_properties(&[5]), None);
        let mut stats = ParentStats::new();
        for _ in 0..MIN_SEQUENCES {
            stats.observe(&["1", "1", "2"]);
        }
        assert!(stats.accepts(&["1", "2"]));
        assert!(!stats.accepts(&["2", "1"]));
    }
}
