//! Interactive and multi-pass problems through the real binary, with fixtures of our own under
//! `tests/interactive/`: a Kattis-convention interactive folder (`guess/`) whose submissions
//! cover every edge case, a testlib interactor with a checker on its output file (`testlib/`),
//! a multi-pass folder (`doubling/`), broken interactors, and ad-hoc stress finding a solution
//! that fails only on one edge of the hidden state, shrinking it and reproducing it.

mod folders_support;

use folders_support::*;
use serde_json::Value;

const GUESS: &str = "tests/interactive/guess";
const INTERACTOR: &str = "tests/interactive/guess/output_validators/interactor/interactor.cpp";
const GEN: &str = "tests/interactive/gen.py";
const VALIDATOR: &str = "tests/interactive/guess/input_validators/validate.py";
const MISSES_THE_TOP: &str = "tests/interactive/guess/submissions/wrong_answer/misses_the_top.cpp";

fn solutions(report: &Value) -> Vec<(String, String, String)> {
    report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["path"].as_str().unwrap().to_string(),
                s["expected"].as_str().unwrap_or("").to_string(),
                s["got"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn verify_gives_every_edge_case_its_folders_verdict() {
    let _heavy = heavy();
    // Accepted; wrong final answer (only when the number is n); too many queries; a malformed
    // query; exits 0 early; extra output after the end: WA. Closes stdout and keeps running:
    // TLE (as problemtools). Exits 1 after a reply: RE. Never flushes: TLE (idleness).
    let run = stressjudge(&["verify", GUESS, "--json"]);
    let report = run.json();
    run.expect_code(0);
    let got = solutions(&report);
    assert_eq!(got.len(), 9, "{report:#}");
    for (path, expected, verdict) in &got {
        assert_eq!(expected, verdict, "{path}\n{report:#}");
    }
    for name in [
        "misses_the_top",
        "linear",
        "malformed",
        "exits_early",
        "closes_stdout",
        "extra_output",
        "never_flushes",
        "exit1_after_reply",
    ] {
        assert!(
            got.iter().any(|(p, _, _)| p.contains(name)),
            "{name} was verified"
        );
    }
}

#[test]
fn judge_explains_each_failure_with_the_interactors_message_and_the_transcript() {
    let _heavy = heavy();
    let cases = [
        ("wrong_answer/linear.cpp", "WA", "too many queries"),
        ("wrong_answer/malformed.cpp", "WA", "malformed query"),
        (
            "wrong_answer/exits_early.cpp",
            "WA",
            "ended before answering",
        ),
        (
            "wrong_answer/extra_output.cpp",
            "WA",
            "extra output after the final answer",
        ),
        (
            "time_limit_exceeded/closes_stdout.cpp",
            "TLE",
            "idle: waiting for input",
        ),
        ("run_time_error/exit1_after_reply.cpp", "RE", "exit code 1"),
        (
            "time_limit_exceeded/never_flushes.cpp",
            "TLE",
            "idle: waiting for input (did it flush its output?): Idleness limit exceeded",
        ),
    ];
    for (solution, verdict, detail) in cases {
        let path = format!("{GUESS}/submissions/{solution}");
        let run = stressjudge(&["judge", GUESS, &path, "--json"]);
        run.expect_code(1);
        let report = run.json();
        assert_eq!(report["verdict"], verdict, "{solution}\n{report:#}");
        let failing = report["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["verdict"] == verdict)
            .unwrap_or_else(|| panic!("{solution}: no {verdict} test\n{report:#}"))
            .clone();
        let shown = failing["detail"].as_str().unwrap();
        assert!(shown.contains(detail), "{solution}: {shown}");
        let transcript = failing["transcript"].as_str().unwrap_or_else(|| {
            panic!("{solution}: a failing interactive test carries its transcript\n{failing:#}")
        });
        assert!(
            transcript.lines().next().unwrap().starts_with('<'),
            "the conversation starts with the range the interactor sends: {transcript}"
        );
    }
    // The terminal report shows the conversation too.
    let run = stressjudge(&[
        "judge",
        GUESS,
        &format!("{GUESS}/submissions/wrong_answer/linear.cpp"),
    ]);
    run.expect_code(1);
    assert!(
        run.stdout
            .contains("interaction (> candidate wrote, < candidate read):"),
        "{}",
        run.describe()
    );
    assert!(run.stdout.contains(">? 1\n"), "{}", run.describe());
    let run = stressjudge(&[
        "judge",
        GUESS,
        &format!("{GUESS}/submissions/accepted/binary.cpp"),
        "--json",
    ]);
    run.expect_code(0);
    assert_eq!(run.json()["verdict"], "AC");
}

#[test]
fn ad_hoc_stress_finds_the_edge_shrinks_it_and_repro_reproduces_it() {
    let _heavy = heavy();
    let out = tempdir();
    let out_dir = out.path().to_str().unwrap();
    let run = stressjudge(&[
        "stress",
        "--gen",
        GEN,
        "--validator",
        VALIDATOR,
        "--interactor",
        INTERACTOR,
        MISSES_THE_TOP,
        "--seeds",
        "1..300",
        "--out",
        out_dir,
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    let failure = &report["failures"][0];
    assert_eq!(failure["verdict"], "WA", "{report:#}");
    assert_eq!(failure["detail"], "wrong final answer");
    // Fails only when the hidden number is n; the smallest such state is `2 2` (with n = 1 the
    // only guess is right).
    assert_eq!(failure["shrunk_input"], "2 2\n", "{report:#}");
    assert_eq!(failure["transcript"], "<2\n>! 1\n", "{report:#}");
    let input = failure["input"].as_str().unwrap();
    let (n, x) = input.trim().split_once(' ').unwrap();
    assert_eq!(n, x, "the failing hidden state is on the edge: {input}");
    let seed = failure["seed"].as_u64().unwrap().to_string();
    let stem = failure["file_stem"].as_str().unwrap();
    let saved = std::fs::read_to_string(out.path().join(format!("{stem}.out"))).unwrap();
    assert!(
        saved.starts_with(&format!("<{n}\n")),
        "the saved output is the conversation: {saved}"
    );

    let run = stressjudge(&[
        "repro",
        "--gen",
        GEN,
        "--validator",
        VALIDATOR,
        "--interactor",
        INTERACTOR,
        MISSES_THE_TOP,
        "--seed",
        &seed,
        "--kind",
        "random",
        "--json",
    ]);
    run.expect_code(1);
    let repro = run.json();
    assert_eq!(repro["verdict"], "WA", "{repro:#}");
    assert_eq!(repro["input"], input);

    // The right solution passes the same seeds.
    let run = stressjudge(&[
        "stress",
        "--gen",
        GEN,
        "--interactor",
        INTERACTOR,
        &format!("{GUESS}/submissions/accepted/binary.cpp"),
        "--seeds",
        "1..30",
        "--out",
        out_dir,
    ]);
    run.expect_code(0);
}

#[test]
fn a_testlib_interactor_hands_its_output_file_to_the_checker() {
    let _heavy = heavy();
    let base = [
        "--gen",
        GEN,
        "--validator",
        VALIDATOR,
        "--ref",
        "tests/interactive/testlib/ref.py",
        "--checker",
        "tests/interactive/testlib/chk.cpp",
        "--interactor",
        "tests/interactive/testlib/interactor.cpp",
        "--interactor-convention",
        "testlib",
    ];
    let out = tempdir();
    let mut args = vec!["stress"];
    args.extend(base);
    args.extend([
        MISSES_THE_TOP,
        "--seeds",
        "1..300",
        "--out",
        out.path().to_str().unwrap(),
        "--json",
    ]);
    let run = stressjudge(&args);
    run.expect_code(1);
    let report = run.json();
    let failure = &report["failures"][0];
    assert_eq!(failure["verdict"], "WA", "{report:#}");
    // The message is the checker's, which read the interactor's OUTPUT file.
    assert_eq!(
        failure["detail"], "guessed 1, the number was 2",
        "{report:#}"
    );
    assert_eq!(failure["shrunk_input"], "2 2\n");

    let mut args = vec!["stress"];
    args.extend(base);
    args.extend([
        "tests/interactive/guess/submissions/accepted/binary.cpp",
        "--seeds",
        "1..20",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    stressjudge(&args).expect_code(0);
    // Too many queries: the interactor's own WA (exit 1), before any checker.
    let mut args = vec!["stress"];
    args.extend(base);
    args.extend([
        "tests/interactive/guess/submissions/wrong_answer/malformed.cpp",
        "--seeds",
        "1..3",
        "--out",
        out.path().to_str().unwrap(),
        "--json",
    ]);
    let run = stressjudge(&args);
    run.expect_code(1);
    let detail = run.json()["failures"][0]["detail"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        detail.contains("presentation error: expected ? or !"),
        "{detail}"
    );
}

#[test]
fn a_multi_pass_folder_runs_the_next_pass_the_validator_asks_for() {
    let _heavy = heavy();
    let run = stressjudge(&["verify", "tests/interactive/doubling", "--json"]);
    run.expect_code(0);
    let report = run.json();
    for (path, expected, got) in solutions(&report) {
        assert_eq!(expected, got, "{path}\n{report:#}");
    }
    let run = stressjudge(&[
        "judge",
        "tests/interactive/doubling",
        "tests/interactive/doubling/submissions/wrong_answer/second_pass_wrong.py",
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    // The first pass is right; the second, on the validator's nextpass.in, is wrong.
    assert_eq!(
        report["tests"][0]["detail"], "pass 2: expected 12 (pass 2)",
        "{report:#}"
    );
}

#[test]
fn a_broken_interactor_is_a_judge_error_never_the_candidates_verdict() {
    let _heavy = heavy();
    let tests = tempdir();
    std::fs::write(tests.path().join("1.in"), "5 3\n").unwrap();
    std::fs::write(tests.path().join("1.ans"), "").unwrap();
    let dir = tests.path().to_str().unwrap();
    let cases = [
        ("crash", "crashed (killed by SIGABRT)"),
        ("hang", "was stopped after"),
        (
            "code",
            "exited with 7, neither 42 (accepted) nor 43 (wrong answer)",
        ),
    ];
    for (how, message) in cases {
        let interactor = format!("tests/interactive/broken_{how}.py");
        let run = stressjudge(&[
            "judge",
            &format!("{GUESS}/submissions/accepted/binary.cpp"),
            "--tests",
            dir,
            "--interactor",
            &interactor,
            "--time-limit",
            "1s",
        ]);
        // A hanging interactor takes seconds: a progress line may come first.
        run.expect_code(2);
        assert!(
            run.stdout.is_empty() && !run.stderr.contains("panicked"),
            "{}",
            run.describe()
        );
        let line = run.stderr.lines().last().unwrap_or("");
        assert!(
            line.starts_with("stressjudge: error: "),
            "{}",
            run.describe()
        );
        assert!(
            line.contains(&format!("interactor {interactor}")),
            "{how}: {line}"
        );
        assert!(line.contains(message), "{how}: {line}");
    }
}
