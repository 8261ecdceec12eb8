//! Benchmark (`cargo bench --bench shrink`): how often a shrunk input is valid when no input
//! validator judges the variants, how often a failing multi-test input is cut to the fewest cases
//! the bug needs, and the size and shrink runs, for this build's `stressjudge` and today's
//! (main's binary: `STRESSJUDGE_BASELINE`, by default `/work/main/target/release/stressjudge`)
//! side by side in one run.
//!
//! Sixteen problems of the benchmark's own: six of one test (an array, intervals, laminar
//! intervals, a graph as an edge list, a string, a grid), three multi-test ones (`t`, then t
//! cases: arrays, graphs as edge lists, strings) and the seven shapes of issue 47 (a tree, a
//! connected simple graph, a weighted graph, a forest, a parent array, a permutation, a grid of
//! regions), each with a planted bug that needs the shape (a cycle, a path through vertex 1). Each has a seeded generator, a reference that
//! reads tokens leniently (it "runs cleanly" on many invalid texts, as contestants' brute forces
//! do), wrong solutions (each multi-test problem a bug inside one case and a bug carried between
//! cases), and a strict validator that stressjudge never sees. This executable plays every
//! program itself, copied as `PROBLEM--ROLE` (`gen`, `ref` or a bug; the sandbox shows a program
//! its own file, nothing else of this build), so process start-up stays small; each
//! (problem, bug) is one `stress --keep-going` over the same seeds with each binary, and every
//! failure found is judged. Prints figures, asserts nothing about them.
#![forbid(unsafe_code)]

use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Seeds stressed per (problem, bug): every failing one is shrunk.
const SEEDS: u64 = 24;

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

/// An answer from a token reader: `None` when the text is beyond what the program can read.
type Solve = fn(&str) -> Option<String>;

/// One problem: generator, lenient reference, wrong solutions, strict validator (with the
/// number of cases of a multi-test input).
struct Problem {
    name: &'static str,
    generate: fn(u64) -> String,
    reference: Solve,
    /// (name, solution, the fewest cases its failures need: 0 for a problem of one test).
    wrongs: &'static [(&'static str, Solve, usize)],
    valid: fn(&str) -> Option<usize>,
}

/// A single-test problem's answer and validator in the benchmark's terms.
macro_rules! single {
    ($answer:ident, $from:ident) => {
        fn $answer(text: &str) -> Option<String> {
            $from(text).map(|v| format!("{v}\n"))
        }
    };
    (valid $name:ident, $from:ident) => {
        fn $name(text: &str) -> Option<usize> {
            $from(text).then_some(0)
        }
    };
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

single!(array_ref_t, array_ref);
single!(array_wrong_t, array_wrong);
single!(valid array_valid_t, array_valid);
single!(intervals_ref_t, intervals_ref);
single!(intervals_wrong_t, intervals_wrong);
single!(valid intervals_valid_t, intervals_valid);
single!(graph_ref_t, graph_ref);
single!(graph_wrong_t, graph_wrong);
single!(valid graph_valid_t, graph_valid);
single!(string_ref_t, string_ref);
single!(string_wrong_t, string_wrong);
single!(valid string_valid_t, string_valid);
single!(grid_ref_t, grid_ref);
single!(grid_wrong_t, grid_wrong);
single!(valid grid_valid_t, grid_valid);
single!(laminar_ref_t, laminar_ref);
single!(laminar_wrong_t, laminar_wrong);
single!(valid laminar_valid_t, laminar_valid);

// Laminar intervals: `n m` (2 <= n <= 30), then m distinct intervals `L R` (L < R <= n), any
// two nested or disjoint; the intervals containing another. The wrong solution tests
// containment strictly at both ends (two equal intervals would be its smallest failing text).
fn laminar_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 30);
    let mut spans = Vec::new();
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

fn containing(text: &str, strict: bool) -> Option<i64> {
    let v = ints(text)?;
    let m = usize::try_from(*v.get(1)?).ok()?;
    let s: Vec<&[i64]> = v.get(2..2 + 2 * m)?.chunks(2).collect();
    let inside = |i: usize, j: usize| {
        if strict {
            s[i][0] < s[j][0] && s[j][1] < s[i][1]
        } else {
            s[i][0] <= s[j][0] && s[j][1] <= s[i][1]
        }
    };
    Some(
        (0..m)
            .filter(|&i| (0..m).any(|j| j != i && inside(i, j)))
            .count() as i64,
    )
}

fn laminar_ref(text: &str) -> Option<i64> {
    containing(text, false)
}

fn laminar_wrong(text: &str) -> Option<i64> {
    containing(text, true)
}

fn laminar_valid(text: &str) -> bool {
    if !intervals_valid(text) {
        return false;
    }
    let Some(lines) = int_lines(text) else {
        return false;
    };
    let s = &lines[1..];
    (0..s.len()).all(|i| {
        (i + 1..s.len()).all(|j| {
            let (a, b, c, d) = (s[i][0], s[i][1], s[j][0], s[j][1]);
            (a, b) != (c, d) && ((a <= c && d <= b) || (c <= a && b <= d) || b < c || d < a)
        })
    })
}

/// A lenient token reader, as brute forces read: a missing token reads as 0.
struct Tokens<'a>(std::str::SplitWhitespace<'a>);

impl Tokens<'_> {
    fn int(&mut self) -> Option<i64> {
        self.0.next().map_or(Some(0), |t| t.parse().ok())
    }

    fn word(&mut self) -> String {
        self.0.next().unwrap_or("").to_string()
    }
}

/// The lines of a multi-test input split into cases of `header` lines plus what each header
/// says follows, checked strictly; the number of cases.
fn valid_cases(text: &str, max_t: i64, case: impl Fn(&[&str]) -> Option<usize>) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let t: i64 = lines.first()?.trim().parse().ok()?;
    if !(1..=max_t).contains(&t) || lines[0].split_whitespace().count() != 1 {
        return None;
    }
    let mut at = 1;
    for _ in 0..t {
        at += case(lines.get(at..)?)?;
    }
    (at == lines.len()).then_some(t as usize)
}

/// Integers of a line, exactly `len` of them, each within `range`.
fn line_ints(line: &str, len: usize, range: std::ops::RangeInclusive<i64>) -> Option<Vec<i64>> {
    let v: Vec<i64> = line
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    (v.len() == len && v.iter().all(|x| range.contains(x))).then_some(v)
}

// Multi-test arrays: `t` (1..=8), then t cases `n` (1..=8) and n integers in -10..=10; each
// case's largest value. Bugs: the maximum starts from 0 (one case), or is never reset (carried).
fn marr_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let t = rng.range(1, 8);
    let mut out = format!("{t}\n");
    for _ in 0..t {
        let n = rng.range(1, 8);
        let v: Vec<String> = (0..n).map(|_| rng.range(-10, 10).to_string()).collect();
        out.push_str(&format!("{n}\n{}\n", v.join(" ")));
    }
    out
}

fn marr(text: &str, start: Option<i64>, carried: bool) -> Option<String> {
    let mut tokens = Tokens(text.split_whitespace());
    let t = tokens.int()?;
    let mut out = String::new();
    let mut best = i64::MIN;
    for _ in 0..t.clamp(0, 1000) {
        let n = tokens.int()?.clamp(0, 1000);
        if !carried {
            best = start.unwrap_or(i64::MIN);
        }
        let mut any = false;
        for _ in 0..n {
            best = best.max(tokens.int()?);
            any = true;
        }
        let answer = if any || carried || start.is_some() {
            best
        } else {
            0
        };
        out.push_str(&format!("{answer}\n"));
    }
    Some(out)
}

fn marr_valid(text: &str) -> Option<usize> {
    valid_cases(text, 8, |lines| {
        let n = line_ints(lines.first()?, 1, 1..=8)?[0] as usize;
        line_ints(lines.get(1)?, n, -10..=10)?;
        Some(2)
    })
}

// Multi-test graphs: `t` (1..=5), then t graphs `n m` (2 <= n <= 7) and m distinct edges `u v`,
// u != v; each graph's vertices no edge touches. Bugs: only each edge's first end is marked
// (one case), or the marks are never cleared between cases (carried).
fn mgraph_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let t = rng.range(1, 5);
    let mut out = format!("{t}\n");
    for _ in 0..t {
        let n = rng.range(2, 7);
        let mut edges: Vec<(i64, i64)> = Vec::new();
        for _ in 0..rng.range(0, 8) {
            let (u, v) = (rng.range(1, n), rng.range(1, n));
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

fn mgraph(text: &str, both_ends: bool, carried: bool) -> Option<String> {
    let mut tokens = Tokens(text.split_whitespace());
    let t = tokens.int()?;
    let mut out = String::new();
    let mut touched = [false; 16];
    for _ in 0..t.clamp(0, 1000) {
        let n = usize::try_from(tokens.int()?).ok()?.min(15);
        let m = tokens.int()?.clamp(0, 1000);
        if !carried {
            touched = [false; 16];
        }
        for _ in 0..m {
            let (u, v) = (tokens.int()?, tokens.int()?);
            *touched.get_mut(usize::try_from(u).ok()?)? = true;
            if both_ends {
                *touched.get_mut(usize::try_from(v).ok()?)? = true;
            }
        }
        let free = (1..=n).filter(|&x| !touched[x]).count();
        out.push_str(&format!("{free}\n"));
    }
    Some(out)
}

fn mgraph_valid(text: &str) -> Option<usize> {
    valid_cases(text, 5, |lines| {
        let head = line_ints(lines.first()?, 2, 0..=8)?;
        let (n, m) = (head[0], head[1] as usize);
        if !(2..=7).contains(&n) {
            return None;
        }
        let mut seen = Vec::new();
        for line in lines.get(1..1 + m)? {
            let e = line_ints(line, 2, 1..=n)?;
            if e[0] == e[1] || seen.contains(&e) {
                return None;
            }
            seen.push(e);
        }
        Some(1 + m)
    })
}

// Multi-test strings: `t` (1..=6), then t cases `n` (1..=10) and a word of n letters from `ab`;
// each word's adjacent equal pairs. Bugs: the last pair is skipped (one case), or the previous
// letter is carried over from the case before (carried).
fn mstr_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let t = rng.range(1, 6);
    let mut out = format!("{t}\n");
    for _ in 0..t {
        let n = rng.range(1, 10);
        let w: String = (0..n)
            .map(|_| (b'a' + rng.range(0, 1) as u8) as char)
            .collect();
        out.push_str(&format!("{n}\n{w}\n"));
    }
    out
}

fn mstr(text: &str, skip_last: bool, carried: bool) -> Option<String> {
    let mut tokens = Tokens(text.split_whitespace());
    let t = tokens.int()?;
    let mut out = String::new();
    let mut prev = None;
    for _ in 0..t.clamp(0, 1000) {
        let n = usize::try_from(tokens.int()?).ok()?;
        let w: Vec<char> = tokens.word().chars().take(n).collect();
        if !carried {
            prev = None;
        }
        let mut pairs = 0;
        for (i, &c) in w.iter().enumerate() {
            if prev == Some(c) && !(skip_last && i + 1 == w.len() && i > 0) {
                pairs += 1;
            }
            prev = Some(c);
        }
        out.push_str(&format!("{pairs}\n"));
    }
    Some(out)
}

fn mstr_valid(text: &str) -> Option<usize> {
    valid_cases(text, 6, |lines| {
        let n = line_ints(lines.first()?, 1, 1..=10)?[0] as usize;
        let w = lines.get(1)?;
        (w.len() == n && w.chars().all(|c| c == 'a' || c == 'b')).then_some(2)
    })
}

/// Solutions that are one function of the text with fixed flags.
macro_rules! solutions {
    ($($name:ident = $f:ident($($arg:expr),*);)*) => {
        $(fn $name(text: &str) -> Option<String> {
            $f(text, $($arg),*)
        })*
    };
}

solutions! {
    marr_ref = marr(None, false);
    marr_per_case = marr(Some(0), false);
    marr_carried = marr(None, true);
    mgraph_ref = mgraph(true, false);
    mgraph_per_case = mgraph(false, false);
    mgraph_carried = mgraph(true, true);
    mstr_ref = mstr(false, false);
    mstr_per_case = mstr(true, false);
    mstr_carried = mstr(false, true);
}

// Issue 47's shapes. Each generator shuffles labels, edges and ends, as Errichto's generators
// do; each reference reads tokens leniently; each validator is strict.

/// A random tree on `n` vertices: shuffled labels, edges and ends.
fn random_tree(rng: &mut Rng, n: i64) -> Vec<(i64, i64)> {
    let mut label: Vec<i64> = (1..=n).collect();
    for i in (1..label.len()).rev() {
        label.swap(i, rng.range(0, i as i64) as usize);
    }
    let mut edges: Vec<(i64, i64)> = (1..n as usize)
        .map(|i| {
            let p = label[rng.range(0, i as i64 - 1) as usize];
            if rng.range(0, 1) == 0 {
                (label[i], p)
            } else {
                (p, label[i])
            }
        })
        .collect();
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.range(0, i as i64) as usize);
    }
    edges
}

/// A connected simple graph: a random tree plus up to six distinct extra edges, shuffled.
fn random_connected(rng: &mut Rng, n: i64) -> Vec<(i64, i64)> {
    let mut edges = random_tree(rng, n);
    for _ in 0..rng.range(0, 6) {
        let (u, v) = (rng.range(1, n), rng.range(1, n));
        let known = edges
            .iter()
            .any(|&(a, b)| (a, b) == (u, v) || (a, b) == (v, u));
        if u != v && !known {
            let at = rng.range(0, edges.len() as i64) as usize;
            edges.insert(at, (u, v));
        }
    }
    edges
}

fn edge_lines(head: String, edges: &[(i64, i64)], weights: &[i64]) -> String {
    let mut out = format!("{head}\n");
    for (i, (u, v)) in edges.iter().enumerate() {
        match weights.get(i) {
            Some(w) => out.push_str(&format!("{u} {v} {w}\n")),
            None => out.push_str(&format!("{u} {v}\n")),
        }
    }
    out
}

/// Union-find components of `edges` over 1..=n: (parts, a cycle seen, the root of each vertex).
fn parts(n: usize, edges: &[(usize, usize)]) -> (usize, bool, Vec<usize>) {
    let mut root: Vec<usize> = (0..=n).collect();
    fn find(root: &mut [usize], mut x: usize) -> usize {
        while root[x] != x {
            root[x] = root[root[x]];
            x = root[x];
        }
        x
    }
    let (mut count, mut cycle) = (n, false);
    for &(u, v) in edges {
        let (a, b) = (find(&mut root, u), find(&mut root, v));
        if a == b {
            cycle = true;
        } else {
            root[a] = b;
            count -= 1;
        }
    }
    let roots = (0..=n).map(|v| find(&mut root, v)).collect();
    (count, cycle, roots)
}

/// `n` then `rows` rows of `width` integers read leniently from `v` at `from`: vertex ends
/// checked to lie in 1..=n (else the program fails, as an index out of range would).
fn read_edges(v: &[i64], n: i64, rows: i64, width: usize, from: usize) -> Option<Vec<Vec<i64>>> {
    if !(0..=1000).contains(&n) || !(0..=1000).contains(&rows) {
        return None;
    }
    let mut out = Vec::new();
    for r in 0..rows as usize {
        let row: Vec<i64> = (0..width)
            .map(|k| v.get(from + r * width + k).copied().unwrap_or(0))
            .collect();
        if !(1..=n).contains(&row[0]) || !(1..=n).contains(&row[1]) {
            return None;
        }
        out.push(row);
    }
    Some(out)
}

fn ends(rows: &[Vec<i64>]) -> Vec<(usize, usize)> {
    rows.iter()
        .map(|r| (r[0] as usize, r[1] as usize))
        .collect()
}

/// Strict: `n` (or `n m`) in the header, then rows of `width` integers with ends in 1..=n.
fn strict_edges(text: &str, head: usize, width: usize) -> Option<(i64, Vec<Vec<i64>>)> {
    let lines = int_lines(text)?;
    let first = lines.first()?;
    if first.len() != head {
        return None;
    }
    let n = first[0];
    let m = if head == 2 { first[1] } else { n - 1 };
    let rows = lines[1..].to_vec();
    let ok = (2..=9).contains(&n)
        && rows.len() as i64 == m
        && rows
            .iter()
            .all(|r| r.len() == width && (1..=n).contains(&r[0]) && (1..=n).contains(&r[1]));
    ok.then_some((n, rows))
}

// Trees: `n` (2..=9), then n-1 edges; the diameter. The wrong solution measures from vertex 1.
fn tree_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 9);
    edge_lines(n.to_string(), &random_tree(&mut rng, n), &[])
}

fn eccentricity(n: usize, edges: &[(usize, usize)], from: usize) -> i64 {
    let mut dist = vec![-1i64; n + 1];
    dist[from] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(x) = queue.pop_front() {
        for &(u, v) in edges {
            for (a, b) in [(u, v), (v, u)] {
                if a == x && dist[b] < 0 {
                    dist[b] = dist[x] + 1;
                    queue.push_back(b);
                }
            }
        }
    }
    dist.into_iter().max().unwrap_or(0)
}

fn diameter(text: &str, all: bool) -> Option<i64> {
    let v = ints(text)?;
    let n = *v.first()?;
    let e = ends(&read_edges(&v, n, n - 1, 2, 1)?);
    let n = n as usize;
    if all {
        (1..=n).map(|s| eccentricity(n, &e, s)).max()
    } else {
        (n >= 1).then(|| eccentricity(n, &e, 1))
    }
}

fn tree_valid(text: &str) -> bool {
    strict_edges(text, 1, 2).is_some_and(|(n, rows)| {
        let (count, cycle, _) = parts(n as usize, &ends(&rows));
        count == 1 && !cycle
    })
}

/// Strict: a connected simple graph of `width`-integer rows.
fn connected_valid(text: &str, width: usize) -> bool {
    strict_edges(text, 2, width).is_some_and(|(n, rows)| {
        let e = ends(&rows);
        let mut seen = std::collections::HashSet::new();
        e.iter()
            .all(|&(u, v)| u != v && seen.insert((u.min(v), u.max(v))))
            && parts(n as usize, &e).0 == 1
    })
}

// Connected simple graphs: `n m` (2..=9 vertices), m edges; the bridges. The wrong solution is
// low-link with `>=` where `>` belongs.
fn cgraph_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 9);
    let edges = random_connected(&mut rng, n);
    edge_lines(format!("{n} {}", edges.len()), &edges, &[])
}

fn bridges(text: &str, low_link: bool) -> Option<i64> {
    let v = ints(text)?;
    let (n, m) = (*v.first()?, *v.get(1)?);
    let e = ends(&read_edges(&v, n, m, 2, 2)?);
    let n = n as usize;
    if !low_link {
        let whole = parts(n, &e).0;
        return Some(
            (0..e.len())
                .filter(|&i| {
                    let rest: Vec<_> = (0..e.len()).filter(|&j| j != i).map(|j| e[j]).collect();
                    parts(n, &rest).0 > whole
                })
                .count() as i64,
        );
    }
    struct Dfs<'a> {
        adj: Vec<Vec<(usize, usize)>>,
        disc: Vec<usize>,
        low: Vec<usize>,
        clock: usize,
        found: i64,
        _e: &'a [(usize, usize)],
    }
    fn dfs(d: &mut Dfs, x: usize, via: usize) {
        d.clock += 1;
        d.disc[x] = d.clock;
        d.low[x] = d.clock;
        for k in 0..d.adj[x].len() {
            let (y, e) = d.adj[x][k];
            if e == via {
                continue;
            }
            if d.disc[y] > 0 {
                d.low[x] = d.low[x].min(d.disc[y]);
            } else {
                dfs(d, y, e);
                d.low[x] = d.low[x].min(d.low[y]);
                if d.low[y] >= d.disc[x] {
                    d.found += 1;
                }
            }
        }
    }
    let mut adj = vec![Vec::new(); n + 1];
    for (i, &(u, v)) in e.iter().enumerate() {
        adj[u].push((v, i));
        adj[v].push((u, i));
    }
    let mut d = Dfs {
        adj,
        disc: vec![0; n + 1],
        low: vec![0; n + 1],
        clock: 0,
        found: 0,
        _e: &e,
    };
    for s in 1..=n {
        if d.disc[s] == 0 {
            dfs(&mut d, s, usize::MAX);
        }
    }
    Some(d.found)
}

// Weighted graphs: `n m`, m edges `u v w` (1..=100) of a connected simple graph; the minimum
// spanning tree. The wrong solution adds the n-1 lightest edges.
fn wgraph_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 9);
    let edges = random_connected(&mut rng, n);
    let weights: Vec<i64> = edges.iter().map(|_| rng.range(1, 100)).collect();
    edge_lines(format!("{n} {}", edges.len()), &edges, &weights)
}

fn spanning(text: &str, kruskal: bool) -> Option<i64> {
    let v = ints(text)?;
    let (n, m) = (*v.first()?, *v.get(1)?);
    let mut rows = read_edges(&v, n, m, 3, 2)?;
    rows.sort_by_key(|r| r[2]);
    if !kruskal {
        return Some(
            rows.iter()
                .take((n - 1).max(0) as usize)
                .map(|r| r[2])
                .sum(),
        );
    }
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    let mut total = 0;
    for r in rows {
        let e = (r[0] as usize, r[1] as usize);
        chosen.push(e);
        if parts(n as usize, &chosen).1 {
            chosen.pop();
        } else {
            total += r[2];
        }
    }
    Some(total)
}

fn wgraph_valid(text: &str) -> bool {
    connected_valid(text, 3)
        && int_lines(text).is_some_and(|l| l[1..].iter().all(|r| (1..=100).contains(&r[2])))
}

// Forests: `n m` (2..=9 vertices), m edges with no cycle; the largest tree's size. The wrong
// solution answers the largest degree plus one.
fn forest_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 9);
    let mut edges = random_tree(&mut rng, n);
    edges.retain(|_| rng.range(0, 3) > 0);
    edge_lines(format!("{n} {}", edges.len()), &edges, &[])
}

fn biggest(text: &str, star: bool) -> Option<i64> {
    let v = ints(text)?;
    let (n, m) = (*v.first()?, *v.get(1)?);
    let e = ends(&read_edges(&v, n, m, 2, 2)?);
    let n = n as usize;
    if star {
        let mut degree = vec![0i64; n + 1];
        for &(a, b) in &e {
            degree[a] += 1;
            degree[b] += 1;
        }
        return degree.into_iter().max().map(|d| d + 1);
    }
    let roots = parts(n, &e).2;
    (1..=n)
        .map(|r| (1..=n).filter(|&x| roots[x] == r).count() as i64)
        .max()
}

fn forest_valid(text: &str) -> bool {
    strict_edges(text, 2, 2).is_some_and(|(n, rows)| !parts(n as usize, &ends(&rows)).1)
}

// Parent arrays: `n` (2..=12), then p_2 .. p_n (p_i < i); the leaves. The wrong solution takes
// a vertex for a leaf unless the next vertex is its child.
fn parents_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(2, 12);
    let p: Vec<String> = (2..=n).map(|i| rng.range(1, i - 1).to_string()).collect();
    format!("{n}\n{}\n", p.join(" "))
}

fn leaves(text: &str, next_only: bool) -> Option<i64> {
    let v = ints(text)?;
    let n = *v.first()?;
    if !(1..=1000).contains(&n) {
        return None;
    }
    let p: Vec<i64> = (0..n as usize - 1)
        .map(|j| v.get(1 + j).copied().unwrap_or(0))
        .collect();
    let parent = |x: i64| p.get((x - 2) as usize).copied();
    Some(
        (1..=n)
            .filter(|&x| {
                if next_only {
                    x == n || parent(x + 1) != Some(x)
                } else {
                    !p.contains(&x)
                }
            })
            .count() as i64,
    )
}

fn parents_valid(text: &str) -> bool {
    let Some(lines) = int_lines(text) else {
        return false;
    };
    matches!(&lines[..], [n, p] if n.len() == 1 && (2..=12).contains(&n[0])
        && p.len() as i64 == n[0] - 1
        && p.iter().enumerate().all(|(j, &v)| 1 <= v && v < j as i64 + 2))
}

// Permutations: `n` (1..=12), then a permutation of 1..n; the inversions. The wrong solution
// counts adjacent ones only.
fn perm_gen(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let n = rng.range(1, 12);
    let mut p: Vec<i64> = (1..=n).collect();
    for i in (1..p.len()).rev() {
        p.swap(i, rng.range(0, i as i64) as usize);
    }
    let p: Vec<String> = p.iter().map(i64::to_string).collect();
    format!("{n}\n{}\n", p.join(" "))
}

fn inversions(text: &str, adjacent: bool) -> Option<i64> {
    let v = ints(text)?;
    let n = usize::try_from(*v.first()?).ok()?;
    let a = v.get(1..(1 + n).min(v.len()))?;
    Some(
        (0..a.len())
            .flat_map(|i| (i + 1..a.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| a[i] > a[j] && (!adjacent || j == i + 1))
            .count() as i64,
    )
}

fn perm_valid(text: &str) -> bool {
    let Some(lines) = int_lines(text) else {
        return false;
    };
    matches!(&lines[..], [n, p] if n.len() == 1 && (1..=12).contains(&n[0]) && {
        let mut s = p.clone();
        s.sort_unstable();
        s == (1..=n[0]).collect::<Vec<_>>()
    })
}

// Grid regions: `r c` (1..=8), r rows of c characters from `#.`; the 4-connected regions of `#`.
// The wrong solution counts the runs of each row, never joined across rows.
fn regions(text: &str, rows_only: bool) -> Option<i64> {
    let mut tokens = text.split_whitespace();
    let r: usize = tokens.next()?.parse().ok()?;
    let c: usize = tokens.next()?.parse().ok()?;
    if r > 100 || c > 100 {
        return None;
    }
    let g: Vec<Vec<bool>> = (0..r)
        .map(|_| {
            let row: Vec<char> = tokens.next().unwrap_or("").chars().collect();
            (0..c).map(|j| row.get(j) == Some(&'#')).collect()
        })
        .collect();
    let cell = |i: usize| (i / c.max(1), i % c.max(1));
    let mut edges = Vec::new();
    let mut cells = 0;
    for i in 0..r * c {
        let (x, y) = cell(i);
        if !g[x][y] {
            continue;
        }
        cells += 1;
        if y + 1 < c && g[x][y + 1] {
            edges.push((i + 1, i + 2));
        }
        if !rows_only && x + 1 < r && g[x + 1][y] {
            edges.push((i + 1, i + 1 + c));
        }
    }
    let (count, _, _) = parts(r * c, &edges);
    Some(count as i64 - (r * c - cells) as i64)
}

solutions! {
    tree_ref = diameter_t(true);
    tree_wrong = diameter_t(false);
    cgraph_ref = bridges_t(false);
    cgraph_wrong = bridges_t(true);
    wgraph_ref = spanning_t(true);
    wgraph_wrong = spanning_t(false);
    forest_ref = biggest_t(false);
    forest_wrong = biggest_t(true);
    parents_ref = leaves_t(false);
    parents_wrong = leaves_t(true);
    perm_ref = inversions_t(false);
    perm_wrong = inversions_t(true);
    regions_ref = regions_t(false);
    regions_wrong = regions_t(true);
}

/// One-answer solutions as the benchmark's programs print them.
macro_rules! printed {
    ($($name:ident = $f:ident;)*) => {
        $(fn $name(text: &str, flag: bool) -> Option<String> {
            $f(text, flag).map(|v| format!("{v}\n"))
        })*
    };
}

printed! {
    diameter_t = diameter;
    bridges_t = bridges;
    spanning_t = spanning;
    biggest_t = biggest;
    leaves_t = leaves;
    inversions_t = inversions;
    regions_t = regions;
}

single!(valid tree_valid_t, tree_valid);
single!(valid wgraph_valid_t, wgraph_valid);
single!(valid forest_valid_t, forest_valid);
single!(valid parents_valid_t, parents_valid);
single!(valid perm_valid_t, perm_valid);
single!(valid regions_valid_t, grid_valid);

fn cgraph_valid_t(text: &str) -> Option<usize> {
    connected_valid(text, 2).then_some(0)
}

/// The problems of issue 47 (shapes a token reader does not check).
const SHAPES: [&str; 7] = [
    "tree",
    "connected",
    "weighted",
    "forest",
    "parents",
    "permutation",
    "grid-regions",
];

fn problems() -> Vec<Problem> {
    let one = |name, generate, reference, wrong: &'static [(&'static str, Solve, usize)], valid| {
        Problem {
            name,
            generate,
            reference,
            wrongs: wrong,
            valid,
        }
    };
    vec![
        one(
            "array",
            array_gen,
            array_ref_t,
            &[("wrong", array_wrong_t, 0)],
            array_valid_t,
        ),
        one(
            "intervals",
            intervals_gen,
            intervals_ref_t,
            &[("wrong", intervals_wrong_t, 0)],
            intervals_valid_t,
        ),
        one(
            "laminar",
            laminar_gen,
            laminar_ref_t,
            &[("wrong", laminar_wrong_t, 0)],
            laminar_valid_t,
        ),
        one(
            "graph",
            graph_gen,
            graph_ref_t,
            &[("wrong", graph_wrong_t, 0)],
            graph_valid_t,
        ),
        one(
            "string",
            string_gen,
            string_ref_t,
            &[("wrong", string_wrong_t, 0)],
            string_valid_t,
        ),
        one(
            "grid",
            grid_gen,
            grid_ref_t,
            &[("wrong", grid_wrong_t, 0)],
            grid_valid_t,
        ),
        one(
            "multi-arrays",
            marr_gen,
            marr_ref,
            &[("per-case", marr_per_case, 1), ("carried", marr_carried, 2)],
            marr_valid,
        ),
        one(
            "multi-graphs",
            mgraph_gen,
            mgraph_ref,
            &[
                ("per-case", mgraph_per_case, 1),
                ("carried", mgraph_carried, 2),
            ],
            mgraph_valid,
        ),
        one(
            "multi-strings",
            mstr_gen,
            mstr_ref,
            &[("per-case", mstr_per_case, 1), ("carried", mstr_carried, 2)],
            mstr_valid,
        ),
        one(
            "tree",
            tree_gen,
            tree_ref,
            &[("wrong", tree_wrong, 0)],
            tree_valid_t,
        ),
        one(
            "connected",
            cgraph_gen,
            cgraph_ref,
            &[("wrong", cgraph_wrong, 0)],
            cgraph_valid_t,
        ),
        one(
            "weighted",
            wgraph_gen,
            wgraph_ref,
            &[("wrong", wgraph_wrong, 0)],
            wgraph_valid_t,
        ),
        one(
            "forest",
            forest_gen,
            forest_ref,
            &[("wrong", forest_wrong, 0)],
            forest_valid_t,
        ),
        one(
            "parents",
            parents_gen,
            parents_ref,
            &[("wrong", parents_wrong, 0)],
            parents_valid_t,
        ),
        one(
            "permutation",
            perm_gen,
            perm_ref,
            &[("wrong", perm_wrong, 0)],
            perm_valid_t,
        ),
        one(
            "grid-regions",
            grid_gen,
            regions_ref,
            &[("wrong", regions_wrong, 0)],
            regions_valid_t,
        ),
    ]
}

/// This executable as one of a problem's programs: `name` the problem, `role` `gen` (the seed
/// its first argument), `ref` or a bug.
fn play(name: &str, role: &str, seed: Option<&String>) -> i32 {
    let all = problems();
    let Some(problem) = all.iter().find(|p| p.name == name) else {
        return 2;
    };
    if role == "gen" {
        let seed = seed.and_then(|s| s.parse().ok()).unwrap_or(0);
        print!("{}", (problem.generate)(seed));
        return 0;
    }
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        return 1;
    }
    let solve = if role == "ref" {
        Some(problem.reference)
    } else {
        problem
            .wrongs
            .iter()
            .find(|(bug, ..)| *bug == role)
            .map(|w| w.1)
    };
    match solve.and_then(|f| f(&input)) {
        Some(answer) => {
            print!("{answer}");
            0
        }
        None => 1,
    }
}

/// What one binary's shrinks gave over the failures of a (problem, bug).
#[derive(Default, Clone, Copy)]
struct Tally {
    failures: usize,
    valid: usize,
    fewest_cases: usize,
    bytes: usize,
    runs: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.failures += other.failures;
        self.valid += other.valid;
        self.fewest_cases += other.fewest_cases;
        self.bytes += other.bytes;
        self.runs += other.runs;
    }
}

/// A copy of this executable named for `role` of `problem` (see [`play`]).
fn program(dir: &Path, me: &Path, role: &str, problem: &str) -> PathBuf {
    let path = dir.join(format!("{problem}--{role}"));
    if !path.exists() {
        std::fs::copy(me, &path).expect("copy the benchmark executable");
    }
    path
}

/// `stress --keep-going` of `bug` with `binary`, every failure judged.
fn stress(
    binary: &Path,
    dir: &Path,
    me: &Path,
    problem: &Problem,
    bug: &str,
    cases: usize,
) -> Tally {
    let out = dir.join(format!(
        "out-{}-{bug}-{}",
        problem.name,
        binary.to_string_lossy().len()
    ));
    let output = Command::new(binary)
        .arg("stress")
        .arg("--gen")
        .arg(program(dir, me, "gen", problem.name))
        .arg("--ref")
        .arg(program(dir, me, "ref", problem.name))
        .arg(program(dir, me, bug, problem.name))
        .args(["--keep-going", "--json", "--seeds"])
        .arg(format!("1..={SEEDS}"))
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run stressjudge");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    if report.is_null() {
        eprintln!(
            "{} on {} / {bug}: {}",
            binary.display(),
            problem.name,
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let mut tally = Tally::default();
    for failure in report["failures"].as_array().into_iter().flatten() {
        let shrunk = failure["shrunk_input"].as_str().unwrap_or("");
        let valid = (problem.valid)(shrunk);
        tally.failures += 1;
        tally.valid += usize::from(valid.is_some());
        tally.fewest_cases += usize::from(cases > 0 && valid == Some(cases));
        tally.bytes += shrunk.len();
        tally.runs += failure["shrink_runs"].as_u64().unwrap_or(0) as usize;
    }
    tally
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let called = Path::new(&args[0])
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    if let Some((name, role)) = called.split_once("--") {
        std::process::exit(play(name, role, args.get(1)));
    }
    for problem in problems() {
        for seed in 1..=SEEDS {
            let input = (problem.generate)(seed);
            assert!(
                (problem.valid)(&input).is_some(),
                "{}: seed {seed}",
                problem.name
            );
        }
    }
    let me = std::env::current_exe().expect("the benchmark's path");
    let today = PathBuf::from(
        std::env::var("STRESSJUDGE_BASELINE")
            .unwrap_or_else(|_| "/work/main/target/release/stressjudge".to_string()),
    );
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_stressjudge"));
    let mut binaries = vec![("now", ours)];
    if today.exists() {
        binaries.push(("today", today));
    } else {
        println!("no baseline at {}: this build only", today.display());
    }
    let dir = std::env::temp_dir().join(format!("shrink-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    println!(
        "shrink benchmark: stress --keep-going --seeds 1..={SEEDS} per (problem, bug), no \
         validator given; figures now | today"
    );
    println!(
        "{:<24} {:>9} {:>15} {:>15} {:>19} {:>17}",
        "problem / bug", "failures", "valid", "fewest cases", "bytes", "runs"
    );
    let mut totals = vec![Tally::default(); binaries.len()];
    let mut multi = vec![Tally::default(); binaries.len()];
    let mut shapes = vec![Tally::default(); binaries.len()];
    for problem in problems() {
        for &(bug, _, cases) in problem.wrongs {
            let tallies: Vec<Tally> = binaries
                .iter()
                .map(|(_, binary)| stress(binary, &dir, &me, &problem, bug, cases))
                .collect();
            let pair =
                |f: fn(&Tally) -> String| tallies.iter().map(f).collect::<Vec<_>>().join(" | ");
            let mean = |total: usize, t: &Tally| total as f64 / t.failures.max(1) as f64;
            println!(
                "{:<24} {:>9} {:>15} {:>15} {:>19} {:>17}",
                format!("{} / {bug}", problem.name),
                pair(|t| t.failures.to_string()),
                pair(|t| format!("{}/{}", t.valid, t.failures)),
                if cases > 0 {
                    pair(|t| format!("{}/{}", t.fewest_cases, t.failures))
                } else {
                    "-".to_string()
                },
                tallies
                    .iter()
                    .map(|t| format!("{:.1}", mean(t.bytes, t)))
                    .collect::<Vec<_>>()
                    .join(" | "),
                tallies
                    .iter()
                    .map(|t| format!("{:.1}", mean(t.runs, t)))
                    .collect::<Vec<_>>()
                    .join(" | "),
            );
            for (i, t) in tallies.iter().enumerate() {
                totals[i].add(t);
                if cases > 0 {
                    multi[i].add(t);
                }
                if SHAPES.contains(&problem.name) {
                    shapes[i].add(t);
                }
            }
        }
    }
    for (i, (name, _)) in binaries.iter().enumerate() {
        let (t, m) = (&totals[i], &multi[i]);
        let percent = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "{name}: valid {}/{} ({:.0} %), multi-test failures cut to the fewest cases {}/{} \
             ({:.0} %), mean shrunk size {:.1} bytes, mean shrink runs {:.1}",
            t.valid,
            t.failures,
            percent(t.valid, t.failures),
            m.fewest_cases,
            m.failures,
            percent(m.fewest_cases, m.failures),
            t.bytes as f64 / t.failures.max(1) as f64,
            t.runs as f64 / t.failures.max(1) as f64,
        );
    }
    for (i, (name, _)) in binaries.iter().enumerate() {
        let t = &shapes[i];
        println!(
            "{name}, the shapes of issue 47 ({}): valid {}/{} ({:.0} %), mean shrunk size {:.1} \
             bytes, mean shrink runs {:.1}",
            SHAPES.join(", "),
            t.valid,
            t.failures,
            100.0 * t.valid as f64 / t.failures.max(1) as f64,
            t.bytes as f64 / t.failures.max(1) as f64,
            t.runs as f64 / t.failures.max(1) as f64,
        );
    }
    if let [now, today] = &totals[..] {
        println!(
            "now vs today: shrunk size {:.2}x, shrink runs {:.2}x (over each one's failures)",
            (now.bytes as f64 / now.failures.max(1) as f64)
                / (today.bytes as f64 / today.failures.max(1) as f64).max(1e-9),
            (now.runs as f64 / now.failures.max(1) as f64)
                / (today.runs as f64 / today.failures.max(1) as f64).max(1e-9),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
