//! Benchmark (`cargo bench --bench shrink`): how often a shrunk input is valid when no input
//! validator judges the variants, with the learned format guarding the shrinker (today) and
//! without it (before issue 17: any text the reference runs on), side by side in one run.
//!
//! Five problems of the benchmark's own (an array, intervals, a graph as an edge list, a string,
//! a grid), each with a seeded generator, a reference that reads tokens leniently (it "runs
//! cleanly" on many invalid texts, as contestants' brute forces do), a wrong solution, and a
//! strict validator that stressjudge never sees. For each problem the first failing seeds are
//! shrunk both ways, the format learned from 32 generated inputs (as the stress engine learns
//! it); the figures are the shrunk inputs the strict validator accepts, their mean size and the
//! mean shrink runs. The library is called in-process: the figures are about the shrinker, not
//! process start-up. Prints figures, asserts nothing about them.

use stressjudge::shrink::{shrink_generic, shrink_guarded, Budget, Format};

/// Failing seeds shrunk per problem.
const FAILURES: usize = 12;
/// Inputs the format is learned from (the stress engine's `LEARN_INPUTS`).
const SAMPLES: u64 = 32;
/// The stress command's shrink budget.
const MAX_RUNS: usize = 1000;

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5851_f42d_4c95_7f2d)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }
}

/// One problem: generator, lenient reference, wrong solution, strict validator.
struct Problem {
    name: &'static str,
    generate: fn(u64) -> String,
    reference: fn(&str) -> Option<i64>,
    wrong: fn(&str) -> Option<i64>,
    valid: fn(&str) -> bool,
}

/// Every token as an integer (a lenient reader: line breaks mean nothing), or `None`.
fn ints(text: &str) -> Option<Vec<i64>> {
    text.split_whitespace().map(|t| t.parse().ok()).collect()
}

/// Every line's tokens as integers, for the strict validators.
fn int_lines(text: &str) -> Option<Vec<Vec<i64>>> {
    text.lines()
        .map(|l| l.split_whitespace().map(|t| t.parse().ok()).collect())
        .collect()
}

// Arrays: `n` (1..=20), then n values in 1..=100; the largest value. The wrong solution starts
// from 0 and forgets the last element.
fn array_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(1, 20);
    let values: Vec<String> = (0..n).map(|_| rng.range(1, 100).to_string()).collect();
    format!("{n}\n{}\n", values.join(" "))
}

fn array_values(text: &str) -> Option<Vec<i64>> {
    let v = ints(text)?;
    let n = usize::try_from(*v.first()?).ok()?;
    (v.len() > n).then(|| v[1..=n].to_vec())
}

fn array_ref(text: &str) -> Option<i64> {
    array_values(text)?.into_iter().max()
}

fn array_wrong(text: &str) -> Option<i64> {
    let v = array_values(text)?;
    Some(
        v[..v.len().saturating_sub(1)]
            .iter()
            .copied()
            .fold(0, i64::max),
    )
}

fn array_valid(text: &str) -> bool {
    let Some(lines) = int_lines(text) else {
        return false;
    };
    matches!(&lines[..], [n, a] if n.len() == 1 && (1..=20).contains(&n[0])
        && a.len() == n[0] as usize && a.iter().all(|x| (1..=100).contains(x)))
}

// Intervals: `n m` (2 <= n <= 30, 0 <= m < n), then m lines `L R`, 1 <= L < R <= n; the points
// of 1..=n some interval covers. The wrong solution forgets each interval's right end.
fn intervals_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 30);
    let m = rng.range(0, n - 1);
    let mut out = format!("{n} {m}\n");
    for _ in 0..m {
        let l = rng.range(1, n - 1);
        out.push_str(&format!("{l} {}\n", rng.range(l + 1, n)));
    }
    out
}

fn covered(text: &str, right_end: bool) -> Option<i64> {
    let v = ints(text)?;
    let (n, m) = (*v.first()?, usize::try_from(*v.get(1)?).ok()?);
    if v.len() < 2 + 2 * m || !(0..=1000).contains(&n) {
        return None;
    }
    let pairs = &v[2..2 + 2 * m];
    Some(
        (1..=n)
            .filter(|&x| {
                pairs
                    .chunks(2)
                    .any(|p| p[0] <= x && (x < p[1] || (right_end && x == p[1])))
            })
            .count() as i64,
    )
}

fn intervals_ref(text: &str) -> Option<i64> {
    covered(text, true)
}

fn intervals_wrong(text: &str) -> Option<i64> {
    covered(text, false)
}

fn intervals_valid(text: &str) -> bool {
    let Some(lines) = int_lines(text) else {
        return false;
    };
    let Some(&[n, m]) = lines.first().map(Vec::as_slice) else {
        return false;
    };
    (2..=30).contains(&n)
        && (0..n).contains(&m)
        && lines.len() == m as usize + 1
        && lines[1..]
            .iter()
            .all(|l| matches!(l[..], [a, b] if 1 <= a && a < b && b <= n))
}

// Graphs: `n m` (2 <= n <= 12, 1 <= m <= 15), then m edges `u v`, 1 <= u, v <= n, u != v; the
// vertices no edge touches. The wrong solution only marks each edge's first end.
fn graph_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 12);
    let m = rng.range(1, 15);
    let mut out = format!("{n} {m}\n");
    for _ in 0..m {
        let u = rng.range(1, n);
        let mut v = rng.range(1, n - 1);
        if v >= u {
            v += 1;
        }
        out.push_str(&format!("{u} {v}\n"));
    }
    out
}

fn isolated(text: &str, both_ends: bool) -> Option<i64> {
    let v = ints(text)?;
    let (n, m) = (
        usize::try_from(*v.first()?).ok()?,
        usize::try_from(*v.get(1)?).ok()?,
    );
    if v.len() < 2 + 2 * m || n > 1000 {
        return None;
    }
    let mut touched = vec![false; n + 1];
    for edge in v[2..2 + 2 * m].chunks(2) {
        for (i, &end) in edge.iter().enumerate() {
            if i == 0 || both_ends {
                *touched.get_mut(usize::try_from(end).ok()?)? = true;
            }
        }
    }
    Some(touched[1..].iter().filter(|t| !**t).count() as i64)
}

fn graph_ref(text: &str) -> Option<i64> {
    isolated(text, true)
}

fn graph_wrong(text: &str) -> Option<i64> {
    isolated(text, false)
}

fn graph_valid(text: &str) -> bool {
    let Some(lines) = int_lines(text) else {
        return false;
    };
    let Some(&[n, m]) = lines.first().map(Vec::as_slice) else {
        return false;
    };
    (2..=12).contains(&n)
        && (1..=15).contains(&m)
        && lines.len() == m as usize + 1
        && lines[1..].iter().all(
            |l| matches!(l[..], [u, v] if (1..=n).contains(&u) && (1..=n).contains(&v) && u != v),
        )
}

// Strings: `n` (1..=20), then a word of n letters from `abc`; adjacent equal pairs. The wrong
// solution skips the last pair.
fn string_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(1, 20);
    let word: String = (0..n)
        .map(|_| (b'a' + rng.range(0, 2) as u8) as char)
        .collect();
    format!("{n}\n{word}\n")
}

fn string_word(text: &str) -> Option<Vec<char>> {
    let mut tokens = text.split_whitespace();
    let n: usize = tokens.next()?.parse().ok()?;
    let word: Vec<char> = tokens.next()?.chars().collect();
    (word.len() >= n).then(|| word[..n].to_vec())
}

fn string_ref(text: &str) -> Option<i64> {
    let w = string_word(text)?;
    Some(w.windows(2).filter(|p| p[0] == p[1]).count() as i64)
}

fn string_wrong(text: &str) -> Option<i64> {
    let w = string_word(text)?;
    let pairs = w.len().saturating_sub(1);
    Some(
        w.windows(2)
            .take(pairs.saturating_sub(1))
            .filter(|p| p[0] == p[1])
            .count() as i64,
    )
}

fn string_valid(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let [n, word] = lines[..] else { return false };
    let Ok(n) = n.trim().parse::<usize>() else {
        return false;
    };
    (1..=20).contains(&n) && word.len() == n && word.chars().all(|c| "abc".contains(c))
}

// Grids: `r c` (1..=8 each), then r rows of c characters from `#.`; the `#` cells. The wrong
// solution forgets the last row.
fn grid_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let (r, c) = (rng.range(1, 8), rng.range(1, 8));
    let mut out = format!("{r} {c}\n");
    for _ in 0..r {
        let row: String = (0..c)
            .map(|_| if rng.range(0, 1) == 0 { '#' } else { '.' })
            .collect();
        out.push_str(&row);
        out.push('\n');
    }
    out
}

fn grid_cells(text: &str, last_row: bool) -> Option<i64> {
    let mut tokens = text.split_whitespace();
    let r: usize = tokens.next()?.parse().ok()?;
    let _c: usize = tokens.next()?.parse().ok()?;
    let rows: Vec<&str> = tokens.take(r).collect();
    if rows.len() < r {
        return None;
    }
    let counted = if last_row { r } else { r.saturating_sub(1) };
    Some(
        rows[..counted]
            .iter()
            .map(|row| row.matches('#').count() as i64)
            .sum(),
    )
}

fn grid_ref(text: &str) -> Option<i64> {
    grid_cells(text, true)
}

fn grid_wrong(text: &str) -> Option<i64> {
    grid_cells(text, false)
}

fn grid_valid(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let Some(head) = lines.first() else {
        return false;
    };
    let dims: Vec<usize> = head
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let [r, c] = dims[..] else { return false };
    (1..=8).contains(&r)
        && (1..=8).contains(&c)
        && lines.len() == r + 1
        && lines[1..]
            .iter()
            .all(|row| row.len() == c && row.chars().all(|ch| ch == '#' || ch == '.'))
}

/// What one way of shrinking gave over a problem's failures.
#[derive(Default)]
struct Tally {
    valid: usize,
    bytes: usize,
    runs: usize,
}

fn main() {
    let problems = [
        Problem {
            name: "array",
            generate: array_gen,
            reference: array_ref,
            wrong: array_wrong,
            valid: array_valid,
        },
        Problem {
            name: "intervals",
            generate: intervals_gen,
            reference: intervals_ref,
            wrong: intervals_wrong,
            valid: intervals_valid,
        },
        Problem {
            name: "graph (edge list)",
            generate: graph_gen,
            reference: graph_ref,
            wrong: graph_wrong,
            valid: graph_valid,
        },
        Problem {
            name: "string",
            generate: string_gen,
            reference: string_ref,
            wrong: string_wrong,
            valid: string_valid,
        },
        Problem {
            name: "grid",
            generate: grid_gen,
            reference: grid_ref,
            wrong: grid_wrong,
            valid: grid_valid,
        },
    ];
    let budget = Budget {
        max_runs: MAX_RUNS,
        deadline: None,
    };
    println!(
        "shrink benchmark: {FAILURES} failures per problem, format learned from {SAMPLES} \
         inputs, no validator given to the shrinker"
    );
    println!(
        "{:<18} {:>15} {:>15} {:>17} {:>17}",
        "problem", "valid guarded", "valid before", "bytes g / before", "runs g / before"
    );
    let (mut all_guarded, mut all_before) = (Tally::default(), Tally::default());
    for problem in &problems {
        for seed in 1..=SAMPLES {
            let input = (problem.generate)(seed);
            assert!(
                (problem.valid)(&input),
                "{}: the generator's seed {seed}",
                problem.name
            );
        }
        let samples: Vec<String> = (1..=SAMPLES).map(problem.generate).collect();
        let format = Format::learn(&samples);
        let still_fails = |text: &str| match ((problem.reference)(text), (problem.wrong)(text)) {
            (Some(want), Some(got)) => want != got,
            _ => false,
        };
        let failing: Vec<String> = (1000..)
            .map(problem.generate)
            .filter(|input| still_fails(input))
            .take(FAILURES)
            .collect();
        let (mut guarded, mut before) = (Tally::default(), Tally::default());
        for input in &failing {
            for (tally, shrunk) in [
                (
                    &mut guarded,
                    shrink_guarded(input, &budget, &format, still_fails),
                ),
                (&mut before, shrink_generic(input, &budget, still_fails)),
            ] {
                tally.valid += usize::from((problem.valid)(&shrunk.input));
                tally.bytes += shrunk.input.len();
                tally.runs += shrunk.runs;
            }
        }
        let mean = |total: usize| total as f64 / failing.len() as f64;
        println!(
            "{:<18} {:>12}/{:<2} {:>12}/{:<2} {:>8.1} / {:<6.1} {:>8.1} / {:<6.1}",
            problem.name,
            guarded.valid,
            failing.len(),
            before.valid,
            failing.len(),
            mean(guarded.bytes),
            mean(before.bytes),
            mean(guarded.runs),
            mean(before.runs)
        );
        for (all, one) in [(&mut all_guarded, &guarded), (&mut all_before, &before)] {
            all.valid += one.valid;
            all.bytes += one.bytes;
            all.runs += one.runs;
        }
    }
    let total = FAILURES * problems.len();
    let percent = |valid: usize| 100.0 * valid as f64 / total as f64;
    println!(
        "all: valid {:.0} % guarded vs {:.0} % before; shrunk size {:.2}x, shrink runs {:.2}x of \
         before",
        percent(all_guarded.valid),
        percent(all_before.valid),
        all_guarded.bytes as f64 / all_before.bytes.max(1) as f64,
        all_guarded.runs as f64 / all_before.runs.max(1) as f64
    );
}
