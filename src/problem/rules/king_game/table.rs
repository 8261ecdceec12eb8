//! The table of P-positions of the King Game on the 300 x 300 board and the queries on it.
//!
//! Notation: a square `(x, y)` lies on anti-diagonal `g = x + y - 2`; `rect(x, y)` is
//! `[1..x] x [1..y]`. Every move lowers the moved piece's diagonal, so it lowers `g(p) + g(q)`.
//!
//! # Method
//! Band hypothesis H: every P-position `{p, q}` has `|g(p) - g(q)| <= 1`. Under H, for each
//! square `o` we keep three bitsets over `x` (bit `x`, 5 words): the P-partners of `o` on
//! diagonals `g(o) - 1`, `g(o)` and `g(o) + 1`. The diagonals are filled in increasing order,
//! each in two layers, every layer using only earlier ones:
//! - same diagonal `d` (sum `2d`): `p`'s moves that can reach a partner of `q` land on `d - 1`,
//!   i.e. on `p`'s two children `(x-1, y)`, `(x, y-1)`; symmetrically for `q`;
//! - diagonals `d` and `d + 1` (sum `2d + 1`): only the piece on `d + 1` has useful moves: to its
//!   two children on `d` and its three grandchildren on `d - 1`.
//!
//! Each square's bitset is then a few shifted ORs of its own and its children's bitsets, so the
//! whole table costs about 90 000 x 3 word-parallel steps (milliseconds). The band hypothesis
//! itself and the table are certified by `tests/it/king_game_proof.rs`: every in-band entry
//! satisfies the recursion "P iff no move to a P-position", and every out-of-band position has a
//! move to a P-position. A table with both properties is the unique solution of the recursion.
//!
//! # Answers
//! A winning move of `p` must land in band of `q`, so the number of winning moves is
//! `|S(q) ∩ rect(p)| + |S(p) ∩ rect(q)| - 2 [p, q is P]`, where `S(o)` is the set of partners of
//! `o`; each term is a range popcount on at most three bitsets.
//!
//! # Structure (measured on the full board)
//! 17 822 192 ordered P-pairs (the statement's notes say "about 17.8 million"; the exact count
//! is pinned in `tests/it/king_game_proof.rs` as a regression check of the certified table). Per
//! (square, diagonal offset) the partners form at most two runs of consecutive
//! `x`, 355 076 runs in all. Away from the board's edges the pattern is a near-mirror pairing:
//! on its own diagonal `(x, y)` pairs with two squares next to its reflection `(y, x)` (the
//! diagonal splits into blocks of two matched across the main diagonal); on the diagonal below
//! its partners are one run between it and its reflection; on the diagonal above, everything
//! except a run from `(x, ·)` to just past the reflection.

use std::sync::OnceLock;

/// Side of the board.
pub const BOARD: u16 = 300;

/// A square `(x, y)`, both coordinates in `1..=BOARD`.
pub type Square = (u16, u16);

const N: usize = BOARD as usize;
const WORDS: usize = N / 64 + 1;
const DIAGONALS: usize = 2 * N - 1;

type Bits = [u64; WORDS];

/// Partner bitsets per square: index `(x - 1) * N + (y - 1)`, then offset `δ + 1` for the
/// partners on diagonal `g + δ`, δ in -1..=1; bit `x'` stands for the square of that diagonal
/// with first coordinate `x'`.
struct Table {
    partners: Vec<[Bits; 3]>,
}

/// The anti-diagonal index `x + y - 2` of a square.
pub fn diagonal(sq: Square) -> u16 {
    sq.0 + sq.1 - 2
}

/// True when `{a, b}` is a P-position: the player to move loses. False when `a == b`.
///
/// Panics if a coordinate is outside `1..=BOARD`.
pub fn is_p_position(a: Square, b: Square) -> bool {
    check_square(a);
    check_square(b);
    table().is_partner(a, b)
}

/// The number of winning moves of the player to move from `{a, b}`: legal moves of either piece
/// after which the position is a P-position.
///
/// Panics if a coordinate is outside `1..=BOARD` or `a == b`.
pub fn winning_moves(a: Square, b: Square) -> u32 {
    check_square(a);
    check_square(b);
    assert!(a != b, "the pieces stand on the same square {a:?}");
    let t = table();
    let both = u32::from(t.is_partner(a, b));
    t.partners_in_rect(b, a) + t.partners_in_rect(a, b) - 2 * both
}

/// Every square that forms a P-position with `sq`, in increasing diagonal, then `x`.
///
/// Panics if a coordinate is outside `1..=BOARD`.
pub fn p_partners(sq: Square) -> Vec<Square> {
    check_square(sq);
    let t = table();
    let g = usize::from(diagonal(sq));
    let mut out = Vec::new();
    for (slot, bits) in t.partners[index(sq)].iter().enumerate() {
        let Some(e) = (g + slot).checked_sub(1) else {
            continue;
        };
        for x in 1..=N {
            if bits[x / 64] >> (x % 64) & 1 == 1 {
                out.push((x as u16, (e + 2 - x) as u16));
            }
        }
    }
    out
}

/// Builds the table now if it has not been built (it is otherwise built on first use).
pub fn warm_up() {
    table();
}

fn check_square(sq: Square) {
    assert!(
        (1..=BOARD).contains(&sq.0) && (1..=BOARD).contains(&sq.1),
        "square {sq:?} is off the {BOARD} x {BOARD} board"
    );
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::build)
}

fn index(sq: Square) -> usize {
    (usize::from(sq.0) - 1) * N + usize::from(sq.1) - 1
}

/// First and last `x` of the squares on diagonal `d`.
fn x_range(d: usize) -> (usize, usize) {
    ((d + 2).saturating_sub(N).max(1), (d + 1).min(N))
}

fn squares_on(d: usize) -> impl Iterator<Item = Square> {
    let (lo, hi) = x_range(d);
    (lo..=hi).map(move |x| (x as u16, (d + 2 - x) as u16))
}

/// Bits `lo..=hi` set (both in `0..WORDS * 64`).
fn range_mask(lo: usize, hi: usize) -> Bits {
    let mut m = [0u64; WORDS];
    for x in lo..=hi {
        m[x / 64] |= 1 << (x % 64);
    }
    m
}

fn shl(b: &Bits, k: u32) -> Bits {
    let mut out = [0u64; WORDS];
    for w in 0..WORDS {
        out[w] = b[w] << k;
        if w > 0 && k > 0 {
            out[w] |= b[w - 1] >> (64 - k);
        }
    }
    out
}

fn or_into(acc: &mut Bits, b: &Bits) {
    for (a, v) in acc.iter_mut().zip(b) {
        *a |= v;
    }
}

fn and_not(keep: &Bits, drop: &Bits) -> Bits {
    let mut out = [0u64; WORDS];
    for w in 0..WORDS {
        out[w] = keep[w] & !drop[w];
    }
    out
}

/// Number of set bits of `b` in `lo..=hi`.
fn count_range(b: &Bits, lo: usize, hi: usize) -> u32 {
    let (first, last) = (lo / 64, hi / 64);
    let mut total = 0;
    for (w, &word) in b.iter().enumerate().take(last + 1).skip(first) {
        let mut word = word;
        if w == first {
            word &= u64::MAX << (lo % 64);
        }
        if w == last {
            word &= u64::MAX >> (63 - hi % 64);
        }
        total += word.count_ones();
    }
    total
}

/// The squares strictly below `sq` at diagonal distance `k` that exist on the board.
fn below(sq: Square, k: u16) -> impl Iterator<Item = Square> {
    (0..=k).filter_map(move |dx| {
        let dy = k - dx;
        (sq.0 > dx && sq.1 > dy).then(|| (sq.0 - dx, sq.1 - dy))
    })
}

impl Table {
    fn build() -> Table {
        let valid: Vec<Bits> = (0..DIAGONALS)
            .map(|d| {
                let (lo, hi) = x_range(d);
                range_mask(lo, hi)
            })
            .collect();
        let mut partners = vec![[[0u64; WORDS]; 3]; N * N];
        for d in 0..DIAGONALS {
            // Both pieces on d: a useful move goes to a child, on d - 1.
            for q in squares_on(d) {
                let own_lower = partners[index(q)][0];
                let mut hit = own_lower;
                or_into(&mut hit, &shl(&own_lower, 1));
                for c in below(q, 1) {
                    or_into(&mut hit, &partners[index(c)][2]);
                }
                hit[usize::from(q.0) / 64] |= 1 << (q.0 % 64);
                partners[index(q)][1] = and_not(&valid[d], &hit);
            }
            if d + 1 == DIAGONALS {
                break;
            }
            // One piece on d, one on d + 1: only the upper piece has useful moves, to its
            // children (d) and grandchildren (d - 1).
            for p in squares_on(d) {
                let [lower, same, _] = partners[index(p)];
                let mut hit = same;
                or_into(&mut hit, &shl(&same, 1));
                for k in 0..3 {
                    or_into(&mut hit, &shl(&lower, k));
                }
                partners[index(p)][2] = and_not(&valid[d + 1], &hit);
            }
            for q in squares_on(d + 1) {
                let mut hit = [0u64; WORDS];
                for c in below(q, 1) {
                    or_into(&mut hit, &partners[index(c)][1]);
                }
                for c in below(q, 2) {
                    or_into(&mut hit, &partners[index(c)][2]);
                }
                partners[index(q)][0] = and_not(&valid[d], &hit);
            }
        }
        Table { partners }
    }

    fn is_partner(&self, a: Square, b: Square) -> bool {
        let delta = i32::from(diagonal(b)) - i32::from(diagonal(a));
        if delta.abs() > 1 {
            return false;
        }
        let bits = &self.partners[index(a)][(delta + 1) as usize];
        bits[usize::from(b.0) / 64] >> (b.0 % 64) & 1 == 1
    }

    /// `|S(of) ∩ rect(corner)|`: partners of `of` that `corner`'s piece could move onto
    /// (including `corner` itself when it is one).
    fn partners_in_rect(&self, of: Square, corner: Square) -> u32 {
        let g = usize::from(diagonal(of));
        let (cx, cy) = (usize::from(corner.0), usize::from(corner.1));
        let mut total = 0;
        for (slot, bits) in self.partners[index(of)].iter().enumerate() {
            let Some(e) = (g + slot).checked_sub(1) else {
                continue;
            };
            let lo = (e + 2).saturating_sub(cy).max(1);
            let hi = cx.min(e + 1);
            if lo <= hi {
                total += count_range(bits, lo, hi);
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_facts() {
        assert!(!is_p_position((1, 2), (2, 1)));
        assert!(is_p_position((1, 1), (2, 1)));
        assert!(is_p_position((2, 1), (1, 1)));
        assert!(!is_p_position((3, 3), (3, 3)));
        assert_eq!(winning_moves((1, 2), (2, 1)), 2);
    }

    #[test]
    fn bit_helpers() {
        let m = range_mask(60, 130);
        assert_eq!(count_range(&m, 0, 319), 71);
        assert_eq!(count_range(&m, 64, 64), 1);
        assert_eq!(count_range(&shl(&m, 3), 63, 63), 1);
        assert_eq!(count_range(&shl(&m, 3), 134, 319), 0);
        assert_eq!(below((1, 1), 1).count(), 0);
        assert_eq!(below((3, 1), 2).collect::<Vec<_>>(), vec![(1, 1)]);
    }
}
