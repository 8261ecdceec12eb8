//! The timing policy (issue 6) with calibrated candidates through the real sandbox and the
//! test-set engine: runs near the limit are re-run alone and decided on the fastest re-run, runs far
//! from it are not, runs far over it are killed at the widened limit; and `--strict-timing`
//! through the binary uses no parallel jobs.
//!
//! It also shows the wall-clock backstop does not count time spent waiting for a CPU: a
//! candidate starved by competing load is judged on its CPU time, while a sleeper is still
//! stopped at the wall limit.
//!
//! `burn` (benches/calibrated/burn.c) costs exactly the CPU time it is asked for, on its own
//! CPU clock, however loaded the machine is. So every assertion here is about the logic
//! (re-runs happened or not, the verdict of runs at least 5 % away from the limit, the harness
//! never reading less CPU than the candidate itself used), never about wall-clock speed.
#![forbid(unsafe_code)]

#[path = "../benches/calibrated/mod.rs"]
mod calibrated;
mod schema_support;

use std::path::Path;
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use calibrated::{
    burn_case, burn_problem, burn_program, compile_burn, plan, self_reported_cpu, BusyLoop,
};
use serde_json::Value;
use stressjudge::build::Program;
use stressjudge::judge::timing::{measuring_limits, RERUNS};
use stressjudge::judge::Verdict;
use stressjudge::report::{JudgeReport, TestRow};
use stressjudge::run::{Exit, LimitHit, RunLimits, RunRequest, Sandbox};
use stressjudge::shell::quote as shell_quote;
use stressjudge::testset::{
    run_test_set, run_test_set_with, Executor, Judging, SandboxExecutor, Unobserved,
};

fn launcher() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_stressjudge"))
}

/// A scratch directory alive for the whole test run.
fn scratch() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// `burn`, compiled once, as a built candidate.
fn burn() -> &'static Program {
    static PROGRAM: OnceLock<Program> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        let exe = compile_burn(scratch()).unwrap();
        burn_program(&exe, scratch())
    })
}

/// Serialises the tests whose runs must not meet the competing load of the starvation test
/// (a run starved long enough would reach the real-time cap of the wall backstop).
fn exclusive() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn row<'a>(rows: &'a [TestRow], name: &str) -> &'a TestRow {
    rows.iter().find(|r| r.name == name).unwrap()
}

#[test]
fn near_limit_runs_are_rerun_alone_and_far_ones_are_not() {
    let _exclusive = exclusive();
    let limit = Duration::from_secs(1);
    let cases: Vec<_> = [300, 950, 1050, 3000].map(burn_case).into();
    let plan = plan(limit, 2, false);
    let run = run_test_set(&burn_problem(), &cases, &plan, || {
        SandboxExecutor::start_with(burn(), launcher())
    })
    .unwrap();
    assert!(run.scheduling.parallel_used);

    // 30 % of the limit: judged on its first run, next to a parallel neighbour.
    let fast = row(&run.rows, "burn-300");
    assert_eq!(fast.result.verdict, Verdict::AC, "{:?}", fast.result);
    assert!(fast.borderline.is_none(), "{fast:?}");
    assert!(!fast.ran_alone);
    assert!(fast.result.cpu_ms >= 300, "{:?}", fast.result);

    // 95 % and 105 %: inside the 15 % band, re-run alone RERUNS times, the fastest decides.
    for (name, ms, verdict) in [
        ("burn-950", 950, Verdict::AC),
        ("burn-1050", 1050, Verdict::TLE),
    ] {
        let r = row(&run.rows, name);
        let b = r.borderline.as_ref().unwrap_or_else(|| panic!("{r:?}"));
        assert!(r.ran_alone, "{name}");
        assert_eq!(b.rerun_cpu_ms.len(), RERUNS, "{name}");
        assert!(b.first_cpu_ms >= ms, "{name}: {b:?}");
        assert!(b.rerun_cpu_ms.iter().all(|&t| t >= ms), "{name}: {b:?}");
        let mut sorted = b.rerun_cpu_ms.clone();
        sorted.sort_unstable();
        assert_eq!(b.spread_ms, sorted[RERUNS - 1] - sorted[0], "{name}");
        assert_eq!(b.median_cpu_ms, sorted[(RERUNS - 1) / 2], "{name}");
        assert_eq!(b.fastest_cpu_ms, sorted[0], "{name}");
        assert_eq!(r.result.cpu_ms, b.fastest_cpu_ms, "{name}");
        assert_eq!(b.first_verdict, verdict, "{name}: {b:?}");
        assert_eq!(r.result.verdict, verdict, "{name}: {:?}", r.result);
        // Measured to its end under the widened limit, never killed at the nominal one.
        assert_eq!(r.result.exit, "exit code 0", "{name}");
    }
    let slow = &row(&run.rows, "burn-1050").result;
    assert!(slow.detail.contains("over the 1.00 s limit"), "{slow:?}");

    // 300 %: killed at the widened limit (115 %), no re-runs.
    let hog = row(&run.rows, "burn-3000");
    assert_eq!(hog.result.verdict, Verdict::TLE, "{:?}", hog.result);
    assert!(hog.borderline.is_none(), "{hog:?}");
    assert!(
        hog.result.exit.contains("at the CPU limit"),
        "{:?}",
        hog.result
    );
    let widened = measuring_limits(&plan.limits).cpu.as_millis() as u64;
    assert_eq!(widened, 1150);
    assert!(
        (widened..2000).contains(&hog.result.cpu_ms),
        "{:?}",
        hog.result
    );

    // The report says so: the borderline row's re-runs in JSON and in the timing notes.
    let report = JudgeReport {
        problem: "burn".into(),
        solution: "burn".into(),
        time_limit: limit,
        memory_limit_bytes: plan.limits.memory_bytes,
        tests: run.rows.clone(),
        compile_error: None,
        scheduling: run.scheduling.clone(),
        notes: Vec::new(),
        isolation: None,
        python: None,
        score: None,
        subtasks: None,
    };
    let json = report.to_json();
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(
        tests[1]["borderline"]["rerun_cpu_ms"]
            .as_array()
            .unwrap()
            .len(),
        RERUNS
    );
    assert!(tests[0]["borderline"].is_null());
    assert!(tests[3]["borderline"].is_null());
    let text = report.render_text();
    assert!(text.contains("burn-950: borderline: CPU"), "{text}");
    assert!(text.contains("re-ran alone 3 times"), "{text}");
    assert!(text.contains("parallel jobs were used"), "{text}");
    assert_eq!(report.verdict(), Verdict::TLE);
}

#[test]
fn where_sensitivity_is_named_re_runs_stop_at_one_just_over_the_limit() {
    let _exclusive = exclusive();
    let limit = Duration::from_secs(1);
    let cases: Vec<_> = [950, 1040].map(burn_case).into();
    let plan = plan(limit, 2, false);
    // verify's judging: a time verdict too close to call does not end judging, and the
    // re-runs of a borderline test stop once it is sensitive whatever the others give.
    let unsettled = |_: &stressjudge::judge::TestResult,
                     _: Option<&stressjudge::judge::timing::Borderline>,
                     _: Duration| false;
    let judging = Judging {
        unsettled: Some(&unsettled),
        ..Judging::default()
    };
    let run = run_test_set_with(
        &burn_problem(),
        &cases,
        &plan,
        || SandboxExecutor::start_with(burn(), launcher()),
        &Unobserved,
        judging,
    )
    .unwrap();
    // 95 %: a re-run under the limit settles nothing, so all of them run.
    let under = row(&run.rows, "burn-950").borderline.clone().unwrap();
    assert_eq!(under.rerun_cpu_ms.len(), RERUNS, "{under:?}");
    // 104 %: its first re-run lands within 10 % over the limit (burn costs what it is asked
    // for on its own clock; only a re-run the machine slowed past 1.10 s goes on).
    let over = row(&run.rows, "burn-1040").borderline.clone().unwrap();
    if over.rerun_cpu_ms[0] <= 1100 {
        assert_eq!(over.rerun_cpu_ms.len(), 1, "{over:?}");
        assert!(
            over.describe().contains("stopped at a re-run"),
            "{}",
            over.describe()
        );
        assert_eq!(row(&run.rows, "burn-1040").result.verdict, Verdict::TLE);
    } else {
        assert!(over.rerun_cpu_ms.len() > 1, "{over:?}");
    }
}

#[test]
fn harness_cpu_time_never_reads_below_the_candidates_own_clock() {
    let mut executor = SandboxExecutor::start_with(burn(), launcher()).unwrap();
    let input = scratch().join("burn-200.in");
    std::fs::write(&input, "200\n").unwrap();
    let limits = plan(Duration::from_secs(2), 1, true).limits;
    for _ in 0..5 {
        let outcome = executor.execute(&input, &limits).unwrap();
        assert_eq!(outcome.exit, Exit::Code(0));
        assert_eq!(outcome.stdout, b"burnt:200\n");
        let own = self_reported_cpu(&outcome.stderr_head).expect("burn reports its CPU time");
        assert!(own >= Duration::from_millis(200), "{own:?}");
        // The harness counts the whole process tree to its end: never less than what the
        // candidate read on its own clock just before exiting (1 ms for rounding), and no
        // more than its exit can cost.
        assert!(
            outcome.cpu + Duration::from_millis(1) >= own,
            "harness {:?} < candidate {own:?}",
            outcome.cpu
        );
        assert!(
            outcome.cpu <= own + Duration::from_millis(50),
            "harness {:?} >> candidate {own:?}",
            outcome.cpu
        );
    }
}

#[test]
fn burn_is_judged_like_any_candidate() {
    let cases = [burn_case(0), burn_case(20)];
    let run = run_test_set(
        &burn_problem(),
        &cases,
        &plan(Duration::from_secs(1), 1, false),
        || SandboxExecutor::start_with(burn(), launcher()),
    )
    .unwrap();
    assert!(!run.scheduling.parallel_used);
    for r in &run.rows {
        assert_eq!(r.result.verdict, Verdict::AC, "{r:?}");
        assert!(r.ran_alone);
    }
    // A wrong time in the input is a wrong answer, so the checker does look at the output.
    let mut wrong = burn_case(20);
    wrong.expected = stressjudge::problem::Answer::new("burnt:21\n");
    let run = run_test_set(
        &burn_problem(),
        &[wrong],
        &plan(Duration::from_secs(1), 1, false),
        || SandboxExecutor::start_with(burn(), launcher()),
    )
    .unwrap();
    assert_eq!(run.rows[0].result.verdict, Verdict::WA);
}

/// `stressjudge judge game-of-stones --cmd '<stressjudge> solve game-of-stones' FLAGS --json`.
fn judge_json(flags: &[&str]) -> Value {
    let candidate = format!(
        "{} solve game-of-stones",
        shell_quote(&launcher().to_string_lossy())
    );
    let out = Command::new(launcher())
        .args(["judge", "game-of-stones", "--cmd", &candidate, "--json"])
        .args(flags)
        .current_dir(scratch())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    schema_support::parse("judge", &stdout)
}

#[test]
fn strict_timing_through_the_binary_uses_no_parallel_jobs() {
    let strict = judge_json(&["--strict-timing", "--jobs", "2"]);
    assert_eq!(strict["verdict"], "AC");
    assert_eq!(strict["timing"]["strict"], true);
    assert_eq!(strict["timing"]["parallel_used"], false);
    assert_eq!(
        strict["timing"]["notes"][0],
        "strict timing: every test ran alone"
    );
    let tests = strict["tests"].as_array().unwrap();
    assert!(tests.len() > 2);
    assert!(tests.iter().all(|t| t["ran_alone"] == true), "{tests:?}");

    // The same run without the flag does use both jobs and says so.
    let parallel = judge_json(&["--jobs", "2"]);
    assert_eq!(parallel["verdict"], "AC");
    assert_eq!(parallel["timing"]["parallel_used"], true);
    let note = parallel["timing"]["notes"][0].as_str().unwrap();
    assert!(note.starts_with("2 parallel jobs were used"), "{note}");
    let tests = parallel["tests"].as_array().unwrap();
    assert!(tests.iter().any(|t| t["ran_alone"] == false), "{tests:?}");
}

#[test]
fn a_starved_candidate_is_judged_on_cpu_not_stopped_by_the_wall_clock() {
    let _exclusive = exclusive();
    let burn_exe = burn().argv[0].clone();
    // Three busy loops and burn share CPU 0: burn gets at most a quarter of it, so its 300 ms
    // of CPU take at least 1.2 s of real time, past the 0.9 s wall limit.
    let loops: Vec<BusyLoop> = (0..3).map(|_| BusyLoop::start(Some(0)).unwrap()).collect();
    let mut sandbox = Sandbox::start_with(launcher()).unwrap();
    let limits = RunLimits {
        cpu: Duration::from_secs(1),
        wall: Duration::from_millis(900),
        memory_bytes: 256 << 20,
        output_bytes: 1 << 20,
    };
    let request = |argv: Vec<std::ffi::OsString>| RunRequest {
        argv,
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        stdin: "/dev/null".into(),
        limits,
        files: Vec::new(),
        dirs: Vec::new(),
        collect: Vec::new(),
        // taskset runs burn: a fully isolated sandbox must show it.
        readonly: vec![std::path::PathBuf::from(&burn_exe)],
        carry: None,
        unlimited_address_space: false,
        address_space: None,
        argv0: None,
        report_fd: false,
    };
    let pinned = vec![
        "/usr/bin/taskset".into(),
        "-c".into(),
        "0".into(),
        burn_exe.clone(),
        "300".into(),
    ];
    let starved = sandbox.run(&request(pinned)).unwrap();
    let sleeper = sandbox
        .run(&request(vec!["/bin/sleep".into(), "5".into()]))
        .unwrap();
    drop(loops);
    assert!(starved.wall > limits.wall, "not starved: {starved:?}");
    assert_eq!(starved.limit_hit, None, "{starved:?}");
    assert_eq!(starved.exit, Exit::Code(0), "{starved:?}");
    assert!(starved.cpu >= Duration::from_millis(300), "{starved:?}");
    // Sleeping counts: stopped at the wall limit, long before the real-time cap (3 x wall).
    assert_eq!(sleeper.limit_hit, Some(LimitHit::Wall), "{sleeper:?}");
    assert!(sleeper.wall < Duration::from_millis(2500), "{sleeper:?}");
}
