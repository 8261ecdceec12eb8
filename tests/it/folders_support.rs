//! Helpers shared by the tests of problems of the user's own (problem folders under
//! `tests/problems/`, the ad-hoc trio under `tests/adhoc/`, broken tools): run the real binary
//! from the crate root, so the paths in reports and repro commands are the relative ones a user
//! types, with a private build cache and a deadline.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::Value;

pub(crate) use crate::schema_support as schema;

/// A command that has not finished after this long is killed and the test fails.
const DEADLINE: Duration = Duration::from_secs(240);

/// The crate root, the working directory of every run.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The build cache (and reference answer cache) of these tests: under the target directory, so
/// repeated runs reuse builds and nothing is written to the user's own cache.
pub fn cache_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("folders-build-cache")
}

/// Held by tests whose runs use much CPU (verify, stress, judging slow submissions), so one
/// test binary runs one of them at a time: on a shared 2-core machine, candidates that finish
/// well inside their limits could otherwise be starved into a time verdict.
pub fn heavy() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// What one `stressjudge ...` command did.
pub struct Run {
    /// The arguments, for failure messages.
    pub args: Vec<String>,
    /// Exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// Everything about the run, for assertion messages.
    pub fn describe(&self) -> String {
        format!(
            "stressjudge {:?}: exit {}\nstdout:\n{}\nstderr:\n{}",
            self.args, self.code, self.stdout, self.stderr
        )
    }

    /// The `--json` report: stdout must be exactly one line holding one JSON object.
    pub fn json(&self) -> Value {
        assert!(
            self.stdout.ends_with('\n') && self.stdout.lines().count() == 1,
            "stdout is not exactly one line\n{}",
            self.describe()
        );
        let value: Value = serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e})\n{}", self.describe()));
        assert!(value.is_object(), "not an object\n{}", self.describe());
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        if let Some(name) = schema::schema_for_args(&args) {
            schema::check(name, &value);
        }
        value
    }

    /// Asserts exit code `code`.
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(self.code, code, "exit code\n{}", self.describe());
        self
    }

    /// Asserts the run failed as a usage or judge error: exit 2, nothing on stdout, exactly one
    /// line on stderr, never a panic; returns that line.
    pub fn one_line_error(&self) -> String {
        assert_eq!(self.code, 2, "exit code\n{}", self.describe());
        assert_eq!(self.stdout, "", "stdout\n{}", self.describe());
        assert_eq!(
            self.stderr.lines().count(),
            1,
            "stderr must be one line\n{}",
            self.describe()
        );
        assert!(!self.stderr.contains("panicked"), "{}", self.describe());
        self.stderr.trim_end().to_string()
    }
}

/// Runs `stressjudge ARGS` from the crate root to completion (killed after [`DEADLINE`]).
pub fn stressjudge(args: &[&str]) -> Run {
    run_with_stdin(args, None)
}

/// Runs `stressjudge ARGS` with `stdin` as its standard input.
pub fn run_with_stdin(args: &[&str], stdin: Option<&[u8]>) -> Run {
    run_with_env(args, stdin, &[])
}

/// Runs `stressjudge ARGS` with `stdin` and these environment variables set (a value `None`
/// removes the variable).
pub fn run_with_env(args: &[&str], stdin: Option<&[u8]>, env: &[(&str, Option<&str>)]) -> Run {
    run_in(root(), args, stdin, env)
}

/// Runs `stressjudge ARGS` in the working directory `dir` (a problem folder, as a contestant
/// runs it there).
pub fn run_in(
    dir: &Path,
    args: &[&str],
    stdin: Option<&[u8]>,
    env: &[(&str, Option<&str>)],
) -> Run {
    let input = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(input.path(), stdin.unwrap_or_default()).unwrap();
    let output_dir = tempfile::tempdir().unwrap();
    let (out_path, err_path) = (
        output_dir.path().join("stdout"),
        output_dir.path().join("stderr"),
    );
    let mut command = Command::new(env!("CARGO_BIN_EXE_stressjudge"));
    for (name, _) in env.iter().filter(|(_, v)| v.is_none()) {
        command.env_remove(name);
    }
    let mut child = command
        .args(args)
        .current_dir(dir)
        .env("XDG_CACHE_HOME", cache_dir())
        .envs(env.iter().filter_map(|(k, v)| v.map(|v| (k, v))))
        .stdin(Stdio::from(std::fs::File::open(input.path()).unwrap()))
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("stressjudge starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("stressjudge {args:?} still running after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        args: args.iter().map(|a| a.to_string()).collect(),
        code: status.code().unwrap_or(-1),
        stdout: std::fs::read_to_string(&out_path).unwrap(),
        stderr: std::fs::read_to_string(&err_path).unwrap(),
    }
}

/// A fresh temporary folder.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("folders-test-")
        .tempdir()
        .unwrap()
}

/// The path as the `&str` a command line takes.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Reads a file as bytes, naming it on failure.
pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Writes `text` as `dir/name` (creating folders) and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// Every file under `dir`, relative to it, sorted.
pub fn files_under(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, found: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, base, found);
            } else {
                found.push(path.strip_prefix(base).unwrap().display().to_string());
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, dir, &mut found);
    found.sort();
    found
}

/// The whitespace-separated tokens of a text.
pub fn tokens(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// Runs a repro command as printed by `stress` (`stressjudge repro ...`, its words quoted for
/// a POSIX shell) through `sh`, with this build's binary standing for `stressjudge`, plus
/// `extra` arguments.
pub fn run_printed_command(command: &str, extra: &[&str]) -> Run {
    let rest = command
        .strip_prefix("stressjudge ")
        .unwrap_or_else(|| panic!("not a stressjudge command: {command}"));
    let script = format!("exec \"$0\" {rest} \"$@\"");
    let mut args = vec!["-c", script.as_str(), env!("CARGO_BIN_EXE_stressjudge")];
    args.extend_from_slice(extra);
    let output = Command::new("sh")
        .args(&args)
        .current_dir(root())
        .env("XDG_CACHE_HOME", cache_dir())
        .stdin(Stdio::null())
        .output()
        .expect("sh starts");
    Run {
        args: vec![command.to_string()],
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The one failure object of a stress `--json` report whose `verdict` is not AC.
pub fn first_failure(report: &Value) -> &Value {
    let failures = report["failures"].as_array().expect("failures array");
    assert!(!failures.is_empty(), "no failures in {report}");
    &failures[0]
}

/// The rows of a `verify --json` report by path relative to the problem folder's
/// `submissions/`.
pub fn rows_by_submission(report: &Value) -> std::collections::BTreeMap<String, Value> {
    rows_by_path_after(report, "/submissions/")
}

/// The rows of a verify report by the part of their path after `marker`.
pub fn rows_by_path_after(
    report: &Value,
    marker: &str,
) -> std::collections::BTreeMap<String, Value> {
    report["solutions"]
        .as_array()
        .expect("solutions array")
        .iter()
        .map(|row| {
            let path = row["path"].as_str().unwrap();
            let (_, relative) = path.split_once(marker).unwrap();
            (relative.to_string(), row.clone())
        })
        .collect()
}

/// Whether a working Python 2 is on this machine where stressjudge looks for one (`$PYTHON2`,
/// `python2` or `python2.7` on `PATH`, pyenv's `versions/2.*`); tests of Python 2 code check
/// the compile error that says so instead when there is none.
pub fn python2_available() -> bool {
    let works = |program: &Path| {
        Command::new(program)
            .args(["-c", "import sys; assert sys.version_info[0] == 2"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if let Some(given) = std::env::var_os("PYTHON2").filter(|v| !v.is_empty()) {
        return works(Path::new(&given));
    }
    if ["python2", "python2.7"]
        .iter()
        .any(|name| works(Path::new(name)))
    {
        return true;
    }
    let root = std::env::var_os("PYENV_ROOT")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".pyenv")));
    let Some(versions) = root.and_then(|r| std::fs::read_dir(r.join("versions")).ok()) else {
        return false;
    };
    versions.filter_map(Result::ok).any(|entry| {
        entry.file_name().to_string_lossy().starts_with("2.")
            && works(&entry.path().join("bin/python2"))
    })
}

/// Copies the folder `from` into `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The lines `child` prints on stdout, as they come (read on a thread of their own), so a
/// test can wait for one with a deadline while the command keeps running.
pub fn stdout_lines(child: &mut std::process::Child) -> std::sync::mpsc::Receiver<String> {
    use std::io::{BufRead, BufReader};
    let (send, lines) = std::sync::mpsc::channel();
    let out = child.stdout.take().expect("stdout is piped");
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    lines
}
