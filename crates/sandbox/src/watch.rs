//! Watching a running candidate: wake at its exit, enforce the limits, obey the harness.
//!
//! The launcher polls a pidfd (readable when the candidate exits) and its request pipe, with a
//! 5 ms timeout. On each tick it samples the candidate's resident size, CPU time and run delay
//! from `/proc` and checks the wall clock; past a limit the candidate's group is killed at once.
//! Under full isolation it also samples the whole tree through the sandbox's cgroup
//! ([`Tree`]): memory and CPU of every process the run started, and the kill reaches every
//! process of the sandbox's PID namespace.
//!
//! The wall-clock backstop is there for candidates that sleep or block, so it does not count
//! the time the candidate spent runnable but waiting for a CPU (its run delay): on a machine
//! overloaded by other processes, a CPU-bound candidate is stopped by its CPU limit, as on an
//! idle machine, instead of by the wall clock with a misleading TLE. A run still ends after
//! [`WALL_CAP_FACTOR`] times the wall limit of real time, however starved.

use std::fs::File;
use std::io;
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::time::{Duration, Instant};

use super::cgroup::SandboxCgroup;
use super::child_usage::{reap_with_usage, ChildUsage};
use super::procfs::ProcSampler;
use super::reap::{kill_group, kill_namespace, own_cpu};
use super::wire::{decode, LineReader, ToLauncher, WireRun};
use super::LimitHit;

/// How often a running candidate is sampled.
const TICK: Duration = Duration::from_millis(5);

/// How often a build step is sampled: its limits (60 s, 2 GiB) need no 5 ms precision, and
/// on a loaded machine a compile lasting seconds would pay for hundreds of samples (issue 25's
/// cost target). The cgroup's hard memory limit, `RLIMIT_FSIZE`, `RLIMIT_DATA` and the pids
/// cap hold between samples all the same; stdout and stderr are cut back each tick, and the
/// hard limit leaves them [`super::spawn::FLOOD_ROOM_BYTES`] of room each, which only a flood
/// past 10 GB/s fills in one tick (it is then stopped as a memory limit).
const BUILD_TICK: Duration = Duration::from_millis(25);

/// Real time, in wall limits, after which a run ends even if it spent most of it waiting for a
/// CPU (so the harness knows how long a launcher may stay silent).
pub(crate) const WALL_CAP_FACTOR: u32 = 3;

/// Why the watch ended the run (if the candidate did not end on its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Killed for crossing this limit.
    Limit(LimitHit),
    /// Killed because the harness sent `Cancel`.
    Cancelled,
    /// Killed because the harness closed the request pipe: the launcher must exit.
    HarnessGone,
}

/// The whole process tree of a fully isolated run, seen through the sandbox's cgroup (which
/// also holds the inner launcher: its own share is measured before the run and subtracted).
pub(crate) struct Tree<'a> {
    /// The sandbox's cgroup.
    pub cgroup: &'a mut SandboxCgroup,
    /// The cgroup's unreclaimable memory just before the run (the launcher's own).
    pub baseline_bytes: u64,
    /// stdout and stderr, when they are in a tmpfs: their pages are charged to the writer, and
    /// output is bounded by the output limit, not the memory limit.
    pub outputs: Option<[&'a std::fs::File; 2]>,
    /// The cgroup's CPU time and the launcher's own just before the run.
    pub cpu_start: Option<(Duration, Duration)>,
}

impl Tree<'_> {
    /// Unreclaimable memory of the run's processes, its own output files excluded.
    pub fn memory(&mut self) -> Option<u64> {
        let total = self.cgroup.unreclaimable_bytes()?;
        let outputs: u64 = self.outputs.map_or(0, |files| {
            files
                .iter()
                .filter_map(|f| f.metadata().ok())
                .map(|m| std::os::unix::fs::MetadataExt::blocks(&m) * 512)
                .sum()
        });
        Some(
            total
                .saturating_sub(self.baseline_bytes)
                .saturating_sub(outputs),
        )
    }

    /// CPU time of the run's processes so far (the launcher's own excluded).
    pub fn cpu(&mut self) -> Option<Duration> {
        let (cgroup_start, own_start) = self.cpu_start?;
        let spent = self.cgroup.cpu()?.saturating_sub(cgroup_start);
        Some(spent.saturating_sub(own_cpu().saturating_sub(own_start)))
    }
}

/// What the watch observed; the candidate has been reaped.
pub(crate) struct Watched {
    /// The wait status from `wait4`.
    pub status: i32,
    /// The candidate's own resource usage from `wait4`.
    pub usage: ChildUsage,
    /// Time from start to the moment the candidate's exit was seen.
    pub wall: Duration,
    /// The largest resident size sampled, in bytes.
    pub max_sampled_rss: u64,
    /// The largest whole-tree memory sampled (full isolation), in bytes.
    pub max_tree_bytes: u64,
    /// Why the launcher killed it, if it did.
    pub stop: Option<Stop>,
}

/// A pidfd for `pid`, or `None` on kernels without `pidfd_open` (then exits are polled).
fn pidfd_open(pid: libc::pid_t) -> Option<OwnedFd> {
    // SAFETY: plain system call with integer arguments.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: on success the kernel returned a new descriptor that we now own.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

/// True once `pid` has exited (it stays waitable).
fn has_exited(pid: libc::pid_t) -> bool {
    // SAFETY: an all-zero siginfo is a valid out-parameter; WNOWAIT leaves the child waitable.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let r = unsafe {
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    // SAFETY: si_pid is valid for a waitid result.
    r == 0 && unsafe { info.si_pid() } == pid
}

/// Cuts `file` (the candidate's stdout or stderr, sharing its file offset with the candidate's
/// descriptor) back to `keep` bytes when the candidate wrote past them: the offset goes back to
/// `keep` and what lies beyond is dropped, so its next write lands there again. Output past the
/// limit is thrown away and the candidate runs on, as DOMjudge's runguard truncates a stream at
/// its `--streamsize` and lets the submission run (a flood that never stops is then a time
/// limit, `time_limit_exceeded/test-fill-stdout.cc` of its `hello` example; problemtools too
/// compares the size with the limit only after the run). A pipe or FIFO is left alone.
fn cut_back(file: &File, keep: u64) {
    let Ok(meta) = file.metadata() else {
        return;
    };
    if !meta.is_file() {
        return;
    }
    let offset = rustix::fs::seek(file, rustix::fs::SeekFrom::Current(0)).unwrap_or(0);
    if offset <= keep && meta.len() <= keep {
        return;
    }
    let _ = rustix::fs::seek(file, rustix::fs::SeekFrom::Start(keep));
    let _ = file.set_len(keep);
}

/// Watches the candidate `pid` started at `start` until it exits, killing it at the first
/// limit crossed, on `Cancel`, or when the harness goes away; then reaps it with `wait4`.
/// With a `tree` (full isolation) memory and CPU are those of the whole process tree and a kill
/// reaches every process of the sandbox. Its stdout and stderr (`outputs`) are cut back to the
/// output limit + 1 byte every tick (see [`cut_back`]).
pub(crate) fn watch<F: AsFd>(
    pid: libc::pid_t,
    run: &WireRun,
    start: Instant,
    requests: &mut LineReader<F>,
    mut tree: Option<Tree<'_>>,
    outputs: [&File; 2],
) -> Watched {
    let whole_namespace = tree.is_some();
    let kill = move || {
        if whole_namespace {
            kill_namespace();
        } else {
            kill_group(pid);
        }
    };
    let pidfd = pidfd_open(pid);
    // Opened at the first tick: most runs end before it.
    let mut sampler: Option<ProcSampler> = None;
    let mut stop: Option<Stop> = None;
    let mut max_rss = 0u64;
    let mut max_tree = 0u64;
    let mut harness_open = true;
    let wall = run.wall();
    let cap = wall.saturating_mul(WALL_CAP_FACTOR);
    let tick = if run.build.is_some() {
        BUILD_TICK
    } else {
        TICK
    };
    // Run delay at the last sample: time not counted against the wall limit.
    let mut waited = Duration::ZERO;
    let stop_with = |reason: Stop, stop: &mut Option<Stop>| {
        if stop.is_none() {
            *stop = Some(reason);
            kill();
        }
    };
    loop {
        let elapsed = start.elapsed();
        let counted = elapsed.saturating_sub(waited);
        if counted >= wall || elapsed >= cap {
            stop_with(Stop::Limit(LimitHit::Wall), &mut stop);
        }
        let timeout = if stop.is_some() {
            TICK
        } else {
            tick.min(wall - counted).min(cap - elapsed)
        };
        let mut fds = [
            libc::pollfd {
                fd: pidfd.as_ref().map_or(-1, |f| f.as_raw_fd()),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: if harness_open { requests.raw_fd() } else { -1 },
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let ms = timeout.as_micros().div_ceil(1000) as i32;
        // SAFETY: two valid pollfds (negative fds are ignored by poll).
        let r = unsafe { libc::poll(fds.as_mut_ptr(), 2, ms) };
        if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            // Polling itself failed: fall back to sleeping one tick.
            std::thread::sleep(TICK);
        }
        let exited = match &pidfd {
            Some(_) => fds[0].revents != 0,
            None => has_exited(pid),
        };
        if exited {
            break;
        }
        if fds[1].revents != 0 {
            match requests.fill() {
                Ok(0) | Err(_) => {
                    harness_open = false;
                    stop = None;
                    stop_with(Stop::HarnessGone, &mut stop);
                }
                Ok(_) => {
                    while let Some(line) = requests.take_line() {
                        match decode::<ToLauncher>(&line) {
                            Ok(ToLauncher::Cancel) => stop_with(Stop::Cancelled, &mut stop),
                            Ok(ToLauncher::Run(_) | ToLauncher::Setup(_)) | Err(_) => {
                                eprintln!("stressjudge launcher: ignoring a message during a run")
                            }
                        }
                    }
                }
            }
        }
        if stop.is_some() {
            continue;
        }
        for file in outputs {
            cut_back(file, run.output_bytes.saturating_add(1));
        }
        let sampler = sampler.get_or_insert_with(|| ProcSampler::open(pid));
        if let Some(delay) = sampler.run_delay() {
            waited = delay;
        }
        if let Some(rss) = sampler.resident_bytes() {
            max_rss = max_rss.max(rss);
            if rss > run.memory_bytes {
                stop_with(Stop::Limit(LimitHit::Memory), &mut stop);
                continue;
            }
        }
        if let Some(bytes) = tree.as_mut().and_then(Tree::memory) {
            max_tree = max_tree.max(bytes);
            if bytes > run.memory_bytes {
                stop_with(Stop::Limit(LimitHit::Memory), &mut stop);
                continue;
            }
        }
        let cpu = match tree.as_mut().and_then(Tree::cpu) {
            Some(cpu) => Some(cpu),
            None => sampler.cpu(),
        };
        if cpu.is_some_and(|cpu| cpu > run.cpu()) {
            stop_with(Stop::Limit(LimitHit::Cpu), &mut stop);
        }
    }
    let wall = start.elapsed();
    // Kill the rest of the group (or of the sandbox) while the leader is an unreaped zombie,
    // so its id cannot have been reused.
    if whole_namespace {
        kill_namespace();
    } else {
        // SAFETY: plain system call.
        unsafe { libc::killpg(pid, libc::SIGKILL) };
    }
    // A failed wait (never expected for our own child) leaves a zero status and usage.
    let (status, usage) = reap_with_usage(pid).unwrap_or_default();
    Watched {
        status,
        usage,
        wall,
        max_sampled_rss: max_rss,
        max_tree_bytes: max_tree,
        stop,
    }
}
