//! The launcher process (`stressjudge __launcher`): runs candidates on request.
//!
//! It reads [`ToLauncher`] lines on stdin and answers [`FromLauncher`] lines on stdout, one run
//! at a time, until stdin closes; then it removes the sandbox's private directory (named by
//! `STRESSJUDGE_SANDBOX_DIR`), in case the harness died without doing so. It is a child
//! subreaper in its own process group (so a
//! terminal's Ctrl-C reaches the harness, which cancels cleanly, and not the launcher).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::time::Instant;

use super::reap::{become_subreaper, children_cpu, sweep, timeval};
use super::spawn::{spawn, Prepared, Stdio};
use super::watch::{watch, Stop, Watched};
use super::wire::{
    decode, encode, write_all_fd, FromLauncher, LineReader, ToLauncher, WireOutcome, WireRun,
    SANDBOX_DIR_ENV,
};
use super::{Exit, LimitHit};

/// Body of the hidden `__launcher` subcommand; returns the process exit code.
pub fn launcher_main() -> i32 {
    if let Err(e) = become_subreaper() {
        eprintln!("stressjudge launcher: cannot become a child subreaper: {e}");
        return 2;
    }
    let sandbox_dir = std::env::var_os(SANDBOX_DIR_ENV);
    let harness_gone = || {
        if let Some(dir) = &sandbox_dir {
            // Best effort: the harness can no longer do it.
            let _ = std::fs::remove_dir_all(dir);
        }
        0
    };
    let mut requests = LineReader::new(io::stdin());
    loop {
        let line = match requests.read_line(None) {
            Ok(Some(line)) => line,
            Ok(None) => return harness_gone(),
            Err(e) => {
                eprintln!("stressjudge launcher: cannot read requests: {e}");
                return 2;
            }
        };
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let run = match decode::<ToLauncher>(&line) {
            Ok(ToLauncher::Run(run)) => run,
            Ok(ToLauncher::Cancel) => continue, // Nothing is running.
            Err(e) => {
                eprintln!("stressjudge launcher: {e}");
                return 2;
            }
        };
        let Some(answer) = run_one(&run, &mut requests) else {
            return harness_gone(); // The run was killed and reaped.
        };
        if let Err(e) = send(&answer) {
            eprintln!("stressjudge launcher: cannot answer: {e}");
            return 2;
        }
    }
}

/// Writes one message to the harness.
fn send(message: &FromLauncher) -> io::Result<()> {
    write_all_fd(libc::STDOUT_FILENO, &encode(message))
}

fn failed(what: String, e: &io::Error) -> FromLauncher {
    FromLauncher::Failed {
        errno: e.raw_os_error(),
        message: format!("{what}: {e}"),
    }
}

fn path(bytes: &[u8]) -> &Path {
    Path::new(std::ffi::OsStr::from_bytes(bytes))
}

/// Opens the candidate's stdin, stdout and stderr files (close-on-exec, as std does).
fn open_stdio(run: &WireRun) -> Result<Stdio, FromLauncher> {
    let create = |p: &[u8]| {
        OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o644)
            // A candidate may have replaced the file with a link; never write through it.
            .custom_flags(libc::O_NOFOLLOW)
            .open(path(p))
            .map_err(|e| failed(format!("cannot create {}", path(p).display()), &e))
    };
    let stdin = File::open(path(&run.stdin))
        .map_err(|e| failed(format!("cannot open {}", path(&run.stdin).display()), &e))?;
    Ok(Stdio {
        stdin,
        stdout: create(&run.stdout)?,
        stderr: create(&run.stderr)?,
    })
}

/// Runs one request to its end and returns the final answer, or `None` if the harness went
/// away meanwhile (the run has then been killed and reaped).
fn run_one<F: std::os::fd::AsFd>(
    run: &WireRun,
    requests: &mut LineReader<F>,
) -> Option<FromLauncher> {
    let stdio = match open_stdio(run) {
        Ok(stdio) => stdio,
        Err(answer) => return Some(answer),
    };
    let prepared = match Prepared::new(run) {
        Ok(p) => p,
        Err(e) => return Some(failed("bad request".into(), &e)),
    };
    let cpu_before = children_cpu();
    let start = Instant::now();
    let pid = match spawn(&prepared, &stdio) {
        Ok(pid) => pid,
        Err(e) => {
            let what = format!(
                "cannot start {} ({})",
                prepared.program().to_string_lossy(),
                e.stage
            );
            return Some(failed(what, &e.error));
        }
    };
    // If this fails the harness is gone; the watch then sees the closed pipe and kills the run.
    let _ = send(&FromLauncher::Started { pid });
    let watched = watch(pid, run, start, requests);
    sweep();
    let cpu = children_cpu().saturating_sub(cpu_before);
    if watched.stop == Some(Stop::HarnessGone) {
        return None;
    }
    Some(FromLauncher::Finished(outcome(run, &watched, &stdio, cpu)))
}

/// Puts the measurements together and decides which limit, if any, the run broke.
fn outcome(run: &WireRun, w: &Watched, stdio: &Stdio, cpu: std::time::Duration) -> WireOutcome {
    let exit = if libc::WIFSIGNALED(w.status) {
        Exit::Signal(libc::WTERMSIG(w.status))
    } else {
        Exit::Code(libc::WEXITSTATUS(w.status))
    };
    let peak_kib = (w.usage.ru_maxrss.max(0) as u64).max(w.max_sampled_rss / 1024);
    let own_cpu = timeval(w.usage.ru_utime) + timeval(w.usage.ru_stime);
    let cpu = cpu.max(own_cpu);
    let too_long = |f: &File| f.metadata().is_ok_and(|m| m.len() > run.output_bytes);
    let limit = limit_hit(
        w.stop,
        exit,
        too_long(&stdio.stdout) || too_long(&stdio.stderr),
        cpu > run.cpu(),
        peak_kib.saturating_mul(1024) > run.memory_bytes,
    );
    WireOutcome {
        exit,
        cpu_ns: cpu.as_nanos() as u64,
        wall_ns: w.wall.as_nanos() as u64,
        peak_kib,
        limit,
        cancelled: w.stop == Some(Stop::Cancelled),
    }
}

/// The limit to report (see [`LimitHit`] for the order).
fn limit_hit(
    stop: Option<Stop>,
    exit: Exit,
    output_over: bool,
    cpu_over: bool,
    memory_over: bool,
) -> Option<LimitHit> {
    match stop {
        Some(Stop::Limit(hit)) => Some(hit),
        _ if output_over || exit == Exit::Signal(libc::SIGXFSZ) => Some(LimitHit::Output),
        _ if cpu_over || exit == Exit::Signal(libc::SIGXCPU) => Some(LimitHit::Cpu),
        _ if memory_over => Some(LimitHit::Memory),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enforced_limit_wins_then_output_cpu_memory() {
        let killed = Exit::Signal(libc::SIGKILL);
        let wall = Some(Stop::Limit(LimitHit::Wall));
        assert_eq!(
            limit_hit(wall, killed, true, true, true),
            Some(LimitHit::Wall)
        );
        assert_eq!(
            limit_hit(None, Exit::Code(0), true, true, true),
            Some(LimitHit::Output)
        );
        let xfsz = Exit::Signal(libc::SIGXFSZ);
        assert_eq!(
            limit_hit(None, xfsz, false, false, false),
            Some(LimitHit::Output)
        );
        assert_eq!(
            limit_hit(None, Exit::Code(0), false, true, true),
            Some(LimitHit::Cpu)
        );
        let xcpu = Exit::Signal(libc::SIGXCPU);
        assert_eq!(
            limit_hit(None, xcpu, false, false, false),
            Some(LimitHit::Cpu)
        );
        assert_eq!(
            limit_hit(None, Exit::Code(1), false, false, true),
            Some(LimitHit::Memory)
        );
        let segv = Exit::Signal(libc::SIGSEGV);
        assert_eq!(limit_hit(None, segv, false, false, false), None);
        assert_eq!(
            limit_hit(Some(Stop::Cancelled), killed, false, false, false),
            None
        );
    }
}
