// Generalized Wythoff (r = k + 1): exact integer Beatty term a_n = floor((n(2-r) + isqrt(n^2(r^2+4))) / 2).
// Accepted: the u64 isqrt is corrected exactly, so it matches exhaustive search; 10^5 games take a few ms.
use std::io::{self, Read, Write};

fn isqrt(v: u64) -> u64 {
    let mut s = (v as f64).sqrt() as u64;
    while s > 0 && (s as u128) * (s as u128) > v as u128 {
        s -= 1;
    }
    while ((s + 1) as u128) * ((s + 1) as u128) <= v as u128 {
        s += 1;
    }
    s
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace().map(|w| w.parse::<i64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::with_capacity(2 * t as usize);
    for _ in 0..t {
        let (mut x, mut y, k) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
        if x > y {
            std::mem::swap(&mut x, &mut y);
        }
        let r = k + 1;
        let d = y - x;
        let mut losing = false;
        if d % r == 0 {
            let n = (d / r) as u64;
            let s = isqrt(n * n * (r * r + 4) as u64) as i64;
            // s >= n * r, so the numerator is never negative.
            losing = (n as i64 * (2 - r) + s) / 2 == x;
        }
        out.push_str(if losing { "2\n" } else { "1\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
