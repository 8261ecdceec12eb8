//! `cargo bench --bench references`: the reference solvers' time and peak memory on max inputs,
//! and the generators' throughput. Prints figures, asserts nothing.
//!
//! Each reference is measured two ways: in process (median of several `solve` calls, plus the
//! first call, which includes any one-time precomputation such as the King Game table), and as
//! a fresh `stressjudge solve` process through the sandbox (CPU, wall and peak RSS of the whole
//! process, start-up and precomputation included).
#![forbid(unsafe_code)]

use std::time::{Duration, Instant};

use stressjudge::catalog;
use stressjudge::generators::Kind;
use stressjudge::problem::Problem;
use stressjudge::run::{Exit, RunLimits, RunRequest, Sandbox};

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

fn main() {
    let launcher = env!("CARGO_BIN_EXE_stressjudge");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut sandbox = Sandbox::start_with(launcher).expect("sandbox");
    println!("references on max inputs (seed 1)");
    println!(
        "{:<16} {:>8} {:>12} {:>12} | {:>10} {:>10} {:>10}",
        "problem", "games", "first solve", "median", "proc cpu", "proc wall", "peak RSS"
    );
    for entry in catalog::builtins() {
        let problem = entry.rules();
        let input = entry.generate("max", 1).expect("generate");
        let games = problem.validate(&input).expect("valid max input");
        let first_started = Instant::now();
        problem.solve(&input).expect("solve");
        let first = first_started.elapsed();
        let times: Vec<Duration> = (0..7)
            .map(|_| {
                let started = Instant::now();
                problem.solve(&input).expect("solve");
                started.elapsed()
            })
            .collect();
        let path = dir.path().join(format!("{}.in", problem.id()));
        std::fs::write(&path, &input).expect("write input");
        let outcome = sandbox
            .run(&RunRequest {
                argv: vec![
                    launcher.into(),
                    "solve".into(),
                    problem.id().into(),
                    path.clone().into(),
                ],
                env: Vec::new(),
                stdin: path.clone(),
                limits: RunLimits::from_time_limit(Duration::from_secs(10), 1 << 30, 64 << 20),
                files: Vec::new(),
                dirs: Vec::new(),
                collect: Vec::new(),
                // The input file must be visible in a fully isolated sandbox.
                readonly: vec![path.clone()],
                carry: None,
                unlimited_address_space: false,
                address_space: None,
                argv0: None,
                report_fd: false,
            })
            .expect("run stressjudge solve");
        assert_eq!(
            outcome.exit,
            Exit::Code(0),
            "stressjudge solve {} failed: {}",
            problem.id(),
            outcome.stderr_head
        );
        println!(
            "{:<16} {:>8} {:>9.2} ms {:>9.2} ms | {:>7.0} ms {:>7.0} ms {:>6.1} MiB",
            problem.id(),
            games,
            first.as_secs_f64() * 1e3,
            median(times).as_secs_f64() * 1e3,
            outcome.cpu.as_secs_f64() * 1e3,
            outcome.wall.as_secs_f64() * 1e3,
            outcome.peak_memory_kib as f64 / 1024.0
        );
    }
    println!("\ngenerator throughput (seeds 1..=20 per kind)");
    println!(
        "{:<16} {:<7} {:>12} {:>14} {:>12}",
        "problem", "kind", "ms/input", "games/s", "MB/s"
    );
    for entry in catalog::builtins() {
        let problem = entry.rules();
        for kind in Kind::ALL {
            let seeds = 1..=20u64;
            let started = Instant::now();
            let inputs: Vec<String> = seeds
                .map(|seed| entry.generate(kind.name(), seed).expect("generate"))
                .collect();
            let elapsed = started.elapsed().as_secs_f64();
            let bytes: usize = inputs.iter().map(String::len).sum();
            let games: usize = inputs
                .iter()
                .map(|i| problem.validate(i).expect("valid"))
                .sum();
            println!(
                "{:<16} {:<7} {:>12.2} {:>14.0} {:>12.1}",
                problem.id(),
                kind.name(),
                elapsed * 1e3 / inputs.len() as f64,
                games as f64 / elapsed,
                bytes as f64 / elapsed / 1e6
            );
        }
    }
}
