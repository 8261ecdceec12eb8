//! Learning formats from toy generators, and guarded shrinks that stay inside them.

use super::*;
use crate::tests::SplitMix;
use crate::{shrink_generic, shrink_guarded, Budget};

/// `n m`, then m lines `L R` with 1 <= L < R <= n (the intervals problem).
fn intervals(seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let n = rng.range(2, 30);
    let m = rng.range(0, n - 1);
    let mut out = format!("{n} {m}\n");
    for _ in 0..m {
        let l = rng.range(1, n - 1);
        let r = rng.range(l + 1, n);
        out.push_str(&format!("{l} {r}\n"));
    }
    out
}

/// The strict validator a problem setter would write for [`intervals`].
fn valid_intervals(text: &str) -> bool {
    let lines: Vec<Vec<i64>> = text
        .lines()
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.parse().unwrap_or(-1))
                .collect()
        })
        .collect();
    let Some(head) = lines.first() else {
        return false;
    };
    let [n, m] = head[..] else { return false };
    (2..=30).contains(&n)
        && (0..n).contains(&m)
        && lines.len() == m as usize + 1
        && lines[1..]
            .iter()
            .all(|l| l.len() == 2 && 1 <= l[0] && l[0] < l[1] && l[1] <= n)
}

/// Points of 1..=n covered by some interval; `off_by_one` forgets each interval's right end.
/// Reads tokens leniently, as a contestant's brute force does.
fn covered(text: &str, off_by_one: bool) -> Option<usize> {
    let v: Vec<i64> = text
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    let (&n, rest) = v.split_first()?;
    let (&m, pairs) = rest.split_first()?;
    if !(0..=1000).contains(&n) || m < 0 || pairs.len() < 2 * m as usize {
        return None;
    }
    let covered = (1..=n)
        .filter(|&x| {
            pairs[..2 * m as usize]
                .chunks(2)
                .any(|p| p[0] <= x && (x < p[1] || (!off_by_one && x == p[1])))
        })
        .count();
    Some(covered)
}

fn still_fails(text: &str) -> bool {
    matches!((covered(text, false), covered(text, true)), (Some(a), Some(b)) if a != b)
}

fn budget() -> Budget {
    Budget {
        max_runs: 400,
        deadline: None,
    }
}

#[test]
fn learns_the_intervals_format_and_says_it() {
    let samples: Vec<String> = (1..=40).map(intervals).collect();
    let format = Format::learn(&samples);
    let text = format.explain().join("\n");
    assert!(text.contains("line 1: n m (2 <= n <= 30"), "{text}");
    assert!(text.contains("m < n"), "{text}");
    assert!(text.contains("m lines: a b (1 <= a <="), "{text}");
    assert!(text.contains("a < b") && text.contains("b <= n"), "{text}");
    assert!(!text.contains("a < n"), "implied by a < b <= n: {text}");
    assert!(samples.iter().all(|s| format.accepts(s)));
    assert!(
        !format.accepts("3 1\n1\n0\n"),
        "an edge split over two lines"
    );
    assert!(!format.accepts("3 1\n2 1\n"), "R < L");
    assert!(!format.accepts("3 1\n0 1\n"), "L below what was generated");
    assert!(!format.accepts("3 1\n1 4\n"), "R > n");
    assert!(!format.accepts("3 2\n1 2\n"), "fewer lines than m");
    assert!(format.accepts("3 1\n1 3\n"));
}

#[test]
fn a_guarded_shrink_stays_valid_where_an_unguarded_one_does_not() {
    let samples: Vec<String> = (1..=40).map(intervals).collect();
    let format = Format::learn(&samples);
    let failing = samples.iter().find(|s| still_fails(s)).unwrap();
    let guarded = shrink_guarded(failing, &budget(), &format, still_fails);
    assert!(valid_intervals(&guarded.input), "{:?}", guarded.input);
    assert!(still_fails(&guarded.input));
    assert!(guarded.input.len() <= 8, "{:?}", guarded.input);
    let unguarded = shrink_generic(failing, &budget(), still_fails);
    eprintln!(
        "intervals: guarded {:?} in {} runs, unguarded {:?} in {} runs",
        guarded.input, guarded.runs, unguarded.input, unguarded.runs
    );
}

#[test]
fn too_few_inputs_learn_nothing() {
    let samples: Vec<String> = (1..MIN_INPUTS as u64).map(intervals).collect();
    let format = Format::learn(&samples);
    assert!(!format.is_known());
    assert!(format.accepts("anything at all"));
    assert!(format.explain()[0].contains("no format learned"));
    // Enough inputs but few values: the structure holds, the bounds are not learned yet.
    let few: Vec<String> = (1..=MIN_INPUTS as u64).map(intervals).collect();
    let format = Format::learn(&few);
    assert!(format.is_known());
    assert!(format.explain().join("\n").contains("too few values"));
}

/// `n`, then a permutation of 1..n; `n`, then a sorted array; a grid; a string.
fn shapes(seed: u64) -> [String; 4] {
    let mut rng = SplitMix(seed);
    let n = rng.range(2, 12) as usize;
    let mut perm: Vec<usize> = (1..=n).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.range(0, i as i64) as usize);
    }
    let join = |v: &[usize]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut sorted: Vec<usize> = (0..n).map(|_| rng.range(1, 100) as usize).collect();
    sorted.sort_unstable();
    let width = rng.range(1, 9) as usize;
    let rows: Vec<String> = (0..n)
        .map(|_| {
            (0..width)
                .map(|_| if rng.range(0, 1) == 0 { '#' } else { '.' })
                .collect()
        })
        .collect();
    let word: String = (0..n)
        .map(|_| (b'a' + rng.range(0, 25) as u8) as char)
        .collect();
    [
        format!("{n}\n{}\n", join(&perm)),
        format!("{n}\n{}\n", join(&sorted)),
        format!("{n} {width}\n{}\n", rows.join("\n")),
        format!("{n}\n{word}\n"),
    ]
}

#[test]
fn learns_permutations_sorted_arrays_grids_and_strings() {
    let all: Vec<[String; 4]> = (1..=30).map(shapes).collect();
    let explain = |i: usize| {
        let samples: Vec<&String> = all.iter().map(|s| &s[i]).collect();
        let format = Format::learn(&samples);
        (format.explain().join("\n"), format)
    };
    let (perm, format) = explain(0);
    assert!(perm.contains("a permutation of 1..n"), "{perm}");
    assert!(format.accepts("3\n3 1 2\n") && !format.accepts("3\n3 1 1\n"));
    let (sorted, format) = explain(1);
    assert!(sorted.contains("sorted"), "{sorted}");
    assert!(!format.accepts("3\n5 1 9\n") && format.accepts("3\n1 5 9\n"));
    let (grid, format) = explain(2);
    assert!(grid.contains("n lines: a word s of m characters"), "{grid}");
    assert!(grid.contains("from [#.]"), "{grid}");
    assert!(format.accepts("2 3\n#.#\n..#\n") && !format.accepts("2 3\n#a#\n..#\n"));
    let (string, format) = explain(3);
    assert!(string.contains("from [a-z]"), "{string}");
    assert!(!format.accepts("3\nab\n"));
}

/// `t` (1..=8), then t cases: `n` (1..=8) and n integers in -10..=10.
fn multi_arrays(seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let t = rng.range(1, 8);
    let mut out = format!("{t}\n");
    for _ in 0..t {
        let n = rng.range(1, 8);
        let values: Vec<String> = (0..n).map(|_| rng.range(-10, 10).to_string()).collect();
        out.push_str(&format!("{n}\n{}\n", values.join(" ")));
    }
    out
}

/// `t`, then t graphs: `n m`, then m edges `u v` (u != v), no edge twice.
fn multi_graphs(seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let t = rng.range(1, 5);
    let mut out = format!("{t}\n");
    for _ in 0..t {
        let n = rng.range(2, 7);
        let mut edges: Vec<(i64, i64)> = Vec::new();
        for _ in 0..rng.range(0, 8) {
            let u = rng.range(1, n);
            let v = rng.range(1, n);
            if u != v && !edges.contains(&(u, v)) {
                edges.push((u, v));
            }
        }
        out.push_str(&format!("{n} {}\n", edges.len()));
        for (u, v) in edges {
            out.push_str(&format!("{u} {v}\n"));
        }
    }
    out
}

/// `n m`, then m distinct intervals of 1..=n, any two nested or disjoint.
fn laminar(seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let n = rng.range(4, 30);
    let mut spans: Vec<(i64, i64)> = Vec::new();
    // Split [lo, hi] recursively: each piece may be taken as an interval.
    let mut stack = vec![(1, n)];
    while let Some((lo, hi)) = stack.pop() {
        if lo < hi && rng.range(0, 3) > 0 {
            spans.push((lo, hi));
            let mid = rng.range(lo, hi - 1);
            stack.push((lo, mid));
            stack.push((mid + 1, hi));
        }
    }
    let mut out = format!("{n} {}\n", spans.len());
    for (l, r) in spans {
        out.push_str(&format!("{l} {r}\n"));
    }
    out
}

#[test]
fn learns_test_cases_each_with_its_own_header() {
    let samples: Vec<String> = (1..=32).map(multi_arrays).collect();
    let format = Format::learn(&samples);
    let text = format.explain().join("\n");
    assert!(text.contains("line 1: t (1 <= t <= 8)"), "{text}");
    assert!(text.contains("then t cases, each:"), "{text}");
    assert!(text.contains("    line 1: n (1 <= n <= 8)"), "{text}");
    assert!(
        text.contains("    line 2: n integers a_1 .. a_n (-10 <= a_i <= 10)"),
        "{text}"
    );
    assert!(!text.contains("not learned"), "{text}");
    assert!(samples.iter().all(|s| format.accepts(s)));
    assert!(format.accepts("2\n1\n1\n1\n-1\n"));
    assert!(
        !format.accepts("2\n1\n1\n1\n"),
        "t = 2 with the second case's array missing"
    );
    assert!(!format.accepts("1\n2\n1\n"), "an array shorter than n");
    assert!(
        !format.accepts("1\n1\n11\n"),
        "a value above what was generated"
    );
    let cases = format.cases("3\n1\n5\n2\n1 2\n1\n-3\n").unwrap();
    assert_eq!(cases.len(), 3);
    assert_eq!(cases.keep(&[1]), "1\n2\n1 2\n");
    assert_eq!(cases.keep(&[0, 2]), "2\n1\n5\n1\n-3\n");
}

#[test]
fn learns_a_graph_inside_each_case_and_rows_that_differ() {
    let samples: Vec<String> = (1..=32).map(multi_graphs).collect();
    let format = Format::learn(&samples);
    let text = format.explain().join("\n");
    assert!(text.contains("then t cases, each:"), "{text}");
    assert!(text.contains("    line 1: n m"), "{text}");
    assert!(text.contains("    m lines: a b"), "{text}");
    assert!(text.contains("no two rows equal"), "{text}");
    assert!(text.contains("the values of a row distinct"), "{text}");
    assert!(samples.iter().all(|s| format.accepts(s)));
    assert!(format.accepts("1\n3 2\n1 2\n2 3\n"));
    assert!(!format.accepts("1\n3 2\n1 2\n1 2\n"), "the same edge twice");
    assert!(!format.accepts("1\n3 1\n2 2\n"), "a self-loop");
    assert!(!format.accepts("2\n3 1\n1 2\n"), "a case missing");
}

#[test]
fn learns_distinct_nested_or_disjoint_intervals() {
    let samples: Vec<String> = (1..=32).map(laminar).collect();
    let format = Format::learn(&samples);
    let text = format.explain().join("\n");
    for fact in [
        "a < b",
        "no two rows equal",
        "any two rows nested or disjoint",
    ] {
        assert!(text.contains(fact), "{fact}: {text}");
    }
    assert!(
        !text.contains("values of a row distinct"),
        "implied by a < b: {text}"
    );
    assert!(samples.iter().all(|s| format.accepts(s)), "{text}");
    assert!(format.accepts("5 2\n1 5\n2 3\n"));
    assert!(!format.accepts("5 2\n1 2\n1 2\n"), "equal intervals");
    assert!(!format.accepts("5 2\n1 3\n2 4\n"), "crossing intervals");
}
