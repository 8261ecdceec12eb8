//! Problem folders as setters write them (`tests/problems/`), through the real binary: `verify`
//! gives every submission its folder's verdict (Kattis expectations, toolchains missing here
//! skipped, notices for what is skipped or unknown, a derived time limit said), `judge` runs
//! `data/sample` then `data/secret` with the folder's output validation, `stress` finds the
//! wrong submissions with the folder's generators and reference, `repro` and `gen` give the
//! saved input byte for byte, and a malformed folder is one line naming the file.
//!
//! - `maximum`: legacy format, no time limit (derived by problemtools' rule), an input
//!   validator in Python and a checktestdata script, generator kinds in `stressjudge.yaml`,
//!   C++/Python/Java/Kotlin submissions in every verdict folder, an unknown `python2/` folder;
//! - `anysum`: 2023-07 format, several right answers judged by a C++ output validator made of
//!   `validate.cc` + `validate.h`;
//! - `average`: legacy, `validator_flags: float_tolerance 1e-6`;
//! - `hello`: an empty input, and a Python 2 submission recognised by its shebang.

use crate::folders_support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use folders_support::*;
use serde_json::Value;

const MAXIMUM: &str = "tests/problems/maximum";
const ANYSUM: &str = "tests/problems/anysum";
const AVERAGE: &str = "tests/problems/average";
const HELLO: &str = "tests/problems/hello";

/// Whether `name` is a program on `PATH`.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

/// A submission of a problem folder: `FOLDER/submissions/CATEGORY/NAME`.
fn submission(folder: &str, relative: &str) -> String {
    format!("{folder}/submissions/{relative}")
}

/// Asserts a verify row was judged, got `got` and matched its folder's expectation.
fn assert_row(rows: &BTreeMap<String, Value>, submission: &str, category: &str, got: &str) {
    let row = rows
        .get(submission)
        .unwrap_or_else(|| panic!("{submission} not verified: {rows:#?}"));
    assert_eq!(row["category"], category, "{row:#}");
    assert_eq!(row["got"], got, "{row:#}");
    assert_eq!(row["ok"], true, "{row:#}");
    assert_eq!(row["skipped"], Value::Null, "{row:#}");
}

/// Asserts a verify row was skipped for want of a toolchain, with a reason naming `tool`.
fn assert_skipped(rows: &BTreeMap<String, Value>, submission: &str, tool: &str) {
    let row = &rows[submission];
    let why = row["skipped"]
        .as_str()
        .unwrap_or_else(|| panic!("{submission} was not skipped: {row:#}"));
    assert!(why.contains(tool), "{why}");
}

/// The notes `verify --json` gives for the problem `id`.
fn notes_of(report: &Value, id: &str) -> Vec<String> {
    let problem = report["problems"]
        .as_array()
        .expect("problems array")
        .iter()
        .find(|p| p["problem"] == id)
        .unwrap_or_else(|| panic!("{id} not in {report:#}"));
    problem["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

fn has_note(notes: &[String], needle: &str) -> bool {
    notes.iter().any(|n| n.contains(needle))
}

#[test]
fn verify_gives_every_maximum_submission_its_folder_verdict() {
    let _heavy = heavy();
    let run = stressjudge(&["verify", MAXIMUM, "--json", "--stress-seeds", "2"]);
    run.expect_code(0);
    let report = run.json();
    assert_eq!(report["ok"], true, "{report:#}");
    let rows = rows_by_submission(&report);
    let listed: BTreeSet<&str> = rows.keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = [
        "accepted/Max.java",
        "accepted/max.cpp",
        "accepted/max.kt",
        "accepted/max.py",
        "wrong_answer/max_from_zero.cpp",
        "wrong_answer/skips_last.py",
        "time_limit_exceeded/macro_recursion.cpp",
        "run_time_error/counting_array.cpp",
        "run_time_error/one_line.py",
    ]
    .into();
    assert_eq!(
        listed, expected,
        "every submission of a verdict folder, none of python2/"
    );
    for accepted in ["accepted/max.cpp", "accepted/max.py"] {
        assert_row(&rows, accepted, "accepted", "AC");
    }
    if on_path("javac") && on_path("java") {
        assert_row(&rows, "accepted/Max.java", "accepted", "AC");
    } else {
        eprintln!("NOTE: no JDK here: Max.java must be skipped");
        assert_skipped(&rows, "accepted/Max.java", "javac");
    }
    if on_path("kotlinc") {
        assert_row(&rows, "accepted/max.kt", "accepted", "AC");
    } else {
        assert_skipped(&rows, "accepted/max.kt", "kotlinc");
    }
    assert_row(
        &rows,
        "wrong_answer/max_from_zero.cpp",
        "wrong_answer",
        "WA",
    );
    assert_eq!(rows["wrong_answer/max_from_zero.cpp"]["source"], "sample/2");
    assert_row(&rows, "wrong_answer/skips_last.py", "wrong_answer", "WA");
    assert_row(
        &rows,
        "time_limit_exceeded/macro_recursion.cpp",
        "time_limit_exceeded",
        "TLE",
    );
    assert_row(&rows, "run_time_error/one_line.py", "run_time_error", "RE");
    // Its 800 MB vector fails at once under the address-space limit problemtools sets (the
    // memory limit), std::bad_alloc: a run-time error, the promise of run_time_error.
    assert_row(
        &rows,
        "run_time_error/counting_array.cpp",
        "run_time_error",
        "RE",
    );

    let notes = notes_of(&report, MAXIMUM);
    assert!(
        has_note(&notes, "skipped: python2/max_py2.py"),
        "{notes:#?}"
    );
    if !on_path("checktestdata") && !on_path("pyctd") {
        assert!(
            has_note(&notes, "format.ctd skipped: checktestdata is not installed"),
            "{notes:#?}"
        );
    }
    assert!(
        has_note(&notes, "no time limit in problem.yaml")
            && has_note(&notes, "slowest accepted submission")
            && has_note(&notes, "as problemtools sets it"),
        "{notes:#?}"
    );
    let problem = &report["problems"][0];
    let limit = problem["time_limit_ms"].as_u64().unwrap();
    assert!(
        limit >= 1000 && limit.is_multiple_of(1000),
        "a derived limit is a whole number of seconds (time_resolution 1): {limit}"
    );
    assert_eq!(problem["memory_limit_bytes"], 256u64 << 20);
}

#[test]
fn verify_gives_every_submission_of_the_other_folders_its_verdict() {
    let _heavy = heavy();
    let run = stressjudge(&[
        "verify",
        ANYSUM,
        AVERAGE,
        HELLO,
        "--json",
        "--stress-seeds",
        "3",
    ]);
    run.expect_code(0);
    let report = run.json();
    assert_eq!(report["ok"], true, "{report:#}");
    let by_problem = |id: &str| -> BTreeMap<String, Value> {
        let only = serde_json::json!({
            "solutions": report["solutions"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["problem"] == id)
                .cloned()
                .collect::<Vec<_>>()
        });
        rows_by_submission(&only)
    };

    let anysum = by_problem(ANYSUM);
    assert_eq!(anysum.len(), 5, "{anysum:#?}");
    assert_row(&anysum, "accepted/half.cpp", "accepted", "AC");
    // A program folder: main.cpp and split.h built together.
    assert_row(&anysum, "accepted/two_files", "accepted", "AC");
    assert_row(&anysum, "accepted/zero.py", "accepted", "AC");
    assert_row(&anysum, "wrong_answer/halves.cpp", "wrong_answer", "WA");
    assert_row(&anysum, "wrong_answer/minus_seven.py", "wrong_answer", "WA");
    // The output validator's judgemessage.txt is the reason shown.
    let detail = anysum["wrong_answer/minus_seven.py"]["detail"]
        .as_str()
        .unwrap();
    assert!(detail.contains("is not a non-negative integer"), "{detail}");
    // A clean 2023-07 folder: nothing but how its submissions' memory is limited.
    let notes = notes_of(&report, ANYSUM);
    assert!(
        notes.len() == 1 && notes[0].starts_with("memory: as problemtools runs submissions"),
        "a clean 2023-07 folder: {notes:#?}"
    );

    let average = by_problem(AVERAGE);
    assert_eq!(average.len(), 3, "{average:#?}");
    assert_row(&average, "accepted/seven_decimals.cpp", "accepted", "AC");
    assert_row(&average, "accepted/ten_decimals.py", "accepted", "AC");
    assert_row(
        &average,
        "wrong_answer/two_decimals.py",
        "wrong_answer",
        "WA",
    );

    let hello = by_problem(HELLO);
    assert_eq!(hello.len(), 4, "{hello:#?}");
    assert_row(&hello, "accepted/hello.c", "accepted", "AC");
    assert_row(&hello, "accepted/hello.py", "accepted", "AC");
    assert_row(&hello, "wrong_answer/no_comma.py", "wrong_answer", "WA");
    let py2 = &hello["accepted/hello_py2.py"];
    if py2["skipped"].is_null() {
        assert_row(&hello, "accepted/hello_py2.py", "accepted", "AC");
    } else {
        assert_skipped(&hello, "accepted/hello_py2.py", "python2");
    }

    for (id, limit) in [(ANYSUM, 1000), (AVERAGE, 1000), (HELLO, 1000)] {
        let problem = report["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["problem"] == id)
            .unwrap();
        assert_eq!(problem["time_limit_ms"], limit, "{problem:#}");
    }
}

/// `judge FOLDER SUBMISSION --json` with a fixed time limit (no derivation).
fn judge(folder: &str, relative: &str) -> (Run, Value) {
    let path = submission(folder, relative);
    let run = stressjudge(&["judge", folder, &path, "--json", "--time-limit", "1s"]);
    let report = run.json();
    (run, report)
}

fn test_names(report: &Value) -> Vec<String> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn judge_runs_samples_then_secret_tests_of_a_folder() {
    let _heavy = heavy();
    let (run, report) = judge(MAXIMUM, "accepted/max.cpp");
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC");
    assert_eq!(report["problem"], MAXIMUM);
    assert_eq!(
        test_names(&report),
        [
            "sample/1",
            "sample/2",
            "secret/large/05-max-last",
            "secret/large/06-all-negative",
            "secret/small/01-single",
            "secret/small/02-all-negative",
            "secret/small/03-max-last",
            "secret/small/04-zeros",
        ],
        "data/sample then data/secret, subfolders in name order"
    );

    let (run, report) = judge(MAXIMUM, "wrong_answer/max_from_zero.cpp");
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");
    let message = report["message"].as_str().unwrap();
    assert!(
        message.starts_with("sample/2: WA") && message.contains("expected \"-3\", found \"0\""),
        "{message}"
    );

    let (run, report) = judge(MAXIMUM, "wrong_answer/skips_last.py");
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");
    assert!(report["message"].as_str().unwrap().starts_with("sample/1"));

    let (run, report) = judge(MAXIMUM, "run_time_error/one_line.py");
    run.expect_code(1);
    assert_eq!(report["verdict"], "RE");
}

#[test]
fn judge_derives_a_missing_time_limit_from_the_accepted_submissions() {
    let _heavy = heavy();
    let path = submission(MAXIMUM, "accepted/max.py");
    let run = stressjudge(&["judge", MAXIMUM, &path, "--json"]);
    run.expect_code(0);
    let report = run.json();
    assert_eq!(report["verdict"], "AC");
    let limit = report["time_limit_ms"].as_u64().unwrap();
    assert!(limit >= 1000 && limit.is_multiple_of(1000), "{limit}");
    assert!(
        run.stderr.contains("deriving the time limit"),
        "{}",
        run.describe()
    );
}

#[test]
fn judge_uses_the_output_validator_of_a_2023_07_folder() {
    let _heavy = heavy();
    for accepted in ["accepted/half.cpp", "accepted/zero.py"] {
        // zero.py answers `0 n`, never the `.ans` file's pair: only the validator accepts it.
        let (run, report) = judge(ANYSUM, accepted);
        run.expect_code(0);
        assert_eq!(report["verdict"], "AC", "{accepted}: {report:#}");
        assert_eq!(report["tests"].as_array().unwrap().len(), 6);
    }
    let (run, report) = judge(ANYSUM, "wrong_answer/halves.cpp");
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");
    assert_eq!(
        report["message"], "secret/01-one: WA: 0 + 0 is not 1",
        "the validator's judgemessage.txt"
    );
    let (run, report) = judge(ANYSUM, "wrong_answer/minus_seven.py");
    run.expect_code(1);
    assert_eq!(
        report["message"],
        "sample/2: WA: a = `-7` is not a non-negative integer"
    );
}

#[test]
fn judge_compares_floats_with_the_folder_tolerance() {
    let _heavy = heavy();
    for accepted in ["accepted/ten_decimals.py", "accepted/seven_decimals.cpp"] {
        let (run, report) = judge(AVERAGE, accepted);
        run.expect_code(0);
        assert_eq!(report["verdict"], "AC", "{accepted}: {report:#}");
    }
    let (run, report) = judge(AVERAGE, "wrong_answer/two_decimals.py");
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");
    assert!(
        report["message"].as_str().unwrap().starts_with("sample/2"),
        "2.5 is exact with two decimals, 1.67 is not 5/3: {report:#}"
    );
}

#[test]
fn judge_runs_a_problem_whose_input_is_empty() {
    let _heavy = heavy();
    let (run, report) = judge(HELLO, "accepted/hello.c");
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC");
    assert_eq!(test_names(&report), ["sample/1", "secret/1"]);
    let (run, report) = judge(HELLO, "wrong_answer/no_comma.py");
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA");
}

/// `stress FOLDER SUBMISSION --json --out OUT ARGS...`.
fn stress(folder: &str, relative: &str, out: &Path, args: &[&str]) -> (Run, Value) {
    let path = submission(folder, relative);
    let mut all = vec!["stress", folder, &path, "--json", "--out", arg(out)];
    all.extend_from_slice(args);
    // A fixed limit: the derivation has its own test, and this keeps stress runs short.
    all.extend_from_slice(&["--time-limit", "1s"]);
    let run = stressjudge(&all);
    let report = run.json();
    (run, report)
}

#[test]
fn stress_finds_a_wrong_submission_with_the_large_kind_and_repro_replays_it() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress(
        MAXIMUM,
        "wrong_answer/max_from_zero.cpp",
        out.path(),
        &["--kind", "large", "--seeds", "1..=12"],
    );
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA", "{report:#}");
    let failure = first_failure(&report);
    assert_eq!(failure["kind"], "large");
    let seed = failure["seed"].as_u64().unwrap();
    let input = failure["input"].as_str().unwrap();
    let values: Vec<i64> = tokens(input)[1..]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(
        values.iter().all(|&v| v < 0),
        "only an all-negative array fails: {input}"
    );
    // `expected` and `actual` are those of the shrunk input.
    let shrunk: Vec<i64> = tokens(failure["shrunk_input"].as_str().unwrap())[1..]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(
        failure["expected"].as_str().unwrap().trim(),
        shrunk.iter().max().unwrap().to_string()
    );
    assert_eq!(failure["actual"], "0\n");

    let stem = out.path().join("large").join(seed.to_string());
    let saved_in = read(&stem.with_extension("in"));
    assert_eq!(saved_in, input.as_bytes());
    for ext in ["ans", "out", "min.in", "json"] {
        assert!(
            Path::new(&format!("{}.{ext}", stem.display())).is_file(),
            "{ext} saved"
        );
    }

    // `gen` prints the saved input byte for byte.
    let seed_arg = seed.to_string();
    let generated = run_gen(&[MAXIMUM, "--kind", "large", "--seed", &seed_arg]);
    assert_eq!(generated.as_bytes(), saved_in.as_slice());

    // The repro command written with the failure reproduces it.
    let meta: Value =
        serde_json::from_slice(&read(Path::new(&format!("{}.json", stem.display())))).unwrap();
    let repro = meta["repro"].as_str().unwrap();
    assert_eq!(
        repro,
        format!(
            "stressjudge repro {MAXIMUM} {} --time-limit 1s --seed {seed} --kind large",
            submission(MAXIMUM, "wrong_answer/max_from_zero.cpp")
        )
    );
    let save = tempdir();
    let replay = run_printed_command(repro, &["--save", arg(save.path())]);
    assert_eq!(
        replay.code,
        1,
        "the failure reproduces\n{}",
        replay.describe()
    );
    assert_eq!(
        read(&save.path().join(format!("{seed}.in"))),
        saved_in,
        "repro regenerates the saved input byte for byte"
    );
    assert_eq!(read(&save.path().join(format!("{seed}.out"))), b"0\n");
}

fn run_gen(args: &[&str]) -> String {
    let mut all = vec!["gen"];
    all.extend_from_slice(args);
    let run = stressjudge(&all);
    run.expect_code(0);
    run.stdout
}

#[test]
fn stress_finds_an_off_by_one_with_the_small_kind() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress(
        MAXIMUM,
        "wrong_answer/skips_last.py",
        out.path(),
        &["--kind", "small", "--seeds", "1..=40"],
    );
    run.expect_code(1);
    assert_eq!(report["verdict"], "WA", "{report:#}");
    let failure = first_failure(&report);
    assert_eq!(failure["kind"], "small");
    let input = failure["input"].as_str().unwrap();
    let values: Vec<i64> = tokens(input)[1..]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let (last, rest) = values.split_last().unwrap();
    assert!(
        rest.iter().all(|v| v < last),
        "fails only when the last value is the unique maximum: {input}"
    );
}

#[test]
fn stress_passes_accepted_submissions_on_every_kind() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress(
        MAXIMUM,
        "accepted/max.py",
        out.path(),
        &["--seeds", "1..=4"],
    );
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC", "{report:#}");
    assert_eq!(report["inputs"], 8, "4 seeds of small and large");
    assert_eq!(files_under(out.path()), Vec::<String>::new());

    let (run, report) = stress(
        ANYSUM,
        "accepted/zero.py",
        out.path(),
        &["--seeds", "1..=6"],
    );
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC", "{report:#}");
    let (run, report) = stress(
        AVERAGE,
        "accepted/ten_decimals.py",
        out.path(),
        &["--seeds", "1..=6"],
    );
    run.expect_code(0);
    assert_eq!(report["verdict"], "AC", "{report:#}");
}

#[test]
fn stress_finds_wrong_answers_through_a_validator_and_a_tolerance() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress(
        ANYSUM,
        "wrong_answer/halves.cpp",
        out.path(),
        &["--seeds", "1..=30"],
    );
    run.expect_code(1);
    let failure = first_failure(&report);
    assert_eq!(failure["kind"], "random", "one generator: kind random");
    let n: u64 = failure["input"].as_str().unwrap().trim().parse().unwrap();
    assert_eq!(n % 2, 1, "only odd n fail");
    assert!(
        failure["detail"].as_str().unwrap().contains("is not"),
        "{failure:#}"
    );

    let (run, report) = stress(
        AVERAGE,
        "wrong_answer/two_decimals.py",
        out.path(),
        &["--seeds", "1..=30"],
    );
    run.expect_code(1);
    assert_eq!(first_failure(&report)["verdict"], "WA");
}

/// A problem folder's failures shrink, without knowing the input format, to a few tokens
/// (the generic shrinker, `crates/shrink`).
#[test]
fn stress_shrinks_folder_failures_to_a_few_tokens() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress(
        MAXIMUM,
        "wrong_answer/max_from_zero.cpp",
        out.path(),
        &["--kind", "small", "--seeds", "1..=10"],
    );
    run.expect_code(1);
    let failure = first_failure(&report);
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    assert_eq!(
        tokens(shrunk),
        ["1", "-1"],
        "an all-negative array shrinks to n = 1, a = -1: {failure:#}"
    );
    // Either text was shrunk, or the generator run with smaller sizes gave the minimum itself.
    assert!(
        failure["shrink_steps"].as_u64().unwrap() > 0 || !failure["shrunk_from"].is_null(),
        "{failure:#}"
    );
    assert!(failure["shrink_runs"].as_u64().unwrap() > 0, "{failure:#}");
    let stem = format!(
        "{}.min.in",
        out.path()
            .join(failure["file_stem"].as_str().unwrap())
            .display()
    );
    assert_eq!(read(Path::new(&stem)), shrunk.as_bytes());

    let (run, report) = stress(
        MAXIMUM,
        "wrong_answer/skips_last.py",
        out.path(),
        &["--kind", "small", "--seeds", "1..=40"],
    );
    run.expect_code(1);
    let failure = first_failure(&report);
    let shrunk = tokens(failure["shrunk_input"].as_str().unwrap());
    assert_eq!(shrunk.len(), 3, "n = 2 and two values: {failure:#}");
    assert_eq!(shrunk[0], "2");

    let (run, report) = stress(
        ANYSUM,
        "wrong_answer/halves.cpp",
        out.path(),
        &["--seeds", "1..=30"],
    );
    run.expect_code(1);
    let failure = first_failure(&report);
    assert_eq!(
        tokens(failure["shrunk_input"].as_str().unwrap()),
        ["1"],
        "the smallest odd n: {failure:#}"
    );
    assert!(failure["shrink_steps"].as_u64().unwrap() > 0, "{failure:#}");
}

#[test]
fn gen_solve_and_list_work_on_a_folder() {
    // gen: the folder's generator called as `GEN SEED ARGS...` with its kind's arguments.
    let first = run_gen(&[MAXIMUM, "--kind", "small", "--seed", "7"]);
    assert_eq!(first, run_gen(&[MAXIMUM, "--kind", "small", "--seed", "7"]));
    let n: usize = tokens(&first)[0].parse().unwrap();
    assert!((1..=10).contains(&n), "small: gen.py SEED 10 10 -> n <= 10");
    assert_eq!(tokens(&first).len(), n + 1);
    assert!(tokens(&first)[1..]
        .iter()
        .all(|t| t.parse::<i64>().unwrap().abs() <= 10));
    let large = run_gen(&[MAXIMUM, "--kind", "large", "--seed", "7"]);
    assert_ne!(large, first);
    assert_eq!(
        run_gen(&[MAXIMUM, "--seed", "7"]),
        first,
        "without --kind: the first kind"
    );
    assert!(run_gen(&[ANYSUM, "--seed", "3"])
        .trim()
        .parse::<u64>()
        .is_ok());
    let unknown = stressjudge(&["gen", MAXIMUM, "--kind", "huge"]).one_line_error();
    assert!(
        unknown.contains("unknown kind `huge`") && unknown.contains("small, large"),
        "{unknown}"
    );

    // solve: validated, answered by the folder's reference (stressjudge.yaml: max.cpp).
    let sample = format!("{MAXIMUM}/data/sample/2.in");
    let solved = stressjudge(&["solve", MAXIMUM, &sample]);
    solved.expect_code(0);
    assert_eq!(solved.stdout, "-3\n");
    let piped = run_with_stdin(&["solve", MAXIMUM], Some(b"2\n5 -5\n"));
    piped.expect_code(0);
    assert_eq!(piped.stdout, "5\n");
    let rejected = run_with_stdin(&["solve", MAXIMUM], Some(b"2\n1 2 3\n")).one_line_error();
    // The validators run in name order: format.ctd first where checktestdata (or pyctd) runs it.
    let by_python = rejected.contains("input_validators/validate.py rejects it")
        && rejected.contains("expected 2 numbers, found 3");
    let by_ctd = rejected.contains("input_validators/format.ctd rejects it");
    assert!(
        by_python || (by_ctd && (on_path("checktestdata") || on_path("pyctd"))),
        "{rejected}"
    );
    let hello = run_with_stdin(&["solve", HELLO], Some(b""));
    hello.expect_code(0);
    assert_eq!(hello.stdout, "Hello, World!\n");

    // list: title, limits, kinds and the notes.
    let listed = stressjudge(&["list", MAXIMUM]);
    listed.expect_code(0);
    assert!(listed.stdout.contains("Maximum"), "{}", listed.describe());
    assert!(listed.stdout.contains("256 MiB"), "{}", listed.describe());
    assert!(
        listed.stdout.contains("small, large"),
        "{}",
        listed.describe()
    );
    assert!(
        listed
            .stdout
            .contains("note: tests/problems/maximum: submissions: no expectation"),
        "{}",
        listed.describe()
    );
    let listed = stressjudge(&["list", ANYSUM]);
    listed.expect_code(0);
    assert!(
        listed.stdout.contains("Any Sum"),
        "the English name of a name map: {}",
        listed.describe()
    );
    assert!(listed.stdout.contains("random"), "{}", listed.describe());
}

#[test]
fn a_malformed_folder_is_one_line_naming_the_file() {
    let dir = tempdir();
    let folder = dir.path().join("broken");
    write(&folder, "data/sample/1.in", "1\n");
    write(&folder, "data/sample/1.ans", "1\n");
    let sol = submission(MAXIMUM, "accepted/max.py");

    write(&folder, "problem.yaml", "name: [unclosed\n");
    for args in [
        vec!["list", arg(&folder)],
        vec!["judge", arg(&folder), sol.as_str()],
        vec!["verify", arg(&folder)],
        vec!["stress", arg(&folder), sol.as_str()],
    ] {
        let line = stressjudge(&args).one_line_error();
        assert!(
            line.contains("broken/problem.yaml line 1") && line.contains("malformed YAML"),
            "{args:?}: {line}"
        );
    }

    write(
        &folder,
        "problem.yaml",
        "name: Broken\nlimits:\n  time_limit: fast\n",
    );
    let line = stressjudge(&["judge", arg(&folder), &sol]).one_line_error();
    assert!(
        line.contains("broken/problem.yaml line 3")
            && line.contains("limits.time_limit must be a number"),
        "{line}"
    );

    write(&folder, "problem.yaml", "name: Broken\n");
    write(
        &folder,
        "stressjudge.yaml",
        "generators:\n  small: generators/gen.py 5\n",
    );
    let line = stressjudge(&["gen", arg(&folder)]).one_line_error();
    assert!(
        line.contains("broken/stressjudge.yaml line 2") && line.contains("generators/gen.py"),
        "{line}"
    );
    std::fs::remove_file(folder.join("stressjudge.yaml")).unwrap();

    std::fs::remove_dir_all(folder.join("data")).unwrap();
    let line = stressjudge(&["judge", arg(&folder), &sol]).one_line_error();
    assert!(line.contains("broken/data: missing"), "{line}");

    std::fs::remove_file(folder.join("problem.yaml")).unwrap();
    let line = stressjudge(&["verify", arg(&folder)]).one_line_error();
    assert!(line.contains("broken/problem.yaml: missing"), "{line}");

    // No time limit and no accepted submission to derive one from.
    write(&folder, "problem.yaml", "name: Broken\n");
    write(&folder, "data/secret/1.in", "1\n");
    write(&folder, "data/secret/1.ans", "1\n");
    write(&folder, "submissions/wrong_answer/zero.py", "print(0)\n");
    let line = stressjudge(&["verify", arg(&folder)]).one_line_error();
    assert!(
        line.contains(
            "no time_limit in problem.yaml and no accepted submission that passes every test here"
        ) && line.contains("limits.time_limit"),
        "{line}"
    );

    let line = stressjudge(&["list", "tests/problems/no-such-problem"]).one_line_error();
    assert!(
        line.contains("no-such-problem: not a problem folder"),
        "{line}"
    );
}

/// A folder without a time limit whose accepted submissions include a wrong one: the limit is
/// derived from the others (as problemtools does) and the wrong one is a mismatch in the table,
/// not the end of the run.
#[test]
fn verify_reports_a_broken_accepted_submission_instead_of_stopping() {
    let _heavy = heavy();
    let dir = tempdir();
    let folder = dir.path().join("double");
    write(&folder, "problem.yaml", "name: Double\n");
    write(&folder, "data/sample/1.in", "21\n");
    write(&folder, "data/sample/1.ans", "42\n");
    write(&folder, "data/secret/1.in", "-4\n");
    write(&folder, "data/secret/1.ans", "-8\n");
    write(
        &folder,
        "submissions/accepted/double.py",
        "print(2 * int(input()))\n",
    );
    write(
        &folder,
        "submissions/accepted/square.py",
        "print(int(input()) ** 2)\n",
    );
    write(
        &folder,
        "submissions/accepted/typo.cpp",
        "int main() { return }\n",
    );
    write(
        &folder,
        "submissions/wrong_answer/plus.py",
        "print(int(input()) + 2)\n",
    );
    let run = stressjudge(&["verify", arg(&folder), "--json"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("skipping") && run.stderr.contains("square.py"),
        "{}",
        run.describe()
    );
    let report = run.json();
    assert_eq!(report["ok"], false);
    let rows = rows_by_submission(&report);
    assert_row(&rows, "accepted/double.py", "accepted", "AC");
    assert_row(&rows, "wrong_answer/plus.py", "wrong_answer", "WA");
    for (broken, got) in [("accepted/square.py", "WA"), ("accepted/typo.cpp", "CE")] {
        assert_eq!(rows[broken]["got"], got, "{:#}", rows[broken]);
        assert_eq!(rows[broken]["ok"], false, "{:#}", rows[broken]);
    }
    // The compile error's line is g++'s `error:` line with its place, not its first line
    // (`typo.cpp: In function 'int main()':`).
    let detail = rows["accepted/typo.cpp"]["detail"]
        .as_str()
        .unwrap_or_default();
    assert!(
        detail.starts_with("typo.cpp:1:") && detail.contains("error:"),
        "{detail}"
    );
    let notes = notes_of(&report, arg(&folder));
    assert!(
        has_note(&notes, "from the slowest accepted submission") && has_note(&notes, "double.py"),
        "{notes:#?}"
    );
}
