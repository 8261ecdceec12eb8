//! `cargo bench --bench sanitize`: what `--sanitize` finds and what it costs. Prints figures,
//! asserts nothing.
//!
//! - The undefined-behaviour bugs of `tests/sanitize/bugs/` on the three tests of
//!   `tests/sanitize/tests/`: each bug's plain verdicts, and whether a sanitized run names its
//!   `// BUG` line (found with file:line / total).
//! - Build time of each bug, plain and sanitized (a fresh cache, so every build compiles).
//! - Run cost of three CPU-heavy C++ programs (sorting, a DP over nested vectors, Dijkstra
//!   with a map), each built plain, with libstdc++'s assertions or its debug mode alone, with
//!   the sanitizers alone, as `--sanitize` builds it (sanitizers and assertions), and with the
//!   sanitizers and the debug mode: the best CPU time of a few runs, its ratio to plain, and
//!   the memory (resident size; for `--sanitize` also its own figure, which the limit uses).
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use stressjudge::build::{self, sanitize, BuildOptions, Program, Source};
use stressjudge::compare::sanitizer;
use stressjudge::run::{RunLimits, RunOutcome, RunRequest, Sandbox};
use stressjudge::testset::{own_memory, sanitized_limits};

/// Sorting and indexing: 2^20 numbers sorted, then read 20 times; prints a checksum.
const SORTING: &str = r#"#include <algorithm>
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

/// A DP over a `vector<vector<int>>`: the longest common subsequence of two 5000-letter
/// strings.
const DP: &str = r#"#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>
int main() {
    int n = 5000; std::string a(n, 'a'), b(n, 'a'); unsigned x = 12345;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245 + 12345; a[i] = 'a' + (x >> 16) % 4;
        x = x * 1103515245 + 12345; b[i] = 'a' + (x >> 16) % 4;
    }
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(n + 1));
    for (int i = 1; i <= n; i++) for (int j = 1; j <= n; j++)
        d[i][j] = a[i-1] == b[j-1] ? d[i-1][j-1] + 1 : std::max(d[i-1][j], d[i][j-1]);
    printf("%d\n", d[n][n]);
}
"#;

/// Dijkstra on a random graph (2 x 10^5 vertices, 10^6 edges), then a `std::map` of counts.
const GRAPH: &str = r#"#include <cstdio>
#include <map>
#include <queue>
#include <vector>
int main() {
    int n = 200000, m = 1000000; unsigned long long x = 7;
    auto rnd = [&]() { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x; };
    std::vector<std::vector<std::pair<int, int>>> g(n);
    for (int i = 0; i < m; i++) {
        int u = rnd() % n, v = rnd() % n, w = rnd() % 1000;
        g[u].push_back({v, w}); g[v].push_back({u, w});
    }
    std::vector<long long> dist(n, -1);
    std::priority_queue<std::pair<long long, int>> q; q.push({0, 0});
    while (!q.empty()) {
        auto [d, u] = q.top(); q.pop();
        if (dist[u] != -1) continue;
        dist[u] = -d;
        for (auto [v, w] : g[u]) if (dist[v] == -1) q.push({d - w, v});
    }
    std::map<long long, int> c;
    for (int i = 0; i < n; i++) c[dist[i] % 1000]++;
    long long s = 0; for (auto [k, v] : c) s += k * v;
    printf("%lld\n", s);
}
"#;

/// Runs of each build in the cost comparison (the best CPU time counts).
const REPEATS: usize = 3;

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
    cost(&mut sandbox, dir.path(), &sanitizing);
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
    let mut request = RunRequest {
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
        address_space: None,
        argv0: None,
        report_fd: false,
    };
    if program.sanitized {
        own_memory::prepare(&mut request);
    }
    sandbox.run(&request).expect("run")
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

/// The builds compared: name and the flags added to `g++ -O2 -std=c++17` (`None`: built as
/// `--sanitize` builds it).
fn variants() -> Vec<(&'static str, Option<Vec<&'static str>>)> {
    let sanitizers = || sanitize::FLAGS.to_vec();
    let with = |extra: &'static str| {
        let mut flags = sanitizers();
        flags.push(extra);
        flags
    };
    vec![
        ("plain", Some(vec![])),
        ("assertions", Some(vec!["-D_GLIBCXX_ASSERTIONS"])),
        ("debug mode", Some(vec!["-D_GLIBCXX_DEBUG"])),
        ("sanitizers", Some(sanitizers())),
        ("--sanitize", None),
        ("sanit+debug", Some(with("-D_GLIBCXX_DEBUG"))),
    ]
}

/// The run cost of each CPU-heavy program under each build.
fn cost(sandbox: &mut Sandbox, dir: &Path, sanitizing: &BuildOptions) {
    let empty = dir.join("empty.in");
    std::fs::write(&empty, "").expect("write input");
    println!("run cost: best CPU of {REPEATS} runs (x plain), peak memory (resident; own)");
    let long = RunLimits::from_time_limit(Duration::from_secs(60), 2 << 30, 64 << 20);
    for (name, text) in [("sorting", SORTING), ("dp", DP), ("graph", GRAPH)] {
        let source = dir.join(format!("{name}.cpp"));
        std::fs::write(&source, text).expect("write source");
        let mut plain_cpu = None;
        let base = BuildOptions {
            sanitize: false,
            ..sanitizing.clone()
        };
        let plain = timed_build(&source, &base).0;
        for (variant, flags) in variants() {
            let binary = dir.join(format!("{name}-{}", variant.replace(['+', ' '], "-")));
            let program = match flags {
                None => timed_build(&source, sanitizing).0,
                Some(flags) => compiled(&source, &flags, &binary, &plain),
            };
            // A run stopped by a limit is not repeated (the debug mode's heap checks make the
            // graph's `priority_queue` linear per operation: minutes).
            let mut runs: Vec<RunOutcome> = Vec::new();
            while runs.len() < REPEATS && runs.last().is_none_or(|r| r.limit_hit.is_none()) {
                runs.push(run(sandbox, &program, &empty, long));
            }
            if let Some(hit) = runs.last().and_then(|r| r.limit_hit) {
                println!("{name:<8} {variant:<12} stopped by the {hit:?} limit (60 s)");
                continue;
            }
            let cpu = runs.iter().map(|r| r.cpu).min().expect("runs");
            let resident = runs.iter().map(|r| r.peak_memory_kib).max().unwrap_or(0);
            let own = runs
                .iter()
                .filter_map(|r| own_memory::OwnMemory::parse(&r.report))
                .map(|o| o.total() / 1024)
                .max();
            let plain = *plain_cpu.get_or_insert(cpu);
            println!(
                "{name:<8} {variant:<12} {:>8.3} s {:>6.1}x {:>8.1} MiB{}",
                cpu.as_secs_f64(),
                cpu.as_secs_f64() / plain.as_secs_f64().max(1e-3),
                resident as f64 / 1024.0,
                own.map_or(String::new(), |kib| format!(
                    " (own {:.1} MiB)",
                    kib as f64 / 1024.0
                )),
            );
        }
    }
}

/// `source` compiled by `g++ -O2 -std=c++17 FLAGS` into `binary`, as a program to run (the
/// sanitizers' run options when it has them).
fn compiled(source: &Path, flags: &[&str], binary: &Path, plain: &Program) -> Program {
    let status = std::process::Command::new("g++")
        .args(["-O2", "-std=c++17"])
        .args(flags)
        .arg("-o")
        .arg(binary)
        .arg(source)
        .status()
        .expect("g++ runs");
    assert!(status.success(), "g++ {flags:?} failed");
    let mut program = plain.clone();
    program.argv[0] = binary.into();
    if flags.iter().any(|f| f.starts_with("-fsanitize")) {
        program.env.extend(sanitize::run_env());
        program.sanitized = true;
    }
    program
}
