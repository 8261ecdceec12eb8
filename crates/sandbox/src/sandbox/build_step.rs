//! Build steps in the sandbox: a compiler or a program folder's `build` script runs as a
//! candidate does (same namespaces, cgroup, rlimits, process group and death signal), but in
//! its own build folder, which it may write, instead of a fresh working directory.

use std::io;
use std::path::{Path, PathBuf};

use super::{bytes, collect, given_and_canonical, read_head, wire_run, Sandbox, Trouble};
use crate::wire::WireBuild;
use crate::{RunOutcome, RunRequest};

/// Bytes of a build step's stderr kept: a compiler's first messages, whole.
const BUILD_STDERR_KEPT: u64 = 64 * 1024;

/// Where a build step runs and what it may write.
#[derive(Debug, Clone)]
pub struct BuildPlace {
    /// The working directory (absolute; one of `writable`).
    pub dir: PathBuf,
    /// Every folder the step may write (absolute): its working directory, and e.g. the
    /// folder a Java compiler writes its classes to. Nothing else is writable but `/tmp`.
    pub writable: Vec<PathBuf>,
    /// The largest file the step may write (`RLIMIT_FSIZE`: past it the step is killed by
    /// `SIGXFSZ`, reported as an output limit).
    pub file_bytes: u64,
}

impl Sandbox {
    /// Runs one build step to its end in `place.dir` and reports what happened; the
    /// request's `files`, `dirs`, `collect` and `carry` do not apply. Its memory limit is also
    /// each process's `RLIMIT_DATA` (under basic isolation the compiler, a child of the
    /// program started, is not sampled). Under full isolation the writable folders are bound
    /// read-write at their own paths, and when the step runs as another user than the
    /// harness they are handed to that user for the step and taken back afterwards (links
    /// are never followed). A sandbox runs any number of steps, one after the other: after
    /// each, the folders it was shown are unmounted again and the mount points made for them
    /// removed, so a step sees only what it lists. Errors are as for [`Sandbox::run`].
    pub fn run_build(&mut self, req: &RunRequest, place: &BuildPlace) -> io::Result<RunOutcome> {
        if !place.dir.is_absolute() || !place.writable.contains(&place.dir) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a build step's folder must be absolute and writable",
            ));
        }
        self.ensure_launcher()?;
        let handed = self.owner;
        if let Some((uid, gid)) = handed {
            for folder in &place.writable {
                chown_tree(folder, uid, gid)?;
            }
        }
        let result = self.run_build_steps(req, place);
        if handed.is_some() {
            let (uid, gid) = (rustix::process::geteuid(), rustix::process::getegid());
            for folder in &place.writable {
                chown_tree(folder, uid.as_raw(), gid.as_raw())?;
            }
        }
        result
    }

    fn run_build_steps(&mut self, req: &RunRequest, place: &BuildPlace) -> io::Result<RunOutcome> {
        let mut last_loss = None;
        for _attempt in 0..2 {
            self.ensure_launcher()?;
            let full = self.is_full();
            let mut writable = Vec::new();
            let known = full.then_some(&mut self.canonical);
            let mut wire = match known {
                Some(known) => {
                    for folder in &place.writable {
                        writable.push(given_and_canonical(folder, known)?);
                    }
                    let dir = std::fs::canonicalize(&place.dir)?;
                    wire_run(req, &self.canonical_dir, &dir, Some(known))?
                }
                None => wire_run(req, &self.canonical_dir, &place.dir, None)?,
            };
            if !full {
                writable = place
                    .writable
                    .iter()
                    .map(|f| (bytes(f.as_os_str()), bytes(f.as_os_str())))
                    .collect();
            }
            wire.build = Some(Box::new(WireBuild {
                writable,
                data_bytes: req.limits.memory_bytes,
                file_bytes: place.file_bytes,
            }));
            match self.exchange(&wire, None) {
                Ok(outcome) => {
                    let mut outcome = collect(outcome, self.dir.path(), req, Vec::new(), true)?;
                    let stderr = read_head(&self.dir.path().join("stderr"), BUILD_STDERR_KEPT)?;
                    outcome.stderr_head = String::from_utf8_lossy(&stderr).into_owned();
                    return Ok(outcome);
                }
                Err(Trouble::Fatal(e)) => return Err(e),
                Err(Trouble::Lost(e)) => last_loss = Some(e),
            }
        }
        let e = last_loss.expect("two attempts were made");
        Err(io::Error::new(
            e.kind(),
            format!("the sandbox launcher died twice: {e}"),
        ))
    }
}

/// Gives `root` and everything under it to `uid`:`gid`, never following a link (a step could
/// have left one pointing anywhere).
fn chown_tree(root: &Path, uid: u32, gid: u32) -> io::Result<()> {
    std::os::unix::fs::lchown(root, Some(uid), Some(gid))?;
    if !std::fs::symlink_metadata(root)?.is_dir() {
        return Ok(());
    }
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            std::os::unix::fs::lchown(&path, Some(uid), Some(gid))?;
            if entry.file_type()?.is_dir() {
                pending.push(path);
            }
        }
    }
    Ok(())
}
