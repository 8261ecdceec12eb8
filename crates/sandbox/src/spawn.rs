//! Starting the candidate: `fork`, set up the child, `execve`.
//!
//! Everything the child needs is prepared before the fork ([`Prepared`]); between `fork` and
//! `execve` the child makes only async-signal-safe system calls and never allocates.

use std::ffi::{CString, OsStr};
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::ptr;

use super::wire::WireRun;

/// Bytes of address space allowed beyond the memory limit at least (see [`Rlimits`]).
const AS_SLACK_BYTES: u64 = 1 << 30;

/// Room past the output limit that `RLIMIT_FSIZE` leaves a file: the launcher cuts stdout and
/// stderr back to the limit every tick (5 ms; see `watch`), so a flood keeps running, as under
/// DOMjudge's runguard; only a flood faster than this per tick reaches the backstop.
pub(crate) const FLOOD_ROOM_BYTES: u64 = 256 << 20;

/// The rlimits of one run, already clamped to the launcher's hard limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rlimits {
    /// `RLIMIT_CPU` in seconds (soft, hard): a backstop behind the launcher's own sampling.
    pub cpu: (u64, u64),
    /// `RLIMIT_FSIZE`: the output limit + 1 + [`FLOOD_ROOM_BYTES`], a backstop: stdout and
    /// stderr are cut back to the limit + 1 every tick, any other file (an output file of file
    /// I/O) stops here with `SIGXFSZ`.
    pub fsize: u64,
    /// `RLIMIT_AS` hard limit: a generous backstop, max(4 x memory, memory + 1 GiB); none for
    /// a run that asked for [`super::RunRequest::unlimited_address_space`] (AddressSanitizer's
    /// shadow).
    pub address_space: u64,
    /// `RLIMIT_AS` soft limit: the backstop, or the run's own
    /// [`super::RunRequest::address_space`] when lower (problemtools' rule for a Kattis
    /// package).
    pub address_space_soft: u64,
    /// `RLIMIT_STACK` soft limit: three quarters of the memory limit. Deep recursion gets most of
    /// the memory (192 MiB of a 256 MiB limit), and a runaway recursion overflows the stack
    /// (SIGSEGV, a run-time error as ICPC judges report it) before its resident memory reaches
    /// the memory limit, so it is not mistaken for a memory bomb. Unlimited with an exact
    /// address-space limit, as problemtools sets it beside its `RLIMIT_AS` (`run/program.py`):
    /// the address space bounds the stack then, and threads get glibc's default stacks
    /// instead of a share of the limit each (a Ruby interpreter's threads would not fit).
    pub stack: u64,
    /// `RLIMIT_DATA`: unlimited for a candidate (its memory is sampled), the memory limit for
    /// a build step, whose compiler processes the basic sandbox does not sample.
    pub data: u64,
}

/// `RLIMIT_STACK` soft limit of a build step: more than the usual 8 MiB for deeply recursive
/// template instantiation, yet small enough that glibc's default thread stacks (sized by it)
/// do not eat a compiler's address space.
const BUILD_STACK_BYTES: u64 = 64 << 20;

impl Rlimits {
    /// The rlimits for a run's limits.
    pub fn for_run(run: &WireRun) -> Self {
        let cpu_soft = (run.cpu().as_secs_f64() * 1.5).ceil() as u64 + 1;
        let memory = run.memory_bytes;
        let build = run.build.as_ref();
        let address_space = if run.unlimited_address_space {
            libc::RLIM_INFINITY
        } else {
            memory
                .saturating_mul(4)
                .max(memory.saturating_add(AS_SLACK_BYTES))
        };
        let address_space_soft = match run.address_space {
            Some(exact) if !run.unlimited_address_space => exact.min(address_space),
            _ => address_space,
        };
        Rlimits {
            cpu: (cpu_soft, cpu_soft + 1),
            fsize: build.map_or_else(
                || {
                    run.output_bytes
                        .saturating_add(1)
                        .saturating_add(FLOOD_ROOM_BYTES)
                },
                |b| b.file_bytes,
            ),
            address_space,
            address_space_soft,
            stack: match build {
                None if address_space_soft < address_space => libc::RLIM_INFINITY,
                None => (memory / 4 * 3).max(8 << 20),
                Some(_) => BUILD_STACK_BYTES.min(memory),
            },
            data: build.map_or(libc::RLIM_INFINITY, |b| b.data_bytes),
        }
    }
}

/// Which step of the child's setup failed, reported with its errno.
const STAGES: [&str; 7] = [
    "setpgid",
    "dup2",
    "chdir",
    "setrlimit",
    "execve",
    "prctl",
    "dropping privileges",
];

/// Who a fully isolated candidate runs as, inside the sandbox's user namespace, and how to
/// take every privilege away from it before `execve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Credentials {
    /// uid (and below gid) inside the namespace: 65534 when the harness is root, else 0 (the
    /// only id an ordinary user can map), which without capabilities is nobody special.
    pub uid: u32,
    /// gid inside the namespace.
    pub gid: u32,
    /// Whether to clear the supplementary groups (not allowed, and not needed, when the
    /// namespace was set up by an ordinary user).
    pub drop_groups: bool,
    /// The highest capability number this kernel knows (`/proc/sys/kernel/cap_last_cap`).
    pub last_cap: u32,
}

/// A candidate ready to start: C strings, pointer arrays, rlimits.
pub(crate) struct Prepared {
    program: CString,
    // Owners of the pointers in `argv_ptrs` and `envp_ptrs`.
    _argv: Vec<CString>,
    _envp: Vec<CString>,
    argv_ptrs: Vec<*const libc::c_char>,
    envp_ptrs: Vec<*const libc::c_char>,
    workdir: CString,
    rlimits: [(RlimitResource, libc::rlimit); 6],
    credentials: Option<Credentials>,
}

#[cfg(target_env = "gnu")]
type RlimitResource = libc::__rlimit_resource_t;
#[cfg(not(target_env = "gnu"))]
type RlimitResource = libc::c_int;

fn cstring(bytes: &[u8], what: &str) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{what} contains a NUL byte"),
        )
    })
}

fn hard_limit(resource: RlimitResource) -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: `lim` is a valid out-parameter.
    unsafe { libc::getrlimit(resource, &mut lim) };
    lim.rlim_max
}

fn clamped(resource: RlimitResource, soft: u64, hard: u64) -> (RlimitResource, libc::rlimit) {
    let max = hard_limit(resource);
    let lim = libc::rlimit {
        rlim_cur: soft.min(max),
        rlim_max: hard.min(max),
    };
    (resource, lim)
}

impl Prepared {
    /// Converts a run request; fails on an empty argv or a NUL byte. With `credentials`
    /// (full isolation) the child becomes that user and drops every capability.
    pub fn new(run: &WireRun, credentials: Option<Credentials>) -> io::Result<Self> {
        let Some(first) = run.argv.first() else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty argv"));
        };
        let program = cstring(first, "the program path")?;
        // The program is executed by its path; what it sees as `argv[0]` may be another name.
        let argv = std::iter::once(run.argv0.as_ref().unwrap_or(first))
            .chain(run.argv.iter().skip(1))
            .map(|a| cstring(a, "an argument"))
            .collect::<io::Result<Vec<_>>>()?;
        let envp = run
            .env
            .iter()
            .map(|e| cstring(e, "an environment entry"))
            .collect::<io::Result<Vec<_>>>()?;
        let argv_ptrs = argv
            .iter()
            .map(|c| c.as_ptr())
            .chain([ptr::null()])
            .collect();
        let envp_ptrs = envp
            .iter()
            .map(|c| c.as_ptr())
            .chain([ptr::null()])
            .collect();
        let r = Rlimits::for_run(run);
        let stack_hard = hard_limit(libc::RLIMIT_STACK);
        Ok(Prepared {
            program,
            _argv: argv,
            _envp: envp,
            argv_ptrs,
            envp_ptrs,
            workdir: cstring(&run.workdir, "the working directory")?,
            rlimits: [
                clamped(libc::RLIMIT_CORE, 0, 0),
                clamped(libc::RLIMIT_CPU, r.cpu.0, r.cpu.1),
                clamped(libc::RLIMIT_FSIZE, r.fsize, r.fsize),
                clamped(libc::RLIMIT_AS, r.address_space_soft, r.address_space),
                clamped(libc::RLIMIT_STACK, r.stack, stack_hard),
                clamped(libc::RLIMIT_DATA, r.data, r.data),
            ],
            credentials,
        })
    }

    /// The program path, for messages.
    pub fn program(&self) -> &OsStr {
        OsStr::from_bytes(self.program.as_bytes())
    }
}

/// The candidate's standard streams, opened close-on-exec by the launcher.
pub(crate) struct Stdio {
    /// Read end: the stdin file.
    pub stdin: File,
    /// The stdout file.
    pub stdout: File,
    /// The stderr file.
    pub stderr: File,
    /// The file of descriptor 3, when the run asked for one
    /// ([`super::RunRequest::report_fd`]).
    pub report: Option<File>,
}

/// The error of a failed start: which step failed and the errno.
#[derive(Debug)]
pub(crate) struct SpawnError {
    /// The failed step ("execve", "chdir", ...), or "fork"/"pipe2" in the launcher.
    pub stage: &'static str,
    /// The OS error.
    pub error: io::Error,
}

/// Where the child reports a failed setup step; written by the child, read by the parent
/// after the child has exec'd or exited (the parent is suspended meanwhile).
#[repr(C)]
struct Report {
    failed: bool,
    stage: u8,
    errno: i32,
}

/// Everything the child reads, in the parent's memory (shared with `CLONE_VM`).
struct ChildArgs<'a> {
    prepared: &'a Prepared,
    stdio: [RawFd; 3],
    /// Descriptor 3's file, or -1.
    report: RawFd,
    empty_mask: libc::sigset_t,
    launcher: libc::pid_t,
    report_at: *mut Report,
}

/// Bytes of the child's own stack between `clone` and `execve`.
const CHILD_STACK_BYTES: usize = 64 * 1024;

/// Starts the candidate in its own process group; returns its pid once `execve` has succeeded
/// (or the failure).
///
/// Uses `clone(CLONE_VM | CLONE_VFORK)` on a separate stack, as `posix_spawn` does: no page
/// tables are copied, and the launcher sleeps until the child has called `execve` or died,
/// so a setup failure can be read straight from shared memory.
pub(crate) fn spawn(p: &Prepared, stdio: &Stdio) -> Result<libc::pid_t, SpawnError> {
    let mut report = Report {
        failed: false,
        stage: 0,
        errno: 0,
    };
    let mut empty_mask = std::mem::MaybeUninit::<libc::sigset_t>::uninit();
    let mut all = std::mem::MaybeUninit::<libc::sigset_t>::uninit();
    let mut old = std::mem::MaybeUninit::<libc::sigset_t>::uninit();
    // SAFETY: the set functions initialise the sets.
    let (empty_mask, all) = unsafe {
        libc::sigemptyset(empty_mask.as_mut_ptr());
        libc::sigfillset(all.as_mut_ptr());
        (empty_mask.assume_init(), all.assume_init())
    };
    let args = ChildArgs {
        prepared: p,
        stdio: [
            stdio.stdin.as_raw_fd(),
            stdio.stdout.as_raw_fd(),
            stdio.stderr.as_raw_fd(),
        ],
        report: stdio.report.as_ref().map_or(-1, |f| f.as_raw_fd()),
        empty_mask,
        // SAFETY: getpid has no preconditions.
        launcher: unsafe { libc::getpid() },
        report_at: &mut report,
    };
    let mut stack = vec![0u8; CHILD_STACK_BYTES];
    // SAFETY: the stack grows down from the (16-byte aligned) end of `stack`, which outlives
    // the child's use of it (the parent is suspended until the child execs or exits). Signals
    // stay blocked until the child has reset every handler this process installed.
    let pid = unsafe {
        let top = stack.as_mut_ptr().add(CHILD_STACK_BYTES);
        let top = top.sub(top as usize % 16);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, old.as_mut_ptr());
        let pid = libc::clone(
            child_entry,
            top.cast(),
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            (&args as *const ChildArgs).cast_mut().cast(),
        );
        let clone_error = io::Error::last_os_error();
        libc::pthread_sigmask(libc::SIG_SETMASK, old.as_ptr(), ptr::null_mut());
        if pid < 0 {
            return Err(SpawnError {
                stage: "clone",
                error: clone_error,
            });
        }
        pid
    };
    drop(stack);
    // SAFETY: the child has exec'd or exited, so nothing else touches `report` any more.
    let report = unsafe { ptr::read_volatile(args.report_at) };
    if !report.failed {
        return Ok(pid);
    }
    let mut status = 0;
    // SAFETY: reaping our own child, which has exited or is exiting.
    unsafe { libc::waitpid(pid, &mut status, 0) };
    Err(SpawnError {
        stage: STAGES
            .get(report.stage as usize)
            .copied()
            .unwrap_or("setup"),
        error: io::Error::from_raw_os_error(report.errno),
    })
}

extern "C" fn child_entry(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the `ChildArgs` the suspended parent passed to clone.
    unsafe { child_setup(&*(arg as *const ChildArgs)) }
}

/// The child between `clone` and `execve`. Async-signal-safe calls only, no allocation, and
/// no writes to shared memory except the report.
unsafe fn child_setup(a: &ChildArgs) -> ! {
    let fail = |stage: u8| -> ! {
        let errno = *libc::__errno_location();
        ptr::write_volatile(
            a.report_at,
            Report {
                failed: true,
                stage,
                errno,
            },
        );
        libc::_exit(127)
    };
    // Handlers installed by the Rust runtime (stack overflow) and the ignored SIGPIPE go back
    // to their defaults before any signal can be delivered.
    for sig in [libc::SIGSEGV, libc::SIGBUS, libc::SIGPIPE] {
        libc::signal(sig, libc::SIG_DFL);
    }
    if libc::setpgid(0, 0) < 0 {
        fail(0);
    }
    // Die with the launcher; its descendants die through the group kill of the harness.
    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) < 0 {
        fail(5);
    }
    if libc::getppid() != a.launcher {
        libc::_exit(127);
    }
    for (target, &fd) in a.stdio.iter().enumerate() {
        if libc::dup2(fd, target as RawFd) < 0 {
            fail(1);
        }
    }
    // Descriptor 3 for the program's report; `dup2` onto itself would keep close-on-exec.
    if a.report == 3 && libc::fcntl(3, libc::F_SETFD, 0) < 0 {
        fail(1);
    }
    if a.report >= 0 && a.report != 3 && libc::dup2(a.report, 3) < 0 {
        fail(1);
    }
    let p = a.prepared;
    if libc::chdir(p.workdir.as_ptr()) < 0 {
        fail(2);
    }
    for (resource, lim) in &p.rlimits {
        if libc::setrlimit(*resource, lim) < 0 {
            fail(3);
        }
    }
    // Let the OOM killer pick the candidate before the launcher or the harness.
    let oom = libc::open(
        c"/proc/self/oom_score_adj".as_ptr(),
        libc::O_WRONLY | libc::O_CLOEXEC,
    );
    if oom >= 0 {
        libc::write(oom, b"1000".as_ptr().cast(), 4);
        libc::close(oom);
    }
    if let Some(c) = &p.credentials {
        if drop_privileges(c).is_err() {
            fail(6);
        }
    }
    libc::sigprocmask(libc::SIG_SETMASK, &a.empty_mask, ptr::null_mut());
    libc::execve(
        p.program.as_ptr(),
        p.argv_ptrs.as_ptr(),
        p.envp_ptrs.as_ptr(),
    );
    fail(4)
}

/// `_LINUX_CAPABILITY_VERSION_3`: 64-bit capability sets.
const CAPABILITY_VERSION_3: u32 = 0x2008_0522;

/// Becomes `c.uid`/`c.gid` with no capability left and none obtainable: `root` given no
/// special meaning by `execve` (`SECBIT_NOROOT`, locked), supplementary groups cleared, ids
/// set, all capability sets emptied, `no_new_privs` set. The bounding set is already empty
/// (the launcher emptied its own once); it is checked. Raw system calls only: glibc's
/// `setresuid` would try to reach every thread of the launcher it thinks it is.
unsafe fn drop_privileges(c: &Credentials) -> Result<(), ()> {
    let check = |r: libc::c_long| if r < 0 { Err(()) } else { Ok(()) };
    // 21: CAP_SYS_ADMIN.
    for cap in [21, c.last_cap] {
        if libc::prctl(libc::PR_CAPBSET_READ, cap as libc::c_ulong, 0, 0, 0) != 0 {
            return Err(());
        }
    }
    let bits = libc::SECBIT_NOROOT
        | libc::SECBIT_NOROOT_LOCKED
        | libc::SECBIT_NO_SETUID_FIXUP_LOCKED
        | libc::SECBIT_KEEP_CAPS_LOCKED
        | libc::SECBIT_NO_CAP_AMBIENT_RAISE
        | libc::SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED;
    check(libc::prctl(libc::PR_SET_SECUREBITS, bits as libc::c_ulong, 0, 0, 0) as libc::c_long)?;
    if c.drop_groups {
        check(libc::syscall(
            libc::SYS_setgroups,
            0usize,
            ptr::null::<libc::gid_t>(),
        ))?;
    }
    let (uid, gid) = (c.uid as libc::c_ulong, c.gid as libc::c_ulong);
    check(libc::syscall(libc::SYS_setresgid, gid, gid, gid))?;
    check(libc::syscall(libc::SYS_setresuid, uid, uid, uid))?;
    #[repr(C)]
    struct Header {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: CAPABILITY_VERSION_3,
        pid: 0,
    };
    let none = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    check(libc::syscall(
        libc::SYS_capset,
        &header as *const Header,
        none.as_ptr(),
    ))?;
    check(libc::prctl(
        libc::PR_CAP_AMBIENT,
        libc::PR_CAP_AMBIENT_CLEAR_ALL as libc::c_ulong,
        0,
        0,
        0,
    ) as libc::c_long)?;
    check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1 as libc::c_ulong, 0, 0, 0) as libc::c_long)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(cpu_ms: u64, memory: u64, output: u64) -> WireRun {
        WireRun {
            argv: vec![b"/bin/true".to_vec()],
            env: vec![],
            stdin: b"/dev/null".to_vec(),
            workdir: b"/".to_vec(),
            readonly: vec![],
            stdout: vec![],
            stderr: vec![],
            cpu_ns: cpu_ms * 1_000_000,
            wall_ns: 0,
            memory_bytes: memory,
            output_bytes: output,
            read_only_workdir: false,
            unlimited_address_space: false,
            address_space: None,
            argv0: None,
            report: None,
            build: None,
        }
    }

    #[test]
    fn rlimits_follow_the_documented_formulas() {
        let r = Rlimits::for_run(&run(1000, 256 << 20, 64 << 20));
        assert_eq!(r.cpu, (3, 4));
        assert_eq!(r.fsize, (64 << 20) + 1 + FLOOD_ROOM_BYTES);
        assert_eq!(r.address_space, (256 << 20) + (1 << 30));
        assert_eq!(r.stack, 192 << 20);
        let r = Rlimits::for_run(&run(2500, 1 << 30, 10));
        assert_eq!(r.cpu, (5, 6));
        assert_eq!(r.address_space, 4 << 30);
        assert_eq!(r.fsize, 11 + FLOOD_ROOM_BYTES);
        assert_eq!(r.data, libc::RLIM_INFINITY);
        let mut sanitized = run(1000, 256 << 20, 64 << 20);
        sanitized.unlimited_address_space = true;
        assert_eq!(
            Rlimits::for_run(&sanitized).address_space,
            libc::RLIM_INFINITY
        );
        sanitized.address_space = Some(256 << 20);
        assert_eq!(
            Rlimits::for_run(&sanitized).address_space_soft,
            libc::RLIM_INFINITY
        );
        let mut kattis = run(1000, 256 << 20, 64 << 20);
        kattis.address_space = Some(256 << 20);
        let r = Rlimits::for_run(&kattis);
        assert_eq!(r.address_space_soft, 256 << 20);
        assert_eq!(r.address_space, (256 << 20) + (1 << 30));
        assert_eq!(r.stack, libc::RLIM_INFINITY);
    }

    #[test]
    fn a_build_step_has_its_heap_and_files_bounded() {
        let mut build = run(60_000, 2 << 30, 64 << 10);
        build.build = Some(Box::new(super::super::wire::WireBuild {
            writable: vec![],
            data_bytes: 2 << 30,
            file_bytes: 1 << 30,
        }));
        let r = Rlimits::for_run(&build);
        assert_eq!(r.data, 2 << 30);
        assert_eq!(r.fsize, 1 << 30);
        assert_eq!(r.stack, BUILD_STACK_BYTES);
        assert_eq!(r.address_space, 8 << 30);
    }

    #[test]
    fn nul_bytes_and_empty_argv_are_rejected() {
        let mut r = run(1000, 1 << 20, 1);
        r.argv = vec![];
        assert!(Prepared::new(&r, None).is_err());
        r.argv = vec![b"/bin/t\0rue".to_vec()];
        assert!(Prepared::new(&r, None).is_err());
    }
}
