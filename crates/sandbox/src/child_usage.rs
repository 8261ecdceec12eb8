//! A child reaped with its resource usage, and a child waited for without reaping it: the
//! system calls tests and benchmarks need to look at a process from outside the sandbox,
//! here so that no crate but this one needs `unsafe`.

use std::io;
use std::time::Duration;

use crate::reap::timeval;

/// What the kernel counted for a reaped child (`wait4`'s `rusage`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChildUsage {
    /// Peak resident set size in KiB (`ru_maxrss`).
    pub max_rss_kib: u64,
    /// CPU time in user mode.
    pub user: Duration,
    /// CPU time in the kernel.
    pub system: Duration,
}

/// Reaps the child `pid` (retrying when a signal interrupts the wait): its raw wait status
/// (as `WIFEXITED` and friends read it) and its resource usage.
pub fn reap_with_usage(pid: i32) -> io::Result<(i32, ChildUsage)> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid out-parameter.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: waiting on a child with valid out-parameters.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            let usage = ChildUsage {
                max_rss_kib: usage.ru_maxrss.max(0) as u64,
                user: timeval(usage.ru_utime),
                system: timeval(usage.ru_stime),
            };
            return Ok((status, usage));
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// Blocks until the child `pid` has exited, leaving it unreaped, so its id stays its own
/// (another thread may still signal it safely) until [`reap_with_usage`].
pub fn wait_exited_unreaped(pid: i32) -> io::Result<()> {
    loop {
        // SAFETY: an all-zero siginfo is a valid out-parameter.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waiting on a child with a valid out-parameter.
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if r == 0 {
            return Ok(());
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}
