//! Making sure every process a run started is dead and reaped before the run is reported.
//!
//! The launcher is a child subreaper (`PR_SET_CHILD_SUBREAPER`): when a descendant's parent
//! dies, the descendant becomes the launcher's child, even if it left the candidate's process
//! group or session. So after the group kill, "everything is gone" is simply "the launcher has
//! no children left".

use std::io;
use std::thread;
use std::time::Duration;

/// Makes the calling process a child subreaper.
pub(crate) fn become_subreaper() -> io::Result<()> {
    // SAFETY: plain prctl with integer arguments.
    if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Sends SIGKILL to process group `pgid` and to its leader (which may have left it).
pub(crate) fn kill_group(pgid: libc::pid_t) {
    // SAFETY: plain system calls; `pgid` is our unreaped child, so its id cannot be reused.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
        libc::kill(pgid, libc::SIGKILL);
    }
}

/// Sends SIGKILL to every process this process may signal but itself: called by the inner
/// launcher, PID 1 of the sandbox's PID namespace, that is every process of the sandbox.
/// Does nothing in any process that is not a PID 1, so a mistake can never make it reach the
/// invoking user's processes.
pub(crate) fn kill_namespace() {
    // SAFETY: plain system calls.
    unsafe {
        if libc::getpid() == 1 {
            libc::kill(-1, libc::SIGKILL);
        }
    }
}

/// CPU time (user + sys) of this process itself.
pub(crate) fn own_cpu() -> Duration {
    // SAFETY: an all-zero rusage is a valid out-parameter.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid out-parameter.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    timeval(usage.ru_utime) + timeval(usage.ru_stime)
}

/// Kills and reaps every remaining child of this process, including orphans re-parented here
/// while it works (the candidate's group has already been killed). Returns once this process
/// has no children.
pub(crate) fn sweep() {
    loop {
        let mut status = 0;
        // SAFETY: waiting for any child, without blocking.
        let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
        if r > 0 {
            continue;
        }
        if r < 0 {
            if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return; // ECHILD: nothing left.
        }
        // Some child is still alive: kill all of them, then wait for one to go.
        let children = own_children();
        for &child in &children {
            // SAFETY: `child` is our unreaped child.
            unsafe { libc::kill(child, libc::SIGKILL) };
        }
        if children.is_empty() {
            thread::sleep(Duration::from_millis(1));
        } else {
            // SAFETY: blocking wait; at least one child was just killed.
            unsafe { libc::waitpid(-1, &mut status, 0) };
        }
    }
}

/// The pids of this process's children.
fn own_children() -> Vec<libc::pid_t> {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    match children_from_task_files(me) {
        Some(children) => children,
        None => children_from_proc_scan(me),
    }
}

/// Children listed in `/proc/PID/task/*/children` (needs CONFIG_PROC_CHILDREN).
fn children_from_task_files(me: libc::pid_t) -> Option<Vec<libc::pid_t>> {
    let mut children = Vec::new();
    for task in std::fs::read_dir(format!("/proc/{me}/task")).ok()? {
        let path = task.ok()?.path().join("children");
        let text = std::fs::read_to_string(path).ok()?;
        children.extend(
            text.split_ascii_whitespace()
                .filter_map(|p| p.parse::<libc::pid_t>().ok()),
        );
    }
    Some(children)
}

/// Children found by reading the parent pid of every process in `/proc`.
fn children_from_proc_scan(me: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<libc::pid_t>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|stat| parent_of(&stat))
                == Some(me)
        })
        .collect()
}

/// The parent pid (field 4) of a `/proc/PID/stat` text.
fn parent_of(stat: &[u8]) -> Option<libc::pid_t> {
    let close = stat.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&stat[close + 1..]).ok()?;
    rest.split_ascii_whitespace().nth(1)?.parse().ok()
}

/// CPU time (user + sys) of all reaped descendants of this process so far.
pub(crate) fn children_cpu() -> Duration {
    // SAFETY: an all-zero rusage is a valid out-parameter.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid out-parameter.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    timeval(usage.ru_utime) + timeval(usage.ru_stime)
}

/// A `timeval` as a duration (negative parts count as zero).
pub(crate) fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parent_pid_is_read_after_the_name() {
        assert_eq!(parent_of(b"12 (a) b) S 7 12 12 0"), Some(7));
    }

    #[test]
    fn both_ways_of_listing_children_agree() {
        let mut child = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        let me = std::process::id() as libc::pid_t;
        let pid = child.id() as libc::pid_t;
        assert!(children_from_proc_scan(me).contains(&pid));
        match children_from_task_files(me) {
            Some(listed) => assert!(listed.contains(&pid)),
            // Said out loud: on such a kernel only the /proc scan was checked.
            None => eprintln!(
                "SKIPPED part of both_ways_of_listing_children_agree: this kernel has no \
                 /proc/PID/task/*/children files (CONFIG_PROC_CHILDREN off); only the /proc \
                 scan was checked"
            ),
        }
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
