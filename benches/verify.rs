//! `cargo bench --bench verify`: how long `verify` takes, side by side in one run (the machine
//! is noisy, so figures are ratios of neighbouring measurements). Prints one line per figure
//! with its target and PASS or MISS; asserts nothing.
//!
//! Figures:
//! - per package with TLE submissions, the first `verify` (empty result cache, empty build
//!   cache, no stress pass: the work problemtools does) against problemtools'
//!   `verifyproblem PACKAGE -p submissions` (target: at most 0.6 x), with the verdicts of both
//!   compared; problemtools is skipped with a loud note when it is not installed
//!   (`pip install problemtools`);
//! - the second `verify` of the unchanged package (target: at most 5 % of the first);
//! - `verify` after editing one submission against that submission's own time in the first
//!   verify plus the second verify's time (target: at most that);
//! - how soon `verify` of a built-in problem on a terminal shows a progress bar naming a
//!   solution (target: within a second; skipped without util-linux's `script`);
//! - the README's main job, `verify` of the built-in library, warm (second run) against the old
//!   behaviour (`STRESSJUDGE_BASELINE=path/to/old/stressjudge`, else this binary with
//!   `--fresh --all-tests`) (target: at most half).
//!
//! Packages: a package of the benchmark's own (C++ submissions: two accepted, one wrong, three
//! TLE; the time limit derived, as problemtools does) and, when `PROBLEMTOOLS_EXAMPLES` names
//! the `examples/` folder of a problemtools checkout, its `different` problem.
//!
//! Environment: `VERIFY_BENCH_SEEDS` (stress seeds of the library job, default 40, the
//! README's), `VERIFY_BENCH_LIBRARY=0` skips the library job (it takes minutes),
//! `VERIFY_BENCH_PACKAGES=0` the packages.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use files::write_file;
use side_by_side::{
    figure, find_verifyproblem, problemtools_verdicts, secs, stressjudge, stressjudge_verdicts,
    timed, verify,
};

#[path = "support/files.rs"]
mod files;
#[path = "support/side_by_side.rs"]
mod side_by_side;

/// The bench's own package: sum 1..n, the time limit derived from the accepted submissions.
fn write_own_package(dir: &Path) {
    let write = |relative: &str, text: &str| write_file(dir, relative, text);
    write(
        "problem.yaml",
        "name: Bench Sum\nsource: stressjudge benchmark\nlicense: cc0\nlimits:\n  time_multiplier: 2\n  time_safety_margin: 2\n",
    );
    let tests: [(&str, u64); 9] = [
        ("sample/1", 3),
        ("secret/01", 10),
        ("secret/02", 1_000_000_000),
        ("secret/03", 12_345),
        ("secret/04", 999_999_999),
        ("secret/05", 900_000_000),
        ("secret/06", 77),
        ("secret/07", 950_000_000),
        ("secret/08", 5),
    ];
    for (name, n) in tests {
        write(&format!("data/{name}.in"), &format!("{n}\n"));
        write(
            &format!("data/{name}.ans"),
            &format!("{}\n", u128::from(n) * (u128::from(n) + 1) / 2),
        );
    }
    let main = |body: &str| {
        format!("#include <cstdio>\nint main() {{ unsigned long long n; if (scanf(\"%llu\", &n) != 1) return 1; {body} }}\n")
    };
    write(
        "submissions/accepted/formula.cpp",
        &main("printf(\"%llu\\n\", n * (n + 1) / 2); return 0;"),
    );
    write(
        "submissions/accepted/formula_stream.cpp",
        "#include <iostream>\nint main() { unsigned long long n; std::cin >> n; std::cout << n * (n + 1) / 2 << std::endl; }\n",
    );
    write(
        "submissions/wrong_answer/off_by_one.cpp",
        &main("printf(\"%llu\\n\", n * (n - 1) / 2); return 0;"),
    );
    // About 0.3 s of CPU per 10^9 additions here: 8 and 16 passes are clearly over 1 s.
    write(
        "submissions/time_limit_exceeded/loop.cpp",
        &main("volatile unsigned long long s = 0; for (int r = 0; r < 8; r++) { s = 0; for (unsigned long long i = 1; i <= n; i++) s += i; } printf(\"%llu\\n\", (unsigned long long)s); return 0;"),
    );
    write(
        "submissions/time_limit_exceeded/loop_twice.cpp",
        &main("volatile unsigned long long s = 0; for (int r = 0; r < 16; r++) { s = 0; for (unsigned long long i = 1; i <= n; i++) s += i; } printf(\"%llu\\n\", (unsigned long long)s); return 0;"),
    );
    write(
        "submissions/time_limit_exceeded/spin.cpp",
        &main("volatile int x = 0; while (n > 1000000) x++; printf(\"%llu\\n\", n * (n + 1) / 2); return 0;"),
    );
}

/// The figures of one package.
fn package_figures(name: &str, package: &Path, edited: &str, verifyproblem: Option<&Path>) {
    println!("== package {name}: {}", package.display());
    let package_arg = package.to_str().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let problemtools = verifyproblem.map(|tool| {
        let mut command = Command::new(tool);
        command
            .arg(package)
            .args(["-p", "submissions"])
            .env("XDG_CACHE_HOME", cache.path().join("problemtools"));
        timed(command)
    });
    let args = [package_arg, "--stress-seeds", "0"];
    let (first, first_report) = verify(&stressjudge(), cache.path(), &args);
    let (second, second_report) = verify(&stressjudge(), cache.path(), &args);
    println!(
        "first verify {} (runs made {}), second verify {} (runs made {}, reused {})",
        secs(first.wall),
        first_report["runs_made"],
        secs(second.wall),
        second_report["runs_made"],
        second_report["runs_reused"]
    );
    match &problemtools {
        Some(pt) => {
            // Submissions stressjudge judged (not those it has no language or toolchain for).
            let mut ours = stressjudge_verdicts(&first_report);
            ours.retain(|_, v| v != "error" && v != "skipped");
            let theirs = problemtools_verdicts(&format!("{}\n{}", pt.stdout, pt.stderr));
            let differing: Vec<String> = theirs
                .iter()
                .filter(|(k, v)| ours.get(*k).is_some_and(|o| o != *v))
                .map(|(k, v)| format!("{k}: problemtools {v}, stressjudge {}", ours[k]))
                .collect();
            figure(
                &format!("{name}: first verify / problemtools"),
                first.wall.as_secs_f64() / pt.wall.as_secs_f64(),
                0.6,
                &format!(
                    "{} vs {}; {} submission(s) judged by both, verdicts {}",
                    secs(first.wall),
                    secs(pt.wall),
                    theirs.keys().filter(|k| ours.contains_key(*k)).count(),
                    if differing.is_empty() {
                        "identical".to_string()
                    } else {
                        format!("DIFFER: {}", differing.join("; "))
                    }
                ),
            );
        }
        None => println!(
            "{name}: problemtools SKIPPED: `verifyproblem` not found (pip install problemtools)"
        ),
    }
    figure(
        &format!("{name}: second verify / first"),
        second.wall.as_secs_f64() / first.wall.as_secs_f64(),
        0.05,
        &format!("{} vs {}", secs(second.wall), secs(first.wall)),
    );
    let edited_path = package.join("submissions").join(edited);
    let mut source = std::fs::read(&edited_path).unwrap();
    source.extend_from_slice(b"\n// edited\n");
    std::fs::write(&edited_path, source).unwrap();
    let (after_edit, _) = verify(&stressjudge(), cache.path(), &args);
    let alone = first_report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"].as_str().unwrap().ends_with(edited))
        .map(|r| Duration::from_millis(r["elapsed_ms"].as_u64().unwrap()))
        .unwrap_or_default();
    let allowed = alone + second.wall;
    figure(
        &format!("{name}: verify after editing {edited} / (its own time + second verify)"),
        after_edit.wall.as_secs_f64() / allowed.as_secs_f64(),
        1.0,
        &format!(
            "{} vs {} + {}",
            secs(after_edit.wall),
            secs(alone),
            secs(second.wall)
        ),
    );
    println!();
}

/// The library job: this binary with an empty result cache (and empty build cache), the old
/// behaviour (with the builds now warm, as the README's figure has them), this binary warm.
fn library_figures() {
    let seeds = std::env::var("VERIFY_BENCH_SEEDS").unwrap_or_else(|_| "40".into());
    println!("== the built-in library: verify --stress-seeds {seeds}");
    let cache = tempfile::tempdir().unwrap();
    let (first, _) = verify(&stressjudge(), cache.path(), &["--stress-seeds", &seeds]);
    let baseline = std::env::var_os("STRESSJUDGE_BASELINE").map(PathBuf::from);
    let (old, old_report) = match &baseline {
        Some(binary) => verify(binary, cache.path(), &["--stress-seeds", &seeds]),
        None => verify(
            &stressjudge(),
            cache.path(),
            &["--stress-seeds", &seeds, "--fresh", "--all-tests"],
        ),
    };
    let old_name = match &baseline {
        Some(binary) => format!("{}", binary.display()),
        None => "this binary with --fresh --all-tests (no STRESSJUDGE_BASELINE)".to_string(),
    };
    let (warm, warm_report) = verify(&stressjudge(), cache.path(), &["--stress-seeds", &seeds]);
    first_progress_figure(cache.path());
    let solutions = warm_report["solutions"].as_array().map_or(0, Vec::len);
    println!(
        "old behaviour ({old_name}) {}, first verify {}, warm verify {} ({} solutions, runs made {}, reused {})",
        secs(old.wall),
        secs(first.wall),
        secs(warm.wall),
        solutions,
        warm_report["runs_made"],
        warm_report["runs_reused"]
    );
    let (old_verdicts, warm_verdicts) = (
        stressjudge_verdicts_by_path(&old_report),
        stressjudge_verdicts_by_path(&warm_report),
    );
    let same = old_verdicts == warm_verdicts;
    for (path, verdict) in &warm_verdicts {
        if old_verdicts.get(path) != Some(verdict) {
            println!(
                "  differs: {path}: old {}, now {verdict}",
                old_verdicts.get(path).map_or("-", String::as_str)
            );
        }
    }
    println!(
        "  every solution keeps its folder's promise: old {}, now {}",
        old_report["ok"], warm_report["ok"]
    );
    figure(
        "library: warm verify / old behaviour",
        warm.wall.as_secs_f64() / old.wall.as_secs_f64(),
        0.5,
        &format!("verdicts {}", if same { "identical" } else { "DIFFER" }),
    );
    figure(
        "library: warm verify seconds per solution",
        warm.wall.as_secs_f64() / solutions.max(1) as f64,
        1.0,
        "",
    );
    figure(
        "library: first verify (builds included) / old behaviour (builds warm)",
        first.wall.as_secs_f64() / old.wall.as_secs_f64(),
        1.0,
        "(stopping at the deciding test and judging side by side, no result reused)",
    );
}

/// How soon `verify` on a terminal (util-linux's `script`) shows the progress bar naming a
/// solution, builds warm (the cache of `cache`).
fn first_progress_figure(cache: &Path) {
    if Command::new("script").arg("--version").output().is_err() {
        println!("first progress on a terminal SKIPPED: no `script` (util-linux)");
        return;
    }
    let verify = format!(
        "{} verify game-of-stones --stress-seeds 1",
        stressjudge().display()
    );
    let mut child = Command::new("script")
        .args(["-qefc", &verify, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_CACHE_HOME", cache)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script starts");
    let started = Instant::now();
    let mut stdout = child.stdout.take().expect("piped");
    let (mut seen, mut chunk) = (Vec::new(), [0u8; 4096]);
    let shown = loop {
        let text = String::from_utf8_lossy(&seen);
        if text.contains("verify [") && text.contains("game-of-stones accepted/") {
            break Some(started.elapsed());
        }
        match stdout.read(&mut chunk) {
            Ok(0) | Err(_) => break None,
            Ok(n) => seen.extend_from_slice(&chunk[..n]),
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    match shown {
        Some(after) => figure(
            "verify on a terminal: seconds to a progress bar naming a solution",
            after.as_secs_f64(),
            1.0,
            "(game-of-stones, builds warm)",
        ),
        None => println!("verify on a terminal: no progress bar naming a solution MISS"),
    }
}

fn stressjudge_verdicts_by_path(report: &Value) -> BTreeMap<String, String> {
    report["solutions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            Some((
                r["path"].as_str()?.to_string(),
                r["got"].as_str()?.to_string(),
            ))
        })
        .collect()
}

fn main() {
    println!("stressjudge verify benchmark");
    let verifyproblem = find_verifyproblem();
    match &verifyproblem {
        Some(tool) => println!("problemtools: {}", tool.display()),
        None => println!(
            "NOTE: problemtools is not installed (`pip install problemtools`): its figures are SKIPPED"
        ),
    }
    if std::env::var("VERIFY_BENCH_PACKAGES").as_deref() == Ok("0") {
        println!("the packages SKIPPED (VERIFY_BENCH_PACKAGES=0)\n");
        library_figures();
        return;
    }
    let own = tempfile::tempdir().unwrap();
    write_own_package(own.path());
    package_figures(
        "own package (3 TLE)",
        own.path(),
        "time_limit_exceeded/loop.cpp",
        verifyproblem.as_deref(),
    );
    match std::env::var_os("PROBLEMTOOLS_EXAMPLES") {
        Some(examples) => {
            let copy = tempfile::tempdir().unwrap();
            let status = Command::new("cp")
                .arg("-r")
                .arg(Path::new(&examples).join("different"))
                .arg(copy.path())
                .status()
                .expect("cp runs");
            assert!(status.success(), "cannot copy the different example");
            package_figures(
                "problemtools examples/different (1 TLE)",
                &copy.path().join("different"),
                "time_limit_exceeded/different_linear_search.cc",
                verifyproblem.as_deref(),
            );
        }
        None => println!(
            "NOTE: problemtools' examples/different SKIPPED: set PROBLEMTOOLS_EXAMPLES to the examples/ folder of a problemtools checkout\n"
        ),
    }
    if std::env::var("VERIFY_BENCH_LIBRARY").as_deref() == Ok("0") {
        println!("the library job SKIPPED (VERIFY_BENCH_LIBRARY=0)");
    } else {
        library_figures();
    }
}
