//! Starting full isolation: the outer launcher (on the host) creates the sandbox's cgroup, then
//! an inner launcher in new user, PID, mount, network, IPC and UTS namespaces, whose user and
//! group ids it maps; the inner launcher, PID 1 of its namespace and a member of the cgroup,
//! assembles the sandbox's root ([`super::rootfs`]) and serves the runs. The outer launcher
//! waits for it, then removes the cgroup.
//!
//! Why two processes: only a process in the parent user namespace may write a map of more than
//! one id (root maps the candidate to `nobody`, 65534, so that it is not the host's root even
//! inside: the kernel compares sysctl writers with the host's root uid), and only the first
//! process of a new PID namespace is its PID 1. PID 1 is what the launcher must be: the
//! candidate is then its child, so default signal actions work for the candidate (a PID 1
//! ignores them, and `abort()` would not end it), orphans are re-parented to the launcher, and
//! `kill(-1, SIGKILL)` from the launcher reaches exactly the sandbox's processes. When PID 1
//! exits the kernel kills everything left in the namespace.
//!
//! The namespaces are created by a raw `clone` system call with namespace flags and no new
//! stack, i.e. a `fork` into new namespaces: no crate offers that (`nix::sched::clone` needs a
//! separate stack and `unshare` cannot make the caller PID 1). The launcher is single-threaded,
//! as a new user namespace requires.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::cgroup::{self, SandboxCgroup};
use super::isolation::DISABLE_NAMESPACES_ENV;
use super::rootfs::{Owner, SandboxRoot};
use super::spawn::Credentials;

/// The namespaces of a fully isolated sandbox, as reports name them.
pub(crate) const NAMESPACES: [&str; 6] = ["user", "pid", "mount", "net", "ipc", "uts"];

const FLAGS: [libc::c_int; 6] = [
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNS,
    libc::CLONE_NEWNET,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUTS,
];

/// uid and gid of the candidate when the harness is root: `nobody`.
const NOBODY: u32 = 65534;

/// Everything the inner launcher works with.
pub(crate) struct Inner {
    /// The sandbox's root file system.
    pub root: SandboxRoot,
    /// The sandbox's cgroup.
    pub cgroup: SandboxCgroup,
    /// Who the candidate runs as, inside the namespaces.
    pub credentials: Credentials,
    /// Whether stdout and stderr live in a tmpfs, so their pages are charged to the cgroup.
    pub outputs_in_memory: bool,
    /// Host uid and gid of the candidate, when they differ from the harness's.
    pub candidate_owner: Option<(u32, u32)>,
}

/// What the outer launcher keeps of a started inner launcher.
pub(crate) struct Started {
    /// The inner launcher's pid (on the host).
    pub pid: libc::pid_t,
    /// The cgroup directories to remove when it is gone.
    pub cgroup_dirs: Vec<PathBuf>,
}

/// `fork` into the given namespaces: 0 in the child, the child's pid in the parent.
fn clone_into(flags: libc::c_int) -> io::Result<libc::pid_t> {
    // SAFETY: a clone without CLONE_VM and with a null stack behaves as fork: the child runs on
    // a copy of this single-threaded process's memory.
    let r = unsafe {
        libc::syscall(
            libc::SYS_clone,
            (flags | libc::SIGCHLD) as libc::c_ulong,
            0usize,
            0usize,
            0usize,
            0usize,
        )
    };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(r as libc::pid_t)
}

fn wait_for(pid: libc::pid_t) -> i32 {
    let mut status = 0;
    loop {
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return status;
        }
    }
}

/// Which namespace cannot be created, tried one at a time (with a user namespace, as an
/// ordinary user needs), and what to change.
fn diagnose(all: &io::Error) -> String {
    for (i, name) in NAMESPACES.iter().enumerate() {
        let flags = libc::CLONE_NEWUSER | FLAGS[i];
        match clone_into(flags) {
            // SAFETY: the child only exits.
            Ok(0) => unsafe { libc::_exit(0) },
            Ok(pid) => {
                wait_for(pid);
            }
            Err(e) => {
                return format!("cannot create a {name} namespace: {e}{}", userns_hint(i));
            }
        }
    }
    format!("cannot create the namespaces: {all}")
}

/// Tries to create each kind of namespace alone (inside a new user namespace, as an ordinary
/// user must): the name of each with the error, if creating it failed.
pub(crate) fn probe_namespaces() -> Vec<(String, Option<String>)> {
    let disabled = std::env::var_os(DISABLE_NAMESPACES_ENV).is_some_and(|v| v == "1");
    NAMESPACES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let error = if disabled {
                Some(format!("disabled by {DISABLE_NAMESPACES_ENV}=1"))
            } else {
                match clone_into(libc::CLONE_NEWUSER | FLAGS[i]) {
                    // SAFETY: the child only exits.
                    Ok(0) => unsafe { libc::_exit(0) },
                    Ok(pid) => {
                        wait_for(pid);
                        None
                    }
                    Err(e) => Some(e.to_string()),
                }
            };
            (name.to_string(), error)
        })
        .collect()
}

/// What to change when user namespaces are refused, from the sysctls that commonly forbid
/// them; `None` when none of them is the cause.
pub(crate) fn userns_advice() -> Option<String> {
    let read = |path: &str| fs::read_to_string(path).ok().map(|t| t.trim().to_string());
    if read("/proc/sys/user/max_user_namespaces").as_deref() == Some("0") {
        return Some(
            "user.max_user_namespaces is 0: `sysctl -w user.max_user_namespaces=15000`".into(),
        );
    }
    if read("/proc/sys/kernel/unprivileged_userns_clone").as_deref() == Some("0") {
        return Some(
            "unprivileged user namespaces are off: `sysctl -w kernel.unprivileged_userns_clone=1`"
                .into(),
        );
    }
    if read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns").as_deref() == Some("1") {
        return Some("AppArmor restricts unprivileged user namespaces: `sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`, or an AppArmor profile allowing `userns` for stressjudge".into());
    }
    None
}

/// Advice after namespace number `failed` (in [`NAMESPACES`] order) could not be created.
fn userns_hint(failed: usize) -> String {
    if failed != 0 {
        return String::new();
    }
    userns_advice()
        .map(|advice| format!(" ({advice})"))
        .unwrap_or_default()
}

/// The id maps of the inner launcher: ns 0 is the harness's user (so the launcher may open the
/// harness's files); as root, ns 65534 is the host's 65534 for the candidate.
fn write_maps(pid: libc::pid_t) -> Result<(), String> {
    // SAFETY: no preconditions.
    let (euid, egid) = unsafe { (libc::geteuid(), libc::getegid()) };
    let write = |file: &str, text: &str| {
        let path = format!("/proc/{pid}/{file}");
        fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"))
    };
    if euid == 0 {
        write("uid_map", &format!("0 0 1\n{NOBODY} {NOBODY} 1\n"))?;
        write("gid_map", &format!("0 {egid} 1\n{NOBODY} {NOBODY} 1\n"))
    } else {
        write("uid_map", &format!("0 {euid} 1\n"))?;
        write("setgroups", "deny")?;
        write("gid_map", &format!("0 {egid} 1\n"))
    }
}

/// Whether `dir` is on a tmpfs (so files written there are charged to the writer's cgroup).
fn on_tmpfs(dir: &Path) -> bool {
    rustix::fs::statfs(dir).is_ok_and(|s| s.f_type == libc::TMPFS_MAGIC)
}

/// Starts full isolation for the sandbox directory `dir` with at most `process_limit`
/// processes per run. In the outer launcher it returns once the inner launcher is ready (or
/// why it could not be). The inner launcher never returns: it runs `serve` and exits.
pub(crate) fn start(
    dir: &Path,
    process_limit: u32,
    serve: impl FnOnce(Inner) -> i32,
) -> Result<Started, String> {
    if std::env::var_os(DISABLE_NAMESPACES_ENV).is_some_and(|v| v == "1") {
        return Err(format!("namespaces disabled by {DISABLE_NAMESPACES_ENV}=1"));
    }
    let site = cgroup::detect()?;
    let cgroup = site.create(std::process::id(), process_limit)?;
    let dirs = cgroup.dirs().to_vec();
    let fail = |reason: String| {
        cgroup::remove_dirs(&dirs, Duration::from_secs(2));
        reason
    };
    let (go_read, go_write) = io::pipe().map_err(|e| fail(format!("pipe: {e}")))?;
    let (status_read, status_write) = io::pipe().map_err(|e| fail(format!("pipe: {e}")))?;
    // SAFETY: no preconditions.
    let as_root = unsafe { libc::geteuid() } == 0;
    let flags = FLAGS.iter().fold(0, |all, f| all | f);
    let pid = match clone_into(flags) {
        Ok(pid) => pid,
        Err(e) => return Err(fail(diagnose(&e))),
    };
    if pid == 0 {
        drop(go_write);
        drop(status_read);
        let code = inner_main(dir, as_root, cgroup, go_read, status_write, serve);
        std::process::exit(code);
    }
    drop(go_read);
    drop(status_write);
    let abort = |reason: String| {
        // SAFETY: our own child.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        wait_for(pid);
        fail(reason)
    };
    if let Err(e) = write_maps(pid) {
        return Err(abort(e));
    }
    if let Err(e) = cgroup.attach(pid) {
        return Err(abort(e));
    }
    let mut go_write = go_write;
    if let Err(e) = go_write.write_all(b"g") {
        return Err(abort(format!(
            "the inner launcher died before its setup: {e}"
        )));
    }
    drop(go_write);
    let mut status = String::new();
    let _ = (&status_read).read_to_string(&mut status);
    if status.trim() != "ok" {
        let reason = match status.trim().strip_prefix("error: ") {
            Some(reason) => reason.to_string(),
            None => "the inner launcher died during its setup".to_string(),
        };
        return Err(abort(reason));
    }
    Ok(Started {
        pid,
        cgroup_dirs: dirs.clone(),
    })
}

/// The inner launcher: wait for the id maps, assemble the root, report, serve.
fn inner_main(
    dir: &Path,
    as_root: bool,
    cgroup: SandboxCgroup,
    go: io::PipeReader,
    status: io::PipeWriter,
    serve: impl FnOnce(Inner) -> i32,
) -> i32 {
    // Die with the outer launcher (which the harness may kill); the kernel then kills the
    // whole PID namespace.
    // SAFETY: plain prctl.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) };
    let mut byte = [0u8; 1];
    if (&go).read(&mut byte).unwrap_or(0) != 1 {
        return 1; // The outer launcher is gone.
    }
    drop(go);
    let report = |mut status: &io::PipeWriter, text: &str| {
        let _ = status.write_all(text.as_bytes());
    };
    let (uid, gid, drop_groups) = if as_root {
        (NOBODY, NOBODY, true)
    } else {
        (0, 0, false)
    };
    let outputs_in_memory = on_tmpfs(dir);
    let root = match SandboxRoot::assemble(dir, Owner { uid, gid }) {
        Ok(root) => root,
        Err(e) => {
            report(&status, &format!("error: {e}\n"));
            return 1;
        }
    };
    let last_cap = fs::read_to_string("/proc/sys/kernel/cap_last_cap")
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(63);
    // Nothing this process starts may ever gain a capability; its own stay (it never execs).
    for cap in 0..=last_cap {
        // SAFETY: plain prctl; an unknown capability number only fails.
        unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong, 0, 0, 0) };
    }
    report(&status, "ok\n");
    drop(status);
    // Nobody in the sandbox may look into this process (its descriptors reach the host).
    // SAFETY: plain prctl.
    unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0 as libc::c_ulong) };
    serve(Inner {
        root,
        cgroup,
        credentials: Credentials {
            uid,
            gid,
            drop_groups,
            last_cap,
        },
        outputs_in_memory,
        candidate_owner: as_root.then_some((NOBODY, NOBODY)),
    })
}

/// In the outer launcher after a successful start: give the harness's pipes to the inner
/// launcher alone, wait for it to end, remove the cgroup and (the harness being gone) the
/// sandbox directory. Returns the exit code.
pub(crate) fn supervise(started: Started, dir: Option<&Path>) -> i32 {
    if let Ok(null) = File::options().read(true).write(true).open("/dev/null") {
        // SAFETY: replacing our own standard descriptors.
        unsafe {
            libc::dup2(null.as_raw_fd(), 0);
            libc::dup2(null.as_raw_fd(), 1);
        }
    }
    wait_for(started.pid);
    cgroup::remove_dirs(&started.cgroup_dirs, Duration::from_secs(2));
    if let Some(dir) = dir {
        let _ = fs::remove_dir_all(dir);
    }
    0
}
