//! Kattis packages as people write them, through the real binary (`verify --json`) on small
//! packages each test builds for itself:
//!
//! - `language` and `entrypoint` of `submissions.yaml` (2025-09) and DOMjudge's
//!   `submissions.json` applied by the build: a Python folder run from the declared file, a
//!   Java folder started at the declared class, a file with no known ending built in the
//!   declared language, a language the table lacks skipped, an entry point naming nothing
//!   reported;
//! - `judge` and `stress` of such a submission named by its path, and a stress reference taken
//!   from `submissions/accepted/`, are built the same way;
//! - a legacy scoring package's custom grader (`graders/`) grading the groups with
//!   `grading: custom`, its flags passed; a grader that misbehaves is one line and exit 2; a
//!   grader with no toolchain here is a note and the default grader's rules;
//! - `limits.time_multipliers`: an accepted submission slower than limit / ac_to_time_limit
//!   and a time_limit_exceeded one faster than limit x time_limit_to_tle get warnings.

use crate::folders_support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use folders_support::*;
use serde_json::Value;

/// Writes every `(path, text)` under `dir`.
fn package(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        write(dir, path, text);
    }
}

/// Runs `verify --json --stress-seeds 0` on `dir`.
fn verify(dir: &Path) -> Run {
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

/// The notes of a `verify --json` report (the problems' and verify's own).
fn notes(report: &Value) -> Vec<String> {
    report["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

/// Asserts `name` was judged and kept its expectation.
fn assert_ok(rows: &BTreeMap<String, Value>, name: &str) {
    let row = rows
        .get(name)
        .unwrap_or_else(|| panic!("{name} not verified: {:#?}", rows.keys()));
    assert_eq!(row["status"], "match", "{row:#}");
    assert_eq!(row["broken"], Value::Array(Vec::new()), "{row:#}");
}

/// A problem that echoes its one-line input.
const ECHO: &str = "print(input())\n";
/// Always wrong.
const WRONG: &str = "input()\nprint('nope')\n";
/// Echoes, but wrong on inputs holding `hard`.
const EASY_ONLY: &str = "s = input()\nprint('no' if 'hard' in s else s)\n";

fn echo_data() -> Vec<(&'static str, &'static str)> {
    vec![
        ("data/sample/1.in", "sample\n"),
        ("data/sample/1.ans", "sample\n"),
        ("data/secret/1-easy.in", "easy one\n"),
        ("data/secret/1-easy.ans", "easy one\n"),
        ("data/secret/2-hard.in", "hard one\n"),
        ("data/secret/2-hard.ans", "hard one\n"),
        ("data/secret/3-easy.in", "easy two\n"),
        ("data/secret/3-easy.ans", "easy two\n"),
    ]
}

const JAVA_WRONG: &str = "public class A {\n    public static void main(String[] args) {\n        System.out.println(\"nope\");\n    }\n}\n";
const JAVA_ECHO: &str = "import java.util.Scanner;\n\npublic class B {\n    public static void main(String[] args) {\n        System.out.println(new Scanner(System.in).nextLine());\n    }\n}\n";

#[test]
fn declared_languages_and_entry_points_are_built_as_declared() {
    let tmp = tempdir();
    let dir = tmp.path().join("declared");
    let mut files = echo_data();
    files.extend([
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Echo\nuuid: 7d1f5a2c-1b0e-4d7e-9a53-2f6f7f0c9d01\nlimits:\n  time_limit: 4\n",
        ),
        // Without its entry point the folder would run a.py (the first file): wrong.
        ("submissions/accepted/pick/a.py", WRONG),
        ("submissions/accepted/pick/b.py", ECHO),
        // Two classes with a main method: only the declared one is right (the default is A,
        // the first file's).
        ("submissions/accepted/classes/A.java", JAVA_WRONG),
        ("submissions/accepted/classes/B.java", JAVA_ECHO),
        // Linked from outside its folder through two links (as BAPCtools' testexpectations
        // does): the sandbox shows every hop.
        ("submissions/shared.py", ""),
        // No ending: Python because submissions.yaml says so (by DOMjudge's id).
        ("submissions/accepted/echo", ECHO),
        // Python 3 code declared Python 2, which is not installed here: skipped, naming it.
        ("submissions/accepted/old.py", ECHO),
        ("submissions/accepted/odd.py", ECHO),
        ("submissions/wrong_answer/nothing/a.py", WRONG),
        (
            "submissions/submissions.yaml",
            "\
accepted/pick:
  entrypoint: b.py
accepted/classes:
  entrypoint: B
accepted/echo:
  language: py3
accepted/old.py:
  language: Python 2
accepted/odd.py:
  language: algol68
wrong_answer/nothing:
  entrypoint: missing.py
",
        ),
        // DOMjudge's way: a JavaScript folder started from the file submissions.json names.
        ("submissions/accepted/js/main.js", "console.log('nope');\n"),
        (
            "submissions/accepted/js/hello.js",
            "const line = require('fs').readFileSync(0, 'utf8').split('\\n')[0];\nconsole.log(line);\n",
        ),
        (
            "submissions.json",
            "{\"submissions/accepted/js/\": {\"entry_point\": \"hello.js\", \"langid\": \"javascript\"}}",
        ),
    ]);
    package(&dir, &files);
    let submissions = dir.join("submissions");
    std::fs::remove_file(submissions.join("shared.py")).unwrap();
    std::os::unix::fs::symlink("accepted/pick/b.py", submissions.join("shared.py")).unwrap();
    std::fs::create_dir_all(submissions.join("accepted/linked")).unwrap();
    std::os::unix::fs::symlink(
        "../../shared.py",
        submissions.join("accepted/linked/main.py"),
    )
    .unwrap();
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    for name in [
        "accepted/pick",
        "accepted/classes",
        "accepted/echo",
        "accepted/linked",
    ] {
        assert_ok(&rows, name);
    }
    let js = &rows["accepted/js"];
    if crate_tool_exists("node") {
        assert_ok(&rows, "accepted/js");
    } else {
        assert_eq!(js["status"], "skipped", "{js:#}");
    }
    let python2 = &rows["accepted/old.py"];
    if !crate_tool_exists("python2") {
        assert_eq!(python2["status"], "skipped", "{python2:#}");
        assert!(
            python2["detail"].as_str().unwrap().contains("python2"),
            "{python2:#}"
        );
    }
    let odd = &rows["accepted/odd.py"];
    assert_eq!(odd["status"], "skipped", "{odd:#}");
    assert!(
        odd["detail"]
            .as_str()
            .unwrap()
            .contains("language `algol68` declared for it is not in the language table"),
        "{odd:#}"
    );
    let nothing = &rows["wrong_answer/nothing"];
    assert_eq!(nothing["status"], "mismatch", "{nothing:#}");
    assert!(
        nothing["detail"]
            .as_str()
            .unwrap()
            .contains("entrypoint `missing.py` declared for"),
        "{nothing:#}"
    );
    run.expect_code(1);

    // Without the declarations the same folders are built the default way, from their first
    // file (problemtools' `{mainfile}`): a.py and class A, both wrong.
    std::fs::remove_file(dir.join("submissions/submissions.yaml")).unwrap();
    std::fs::remove_file(dir.join("submissions.json")).unwrap();
    let rows = rows_by_submission(&verify(&dir).json());
    assert_eq!(
        rows["accepted/pick"]["got"], "WA",
        "{:#}",
        rows["accepted/pick"]
    );
    assert_eq!(
        rows["accepted/classes"]["got"], "WA",
        "{:#}",
        rows["accepted/classes"]
    );
    assert_eq!(rows["accepted/echo"]["status"], "mismatch");
}

#[test]
fn judge_and_stress_build_a_declared_submission_as_verify_does() {
    let tmp = tempdir();
    let dir = tmp.path().join("declared-runs");
    let mut files = echo_data();
    files.extend([
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Echo\nuuid: 0c7e3a51-9d2b-4f0a-8a41-6b3c2e1f5d77\nlimits:\n  time_limit: 2\n",
        ),
        // The stress reference (the first accepted submission by name): no ending, Python
        // because submissions.yaml says so. Undeclared it cannot be built, and stress would
        // fall back to `pick` built from its first file: wrong.
        ("submissions/accepted/echo", ECHO),
        // Run from b.py because submissions.yaml says so; from a.py (the first file) it is wrong.
        ("submissions/accepted/pick/a.py", WRONG),
        ("submissions/accepted/pick/b.py", ECHO),
        (
            "submissions/submissions.yaml",
            "accepted/echo:\n  language: py3\naccepted/pick:\n  entrypoint: b.py\n",
        ),
        // The one program of generators/: the guessed `random` kind, seed first.
        (
            "generators/gen.py",
            "import sys\nprint('line', sys.argv[1])\n",
        ),
    ]);
    package(&dir, &files);
    let _heavy = heavy();
    for name in ["echo", "pick"] {
        let submission = dir.join("submissions/accepted").join(name);
        let run = stressjudge(&["judge", arg(&dir), arg(&submission), "--json"]);
        let report = run.json();
        assert_eq!(report["verdict"], "AC", "{name}: {}", run.describe());
        run.expect_code(0);
    }
    let out = tmp.path().join("out");
    let candidate = dir.join("submissions/accepted/pick");
    let run = stressjudge(&[
        "stress",
        arg(&dir),
        arg(&candidate),
        "--json",
        "--seeds",
        "1..=3",
        "--out",
        arg(&out),
    ]);
    let report = run.json();
    assert_eq!(report["verdict"], "AC", "{}", run.describe());
    run.expect_code(0);

    // Undeclared, the same programs are built the default way: `echo` is no program of any
    // language (exit 2), `pick` runs a.py (WA).
    std::fs::remove_file(dir.join("submissions/submissions.yaml")).unwrap();
    let echo = dir.join("submissions/accepted/echo");
    stressjudge(&["judge", arg(&dir), arg(&echo), "--json"]).expect_code(2);
    let run = stressjudge(&["judge", arg(&dir), arg(&candidate), "--json"]);
    assert_eq!(run.json()["verdict"], "WA", "{}", run.describe());
}

/// Whether `name` is on this machine's PATH.
fn crate_tool_exists(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()))
}

/// A grader that accepts a group when any child is accepted and scores 10 per accepted child,
/// plus 5 when given the flag `bonus`.
const GRADER: &str = "\
import sys
results = [line.split() for line in sys.stdin if line.strip()]
accepted = sum(1 for verdict, _ in results if verdict == 'AC')
bonus = 5 if 'bonus' in sys.argv[1:] else 0
print('AC' if accepted else 'WA', 10 * accepted + bonus)
";

fn graded_package(dir: &Path) {
    let mut files = echo_data();
    files.extend([
        (
            "problem.yaml",
            "type: scoring\nname: Graded echo\nlimits:\n  time_limit: 2\n",
        ),
        ("data/testdata.yaml", "on_reject: continue\n"),
        ("data/sample/testdata.yaml", "accept_score: 0\n"),
        (
            "data/secret/testdata.yaml",
            "grading: custom\ngrader_flags: bonus accept_if_any_accepted\n",
        ),
        ("graders/grader.py", GRADER),
        ("submissions/accepted/full.py", ECHO),
        ("submissions/partially_accepted/easy.py", EASY_ONLY),
        (
            "submissions/submissions.yaml",
            "accepted/full.py:\n  score: 35\npartially_accepted/easy.py:\n  score: 25\n",
        ),
    ]);
    package(dir, &files);
}

#[test]
fn a_custom_grader_grades_its_groups() {
    let tmp = tempdir();
    let dir = tmp.path().join("graded");
    graded_package(&dir);
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_ok(&rows, "accepted/full.py");
    assert_ok(&rows, "partially_accepted/easy.py");
    let easy = &rows["partially_accepted/easy.py"]["score"];
    // The default grader would give secret 2 (two accepted tests, sum) and verdict WA.
    assert_eq!(easy["score"].as_f64(), Some(25.0), "{easy:#}");
    assert_eq!(easy["verdict"], "AC", "{easy:#}");
    let secret = easy["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "secret")
        .unwrap();
    assert_eq!(secret["score"].as_f64(), Some(25.0), "{easy:#}");
    assert!(
        // (The memory note names the grader's address-space limit; no other note may.)
        !notes(&report)
            .iter()
            .any(|n| n.contains("grader") && !n.contains(": memory: ")),
        "{:#?}",
        notes(&report)
    );
    run.expect_code(0);

    // A grader answering out of format is the package's fault: one line naming it, exit 2.
    write(&dir, "graders/grader.py", "print('hello')\n");
    let line = verify(&dir).one_line_error();
    assert!(
        line.contains("grader") && line.contains("\"hello\"") && line.contains("VERDICT SCORE"),
        "{line}"
    );
    // So is one that crashes.
    write(&dir, "graders/grader.py", "raise SystemExit(3)\n");
    let line = verify(&dir).one_line_error();
    assert!(
        line.contains("grader") && line.contains("exit code 3"),
        "{line}"
    );
}

/// [`GRADER`] as a 2015 package writes it: Python 2, no `#!` line.
const PYTHON2_GRADER: &str = "\
import sys
results = [line.split() for line in sys.stdin if line.strip()]
accepted = sum(1 for verdict, _ in results if verdict == 'AC')
bonus = 5 if 'bonus' in sys.argv[1:] else 0
print '%s %d' % ('AC' if accepted else 'WA', 10 * accepted + bonus)
";

#[test]
fn a_custom_grader_written_in_python2_grades_as_python2() {
    let tmp = tempdir();
    let dir = tmp.path().join("graded");
    graded_package(&dir);
    write(&dir, "graders/grader.py", PYTHON2_GRADER);
    if !python2_available() {
        // Without Python 2 the grader does not compile, and the line says why.
        eprintln!("SKIPPED: no Python 2 here; the grader is checked to say it looks like Python 2");
        let run = verify(&dir);
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains("grader.py:5: SyntaxError") && said.contains("looks like Python 2"),
            "{}",
            run.describe()
        );
        return;
    }
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_ok(&rows, "accepted/full.py");
    assert_ok(&rows, "partially_accepted/easy.py");
    let easy = &rows["partially_accepted/easy.py"]["score"];
    assert_eq!(easy["score"].as_f64(), Some(25.0), "{easy:#}");
    run.expect_code(0);
    // One note says why it ran as Python 2.
    assert_eq!(
        run.stderr.matches("runs as Python 2").count(),
        1,
        "{}",
        run.describe()
    );
    assert!(
        run.stderr
            .contains("grader.py runs as Python 2: it fails Python 3's syntax check (grader.py:5: SyntaxError"),
        "{}",
        run.describe()
    );
}

#[test]
fn a_custom_grader_without_its_toolchain_is_a_note() {
    let tmp = tempdir();
    let dir = tmp.path().join("graded");
    graded_package(&dir);
    std::fs::remove_file(dir.join("graders/grader.py")).unwrap();
    write(&dir, "graders/grader.fake", "whatever\n");
    // The default grader's rules: secret sums its tests' scores (1 each) and is accepted when
    // any test is (`accept_if_any_accepted`).
    write(
        &dir,
        "submissions/submissions.yaml",
        "accepted/full.py:\n  score: 3\npartially_accepted/easy.py:\n  score: 2\n",
    );
    let languages = tmp.path().join("languages.yaml");
    std::fs::write(
        &languages,
        "fake:\n  name: Fake\n  priority: 3\n  extensions: [fake]\n  tools:\n    FAKE: {name: no-such-fake-compiler}\n  run: \"{FAKE} {mainfile}\"\n",
    )
    .unwrap();
    let output = {
        let _heavy = heavy();
        Command::new(env!("CARGO_BIN_EXE_stressjudge"))
            .args(["verify", arg(&dir), "--json", "--stress-seeds", "0"])
            .current_dir(root())
            .env("XDG_CACHE_HOME", cache_dir())
            .env("STRESSJUDGE_LANGUAGES", &languages)
            .output()
            .unwrap()
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = schema::try_parse("verify", &stdout)
        .unwrap_or_else(|e| panic!("{e}: {stdout}\n{}", String::from_utf8_lossy(&output.stderr)));
    let notes = notes(&report);
    assert!(
        notes.iter().any(|n| n.contains("custom grader")
            && n.contains("cannot be built here")
            && n.contains("no-such-fake-compiler")
            && n.contains("default grader's rules")),
        "{notes:#?}"
    );
    let rows = rows_by_submission(&report);
    assert_ok(&rows, "accepted/full.py");
    assert_ok(&rows, "partially_accepted/easy.py");
    assert_eq!(output.status.code(), Some(0), "{stdout}");
}

/// Burns `seconds` of CPU, then echoes.
fn burner(seconds: f64) -> String {
    format!(
        "import time\nstart = time.process_time()\nwhile time.process_time() - start < {seconds}:\n    pass\nprint(input())\n"
    )
}

#[test]
fn time_multipliers_are_checked_both_ways() {
    let tmp = tempdir();
    let dir = tmp.path().join("timed");
    let slow = burner(0.7);
    let tle = burner(1.25);
    package(
        &dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07\nname: Timed\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567890\nlimits:\n  time_limit: 1\n  time_multipliers:\n    ac_to_time_limit: 2\n    time_limit_to_tle: 1.5\n",
            ),
            ("data/sample/1.in", "x\n"),
            ("data/sample/1.ans", "x\n"),
            ("submissions/accepted/fast.py", ECHO),
            ("submissions/accepted/slow.py", &slow),
            ("submissions/time_limit_exceeded/barely.py", &tle),
        ],
    );
    let run = verify(&dir);
    let rows = rows_by_submission(&run.json());
    for name in [
        "accepted/fast.py",
        "accepted/slow.py",
        "time_limit_exceeded/barely.py",
    ] {
        assert_ok(&rows, name);
    }
    let warnings = |name: &str| -> Vec<String> {
        rows[name]["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap().to_string())
            .collect()
    };
    assert!(warnings("accepted/fast.py").is_empty());
    let slow = warnings("accepted/slow.py");
    assert!(
        slow.iter().any(
            |w| w.contains("more than the time limit / ac_to_time_limit = 1.00 s / 2 = 0.50 s")
        ),
        "{slow:#?}"
    );
    let barely = warnings("time_limit_exceeded/barely.py");
    assert!(
        barely
            .iter()
            .any(|w| w.contains("time_limit_exceeded but finishes sample/1")
                && w.contains("within 1.5 x the limit")),
        "{barely:#?}"
    );
    run.expect_code(0);
}

/// A 2025-09 package whose `constants` are used everywhere the spec substitutes them: a
/// Python input validator and a checktestdata script, a C++ output validator,
/// `test_group.yaml` arguments, an included file and submissions. Unsubstituted, each of
/// them breaks (a syntax error, a set of sets, a failed `static_assert`).
fn constants_package(dir: &Path) {
    package(
        dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Triple\nuuid: 3a9e1f70-2b4c-4d5e-8f60-7a8b9c0d1e2f\n\
                 limits:\n  time_limit: 4\nconstants:\n  MAXN: 10\n  FACTOR:\n    value: 3\n    word: three\n",
            ),
            ("data/sample/1.in", "2\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/test_group.yaml", "output_validator_args: [--factor, '{{FACTOR}}', '{{FACTOR.word}}']\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "15\n"),
            ("data/secret/2.in", "10\n"),
            ("data/secret/2.ans", "30\n"),
            (
                "input_validators/range.py",
                "import sys\nn = int(sys.stdin.readline())\nsys.exit(42 if 1 <= n <= {{MAXN}} else 43)\n",
            ),
            ("input_validators/range.ctd", "INT(1, {{MAXN}}) NEWLINE\nEOF\n"),
            (
                "output_validator/check.cpp",
                "#include <cstdlib>\n#include <cstring>\n#include <fstream>\n#include <iostream>\n\
                 static_assert({{FACTOR}} == 3, \"constants substituted\");\n\
                 int main(int argc, char **argv) {\n\
                 \x20   if (argc > 4 && (argc != 7 || std::strcmp(argv[5], \"3\") || std::strcmp(argv[6], \"three\"))) return 1;\n\
                 \x20   std::ifstream ans(argv[2]);\n    long want, got;\n    ans >> want;\n\
                 \x20   if (!(std::cin >> got)) return 43;\n    return got == want ? 42 : 43;\n}\n",
            ),
            ("include/python3/limits.py", "LIMIT = {{MAXN}}\n"),
            (
                "submissions/accepted/with_include.py",
                "from limits import LIMIT\nn = int(input())\nprint(n * {{FACTOR}} if n <= LIMIT else -1)\n",
            ),
            ("submissions/accepted/plain.py", "print(int(input()) * {{FACTOR.value}})\n"),
            // A constant the package does not define stays as written.
            ("submissions/wrong_answer/undefined.py", "input()\nprint('{{NOPE}}')\n"),
        ],
    );
}

#[test]
fn constants_are_substituted_where_the_2025_09_spec_says() {
    let tmp = tempdir();
    let dir = tmp.path().join("triple");
    constants_package(&dir);
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    for name in [
        "accepted/with_include.py",
        "accepted/plain.py",
        "wrong_answer/undefined.py",
    ] {
        assert_ok(&rows, name);
    }
    assert_eq!(rows["wrong_answer/undefined.py"]["got"], "WA");
    let notes = notes(&report);
    assert!(
        !notes.iter().any(|n| n.contains("range.py")),
        "the Python validator runs: {notes:#?}"
    );
    // The undefined one is named once, with its file (the spec: "tools may warn for them").
    let undefined: Vec<_> = notes.iter().filter(|n| n.contains("NOPE")).collect();
    assert_eq!(undefined.len(), 1, "{notes:#?}");
    assert!(
        undefined[0].contains("submissions/wrong_answer/undefined.py: {{NOPE}} names no constant"),
        "{notes:#?}"
    );
    run.expect_code(0);

    // The validators read the bound: `solve` validates its input before the reference (the
    // first accepted submission, with its included file) answers it.
    let solve = |input: &[u8]| run_with_stdin(&["solve", arg(&dir)], Some(input));
    let good = solve(b"10\n");
    assert_eq!(good.code, 0, "{}", good.describe());
    assert_eq!(good.stdout, "30\n");
    let line = solve(b"11\n").one_line_error();
    assert!(line.contains("rejects it"), "{line}");
}

/// A folder of `PATH` without `bt`, so BAPCtools is not found even where it is installed.
fn path_without_bt() -> String {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let kept: Vec<_> = std::env::split_paths(&path)
        .filter(|dir| !dir.join("bt").exists())
        .collect();
    std::env::join_paths(kept)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// A header standing in for BAPCtools' `validation.h`: the validators do not compile without
/// it.
const FAKE_VALIDATION_H: &str = "#pragma once\n#include <iostream>\n\
inline long read_between(long lo, long hi) { long x; if (!(std::cin >> x) || x < lo || x > hi) std::exit(43); return x; }\n";

#[test]
fn bapctools_validation_h_comes_from_an_include_folder_or_the_validator_is_left_out() {
    let tmp = tempdir();
    let dir = tmp.path().join("bapc");
    let headers = tmp.path().join("headers");
    write(&headers, "validation.h", FAKE_VALIDATION_H);
    let files = vec![
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Echo number\nuuid: 5b6c7d8e-9f01-4a2b-8c3d-4e5f60718293\nlimits:\n  time_limit: 4\n",
        ),
        ("data/sample/1.in", "7\n"),
        ("data/sample/1.ans", "7\n"),
        ("data/secret/1.in", "8\n"),
        ("data/secret/1.ans", "8\n"),
        (
            "input_validators/iv/iv.cpp",
            "#include \"validation.h\"\nint main() { read_between(1, 100); return 42; }\n",
        ),
        (
            "output_validator/ov.cpp",
            "#include <fstream>\n#include \"validation.h\"\n\
             int main(int, char **argv) { std::ifstream a(argv[2]); long w; a >> w; return read_between(w, w) == w ? 42 : 43; }\n",
        ),
        ("submissions/accepted/echo.py", ECHO),
        ("submissions/wrong_answer/off.py", "print(int(input()) + 1)\n"),
    ];
    package(&dir, &files);
    // As in BAPCtools' own test problems: a link out of the package, dangling once copied.
    std::os::unix::fs::symlink(
        "../../../../bapctools/resources/headers/validation.h",
        dir.join("input_validators/iv/validation.h"),
    )
    .unwrap();
    let path = path_without_bt();
    // About building the validator with a validation.h, not about its strictness (its stand-in
    // allows any whitespace, which the tool checks would rightly name).
    let args = [
        "verify",
        arg(&dir),
        "--json",
        "--stress-seeds",
        "0",
        "--no-tool-checks",
    ];
    let with_header = [
        ("PATH", Some(path.as_str())),
        ("STRESSJUDGE_INCLUDE", Some(arg(&headers))),
    ];
    let without = [("PATH", Some(path.as_str())), ("STRESSJUDGE_INCLUDE", None)];

    let _heavy = heavy();
    let run = run_with_env(&args, None, &with_header);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_ok(&rows, "accepted/echo.py");
    assert_ok(&rows, "wrong_answer/off.py");
    assert!(
        !notes(&report).iter().any(|n| n.contains("validation.h")),
        "{:#?}",
        notes(&report)
    );
    run.expect_code(0);
    // The input validator (a folder whose own `validation.h` link dangles) is built with the
    // header too: `solve` validates its input with it.
    let solve = |input: &[u8]| run_with_env(&["solve", arg(&dir)], Some(input), &with_header);
    let good = solve(b"7\n");
    assert_eq!(good.code, 0, "{}", good.describe());
    assert_eq!(good.stdout, "7\n");
    let line = solve(b"500\n").one_line_error();
    assert!(line.contains("input_validators/iv rejects it"), "{line}");

    // Nowhere: the output validator cannot be built, so nothing can be judged.
    let line = run_with_env(&args, None, &without).one_line_error();
    for part in ["output validator", "validation.h", "STRESSJUDGE_INCLUDE"] {
        assert!(line.contains(part), "{line}");
    }

    // Without the output validator the input validator is left out with one note.
    std::fs::remove_dir_all(dir.join("output_validator")).unwrap();
    let run = run_with_env(&args, None, &without);
    let report = run.json();
    let skipped: Vec<String> = notes(&report)
        .into_iter()
        .filter(|n| n.contains("validation.h"))
        .collect();
    assert_eq!(skipped.len(), 1, "{skipped:#?}");
    assert!(
        skipped[0].contains("input validator")
            && skipped[0].contains("skipped")
            && skipped[0].contains("leads nowhere"),
        "{skipped:#?}"
    );
    run.expect_code(0);
}
