// Handles A = B as Nim mod (A+1) and every A != B as "the player to move loses iff all piles <= min(A,B) and XOR = 0".
// Wrong answer: that rule only holds when Petyr has the larger bound; with A < B, e.g. "1 1 2 / 2", Petyr loses but it prints Petyr.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let nums: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let (n, a, b) = (nums[0] as usize, nums[1], nums[2]);
    let piles = &nums[3..3 + n];
    let petyr = if a == b {
        piles.iter().fold(0, |g, &v| g ^ (v % (a + 1))) != 0
    } else {
        let m = a.min(b);
        let total = piles.iter().fold(0, |g, &v| g ^ v);
        !(piles.iter().all(|&v| v <= m) && total == 0)
    };
    println!("{}", if petyr { "Petyr" } else { "Varys" });
}
