//! The judge end to end through the real build step and sandbox, with tiny C candidates on the
//! fake sum problem: every verdict a real candidate can earn.

use crate::judge_common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use judge_common::sum_problem;
use stressjudge::build::BuildError;
use stressjudge::commands::common::build_candidate;
use stressjudge::judge::Verdict;
use stressjudge::options::{CandidateOptions, CandidateSource};
use stressjudge::problem::Problem;
use stressjudge::run::RunLimits;
use stressjudge::testset::SandboxExecutor;
use stressjudge::testset::{run_one, run_test_set, Plan};

const READ_AND_SUM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    int t; long a, b;
    if (scanf("%d", &t) != 1) return 5;
    for (int i = 0; i < t; i++) {
        scanf("%ld %ld", &a, &b);
        printf("%ld\n", BODY);
    }
    TAIL
    return 0;
}
"#;

fn source(dir: &Path, name: &str, body: &str, tail: &str) -> PathBuf {
    let path = dir.join(format!("{name}.c"));
    let text = READ_AND_SUM.replace("BODY", body).replace("TAIL", tail);
    std::fs::write(&path, text).unwrap();
    path
}

fn launcher() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_stressjudge"))
}

fn args(path: &Path) -> CandidateOptions {
    CandidateOptions {
        source: CandidateSource::Path(path.to_path_buf()),
        ..crate::judge_cli::options()
    }
}

fn plan(time_ms: u64, memory_mib: u64) -> Plan {
    Plan {
        limits: RunLimits::from_time_limit(
            Duration::from_millis(time_ms),
            memory_mib << 20,
            1 << 20,
        ),
        jobs: 2,
        strict_timing: false,
        reruns: 3,
        measure_past_limit: true,
        record_failed_interactions: true,
    }
}

/// Verdicts of `path` on the whole fixed test set.
fn verdicts(path: &Path) -> Vec<(String, String)> {
    let program = build_candidate(&args(path)).unwrap();
    let cases = sum_problem().fixed_tests().unwrap();
    let run = run_test_set(&sum_problem(), &cases, &plan(1000, 64), || {
        SandboxExecutor::start_with(&program, launcher())
    })
    .unwrap();
    run.rows
        .into_iter()
        .map(|r| (r.name, r.result.label()))
        .collect()
}

#[test]
fn real_candidates_get_their_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let ok = source(dir.path(), "ok", "a + b", "");
    assert!(verdicts(&ok).iter().all(|(_, v)| v == "AC"));
    // Wrong only on games with a large first number.
    let wa = source(dir.path(), "wa", "a > 95 ? a - b : a + b", "");
    let v = verdicts(&wa);
    assert!(v.iter().any(|(_, v)| v == "WA"), "{v:?}");
    assert_eq!(v[0].1, "AC", "the sample has small numbers");
    let crash = source(
        dir.path(),
        "crash",
        "a + b",
        "{ volatile int *p = 0; *p = 1; }",
    );
    assert!(verdicts(&crash).iter().all(|(_, v)| v == "RE (SIGSEGV)"));
    let exit3 = source(dir.path(), "exit3", "a + b", "return 3;");
    let program = build_candidate(&args(&exit3)).unwrap();
    let case = sum_problem().fixed_tests().unwrap().remove(0);
    let mut exec = SandboxExecutor::start_with(&program, launcher()).unwrap();
    let row = run_one(&mut exec, &sum_problem(), &case, &plan(1000, 64)).unwrap();
    assert_eq!(row.result.verdict, Verdict::RE);
    assert_eq!(row.result.detail, "exit code 3 after a correct output");
}

#[test]
fn limits_are_enforced() {
    let dir = tempfile::tempdir().unwrap();
    let case = sum_problem().fixed_tests().unwrap().remove(0);
    let spin = source(
        dir.path(),
        "spin",
        "a + b",
        "for (volatile long i = 0;; i++) {}",
    );
    let program = build_candidate(&args(&spin)).unwrap();
    let mut exec = SandboxExecutor::start_with(&program, launcher()).unwrap();
    let row = run_one(&mut exec, &sum_problem(), &case, &plan(300, 64)).unwrap();
    assert_eq!(row.result.verdict, Verdict::TLE, "{row:?}");
    assert!(
        row.borderline.is_none(),
        "killed at the widened limit: {row:?}"
    );
    assert!(row.result.cpu_ms >= 300, "{row:?}");

    let hog = source(
        dir.path(),
        "hog",
        "a + b",
        "{ volatile char *m = malloc(200 << 20); for (long i = 0; i < (200 << 20); i += 4096) m[i] = 1; }",
    );
    let program = build_candidate(&args(&hog)).unwrap();
    let mut exec = SandboxExecutor::start_with(&program, launcher()).unwrap();
    let row = run_one(&mut exec, &sum_problem(), &case, &plan(2000, 32)).unwrap();
    assert_eq!(row.result.verdict, Verdict::MLE, "{row:?}");

    let flood = source(
        dir.path(),
        "flood",
        "a + b",
        "for (;;) puts(\"spam spam spam\");",
    );
    let program = build_candidate(&args(&flood)).unwrap();
    let mut exec = SandboxExecutor::start_with(&program, launcher()).unwrap();
    // Cut at the output limit, it runs on until its time limit (as DOMjudge judges a flood).
    let row = run_one(&mut exec, &sum_problem(), &case, &plan(2000, 64)).unwrap();
    assert_eq!(row.result.verdict, Verdict::TLE, "{row:?}");
}

#[test]
fn compile_errors_are_ce_and_missing_files_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.c");
    std::fs::write(&bad, "int main(void) { return }").unwrap();
    match build_candidate(&args(&bad)) {
        Err(BuildError::Compile(message)) => assert!(message.contains("error"), "{message}"),
        other => panic!("expected CE, got {other:?}"),
    }
    match build_candidate(&args(&dir.path().join("missing.c"))) {
        Err(BuildError::Usage(e)) => assert!(e.to_string().contains("not found"), "{e}"),
        other => panic!("expected a usage error, got {other:?}"),
    }
}
