//! Interactive and multi-pass problems through the real binary, with fixtures of our own under
//! `tests/interactive/`: a Kattis-convention interactive folder (`guess/`) whose submissions
//! cover every edge case, a testlib interactor with a checker on its output file (`testlib/`),
//! multi-pass folders (`doubling/`; `remember/`, whose validator keeps files in its feedback
//! folder between passes), a pseudo-interactive folder (`pseudo/`: the validator closes its
//! output first), broken interactors, and ad-hoc stress finding a solution that fails only on
//! one edge of the hidden state, shrinking it and reproducing it.

use crate::folders_support;

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
fn a_multi_pass_validator_keeps_its_feedback_folder_between_passes() {
    let _heavy = heavy();
    // The validator keeps the words and its pass number in its feedback folder in pass 1 and
    // needs them in pass 2 (as BAPCtools' validate.h does), and its nextpass.in is larger than
    // 64 KiB: a folder lost between passes or a cut nextpass.in is a judge error (exit 2).
    let run = stressjudge(&["verify", "tests/interactive/remember", "--json"]);
    run.expect_code(0);
    let report = run.json();
    let got = solutions(&report);
    assert_eq!(got.len(), 3, "{report:#}");
    for (path, expected, verdict) in &got {
        assert_eq!(expected, verdict, "{path}\n{report:#}");
    }
    let run = stressjudge(&[
        "judge",
        "tests/interactive/remember",
        "tests/interactive/remember/submissions/wrong_answer/forgets.py",
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    assert_eq!(
        report["tests"][0]["detail"], "pass 2: the words are not given back (pass 2)",
        "{report:#}"
    );
}

#[test]
fn a_validator_that_closes_its_output_gives_the_candidate_the_end_of_file() {
    let _heavy = heavy();
    // Pseudo-interactive: the validator prints the numbers and closes its output, then waits
    // for the sum; a submission reading to the end of file gets it at once (as DOMjudge and
    // BAPCtools run it), not when the validator has ended, which waits for the submission.
    let run = stressjudge(&["verify", "tests/interactive/pseudo", "--json"]);
    run.expect_code(0);
    let report = run.json();
    let got = solutions(&report);
    assert_eq!(got.len(), 2, "{report:#}");
    for (path, expected, verdict) in &got {
        assert_eq!(expected, verdict, "{path}\n{report:#}");
    }
}

#[test]
fn a_broken_interactor_is_a_judge_error_never_the_candidates_verdict() {
    let _heavy = heavy();
    let tests = tempdir();
    std::fs::write(tests.path().join("1.in"), "5 3\n").unwrap();
    std::fs::write(tests.path().join("1.ans"), "").unwrap();
    let dir = tests.path().to_str().unwrap();
    let cases = [
        ("kattis", "crash", "crashed (killed by SIGABRT)"),
        ("kattis", "hang", "was stopped after"),
        (
            "kattis",
            "code",
            "exited with 7, neither 42 (accepted) nor 43 (wrong answer)",
        ),
        // A testlib interactor's codes are 0 OK, 1 WA, 2 PE, 3 FAIL: 7 is outside them, and
        // FAIL is the judge saying it is wrong itself.
        ("testlib", "code", "crashed with exit code 7"),
        (
            "testlib",
            "fail",
            "says the judge is wrong (exit 3, FAIL) (stderr: FAIL the hidden number",
        ),
        ("testlib", "crash", "crashed (killed by SIGABRT)"),
    ];
    for (convention, how, message) in cases {
        let interactor = format!("tests/interactive/broken_{how}.py");
        let run = stressjudge(&[
            "judge",
            &format!("{GUESS}/submissions/accepted/binary.cpp"),
            "--tests",
            dir,
            "--interactor",
            &interactor,
            "--interactor-convention",
            convention,
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
            "{convention} {how}: {line}"
        );
        assert!(line.contains(message), "{convention} {how}: {line}");
    }
}

/// Copies the folder `from` into `to` (files and folders, recursively).
fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

#[test]
fn a_folder_script_that_writes_test_files_is_not_taken_for_the_stress_generator() {
    let _heavy = heavy();
    // `doubling/generators/create_testcase.py` writes test files into the package and prints
    // nothing, as DOMjudge's example generators (hangman, jumble) do. No file names it as a
    // generator: tried on a copy, it is seen not to be one, so verify judges every submission
    // on the tests alone, says why in a note, and the package is never written to, whatever
    // the isolation.
    let copy = tempdir();
    let package = copy.path().join("doubling");
    copy_folder(std::path::Path::new("tests/interactive/doubling"), &package);
    let before = files_under(&package);
    for isolation in ["full", "basic"] {
        let run = stressjudge(&["verify", arg(&package), "--json", "--isolation", isolation]);
        run.expect_code(0);
        let report = run.json();
        for (path, expected, got) in solutions(&report) {
            assert_eq!(expected, got, "{path}\n{report:#}");
        }
        let notes = report["problems"][0]["notes"].to_string();
        assert!(
            notes.contains("no stress generator: generators/create_testcase.py")
                && notes.contains("tried on seed 1 it"),
            "{isolation}: {notes}"
        );
        assert_eq!(
            files_under(&package),
            before,
            "{isolation}: the package is untouched"
        );
    }
    // Asked to stress, the folder has no generator: one line naming the script, exit 2.
    let line = stressjudge(&[
        "stress",
        arg(&package),
        arg(&package.join("submissions/accepted/double.py")),
        "--seeds",
        "1..3",
    ])
    .one_line_error();
    assert!(
        line.contains("no stress generator: generator ")
            && line.contains("create_testcase.py")
            && line.contains("stressjudge.yaml or give --gen"),
        "{line}"
    );
    assert_eq!(
        files_under(&package),
        before,
        "stress leaves the package untouched"
    );

    // A script that crashes without its word list (DOMjudge's hangman generator) loses the
    // stress pass the same way, never a submission's verdict.
    write(
        &package,
        "generators/create_testcase.py",
        "import sys\nprint('Wordfile not found: /usr/share/dict/words')\nsys.exit(2)\n",
    );
    let run = stressjudge(&["verify", arg(&package), "--json"]);
    run.expect_code(0);
    let report = run.json();
    for (path, expected, got) in solutions(&report) {
        assert_eq!(expected, got, "{path}\n{report:#}");
    }
    let notes = report["problems"][0]["notes"].to_string();
    assert!(notes.contains("crashed with exit code 2"), "{notes}");

    // A script that does print an input for a seed is still the folder's generator.
    write(
        &package,
        "generators/create_testcase.py",
        "import sys\nprint(1, int(sys.argv[1]) % 7 + 1)\n",
    );
    let run = stressjudge(&["verify", arg(&package), "--json", "--stress-seeds", "3"]);
    run.expect_code(0);
    let report = run.json();
    assert!(
        !report["problems"][0]["notes"]
            .to_string()
            .contains("no stress generator"),
        "{report:#}"
    );
    let accepted = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["path"].as_str().unwrap().contains("double.py"))
        .unwrap()
        .clone();
    assert_eq!(accepted["source"], "all tests + stress", "{accepted:#}");
}

#[test]
fn sample_interactions_are_listed_and_shown_next_to_a_failing_samples_transcript() {
    let _heavy = heavy();
    // `list` shows every sample interaction, with or without a test beside it (2.interaction
    // has none: the legacy spec's "additional sample interaction protocols").
    let run = stressjudge(&["list", GUESS]);
    run.expect_code(0);
    for expected in [
        "sample interaction data/sample/1.interaction (> the solution writes, < it reads):\n  <10\n  >? 5\n  <>\n",
        "sample interaction data/sample/2.interaction (> the solution writes, < it reads):\n  <4\n  >? 3\n",
    ] {
        assert!(run.stdout.contains(expected), "{}", run.describe());
    }
    assert!(
        !run.stdout.contains(" | >? 5"),
        "no longer squeezed into a note: {}",
        run.describe()
    );

    // A submission that fails the sample: its transcript, then the sample interaction the
    // statement shows, in the JSON, the terminal, the HTML and the JUnit reports.
    let out = tempdir();
    let html = out.path().join("report.html");
    let junit = out.path().join("report.xml");
    let malformed = format!("{GUESS}/submissions/wrong_answer/malformed.cpp");
    let run = stressjudge(&[
        "judge",
        GUESS,
        &malformed,
        "--json",
        "--report",
        arg(&html),
        "--report",
        arg(&junit),
    ]);
    run.expect_code(1);
    let report = run.json();
    let tests = report["tests"].as_array().unwrap();
    let sample = tests.iter().find(|t| t["name"] == "sample/1").unwrap();
    assert_eq!(sample["verdict"], "WA", "{report:#}");
    let expected = std::fs::read_to_string(format!("{GUESS}/data/sample/1.interaction")).unwrap();
    assert_eq!(
        sample["sample_interaction"],
        expected.as_str(),
        "{sample:#}"
    );
    assert!(sample["transcript"].as_str().unwrap().starts_with("<10\n"));
    for secret in tests.iter().filter(|t| t["name"] != "sample/1") {
        assert!(secret["sample_interaction"].is_null(), "{secret:#}");
    }
    let header = "expected sample interaction (data/sample/1.interaction; > candidate writes, < candidate reads):";
    for file in [&html, &junit] {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(
            text.contains("expected sample interaction (data/sample/1.interaction;"),
            "{}: {text}",
            file.display()
        );
    }
    let run = stressjudge(&["judge", GUESS, &malformed]);
    run.expect_code(1);
    // The terminal indents the explanation under the failing test.
    let shown = format!("{header}\n    <10\n    >? 5\n    <>\n");
    assert!(run.stdout.contains(&shown), "{}", run.describe());
    let transcript_at = run.stdout.find("interaction (> candidate wrote").unwrap();
    assert!(
        transcript_at < run.stdout.find(header).unwrap(),
        "{}",
        run.describe()
    );
}

#[test]
fn a_candidate_that_stops_reading_is_stopped_at_its_limit_not_blamed_on_the_interactor() {
    let _heavy = heavy();
    // Both pipes fill up and both sides wait. The candidate is stopped at its limit; the
    // interactor, blocked on its full pipe, is freed by the harness draining what it still
    // writes, reads the end of file and ends: TLE, as problemtools gives, never a judge error.
    let tests = tempdir();
    std::fs::write(tests.path().join("1.in"), "5 3\n").unwrap();
    std::fs::write(tests.path().join("1.ans"), "").unwrap();
    let started = std::time::Instant::now();
    let run = stressjudge(&[
        "judge",
        "tests/interactive/never_reads.cpp",
        "--tests",
        arg(tests.path()),
        "--interactor",
        "tests/interactive/replies_forever.py",
        "--time-limit",
        "1s",
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    assert_eq!(report["verdict"], "TLE", "{report:#}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "the interactor did not wait for its backstop: {:?}",
        started.elapsed()
    );
}
