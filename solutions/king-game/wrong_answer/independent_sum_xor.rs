// Treats the two pieces as an independent sum: Grundy x + y - 2 each, P iff XOR = 0, counting moves that make the XOR 0,
// which also forgets the occupied square (a piece may "land" on the other). Wrong answer: sample "1 2 3 4" prints 2, answer 1.
use std::io::{self, Read, Write};

/// Squares of rect(px, py) on anti-diagonal `target`, other than (px, py) itself.
fn squares_on(px: i64, py: i64, target: i64) -> i64 {
    let g = px + py - 2;
    if target >= g || target < 0 {
        return 0;
    }
    let lo = (target + 2 - py).max(1);
    let hi = px.min(target + 1);
    (hi - lo + 1).max(0)
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let v: Vec<i64> = input
        .split_ascii_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (x1, y1, x2, y2) = (v[1 + 4 * i], v[2 + 4 * i], v[3 + 4 * i], v[4 + 4 * i]);
        let (g1, g2) = (x1 + y1 - 2, x2 + y2 - 2);
        let ans = if g1 ^ g2 == 0 {
            0
        } else {
            squares_on(x1, y1, g2) + squares_on(x2, y2, g1)
        };
        out.push_str(&ans.to_string());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
