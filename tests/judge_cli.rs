//! `stressjudge judge` usage errors: one line on stderr, exit code 2; and the limit flags.

use std::process::Command;
use std::time::Duration;

use stressjudge::commands::cli::CandidateArgs;
use stressjudge::commands::testset::Plan;
use stressjudge::problem::Limits;

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

fn args() -> CandidateArgs {
    CandidateArgs {
        solution: None,
        cmd: Some("true".into()),
        time_limit: None,
        memory_limit: None,
        output_limit: "64MiB".into(),
        jobs: None,
        strict_timing: false,
        isolation: None,
    }
}

const PROBLEM: Limits = Limits {
    time: Duration::from_secs(2),
    memory_bytes: 256 << 20,
};

#[test]
fn limits_default_to_the_problem_and_parse_flags() {
    let plan = Plan::from_args(&args(), PROBLEM).unwrap();
    assert_eq!(plan.limits.cpu, Duration::from_secs(2));
    assert_eq!(plan.limits.wall, Duration::from_secs(4));
    assert_eq!(plan.limits.memory_bytes, 256 << 20);
    assert_eq!(plan.limits.output_bytes, 64 << 20);
    assert!(plan.jobs >= 1);
    let mut custom = args();
    custom.time_limit = Some("1500ms".into());
    custom.memory_limit = Some("64MiB".into());
    custom.jobs = Some(3);
    custom.strict_timing = true;
    let plan = Plan::from_args(&custom, PROBLEM).unwrap();
    assert_eq!(plan.limits.cpu, Duration::from_millis(1500));
    assert_eq!(plan.limits.memory_bytes, 64 << 20);
    assert_eq!((plan.jobs, plan.strict_timing), (3, true));
    custom.memory_limit = Some("256 parsecs".into());
    let err = Plan::from_args(&custom, PROBLEM).unwrap_err().to_string();
    assert!(err.starts_with("bad size `256 parsecs`"), "{err}");
}
