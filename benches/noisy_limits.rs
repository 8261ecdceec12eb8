//! `cargo bench --bench noisy_limits`: whether host noise moves a derived time limit (issue
//! 31). Prints one line per package and binary; asserts nothing. Takes about 25 minutes on a busy 2-core machine.
//!
//! Three packages of the benchmark's own, without a time limit (2023-07: twice the slowest
//! accepted run, rounded up to 0.5 s or 1 s; a TLE submission must exceed 1.2 x the limit).
//! Each has three accepted C submissions whose slowest runs are at 0.4 to 0.5 x the limit a
//! quiet machine derives, and TLE submissions at 1.3 to 1.5 x it. Noise is injected the way the
//! issue's VM shows it: every run of an accepted submission takes twice its time with
//! probability 1/15, at random (a draw from the clock in the program itself). Each package is
//! verified `NOISY_RUNS` (default 10) times with `--fresh` by this binary and by the binary
//! `NOISY_BASELINE` names (e.g. main's `/work/main/target/release/stressjudge`: the behaviour
//! before issue 31), alternating; the figures are how many verifies derived the quiet limit,
//! how many gave every submission its folder's verdict, and the median wall time.
//!
//! Issue 45 adds a fourth, memory-heavy package: its submissions are dominated by cache misses
//! (a dependent pointer chase over 64 MiB), whose time moves with the host's memory
//! contention, which no injected noise imitates. A quiet limit is not known in advance there,
//! so for every package the bench also prints how many of the verifies agree with the most
//! common limit and verdicts, and whether every verify that disagrees said so in its report (a
//! limit named sensitive or unreliable, a verdict row `sensitive` or warned unreliable).
//! The verifies share one cache folder but run with `--fresh`: empty result caches, while the
//! machine profile (the evidence of earlier verifies) is kept, as a user's would be.
//! `NOISY_ONLY=memory-heavy` runs one package.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use files::write_file;

#[path = "support/files.rs"]
mod files;

/// A C program burning `cpu[test]` ms of its own CPU time on test `test` (the input's first
/// number), twice that with probability `1 / noisy_one_in` (0: never), then printing the
/// input's second number.
fn burner(cpu_ms: &[u64], noisy_one_in: u64) -> String {
    let table: Vec<String> = cpu_ms.iter().map(u64::to_string).collect();
    let noise = match noisy_one_in {
        0 => String::new(),
        n => format!("\x20 if (draw % {n} == 0) burn *= 2;\n"),
    };
    format!(
        "#define _POSIX_C_SOURCE 199309L\n#include <stdio.h>\n#include <time.h>\n\
         static const long ms[] = {{{}}};\n\
         int main(void) {{\n\
         \x20 long test, answer;\n\
         \x20 if (scanf(\"%ld %ld\", &test, &answer) != 2) return 1;\n\
         \x20 struct timespec now; clock_gettime(CLOCK_MONOTONIC, &now);\n\
         \x20 unsigned long draw = (unsigned long)now.tv_nsec * 2654435761UL >> 7;\n\
         \x20 long burn = ms[test];\n\
         {noise}\
         \x20 clock_t end = clock() + burn * (CLOCKS_PER_SEC / 1000);\n\
         \x20 volatile unsigned long spin = 0;\n\
         \x20 while (clock() < end) spin++;\n\
         \x20 printf(\"%ld\\n\", answer);\n\
         \x20 return 0;\n\
         }}\n",
        table.join(", ")
    )
}

/// A C program dominated by cache misses: it builds a random cycle through 64 MiB (about
/// 0.1 s) and follows it for `steps[test]` dependent loads (each a cache and TLB miss, some
/// 100 to 300 ns), then prints the input's second number.
fn chaser(steps: &[u64]) -> String {
    let table: Vec<String> = steps.iter().map(u64::to_string).collect();
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\n\
         static const long steps[] = {{{}}};\n\
         int main(void) {{\n\
         \x20 long test, answer;\n\
         \x20 if (scanf(\"%ld %ld\", &test, &answer) != 2) return 1;\n\
         \x20 size_t n = (64u << 20) / sizeof(size_t), at = 0;\n\
         \x20 size_t *next = malloc(n * sizeof *next);\n\
         \x20 if (!next) return 1;\n\
         \x20 for (size_t i = 0; i < n; i++) next[i] = i;\n\
         \x20 unsigned long x = 88172645463325252UL;\n\
         \x20 for (size_t i = n - 1; i > 0; i--) {{\n\
         \x20   x ^= x << 13; x ^= x >> 7; x ^= x << 17;\n\
         \x20   size_t j = x % i, t = next[i]; next[i] = next[j]; next[j] = t;\n\
         \x20 }}\n\
         \x20 for (long s = 0; s < steps[test]; s++) at = next[at];\n\
         \x20 printf(\"%ld\\n\", answer + (long)(at == (size_t)-1));\n\
         \x20 return 0;\n\
         }}\n",
        table.join(", ")
    )
}

/// One package: the accepted submissions' CPU per test (ms), the TLE submissions', the time
/// resolution, and the limit a quiet machine derives (ms; 0: not known in advance).
struct Package {
    name: &'static str,
    accepted: Vec<Vec<u64>>,
    tle: Vec<Vec<u64>>,
    /// `limits.time_resolution`, seconds.
    resolution: &'static str,
    quiet_limit_ms: u64,
    /// The submissions are [`chaser`]s and the numbers steps of the chase, not milliseconds.
    memory_heavy: bool,
}

fn packages() -> Vec<Package> {
    vec![
        // Limit 0.5 s: accepted up to 0.225 s (0.45 x), TLE at 0.7 s (1.4 x).
        Package {
            name: "half-second",
            accepted: vec![vec![20, 100, 225], vec![30, 220, 100], vec![210, 50, 150]],
            tle: vec![vec![20, 100, 700]],
            resolution: "0.5",
            quiet_limit_ms: 500,
            memory_heavy: false,
        },
        // Limit 1 s: accepted up to 0.45 s, TLE at 1.3 and 1.5 s.
        Package {
            name: "one-second",
            accepted: vec![vec![50, 450, 150], vec![440, 100, 200], vec![25, 400, 430]],
            tle: vec![vec![50, 1300, 150], vec![25, 50, 1500]],
            resolution: "1",
            quiet_limit_ms: 1000,
            memory_heavy: false,
        },
        // Limit 0.5 s: accepted up to 0.2 s (0.4 x) on four tests, TLE at 0.65 s (1.3 x).
        Package {
            name: "four-tests",
            accepted: vec![
                vec![200, 50, 50, 190],
                vec![50, 195, 100, 50],
                vec![100, 100, 200, 100],
            ],
            tle: vec![vec![50, 50, 50, 650]],
            resolution: "0.5",
            quiet_limit_ms: 500,
            memory_heavy: false,
        },
        // Cache misses: accepted up to 1.2 M dependent loads over 64 MiB (about 0.25 to 0.5
        // s on the development VM), TLE at 4 M (about 3 x that).
        Package {
            name: "memory-heavy",
            accepted: vec![
                vec![500_000, 1_200_000, 300_000],
                vec![1_100_000, 400_000, 600_000],
            ],
            tle: vec![vec![300_000, 4_000_000, 300_000]],
            resolution: "0.5",
            quiet_limit_ms: 0,
            memory_heavy: true,
        },
    ]
}

const PROBLEM_YAML: &str = "problem_format_version: 2023-07\nname: Noisy\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567894\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2\n    time_limit_to_tle: 1.2\n  time_resolution: ";

/// Writes `package` under `root`.
fn write_package(root: &Path, package: &Package) -> PathBuf {
    let dir = root.join(package.name);
    let tests = package.accepted[0].len();
    let write = |relative: &str, text: &str| write_file(&dir, relative, text);
    write(
        "problem.yaml",
        &format!("{PROBLEM_YAML}{}\n", package.resolution),
    );
    for test in 0..tests {
        write(
            &format!("data/secret/{test}.in"),
            &format!("{test} {}\n", 7 * test + 1),
        );
        write(
            &format!("data/secret/{test}.ans"),
            &format!("{}\n", 7 * test + 1),
        );
    }
    let program = |cpu: &[u64], noisy_one_in| {
        if package.memory_heavy {
            chaser(cpu)
        } else {
            burner(cpu, noisy_one_in)
        }
    };
    for (i, cpu) in package.accepted.iter().enumerate() {
        write(&format!("submissions/accepted/a{i}.c"), &program(cpu, 15));
    }
    for (i, cpu) in package.tle.iter().enumerate() {
        write(
            &format!("submissions/time_limit_exceeded/t{i}.c"),
            &program(cpu, 0),
        );
    }
    dir
}

/// One verify: the derived limit, whether every verdict kept its folder's promise, wall time,
/// each submission's verdict, whether the limit was named sensitive or unreliable, and the
/// submissions whose row was named (status `sensitive`, or a warning naming the limit).
struct Verified {
    limit: u64,
    right: bool,
    wall: Duration,
    verdicts: BTreeMap<String, String>,
    limit_named: bool,
    rows_named: Vec<String>,
}

/// One verify (see [`Verified`]).
fn verify(binary: &Path, package: &Path, cache: &Path) -> Verified {
    let started = Instant::now();
    let output = Command::new(binary)
        .arg("verify")
        .arg(package)
        .args(["--json", "--fresh"])
        .env("XDG_CACHE_HOME", cache)
        .output()
        .expect("run stressjudge");
    let wall = started.elapsed();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: {e}\n{}",
            binary.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let limit = report["problems"][0]["time_limit_ms"].as_u64().unwrap_or(0);
    for row in (report["solutions"].as_array().into_iter().flatten()).filter(|r| r["ok"] == false) {
        println!(
            "  {} with a {limit} ms limit: {} expected {}, got {} ({})",
            binary.display(),
            row["path"],
            row["expected"],
            row["got"],
            row["detail"]
        );
    }
    let derivation = &report["problems"][0]["time_limit_derivation"];
    let rows = report["solutions"].as_array().cloned().unwrap_or_default();
    let name = |row: &Value| row["path"].as_str().unwrap_or_default().to_string();
    Verified {
        limit,
        right: report["ok"] == true,
        wall,
        verdicts: (rows.iter())
            .map(|r| (name(r), r["got"].as_str().unwrap_or("-").to_string()))
            .collect(),
        limit_named: derivation["sensitive"] == true || derivation["unreliable"] == true,
        rows_named: (rows.iter())
            .filter(|r| {
                let warnings = r["warnings"].to_string();
                r["status"] == "sensitive"
                    || warnings.contains("sensitive")
                    || warnings.contains("unreliable")
                    || warnings.contains("accepted under the derived")
            })
            .map(name)
            .collect(),
    }
}

/// How often the verifies agree with the most common limit and verdicts, and whether every
/// one that disagreed named it: `limits agree 9/10, verdicts agree 10/10, disagreements named
/// 1/1`.
fn agreement(all: &[Verified]) -> String {
    let mut limits: BTreeMap<u64, usize> = BTreeMap::new();
    let mut verdicts: BTreeMap<&BTreeMap<String, String>, usize> = BTreeMap::new();
    for v in all {
        *limits.entry(v.limit).or_default() += 1;
        *verdicts.entry(&v.verdicts).or_default() += 1;
    }
    let modal_limit = limits.iter().max_by_key(|(_, n)| **n).map(|(l, _)| *l);
    let modal_verdicts = verdicts.iter().max_by_key(|(_, n)| **n).map(|(v, _)| *v);
    let (mut limit_agree, mut verdicts_agree, mut disagreed, mut named) = (0, 0, 0, 0);
    for v in all {
        let limit_ok = Some(v.limit) == modal_limit;
        let differing: Vec<&String> = (v.verdicts.iter())
            .filter(|(path, got)| modal_verdicts.and_then(|m| m.get(*path)) != Some(got))
            .map(|(path, _)| path)
            .collect();
        limit_agree += usize::from(limit_ok);
        verdicts_agree += usize::from(differing.is_empty());
        if !limit_ok || !differing.is_empty() {
            disagreed += 1;
            // Named: a different limit called sensitive or unreliable, and every differing
            // verdict's row named, or the limit itself (which moved every verdict with it).
            let limit_said = limit_ok || v.limit_named;
            let rows_said = differing.iter().all(|p| v.rows_named.contains(p)) || v.limit_named;
            named += usize::from(limit_said && rows_said);
        }
    }
    format!(
        "limits agree {limit_agree}/{n}, verdicts agree {verdicts_agree}/{n}, disagreements \
         named {named}/{disagreed}",
        n = all.len()
    )
}

/// What one binary did on one package.
#[derive(Default)]
struct Tally {
    limits: BTreeMap<u64, usize>,
    right: usize,
    walls: Vec<Duration>,
}

impl Tally {
    fn line(&self, quiet_ms: u64, runs: usize) -> String {
        let limits: Vec<String> = (self.limits.iter())
            .map(|(ms, n)| format!("{:.1} s x{n}", *ms as f64 / 1000.0))
            .collect();
        let mut walls = self.walls.clone();
        walls.sort();
        let median = walls.get(walls.len() / 2).copied().unwrap_or_default();
        format!(
            "quiet limit derived {}/{runs} (limits: {}), every verdict right {}/{runs}, median \
             wall {:.1} s",
            self.limits.get(&quiet_ms).copied().unwrap_or(0),
            limits.join(", "),
            self.right,
            median.as_secs_f64()
        )
    }
}

fn main() {
    let runs: usize = std::env::var("NOISY_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    let this = std::env::var_os("STRESSJUDGE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_stressjudge")));
    let baseline = std::env::var_os("NOISY_BASELINE").map(PathBuf::from);
    let root = tempfile::tempdir().expect("a temporary directory");
    println!("stressjudge noisy-limits benchmark: {runs} fresh verifies per package and binary");
    println!(
        "noise: each run of an accepted submission takes twice its time with probability 1/15"
    );
    if baseline.is_none() {
        println!("NOISY_BASELINE not set: the behaviour before issue 31 is not measured");
    }
    let only = std::env::var("NOISY_ONLY").ok();
    for package in packages() {
        if only.as_deref().is_some_and(|o| o != package.name) {
            continue;
        }
        let dir = write_package(root.path(), &package);
        let mut binaries = vec![("this", this.clone(), root.path().join("cache-this"))];
        if let Some(baseline) = &baseline {
            binaries.push(("baseline", baseline.clone(), root.path().join("cache-base")));
        }
        let mut tallies: Vec<Tally> = binaries.iter().map(|_| Tally::default()).collect();
        let mut verified: Vec<Vec<Verified>> = binaries.iter().map(|_| Vec::new()).collect();
        for _ in 0..runs {
            for (((_, binary, cache), tally), all) in
                binaries.iter().zip(&mut tallies).zip(&mut verified)
            {
                let v = verify(binary, &dir, cache);
                *tally.limits.entry(v.limit).or_default() += 1;
                tally.right += usize::from(v.right);
                tally.walls.push(v.wall);
                all.push(v);
            }
        }
        for (((name, _, _), tally), all) in binaries.iter().zip(&tallies).zip(&verified) {
            println!(
                "{:<12} {:<8} {}; {}",
                package.name,
                name,
                tally.line(package.quiet_limit_ms, runs),
                agreement(all)
            );
        }
    }
}
