//! An ad-hoc problem given as programs on the command line (`tests/adhoc/`: `gen.py`,
//! `brute.py`, a testlib-style `chk.cpp`, solutions right and wrong, oj-style `tests/`),
//! through the real binary: `judge --tests` with answer files or the reference's answers and
//! with or without the checker, `stress` (with the input validator) finding the bug, the printed repro command and `gen`
//! giving the saved input byte for byte, and `gen` / `solve` of the trio.

use crate::folders_support;

use std::path::Path;

use folders_support::*;
use serde_json::Value;

/// The generator with its size argument: `gen.py SEED 10`.
const GEN: &str = "tests/adhoc/gen.py 10";
const BRUTE: &str = "tests/adhoc/brute.py";
const CHECKER: &str = "tests/adhoc/chk.cpp";
const VALIDATOR: &str = "tests/adhoc/validate.py";
const RIGHT: &str = "tests/adhoc/right.cpp";
const WRONG: &str = "tests/adhoc/wrong.cpp";
const TESTS: &str = "tests/adhoc/tests";

fn judge_json(args: &[&str]) -> (Run, Value) {
    let mut all = vec!["judge"];
    all.extend_from_slice(args);
    all.push("--json");
    let run = stressjudge(&all);
    let report = run.json();
    (run, report)
}

#[test]
fn judge_on_a_tests_folder_uses_the_checker() {
    let _heavy = heavy();
    let (run, report) = judge_json(&[RIGHT, "--tests", TESTS, "--checker", CHECKER]);
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC", "{report:#}");
    assert_eq!(report["problem"], "ad-hoc");
    let names: Vec<&str> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["1", "2", "3", "4"]);

    let (run, report) = judge_json(&[WRONG, "--tests", TESTS, "--checker", CHECKER]);
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");
    assert_eq!(
        report["message"], "3: WA: a[1] = -4 is not the maximum -2",
        "the checker's stderr is the reason"
    );

    // Without the checker, answers are compared token by token with the .out files: test 2
    // has a tie, and the right solution names the other index.
    let (run, report) = judge_json(&[RIGHT, "--tests", TESTS]);
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");
    assert!(
        report["message"].as_str().unwrap().starts_with("2: WA"),
        "{report:#}"
    );
}

#[test]
fn judge_asks_the_reference_for_missing_answers() {
    let _heavy = heavy();
    let dir = tempdir();
    for entry in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(TESTS)).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
    }
    let (run, report) = judge_json(&[
        RIGHT,
        "--tests",
        arg(dir.path()),
        "--ref",
        BRUTE,
        "--checker",
        CHECKER,
    ]);
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC", "{report:#}");
    let (run, report) = judge_json(&[
        WRONG,
        "--tests",
        arg(dir.path()),
        "--ref",
        BRUTE,
        "--checker",
        CHECKER,
    ]);
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");

    let line = stressjudge(&["judge", RIGHT, "--tests", arg(dir.path())]).one_line_error();
    assert!(
        line.contains("no reference") && line.contains("test 1 has no answer file"),
        "{line}"
    );
}

fn stress_json(solution: &str, out: &Path, extra: &[&str]) -> (Run, Value) {
    let mut all = vec![
        "stress",
        "--gen",
        GEN,
        "--ref",
        BRUTE,
        "--checker",
        CHECKER,
        "--validator",
        VALIDATOR,
        solution,
        "--json",
        "--out",
        arg(out),
    ];
    all.extend_from_slice(extra);
    let run = stressjudge(&all);
    let report = run.json();
    (run, report)
}

#[test]
fn stress_finds_the_bug_and_the_printed_repro_replays_it_byte_for_byte() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress_json(WRONG, out.path(), &["--seeds", "1..=30"]);
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA", "{report:#}");
    assert_eq!(report["problem"], "ad-hoc");
    let failure = first_failure(&report);
    assert_eq!(failure["kind"], "random");
    assert!(
        failure["detail"]
            .as_str()
            .unwrap()
            .contains("is not the maximum"),
        "{failure:#}"
    );
    let seed = failure["seed"].as_u64().unwrap();
    let input = failure["input"].as_str().unwrap();
    assert!(
        tokens(input)[1..].iter().all(|t| t.starts_with('-')),
        "wrong.cpp fails only when every value is negative: {input}"
    );
    let stem = out.path().join("random").join(seed.to_string());
    let saved = read(&stem.with_extension("in"));
    assert_eq!(saved, input.as_bytes());
    assert!(!out.path().join("judge-error.in").exists());

    // gen with the same generator command prints the saved input.
    let seed_arg = seed.to_string();
    let generated = stressjudge(&["gen", "--gen", GEN, "--seed", &seed_arg]);
    generated.expect_code(0);
    assert_eq!(generated.stdout.as_bytes(), saved.as_slice());

    // The printed repro command (from SEED.json) reproduces it.
    let meta: Value =
        serde_json::from_slice(&read(Path::new(&format!("{}.json", stem.display())))).unwrap();
    let repro = meta["repro"].as_str().unwrap();
    assert!(
        repro.contains("--gen 'tests/adhoc/gen.py 10'")
            && repro.contains(&format!("--ref {BRUTE}"))
            && repro.contains(&format!("--checker {CHECKER}"))
            && repro.contains(&format!("--validator {VALIDATOR}"))
            && repro.contains(&format!("--seed {seed}")),
        "{repro}"
    );
    let save = tempdir();
    let replay = run_printed_command(repro, &["--save", arg(save.path()), "--json"]);
    assert_eq!(replay.code, 1, "{}", replay.describe());
    let replayed = replay.json();
    assert_eq!(replayed["verdict"], "WA");
    assert_eq!(replayed["input"], input);
    assert_eq!(read(&save.path().join(format!("{seed}.in"))), saved);

    // The right solution passes the same seeds: the checker accepts the other tie index.
    let (run, report) = stress_json(RIGHT, out.path(), &["--seeds", "1..=30"]);
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC", "{report:#}");
    assert_eq!(report["inputs"], 30);
}

/// An ad-hoc failure shrinks, without knowing the input format, to a few tokens (the generic
/// shrinker, `crates/shrink`).
#[test]
fn stress_shrinks_an_ad_hoc_failure_to_a_few_tokens() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress_json(WRONG, out.path(), &["--seeds", "1..=30"]);
    run.expect_code(1);
    let failure = first_failure(&report);
    let shrunk = tokens(failure["shrunk_input"].as_str().unwrap());
    assert_eq!(
        shrunk.len(),
        3,
        "n = 2 and two values, the first not the maximum: {failure:#}"
    );
    assert_eq!(shrunk[0], "2");
    let values: Vec<i64> = shrunk[1..].iter().map(|t| t.parse().unwrap()).collect();
    assert!(values[0] < values[1] && values[1] <= 0, "{failure:#}");
    assert!(failure["shrink_steps"].as_u64().unwrap() > 0, "{failure:#}");
    assert!(failure["shrink_runs"].as_u64().unwrap() > 0, "{failure:#}");
}

#[test]
fn solve_and_gen_of_the_trio() {
    let solved = stressjudge(&["solve", "--ref", BRUTE, "tests/adhoc/tests/2.in"]);
    solved.expect_code(0);
    assert_eq!(solved.stdout, "2\n");
    let piped = run_with_stdin(&["solve", "--ref", BRUTE], Some(b"3\n-1 -1 -1\n"));
    piped.expect_code(0);
    assert_eq!(piped.stdout, "1\n");

    let a = stressjudge(&["gen", "--gen", GEN, "--seed", "4"]);
    a.expect_code(0);
    let n: usize = tokens(&a.stdout)[0].parse().unwrap();
    assert_eq!(tokens(&a.stdout).len(), n + 1);
    // `{seed}` puts the seed where it stands: `gen.py 4 10` either way.
    let b = stressjudge(&[
        "gen",
        "--gen",
        "tests/adhoc/gen.py {seed} 10",
        "--seed",
        "4",
    ]);
    assert_eq!(a.stdout, b.stdout);

    let line = stressjudge(&["judge", RIGHT, "--ref", BRUTE]).one_line_error();
    assert!(line.contains("no tests"), "{line}");
    let line = stressjudge(&["stress", "--ref", BRUTE, RIGHT]).one_line_error();
    assert!(line.contains("no generator"), "{line}");
    let line = stressjudge(&[
        "stress",
        "--gen",
        "tests/adhoc/nope.py",
        "--ref",
        BRUTE,
        RIGHT,
    ])
    .one_line_error();
    assert!(
        line.contains("tests/adhoc/nope.py") && line.contains("not found"),
        "{line}"
    );
}

/// The reference answer cache must not outlive the files a reference reads: a Python brute
/// force importing a helper beside it gets new answers when the helper changes (stale ones
/// would blame a correct candidate).
#[test]
fn a_reference_helper_edited_between_runs_is_not_answered_from_the_cache() {
    let dir = tempdir();
    write(
        dir.path(),
        "helper.py",
        "def answer(n):\n    return 2 * n\n",
    );
    let brute = write(
        dir.path(),
        "brute.py",
        "from helper import answer\nprint(answer(int(input())))\n",
    );
    let generator = write(
        dir.path(),
        "gen.py",
        "import random, sys\nprint(random.Random(int(sys.argv[1])).randint(1, 9))\n",
    );
    let double = write(dir.path(), "double.py", "print(2 * int(input()))\n");
    let triple = write(dir.path(), "triple.py", "print(3 * int(input()))\n");
    let stress = |solution: &Path| {
        let out = tempdir();
        stressjudge(&[
            "stress",
            "--gen",
            arg(&generator),
            "--ref",
            arg(&brute),
            arg(solution),
            "--seeds",
            "1..=3",
            "--json",
            "--out",
            arg(out.path()),
        ])
    };
    stress(&double).expect_code(0);
    write(
        dir.path(),
        "helper.py",
        "def answer(n):\n    return 3 * n  # tripled\n",
    );
    stress(&triple).expect_code(0);
    stress(&double).expect_code(1);
}
