//! What a round trip of an interactive run costs: a C++ solution and a Kattis interactor
//! (`benches/interactive/`) exchanging `QUERIES` queries, each a line and a flush both ways,
//!
//! - connected by plain pipes from this benchmark's own tiny harness (no sandbox), and
//! - run by stressjudge: the solution fully isolated, the interactor in a sandbox of its own,
//!   connected through named pipes (`run::run_interaction`, no relay), and
//! - the same with the conversation recorded through the harness's relay (what a failing run
//!   is re-run with to show its transcript).
//!
//! Measured side by side, alternating, best of `ROUNDS`; prints the wall times, the ratios and
//! the cost of one round trip. The bound: stressjudge at most 1.3x plain pipes.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use stressjudge::run::{
    run_interaction, Exit, IsolationDemand, RunLimits, RunRequest, Sandbox, SandboxOptions,
    DEFAULT_OUTPUT_BYTES,
};

const QUERIES: u64 = 100_000;
const ROUNDS: usize = 3;

fn compile(source: &str, out: &Path) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/interactive")
        .join(source);
    let status = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(out)
        .arg(&source)
        .status()
        .expect("g++ runs");
    assert!(status.success(), "g++ {}", source.display());
    out.to_path_buf()
}

/// The two programs connected by plain pipes, no sandbox.
fn plain(solution: &Path, interactor: &Path, input: &Path, feedback: &Path) -> Duration {
    let began = Instant::now();
    let mut judge = Command::new(interactor)
        .arg(input)
        .arg(input)
        .arg(feedback)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the interactor starts");
    let to_solution = judge.stdout.take().unwrap();
    let from_solution = judge.stdin.take().unwrap();
    let mut sol = Command::new(solution)
        .stdin(Stdio::from(to_solution))
        .stdout(Stdio::from(from_solution))
        .spawn()
        .expect("the solution starts");
    let sol_status = sol.wait().unwrap();
    let judge_status = judge.wait().unwrap();
    let elapsed = began.elapsed();
    assert!(sol_status.success());
    assert_eq!(judge_status.code(), Some(42), "the interactor accepts");
    elapsed
}

fn request(
    program: &Path,
    input: &Path,
    files: Vec<(String, PathBuf)>,
    argv: Vec<String>,
) -> RunRequest {
    let mut full_argv = vec![program.as_os_str().to_owned()];
    full_argv.extend(argv.into_iter().map(Into::into));
    RunRequest {
        argv: full_argv,
        env: vec![],
        stdin: input.to_path_buf(),
        limits: RunLimits::from_time_limit(
            Duration::from_secs(20),
            256 << 20,
            DEFAULT_OUTPUT_BYTES,
        ),
        files,
        dirs: vec!["feedback".into()],
        collect: vec![],
        readonly: vec![],
        carry: None,
        unlimited_address_space: false,
        address_space: None,
        argv0: None,
        report_fd: false,
    }
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let solution = compile("solution.cpp", &dir.path().join("solution"));
    let interactor = compile("interactor.cpp", &dir.path().join("interactor"));
    let input = dir.path().join("input");
    std::fs::write(&input, format!("{QUERIES}\n")).unwrap();
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();

    let launcher = env!("CARGO_BIN_EXE_stressjudge");
    let options = SandboxOptions {
        isolation: IsolationDemand::Full,
        ..SandboxOptions::default()
    };
    let (mut candidate, mut judge) = match (
        Sandbox::start_with_options(launcher, &options),
        Sandbox::start_with_options(launcher, &options),
    ) {
        (Ok(c), Ok(j)) => (c, j),
        (Err(e), _) | (_, Err(e)) => {
            println!("full isolation is not available here ({e}); nothing measured");
            return;
        }
    };
    let candidate_request = request(&solution, &input, vec![], vec![]);
    let judge_request = request(
        &interactor,
        &input,
        vec![("input".into(), input.clone())],
        vec!["input".into(), "input".into(), "feedback/".into()],
    );
    let accepts = |o: &stressjudge::run::RunOutcome| o.exit == Exit::Code(42);
    let mut connected = |record: Option<usize>| {
        let began = Instant::now();
        let done = run_interaction(
            &mut candidate,
            &candidate_request,
            &mut judge,
            &judge_request,
            record,
            &accepts,
        )
        .expect("the interaction runs");
        let elapsed = began.elapsed();
        assert_eq!(done.candidate.unwrap().exit, Exit::Code(0));
        assert_eq!(
            done.interactor.unwrap().exit,
            Exit::Code(42),
            "the interactor accepts"
        );
        elapsed
    };

    println!("{QUERIES} round trips, best of {ROUNDS} (alternating; the machine may be loaded):");
    let (mut best_plain, mut best_direct, mut best_relay) =
        (Duration::MAX, Duration::MAX, Duration::MAX);
    for _ in 0..ROUNDS {
        best_plain = best_plain.min(plain(&solution, &interactor, &input, &feedback));
        best_direct = best_direct.min(connected(None));
        best_relay = best_relay.min(connected(Some(64 << 10)));
    }
    let per = |d: Duration| d.as_secs_f64() * 1e6 / QUERIES as f64;
    println!(
        "  plain pipes, no sandbox          {:>8.3} s  ({:.2} us per round trip)",
        best_plain.as_secs_f64(),
        per(best_plain)
    );
    println!(
        "  stressjudge, fully isolated      {:>8.3} s  ({:.2} us per round trip)",
        best_direct.as_secs_f64(),
        per(best_direct)
    );
    println!(
        "  stressjudge, recorded (relay)    {:>8.3} s  ({:.2} us per round trip)",
        best_relay.as_secs_f64(),
        per(best_relay)
    );
    println!(
        "  ratio to plain pipes: isolated {:.2}x (the issue's bound: 1.3x), recorded {:.2}x",
        best_direct.as_secs_f64() / best_plain.as_secs_f64(),
        best_relay.as_secs_f64() / best_plain.as_secs_f64()
    );
}
