//! The King Game reference against plain exhaustive search.
//!
//! The oracle knows only the rules: a memoised recursion over every legal move, with no
//! diagonal, band or Grundy reasoning. Play below `(x, y)` never depends on the board size, so
//! its answers on a small board must equal the reference's on the 300 x 300 board.

use stressjudge::problem::rules::king_game::{is_p_position, winning_moves};

/// Side of the searched board.
const SIDE: usize = 32;
const CELLS: usize = SIDE * SIDE;

const UNKNOWN: u8 = 0;
const LOSS: u8 = 1;
const WIN: u8 = 2;

/// Square index `x * SIDE + y` with 0-based coordinates.
fn cell(x: usize, y: usize) -> usize {
    x * SIDE + y
}

/// Every square a piece on `from` may move to when the other piece stands on `other`.
fn moves(from: usize, other: usize) -> impl Iterator<Item = usize> {
    let (fx, fy) = (from / SIDE, from % SIDE);
    (0..=fx)
        .flat_map(move |x| (0..=fy).map(move |y| cell(x, y)))
        .filter(move |&to| to != from && to != other)
}

struct Oracle {
    memo: Vec<u8>,
}

impl Oracle {
    /// Whether the player to move from (a, b) loses, by recursion over all moves.
    fn loses(&mut self, a: usize, b: usize) -> bool {
        let key = a * CELLS + b;
        if self.memo[key] == UNKNOWN {
            let any_losing_reply =
                moves(a, b).any(|to| self.loses(to, b)) || moves(b, a).any(|to| self.loses(a, to));
            self.memo[key] = if any_losing_reply { WIN } else { LOSS };
        }
        self.memo[key] == LOSS
    }

    fn winning_moves(&mut self, a: usize, b: usize) -> u32 {
        let mut count = 0;
        for to in moves(a, b) {
            count += u32::from(self.loses(to, b));
        }
        for to in moves(b, a) {
            count += u32::from(self.loses(a, to));
        }
        count
    }
}

fn square(c: usize) -> (u16, u16) {
    ((c / SIDE + 1) as u16, (c % SIDE + 1) as u16)
}

#[test]
fn reference_matches_exhaustive_search_on_every_small_position() {
    let mut oracle = Oracle {
        memo: vec![UNKNOWN; CELLS * CELLS],
    };
    let mut p_positions = 0;
    for a in 0..CELLS {
        for b in 0..CELLS {
            if a == b {
                continue;
            }
            let (pa, pb) = (square(a), square(b));
            let lost = oracle.loses(a, b);
            p_positions += usize::from(lost);
            assert_eq!(is_p_position(pa, pb), lost, "P-status of {pa:?} {pb:?}");
            assert_eq!(
                winning_moves(pa, pb),
                oracle.winning_moves(a, b),
                "winning moves of {pa:?} {pb:?}"
            );
        }
    }
    // Guards against a vacuous run: P-positions exist on every board of this size.
    assert!(p_positions > CELLS, "only {p_positions} P-positions");
}

#[test]
fn oracle_knows_the_statement_facts() {
    let mut oracle = Oracle {
        memo: vec![UNKNOWN; CELLS * CELLS],
    };
    // (1,2),(2,1) is N; (1,1),(2,1) is P.
    assert!(!oracle.loses(cell(0, 1), cell(1, 0)));
    assert!(oracle.loses(cell(0, 0), cell(1, 0)));
    // The official sample, whose coordinates all fit the searched board.
    let sample = [
        ((1, 2), (3, 4), 1),
        ((3, 1), (4, 2), 2),
        ((6, 6), (2, 2), 2),
        ((3, 2), (2, 3), 0),
        ((1, 12), (3, 9), 0),
    ];
    for ((ax, ay), (bx, by), want) in sample {
        let got = oracle.winning_moves(cell(ax - 1, ay - 1), cell(bx - 1, by - 1));
        assert_eq!(got, want, "sample game {ax} {ay} {bx} {by}");
    }
}
