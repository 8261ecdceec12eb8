//! `--json-lines` through the real binary: events arrive one per line while the command runs,
//! in order, each valid against `docs/reference/schemas/events.json`, and the last is the
//! `summary` carrying the `--json` report.

use crate::schema_support;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

/// `stressjudge ARGS` from the crate root with a private cache, its stdout piped.
fn spawn(args: &[&str], cache: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_CACHE_HOME", cache)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("stressjudge starts")
}

/// Every event of a run, each checked against the events schema; the exit code.
fn events(child: std::process::Child) -> (Vec<Value>, i32) {
    let mut child = child;
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let events: Vec<Value> = lines
        .map(|line| schema_support::parse("events", &line.unwrap()))
        .collect();
    let out = child.wait_with_output().unwrap();
    (events, out.status.code().unwrap_or(-1))
}

fn names(events: &[Value]) -> Vec<&str> {
    events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect()
}

fn cache() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn stress_streams_build_failure_shrink_steps_and_summary_as_they_happen() {
    let cache = cache();
    let mut child = spawn(
        &[
            "stress",
            "game-of-stones",
            "solutions/game-of-stones/wrong_answer/smaller_first_as_nim_mod.cpp",
            "--json-lines",
            "--seeds",
            "1..200",
            // One worker: one failure is found and shrunk, its events not interleaved with
            // another's (with more jobs, `seed` and `kind` tell them apart).
            "--jobs",
            "1",
            "--out",
            cache.path().join("failures").to_str().unwrap(),
        ],
        cache.path(),
    );
    // The first event is read while the command still runs (seeds and shrinking are ahead):
    // each line is flushed as it happens, not buffered to the end.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let first = schema_support::parse("events", &first);
    assert_eq!(first["event"], "build", "{first}");
    assert_eq!(first["ok"], true);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first event came only after the command ended"
    );
    let rest: Vec<Value> = stdout
        .lines()
        .map(|line| schema_support::parse("events", &line.unwrap()))
        .collect();
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(1), "a failing stress exits 1");
    let names = names(&rest);
    assert_eq!(names.first(), Some(&"failure"), "{names:?}");
    assert_eq!(names.last(), Some(&"summary"), "{names:?}");
    let shrunk = names
        .iter()
        .position(|n| *n == "shrunk")
        .expect("a shrunk event");
    assert!(
        names[1..shrunk].iter().all(|n| *n == "shrink_step") && shrunk > 1,
        "failure, shrink steps, shrunk: {names:?}"
    );
    // Steps of the failing seed count up one by one from 1 and the input only gets smaller.
    let steps: Vec<(u64, u64)> = rest[1..shrunk]
        .iter()
        .inspect(|e| {
            assert_eq!(
                (&e["seed"], &e["kind"]),
                (&rest[0]["seed"], &rest[0]["kind"])
            )
        })
        .map(|e| {
            (
                e["steps"].as_u64().unwrap(),
                e["input_bytes"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(steps[0].0, 1, "{steps:?}");
    for (i, pair) in steps.windows(2).enumerate() {
        assert_eq!(pair[1].0, pair[0].0 + 1, "step {i}: {steps:?}");
        assert!(pair[1].1 <= pair[0].1, "step {i}: {steps:?}");
    }
    let report = &rest.last().unwrap()["report"];
    schema_support::check("stress", report);
    let failure = &report["failures"][0];
    assert_eq!(failure["seed"], rest[0]["seed"]);
    assert_eq!(failure["verdict"], rest[shrunk]["verdict"]);
    assert_eq!(failure["shrunk_input"], rest[shrunk]["shrunk_input"]);
    assert_eq!(failure["shrink_steps"], rest[shrunk]["shrink_steps"]);
}

#[test]
fn judge_streams_each_test_and_a_summary_holding_the_json_report() {
    let cache = cache();
    let (events, code) = events(spawn(
        &[
            "judge",
            "tests/problems/maximum",
            "tests/problems/maximum/submissions/wrong_answer/max_from_zero.cpp",
            "--json-lines",
        ],
        cache.path(),
    ));
    assert_eq!(code, 1);
    let names = names(&events);
    assert_eq!(names[0], "build");
    assert_eq!(names.last(), Some(&"summary"));
    assert!(
        names[1..names.len() - 1].iter().all(|n| *n == "test"),
        "{names:?}"
    );
    let report = &events.last().unwrap()["report"];
    schema_support::check("judge", report);
    let streamed: BTreeSet<(&str, &str)> = events[1..events.len() - 1]
        .iter()
        .map(|e| (e["name"].as_str().unwrap(), e["verdict"].as_str().unwrap()))
        .collect();
    let reported: BTreeSet<(&str, &str)> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["verdict"].as_str().unwrap()))
        .collect();
    // Every test in the report was streamed (a parallel run may stream one more that ran
    // before the deciding failure was known).
    assert!(
        reported.is_subset(&streamed),
        "{reported:?} vs {streamed:?}"
    );
    assert_eq!(report["verdict"], "WA");
}

#[test]
fn verify_streams_each_solution_and_its_tests() {
    let cache = cache();
    let (events, code) = events(spawn(
        &[
            "verify",
            "tests/problems/hello",
            "--json-lines",
            "--stress-seeds",
            "0",
        ],
        cache.path(),
    ));
    assert_eq!(code, 0, "{events:?}");
    let names = names(&events);
    assert_eq!(names.last(), Some(&"summary"));
    let report = &events.last().unwrap()["report"];
    schema_support::check("verify", report);
    let solutions: BTreeSet<&str> = events
        .iter()
        .filter(|e| e["event"] == "solution")
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    let reported: BTreeSet<&str> = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["path"].as_str().unwrap())
        .collect();
    assert_eq!(solutions, reported);
    // Each test event names its submission, one of the report's.
    let tests: Vec<&Value> = events.iter().filter(|e| e["event"] == "test").collect();
    assert!(!tests.is_empty(), "{names:?}");
    for test in tests {
        assert!(
            reported.contains(test["solution"].as_str().unwrap()),
            "{test}"
        );
    }
}

#[test]
fn json_and_json_lines_together_are_a_usage_error() {
    let cache = cache();
    let out = spawn(
        &["judge", "hello", "x.cpp", "--json", "--json-lines"],
        cache.path(),
    )
    .wait_with_output()
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
