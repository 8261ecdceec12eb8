//! `stressjudge judge` usage errors: one line on stderr, exit code 2; and the limit flags.

use std::process::Command;
use std::time::Duration;

use stressjudge::options::{CandidateOptions, CandidateSource, IsolationChoice};
use stressjudge::problem::{Limits, Origin, ProblemInfo};
use stressjudge::testset::Plan;

fn judge(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .arg("judge")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_usage_error(args: &[&str], needle: &str) {
    let (code, stdout, stderr) = judge(args);
    assert_eq!(code, 2, "{args:?}: {stderr}");
    assert_eq!(stdout, "", "{args:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    assert_usage_error(
        &["no-such-problem", "--cmd", "true"],
        "unknown problem `no-such-problem`",
    );
    assert_usage_error(
        &["king-game", "/no/such/file.cpp"],
        "candidate `/no/such/file.cpp` not found",
    );
    assert_usage_error(
        &["king-game", "--cmd", "true", "--time-limit", "fast"],
        "bad time `fast`",
    );
    assert_usage_error(
        &["king-game", "--cmd", "true", "--time-limit", "0s"],
        "bad time `0s`",
    );
    assert_usage_error(
        &["king-game", "--cmd", "true", "--memory-limit", "12XB"],
        "bad size `12XB`",
    );
    assert_usage_error(
        &["king-game", "--cmd", "true", "--output-limit", "lots"],
        "bad size `lots`",
    );
    assert_usage_error(&["king-game", "--cmd", "true", "--jobs", "0"], "--jobs");
}

pub(crate) fn options() -> CandidateOptions {
    CandidateOptions {
        source: CandidateSource::Command("true".into()),
        time_limit: None,
        memory_limit: None,
        output_limit: None,
        jobs: 2,
        strict_timing: false,
        isolation: IsolationChoice::Auto,
        limit_flags: Vec::new(),
        sanitize: false,
    }
}

fn problem(output_limit_bytes: Option<u64>) -> ProblemInfo {
    ProblemInfo {
        id: "p".into(),
        title: "P".into(),
        limits: Limits {
            time: Duration::from_secs(2),
            memory_bytes: 256 << 20,
        },
        output_limit_bytes,
        kinds: Vec::new(),
        generator_name: String::new(),
        has_reference: false,
        time_limit_origin: stressjudge::problem::TimeLimitOrigin::Given,
        notes: Vec::new(),
        origin: Origin::AdHoc,
        file_io: Default::default(),
        address_space_limit: false,
    }
}

#[test]
fn limits_default_to_the_problem_and_options_override_them() {
    let plan = Plan::new(&options(), &problem(None));
    assert_eq!(plan.limits.cpu, Duration::from_secs(2));
    assert_eq!(plan.limits.wall, Duration::from_secs(4));
    assert_eq!(plan.limits.memory_bytes, 256 << 20);
    assert_eq!(plan.limits.output_bytes, 64 << 20);
    assert_eq!(plan.jobs, 2);
    assert_eq!(
        Plan::new(&options(), &problem(Some(8 << 20)))
            .limits
            .output_bytes,
        8 << 20,
        "a problem's own output limit replaces the default"
    );
    let mut custom = options();
    custom.time_limit = Some(Duration::from_millis(1500));
    custom.memory_limit = Some(64 << 20);
    custom.output_limit = Some(1 << 20);
    custom.jobs = 3;
    custom.strict_timing = true;
    let plan = Plan::new(&custom, &problem(Some(8 << 20)));
    assert_eq!(plan.limits.cpu, Duration::from_millis(1500));
    assert_eq!(plan.limits.memory_bytes, 64 << 20);
    assert_eq!(plan.limits.output_bytes, 1 << 20);
    assert_eq!(
        (plan.jobs, plan.strict_timing, plan.workers()),
        (3, true, 1)
    );
}
