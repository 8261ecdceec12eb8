//! Every live sandbox's cancel handle, so one Ctrl-C can kill every run in progress: the
//! candidate's and those of the user's tools alike.

use std::sync::Mutex;

use super::CancelHandle;

static HANDLES: Mutex<Vec<CancelHandle>> = Mutex::new(Vec::new());

/// Registers a sandbox's cancel handle with [`cancel_all`].
pub fn register_cancel(handle: CancelHandle) {
    HANDLES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(handle);
}

/// Kills every run in progress and refuses new ones (called from the Ctrl-C handler).
pub fn cancel_all() {
    if let Ok(handles) = HANDLES.lock() {
        for handle in handles.iter() {
            handle.cancel();
        }
    }
}

/// Removes a handle [`register_cancel`] registered (a sandbox that lived for one build step).
pub fn deregister_cancel(handle: &CancelHandle) {
    HANDLES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|h| !h.same_as(handle));
}
