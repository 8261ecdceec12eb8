//! `--sanitize` and the sanitizer re-run of stress failures (issue 28) through the real binary,
//! on the undefined-behaviour bugs of `tests/sanitize/bugs/` (each marks its line `// BUG`):
//! a plain build gets AC or WA on some test; under `--sanitize` each is an RE whose reason names
//! the bug and its file and line, except the uninitialised value that no sanitizer of GCC sees
//! (documented, and checked to stay a WA); without the flag a stress failure of a C++
//! candidate gets the finding of one sanitized re-run added, its verdict unchanged.
//!
//! These tests need a compiler with AddressSanitizer and UBSan (`libasan`, `libubsan`: GCC's
//! Debian packages have them), as CI's does.

use crate::folders_support;

use folders_support::*;
use serde_json::Value;

/// The folder of the bugs, the correct solution, the generator and the tests.
const DIR: &str = "tests/sanitize";

/// Each bug found under `--sanitize`: its file and what the finding starts with.
const FOUND: [(&str, &str); 7] = [
    ("oob_read.cpp", "heap-buffer-overflow read"),
    ("oob_write.cpp", "heap-buffer-overflow write"),
    ("overflow.cpp", "signed integer overflow"),
    ("use_after_free.cpp", "heap-use-after-free read"),
    ("uninitialised_index.cpp", "index -16843010 out of bounds"),
    (
        "vector_past_end.cpp",
        "assertion `__n < this->size()' failed",
    ),
    (
        "stack_array.cpp",
        "index 100 out of bounds for type 'long long int [100]'",
    ),
];

/// The line of `file`'s `// BUG` comment (1-based).
fn bug_line(file: &str) -> usize {
    let text = String::from_utf8(read(&root().join(DIR).join("bugs").join(file))).unwrap();
    text.lines().position(|l| l.contains("// BUG")).unwrap() + 1
}

/// `judge --tests tests/sanitize/tests BUG [extra]` as JSON (exit 0 or 1).
fn judge(file: &str, extra: &[&str]) -> Value {
    let tests = format!("{DIR}/tests");
    let bug = format!("{DIR}/bugs/{file}");
    let mut args = vec!["judge", "--tests", &tests, &bug, "--json"];
    args.extend(extra);
    let run = stressjudge(&args);
    assert!(run.code == 0 || run.code == 1, "{}", run.describe());
    run.json()
}

/// The verdicts of a judge report's tests.
fn verdicts(report: &Value) -> Vec<String> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["verdict"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_bug_is_found_with_its_file_and_line_under_sanitize() {
    let _heavy = heavy();
    for (file, kind) in FOUND {
        let plain = judge(file, &[]);
        assert!(
            verdicts(&plain).iter().any(|v| v == "AC" || v == "WA"),
            "{file}: a plain build gets AC or WA on some test: {plain}"
        );
        let report = judge(file, &["--sanitize"]);
        let failing = report["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["verdict"] == "RE")
            .unwrap_or_else(|| panic!("{file}: no RE under --sanitize: {report}"));
        let finding = failing["sanitizer"].as_str().unwrap_or_default();
        let place = format!(" at {file}:{}", bug_line(file));
        assert!(
            finding.starts_with(kind) && finding.ends_with(&place),
            "{file}: finding `{finding}` should be `{kind} ...{place}`"
        );
        let detail = failing["detail"].as_str().unwrap();
        assert!(detail.starts_with(finding), "{file}: detail {detail}");
    }
}

#[test]
fn an_uninitialised_value_is_not_found_but_the_same_wrong_answer_every_run() {
    let _heavy = heavy();
    let report = judge("uninitialised_sum.cpp", &["--sanitize"]);
    assert_eq!(verdicts(&report), ["WA", "WA", "WA"], "{report}");
    assert!(report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["sanitizer"].is_null()));
}

#[test]
fn sanitized_runs_get_widened_limits_and_correct_programs_pass() {
    let _heavy = heavy();
    let tests = format!("{DIR}/tests");
    let sum = format!("{DIR}/sum.cpp");
    let run = stressjudge(&["judge", "--tests", &tests, &sum, "--sanitize", "--json"]);
    run.expect_code(0);
    let report = run.json();
    // 2 s and 256 MiB by default: 10x the time, the memory limit as it is (it applies to the
    // program's own memory).
    assert_eq!(report["time_limit_ms"], 20000, "{report}");
    assert_eq!(report["memory_limit_kib"], 256 * 1024, "{report}");
}

/// `judge --tests tests/sanitize/one_test PROGRAM --memory-limit 64MiB --sanitize [extra]`:
/// the verdict and memory (KiB) of its test, and the report.
fn judged_memory(program: &str, extra: &[&str]) -> (String, u64, Value) {
    let tests = format!("{DIR}/one_test");
    let program = format!("{DIR}/{program}");
    let mut args = vec![
        "judge",
        "--tests",
        &tests,
        &program,
        "--memory-limit",
        "64MiB",
        "--sanitize",
        "--json",
    ];
    args.extend(extra);
    let run = stressjudge(&args);
    assert!(run.code == 0 || run.code == 1, "{}", run.describe());
    let report = run.json();
    let test = &report["tests"][0];
    let verdict = test["verdict"].as_str().unwrap().to_string();
    let memory = test["memory_kib"].as_u64().unwrap();
    (verdict, memory, report)
}

#[test]
fn the_memory_limit_applies_to_the_programs_own_heap_static_data_and_stack() {
    let _heavy = heavy();
    let mib = |kib: u64| kib as f64 / 1024.0;
    // 1.5x the limit in a vector: MLE, with its own figure (not ASan's resident size).
    let (verdict, memory, report) = judged_memory("memory_heap.cpp", &[]);
    assert_eq!(verdict, "MLE", "{report}");
    assert!((96.0..97.0).contains(&mib(memory)), "{report}");
    // 0.6x the limit, made five times over: ASan's quarantine takes the resident size past
    // the limit (the program checks that itself, else its answer is wrong), yet it is AC
    // with its own 38 MiB.
    let (verdict, memory, report) = judged_memory("memory_reused.cpp", &[]);
    assert_eq!(verdict, "AC", "{report}");
    assert!((38.0..40.0).contains(&mib(memory)), "{report}");
    // 1.5x the limit as a static array, touched: counted at exit.
    let (verdict, memory, report) = judged_memory("memory_static.cpp", &[]);
    assert_eq!(verdict, "MLE", "{report}");
    assert!((96.0..97.0).contains(&mib(memory)), "{report}");
    // The stack of a correct program is counted too: a few pages.
    let (verdict, memory, report) = judged_memory("sum.cpp", &[]);
    assert_eq!(verdict, "AC", "{report}");
    assert!(memory < 1024, "{report}");
}

#[test]
fn under_the_basic_sandbox_a_sanitized_runs_memory_is_bounded_too() {
    let _heavy = heavy();
    // The heap: the program's own figure, as under full isolation.
    let (verdict, memory, report) = judged_memory("memory_heap.cpp", &["--isolation", "basic"]);
    assert_eq!(verdict, "MLE", "{report}");
    assert!(memory < 100 << 10, "{report}");
    // A forked child's heap: the basic sandbox samples only the first process, but the child
    // counts its own memory as its parent does.
    let (verdict, memory, report) = judged_memory("memory_child.cpp", &["--isolation", "basic"]);
    assert_eq!(verdict, "MLE", "{report}");
    assert!(memory >= 96 << 10, "{report}");
    // 1 GiB touched without malloc: the resident-size backstop (4x the limit + 512 MiB =
    // 768 MiB) stops it before it has touched it all.
    let (verdict, memory, report) = judged_memory("memory_mapped.c", &["--isolation", "basic"]);
    assert_eq!(verdict, "MLE", "{report}");
    assert!((768 << 10..1000 << 10).contains(&memory), "{report}");
}

#[test]
fn a_stress_failure_gets_the_finding_of_a_sanitized_rerun_and_keeps_its_verdict() {
    let _heavy = heavy();
    let out = tempdir();
    let gen = format!("{DIR}/gen.cpp");
    let sum = format!("{DIR}/sum.cpp");
    for (file, kind) in [
        ("overflow.cpp", "signed integer overflow"),
        ("use_after_free.cpp", "heap-use-after-free read"),
    ] {
        let bug = format!("{DIR}/bugs/{file}");
        let run = stressjudge(&[
            "stress",
            "--gen",
            &gen,
            "--ref",
            &sum,
            &bug,
            "--seeds",
            "1..100",
            "--out",
            arg(out.path()),
            "--json",
        ]);
        run.expect_code(1);
        let report = run.json();
        let failure = first_failure(&report);
        assert_eq!(failure["verdict"], "WA", "{report}");
        let finding = failure["sanitizer"].as_str().unwrap_or_default();
        let place = format!(" at {file}:{}", bug_line(file));
        assert!(
            finding.starts_with(kind) && finding.ends_with(&place),
            "{file}: finding `{finding}`"
        );
        let text = stressjudge(&[
            "stress",
            "--gen",
            &gen,
            "--ref",
            &sum,
            &bug,
            "--seeds",
            "1..100",
            "--out",
            arg(out.path()),
        ]);
        assert!(
            text.stdout.contains(&format!("also: {finding}")),
            "{}",
            text.describe()
        );
    }
}

#[test]
fn repro_sanitize_names_the_bug_and_the_repro_line_keeps_the_flag() {
    let _heavy = heavy();
    let out = tempdir();
    let gen = format!("{DIR}/gen.cpp");
    let sum = format!("{DIR}/sum.cpp");
    let bug = format!("{DIR}/bugs/oob_write.cpp");
    let run = stressjudge(&[
        "stress",
        "--gen",
        &gen,
        "--ref",
        &sum,
        &bug,
        "--seeds",
        "1..20",
        "--out",
        arg(out.path()),
        "--sanitize",
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    let failure = first_failure(&report);
    assert_eq!(failure["verdict"], "RE", "{report}");
    let repro = failure["repro"].as_str().unwrap();
    assert!(repro.contains(" --sanitize"), "{repro}");
    let again = run_printed_command(repro, &["--json"]);
    again.expect_code(1);
    let detail = again.json()["detail"].as_str().unwrap().to_string();
    assert!(
        detail.starts_with("heap-buffer-overflow write at oob_write.cpp:6"),
        "{detail}"
    );
}

#[test]
fn sanitize_leaves_other_languages_as_they_are_with_a_note() {
    let dir = tempdir();
    let sol = write(
        dir.path(),
        "sol.py",
        "n = int(input())\nprint(sum(map(int, input().split())))\n",
    );
    let tests = format!("{DIR}/tests");
    let run = stressjudge(&["judge", "--tests", &tests, arg(&sol), "--sanitize"]);
    run.expect_code(0);
    assert!(
        run.stderr
            .contains("--sanitize applies to C and C++ only; sol.py (Python 3) runs as usual"),
        "{}",
        run.describe()
    );
}
