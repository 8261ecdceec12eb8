//! Tying a child started outside the sandbox (a tool's `--version`, an interpreter probe) to
//! the harness: it dies with it, and optionally its heap is bounded.

use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;

/// Makes the child `command` starts receive `SIGKILL` when the harness dies (however it
/// dies: `SIGKILL` included), and when `data_bytes` is given bounds its heap with
/// `RLIMIT_DATA`. The death signal is asked for in the child before `execve`; a harness that
/// died before that moment is seen by the parent id having changed.
pub fn die_with_harness(command: &mut Command, data_bytes: Option<u64>) {
    let harness = std::process::id() as libc::pid_t;
    // SAFETY: only async-signal-safe calls (prctl, getppid, setrlimit) between fork and exec,
    // and no allocation.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) < 0 {
                return Err(io::Error::last_os_error());
            }
            if libc::getppid() != harness {
                libc::_exit(127);
            }
            if let Some(bytes) = data_bytes {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(libc::RLIMIT_DATA, &limit) < 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
}
