//! Proof tests of the David vs David reference: an exhaustive game search for small piles, the
//! greedy mex construction of the P-positions for large indices, an exact square comparison for
//! the convergent indices, the floating-point trap, and the sample.

use stressjudge::problem::rules::david_vs_david::{
    convergent_indices, first_player_wins, p_position, DavidVsDavid, MAX_K, MAX_PILE,
};
use stressjudge::problem::rules::BuiltinProblem;

const ORACLE_MAX: usize = 40;

/// `win[x][y]` by direct search over every move of the statement, independent of any formula.
fn oracle(k: usize) -> Vec<Vec<bool>> {
    let n = ORACLE_MAX + 1;
    let mut win = vec![vec![false; n]; n];
    for x in 0..n {
        for y in 0..n {
            let one_pile = (1..=x).any(|a| !win[x - a][y]) || (1..=y).any(|b| !win[x][y - b]);
            let both = (1..=x).any(|a| {
                (1..=y)
                    .filter(|&b| a.abs_diff(b) <= k)
                    .any(|b| !win[x - a][y - b])
            });
            win[x][y] = one_pile || both;
        }
    }
    win
}

#[test]
fn agrees_with_exhaustive_search_for_every_k() {
    for k in 0..=MAX_K {
        let win = oracle(k as usize);
        for (x, row) in win.iter().enumerate() {
            for (y, &wins) in row.iter().enumerate() {
                assert_eq!(
                    first_player_wins(x as u64, y as u64, k),
                    wins,
                    "k = {k}, (x, y) = ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn oracle_sees_the_known_pitfalls() {
    // Guards the oracle itself: the bound is `|a - b| <= k` (so (1, 2) is a win for k = 1 by
    // taking both piles), and equal nonzero piles are wins.
    let win = oracle(1);
    assert!(win[1][2] && win[2][1]);
    assert!(!oracle(0)[1][2]);
    for k in 0..=3 {
        let win = oracle(k);
        assert!(!win[0][0]);
        assert!((1..=ORACLE_MAX).all(|v| win[v][v]));
    }
}

/// The P-positions by the greedy construction: `a_n = mex{a_i, b_i : i < n}`, `b_n = a_n + r n`.
fn greedy_p_positions(k: u32, count: usize) -> Vec<(u64, u64)> {
    let r = k as usize + 1;
    let mut used = vec![false; count * (r + 3) + 8];
    let mut mex = 0usize;
    let mut out = Vec::with_capacity(count);
    for n in 0..count {
        while used[mex] {
            mex += 1;
        }
        let (a, b) = (mex, mex + r * n);
        used[a] = true;
        used[b] = true;
        out.push((a as u64, b as u64));
    }
    out
}

#[test]
fn agrees_with_the_greedy_construction_up_to_a_million() {
    const COUNT: usize = 1_000_000;
    for k in 0..=MAX_K {
        for (n, want) in greedy_p_positions(k, COUNT).into_iter().enumerate() {
            assert_eq!(p_position(n as u64, k), want, "k = {k}, n = {n}");
        }
    }
}

/// `floor(n alpha)` by exact comparison of squares, without any square root: `a` is the floor
/// iff `2a - c <= n sqrt(D) < 2a + 2 - c` with `c = n (2 - r)`.
fn is_floor_n_alpha(a: u64, n: u64, k: u32) -> bool {
    let r = i128::from(k) + 1;
    let n = i128::from(n);
    let target = n * n * (r * r + 4); // (n sqrt(D))^2
    let c = n * (2 - r);
    let lo = 2 * i128::from(a) - c;
    let hi = lo + 2;
    let at_least_lo = lo <= 0 || lo * lo <= target;
    let below_hi = hi > 0 && hi * hi > target;
    at_least_lo && below_hi
}

#[test]
fn convergent_positions_are_exact_and_in_range() {
    for k in 0..=MAX_K {
        let indices = convergent_indices(k, MAX_PILE);
        assert!(indices.len() >= 10, "k = {k}: {indices:?}");
        assert!(indices.windows(2).all(|w| w[0] < w[1]));
        for &n in &indices {
            let (a, b) = p_position(n, k);
            assert!(b <= MAX_PILE, "k = {k}, n = {n}");
            assert!(is_floor_n_alpha(a, n, k), "k = {k}, n = {n}, a = {a}");
            assert!(!first_player_wins(a, b, k) && !first_player_wins(b, a, k));
        }
        // The largest index whose position fits is near the top of the range.
        let last = *indices.last().unwrap();
        assert!(p_position(last, k).1 > MAX_PILE / 20, "k = {k}");
    }
}

#[test]
fn square_comparison_agrees_on_random_indices() {
    let mut state = 0x1234_5678_9abc_def0u64;
    for k in 0..=MAX_K {
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = state % (MAX_PILE / (u64::from(k) + 1) + 1);
            let (a, _) = p_position(n, k);
            assert!(is_floor_n_alpha(a, n, k), "k = {k}, n = {n}");
            assert!(!is_floor_n_alpha(a + 1, n, k) && (a == 0 || !is_floor_n_alpha(a - 1, n, k)));
        }
    }
}

/// The naive floating-point evaluation real submissions make.
fn f64_says_first_wins(x: u64, y: u64, k: u32) -> bool {
    let (lo, hi) = (x.min(y), x.max(y));
    let r = f64::from(k) + 1.0;
    let d = (hi - lo) as f64;
    if d % r != 0.0 {
        return true;
    }
    let n = d / r;
    let alpha = (2.0 - r + (r * r + 4.0).sqrt()) / 2.0;
    (n * alpha).floor() != lo as f64
}

#[test]
fn statement_trap_inputs_are_p_positions_and_fool_f64() {
    for (x, y) in [(165_580_140, 267_914_295), (433_494_436, 701_408_732)] {
        assert!(!first_player_wins(x, y, 0), "({x}, {y}) is a P-position");
        assert!(!first_player_wins(y, x, 0));
        let n = y - x;
        assert!(is_floor_n_alpha(x, n, 0));
        assert!(convergent_indices(0, MAX_PILE).contains(&n));
        assert!(f64_says_first_wins(x, y, 0), "f64 misclassifies ({x}, {y})");
    }
}

#[test]
fn f64_trap_exists_among_convergents() {
    let fooled: Vec<u32> = (0..=MAX_K)
        .filter(|&k| {
            convergent_indices(k, MAX_PILE).iter().any(|&n| {
                let (a, b) = p_position(n, k);
                f64_says_first_wins(a, b, k)
            })
        })
        .collect();
    println!("k values with an f64-misclassified convergent P-position: {fooled:?}");
    assert!(fooled.contains(&0));
}

#[test]
fn sample_answers() {
    let problem = DavidVsDavid;
    let samples = problem.samples();
    assert_eq!(samples.len(), 1);
    let got = problem.solve(samples[0].input).unwrap();
    let want: Vec<&str> = samples[0].answer.split_whitespace().collect();
    assert_eq!(got, want);
}

/// The largest input the statement allows, solved right (its speed is `cargo bench --bench
/// references`' figure, printed here too, not asserted: the machine's load would decide it).
#[test]
fn max_input_is_solved_right() {
    let mut text = String::from("100000\n");
    for i in 0..100_000u64 {
        let k = (i % 13) as u32;
        let (a, b) = p_position(MAX_PILE / 20 + i, k);
        text.push_str(&format!("{a} {} {k}\n", b + i % 2));
    }
    let start = std::time::Instant::now();
    let answers = DavidVsDavid.solve(&text).unwrap();
    let elapsed = start.elapsed();
    println!("t = 100000 solved in {elapsed:?}");
    assert_eq!(answers.len(), 100_000);
    assert_eq!(answers.iter().filter(|a| *a == "2").count(), 50_000);
}
