//! Calibrated candidates for timing figures and tests: `burn.c`, a program that costs exactly
//! the CPU time it is asked for, a tiny problem ([`BurnProblem`]) under which it is judged, and
//! [`BusyLoop`], competing load.
//!
//! Shared by `benches/timing.rs` and `tests/timing_calibrated.rs` (through `#[path]`), so the
//! figures in docs/benchmarks.md and the CI tests use the same candidate.

#![allow(dead_code)]

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use std::sync::Arc;

use stressjudge::build::{self, BuildOptions, Program, Source};
use stressjudge::catalog::Builtin;
use stressjudge::generators::{Generator, Kind};
use stressjudge::judge::timing::RERUNS;
use stressjudge::problem::rules::{BuiltinProblem, Sample};
use stressjudge::problem::{Answer, InputError, Limits};
use stressjudge::run::RunLimits;
use stressjudge::testset::{Plan, TestCase};

/// The most milliseconds `burn` accepts.
pub const MAX_BURN_MS: u64 = 600_000;

/// Compiles `benches/calibrated/burn.c` with `gcc -O2` into `dir/burn`.
pub fn compile_burn(dir: &Path) -> Result<PathBuf, String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/calibrated/burn.c");
    compile("gcc", &source, &dir.join("burn"))
}

/// Compiles `source` with `compiler -O2` into `out`; the compiler's message on failure.
pub fn compile(compiler: &str, source: &Path, out: &Path) -> Result<PathBuf, String> {
    let output = Command::new(compiler)
        .arg("-O2")
        .arg("-o")
        .arg(out)
        .arg(source)
        .output()
        .map_err(|e| format!("cannot run {compiler}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{compiler} failed on {}: {}",
            source.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(out.to_path_buf())
}

/// The compiled `burn` as a candidate, through the real build step (an executable file), with
/// the build cache in `dir`.
pub fn burn_program(burn: &Path, dir: &Path) -> Program {
    let options = BuildOptions {
        cache_dir: dir.join("cache"),
        compile_timeout: Duration::from_secs(60),
        sanitize: false,
    };
    build::build(&Source::File(burn.to_path_buf()), &options).expect("burn is an executable")
}

/// The test `burn-MS`: input `MS`, answer `burnt:MS`.
pub fn burn_case(ms: u64) -> TestCase {
    let input = format!("{ms}\n");
    TestCase {
        name: format!("burn-{ms}"),
        expected: Answer::from_lines(&BurnRules.solve(&input).expect("a valid burn time")),
        input,
        alone: false,
    }
}

/// A test-set plan with CPU limit `time`, 256 MiB, 1 MiB of output, `jobs` parallel runs.
pub fn plan(time: Duration, jobs: usize, strict_timing: bool) -> Plan {
    Plan {
        limits: RunLimits::from_time_limit(time, 256 << 20, 1 << 20),
        jobs,
        strict_timing,
        reruns: RERUNS,
        measure_past_limit: true,
        record_failed_interactions: true,
    }
}

/// `burn`'s own final CPU time, from its `self_cpu_us=N` stderr line.
pub fn self_reported_cpu(stderr: &str) -> Option<Duration> {
    stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("self_cpu_us="))
        .and_then(|v| v.parse().ok())
        .map(Duration::from_micros)
}

/// The problem `burn` solves: the input is one number of milliseconds, the answer `burnt:MS`.
pub struct BurnRules;

/// The burn problem as the judge sees it (its generator is never used).
pub fn burn_problem() -> Builtin {
    Builtin::new(Arc::new(BurnRules), Arc::new(NoGenerator))
}

/// A generator for problems whose tests are all written by hand.
struct NoGenerator;

impl Generator for NoGenerator {
    fn generate(&self, _kind: Kind, _seed: u64) -> String {
        "0\n".to_string()
    }
}

impl BuiltinProblem for BurnRules {
    fn id(&self) -> &'static str {
        "burn"
    }

    fn title(&self) -> &'static str {
        "Burn CPU time"
    }

    fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_secs(1),
            memory_bytes: 256 << 20,
        }
    }

    fn samples(&self) -> Vec<Sample> {
        vec![Sample {
            input: "10\n",
            answer: "burnt:10\n",
        }]
    }

    fn validate(&self, input: &str) -> Result<usize, InputError> {
        self.solve(input).map(|answers| answers.len())
    }

    fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
        let text = input.trim();
        match text.parse::<u64>() {
            Ok(ms) if ms <= MAX_BURN_MS && !text.starts_with('+') => {
                Ok(vec![format!("burnt:{ms}")])
            }
            _ => Err(InputError::new(
                1,
                format!("expected milliseconds 0..={MAX_BURN_MS}, found `{text}`"),
            )),
        }
    }

    fn shrink(&self, _input: &str) -> Vec<String> {
        Vec::new()
    }
}

/// A shell busy loop that keeps a core loaded for as long as the value lives.
///
/// Dropping it (also while unwinding from a panic) kills the loop by its pid; if the process
/// that started it dies first, the kernel kills the loop (`PR_SET_PDEATHSIG`), so it never
/// outlives its owner.
pub struct BusyLoop {
    child: Child,
}

impl BusyLoop {
    /// Starts `sh -c 'while :; do :; done'`, on CPU `pin` only (through `taskset`) if given.
    pub fn start(pin: Option<usize>) -> io::Result<BusyLoop> {
        let mut command = match pin {
            Some(cpu) => {
                let mut c = Command::new("taskset");
                c.args(["-c", &cpu.to_string(), "sh"]);
                c
            }
            None => Command::new("sh"),
        };
        command
            .args(["-c", "while :; do :; done"])
            .stdin(Stdio::null())
            .stdout(Stdio::null());
        stressjudge::run::die_with_harness(&mut command, None);
        Ok(BusyLoop {
            child: command.spawn()?,
        })
    }

    /// The loop's process id (`taskset` execs the shell in place, so the pid is the loop's).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for BusyLoop {
    fn drop(&mut self) {
        // SIGKILL to this pid only; then reap it.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
