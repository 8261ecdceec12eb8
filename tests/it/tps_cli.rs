//! IOI's TPS tasks through the real binary, on the task of `tests/tps/`, written for these
//! tests:
//!
//! - `prod`: a Batch task with a C++ grader (`grader/cpp/grader.cpp` and its header) compiled
//!   with every solution, three subtasks in `subtasks.json` (samples, small, big) whose tests
//!   come from `gen/data` (a `manual` test, a Python generator, `@include`), a global validator
//!   and a subtask's validator with an argument, a checker speaking TPS's protocol (score on
//!   stdout, verdict on stderr) that gives half to an answer one too large, and solutions whose
//!   `solutions.json` verdicts (with `except` maps) cover correct, incorrect, time limit and
//!   partially correct.
//!
//! `verify` keeps every verdict subtask by subtask with each solution's score; `judge` gives
//! each subtask's score; `list` shows the subtasks; `generate` writes TPS's `tests/` with its
//! `mapping`; `stress` runs a subtask's generator line with the seed appended and names the
//! subtask; a broken verdict names the subtask, the test and both sides; bad tasks are one
//! line naming the file and line, exit 2.

use crate::folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;
use serde_json::Value;

const PROD: &str = "tests/tps/prod";

/// Copies the task `name` of `tests/tps/` into `dir` and returns its path.
fn copy_of(dir: &Path, name: &str) -> PathBuf {
    let target = dir.join(name);
    copy_dir(&root().join("tests/tps").join(name), &target);
    target
}

/// Replaces `old` by `new` in the file `name` of the task `task`.
fn edit(task: &Path, name: &str, old: &str, new: &str) {
    let file = task.join(name);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(old), "{old} in {name}");
    std::fs::write(&file, text.replacen(old, new, 1)).unwrap();
}

/// A row's points: the total and `(subtask, earned)` of each subtask.
fn points(points: &Value) -> (f64, Vec<(String, f64)>) {
    let groups = (points["groups"].as_array().expect("groups").iter())
        .map(|g| {
            (
                g["group"].as_str().unwrap().to_string(),
                g["earned"].as_f64().unwrap(),
            )
        })
        .collect();
    (points["earned"].as_f64().expect("earned"), groups)
}

fn subtasks(pairs: &[(&str, f64)]) -> Vec<(String, f64)> {
    pairs.iter().map(|(n, p)| (n.to_string(), *p)).collect()
}

#[test]
fn verify_keeps_every_solutions_json_verdict_with_each_subtask_score() {
    let _heavy = heavy();
    let run = stressjudge(&["verify", PROD, "--json", "--stress-seeds", "0"]);
    run.expect_code(0);
    let report = run.json();
    let rows = rows_by_path_after(&report, "tests/tps/prod/");
    let expected = [
        ("solution/model.cpp", "AC", 100.0, [0.0, 30.0, 70.0]),
        ("solution/other.cpp", "AC", 100.0, [0.0, 30.0, 70.0]),
        ("solution/overflow.cpp", "WA", 30.0, [0.0, 30.0, 0.0]),
        ("solution/slow.cpp", "TLE", 30.0, [0.0, 30.0, 0.0]),
        ("solution/plus_one.cpp", "AC", 50.0, [0.0, 15.0, 35.0]),
    ];
    assert_eq!(rows.len(), expected.len(), "{:?}", rows.keys());
    for (path, verdict, total, [samples, small, big]) in expected {
        let row = rows
            .get(path)
            .unwrap_or_else(|| panic!("{path} in {rows:?}"));
        assert_eq!(row["status"], "match", "{path}: {row}");
        assert_eq!(row["got"], verdict, "{path}");
        assert_eq!(
            points(&row["points"]),
            (
                total,
                subtasks(&[("samples", samples), ("small", small), ("big", big)])
            ),
            "{path}"
        );
    }
}

#[test]
fn judge_gives_each_subtask_score_and_list_shows_the_subtasks() {
    let run = stressjudge(&[
        "judge",
        PROD,
        "tests/tps/prod/solution/overflow.cpp",
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    assert_eq!(report["verdict"], "WA");
    assert_eq!(
        points(&report["subtasks"]),
        (
            30.0,
            subtasks(&[("samples", 0.0), ("small", 30.0), ("big", 0.0)])
        )
    );
    let text = stressjudge(&["judge", PROD, "tests/tps/prod/solution/plus_one.cpp"]);
    text.expect_code(0);
    assert!(
        text.stdout
            .contains("score: 50 of 100 points (small 15/30, big 35/70)"),
        "{}",
        text.describe()
    );

    let run = stressjudge(&["list", PROD]);
    run.expect_code(0);
    for line in [
        "Product              0.5s   256 MiB  small, big",
        "group samples: 0 points (index 0, GroupMin), tests 0",
        "group small: 30 points (index 1, GroupMin), tests 1 2 3",
        "group big: 70 points (index 2, GroupMin), tests 0 1 2 3 4 5",
        "validator: validator/bound.py (subtask small)",
        "grader: grader/cpp (grader/cpp/grader.cpp, grader/cpp/prod.h)",
        "solution: solution/slow.cpp (time_limit, except samples: correct, small: correct)",
    ] {
        assert!(run.stdout.contains(line), "{line}\n{}", run.describe());
    }
}

#[test]
fn generate_writes_tps_tests_folder_with_its_mapping() {
    let out = tempdir();
    let run = stressjudge(&["generate", PROD, "--out", arg(out.path())]);
    run.expect_code(0);
    assert_eq!(read(&out.path().join("0-01.in")), b"6 7\n");
    assert_eq!(read(&out.path().join("0-01.out")), b"42\n");
    let input: Vec<u64> = String::from_utf8(read(&out.path().join("2-02.in")))
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(input[0] >= 500_000_000, "{input:?}");
    let answer = String::from_utf8(read(&out.path().join("2-02.out"))).unwrap();
    assert_eq!(answer.trim(), (input[0] * input[1]).to_string());
    let mapping = String::from_utf8(read(&out.path().join("mapping"))).unwrap();
    assert_eq!(
        mapping,
        "samples 0-01\nsmall 1-01\nsmall 1-02\nsmall 1-03\n\
         big 0-01\nbig 1-01\nbig 1-02\nbig 1-03\nbig 2-01\nbig 2-02\n"
    );
}

#[test]
fn a_broken_verdict_names_the_subtask_the_test_and_both_sides() {
    let _heavy = heavy();
    let dir = tempdir();
    let task = copy_of(dir.path(), "prod");
    for gone in ["slow.cpp", "plus_one.cpp", "other.cpp"] {
        std::fs::remove_file(task.join("solution").join(gone)).unwrap();
    }
    std::fs::write(
        task.join("solutions.json"),
        "{\n\"model.cpp\": {\"verdict\": \"model_solution\"},\n\"overflow.cpp\": {\n  \"verdict\": \"incorrect\",\n  \"except\": {\"samples\": \"correct\",\n    \"small\": \"correct\",\n    \"big\": \"time_limit\"}\n}\n}\n",
    )
    .unwrap();
    let run = stressjudge(&["verify", arg(&task), "--stress-seeds", "0", "--json"]);
    run.expect_code(1);
    let report = run.json();
    let row = (report["solutions"].as_array().unwrap().iter())
        .find(|r| r["path"].as_str().unwrap().ends_with("overflow.cpp"))
        .unwrap();
    assert_eq!(row["status"], "mismatch", "{row}");
    assert_eq!(
        row["broken"][0],
        "subtask big: test 2-01 got WA, but `time_limit` wants every test scoring or TLE \
         (solutions.json line 7)"
    );
}

#[test]
fn stress_runs_a_subtask_s_generator_line_and_names_the_subtask() {
    let _heavy = heavy();
    let run = stressjudge(&[
        "stress",
        PROD,
        "tests/tps/prod/solution/overflow.cpp",
        "--kind",
        "big",
        "--seeds",
        "1..20",
    ]);
    run.expect_code(1);
    let text = format!("{}{}", run.stdout, run.stderr);
    assert!(text.contains("(big kind): WA"), "{}", run.describe());
    let run = stressjudge(&[
        "stress",
        PROD,
        "tests/tps/prod/solution/overflow.cpp",
        "--kind",
        "small",
        "--seeds",
        "1..10",
    ]);
    run.expect_code(0);
}

/// A broken copy of the task: how it is broken, the command run and the error wanted.
type BadCase = (Box<dyn Fn(&Path)>, &'static str, &'static str);

#[test]
fn bad_tasks_are_one_line_naming_the_file_and_line() {
    let dir = tempdir();
    let cases: Vec<BadCase> = vec![
        (
            Box::new(|t| edit(t, "gen/data", "gen 10 three", "gen2 10 three")),
            "list",
            "gen/data line 7: `gen2` names no generator: there is no gen/gen2.* (nor a test \
             command manual or copy)",
        ),
        (
            Box::new(|t| {
                edit(
                    t,
                    "solutions.json",
                    "\"correct\"\n\t},",
                    "\"model_solution\"\n\t},",
                )
            }),
            "list",
            "solutions.json line 5: other.cpp is a second model_solution (model.cpp on line 2 is \
             one already; exactly one writes the answers)",
        ),
        (
            Box::new(|t| {
                edit(
                    t,
                    "solutions.json",
                    "\"small\": \"correct\"",
                    "\"huge\": \"correct\"",
                )
            }),
            "list",
            "solutions.json line 12: overflow.cpp: `except` names the subtask huge, which \
             subtasks.json does not have (samples, small, big)",
        ),
        (
            Box::new(|t| edit(t, "problem.json", "\"Batch\"", "\"OutputOnly\"")),
            "verify",
            "problem.json line 5: `type: OutputOnly`: an output-only task is not supported \
             (stressjudge runs Batch and Communication tasks)",
        ),
        (
            Box::new(|t| {
                edit(
                    t,
                    "gen/data",
                    "@include samples small",
                    "@include samples smal",
                )
            }),
            "list",
            "gen/data line 10: `@include smal`: no test set smal is defined above",
        ),
        (
            Box::new(|t| edit(t, "checker/checker.py", "    print(1)\n", "    pass\n")),
            "judge",
            "checker/checker.py printed no score on stdout (a number from 0 to 1 is due)",
        ),
        (
            Box::new(|t| {
                edit(
                    t,
                    "validator/bound.py",
                    "limit = int(sys.argv[1])",
                    "limit = 5",
                )
            }),
            "judge",
            "test 1-01 (gen/data line 5): validator of subtask small validator/bound.py \
             (subtasks.json line 12): input validator",
        ),
    ];
    for (i, (broken, command, wanted)) in cases.into_iter().enumerate() {
        let task = copy_of(&dir.path().join(i.to_string()), "prod");
        broken(&task);
        let run = match command {
            "judge" => stressjudge(&["judge", arg(&task), arg(&task.join("solution/other.cpp"))]),
            _ => stressjudge(&[command, arg(&task)]),
        };
        run.expect_code(2);
        let error = run.one_line_error();
        assert!(
            error.contains(wanted),
            "case {i}: {wanted}\n{}",
            run.describe()
        );
    }
}
