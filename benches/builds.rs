//! `cargo bench --bench builds`: what containing builds costs (issue 25). `verify` of a package
//! of 20 C++ submissions with an empty build cache, builds contained in the sandbox against
//! the same binary with `STRESSJUDGE_UNCONTAINED_BUILDS=1` (builds as before: a process group
//! and the time limit only), alternating, side by side in one run (the machine is noisy, so
//! the figure is a ratio of neighbouring measurements). Prints each round, the medians and the
//! ratio with its target (at most 1.15 x) and PASS or MISS; asserts nothing.
//!
//! Environment: `BUILDS_BENCH_ROUNDS` (default 5), `STRESSJUDGE_BIN` (a copy of the binary, so
//! the tree can be rebuilt while the benchmark runs).
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use files::write_file;

#[path = "support/files.rs"]
mod files;

/// Submissions in the package.
const SUBMISSIONS: usize = 20;

fn stressjudge() -> PathBuf {
    std::env::var_os("STRESSJUDGE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_stressjudge")))
}

/// A Kattis package with `SUBMISSIONS` accepted C++ submissions, each a little different (so
/// each is its own build), and a few tests.
fn package(dir: &Path) -> PathBuf {
    let pkg = dir.join("sum20");
    let write = |relative: &str, text: &str| write_file(&pkg, relative, text);
    write("problem.yaml", "name: Sum\n");
    for i in 1..=3 {
        write(&format!("data/sample/{i}.in"), &format!("{i} {}\n", i * 2));
        write(&format!("data/sample/{i}.ans"), &format!("{}\n", i * 3));
        write(&format!("data/secret/{i}.in"), &format!("{} {i}\n", i * 10));
        write(&format!("data/secret/{i}.ans"), &format!("{}\n", i * 11));
    }
    for i in 0..SUBMISSIONS {
        write(
            &format!("submissions/accepted/sum{i:02}.cpp"),
            &format!(
                "#include <cstdio>\n#include <vector>\n// submission {i}\n\
                 int main() {{ long long a, b; if (scanf(\"%lld %lld\", &a, &b) != 2) return 1;\n\
                 std::vector<long long> v{{a, b}}; printf(\"%lld\\n\", v[0] + v[1] + {i} - {i}); }}\n"
            ),
        );
    }
    pkg
}

/// One cold `verify` (fresh build and result caches); its wall time.
fn verify(pkg: &Path, contained: bool) -> Duration {
    let cache = tempfile::tempdir().unwrap();
    let mut command = Command::new(stressjudge());
    command
        .args(["verify", pkg.to_str().unwrap(), "--json"])
        .env("XDG_CACHE_HOME", cache.path());
    if !contained {
        command.env("STRESSJUDGE_UNCONTAINED_BUILDS", "1");
    }
    let started = Instant::now();
    let output = command.output().expect("stressjudge starts");
    let wall = started.elapsed();
    assert!(
        output.status.success(),
        "verify failed (contained: {contained}):\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    wall
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

fn main() {
    let rounds: usize = std::env::var("BUILDS_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let dir = tempfile::tempdir().unwrap();
    let pkg = package(dir.path());
    let (mut contained, mut uncontained) = (Vec::new(), Vec::new());
    for round in 1..=rounds {
        // Alternate which goes first, so a drift in the machine's load hits both alike.
        let order = if round % 2 == 1 {
            [true, false]
        } else {
            [false, true]
        };
        for contain in order {
            let wall = verify(&pkg, contain);
            let what = if contain { "contained" } else { "uncontained" };
            println!(
                "round {round}: verify of {SUBMISSIONS} C++ submissions, builds {what}: {:.2} s",
                wall.as_secs_f64()
            );
            match contain {
                true => contained.push(wall),
                false => uncontained.push(wall),
            }
        }
    }
    let (c, u) = (median(contained), median(uncontained));
    let ratio = c.as_secs_f64() / u.as_secs_f64();
    println!(
        "builds contained vs uncontained (median of {rounds}): {:.2} s vs {:.2} s = {ratio:.3} x (target <= 1.15 x): {}",
        c.as_secs_f64(),
        u.as_secs_f64(),
        if ratio <= 1.15 { "PASS" } else { "MISS" }
    );
}
