// Closed form over pile values grouped in a count table sized max(A, B) + 1, assuming no pile exceeds the move bounds.
// Run-time error: any pile X_i > max(A, B) (almost every random input, e.g. "1 1 1 / 5") indexes past the table and panics.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let (n, a, b) = (nums[0], nums[1], nums[2]);
    let mut count = vec![0usize; a.max(b) + 1];
    for &v in &nums[3..3 + n] {
        count[v] += 1;
    }
    let m = a.min(b);
    let petyr = if a == b {
        count
            .iter()
            .enumerate()
            .fold(0, |g, (v, &c)| if c % 2 == 1 { g ^ (v % (a + 1)) } else { g })
            != 0
    } else {
        let total = count
            .iter()
            .enumerate()
            .fold(0, |g, (v, &c)| if c % 2 == 1 { g ^ v } else { g });
        let big: usize = count[m + 1..].iter().sum();
        if a > b {
            !(big == 0 && total == 0)
        } else {
            (1..count.len()).any(|v| {
                let rest = total ^ v;
                count[v] > 0
                    && big - usize::from(v > m) == 0
                    && rest <= m
                    && rest < v
                    && v - rest <= m
            })
        }
    };
    println!("{}", if petyr { "Petyr" } else { "Varys" });
}
