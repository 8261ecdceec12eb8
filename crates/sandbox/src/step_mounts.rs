//! What one build step added to a sandbox's root, so that it can be taken away again: a build
//! sandbox is reused step after step (its namespaces, root and cgroup are made once), and the
//! next step, another program's build, must see none of the folders the last one was shown.
//!
//! The root records every mount it made for a step's paths and every entry (a mount point, a
//! folder leading to it, a link) it created in the sandbox for them; [`StepMounts::undo`]
//! detaches the mounts and removes those entries, newest first, leaving the root as it was
//! assembled.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rustix::mount::UnmountFlags;

/// Mounts and entries made for the current step, in the order they were made.
#[derive(Debug, Default)]
pub(crate) struct StepMounts {
    mounts: Vec<PathBuf>,
    entries: Vec<PathBuf>,
}

impl StepMounts {
    /// Records a mount made at `path`.
    pub fn mounted(&mut self, path: &Path) {
        self.mounts.push(path.to_path_buf());
    }

    /// Records an entry (folder, file or link) created at `path`.
    pub fn created(&mut self, path: &Path) {
        self.entries.push(path.to_path_buf());
    }

    /// Whether nothing was recorded since the last [`StepMounts::undo`] or
    /// [`StepMounts::keep`].
    pub fn is_empty(&self) -> bool {
        self.mounts.is_empty() && self.entries.is_empty()
    }

    /// Forgets the records: what was made stays (a candidate's sandbox keeps its binds for
    /// the next run of the same program).
    pub fn keep(&mut self) {
        self.mounts.clear();
        self.entries.clear();
    }

    /// Creates `dir` and its missing ancestors inside the sandbox, recording each one made.
    pub fn make_dirs(&mut self, dir: &Path) -> io::Result<()> {
        let mut missing = Vec::new();
        let mut at = Some(dir);
        while let Some(path) = at {
            if fs::symlink_metadata(path).is_ok() {
                break;
            }
            missing.push(path);
            at = path.parent();
        }
        for path in missing.into_iter().rev() {
            match fs::create_dir(path) {
                Ok(()) => self.created(path),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Detaches every recorded mount, then removes every recorded entry, newest first; the
    /// caller has made the root writable. The records are cleared even on failure (an error
    /// means the sandbox must not serve another step).
    pub fn undo(&mut self) -> io::Result<()> {
        let mut result = Ok(());
        for mount in self.mounts.drain(..).rev() {
            // MNT_DETACH takes the bind with whatever was mounted under it; NOFOLLOW: the
            // path is the mount point itself, even when the step left a link there.
            let flags = UnmountFlags::DETACH | UnmountFlags::NOFOLLOW;
            if let Err(e) = rustix::mount::unmount(&mount, flags) {
                result = result.and(Err(io::Error::new(
                    io::Error::from(e).kind(),
                    format!("cannot unmount {}: {e}", mount.display()),
                )));
            }
        }
        for entry in self.entries.drain(..).rev() {
            let removed = match fs::symlink_metadata(&entry) {
                Ok(meta) if meta.is_dir() => fs::remove_dir(&entry),
                Ok(_) => fs::remove_file(&entry),
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
                Err(e) => Err(e),
            };
            if let Err(e) = removed {
                result = result.and(Err(io::Error::new(
                    e.kind(),
                    format!("cannot remove {}: {e}", entry.display()),
                )));
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_folders_are_recorded_and_removed_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let mut step = StepMounts::default();
        step.make_dirs(&dir.path().join("a/b/c")).unwrap();
        step.make_dirs(&dir.path().join("a/d")).unwrap();
        assert_eq!(step.entries.len(), 4);
        fs::write(dir.path().join("a/b/c/file"), "x").unwrap();
        step.created(&dir.path().join("a/b/c/file"));
        std::os::unix::fs::symlink("/nowhere", dir.path().join("a/link")).unwrap();
        step.created(&dir.path().join("a/link"));
        step.undo().unwrap();
        assert!(step.is_empty());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn an_existing_folder_is_not_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let mut step = StepMounts::default();
        step.make_dirs(dir.path()).unwrap();
        assert!(step.is_empty());
        step.make_dirs(&dir.path().join("x")).unwrap();
        step.keep();
        assert!(step.is_empty());
        assert!(dir.path().join("x").is_dir());
    }
}
