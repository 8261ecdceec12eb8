//! Benchmark (`cargo bench --bench isolation`): what full isolation costs per run. Prints
//! figures, asserts nothing.
//!
//! 1. Game of Stones stress on single-game inputs (`--kind random`, `--jobs 1`), the accepted
//!    C++ solution, under `--isolation full` and `--isolation basic`, side by side with a bare
//!    shell loop running the same binary on the same inputs (`for f in ...; do ./sol < $f >
//!    out; done`), in rounds that alternate the three so a change of machine load hits all of
//!    them. Runs per second and the ratio of per-run times.
//! 2. Starting and stopping a sandbox (namespaces, root file system, cgroup) against a basic
//!    one: what a launcher pays once.
//! 3. A trivial C program through each sandbox and from a shell loop: the fixed cost of a run.
#![forbid(unsafe_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use stressjudge::catalog;
use stressjudge::run::{
    IsolationDemand, RunLimits, RunRequest, Sandbox, SandboxOptions, DEFAULT_OUTPUT_BYTES,
};

const SOLUTION: &str = "solutions/game-of-stones/accepted/closed_form.cpp";
/// Seeds (one run each) per stress run and per shell loop.
const SEEDS: u64 = 1500;
/// Rounds of (shell loop, full, basic).
const ROUNDS: usize = 3;
/// Sandbox starts measured.
const STARTS: u32 = 20;
/// Trivial runs measured per way.
const TRIVIAL_RUNS: u32 = 400;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn launcher() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_stressjudge"))
}

fn compile(source: &Path, out: &Path, compiler: &str, flags: &[&str]) {
    let status = Command::new(compiler)
        .args(flags)
        .arg("-o")
        .arg(out)
        .arg(source)
        .status()
        .expect("the compiler runs");
    assert!(
        status.success(),
        "{compiler} failed on {}",
        source.display()
    );
}

/// Seconds of a `bash -c SCRIPT`.
fn shell(script: &str) -> Duration {
    let started = Instant::now();
    let status = Command::new("bash").args(["-c", script]).status().unwrap();
    assert!(status.success(), "{script}");
    started.elapsed()
}

/// `stressjudge stress game-of-stones SOLUTION --kind random --seeds 1..=SEEDS --jobs 1
/// --isolation LEVEL --json`: (runs, seconds of the stress loop, isolation description).
fn stress(level: &str, cache: &Path, seeds: u64) -> (u64, Duration, String) {
    let out = tempfile::tempdir().unwrap();
    let output = Command::new(launcher())
        .args([
            "stress",
            "game-of-stones",
            SOLUTION,
            "--kind",
            "random",
            "--jobs",
            "1",
        ])
        .args([
            "--seeds",
            &format!("1..={seeds}"),
            "--isolation",
            level,
            "--json",
        ])
        .arg("--out")
        .arg(out.path())
        .env("XDG_CACHE_HOME", cache)
        .current_dir(root())
        .output()
        .expect("stressjudge starts");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stress --isolation {level} printed no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    if report["verdict"] != "AC" {
        eprintln!("warning: {level}: verdict {}", report["verdict"]);
    }
    (
        report["runs"].as_u64().unwrap_or(0),
        Duration::from_millis(report["elapsed_ms"].as_u64().unwrap_or(0)),
        report["isolation"]["description"]
            .as_str()
            .unwrap_or("")
            .to_string(),
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    values[values.len() / 2]
}

fn stress_vs_shell(work: &Path) {
    let sol = work.join("sol");
    compile(&root().join(SOLUTION), &sol, "g++", &["-O2", "-std=c++17"]);
    let inputs = work.join("inputs");
    fs::create_dir(&inputs).unwrap();
    let problem = catalog::Catalog::builtin()
        .find("game-of-stones")
        .expect("a built-in problem");
    for seed in 1..=SEEDS {
        let input = problem
            .generate("random", seed)
            .expect("a built-in generator");
        fs::write(inputs.join(format!("{seed:05}.in")), input).unwrap();
    }
    let script = format!(
        "cd {} && for f in inputs/*.in; do ./sol < \"$f\" > out; done",
        work.display()
    );
    let cache = work.join("cache");
    // Builds the solution into the cache and warms everything up.
    stress("full", &cache, 20);
    println!(
        "Game of Stones, --kind random (single-game inputs, {SEEDS} runs each), --jobs 1, {ROUNDS} rounds:"
    );
    let (mut shell_ms, mut full_ms, mut basic_ms) = (Vec::new(), Vec::new(), Vec::new());
    let mut described = String::new();
    for round in 1..=ROUNDS {
        let loop_time = shell(&script);
        let (full_runs, full_time, description) = stress("full", &cache, SEEDS);
        let (basic_runs, basic_time, _) = stress("basic", &cache, SEEDS);
        let per = |d: Duration, runs: u64| ms(d) / runs.max(1) as f64;
        shell_ms.push(per(loop_time, SEEDS));
        full_ms.push(per(full_time, full_runs));
        basic_ms.push(per(basic_time, basic_runs));
        println!(
            "  round {round}: shell loop {:.3} ms/run, stress full {:.3} ms/run ({full_runs} runs), stress basic {:.3} ms/run ({basic_runs} runs)",
            shell_ms[round - 1],
            full_ms[round - 1],
            basic_ms[round - 1]
        );
        described = description;
    }
    let (sh, full, basic) = (median(shell_ms), median(full_ms), median(basic_ms));
    println!("  isolation: {described}");
    println!(
        "  median: shell loop {:.0} runs/s, stress --isolation full {:.0} runs/s, --isolation basic {:.0} runs/s",
        1e3 / sh,
        1e3 / full,
        1e3 / basic
    );
    println!(
        "  per-run time vs the shell loop: full {:.2}x, basic {:.2}x (the issue's bound: 1.2x)",
        full / sh,
        basic / sh
    );
}

fn start_and_stop() {
    println!("\nstarting and stopping a sandbox ({STARTS} times each):");
    for (label, isolation) in [
        ("full", IsolationDemand::Full),
        ("basic", IsolationDemand::Basic),
    ] {
        let options = SandboxOptions {
            isolation,
            ..SandboxOptions::default()
        };
        let (mut start, mut stop) = (Duration::ZERO, Duration::ZERO);
        for _ in 0..STARTS {
            let began = Instant::now();
            let sandbox = Sandbox::start_with_options(launcher(), &options).expect("a sandbox");
            start += began.elapsed();
            let began = Instant::now();
            drop(sandbox);
            stop += began.elapsed();
        }
        println!(
            "  {label:<5}: start {:.2} ms, stop {:.2} ms",
            ms(start / STARTS),
            ms(stop / STARTS)
        );
    }
}

fn trivial_runs(work: &Path) {
    let source = work.join("trivial.c");
    fs::write(
        &source,
        "#include <stdio.h>\nint main(void){int a,b;if(scanf(\"%d %d\",&a,&b)!=2)return 1;printf(\"%d\\n\",a+b);return 0;}\n",
    )
    .unwrap();
    let exe = work.join("trivial");
    compile(&source, &exe, "gcc", &["-O2"]);
    let stdin = work.join("pair");
    fs::write(&stdin, "5 6\n").unwrap();
    let request = RunRequest {
        argv: vec![exe.clone().into()],
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        stdin: stdin.clone(),
        limits: RunLimits::from_time_limit(Duration::from_secs(1), 256 << 20, DEFAULT_OUTPUT_BYTES),
        files: Vec::new(),
        dirs: Vec::new(),
        collect: Vec::new(),
        readonly: Vec::new(),
        carry: None,
        unlimited_address_space: false,
        address_space: None,
        argv0: None,
        report_fd: false,
    };
    println!("\na trivial C program ({TRIVIAL_RUNS} runs each):");
    let script = format!(
        "i=0; while [ $i -lt {TRIVIAL_RUNS} ]; do {} < {} > /dev/null; i=$((i+1)); done",
        exe.display(),
        stdin.display()
    );
    let loop_ms = ms(shell(&script)) / TRIVIAL_RUNS as f64;
    let mut figures = vec![format!("shell loop {loop_ms:.3} ms")];
    for (label, isolation) in [
        ("full", IsolationDemand::Full),
        ("basic", IsolationDemand::Basic),
    ] {
        let options = SandboxOptions {
            isolation,
            ..SandboxOptions::default()
        };
        let mut sandbox = Sandbox::start_with_options(launcher(), &options).expect("a sandbox");
        sandbox.run(&request).expect("a run");
        let began = Instant::now();
        for _ in 0..TRIVIAL_RUNS {
            let outcome = sandbox.run(&request).expect("a run");
            assert_eq!(outcome.stdout, b"11\n");
        }
        let per = ms(began.elapsed()) / TRIVIAL_RUNS as f64;
        figures.push(format!(
            "sandbox {label} {per:.3} ms ({:.2}x)",
            per / loop_ms
        ));
    }
    println!("  per run: {}", figures.join(", "));
}

fn main() {
    let work: PathBuf = tempfile::tempdir().unwrap().keep();
    stress_vs_shell(&work);
    start_and_stop();
    trivial_runs(&work);
    let _ = fs::remove_dir_all(&work);
}
