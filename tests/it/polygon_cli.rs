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
//!
//! `tests/polygon/guess` is an interactive package of our own (a testlib interactor, a checker
//! of the interactor's output file, solutions tagged main, accepted, wrong-answer and
//! time-limit-exceeded, generated tests and a stress): verify, judge, stress and repro run it
//! through the interactive running, with answers made as Polygon makes them. A copy of `sum`
//! with a `pretests` testset shows `--testset`, and one whose stress names its solutions and a
//! time limit shows both applied.

use crate::folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;
use serde_json::Value;

const SUM: &str = "tests/polygon/sum";
const GUESS: &str = "tests/polygon/guess";

/// The tests of `sum` as the package defines them: manual ones with CRLF turned into LF, and
/// `gen MAX ...` seeded from its command line by the package's `testlib.h`.
const TESTS: [&str; 6] = ["1 2\n", "4 3\n", "3 10\n", "84 64\n", "7 8\n", "434 808\n"];

/// Copies the `sum` package into `dir/name` and returns its path.
fn copy_of_sum(dir: &Path, name: &str) -> PathBuf {
    let target = dir.join(name);
    copy_dir(&root().join(SUM), &target);
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
    // The validator's and the checker's own tests run with the tool checks, every one giving
    // the verdict the package expects.
    let tools = report["tool_checks"][0]["tools"].to_string();
    assert!(tools.contains("\"validator-tests\""), "{tools}");
    assert!(tools.contains("\"checker-tests\""), "{tools}");
    assert!(!tools.contains("\"defect\""), "{tools}");
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
        "missing-interactor",
        &|p| {
            edit_xml(
                p,
                "<validators>",
                r#"<interactor><source path="files/interactor.cpp"/></interactor><validators>"#,
            )
        },
        &["files/interactor.cpp", "interactor's source is missing"],
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

    // A generator that crashes on a test leaves that test out, named, and the rest judged.
    let package = copy_of_sum(dir.path(), "crashing-generator");
    edit_xml(&package, r#"cmd="gen 5""#, r#"cmd="gen""#);
    let run = stressjudge(&["list", arg(&package)]);
    run.expect_code(0);
    assert!(
        run.stdout.contains("gen.cpp") && run.stdout.contains("test(s) 2 left out"),
        "{}",
        run.describe()
    );

    // What leaves the rest judgeable is a note: a manual test the validator rejects is left
    // out with its message, an unknown tag leaves its solution unverified.
    let package = copy_of_sum(dir.path(), "notes");
    std::fs::write(package.join("tests/05"), "7 8 9\r\n").unwrap();
    edit_xml(&package, r#"tag="rejected""#, r#"tag="partially-correct""#);
    // A listed solution whose source the export does not hold is a note, not verified.
    std::fs::remove_file(package.join("solutions/crash.py")).unwrap();
    let run = stressjudge(&["list", arg(&package)]);
    run.expect_code(0);
    assert!(
        run.stdout
            .contains("solutions/crash.py (tag failed): its source is not in the package"),
        "{}",
        run.describe()
    );
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

#[test]
fn an_interactive_package_is_verified_judged_stressed_and_reproduced() {
    let _heavy = heavy();
    let listed = stressjudge(&["list", GUESS]);
    listed.expect_code(0);
    assert!(
        listed.stdout.contains("interactor: files/interactor.cpp"),
        "{}",
        listed.describe()
    );
    // Each tag gets its verdict: the idle solution waits for a reply that never comes (TLE),
    // `linear` finds the number with more queries than `main` (WA from the checker, which reads
    // the main solution's query count from the answer file), `wa` never tries n.
    let run = stressjudge(&["verify", GUESS, "--json", "--stress-seeds", "4"]);
    run.expect_code(0);
    let report = run.json();
    let rows: Vec<&Value> = report["solutions"].as_array().unwrap().iter().collect();
    let expected = [
        ("main.cpp", "main", "AC"),
        ("search.py", "accepted", "AC"),
        ("wa.cpp", "wrong-answer", "WA"),
        ("linear.py", "wrong-answer", "WA"),
        ("idle.py", "time-limit-exceeded", "TLE"),
    ];
    assert_eq!(rows.len(), expected.len(), "{report:#}");
    for (row, (file, tag, got)) in rows.iter().zip(expected) {
        assert!(row["path"].as_str().unwrap().ends_with(file), "{row:#}");
        assert_eq!(row["category"], tag, "{row:#}");
        assert_eq!(row["got"], got, "{row:#}");
        assert_eq!(row["ok"], true, "{row:#}");
    }
    let notes = report["problems"][0]["notes"].to_string();
    assert!(notes.contains("interactive"), "{notes}");

    // The answer of a generated test is the interactor's output file when `main` plays:
    // the number and the queries it took.
    let test = stressjudge(&["gen", GUESS, "--test", "3"]);
    test.expect_code(0);
    let judged = stressjudge(&[
        "judge",
        GUESS,
        &format!("{GUESS}/solutions/main.cpp"),
        "--json",
    ]);
    judged.expect_code(0);
    let report = judged.json();
    assert_eq!(report["tests"].as_array().unwrap().len(), 5, "{report:#}");
    let judged = stressjudge(&["judge", GUESS, &format!("{GUESS}/solutions/linear.py")]);
    judged.expect_code(1);
    assert!(
        judged.stdout.contains("the main solution needs"),
        "the checker compares with the answer file\n{}",
        judged.describe()
    );

    // The package's stress finds `wa` failing and shrinks the input to the smallest n it
    // misses; repro gives the same run again.
    let out = tempdir();
    let wa = format!("{GUESS}/solutions/wa.cpp");
    let run = stressjudge(&[
        "stress",
        GUESS,
        &wa,
        "--seeds",
        "1..=30",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    let text = format!("{}{}", run.stdout, run.stderr);
    assert!(text.contains("stress-001"), "{}", run.describe());
    assert!(
        text.contains("    2 2\n"),
        "shrunk to the smallest failing input\n{}",
        run.describe()
    );
    let repro_line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("repro: "))
        .expect("a repro line");
    let words: Vec<&str> = repro_line.split_whitespace().collect();
    let seed = words[words.iter().position(|w| *w == "--seed").unwrap() + 1];
    let args = ["repro", GUESS, &wa, "--seed", seed, "--kind", "stress-001"];
    let first = stressjudge(&args);
    first.expect_code(1);
    let again = stressjudge(&args);
    assert_eq!(first.stdout, again.stdout, "repro is deterministic");
    stressjudge(&[
        "repro",
        GUESS,
        &format!("{GUESS}/solutions/main.cpp"),
        "--seed",
        seed,
        "--kind",
        "stress-001",
    ])
    .expect_code(0);

    // A main solution the interactor does not accept gives no answer: one line naming both.
    let dir = tempdir();
    let package = dir.path().join("guess");
    copy_dir(&root().join(GUESS), &package);
    // `linear` asks more than the interactor's 60 queries once n is large.
    edit_xml(
        &package,
        r#"<solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/>"#,
        r#"<solution tag="main"><source path="solutions/linear.py" type="python.3"/>"#,
    );
    let line = stressjudge(&["gen", arg(&package), "--test", "3"]).one_line_error();
    for part in [
        "linear.py",
        "not accepted by the interactor",
        "more than 60 queries",
        "has no answer file",
    ] {
        assert!(line.contains(part), "`{part}` not in: {line}");
    }
}

#[test]
fn testset_chooses_the_testset_judged() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = copy_of_sum(dir.path(), "sum");
    // Pretests: the sample and `gen 5` (tests 1 and 2 of `tests`), in a folder of their own.
    std::fs::create_dir(package.join("pretests")).unwrap();
    std::fs::copy(package.join("tests/01"), package.join("pretests/01")).unwrap();
    edit_xml(
        &package,
        "</judging>",
        r#"<testset name="pretests">
            <time-limit>2000</time-limit>
            <memory-limit>67108864</memory-limit>
            <test-count>2</test-count>
            <input-path-pattern>pretests/%02d</input-path-pattern>
            <answer-path-pattern>pretests/%02d.a</answer-path-pattern>
            <tests>
                <test method="manual" sample="true"/>
                <test cmd="gen 5" method="generated"/>
            </tests>
        </testset>
    </judging>"#,
    );
    let listed = stressjudge(&["list", arg(&package), "--testset", "pretests"]);
    listed.expect_code(0);
    for line in [
        "testset tests: 1000 ms, 64 MiB, 6 tests",
        "testset pretests (judged): 2000 ms, 64 MiB, 2 tests (1 generated, 1 manual, 1 samples)",
        " 2s ",
    ] {
        assert!(
            listed.stdout.contains(line),
            "{line}\n{}",
            listed.describe()
        );
    }
    let listed = stressjudge(&["list", arg(&package)]);
    assert!(
        listed.stdout.contains("testset tests (judged): 1000 ms"),
        "{}",
        listed.describe()
    );
    let main = format!("{}/solutions/main.py", arg(&package));
    let judged = stressjudge(&[
        "judge",
        arg(&package),
        &main,
        "--testset",
        "pretests",
        "--json",
    ]);
    judged.expect_code(0);
    let report = judged.json();
    let names: Vec<&str> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["1", "2"], "{report:#}");
    let test = stressjudge(&["gen", arg(&package), "--testset", "pretests", "--test", "2"]);
    test.expect_code(0);
    assert_eq!(test.stdout, TESTS[1]);
    // big_wrong fails only tests 4 and 6 of `tests`: the pretests pass it.
    let run = stressjudge(&[
        "verify",
        arg(&package),
        "--testset",
        "pretests",
        "--stress-seeds",
        "0",
        "--json",
    ]);
    let report = run.json();
    let row = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"].as_str().unwrap().ends_with("big_wrong.py"))
        .unwrap();
    assert_eq!(row["got"], "AC", "{row:#}");
    assert_eq!(report["problems"][0]["time_limit_ms"], 2000);

    let line = stressjudge(&["judge", arg(&package), &main, "--testset", "nope"]).one_line_error();
    for part in ["--testset", "nope", "tests, pretests"] {
        assert!(line.contains(part), "`{part}` not in: {line}");
    }
    let line =
        stressjudge(&["list", "tests/problems/maximum", "--testset", "pretests"]).one_line_error();
    assert!(line.contains("not a Polygon package"), "{line}");
}

#[test]
fn a_stress_runs_on_its_solutions_with_its_time_limit() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = copy_of_sum(dir.path(), "sum");
    // `late` is wrong only when a > 500, which no test has but the stress draws; `burn` is
    // right but spends half a second of CPU, within the testset's second and past the stress's
    // 300 ms. The stress names `late` only.
    write(
        &package.join("solutions"),
        "late.py",
        "a, b = map(int, input().split())\nprint(a + b if a <= 500 else a + b + 1)\n",
    );
    write(
        &package.join("solutions"),
        "burn.py",
        "import time\na, b = map(int, input().split())\nstart = time.process_time()\n\
         while time.process_time() - start < 0.5:\n    pass\nprint(a + b)\n",
    );
    write(
        &package.join("stresses"),
        "001",
        "script: gen [600..1000]\nsolutions: solutions/late.py\ntime-limit: 300\n",
    );
    edit_xml(
        &package,
        "</solutions>",
        r#"<solution tag="wrong-answer"><source path="solutions/late.py" type="python.3"/></solution>
            <solution tag="accepted"><source path="solutions/burn.py" type="python.3"/></solution>
        </solutions>"#,
    );
    let run = stressjudge(&["verify", arg(&package), "--stress-seeds", "6", "--json"]);
    let report = run.json();
    let row = |file: &str| {
        report["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["path"].as_str().unwrap().ends_with(file))
            .unwrap()
            .clone()
    };
    let late = row("late.py");
    assert_eq!(late["got"], "WA", "{late:#}");
    assert!(
        late["source"]
            .as_str()
            .unwrap()
            .starts_with("stress stress-001 seed"),
        "{late:#}"
    );
    // Not named by the stress: judged on the tests alone (its 300 ms never applies to it).
    let burn = row("burn.py");
    assert_eq!(burn["got"], "AC", "{burn:#}");
    assert_eq!(burn["ok"], true, "{burn:#}");
    run.expect_code(0);

    // `stress` runs a stress on any candidate asked for, with a note, under its time limit
    // unless --time-limit says otherwise.
    let burn = format!("{}/solutions/burn.py", arg(&package));
    let out = tempdir();
    let run = stressjudge(&[
        "stress",
        arg(&package),
        &burn,
        "--seeds",
        "1..=1",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    let text = format!("{}{}", run.stdout, run.stderr);
    for part in [
        "TLE",
        "kind stress-001 runs with its own time limit, 300 ms",
        "kind stress-001 is meant for solutions/late.py",
    ] {
        assert!(text.contains(part), "`{part}`\n{}", run.describe());
    }
    let run = stressjudge(&[
        "stress",
        arg(&package),
        &burn,
        "--seeds",
        "1..=1",
        "--time-limit",
        "3s",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(0);
}

const OPTIMUM: &str = "tests/polygon/optimum";

/// `tests/polygon/optimum`: a checker giving testlib's points verdict (exit 7, `points P
/// message`) as a percentage of the test's points (`treat-points-from-checker-as-percent`).
/// A test with points is accepted with them; they replace the test's points in the each-test
/// group, and leave the complete-group group incomplete.
#[test]
fn a_points_checker_gives_its_points() {
    let _heavy = heavy();
    let dir = tempdir();
    let html = dir.path().join("verify.html");
    let run = stressjudge(&[
        "verify",
        OPTIMUM,
        "--json",
        "--stress-seeds",
        "0",
        "--report",
        arg(&html),
    ]);
    run.expect_code(0);
    let report = run.json();
    let rows = report["solutions"].as_array().unwrap();
    // half: 50 % of tests 2 and 3 (5 + 5), nothing of `all` (n = 100 and 3 get points, so the
    // group is not complete); near: all of `each`, and 99 % on test 4 leaves `all` at 0.
    let expected = [
        ("main.py", "AC", 40.0, [0.0, 20.0, 20.0]),
        ("half.py", "AC", 10.0, [0.0, 10.0, 0.0]),
        ("near.py", "AC", 20.0, [0.0, 20.0, 0.0]),
        ("over.py", "WA", 0.0, [0.0, 0.0, 0.0]),
    ];
    assert_eq!(rows.len(), expected.len(), "{report:#}");
    for (row, (file, got, earned, groups)) in rows.iter().zip(expected) {
        assert!(row["path"].as_str().unwrap().ends_with(file), "{row:#}");
        assert_eq!(row["got"], got, "{row:#}");
        assert_eq!(row["ok"], true, "{row:#}");
        assert_eq!(row["points"]["earned"], earned, "{row:#}");
        assert_eq!(row["points"]["max"], 40.0, "{row:#}");
        let by_group: Vec<f64> = row["points"]["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["earned"].as_f64().unwrap())
            .collect();
        assert_eq!(by_group, groups, "{row:#}");
    }
    // Every test of `over` ran (a checker that gives points makes verify run them all).
    assert_eq!(rows[3]["tests_not_run"], 0, "{:#}", rows[3]);
    // Each test's points as the checker gave them.
    let half: Vec<Value> = rows[1]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["score"].clone())
        .collect();
    assert_eq!(
        half,
        [50.0, 50.0, 50.0, 50.0, 66.6666666667].map(Value::from),
        "{:#}",
        rows[1]
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("points: 10 of 40 points (each 10/20, all 0/20)"),
        "the HTML report shows the points"
    );

    // judge: every test accepted, each with the checker's points and message.
    let run = stressjudge(&[
        "judge",
        OPTIMUM,
        &format!("{OPTIMUM}/solutions/half.py"),
        "--json",
    ]);
    run.expect_code(0);
    let judged = run.json();
    let tests = judged["tests"].as_array().unwrap();
    let scores: Vec<Value> = tests.iter().map(|t| t["score"].clone()).collect();
    assert_eq!(
        scores,
        [50.0, 50.0, 50.0, 50.0, 66.6666666667].map(Value::from),
        "{judged:#}"
    );
    assert_eq!(tests[1]["verdict"], "AC");
    assert_eq!(tests[1]["detail"], "checker gave 50 points: k = 5 of 10");
    let text = stressjudge(&["judge", OPTIMUM, &format!("{OPTIMUM}/solutions/half.py")]);
    text.expect_code(0);
    assert!(text.stdout.contains("score 50"), "{}", text.describe());
}

/// A checker's points verdict without points, and testlib's `_pc(n)` (which Polygon does not
/// score), are the checker's fault: one line, exit 2.
#[test]
fn a_points_verdict_stressjudge_cannot_read_is_the_checkers_fault() {
    let _heavy = heavy();
    let dir = tempdir();
    for (name, body, expected) in [
        (
            "nopoints",
            r#"fprintf(stderr, "points well done\n"); return 7;"#,
            "does not start with the points",
        ),
        (
            "pc",
            r#"fprintf(stderr, "partially correct (13) half\n"); return 13;"#,
            "partially-correct verdict `_pc(n)`",
        ),
    ] {
        let package = dir.path().join(name);
        copy_dir(&root().join(OPTIMUM), &package);
        write(
            &package.join("files"),
            "check.cpp",
            &format!("#include <cstdio>\nint main() {{ {body} }}\n"),
        );
        let run = stressjudge(&[
            "judge",
            arg(&package),
            &format!("{OPTIMUM}/solutions/main.py"),
        ]);
        run.expect_code(2);
        let line = run.one_line_error();
        assert!(line.contains(expected), "{line}");
        assert!(line.contains("check.cpp"), "{line}");
    }
}

/// A stress's `memoryLimit` (MiB) applies to the candidate's runs of that stress (unless
/// `--memory-limit` is given), and its `totalTimeLimit` (ms) bounds how long `stress` runs it
/// when no `--seeds` are given; both read from the JSON stress files Polygon exports.
#[test]
fn a_stress_applies_its_memory_limit_and_total_time() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = copy_of_sum(dir.path(), "sum");
    // Right, but holds 40 MiB: within the testset's 64 MiB, past the stress's 32.
    let big = write(
        &package.join("solutions"),
        "big.py",
        "block = bytearray(40 << 20)\nfor i in range(0, len(block), 4096):\n    block[i] = 1\n\
         a, b = map(int, input().split())\nprint(a + b)\n",
    );
    write(
        &package.join("stresses"),
        "001",
        r#"{"index":1,"scriptPattern":"gen [50..1000]","inputFile":"stdin","outputFile":"stdout","memoryLimit":32,"timeLimit":2000,"totalTimeLimit":600000,"solutionNames":["big.py"],"description":""}"#,
    );
    write(
        &package.join("stresses"),
        "002",
        r#"{"index":2,"scriptPattern":"gen [1..100]","inputFile":"stdin","outputFile":"stdout","memoryLimit":64,"timeLimit":2000,"totalTimeLimit":3000,"solutionNames":[],"description":""}"#,
    );
    let listed = stressjudge(&["list", arg(&package)]);
    listed.expect_code(0);
    assert!(
        listed.stdout.contains(
            "stress stress-001: `gen [50..1000]` against big.py (time limit 2000 ms, memory \
             limit 32 MiB, runs for 600000 ms)"
        ),
        "{}",
        listed.describe()
    );
    let judged = stressjudge(&["judge", arg(&package), arg(&big)]);
    judged.expect_code(0);
    let out = tempdir();
    let run = stressjudge(&[
        "stress",
        arg(&package),
        arg(&big),
        "--kind",
        "stress-001",
        "--seeds",
        "1..=1",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    let text = format!("{}{}", run.stdout, run.stderr);
    for part in [
        "MLE",
        "kind stress-001 runs with its own memory limit, 32 MiB",
        "kind stress-001 sets a total time limit, 600000 ms; the seeds given are run instead",
    ] {
        assert!(text.contains(part), "`{part}`\n{}", run.describe());
    }
    let run = stressjudge(&[
        "stress",
        arg(&package),
        arg(&big),
        "--kind",
        "stress-001",
        "--seeds",
        "1..=1",
        "--memory-limit",
        "256MiB",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(0);

    // No --seeds: stress-002 runs until its 3 seconds are spent.
    let main = format!("{}/solutions/main.py", arg(&package));
    let started = std::time::Instant::now();
    let run = stressjudge(&[
        "stress",
        arg(&package),
        &main,
        "--kind",
        "stress-002",
        "--json",
        "--out",
        arg(out.path()),
    ]);
    let took = started.elapsed();
    run.expect_code(0);
    let report = run.json();
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("kind stress-002 runs for its total time limit, 3000 ms"),
        "{notes}"
    );
    assert!(
        notes.contains("stopped at the total time limit, 3000 ms, after"),
        "{notes}"
    );
    assert!(took >= std::time::Duration::from_secs(3), "{took:?}");
    assert!(took < std::time::Duration::from_secs(120), "{took:?}");
}

const OLDGEN: &str = "tests/polygon/oldgen";

/// The rows of a verify report of `oldgen`, by path inside the package.
fn oldgen_rows(report: &Value) -> std::collections::BTreeMap<String, Value> {
    rows_by_path_after(report, "oldgen/")
}

#[test]
fn a_generator_that_does_not_compile_leaves_its_tests_out_and_the_run_incomplete() {
    let _heavy = heavy();
    let run = stressjudge(&["verify", OLDGEN, "--json", "--stress-seeds", "0"]);
    run.expect_code(1);
    let report = run.json();
    assert_eq!(report["ok"], false, "{report:#}");
    let incomplete = report["incomplete"].as_array().expect("a list");
    assert_eq!(incomplete.len(), 1, "{report:#}");
    let line = incomplete[0].as_str().unwrap();
    for part in [
        "oldgen.cpp does not compile",
        // The compiler's error line, not its first (`In function 'int main(int, char**)'`).
        "oldgen.cpp:6:26: error:",
        "sqrt",
        "test(s) 3, 5 left out",
        "the 3 solution(s)",
    ] {
        assert!(line.contains(part), "`{part}` not in: {line}");
    }
    // Everything else is judged: each solution gets its tag's verdict on tests 1, 2 and 4.
    let rows = oldgen_rows(&report);
    for (solution, got) in [("solutions/main.py", "AC"), ("solutions/wa.py", "WA")] {
        assert_eq!(rows[solution]["got"], got, "{solution}: {report:#}");
        assert_eq!(rows[solution]["ok"], true, "{solution}: {report:#}");
    }
    assert_eq!(rows["solutions/wa.py"]["source"], "4");
    if !python2_available() {
        eprintln!("SKIPPED: no Python 2 here; solutions/old.py is checked to be CE instead");
        assert_eq!(rows["solutions/old.py"]["got"], "CE", "{report:#}");
        return;
    }
    assert_eq!(rows["solutions/old.py"]["got"], "AC", "{report:#}");
    // The accepted solution written in Python 2 runs as Python 2, with one note saying why.
    let notes = run.stderr.matches("runs as Python 2").count();
    assert_eq!(notes, 1, "{}", run.describe());
    assert!(
        run.stderr
            .contains("fails Python 3's syntax check (old.py:2: SyntaxError"),
        "{}",
        run.describe()
    );

    // judge: the verdict on the tests that exist, and exit 1 however it reads.
    let judged = stressjudge(&["judge", OLDGEN, &format!("{OLDGEN}/solutions/main.py")]);
    judged.expect_code(1);
    assert!(
        judged.stdout.contains("incomplete: generator")
            && judged.stdout.contains("test(s) 3, 5 left out"),
        "{}",
        judged.describe()
    );
}

#[test]
fn python2_code_without_a_python2_is_a_compile_error_that_says_so() {
    let _heavy = heavy();
    let run = run_with_env(
        &["verify", OLDGEN, "--json", "--stress-seeds", "0"],
        None,
        &[("PYTHON2", Some("/bin/false"))],
    );
    run.expect_code(1);
    let report = run.json();
    let rows = oldgen_rows(&report);
    let old = &rows["solutions/old.py"];
    assert_eq!(old["got"], "CE", "{report:#}");
    let detail = old["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("old.py:2: SyntaxError: Missing parentheses in call to 'print'")
            && detail.contains("looks like Python 2"),
        "{detail}"
    );
}
