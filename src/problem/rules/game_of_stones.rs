//! Game of Stones: statement in `shared/problems/game-of-stones.md`.
//!
//! A partizan game: Petyr (first) removes 1..=A stones from one pile, Varys 1..=B; whoever takes
//! the last stone wins. The closed form of [`petyr_wins`] is proved below and checked against an
//! exhaustive search of every small case in `tests/it/stones_reference.rs`.
//!
//! # The rule for A != B
//!
//! Let `m = min(A, B)`, call the player with bound `m` *weak* and the other *strong*, and let `Z`
//! be the set of positions where every pile is `<= m` and the XOR of the piles is 0.
//!
//! * The strong player to move loses exactly on `Z`.
//! * The weak player to move wins exactly when one of their moves reaches `Z`.
//!
//! Proof, by induction on the number of stones. The second claim follows from the first on
//! smaller positions (a weak move wins iff the strong player then loses). For the first:
//!
//! * On `Z` every strong move keeps all piles `<= m` and makes the XOR nonzero; the weak player
//!   answers with the Nim move back into `Z` (it removes at most one pile's size, `<= m`), so the
//!   strong player faces `Z` again with fewer stones and loses by induction (`Z` holds the empty
//!   position, where the player to move loses).
//! * Off `Z` the strong player wins by moving to a position from which no weak move reaches `Z`.
//!   Call a pile *big* if it is `> m`; a position with two big piles cannot reach `Z` in one move.
//!   If every pile is `<= m`, the XOR is nonzero and the Nim move reaches `Z` itself. With three
//!   or more big piles any move will do. With two big piles, one `> m + 1` is lowered by one;
//!   if both are `m + 1 <= M` (strong bound `M`), let `S` be the XOR of the small piles: set one
//!   big pile to `S` if `S <= m` (the weak player would then have to empty the other big pile,
//!   `m + 1` stones at once), otherwise to 0 (the weak player would have to lower the other big
//!   pile to `S > m`, which is still big). With one big pile `x` and
//!   small-pile XOR `S`: if `S != 0` the Nim move on a small pile makes `S = 0`, and then a weak
//!   move can only reach `Z` by lowering `x` to 0, impossible as `x > m`; if `S = 0` and
//!   `x <= M` the strong player takes the whole pile and lands in `Z`; if `S = 0` and `x > M`,
//!   lowering `x` by one leaves `x - 1 > m`, too far from 0 for the weak player.
//!
//! For Petyr this gives, in one pass over the piles:
//! * `A > B` (Petyr strong): Petyr wins unless every pile is `<= B` and the XOR is 0.
//! * `A < B` (Petyr weak): with no pile `> A`, Petyr wins iff the XOR is nonzero; with exactly
//!   one pile `x > A` and XOR `S` of the others, iff `S <= A` and `x - S <= A` (lower `x` to `S`);
//!   with two or more piles `> A`, Varys wins.
//! * `A = B`: the impartial subtraction game, won iff the XOR of `X_i mod (A + 1)` is nonzero.

use std::collections::HashSet;
use std::time::Duration;

use crate::problem::rules::reader::{Field, Reader};
use crate::problem::rules::{BuiltinProblem, Sample};
use crate::problem::{InputError, Limits};

/// Largest pile count the statement allows.
pub const MAX_N: usize = 100_000;
/// Largest removal bound (A or B) the statement allows.
pub const MAX_BOUND: u64 = 100_000;
/// Largest pile size the statement allows.
pub const MAX_PILE: u64 = 1_000_000;

/// The Game of Stones problem.
#[derive(Debug, Default, Clone, Copy)]
pub struct GameOfStones;

/// A parsed input: the two bounds and the piles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stones {
    /// Petyr's bound.
    pub a: u64,
    /// Varys's bound.
    pub b: u64,
    /// The pile sizes, in input order.
    pub piles: Vec<u64>,
}

const HEADER: [Field; 3] = [
    Field::new("n", 1, MAX_N as i64),
    Field::new("A", 1, MAX_BOUND as i64),
    Field::new("B", 1, MAX_BOUND as i64),
];

/// Parses and validates a whole input: `n A B`, then exactly `n` pile sizes, nothing after.
pub fn parse(input: &str) -> Result<Stones, InputError> {
    let mut reader = Reader::new(input);
    let header = reader.fields(&HEADER)?;
    let piles = reader.list(header[0] as usize, "X", 0, MAX_PILE as i64)?;
    reader.finish()?;
    Ok(Stones {
        a: header[1] as u64,
        b: header[2] as u64,
        piles: piles.into_iter().map(|x| x as u64).collect(),
    })
}

/// Whether Petyr (bound `a`, moving first) wins against Varys (bound `b`); see the module
/// documentation for the rule and its proof. `a` and `b` must be positive.
pub fn petyr_wins(a: u64, b: u64, piles: &[u64]) -> bool {
    assert!(a > 0 && b > 0, "petyr_wins: bounds must be positive");
    if a == b {
        return piles.iter().fold(0, |acc, &x| acc ^ (x % (a + 1))) != 0;
    }
    let xor = piles.iter().fold(0, |acc, &x| acc ^ x);
    if a > b {
        return !(xor == 0 && piles.iter().all(|&x| x <= b));
    }
    let mut big = piles.iter().filter(|&&x| x > a);
    match (big.next(), big.next()) {
        (None, _) => xor != 0,
        (Some(&x), None) => {
            let rest = xor ^ x;
            rest <= a && x - rest <= a
        }
        (Some(_), Some(_)) => false,
    }
}

fn answer(stones: &Stones) -> &'static str {
    if petyr_wins(stones.a, stones.b, &stones.piles) {
        "Petyr"
    } else {
        "Varys"
    }
}

impl BuiltinProblem for GameOfStones {
    fn id(&self) -> &'static str {
        "game-of-stones"
    }

    fn title(&self) -> &'static str {
        "Game of Stones"
    }

    fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_secs(2),
            memory_bytes: 256 << 20,
        }
    }

    fn samples(&self) -> Vec<Sample> {
        vec![
            Sample {
                input: "2 3 4\n2 3\n",
                answer: "Petyr\n",
            },
            Sample {
                input: "7 8 9\n1 2 3 4 5 6 7\n",
                answer: "Varys\n",
            },
        ]
    }

    fn validate(&self, input: &str) -> Result<usize, InputError> {
        parse(input).map(|_| 1)
    }

    fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
        Ok(vec![answer(&parse(input)?).to_string()])
    }

    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(s) = parse(input) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let n = s.piles.len();
        if n > PER_PILE_SHRINK_MAX {
            let half = n / 2;
            out.push(render(s.a, s.b, &s.piles[..half]));
            out.push(render(s.a, s.b, &s.piles[half..]));
        } else if n > 1 {
            for i in 0..n {
                let mut fewer = s.piles.clone();
                fewer.remove(i);
                out.push(render(s.a, s.b, &fewer));
            }
        }
        out.push(render(s.a, s.b, &map(&s.piles, |x| x / 2)));
        out.push(render(s.a, s.b, &map(&s.piles, |x| x.saturating_sub(1))));
        if n <= PER_PILE_SHRINK_MAX {
            for i in 0..n {
                for smaller in crate::problem::smaller_values(s.piles[i], 0) {
                    let mut variant = s.piles.clone();
                    variant[i] = smaller;
                    out.push(render(s.a, s.b, &variant));
                }
            }
        }
        // Bounds stay >= 1: a bound of 0 is not an input.
        for a in crate::problem::smaller_values(s.a, 1) {
            out.push(render(a, s.b, &s.piles));
        }
        for b in crate::problem::smaller_values(s.b, 1) {
            out.push(render(s.a, b, &s.piles));
        }
        // Last resort, for an input where no single change still fails (removing any one pile
        // flips the outcome): drop two neighbouring piles at once.
        if (3..=PER_PILE_SHRINK_MAX).contains(&n) {
            for i in 0..n - 1 {
                let mut fewer = s.piles.clone();
                fewer.drain(i..i + 2);
                out.push(render(s.a, s.b, &fewer));
            }
        }
        let mut seen = HashSet::new();
        out.retain(|v| v != input && seen.insert(v.clone()));
        out
    }
}

/// Inputs with more piles than this shrink by halves of the pile list and whole-input changes
/// only: a per-pile variant costs one whole input, so per-pile variants wait until the list is
/// short.
const PER_PILE_SHRINK_MAX: usize = 64;

fn map(piles: &[u64], f: impl Fn(u64) -> u64) -> Vec<u64> {
    piles.iter().map(|&x| f(x)).collect()
}

/// The input text for bounds `a`, `b` and `piles`.
pub fn render(a: u64, b: u64, piles: &[u64]) -> String {
    let mut out = format!("{} {a} {b}\n", piles.len());
    for (i, x) in piles.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&x.to_string());
    }
    out.push('\n');
    out
}
