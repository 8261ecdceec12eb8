//! Benchmark (`cargo bench --bench adhoc`): cases checked per second on a problem of the
//! user's own (a Python generator, a Python brute force, a C++ candidate), `stressjudge stress
//! --gen --ref` side by side with the classic shell loop over the same three programs
//! (`adhoc/loop.sh`), measured in one run. Also a second stress run over the same seeds, whose
//! reference answers come from the answer cache (stressing a second submission).
//!
//! Prints figures, asserts nothing about them; a run that is not AC, or a report missing a
//! field, is an error rather than a figure.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Seeds (cases) of each measured run.
const CASES: u64 = 300;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bench_file(name: &str) -> PathBuf {
    root().join("benches/adhoc").join(name)
}

/// The real interpreter behind `python3` (the loop would otherwise pay for a shim).
fn python() -> String {
    let out = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 runs");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// One timed stress run over seeds `first..first + CASES`; returns (inputs, elapsed ms).
fn stress(label: &str, cache: &Path, first: u64, jobs: &str) -> (u64, u64) {
    let out = tempfile::tempdir().unwrap();
    let seeds = format!("{first}..{}", first + CASES);
    let gen = bench_file("gen.py");
    let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .args(["stress", "--gen"])
        .arg(&gen)
        .arg("--ref")
        .arg(bench_file("brute.py"))
        .arg(bench_file("kadane.cpp"))
        .args(["--seeds", &seeds, "--jobs", jobs, "--json", "--out"])
        .arg(out.path())
        .env("XDG_CACHE_HOME", cache)
        .output()
        .expect("stressjudge starts");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{label}: no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(report["verdict"], "AC", "{label}: {report}");
    let field = |name: &str| {
        report[name]
            .as_u64()
            .unwrap_or_else(|| panic!("{label}: no number `{name}` in {report}"))
    };
    (field("inputs"), field("elapsed_ms"))
}

/// The shell loop; returns (cases, elapsed ms).
fn shell_loop(python: &str) -> (u64, u64) {
    let work = tempfile::tempdir().unwrap();
    let output = Command::new("bash")
        .arg(bench_file("loop.sh"))
        .arg(work.path())
        .arg(CASES.to_string())
        .arg(python)
        .output()
        .expect("bash starts");
    let text = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let number = |name: &str| -> u64 {
        let at = fields.iter().position(|f| *f == name).unwrap_or_else(|| {
            panic!(
                "shell loop printed `{text}`: {}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        fields[at + 1].parse().unwrap()
    };
    assert_eq!(number("failures"), 0, "{text}");
    (number("cases"), number("ms"))
}

fn rate(cases: u64, ms: u64) -> f64 {
    cases as f64 / (ms.max(1) as f64 / 1000.0)
}

fn main() {
    let python = python();
    let cache = tempfile::tempdir().unwrap();
    println!(
        "ad-hoc stress benchmark: Python generator and brute force, C++ candidate, {CASES} cases"
    );
    // Builds and checks the programs once, so no timed run pays for a compiler.
    stress("warm-up", cache.path(), 1_000_000, "2");
    let started = Instant::now();
    let (loop_cases, loop_ms) = shell_loop(&python);
    let loop_rate = rate(loop_cases, loop_ms);
    let (cold_cases, cold_ms) = stress("cold", cache.path(), 1, "2");
    let (warm_cases, warm_ms) = stress("answers cached", cache.path(), 1, "2");
    let (one_cases, one_ms) = stress("one job", cache.path(), 10_000, "1");
    println!(
        "{:<48} {:>5} cases {:>7} ms {:>8.1} cases/s",
        "shell loop (gen.py | brute.py | candidate | cmp)", loop_cases, loop_ms, loop_rate
    );
    for (label, cases, ms) in [
        ("stressjudge stress --jobs 2", cold_cases, cold_ms),
        (
            "stressjudge stress --jobs 2, answers cached",
            warm_cases,
            warm_ms,
        ),
        ("stressjudge stress --jobs 1", one_cases, one_ms),
    ] {
        let r = rate(cases, ms);
        println!(
            "{label:<48} {cases:>5} cases {ms:>7} ms {r:>8.1} cases/s = {:.2}x the loop",
            r / loop_rate
        );
    }
    println!("(whole benchmark {:.1} s)", started.elapsed().as_secs_f64());
}
