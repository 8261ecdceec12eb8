//! Expectations written every way packages write them, and scoring problems, through the real
//! binary (`verify --json`) on small packages each test builds for itself:
//!
//! - `submissions.yaml` (2025-09): globs with braces over submissions and tests, per-group
//!   rules, a default folder overridden key by key, a custom folder, a broken promise named;
//! - DOMjudge: `@EXPECTED_RESULTS@` lists in a folder whose name means nothing, the folder
//!   names `compiler_error`, `no_output`, `check_manually`, BAPCtools' `wa` and `ac_or_wa`,
//!   `.timelimit`, `submissions.json`;
//! - scoring: a legacy package graded by problemtools' default grader (groups, `on_reject:
//!   continue`, `accept_score`, `grader_flags`, `partially_accepted/`) and a 2025-09 package
//!   whose output validator writes `score_multiplier.txt`, with `score` expectations; a
//!   legacy package written for DOMjudge (`@EXPECTED_SCORE@`) scored as DOMjudge scores;
//! - where submissions run, as DOMjudge runs them: a read-only working directory (unless
//!   2025-09 `allow_file_writing: true`) with `/tmp` writable, a shell program in its own
//!   folder, every JavaScript file syntax-checked, output past the limit cut while the run goes
//!   on (an endless flood is TLE, a finished one OLE, one that then crashes RTE);
//! - what is not a submission (templates, `.gitkeep`, notes, loose files) said once; symlinked
//!   submissions and tests; file names with spaces.

use crate::folders_support;

use std::collections::BTreeMap;
use std::path::Path;

use folders_support::*;
use serde_json::Value;

/// The notes of the first problem of a `verify --json` report.
fn notes(report: &Value) -> Vec<String> {
    report["problems"][0]["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

/// Writes every `(path, text)` under `dir`.
fn package(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        write(dir, path, text);
    }
}

/// Asserts `name` was judged and kept its expectation.
fn assert_ok(rows: &BTreeMap<String, Value>, name: &str) {
    let row = rows
        .get(name)
        .unwrap_or_else(|| panic!("{name} not verified: {:#?}", rows.keys()));
    assert_eq!(row["status"], "match", "{row:#}");
    assert_eq!(row["broken"], Value::Array(Vec::new()), "{row:#}");
}

/// Runs `verify --json --stress-seeds 0` on `dir`.
fn verify(dir: &Path) -> folders_support::Run {
    let _heavy = heavy();
    stressjudge(&[
        "verify",
        arg(dir),
        "--json",
        "--stress-seeds",
        "0",
        "-j",
        "2",
    ])
}

/// A problem that echoes its one-line input.
const ECHO: &str = "print(input())\n";
/// Echoes, but wrong on inputs holding `hard`.
const EASY_ONLY: &str = "s = input()\nprint('no' if 'hard' in s else s)\n";
/// Always wrong.
const WRONG: &str = "input()\nprint('nope')\n";

fn echo_data() -> Vec<(&'static str, &'static str)> {
    vec![
        ("data/sample/1.in", "sample\n"),
        ("data/sample/1.ans", "sample\n"),
        ("data/secret/01-easy.in", "easy one\n"),
        ("data/secret/01-easy.ans", "easy one\n"),
        ("data/secret/02-hard.in", "hard one\n"),
        ("data/secret/02-hard.ans", "hard one\n"),
        ("data/secret/03-easy.in", "easy two\n"),
        ("data/secret/03-easy.ans", "easy two\n"),
    ]
}

const MODERN_YAML: &str = "\
problem_format_version: 2025-09
type: pass-fail
name:
  en: Echo
  sv: Eko
uuid: 2a1f7ee0-3d6b-4a0b-9f59-1f4a1d6c2b11
version: 1.0
credits:
  authors: [Ada <ada@example.com>]
  testers: Bob
source:
  name: Test Contest 2026
  url: https://example.com
license: cc by-sa
rights_owner: Test Contest
keywords: [echo]
languages: [python3, cpp]
allow_file_writing: false
constants:
  max_n: 10
limits:
  time_limit: 2
  time_multipliers:
    ac_to_time_limit: 2.0
    time_limit_to_tle: 1.5
  time_resolution: 0.5
  memory: 512
  code: 64
";

#[test]
fn submissions_yaml_globs_group_rules_and_overridden_defaults() {
    let tmp = tempdir();
    let dir = tmp.path().join("echo");
    let mut files = echo_data();
    files.extend([
        ("problem.yaml", MODERN_YAML),
        ("submissions/accepted/echo.py", ECHO),
        ("submissions/accepted/echo_too.py", ECHO),
        ("submissions/wrong_answer/wrong.py", WRONG),
        ("submissions/partial/easy_only.py", EASY_ONLY),
        ("submissions/partial/easy_only_again.py", EASY_ONLY),
        ("submissions/partial/also_wrong.py", WRONG),
        (
            "submissions/submissions.yaml",
            "\
# The 2025-09 spec's own example of per-group rules, with braces.
partial/easy_only{,_again}.py:
  sample:
    permitted: [AC]
  secret/*-easy:
    permitted: [AC]
  secret/*-hard:
    permitted: [AC, TLE, WA]
    required: [WA]
partial/also_wrong.py:
  required: [WA]
# A default folder overridden key by key: permitted stays [AC, WA].
wrong_answer:
  required: [WA, TLE]
accepted/echo_too.py:
  language: python3
  message: nothing
",
        ),
    ]);
    package(&dir, &files);
    let run = verify(&dir);
    run.expect_code(1);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_eq!(rows.len(), 6, "{:#?}", rows.keys());
    for ok in [
        "accepted/echo.py",
        "wrong_answer/wrong.py",
        "partial/easy_only.py",
        "partial/easy_only_again.py",
        "partial/also_wrong.py",
    ] {
        assert_ok(&rows, ok);
    }
    let easy = &rows["partial/easy_only.py"];
    assert_eq!(easy["expectation_source"], "submissions.yaml");
    assert_eq!(easy["expected"], "per group");
    assert_eq!(
        rows["wrong_answer/wrong.py"]["expectation_source"],
        "folder name + submissions.yaml"
    );
    // The message rule: no judge message of an accepted submission says "nothing".
    let broken = &rows["accepted/echo_too.py"];
    assert_eq!(broken["status"], "mismatch", "{broken:#}");
    let why = broken["broken"][0].as_str().unwrap();
    assert!(
        why.contains("no judge message contains \"nothing\"") && why.contains("line 15"),
        "{why}"
    );

    // A per-group promise the submission breaks names the test and the rule's line.
    write(
        &dir,
        "submissions/submissions.yaml",
        "partial/easy_only.py:\n  secret/*-hard:\n    permitted: [AC]\npartial/{easy_only_again,also_wrong}.py:\n  permitted: [AC, WA]\n",
    );
    let report = verify(&dir).json();
    let rows = rows_by_submission(&report);
    let why = rows["partial/easy_only.py"]["broken"][0].as_str().unwrap();
    assert_eq!(
        why,
        "WA on secret/02-hard (permitted on secret/*-hard: AC; submissions.yaml line 2)"
    );
    assert_ok(&rows, "partial/also_wrong.py");

    // A malformed file is one line naming the file and the line.
    write(
        &dir,
        "submissions/submissions.yaml",
        "accepted:\n  permitted: [AC, PASSED]\n",
    );
    let line = {
        let _heavy = heavy();
        stressjudge(&["verify", arg(&dir), "--stress-seeds", "0"]).one_line_error()
    };
    assert!(
        line.contains("submissions.yaml line 2") && line.contains("\"PASSED\""),
        "{line}"
    );
}

#[test]
fn domjudge_annotations_folder_names_and_timelimit() {
    let tmp = tempdir();
    let dir = tmp.path().join("hello");
    let mut files = echo_data();
    files.extend([
        ("problem.yaml", "name: Echo\n"),
        (".timelimit", "3\n"),
        ("submissions/accepted/echo.py", ECHO),
        (
            "submissions/mixed-verdicts/either.py",
            "# @EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER\ns = input()\nprint('no' if 'hard' in s else s)\n",
        ),
        (
            "submissions/mixed-verdicts/crash.py",
            "# @EXPECTED_RESULTS@: RUN_TIME_ERROR\nraise SystemExit(3)\n",
        ),
        ("submissions/mixed-verdicts/unsaid.py", ECHO),
        ("submissions/no_output/silent.py", "input()\n"),
        ("submissions/compiler_error/broken.py", "print(\n"),
        ("submissions/check_manually/whatever.py", WRONG),
        ("submissions/wa/wrong.py", WRONG),
        ("submissions/ac_or_wa/easy.py", EASY_ONLY),
        ("submissions/accepted/multi/main.py", ECHO),
        (
            "submissions.json",
            "{\"submissions/accepted/multi/\": {\"entry_point\": \"main.py\"}}",
        ),
    ]);
    package(&dir, &files);
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    let names: Vec<&str> = rows.keys().map(String::as_str).collect();
    assert!(!names.contains(&"mixed-verdicts/unsaid.py"), "{names:?}");
    for name in [
        "accepted/echo.py",
        "accepted/multi",
        "mixed-verdicts/either.py",
        "mixed-verdicts/crash.py",
        "no_output/silent.py",
        "check_manually/whatever.py",
        "wa/wrong.py",
        "ac_or_wa/easy.py",
    ] {
        assert_ok(&rows, name);
    }
    assert_eq!(
        rows["mixed-verdicts/either.py"]["expectation_source"],
        "@EXPECTED_RESULTS@ in either.py"
    );
    assert_eq!(rows["mixed-verdicts/either.py"]["expected"], "AC|WA");
    // A Python syntax error is found when it is built (byte-compiled): CE, as promised.
    assert_ok(&rows, "compiler_error/broken.py");
    assert_eq!(rows["compiler_error/broken.py"]["got"], "CE");
    // A DOMjudge folder promise is about the final verdict; an accepted one breaks it.
    write(&dir, "submissions/no_output/loud.py", ECHO);
    assert_eq!(report["problems"][0]["time_limit_ms"], 3000);
    let notes = notes(&report);
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("submissions: no expectation")
                && n.ends_with("skipped: mixed-verdicts/unsaid.py")),
        "{notes:#?}"
    );
    run.expect_code(0);

    let run = verify(&dir);
    let rows = rows_by_submission(&run.json());
    let loud = &rows["no_output/loud.py"];
    assert_eq!(loud["status"], "mismatch", "{loud:#}");
    assert_eq!(loud["broken"][0], "got AC, expected one of WA");
    run.expect_code(1);
}

/// Whether `name` is a program on this machine's `PATH`.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

/// Writes `Hello world!` only when creating a file where it runs fails, else `wrote`.
const WRITE_HERE_C: &str = "#include <stdio.h>\nint main(void) { FILE *f = fopen(\"mine.txt\", \"w\"); puts(f ? \"wrote\" : \"Hello world!\"); return 0; }\n";
/// Writes `Hello world!` only when it can create a file in /tmp.
const WRITE_TMP_C: &str = "#include <stdio.h>\nint main(void) { FILE *f = fopen(\"/tmp/mine.txt\", \"w\"); puts(f ? \"Hello world!\" : \"no /tmp\"); return 0; }\n";

#[test]
fn submissions_run_where_domjudge_runs_them() {
    let tmp = tempdir();
    let dir = tmp.path().join("hello");
    package(
        &dir,
        &[
            ("problem.yaml", "name: Hello\n"),
            (".timelimit", "2\n"),
            ("data/sample/1.in", ""),
            ("data/sample/1.ans", "Hello world!\n"),
            // The working directory is read-only (DOMjudge; 2025-09 `allow_file_writing:
            // false`): the file cannot be made, and it says hello.
            ("submissions/accepted/write-here.c", WRITE_HERE_C),
            // /tmp stays writable.
            ("submissions/accepted/write-tmp.c", WRITE_TMP_C),
            // A shell program runs from its own folder, as DOMjudge's run script `cd`s there.
            (
                "submissions/accepted/multi-sh/main.sh",
                "# the other file, by a path relative to the program's folder\n. ./second.sh\n",
            ),
            (
                "submissions/accepted/multi-sh/second.sh",
                "echo \"Hello world!\"\n",
            ),
            // Every JavaScript file is syntax-checked (DOMjudge: `nodejs --check` of each),
            // also one the main file never loads.
            (
                "submissions/compiler_error/js-bad-module/main.js",
                "console.log(\"Hello world!\");\n",
            ),
            (
                "submissions/compiler_error/js-bad-module/unused.js",
                "function (\n",
            ),
            (
                "submissions/accepted/js-two/main.js",
                "console.log(require('./message.js').text);\n",
            ),
            (
                "submissions/accepted/js-two/message.js",
                "module.exports = { text: 'Hello world!' };\n",
            ),
            (
                "submissions.json",
                "{\"submissions/accepted/multi-sh/\": {\"entry_point\": \"main.sh\"}}",
            ),
            // Output past the limit (8 MiB) is dropped and the run goes on (DOMjudge's
            // runguard): a flood that never ends is TLE, one that ends is OLE, one that then
            // crashes is a run error (DOMjudge's order: time limit, run error, output limit).
            (
                "submissions/time_limit_exceeded/flood.py",
                "while True:\n    print('Hello world!')\n",
            ),
            (
                "submissions/output_limit/too-much.py",
                "print('Hello world!')\nprint(' ' * (9 << 20))\n",
            ),
            (
                "submissions/run_time_error/too-much-then-crash.py",
                "print(' ' * (9 << 20))\nraise SystemExit(3)\n",
            ),
        ],
    );
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    for name in [
        "accepted/write-here.c",
        "accepted/write-tmp.c",
        "accepted/multi-sh",
        "time_limit_exceeded/flood.py",
        "output_limit/too-much.py",
        "run_time_error/too-much-then-crash.py",
    ] {
        assert_ok(&rows, name);
    }
    for name in ["compiler_error/js-bad-module", "accepted/js-two"] {
        if on_path("node") {
            assert_ok(&rows, name);
        } else {
            assert_eq!(rows[name]["status"], "skipped", "{:#}", rows[name]);
        }
    }
    run.expect_code(0);

    // A 2025-09 package that allows file writing: the same program makes its file.
    let allowed = tmp.path().join("allowed");
    package(
        &allowed,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Hello\nuuid: 5b0c9a7e-2f41-4c3d-8e6a-1d2f3a4b5c6d\nallow_file_writing: true\nlimits:\n  time_limit: 2\n",
            ),
            ("data/sample/1.in", ""),
            ("data/sample/1.ans", "wrote\n"),
            ("submissions/accepted/write-here.c", WRITE_HERE_C),
        ],
    );
    let run = verify(&allowed);
    assert_ok(&rows_by_submission(&run.json()), "accepted/write-here.c");
    run.expect_code(0);
}

/// A legacy scoring problem: samples worth nothing, group 1 worth 40 and group 2 worth 60
/// (all of a group's tests or nothing: `min`), judged on (`on_reject: continue`); `secret` is
/// accepted when any group is (`accept_if_any_accepted`), as IOI-style Kattis packages do.
#[test]
fn legacy_scoring_groups_and_partially_accepted() {
    let tmp = tempdir();
    let dir = tmp.path().join("scored");
    let mut files = vec![
        (
            "problem.yaml",
            "type: scoring\nname: Scored echo\nlimits:\n  time_limit: 2\n",
        ),
        (
            "data/testdata.yaml",
            "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n",
        ),
        ("data/sample/testdata.yaml", "accept_score: 0\n"),
        ("data/sample/1.in", "sample\n"),
        ("data/sample/1.ans", "sample\n"),
        (
            "data/secret/testdata.yaml",
            "grader_flags: sum accept_if_any_accepted\n",
        ),
        (
            "data/secret/g1/testdata.yaml",
            "accept_score: 40\ngrader_flags: min\n",
        ),
        ("data/secret/g1/1-easy.in", "easy\n"),
        ("data/secret/g1/1-easy.ans", "easy\n"),
        (
            "data/secret/g2/testdata.yaml",
            "accept_score: 60\ngrader_flags: min\n",
        ),
        ("data/secret/g2/1-easy.in", "easy again\n"),
        ("data/secret/g2/1-easy.ans", "easy again\n"),
        ("data/secret/g2/2-hard.in", "hard\n"),
        ("data/secret/g2/2-hard.ans", "hard\n"),
        ("submissions/accepted/full.py", ECHO),
        ("submissions/partially_accepted/easy.py", EASY_ONLY),
        ("submissions/wrong_answer/wrong.py", WRONG),
    ];
    files.push((
        "submissions/submissions.yaml",
        "partially_accepted/easy.py:\n  score: 40\n  secret/g2:\n    score: [0, 0]\n",
    ));
    package(&dir, &files);
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    for name in [
        "accepted/full.py",
        "partially_accepted/easy.py",
        "wrong_answer/wrong.py",
    ] {
        assert_ok(&rows, name);
    }
    run.expect_code(0);
    let full = &rows["accepted/full.py"]["score"];
    assert_eq!(
        (full["score"].as_f64(), full["max"].as_f64()),
        (Some(100.0), Some(100.0))
    );
    assert_eq!(full["verdict"], "AC");
    let easy = &rows["partially_accepted/easy.py"];
    assert_eq!(easy["score"]["score"].as_f64(), Some(40.0), "{easy:#}");
    let groups: BTreeMap<String, f64> = easy["score"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap().to_string(),
                g["score"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(groups["secret/g1"], 40.0);
    assert_eq!(groups["secret/g2"], 0.0);
    let scores: Vec<Option<f64>> = easy["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["score"].as_f64())
        .collect();
    assert_eq!(scores, [Some(0.0), Some(40.0), Some(60.0), Some(0.0)]);
    assert_eq!(
        rows["wrong_answer/wrong.py"]["score"]["score"].as_f64(),
        Some(0.0)
    );

    // A full-score submission in partially_accepted breaks its promise; so does a score outside
    // the range submissions.yaml gives. The table, the JUnit and HTML reports show the scores.
    write(&dir, "submissions/partially_accepted/full_too.py", ECHO);
    write(
        &dir,
        "submissions/submissions.yaml",
        "partially_accepted/easy.py:\n  score: [50, 100]\n",
    );
    let junit = tmp.path().join("verify.xml");
    let html = tmp.path().join("verify.html");
    let run = {
        let _heavy = heavy();
        stressjudge(&[
            "verify",
            arg(&dir),
            "--stress-seeds",
            "0",
            "--report",
            arg(&junit),
            "--report",
            arg(&html),
        ])
    };
    run.expect_code(1);
    assert!(run.stdout.contains("score 40 / 100"), "{}", run.describe());
    assert!(
        run.stdout
            .contains("broken: partially_accepted but got the full score 100"),
        "{}",
        run.describe()
    );
    assert!(
        run.stdout
            .contains("broken: score 40 is outside 50..100 (submissions.yaml line 1)"),
        "{}",
        run.describe()
    );
    let junit = String::from_utf8(read(&junit)).unwrap();
    assert!(junit.contains("score: 40 / 100"), "{junit}");
    assert!(junit.contains("secret/g1: 40"), "{junit}");
    let html = String::from_utf8(read(&html)).unwrap();
    assert!(html.contains("score 40 / 100"), "{html}");
}

/// A 2025-09 scoring problem: group `a` sums its tests (30 points), group `b` is all or
/// nothing (70 points), both given as problem.yaml `constants` (substituted in
/// `test_group.yaml`); the output validator gives half marks with `score_multiplier.txt`.
#[test]
fn modern_scoring_with_validator_scores() {
    let tmp = tempdir();
    let dir = tmp.path().join("halves");
    let validator = "\
import sys
answer = open(sys.argv[2]).read().split()
output = sys.stdin.buffer.read().decode(errors='replace').split()
if output == answer:
    sys.exit(42)
if output == ['half']:
    open(sys.argv[3] + '/score_multiplier.txt', 'w').write('0.5\\n')
    sys.exit(42)
open(sys.argv[3] + '/judgemessage.txt', 'w').write('wrong: ' + ' '.join(output))
sys.exit(43)
";
    package(
        &dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\ntype: scoring\nname: Halves\nuuid: 9d1a2b3c-0000-4000-8000-000000000001\nlimits:\n  time_limit: 2\nconstants:\n  a_points: 30\n  b_points: 70\n",
            ),
            ("output_validator/validate.py", validator),
            ("data/sample/1.in", "s\n"),
            ("data/sample/1.ans", "s\n"),
            ("data/secret/test_group.yaml", "max_score: 100\n"),
            (
                "data/secret/a/test_group.yaml",
                "max_score: {{a_points}}\nscore_aggregation: sum\n",
            ),
            ("data/secret/a/1.in", "a1\n"),
            ("data/secret/a/1.ans", "a1\n"),
            ("data/secret/a/2.in", "a2\n"),
            ("data/secret/a/2.ans", "a2\n"),
            ("data/secret/b/test_group.yaml", "max_score: {{b_points}}\n"),
            ("data/secret/b/1.in", "b1\n"),
            ("data/secret/b/1.ans", "b1\n"),
            ("submissions/accepted/echo.py", ECHO),
            (
                "submissions/partially_accepted/half.py",
                "s = input()\nprint('half' if s.startswith('a') else s)\n",
            ),
            ("submissions/wrong_answer/wrong.py", WRONG),
            (
                "submissions/submissions.yaml",
                "accepted:\n  score: 100\npartially_accepted/half.py:\n  score: 85\n  secret/a:\n    score: 15\nwrong_answer/*:\n  score: 0\n  message: \"wrong: nope\"\n",
            ),
        ],
    );
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    for name in [
        "accepted/echo.py",
        "partially_accepted/half.py",
        "wrong_answer/wrong.py",
    ] {
        assert_ok(&rows, name);
    }
    run.expect_code(0);
    let half = &rows["partially_accepted/half.py"]["score"];
    assert_eq!(half["score"].as_f64(), Some(85.0), "{half:#}");
    assert_eq!(half["verdict"], Value::Null);
    let scores: Vec<Option<f64>> = rows["partially_accepted/half.py"]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["score"].as_f64())
        .collect();
    assert_eq!(scores, [None, Some(7.5), Some(7.5), None]);
}

/// A legacy scoring package written for DOMjudge (as its `example_scoring_problems/`): its
/// `@EXPECTED_SCORE@`s are DOMjudge's, so it is scored as DOMjudge scores (a group's
/// `accept_score` once when all its tests pass, `avg` over subgroups, samples outside the
/// groups worth nothing) and a folder or annotation promises the final result (the first
/// rejected group's), not a verdict on every test. The same package without the annotations
/// is scored as problemtools' default grader scores it.
#[test]
fn domjudge_scoring_as_domjudge_scores() {
    let tmp = tempdir();
    let dir = tmp.path().join("djscored");
    let tagged = |results: &str, score: &str, body: &str| {
        format!("# @EXPECTED_RESULTS@: {results}\n# @EXPECTED_SCORE@: {score}\n{body}")
    };
    let accepted = tagged("CORRECT", "100", ECHO);
    // Wrong on the first group, never ends on `slow` inputs: DOMjudge's result is WA (group
    // `a` is rejected first), although group `c` is TLE.
    let wrong_then_slow = tagged(
        "WRONG-ANSWER",
        "45",
        "s = input()\nif 'slow' in s:\n    while True:\n        pass\nprint('no' if s.startswith('a') else s)\n",
    );
    let easy = tagged("WRONG-ANSWER", "25", EASY_ONLY);
    // Wrong on the sample only: CORRECT with every point, the sample being in no group.
    let sample_wrong = tagged(
        "CORRECT",
        "100",
        "s = input()\nprint('no' if s == 'sample' else s)\n",
    );
    let mut files = vec![
        ("problem.yaml", "name: DOMjudge scored\ntype: scoring\n"),
        (".timelimit", "1\n"),
        (
            "data/testdata.yaml",
            "on_reject: continue\ngrader_flags: sum\n",
        ),
        ("data/sample/1.in", "sample\n"),
        ("data/sample/1.ans", "sample\n"),
        (
            "data/secret/testdata.yaml",
            "on_reject: continue\ngrader_flags: sum\n",
        ),
        ("data/secret/a/testdata.yaml", "accept_score: 10\n"),
        ("data/secret/a/1.in", "a one\n"),
        ("data/secret/a/1.ans", "a one\n"),
        ("data/secret/a/2.in", "a two\n"),
        ("data/secret/a/2.ans", "a two\n"),
        (
            "data/secret/b/testdata.yaml",
            "on_reject: continue\ngrader_flags: avg\n",
        ),
        ("data/secret/b/x/testdata.yaml", "accept_score: 30\n"),
        ("data/secret/b/x/1.in", "bx\n"),
        ("data/secret/b/x/1.ans", "bx\n"),
        ("data/secret/b/y/testdata.yaml", "accept_score: 60\n"),
        ("data/secret/b/y/1.in", "hard by\n"),
        ("data/secret/b/y/1.ans", "hard by\n"),
        ("data/secret/c/testdata.yaml", "accept_score: 45\n"),
        ("data/secret/c/1.in", "hard slow c\n"),
        ("data/secret/c/1.ans", "hard slow c\n"),
    ];
    files.extend([
        ("submissions/accepted/echo.py", accepted.as_str()),
        ("submissions/wrong_answer/slow.py", wrong_then_slow.as_str()),
        ("submissions/partial/easy.py", easy.as_str()),
        ("submissions/partial/sample_wrong.py", sample_wrong.as_str()),
    ]);
    package(&dir, &files);
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    for name in [
        "accepted/echo.py",
        "wrong_answer/slow.py",
        "partial/easy.py",
        "partial/sample_wrong.py",
    ] {
        assert_ok(&rows, name);
    }
    run.expect_code(0);
    let score = |name: &str| rows[name]["score"]["score"].as_f64();
    assert_eq!(score("accepted/echo.py"), Some(100.0));
    assert_eq!(score("wrong_answer/slow.py"), Some(45.0));
    assert_eq!(score("partial/easy.py"), Some(25.0));
    assert_eq!(score("partial/sample_wrong.py"), Some(100.0));
    let slow = &rows["wrong_answer/slow.py"];
    assert!(
        slow["tests"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["name"] == "secret/c/1" && t["verdict"] == "TLE"),
        "{slow:#}"
    );
    assert_eq!(
        slow["expectation_source"],
        "folder name + @EXPECTED_SCORE@ 45 in slow.py, as DOMjudge judges"
    );
    assert_eq!(rows["partial/easy.py"]["score"]["verdict"], "WA");
    let said = notes(&report);
    assert!(
        said.iter()
            .any(|n| n.starts_with("scored as DOMjudge scores")),
        "{said:#?}"
    );

    // Without DOMjudge's expected scores, problemtools' default grader: the sample's 1, group
    // a's 10 per test, b's average of 30 and 60, c's 45.
    std::fs::remove_dir_all(dir.join("submissions")).unwrap();
    write(&dir, "submissions/accepted/echo.py", ECHO);
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_ok(&rows, "accepted/echo.py");
    assert_eq!(
        rows["accepted/echo.py"]["score"]["score"].as_f64(),
        Some(111.0)
    );
    assert!(!notes(&report)
        .iter()
        .any(|n| n.starts_with("scored as DOMjudge scores")));
    run.expect_code(0);
}

#[test]
fn templates_notes_symlinks_and_spaces() {
    let tmp = tempdir();
    let dir = tmp.path().join("odd names");
    let mut files = echo_data();
    files.extend([
        (
            "problem.yaml",
            "name: Odd names\nlimits:\n  time_limit: 2\n",
        ),
        ("submissions/accepted/my solution.py", ECHO),
        ("submissions/accepted/solution.py.template", "# fill in\n"),
        ("submissions/accepted/.gitkeep", ""),
        ("submissions/accepted/NOTES.md", "why\n"),
        ("submissions/README.md", "about the submissions\n"),
        ("submissions/wrong_answer/wrong answer.py", WRONG),
        ("shared/echo.py", ECHO),
    ]);
    package(&dir, &files);
    std::os::unix::fs::symlink(
        "../../shared/echo.py",
        dir.join("submissions/accepted/linked.py"),
    )
    .unwrap();
    std::os::unix::fs::symlink("01-easy.in", dir.join("data/secret/04-linked.in")).unwrap();
    std::os::unix::fs::symlink("01-easy.ans", dir.join("data/secret/04-linked.ans")).unwrap();
    let run = verify(&dir);
    run.expect_code(0);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_eq!(rows.len(), 3, "{:#?}", rows.keys());
    for name in [
        "accepted/my solution.py",
        "accepted/linked.py",
        "wrong_answer/wrong answer.py",
    ] {
        assert_ok(&rows, name);
    }
    let tests: Vec<&str> = rows["accepted/linked.py"]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(tests.contains(&"secret/04-linked"), "{tests:?}");
    let notes = notes(&report);
    let skipped: Vec<&String> = notes
        .iter()
        .filter(|n| n.starts_with("submissions"))
        .collect();
    assert_eq!(
        skipped,
        [
            "submissions: not submissions, skipped: README.md (not in a verdict folder), \
             accepted/NOTES.md (documentation), accepted/solution.py.template (a template)"
        ],
        "{notes:#?}"
    );
}
