//! Seeded Game of Stones inputs.
//!
//! An input is one game, so each input covers one case (A = B, A > B, A < B) and one family.
//! Uniform piles almost always decide the game trivially (with two piles above the weaker bound
//! the stronger player wins), so the generators often build the positions the closed form turns
//! on: piles at most min(A, B) with XOR 0, one big pile within or just out of the weak player's
//! reach, and residues modulo A + 1 with XOR 0.

use super::{rng_for, Generator, Kind, SeededRng};
use crate::problem::rules::game_of_stones::{render, GameOfStones, MAX_BOUND, MAX_N, MAX_PILE};
use crate::problem::rules::BuiltinProblem;

/// Seeded inputs for Game of Stones.
#[derive(Debug, Default, Clone, Copy)]
pub struct GameOfStonesGenerator;

/// Largest pile of the `small` kind: within the exhaustive oracle's range.
pub const SMALL_MAX_PILE: u64 = 8;
/// Largest bound of the `small` kind.
pub const SMALL_MAX_BOUND: u64 = 6;
/// How many edge families there are; `edge` with seed `s` uses family `s % EDGE_FAMILIES`.
pub const EDGE_FAMILIES: u64 = 20;

impl Generator for GameOfStonesGenerator {
    fn generate(&self, kind: Kind, seed: u64) -> String {
        let mut rng = rng_for(GameOfStones.id(), kind, seed);
        let (a, b, piles) = match kind {
            Kind::Small => small(&mut rng),
            Kind::Random => random(&mut rng),
            Kind::Edge => edge(&mut rng, seed),
            Kind::Max => max(&mut rng, seed),
        };
        render(a, b, &piles)
    }
}

/// The three relations between the bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    Equal,
    PetyrStronger,
    VarysStronger,
}

const CASES: [Case; 3] = [Case::Equal, Case::PetyrStronger, Case::VarysStronger];

/// Bounds `(A, B)` in `1..=limit` in the given relation (`limit >= 2`).
fn bounds(rng: &mut SeededRng, case: Case, limit: u64) -> (u64, u64) {
    let low = rng.range(1, limit as i64 - 1) as u64;
    let high = rng.range(low as i64 + 1, limit as i64) as u64;
    match case {
        Case::Equal => (high, high),
        Case::PetyrStronger => (high, low),
        Case::VarysStronger => (low, high),
    }
}

fn uniform(rng: &mut SeededRng, n: usize, max: u64) -> Vec<u64> {
    (0..n).map(|_| rng.range(0, max as i64) as u64).collect()
}

/// `n` values in `0..=max` whose XOR is 0, shuffled. The last value before shuffling is the XOR
/// of the others when that fits, otherwise a Nim move on one of them (which lowers it) makes the
/// XOR 0 and the last value is 0.
fn xor_zero(rng: &mut SeededRng, n: usize, max: u64) -> Vec<u64> {
    if n == 0 {
        return Vec::new();
    }
    let mut values = uniform(rng, n - 1, max);
    let xor = values.iter().fold(0, |acc, &v| acc ^ v);
    if xor <= max {
        values.push(xor);
    } else {
        let top = 1u64 << (63 - xor.leading_zeros());
        let v = values
            .iter_mut()
            .find(|v| **v & top != 0)
            .expect("a value holds the XOR's top bit");
        *v ^= xor;
        values.push(0);
    }
    rng.shuffle(&mut values);
    values
}

/// Piles whose residues modulo `a + 1` XOR to 0: a loss for the player to move when A = B.
fn residues_xor_zero(rng: &mut SeededRng, n: usize, a: u64) -> Vec<u64> {
    xor_zero(rng, n, a.min(MAX_PILE))
        .into_iter()
        .map(|r| r + (a + 1) * rng.range(0, ((MAX_PILE - r) / (a + 1)) as i64) as u64)
        .collect()
}

/// Piles `<= a` (Petyr's bound, the weaker) with XOR `rest`, plus one big pile `> a`; `reach`
/// says whether Petyr can lower the big pile to `rest` (a Petyr win) or misses by one.
fn one_big(rng: &mut SeededRng, n: usize, a: u64, reach: bool) -> Vec<u64> {
    let mut piles = uniform(rng, n - 1, a);
    let rest = piles.iter().fold(0, |acc, &v| acc ^ v);
    let big = if reach && (1..=a).contains(&rest) {
        rng.range(a as i64 + 1, (rest + a) as i64) as u64
    } else {
        (rest + a + 1).min(MAX_PILE)
    };
    piles.push(big);
    rng.shuffle(&mut piles);
    piles
}

/// Piles that make the case's decisive structure likely: about half the time a constructed
/// position, otherwise uniform piles up to `max_pile`.
fn structured(
    rng: &mut SeededRng,
    case: Case,
    n: usize,
    a: u64,
    b: u64,
    max_pile: u64,
) -> Vec<u64> {
    let weak = a.min(b);
    match (case, rng.below(4)) {
        (Case::Equal, 0 | 1) => residues_xor_zero(rng, n, a),
        (Case::PetyrStronger, 0) => xor_zero(rng, n, weak),
        (Case::PetyrStronger, 1) => uniform(rng, n, weak),
        (Case::VarysStronger, 0) => xor_zero(rng, n, weak),
        (Case::VarysStronger, 1) => uniform(rng, n, weak),
        (Case::VarysStronger, 2) => {
            let reach = rng_bool(rng);
            one_big(rng, n, a, reach)
        }
        _ => uniform(rng, n, max_pile),
    }
}

fn rng_bool(rng: &mut SeededRng) -> bool {
    rng.chance(1, 2)
}

fn small(rng: &mut SeededRng) -> (u64, u64, Vec<u64>) {
    let a = rng.range(1, SMALL_MAX_BOUND as i64) as u64;
    let b = rng.range(1, SMALL_MAX_BOUND as i64) as u64;
    let n = rng.range(1, 3) as usize;
    let piles = if rng.chance(1, 3) {
        xor_zero(rng, n, SMALL_MAX_PILE)
    } else {
        uniform(rng, n, SMALL_MAX_PILE)
    };
    (a, b, piles)
}

/// A pile count spread over every order of magnitude up to `MAX_N`.
fn spread_count(rng: &mut SeededRng) -> usize {
    let scale = *rng.pick(&[3, 10, 100, 1000, 10_000, MAX_N as i64]);
    rng.range(1, scale) as usize
}

fn random(rng: &mut SeededRng) -> (u64, u64, Vec<u64>) {
    let case = *rng.pick(&CASES);
    let limit = *rng.pick(&[10, 1000, MAX_BOUND]);
    let (a, b) = bounds(rng, case, limit);
    let n = spread_count(rng);
    let piles = structured(rng, case, n, a, b, MAX_PILE);
    (a, b, piles)
}

/// Family `f = seed % EDGE_FAMILIES`: bounds family `f % 4` (A = B, A = B + 1, A + 1 = B, one
/// bound equal to 1) crossed with pile family `f / 4` (piles at A, A + 1, B, B + 1; zero piles;
/// all piles equal; one big pile among small ones; small piles with XOR 0).
fn edge(rng: &mut SeededRng, seed: u64) -> (u64, u64, Vec<u64>) {
    let family = seed % EDGE_FAMILIES;
    let limit = *rng.pick(&[5, 100, MAX_BOUND]);
    let base = rng.range(1, limit as i64 - 1) as u64;
    let (a, b) = match family % 4 {
        0 => (base, base),
        1 => (base + 1, base),
        2 => (base, base + 1),
        _ if rng_bool(rng) => (1, base),
        _ => (base, 1),
    };
    let n = spread_count(rng).min(2000);
    let weak = a.min(b);
    let piles = match family / 4 {
        0 => (0..n).map(|_| *rng.pick(&[a, a + 1, b, b + 1])).collect(),
        1 if rng_bool(rng) => vec![0; n],
        1 => (0..n)
            .map(|_| {
                if rng.chance(3, 4) {
                    0
                } else {
                    rng.range(1, weak as i64) as u64
                }
            })
            .collect(),
        2 => {
            let any = rng.range(0, MAX_PILE as i64) as u64;
            let v = *rng.pick(&[a, b, a + 1, b + 1, any]);
            vec![v; n]
        }
        3 => {
            let mut piles = uniform(rng, n, weak);
            let i = rng.below(n as u64) as usize;
            piles[i] = 0;
            // Half the time at the edge of the weaker player's reach: lowering the big pile to
            // the XOR of the others takes exactly `weak` stones, or one more.
            let rest = piles.iter().fold(0, |acc, &x| acc ^ x);
            let lowest = a.max(b) + 1;
            let big = if rng_bool(rng) {
                rest + weak + rng.below(2)
            } else {
                rng.range(lowest as i64, MAX_PILE as i64) as u64
            };
            piles[i] = big.clamp(lowest, MAX_PILE);
            piles
        }
        _ => xor_zero(rng, n, weak),
    };
    (a, b, piles)
}

/// `n = MAX_N` with bounds in the top thousand; seeds cycle through the three cases, and every
/// other triple uses piles near min(A, B) with XOR 0 instead of piles near `MAX_PILE`.
fn max(rng: &mut SeededRng, seed: u64) -> (u64, u64, Vec<u64>) {
    let case = CASES[(seed % 3) as usize];
    let low = rng.range((MAX_BOUND - 1000) as i64, (MAX_BOUND - 1) as i64) as u64;
    let high = rng.range(low as i64 + 1, MAX_BOUND as i64) as u64;
    let (a, b) = match case {
        Case::Equal => (high, high),
        Case::PetyrStronger => (high, low),
        Case::VarysStronger => (low, high),
    };
    let piles = if (seed / 3).is_multiple_of(2) {
        (0..MAX_N)
            .map(|_| rng.range((MAX_PILE - 1000) as i64, MAX_PILE as i64) as u64)
            .collect()
    } else if case == Case::Equal {
        residues_xor_zero(rng, MAX_N, a)
    } else {
        xor_zero(rng, MAX_N, a.min(b))
    };
    (a, b, piles)
}
