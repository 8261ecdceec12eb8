//! The launcher process (`stressjudge __launcher`): runs candidates on request.
//!
//! It reads a `Setup` line, then [`ToLauncher`] lines on stdin, and answers [`FromLauncher`]
//! lines on stdout, one run at a time, until stdin closes; then the sandbox's private directory
//! (named in `Setup`) is removed, in case the harness died without doing so.
//!
//! Under basic isolation this process serves the runs itself, as a child subreaper in its own
//! process group (so a terminal's Ctrl-C reaches the harness, which cancels cleanly, and not the
//! launcher). Under full isolation it is the outer launcher of [`super::contain`]: the inner
//! launcher it starts serves the runs, and it waits, then cleans up.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsFd, AsRawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rustix::fs::{Mode as FileMode, OFlags};

use super::contain::{self, Inner, NAMESPACES};
use super::isolation::{Isolation, IsolationDemand};
use super::reap::{become_subreaper, children_cpu, kill_namespace, own_cpu, sweep};
use super::rootfs::empty_tmp;
use super::spawn::{spawn, Prepared, Stdio, FLOOD_ROOM_BYTES};
use super::watch::{watch, Stop, Tree, Watched};
use super::wire::{
    decode, encode, write_all_fd, FromLauncher, LineReader, ToLauncher, WireOutcome, WireReady,
    WireRun,
};
use super::{Exit, LimitHit};

/// Room above memory limit + output files for the kernel's own memory of a process tree (page
/// tables, kernel stacks of up to the process cap, ...) before the cgroup's hard limit, which
/// is only the backstop behind the launcher's sampling.
const HARD_LIMIT_SLACK: u64 = 32 << 20;

/// How runs are isolated in this launcher.
enum Mode {
    /// rlimits and process groups only.
    Basic,
    /// Inside the sandbox's namespaces and cgroup (this is the inner launcher).
    Full(Box<Inner>),
}

/// Body of the hidden `__launcher` subcommand; returns the process exit code.
pub fn launcher_main() -> i32 {
    let mut requests = LineReader::new(io::stdin());
    let setup = loop {
        match requests.read_line(None) {
            Ok(Some(line)) if line.iter().all(u8::is_ascii_whitespace) => continue,
            Ok(Some(line)) => match decode::<ToLauncher>(&line) {
                Ok(ToLauncher::Setup(setup)) => break setup,
                Ok(_) => {
                    eprintln!("stressjudge launcher: expected Setup first");
                    return 2;
                }
                Err(e) => {
                    eprintln!("stressjudge launcher: {e}");
                    return 2;
                }
            },
            Ok(None) => return 0,
            Err(e) => {
                eprintln!("stressjudge launcher: cannot read requests: {e}");
                return 2;
            }
        }
    };
    if setup.probe {
        let _ = send(&FromLauncher::Probed(contain::probe_namespaces()));
        return 0;
    }
    let dir = PathBuf::from(std::ffi::OsStr::from_bytes(&setup.dir));
    let reason = match setup.options.isolation {
        IsolationDemand::Basic => None,
        IsolationDemand::Full | IsolationDemand::Auto => {
            let serve_inside = |inner: Inner| {
                let ready = WireReady {
                    isolation: Isolation::full(
                        NAMESPACES.iter().map(|n| n.to_string()).collect(),
                        inner.cgroup.info().clone(),
                        setup.options.process_limit,
                    ),
                    candidate_owner: inner.candidate_owner,
                };
                if send(&FromLauncher::Ready(Box::new(ready))).is_err() {
                    return 2;
                }
                serve(&mut requests, &mut Mode::Full(Box::new(inner)))
            };
            match contain::start(&dir, setup.options.process_limit, serve_inside) {
                Ok(started) => return contain::supervise(started, Some(&dir)),
                Err(reason) if setup.options.isolation == IsolationDemand::Auto => Some(reason),
                Err(reason) => {
                    let _ = send(&FromLauncher::Unavailable { reason });
                    return 0;
                }
            }
        }
    };
    if let Err(e) = become_subreaper() {
        eprintln!("stressjudge launcher: cannot become a child subreaper: {e}");
        return 2;
    }
    let ready = WireReady {
        isolation: Isolation::basic(reason),
        candidate_owner: None,
    };
    if send(&FromLauncher::Ready(Box::new(ready))).is_err() {
        return 2;
    }
    let code = serve(&mut requests, &mut Mode::Basic);
    // Best effort: the harness may have died without removing it.
    let _ = std::fs::remove_dir_all(&dir);
    code
}

/// Serves runs until the harness closes the request pipe.
fn serve<F: AsFd>(requests: &mut LineReader<F>, mode: &mut Mode) -> i32 {
    loop {
        let line = match requests.read_line(None) {
            Ok(Some(line)) => line,
            Ok(None) => return 0,
            Err(e) => {
                eprintln!("stressjudge launcher: cannot read requests: {e}");
                return 2;
            }
        };
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let run = match decode::<ToLauncher>(&line) {
            Ok(ToLauncher::Run(run)) => *run,
            Ok(ToLauncher::Cancel) => continue, // Nothing is running.
            Ok(ToLauncher::Setup(_)) => {
                eprintln!("stressjudge launcher: Setup sent twice");
                return 2;
            }
            Err(e) => {
                eprintln!("stressjudge launcher: {e}");
                return 2;
            }
        };
        let Some(answer) = run_one(&run, requests, mode) else {
            return 0; // The harness is gone; the run was killed and reaped.
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

/// Opens the candidate's stdin, stdout and stderr files (close-on-exec, as std does); under
/// full isolation through the host's root directory, since the harness's paths are not
/// visible from the sandbox.
fn open_stdio(run: &WireRun, mode: &Mode) -> Result<Stdio, FromLauncher> {
    let create_flags =
        OFlags::WRONLY | OFlags::CREATE | OFlags::TRUNC | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let open = |p: &[u8], write: bool| -> io::Result<File> {
        match mode {
            Mode::Basic if write => OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .mode(0o644)
                // A candidate may have replaced the file with a link; never write through it.
                .custom_flags(libc::O_NOFOLLOW)
                .open(path(p)),
            Mode::Basic => File::open(path(p)),
            Mode::Full(inner) => {
                let relative = path(p).strip_prefix("/").unwrap_or(path(p));
                let flags = if write {
                    create_flags
                } else {
                    OFlags::RDONLY | OFlags::CLOEXEC
                };
                let fd = rustix::fs::openat(
                    inner.root.host(),
                    relative,
                    flags,
                    FileMode::from_raw_mode(0o644),
                )?;
                Ok(File::from(fd))
            }
        }
    };
    let named = |p: &[u8], write: bool| {
        let verb = if write { "create" } else { "open" };
        open(p, write).map_err(|e| failed(format!("cannot {verb} {}", path(p).display()), &e))
    };
    Ok(Stdio {
        stdin: named(&run.stdin, false)?,
        stdout: named(&run.stdout, true)?,
        stderr: named(&run.stderr, true)?,
        report: match &run.report {
            Some(report) => Some(named(report, true)?),
            None => None,
        },
    })
}

/// Lets go of the launcher's own copies of a connected run's named pipes once the candidate
/// holds them ([`super::interact`]): a candidate that closes its stdout must give its peer
/// end-of-file at once, not when the launcher finishes. Each is replaced in place by an
/// unconnected pipe end (the descriptor number stays valid for the rest of the run).
fn release_pipes(stdio: &Stdio) {
    for file in [&stdio.stdin, &stdio.stdout] {
        let is_fifo = file
            .metadata()
            .is_ok_and(|m| std::os::unix::fs::FileTypeExt::is_fifo(&m.file_type()));
        if !is_fifo {
            continue;
        }
        let mut ends = [0 as libc::c_int; 2];
        // SAFETY: plain system calls on descriptors this process owns.
        unsafe {
            if libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) == 0 {
                libc::dup3(ends[0], file.as_raw_fd(), libc::O_CLOEXEC);
                libc::close(ends[0]);
                libc::close(ends[1]);
            }
        }
    }
}

/// Runs one request to its end and returns the final answer, or `None` if the launcher must
/// end: the harness went away meanwhile (the run has then been killed and reaped), or a build
/// step's folders could not be taken away again (its answer has then been sent).
fn run_one<F: AsFd>(
    run: &WireRun,
    requests: &mut LineReader<F>,
    mode: &mut Mode,
) -> Option<FromLauncher> {
    let stdio = match open_stdio(run, mode) {
        Ok(stdio) => stdio,
        Err(answer) => return Some(answer),
    };
    let credentials = match mode {
        Mode::Basic => None,
        Mode::Full(inner) => {
            let pairs: Vec<(PathBuf, PathBuf)> = run
                .readonly
                .iter()
                .map(|(given, canonical)| {
                    (path(given).to_path_buf(), path(canonical).to_path_buf())
                })
                .collect();
            let writable: Vec<(PathBuf, PathBuf)> = run
                .build
                .iter()
                .flat_map(|build| &build.writable)
                .map(|(given, canonical)| {
                    (path(given).to_path_buf(), path(canonical).to_path_buf())
                })
                .collect();
            // Read-only paths first: a writable folder inside one is bound over it.
            let bound =
                inner
                    .root
                    .ensure_readonly(&pairs)
                    .and_then(|()| match writable.is_empty() {
                        true => Ok(()),
                        false => inner.root.bind_writable(&writable),
                    });
            if let Err(message) = bound {
                return Some(FromLauncher::Failed {
                    errno: None,
                    message,
                });
            }
            if let Err(e) = inner.root.set_box_writable(!run.read_only_workdir) {
                return Some(failed(
                    "cannot set the working directory's access".into(),
                    &e,
                ));
            }
            Some(inner.credentials)
        }
    };
    let prepared = match Prepared::new(run, credentials) {
        Ok(p) => p,
        Err(e) => return Some(failed("bad request".into(), &e)),
    };
    let tree = match mode {
        Mode::Basic => None,
        Mode::Full(inner) => {
            let baseline = inner.cgroup.unreclaimable_bytes().unwrap_or(0);
            // Rounded up, so the launcher's own small changes do not rewrite it every run.
            let hard_limit = baseline
                .saturating_add(run.memory_bytes)
                .saturating_add(
                    run.output_bytes
                        .saturating_add(1 + FLOOD_ROOM_BYTES)
                        .saturating_mul(2),
                )
                .saturating_add(HARD_LIMIT_SLACK)
                .div_ceil(HARD_LIMIT_SLACK)
                .saturating_mul(HARD_LIMIT_SLACK);
            if let Err(e) = inner.cgroup.set_memory_limit(hard_limit) {
                return Some(failed("cannot set the sandbox's memory limit".into(), &e));
            }
            let cpu_start = inner.cgroup.cpu().map(|c| (c, own_cpu()));
            Some(Tree {
                cgroup: &mut inner.cgroup,
                baseline_bytes: baseline,
                outputs: inner
                    .outputs_in_memory
                    .then_some([&stdio.stdout, &stdio.stderr]),
                cpu_start,
            })
        }
    };
    let contained = tree.is_some();
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
    release_pipes(&stdio);
    // The harness kills this group if the launcher dies; a contained run dies with its
    // namespace instead, and its pid means nothing outside.
    let shown_pid = if contained { 0 } else { pid };
    // If this fails the harness is gone; the watch then sees the closed pipe and kills the run.
    let _ = send(&FromLauncher::Started { pid: shown_pid });
    let watched = watch(
        pid,
        run,
        start,
        requests,
        tree,
        [&stdio.stdout, &stdio.stderr],
    );
    let ended_ns = monotonic_ns();
    if contained {
        kill_namespace();
    }
    sweep();
    let cpu = children_cpu().saturating_sub(cpu_before);
    let mut unfit = None;
    let oom_killed = match mode {
        Mode::Basic => false,
        Mode::Full(inner) => {
            // A build sandbox serves the next step too: it must not see this one's folders.
            match run.build.is_some() {
                true => unfit = inner.root.undo_step().err(),
                false => inner.root.keep_step(),
            }
            empty_tmp();
            inner.cgroup.oom_killed_since_last()
        }
    };
    if watched.stop == Some(Stop::HarnessGone) {
        return None;
    }
    let mut finished = outcome(run, &watched, &stdio, cpu, oom_killed);
    finished.ended_ns = ended_ns;
    if let Some(why) = unfit {
        // The outcome stands; the harness starts a fresh sandbox for the next step.
        eprintln!("stressjudge launcher: {why}; ending this sandbox");
        let _ = send(&FromLauncher::Finished(finished));
        return None;
    }
    Some(FromLauncher::Finished(finished))
}

/// Puts the measurements together and decides which limit, if any, the run broke.
///
/// Under full isolation the peak is the larger of the candidate's own and the whole tree's
/// sampled memory, and a kill by the kernel's OOM killer in the sandbox's cgroup is a memory
/// limit, not a crash.
fn outcome(
    run: &WireRun,
    w: &Watched,
    stdio: &Stdio,
    cpu: std::time::Duration,
    oom_killed: bool,
) -> WireOutcome {
    let exit = if libc::WIFSIGNALED(w.status) {
        Exit::Signal(libc::WTERMSIG(w.status))
    } else {
        Exit::Code(libc::WEXITSTATUS(w.status))
    };
    let peak_kib = w
        .usage
        .max_rss_kib
        .max(w.max_sampled_rss / 1024)
        .max(w.max_tree_bytes / 1024);
    let own_cpu = w.usage.user + w.usage.system;
    let cpu = cpu.max(own_cpu);
    let too_long = |f: &File| f.metadata().is_ok_and(|m| m.len() > run.output_bytes);
    let limit = limit_hit(
        w.stop,
        exit,
        too_long(&stdio.stdout),
        cpu > run.cpu(),
        oom_killed || peak_kib.saturating_mul(1024) > run.memory_bytes,
    );
    WireOutcome {
        exit,
        cpu_ns: cpu.as_nanos() as u64,
        wall_ns: w.wall.as_nanos() as u64,
        peak_kib,
        limit,
        cancelled: w.stop == Some(Stop::Cancelled),
        ended_ns: 0,
    }
}

/// `CLOCK_MONOTONIC` in nanoseconds.
fn monotonic_ns() -> u64 {
    let mut now = std::mem::MaybeUninit::<libc::timespec>::uninit();
    // SAFETY: a valid clock id and out-parameter.
    if unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, now.as_mut_ptr()) } != 0 {
        return 0;
    }
    // SAFETY: clock_gettime succeeded, so `now` is initialised.
    let now = unsafe { now.assume_init() };
    (now.tv_sec.max(0) as u64) * 1_000_000_000 + now.tv_nsec.max(0) as u64
}

/// The limit to report (see [`LimitHit`] for the order). A stdout past the output limit is an
/// output limit only for a run that ended normally (exit code 0): DOMjudge judges a time limit,
/// then a run error, then a truncated stdout (`judgedaemon`'s `determineVerdict`), and
/// problemtools compares the output's size only for a run that did not fail.
fn limit_hit(
    stop: Option<Stop>,
    exit: Exit,
    stdout_over: bool,
    cpu_over: bool,
    memory_over: bool,
) -> Option<LimitHit> {
    match stop {
        Some(Stop::Limit(hit)) => Some(hit),
        _ if exit == Exit::Signal(libc::SIGXFSZ) => Some(LimitHit::Output),
        _ if cpu_over || exit == Exit::Signal(libc::SIGXCPU) => Some(LimitHit::Cpu),
        _ if memory_over => Some(LimitHit::Memory),
        _ if stdout_over && exit == Exit::Code(0) => Some(LimitHit::Output),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enforced_limit_wins_then_cpu_memory_output() {
        let killed = Exit::Signal(libc::SIGKILL);
        let wall = Some(Stop::Limit(LimitHit::Wall));
        assert_eq!(
            limit_hit(wall, killed, true, true, true),
            Some(LimitHit::Wall)
        );
        assert_eq!(
            limit_hit(None, Exit::Code(0), true, false, false),
            Some(LimitHit::Output)
        );
        // Time first, then a crash, then the output (DOMjudge's order).
        assert_eq!(
            limit_hit(None, Exit::Code(0), true, true, false),
            Some(LimitHit::Cpu)
        );
        assert_eq!(limit_hit(None, Exit::Code(101), true, false, false), None);
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
