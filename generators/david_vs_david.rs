//! Seeded David vs David inputs.
//!
//! Uniform piles are almost always first-player wins, so every kind mixes in P-positions
//! `(a_n, b_n)` (in either order) and their neighbours. The edge kind also carries, for every k,
//! the P-positions at the continued-fraction convergents of alpha, where floating-point
//! evaluations of `floor(n alpha)` go wrong.

use std::fmt::Write;

use super::{rng_for, Generator, Kind, SeededRng};
use crate::problem::rules::david_vs_david::{
    convergent_indices, p_position, DavidVsDavid, Game, MAX_GAMES, MAX_K, MAX_PILE,
};
use crate::problem::rules::BuiltinProblem;

/// Seeded inputs for David vs David.
#[derive(Debug, Default, Clone, Copy)]
pub struct DavidVsDavidGenerator;

/// Largest pile of the `small` kind: the range the exhaustive oracle covers.
pub const SMALL_MAX_PILE: u64 = 40;

impl Generator for DavidVsDavidGenerator {
    fn generate(&self, kind: Kind, seed: u64) -> String {
        let mut rng = rng_for(DavidVsDavid.id(), kind, seed);
        let games = match kind {
            Kind::Small => mixed(&mut rng, 2000, SMALL_MAX_PILE, false),
            Kind::Random => mixed(&mut rng, 10_000, MAX_PILE, false),
            Kind::Edge => edge(&mut rng),
            Kind::Max => mixed(&mut rng, MAX_GAMES, MAX_PILE, true),
        };
        render(&games)
    }
}

/// The largest index `n` whose P-position fits, `b_n <= max_value`.
pub fn max_index(k: u32, max_value: u64) -> u64 {
    let (mut lo, mut hi) = (0, max_value / (u64::from(k) + 1) + 1);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if p_position(mid, k).1 <= max_value {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

fn random_k(rng: &mut SeededRng) -> u32 {
    rng.range(0, i64::from(MAX_K)) as u32
}

/// The P-position of index `n`, in a random order.
fn p_game(rng: &mut SeededRng, n: u64, k: u32) -> Game {
    let (a, b) = p_position(n, k);
    ordered(rng, a, b, k)
}

fn ordered(rng: &mut SeededRng, a: u64, b: u64, k: u32) -> Game {
    if rng.chance(1, 2) {
        Game { x: a, y: b, k }
    } else {
        Game { x: b, y: a, k }
    }
}

/// `g` with one pile moved by one, staying within `0..=max`.
fn neighbour(rng: &mut SeededRng, g: Game, max: u64) -> Game {
    let step = |v: u64, up: bool| {
        if (up && v < max) || v == 0 {
            v + 1
        } else {
            v - 1
        }
    };
    let up = rng.chance(1, 2);
    if rng.chance(1, 2) {
        Game {
            x: step(g.x, up),
            ..g
        }
    } else {
        Game {
            y: step(g.y, up),
            ..g
        }
    }
}

/// `count` games with piles up to `max`: uniform pairs, P-positions, their neighbours and pairs
/// whose difference is a multiple of `k + 1` (the only candidates for P). With `near_top`, uniform
/// piles lie in the top million and P-positions use the top tenth of the indices that fit.
fn mixed(rng: &mut SeededRng, count: usize, max: u64, near_top: bool) -> Vec<Game> {
    let tops: Vec<u64> = (0..=MAX_K).map(|k| max_index(k, max)).collect();
    let low = if near_top { max - 1_000_000 } else { 0 };
    let pile = |rng: &mut SeededRng| rng.range(low as i64, max as i64) as u64;
    (0..count)
        .map(|_| {
            let k = random_k(rng);
            let top = tops[k as usize];
            let first = if near_top { top - top / 10 } else { 0 };
            let n = rng.range(first as i64, top as i64) as u64;
            match rng.below(20) {
                0..=7 => p_game(rng, n, k),
                8..=12 => {
                    let g = p_game(rng, n, k);
                    neighbour(rng, g, max)
                }
                13..=14 => {
                    let r = u64::from(k) + 1;
                    let x = pile(rng);
                    let steps = (max - x) / r;
                    let y = x + r * rng.range(0, steps.min(1000) as i64) as u64;
                    ordered(rng, x, y, k)
                }
                _ => Game {
                    x: pile(rng),
                    y: pile(rng),
                    k,
                },
            }
        })
        .collect()
}

/// Every edge family for every k, then random members of the families, shuffled.
fn edge(rng: &mut SeededRng) -> Vec<Game> {
    let mut games = Vec::new();
    for k in 0..=MAX_K {
        let r = u64::from(k) + 1;
        let top = max_index(k, MAX_PILE);
        games.push(Game { x: 0, y: 0, k });
        // The floating-point trap: every convergent P-position, and a neighbour of each.
        for n in convergent_indices(k, MAX_PILE) {
            let g = p_game(rng, n, k);
            games.push(g);
            let near = neighbour(rng, g, MAX_PILE);
            games.push(near);
        }
        for _ in 0..4 {
            // Equal piles (losing only at 0), zero piles, coordinates at the top.
            let v = rng.range(1, MAX_PILE as i64) as u64;
            games.push(Game { x: v, y: v, k });
            games.push(ordered(rng, 0, v, k));
            games.push(ordered(rng, MAX_PILE, v, k));
            // Differences exactly k, k + 1 and multiples of k + 1.
            let x = rng.range(0, (MAX_PILE - 20 * r) as i64) as u64;
            games.push(ordered(rng, x, x + u64::from(k), k));
            games.push(ordered(rng, x, x + r, k));
            let multiple = r * rng.range(2, 20) as u64;
            games.push(ordered(rng, x, x + multiple, k));
            // P-positions: small, random, the largest; reversed; and their neighbours.
            for n in [
                rng.range(0, 30) as u64,
                rng.range(0, top as i64) as u64,
                top - rng.below(3).min(top),
            ] {
                let (a, b) = p_position(n, k);
                games.push(Game { x: b, y: a, k });
                let g = p_game(rng, n, k);
                let near = neighbour(rng, g, MAX_PILE);
                games.push(near);
            }
        }
        games.push(Game {
            x: MAX_PILE,
            y: MAX_PILE,
            k,
        });
    }
    rng.shuffle(&mut games);
    games
}

fn render(games: &[Game]) -> String {
    let mut out = String::with_capacity(games.len() * 22 + 8);
    out.push_str(&games.len().to_string());
    out.push('\n');
    for g in games {
        // Straight into the buffer: a `format!` per game costs an allocation each.
        let _ = writeln!(out, "{} {} {}", g.x, g.y, g.k);
    }
    out
}
