//! Polygon packages through the real binary, on `tests/polygon/sum`, a package written for these
//! tests: generated tests (a C++ generator with the package's own `testlib.h`), CRLF manual
//! tests, a testlib-convention checker and a Python validator with their own tests, groups with
//! both points policies and a dependency, one solution per Polygon tag, and a stress.
//!
//! `verify` gives each solution its tag's verdict and points; `gen --test N` and `judge` build
//! the testset byte for byte as written here (from the cache the second time, rebuilt when an
//! entry is damaged); `stress` runs the package's stress, finds and shrinks a wrong solution,
//! and `repro` gives the same input; a contest package verifies each problem; broken packages
//! are one line naming the file and the test.

mod folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;
use serde_json::Value;

const SUM: &str = "tests/polygon/sum";

/// The tests of `sum` as the package defines them: manual ones with CRLF turned into LF, and
/// `gen MAX ...` seeded from its command line by the package's `testlib.h`.
const TESTS: [&str; 6] = ["1 2\n", "4 3\n", "3 10\n", "84 64\n", "7 8\n", "434 808\n"];

/// Copies the `sum` package into `dir/name` and returns its path.
fn copy_of_sum(dir: &Path, name: &str) -> PathBuf {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), &target).unwrap();
            }
        }
    }
    let target = dir.join(name);
    copy(&root().join(SUM), &target);
    target
}

/// Replaces `old` by `new` in the package's `problem.xml`.
fn edit_xml(package: &Path, old: &str, new: &str) {
    let file = package.join("problem.xml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(old), "{old}");
    std::fs::write(&file, text.replacen(old, new, 1)).unwrap();
}

#[test]
fn verify_gives_each_tag_its_verdict_and_points_in_a_contest() {
    let _heavy = heavy();
    let contest = tempdir();
    std::fs::write(contest.path().join("contest.xml"), "<contest/>\n").unwrap();
    std::fs::create_dir(contest.path().join("problems")).unwrap();
    let package = copy_of_sum(&contest.path().join("problems"), "sum");
    let html = contest.path().join("verify.html");
    let run = stressjudge(&[
        "verify",
        arg(contest.path()),
        "--json",
        "--stress-seeds",
        "0",
        "--report",
        arg(&html),
    ]);
    run.expect_code(0);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("points: 70 of 100 points (g1 40/40, g2 30/60)"),
        "the HTML report shows the points"
    );
    let report = run.json();
    let rows: Vec<&Value> = report["solutions"].as_array().unwrap().iter().collect();
    let expected = [
        ("main.py", "main", "AC", 100.0),
        ("fast.cpp", "accepted", "AC", 100.0),
        ("wa.py", "wrong-answer", "WA", 0.0),
        ("pe.py", "presentation-error", "WA", 40.0),
        ("tle.py", "time-limit-exceeded", "TLE", 70.0),
        ("slow.py", "time-limit-exceeded-or-accepted", "AC", 100.0),
        (
            "hog.py",
            "time-limit-exceeded-or-memory-limit-exceeded",
            "MLE",
            70.0,
        ),
        ("mle.py", "memory-limit-exceeded", "MLE", 70.0),
        ("crash.py", "failed", "RE", 70.0),
        ("big_wrong.py", "rejected", "WA", 70.0),
    ];
    assert_eq!(rows.len(), expected.len(), "{report:#}");
    for (row, (file, tag, got, points)) in rows.iter().zip(expected) {
        assert!(
            row["path"]
                .as_str()
                .unwrap()
                .ends_with(&format!("solutions/{file}")),
            "{row:#}"
        );
        assert_eq!(row["category"], tag, "{row:#}");
        assert_eq!(row["got"], got, "{row:#}");
        assert_eq!(row["ok"], true, "{row:#}");
        assert_eq!(row["points"]["earned"], points, "{row:#}");
        assert_eq!(row["points"]["max"], 100.0, "{row:#}");
    }
    // Group by group: big_wrong fails tests 4 and 6 of the each-test group g2, keeping test 5's
    // 30 points; wa fails g1, so g2 (which depends on it) scores nothing.
    let groups = |file: &str| -> Vec<(String, f64)> {
        rows.iter()
            .find(|r| r["path"].as_str().unwrap().ends_with(file))
            .unwrap()["points"]["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                (
                    g["group"].as_str().unwrap().to_string(),
                    g["earned"].as_f64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(
        groups("big_wrong.py"),
        [
            ("samples".into(), 0.0),
            ("g1".into(), 40.0),
            ("g2".into(), 30.0)
        ]
    );
    assert_eq!(
        groups("wa.py"),
        [
            ("samples".into(), 0.0),
            ("g1".into(), 0.0),
            ("g2".into(), 0.0)
        ]
    );
    let notes = report["problems"][0]["notes"].to_string();
    assert!(
        notes.contains("2 manual test or answer file(s) with Windows line endings"),
        "{notes}"
    );
    assert!(
        notes.contains("validator files/val.py: its 3 own test(s) give the verdicts"),
        "{notes}"
    );
    assert!(
        notes.contains("checker std::ncmp.cpp: its 2 own test(s) give the verdicts"),
        "{notes}"
    );
    assert_eq!(report["problems"][0]["problem"], arg(&package));
    assert_eq!(report["problems"][0]["time_limit_ms"], 1000);
    assert_eq!(report["problems"][0]["memory_limit_bytes"], 64 << 20);
}

#[test]
fn the_testset_is_built_byte_for_byte_and_cached() {
    let _heavy = heavy();
    for (i, expected) in TESTS.iter().enumerate() {
        let n = (i + 1).to_string();
        let run = stressjudge(&["gen", SUM, "--test", &n]);
        run.expect_code(0);
        assert_eq!(run.stdout, *expected, "test {n}");
    }
    // A second command takes every test from the cache: no entry is written again.
    let store = cache_dir().join("stressjudge/tests");
    let written = || -> Vec<(PathBuf, std::time::SystemTime)> {
        let mut entries: Vec<_> = std::fs::read_dir(&store)
            .unwrap()
            .map(|e| {
                let path = e.unwrap().path();
                let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
                (path, modified)
            })
            .collect();
        entries.sort();
        entries
    };
    let before = written();
    stressjudge(&["gen", SUM, "--test", "6"]).expect_code(0);
    assert_eq!(written(), before, "the second command rebuilt a test");
    // A damaged cache entry is a miss: the test is built again, to the same bytes.
    let mut damaged = 0;
    for entry in std::fs::read_dir(&store).unwrap() {
        let path = entry.unwrap().path();
        // A checked entry: a header line, then the test's bytes.
        if std::fs::read(&path).is_ok_and(|b| b.ends_with(b"\n434 808\n")) {
            std::fs::write(&path, b"1 1\n").unwrap();
            damaged += 1;
        }
    }
    assert!(damaged > 0, "the built test is in the cache");
    let run = stressjudge(&["gen", SUM, "--test", "6"]);
    assert_eq!(run.stdout, TESTS[5], "{}", run.describe());
    let run = stressjudge(&["gen", SUM, "--test", "9"]);
    assert!(run.one_line_error().contains("no test `9`"));

    let judged = stressjudge(&["judge", SUM, &format!("{SUM}/solutions/main.py"), "--json"]);
    judged.expect_code(0);
    let report = judged.json();
    let names: Vec<&str> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["1", "2", "3", "4", "5", "6"], "{report:#}");
    stressjudge(&["judge", SUM, &format!("{SUM}/solutions/wa.py")]).expect_code(1);
}

#[test]
fn a_package_stress_finds_shrinks_and_reproduces_a_wrong_solution() {
    let _heavy = heavy();
    let listed = stressjudge(&["list", SUM]);
    listed.expect_code(0);
    assert!(
        listed.stdout.contains("stress-001"),
        "{}",
        listed.describe()
    );
    assert!(
        listed
            .stdout
            .contains("group g2: 60 points (each-test, needs g1), tests 4 5 6"),
        "{}",
        listed.describe()
    );
    let out = tempdir();
    let run = stressjudge(&[
        "stress",
        SUM,
        &format!("{SUM}/solutions/stress_wa.py"),
        "--seeds",
        "1..=12",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    let text = format!("{}{}", run.stdout, run.stderr);
    assert!(text.contains("stress-001"), "{}", run.describe());
    assert!(
        text.contains("    1 401\n"),
        "shrunk to the smallest failing input\n{}",
        run.describe()
    );
    let repro_line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("repro: "))
        .expect("a repro line");
    let words: Vec<&str> = repro_line.split_whitespace().collect();
    let seed = words[words.iter().position(|w| *w == "--seed").unwrap() + 1];
    let args = [
        "repro",
        SUM,
        &format!("{SUM}/solutions/stress_wa.py"),
        "--seed",
        seed,
        "--kind",
        "stress-001",
    ];
    let first = stressjudge(&args);
    first.expect_code(1);
    let again = stressjudge(&args);
    assert_eq!(first.stdout, again.stdout, "repro is deterministic");
    let generated = stressjudge(&["gen", SUM, "--kind", "stress-001", "--seed", seed]);
    generated.expect_code(0);
    assert!(
        first.stdout.contains(generated.stdout.trim()),
        "{}",
        first.describe()
    );
}

#[test]
fn broken_packages_are_one_line_naming_the_file_and_test() {
    let _heavy = heavy();
    let dir = tempdir();
    let check = |name: &str, edit: &dyn Fn(&Path), wanted: &[&str]| {
        let package = copy_of_sum(dir.path(), name);
        edit(&package);
        let line = stressjudge(&["list", arg(&package)]).one_line_error();
        for part in wanted {
            assert!(line.contains(part), "{name}: `{part}` not in: {line}");
        }
    };
    check(
        "missing",
        &|p| std::fs::remove_file(p.join("tests/05")).unwrap(),
        &["tests/05", "test 5", "manual"],
    );
    check(
        "crashing-generator",
        &|p| edit_xml(p, r#"cmd="gen 5""#, r#"cmd="gen""#),
        &["test 2", "generator", "gen.cpp"],
    );
    check(
        "unknown-generator",
        &|p| edit_xml(p, r#"cmd="gen 5""#, r#"cmd="nogen 5""#),
        &["problem.xml", "test 2", "`nogen`"],
    );
    check(
        "xml",
        &|p| edit_xml(p, "</judging>", ""),
        &["problem.xml", "not well-formed XML"],
    );
    check(
        "checker-type",
        &|p| edit_xml(p, r#"type="testlib""#, r#"type="exotic""#),
        &["problem.xml", "checker type `exotic`"],
    );
    check(
        "interactive",
        &|p| {
            edit_xml(
                p,
                "<validators>",
                r#"<interactor><source path="files/interactor.cpp"/></interactor><validators>"#,
            )
        },
        &["interactive", "not supported yet"],
    );
    check(
        "file-io-path",
        &|p| edit_xml(p, r#"input-file="""#, r#"input-file="../sum.in""#),
        &["problem.xml", "../sum.in", "file I/O"],
    );
    // Answers come from the main solution when a command needs them.
    let package = copy_of_sum(dir.path(), "failing-main");
    std::fs::write(package.join("solutions/main.py"), "raise SystemExit(1)\n").unwrap();
    let line = stressjudge(&["gen", arg(&package), "--test", "1"]).one_line_error();
    for part in ["reference", "main.py", "test 1"] {
        assert!(line.contains(part), "`{part}` not in: {line}");
    }

    // What leaves the rest judgeable is a note: a manual test the validator rejects is left
    // out with its message, an unknown tag leaves its solution unverified.
    let package = copy_of_sum(dir.path(), "notes");
    std::fs::write(package.join("tests/05"), "7 8 9\r\n").unwrap();
    edit_xml(&package, r#"tag="rejected""#, r#"tag="partially-correct""#);
    let run = stressjudge(&["list", arg(&package)]);
    run.expect_code(0);
    assert!(
        run.stdout.contains("test 5 left out: input validator")
            && run.stdout.contains("expected 'a b' and a line feed"),
        "{}",
        run.describe()
    );
    assert!(
        run.stdout.contains("unknown tag `partially-correct`"),
        "{}",
        run.describe()
    );
    let run = stressjudge(&["gen", arg(&package), "--test", "5"]);
    assert!(run.one_line_error().contains("no test `5`"));
}
