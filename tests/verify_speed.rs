//! `verify` does only the work that decides verdicts, through the real binary: a rejected test
//! ends a submission's judging (Kattis `on_reject: break`) and the tests after it are reported
//! as not run (`--all-tests` runs them); runs are remembered by content, so a second verify
//! re-runs nothing and gives the same report, an edited submission is the only one re-run, a
//! borderline test's decision is remembered, `--fresh` re-runs everything, and the runs that
//! derive a time limit judge the accepted submissions.
//!
//! Each test writes its own package (Python submissions, no compiler needed) and runs with a
//! private `XDG_CACHE_HOME`, so tests never see each other's remembered runs.
#![forbid(unsafe_code)]

mod schema_support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};

use serde_json::Value;

/// Held by every test: their candidates burn CPU up to the time limit, and a neighbour on a
/// 2-core machine would only slow them down.
fn heavy() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// A package and the private cache its verifies use.
struct Package {
    dir: tempfile::TempDir,
    cache: tempfile::TempDir,
}

/// The tests: sum 1..n; the two large ones make a linear-time submission too slow.
const TESTS: [(&str, u64); 6] = [
    ("sample/1", 3),
    ("secret/01-small", 10),
    ("secret/02-small", 100),
    ("secret/03-large", 1_000_000_000),
    ("secret/04-large", 999_999_999),
    ("secret/05-small", 7),
];

const FORMULA: &str = "n = int(input())\nprint(n * (n + 1) // 2)\n";

impl Package {
    /// A package with `problem_yaml`, [`TESTS`] and `submissions` (path under `submissions/`,
    /// source).
    fn new(problem_yaml: &str, submissions: &[(&str, &str)]) -> Package {
        let dir = tempfile::Builder::new()
            .prefix("verify-speed-")
            .tempdir()
            .unwrap();
        let cache = tempfile::Builder::new()
            .prefix("verify-speed-cache-")
            .tempdir()
            .unwrap();
        write(dir.path(), "problem.yaml", problem_yaml);
        for (name, n) in TESTS {
            write(dir.path(), &format!("data/{name}.in"), &format!("{n}\n"));
            let sum = u128::from(n) * (u128::from(n) + 1) / 2;
            write(dir.path(), &format!("data/{name}.ans"), &format!("{sum}\n"));
        }
        for (path, source) in submissions {
            write(dir.path(), &format!("submissions/{path}"), source);
        }
        Package { dir, cache }
    }

    /// The package the tests share: a time limit of 1 s, a generator and a reference for the
    /// stress pass, an accepted, a wrong and two slow submissions.
    fn triangle() -> Package {
        let package = Package::new(
            "name: Triangle\nlimits:\n  time_limit: 1\n",
            &[
                ("accepted/formula.py", FORMULA),
                (
                    "wrong_answer/off_by_one.py",
                    "n = int(input())\nprint(n * (n - 1) // 2)\n",
                ),
                (
                    "time_limit_exceeded/spin.py",
                    "n = int(input())\nwhile n > 10**6:\n    pass\nprint(n * (n + 1) // 2)\n",
                ),
                (
                    "time_limit_exceeded/slow_sum.py",
                    "n = int(input())\nprint(sum(range(n + 1)))\n",
                ),
            ],
        );
        write(
            package.dir.path(),
            "generators/gen.py",
            "import random, sys\nprint(random.Random(int(sys.argv[1])).randint(1, 1000))\n",
        );
        write(
            package.dir.path(),
            "stressjudge.yaml",
            // CPython: the slow submissions' times are made for it (PyPy runs `slow_sum.py`
            // near the limit, where borderline runs are re-run alone).
            "reference: submissions/accepted/formula.py\ngenerators:\n  small: generators/gen.py\n\
             python: python3\n",
        );
        package
    }

    fn path(&self) -> &str {
        self.dir.path().to_str().unwrap()
    }

    /// `stressjudge verify PACKAGE --json --stress-seeds 3 EXTRA...` with this package's
    /// cache; the report and the exit code.
    fn verify(&self, extra: &[&str]) -> (Value, i32) {
        let mut args = vec!["verify", self.path(), "--json", "--stress-seeds", "3"];
        args.extend_from_slice(extra);
        let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
            .args(&args)
            .env("XDG_CACHE_HOME", self.cache.path())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let report: Value = schema_support::try_parse("verify", &stdout).unwrap_or_else(|e| {
            panic!(
                "stressjudge {args:?}: {e}\nstdout:\n{stdout}\nstderr:\n{}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        (report, output.status.code().unwrap_or(-1))
    }
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// The solution row whose path ends with `submission`.
fn row<'a>(report: &'a Value, submission: &str) -> &'a Value {
    report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"].as_str().unwrap().ends_with(submission))
        .unwrap_or_else(|| panic!("no row for {submission} in {report:#}"))
}

/// `(name, verdict)` of each test of a row, not-run ones included.
fn tests_of(row: &Value) -> Vec<(String, String)> {
    row["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// How many tests of a row ran (or were reused).
fn run_tests(row: &Value) -> u64 {
    row["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["run"] == true)
        .count() as u64
}

/// The report without what may differ between two verifies of the same package: wall times,
/// how many runs were reused, and the isolation (its cgroup paths name the process).
fn without_timings_and_reuse(report: &Value) -> Value {
    let mut report = report.clone();
    let object = report.as_object_mut().unwrap();
    for key in [
        "isolation",
        "elapsed_ms",
        "runs_made",
        "runs_reused",
        "stress_passes_reused",
        "timing_noise",
    ] {
        object.remove(key);
    }
    for row in object["solutions"].as_array_mut().unwrap() {
        let row = row.as_object_mut().unwrap();
        for key in ["elapsed_ms", "tests_reused", "stress_reused"] {
            row.remove(key);
        }
    }
    // The tool checks say whether their result was remembered.
    if let Some(checks) = object.get_mut("tool_checks").and_then(Value::as_array_mut) {
        for check in checks {
            check.as_object_mut().unwrap().remove("reused");
        }
    }
    report
}

#[test]
fn a_rejected_test_ends_judging_and_all_tests_runs_the_rest() {
    let _heavy = heavy();
    let package = Package::triangle();
    let html = package.dir.path().join("report.html");
    let junit = package.dir.path().join("report.xml");
    let (report, code) = package.verify(&[
        "--report",
        html.to_str().unwrap(),
        "--report",
        junit.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{report:#}");
    let spin = row(&report, "time_limit_exceeded/spin.py");
    assert_eq!(spin["got"], "TLE");
    assert_eq!(spin["source"], "secret/03-large");
    let not_run = |name: &str| (name.to_string(), "not run".to_string());
    assert_eq!(
        tests_of(spin),
        vec![
            ("sample/1".to_string(), "AC".to_string()),
            ("secret/01-small".to_string(), "AC".to_string()),
            ("secret/02-small".to_string(), "AC".to_string()),
            ("secret/03-large".to_string(), "TLE".to_string()),
            not_run("secret/04-large"),
            not_run("secret/05-small"),
        ],
        "the first TLE decides; the tests after it are not run"
    );
    assert_eq!(spin["tests_not_run"], 2);
    let last = &spin["tests"][5];
    assert_eq!(last["run"], false);
    assert_eq!(last["cpu_ms"], Value::Null, "a test not run has no time");
    assert!(
        last["detail"]
            .as_str()
            .unwrap()
            .contains("judging stopped at secret/03-large"),
        "{last:#}"
    );
    let wrong = row(&report, "wrong_answer/off_by_one.py");
    assert_eq!(wrong["source"], "sample/1");
    assert_eq!(wrong["tests_not_run"], 5);
    let accepted = row(&report, "accepted/formula.py");
    assert_eq!(accepted["tests_not_run"], 0);
    assert!(tests_of(accepted).iter().all(|(_, v)| v == "AC"));
    assert_eq!(
        accepted["stress"]["verdict"], "AC",
        "a passing solution is stressed"
    );

    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(r#"class="absent not-run" data-test="secret/05-small""#),
        "the HTML matrix shows tests not run as such"
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains(r#"name="secret/05-small""#) && xml.contains("<skipped"),
        "JUnit reports tests not run as skipped"
    );

    let (full, code) = package.verify(&["--all-tests"]);
    assert_eq!(code, 0, "{full:#}");
    let spin = row(&full, "time_limit_exceeded/spin.py");
    assert_eq!(spin["got"], "TLE");
    assert_eq!(
        spin["source"], "secret/03-large",
        "the first TLE still decides"
    );
    assert_eq!(spin["tests_not_run"], 0);
    let verdicts: Vec<String> = tests_of(spin).into_iter().map(|(_, v)| v).collect();
    assert_eq!(verdicts, ["AC", "AC", "AC", "TLE", "TLE", "AC"]);
    assert_eq!(row(&full, "wrong_answer/off_by_one.py")["tests_not_run"], 0);
}

#[test]
fn a_second_verify_reuses_every_run_and_gives_the_same_report() {
    let _heavy = heavy();
    let package = Package::triangle();
    let (first, code) = package.verify(&[]);
    assert_eq!(code, 0, "{first:#}");
    assert!(first["runs_made"].as_u64().unwrap() > 0);
    let (second, code) = package.verify(&[]);
    assert_eq!(code, 0, "{second:#}");
    assert_eq!(second["runs_made"], 0, "nothing is run again: {second:#}");
    assert_eq!(second["stress_passes_reused"], 1);
    for solution in second["solutions"].as_array().unwrap() {
        assert_eq!(
            solution["tests_reused"].as_u64().unwrap(),
            run_tests(solution),
            "{solution:#}"
        );
    }
    assert_eq!(
        without_timings_and_reuse(&first),
        without_timings_and_reuse(&second)
    );

    let (fresh, code) = package.verify(&["--fresh"]);
    assert_eq!(code, 0, "{fresh:#}");
    assert_eq!(fresh["runs_reused"], 0, "--fresh re-runs everything");
    assert_eq!(fresh["stress_passes_reused"], 0);
    assert!(fresh["runs_made"].as_u64().unwrap() >= first["runs_made"].as_u64().unwrap());
}

#[test]
fn an_edited_submission_is_the_only_one_run_again() {
    let _heavy = heavy();
    let package = Package::triangle();
    let (first, code) = package.verify(&[]);
    assert_eq!(code, 0, "{first:#}");
    let edited = package
        .dir
        .path()
        .join("submissions/wrong_answer/off_by_one.py");
    let mut source = std::fs::read(&edited).unwrap();
    source.push(b'\n');
    std::fs::write(&edited, source).unwrap();
    let (second, code) = package.verify(&[]);
    assert_eq!(code, 0, "{second:#}");
    let wrong = row(&second, "wrong_answer/off_by_one.py");
    assert_eq!(wrong["tests_reused"], 0, "{wrong:#}");
    // Its first test decides; a second parallel worker may have started the next one.
    let made = second["runs_made"].as_u64().unwrap();
    assert!(
        (run_tests(wrong)..=run_tests(wrong) + 1).contains(&made),
        "{second:#}"
    );
    for solution in second["solutions"].as_array().unwrap() {
        if solution["path"] != wrong["path"] {
            assert_eq!(
                solution["tests_reused"].as_u64().unwrap(),
                run_tests(solution),
                "{solution:#}"
            );
        }
    }
}

#[test]
fn a_borderline_decision_is_remembered_and_fresh_measures_it_again() {
    let _heavy = heavy();
    // Burns about 0.29 s of CPU on the large tests: within 15 % of the 0.3 s limit. (A short
    // limit, so the wall-clock backstop, 3 x 1.3 s of real time, leaves room on a loaded
    // machine.)
    let near_limit = "import time\nn = int(input())\nwhile n > 10**6 and time.process_time() < 0.29:\n    pass\nprint(n * (n + 1) // 2)\n";
    let package = Package::new(
        "name: Triangle\nlimits:\n  time_limit: 0.3\n",
        &[
            ("accepted/formula.py", FORMULA),
            ("rejected/near_limit.py", near_limit),
        ],
    );
    let (first, _) = package.verify(&[]);
    let near = row(&first, "rejected/near_limit.py");
    assert!(run_tests(near) >= 4, "{near:#}");
    // The large tests' verdicts and times as the report gives them.
    let timed = |report: &Value| -> Vec<(Value, Value, Value)> {
        let near = row(report, "rejected/near_limit.py");
        (near["tests"].as_array().unwrap().iter())
            .map(|t| (t["name"].clone(), t["verdict"].clone(), t["cpu_ms"].clone()))
            .collect()
    };
    // Issue 31: the decision a borderline test's re-runs alone made is remembered, so a
    // second verify runs nothing (it re-ran every borderline test three times before: 40 % of
    // a real package's first verify) and gives the same verdicts and times.
    let (second, _) = package.verify(&[]);
    assert_eq!(second["runs_made"], 0, "{second:#}");
    assert_eq!(timed(&second), timed(&first));
    assert_eq!(
        row(&second, "rejected/near_limit.py")["got"],
        row(&first, "rejected/near_limit.py")["got"]
    );
    // --fresh measures it again: a borderline test runs once and is re-run 3 times alone.
    let (fresh, _) = package.verify(&["--fresh"]);
    assert!(
        fresh["runs_made"].as_u64().unwrap() >= 4 + 6,
        "every test runs again, a borderline one four times: {fresh:#}"
    );
}

#[test]
fn the_runs_that_derive_the_time_limit_judge_the_accepted_submissions() {
    let _heavy = heavy();
    let package = Package::new(
        "name: Triangle\n",
        &[
            ("accepted/formula.py", FORMULA),
            (
                "wrong_answer/off_by_one.py",
                "n = int(input())\nprint(n * (n - 1) // 2)\n",
            ),
        ],
    );
    let (report, code) = package.verify(&["--fresh"]);
    assert_eq!(code, 0, "{report:#}");
    let formula = row(&report, "accepted/formula.py");
    assert_eq!(
        formula["tests_reused"], 6,
        "judged by the runs that derived the limit: {formula:#}"
    );
    assert_eq!(
        row(&report, "wrong_answer/off_by_one.py")["tests_reused"],
        0
    );
}

#[test]
fn a_tle_run_just_inside_the_safety_margin_is_remembered_and_warned_about_once() {
    let _heavy = heavy();
    // 0.92 s of CPU on its own clock on the large tests: TLE under the 0.5 s limit, but within
    // 15 % of the 1 s safety margin, where its single run decides (no re-runs there).
    let package = Package::new(
        "name: Triangle\nlimits:\n  time_limit: 0.5\n",
        &[
            ("accepted/formula.py", FORMULA),
            (
                "time_limit_exceeded/almost.py",
                "import time\nn = int(input())\nstart = time.process_time()\n\
                 while n > 10**6 and time.process_time() - start < 0.92:\n    pass\n\
                 print(n * (n + 1) // 2)\n",
            ),
        ],
    );
    let (first, code) = package.verify(&["--fresh"]);
    assert_eq!(code, 0, "{first:#}");
    let almost = row(&first, "time_limit_exceeded/almost.py");
    assert_eq!(almost["got"], "TLE", "{almost:#}");
    let warned = |row: &Value| {
        (row["warnings"].as_array().unwrap().iter())
            .any(|w| w.as_str().unwrap().contains("within 2 x the limit"))
    };
    assert!(warned(almost), "{almost:#}");
    // Nothing of it runs again: its run at the margin was remembered, so the second verify
    // neither measures it again nor repeats the warning's run.
    let (second, code) = package.verify(&[]);
    assert_eq!(code, 0, "{second:#}");
    assert_eq!(second["runs_made"], 0, "{second:#}");
    assert!(
        warned(row(&second, "time_limit_exceeded/almost.py")),
        "{second:#}"
    );
}

#[test]
fn a_derivation_whose_runs_are_all_remembered_reads_the_machines_speed_no_more() {
    let _heavy = heavy();
    let package = Package::new("name: Triangle\n", &[("accepted/formula.py", FORMULA)]);
    let speed = |report: &Value| report["problems"][0]["time_limit_derivation"]["speed"].clone();
    let (first, code) = package.verify(&[]);
    assert_eq!(code, 0, "{first:#}");
    let (second, code) = package.verify(&[]);
    assert_eq!(code, 0, "{second:#}");
    assert_eq!(second["runs_made"], 0, "{second:#}");
    // Nothing ran, so no reading was taken: the `before` reading is the calibration verify's
    // noise came from, the one the first derivation read (a new reading would differ in its
    // microseconds).
    // The memory workloads are not remembered between commands (issue 45): with nothing run,
    // the second derivation took no memory reading either.
    let before = &speed(&first)[0];
    assert_eq!(before["when"], "before", "{first:#}");
    let mut integer_only = before.clone();
    integer_only["latency_median_us"] = Value::Null;
    integer_only["bandwidth_median_us"] = Value::Null;
    assert_eq!(
        speed(&second),
        serde_json::json!([integer_only]),
        "{second:#}"
    );
}

/// A 2023-07 package with no time limit: derived as twice the slowest accepted run, rounded up
/// to half seconds (so never below 0.5 s), and a submission must exceed 1.5 x it to be TLE.
const DERIVED_HALF_SECONDS: &str = "problem_format_version: 2023-07\nname: Triangle\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567891\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2\n    time_limit_to_tle: 1.5\n  time_resolution: 0.5\n";

/// Spins on the large tests until it is stopped.
const SPIN: &str = "n = int(input())\nwhile n > 10**6:\n    pass\nprint(n * (n + 1) // 2)\n";

#[test]
fn a_tle_submission_is_judged_beside_the_derivation_when_the_limit_is_the_smallest() {
    let _heavy = heavy();
    let package = Package::new(
        DERIVED_HALF_SECONDS,
        &[
            ("accepted/formula.py", FORMULA),
            ("time_limit_exceeded/spin.py", SPIN),
        ],
    );
    let (report, code) = package.verify(&["--fresh"]);
    assert_eq!(code, 0, "{report:#}");
    let spin = row(&report, "time_limit_exceeded/spin.py");
    assert_eq!(spin["got"], "TLE", "{spin:#}");
    assert_eq!(spin["time_limit_ms"], 500, "{spin:#}");
    // Its runs were made beside the derivation (under 1.5 x 0.5 s), then judging reused them.
    assert_eq!(
        spin["tests_reused"].as_u64().unwrap(),
        run_tests(spin),
        "{spin:#}"
    );
}

#[test]
fn a_slowest_run_that_gets_the_smallest_limit_is_not_repeated() {
    let _heavy = heavy();
    // Legacy rule: 5 x the slowest run, whole seconds, so any run up to 0.2 s gets 1 s; the
    // formula takes a few tens of milliseconds. The TLE submission runs to 2 s beside the
    // derivation, which a repeat (alone) would wait for.
    let package = Package::new(
        "name: Triangle\n",
        &[
            ("accepted/formula.py", FORMULA),
            ("time_limit_exceeded/spin.py", SPIN),
        ],
    );
    let (report, code) = package.verify(&["--fresh"]);
    assert_eq!(code, 0, "{report:#}");
    let problem = &report["problems"][0];
    let derivation = &problem["time_limit_derivation"];
    assert_eq!(problem["time_limit_ms"], 1000, "{derivation:#}");
    assert_eq!(derivation["repeated_runs"], 0, "{derivation:#}");
    assert_eq!(
        derivation["times_ms"].as_array().unwrap().len(),
        1,
        "{derivation:#}"
    );
    // With nothing repeated, one reading after the runs: no `during` a moment before it.
    let whens: Vec<&str> = (derivation["speed"].as_array().unwrap().iter())
        .map(|s| s["when"].as_str().unwrap())
        .collect();
    assert_eq!(whens, ["before", "after"], "{derivation:#}");
    let notes = problem["notes"].to_string();
    assert!(
        notes.contains("time limit measured: one run of that test"),
        "{notes}"
    );
    assert_eq!(
        row(&report, "time_limit_exceeded/spin.py")["got"],
        "TLE",
        "{report:#}"
    );
}

#[test]
fn a_tle_submission_judged_beside_the_derivation_runs_again_under_a_larger_limit() {
    let _heavy = heavy();
    // About 0.35 s of CPU on the large tests: the derived limit is 1 s, above the smallest.
    let burn = "import time\nn = int(input())\nwhile n > 10**6 and time.process_time() < 0.3:\n    pass\nprint(n * (n + 1) // 2)\n";
    let package = Package::new(
        DERIVED_HALF_SECONDS,
        &[
            ("accepted/burn.py", burn),
            ("time_limit_exceeded/spin.py", SPIN),
        ],
    );
    let (report, code) = package.verify(&["--fresh"]);
    assert_eq!(code, 0, "{report:#}");
    let spin = row(&report, "time_limit_exceeded/spin.py");
    assert_eq!(spin["got"], "TLE", "{spin:#}");
    assert_eq!(spin["time_limit_ms"], 1000, "{spin:#}");
    // The run past 0.75 s says nothing of 1.5 s: the deciding test ran again.
    assert!(
        spin["tests_reused"].as_u64().unwrap() < run_tests(spin),
        "{spin:#}"
    );
    let deciding = spin["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["verdict"] == "TLE")
        .unwrap_or_else(|| panic!("no TLE test: {spin:#}"));
    assert!(deciding["cpu_ms"].as_u64().unwrap() >= 1000, "{spin:#}");
}

#[test]
fn a_second_verify_asks_no_native_compiler_its_version_again() {
    let _heavy = heavy();
    // A C++ "compiler" that is a native executable: it logs each `--version` and hands every
    // other call to g++.
    let tools = tempfile::tempdir().unwrap();
    let log = tools.path().join("asked.log");
    let source = tools.path().join("fake.c");
    std::fs::write(
        &source,
        format!(
            "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\nint main(int argc, char **argv) {{\n  if (argc > 1 && strcmp(argv[1], \"--version\") == 0) {{\n    FILE *log = fopen(\"{}\", \"a\"); fputs(\"asked\\n\", log); fclose(log);\n    puts(\"fake g++ 1.0\"); return 0;\n  }}\n  argv[0] = \"g++\"; execvp(\"g++\", argv); return 127;\n}}\n",
            log.display()
        ),
    )
    .unwrap();
    let fake = tools.path().join("fake-g++");
    let compiled = Command::new("gcc")
        .arg("-o")
        .arg(&fake)
        .arg(&source)
        .status()
        .unwrap();
    assert!(compiled.success());
    let package = Package::new(
        "name: Triangle\nlimits:\n  time_limit: 1\n",
        &[(
            "accepted/formula.cpp",
            "#include <cstdio>\nint main() { unsigned long long n; scanf(\"%llu\", &n); printf(\"%llu\\n\", n * (n + 1) / 2); }\n",
        )],
    );
    let verify = || {
        let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
            .args(["verify", package.path(), "--json", "--stress-seeds", "0"])
            .env("XDG_CACHE_HOME", package.cache.path())
            .env("CXX", &fake)
            .output()
            .unwrap();
        let report: Value =
            schema_support::try_parse("verify", &String::from_utf8_lossy(&output.stdout))
                .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
        assert_eq!(report["ok"], true, "{report:#}");
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .count()
    };
    assert_eq!(verify(), 1, "the first verify asks the compiler once");
    assert_eq!(verify(), 1, "the second remembers its answer");
    // A changed compiler file is asked again.
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&fake)
        .unwrap()
        .set_modified(later)
        .unwrap();
    assert_eq!(verify(), 2, "a compiler whose file changed is asked again");
}
