//! stressjudge's sandbox (the `run` step of the pipeline, step 4): one sandboxed process tree under
//! limits. Its own crate so that it is the only code of stressjudge allowed `unsafe`.
//!
//! # Shape
//!
//! The harness talks to a persistent **launcher** process ([`Sandbox`]); the launcher starts one
//! candidate per request and answers with what it measured. The launcher is `stressjudge
//! __launcher`, a freshly exec'd, single-threaded process that stays a few MiB in size whatever
//! the harness holds. Requests and answers are JSON lines on the launcher's stdin and stdout
//! (see `wire`); the first request says how to isolate runs and the first answer says what the
//! sandbox has ([`Isolation`]).
//!
//! # Isolation levels
//!
//! The caller demands [`IsolationDemand::Full`], [`IsolationDemand::Basic`] or
//! [`IsolationDemand::Auto`] (full where possible, else basic) in [`SandboxOptions`];
//! [`Sandbox::isolation`] tells what it got. Demanding full on a machine that cannot give it is
//! an error saying why. The command line decides once per process
//! ([`configure_process`]), so every run of one command has the same isolation and every report
//! says which (`isolation: ...`, and an `"isolation"` JSON field).
//!
//! **Full isolation** (`contain`, `rootfs`, `cgroup`): the launcher creates a cgroup and new
//! user, PID, mount, network, IPC and UTS namespaces once, and an inner launcher living in them
//! serves every run:
//!
//! - The inner launcher is PID 1 of the sandbox's PID namespace and the candidate its child:
//!   the candidate sees only its own processes in a fresh `/proc`, default signal actions work
//!   for it, orphans come back to the launcher, `kill(-1, SIGKILL)` from the launcher reaches
//!   exactly the sandbox, and if the launcher dies the kernel kills everything in it. A
//!   candidate's `kill(-1)` or a signal to its parent reaches only the sandbox (and PID 1
//!   ignores signals from inside).
//! - No network: an empty network namespace, loopback down.
//! - Files: a root of its own (`rootfs`): the system directories read-only, `/dev` with the
//!   harmless devices, a private size-capped `/tmp` emptied after each run, the working
//!   directory `/box`, and the paths a run lists in [`RunRequest::readonly`] (its binary, an
//!   interpreter's installation, a script), read-only at their own paths. The build cache, the
//!   failure folder, other sandboxes, the harness's temporary files (inputs, answers) and the
//!   user's home are not there.
//! - The candidate runs as `nobody` (65534) when the harness is root (so it is not the host's
//!   root even inside: sysctl writes compare with the host's root uid; `/proc/sys` is
//!   read-only as well), else as the namespace's uid 0, which is the invoking user; either way
//!   with no capability left (bounding set emptied, `SECBIT_NOROOT` locked, `no_new_privs`).
//!   The inner launcher is not dumpable, so the candidate cannot look into it through `/proc`.
//! - The cgroup (v2 where the harness may write a subtree with the `memory` and `pids`
//!   controllers: as root, or delegated by systemd to an ordinary user; else v1 `memory`,
//!   `pids` and `cpuacct` as root) holds the inner launcher and every process of the runs: the
//!   memory of the whole process tree is sampled every tick and bounded by a hard limit, an
//!   OOM kill in it is a memory limit (MLE) and not a crash, forks beyond the process cap
//!   ([`SandboxOptions::process_limit`], default [`DEFAULT_PROCESS_LIMIT`]; threads count)
//!   fail, and CPU time of the whole tree is watched in flight. The launcher removes the cgroup
//!   when it ends; the harness removes it if it had to kill the launcher, and the next
//!   launcher removes any left by launchers that were killed with their harness.
//!
//! **Basic isolation** (the fallback, e.g. in a container that forbids namespaces) is the
//! rlimit sandbox: its own process group, a child subreaper, rlimits as backstops, memory and
//! in-flight CPU of the first process only (see the table below).
//!
//! # Why a launcher: measuring the candidate's own memory
//!
//! On Linux a child's `ru_maxrss` is never below the resident size of the process that spawned
//! it at the moment of `exec`: `fork`, `vfork` and `posix_spawn` all carry the parent's
//! resident pages into the child's accounting before `exec` replaces them, and the kernel keeps
//! that high-water mark. A `/bin/true` spawned directly from a harness holding 400 MiB of
//! tables would report 423 MiB. Spawning from the small launcher instead bounds that floor by
//! the launcher's own resident size, about 3 MiB: the reported peak is
//! max(candidate's own peak, ~3 MiB). The test `small_candidate_memory_while_harness_is_large`
//! in `tests/it/hostile.rs` proves both halves: a trivial candidate run through the sandbox while
//! the test holds a touched 300 MiB table reports under 20 MiB, and the same program spawned
//! directly from the test reports over 300 MiB.
//!
//! (A plain `fork` from the launcher would lower the floor to about 1.3 MiB, because only
//! anonymous pages are copied into the child, but it costs ~0.15 ms more per run than the
//! `CLONE_VM | CLONE_VFORK` spawn used here; no real candidate is that small.)
//!
//! # One run, in the launcher
//!
//! 1. stdin is opened from the request's file, stdout and stderr are *files* in the sandbox's
//!    private directory (never pipes: output cannot block anyone, and a flood is bounded by
//!    `RLIMIT_FSIZE`, see below). The harness reads them back afterwards, at most the limit.
//!    The directory lives in `/dev/shm` when that is a tmpfs with room (file creation and
//!    deletion on a disk mounted with `discard` cost milliseconds per run), else in the
//!    system temporary directory. Under full isolation these are opened through a descriptor
//!    of the host's root kept from before the switch, since the candidate's root does not
//!    show them. The working directory holds the request's `dirs` and `files` (made by the
//!    harness), the request's `collect` files are read back after the run without following
//!    links, and it is emptied for the next run. A request's carried folder ([`Carried`]) is
//!    the exception that lasts: its files are copied in before the run and back out after it.
//!    If the harness dies without cleaning up, the launcher removes the directory as it exits.
//! 2. Under full isolation: paths the request lists as read-only and not yet visible are bound,
//!    and the cgroup's memory is read (the launcher's own share, subtracted later) and its hard
//!    limit set to memory limit + room for stdout and stderr (tmpfs pages are charged to the
//!    writer) + a little for the kernel.
//! 3. `clone(CLONE_VM | CLONE_VFORK)` on a separate stack, as `posix_spawn` does; the child
//!    (async-signal-safe calls only, everything prepared beforehand, signals blocked until the
//!    inherited handlers are reset) puts itself in its own process group, asks for `SIGKILL`
//!    if the launcher dies, wires stdin/stdout/stderr, enters its working directory, sets the
//!    rlimits, marks itself the OOM killer's first choice, under full isolation drops every
//!    privilege (raw system calls), unblocks signals and `execve`s with exactly the requested
//!    environment. A setup failure is reported through shared memory.
//! 4. The launcher waits on a pidfd with `poll` and a 5 ms tick, so it wakes at once when the
//!    candidate exits. On every tick it samples `/proc/PID/statm` (resident size: a memory bomb
//!    is killed within one tick of crossing the limit), `/proc/PID/stat` (CPU time: killed past
//!    the limit rather than at the coarser `RLIMIT_CPU` backstop), `/proc/PID/schedstat` (time
//!    spent waiting for a CPU, which the wall-clock backstop does not count) and the wall
//!    clock; under full isolation also the cgroup's memory (everything charged to it but the
//!    reclaimable page cache of regular files, minus the launcher's share and the output
//!    files) and CPU time, so the whole tree is held to the memory and CPU limits. It also
//!    watches its request pipe: a `Cancel` line kills the run, end-of-file (the harness died)
//!    kills the run and ends the launcher, so nothing is orphaned.
//! 5. When the candidate exits or a limit is hit, its whole process group (under full
//!    isolation: every process of the sandbox) gets `SIGKILL`, then `wait4` gives its exit
//!    status and `ru_maxrss`. The launcher is a child subreaper (under full isolation, PID 1),
//!    so descendants that left the group (even through `setsid`) are re-parented to it when
//!    their parents die; it kills and reaps every remaining child before answering. CPU time
//!    of the whole tree is the difference of `getrusage(RUSAGE_CHILDREN)` across the run, taken
//!    after all of that reaping. Under full isolation `/tmp` is emptied and an OOM kill in the
//!    cgroup during the run makes it a memory limit.
//!
//! If the launcher itself dies mid-run, its death signal kills the candidate and the harness
//! kills the candidate's process group (whose id the launcher reported when the run started),
//! then starts a new launcher and runs the request once more. Under basic isolation only
//! descendants that both left the group and outlived the launcher can escape that path; under
//! full isolation nothing can, since the death of the PID namespace's PID 1 kills it all.
//!
//! # File I/O
//!
//! [`Sandbox::run_with_file_io`] runs a program that reads a named input file and/or writes a
//! named output file in its working directory ([`FileIo`], Polygon's `input-file` /
//! `output-file`): the input is copied in as a read-only file like the request's `files`, stdin
//! is empty, and the output file is read back as the outcome's stdout (no links followed, at most
//! the output limit, `RLIMIT_FSIZE` bounding it as it bounds stdout). The launcher and the wire
//! protocol do not change: this is the harness's side of the working directory.
//!
//! # Cancelling
//!
//! [`CancelHandle::cancel`] (from any thread, e.g. a Ctrl-C handler) writes a `Cancel` line to
//! the launcher, which kills the run at its next wake-up (at once: the pipe is polled). The
//! run returns an error of kind `Interrupted`, as does every later run until
//! [`CancelHandle::reset`]. The launcher sits in its own process group, so a terminal's Ctrl-C
//! reaches only the harness.
//!
//! # Cost
//!
//! A trivial C candidate costs about as much through either sandbox as from a `/bin/sh` loop
//! (`overhead_per_trivial_run` in `tests/it/hostile.rs` and `cargo bench --bench isolation` print
//! the figures; docs/benchmarks.md has them). Full isolation adds about 0.1 to
//! 0.4 ms per run (a few cgroup file reads, the privilege drop, emptying `/tmp`), and about
//! 10 ms once per sandbox (namespaces, root file system, cgroup).
//!
//! # Limits
//!
//! | limit | enforced by | backstop |
//! |---|---|---|
//! | CPU | `/proc/PID/stat` sampling (candidate + its reaped children), under full isolation the cgroup's CPU time of the whole tree; final check on the whole tree | `RLIMIT_CPU` = ceil(1.5 x limit) + 1 s (`SIGXCPU`), hard one second later |
//! | wall | the launcher's clock minus the candidate's run delay (time spent runnable but waiting for a CPU, from `/proc/PID/schedstat`), so an overloaded machine does not turn CPU-bound runs into wall-clock TLEs ([`RunLimits::from_time_limit`] gives max(2 x TL, TL + 1 s)) | 3 x wall of real time, however starved; the harness gives up on a launcher silent for 3 x wall + 10 s and restarts it |
//! | memory | resident-size sampling of the candidate; under full isolation also of the whole tree's unreclaimable memory (kill above the limit); final check on `ru_maxrss` | full: the cgroup's hard limit (an OOM kill there is MLE); `RLIMIT_AS` = max(4 x limit, limit + 1 GiB) per process: large but untouched reservations are not punished (a run may ask for the limit itself as the soft limit, problemtools' rule, [`RunRequest::address_space`]) |
//! | output | stdout and stderr cut back to limit + 1 byte every tick (their file offset, shared with the candidate's descriptors, goes back there): output past the limit is dropped and the run goes on, as DOMjudge's runguard does; a stdout longer than the limit at a normal exit means OLE | `RLIMIT_FSIZE` = limit + 1 + 256 MiB (`SIGXFSZ`: OLE) for a flood faster than that between two ticks (a launcher starved of CPU for a quarter of a second) and for any other file; only the first 64 KiB of an over-long stdout are read back |
//! | processes | full: the cgroup's `pids.max` ([`SandboxOptions::process_limit`]) | |
//! | files | full: `/tmp` is a tmpfs of [`TMP_BYTES`]; files in `/tmp` and the working directory are memory charged to the cgroup; everything else is read-only | |
//! | core dumps | `RLIMIT_CORE` = 0 | |
//! | stack | `RLIMIT_STACK` = 3/4 of the memory limit: deep recursion works, and a runaway recursion is a SIGSEGV (RE) below the memory limit, not an MLE | |
//!
//! With `RLIMIT_STACK` raised, glibc's default thread stack grows too, so a C++ candidate
//! starting many `std::thread`s reserves (not touches) more address space; the `RLIMIT_AS`
//! slack covers a few such threads.
//!
//! Not bounded under basic isolation only: the number of processes (`RLIMIT_NPROC` counts the
//! whole user and does not apply to root), the memory and in-flight CPU of processes other than
//! the first (each is bounded by the rlimits, by the wall clock, and its CPU counts in the final
//! whole-tree check), space used by files other than stdout/stderr (each is capped by
//! `RLIMIT_FSIZE`, their number is not; in `/dev/shm` that space is RAM), and nothing separates
//! the candidate from the user it runs as (it could read the user's files, open connections
//! and signal the harness). Full isolation bounds and separates all of these; it needs Linux
//! 5.12 or later, namespaces the kernel allows, and a writable cgroup (`stressjudge doctor`
//! says what is missing).

pub mod calibration;
mod cgroup;
mod child_usage;
mod contain;
mod file_io;
mod guard;
pub mod interact;
mod isolation;
mod launcher;
mod procfs;
mod reap;
mod registry;
mod rootfs;
mod sandbox;
mod scratch;
mod signals;
mod spawn;
mod step_mounts;
mod support;
mod watch;
mod wire;
mod workdir;

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use child_usage::{reap_with_usage, wait_exited_unreaped, ChildUsage};
pub use file_io::FileIo;
pub use guard::die_with_harness;
pub use interact::{connect, interactor_wall, run_interaction, Connected, Endpoint, Transcript};
pub use isolation::{
    configure_process, process_isolation, process_options, set_build_isolation, BuildIsolation,
    CgroupInfo, Isolation, IsolationDemand, IsolationLevel, SandboxOptions, DEFAULT_PROCESS_LIMIT,
    DISABLE_CGROUPS_ENV, DISABLE_NAMESPACES_ENV,
};
pub use launcher::launcher_main;
pub use registry::{cancel_all, deregister_cancel, register_cancel};
pub use rootfs::TMP_BYTES;
pub use sandbox::{run_root, BuildPlace, CancelHandle, Sandbox};
pub use scratch::{scratch_dir, scratch_dir_named};
pub use signals::signal_name;
pub use support::{machine_support, CgroupSupport, MachineSupport};
pub use workdir::COLLECT_LIMIT;

/// Default output limit: 64 MiB of stdout.
pub const DEFAULT_OUTPUT_BYTES: u64 = 64 << 20;

/// Limits for one run of a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLimits {
    /// CPU time (user + sys of the whole process tree) past which the run is TLE.
    pub cpu: Duration,
    /// Wall-clock backstop, so a sleeping candidate is stopped (time spent waiting for a CPU
    /// does not count, up to 3 x this of real time).
    pub wall: Duration,
    /// Peak resident memory past which the run is MLE.
    pub memory_bytes: u64,
    /// Bytes of stdout past which the run is OLE.
    pub output_bytes: u64,
}

impl RunLimits {
    /// Limits derived from a time limit as judges do: wall backstop max(2 x TL, TL + 1 s).
    pub fn from_time_limit(time: Duration, memory_bytes: u64, output_bytes: u64) -> Self {
        RunLimits {
            cpu: time,
            wall: (time * 2).max(time + Duration::from_secs(1)),
            memory_bytes,
            output_bytes,
        }
    }
}

/// What to run: a program with arguments, its environment, its stdin file, what its working
/// directory holds and what is read back from it.
#[derive(Debug, Clone)]
pub struct RunRequest {
    /// Program (absolute path) followed by its arguments.
    pub argv: Vec<OsString>,
    /// The complete environment of the candidate (nothing else is inherited).
    pub env: Vec<(OsString, OsString)>,
    /// File whose contents become the candidate's stdin.
    pub stdin: PathBuf,
    /// Limits of this run.
    pub limits: RunLimits,
    /// Files copied into the working directory before the run: (relative name, harness path),
    /// e.g. a checker's input, output and answer. Readable by the candidate, not writable.
    pub files: Vec<(String, PathBuf)>,
    /// Directories created in the working directory before the run (e.g. `feedback`),
    /// writable by the candidate.
    pub dirs: Vec<String>,
    /// Files of the working directory read back after the run into
    /// [`RunOutcome::collected`], at most [`COLLECT_LIMIT`] bytes each; missing ones (and
    /// anything not a regular file) are simply absent.
    pub collect: Vec<String>,
    /// Paths outside the system directories the program must read: an interpreter's prefix,
    /// a script, a `--cmd`'s directory. Bound read-only at the same path under full isolation
    /// (the program, `argv[0]`, always is), ignored under basic isolation.
    pub readonly: Vec<PathBuf>,
    /// A folder of the working directory that lasts from one run to the next ([`Carried`]).
    pub carry: Option<Carried>,
    /// No `RLIMIT_AS` backstop: for a program built with AddressSanitizer, which reserves
    /// terabytes of address space for its shadow memory at start-up (and fails under any
    /// address-space limit). Its memory is still sampled and limited as any other run's.
    pub unlimited_address_space: bool,
    /// `RLIMIT_AS` (soft) exactly this many bytes instead of the generous backstop, the hard
    /// limit staying at the backstop: how problemtools limits a Kattis package's submission
    /// ("memlim" as an address-space rlimit), so a program reserving far more than the limit
    /// fails its allocation at once as there; the stack is unlimited then, as problemtools
    /// sets it (the address space bounds it). Ignored with
    /// [`RunRequest::unlimited_address_space`].
    pub address_space: Option<u64>,
    /// What the program sees as `argv[0]` when not the path executed (the first word of
    /// [`RunRequest::argv`]): the name a package's own tool runs it under (BAPCtools'
    /// `validation.h` switches to generator mode by its `argv[0]`).
    pub argv0: Option<OsString>,
    /// Descriptor 3 of the program is open for writing to a fresh file, read back as
    /// [`RunOutcome::report`]: a side channel for what the program measures of itself (a
    /// sanitized build's own memory). Without it descriptor 3 is closed, as every other.
    pub report_fd: bool,
}

/// A folder of the working directory kept from one run to the next in a folder of the harness:
/// its files (and subfolders) are copied in before the run, writable by the program, and what
/// the program left there (regular files and folders, no links, at most the run's output
/// limit in all) replaces them after it. A multi-pass output validator's feedback folder is
/// one: the spec keeps its files "between passes" (2025-09, "Multi-pass validation": "All
/// other files inside the feedback directory are guaranteed to persist between passes"), and
/// BAPCtools' `validate.h` keeps its pass number and state there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carried {
    /// Its name in the working directory (e.g. `feedback`).
    pub name: String,
    /// The harness's folder holding its files between runs.
    pub host: PathBuf,
}

/// How the candidate's process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Exit {
    /// Exited normally with this code.
    Code(i32),
    /// Killed by this signal number.
    Signal(i32),
}

/// Which limit, if any, the sandbox stopped the run for.
///
/// The limit whose crossing made the launcher kill the run wins. Otherwise, after the run:
/// `Output` if the candidate died of `SIGXFSZ`, then `Cpu` if the whole tree used more CPU than
/// the limit (or died of `SIGXCPU`), then `Memory` if the candidate's peak exceeded the memory
/// limit, then `Output` if it exited with code 0 and its stdout is longer than the output
/// limit. Output past the limit does not stop a run: stdout and stderr are cut back to the
/// limit as it runs (DOMjudge's runguard truncates them and lets the submission run), so a
/// flood that never ends is a time limit, and one that ends is an output limit unless it
/// crashed (DOMjudge's order: time limit, run error, output limit). A candidate that
/// only hit the `RLIMIT_AS` backstop (a failed huge allocation) reports its crash, not a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LimitHit {
    /// CPU time limit.
    Cpu,
    /// Wall-clock backstop.
    Wall,
    /// Memory limit.
    Memory,
    /// Output limit.
    Output,
}

impl AsRef<RunOutcome> for RunOutcome {
    fn as_ref(&self) -> &RunOutcome {
        self
    }
}

/// Everything measured about one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutcome {
    /// How the candidate ended.
    pub exit: Exit,
    /// User + sys CPU time of the candidate's whole process tree.
    pub cpu: Duration,
    /// Wall-clock time from start to the candidate's exit.
    pub wall: Duration,
    /// Peak memory in KiB: the candidate's own peak resident size, and under full isolation
    /// at least the whole process tree's largest sampled unreclaimable memory.
    pub peak_memory_kib: u64,
    /// Which limit stopped the run, if any.
    pub limit_hit: Option<LimitHit>,
    /// The candidate's stdout (at most the output limit; only the first 64 KiB when the output
    /// limit was hit, so a flood never grows the harness).
    pub stdout: Vec<u8>,
    /// The first few KiB of the candidate's stderr, lossily decoded.
    pub stderr_head: String,
    /// The request's `collect` files that existed after the run, with their first bytes.
    pub collected: Vec<(String, Vec<u8>)>,
    /// What the program wrote to descriptor 3 (its first [`REPORT_KEPT`] bytes), when the
    /// request asked for it ([`RunRequest::report_fd`]); empty otherwise.
    pub report: Vec<u8>,
}

/// Bytes of a run's [`RunOutcome::report`] kept.
pub const REPORT_KEPT: u64 = 4 * 1024;
