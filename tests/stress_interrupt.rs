//! Ctrl-C during `stressjudge stress`: the run stops within seconds, prints its summary, keeps
//! every failure already written (complete files), and leaves no candidate process behind.
#![forbid(unsafe_code)]

mod schema_support;
mod stress_support;

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use stress_support::*;

/// A David vs David candidate that records its pid and executable in PID_DIR, sleeps 0.3 s on
/// inputs of more than 100 games (so runs are in flight when Ctrl-C comes) and answers `1` to
/// every game: wrong on every P-position, so nearly every seed fails and the failure shrinks to
/// one small game in a few runs.
const ALL_ONES: &str = r#"
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(void) {
    char path[4096], exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n < 0 ? 0 : n] = 0;
    snprintf(path, sizeof path, "%s/%d", PID_DIR, (int)getpid());
    FILE *f = fopen(path, "w");
    if (f) { fputs(exe, f); fclose(f); }
    int t;
    if (scanf("%d", &t) != 1) return 1;
    if (t > 100) {
        struct timespec pause = {0, 300000000};
        nanosleep(&pause, 0);
    }
    for (int i = 0; i < t; i++) puts("1");
    return 0;
}
"#;

/// Every process whose executable is `exe`.
fn processes_running(exe: &Path) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if std::fs::read_link(entry.path().join("exe")).is_ok_and(|p| p == exe) {
            found.push(pid);
        }
    }
    found
}

/// Children of `parent` (from /proc/PID/stat).
fn children_of(parent: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid ...: comm may hold spaces, so parse after the last ')'.
        let after = &stat[stat.rfind(')').unwrap_or(0) + 1..];
        let ppid = after.split_whitespace().nth(1).and_then(|s| s.parse().ok());
        if ppid == Some(parent) {
            found.push(pid);
        }
    }
    found
}

/// Every process below `ancestor`, at any depth.
fn descendants_of(ancestor: u32) -> Vec<u32> {
    let mut found = children_of(ancestor);
    let mut next = 0;
    while next < found.len() {
        let below = children_of(found[next]);
        found.extend(below);
        next += 1;
    }
    found
}

/// Waits up to `limit` for `what` to hold, polling.
fn wait_until(limit: Duration, mut what: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if what() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    what()
}

/// Sends SIGINT to `target` (a pid, or a negated process group id), waits at most 10 s for the
/// child to exit and returns its exit code, stdout and the time it took.
fn interrupt(child: &mut Child, target: i32) -> (i32, String, Duration) {
    use rustix::process::{kill_process, kill_process_group, Pid, Signal};
    let sent = match Pid::from_raw(target.abs()) {
        Some(pid) if target < 0 => kill_process_group(pid, Signal::INT),
        Some(pid) => kill_process(pid, Signal::INT),
        None => panic!("no process {target}"),
    };
    sent.expect("SIGINT sent");
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("stress did not exit within 10 s of SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = sent.elapsed();
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    (status.code().unwrap_or(-1), stdout, took)
}

/// The `.json` files under `dir`, recursively.
fn meta_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(meta_files(&path));
        } else if path.extension().is_some_and(|e| e == "json") {
            found.push(path);
        }
    }
    found
}

#[test]
fn ctrl_c_keeps_the_failures_found_and_kills_the_runs() {
    let dir = tempdir();
    let pids = dir.path().join("pids");
    std::fs::create_dir(&pids).unwrap();
    let source = format!("#define PID_DIR \"{}\"\n{ALL_ONES}", pids.display());
    let candidate = write_source(dir.path(), "all_ones.c", &source);
    let out = dir.path().join("out");
    let mut child = command(&[
        "stress",
        "david-vs-david",
        &candidate,
        "--keep-going",
        "--kind",
        "small",
        "--seeds",
        "1..1000000",
        "--out",
        out.to_str().unwrap(),
        // The candidate records its pid in a folder of the host, which a fully isolated
        // sandbox (rightly) does not let it write to.
        "--isolation",
        "basic",
    ])
    .stdout(Stdio::piped())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let found = wait_until(Duration::from_secs(60), || !meta_files(&out).is_empty());
    if !found {
        let _ = child.kill();
        panic!("no failure written within 60 s");
    }
    let pid = child.id() as i32;
    let (code, stdout, took) = interrupt(&mut child, pid);
    assert_eq!(code, 1, "failures were found: {stdout}");
    assert!(took < Duration::from_secs(10));
    assert!(stdout.contains("interrupted: stopped early"), "{stdout}");
    assert!(stdout.contains("\nWA: "), "summary: {stdout}");
    assert!(stdout.contains("failures saved in"), "{stdout}");

    // Every failure file set is complete, with valid metadata.
    let metas = meta_files(&out);
    assert!(!metas.is_empty());
    for meta in &metas {
        let value: serde_json::Value =
            serde_json::from_str(&read(meta)).unwrap_or_else(|e| panic!("{}: {e}", meta.display()));
        assert_eq!(value["verdict"], "WA");
        let stem = meta.with_extension("");
        for ext in ["in", "ans", "out", "min.in"] {
            let file = PathBuf::from(format!("{}.{ext}", stem.display()));
            assert!(!read(&file).is_empty(), "{} is empty", file.display());
        }
        assert_eq!(
            read(&PathBuf::from(format!("{}.in", stem.display()))),
            gen("david-vs-david", "small", value["seed"].as_u64().unwrap())
        );
    }
    let reported = stdout.matches("\nFAILURE  ").count();
    assert_eq!(reported, metas.len(), "{stdout}");

    // No candidate process is left: every recorded pid is gone (or reused by another program).
    let started: Vec<(u32, PathBuf)> = std::fs::read_dir(&pids)
        .unwrap()
        .flatten()
        .map(|e| {
            let pid = e.file_name().to_string_lossy().parse().unwrap();
            (pid, PathBuf::from(read(&e.path())))
        })
        .collect();
    assert!(started.len() > 1, "{started:?}");
    let exe = started[0].1.clone();
    let gone = wait_until(Duration::from_secs(3), || {
        processes_running(&exe).is_empty()
    });
    assert!(
        gone,
        "candidates still running: {:?}",
        processes_running(&exe)
    );
}

#[test]
fn ctrl_c_on_a_passing_run_exits_130_with_the_summary() {
    let solution = "solutions/david-vs-david/accepted/isqrt_beatty.cpp";
    let out = tempdir();
    let out_dir = out.path().to_str().unwrap();
    // A first short run builds the candidate, so the long run starts at once.
    let warm = run(&[
        "stress",
        "david-vs-david",
        solution,
        "--seeds",
        "1..2",
        "--out",
        out_dir,
    ]);
    assert_eq!(warm.code, 0, "{}", warm.stderr);
    let mut child = command(&[
        "stress",
        "david-vs-david",
        solution,
        "--kind",
        "random",
        "--seeds",
        "1..1000000",
        "--out",
        out_dir,
    ])
    .process_group(0)
    .stdout(Stdio::piped())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let pid = child.id();
    // Wait for a candidate run: a process under the sandbox launchers that is not stressjudge.
    // (The isolation probe before the stress loop, and a fully isolated launcher's namespace
    // init, are copies of stressjudge; a Ctrl-C during the probe ends stressjudge before it
    // has a summary to print.)
    let stressjudge = std::fs::canonicalize(bin()).unwrap();
    let mut candidates = Vec::new();
    let running = wait_until(Duration::from_secs(30), || {
        for run in descendants_of(pid) {
            if let Ok(exe) = std::fs::read_link(format!("/proc/{run}/exe")) {
                if exe != stressjudge && !candidates.contains(&exe) {
                    candidates.push(exe);
                }
            }
        }
        !candidates.is_empty()
    });
    if !running {
        let _ = child.kill();
        panic!("no candidate run seen within 30 s");
    }
    // Ctrl-C in a terminal signals the whole foreground process group.
    let (code, stdout, took) = interrupt(&mut child, -(pid as i32));
    assert_eq!(code, 130, "{stdout}");
    assert!(took < Duration::from_secs(10));
    assert!(stdout.contains("interrupted: stopped early"), "{stdout}");
    assert!(stdout.contains("\nAC: "), "{stdout}");
    assert!(stdout.contains("failures 0"), "{stdout}");
    assert!(
        std::fs::read_dir(out.path()).unwrap().next().is_none(),
        "no failure files"
    );
    let gone = wait_until(Duration::from_secs(3), || {
        children_of(pid).is_empty()
            && candidates
                .iter()
                .all(|exe| processes_running(exe).is_empty())
    });
    assert!(gone, "launchers or candidates outlived the run");
}
