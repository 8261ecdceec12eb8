//! Running the real `stressjudge judge` binary from tests: its exit code, stdout, stderr, how
//! long it took and its peak memory, with the `--json` report parsed.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{mpsc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use rustix::process::{kill_process, Pid, Signal};
use serde_json::Value;
use stressjudge::run::{reap_with_usage, wait_exited_unreaped};

pub(crate) use crate::schema_support as schema;

/// A judge run that has not finished after this long is killed and the test fails.
const DEADLINE: Duration = Duration::from_secs(180);

/// What one `stressjudge judge ...` command did.
pub struct Judged {
    /// The arguments after `judge`, for failure messages.
    pub args: Vec<String>,
    /// Exit code (-1 when killed by a signal).
    pub code: i32,
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
    /// Wall-clock time of the whole command, build included.
    pub elapsed: Duration,
    /// `ru_maxrss` from `wait4` on the stressjudge process, KiB: the largest resident size of
    /// stressjudge itself and of every descendant it reaped (compilers, the launcher, whose
    /// own figure includes the candidates it reaped). An upper bound on the harness's peak.
    pub peak_rss_kib: u64,
}

impl Judged {
    /// The `--json` report: stdout must be exactly one line holding one JSON object.
    pub fn json(&self) -> Value {
        assert!(
            self.stdout.ends_with('\n') && self.stdout.lines().count() == 1,
            "{:?}: stdout is not exactly one line: {:?}\nstderr: {}",
            self.args,
            self.stdout,
            self.stderr
        );
        let value: Value = serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!("{:?}: stdout is not JSON ({e}): {}", self.args, self.stdout)
        });
        assert!(value.is_object(), "{:?}: not an object: {value}", self.args);
        schema::check("judge", &value);
        value
    }

    /// The report's `tests` array.
    pub fn tests(&self) -> Vec<Value> {
        self.json()["tests"]
            .as_array()
            .unwrap_or_else(|| panic!("{:?}: no tests array: {}", self.args, self.stdout))
            .clone()
    }

    /// The overall verdict of the report.
    pub fn verdict(&self) -> String {
        self.json()["verdict"].as_str().unwrap_or("").to_string()
    }

    /// Everything about the run, for assertion messages.
    pub fn describe(&self) -> String {
        format!(
            "judge {:?}: exit {} after {:?}, peak {} KiB\nstdout: {}\nstderr: {}",
            self.args, self.code, self.elapsed, self.peak_rss_kib, self.stdout, self.stderr
        )
    }
}

/// Held by tests whose judge runs use CPU, so that one test binary judges one candidate at a
/// time: candidates that finish well inside their CPU limit can still pass the wall-clock
/// backstop (2 x TL) when several judges starve each other on a 2-core machine.
pub fn one_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// The build cache the judged candidates are compiled into: kept under the target directory,
/// so repeated test runs reuse builds and nothing is written to the user's own cache.
pub fn build_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge-build-cache")
}

/// A file of the repository, e.g. `tests/hostile/segfault.c`.
pub fn repo_file(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Runs `stressjudge judge ARGS...` to completion and measures it with `wait4`.
pub fn judge(args: &[&str]) -> Judged {
    judge_with_env(args, &[])
}

/// [`judge`] with extra environment variables.
pub fn judge_with_env(args: &[&str], env: &[(&str, &str)]) -> Judged {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .arg("judge")
        .args(args)
        .envs(env.iter().copied())
        .env("XDG_CACHE_HOME", build_cache())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("stressjudge starts");
    let pid = Pid::from_child(&child);
    let stdout = drain(child.stdout.take().expect("piped stdout"));
    let stderr = drain(child.stderr.take().expect("piped stderr"));
    let (done, finished) = mpsc::channel::<()>();
    let watchdog = thread::spawn(move || {
        if finished.recv_timeout(DEADLINE).is_err() {
            // Still unreaped (the main thread reaps only after this thread ends): the pid is
            // the stuck stressjudge.
            let _ = kill_process(pid, Signal::KILL);
        }
    });
    wait_exited_unreaped(pid.as_raw_pid()).expect("waitid");
    let _ = done.send(());
    watchdog.join().expect("watchdog");
    let (status, usage) = reap_with_usage(pid.as_raw_pid()).expect("wait4");
    drop(child);
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    let judged = Judged {
        args: args.iter().map(|s| s.to_string()).collect(),
        code,
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
        elapsed: started.elapsed(),
        peak_rss_kib: usage.max_rss_kib,
    };
    assert!(
        judged.elapsed < DEADLINE,
        "killed after {DEADLINE:?}: {}",
        judged.describe()
    );
    judged
}

fn drain<R: Read + Send + 'static>(mut pipe: R) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// The `name` field of every test of a report, in order.
pub fn names(tests: &[Value]) -> Vec<String> {
    tests
        .iter()
        .map(|t| t["name"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// An unsigned integer field of a test (panics with the test when absent).
pub fn number(test: &Value, field: &str) -> u64 {
    test[field]
        .as_u64()
        .unwrap_or_else(|| panic!("`{field}` is not an unsigned integer in {test}"))
}

/// A string field of a test ("" when absent or null).
pub fn text<'a>(test: &'a Value, field: &str) -> &'a str {
    test[field].as_str().unwrap_or("")
}
