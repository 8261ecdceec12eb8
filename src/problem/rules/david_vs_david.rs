//! David vs David: statement in `shared/problems/david-vs-david.md`.
//!
//! The game is Fraenkel's generalized Wythoff game with spacing `r = k + 1`: its P-positions are
//! the pairs `(a_n, a_n + r n)` for `n >= 0`, in either order, with `a_n = floor(n alpha)` and
//! `alpha = (2 - r + sqrt(r^2 + 4)) / 2`. The reference evaluates `a_n` in exact integer
//! arithmetic (see [`p_position`] for the proof); floating point misclassifies inputs built from
//! the continued-fraction convergents of `alpha` ([`convergent_indices`]). The tests in
//! `tests/it/david_reference.rs` check the formula against an exhaustive game search and against the
//! greedy mex construction of the P-positions.

use std::time::Duration;

use crate::problem::rules::reader::{Field, Reader};
use crate::problem::rules::{BuiltinProblem, Sample};
use crate::problem::{join_counted_lines, split_counted_lines, InputError, Limits};

/// Most games one input may hold (the statement's bound on t).
pub const MAX_GAMES: usize = 100_000;
/// Largest pile size the statement allows.
pub const MAX_PILE: u64 = 1_000_000_000;
/// Largest difference bound k the statement allows.
pub const MAX_K: u32 = 12;

/// The David vs David problem.
#[derive(Debug, Default, Clone, Copy)]
pub struct DavidVsDavid;

/// One game of an input: pile sizes and the difference bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// First pile.
    pub x: u64,
    /// Second pile.
    pub y: u64,
    /// Bound on `|a - b|` for a move that takes from both piles.
    pub k: u32,
}

const T_FIELD: Field = Field::new("t", 1, MAX_GAMES as i64);
const GAME_FIELDS: [Field; 3] = [
    Field::new("x", 0, MAX_PILE as i64),
    Field::new("y", 0, MAX_PILE as i64),
    Field::new("k", 0, MAX_K as i64),
];

/// Parses and validates a whole input: `t`, then exactly `t` lines `x y k`, nothing after.
pub fn parse(input: &str) -> Result<Vec<Game>, InputError> {
    let mut reader = Reader::new(input);
    let t = reader.fields(&[T_FIELD])?[0] as usize;
    let mut games = Vec::with_capacity(t);
    for _ in 0..t {
        let f = reader.fields(&GAME_FIELDS)?;
        games.push(Game {
            x: f[0] as u64,
            y: f[1] as u64,
            k: f[2] as u32,
        });
    }
    reader.finish()?;
    Ok(games)
}

/// The n-th P-position `(a_n, b_n)` with `a_n <= b_n` and `b_n = a_n + (k + 1) n`.
///
/// With `r = k + 1` and `D = r^2 + 4`, `a_n = floor(n alpha) = floor((n (2 - r) + n sqrt(D)) / 2)`.
/// Let `s = isqrt(n^2 D) = floor(n sqrt(D))` and `m = n (2 - r) + s`, an integer (maybe
/// negative). For `n > 0`, `n sqrt(D)` is irrational (`D` is not a square: `D = 5` for `r = 1`,
/// and `r^2 < D < (r + 1)^2` for `r >= 2`), so `n sqrt(D) = s + f` with `0 < f < 1`, and
/// `a_n = floor((m + f) / 2)`. If `m` is even that is `m / 2 + floor(f / 2) = m / 2`; if `m` is
/// odd it is `(m - 1) / 2 + floor((1 + f) / 2) = (m - 1) / 2`. Either way
/// `a_n = floor(m / 2)` with floor division, which is what is computed, exactly, in 128 bits.
/// For `n = 0` both sides are 0.
///
/// Panics if `n > 2^56` (far beyond any index the statement's bounds reach).
pub fn p_position(n: u64, k: u32) -> (u64, u64) {
    assert!(n <= 1 << 56, "p_position: index {n} out of range");
    let r = i128::from(k) + 1;
    let n = i128::from(n);
    let d = (r * r + 4) as u128;
    let s = (n as u128 * n as u128 * d).isqrt() as i128;
    let a = (n * (2 - r) + s).div_euclid(2);
    (a as u64, (a + r * n) as u64)
}

/// Whether the player to move wins from piles `(x, y)` with difference bound `k`.
///
/// Valid for piles up to `10^18` (the statement allows `10^9`).
pub fn first_player_wins(x: u64, y: u64, k: u32) -> bool {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    let r = u64::from(k) + 1;
    let d = hi - lo;
    if d % r != 0 {
        return true;
    }
    p_position(d / r, k).0 != lo
}

/// The indices `n` where `n alpha` comes closest to an integer, among those whose P-position has
/// `b_n <= max_value`: the denominators of the convergents and semiconvergents of `alpha`'s
/// continued fraction, ascending. These are the positions a floating-point evaluation of
/// `floor(n alpha)` is most likely to get wrong.
pub fn convergent_indices(k: u32, max_value: u64) -> Vec<u64> {
    let r = i128::from(k) + 1;
    let d = r * r + 4;
    let root = d.isqrt();
    // alpha = (p + sqrt(d)) / q with q | d - p^2 (here d - p^2 = 4r), the form the standard
    // continued-fraction recurrence for quadratic irrationals needs.
    let (mut p, mut q) = (2 - r, 2i128);
    let (mut before, mut last) = (1i128, 0i128); // denominators q_{i-2}, q_{i-1}
    let fits = |n: i128| n >= 1 && p_position(n as u64, k).1 <= max_value;
    let mut out = Vec::new();
    loop {
        let a = (p + root).div_euclid(q);
        // The semiconvergents before[i] + j * last for j = 1..a, the last being the convergent.
        for j in 1..=a {
            let n = before + j * last;
            if n > i128::from(max_value) {
                out.sort_unstable();
                out.dedup();
                return out;
            }
            if fits(n) {
                out.push(n as u64);
            }
        }
        (before, last) = (last, a * last + before);
        p = a * q - p;
        debug_assert_eq!((d - p * p) % q, 0);
        q = (d - p * p) / q;
    }
}

impl BuiltinProblem for DavidVsDavid {
    fn id(&self) -> &'static str {
        "david-vs-david"
    }

    fn title(&self) -> &'static str {
        "David vs David"
    }

    fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_secs(2),
            memory_bytes: 256 << 20,
        }
    }

    fn samples(&self) -> Vec<Sample> {
        vec![Sample {
            input: SAMPLE_INPUT,
            answer: SAMPLE_ANSWER,
        }]
    }

    fn validate(&self, input: &str) -> Result<usize, InputError> {
        parse(input).map(|games| games.len())
    }

    fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
        Ok(parse(input)?
            .iter()
            .map(|g| {
                if first_player_wins(g.x, g.y, g.k) {
                    "1"
                } else {
                    "2"
                }
                .to_string()
            })
            .collect())
    }

    fn max_games(&self) -> usize {
        MAX_GAMES
    }

    fn split_games(&self, input: &str) -> Option<Vec<String>> {
        Some(split_counted_lines(input))
    }

    fn join_games(&self, games: &[String]) -> Option<String> {
        Some(join_counted_lines(games))
    }

    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(games) = parse(input) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if games.len() > 1 {
            let (front, back) = games.split_at(games.len() / 2);
            let halves = [front, back].into_iter().filter(|h| h.len() > 1).map(join);
            let singles = games.iter().take(SINGLE_GAMES_MAX).map(|g| join(&[*g]));
            // Long inputs halve first (a logarithmic descent); short ones try each game alone.
            if games.len() > SINGLE_GAMES_MAX {
                out.extend(halves);
                out.extend(singles);
            } else {
                out.extend(singles);
                out.extend(halves);
            }
        }
        // Per-game number shrinking costs one whole input per variant: only for short inputs,
        // which the steps above reach quickly.
        if games.len() <= NUMBER_SHRINK_MAX_GAMES {
            for i in 0..games.len() {
                for smaller in smaller_games(games[i]) {
                    let mut variant = games.clone();
                    variant[i] = smaller;
                    out.push(join(&variant));
                }
            }
        }
        out
    }
}

/// Inputs with more games than this halve before trying single games, and only their first
/// this-many games are offered alone.
const SINGLE_GAMES_MAX: usize = 32;

/// Inputs with more games than this only shrink by dropping games.
const NUMBER_SHRINK_MAX_GAMES: usize = 32;

fn join(games: &[Game]) -> String {
    let lines: Vec<String> = games
        .iter()
        .map(|g| format!("{} {} {}", g.x, g.y, g.k))
        .collect();
    join_counted_lines(&lines)
}

/// Variants of one game with a smaller number, most aggressive first.
fn smaller_games(g: Game) -> Vec<Game> {
    let mut out = Vec::new();
    let mut push = |c: Game| {
        if c != g && !out.contains(&c) {
            out.push(c);
        }
    };
    for x in smaller(g.x) {
        push(Game { x, ..g });
    }
    for y in smaller(g.y) {
        push(Game { y, ..g });
    }
    // Both piles down by the same amount: keeps their difference, which decides most of the
    // game, so a failure tied to the difference (e.g. equal piles) shrinks towards the origin.
    let low = g.x.min(g.y);
    for v in smaller(low) {
        let delta = low - v;
        push(Game {
            x: g.x - delta,
            y: g.y - delta,
            ..g
        });
    }
    for k in [0, g.k.saturating_sub(1)] {
        push(Game { k, ..g });
    }
    out
}

fn smaller(v: u64) -> Vec<u64> {
    crate::problem::smaller_values(v, 0)
}

const SAMPLE_INPUT: &str = "15
0 0 0
23 9 1
97 99 2
1984 6 3
277 348 4
2384 19 5
138 19 6
123 372 7
112 1021 8
99328 9702 9
3172 283401 10
1937 23405 11
421443 503539 12
508320368 822479633 0
924717293 228947159 1
";

const SAMPLE_ANSWER: &str = "2
2
1
1
1
1
2
1
2
1
1
2
1
2
1
";
