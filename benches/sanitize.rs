//! `cargo bench --bench sanitize`: what `--sanitize` finds and what it costs. Prints figures,
//! asserts nothing.
//!
//! - The undefined-behaviour bugs of `tests/sanitize/bugs/` on the three tests of
//!   `tests/sanitize/tests/`: each bug's plain verdicts, and whether a sanitized run names its
//!   `// BUG` line (found with file:line / total).
//! - Build time of each bug, plain and sanitized (a fresh cache, so every build compiles).
//! - Run cost, side by side in one run (plain and sanitized runs alternate): the median CPU and
//!   wall time and the peak memory of a trivial run (start-up) and of a busy one (a C++ program
//!   sorting and indexing vectors), and their ratios.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use stressjudge::build::{self, BuildOptions, Program, Source};
use stressjudge::compare::sanitizer;
use stressjudge::run::{RunLimits, RunOutcome, RunRequest, Sandbox};
use stressjudge::testset::sanitized_limits;

/// A busy C++ program: vectors filled, sorted and indexed; prints a checksum.
const BUSY: &str = r#"#include <algorithm>
#include <cstdio>
#include <vector>
int main() {
    std::vector<long long> a(1 << 20);
    unsigned long long x = 88172645463325252ULL;
    for (auto& v : a) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; v = x % 1000000007; }
    std::sort(a.begin(), a.end());
    long long s = 0;
    for (int r = 0; r < 20; r++)
        for (size_t i = 0; i < a.size(); i++) s += a[(i * 7 + r) % a.size()] ^ (long long)i;
    printf("%lld\n", s);
}
"#;

/// Runs of each program in the cost comparison.
const REPEATS: usize = 7;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sanitize");
    let launcher = env!("CARGO_BIN_EXE_stressjudge");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut sandbox = Sandbox::start_with(launcher).expect("sandbox");
    // libstdc++'s debug mode makes a sanitized build of a program using `std::sort` take
    // about 20 s of CPU: a loaded machine needs more than the default 60 s.
    let base = BuildOptions {
        cache_dir: dir.path().join("cache"),
        compile_timeout: Duration::from_secs(600),
        ..BuildOptions::default_for_user()
    };
    let sanitizing = BuildOptions {
        sanitize: true,
        ..base.clone()
    };
    let tests = tests(&root.join("tests"));
    let mut bugs: Vec<PathBuf> = std::fs::read_dir(root.join("bugs"))
        .expect("bugs folder")
        .map(|e| e.expect("entry").path())
        .collect();
    bugs.sort();
    println!("undefined behaviour found by --sanitize (tests/sanitize, 3 tests each)");
    println!(
        "{:<26} {:>10} {:>10} {:<12} finding",
        "bug", "plain bld", "sanit bld", "plain"
    );
    let (mut found, mut plain_build, mut sanitized_build) = (0, Duration::ZERO, Duration::ZERO);
    for bug in &bugs {
        let name = bug.file_name().unwrap().to_string_lossy().into_owned();
        let (plain, plain_time) = timed_build(bug, &base);
        let (sanitized, sanitized_time) = timed_build(bug, &sanitizing);
        plain_build += plain_time;
        sanitized_build += sanitized_time;
        let verdicts: Vec<&str> = tests
            .iter()
            .map(|(input, answer)| {
                let outcome = run(&mut sandbox, &plain, input, limits());
                verdict(&outcome, answer)
            })
            .collect();
        let finding = tests.iter().find_map(|(input, _)| {
            let outcome = run(&mut sandbox, &sanitized, input, sanitized_limits(limits()));
            sanitizer::finding(&outcome.stderr_head)
        });
        let line = bug_line(bug);
        let right = finding
            .as_deref()
            .is_some_and(|f| f.ends_with(&format!(" at {name}:{line}")));
        found += usize::from(right);
        println!(
            "{name:<26} {:>8.2} s {:>8.2} s {:<12} {}{}",
            plain_time.as_secs_f64(),
            sanitized_time.as_secs_f64(),
            verdicts.join(" "),
            finding.as_deref().unwrap_or("(nothing found)"),
            if right { "" } else { "  <- not the BUG line" }
        );
    }
    println!(
        "found with file:line: {found}/{} ; build time, all bugs: plain {:.2} s, sanitized {:.2} \
         s ({:.1}x)",
        bugs.len(),
        plain_build.as_secs_f64(),
        sanitized_build.as_secs_f64(),
        sanitized_build.as_secs_f64() / plain_build.as_secs_f64()
    );
    println!();
    cost(&mut sandbox, dir.path(), &base, &sanitizing, &root);
}

/// The tests: (input path, answer text), by name.
fn tests(folder: &Path) -> Vec<(PathBuf, String)> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("tests folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let answer = std::fs::read_to_string(input.with_extension("ans")).expect("answer");
            (input, answer)
        })
        .collect()
}

/// The line of the file's `// BUG` comment.
fn bug_line(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).expect("bug source");
    text.lines()
        .position(|l| l.contains("// BUG"))
        .expect("a BUG line")
        + 1
}

/// Builds `source` with `options`, and how long that took.
fn timed_build(source: &Path, options: &BuildOptions) -> (Program, Duration) {
    let started = Instant::now();
    let program = build::build(&Source::File(source.to_path_buf()), options).expect("builds");
    (program, started.elapsed())
}

/// 2 s and 256 MiB, as an ad-hoc problem's defaults.
fn limits() -> RunLimits {
    RunLimits::from_time_limit(Duration::from_secs(2), 256 << 20, 64 << 20)
}

/// One run of `program` on `input`.
fn run(sandbox: &mut Sandbox, program: &Program, input: &Path, limits: RunLimits) -> RunOutcome {
    sandbox
        .run(&RunRequest {
            argv: program.argv.clone(),
            env: program.env.clone(),
            stdin: input.to_path_buf(),
            limits,
            files: Vec::new(),
            dirs: Vec::new(),
            collect: Vec::new(),
            readonly: program.readonly_paths.clone(),
            carry: None,
            unlimited_address_space: program.sanitized,
        })
        .expect("run")
}

/// AC, WA or RE of a plain run, by its exit and its output's tokens.
fn verdict(outcome: &RunOutcome, answer: &str) -> &'static str {
    if outcome.exit != stressjudge::run::Exit::Code(0) {
        return "RE";
    }
    let output = String::from_utf8_lossy(&outcome.stdout);
    if output.split_whitespace().eq(answer.split_whitespace()) {
        "AC"
    } else {
        "WA"
    }
}

/// The cost of sanitized runs against plain ones, alternating.
fn cost(
    sandbox: &mut Sandbox,
    dir: &Path,
    base: &BuildOptions,
    sanitizing: &BuildOptions,
    root: &Path,
) {
    let busy = dir.join("busy.cpp");
    std::fs::write(&busy, BUSY).expect("write busy.cpp");
    let empty = dir.join("empty.in");
    std::fs::write(&empty, "").expect("write input");
    let small = root.join("tests/1.in");
    println!(
        "run cost, median of {REPEATS} (plain and sanitized alternating; sanitized limits 3x)"
    );
    println!(
        "{:<20} {:>10} {:>10} {:>10} | {:>10} {:>10} {:>10} | {:>7} {:>7}",
        "program", "plain cpu", "wall", "peak", "sanit cpu", "wall", "peak", "cpu x", "wall x"
    );
    let long = RunLimits::from_time_limit(Duration::from_secs(20), 1 << 30, 64 << 20);
    for (label, source, input) in [
        ("sum.cpp (start-up)", root.join("sum.cpp"), small),
        ("busy.cpp (2^20 x 20)", busy, empty),
    ] {
        let (plain, _) = timed_build(&source, base);
        let (sanitized, _) = timed_build(&source, sanitizing);
        let mut plain_runs = Vec::new();
        let mut sanitized_runs = Vec::new();
        for _ in 0..REPEATS {
            plain_runs.push(run(sandbox, &plain, &input, long));
            sanitized_runs.push(run(sandbox, &sanitized, &input, sanitized_limits(long)));
        }
        let (pc, pw, pm) = medians(&plain_runs);
        let (sc, sw, sm) = medians(&sanitized_runs);
        println!(
            "{label:<20} {:>8.3} s {:>8.3} s {:>6.1} MiB | {:>8.3} s {:>8.3} s {:>6.1} MiB | \
             {:>6.1}x {:>6.1}x",
            pc.as_secs_f64(),
            pw.as_secs_f64(),
            pm as f64 / 1024.0,
            sc.as_secs_f64(),
            sw.as_secs_f64(),
            sm as f64 / 1024.0,
            sc.as_secs_f64() / pc.as_secs_f64().max(1e-3),
            sw.as_secs_f64() / pw.as_secs_f64().max(1e-3),
        );
    }
}

/// Median CPU, wall and peak memory (KiB) of some runs.
fn medians(runs: &[RunOutcome]) -> (Duration, Duration, u64) {
    let median = |mut values: Vec<u64>| {
        values.sort();
        values[values.len() / 2]
    };
    (
        Duration::from_nanos(median(
            runs.iter().map(|r| r.cpu.as_nanos() as u64).collect(),
        )),
        Duration::from_nanos(median(
            runs.iter().map(|r| r.wall.as_nanos() as u64).collect(),
        )),
        median(runs.iter().map(|r| r.peak_memory_kib).collect()),
    )
}
