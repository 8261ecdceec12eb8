//! Helpers shared by the `stress` integration tests: run the binary from the crate root (where
//! `solutions/` lives, so paths in reports and repro commands are the relative ones a user types)
//! and read its JSON.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub(crate) use super::schema_support as schema;

/// The stressjudge binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_stressjudge")
}

/// The crate root, the working directory of every run.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A `stressjudge` command started from the crate root.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(bin());
    command.args(args).current_dir(root());
    command
}

/// Exit code, stdout and stderr of a finished run.
pub struct Run {
    /// Exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(out: Output) -> Run {
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// Runs `stressjudge ARGS` to completion.
pub fn run(args: &[&str]) -> Run {
    command(args).output().expect("stressjudge starts").into()
}

/// Runs `stressjudge stress ARGS --json --out OUT` and parses the one JSON object it prints.
pub fn stress_json(args: &[&str], out: &Path) -> (i32, serde_json::Value) {
    let mut all = vec!["stress"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", "--out", out.to_str().unwrap()]);
    let run = run(&all);
    let value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| {
        panic!(
            "{all:?}: stdout is not one JSON object ({e}):\n{}\nstderr:\n{}",
            run.stdout, run.stderr
        )
    });
    schema::check("stress", &value);
    (run.code, value)
}

/// The `gen` output for one seed.
pub fn gen(problem: &str, kind: &str, seed: u64) -> String {
    let seed = seed.to_string();
    let run = run(&["gen", problem, "--kind", kind, "--seed", &seed]);
    assert_eq!(run.code, 0, "gen: {}", run.stderr);
    run.stdout
}

/// A fresh temporary folder.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("stress-test-")
        .tempdir()
        .unwrap()
}

/// `dir/KIND/SEED.EXT`.
pub fn failure_file(dir: &Path, kind: &str, seed: u64, ext: &str) -> PathBuf {
    dir.join(kind).join(format!("{seed}.{ext}"))
}

/// Reads a file as text, naming it on failure.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Games in a counted-lines input (`t`, then `t` lines): its first number.
pub fn counted_games(input: &str) -> usize {
    input.split_whitespace().next().unwrap().parse().unwrap()
}

/// The failures of a `--json` report, sorted by (kind, seed).
pub fn failing_units(report: &serde_json::Value) -> Vec<(String, u64)> {
    let mut units: Vec<(String, u64)> = report["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["kind"].as_str().unwrap().to_string(),
                f["seed"].as_u64().unwrap(),
            )
        })
        .collect();
    units.sort();
    units
}

/// Writes `source` as `dir/name` and returns the path as a string.
pub fn write_source(dir: &Path, name: &str, source: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path.to_str().unwrap().to_string()
}
