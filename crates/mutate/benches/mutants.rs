//! How long `mutants` takes on a typical competitive-programming solution in each language (a
//! 300-line C++ one among them), and how many mutants it makes. Prints figures, asserts nothing:
//! `cargo bench -p stressjudge-mutate --bench mutants`.
#![forbid(unsafe_code)]

use std::time::Instant;

use stressjudge_mutate::{mutants, Language};

/// A solution-shaped C++ block (a DP, a loop macro, a modulus, an INF); repeated for size.
const CPP_BLOCK: &str = r#"
long long solve_NAME(int n, vector<long long>& a) {
    const long long INF = 1e18;
    vector<long long> dp(n + 1, INF);
    dp[0] = 0;
    for (int i = 1; i <= n; i++) {
        for (int j = max(0, i - 3); j < i; j++) {
            if (dp[j] == INF) continue;
            dp[i] = min(dp[i], dp[j] + a[i - 1] * (i - j));
        }
        if (dp[i] > 1000000000000LL || a[i - 1] < 0) break;
    }
    long long s = 0;
    rep(i, 0, n) s = (s + a[i] % MOD) % MOD;
    return dp[n] == INF ? -1 : (dp[n] + s) % MOD;
}
"#;

const PYTHON: &str = r#"
import sys
MOD = 10**9 + 7
INF = float('inf')

def solve(n, a):
    dp = [INF] * (n + 1)
    dp[0] = 0
    for i in range(1, n + 1):
        for j in range(max(0, i - 3), i):
            if dp[j] == INF:
                continue
            dp[i] = min(dp[i], dp[j] + a[i - 1] * (i - j))
        if dp[i] > 10**12 or a[i - 1] < 0:
            break
    return -1 if dp[n] == INF else dp[n] % MOD

n = int(input())
a = list(map(int, input().split()))
print(solve(n, a))
"#;

fn main() {
    let mut cpp = String::from(
        "#include <bits/stdc++.h>\nusing namespace std;\n#define rep(i, a, b) for (int i = (a); i < (b); i++)\nconst long long MOD = 1000000007;\n",
    );
    let mut block = 0;
    while cpp.lines().count() < 300 {
        cpp.push_str(&CPP_BLOCK.replace("NAME", &block.to_string()));
        block += 1;
    }
    measure("C++", &cpp, Language::Cpp);
    measure("Python", PYTHON, Language::Python);
}

/// Prints the mutant count of `source` and the median time of finding them.
fn measure(name: &str, source: &str, language: Language) {
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..21 {
        let started = Instant::now();
        count = mutants(source, language)
            .expect("the bench sources parse")
            .len();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{name}: {} lines, {count} mutants, {:.2} ms (median of {})",
        source.lines().count(),
        times[times.len() / 2],
        times.len()
    );
}
