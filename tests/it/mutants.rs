//! `stressjudge mutants` through the binary, on packages of our own with planted weak tests:
//! the mutants the missing tests would kill are found killable, `--save-tests` adds their
//! shrunk inputs, after which the score rises and the package's planted wrong submissions fail
//! `verify` (a test never holding n = 1 or equal values; a 64-bit sum never overflowing 32
//! bits, found by the narrowing mutant); and the bad inputs, each one line and exit 2.
//!
//! The assertions hold whatever else the mutator makes: they name the mutants they are about
//! by the text they change, never by a count or a number.

use std::path::Path;

use serde_json::Value;

use crate::folders_support::{arg, heavy, stressjudge, tempdir, write};

/// Count the increasing pairs; `lonely` when there is one value. The tests never hold n = 1
/// nor two equal values: the planted weaknesses.
const REFERENCE: &str = r#"import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    a = [int(x) for x in data[1:1 + n]]
    if n <= 1:
        print("lonely")
        return
    count = 0
    for i in range(n):
        for j in range(i + 1, n):
            if a[i] < a[j]:
                count += 1
    print(count)


main()
"#;

/// The planted wrong submissions: each passes the weak tests.
const COUNTS_EQUAL: &str = r#"import sys
data = sys.stdin.read().split()
n = int(data[0])
a = [int(x) for x in data[1:1 + n]]
if n == 1:
    print("lonely")
else:
    print(sum(1 for i in range(n) for j in range(i + 1, n) if a[i] <= a[j]))
"#;

const FORGETS_LONELY: &str = r#"import sys
data = sys.stdin.read().split()
n = int(data[0])
a = [int(x) for x in data[1:1 + n]]
print(sum(1 for i in range(n) for j in range(i + 1, n) if a[i] < a[j]))
"#;

/// n in 1..=5, values in 1..=4: n = 1 and equal values come often.
const GENERATOR: &str = r#"import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 5)
print(n)
print(" ".join(str(rng.randint(1, 4)) for _ in range(n)))
"#;

/// Kattis convention: 42 accepts, 43 rejects.
const VALIDATOR: &str = r#"import re
import sys

text = sys.stdin.read()
lines = text.split("\n")
if not text.endswith("\n") or len(lines) != 3 or lines[2] != "":
    sys.exit(43)
if not re.fullmatch(r"[1-9][0-9]*", lines[0]):
    sys.exit(43)
n = int(lines[0])
values = lines[1].split(" ")
if not 1 <= n <= 100 or len(values) != n:
    sys.exit(43)
for v in values:
    if not re.fullmatch(r"[1-9][0-9]*", v) or not 1 <= int(v) <= 1000:
        sys.exit(43)
sys.exit(42)
"#;

/// The weak tests: n >= 2, every value distinct.
const TESTS: &[(&str, &str, &str)] = &[
    ("sample/1", "3\n1 2 3\n", "3\n"),
    ("secret/01-down", "4\n4 3 2 1\n", "0\n"),
    ("secret/02-mixed", "5\n3 1 4 5 2\n", "6\n"),
    ("secret/03-two", "2\n7 9\n", "1\n"),
];

/// The package, with a generator unless `generator` is false.
fn package(dir: &Path, generator: bool) {
    write(
        dir,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Pairs\nlimits:\n  time_limit: 2\n",
    );
    let mut config = String::from("python: python3\n");
    if generator {
        write(dir, "generators/gen.py", GENERATOR);
        config.push_str("generators:\n  random: generators/gen.py\n");
    }
    write(dir, "stressjudge.yaml", &config);
    write(dir, "input_validators/validate.py", VALIDATOR);
    write(dir, "submissions/accepted/pairs.py", REFERENCE);
    write(
        dir,
        "submissions/wrong_answer/counts_equal.py",
        COUNTS_EQUAL,
    );
    write(
        dir,
        "submissions/wrong_answer/forgets_lonely.py",
        FORGETS_LONELY,
    );
    for (name, input, answer) in TESTS {
        write(dir, &format!("data/{name}.in"), input);
        write(dir, &format!("data/{name}.ans"), answer);
    }
}

/// The mutant of the reference that turns `from` into `to` on the line holding `line`.
fn mutant<'a>(report: &'a Value, line: &str, from: &str, to: &str) -> &'a Value {
    let number = REFERENCE
        .lines()
        .position(|l| l.contains(line))
        .expect("the line is in the reference")
        + 1;
    report["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["line"] == number && m["original"] == from && m["replacement"] == to)
        .unwrap_or_else(|| panic!("no mutant `{from}` -> `{to}` on line {number}: {report:#}"))
}

fn mutants(dir: &Path, extra: &[&str]) -> crate::folders_support::Run {
    let mut args = vec!["mutants", arg(dir), "--budget-per-mutant", "12", "--json"];
    args.extend_from_slice(extra);
    stressjudge(&args)
}

fn score(report: &Value) -> f64 {
    report["score"]
        .as_f64()
        .unwrap_or_else(|| panic!("no score: {report:#}"))
}

#[test]
fn missing_tests_are_found_saved_and_then_kill_the_planted_wrong_submissions() {
    let _heavy = heavy();
    let dir = tempdir();
    let pkg = dir.path().join("pairs");
    package(&pkg, true);
    // The weak tests accept both wrong submissions (stress off: only the tests judge).
    stressjudge(&[
        "verify",
        arg(&pkg),
        "--stress-seeds",
        "0",
        "--no-tool-checks",
    ])
    .expect_code(1);

    let junit = dir.path().join("mutants.xml");
    let html = dir.path().join("mutants.html");
    let first = mutants(&pkg, &["--report", arg(&junit), "--report", arg(&html)]);
    first.expect_code(1);
    let before = first.json();
    assert_eq!(before["no_stress"], Value::Null);
    let lonely = mutant(&before, "if n <= 1", "<=", "<");
    assert_eq!(lonely["fate"], "killable", "{lonely:#}");
    let input = lonely["counterexample"]["input"].as_str().unwrap();
    assert_eq!(input.split_whitespace().next(), Some("1"), "{lonely:#}");
    let equal = mutant(&before, "a[i] < a[j]", "<", "<=");
    assert_eq!(equal["fate"], "killable", "{equal:#}");
    let values: Vec<&str> = equal["counterexample"]["input"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .skip(1)
        .collect();
    let distinct: std::collections::HashSet<&&str> = values.iter().collect();
    assert!(distinct.len() < values.len(), "no equal values: {equal:#}");
    assert!(equal["diff"]
        .as_str()
        .unwrap()
        .contains("+            if a[i] <= a[j]:"));
    // Per-test kills: one entry per test, in order, adding up to the mutants killed by tests.
    let tests = before["tests"].as_array().unwrap();
    assert_eq!(tests.len(), TESTS.len());
    let kills: u64 = tests.iter().map(|t| t["kills"].as_u64().unwrap()).sum();
    assert_eq!(kills, before["killed"].as_u64().unwrap());
    // The other renderers say the same.
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<failure") && xml.contains("stressjudge mutants"),
        "{xml}"
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Killable") && page.contains("Kills per test"));

    let saved = mutants(&pkg, &["--save-tests"]);
    saved.expect_code(1);
    let lines = saved.json()["saved"].clone();
    assert!(
        lines
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l.as_str().unwrap().starts_with("kept as test")),
        "{lines:#}"
    );
    let kept: Vec<String> = std::fs::read_dir(pkg.join("data/secret"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("stress-") && n.ends_with(".in"))
        .collect();
    assert!(kept.len() >= 2, "{kept:?}");

    let after = mutants(&pkg, &[]).json();
    assert!(
        score(&after) > score(&before),
        "{} then {}",
        score(&before),
        score(&after)
    );
    for (line, from, to) in [("if n <= 1", "<=", "<"), ("a[i] < a[j]", "<", "<=")] {
        let m = mutant(&after, line, from, to);
        assert_eq!(m["fate"], "killed", "{m:#}");
        assert!(
            m["killed_by"].as_str().unwrap().contains("stress-"),
            "{m:#}"
        );
    }
    // Both planted wrong submissions now fail on the tests, as their folder promises.
    stressjudge(&[
        "verify",
        arg(&pkg),
        "--stress-seeds",
        "0",
        "--no-tool-checks",
    ])
    .expect_code(0);
}

#[test]
fn without_a_generator_only_the_tests_judge_and_the_report_says_so() {
    let _heavy = heavy();
    let dir = tempdir();
    let pkg = dir.path().join("pairs");
    package(&pkg, false);
    let run = mutants(&pkg, &[]);
    run.expect_code(0);
    let report = run.json();
    assert!(
        report["no_stress"]
            .as_str()
            .unwrap()
            .contains("no generator"),
        "{report:#}"
    );
    assert_eq!(
        mutant(&report, "a[i] < a[j]", "<", "<=")["fate"],
        "survived"
    );
    assert_eq!(report["killable"], 0);
    let text = stressjudge(&["mutants", arg(&pkg)]);
    assert!(
        text.stdout.contains("stress was not possible"),
        "{}",
        text.describe()
    );
}

#[test]
fn bad_inputs_are_one_line_errors() {
    let dir = tempdir();
    let pkg = dir.path().join("pairs");
    package(&pkg, true);
    let rust = write(dir.path(), "pairs.rs", "fn main() {}\n");
    let line = stressjudge(&["mutants", arg(&pkg), arg(&rust)]).one_line_error();
    assert!(
        line.contains("no mutation rules") && line.contains("pairs.rs"),
        "{line}"
    );

    let broken = write(dir.path(), "broken.py", "def main(:\n    print(1 <\n");
    let line = stressjudge(&["mutants", arg(&pkg), arg(&broken)]).one_line_error();
    assert!(line.contains("broken.py"), "{line}");

    let missing = dir.path().join("nothing.cpp");
    let line = stressjudge(&["mutants", arg(&pkg), arg(&missing)]).one_line_error();
    assert!(line.contains("nothing.cpp"), "{line}");

    let line = stressjudge(&["mutants", arg(&pkg), "--budget-per-mutant", "0"]).one_line_error();
    assert!(line.contains("--budget-per-mutant"), "{line}");

    let line = stressjudge(&["mutants", "david-vs-david", "--save-tests"]).one_line_error();
    assert!(line.contains("--save-tests"), "{line}");
}

#[test]
fn a_solution_that_fails_a_test_cannot_be_mutated() {
    let _heavy = heavy();
    let dir = tempdir();
    let pkg = dir.path().join("pairs");
    package(&pkg, true);
    let wrong = pkg.join("submissions/wrong_answer/forgets_lonely.py");
    write(&pkg, "data/secret/00-one.in", "1\n5\n");
    write(&pkg, "data/secret/00-one.ans", "lonely\n");
    let line = stressjudge(&["mutants", arg(&pkg), arg(&wrong)]).one_line_error();
    assert!(
        line.contains("fails test") && line.contains("00-one"),
        "{line}"
    );
}

#[test]
fn shards_merge_into_the_whole_run_and_verify_reports_the_score() {
    let _heavy = heavy();
    let dir = tempdir();
    let pkg = dir.path().join("pairs");
    package(&pkg, true);
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let run = mutants(&pkg, &["--shard", shard]);
        let file = dir.path().join(format!("shard-{}.json", &shard[..1]));
        std::fs::write(&file, &run.stdout).unwrap();
        assert_eq!(run.json()["shard"]["command"], "mutants");
        files.push(file);
    }
    let merged = stressjudge(&["merge", arg(&files[0]), arg(&files[1]), "--json"]);
    merged.expect_code(1);
    let merged: Value = serde_json::from_str(&merged.stdout).unwrap();
    crate::folders_support::schema::check("mutants", &merged);
    let count = |field: &str| merged[field].as_u64().unwrap();
    assert_eq!(
        count("built") + count("not_built"),
        count("distinct"),
        "every mutant judged once: {merged:#}"
    );
    assert_eq!(mutant(&merged, "if n <= 1", "<=", "<")["fate"], "killable");
    assert_eq!(
        mutant(&merged, "a[i] < a[j]", "<", "<=")["fate"],
        "killable"
    );
    let numbers: Vec<u64> = merged["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["number"].as_u64().unwrap())
        .collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    let missing = stressjudge(&["merge", arg(&files[0])]).one_line_error();
    assert!(missing.contains("2/2"), "{missing}");

    let verify = stressjudge(&[
        "verify",
        arg(&pkg),
        "--stress-seeds",
        "0",
        "--no-tool-checks",
        "--mutants",
        "--json",
    ]);
    verify.expect_code(1);
    let report = verify.json();
    let measured = &report["mutants"][0];
    assert!(
        measured["problem"].as_str().unwrap().ends_with("pairs"),
        "{measured:#}"
    );
    assert!(measured["killable"].as_u64().unwrap() >= 1, "{measured:#}");
    assert!(measured["score"].as_f64().is_some(), "{measured:#}");
}

/// The package with its tests made by BAPCtools' generators/generators.yaml (a list of
/// inline cases) instead of a data/ folder.
fn generated_package(dir: &Path) {
    package(dir, true);
    std::fs::remove_dir_all(dir.join("data")).unwrap();
    let mut plan = String::from(
        "# Pairs: the tests (a comment that must stay)\nsolution: /submissions/accepted/pairs.py\ndata:\n  sample:\n    data:\n      - '1':\n          in: \"3\\n1 2 3\\n\"\n  secret:\n    data:\n",
    );
    for (name, input, _) in &TESTS[1..] {
        let name = name.trim_start_matches("secret/");
        let input = input.replace('\n', "\\n");
        plan.push_str(&format!("      - {name}:\n          in: \"{input}\"\n"));
    }
    write(dir, "generators/generators.yaml", &plan);
}

#[test]
fn a_generated_package_gets_its_missing_tests_as_manual_cases() {
    let _heavy = heavy();
    let dir = tempdir();
    let pkg = dir.path().join("pairs");
    generated_package(&pkg);
    let before = mutants(&pkg, &["--save-tests"]);
    before.expect_code(1);
    let before = before.json();
    let names = |report: &Value| -> Vec<String> {
        report["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    let plan = std::fs::read_to_string(pkg.join("generators/generators.yaml")).unwrap();
    assert!(
        plan.starts_with("# Pairs: the tests (a comment that must stay)\n"),
        "{plan}"
    );
    let added: Vec<&str> = plan
        .lines()
        .filter(|l| l.contains("{copy: mutants/"))
        .collect();
    assert!(added.len() >= 2, "{plan}");
    assert!(
        plan.trim_end().ends_with(added.last().unwrap().trim_end()),
        "the new cases come last: {plan}"
    );
    for line in &added {
        let name = line
            .trim()
            .trim_start_matches("- ")
            .split(':')
            .next()
            .unwrap();
        assert!(
            pkg.join(format!("generators/mutants/{name}.in")).is_file(),
            "{name}"
        );
        assert!(
            pkg.join(format!("generators/mutants/{name}.ans")).is_file(),
            "{name}"
        );
    }
    let after = mutants(&pkg, &[]).json();
    // The cases that were there keep their names (and numbers); the new ones follow.
    assert_eq!(names(&after)[..names(&before).len()], names(&before)[..]);
    for (line, from, to) in [("if n <= 1", "<=", "<"), ("a[i] < a[j]", "<", "<=")] {
        let m = mutant(&after, line, from, to);
        assert_eq!(m["fate"], "killed", "{m:#}");
        assert!(
            m["killed_by"].as_str().unwrap().contains("stress-"),
            "{m:#}"
        );
    }
}

/// A C++ reference that sums in 64 bits; the tests only hold small values, so a sum that
/// overflows 32 bits is the planted weakness.
const SUM_REFERENCE: &str = r#"#include <iostream>
int main() {
    int n;
    std::cin >> n;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        long long v;
        std::cin >> v;
        sum += v;
    }
    std::cout << sum << "\n";
}
"#;

/// The planted wrong submission: a 32-bit sum, right on every small test.
const SUM_IN_32_BITS: &str = r#"#include <iostream>
int main() {
    int n;
    std::cin >> n;
    int sum = 0;
    for (int i = 0; i < n; i++) {
        int v;
        std::cin >> v;
        sum += v;
    }
    std::cout << sum << "\n";
}
"#;

/// n in 3..=4; each value close to 10^9 four times in five, else small: three large values
/// overflow 32 bits, and most seeds hold three.
const SUM_GENERATOR: &str = r#"import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(3, 4)
values = [rng.randint(999999990, 1000000000) if rng.random() < 0.8 else rng.randint(1, 9) for _ in range(n)]
print(n)
print(" ".join(map(str, values)))
"#;

/// Kattis convention: 42 accepts, 43 rejects. n in 1..=100, values in 1..=10^9.
const SUM_VALIDATOR: &str = r#"import re
import sys

text = sys.stdin.read()
lines = text.split("\n")
if not text.endswith("\n") or len(lines) != 3 or lines[2] != "":
    sys.exit(43)
if not re.fullmatch(r"[1-9][0-9]*", lines[0]) or not 1 <= int(lines[0]) <= 100:
    sys.exit(43)
values = lines[1].split(" ")
if len(values) != int(lines[0]):
    sys.exit(43)
for v in values:
    if not re.fullmatch(r"[1-9][0-9]*", v) or int(v) > 10**9:
        sys.exit(43)
sys.exit(42)
"#;

#[test]
fn a_sum_that_overflows_32_bits_is_the_missing_test_a_narrowing_mutant_finds() {
    let _heavy = heavy();
    let dir = tempdir();
    let pkg = dir.path().join("sum");
    write(
        &pkg,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  time_limit: 2\n",
    );
    write(
        &pkg,
        "stressjudge.yaml",
        "python: python3\ngenerators:\n  random: generators/gen.py\n",
    );
    write(&pkg, "generators/gen.py", SUM_GENERATOR);
    write(&pkg, "input_validators/validate.py", SUM_VALIDATOR);
    write(&pkg, "submissions/accepted/sum.cpp", SUM_REFERENCE);
    write(&pkg, "submissions/wrong_answer/sum32.cpp", SUM_IN_32_BITS);
    for (name, input, answer) in [
        ("sample/1", "2\n1 2\n", "3\n"),
        ("secret/01", "3\n5 6 7\n", "18\n"),
        ("secret/02", "1\n9\n", "9\n"),
    ] {
        write(&pkg, &format!("data/{name}.in"), input);
        write(&pkg, &format!("data/{name}.ans"), answer);
    }
    let line = 1 + SUM_REFERENCE
        .lines()
        .position(|l| l.contains("long long sum = 0;"))
        .unwrap();
    let narrowed = |report: &Value| -> Value {
        (report["mutants"].as_array().unwrap().iter())
            .find(|m| m["line"] == line && m["operator"] == "narrowing")
            .unwrap_or_else(|| panic!("no narrowing of the sum on line {line}: {report:#}"))
            .clone()
    };
    // The weak tests accept the 32-bit sum.
    let verify = || {
        stressjudge(&[
            "verify",
            arg(&pkg),
            "--stress-seeds",
            "0",
            "--no-tool-checks",
        ])
    };
    verify().expect_code(1);
    let before = mutants(&pkg, &["--save-tests"]);
    before.expect_code(1);
    let before = before.json();
    let sum = narrowed(&before);
    assert_eq!(sum["fate"], "killable", "{sum:#}");
    assert_eq!(sum["original"], "long long", "{sum:#}");
    let total: u64 = (sum["counterexample"]["input"].as_str().unwrap())
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse::<u64>().unwrap())
        .sum();
    assert!(total > i32::MAX as u64, "no 32-bit overflow: {sum:#}");
    // Saved, the shrunk input kills the narrowing and rejects the 32-bit sum.
    let after = mutants(&pkg, &[]).json();
    assert!(score(&after) > score(&before), "{after:#}");
    let sum = narrowed(&after);
    assert_eq!(sum["fate"], "killed", "{sum:#}");
    verify().expect_code(0);
}
