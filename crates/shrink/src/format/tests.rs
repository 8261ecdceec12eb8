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
