//! Sandboxes for the user's tools (generator, validators, reference, checker), reused across
//! calls and shared by threads: a tool call takes an idle sandbox, or starts one, and gives it
//! back when done.

use std::io;
use std::path::Path;
use std::sync::Mutex;

use crate::run::{register_cancel, scratch_dir, Endpoint, FileIo, RunOutcome, RunRequest, Sandbox};

/// One sandbox with a private scratch folder for the files of a call.
struct Slot {
    sandbox: Sandbox,
    scratch: tempfile::TempDir,
}

/// A pool of sandboxes for tools.
#[derive(Default)]
pub struct ToolSandboxes {
    idle: Mutex<Vec<Slot>>,
}

impl ToolSandboxes {
    /// An empty pool; sandboxes start on first use.
    pub fn new() -> ToolSandboxes {
        ToolSandboxes::default()
    }

    /// Runs one request: `prepare` writes the call's files into a private scratch folder and
    /// returns the request; the outcome comes back with `collect` called on the scratch folder
    /// after the run (to read files the tool wrote there).
    pub fn run<T>(
        &self,
        prepare: impl FnOnce(&Path) -> io::Result<RunRequest>,
        collect: impl FnOnce(&Path, RunOutcome) -> T,
    ) -> io::Result<T> {
        self.run_with_file_io(prepare, &FileIo::default(), collect)
    }

    /// [`ToolSandboxes::run`] with the program using file I/O (see
    /// [`Sandbox::run_with_file_io`]).
    pub fn run_with_file_io<T>(
        &self,
        prepare: impl FnOnce(&Path) -> io::Result<RunRequest>,
        file_io: &FileIo,
        collect: impl FnOnce(&Path, RunOutcome) -> T,
    ) -> io::Result<T> {
        self.with_slot(|slot| {
            prepare(slot.scratch.path())
                .and_then(|request| slot.sandbox.run_with_file_io(&request, file_io))
                .map(|outcome| collect(slot.scratch.path(), outcome))
        })
    }

    /// [`ToolSandboxes::run`] for a tool connected to another program ([`crate::run::connect`]):
    /// its stdin and stdout are the endpoint's.
    pub fn run_connected<T>(
        &self,
        prepare: impl FnOnce(&Path) -> io::Result<RunRequest>,
        end: &Endpoint<'_>,
        collect: impl FnOnce(&Path, RunOutcome) -> T,
    ) -> io::Result<T> {
        self.with_slot(|slot| {
            prepare(slot.scratch.path())
                .and_then(|request| slot.sandbox.run_connected(&request, end))
                .map(|outcome| collect(slot.scratch.path(), outcome))
        })
    }

    /// Runs `work` on an idle sandbox (or a new one) and gives the sandbox back.
    fn with_slot<T>(&self, work: impl FnOnce(&mut Slot) -> io::Result<T>) -> io::Result<T> {
        let mut slot = match self.take() {
            Some(slot) => slot,
            None => {
                let sandbox = Sandbox::start()?;
                register_cancel(sandbox.cancel_handle());
                Slot {
                    sandbox,
                    scratch: scratch_dir()?,
                }
            }
        };
        let result = work(&mut slot);
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(slot);
        result
    }

    fn take(&self) -> Option<Slot> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }
}
