//! `cargo bench --bench mutants`: how fast `stressjudge mutants` measures a package's tests
//! (issue 48). Prints figures; asserts nothing.
//!
//! Per package (`MUTANTS_PACKAGES`, problem folders or built-in ids separated by `:`; default
//! the repository's `tests/problems/maximum`, whose reference is C++, and the built-in
//! `david-vs-david`, whose library's accepted C++ solution is mutated; a real package such as a
//! problemtools checkout's `examples/different` can be named instead):
//! - a cold run (empty build cache: every mutant compiled) and a warm run (the mutants' builds
//!   come from the cache by content), each with its mutants per minute over the whole command
//!   and over the engine alone (without reading the package and deriving its time limit);
//! - the share of the workers' time spent building, judging on the tests and stressing the
//!   survivors, from the report's `building_ms`, `judging_ms` and `stressing_ms`;
//! - the mutants, killed, killable, probably equivalent and did-not-build counts and the score,
//!   so a run on another machine can be compared.
//!
//! `MUTANTS_BENCH_BUDGET` is the `--budget-per-mutant` (default 10 seeds); `-j` is the number
//! of cores, so the figures show both cores at work. Every line gives the load average.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

/// The binary under test: `STRESSJUDGE_BIN`, else this crate's.
fn stressjudge() -> PathBuf {
    std::env::var_os("STRESSJUDGE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_stressjudge")))
}

/// The load average over the last minute (`/proc/loadavg`).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

/// One `mutants PACKAGE --json` run with `cache` as the build cache: its wall seconds and report.
fn run(package: &Path, cache: &Path, budget: &str) -> Option<(f64, Value)> {
    let started = Instant::now();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(stressjudge())
        .current_dir(root)
        .args(["mutants", &package.to_string_lossy(), "--json"])
        .args(["--budget-per-mutant", budget])
        .env("XDG_CACHE_HOME", cache)
        .output()
        .expect("stressjudge starts");
    let wall = started.elapsed().as_secs_f64();
    let report: Value = match serde_json::from_slice(&output.stdout) {
        Ok(report) => report,
        Err(_) => {
            println!(
                "{}: no report (exit {:?}): {}",
                package.display(),
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).trim()
            );
            return None;
        }
    };
    Some((wall, report))
}

fn count(report: &Value, field: &str) -> u64 {
    report[field].as_u64().unwrap_or(0)
}

/// The figures of one run.
fn print(package: &Path, label: &str, wall: f64, report: &Value) {
    let mutants = count(report, "built") + count(report, "not_built");
    let per_minute = mutants as f64 * 60.0 / wall.max(1e-3);
    // The engine's own time: without reading the package and deriving its time limit.
    let engine = count(report, "elapsed_ms") as f64 / 1000.0;
    let engine_rate = mutants as f64 * 60.0 / engine.max(1e-3);
    let phases = ["building_ms", "judging_ms", "stressing_ms"].map(|f| count(report, f) as f64);
    let total: f64 = phases.iter().sum::<f64>().max(1.0);
    println!(
        "{} {label}: {mutants} mutants in {wall:.1} s = {per_minute:.1} mutants/min \
         ({engine:.1} s = {engine_rate:.1} mutants/min in the engine); \
         building {:.0} %, judging {:.0} %, stressing {:.0} %; killed {}, killable {}, \
         probably equivalent {}, survived {}, did not build {}; score {}; load {}",
        package.display(),
        phases[0] * 100.0 / total,
        phases[1] * 100.0 / total,
        phases[2] * 100.0 / total,
        count(report, "killed"),
        count(report, "killable"),
        count(report, "probably_equivalent"),
        count(report, "survived"),
        count(report, "not_built"),
        report["score"]
            .as_f64()
            .map_or("-".to_string(), |s| format!("{:.1} %", s * 100.0)),
        load()
    );
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let packages: Vec<PathBuf> = match std::env::var_os("MUTANTS_PACKAGES") {
        Some(list) => std::env::split_paths(&list).collect(),
        None => vec![
            root.join("tests/problems/maximum"),
            PathBuf::from("david-vs-david"),
        ],
    };
    let budget = std::env::var("MUTANTS_BENCH_BUDGET").unwrap_or_else(|_| "10".to_string());
    for package in &packages {
        let cache = tempfile::tempdir().expect("a temporary folder");
        let Some((wall, cold)) = run(package, cache.path(), &budget) else {
            continue;
        };
        print(package, "cold", wall, &cold);
        if let Some((wall, warm)) = run(package, cache.path(), &budget) {
            print(package, "warm", wall, &warm);
        }
    }
}
