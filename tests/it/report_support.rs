//! Helpers shared by the report exporter tests: reports of every command built by hand (with
//! text that tries to break XML and HTML), and a checker of the JUnit shape CI tools read.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use stressjudge::judge::timing::Borderline;
use stressjudge::judge::{TestResult, Verdict};
use stressjudge::problem::Answer;
use stressjudge::report::{
    GameDiff, JudgeReport, ReproReport, RowStatus, Scheduling, StressReport, StressSubject,
    TestRow, VerifyReport, VerifyRow,
};
use stressjudge::stress::{Failure, Unit};

/// Text that breaks naive XML or HTML: markup, entities, quotes, a CDATA end, a tab, an ANSI
/// colour and a NUL (XML and HTML can hold neither of the last two).
pub const HOSTILE: &str =
    "</pre><script>alert(1)</script> & &amp; \"q\" 'a' ]]>\t\u{1b}[31mred\u{1b}[0m \0end";

/// [`HOSTILE`] as a JUnit document carries it: without the colour codes, the tab a space, the
/// NUL U+FFFD.
pub fn hostile_in_xml() -> String {
    HOSTILE
        .replace("\u{1b}[31m", "")
        .replace("\u{1b}[0m", "")
        .replace('\t', " ")
        .replace('\0', "\u{fffd}")
}

/// Prints a line on stderr even when the test harness captures output, so a skipped check is
/// never silent.
pub fn loudly(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The fixed test names of a built-in problem.
pub const TESTS: [&str; 6] = ["sample-1", "edge-1", "edge-2", "random-1", "max-1", "max-2"];

/// A judged test with `verdict` and `cpu_ms`.
pub fn row(name: &str, verdict: Verdict, cpu_ms: u64) -> TestRow {
    let failing = verdict != Verdict::AC;
    TestRow {
        name: name.to_string(),
        result: TestResult {
            verdict,
            signal: (verdict == Verdict::RE).then(|| "SIGSEGV".to_string()),
            detail: if failing {
                format!("game 3: expected `2`, found `1` {HOSTILE}")
            } else {
                String::new()
            },
            explanation: if failing {
                vec![
                    "input line 4: 5 5 0".to_string(),
                    format!("- 2 <expected> {HOSTILE}"),
                    "+ 1".to_string(),
                ]
            } else {
                Vec::new()
            },
            cpu_ms,
            wall_ms: cpu_ms + 3,
            memory_kib: 4096,
            exit: "exit code 0".to_string(),
            game: failing.then_some(3),
            score: None,
            sanitizer: None,
        },
        ran_alone: name.starts_with("max"),
        borderline: None,
    }
}

/// Test rows with the given verdicts in [`TESTS`] order, CPU 10 ms, 20 ms, ...
pub fn rows(verdicts: &[Verdict]) -> Vec<TestRow> {
    TESTS
        .iter()
        .zip(verdicts)
        .enumerate()
        .map(|(i, (name, v))| row(name, *v, 10 * (i as u64 + 1)))
        .collect()
}

/// A verify row of `problem` for `file` under `folder`.
pub fn verify_row(problem: &str, folder: &str, file: &str, expected: Verdict) -> VerifyRow {
    VerifyRow {
        problem: problem.to_string(),
        path: format!("solutions/{problem}/{folder}/{file}"),
        shown: format!("{folder}/{file}"),
        expected: expected.name().to_string(),
        category: None,
        got: Some(Verdict::AC),
        status: RowStatus::Match,
        source: "all tests + stress".to_string(),
        detail: String::new(),
        slowest: Duration::from_millis(60),
        elapsed: Duration::from_millis(1500),
        warnings: Vec::new(),
        tests: rows(&[Verdict::AC; 6]),
        stress: Some((Verdict::AC, "all tests + stress".to_string())),
        time_limit: Duration::from_secs(2),
        points: None,
        other_python: None,
        score: None,
        broken: Vec::new(),
        expectation_source: None,
        not_run: Vec::new(),
        tests_reused: 0,
        stress_reused: false,
    }
}

/// A verify report with every kind of row: matches, mismatches (a wrong test, a compile error,
/// a file that could not be judged), a skipped solution, warnings, a borderline test, and
/// paths and messages full of markup.
pub fn verify_report() -> VerifyReport {
    let p = "david-vs-david";
    let accepted = verify_row(p, "accepted", "isqrt_beatty.cpp", Verdict::AC);
    let mut slow = verify_row(p, "accepted", "slow <&> \"sol\".py", Verdict::AC);
    slow.warnings = vec![format!(
        "accepted but uses 65 % of the time limit (more than half) {HOSTILE}"
    )];
    slow.tests[5].result.cpu_ms = 1300;
    slow.tests[4].result.cpu_ms = 1940;
    slow.tests[4].borderline = Some(Borderline {
        limit_ms: 2000,
        first_cpu_ms: 2050,
        first_verdict: Verdict::TLE,
        rerun_cpu_ms: vec![1940, 1950, 1990],
        median_cpu_ms: 1950,
        fastest_cpu_ms: 1940,
        spread_ms: 50,
        verdict: Verdict::AC,
    });
    let mut wrong = verify_row(p, "wrong_answer", "float_beatty.cpp", Verdict::WA);
    wrong.tests = rows(&[
        Verdict::AC,
        Verdict::WA,
        Verdict::AC,
        Verdict::WA,
        Verdict::AC,
        Verdict::AC,
    ]);
    wrong.got = Some(Verdict::WA);
    wrong.source = "edge-1".into();
    wrong.detail = "WA: game 3: expected `2`, found `1`".into();
    wrong.stress = None;
    let mut broken = verify_row(p, "accepted", "off_by_one.c", Verdict::AC);
    broken.tests = rows(&[
        Verdict::AC,
        Verdict::AC,
        Verdict::AC,
        Verdict::WA,
        Verdict::AC,
        Verdict::RE,
    ]);
    broken.got = Some(Verdict::WA);
    broken.status = RowStatus::Mismatch;
    broken.source = "random-1".into();
    broken.detail = format!("WA: game 3 {HOSTILE}");
    broken.stress = None;
    let mut tle = verify_row(p, "time_limit_exceeded", "greedy.cpp", Verdict::TLE);
    tle.tests = rows(&[
        Verdict::AC,
        Verdict::AC,
        Verdict::AC,
        Verdict::AC,
        Verdict::TLE,
        Verdict::TLE,
    ]);
    tle.tests[4].result.cpu_ms = 2300;
    tle.tests[5].result.cpu_ms = 2310;
    tle.got = Some(Verdict::TLE);
    tle.source = "max-1".into();
    tle.detail = "TLE: CPU 2.30 s over the 2.00 s limit".into();
    tle.stress = None;
    tle.warnings =
        vec!["time_limit_exceeded but finishes max-1 in 2.41 s, within 1.5 x the limit".into()];
    let mut skipped = verify_row(p, "accepted", "Main.java", Verdict::AC);
    skipped.got = None;
    skipped.status = RowStatus::Skipped;
    skipped.source = "build".into();
    skipped.detail = "Java source but no `javac` on PATH (set JAVAC)".into();
    skipped.tests = Vec::new();
    skipped.stress = None;
    let q = "<king & \"game\">";
    let mut compile = verify_row(q, "accepted", "typo.cpp", Verdict::AC);
    compile.got = Some(Verdict::CE);
    compile.status = RowStatus::Mismatch;
    compile.source = "compile".into();
    compile.detail = format!("typo.cpp:3: error: expected ';' {HOSTILE}");
    compile.tests = Vec::new();
    compile.stress = None;
    let mut unknown = verify_row(q, "wrong_answer", "notes.txt", Verdict::WA);
    unknown.got = None;
    unknown.status = RowStatus::Mismatch;
    unknown.source = "build".into();
    unknown.detail = "notes.txt: not a program (no known extension, not executable)".into();
    unknown.tests = Vec::new();
    unknown.stress = None;
    let mut kattis = verify_row(q, "run_time_error", "crash.rs", Verdict::RE);
    kattis.category = Some("run_time_error".into());
    kattis.tests = rows(&[
        Verdict::AC,
        Verdict::RE,
        Verdict::MLE,
        Verdict::AC,
        Verdict::OLE,
        Verdict::AC,
    ]);
    kattis.got = Some(Verdict::RE);
    kattis.source = "edge-1".into();
    kattis.stress = None;
    VerifyReport {
        rows: vec![
            accepted, slow, wrong, broken, tle, skipped, compile, unknown, kattis,
        ],
        notes: vec![
            format!("david-vs-david: time limit derived {HOSTILE}"),
            format!("{q}: a note about the folder"),
        ],
        elapsed: Duration::from_millis(98_765),
        problems: Vec::new(),
        tool_checks: Vec::new(),
        isolation: None,
        runs: Default::default(),
        incomplete: Vec::new(),
        calibration: None,
        shard: None,
        mutants: Vec::new(),
    }
}

/// A verify report where every solution keeps its promise.
pub fn passing_verify_report() -> VerifyReport {
    let mut report = verify_report();
    report.rows.retain(|r| r.status != RowStatus::Mismatch);
    report
}

/// A judge report of `problem` with a test of every verdict.
pub fn judge_report() -> JudgeReport {
    let mut tests = rows(&[
        Verdict::AC,
        Verdict::WA,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::RE,
        Verdict::OLE,
    ]);
    tests[0].result.cpu_ms = 1234;
    JudgeReport {
        problem: "game-of-stones".into(),
        solution: format!("sols/{HOSTILE}.cpp"),
        time_limit: Duration::from_secs(2),
        memory_limit_bytes: 256 << 20,
        tests,
        compile_error: None,
        scheduling: Scheduling {
            jobs: 2,
            strict: false,
            parallel_used: true,
        },
        notes: vec![format!("note {HOSTILE}")],
        isolation: None,
        python: None,
        score: None,
        subtasks: None,
    }
}

/// A judge report of a candidate that did not build.
pub fn compile_error_report() -> JudgeReport {
    let mut report = judge_report();
    report.tests = Vec::new();
    report.compile_error = Some(format!(
        "sol.cpp: In function 'int main()':\nsol.cpp:3:1: error: expected ';' {HOSTILE}\n"
    ));
    report
}

/// An input of `lines` lines: a count, one line of `wide` characters, then short games.
pub fn big_input(lines: usize, wide: usize) -> String {
    let mut text = format!("{lines}\n");
    text.push_str(&"9".repeat(wide));
    text.push('\n');
    for i in 2..lines {
        text.push_str(&format!("{i} {} 0\n", i * 7));
    }
    text
}

fn failure(
    seed: u64,
    kind: &str,
    verdict: Verdict,
    shrunk: &str,
    expected: &str,
    actual: &str,
) -> Failure {
    Failure {
        unit: Unit {
            kind: kind.into(),
            seed,
        },
        verdict,
        input: big_input(2000, 10),
        expected: Answer::new(expected),
        output: actual.as_bytes().to_vec(),
        shrunk_input: shrunk.into(),
        shrunk_expected: Answer::new(expected),
        shrunk_output: actual.as_bytes().to_vec(),
        detail: format!(
            "game 1: expected `{}`, found `{}`",
            expected.trim(),
            actual.trim()
        ),
        shrunk_game: Some(1),
        reproducible_alone: seed != 9,
        packed_seeds: vec![seed],
        shrink_steps: 3,
        shrink_runs: 40,
        recorded_input: false,
        shrunk_from: None,
        shrunk_from_args: None,
        cases: None,
        input_format: Vec::new(),
        kept_properties: Vec::new(),
        sanitizer: None,
    }
}

/// A stress report with two groups of failures (answers too small and too large), one of
/// them with an unshrinkable huge input, and markup in the answers.
pub fn stress_report() -> StressReport {
    let failures = vec![
        failure(1, "edge", Verdict::WA, "1\n5 5 0\n", "2\n", "1\n"),
        failure(4, "random", Verdict::WA, "1\n3 8 1\n", "7\n", "9\n"),
        failure(
            7,
            "edge",
            Verdict::WA,
            &big_input(5000, 100_000),
            "2\n",
            "1\n",
        ),
        failure(9, "max", Verdict::WA, "1\n1 1 0\n", "2\n", "1\n"),
        failure(
            12,
            "random",
            Verdict::WA,
            "1\n9 9 9\n",
            "<b>3</b> &amp;\n",
            "<i>5</i>\n",
        ),
    ];
    StressReport {
        subject: StressSubject {
            problem: "david-vs-david".into(),
            solution: "solutions/david-vs-david/wrong_answer/float_beatty.cpp".into(),
            solution_hash: "8df5cde7945d0123456789abcdef".into(),
            repro_problem: "david-vs-david".into(),
            repro_candidate: "solutions/david-vs-david/wrong_answer/float_beatty.cpp".into(),
            time_limit: Duration::from_secs(2),
            memory_limit: 256 << 20,
            saved_in: PathBuf::from("stressjudge-failures/david-vs-david"),
            interactive: false,
            python: None,
        },
        runs: 2949,
        games: 3_315_976,
        inputs: 116,
        elapsed: Duration::from_millis(9410),
        interrupted: true,
        out: PathBuf::from("stressjudge-failures/david-vs-david"),
        failures,
        notes: vec![format!("note {HOSTILE}")],
        isolation: None,
        save_errors: Vec::new(),
        has_games: true,
        shard: None,
    }
}

/// A stress run that found nothing.
pub fn passing_stress_report() -> StressReport {
    let mut report = stress_report();
    report.failures.clear();
    report.interrupted = false;
    report
}

/// A reproduced wrong answer in a packed input of many games.
pub fn repro_report() -> ReproReport {
    ReproReport {
        problem: "david-vs-david".into(),
        solution: "float_beatty.cpp".into(),
        seed: 1,
        kind: "edge".into(),
        verdict: Verdict::WA,
        detail: format!("game 295: expected `2`, found `1` {HOSTILE}"),
        input: big_input(2344, 30),
        expected: "2\n".repeat(2344),
        actual: "1\n".repeat(2344),
        diff: "--- expected\n+++ actual\n@@ -295 +295 @@\n-2\n+1".into(),
        games: 2344,
        failing_games: vec![GameDiff {
            game: 295,
            input_line: Some("165580140 267914295 0".into()),
            expected: Some("2".into()),
            actual: Some(format!("1 {HOSTILE}")),
        }],
        saved: Some(PathBuf::from("cases")),
        isolation: None,
        input_file: None,
    }
}

/// A test case as CI tools read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub name: String,
    pub classname: String,
    pub time: f64,
    pub outcome: Outcome,
    pub system_out: Option<String>,
}

/// How a case ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Passed,
    Failure {
        kind: String,
        message: String,
        text: String,
    },
    Error {
        kind: String,
        message: String,
    },
    Skipped {
        message: String,
    },
}

/// A test suite as CI tools read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Suite {
    pub name: String,
    pub time: f64,
    pub cases: Vec<Case>,
    pub system_out: Option<String>,
}

/// Parses a JUnit document and checks it has exactly the shape GitHub, GitLab and Jenkins read:
/// `testsuites[name, tests, failures, errors, skipped, time] > testsuite[name, tests, failures,
/// errors, skipped, time] > testcase[name, classname, time]` with at most one `failure`,
/// `error` or `skipped` child (`failure` and `error` with `type` and `message`), then
/// `system-out` / `system-err`; every count equal to what it counts; nothing else anywhere.
/// Panics naming the first thing that is off.
pub fn parse_junit(xml: &str) -> (String, Vec<Suite>) {
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"),
        "no XML declaration: {}",
        &xml[..xml.len().min(80)]
    );
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("not XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites", "root element");
    attributes_are(
        root,
        &["name", "tests", "failures", "errors", "skipped", "time"],
    );
    let mut suites = Vec::new();
    let mut totals = [0usize; 4];
    for node in elements(root) {
        assert_eq!(node.tag_name().name(), "testsuite", "child of testsuites");
        let suite = parse_suite(node);
        let counts = counts(&suite.cases);
        for (total, count) in totals.iter_mut().zip(counts) {
            *total += count;
        }
        suites.push(suite);
    }
    for (attr, total) in ["tests", "failures", "errors", "skipped"]
        .iter()
        .zip(totals)
    {
        assert_eq!(count_attr(root, attr), total, "testsuites {attr}");
    }
    seconds_attr(root);
    (root.attribute("name").unwrap().to_string(), suites)
}

/// (tests, failures, errors, skipped) of `cases`.
pub fn counts(cases: &[Case]) -> [usize; 4] {
    let mut c = [cases.len(), 0, 0, 0];
    for case in cases {
        match case.outcome {
            Outcome::Passed => {}
            Outcome::Failure { .. } => c[1] += 1,
            Outcome::Error { .. } => c[2] += 1,
            Outcome::Skipped { .. } => c[3] += 1,
        }
    }
    c
}

fn parse_suite(node: roxmltree::Node) -> Suite {
    attributes_are(
        node,
        &["name", "tests", "failures", "errors", "skipped", "time"],
    );
    let name = node.attribute("name").unwrap().to_string();
    assert!(!name.is_empty(), "a testsuite without a name");
    let mut cases = Vec::new();
    let mut system_out = None;
    let mut after_cases = false;
    for child in elements(node) {
        match child.tag_name().name() {
            "testcase" => {
                assert!(!after_cases, "testcase after system-out in {name}");
                cases.push(parse_case(child));
            }
            "system-out" if system_out.is_none() => {
                after_cases = true;
                system_out = Some(text_only(child));
            }
            other => panic!("unexpected <{other}> in testsuite {name}"),
        }
    }
    let counts = counts(&cases);
    for (attr, count) in ["tests", "failures", "errors", "skipped"]
        .iter()
        .zip(counts)
    {
        assert_eq!(count_attr(node, attr), count, "testsuite {name} {attr}");
    }
    Suite {
        time: seconds_attr(node),
        name,
        cases,
        system_out,
    }
}

fn parse_case(node: roxmltree::Node) -> Case {
    attributes_are(node, &["name", "classname", "time"]);
    let name = node.attribute("name").unwrap().to_string();
    let classname = node.attribute("classname").unwrap().to_string();
    assert!(
        !name.is_empty() && !classname.is_empty(),
        "empty testcase name or classname"
    );
    let mut outcome = Outcome::Passed;
    let mut system_out = None;
    for (i, child) in elements(node).enumerate() {
        let tag = child.tag_name().name();
        match tag {
            "failure" | "error" => {
                assert_eq!(i, 0, "<{tag}> is not the first child of {name}");
                attributes_are(child, &["message", "type"]);
                let kind = child.attribute("type").unwrap().to_string();
                let message = child.attribute("message").unwrap().to_string();
                outcome = if tag == "failure" {
                    assert!(
                        Verdict::from_name(&kind).is_some(),
                        "failure type `{kind}` is not a verdict"
                    );
                    Outcome::Failure {
                        kind,
                        message,
                        text: text_only(child),
                    }
                } else {
                    Outcome::Error { kind, message }
                };
            }
            "skipped" => {
                assert_eq!(i, 0, "<skipped> is not the first child of {name}");
                attributes_are(child, &["message"]);
                outcome = Outcome::Skipped {
                    message: child.attribute("message").unwrap().to_string(),
                };
            }
            "system-out" if system_out.is_none() => system_out = Some(text_only(child)),
            other => panic!("unexpected <{other}> in testcase {name}"),
        }
    }
    Case {
        time: seconds_attr(node),
        name,
        classname,
        outcome,
        system_out,
    }
}

/// The element children of `node` (whitespace between them is allowed; other text is not).
fn elements<'a>(node: roxmltree::Node<'a, 'a>) -> impl Iterator<Item = roxmltree::Node<'a, 'a>> {
    for child in node.children() {
        if child.is_text() {
            assert!(
                child.text().unwrap().trim().is_empty(),
                "stray text in <{}>",
                node.tag_name().name()
            );
        }
    }
    node.children().filter(|c| c.is_element())
}

/// The text of an element that holds only text.
fn text_only(node: roxmltree::Node) -> String {
    assert!(
        node.children().all(|c| c.is_text()),
        "<{}> holds elements",
        node.tag_name().name()
    );
    node.text().unwrap_or("").to_string()
}

/// Checks `node` has every attribute of `names` and no other.
fn attributes_are(node: roxmltree::Node, names: &[&str]) {
    let mut found: Vec<&str> = node.attributes().map(|a| a.name()).collect();
    found.sort_unstable();
    let mut wanted = names.to_vec();
    wanted.sort_unstable();
    assert_eq!(found, wanted, "attributes of <{}>", node.tag_name().name());
}

fn count_attr(node: roxmltree::Node, name: &str) -> usize {
    let value = node.attribute(name).unwrap();
    value
        .parse()
        .unwrap_or_else(|_| panic!("{name}=\"{value}\" is not a count"))
}

/// A `time` attribute: seconds as a non-negative decimal with three places.
fn seconds_attr(node: roxmltree::Node) -> f64 {
    let value = node.attribute("time").unwrap();
    let (whole, fraction) = value
        .split_once('.')
        .unwrap_or_else(|| panic!("time=\"{value}\" has no decimals"));
    assert!(
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && fraction.len() == 3
            && fraction.bytes().all(|b| b.is_ascii_digit()),
        "time=\"{value}\" is not seconds"
    );
    value.parse().unwrap()
}

/// Validates `xml` with `xmllint --schema tests/fixtures/junit.xsd` when xmllint is on PATH;
/// says loudly when it is not. Panics with xmllint's message when the document is invalid.
pub fn validate_with_xmllint(test: &str, xml: &str) -> bool {
    let schema = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/junit.xsd");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.xml");
    std::fs::write(&file, xml).unwrap();
    let output = std::process::Command::new("xmllint")
        .args(["--noout", "--schema", schema])
        .arg(&file)
        .output();
    match output {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            loudly(&format!(
                "SKIPPED {test}: xmllint is not installed (apt-get install libxml2-utils), so \
                 the XSD check did not run; the structural check did"
            ));
            false
        }
        Err(e) => panic!("cannot run xmllint: {e}"),
        Ok(out) => {
            assert!(
                out.status.success(),
                "xmllint rejects the JUnit report:\n{}\n{xml}",
                String::from_utf8_lossy(&out.stderr)
            );
            true
        }
    }
}
