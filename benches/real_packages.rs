//! `cargo bench --bench real_packages`: real Kattis-format packages side by side with
//! problemtools on the same machine (issue 31). Prints one line per figure with its target and
//! PASS or MISS; asserts nothing.
//!
//! The packages stay out of the repository: `REAL_PACKAGES` names their folders, separated by
//! `:` (e.g. a problemtools checkout's `examples/different`); without it the benchmark prints
//! `skipped: set REAL_PACKAGES` and ends. problemtools' `verifyproblem` is found on `PATH` or
//! beside the real Python (`pip install problemtools`), or named by `VERIFYPROBLEM`; it runs
//! Python 3 with `pypy3` where that is installed, as stressjudge does for these packages.
//!
//! Per package:
//! - `REAL_PACKAGES_ROUNDS` rounds (default 2), interleaved: problemtools'
//!   `verifyproblem PKG -p submissions`, then stressjudge's first `verify PKG --stress-seeds 0`
//!   (empty result and build caches): the ratio of their wall times (target: at most 0.6), and
//!   each tool's verdicts against the submissions' folders and against each other;
//! - the second `verify` of the unchanged package against the first (target: at most 0.10);
//! - stability: three `verify --fresh` in a row (builds kept) give the same derived time limit
//!   and the same verdicts every time.
//!
//! Every line also gives the load average when it was measured.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use side_by_side::{
    figure, find_verifyproblem, problemtools_verdicts, secs, stressjudge, stressjudge_verdicts,
    timed, verify,
};

#[path = "support/side_by_side.rs"]
mod side_by_side;

/// The load average over the last minute (`/proc/loadavg`).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

/// The verdict a submission's folder promises (`accepted/x.py` -> AC), `None` for folders that
/// promise no single verdict.
fn folder_verdict(submission: &str) -> Option<&'static str> {
    Some(match submission.split('/').next()? {
        "accepted" => "AC",
        "wrong_answer" => "WA",
        "time_limit_exceeded" => "TLE",
        "run_time_error" => "RE",
        _ => return None,
    })
}

/// How many of `verdicts` match their folders, of those whose folder promises one; the ones
/// that do not (a row named sensitive listed as such, counted as neither).
fn against_folders(verdicts: &BTreeMap<String, String>) -> (usize, usize, Vec<String>) {
    let promised: Vec<(&String, &str)> = (verdicts.keys())
        .filter_map(|k| folder_verdict(k).map(|v| (k, v)))
        .collect();
    let wrong: Vec<String> = (promised.iter())
        .filter(|(k, v)| verdicts[*k] != *v)
        .map(|(k, _)| match verdicts[*k].as_str() {
            SENSITIVE => format!("{k} named sensitive to the time limit"),
            got => format!("{k} got {got}"),
        })
        .collect();
    (promised.len() - wrong.len(), promised.len(), wrong)
}

/// What a row verify names sensitive to the time limit counts as (its `status`), whichever
/// side of the limit its runs landed on.
const SENSITIVE: &str = "sensitive";

/// stressjudge's judged verdicts (not those it has no language or toolchain for); a row it
/// names sensitive to the time limit is [`SENSITIVE`].
fn judged(report: &Value) -> BTreeMap<String, String> {
    let mut ours = stressjudge_verdicts(report);
    ours.retain(|_, v| v != "error" && v != "skipped");
    for row in report["solutions"].as_array().into_iter().flatten() {
        let shown = row["path"]
            .as_str()
            .and_then(|p| p.split_once("submissions/"));
        if let (Some((_, shown)), Some(SENSITIVE)) = (shown, row["status"].as_str()) {
            ours.insert(shown.to_string(), SENSITIVE.to_string());
        }
    }
    ours
}

/// The first problem's time limit, ms.
fn time_limit_ms(report: &Value) -> u64 {
    report["problems"][0]["time_limit_ms"].as_u64().unwrap_or(0)
}

/// How the derived limit was found, where it was: `derived in 30.8 s, 7 run(s) repeated,
/// deciding 0.88 s`; empty for a given limit.
fn derivation(report: &Value) -> String {
    let d = &report["problems"][0]["time_limit_derivation"];
    match (d["elapsed_ms"].as_u64(), d["deciding_ms"].as_u64()) {
        (Some(elapsed), Some(deciding)) => format!(
            ", derived in {:.1} s, {} run(s) repeated, deciding {:.2} s",
            elapsed as f64 / 1000.0,
            d["repeated_runs"].as_u64().unwrap_or(0),
            deciding as f64 / 1000.0
        ),
        _ => String::new(),
    }
}

/// The interpreter the report says ran Python 3 (its note), or `no Python`.
fn python(report: &Value) -> String {
    (report["notes"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .find_map(|note| note.split_once("Python 3 runs with ").map(|(_, rest)| rest))
        .map_or("no Python".into(), |rest| {
            rest.split(" (").next().unwrap_or(rest).to_string()
        })
}

/// problemtools' derived time limit (`setting timelim to 3 secs`), if it says one.
fn problemtools_limit(output: &str) -> Option<String> {
    let (_, rest) = output.split_once("setting timelim to ")?;
    rest.split_whitespace().next().map(|s| format!("{s} s"))
}

/// Where a verify spent its time: runs made and reused, and the three solutions that took
/// longest (their rows' elapsed time), so a slow second verify says what it ran.
fn spent(report: &Value) -> String {
    let mut rows: Vec<(u64, &str)> = (report["solutions"].as_array().into_iter().flatten())
        .filter_map(|row| Some((row["elapsed_ms"].as_u64()?, row["shown"].as_str()?)))
        .collect();
    rows.sort_unstable_by(|a, b| b.cmp(a));
    let longest: Vec<String> = (rows.iter().take(3))
        .map(|(ms, name)| format!("{name} {:.1} s", *ms as f64 / 1000.0))
        .collect();
    format!(
        "{} run(s) made, {} reused; longest: {}",
        report["runs_made"].as_u64().unwrap_or(0),
        report["runs_reused"].as_u64().unwrap_or(0),
        longest.join(", ")
    )
}

fn package(package: &Path, verifyproblem: Option<&Path>, rounds: usize) {
    let name = package
        .file_name()
        .map_or("?".into(), |n| n.to_string_lossy().into_owned());
    println!("== {name}: {}", package.display());
    let arg = package.to_str().expect("a UTF-8 path");
    let args = [arg, "--stress-seeds", "0"];
    let mut last_cache = None;
    for round in 1..=rounds {
        let cache = tempfile::tempdir().unwrap();
        let problemtools = verifyproblem.map(|tool| {
            let before = load();
            let mut command = Command::new(tool);
            command
                .arg(package)
                .args(["-p", "submissions"])
                .env("XDG_CACHE_HOME", cache.path().join("problemtools"));
            (timed(command), before)
        });
        let before = load();
        let (first, report) = verify(&stressjudge(), cache.path(), &args);
        let ours = judged(&report);
        let (right, promised, wrong) = against_folders(&ours);
        println!(
            "{name} round {round}: verify {} (load {before}), time limit {} ms{}, Python: {}, \
             {right}/{promised} verdicts as their folders{}",
            secs(first.wall),
            time_limit_ms(&report),
            derivation(&report),
            python(&report),
            if wrong.is_empty() {
                String::new()
            } else {
                format!(" (not: {})", wrong.join(", "))
            }
        );
        match problemtools {
            Some((pt, pt_load)) => {
                let output = format!("{}\n{}", pt.stdout, pt.stderr);
                let theirs = problemtools_verdicts(&output);
                let (their_right, their_promised, their_wrong) = against_folders(&theirs);
                let differing: Vec<String> = (theirs.iter())
                    .filter(|(k, v)| ours.get(*k).is_some_and(|o| o != *v))
                    .map(|(k, v)| format!("{k}: problemtools {v}, stressjudge {}", ours[k]))
                    .collect();
                figure(
                    &format!("{name} round {round}: first verify / problemtools"),
                    first.wall.as_secs_f64() / pt.wall.as_secs_f64(),
                    0.6,
                    &format!(
                        "{} vs {} (load {pt_load}); problemtools' limit {}, \
                         {their_right}/{their_promised} as their folders{}; {} judged by both, {}",
                        secs(first.wall),
                        secs(pt.wall),
                        problemtools_limit(&output).unwrap_or_else(|| "not said".into()),
                        if their_wrong.is_empty() {
                            String::new()
                        } else {
                            format!(" (not: {})", their_wrong.join(", "))
                        },
                        theirs.keys().filter(|k| ours.contains_key(*k)).count(),
                        if differing.is_empty() {
                            "verdicts identical".to_string()
                        } else {
                            format!("DIFFER: {}", differing.join("; "))
                        }
                    ),
                );
            }
            None => println!(
                "{name}: problemtools SKIPPED: `verifyproblem` not found (pip install \
                 problemtools, or set VERIFYPROBLEM)"
            ),
        }
        let before = load();
        let (second, again) = verify(&stressjudge(), cache.path(), &args);
        figure(
            &format!("{name} round {round}: second verify / first"),
            second.wall.as_secs_f64() / first.wall.as_secs_f64(),
            0.10,
            &format!(
                "{} vs {} (load {before}); second: {}",
                secs(second.wall),
                secs(first.wall),
                spent(&again)
            ),
        );
        last_cache = Some(cache);
    }
    // Stability: three fresh verifies (builds kept from the last round).
    let cache = last_cache.expect("at least one round");
    let fresh = [arg, "--stress-seeds", "0", "--fresh"];
    let runs: Vec<(u64, BTreeMap<String, String>, String)> = (0..3)
        .map(|_| {
            let before = load();
            let (run, report) = verify(&stressjudge(), cache.path(), &fresh);
            let verdicts = judged(&report);
            let (right, promised, _) = against_folders(&verdicts);
            let said = format!("{before}, {}, {right}/{promised}", secs(run.wall));
            (time_limit_ms(&report), verdicts, said)
        })
        .collect();
    let same = runs
        .iter()
        .all(|(l, v, _)| *l == runs[0].0 && *v == runs[0].1);
    println!(
        "{name}: three verify --fresh: time limits {} ms (load, wall, verdicts as their \
         folders: {}); verdicts {} {}",
        (runs.iter().map(|r| r.0.to_string()).collect::<Vec<_>>()).join(", "),
        (runs.iter().map(|r| r.2.as_str()).collect::<Vec<_>>()).join("; "),
        if same {
            "the same every time"
        } else {
            "DIFFER"
        },
        if same { "PASS" } else { "MISS" },
    );
    println!();
}

fn main() {
    let Some(packages) = std::env::var_os("REAL_PACKAGES") else {
        println!("skipped: set REAL_PACKAGES (package folders separated by `:`)");
        return;
    };
    let verifyproblem = std::env::var_os("VERIFYPROBLEM")
        .map(PathBuf::from)
        .or_else(find_verifyproblem);
    let rounds = std::env::var("REAL_PACKAGES_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(2usize)
        .max(1);
    println!(
        "stressjudge {}; problemtools {}",
        stressjudge().display(),
        verifyproblem
            .as_deref()
            .map_or("not found".into(), |p| p.display().to_string())
    );
    for path in std::env::split_paths(&packages) {
        package(&path, verifyproblem.as_deref(), rounds);
    }
}
