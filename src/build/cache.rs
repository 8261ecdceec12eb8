//! The build cache: content hashes and the directory layout under `cache_dir`.
//!
//! ```text
//! cache_dir/bin/HASH    compiled executables (C, C++, Rust), installed by atomic rename
//! cache_dir/dir/HASH/   folder results: Java and Kotlin classes, copies built by `build` scripts
//! cache_dir/ok/HASH     empty markers: Python sources whose syntax check passed, and folder
//!                       results that are complete
//! cache_dir/lock/HASH   lock files: one build of a hash at a time across threads and processes
//! cache_dir/tmp/build-* per-build working directories, removed when the build ends
//! ```
//!
//! A build takes the hash's lock, checks for the result, and otherwise produces it in its own
//! temporary directory and renames it into place, so a result is either absent or complete and
//! concurrent builds of one source compile it once. Folder results are built where they stay
//! (a `build` script may write its own absolute path into `run`), so they count as present only
//! once their marker exists; a half-built folder left by an interrupted build is replaced.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use tempfile::TempDir;

use super::{BuildError, Language};
use crate::error::UsageError;

/// Bumped when the meaning of a cached result changes, so old results are never reused.
const LAYOUT_VERSION: &[u8] = b"stressjudge-build-v2";

/// An open build cache directory.
pub(crate) struct Cache {
    root: PathBuf,
}

impl Cache {
    /// Opens (creating if needed) the cache rooted at `dir`, made absolute.
    pub fn open(dir: &Path) -> Result<Cache, BuildError> {
        let unusable = |e: io::Error| {
            BuildError::Usage(UsageError::new(format!(
                "cannot use build cache directory `{}`: {e}",
                dir.display()
            )))
        };
        let root = std::path::absolute(dir).map_err(unusable)?;
        for sub in ["bin", "dir", "ok", "lock", "tmp"] {
            std::fs::create_dir_all(root.join(sub)).map_err(unusable)?;
        }
        Ok(Cache { root })
    }

    /// Where the executable built for `hash` lives.
    pub fn binary(&self, hash: &str) -> PathBuf {
        self.root.join("bin").join(hash)
    }

    /// Where the marker of a checked source or a complete folder result with `hash` lives.
    pub fn marker(&self, hash: &str) -> PathBuf {
        self.root.join("ok").join(hash)
    }

    /// Where the folder result of `hash` lives.
    pub fn folder(&self, hash: &str) -> PathBuf {
        self.root.join("dir").join(hash)
    }

    /// Records that the result of `hash` is complete (an empty marker, installed atomically).
    pub fn mark_done(&self, hash: &str) -> Result<(), BuildError> {
        let work = self.work_dir()?;
        let fresh = work.path().join("ok");
        std::fs::write(&fresh, b"").map_err(|e| self.failure(&fresh, e))?;
        self.install(&fresh, &self.marker(hash))
    }

    /// An empty folder for the result of `hash`, replacing what an interrupted build left there.
    /// Call with the hash's lock held.
    pub fn fresh_folder(&self, hash: &str) -> Result<PathBuf, BuildError> {
        let folder = self.folder(hash);
        if folder.exists() {
            std::fs::remove_dir_all(&folder).map_err(|e| self.failure(&folder, e))?;
        }
        std::fs::create_dir(&folder).map_err(|e| self.failure(&folder, e))?;
        Ok(folder)
    }

    /// Waits for and takes the exclusive lock of `hash`; it is released when dropped.
    pub fn lock(&self, hash: &str) -> Result<File, BuildError> {
        let path = self.root.join("lock").join(hash);
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .and_then(|file| file.lock().map(|()| file))
            .map_err(|e| self.failure(&path, e))?;
        Ok(file)
    }

    /// A fresh working directory for one build, removed when dropped.
    pub fn work_dir(&self) -> Result<TempDir, BuildError> {
        let parent = self.root.join("tmp");
        tempfile::Builder::new()
            .prefix("build-")
            .tempdir_in(&parent)
            .map_err(|e| self.failure(&parent, e))
    }

    /// Moves a finished result into place in one atomic step.
    pub fn install(&self, built: &Path, destination: &Path) -> Result<(), BuildError> {
        std::fs::rename(built, destination).map_err(|e| self.failure(destination, e))
    }

    /// A file-system failure inside the cache, as a usage error naming the path.
    pub fn failure(&self, path: &Path, e: io::Error) -> BuildError {
        BuildError::Usage(UsageError::new(format!(
            "build cache `{}`: {}: {e}",
            self.root.display(),
            path.display()
        )))
    }
}

/// Builds a content hash from unambiguous, length-prefixed fields.
pub(crate) struct ContentHasher(Sha256);

impl ContentHasher {
    /// A hasher for a candidate of `language`, seeded with the cache layout version.
    pub fn new(language: Language) -> Self {
        let mut hasher = ContentHasher(Sha256::new());
        hasher.field(LAYOUT_VERSION);
        hasher.field(language.name().as_bytes());
        hasher
    }

    /// Adds one field.
    pub fn field(&mut self, bytes: &[u8]) {
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
    }

    /// The hex digest.
    pub fn finish(self) -> String {
        super::hex_digest(self.0)
    }
}
