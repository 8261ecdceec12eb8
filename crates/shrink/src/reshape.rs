//! Shrinking by the shapes the learned format knows, keeping them by construction: elements of a
//! dimension (vertices, rows, columns, items) removed together with everything that has one per
//! element, and the rest renumbered to `1..n-k`.
//!
//! - Vertices of an edge list: edges touching them go, the others are renumbered, the edge count
//!   rewritten. In a forest (acyclic learned) a removed vertex is contracted into its nearest kept
//!   ancestor instead (each tree rooted at its smallest kept vertex), so a tree stays a tree: a
//!   leaf removed, an inner vertex of a path skipped (the path shortened).
//! - Edges: rows removed and their count rewritten; the guard keeps a learned connectivity (only
//!   cycle edges can go).
//! - In other graphs, an edge contracted: its larger end merged into the smaller, loops and
//!   repeated edges the generator never makes dropped.
//! - Parent arrays: a removed vertex's children take its parent (a tree rooted at 1 stays one,
//!   `p_i < i` holds).
//! - A permutation's item removed and the values above it lowered (still a permutation of
//!   `1..n`); an array's item, a word's character, a row removed with its count.
//! - A grid: rows and columns removed together.
//!
//! Removals go by chunks, delta-debugging style (half the elements, then quarters, ... then one);
//! every candidate is checked by the guard (the learned format, graph properties included) before
//! it is run, so one that breaks a property costs no run.

use crate::doc::Doc;
use crate::format::{Dimension, Edges, GraphProperty, Part};
use crate::layout::Mode;
use crate::search::Search;
use std::collections::{BTreeSet, HashSet, VecDeque};

/// Content lines being edited: `None` for a removed line.
type Lines = Vec<Option<Vec<String>>>;

/// Chunks of a dimension are no smaller than this share of it (finer once it has shrunk).
const MAX_CHUNKS: i128 = 256;
/// Edges are contracted one at a time only in graphs of at most this many edges (each try
/// costs a pass over the input even when the guard refuses it).
const MAX_CONTRACTED: usize = 400;

/// The pass: every editable dimension shrunk by chunks, then edge contractions, then grids'
/// rows and columns together. True when anything was accepted.
pub(crate) fn reshape<F: FnMut(&str) -> bool>(search: &mut Search<F>, mode: Mode) -> Option<bool> {
    if mode == Mode::Flat || !search.guard().is_known() {
        return Some(false);
    }
    let mut progress = false;
    let mut index = 0;
    while let Some((lines, dims)) = editable(search) {
        let Some(dim) = dims.get(index) else {
            break;
        };
        if remove_chunks(search, &lines, dim)? {
            progress = true;
        } else {
            index += 1;
        }
    }
    progress |= contract_edges(search)?;
    progress |= grids_together(search)?;
    Some(progress)
}

/// The current input's content lines and editable dimensions.
fn editable<F: FnMut(&str) -> bool>(
    search: &Search<F>,
) -> Option<(Vec<Vec<String>>, Vec<Dimension>)> {
    let (lines, dims) = search.guard().dimensions(&search.doc.render())?;
    Some((lines, dims.into_iter().filter(|d| d.editable()).collect()))
}

/// Removes chunks of `dim`'s elements, halving the chunk size down to one; true (after the
/// first accepted removal) when one was accepted.
fn remove_chunks<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    lines: &[Vec<String>],
    dim: &Dimension,
) -> Option<bool> {
    let n = dim.value;
    // No more elements may go than the learned smallest value allows.
    let room = n - dim.min.unwrap_or(0).max(0);
    if n <= 0 || room <= 0 {
        return Some(false);
    }
    let smallest = (n / MAX_CHUNKS).max(1);
    let mut size = ((n + 1) / 2).min(room);
    loop {
        let mut start = 1;
        while start <= n {
            let gone: BTreeSet<usize> = (start..(start + size).min(n + 1))
                .map(|x| x as usize)
                .collect();
            if let Some(candidate) = removed(search, lines, &[(dim, &gone)], None) {
                if search.attempt_doc(candidate)? {
                    return Some(true);
                }
            }
            start += size;
        }
        if size <= smallest {
            return Some(false);
        }
        size = ((size + 1) / 2).min(room);
    }
}

/// Contracts one edge at a time of every edge list whose graphs are not forests (in forests,
/// removing a vertex contracts it already).
fn contract_edges<F: FnMut(&str) -> bool>(search: &mut Search<F>) -> Option<bool> {
    let mut progress = false;
    let mut tried = 0;
    'again: while let Some((lines, dims)) = editable(search) {
        let mut seen = 0;
        for dim in dims.iter().filter(|d| d.value > d.min.unwrap_or(0)) {
            for part in &dim.parts {
                let Part::Edges(edges) = part else { continue };
                if edges.learned.contains(&GraphProperty::Acyclic)
                    || edges.lines.len() > MAX_CONTRACTED
                {
                    continue;
                }
                for row in edges.lines.clone() {
                    seen += 1;
                    if seen <= tried {
                        continue;
                    }
                    tried = seen;
                    let Some((u, v)) = ends(&lines[row]) else {
                        continue;
                    };
                    if u == v {
                        continue;
                    }
                    let (keep, merge) = (u.min(v), u.max(v));
                    let gone = BTreeSet::from([merge]);
                    let Some(candidate) =
                        removed(search, &lines, &[(dim, &gone)], Some((merge, keep)))
                    else {
                        continue;
                    };
                    if search.attempt_doc(candidate)? {
                        progress = true;
                        tried -= 1;
                        continue 'again;
                    }
                }
            }
        }
        break;
    }
    Some(progress)
}

/// Whether `dim` has the rows of a grid (lines of words) or their characters.
fn grid_part(dim: &Dimension) -> Option<(usize, bool)> {
    dim.parts.iter().find_map(|p| match p {
        Part::Chars(r) if dim.parts.len() == 1 => Some((r.start, false)),
        Part::Lines(r) => Some((r.start, true)),
        _ => None,
    })
}

/// Removes rows and columns of a grid at once: chunk k of the rows with chunk k of the columns,
/// halving down to single rows and columns.
fn grids_together<F: FnMut(&str) -> bool>(search: &mut Search<F>) -> Option<bool> {
    let mut progress = false;
    'again: while let Some((lines, dims)) = editable(search) {
        for (i, rows) in dims.iter().enumerate() {
            let Some((first, true)) = grid_part(rows) else {
                continue;
            };
            let Some(cols) = dims[i + 1..]
                .iter()
                .find(|d| grid_part(d) == Some((first, false)))
            else {
                continue;
            };
            let (r, c) = (rows.value, cols.value);
            if r <= rows.min.unwrap_or(0) || c <= cols.min.unwrap_or(0) {
                continue;
            }
            let mut chunks = 2;
            while chunks <= (r.min(c).max(1) * 2).min(MAX_CHUNKS) {
                let chunk = |n: i128, k: i128| -> BTreeSet<usize> {
                    let size = (n + chunks - 1) / chunks;
                    ((k * size + 1)..=((k + 1) * size).min(n))
                        .map(|x| x as usize)
                        .collect()
                };
                for k in 0..chunks {
                    let (gr, gc) = (chunk(r, k), chunk(c, k));
                    if gr.is_empty() || gc.is_empty() {
                        continue;
                    }
                    let Some(candidate) =
                        removed(search, &lines, &[(rows, &gr), (cols, &gc)], None)
                    else {
                        continue;
                    };
                    if search.attempt_doc(candidate)? {
                        progress = true;
                        continue 'again;
                    }
                }
                chunks *= 2;
            }
        }
        break;
    }
    Some(progress)
}

/// The current document with the elements `gone` of each dimension removed (and, for an edge
/// contraction, `merge` = (vertex, into) applied first); `None` when a part cannot lose them.
fn removed<F: FnMut(&str) -> bool>(
    search: &Search<F>,
    content: &[Vec<String>],
    removals: &[(&Dimension, &BTreeSet<usize>)],
    merge: Option<(usize, usize)>,
) -> Option<Doc> {
    let mut lines: Lines = content.iter().cloned().map(Some).collect();
    for (dim, gone) in removals {
        if gone.is_empty() || gone.iter().any(|&x| x == 0 || x as i128 > dim.value) {
            return None;
        }
        remove(&mut lines, dim, gone, merge)?;
    }
    Some(rebuild(&search.doc, lines))
}

/// The document `doc` with its content lines replaced by `lines` (blank lines kept).
fn rebuild(doc: &Doc, lines: Lines) -> Doc {
    let mut edited = lines.into_iter();
    let out = doc
        .lines
        .iter()
        .filter_map(|line| {
            if line.is_empty() {
                Some(Vec::new())
            } else {
                edited.next().flatten()
            }
        })
        .collect();
    Doc {
        lines: out,
        trailing_newline: doc.trailing_newline,
    }
}

/// The first two values of a row, as vertices.
fn ends(row: &[String]) -> Option<(usize, usize)> {
    Some((row.first()?.parse().ok()?, row.get(1)?.parse().ok()?))
}

/// Removes the elements `gone` (1-based) of `dim` from every part of it, renumbering the rest.
fn remove(
    lines: &mut Lines,
    dim: &Dimension,
    gone: &BTreeSet<usize>,
    merge: Option<(usize, usize)>,
) -> Option<()> {
    let n = usize::try_from(dim.value).ok()?;
    // renumber[x]: the new number of kept element x.
    let mut renumber = vec![0; n + 1];
    let mut next = 0;
    for (x, slot) in renumber.iter_mut().enumerate().skip(1) {
        if !gone.contains(&x) {
            next += 1;
            *slot = next;
        }
    }
    let (line, col) = dim.at;
    *lines.get_mut(line)?.as_mut()?.get_mut(col)? = next.to_string();
    for part in &dim.parts {
        match part {
            Part::Lines(range) => {
                for &x in gone {
                    let at = range.start + x - 1;
                    if at < range.end {
                        lines[at] = None;
                    }
                }
            }
            Part::Items { line, permutation } => {
                let Some(at) = *line else { continue };
                let items = lines[at].take()?;
                let mut removed: Vec<i128> = items
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| gone.contains(&(i + 1)))
                    .map(|(_, t)| t.parse().unwrap_or(0))
                    .collect();
                removed.sort_unstable();
                let kept: Vec<String> = items
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| !gone.contains(&(i + 1)))
                    .map(|(_, t)| match (permutation, t.parse::<i128>()) {
                        (true, Ok(v)) => {
                            (v - removed.partition_point(|&r| r < v) as i128).to_string()
                        }
                        _ => t,
                    })
                    .collect();
                lines[at] = (!kept.is_empty()).then_some(kept);
            }
            Part::Parents { line } => {
                if gone.contains(&1) {
                    return None;
                }
                let Some(at) = *line else { continue };
                let items = lines[at].take()?;
                let parent: Vec<usize> = items
                    .iter()
                    .map(|t| t.parse().ok())
                    .collect::<Option<_>>()?;
                let parent_of = |v: usize| parent.get(v.checked_sub(2)?).copied();
                let mut kept = Vec::new();
                for v in 2..=n {
                    if gone.contains(&v) {
                        continue;
                    }
                    let mut p = parent_of(v)?;
                    let mut steps = 0;
                    while gone.contains(&p) {
                        p = parent_of(p)?;
                        steps += 1;
                        if steps > n {
                            return None;
                        }
                    }
                    kept.push(renumber.get(p)?.to_string());
                }
                lines[at] = (!kept.is_empty()).then_some(kept);
            }
            Part::Chars(range) => {
                for line in lines[range.clone()].iter_mut().flatten() {
                    let word = line.first_mut()?;
                    *word = word
                        .chars()
                        .enumerate()
                        .filter(|(i, _)| !gone.contains(&(i + 1)))
                        .map(|(_, c)| c)
                        .collect();
                    if word.is_empty() {
                        line.clear();
                    }
                }
                for slot in lines[range.clone()].iter_mut() {
                    if slot.as_ref().is_some_and(|l| l.is_empty()) {
                        *slot = None;
                    }
                }
            }
            Part::Edges(edges) => remove_vertices(lines, edges, n, gone, &renumber, merge)?,
            Part::Fixed => return None,
        }
    }
    Some(())
}

/// The edge-list part of a vertex removal (see [`remove`]).
fn remove_vertices(
    lines: &mut Lines,
    edges: &Edges,
    n: usize,
    gone: &BTreeSet<usize>,
    renumber: &[usize],
    merge: Option<(usize, usize)>,
) -> Option<()> {
    let rows: Vec<usize> = edges
        .lines
        .clone()
        .filter(|&i| lines[i].is_some())
        .collect();
    let mut ends_of: Vec<(usize, usize)> = Vec::with_capacity(rows.len());
    for &i in &rows {
        let (u, v) = ends(lines[i].as_ref()?)?;
        if u == 0 || v == 0 || u > n || v > n {
            return None;
        }
        ends_of.push((u, v));
    }
    let learned = |p| edges.learned.contains(&p);
    let mut keep = vec![true; rows.len()];
    if let Some((from, into)) = merge {
        let mut seen = HashSet::new();
        for (k, e) in ends_of.iter_mut().enumerate() {
            let was_loop = e.0 == e.1;
            for end in [&mut e.0, &mut e.1] {
                if *end == from {
                    *end = into;
                }
            }
            let loop_made = e.0 == e.1 && (!was_loop || learned(GraphProperty::NoSelfLoop));
            let key = if learned(GraphProperty::NoRepeatedEdge) {
                (e.0.min(e.1), e.0.max(e.1))
            } else {
                *e
            };
            let repeated = (learned(GraphProperty::NoRepeatedEdge)
                || learned(GraphProperty::NoRepeatedArc))
                && !seen.insert(key);
            keep[k] = !loop_made && !repeated;
        }
    } else if learned(GraphProperty::Acyclic) {
        contract_into_ancestors(&mut ends_of, &mut keep, n, gone)?;
    } else {
        for (k, e) in ends_of.iter().enumerate() {
            keep[k] = !gone.contains(&e.0) && !gone.contains(&e.1);
        }
    }
    let mut kept = 0;
    for (k, &i) in rows.iter().enumerate() {
        if !keep[k] {
            lines[i] = None;
            continue;
        }
        kept += 1;
        let (mut u, mut v) = ends_of[k];
        if gone.contains(&u) || gone.contains(&v) {
            return None;
        }
        (u, v) = (renumber[u], renumber[v]);
        if edges.ascending == Some(u > v) && u != v {
            std::mem::swap(&mut u, &mut v);
        }
        let row = lines[i].as_mut()?;
        row[0] = u.to_string();
        row[1] = v.to_string();
    }
    let total = kept + edges.minus;
    match edges.count {
        Some((line, col)) => {
            *lines.get_mut(line)?.as_mut()?.get_mut(col)? = total.to_string();
        }
        // Rows counted by the vertices (a tree's n - 1): the count must come out right.
        None => (total == renumber.iter().filter(|&&r| r > 0).count()).then_some(())?,
    }
    Some(())
}

/// In a forest, each tree rooted at its smallest kept vertex: the edge from a removed vertex
/// to its parent goes, and a kept vertex's edge to its parent is moved to its nearest kept
/// ancestor. `None` when the rows are not a forest.
fn contract_into_ancestors(
    ends_of: &mut [(usize, usize)],
    keep: &mut [bool],
    n: usize,
    gone: &BTreeSet<usize>,
) -> Option<()> {
    let mut adjacent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n + 1];
    for (k, &(u, v)) in ends_of.iter().enumerate() {
        adjacent[u].push((v, k));
        adjacent[v].push((u, k));
    }
    // parent[v] = (parent vertex, row of the edge to it).
    let mut parent: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    let mut visited = vec![false; n + 1];
    let kept_first = (1..=n)
        .filter(|v| !gone.contains(v))
        .chain((1..=n).filter(|v| gone.contains(v)));
    for root in kept_first {
        if visited[root] {
            continue;
        }
        visited[root] = true;
        let mut queue = VecDeque::from([root]);
        while let Some(x) = queue.pop_front() {
            for &(y, k) in &adjacent[x] {
                if visited[y] {
                    if parent[x].map(|p| p.1) != Some(k) {
                        return None; // a cycle
                    }
                    continue;
                }
                visited[y] = true;
                parent[y] = Some((x, k));
                queue.push_back(y);
            }
        }
    }
    for (k, e) in ends_of.iter_mut().enumerate() {
        let (child, up) = if parent[e.0].map(|p| p.1) == Some(k) {
            (e.0, e.1)
        } else {
            (e.1, e.0)
        };
        if gone.contains(&child) {
            keep[k] = false;
            continue;
        }
        let mut to = up;
        while gone.contains(&to) {
            to = parent[to]?.0;
        }
        if e.0 == child {
            e.1 = to;
        } else {
            e.0 = to;
        }
    }
    Some(())
}
