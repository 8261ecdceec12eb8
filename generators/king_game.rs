//! Seeded King Game inputs.
//!
//! Kinds: `small` (coordinates up to 12, in reach of the exhaustive oracle), `random` (uniform
//! over the board), `edge` (every edge family mixed into each input, see [`edge_games`]) and
//! `max` (the most games, coordinates near the top of the board).

use super::{rng_for, Generator, Kind, SeededRng};
use crate::problem::rules::king_game::{is_p_position, p_partners, Square, BOARD, MAX_GAMES};

/// Games in a `small` input.
const SMALL_GAMES: usize = 2000;
/// Largest coordinate of a `small` input.
const SMALL_SIDE: u16 = 12;
/// Games in a `random` input.
const RANDOM_GAMES: usize = 10_000;
/// Smallest coordinate of a `max` input.
const MAX_LOW: u16 = 250;
/// Games per randomised edge family.
const FAMILY_GAMES: usize = 150;

type Game = (Square, Square);

/// Seeded inputs for King Game.
#[derive(Debug, Default, Clone, Copy)]
pub struct KingGameGenerator;

impl Generator for KingGameGenerator {
    fn generate(&self, kind: Kind, seed: u64) -> String {
        let mut rng = rng_for("king-game", kind, seed);
        let games = match kind {
            Kind::Small => uniform_games(&mut rng, SMALL_GAMES, 1, SMALL_SIDE),
            Kind::Random => uniform_games(&mut rng, RANDOM_GAMES, 1, BOARD),
            Kind::Edge => edge_games(&mut rng),
            Kind::Max => uniform_games(&mut rng, MAX_GAMES, MAX_LOW, BOARD),
        };
        render(&games)
    }
}

fn render(games: &[Game]) -> String {
    let mut out = String::with_capacity(games.len() * 16 + 8);
    out.push_str(&games.len().to_string());
    out.push('\n');
    for ((ax, ay), (bx, by)) in games {
        out.push_str(&format!("{ax} {ay} {bx} {by}\n"));
    }
    out
}

fn coord(rng: &mut SeededRng, lo: u16, hi: u16) -> u16 {
    rng.range(i64::from(lo), i64::from(hi)) as u16
}

fn square(rng: &mut SeededRng, lo: u16, hi: u16) -> Square {
    (coord(rng, lo, hi), coord(rng, lo, hi))
}

/// `count` games with both pieces uniform over `[lo..=hi]^2`, squares distinct.
fn uniform_games(rng: &mut SeededRng, count: usize, lo: u16, hi: u16) -> Vec<Game> {
    (0..count)
        .map(|_| loop {
            let (a, b) = (square(rng, lo, hi), square(rng, lo, hi));
            if a != b {
                break (a, b);
            }
        })
        .collect()
}

/// Adds `(a, b)` in a random order when the squares differ and lie on the board.
fn push(rng: &mut SeededRng, games: &mut Vec<Game>, a: Square, b: Square) {
    let on_board = |s: Square| (1..=BOARD).contains(&s.0) && (1..=BOARD).contains(&s.1);
    if a != b && on_board(a) && on_board(b) {
        games.push(if rng.chance(1, 2) { (a, b) } else { (b, a) });
    }
}

/// A random P-position `(partner, anchor)`.
fn p_position(rng: &mut SeededRng) -> Game {
    loop {
        let anchor = square(rng, 1, BOARD);
        let partners = p_partners(anchor);
        if !partners.is_empty() {
            return (*rng.pick(&partners), anchor);
        }
    }
}

/// Every edge family, shuffled together:
/// - occupied targets: the other piece inside the moving piece's rectangle, one to three
///   diagonals below it, and positions where a piece dominates both squares of a P-position
///   `{r, q}` while the other piece stands on `q` (so `r` is a winning target and `q` an
///   occupied square a naive count might also take);
/// - pieces on the same row, column or anti-diagonal;
/// - corners `(1, 1)` and `(300, 300)` against random, adjacent and opposite squares;
/// - both orders of the same pair;
/// - every ordered pair of distinct squares of the 4 x 4 corner at the origin;
/// - P-positions and their neighbours (one piece moved by one step in any direction).
fn edge_games(rng: &mut SeededRng) -> Vec<Game> {
    let mut games = Vec::new();
    let n = BOARD;
    for _ in 0..FAMILY_GAMES {
        // Other piece one to three diagonals below, inside the rectangle.
        let p = square(rng, 2, n);
        let k = coord(rng, 1, 3);
        let dx = coord(rng, 0, k);
        if p.0 > dx && p.1 > k - dx {
            push(rng, &mut games, p, (p.0 - dx, p.1 - (k - dx)));
        }
        // A piece dominating a P-position {r, q}, the other piece on q.
        let (r, q) = p_position(rng);
        let top = (
            r.0.max(q.0) + coord(rng, 0, 2),
            r.1.max(q.1) + coord(rng, 0, 2),
        );
        push(rng, &mut games, (top.0.min(n), top.1.min(n)), q);
    }
    for _ in 0..FAMILY_GAMES {
        let (a, b) = (square(rng, 1, n), square(rng, 1, n));
        push(rng, &mut games, a, (a.0, b.1));
        push(rng, &mut games, a, (b.0, a.1));
        let g = a.0 + a.1;
        let lo = g.saturating_sub(n).max(1);
        let hi = (g - 1).min(n);
        let x = coord(rng, lo, hi);
        push(rng, &mut games, a, (x, g - x));
    }
    let corners = [(1, 1), (n, n)];
    for corner in corners {
        for other in [
            (1, 2),
            (2, 1),
            (2, 2),
            (n, n - 1),
            (n - 1, n),
            (1, n),
            (n, 1),
        ] {
            push(rng, &mut games, corner, other);
        }
        for _ in 0..FAMILY_GAMES / 5 {
            let other = square(rng, 1, n);
            push(rng, &mut games, corner, other);
        }
    }
    games.push(((1, 1), (n, n)));
    games.push(((n, n), (1, 1)));
    for _ in 0..FAMILY_GAMES / 3 {
        let (a, b) = (square(rng, 1, n), square(rng, 1, n));
        if a != b {
            games.push((a, b));
            games.push((b, a));
        }
    }
    for a in 0..16u16 {
        for b in 0..16u16 {
            if a != b {
                games.push(((a / 4 + 1, a % 4 + 1), (b / 4 + 1, b % 4 + 1)));
            }
        }
    }
    for _ in 0..FAMILY_GAMES / 3 {
        let (r, q) = p_position(rng);
        debug_assert!(is_p_position(r, q));
        push(rng, &mut games, r, q);
        let (mx, my) = (coord(rng, 0, 2), coord(rng, 0, 2));
        let moved = ((r.0 + mx).saturating_sub(1), (r.1 + my).saturating_sub(1));
        push(rng, &mut games, moved, q);
        let moved = ((q.0 + my).saturating_sub(1), (q.1 + mx).saturating_sub(1));
        push(rng, &mut games, r, moved);
    }
    rng.shuffle(&mut games);
    games
}
