//! The report: overall verdict, slowest test, the text table and the `--json` contract.

use std::time::Duration;

use stressjudge::judge::timing::Borderline;
use stressjudge::judge::{TestResult, Verdict};
use stressjudge::report::{JudgeReport, Scheduling, TestRow};

fn row(name: &str, verdict: Verdict, cpu_ms: u64) -> TestRow {
    TestRow {
        name: name.to_string(),
        result: TestResult {
            verdict,
            signal: None,
            detail: if verdict == Verdict::AC {
                String::new()
            } else {
                format!("{verdict} detail")
            },
            explanation: Vec::new(),
            cpu_ms,
            wall_ms: cpu_ms + 5,
            memory_kib: 3 * 1024,
            exit: "exit code 0".into(),
            game: None,
            score: None,
            sanitizer: None,
        },
        ran_alone: name.starts_with("max-"),
        borderline: None,
    }
}

/// `text` without its ANSI colour codes.
fn plain(text: &str) -> String {
    String::from_utf8(strip_ansi_escapes::strip(text)).expect("styled text is UTF-8")
}

fn report(tests: Vec<TestRow>) -> JudgeReport {
    JudgeReport {
        problem: "sum".into(),
        solution: "sol.cpp".into(),
        time_limit: Duration::from_secs(2),
        memory_limit_bytes: 256 << 20,
        tests,
        compile_error: None,
        scheduling: Scheduling {
            jobs: 2,
            strict: false,
            parallel_used: true,
        },
        notes: Vec::new(),
        isolation: None,
        python: None,
        score: None,
        subtasks: None,
    }
}

fn failing() -> JudgeReport {
    let mut wa = row("random-1", Verdict::WA, 40);
    wa.result.detail = "game 3: expected `1`, found `2`".into();
    wa.result.explanation = vec!["game 3 input: 4 4".into(), "diff line".into()];
    let mut re = row("random-2", Verdict::RE, 30);
    re.result.signal = Some("SIGSEGV".into());
    report(vec![
        row("sample-1", Verdict::AC, 10),
        wa,
        re,
        row("max-1", Verdict::AC, 1820),
        row("max-2", Verdict::TLE, 1820),
    ])
}

#[test]
fn overall_verdict_is_the_first_failure_in_test_order() {
    let r = failing();
    assert_eq!(r.verdict(), Verdict::WA);
    assert_eq!(r.first_failure().unwrap().name, "random-1");
    assert_eq!(r.message(), "random-1: WA: game 3: expected `1`, found `2`");
    let ok = report(vec![row("a", Verdict::AC, 1), row("b", Verdict::AC, 2)]);
    assert_eq!(ok.verdict(), Verdict::AC);
    assert_eq!(ok.message(), "all 2 tests passed");
    let mut ce = report(Vec::new());
    ce.compile_error = Some("\nsol.cpp:1: error: expected ';'\nmore".into());
    assert_eq!(ce.verdict(), Verdict::CE);
    assert_eq!(
        ce.message(),
        "compilation failed: sol.cpp:1: error: expected ';'"
    );
}

#[test]
fn slowest_test_and_its_share_of_the_limit() {
    let s = failing().slowest().unwrap();
    assert_eq!(
        (s.name.as_str(), s.cpu_ms, s.percent_of_limit),
        ("max-1", 1820, 91)
    );
    assert_eq!(
        s.describe(),
        "slowest: max-1, 1.82 s = 91 % of the time limit"
    );
    assert!(report(Vec::new()).slowest().is_none());
}

#[test]
fn json_has_the_public_field_names() {
    let json = failing().to_json();
    let obj = json.as_object().unwrap();
    for key in ["problem", "solution", "verdict", "tests", "message"] {
        assert!(obj.contains_key(key), "missing {key}");
    }
    assert_eq!(json["problem"], "sum");
    assert_eq!(json["solution"], "sol.cpp");
    assert_eq!(json["verdict"], "WA");
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 5);
    for key in ["name", "verdict", "cpu_ms", "wall_ms", "memory_kib"] {
        assert!(
            tests.iter().all(|t| t.get(key).is_some()),
            "missing tests[].{key}"
        );
    }
    assert_eq!(tests[2]["name"], "random-2");
    assert_eq!(tests[2]["verdict"], "RE");
    assert_eq!(tests[2]["label"], "RE (SIGSEGV)");
    assert_eq!(tests[3]["cpu_ms"], 1820);
    assert_eq!(tests[3]["wall_ms"], 1825);
    assert_eq!(tests[3]["memory_kib"], 3072);
    assert_eq!(json["slowest"]["percent_of_limit"], 91);
    // One object, one line.
    assert!(!json.to_string().contains('\n'));
}

#[test]
fn json_of_a_compile_error() {
    let mut ce = report(Vec::new());
    ce.compile_error = Some("sol.c:1: error: boom".into());
    let json = ce.to_json();
    assert_eq!(json["verdict"], "CE");
    assert_eq!(json["tests"].as_array().unwrap().len(), 0);
    assert_eq!(json["message"], "compilation failed: sol.c:1: error: boom");
    assert_eq!(json["compile_error"], "sol.c:1: error: boom");
}

/// The whole terminal view, as a snapshot: header, rows, verdict, slowest test, timing notes
/// and the first failure's detail.
#[test]
fn table_lists_tests_verdict_slowest_timing_and_failure_detail() {
    insta::assert_snapshot!(plain(&failing().render_text()));
}

#[test]
fn table_marks_borderline_tests_and_strict_timing() {
    let mut r = report(vec![row("max-1", Verdict::AC, 1910)]);
    r.scheduling = Scheduling {
        jobs: 1,
        strict: true,
        parallel_used: false,
    };
    r.tests[0].borderline = Some(Borderline {
        limit_ms: 2000,
        first_cpu_ms: 2050,
        first_verdict: Verdict::TLE,
        rerun_cpu_ms: vec![1910, 1950, 2020],
        median_cpu_ms: 1950,
        fastest_cpu_ms: 1910,
        spread_ms: 110,
        verdict: Verdict::AC,
    });
    insta::assert_snapshot!(plain(&r.render_text()));
    assert_eq!(r.to_json()["tests"][0]["borderline"]["spread_ms"], 110);
}

#[test]
fn table_of_a_compile_error_shows_the_compiler() {
    let mut ce = report(Vec::new());
    ce.compile_error = Some("sol.c:1: error: boom\n".into());
    insta::assert_snapshot!(plain(&ce.render_text()));
}
