//! The cases the shrinker must handle: arrays, test cases, grids, strings, graphs, failures that
//! need two tokens, budgets, and a 200,000-token input.

use super::{
    array, array_input, fingerprint, int_lines, join, runs, shrink_checked, shrink_quietly,
    SplitMix,
};
use crate::Budget;
use std::collections::HashSet;
use std::time::{Duration, Instant};

#[test]
fn an_array_with_a_negative_shrinks_to_one_minus_one() {
    let mut rng = SplitMix(1);
    let mut values: Vec<i64> = (0..10).map(|_| rng.range(-1000, 1000)).collect();
    values[6] = -734;
    let input = array_input(&values);
    let fails = |s: &str| array(s, 1_000_000_000).is_some_and(|a| a.iter().any(|&v| v < 0));
    let (shrunk, _) = shrink_checked("array, a negative", &input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\n-1\n");
}

#[test]
fn the_line_ending_convention_is_kept() {
    let fails = |s: &str| array(s, 1_000_000_000).is_some_and(|a| a.iter().any(|&v| v < 0));
    let (bare, _) = shrink_checked("array, no final newline", "3\n5 -7 2", runs(1000), fails);
    assert_eq!(bare.input, "1\n-1");
    let (crlf, _) = shrink_checked("array, CRLF", "3\r\n5 -7 2\r\n", runs(1000), fails);
    assert_eq!(crlf.input, "1\n-1\n");
}

#[test]
fn multi_test_input_shrinks_to_one_test_with_one_element() {
    let valid = |s: &str| -> Option<Vec<Vec<i64>>> {
        let lines = int_lines(s)?;
        let (t, rest) = lines.split_first()?;
        let ok = t.len() == 1 && t[0] >= 1 && rest.len() == 2 * t[0] as usize;
        let tests: Vec<Vec<i64>> = rest
            .chunks(2)
            .filter(|c| {
                c.len() == 2 && c[0].len() == 1 && c[0][0] >= 1 && c[0][0] as usize == c[1].len()
            })
            .map(|c| c[1].clone())
            .collect();
        let ok = ok
            && tests.len() == t[0] as usize
            && tests.iter().flatten().all(|v| (0..=1000).contains(v));
        ok.then_some(tests)
    };
    let fails = |s: &str| valid(s).is_some_and(|t| t.iter().flatten().any(|&v| v > 100));
    let mut rng = SplitMix(2);
    let mut input = String::from("6\n");
    for test in 0..6 {
        let n = rng.range(1, 8) as usize;
        let mut values: Vec<i64> = (0..n).map(|_| rng.range(0, 100)).collect();
        if test == 3 {
            values[n / 2] = 537;
        }
        input.push_str(&array_input(&values));
    }
    let (shrunk, _) = shrink_checked("multi-test, a value > 100", &input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\n1\n101\n");
}

/// `n m` (1..=50), then n rows of m digits 0..=9.
fn digit_grid(s: &str) -> Option<Vec<Vec<i64>>> {
    let lines = int_lines(s)?;
    let (header, rows) = lines.split_first()?;
    let &[n, m] = header.as_slice() else {
        return None;
    };
    let ok = (1..=50).contains(&n)
        && (1..=50).contains(&m)
        && rows.len() == n as usize
        && rows
            .iter()
            .all(|r| r.len() == m as usize && r.iter().all(|v| (0..=9).contains(v)));
    ok.then(|| rows.to_vec())
}

#[test]
fn a_grid_shrinks_to_the_two_cells_that_matter() {
    // The bug: two vertically adjacent equal non-zero cells.
    let fails = |s: &str| {
        digit_grid(s).is_some_and(|g| {
            g.windows(2)
                .any(|w| w[0].iter().zip(&w[1]).any(|(a, b)| a == b && *a != 0))
        })
    };
    let mut rng = SplitMix(3);
    let mut grid: Vec<Vec<i64>> = (0..6)
        .map(|r| (0..5).map(|c| (r * 5 + c) % 9 + 1).collect())
        .collect();
    grid[3][2] = 8;
    grid[4][2] = 8;
    for row in &mut grid {
        row[rng.range(0, 4) as usize] = 0;
    }
    grid[3][2] = 8;
    grid[4][2] = 8;
    let mut input = String::from("6 5\n");
    for row in &grid {
        input.push_str(&format!("{}\n", join(row)));
    }
    assert!(fails(&input));
    let (shrunk, _) = shrink_checked("digit grid, equal neighbours", &input, runs(2000), fails);
    assert_eq!(shrunk.input, "2 1\n1\n1\n");
}

#[test]
fn a_character_grid_shrinks_to_the_block_that_matters() {
    // `n m`, then n rows of m characters `.` or `#`; the bug: a 2x2 block of `#`.
    let fails = |s: &str| {
        let mut lines = s.lines();
        let Some(header) = lines.next() else {
            return false;
        };
        let Some(&[n, m]) = int_lines(header)
            .as_deref()
            .and_then(|h| h.first())
            .map(Vec::as_slice)
        else {
            return false;
        };
        let rows: Vec<&[u8]> = lines.map(str::as_bytes).collect();
        let valid = n >= 1
            && m >= 1
            && rows.len() == n as usize
            && rows
                .iter()
                .all(|r| r.len() == m as usize && r.iter().all(|c| b".#".contains(c)));
        valid
            && rows.windows(2).any(|w| {
                (0..w[0].len().saturating_sub(1)).any(|c| {
                    w[0][c] == b'#' && w[0][c + 1] == b'#' && w[1][c] == b'#' && w[1][c + 1] == b'#'
                })
            })
    };
    let mut rng = SplitMix(4);
    let mut rows: Vec<Vec<u8>> = (0..7)
        .map(|_| {
            (0..9)
                .map(|_| if rng.range(0, 2) == 0 { b'#' } else { b'.' })
                .collect()
        })
        .collect();
    for r in [4, 5] {
        rows[r][6] = b'#';
        rows[r][7] = b'#';
    }
    let mut input = String::from("7 9\n");
    for row in &rows {
        input.push_str(std::str::from_utf8(row).unwrap());
        input.push('\n');
    }
    let (shrunk, _) = shrink_checked("character grid, a 2x2 block", &input, runs(2000), fails);
    assert_eq!(shrunk.input, "2 2\n##\n##\n");
}

#[test]
fn a_string_shrinks_to_the_two_characters_that_matter() {
    // `n`, then a lowercase string of length n; the bug: it contains "ab".
    let fails = |s: &str| {
        let lines: Vec<&str> = s.lines().collect();
        let [n, word] = lines.as_slice() else {
            return false;
        };
        n.parse::<usize>().is_ok_and(|n| n >= 1 && n == word.len())
            && word.bytes().all(|c| c.is_ascii_lowercase())
            && word.contains("ab")
    };
    let input = "23\nqwertyuiopasdfghjabzxcv\n";
    let (shrunk, _) = shrink_checked("string, contains ab", input, runs(1000), fails);
    assert_eq!(shrunk.input, "2\nab\n");
}

#[test]
fn a_graph_with_a_self_loop_shrinks_to_one_vertex_and_its_loop() {
    // `n m`, then m edges `u v` with 1 <= u, v <= n; the bug: a self-loop.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let Some((header, edges)) = lines.split_first() else {
            return false;
        };
        let &[n, m] = header.as_slice() else {
            return false;
        };
        let valid = (1..=100).contains(&n)
            && m >= 0
            && edges.len() == m as usize
            && edges
                .iter()
                .all(|e| e.len() == 2 && e.iter().all(|v| (1..=n).contains(v)));
        valid && edges.iter().any(|e| e[0] == e[1])
    };
    let input = "6 7\n1 2\n2 3\n5 6\n4 4\n3 6\n6 1\n2 5\n";
    let (shrunk, first) = shrink_checked("graph, a self-loop", input, runs(1000), fails);
    assert_eq!(shrunk.input, "1 1\n1 1\n");
    let (again, second) = shrink_checked("graph, a self-loop (again)", input, runs(1000), fails);
    assert_eq!((again, second), (shrunk, first), "deterministic");
}

#[test]
fn a_failure_that_needs_two_equal_tokens_keeps_both_and_lowers_them_together() {
    let fails = |s: &str| {
        array(s, 1_000_000_000).is_some_and(|a| {
            let distinct: HashSet<&i64> = a.iter().collect();
            distinct.len() < a.len()
        })
    };
    let input = array_input(&[31, 57, 4, 90, 12, 57, 66, 2]);
    let (shrunk, _) = shrink_checked("array, a duplicate", &input, runs(1000), fails);
    assert_eq!(shrunk.input, "2\n0 0\n");
}

#[test]
fn a_failure_that_needs_two_distant_tokens_keeps_both() {
    let fails = |s: &str| array(s, 1_000_000_000).is_some_and(|a| a.contains(&3) && a.contains(&5));
    let input = array_input(&[9, 3, 8, 8, 1, 0, 4, 2, 7, 5, 6]);
    let (shrunk, _) = shrink_checked("array, a 3 and a 5", &input, runs(1000), fails);
    assert_eq!(shrunk.input, "2\n3 5\n");
}

#[test]
fn a_budget_that_stops_early_still_returns_a_failing_input_and_honest_counts() {
    let fails = |s: &str| array(s, 1_000_000_000).is_some_and(|a| a.iter().any(|&v| v < 0));
    let input = array_input(&[5, 8, -3, 9, 12, 7, 1, 4, 6, 2, 11, 10]);
    let (shrunk, _) = shrink_checked("array, budget of 5 runs", &input, runs(5), fails);
    assert_eq!(shrunk.runs, 5);
    assert!(shrunk.steps >= 1 && shrunk.input.len() < input.len());

    let past = Budget {
        max_runs: 1000,
        deadline: Some(Instant::now() - Duration::from_millis(1)),
    };
    let (late, _) = shrink_checked("array, deadline passed", &input, past, fails);
    assert_eq!(
        (late.input.as_str(), late.steps, late.runs),
        (input.as_str(), 0, 0)
    );

    let (none, _) = shrink_checked("array, no runs", &input, runs(0), fails);
    assert_eq!((none.input.as_str(), none.runs), (input.as_str(), 0));
}

#[test]
fn an_input_that_cannot_shrink_comes_back_byte_for_byte() {
    let input = "3\n1  2 3\n";
    let (shrunk, _) = shrink_checked("nothing smaller fails", input, runs(1000), |s| s == input);
    assert_eq!((shrunk.input.as_str(), shrunk.steps), (input, 0));
    assert!(shrunk.runs > 0);
}

#[test]
fn a_200000_token_input_shrinks_in_a_few_hundred_runs() {
    let mut rng = SplitMix(5);
    let n = 199_999;
    let mut values: Vec<i64> = (0..n).map(|_| rng.range(0, 999_999_999)).collect();
    values[17] = 1_234_567_891;
    values[120_000] = 999_999_999_999;
    values[199_000] = 3_000_000_000;
    let input = array_input(&values);
    assert_eq!(input.split_whitespace().count(), 200_000);
    let fails = |s: &str| {
        array(s, 1_000_000_000_000)
            .is_some_and(|a| a.iter().max().is_some_and(|&m| m >= 1_000_000_000))
    };
    let (shrunk, _) = shrink_checked("200,000 tokens, max >= 10^9", &input, runs(10_000), fails);
    assert_eq!(shrunk.input, "1\n1000000000\n");
    assert!(shrunk.runs <= 300, "{} runs", shrunk.runs);
}

/// Random text made of the pieces inputs are made of: counts, numbers of every size and sign,
/// words, floats, odd tokens, blank lines, odd spacing.
fn random_text(rng: &mut SplitMix) -> String {
    const PIECES: [&str; 16] = [
        "0",
        "1",
        "2",
        "3",
        "-1",
        "-0",
        "007",
        "17",
        "1000000007",
        "-99999999999999999999",
        "123456789012345678901234567890123456789012",
        "ab",
        "xyzab",
        "#.#",
        "2.50",
        "héllo",
    ];
    let mut text = String::new();
    for _ in 0..rng.range(0, 12) {
        for t in 0..rng.range(0, 6) {
            let separator = [" ", "  ", "\t"][rng.range(0, 2) as usize];
            if t > 0 {
                text.push_str(separator);
            }
            text.push_str(PIECES[rng.range(0, PIECES.len() as i64 - 1) as usize]);
        }
        text.push_str(["\n", "\r\n", "\n\n"][rng.range(0, 2) as usize]);
    }
    if rng.range(0, 1) == 0 {
        text.pop();
    }
    text
}

#[test]
fn any_input_and_any_predicate_keep_the_contract() {
    let mut rng = SplitMix(6);
    for case in 0..300 {
        let input = random_text(&mut rng);
        let salt = rng.next();
        // Arbitrary, non-monotone predicates: a content hash, or a token that must stay.
        let hashed = |s: &str| s == input || fingerprint(&format!("{salt} {s}")).is_multiple_of(3);
        let name = format!("random input {case}, hashed predicate");
        let budget = runs(rng.range(0, 400) as usize);
        shrink_quietly(&name, &input, budget, hashed);
        if let Some(keep) = input.split_whitespace().nth(salt as usize % 4) {
            let name = format!("random input {case}, keeps {keep:?}");
            let keeps = |s: &str| s.split_whitespace().any(|t| t == keep);
            let (shrunk, _) = shrink_quietly(&name, &input, runs(400), keeps);
            assert_eq!(shrunk.input.trim(), keep, "{name}");
        }
    }
}
