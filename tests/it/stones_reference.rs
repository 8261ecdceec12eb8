//! Proof tests of the Game of Stones closed form: an exhaustive memoized search over every small
//! case, the samples, and the published per-pile XOR rule shown wrong.

use std::collections::HashMap;

use stressjudge::problem::rules::game_of_stones::{petyr_wins, GameOfStones};
use stressjudge::problem::rules::BuiltinProblem;

/// Exhaustive search for one pair of bounds, independent of any formula.
struct Oracle {
    bounds: [usize; 2],
    memo: HashMap<(Vec<usize>, usize), bool>,
}

impl Oracle {
    fn new(a: usize, b: usize) -> Self {
        Oracle {
            bounds: [a, b],
            memo: HashMap::new(),
        }
    }

    /// Whether the player to move (0 = Petyr, 1 = Varys) wins from `piles` (sorted).
    fn wins(&mut self, piles: &[usize], player: usize) -> bool {
        if let Some(&known) = self.memo.get(&(piles.to_vec(), player)) {
            return known;
        }
        let mut result = false;
        'search: for i in 0..piles.len() {
            for take in 1..=self.bounds[player].min(piles[i]) {
                let mut next = piles.to_vec();
                next[i] -= take;
                next.sort_unstable();
                if !self.wins(&next, 1 - player) {
                    result = true;
                    break 'search;
                }
            }
        }
        self.memo.insert((piles.to_vec(), player), result);
        result
    }
}

/// Every sorted pile list of length `n` with values `0..=max`.
fn sorted_lists(n: usize, max: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for mut rest in sorted_lists(n - 1, max) {
        let lowest = rest.last().copied().unwrap_or(0);
        for v in lowest..=max {
            rest.push(v);
            out.push(rest.clone());
            rest.pop();
        }
    }
    out
}

fn check_all(max_n: usize, max_pile: usize, max_bound: usize) -> usize {
    let mut checked = 0;
    for a in 1..=max_bound {
        for b in 1..=max_bound {
            let mut oracle = Oracle::new(a, b);
            for n in 1..=max_n {
                for piles in sorted_lists(n, max_pile) {
                    let want = oracle.wins(&piles, 0);
                    let as_u64: Vec<u64> = piles.iter().map(|&x| x as u64).collect();
                    // The input order must not matter: check the reversed order too.
                    let reversed: Vec<u64> = as_u64.iter().rev().copied().collect();
                    assert_eq!(
                        petyr_wins(a as u64, b as u64, &as_u64),
                        want,
                        "A={a} B={b} {piles:?}"
                    );
                    assert_eq!(
                        petyr_wins(a as u64, b as u64, &reversed),
                        want,
                        "A={a} B={b}"
                    );
                    checked += 1;
                }
            }
        }
    }
    checked
}

#[test]
fn agrees_with_exhaustive_search_up_to_three_piles() {
    // n <= 3, X_i <= 9, A, B <= 6 covers both the brief's and the statement's small ranges.
    let checked = check_all(3, 9, 6);
    assert_eq!(checked, 36 * (10 + 55 + 220));
}

#[test]
fn agrees_with_exhaustive_search_on_four_piles() {
    check_all(4, 7, 5);
}

#[test]
fn oracle_covers_all_three_cases_and_both_outcomes() {
    // Guards against a degenerate oracle: each case has wins and losses among small inputs.
    for (a, b) in [(3, 3), (4, 2), (2, 4)] {
        let mut oracle = Oracle::new(a, b);
        let outcomes: Vec<bool> = sorted_lists(2, 6)
            .iter()
            .map(|p| oracle.wins(p, 0))
            .collect();
        assert!(
            outcomes.contains(&true) && outcomes.contains(&false),
            "A={a} B={b}"
        );
    }
}

#[test]
fn samples() {
    let problem = GameOfStones;
    let samples = problem.samples();
    assert_eq!(samples.len(), 2);
    for sample in samples {
        let got = problem.solve(sample.input).unwrap();
        assert_eq!(got, [sample.answer.trim()]);
    }
    assert!(petyr_wins(3, 4, &[2, 3]));
    assert!(!petyr_wins(8, 9, &[1, 2, 3, 4, 5, 6, 7]));
}

#[test]
fn published_per_pile_xor_rule_fails_both_samples() {
    // The rule: per pile, does the player to move (Petyr) win that pile alone (by the oracle)?
    // XOR those bits; Petyr wins iff the XOR is 1.
    let per_pile_xor = |a: usize, b: usize, piles: &[usize]| {
        let mut oracle = Oracle::new(a, b);
        piles
            .iter()
            .fold(false, |acc, &x| acc ^ oracle.wins(&[x], 0))
    };
    let samples = [
        (3, 4, vec![2, 3], true),
        (8, 9, vec![1, 2, 3, 4, 5, 6, 7], false),
    ];
    for (a, b, piles, petyr) in samples {
        assert_ne!(per_pile_xor(a, b, &piles), petyr, "A={a} B={b} {piles:?}");
        let mut sorted = piles.clone();
        sorted.sort_unstable();
        assert_eq!(Oracle::new(a, b).wins(&sorted, 0), petyr);
    }
}

/// The largest input the statement allows, solved right (its speed is `cargo bench --bench
/// references`' figure, printed here too, not asserted: the machine's load would decide it).
#[test]
fn max_input_is_solved_right() {
    let piles: Vec<u64> = (0..100_000u64).map(|i| 1_000_000 - i * 7 % 1000).collect();
    let mut text = format!("100000 {} {}\n", 99_999, 100_000);
    text.push_str(
        &piles
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    );
    text.push('\n');
    let start = std::time::Instant::now();
    let answer = GameOfStones.solve(&text).unwrap();
    let elapsed = start.elapsed();
    println!("n = 100000 solved in {elapsed:?}");
    assert_eq!(answer, ["Varys"]);
}
