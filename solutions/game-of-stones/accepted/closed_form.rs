// Closed form (m = min(A,B), T = XOR of piles): A = B is Nim mod A+1; the larger bound to move loses iff all piles <= m and T = 0;
// the smaller bound to move wins iff one move reaches that. Accepted: agrees with memoized search on all small cases; O(n).
use std::io::{self, Read};

fn petyr_wins(a: u64, b: u64, piles: &[u64]) -> bool {
    if a == b {
        return piles.iter().fold(0, |g, &v| g ^ (v % (a + 1))) != 0;
    }
    let m = a.min(b);
    let total = piles.iter().fold(0, |g, &v| g ^ v);
    let big = piles.iter().filter(|&&v| v > m).count();
    if a > b {
        return !(big == 0 && total == 0);
    }
    // Petyr has the smaller bound: he must leave every pile <= m with XOR 0 in one move.
    piles.iter().any(|&v| {
        let rest = total ^ v;
        let others_big = big - usize::from(v > m);
        others_big == 0 && rest <= m && rest < v && v - rest <= m
    })
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let nums: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let (n, a, b) = (nums[0] as usize, nums[1], nums[2]);
    let piles = &nums[3..3 + n];
    println!("{}", if petyr_wins(a, b, piles) { "Petyr" } else { "Varys" });
}
