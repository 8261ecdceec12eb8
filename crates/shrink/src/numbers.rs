//! Lowering numbers: many integers to 0 at once (halves, quarters, ... of them), each integer
//! towards 0 and small magnitudes, then equal integers together
//! (a self-loop `u u`, a duplicate), then a line's positive integers shifted down together, all
//! of them and (on short lines) two at a time (keeps their differences: `x y k` with y - x = k + 1
//! lowers to `5 6 0`), then floats to shorter forms. Counts are left to the drop passes,
//! which lower them together with what they count.

use super::doc::{Edit, Pos};
use super::layout::{Layout, Mode};
use super::search::Search;
use super::token::{is_float, simpler_floats, split_sign, FAST_DIGITS};
use std::collections::HashMap;

/// Lines with at most this many positive integers also shift each pair of them.
const MAX_PAIRED: usize = 4;
/// Zeroing by chunks goes down to a sixteenth of the integers (5 levels, at most 31 runs); the
/// rest is left to one integer at a time.
const ZERO_LEVELS: u32 = 5;

/// Lowers every number it can; returns whether anything changed, `None` when the budget ran out.
pub(crate) fn lower_numbers<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    mode: Mode,
) -> Option<bool> {
    let layout = Layout::of(&search.doc, mode);
    let ints = layout.lowerable_ints(&search.doc);
    let counts = layout.counts();
    let mut progress = zero_chunks(search, &ints)?;
    for &pos in &ints {
        progress |= lower_together(search, &[pos])?;
    }
    for group in equal_groups(search, &ints) {
        progress |= lower_together(search, &group)?;
    }
    for line in positive_by_line(search, &ints) {
        progress |= shift_down(search, &line)?;
        if line.len() > 2 && line.len() <= MAX_PAIRED {
            for (i, &first) in line.iter().enumerate() {
                for &second in &line[i + 1..] {
                    progress |= shift_down(search, &[first, second])?;
                }
            }
        }
    }
    let floats: Vec<Pos> = search
        .doc
        .positions()
        .filter(|p| !counts.contains(p) && is_float(search.doc.token(*p)))
        .collect();
    for pos in floats {
        progress |= simplify_float(search, pos)?;
    }
    Some(progress)
}

/// Sets chunks of the non-zero integers among `ints` to 0: all of them, then halves, quarters, ...
/// down to a sixteenth (an input that must stay large, a TLE, still gets all-zero values cheaply).
fn zero_chunks<F: FnMut(&str) -> bool>(search: &mut Search<F>, ints: &[Pos]) -> Option<bool> {
    let nonzero: Vec<Pos> = ints
        .iter()
        .copied()
        .filter(|&p| search.doc.token(p) != "0")
        .collect();
    if nonzero.len() < 4 {
        return Some(false);
    }
    let mut progress = false;
    for level in 0..ZERO_LEVELS {
        let size = nonzero.len().div_ceil(1 << level);
        if size < 2 {
            break;
        }
        for chunk in nonzero.chunks(size) {
            if chunk.iter().any(|&p| search.doc.token(p) != "0") {
                progress |= search.attempt(&Edit::set_all(chunk, "0"))?;
            }
        }
    }
    Some(progress)
}

/// Lowers the integer held by every one of `positions` (all hold the same token), keeping its
/// sign: 0, then 1 (or -1), then for long numbers a binary search on the number of digits (keeping
/// the leading ones), then a binary search on the value between the largest magnitude known not
/// to fail and the smallest known to fail.
fn lower_together<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    positions: &[Pos],
) -> Option<bool> {
    let token = search.doc.token(positions[0]).to_string();
    let (negative, digits) = split_sign(&token);
    let with_sign = |magnitude: &str| {
        let text = match (negative, magnitude) {
            (_, "0") | (false, _) => magnitude.to_string(),
            (true, _) => format!("-{magnitude}"),
        };
        Edit::set_all(positions, &text)
    };
    if digits == "0" {
        return Some(false);
    }
    if search.attempt(&with_sign("0"))? {
        return Some(true);
    }
    if digits == "1" {
        return Some(false);
    }
    if search.attempt(&with_sign("1"))? {
        return Some(true);
    }
    let mut progress = false;
    let mut failing = digits.to_string();
    let mut passing: u128 = 1;
    if digits.len() >= FAST_DIGITS {
        let (mut short, mut long) = (1, digits.len());
        while long - short > 1 {
            let mid = (short + long) / 2;
            let prefix = &digits[..mid];
            if search.attempt(&with_sign(prefix))? {
                long = mid;
                failing = prefix.to_string();
                progress = true;
            } else {
                short = mid;
                if let Ok(value) = prefix.parse::<u128>() {
                    passing = passing.max(value);
                }
            }
        }
    }
    if let Ok(mut failing) = failing.parse::<u128>() {
        while failing - passing > 1 {
            let mid = passing + (failing - passing) / 2;
            if search.attempt(&with_sign(&mid.to_string()))? {
                failing = mid;
                progress = true;
            } else {
                passing = mid;
            }
        }
    }
    Some(progress)
}

/// The positions of each integer value other than 0 that occurs more than once, in order of first
/// occurrence.
fn equal_groups<F>(search: &Search<F>, ints: &[Pos]) -> Vec<Vec<Pos>> {
    let mut groups: Vec<Vec<Pos>> = Vec::new();
    let mut by_value: HashMap<&str, usize> = HashMap::new();
    for &pos in ints {
        let token = search.doc.token(pos);
        if token == "0" {
            continue;
        }
        let slot = *by_value.entry(token).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[slot].push(pos);
    }
    groups.retain(|g| g.len() >= 2);
    groups
}

/// For each line, its positive integers, when there are two or more.
fn positive_by_line<F>(search: &Search<F>, ints: &[Pos]) -> Vec<Vec<Pos>> {
    let mut lines: Vec<Vec<Pos>> = Vec::new();
    for &pos in ints {
        let token = search.doc.token(pos);
        if token.starts_with('-') || token == "0" || token.parse::<u128>().is_err() {
            continue;
        }
        match lines.last_mut() {
            Some(line) if line[0].0 == pos.0 => line.push(pos),
            _ => lines.push(vec![pos]),
        }
    }
    lines.retain(|line| line.len() >= 2);
    lines
}

/// Subtracts the same amount from every one of `positions` (positive integers, not all equal:
/// equal ones were lowered together already): the most that keeps them non-negative, then a
/// binary search for the largest amount that still fails.
fn shift_down<F: FnMut(&str) -> bool>(search: &mut Search<F>, positions: &[Pos]) -> Option<bool> {
    let values: Vec<u128> = positions
        .iter()
        .map(|&p| search.doc.token(p).parse().unwrap_or(0))
        .collect();
    let Some(&least) = values.iter().min() else {
        return Some(false);
    };
    if values.iter().all(|&v| v == least) {
        return Some(false);
    }
    let shifted = |by: u128| Edit {
        set_tokens: positions
            .iter()
            .zip(&values)
            .map(|(&p, &v)| (p, (v - by).to_string()))
            .collect(),
        ..Edit::default()
    };
    if least == 0 {
        return Some(false);
    }
    if search.attempt(&shifted(least))? {
        return Some(true);
    }
    let (mut fails, mut passes) = (0, least);
    while passes - fails > 1 {
        let mid = fails + (passes - fails) / 2;
        if search.attempt(&shifted(mid))? {
            fails = mid;
        } else {
            passes = mid;
        }
    }
    Some(fails > 0)
}

/// Replaces a float with the first of its simpler forms that still fails.
fn simplify_float<F: FnMut(&str) -> bool>(search: &mut Search<F>, pos: Pos) -> Option<bool> {
    for simpler in simpler_floats(search.doc.token(pos)) {
        if search.attempt(&Edit::set_all(&[pos], &simpler))? {
            return Some(true);
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    fn search<F: FnMut(&str) -> bool>(input: &str, still_fails: F) -> Search<F> {
        let budget = Budget {
            max_runs: 10_000,
            deadline: None,
        };
        Search::new(input, &budget, still_fails)
    }

    fn value(s: &str) -> i128 {
        s.trim().parse().unwrap()
    }

    #[test]
    fn finds_a_threshold_exactly_in_logarithmically_many_runs() {
        let mut s = search("1500000000000000000\n", |t| value(t) >= 1_000_000_000);
        assert_eq!(lower_numbers(&mut s, Mode::Flat), Some(true));
        assert_eq!(s.doc.render(), "1000000000\n");
        assert!(s.runs <= 50, "{} runs", s.runs);
    }

    #[test]
    fn many_integers_go_to_zero_by_chunks() {
        let values: Vec<String> = (1..=1000).map(|v| v.to_string()).collect();
        let input = format!("{}\n", values.join(" "));
        let mut s = search(&input, |t| {
            let v: Vec<i128> = t.split_whitespace().map(value).collect();
            v.len() == 1000 && v[500] == 501
        });
        lower_numbers(&mut s, Mode::Flat);
        let mut expected = vec!["0"; 1000];
        expected[500] = "501";
        assert_eq!(s.doc.render(), format!("{}\n", expected.join(" ")));
        assert!(s.runs <= 31 + 100, "{} runs", s.runs);
    }

    #[test]
    fn tries_zero_then_one_then_keeps_the_sign() {
        let mut zero = search("734\n", |_| true);
        lower_numbers(&mut zero, Mode::Flat);
        assert_eq!((zero.doc.render().as_str(), zero.runs), ("0\n", 1));
        let mut minus_one = search("-734\n", |t| value(t) < 0);
        lower_numbers(&mut minus_one, Mode::Flat);
        assert_eq!(
            (minus_one.doc.render().as_str(), minus_one.runs),
            ("-1\n", 2)
        );
        let mut negative = search("-734\n", |t| value(t) <= -100);
        lower_numbers(&mut negative, Mode::Flat);
        assert_eq!(negative.doc.render(), "-100\n");
    }

    #[test]
    fn numbers_beyond_128_bits_lose_digits_first() {
        let huge = format!("9{}\n", "1".repeat(60));
        let mut s = search(&huge, |t| t.trim().len() >= 5);
        lower_numbers(&mut s, Mode::Flat);
        assert_eq!(s.doc.render(), "10000\n");
    }

    #[test]
    fn equal_values_are_lowered_together() {
        let mut s = search("3 3\n", |t| {
            let v: Vec<&str> = t.split_whitespace().collect();
            v[0] == v[1] && v[0] != "0"
        });
        lower_numbers(&mut s, Mode::Flat);
        assert_eq!(s.doc.render(), "1 1\n");
    }

    #[test]
    fn a_line_shifts_down_keeping_differences() {
        let mut s = search("1000 1003\n", |t| {
            let v: Vec<i128> = t.split_whitespace().map(value).collect();
            v[1] - v[0] == 3
        });
        lower_numbers(&mut s, Mode::Flat);
        assert_eq!(s.doc.render(), "0 3\n");
    }

    #[test]
    fn two_of_a_line_shift_down_together() {
        let mut s = search("7 12 4\n", |t| {
            let v: Vec<i128> = t.split_whitespace().map(value).collect();
            v[1] - v[0] == v[2] + 1 && v[0] >= 5
        });
        lower_numbers(&mut s, Mode::Flat);
        assert_eq!(s.doc.render(), "5 6 0\n");
    }

    #[test]
    fn counts_are_left_alone_in_structured_mode() {
        let mut s = search("3\n5 6 7\n", |_| true);
        lower_numbers(&mut s, Mode::Structured);
        assert_eq!(s.doc.render(), "3\n0 0 0\n");
    }

    #[test]
    fn floats_take_their_simpler_forms() {
        let mut s = search("3.14159\n", |t| t.trim().parse::<f64>().unwrap() > 2.5);
        lower_numbers(&mut s, Mode::Flat);
        assert_eq!(s.doc.render(), "3\n");
    }
}
