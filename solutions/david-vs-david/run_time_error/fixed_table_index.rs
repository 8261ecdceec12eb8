// Tabulates a_n by the greedy mex construction for n < 2^16 per k and indexes the table with n = |y - x| / (k + 1).
// Run-time error: any game with n >= 65536 (most random large piles with k + 1 dividing y - x) panics out of bounds.
use std::io::{self, Read, Write};

const TABLE: usize = 1 << 16;

fn table(r: usize) -> Vec<usize> {
    let mut a = vec![0usize; TABLE];
    let mut taken = vec![false; TABLE * (r + 2) + 2];
    for n in 1..TABLE {
        let mut v = a[n - 1] + 1;
        while taken[v] {
            v += 1;
        }
        a[n] = v;
        taken[v + r * n] = true;
    }
    a
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace().map(|w| w.parse::<usize>().unwrap());
    let t = it.next().unwrap();
    let tables: Vec<Vec<usize>> = (1..=13).map(table).collect();
    let mut out = String::new();
    for _ in 0..t {
        let (x, y, k) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
        let (lo, hi) = (x.min(y), x.max(y));
        let r = k + 1;
        let losing = (hi - lo) % r == 0 && tables[k][(hi - lo) / r] == lo;
        out.push_str(if losing { "2\n" } else { "1\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
