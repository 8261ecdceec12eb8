//! The JUnit exporter: every report becomes a document of the shape CI tools read (checked
//! element by element, and by `xmllint` against `tests/fixtures/junit.xsd` when it is here),
//! listing every solution and test, with failures where the run failed and nowhere else.

use crate::report_support;

use report_support::*;
use stressjudge::judge::Verdict;
use stressjudge::report::junit::JunitExporter;
use stressjudge::report::{Exporter, Report, RowStatus};

fn junit(report: Report<'_>) -> String {
    String::from_utf8(JunitExporter.serialize(report).unwrap()).unwrap()
}

fn case<'a>(suites: &'a [Suite], classname: &str, name: &str) -> &'a Case {
    suites
        .iter()
        .flat_map(|s| &s.cases)
        .find(|c| c.classname == classname && c.name == name)
        .unwrap_or_else(|| panic!("no case {classname} / {name}"))
}

#[test]
fn verify_lists_every_solution_and_test_and_fails_only_broken_promises() {
    let report = verify_report();
    let xml = junit(Report::Verify(&report));
    let (name, suites) = parse_junit(&xml);
    assert_eq!(name, "stressjudge verify");
    let problems: Vec<&str> = suites.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(problems, ["david-vs-david", "<king & \"game\">"]);
    for row in &report.rows {
        let suite = suites.iter().find(|s| s.name == row.problem).unwrap();
        let names: Vec<&str> = suite
            .cases
            .iter()
            .filter(|c| c.classname == row.path)
            .map(|c| c.name.as_str())
            .collect();
        let mut expected = vec!["verdict"];
        expected.extend(row.tests.iter().map(|t| t.name.as_str()));
        if row.stress.is_some() {
            expected.push("stress");
        }
        assert_eq!(names, expected, "cases of {}", row.path);
        for test in &row.tests {
            let c = case(&suites, &row.path, &test.name);
            assert_eq!(c.time, test.result.cpu_ms as f64 / 1000.0, "{}", test.name);
            let broken = row.status == RowStatus::Mismatch;
            match (&c.outcome, test.result.verdict) {
                (Outcome::Passed, Verdict::AC) => {}
                (Outcome::Passed, v) => {
                    assert!(
                        !broken,
                        "{} {}: a broken promise's {v} passed",
                        row.path, test.name
                    );
                    let out = c.system_out.as_deref().unwrap();
                    assert!(
                        out.contains(&format!("{v}")) && out.contains("expected:"),
                        "{out}"
                    );
                }
                (
                    Outcome::Failure {
                        kind,
                        message,
                        text,
                    },
                    v,
                ) => {
                    assert!(broken, "{} {}: a kept promise failed", row.path, test.name);
                    assert_eq!(kind, v.name());
                    assert!(
                        message.contains("game 3: expected `2`, found `1`"),
                        "{message}"
                    );
                    assert!(message.contains(&hostile_in_xml()), "{message}");
                    assert_eq!(text.lines().count(), test.result.explanation.len());
                }
                (other, v) => panic!("{}: {v} became {other:?}", test.name),
            }
        }
    }
    let totals: Vec<[usize; 4]> = suites.iter().map(|s| counts(&s.cases)).collect();
    let failures: usize = totals.iter().map(|c| c[1] + c[2]).sum();
    assert!(failures > 0 && !report.ok());

    // The verdict cases: a kept promise passes, a broken one fails with the verdict it got, a
    // file that could not be judged is an error, a missing toolchain is a skip with its reason.
    let ok = case(
        &suites,
        "solutions/david-vs-david/accepted/isqrt_beatty.cpp",
        "verdict",
    );
    assert_eq!(ok.outcome, Outcome::Passed);
    let broken = case(
        &suites,
        "solutions/david-vs-david/accepted/off_by_one.c",
        "verdict",
    );
    match &broken.outcome {
        Outcome::Failure { kind, message, .. } => {
            assert_eq!(kind, "WA");
            assert!(
                message.starts_with("expected AC, got WA (random-1: WA: game 3"),
                "{message}"
            );
            assert!(message.contains(&hostile_in_xml()), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let ce = case(
        &suites,
        "solutions/<king & \"game\">/accepted/typo.cpp",
        "verdict",
    );
    assert!(matches!(&ce.outcome, Outcome::Failure { kind, .. } if kind == "CE"));
    let unknown = case(
        &suites,
        "solutions/<king & \"game\">/wrong_answer/notes.txt",
        "verdict",
    );
    assert!(matches!(&unknown.outcome, Outcome::Error { kind, message }
        if kind == "error" && message.contains("not a program")));
    let skipped = case(
        &suites,
        "solutions/david-vs-david/accepted/Main.java",
        "verdict",
    );
    assert_eq!(
        skipped.outcome,
        Outcome::Skipped {
            message: "Java source but no `javac` on PATH (set JAVAC)".into()
        }
    );
    let slow = case(
        &suites,
        "solutions/david-vs-david/accepted/slow <&> \"sol\".py",
        "verdict",
    );
    assert!(slow
        .system_out
        .as_deref()
        .unwrap()
        .contains("warning: accepted but uses 65 %"));
    let borderline = case(
        &suites,
        "solutions/david-vs-david/accepted/slow <&> \"sol\".py",
        "max-1",
    );
    assert!(borderline
        .system_out
        .as_deref()
        .unwrap()
        .contains("borderline: CPU 2.05 s"));
    let david = suites.iter().find(|s| s.name == "david-vs-david").unwrap();
    assert_eq!(
        david.system_out.as_deref(),
        Some(format!("time limit derived {}", hostile_in_xml()).as_str())
    );
    assert_eq!(david.time, 9.0, "six solutions of 1.5 s");
    validate_with_xmllint("verify_lists_every_solution_and_test", &xml);
}

#[test]
fn a_verify_run_that_keeps_every_promise_has_no_failures() {
    let report = passing_verify_report();
    assert!(report.ok());
    let (_, suites) = parse_junit(&junit(Report::Verify(&report)));
    for suite in &suites {
        let [tests, failures, errors, skipped] = counts(&suite.cases);
        assert!(tests > 0);
        assert_eq!((failures, errors), (0, 0), "{}", suite.name);
        assert_eq!(skipped, usize::from(suite.name == "david-vs-david"));
    }
}

#[test]
fn judge_has_a_case_per_test_failing_with_its_verdict() {
    let report = judge_report();
    let xml = junit(Report::Judge(&report));
    let (name, suites) = parse_junit(&xml);
    assert_eq!(name, "stressjudge judge");
    assert_eq!(suites.len(), 1);
    let suite = &suites[0];
    assert_eq!(suite.name, "game-of-stones");
    assert_eq!(suite.cases.len(), report.tests.len());
    for (c, row) in suite.cases.iter().zip(&report.tests) {
        assert_eq!(c.name, row.name);
        assert_eq!(c.classname, format!("sols/{}.cpp", hostile_in_xml()));
        assert_eq!(c.time, row.result.cpu_ms as f64 / 1000.0);
        match &c.outcome {
            Outcome::Passed => assert_eq!(row.result.verdict, Verdict::AC),
            Outcome::Failure {
                kind,
                message,
                text,
            } => {
                assert_eq!(kind, row.result.verdict.name());
                assert!(message.starts_with(&row.result.label()), "{message}");
                assert!(text.contains("input line 4: 5 5 0"), "{text}");
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(suite.cases[0].time, 1.234);
    assert_eq!(counts(&suite.cases), [6, 5, 0, 0]);
    let out = suite.system_out.as_deref().unwrap();
    assert!(
        out.contains("slowest: sample-1, 1.23 s") && out.contains("2 parallel jobs"),
        "{out}"
    );
    validate_with_xmllint("judge_has_a_case_per_test", &xml);

    let ce = compile_error_report();
    let xml = junit(Report::Judge(&ce));
    let (_, suites) = parse_junit(&xml);
    assert_eq!(suites[0].cases.len(), 1);
    let compile = &suites[0].cases[0];
    assert_eq!(compile.name, "compile");
    match &compile.outcome {
        Outcome::Failure {
            kind,
            message,
            text,
        } => {
            assert_eq!(kind, "CE");
            // The compiler's error line, not its first (`sol.cpp: In function ...`).
            assert!(
                message.starts_with("compilation failed: sol.cpp:3:1: error: expected ';'"),
                "{message}"
            );
            assert!(text.contains("error: expected ';'"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    validate_with_xmllint("judge_compile_error", &xml);
}

#[test]
fn stress_has_a_case_per_failure_group_with_its_repro_command() {
    let report = stress_report();
    let groups = report.groups();
    assert_eq!(groups.len(), 3, "the fixture has three bugs");
    let xml = junit(Report::Stress(&report));
    let (name, suites) = parse_junit(&xml);
    assert_eq!(name, "stressjudge stress");
    let suite = &suites[0];
    assert_eq!(suite.time, 9.41);
    let names: Vec<&str> = suite.cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "WA: answer too small",
            "WA: answer too large",
            "WA: expected `<b>#</b>`, found `<i>#</i>`"
        ]
    );
    for (c, g) in suite.cases.iter().zip(&groups) {
        let smallest = &report.failures[g.smallest];
        match &c.outcome {
            Outcome::Failure {
                kind,
                message,
                text,
            } => {
                assert_eq!(kind, "WA");
                assert!(
                    message.starts_with(&format!(
                        "{} failure(s) like seed {}",
                        g.count, smallest.unit.seed
                    )),
                    "{message}"
                );
                let repro = format!("repro: {}", report.subject.repro_command(smallest));
                assert!(text.ends_with(&repro), "{text}");
                assert!(text.contains("seeds (KIND/SEED): "), "{text}");
            }
            other => panic!("{other:?}"),
        }
    }
    // The huge unshrinkable input is clipped in the third failure; the smallest of its group is
    // shown instead, so the document stays small.
    assert!(xml.len() < 20_000, "{} bytes", xml.len());
    let out = suite.system_out.as_deref().unwrap();
    assert!(
        out.starts_with("WA: inputs 116, runs 2949, games 3315976") && out.contains("interrupted"),
        "{out}"
    );
    validate_with_xmllint("stress_has_a_case_per_failure_group", &xml);

    let passing = passing_stress_report();
    let xml = junit(Report::Stress(&passing));
    let (_, suites) = parse_junit(&xml);
    assert_eq!(suites[0].cases.len(), 1);
    assert_eq!(suites[0].cases[0].name, "stress");
    assert_eq!(suites[0].cases[0].outcome, Outcome::Passed);
    validate_with_xmllint("stress_passing", &xml);
}

#[test]
fn a_huge_failing_input_is_clipped_in_the_failure_text() {
    let mut report = stress_report();
    report.failures.retain(|f| f.unit.seed == 7);
    let xml = junit(Report::Stress(&report));
    let (_, suites) = parse_junit(&xml);
    let Outcome::Failure { text, .. } = &suites[0].cases[0].outcome else {
        panic!("not a failure");
    };
    assert!(
        text.contains("4,970 more lines not shown (5,000 lines,"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "    {} … (99,800 more characters)\n",
            "9".repeat(200)
        )),
        "{text}"
    );
    assert!(xml.len() < 20_000, "{} bytes", xml.len());
}

#[test]
fn repro_is_one_case() {
    let report = repro_report();
    let xml = junit(Report::Repro(&report));
    let (name, suites) = parse_junit(&xml);
    assert_eq!(name, "stressjudge repro");
    assert_eq!(suites[0].cases.len(), 1);
    let c = &suites[0].cases[0];
    assert_eq!(
        (c.name.as_str(), c.classname.as_str()),
        ("edge seed 1", "float_beatty.cpp")
    );
    match &c.outcome {
        Outcome::Failure {
            kind,
            message,
            text,
        } => {
            assert_eq!(kind, "WA");
            assert!(message.starts_with("game 295: expected `2`, found `1`"));
            assert!(
                text.starts_with(
                    "failing game(s) of 2344:\n    game 295: input `165580140 267914295 0`"
                ),
                "{text}"
            );
            assert!(text.contains("more lines not shown (2,344 lines"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    validate_with_xmllint("repro_is_one_case", &xml);
}

#[test]
fn the_schema_rejects_what_ci_tools_cannot_read() {
    let good = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="x" tests="1" skipped="0" failures="1" errors="0" time="0.500">
    <testsuite name="p" tests="1" skipped="0" errors="0" failures="1" time="0.500">
        <testcase name="t" classname="c" time="0.500"><failure type="WA" message="m">why</failure></testcase>
    </testsuite>
</testsuites>
"#;
    let _ = parse_junit(good);
    if !validate_with_xmllint("the_schema_rejects_what_ci_tools_cannot_read", good) {
        return;
    }
    let broken = [
        good.replace(r#" classname="c""#, ""),
        good.replace(r#" time="0.500"><failure"#, "><failure"),
        good.replace(r#"type="WA" "#, ""),
        good.replace(r#"failures="1" time"#, r#"failures="one" time"#),
        good.replace("<failure", "<failed")
            .replace("</failure>", "</failed>"),
        good.replace(r#"time="0.500">"#, r#"time="-1.000">"#),
    ];
    let schema = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/junit.xsd");
    for xml in &broken {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("bad.xml");
        std::fs::write(&file, xml).unwrap();
        let status = std::process::Command::new("xmllint")
            .args(["--noout", "--schema", schema])
            .arg(&file)
            .output()
            .unwrap()
            .status;
        assert!(!status.success(), "xmllint accepted:\n{xml}");
        let checked = std::panic::catch_unwind(|| parse_junit(xml));
        assert!(checked.is_err(), "the structural check accepted:\n{xml}");
    }
}
