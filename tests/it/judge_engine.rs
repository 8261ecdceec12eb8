//! The test-set engine with fake executors: test set naming, scheduling (parallel phase, max
//! tests alone, strict timing) and the borderline re-runs of issue 6.

use crate::judge_common;

use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use judge_common::{correct_output, sum_problem, SumRules};
use stressjudge::judge::timing::{
    backstop_under_load, decide, is_borderline, measuring_limits, stopped_by_load, RERUNS,
};
use stressjudge::judge::{TestResult, Verdict};
use stressjudge::problem::rules::BuiltinProblem;
use stressjudge::problem::{Answer, Problem};
use stressjudge::run::{Exit, LimitHit, RunLimits, RunOutcome};
use stressjudge::testset::{run_one, run_test_set, Executor, Plan, TestCase};

/// How the fake candidate behaves on (test name, how many times that test ran before).
type Script = dyn Fn(&str, usize) -> (Duration, Option<LimitHit>, bool) + Sync;

/// Shared observations of every fake executor.
#[derive(Default)]
struct Log {
    running: AtomicUsize,
    max_running: Mutex<HashMap<String, usize>>,
    /// (test, how many runs were going on at once), in call order.
    overlap: Mutex<Vec<(String, usize)>>,
    calls: Mutex<HashMap<String, usize>>,
    limits_seen: Mutex<Vec<RunLimits>>,
}

struct Fake<'a> {
    log: &'a Log,
    script: &'a Script,
}

/// The test name from an input file name `INDEX-NAME.in`.
fn test_name(path: &Path) -> String {
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    stem.split_once('-')
        .map_or(stem.clone(), |(_, n)| n.to_string())
}

impl Executor for Fake<'_> {
    fn execute(&mut self, input_path: &Path, limits: &RunLimits) -> io::Result<RunOutcome> {
        let name = test_name(input_path);
        let now = self.log.running.fetch_add(1, Ordering::SeqCst) + 1;
        std::thread::sleep(Duration::from_millis(15));
        let after = self.log.running.load(Ordering::SeqCst);
        self.log.running.fetch_sub(1, Ordering::SeqCst);
        let seen = now.max(after);
        let mut max = self.log.max_running.lock().unwrap();
        let entry = max.entry(name.clone()).or_insert(0);
        *entry = (*entry).max(seen);
        drop(max);
        self.log.overlap.lock().unwrap().push((name.clone(), seen));
        let count = {
            let mut calls = self.log.calls.lock().unwrap();
            let c = calls.entry(name.clone()).or_insert(0);
            *c += 1;
            *c - 1
        };
        self.log.limits_seen.lock().unwrap().push(*limits);
        let (cpu, limit_hit, correct) = (self.script)(&name, count);
        let input = std::fs::read_to_string(input_path)?;
        let stdout = if correct {
            correct_output(&input).into_bytes()
        } else {
            b"wrong".to_vec()
        };
        Ok(RunOutcome {
            exit: if limit_hit.is_some() {
                Exit::Signal(libc::SIGKILL)
            } else {
                Exit::Code(0)
            },
            cpu,
            // A wall-clock stop as the sandbox's real-time cap makes it on a loaded machine:
            // three times the backstop.
            wall: if limit_hit == Some(LimitHit::Wall) {
                limits.wall * 3
            } else {
                cpu
            },
            peak_memory_kib: 1000,
            limit_hit,
            stdout,
            stderr_head: String::new(),
            collected: Vec::new(),
            report: Vec::new(),
        })
    }
}

fn plan(jobs: usize, strict: bool) -> Plan {
    Plan {
        limits: RunLimits::from_time_limit(Duration::from_secs(1), 64 << 20, 1 << 20),
        jobs,
        strict_timing: strict,
        reruns: RERUNS,
        measure_past_limit: true,
        record_failed_interactions: true,
    }
}

fn cases() -> Vec<TestCase> {
    sum_problem().fixed_tests().unwrap()
}

fn ms(v: u64) -> Duration {
    Duration::from_millis(v)
}

fn fast(_: &str, _: usize) -> (Duration, Option<LimitHit>, bool) {
    (ms(50), None, true)
}

#[test]
fn fixed_test_set_is_named_and_answered() {
    let cases = cases();
    let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "sample-1", "edge-1", "edge-2", "edge-3", "edge-4", "random-1", "random-2", "random-3",
            "random-4", "max-1", "max-2"
        ]
    );
    for case in &cases {
        assert_eq!(case.alone, case.name.starts_with("max-"), "{}", case.name);
        assert_eq!(
            case.expected,
            Answer::from_lines(&SumRules.solve(&case.input).unwrap())
        );
    }
    assert_eq!(cases[0].expected, Answer::new("3\n7\n"));
    assert_ne!(cases[1].input, cases[2].input, "seeds differ");
    assert_eq!(cases, sum_problem().fixed_tests().unwrap());
}

#[test]
fn parallel_run_keeps_order_and_runs_max_tests_alone() {
    let log = Log::default();
    let run = run_test_set(&sum_problem(), &cases(), &plan(3, false), || {
        Ok(Fake {
            log: &log,
            script: &fast,
        })
    })
    .unwrap();
    assert!(run.scheduling.parallel_used);
    let names: Vec<&str> = run.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        cases().iter().map(|c| c.name.as_str()).collect::<Vec<_>>()
    );
    assert!(run.rows.iter().all(|r| r.result.verdict == Verdict::AC));
    let max = log.max_running.lock().unwrap();
    assert_eq!(max["max-1"], 1);
    assert_eq!(max["max-2"], 1);
    assert!(
        max.values().any(|&n| n > 1),
        "some tests overlapped: {max:?}"
    );
    for row in &run.rows {
        assert_eq!(row.ran_alone, row.name.starts_with("max-"), "{}", row.name);
        assert!(row.borderline.is_none());
    }
    // The sandbox is given the CPU limit widened by the borderline band.
    let seen = log.limits_seen.lock().unwrap();
    assert!(seen
        .iter()
        .all(|l| *l == measuring_limits(&plan(1, false).limits)));
    assert_eq!(seen[0].cpu, ms(1150));
}

#[test]
fn strict_timing_runs_everything_alone() {
    let log = Log::default();
    let run = run_test_set(&sum_problem(), &cases(), &plan(4, true), || {
        Ok(Fake {
            log: &log,
            script: &fast,
        })
    })
    .unwrap();
    assert!(!run.scheduling.parallel_used && run.scheduling.strict);
    assert!(log.max_running.lock().unwrap().values().all(|&n| n == 1));
    assert!(run.rows.iter().all(|r| r.ran_alone));
}

#[test]
fn every_test_runs_after_a_failure() {
    let log = Log::default();
    let script = |name: &str, _: usize| (ms(10), None, name != "edge-2");
    let run = run_test_set(&sum_problem(), &cases(), &plan(2, false), || {
        Ok(Fake {
            log: &log,
            script: &script,
        })
    })
    .unwrap();
    assert_eq!(run.rows.len(), 11);
    let verdicts: Vec<Verdict> = run.rows.iter().map(|r| r.result.verdict).collect();
    assert_eq!(verdicts.iter().filter(|&&v| v == Verdict::WA).count(), 1);
    assert_eq!(verdicts[2], Verdict::WA);
}

#[test]
fn borderline_run_is_rerun_alone_and_decided_on_the_fastest_rerun() {
    let log = Log::default();
    // random-2 first runs at 1.05 s (TLE), then alone at 0.95, 1.10, 0.97: fastest 0.95 s, AC.
    // random-3 first runs at 0.90 s (AC), then alone at 1.02, 1.08, 1.01: fastest 1.01 s, TLE.
    let script = |name: &str, call: usize| {
        let cpu = match (name, call) {
            ("random-2", n) => [1050, 950, 1100, 970][n],
            ("random-3", n) => [900, 1020, 1080, 1010][n],
            _ => 50,
        };
        (ms(cpu), None, true)
    };
    let run = run_test_set(&sum_problem(), &cases(), &plan(2, false), || {
        Ok(Fake {
            log: &log,
            script: &script,
        })
    })
    .unwrap();
    let calls = log.calls.lock().unwrap();
    assert_eq!(
        (calls["random-2"], calls["random-3"], calls["random-1"]),
        (4, 4, 1)
    );
    let row = |name: &str| run.rows.iter().find(|r| r.name == name).unwrap().clone();
    let r2 = row("random-2");
    let b = r2.borderline.clone().unwrap();
    assert_eq!(r2.result.verdict, Verdict::AC);
    assert_eq!(r2.result.cpu_ms, 950);
    assert!(r2.ran_alone);
    assert_eq!((b.first_cpu_ms, b.first_verdict), (1050, Verdict::TLE));
    assert_eq!(b.rerun_cpu_ms, [950, 1100, 970]);
    assert_eq!(
        (b.median_cpu_ms, b.fastest_cpu_ms, b.spread_ms, b.verdict),
        (970, 950, 150, Verdict::AC)
    );
    assert!(b.describe().contains("within 15 %"), "{}", b.describe());
    let r3 = row("random-3");
    assert_eq!(r3.result.verdict, Verdict::TLE);
    assert_eq!(r3.borderline.unwrap().fastest_cpu_ms, 1010);
    // The re-runs (every call after the first) happened with no neighbour.
    let overlap = log.overlap.lock().unwrap();
    for name in ["random-2", "random-3"] {
        let seen: Vec<usize> = overlap
            .iter()
            .filter(|(n, _)| n == name)
            .map(|p| p.1)
            .collect();
        assert_eq!(seen[1..], [1, 1, 1], "{name}: {seen:?}");
    }
}

#[test]
fn killed_runs_and_runs_far_from_the_limit_are_not_rerun() {
    let log = Log::default();
    let script = |name: &str, _: usize| match name {
        "edge-1" => (ms(1160), Some(LimitHit::Cpu), false),
        "edge-2" => (ms(840), None, true),
        _ => (ms(10), None, true),
    };
    let run = run_test_set(&sum_problem(), &cases(), &plan(1, false), || {
        Ok(Fake {
            log: &log,
            script: &script,
        })
    })
    .unwrap();
    let calls = log.calls.lock().unwrap();
    assert!(calls.values().all(|&c| c == 1), "{calls:?}");
    assert_eq!(run.rows[1].result.verdict, Verdict::TLE);
    assert_eq!(run.rows[2].result.verdict, Verdict::AC);
    assert!(!run.scheduling.parallel_used, "one job is not parallel");
}

#[test]
fn a_wall_clock_stop_by_load_under_the_cpu_limit_is_run_again_alone() {
    // Issue 31: under load 10-17 the backstop stopped accepted runs with their CPU time under
    // the limit, and that TLE decided. Here the load is scripted: the first two runs of
    // `edge-1` are stopped so, the third finishes; every `edge-2` run is stopped so.
    let log = Log::default();
    let script = |name: &str, call: usize| match (name, call) {
        ("edge-1", 0 | 1) => (ms(300), Some(LimitHit::Wall), false),
        ("edge-2", _) => (ms(200), Some(LimitHit::Wall), false),
        _ => (ms(40), None, true),
    };
    let run = run_test_set(&sum_problem(), &cases(), &plan(2, false), || {
        Ok(Fake {
            log: &log,
            script: &script,
        })
    })
    .unwrap();
    let calls = log.calls.lock().unwrap().clone();
    assert_eq!(calls["edge-1"], 3, "{calls:?}");
    assert_eq!(run.rows[1].result.verdict, Verdict::AC, "{:?}", run.rows[1]);
    // Each run again gets a larger backstop than the plan's 2 s (two for each of the two).
    let walls: Vec<Duration> = (log.limits_seen.lock().unwrap().iter())
        .map(|l| l.wall)
        .collect();
    assert_eq!(
        walls.iter().filter(|&&w| w > ms(2000)).count(),
        4,
        "{walls:?}"
    );
    // Stopped so every time: after the retries the TLE stands.
    assert_eq!(calls["edge-2"], 3, "{calls:?}");
    assert_eq!(run.rows[2].result.verdict, Verdict::TLE);
    assert!(
        calls
            .iter()
            .all(|(name, &c)| name.starts_with("edge") || c == 1),
        "{calls:?}"
    );
}

#[test]
fn only_a_wall_clock_stop_after_long_waiting_and_under_the_cpu_limit_is_the_loads() {
    let limits = plan(1, false).limits;
    let sandbox = measuring_limits(&limits);
    let stop = |cpu: u64, wall: Duration| RunOutcome {
        wall,
        ..outcome(cpu, Some(LimitHit::Wall))
    };
    // Sleeping or blocked: stopped after about the backstop itself.
    assert!(!stopped_by_load(
        &stop(5, sandbox.wall + ms(30)),
        &limits,
        &sandbox
    ));
    // Waited for a CPU as long as it ran: the machine's load.
    assert!(stopped_by_load(
        &stop(400, sandbox.wall * 2),
        &limits,
        &sandbox
    ));
    assert!(stopped_by_load(
        &stop(400, sandbox.wall * 3),
        &limits,
        &sandbox
    ));
    // Its CPU time was past the limit anyway: TLE.
    assert!(!stopped_by_load(
        &stop(1100, sandbox.wall * 3),
        &limits,
        &sandbox
    ));
    // The backstop to run it again under: enough for its CPU share to reach the 1.15 s the
    // sandbox allows, with a quarter more (400 ms in 6 s: 21.6 s), within 2 to 16 backstops.
    let larger = backstop_under_load(&stop(400, sandbox.wall * 3), &sandbox);
    assert!((ms(21_500)..ms(21_700)).contains(&larger), "{larger:?}");
    assert_eq!(
        backstop_under_load(&stop(0, sandbox.wall * 3), &sandbox),
        sandbox.wall * 2
    );
    assert_eq!(
        backstop_under_load(&stop(1, sandbox.wall * 3), &sandbox),
        sandbox.wall * 16
    );
    // Another limit stopped it.
    let cpu_stop = RunOutcome {
        wall: sandbox.wall * 3,
        ..outcome(400, Some(LimitHit::Cpu))
    };
    assert!(!stopped_by_load(&cpu_stop, &limits, &sandbox));
}

#[test]
fn executor_errors_stop_the_run() {
    struct Broken;
    impl Executor for Broken {
        fn execute(&mut self, _: &Path, _: &RunLimits) -> io::Result<RunOutcome> {
            Err(io::Error::other("sandbox died"))
        }
    }
    let err = run_test_set(&sum_problem(), &cases(), &plan(2, false), || Ok(Broken)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "harness fault: cannot run the candidate: sandbox died"
    );
    let err = run_test_set(&sum_problem(), &cases(), &plan(2, false), || {
        Err::<Broken, _>(io::Error::other("no sandbox"))
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "harness fault: cannot start the sandbox: no sandbox"
    );
}

#[test]
fn run_one_reruns_a_borderline_case() {
    let log = Arc::new(Log::default());
    let script = |_: &str, call: usize| (ms([880, 1200, 1300, 1100][call]), None, true);
    let mut fake = Fake {
        log: &log,
        script: &script,
    };
    let case = cases().remove(5);
    let row = run_one(&mut fake, &sum_problem(), &case, &plan(2, false)).unwrap();
    assert_eq!(row.result.verdict, Verdict::TLE);
    assert_eq!(row.result.cpu_ms, 1100, "the fastest re-run");
    assert_eq!(row.borderline.unwrap().first_verdict, Verdict::AC);
}

fn outcome(cpu_ms: u64, hit: Option<LimitHit>) -> RunOutcome {
    RunOutcome {
        exit: Exit::Code(0),
        cpu: ms(cpu_ms),
        wall: ms(cpu_ms),
        peak_memory_kib: 0,
        limit_hit: hit,
        stdout: Vec::new(),
        stderr_head: String::new(),
        collected: Vec::new(),
        report: Vec::new(),
    }
}

#[test]
fn borderline_band_is_15_percent_either_side() {
    let limits = plan(1, false).limits;
    for (cpu, expected) in [
        (849, false),
        (850, true),
        (1000, true),
        (1150, true),
        (1151, false),
    ] {
        assert_eq!(
            is_borderline(&outcome(cpu, None), &limits),
            expected,
            "{cpu}"
        );
    }
    assert!(!is_borderline(&outcome(1000, Some(LimitHit::Cpu)), &limits));
    assert!(!is_borderline(
        &outcome(1000, Some(LimitHit::Output)),
        &limits
    ));
    let widened = measuring_limits(&limits);
    assert_eq!(widened.cpu, ms(1150));
    assert!(widened.wall >= limits.wall);
    assert_eq!(widened.memory_bytes, limits.memory_bytes);
}

fn result(cpu_ms: u64, verdict: Verdict) -> TestResult {
    TestResult {
        verdict,
        signal: None,
        detail: String::new(),
        explanation: Vec::new(),
        cpu_ms,
        wall_ms: cpu_ms,
        memory_kib: 0,
        exit: "exit code 0".into(),
        game: None,
        score: None,
        sanitizer: None,
    }
}

#[test]
fn decide_takes_the_fastest_rerun() {
    let first = result(1010, Verdict::TLE);
    let (kept, none) = decide(first.clone(), Vec::new(), ms(1000));
    assert_eq!((kept, none), (first.clone(), None));
    let reruns = vec![
        result(1005, Verdict::TLE),
        result(990, Verdict::AC),
        result(1040, Verdict::TLE),
    ];
    let (fastest, b) = decide(first.clone(), reruns, ms(1000));
    let b = b.unwrap();
    assert_eq!((fastest.cpu_ms, fastest.verdict), (990, Verdict::AC));
    assert_eq!(b.median_cpu_ms, 1005);
    assert_eq!(
        (b.spread_ms, b.limit_ms, b.rerun_cpu_ms.len()),
        (50, 1000, 3)
    );
    // One inflated re-run, or two, leave the fastest alone; an even count's median is the
    // faster middle run.
    let reruns = vec![
        result(1005, Verdict::TLE),
        result(2010, Verdict::TLE),
        result(2040, Verdict::TLE),
        result(980, Verdict::AC),
    ];
    let (fastest, b) = decide(first, reruns, ms(1000));
    assert_eq!((fastest.cpu_ms, b.unwrap().median_cpu_ms), (980, 1005));
}
