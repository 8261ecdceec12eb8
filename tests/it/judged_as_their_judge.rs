//! Packages judged as the tool they were written for judges them (issue 46), through the real
//! binary on small packages each test builds for itself, each checked side by side with
//! problemtools 1.20260907 when written (its verdicts and scores are quoted where asserted):
//!
//! - a legacy package whose `grader_flags` (`always_accept` on the samples, `first_error` with
//!   `on_reject: continue` on the secret tests) make the graded verdict differ from the first
//!   rejected test's: its folders' promises are about the graded verdict, per-test deviations
//!   are warnings; the same package in 2023-07 keeps the per-test rule;
//! - a legacy package whose slowest accepted submission fails a sample: its time bounds the
//!   derived limit on the tests its graded run reaches, as problemtools counts it;
//! - a legacy scoring package with an interactive validator writing `score.txt` (with
//!   `output_validator_flags: partial`) and a custom grader with `min subtask_score=75`.

use crate::folders_support;

use std::path::Path;
use std::process::Command;

use folders_support::*;
use serde_json::Value;

fn package(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        write(dir, path, text);
    }
}

/// `verify --json` without the tool checks: the packages' stand-in validators read leniently,
/// and these tests are about how submissions are graded.
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
        "--no-tool-checks",
    ])
}

fn warnings(row: &Value) -> Vec<String> {
    (row["warnings"].as_array().unwrap().iter())
        .map(|w| w.as_str().unwrap().to_string())
        .collect()
}

/// A pass-fail echo problem whose samples are always accepted and whose secret group keeps
/// going after a rejection but takes its first error.
fn grader_flags_package(dir: &Path, problem_yaml: &str) {
    package(
        dir,
        &[
            ("problem.yaml", problem_yaml),
            ("data/sample/1.in", "hard one\n"),
            ("data/sample/1.ans", "hard one\n"),
            ("data/secret/1-easy.in", "easy one\n"),
            ("data/secret/1-easy.ans", "easy one\n"),
            ("data/secret/2-crash.in", "crash here\n"),
            ("data/secret/2-crash.ans", "crash here\n"),
            ("data/sample/testdata.yaml", "grader_flags: always_accept\n"),
            (
                "data/secret/testdata.yaml",
                "on_reject: continue\ngrader_flags: first_error\n",
            ),
            ("submissions/accepted/echo.py", "print(input())\n"),
            (
                "submissions/accepted/easy_only.py",
                "s = input()\nprint('no' if 'hard' in s else s)\n",
            ),
            (
                "submissions/wrong_answer/wa_then_crash.py",
                "s = input()\nif 'crash' in s:\n    raise SystemExit(3)\nprint('no')\n",
            ),
            (
                "submissions/run_time_error/crash.py",
                "s = input()\nif 'crash' in s:\n    raise SystemExit(3)\nprint(s)\n",
            ),
        ],
    );
}

#[test]
fn a_legacy_folder_promises_the_graded_final_verdict() {
    let tmp = tempdir();
    let dir = tmp.path().join("flags");
    grader_flags_package(&dir, "name: Echo under grader flags\n");
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    for name in [
        "accepted/echo.py",
        "accepted/easy_only.py",
        "wrong_answer/wa_then_crash.py",
        "run_time_error/crash.py",
    ] {
        assert_eq!(rows[name]["status"], "match", "{name}: {:#}", rows[name]);
    }
    // problemtools: "accepted/easy_only.py OK: AC", with the warning "got WA on sample".
    let easy = &rows["accepted/easy_only.py"];
    assert_eq!(easy["got"], "AC", "{easy:#}");
    let easy_warnings = warnings(easy);
    assert!(
        easy_warnings.iter().any(|w| w.contains("WA on sample/1")),
        "{easy_warnings:?}"
    );
    // problemtools: "wrong_answer/wa_then_crash.py OK: WA" (first_error), although the
    // secret group goes on to a crash.
    let wa = &rows["wrong_answer/wa_then_crash.py"];
    assert_eq!(wa["got"], "WA", "{wa:#}");
    assert!(
        warnings(wa)
            .iter()
            .any(|w| w.contains("RTE on secret/2-crash")),
        "{wa:#}"
    );
    run.expect_code(0);

    // 2023-07 keeps the per-test rule: an accepted submission failing a sample breaks it.
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Echo under grader flags\n",
    );
    let run = verify(&dir);
    let rows = rows_by_submission(&run.json());
    let easy = &rows["accepted/easy_only.py"];
    assert_eq!(easy["status"], "mismatch", "{easy:#}");
    assert_eq!(rows["accepted/echo.py"]["status"], "match");
    run.expect_code(1);
}

/// Answers `2n` and says how many queries it used: 5 for the model, more on big inputs for
/// the slow one.
const VALIDATOR: &str = "\
import sys
n = int(open(sys.argv[1]).read())
feedback = sys.argv[3]
partial = 'partial' in sys.argv[4:]
print(n, flush=True)
words = sys.stdin.readline().split()
def wrong(why):
    open(feedback + '/judgemessage.txt', 'w').write(why + '\\n')
    sys.exit(43)
if len(words) != 2 or words[0] != str(2 * n):
    wrong('wrong answer %r' % words)
queries = int(words[1])
if queries <= 10:
    score = 1.0
elif partial:
    score = 10.0 / queries
else:
    wrong('%d queries' % queries)
open(feedback + '/score.txt', 'w').write('%.6f\\n' % score)
sys.exit(42)
";

/// IOI-style: a group's score is its least test score times `subtask_score=`.
const GRADER: &str = "\
import sys
flags = sys.argv[1:]
weight = 1.0
for flag in flags:
    if flag.startswith('subtask_score='):
        weight = float(flag.split('=', 1)[1])
results = [line.split() for line in sys.stdin if line.strip()]
rejected = [verdict for verdict, _ in results if verdict != 'AC']
if rejected:
    print(rejected[0], 0)
else:
    scores = [float(score) for _, score in results]
    total = min(scores) if 'min' in flags else sum(scores)
    print('AC', total * weight)
";

/// The interactive scoring package of [`a_custom_grader_grades_interactive_validator_scores`].
fn queries_package(dir: &Path) {
    let group = |weight: u32| {
        format!("grading: custom\ngrader_flags: min subtask_score={weight}\noutput_validator_flags: partial\n")
    };
    let (g1, g2) = (group(25), group(75));
    package(
        dir,
        &[
            (
                "problem.yaml",
                "name: Rarest queries\ntype: scoring\nvalidation: custom interactive score\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/group1/1.in", "5\n"),
            ("data/secret/group1/1.ans", "10\n"),
            ("data/secret/group1/2.in", "7\n"),
            ("data/secret/group1/2.ans", "14\n"),
            ("data/secret/group2/1.in", "500\n"),
            ("data/secret/group2/1.ans", "1000\n"),
            ("data/secret/group2/2.in", "900\n"),
            ("data/secret/group2/2.ans", "1800\n"),
            ("data/testdata.yaml", "range: 0 100\n"),
            (
                "data/sample/testdata.yaml",
                "grading: custom\ngrader_flags: min subtask_score=0\n",
            ),
            ("data/secret/group1/testdata.yaml", &g1),
            ("data/secret/group2/testdata.yaml", &g2),
            ("output_validators/judge/judge.py", VALIDATOR),
            ("graders/grader.py", GRADER),
            (
                "submissions/accepted/model.py",
                "n = int(input())\nprint(2 * n, 5)\n",
            ),
            (
                "submissions/partially_accepted/slow.py",
                "n = int(input())\nprint(2 * n, 10 if n < 100 else 10 * n // 300)\n",
            ),
        ],
    );
}

#[test]
fn a_custom_grader_grades_interactive_validator_scores() {
    let tmp = tempdir();
    let dir = tmp.path().join("queries");
    queries_package(&dir);
    let run = verify(&dir);
    let report = run.json();
    let rows = rows_by_submission(&report);
    let group_score = |row: &Value, name: &str| {
        (row["score"]["groups"].as_array().unwrap().iter())
            .find(|g| g["name"] == name)
            .and_then(|g| g["score"].as_f64())
    };
    // problemtools: model AC (100): 0 + 25 + 75; slow AC (50): 25 + 75 x min(10/16, 10/30).
    let model = &rows["accepted/model.py"];
    assert_eq!(model["status"], "match", "{model:#}");
    assert_eq!(model["score"]["score"].as_f64(), Some(100.0), "{model:#}");
    let slow = &rows["partially_accepted/slow.py"];
    assert_eq!(slow["status"], "match", "{slow:#}");
    let total = slow["score"]["score"].as_f64().unwrap();
    assert!((total - 50.0).abs() < 1e-4, "{slow:#}");
    assert_eq!(group_score(slow, "secret/group1"), Some(25.0), "{slow:#}");
    let g2 = group_score(slow, "secret/group2").unwrap();
    assert!((g2 - 25.0).abs() < 1e-4, "{slow:#}");
    run.expect_code(0);
}

#[test]
fn judge_shows_group_scores_and_the_total_in_every_renderer() {
    let tmp = tempdir();
    let dir = tmp.path().join("queries");
    queries_package(&dir);
    let slow = dir.join("submissions/partially_accepted/slow.py");
    let (xml, html) = (tmp.path().join("j.xml"), tmp.path().join("j.html"));
    let _heavy = heavy();
    let args = [
        "judge",
        arg(&dir),
        arg(&slow),
        "--time-limit",
        "2",
        "--report",
        arg(&xml),
        "--report",
        arg(&html),
    ];
    let run = stressjudge(&args);
    run.expect_code(0);
    let text = run.stdout.clone();
    assert!(text.contains("score 50.00 / 100 (graded AC)"), "{text}");
    assert!(text.contains("  secret/group2: 25.00"), "{text}");
    assert!(text.contains("  secret/group1: 25"), "{text}");
    let junit = String::from_utf8(read(&xml)).unwrap();
    assert!(junit.contains("secret/group2: 25.00"), "{junit}");
    let page = String::from_utf8(read(&html)).unwrap();
    assert!(page.contains("secret/group2: 25.00"), "{page}");
    let mut json_args = args[..5].to_vec();
    json_args.push("--json");
    let json = stressjudge(&json_args).json();
    let score = &json["score"];
    assert!(
        (score["score"].as_f64().unwrap() - 50.0).abs() < 1e-4,
        "{json:#}"
    );
    assert_eq!(score["max"].as_f64(), Some(100.0), "{json:#}");
    assert_eq!(score["verdict"], "AC", "{json:#}");
    let group1 = (score["groups"].as_array().unwrap().iter())
        .find(|g| g["name"] == "secret/group1")
        .unwrap();
    assert_eq!(group1["score"].as_f64(), Some(25.0), "{json:#}");
    // A pass-fail problem has no score.
    let flags = tmp.path().join("flags");
    grader_flags_package(&flags, "name: Echo under grader flags\n");
    let echo = flags.join("submissions/accepted/echo.py");
    let json = stressjudge(&["judge", arg(&flags), arg(&echo), "--json"]).json();
    assert_eq!(json["score"], Value::Null, "{json:#}");
}

/// Busy for about 3 s under CPython, 0.1 s under PyPy.
const CPYTHON_SLOW: &str = "\
line = input()
s = 0
for i in range(60_000_000):
    s += i & 7
print(line)
";

/// A BAPCtools problem with a 1 s limit whose `time_limit_exceeded/` Python submission is only
/// slow under CPython.
fn cpython_slow_package(dir: &Path) {
    package(
        dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname: Sets\nlimits:\n  time_limit: 1\n",
            ),
            ("data/sample/1.in", "x\n"),
            ("data/sample/1.ans", "x\n"),
            ("data/secret/1.in", "y\n"),
            ("data/secret/1.ans", "y\n"),
            ("submissions/accepted/echo.py", "print(input())\n"),
            (
                "submissions/time_limit_exceeded/unoptimized.py",
                CPYTHON_SLOW,
            ),
        ],
    );
}

#[test]
fn python_runs_as_the_packages_judge_runs_it_and_a_failed_promise_is_tried_under_the_other() {
    if !Command::new("pypy3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success())
    {
        panic!("pypy3 is needed (apt-get install pypy3; .ci/run installs it)");
    }
    let tmp = tempdir();
    // In a DOMjudge contest (BAPCtools' layout): CPython, and the promise holds.
    let contest = tmp.path().join("contest");
    write(&contest, "problems.yaml", "- id: sets\n  label: A\n");
    write(&contest, "contest.yaml", "name: KARWa-like\n");
    let dir = contest.join("sets");
    cpython_slow_package(&dir);
    let run = verify(&dir);
    let report = run.json();
    let notes: Vec<String> = (report["notes"].as_array().unwrap().iter())
        .map(|n| n.as_str().unwrap().to_string())
        .collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Python 3 runs with CPython") && n.contains("DOMjudge")),
        "{notes:#?}"
    );
    let rows = rows_by_submission(&report);
    let slow = &rows["time_limit_exceeded/unoptimized.py"];
    assert_eq!(slow["status"], "match", "{slow:#}");
    run.expect_code(0);

    // The same problem alone (a Kattis package): PyPy, the promise fails, and the row says it
    // holds under CPython.
    let alone = tmp.path().join("sets");
    cpython_slow_package(&alone);
    let run = verify(&alone);
    let report = run.json();
    let rows = rows_by_submission(&report);
    let slow = &rows["time_limit_exceeded/unoptimized.py"];
    assert_eq!(slow["status"], "mismatch", "{slow:#}");
    assert_eq!(slow["got"], "AC", "{slow:#}");
    let said = warnings(slow);
    assert!(
        said.iter()
            .any(|w| w.starts_with("holds under CPython") && w.contains("TLE")),
        "{said:?}"
    );
    let other = &slow["other_python"];
    assert_eq!(other["holds"], true, "{slow:#}");
    assert_eq!(other["got"], "TLE", "{slow:#}");
    assert!(
        other["interpreter"]
            .as_str()
            .unwrap()
            .starts_with("CPython"),
        "{slow:#}"
    );
    assert!(other["slowest_cpu_ms"].as_u64().unwrap() > 1000, "{slow:#}");
    assert!(rows["accepted/echo.py"].get("other_python").is_none());
    run.expect_code(1);
}

/// A legacy package without a time limit (`time_multiplier: 2`) whose slowest accepted
/// submission gets WA on the sample and spends 0.6 s of CPU on the secret test.
fn slow_past_a_sample_package(dir: &Path, sample_always_accepted: bool) {
    package(
        dir,
        &[
            (
                "problem.yaml",
                "name: Slow past a sample\nlimits:\n  time_multiplier: 2\n",
            ),
            ("data/sample/1.in", "hard one\n"),
            ("data/sample/1.ans", "hard one\n"),
            ("data/secret/1.in", "easy one\n"),
            ("data/secret/1.ans", "easy one\n"),
            ("submissions/accepted/fast.py", "print(input())\n"),
            (
                "submissions/accepted/slow_past_sample.py",
                "import time\ns = input()\nif 'hard' in s:\n    print('no')\nelse:\n    \
                 start = time.process_time()\n    while time.process_time() - start < 0.6:\n        \
                 pass\n    print(s)\n",
            ),
        ],
    );
    if sample_always_accepted {
        write(
            dir,
            "data/sample/testdata.yaml",
            "grader_flags: always_accept\n",
        );
    }
}

#[test]
fn a_legacy_limit_counts_an_accepted_submission_that_fails_a_sample_as_problemtools_does() {
    let tmp = tempdir();
    // Under `always_accept` on the samples its graded run goes on to the secret test.
    // problemtools: "accepted/slow_past_sample.py OK: AC [CPU: 0.63s @ testcase secret/1]",
    // "Slowest AC runtime: 0.632, setting timelim to 2 secs".
    let dir = tmp.path().join("always");
    slow_past_a_sample_package(&dir, true);
    let run = verify(&dir);
    let report = run.json();
    let derivation = &report["problems"][0]["time_limit_derivation"];
    assert_eq!(derivation["limit_ms"], 2000, "{report:#}");
    assert!(
        (derivation["submission"].as_str().unwrap()).ends_with("slow_past_sample.py"),
        "{derivation:#}"
    );
    assert_eq!(derivation["test"], "secret/1", "{derivation:#}");
    assert!(
        run.stderr
            .contains("slow_past_sample.py gets WA on test sample/1"),
        "{}",
        run.stderr
    );
    let rows = rows_by_submission(&report);
    assert_eq!(rows["accepted/slow_past_sample.py"]["status"], "match");
    run.expect_code(0);

    // Without it the root stops at the rejected sample group: the secret test is never run,
    // so its 0.6 s does not count. problemtools: "Slowest AC runtime: 0.046, setting timelim
    // to 1 secs", and the submission's WA is an error.
    let dir = tmp.path().join("plain");
    slow_past_a_sample_package(&dir, false);
    let run = verify(&dir);
    let report = run.json();
    assert_eq!(
        report["problems"][0]["time_limit_derivation"]["limit_ms"], 1000,
        "{report:#}"
    );
    let rows = rows_by_submission(&report);
    let slow = &rows["accepted/slow_past_sample.py"];
    assert_eq!(slow["status"], "mismatch", "{slow:#}");
    assert_eq!(slow["got"], "WA", "{slow:#}");
    run.expect_code(1);
}
