//! Issue 47 through the binary: trees stay trees, graphs stay the graphs the generator makes.
//! Seven problems of `tests/shapes/` (a tree, a connected simple graph, a weighted graph, a
//! forest, a parent array, a permutation, a grid), each a generator, a brute force reading tokens
//! leniently and a solution with a planted bug; no validator is given to stressjudge. The strict
//! validators below are held back: every shrunk input must pass its validator (it keeps its
//! shape) and still show the planted bug (the reference and the solution differ on it).

use crate::folders_support;

use folders_support::*;
use serde_json::Value;

/// Every line's integers, or why not.
fn int_lines(text: &str) -> Result<Vec<Vec<i64>>, String> {
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.parse().map_err(|_| format!("`{t}` is not an integer")))
                .collect()
        })
        .collect()
}

/// The header `[a, b, ...]` of exactly `len` integers and the lines after it.
fn header(text: &str, len: usize) -> Result<(Vec<i64>, Vec<Vec<i64>>), String> {
    let mut lines = int_lines(text)?;
    if lines.is_empty() || lines[0].len() != len {
        return Err(format!("the first line is not {len} integers"));
    }
    let rest = lines.split_off(1);
    Ok((lines.remove(0), rest))
}

/// Edges of `width` integers each (first two the ends, in 1..=n), as (u, v).
fn edges(rows: &[Vec<i64>], n: i64, width: usize) -> Result<Vec<(usize, usize)>, String> {
    rows.iter()
        .map(|r| match r[..] {
            [u, v, ..] if r.len() == width && (1..=n).contains(&u) && (1..=n).contains(&v) => {
                Ok((u as usize, v as usize))
            }
            _ => Err(format!(
                "edge {r:?} is not {width} integers with ends in 1..={n}"
            )),
        })
        .collect()
}

/// Connected components of the graph: (parts, whether an edge closed a cycle).
fn components(n: usize, edges: &[(usize, usize)]) -> (usize, bool) {
    let mut root: Vec<usize> = (0..=n).collect();
    fn find(root: &mut [usize], x: usize) -> usize {
        let mut x = x;
        while root[x] != x {
            root[x] = root[root[x]];
            x = root[x];
        }
        x
    }
    let (mut parts, mut cycle) = (n, false);
    for &(u, v) in edges {
        let (a, b) = (find(&mut root, u), find(&mut root, v));
        if a == b {
            cycle = true;
        } else {
            root[a] = b;
            parts -= 1;
        }
    }
    (parts, cycle)
}

fn valid_tree(text: &str) -> Result<(), String> {
    let (head, rows) = header(text, 1)?;
    let n = head[0];
    if !(2..=9).contains(&n) || rows.len() as i64 != n - 1 {
        return Err(format!("n = {n} with {} edges", rows.len()));
    }
    let e = edges(&rows, n, 2)?;
    match components(n as usize, &e) {
        (1, false) => Ok(()),
        _ => Err("not a tree".into()),
    }
}

/// `n m`, m edges of `width` integers: a connected simple graph of 2..=9 vertices.
fn valid_connected(text: &str, width: usize) -> Result<Vec<Vec<i64>>, String> {
    let (head, rows) = header(text, 2)?;
    let (n, m) = (head[0], head[1]);
    if !(2..=9).contains(&n) || rows.len() as i64 != m {
        return Err(format!("n = {n}, m = {m}, {} edges", rows.len()));
    }
    let e = edges(&rows, n, width)?;
    let mut seen = std::collections::HashSet::new();
    for &(u, v) in &e {
        if u == v || !seen.insert((u.min(v), u.max(v))) {
            return Err(format!("self-loop or repeated edge {u} {v}"));
        }
    }
    if components(n as usize, &e).0 != 1 {
        return Err("not connected".into());
    }
    Ok(rows)
}

fn valid_graph(text: &str) -> Result<(), String> {
    valid_connected(text, 2).map(|_| ())
}

fn valid_weighted(text: &str) -> Result<(), String> {
    let rows = valid_connected(text, 3)?;
    match rows.iter().find(|r| !(1..=100).contains(&r[2])) {
        Some(r) => Err(format!("weight of {r:?} not in 1..=100")),
        None => Ok(()),
    }
}

fn valid_forest(text: &str) -> Result<(), String> {
    let (head, rows) = header(text, 2)?;
    let (n, m) = (head[0], head[1]);
    if !(2..=9).contains(&n) || rows.len() as i64 != m {
        return Err(format!("n = {n}, m = {m}, {} edges", rows.len()));
    }
    let e = edges(&rows, n, 2)?;
    match components(n as usize, &e) {
        (_, false) => Ok(()),
        _ => Err("a cycle".into()),
    }
}

fn valid_parents(text: &str) -> Result<(), String> {
    let (head, rows) = header(text, 1)?;
    let n = head[0];
    let p: Vec<i64> = rows.concat();
    let ok = (2..=12).contains(&n)
        && rows.len() == 1
        && p.len() as i64 == n - 1
        && p.iter()
            .enumerate()
            .all(|(j, &v)| 1 <= v && v < j as i64 + 2);
    ok.then_some(())
        .ok_or_else(|| format!("not n in 2..=12 and p_2..p_n with p_i < i: {text:?}"))
}

fn valid_permutation(text: &str) -> Result<(), String> {
    let (head, rows) = header(text, 1)?;
    let n = head[0];
    let mut p: Vec<i64> = rows.concat();
    p.sort_unstable();
    let ok = (1..=12).contains(&n) && rows.len() == 1 && p == (1..=n).collect::<Vec<_>>();
    ok.then_some(())
        .ok_or_else(|| format!("not a permutation of 1..{n}"))
}

fn valid_grid(text: &str) -> Result<(), String> {
    let lines: Vec<&str> = text.lines().collect();
    let dims: Vec<usize> = lines
        .first()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    let [n, m] = dims[..] else {
        return Err("the first line is not `n m`".into());
    };
    let ok = (1..=8).contains(&n)
        && (1..=8).contains(&m)
        && lines.len() == n + 1
        && lines[1..]
            .iter()
            .all(|r| r.len() == m && r.chars().all(|c| c == '#' || c == '.'));
    ok.then_some(())
        .ok_or_else(|| format!("not {n} rows of {m} characters from #."))
}

/// Stresses `solution` against `reference` (in `tests/shapes/`) with `gen`, no validator given;
/// checks the shrunk input against `valid`, that the bug still shows on it, that it has at
/// most `max_tokens` tokens, and that the report names `kept` among the shapes it keeps.
fn shrinks_keeping_shape(
    gen: &str,
    reference: &str,
    solution: &str,
    valid: fn(&str) -> Result<(), String>,
    max_tokens: usize,
    kept: &str,
) -> Value {
    let _heavy = heavy();
    let out = tempdir();
    let path = |f: &str| format!("tests/shapes/{f}");
    let run = stressjudge(&[
        "stress",
        "--gen",
        &path(gen),
        "--ref",
        &path(reference),
        &path(solution),
        "--json",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    let report = run.json();
    let failure = first_failure(&report).clone();
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    if let Err(why) = valid(shrunk) {
        panic!("{solution}: the shrunk input {shrunk:?} lost its shape: {why}\n{failure:#}");
    }
    assert_ne!(failure["expected"], failure["actual"], "{failure:#}");
    assert!(
        shrunk.split_whitespace().count() <= max_tokens,
        "{solution}: {shrunk:?} from {:?}",
        failure["input"]
    );
    let shapes = failure["kept_properties"].to_string();
    assert!(shapes.contains(kept), "{kept}: {shapes}");
    failure
}

#[test]
fn a_tree_shrinks_to_a_tree() {
    let failure = shrinks_keeping_shape(
        "gen_tree.py",
        "diameter.py",
        "diameter_from_1.py",
        valid_tree,
        // n = 3 or 4: vertex 1 in the middle of a path.
        7,
        "a tree (connected, acyclic, n-1 edges)",
    );
    assert!(failure["shrink_runs"].as_u64().unwrap() > 0);
}

#[test]
fn a_connected_simple_graph_keeps_its_cycle() {
    shrinks_keeping_shape(
        "gen_graph.py",
        "bridges.py",
        "bridges_lowlink.py",
        valid_graph,
        // A triangle: `3 3` and three edges.
        8,
        "connected",
    );
}

#[test]
fn a_weighted_graph_keeps_its_shape_and_weights_in_range() {
    shrinks_keeping_shape(
        "gen_weighted.py",
        "mst.py",
        "mst_lightest.py",
        valid_weighted,
        // A triangle of the lightest edges and a heavier pendant edge: `4 4` and four edges.
        14,
        "no repeated edge",
    );
}

#[test]
fn a_forest_stays_a_forest() {
    shrinks_keeping_shape(
        "gen_forest.py",
        "biggest_tree.py",
        "biggest_star.py",
        valid_forest,
        // A path of four vertices (and maybe an isolated one).
        10,
        "a forest (acyclic)",
    );
}

#[test]
fn a_parent_array_stays_a_tree_with_parents_below() {
    shrinks_keeping_shape(
        "gen_parents.py",
        "leaves.py",
        "leaves_next.py",
        valid_parents,
        // `4 / 1 1 2`: vertex 2 has a child, but not the next vertex.
        4,
        "a_i <= i",
    );
}

#[test]
fn a_permutation_stays_one_while_n_shrinks() {
    shrinks_keeping_shape(
        "gen_perm.py",
        "inversions.py",
        "inversions_adjacent.py",
        valid_permutation,
        // `3 / 2 3 1` or `3 / 3 1 2`.
        4,
        "a permutation of 1..n",
    );
}

#[test]
fn a_grid_loses_rows_and_columns_and_keeps_its_alphabet() {
    shrinks_keeping_shape(
        "gen_grid.py",
        "blobs.py",
        "blobs_rows.py",
        valid_grid,
        // `2 1 / # / #`.
        4,
        "a grid of n rows of m characters from [#.]",
    );
}

#[test]
fn explain_format_prints_what_the_graphs_always_are() {
    let _heavy = heavy();
    let run = stressjudge(&[
        "stress",
        "--gen",
        "tests/shapes/gen_graph.py",
        "--ref",
        "tests/shapes/bridges.py",
        "tests/shapes/bridges.py",
        "--explain-format",
        "--seeds",
        "1..=40",
    ]);
    run.expect_code(0);
    for fact in [
        "a b: edges of a graph on vertices 1..n",
        "no self-loop",
        "no repeated edge",
        "connected",
        "every vertex on an edge",
    ] {
        assert!(run.stdout.contains(fact), "{fact}: {}", run.stdout);
    }
    assert!(!run.stdout.contains("acyclic"), "{}", run.stdout);
}

#[test]
fn the_text_report_says_which_shapes_the_shrunk_input_kept() {
    use stressjudge::report::stress_text;
    let mut report = crate::report_support::stress_report();
    let mut failure = report.failures.remove(0);
    failure.input_format = vec!["line 1: n (2 <= n <= 9)".into()];
    failure.kept_properties =
        vec!["edges on vertices 1..n: a tree (connected, acyclic, n-1 edges)".into()];
    let text = stress_text::failure_text(&report.subject, &failure, &Ok(Vec::new()));
    assert!(
        text.contains(
            "the shrunk input keeps the generator's shapes:\n    edges on vertices 1..n: a tree"
        ),
        "{text}"
    );
    failure.kept_properties.clear();
    let text = stress_text::failure_text(&report.subject, &failure, &Ok(Vec::new()));
    assert!(!text.contains("keeps the generator's shapes"), "{text}");
}
