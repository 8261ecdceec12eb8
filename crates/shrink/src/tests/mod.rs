//! Whole shrinks on toy problems: each predicate stands in for "the input validator accepts the
//! variant and the candidate still fails the same way". Every shrink is checked for the contract
//! (no text asked about twice, never the original, honest run and step counts, a failing result)
//! and prints its figures (`cargo test --release --lib shrink -- --nocapture`).

mod formats;
mod graphs;
mod required;

use super::{shrink_generic, Budget, Shrunk};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

pub(super) fn runs(max_runs: usize) -> Budget {
    Budget {
        max_runs,
        deadline: None,
    }
}

/// A content hash of a text.
pub(super) fn fingerprint(text: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// Shrinks `input` under `budget`, checks the contract and prints the figures; returns the result
/// and the calls' fingerprints in order.
pub(super) fn shrink_checked(
    name: &str,
    input: &str,
    budget: Budget,
    still_fails: impl Fn(&str) -> bool,
) -> (Shrunk, Vec<u64>) {
    let (shrunk, calls) = shrink_quietly(name, input, budget, still_fails);
    let tokens = |s: &str| s.split_whitespace().count();
    eprintln!(
        "shrink figures: {name}: {} runs, {} steps, {} -> {} tokens",
        shrunk.runs,
        shrunk.steps,
        tokens(input),
        tokens(&shrunk.input)
    );
    (shrunk, calls)
}

/// [`shrink_checked`] without the figures.
pub(super) fn shrink_quietly(
    name: &str,
    input: &str,
    budget: Budget,
    still_fails: impl Fn(&str) -> bool,
) -> (Shrunk, Vec<u64>) {
    assert!(still_fails(input), "{name}: the original must fail");
    let mut calls = Vec::new();
    let mut seen = HashSet::new();
    let mut accepted = 0;
    let mut asked_original = false;
    let shrunk = shrink_generic(input, &budget, |s| {
        let fingerprint = fingerprint(s);
        assert!(seen.insert(fingerprint), "{name}: asked twice about {s:?}");
        calls.push(fingerprint);
        asked_original |= s == input;
        let fails = still_fails(s);
        accepted += usize::from(fails);
        fails
    });
    assert!(!asked_original, "{name}: asked about the original");
    assert_eq!(shrunk.runs, calls.len(), "{name}: runs");
    assert_eq!(shrunk.steps, accepted, "{name}: steps");
    assert!(shrunk.runs <= budget.max_runs, "{name}: over budget");
    assert!(still_fails(&shrunk.input), "{name}: the result must fail");
    (shrunk, calls)
}

/// A small deterministic generator for the test inputs.
pub(crate) struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }
}

/// Each line's tokens as integers, or `None` when one is not an integer.
pub(super) fn int_lines(s: &str) -> Option<Vec<Vec<i64>>> {
    s.lines()
        .map(|line| line.split_whitespace().map(|t| t.parse().ok()).collect())
        .collect()
}

pub(super) fn join(values: &[i64]) -> String {
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `n`, then n integers with |a| <= `bound`: the array, when valid.
pub(super) fn array(s: &str, bound: i64) -> Option<Vec<i64>> {
    let lines = int_lines(s)?;
    let [n, a] = lines.as_slice() else {
        return None;
    };
    (n.len() == 1 && n[0] >= 1 && n[0] as usize == a.len() && a.iter().all(|v| v.abs() <= bound))
        .then(|| a.clone())
}

pub(super) fn array_input(values: &[i64]) -> String {
    format!("{}\n{}\n", values.len(), join(values))
}
