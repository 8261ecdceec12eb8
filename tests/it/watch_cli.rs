//! `judge --watch` through the real binary (issue 28): started on a failing candidate, it
//! prints the first verdict; the candidate rewritten to a correct one, it prints the new
//! verdict; SIGINT ends it promptly with the last run's exit code, and nothing it started is
//! left running. Every wait is bounded.

use crate::folders_support;

use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use folders_support::*;

/// How long the watcher may take to show a verdict (a C++ build and one test).
const VERDICT_WAIT: Duration = Duration::from_secs(120);

/// How long the watcher may take to end after SIGINT.
const EXIT_WAIT: Duration = Duration::from_secs(10);

/// The next stdout line holding `verdict:`, or a panic after [`VERDICT_WAIT`].
fn next_verdict(lines: &mpsc::Receiver<String>) -> String {
    let deadline = Instant::now() + VERDICT_WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.starts_with("verdict:") => return line,
            Ok(_) => continue,
            Err(e) => panic!("no verdict within {VERDICT_WAIT:?}: {e}"),
        }
    }
}

/// The processes whose environment holds `marker` (what the watcher started inherits it).
fn processes_marked(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if let Ok(environ) = std::fs::read(entry.path().join("environ")) {
            if environ
                .split(|&b| b == 0)
                .any(|var| var == marker.as_bytes())
            {
                found.push(name);
            }
        }
    }
    found
}

#[test]
fn judge_watch_reruns_on_an_edit_and_ends_on_sigint_leaving_nothing() {
    let dir = tempdir();
    let tests = dir.path().join("tests");
    std::fs::create_dir(&tests).unwrap();
    write(&tests, "1.in", "3\n1 2 3\n");
    write(&tests, "1.ans", "6\n");
    let sol = write(
        dir.path(),
        "sol.cpp",
        "#include <cstdio>\nint main() { puts(\"5\"); }\n",
    );
    let marker = format!("STRESSJUDGE_WATCH_TEST={}", std::process::id());
    let (key, value) = marker.split_once('=').unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .args(["judge", "--tests", arg(&tests), arg(&sol), "--watch"])
        .env("XDG_CACHE_HOME", cache_dir())
        .env(key, value)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("stressjudge starts");
    let lines = stdout_lines(&mut child);
    let first = next_verdict(&lines);
    // The rewrite must not share the first version's modification time.
    std::thread::sleep(Duration::from_millis(50));
    write(
        dir.path(),
        "sol.cpp",
        "#include <cstdio>\nint main() { puts(\"6\"); }\n",
    );
    let second = next_verdict(&lines);
    let pid = child.id().to_string();
    let signalled = Instant::now();
    Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("kill runs");
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > EXIT_WAIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the watcher did not end within {EXIT_WAIT:?} of SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(first.starts_with("verdict: WA"), "{first}\n{stderr}");
    assert!(second.starts_with("verdict: AC"), "{second}\n{stderr}");
    assert_eq!(
        status.code(),
        Some(0),
        "exit code of the last run (AC)\n{stderr}"
    );
    assert!(stderr.contains("watching"), "{stderr}");
    // Nothing the watcher started outlives it (sandbox launchers, candidates, compilers).
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut left = processes_marked(&marker);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
        left = processes_marked(&marker);
    }
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

#[test]
fn watching_a_missing_solution_is_a_one_line_error_at_once() {
    let dir = tempdir();
    write(dir.path(), "1.in", "1\n");
    write(dir.path(), "1.ans", "1\n");
    let missing = dir.path().join("nope.cpp");
    let run = stressjudge(&[
        "judge",
        "--tests",
        arg(dir.path()),
        arg(&missing),
        "--watch",
    ]);
    assert!(
        run.one_line_error().contains("nope.cpp"),
        "{}",
        run.describe()
    );
}
