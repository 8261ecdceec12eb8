//! Verdict precedence of `judge::classify`, on fabricated run outcomes.

use crate::judge_common;

use std::time::Duration;

use judge_common::sum_problem;
use stressjudge::judge::{classify, TestResult, Verdict};
use stressjudge::problem::Answer;
use stressjudge::run::{Exit, LimitHit, RunLimits, RunOutcome};

const INPUT: &str = "5\n1 1\n2 2\n3 3\n4 4\n5 5\n";

fn limits() -> RunLimits {
    RunLimits::from_time_limit(Duration::from_secs(1), 64 << 20, 1 << 20)
}

fn expected() -> Answer {
    Answer::new("2\n4\n6\n8\n10\n")
}

fn outcome(stdout: &[u8]) -> RunOutcome {
    RunOutcome {
        exit: Exit::Code(0),
        cpu: Duration::from_millis(100),
        wall: Duration::from_millis(120),
        peak_memory_kib: 2048,
        limit_hit: None,
        stdout: stdout.to_vec(),
        stderr_head: String::new(),
        collected: Vec::new(),
        report: Vec::new(),
    }
}

fn judge(o: &RunOutcome) -> TestResult {
    classify(o, &limits(), &sum_problem(), INPUT, &expected()).unwrap()
}

#[test]
fn correct_output_is_ac_whatever_the_whitespace() {
    for out in [
        &b"2\n4\n6\n8\n10\n"[..],
        b"2\r\n4\r\n6\r\n8\r\n10\r\n",
        b"  2 4   6\n8 10",
    ] {
        let r = judge(&outcome(out));
        assert_eq!(r.verdict, Verdict::AC, "{r:?}");
        assert_eq!(r.detail, "");
        assert_eq!((r.cpu_ms, r.wall_ms, r.memory_kib), (100, 120, 2048));
        assert_eq!(r.exit, "exit code 0");
    }
}

#[test]
fn wrong_answer_names_game_line_and_shows_diff() {
    let r = judge(&outcome(b"2\n4\n6\n9\n10\n"));
    assert_eq!(r.verdict, Verdict::WA);
    assert_eq!(r.label(), "WA");
    assert_eq!(r.detail, "game 4: expected `8`, found `9`");
    assert_eq!(r.explanation[0], "game 4 input: 4 4");
    assert_eq!(
        r.explanation[1],
        "answers 2..5, expected (-) vs output (+):"
    );
    assert!(
        r.explanation.contains(&"  -      4  8".to_string()),
        "{r:?}"
    );
    assert!(
        r.explanation.contains(&"  +      4  9".to_string()),
        "{r:?}"
    );
    assert!(
        r.explanation.contains(&"         3  6".to_string()),
        "{r:?}"
    );
}

#[test]
fn short_and_long_outputs_are_wa() {
    let r = judge(&outcome(b"2 4"));
    assert_eq!(r.verdict, Verdict::WA);
    assert_eq!(r.detail, "game 3: expected `6`, but the output ended");
    let r = judge(&outcome(b"2 4 6 8 10 12"));
    assert_eq!(r.verdict, Verdict::WA);
    assert!(r.detail.contains("extra output"), "{}", r.detail);
}

#[test]
fn non_utf8_output_gets_a_readable_report() {
    let r = judge(&outcome(b"2\n4\n\xff\xfe\n8\n10\n"));
    assert_eq!(r.verdict, Verdict::WA);
    assert!(r.detail.contains('\u{fffd}'), "{}", r.detail);
    assert!(r.explanation.iter().any(|l| l.contains('\u{fffd}')));
}

#[test]
fn a_signal_is_re_and_named() {
    let mut o = outcome(b"2\n");
    o.exit = Exit::Signal(libc::SIGSEGV);
    o.stderr_head = "Segmentation fault\nat line 3\n".into();
    let r = judge(&o);
    assert_eq!(r.verdict, Verdict::RE);
    assert_eq!(r.label(), "RE (SIGSEGV)");
    assert_eq!(r.exit, "killed by SIGSEGV");
    assert!(r.detail.starts_with("killed by SIGSEGV"), "{}", r.detail);
    assert_eq!(
        r.explanation,
        ["stderr:", "  Segmentation fault", "  at line 3"]
    );
    o.exit = Exit::Signal(libc::SIGFPE);
    assert_eq!(judge(&o).label(), "RE (SIGFPE)");
}

#[test]
fn nonzero_exit_after_correct_output_is_re() {
    let mut o = outcome(b"2 4 6 8 10");
    o.exit = Exit::Code(3);
    let r = judge(&o);
    assert_eq!(r.verdict, Verdict::RE);
    assert_eq!(r.label(), "RE");
    assert_eq!(r.detail, "exit code 3 after a correct output");
    o.stdout = b"1".to_vec();
    let r = judge(&o);
    assert_eq!(r.verdict, Verdict::RE);
    assert!(r.detail.contains("also wrong"), "{}", r.detail);
}

#[test]
fn cpu_over_the_limit_is_tle_even_when_finished_and_correct() {
    let mut o = outcome(b"2 4 6 8 10");
    o.cpu = Duration::from_millis(1050);
    let r = judge(&o);
    assert_eq!(r.verdict, Verdict::TLE);
    assert_eq!(r.detail, "CPU 1.05 s over the 1.00 s limit");
    o.cpu = Duration::from_millis(1000);
    assert_eq!(
        judge(&o).verdict,
        Verdict::AC,
        "the limit itself is allowed"
    );
}

#[test]
fn limits_hit_by_the_sandbox() {
    let mut o = outcome(b"");
    o.exit = Exit::Signal(libc::SIGKILL);
    o.limit_hit = Some(LimitHit::Cpu);
    o.cpu = Duration::from_millis(1150);
    let r = judge(&o);
    assert_eq!((r.verdict, r.label()), (Verdict::TLE, "TLE".to_string()));
    assert_eq!(r.exit, "killed by SIGKILL at the CPU limit");
    o.limit_hit = Some(LimitHit::Wall);
    o.cpu = Duration::from_millis(5);
    let r = judge(&o);
    assert_eq!(r.verdict, Verdict::TLE);
    assert!(r.detail.contains("wall-clock"), "{}", r.detail);
    o.limit_hit = Some(LimitHit::Memory);
    assert_eq!(judge(&o).verdict, Verdict::MLE);
    o.limit_hit = Some(LimitHit::Output);
    let r = judge(&o);
    assert_eq!(r.verdict, Verdict::OLE);
    assert_eq!(r.detail, "output passed the 1.0 MiB limit");
    o.cpu = Duration::from_millis(1100);
    assert_eq!(judge(&o).verdict, Verdict::TLE, "TLE comes before OLE");
}

#[test]
fn wall_time_alone_is_left_to_the_sandbox() {
    // A run the sandbox let finish past the backstop (it spent the time waiting for a CPU on
    // an overloaded machine) is judged on CPU time.
    let mut o = outcome(b"2 4 6 8 10");
    o.wall = limits().wall * 2;
    assert_eq!(judge(&o).verdict, Verdict::AC);
    o.cpu = limits().cpu + Duration::from_millis(1);
    assert_eq!(judge(&o).verdict, Verdict::TLE);
}

#[test]
fn memory_past_the_limit_is_mle_not_re() {
    let mut o = outcome(b"");
    o.exit = Exit::Signal(libc::SIGSEGV);
    o.peak_memory_kib = 64 * 1024;
    assert_eq!(judge(&o).verdict, Verdict::MLE, "peak at the limit");
    o.peak_memory_kib = 60 * 1024;
    o.exit = Exit::Signal(libc::SIGABRT);
    let r = judge(&o);
    assert_eq!(r.verdict, Verdict::MLE, "crash near the limit");
    assert!(r.detail.contains("near the limit"), "{}", r.detail);
    o.peak_memory_kib = 20 * 1024;
    assert_eq!(judge(&o).verdict, Verdict::RE, "crash far below the limit");
    let mut fine = outcome(b"2 4 6 8 10");
    fine.peak_memory_kib = 64 * 1024 + 1;
    assert_eq!(
        judge(&fine).verdict,
        Verdict::MLE,
        "even with a correct output"
    );
}

#[test]
fn crash_before_the_time_limit_is_re_after_it_tle() {
    let mut o = outcome(b"");
    o.exit = Exit::Signal(libc::SIGSEGV);
    o.cpu = Duration::from_millis(900);
    assert_eq!(judge(&o).verdict, Verdict::RE);
    o.cpu = Duration::from_millis(1100);
    assert_eq!(judge(&o).verdict, Verdict::TLE);
}

#[test]
fn unknown_signals_are_numbered() {
    let mut o = outcome(b"");
    o.exit = Exit::Signal(60);
    assert_eq!(judge(&o).label(), "RE (signal 60)");
}

#[test]
fn verdict_names_round_trip() {
    for v in [
        Verdict::AC,
        Verdict::WA,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::RE,
        Verdict::OLE,
        Verdict::CE,
    ] {
        assert_eq!(Verdict::from_name(v.name()), Some(v));
        assert_eq!(serde_json::to_value(v).unwrap(), v.name());
    }
}
