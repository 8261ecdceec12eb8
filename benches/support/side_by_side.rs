//! Running stressjudge and problemtools side by side: timed commands, verify's JSON report,
//! both tools' verdicts per submission, and figures against their targets.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

/// The binary measured: `STRESSJUDGE_BIN` (a copy, so the tree can be rebuilt while the
/// benchmark runs), else this build's.
pub fn stressjudge() -> PathBuf {
    std::env::var_os("STRESSJUDGE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_stressjudge")))
}

/// One measured command: its wall time, exit code and output.
pub struct Timed {
    /// Wall time.
    pub wall: Duration,
    /// Exit code (-1: a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `command` to its end and times it.
pub fn timed(mut command: Command) -> Timed {
    let started = Instant::now();
    let output = command.output().expect("the command starts");
    Timed {
        wall: started.elapsed(),
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// `stressjudge verify ARGS --json` with `cache` as `XDG_CACHE_HOME`.
pub fn verify(binary: &Path, cache: &Path, args: &[&str]) -> (Timed, Value) {
    let mut command = Command::new(binary);
    command
        .arg("verify")
        .args(args)
        .arg("--json")
        .env("XDG_CACHE_HOME", cache)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    let run = timed(command);
    let report = serde_json::from_str(&run.stdout).unwrap_or_else(|e| {
        panic!(
            "verify {args:?} gave no JSON ({e}), exit {}\nstderr:\n{}",
            run.code, run.stderr
        )
    });
    (run, report)
}

/// `d` in seconds, one decimal.
pub fn secs(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

/// One figure: its value against its target, PASS or MISS.
pub fn figure(name: &str, value: f64, target: f64, detail: &str) {
    let verdict = if value <= target { "PASS" } else { "MISS" };
    println!("{name}: {value:.3} (target <= {target}) {verdict}   {detail}");
}

/// `verifyproblem` on PATH, else beside the real Python interpreter (where `pip install`
/// puts it when the `python3` on PATH is a shim).
pub fn find_verifyproblem() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join("verifyproblem"))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        let output = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .ok()?;
        let python = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
        let beside = python.parent()?.join("verifyproblem");
        beside.is_file().then_some(beside)
    })
}

/// problemtools' verdict per submission (`category/file`) from its log lines, e.g.
/// `   time_limit_exceeded/slow.cc (C++) OK: TLE [CPU: 4.86s @ testcase sample/1]`, or
/// `ERROR time_limit_exceeded/slow.cc (C++) got AC [...]` when it breaks its folder's promise.
pub fn problemtools_verdicts(output: &str) -> BTreeMap<String, String> {
    let mut verdicts = BTreeMap::new();
    for line in output.lines() {
        let line = line.trim();
        let line = line.strip_prefix("ERROR ").unwrap_or(line);
        let Some((head, rest)) = line
            .split_once(") OK: ")
            .or_else(|| line.split_once(") got "))
        else {
            continue;
        };
        let Some(name) = head.split(" (").next() else {
            continue;
        };
        let verdict = rest.split_whitespace().next().unwrap_or("");
        let verdict = if verdict == "RTE" { "RE" } else { verdict };
        verdicts.insert(name.to_string(), verdict.to_string());
    }
    verdicts
}

/// stressjudge's verdict per submission (`category/file`) of a verify report.
pub fn stressjudge_verdicts(report: &Value) -> BTreeMap<String, String> {
    report["solutions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|row| {
            let path = row["path"].as_str()?;
            let (_, shown) = path.split_once("submissions/")?;
            Some((shown.to_string(), row["got"].as_str()?.to_string()))
        })
        .collect()
}
