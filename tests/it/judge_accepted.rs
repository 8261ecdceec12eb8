//! Issue 3's acceptance through the real binary: the accepted C++ and Python solution of every
//! built-in problem is AC on the whole fixed test set of `stressjudge judge PROBLEM FILE
//! --json`, the JSON report keeps its public contract, and user mistakes exit with code 2 and
//! one line on stderr.

use crate::judge_binary;

use judge_binary::{judge, names, one_at_a_time, repo_file, Judged};
use serde_json::Value;
use stressjudge::catalog;
use stressjudge::judge::Verdict;

/// The fixed test set's names: `sample-1..` (one per statement sample), `edge-1..4`,
/// `random-1..4`, `max-1..2`.
fn expected_names(problem: &str) -> Vec<String> {
    let samples = catalog::builtins()
        .into_iter()
        .find(|b| b.rules().id() == problem)
        .unwrap()
        .rules()
        .samples()
        .len();
    assert!(samples >= 1, "{problem} has no sample");
    let mut names: Vec<String> = (1..=samples).map(|i| format!("sample-{i}")).collect();
    for (kind, count) in [("edge", 4), ("random", 4), ("max", 2)] {
        names.extend((1..=count).map(|i| format!("{kind}-{i}")));
    }
    names
}

/// Asserts the public shape of a judge report: `problem`, `solution`, `verdict`, `message`,
/// `tests`, each test with `name`, `verdict`, `cpu_ms`, `wall_ms`, `memory_kib`.
fn assert_contract(judged: &Judged, problem: &str, solution: &str) -> Value {
    let json = judged.json();
    let why = judged.describe();
    assert_eq!(json["problem"].as_str(), Some(problem), "{why}");
    assert_eq!(json["solution"].as_str(), Some(solution), "{why}");
    let verdict = json["verdict"].as_str().unwrap_or("");
    assert!(Verdict::from_name(verdict).is_some(), "{why}");
    assert!(json["message"].is_string(), "{why}");
    let tests = json["tests"].as_array().expect("tests is an array");
    for test in tests {
        assert!(test["name"].is_string(), "{test}");
        let verdict = test["verdict"].as_str().unwrap_or("");
        assert!(Verdict::from_name(verdict).is_some(), "{test}");
        for field in ["cpu_ms", "wall_ms", "memory_kib"] {
            assert!(test[field].is_u64(), "`{field}` in {test}");
        }
        assert!(test["memory_kib"].as_u64() > Some(0), "{test}");
    }
    json
}

/// Judges `solutions/PROBLEM/accepted/FILE` and asserts AC on every test of the fixed set.
fn assert_accepted(problem: &str, file: &str) {
    let path = repo_file(&format!("solutions/{problem}/accepted/{file}"));
    let path = path.to_string_lossy();
    let judged = {
        let _cpu = one_at_a_time();
        judge(&[problem, &path, "--json"])
    };
    let json = assert_contract(&judged, problem, &path);
    let why = judged.describe();
    assert_eq!(judged.code, 0, "{why}");
    assert_eq!(json["verdict"], "AC", "{why}");
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(names(tests), expected_names(problem), "{why}");
    for test in tests {
        assert_eq!(test["verdict"], "AC", "{test}");
        assert_eq!(test["label"], "AC", "{test}");
    }
    assert_eq!(
        json["message"],
        format!("all {} tests passed", tests.len()),
        "{why}"
    );
}

#[test]
fn david_vs_david_cpp_is_accepted() {
    assert_accepted("david-vs-david", "isqrt_beatty.cpp");
}

#[test]
fn david_vs_david_python_is_accepted() {
    assert_accepted("david-vs-david", "isqrt_beatty.py");
}

#[test]
fn game_of_stones_cpp_is_accepted() {
    assert_accepted("game-of-stones", "closed_form.cpp");
}

#[test]
fn game_of_stones_python_is_accepted() {
    assert_accepted("game-of-stones", "closed_form.py");
}

#[test]
fn king_game_cpp_is_accepted() {
    assert_accepted("king-game", "band_bitsets.cpp");
}

#[test]
fn king_game_python_is_accepted() {
    assert_accepted("king-game", "closed_form_runs.py");
}

/// A failing report keeps the same contract: a wrong answer on some tests still lists every
/// test, and the overall verdict is that of the first failing test.
#[test]
fn a_failing_report_keeps_the_contract() {
    let judged = judge(&["game-of-stones", "--cmd", "echo Petyr", "--json"]);
    let json = assert_contract(&judged, "game-of-stones", "echo Petyr");
    assert_eq!(judged.code, 1, "{}", judged.describe());
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(names(tests), expected_names("game-of-stones"));
    let first_wa = tests
        .iter()
        .find(|t| t["verdict"] != "AC")
        .expect("`Petyr` is wrong somewhere");
    assert_eq!(first_wa["verdict"], "WA");
    assert_eq!(json["verdict"], "WA");
    assert!(
        tests.iter().any(|t| t["verdict"] == "AC"),
        "sample 1's answer is Petyr: {}",
        judged.describe()
    );
}

/// A usage error: exit code 2, nothing on stdout (not even with `--json`), one line on
/// stderr containing `needle`.
fn assert_usage_error(args: &[&str], needle: &str) {
    let judged = judge(args);
    let why = judged.describe();
    assert_eq!(judged.code, 2, "{why}");
    assert_eq!(judged.stdout, "", "{why}");
    assert_eq!(judged.stderr.lines().count(), 1, "{why}");
    assert!(judged.stderr.ends_with('\n'), "{why}");
    assert!(judged.stderr.contains(needle), "{why}");
}

#[test]
fn unknown_problem_is_a_usage_error() {
    let solution = repo_file("solutions/king-game/accepted/band_bitsets.cpp");
    assert_usage_error(
        &["king-gamez", &solution.to_string_lossy(), "--json"],
        "unknown problem `king-gamez`",
    );
}

#[test]
fn missing_file_is_a_usage_error() {
    assert_usage_error(
        &["david-vs-david", "/no/such/solution.cpp", "--json"],
        "`/no/such/solution.cpp` not found",
    );
}

#[test]
fn bad_limit_syntax_is_a_usage_error() {
    let solution = repo_file("solutions/david-vs-david/accepted/isqrt_beatty.py");
    let solution = solution.to_string_lossy();
    assert_usage_error(
        &[
            "david-vs-david",
            &solution,
            "--json",
            "--time-limit",
            "2 sec",
        ],
        "bad time `2 sec`",
    );
    assert_usage_error(
        &[
            "david-vs-david",
            &solution,
            "--json",
            "--memory-limit",
            "5 floppies",
        ],
        "bad size `5 floppies`",
    );
}
