//! The build sandboxes waiting for their next step: a step takes one (or starts one) and
//! puts it back, so the steps of one build worker share one sandbox's launcher, namespaces,
//! root and cgroup instead of making them anew each time (on a loaded machine that was most of
//! what containing a compile cost, issue 25). The containment stays the same: each step's own
//! folders are taken away after it (`SandboxRoot::undo_step` in the sandbox crate), and every
//! process it left is killed and its `/tmp` emptied, as between two runs of a candidate.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use crate::run::{deregister_cancel, register_cancel, Sandbox, SandboxOptions};

/// A build sandbox between two steps, with the launcher and options it was started with.
struct Idle {
    launcher: PathBuf,
    options: SandboxOptions,
    sandbox: Sandbox,
}

static IDLE: Mutex<Vec<Idle>> = Mutex::new(Vec::new());

fn idle() -> MutexGuard<'static, Vec<Idle>> {
    IDLE.lock().unwrap_or_else(|e| e.into_inner())
}

/// An idle build sandbox started from `launcher` with `options`, or a new one (its cancel
/// handle registered, so Ctrl-C reaches its steps).
pub(super) fn take(launcher: &Path, options: &SandboxOptions) -> std::io::Result<Sandbox> {
    let found = {
        let mut idle = idle();
        let at = idle
            .iter()
            .position(|i| i.launcher == launcher && i.options == *options);
        at.map(|at| idle.swap_remove(at).sandbox)
    };
    if let Some(sandbox) = found {
        return Ok(sandbox);
    }
    let sandbox = Sandbox::start_with_options(launcher, options)?;
    register_cancel(sandbox.cancel_handle());
    Ok(sandbox)
}

/// Puts a sandbox back for the next step, unless it was cancelled (after Ctrl-C it refuses
/// runs).
pub(super) fn put_back(launcher: &Path, options: &SandboxOptions, sandbox: Sandbox) {
    if sandbox.cancel_handle().is_cancelled() {
        end(sandbox);
        return;
    }
    idle().push(Idle {
        launcher: launcher.to_path_buf(),
        options: *options,
        sandbox,
    });
}

/// Ends a sandbox (its launcher removes its cgroup and folder).
pub(super) fn end(sandbox: Sandbox) {
    deregister_cancel(&sandbox.cancel_handle());
    drop(sandbox);
}

/// Ends every idle build sandbox; called when the command ends. A process that dies first
/// leaves nothing either: a launcher whose harness is gone ends by itself.
pub(crate) fn end_all() {
    let ended = std::mem::take(&mut *idle());
    for idle in ended {
        end(idle.sandbox);
    }
}
