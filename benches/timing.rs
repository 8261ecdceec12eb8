//! `cargo bench --bench timing`: how far the judge's time verdicts can be trusted, measured with
//! calibrated candidates while a second process keeps the other core busy. Prints one line per
//! figure with its target and PASS or MISS; asserts nothing. Takes about three minutes.
//!
//! Figures:
//! - CPU accuracy: the sandbox's CPU time of `/usr/bin/time -f "%U %S" burn 500` against
//!   `/usr/bin/time`'s own figure (median relative difference of 20 runs), and of `burn 500`
//!   against `burn`'s own CPU clock (nanosecond resolution);
//! - verdicts through the test-set engine (nominal limits for the verdict, the widened limit in
//!   the sandbox, borderline re-runs): 1.0 s under a 2 s limit is AC, 3 s is TLE, and the
//!   borderline 1.9 s and 2.1 s land on the right side;
//! - overhead: wall time per run of a trivial C++ program through the sandbox against bare
//!   spawns from a shell loop.
#![forbid(unsafe_code)]

#[path = "calibrated/mod.rs"]
mod calibrated;
#[path = "timing/machine.rs"]
mod machine;
#[path = "timing/stats.rs"]
mod stats;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use calibrated::{burn_case, burn_program, compile, compile_burn, plan, self_reported_cpu};
use calibrated::{burn_problem, BusyLoop};
use stats::{median, Figure};
use stressjudge::build::Program;
use stressjudge::judge::Verdict;
use stressjudge::report::TestRow;
use stressjudge::run::{Exit, RunLimits, RunRequest, Sandbox, DEFAULT_OUTPUT_BYTES};
use stressjudge::testset::{run_one, SandboxExecutor};

/// Runs per CPU-accuracy and per verdict figure.
const RUNS: usize = 20;
/// Runs per borderline figure (each costs four runs near the limit).
const BORDERLINE_RUNS: usize = 5;
/// Runs of the trivial program per overhead round.
const TRIVIAL_RUNS: usize = 300;
/// Alternating overhead rounds (sandbox, shell loop); the medians are compared.
const OVERHEAD_ROUNDS: usize = 5;
/// `/usr/bin/time`, the reference of the first figure.
const GNU_TIME: &str = "/usr/bin/time";

const TRIVIAL_CPP: &str =
    "#include <iostream>\nint main() { std::cout << \"hello\" << std::endl; }\n";

fn launcher() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_stressjudge"))
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let burn = compile_burn(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let trivial_source = dir.path().join("trivial.cpp");
    std::fs::write(&trivial_source, TRIVIAL_CPP).expect("write trivial.cpp");
    let trivial = compile("g++", &trivial_source, &dir.path().join("trivial"))
        .unwrap_or_else(|e| panic!("{e}"));
    let program = burn_program(&burn, dir.path());

    println!("stressjudge timing benchmark");
    for line in machine::describe() {
        println!("{line}");
    }
    let busy = BusyLoop::start(None).expect("start the busy loop");
    println!(
        "other core loaded by `sh -c 'while :; do :; done'` (pid {}) for the whole benchmark",
        busy.pid()
    );
    println!();
    for figure in cpu_accuracy(&burn) {
        figure.print();
    }
    for figure in verdicts(&program) {
        figure.print();
    }
    overhead(&trivial, dir.path()).print();
    drop(busy);
}

/// A run of `argv` with stdin from `/dev/null` under `limits`; the programs `argv` names by
/// absolute path (the burn candidate behind `/usr/bin/time`) are visible to a fully isolated
/// sandbox.
fn request(argv: &[OsString], limits: RunLimits) -> RunRequest {
    RunRequest {
        argv: argv.to_vec(),
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        stdin: PathBuf::from("/dev/null"),
        limits,
        files: Vec::new(),
        dirs: Vec::new(),
        collect: Vec::new(),
        readonly: argv
            .iter()
            .map(PathBuf::from)
            .filter(|p| p.is_absolute() && p.exists())
            .collect(),
        carry: None,
        unlimited_address_space: false,
        address_space: None,
        argv0: None,
        report_fd: false,
    }
}

fn limits(cpu: Duration) -> RunLimits {
    RunLimits::from_time_limit(cpu, 256 << 20, DEFAULT_OUTPUT_BYTES)
}

/// `user sys` seconds from the last line of `/usr/bin/time -f "%U %S"`.
fn gnu_time_cpu(stderr: &str) -> Option<Duration> {
    let line = stderr.lines().rev().find(|l| !l.trim().is_empty())?;
    let mut total = 0.0;
    let mut fields = 0;
    for field in line.split_whitespace() {
        total += field.parse::<f64>().ok()?;
        fields += 1;
    }
    (fields == 2).then(|| Duration::from_secs_f64(total))
}

/// The sandbox's CPU time against `/usr/bin/time`'s and against `burn`'s own clock.
fn cpu_accuracy(burn: &Path) -> Vec<Figure> {
    let mut sandbox = Sandbox::start_with(launcher()).expect("start the sandbox");
    let limits = limits(Duration::from_secs(2));
    let mut figures = Vec::new();

    let name = format!("CPU of a 500 ms burn vs {GNU_TIME}, median of {RUNS}");
    let target = "|diff| <= 2 %";
    if Path::new(GNU_TIME).is_file() {
        let argv: Vec<OsString> = [GNU_TIME, "-f", "%U %S"]
            .map(OsString::from)
            .into_iter()
            .chain([burn.as_os_str().to_owned(), "500".into()])
            .collect();
        let mut relative = Vec::new();
        let mut diff_ms = Vec::new();
        let mut unreadable = Vec::new();
        for _ in 0..RUNS {
            let outcome = sandbox.run(&request(&argv, limits)).expect("run time burn");
            let theirs =
                gnu_time_cpu(&outcome.stderr_head).filter(|_| outcome.exit == Exit::Code(0));
            let Some(theirs) = theirs else {
                unreadable.push(format!(
                    "{:?}, limit {:?}, CPU {:?}, wall {:?}",
                    outcome.exit, outcome.limit_hit, outcome.cpu, outcome.wall
                ));
                continue;
            };
            let ours = outcome.cpu.as_secs_f64();
            relative.push((ours - theirs.as_secs_f64()) / theirs.as_secs_f64() * 100.0);
            diff_ms.push((ours - theirs.as_secs_f64()) * 1000.0);
        }
        let med = median(&relative);
        let lost = match unreadable.first() {
            None => String::new(),
            Some(first) => format!(
                "; {} runs printed no figure, e.g. {first}",
                unreadable.len()
            ),
        };
        figures.push(Figure::new(
            name,
            format!(
                "{med:+.2} % (diff {:+.1}..{:+.1} ms{lost})",
                stats::min(&diff_ms),
                stats::max(&diff_ms)
            ),
            target,
            Some(med.abs() <= 2.0 && unreadable.is_empty()),
        ));
        // `/usr/bin/time` truncates user and sys to 10 ms each, so it reads 0..20 ms low, and
        // the sandbox also counts `/usr/bin/time`'s own CPU time.
        let own_argv: Vec<OsString> = [GNU_TIME, "-f", "%U %S", "/bin/true"]
            .map(OsString::from)
            .into();
        let own: Vec<f64> = (0..RUNS)
            .map(|_| {
                let outcome = sandbox.run(&request(&own_argv, limits)).expect("run time");
                outcome.cpu.as_secs_f64() * 1000.0
            })
            .collect();
        let window = 20.0 + stats::max(&own);
        let inside = diff_ms
            .iter()
            .filter(|&&d| (0.0..=window).contains(&d))
            .count();
        figures.push(Figure::new(
            format!("  same runs: diff inside {GNU_TIME}'s resolution"),
            format!(
                "{inside}/{RUNS} (window 0..{window:.1} ms = 2 x 10 ms truncation + its own CPU \
                 up to {:.1} ms)",
                stats::max(&own)
            ),
            format!("{RUNS}/{RUNS}"),
            Some(inside == RUNS),
        ));
    } else {
        figures.push(Figure::new(
            name,
            format!("unavailable: {GNU_TIME} is not installed"),
            target,
            None,
        ));
    }

    let argv = [burn.as_os_str().to_owned(), "500".into()];
    let mut relative = Vec::new();
    for _ in 0..RUNS {
        let outcome = sandbox.run(&request(&argv, limits)).expect("run burn");
        let own = self_reported_cpu(&outcome.stderr_head).expect("burn reports its CPU time");
        relative.push((outcome.cpu.as_secs_f64() / own.as_secs_f64() - 1.0) * 100.0);
    }
    let med = median(&relative);
    figures.push(Figure::new(
        format!("CPU of a 500 ms burn vs its own CPU clock, median of {RUNS}"),
        format!("{med:+.3} %"),
        target,
        Some(med.abs() <= 2.0),
    ));
    figures
}

/// One judgement of `burn MS` under a CPU limit of `limit` through the test-set engine.
fn judge(executor: &mut SandboxExecutor<'_>, ms: u64, limit: Duration) -> TestRow {
    run_one(
        executor,
        &burn_problem(),
        &burn_case(ms),
        &plan(limit, 1, true),
    )
    .expect("judge burn")
}

/// Verdicts of calibrated candidates under a 2 s limit.
fn verdicts(program: &Program) -> Vec<Figure> {
    let mut executor = SandboxExecutor::start_with(program, launcher()).expect("start sandbox");
    let limit = Duration::from_secs(2);
    let mut figures = Vec::new();
    let cases = [
        (1000, Verdict::AC, RUNS, "1.0 s"),
        (3000, Verdict::TLE, RUNS, "3.0 s"),
        (1900, Verdict::AC, BORDERLINE_RUNS, "1.9 s (borderline)"),
        (2100, Verdict::TLE, BORDERLINE_RUNS, "2.1 s (borderline)"),
    ];
    for (ms, want, runs, what) in cases {
        let rows: Vec<TestRow> = (0..runs).map(|_| judge(&mut executor, ms, limit)).collect();
        let right = rows.iter().filter(|r| r.result.verdict == want).count();
        let rerun = rows.iter().filter(|r| r.borderline.is_some()).count();
        let cpu: Vec<f64> = rows.iter().map(|r| r.result.cpu_ms as f64).collect();
        let killed = rows
            .iter()
            .filter(|r| r.result.exit.contains("at the CPU limit"))
            .count();
        figures.push(Figure::new(
            format!("{what} candidate under a 2 s limit: {want}"),
            format!(
                "{right}/{runs} (median CPU {:.0} ms, re-run {rerun}/{runs}, killed {killed}/{runs})",
                median(&cpu)
            ),
            format!("{runs}/{runs}"),
            Some(right == runs),
        ));
    }
    figures
}

/// Wall time per run of `trivial` through the sandbox against a shell loop of bare spawns.
fn overhead(trivial: &Path, dir: &Path) -> Figure {
    let mut sandbox = Sandbox::start_with(launcher()).expect("start the sandbox");
    let argv = [trivial.as_os_str().to_owned()];
    let req = request(&argv, limits(Duration::from_secs(1)));
    let script =
        format!("for i in $(seq {TRIVIAL_RUNS}); do ./trivial < /dev/null > /dev/null; done");
    let per_run = |elapsed: Duration| elapsed.as_secs_f64() * 1000.0 / TRIVIAL_RUNS as f64;
    let (mut ours, mut shell) = (Vec::new(), Vec::new());
    let mut failures = 0;
    for _ in 0..OVERHEAD_ROUNDS {
        let start = Instant::now();
        for _ in 0..TRIVIAL_RUNS {
            let outcome = sandbox.run(&req).expect("run trivial");
            failures += usize::from(outcome.exit != Exit::Code(0));
        }
        ours.push(per_run(start.elapsed()));
        let start = Instant::now();
        let status = Command::new("sh")
            .args(["-c", &script])
            .current_dir(dir)
            .status()
            .expect("run the shell loop");
        failures += usize::from(!status.success());
        shell.push(per_run(start.elapsed()));
    }
    let (ours, shell) = (median(&ours), median(&shell));
    let ratio = ours / shell;
    let failed = match failures {
        0 => String::new(),
        n => format!(" ({n} runs failed)"),
    };
    Figure::new(
        format!(
            "trivial C++ per run: sandbox vs sh loop, median of {OVERHEAD_ROUNDS} x {TRIVIAL_RUNS}"
        ),
        format!("{ours:.3} ms vs {shell:.3} ms = {ratio:.2}x{failed}"),
        "<= 1.15x",
        Some(ratio <= 1.15 && failures == 0),
    )
}
