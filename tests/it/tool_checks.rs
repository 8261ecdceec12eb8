//! `check-tools` (and verify's tool checks) through the real binary: packages of our own, each
//! with one planted fault (an input validator that allows trailing spaces, one that accepts an
//! empty file, one that accepts an invalid input, one that loops on junk; an output validator
//! that crashes on an empty output, one that reads past the end on a missing token; a generator
//! that is not deterministic; an answer validator that rejects the package's answers), each
//! found and named by tool, check and case; the same package without the fault, and the
//! example folders of `tests/problems/`, pass every check.

use crate::folders_support;

use std::path::Path;

use folders_support::*;
use serde_json::Value;

/// Input: two integers 1..=100 on one line. Output: their sum and product.
const STRICT_VALIDATOR: &str = r#"import re, sys
text = sys.stdin.buffer.read().decode("ascii", "replace")
number = r"(100|[1-9][0-9]?)"
sys.exit(42 if re.fullmatch(number + " " + number + "\n", text) else 43)
"#;

/// Compares tokens, surviving anything (Kattis: `val INPUT ANSWER FEEDBACK_DIR < OUTPUT`).
const ROBUST_OUTPUT_VALIDATOR: &str = r#"import sys
answer = open(sys.argv[2]).read().split()
try:
    team = sys.stdin.buffer.read().decode("ascii").split()
except UnicodeDecodeError:
    sys.exit(43)
sys.exit(42 if team == answer else 43)
"#;

/// `validator INPUT < ANSWER`: two integers.
const ANSWER_VALIDATOR: &str = r#"import re, sys
text = sys.stdin.read()
sys.exit(42 if re.fullmatch(r"[0-9]+ [0-9]+\n", text) else 43)
"#;

const SOLUTION: &str = "a, b = map(int, input().split())\nprint(a + b, a * b)\n";

/// A clean package in `dir`: every tool sound, every kind of tool test present.
fn clean_package(dir: &Path) {
    write(
        dir,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Sum and product\ntype: pass-fail\n\
         limits:\n  time_limit: 2.0\n",
    );
    for (name, a, b) in [
        ("sample/1", 1, 2),
        ("secret/1", 10, 20),
        ("secret/2", 100, 7),
    ] {
        write(dir, &format!("data/{name}.in"), &format!("{a} {b}\n"));
        write(
            dir,
            &format!("data/{name}.ans"),
            &format!("{} {}\n", a + b, a * b),
        );
    }
    write(dir, "data/invalid_input/zero.in", "0 5\n");
    write(dir, "data/invalid_answer/word.in", "1 2\n");
    write(dir, "data/invalid_answer/word.ans", "three 2\n");
    for (folder, out) in [("invalid_output", "3 3\n"), ("valid_output", "3   2\n")] {
        write(dir, &format!("data/{folder}/case.in"), "1 2\n");
        write(dir, &format!("data/{folder}/case.ans"), "3 2\n");
        write(dir, &format!("data/{folder}/case.out"), out);
    }
    write(dir, "input_validators/validate.py", STRICT_VALIDATOR);
    write(dir, "answer_validators/answer.py", ANSWER_VALIDATOR);
    write(dir, "output_validator/validate.py", ROBUST_OUTPUT_VALIDATOR);
    write(dir, "submissions/accepted/sum.py", SOLUTION);
    write(
        dir,
        "generators/gen.py",
        "import random, sys\nr = random.Random(int(sys.argv[1]))\n\
         print(r.randint(1, 100), r.randint(1, 100))\n",
    );
}

/// `check-tools DIR --json`: its exit code and the problem's tool sections.
fn check_tools(dir: &Path) -> (i32, Vec<Value>) {
    let _heavy = heavy();
    let run = stressjudge(&["check-tools", arg(dir), "--json"]);
    assert!(run.code == 0 || run.code == 1, "{}", run.describe());
    let json = run.json();
    assert_eq!(json["ok"], run.code == 0, "{}", run.describe());
    let tools = json["problems"][0]["tools"].as_array().unwrap().clone();
    (run.code, tools)
}

/// Every defect as `TOOL | CHECK | CASE | DETAIL`.
fn defects(tools: &[Value]) -> Vec<String> {
    tools
        .iter()
        .flat_map(|t| {
            t["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["severity"] == "defect")
                .map(move |f| {
                    format!(
                        "{} | {} | {} | {}",
                        t["tool"].as_str().unwrap(),
                        f["check"].as_str().unwrap(),
                        f["case"].as_str().unwrap(),
                        f["detail"].as_str().unwrap()
                    )
                })
        })
        .collect()
}

/// Every notice as `TOOL | CHECK | CASE | DETAIL`.
fn notices(tools: &[Value]) -> Vec<String> {
    tools
        .iter()
        .flat_map(|t| {
            t["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["severity"] == "notice")
                .map(move |f| {
                    format!(
                        "{} | {} | {} | {}",
                        t["tool"].as_str().unwrap(),
                        f["check"].as_str().unwrap(),
                        f["case"].as_str().unwrap(),
                        f["detail"].as_str().unwrap()
                    )
                })
        })
        .collect()
}

/// The clean package with `file` replaced by `source`: `check-tools` exits 1, and one of its
/// defects contains every piece of `expected` (tool, check, case, detail).
fn planted(file: &str, source: &str, expected: &[&str]) -> Vec<String> {
    let dir = tempdir();
    clean_package(dir.path());
    write(dir.path(), file, source);
    let (code, tools) = check_tools(dir.path());
    let found = defects(&tools);
    assert_eq!(code, 1, "the planted fault fails: {found:#?}");
    assert!(
        found
            .iter()
            .any(|line| expected.iter().all(|piece| line.contains(piece))),
        "a defect names {expected:?}: {found:#?}"
    );
    found
}

#[test]
fn a_clean_package_passes_every_check() {
    let dir = tempdir();
    clean_package(dir.path());
    let (code, tools) = check_tools(dir.path());
    assert_eq!(defects(&tools), Vec::<String>::new());
    assert_eq!(code, 0);
    let checks: Vec<String> = tools
        .iter()
        .flat_map(|t| t["checks"].as_array().unwrap().iter())
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    for check in [
        "builds",
        "accepts-tests",
        "rejects-junk",
        "rejects-modified",
        "rejects-invalid-input",
        "accepts-answers",
        "rejects-invalid-answer",
        "rejects-junk-output",
        "survives-malformed-output",
        "fuzz",
        "rejects-invalid-output",
        "accepts-valid-output",
        "accepts-reference",
        "deterministic",
        "makes-valid-inputs",
    ] {
        assert!(
            checks.iter().any(|c| c == check),
            "{check} made: {checks:?}"
        );
    }
    let roles: Vec<&str> = tools.iter().map(|t| t["role"].as_str().unwrap()).collect();
    assert_eq!(
        roles,
        [
            "input validator",
            "answer validator",
            "output validator",
            "generator",
            "tests"
        ]
    );
    assert_eq!(notices(&tools), Vec::<String>::new());
}

#[test]
fn an_input_validator_that_allows_trailing_spaces() {
    let lenient = r#"import re, sys
text = sys.stdin.read()
number = r"(100|[1-9][0-9]?)"
ok = text.endswith("\n") and re.fullmatch(number + " " + number, text[:-1].rstrip(" "))
sys.exit(42 if ok else 43)
"#;
    let found = planted(
        "input_validators/validate.py",
        lenient,
        &[
            "input validator input_validators/validate.py",
            "rejects-modified",
            "test sample/1 with a space added before every line break",
            "accepts it",
        ],
    );
    assert_eq!(found.len(), 1, "nothing else: {found:#?}");
}

#[test]
fn an_input_validator_that_accepts_an_empty_file() {
    let lenient = r#"import re, sys
lines = sys.stdin.read().split("\n")
number = r"(100|[1-9][0-9]?)"
ok = lines[-1] == "" and len(lines) <= 2
ok = ok and all(re.fullmatch(number + " " + number, l) for l in lines[:-1])
sys.exit(42 if ok else 43)
"#;
    let found = planted(
        "input_validators/validate.py",
        lenient,
        &["rejects-junk", "an empty file", "accepts it"],
    );
    assert_eq!(found.len(), 1, "nothing else: {found:#?}");
}

#[test]
fn an_input_validator_that_accepts_an_invalid_input_and_leading_zeros() {
    let lenient = r#"import re, sys
sys.exit(42 if re.fullmatch(r"[0-9]+ [0-9]+\n", sys.stdin.read()) else 43)
"#;
    planted(
        "input_validators/validate.py",
        lenient,
        &["rejects-invalid-input", "invalid_input/zero", "accepts it"],
    );
    planted(
        "input_validators/validate.py",
        lenient,
        &["rejects-modified", "leading zeros added to every integer"],
    );
}

#[test]
fn an_input_validator_that_loops_on_junk_is_stopped_and_named() {
    let looping = r#"import sys
text = sys.stdin.buffer.read()
while not text:
    pass
sys.exit(42 if text in (b"1 2\n", b"10 20\n", b"100 7\n") else 43)
"#;
    planted(
        "input_validators/validate.py",
        looping,
        &[
            "input validator input_validators/validate.py",
            "no-crash",
            "an empty file",
            "time limit",
        ],
    );
}

#[test]
fn an_output_validator_that_crashes_on_an_empty_output() {
    let fragile = r#"import sys
answer = open(sys.argv[2]).read().split()
team = sys.stdin.read().split()
first = team[0]
sys.exit(42 if team == answer else 43)
"#;
    let found = planted(
        "output_validator/validate.py",
        fragile,
        &[
            "output validator output_validator",
            "no-crash",
            "an empty file as the output of test sample/1",
            "IndexError",
        ],
    );
    assert!(
        found.iter().all(|l| l.contains("no-crash")),
        "only the empty output breaks it: {found:#?}"
    );
}

#[test]
fn an_output_validator_that_reads_past_the_end_on_a_missing_token() {
    let fragile = r#"import sys
answer = open(sys.argv[2]).read().split()
try:
    team = sys.stdin.buffer.read().decode("ascii").split()
except UnicodeDecodeError:
    sys.exit(43)
# Reads as many numbers as the answer has, past the end of a shorter output.
values = [int(team[i]) for i in range(len(answer))]
sys.exit(42 if team == answer else 43)
"#;
    planted(
        "output_validator/validate.py",
        fragile,
        &[
            "survives-malformed-output",
            "the number -1 as the output of test sample/1",
            "IndexError",
        ],
    );
}

#[test]
fn the_fuzzing_pass_finds_a_crash_only_a_mutated_answer_shows() {
    // Divides by the team's numbers: `-0` crashes it, no junk or malformed output does.
    let dividing = r#"import sys
answer = [int(t) for t in open(sys.argv[2]).read().split()]
try:
    team = [float(t) for t in sys.stdin.buffer.read().decode("ascii").split()]
except (UnicodeDecodeError, ValueError):
    sys.exit(43)
if len(team) != len(answer):
    sys.exit(43)
ratios = [a / t for a, t in zip(answer, team)]
sys.exit(42 if all(r == 1 for r in ratios) else 43)
"#;
    let found = planted(
        "output_validator/validate.py",
        dividing,
        &[
            "fuzz",
            "test sample/1's answer with token 1 turned into -0, shrunk to the output \"-0 2\\n\"",
            "ZeroDivisionError",
        ],
    );
    assert!(found.iter().all(|l| l.contains(" | fuzz | ")), "{found:#?}");
}

#[test]
fn a_generator_seeded_by_the_clock_is_named_not_failed() {
    let dir = tempdir();
    clean_package(dir.path());
    let clocked = "import random\nprint(random.randint(1, 100), random.randint(1, 100))\n";
    write(dir.path(), "generators/gen.py", clocked);
    let (code, tools) = check_tools(dir.path());
    assert_eq!(defects(&tools), Vec::<String>::new());
    assert_eq!(code, 0, "a notice, not a failure");
    let found = notices(&tools);
    assert!(
        found.iter().any(|l| [
            "generator generators/gen.py",
            "| deterministic | seed 1, run twice |",
            "gave different inputs",
            "seeded by the clock",
        ]
        .iter()
        .all(|piece| l.contains(piece))),
        "{found:#?}"
    );
    // Both runs' inputs are still validated: a clock-seeded generator making an invalid input
    // is a defect.
    let invalid = "import time\nprint(time.time_ns(), 5)\n";
    planted(
        "generators/gen.py",
        invalid,
        &[
            "generator generators/gen.py",
            "makes-valid-inputs",
            "seed 1, run 1",
        ],
    );
}

#[test]
fn an_answer_validator_that_rejects_the_answers() {
    let wrong = "import sys\nsys.exit(42 if sys.stdin.read().count(' ') == 0 else 43)\n";
    planted(
        "answer_validators/answer.py",
        wrong,
        &[
            "answer validator answer_validators/answer.py",
            "accepts-answers",
            "the answer of test secret/2",
            "rejects it",
        ],
    );
}

#[test]
fn an_output_validator_that_accepts_junk_and_the_invalid_output() {
    let lax = "import sys\nsys.exit(42)\n";
    let found = planted(
        "output_validator/validate.py",
        lax,
        &[
            "rejects-junk-output",
            "an empty file",
            "accepted on every test",
        ],
    );
    assert!(
        found
            .iter()
            .any(|l| l.contains("rejects-invalid-output | invalid_output/case")),
        "{found:#?}"
    );
}

#[test]
fn the_example_folders_pass_every_check() {
    for name in ["anysum", "average", "hello", "maximum"] {
        let (code, tools) = check_tools(&root().join("tests/problems").join(name));
        assert_eq!(defects(&tools), Vec::<String>::new(), "{name}");
        assert_eq!(code, 0, "{name}");
    }
}

#[test]
fn what_is_not_a_problem_folder_is_a_usage_error() {
    let line = stressjudge(&["check-tools", "nowhere/at-all"]).one_line_error();
    assert!(
        line.contains("`nowhere/at-all` is not a problem folder"),
        "{line}"
    );
}

/// The package accepting an empty file (its submissions all keep their promises).
fn package_accepting_empty(dir: &Path) {
    clean_package(dir);
    write(
        dir,
        "input_validators/validate.py",
        "import sys\ntext = sys.stdin.read()\nsys.exit(42 if text == '' or text.endswith('\\n') and text.count('\\n') == 1 and len(text.split()) == 2 and all(t.isdigit() and t[0] != '0' and int(t) <= 100 for t in text.split()) and text.count(' ') == 1 else 43)\n",
    );
}

#[test]
fn verify_fails_on_a_broken_tool_with_a_line_naming_it_and_no_verdict_changed() {
    let dir = tempdir();
    package_accepting_empty(dir.path());
    let out = tempdir();
    let (junit, html) = (out.path().join("r.xml"), out.path().join("r.html"));
    let _heavy = heavy();
    let run = stressjudge(&[
        "verify",
        arg(dir.path()),
        "--stress-seeds",
        "0",
        "--report",
        arg(&junit),
        "--report",
        arg(&html),
    ]);
    run.expect_code(1);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("TOOL: "))
        .unwrap_or_else(|| panic!("a TOOL line\n{}", run.describe()));
    assert!(
        line.contains(
            "input validator input_validators/validate.py fails rejects-junk on an empty file"
        ),
        "{line}"
    );
    assert!(
        run.stdout.contains("1 match, 0 mismatch"),
        "{}",
        run.describe()
    );
    let junit = String::from_utf8(read(&junit)).unwrap();
    assert!(junit.contains("tools of "), "{junit}");
    assert!(junit.contains("rejects-junk: an empty file"), "{junit}");
    let html = String::from_utf8(read(&html)).unwrap();
    assert!(html.contains("data-tool=\"input validator input_validators/validate.py\""));
    assert!(html.contains("rejects-junk: an empty file"));

    // JSON: the section, the solutions untouched; remembered the second time.
    let json = stressjudge(&["verify", arg(dir.path()), "--stress-seeds", "0", "--json"]);
    json.expect_code(1);
    let report = json.json();
    assert_eq!(report["solutions"][0]["ok"], true, "{}", json.describe());
    let checks = &report["tool_checks"][0];
    assert_eq!(
        checks["reused"], true,
        "the first verify's checks are remembered"
    );
    assert!(defects(checks["tools"].as_array().unwrap())
        .iter()
        .any(|d| d.contains("rejects-junk | an empty file")));

    // --no-tool-checks: the submissions alone decide.
    let skipped = stressjudge(&[
        "verify",
        arg(dir.path()),
        "--stress-seeds",
        "0",
        "--no-tool-checks",
        "--json",
    ]);
    skipped.expect_code(0);
    assert_eq!(skipped.json()["tool_checks"], serde_json::json!([]));
}

#[test]
fn verify_checks_the_tools_of_a_clean_package_and_passes() {
    let dir = tempdir();
    clean_package(dir.path());
    let _heavy = heavy();
    let run = stressjudge(&["verify", arg(dir.path()), "--stress-seeds", "0", "--fresh"]);
    run.expect_code(0);
    assert!(
        run.stdout
            .contains("ok     input validator input_validators/validate.py"),
        "{}",
        run.describe()
    );
    assert!(
        run.stdout.contains("tools: 5 checked, 0 defect(s) ("),
        "{}",
        run.describe()
    );
}

/// `tests/polygon/faulty_tools` copied into a fresh folder.
fn faulty_polygon() -> tempfile::TempDir {
    let dir = tempdir();
    copy_dir(&root().join("tests/polygon/faulty_tools"), dir.path());
    dir
}

#[test]
fn polygon_validator_and_checker_tests_that_fail_are_named() {
    let dir = faulty_polygon();
    let (code, tools) = check_tools(dir.path());
    let found = defects(&tools);
    assert_eq!(code, 1, "{found:#?}");
    assert_eq!(
        found,
        [
            "input validator files/val.py | validator-tests | validator test 2 | expected \
             INVALID, but the validator accepts it",
            "checker files/check.py | checker-tests | checker test 2 | expected \
             PRESENTATION_ERROR, but the checker gives WRONG_ANSWER (wrong output format \
             expected one integer)",
        ],
        "the two planted faults, and nothing else"
    );
    // The same package with both tools mended passes, its own tests run.
    let val = std::fs::read_to_string(dir.path().join("files/val.py")).unwrap();
    write(
        dir.path(),
        "files/val.py",
        &val.replace("LOW = 0", "LOW = 1"),
    );
    let check = std::fs::read_to_string(dir.path().join("files/check.py")).unwrap();
    write(
        dir.path(),
        "files/check.py",
        &check.replace("NOT_A_NUMBER_EXIT = 1", "NOT_A_NUMBER_EXIT = 2"),
    );
    let (code, tools) = check_tools(dir.path());
    assert_eq!(defects(&tools), Vec::<String>::new());
    assert_eq!(code, 0);
    let runs_of = |check: &str| -> Vec<u64> {
        (tools.iter())
            .filter(|t| t["checks"].as_array().unwrap().iter().any(|c| c == check))
            .map(|t| t["runs"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(runs_of("validator-tests").len(), 1, "{tools:#?}");
    assert_eq!(runs_of("checker-tests").len(), 1, "{tools:#?}");
}

#[test]
fn polygon_packages_own_tests_pass_on_the_sum_package() {
    let (code, tools) = check_tools(&root().join("tests/polygon/sum"));
    assert_eq!(defects(&tools), Vec::<String>::new());
    assert_eq!(code, 0);
    for check in ["validator-tests", "checker-tests"] {
        assert!(
            (tools.iter()).any(|t| t["checks"].as_array().unwrap().iter().any(|c| c == check)),
            "{check}: {tools:#?}"
        );
    }
}

#[test]
fn a_polygon_validator_test_that_cannot_be_read_or_a_verdict_polygon_does_not_give() {
    let dir = faulty_polygon();
    std::fs::remove_file(dir.path().join("files/tests/validator-tests/01")).unwrap();
    let xml = std::fs::read_to_string(dir.path().join("problem.xml")).unwrap();
    write(
        dir.path(),
        "problem.xml",
        &xml.replace("<test verdict=\"ok\"/>", "<test verdict=\"maybe\"/>"),
    );
    let (code, tools) = check_tools(dir.path());
    let found = defects(&tools);
    assert_eq!(code, 1);
    assert!(
        found
            .iter()
            .any(|l| l.contains("| validator-tests | validator test 1 |")
                && l.contains("validator-tests/01 cannot be read")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|l| l.contains("| checker-tests | checker test 1 |")
                && l.contains("its verdict `maybe` is none of Polygon's")),
        "{found:#?}"
    );
}

#[test]
fn sanity_notices_name_same_answers_identical_tests_and_missing_samples() {
    let dir = tempdir();
    clean_package(dir.path());
    // No sample; two secret tests the same bytes, with the same answer.
    for ext in ["in", "ans"] {
        std::fs::remove_file(dir.path().join(format!("data/sample/1.{ext}"))).unwrap();
    }
    write(dir.path(), "data/secret/2.in", "10 20\n");
    write(dir.path(), "data/secret/2.ans", "30 200\n");
    write(dir.path(), "data/secret/3.in", "3 4");
    write(dir.path(), "data/secret/3.ans", "7 12\n");
    let run = {
        let _heavy = heavy();
        stressjudge(&["check-tools", arg(dir.path()), "--json"])
    };
    let report = run.json();
    let problem = &report["problems"][0];
    let tools = problem["tools"].as_array().unwrap().clone();
    let found = notices(&tools);
    for piece in [
        "the tests | identical-tests | tests secret/1, secret/2 | have the same input",
        "the tests | samples | the test set | has no sample test",
        "the tests | ends-with-newline | the input of test(s) secret/3 | does not end",
    ] {
        assert!(
            found.iter().any(|l| l.contains(piece)),
            "{piece}: {found:#?}"
        );
    }
    assert_eq!(problem["notices"], found.len(), "{}", run.describe());
    // The strict validator rejects the input without its line break: that test is a defect
    // (accepts-tests), the notice says why at a glance.
    assert!(defects(&tools)
        .iter()
        .any(|l| l.contains("accepts-tests | test secret/3")));

    // Every answer the same.
    let same = tempdir();
    clean_package(same.path());
    for name in ["sample/1", "secret/1", "secret/2"] {
        write(same.path(), &format!("data/{name}.ans"), "3 2\n");
    }
    let (_, tools) = check_tools(same.path());
    let found = notices(&tools);
    assert!(
        found.iter().any(|l| l.contains(
            "the tests | same-answers | every test | all 3 answers are the same: \"3 2\\n\""
        )),
        "{found:#?}"
    );
}
