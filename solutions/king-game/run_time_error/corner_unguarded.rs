// The band DP of accepted/band_bitsets.rs, but games are answered through a per-diagonal bounds table indexed by g - 1
// without a guard for the corner (1, 1), whose g - 1 is -1. Run-time error: any game with a piece on (1, 1) panics out of bounds.
use std::io::{self, Read, Write};

const N: i32 = 300;
const W: usize = 5; // 320 bits per diagonal, bit x for x in 1..=300
const DIAGS: i32 = 2 * N - 1;

/// part[(x, y, o)]: x-coordinates of the squares on diagonal g(x, y) - 1 + o forming a P-position with (x, y).
struct Partners {
    bits: Vec<[u64; W]>,
}

fn lo_x(e: i32) -> i32 {
    (e + 2 - N).max(1)
}

fn hi_x(e: i32) -> i32 {
    (e + 1).min(N)
}

fn range_mask(w: i32, l: i32, r: i32) -> u64 {
    let (a, b) = (w * 64, w * 64 + 63);
    if l > b || r < a {
        return 0;
    }
    let s = (l - a).max(0);
    let e = (r - a).min(63);
    let high = if e == 63 { !0u64 } else { (1u64 << (e + 1)) - 1 };
    high & !((1u64 << s) - 1)
}

impl Partners {
    fn slot(x: i32, y: i32, o: i32) -> usize {
        (((x * (N + 1) + y) * 3) + o) as usize
    }

    fn get(&self, x: i32, y: i32, o: i32) -> &[u64; W] {
        &self.bits[Self::slot(x, y, o)]
    }

    fn set(&mut self, x: i32, y: i32, o: i32, bit: i32) {
        self.bits[Self::slot(x, y, o)][(bit >> 6) as usize] |= 1u64 << (bit & 63);
    }

    /// P-partners of (qx, qy) inside rect(px, py); with `any_only`, 1 as soon as one exists.
    fn in_rect(&self, qx: i32, qy: i32, px: i32, py: i32, any_only: bool) -> u32 {
        let (gq, gp) = (qx + qy - 2, px + py - 2);
        let mut total = 0;
        for o in 0..3 {
            let e = gq - 1 + o;
            if e < 0 || e >= DIAGS || e > gp {
                continue;
            }
            let l = (e + 2 - py).max(lo_x(e));
            let r = px.min(hi_x(e));
            if l > r {
                continue;
            }
            let words = self.get(qx, qy, o);
            for w in (l >> 6)..=(r >> 6) {
                let c = (words[w as usize] & range_mask(w, l, r)).count_ones();
                if any_only && c > 0 {
                    return 1;
                }
                total += c;
            }
        }
        total
    }

    /// Query-time count of P-partners of (qx, qy) in rect(px, py) minus p, with diagonal bounds from `bounds`.
    fn count_moves(&self, bounds: &[(i32, i32)], qx: i32, qy: i32, px: i32, py: i32) -> u32 {
        let (gq, gp) = (qx + qy - 2, px + py - 2);
        let mut total = 0;
        for o in 0..3usize {
            let e = (gq as usize + o).wrapping_sub(1);
            let (lo, hi) = bounds[e];
            if e as i32 >= gp {
                continue;
            }
            let l = (e as i32 + 2 - py).max(lo);
            let r = px.min(hi);
            for x in l..=r {
                total += (self.get(qx, qy, o as i32)[(x >> 6) as usize] >> (x & 63) & 1) as u32;
            }
        }
        total
    }

    /// Decides (p, q) once every pair of smaller g-sum is known; rect(p) minus p lies below p's diagonal.
    fn decide(&mut self, px: i32, py: i32, qx: i32, qy: i32) {
        if self.in_rect(qx, qy, px, py, true) > 0 || self.in_rect(px, py, qx, qy, true) > 0 {
            return;
        }
        let (gp, gq) = (px + py - 2, qx + qy - 2);
        self.set(qx, qy, gp - gq + 1, px);
        self.set(px, py, gq - gp + 1, qx);
    }

    fn build() -> Self {
        let mut p = Partners {
            bits: vec![[0u64; W]; ((N + 1) * (N + 1) * 3) as usize],
        };
        for d in 0..DIAGS {
            for x1 in lo_x(d)..=hi_x(d) {
                for x2 in x1 + 1..=hi_x(d) {
                    p.decide(x1, d + 2 - x1, x2, d + 2 - x2);
                }
            }
            if d + 1 < DIAGS {
                for x1 in lo_x(d)..=hi_x(d) {
                    for x2 in lo_x(d + 1)..=hi_x(d + 1) {
                        p.decide(x1, d + 2 - x1, x2, d + 3 - x2);
                    }
                }
            }
        }
        p
    }
}

fn main() {
    let table = Partners::build();
    let bounds: Vec<(i32, i32)> = (0..DIAGS + 1).map(|e| (lo_x(e), hi_x(e))).collect();
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace().map(|w| w.parse::<i32>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::with_capacity(8 * t as usize);
    for _ in 0..t {
        let (px, py, qx, qy) = (
            it.next().unwrap(),
            it.next().unwrap(),
            it.next().unwrap(),
            it.next().unwrap(),
        );
        let ans = table.count_moves(&bounds, qx, qy, px, py) + table.count_moves(&bounds, px, py, qx, qy);
        out.push_str(&ans.to_string());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
