//! The build cache: content hashes and the directory layout under `cache_dir`.
//!
//! ```text
//! cache_dir/bin/HASH    compiled executables (C, C++, Rust), installed by atomic rename
//! cache_dir/sum/HASH    checked entry: the executable's SHA-256, written before it is installed
//! cache_dir/dir/HASH/   folder results: Java and Kotlin classes, copies built by `build` scripts
//! cache_dir/ok/HASH     checked entries: Python sources whose syntax check passed (empty), and
//!                       folder results that are complete (each file's name, size and SHA-256)
//! cache_dir/python/KEY  checked entries: Python interpreters' probe answers ([`super::python_memo`])
//! cache_dir/lock/HASH   lock files: one build of a hash at a time across threads and processes
//! cache_dir/tmp/.stressjudge-partial-PID@HOST-*  per-build working directories, removed when the
//!                       build ends (or, after a kill, by the next process to open the cache)
//! ```
//!
//! A build takes the hash's lock, checks for the result, and otherwise produces it in its own
//! temporary directory and renames it into place, so a result is either absent or complete and
//! concurrent builds of one source compile it once. Folder results are built where they stay
//! (a `build` script may write its own absolute path into `run`), so they count as present only
//! once their marker exists; a half-built folder left by an interrupted build is replaced.
//!
//! **Nothing is trusted blindly** ([`crate::cache_entry`]): an executable is used only when its
//! checksum entry names its hash and matches its bytes, a marker only when it is a sound entry
//! of its hash and (for a folder) every file it lists is unchanged. Anything else is a miss: the
//! entry is removed, the program built again, and that is said once. A cache folder that cannot
//! be written (read-only, full, missing and not creatable), or that fails in the middle of a
//! build, makes the build run again in a private temporary folder, said once: never a compile
//! error or a wrong result.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use sha2::{Digest, Sha256};
use tempfile::TempDir;

use super::{BuildError, Language};
use crate::cache_entry::{note_once, partial_prefix, seal, sha256_hex, sweep_partials, unseal};
use crate::error::UsageError;

/// Bumped when the meaning of a cached result changes, so old results are never reused.
const LAYOUT_VERSION: &[u8] = b"stressjudge-build-v2";

/// An open build cache directory.
pub(crate) struct Cache {
    root: PathBuf,
    /// Whether this is the private fallback of a process whose cache cannot be written.
    private: bool,
    /// Set when a file-system operation in the cache failed.
    faulted: AtomicBool,
}

impl Cache {
    /// Opens (creating if needed) the cache rooted at `dir`, made absolute. A folder that
    /// cannot be written gives the process's private cache in the temporary folder instead
    /// (said once); only when that fails too is it an error, naming both folders.
    pub fn open(dir: &Path) -> Result<Cache, BuildError> {
        let root = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        match Cache::open_at(&root) {
            Ok(()) => Ok(Cache::at(root, false)),
            Err(why) => {
                note_once(
                    &format!("build cache off {}", root.display()),
                    &format!(
                        "build cache {} cannot be written ({why}): building in a private \
                         temporary folder, without the cache",
                        root.display()
                    ),
                );
                Cache::private(&root, &why)
            }
        }
    }

    fn at(root: PathBuf, private: bool) -> Cache {
        Cache {
            root,
            private,
            faulted: AtomicBool::new(false),
        }
    }

    /// Creates the layout under `root`, checks a file can be written there and removes what
    /// killed builds left (once per process and folder).
    fn open_at(root: &Path) -> io::Result<()> {
        for sub in ["bin", "sum", "dir", "ok", "lock", "tmp"] {
            std::fs::create_dir_all(root.join(sub))?;
        }
        static OPENED: OnceLock<Mutex<Vec<PathBuf>>> = OnceLock::new();
        let opened = OPENED.get_or_init(Default::default);
        let first = opened.lock().map(|mut known| {
            let first = !known.iter().any(|k| k == root);
            if first {
                known.push(root.to_path_buf());
            }
            first
        });
        if first.unwrap_or(true) {
            for sub in ["tmp", "sum", "ok"] {
                sweep_partials(&root.join(sub));
            }
            crate::cache_entry::probe_writable(&root.join("tmp"))?;
        }
        Ok(())
    }

    /// The private cache of this process in the temporary folder (removed at exit by
    /// [`remove_private_cache`], or after a kill by the next process that needs one).
    fn private(shared: &Path, shared_why: &io::Error) -> Result<Cache, BuildError> {
        let temp = std::env::temp_dir();
        let root = private_root();
        let opened = std::fs::create_dir_all(&temp).and_then(|()| {
            sweep_partials(&temp);
            Cache::open_at(&root)
        });
        opened.map(|()| Cache::at(root, true)).map_err(|e| {
            BuildError::Usage(UsageError::new(format!(
                "cannot build: the build cache {} cannot be written ({shared_why}) and neither \
                 can the temporary folder {} ({e})",
                shared.display(),
                temp.display()
            )))
        })
    }

    /// Whether a file-system operation of this cache failed (a build that failed then is run
    /// again in the private cache rather than reported).
    pub fn faulted(&self) -> bool {
        self.faulted.load(Ordering::Relaxed)
    }

    /// The cache's folder (absolute).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Whether this is the private fallback cache.
    pub fn is_private(&self) -> bool {
        self.private
    }

    /// The private cache to retry a build in after this cache `failed` mid-build (said once).
    pub fn fallback(&self, failed: &BuildError) -> Result<Cache, BuildError> {
        note_once(
            &format!("build cache off {}", self.root.display()),
            &format!(
                "build cache {} failed ({failed}): building in a private temporary folder, \
                 without the cache",
                self.root.display()
            ),
        );
        Cache::private(&self.root, &io::Error::other(failed.to_string()))
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

    /// Where the checksum entry of the executable of `hash` lives.
    fn sum(&self, hash: &str) -> PathBuf {
        self.root.join("sum").join(hash)
    }

    /// Whether a sound executable of `hash` is in place: executable, and matching the checksum
    /// entry written for it. A damaged one is removed (and said once), so it is built again.
    pub fn has_binary(&self, hash: &str) -> bool {
        use std::os::unix::fs::PermissionsExt;
        let binary = self.binary(hash);
        let Ok(meta) = std::fs::metadata(&binary) else {
            return false;
        };
        let sound = meta.is_file()
            && meta.permissions().mode() & 0o111 != 0
            && std::fs::read(self.sum(hash)).is_ok_and(|entry| {
                unseal(hash, &entry).is_ok_and(|sum| {
                    std::fs::read(&binary).is_ok_and(|bytes| sha256_hex(&bytes).as_bytes() == sum)
                })
            });
        if !sound {
            let _ = std::fs::remove_file(&binary);
            let _ = std::fs::remove_file(self.sum(hash));
            self.said_damaged(&binary);
        }
        sound
    }

    /// Installs a freshly built executable as the result of `hash`: its checksum entry first,
    /// then the executable by atomic rename (a crash in between leaves a miss, never a binary
    /// without its check).
    pub fn install_binary(&self, built: &Path, hash: &str) -> Result<(), BuildError> {
        let bytes = std::fs::read(built).map_err(|e| self.failure(built, e))?;
        let sum = self.sum(hash);
        crate::cache_entry::write_durably(&sum, &seal(hash, sha256_hex(&bytes).as_bytes()))
            .map_err(|e| self.failure(&sum, e))?;
        self.install(built, &self.binary(hash))?;
        crate::cache_entry::sync_folder(&self.root.join("bin"))
            .map_err(|e| self.failure(&self.root.join("bin"), e))
    }

    /// Whether the result of `hash` is complete and sound: its marker is a sound entry of
    /// `hash`, and for a folder result every file the marker lists is unchanged. A damaged
    /// marker or folder is removed (and said once), so it is built again.
    pub fn is_done(&self, hash: &str, folder: Option<&Path>) -> bool {
        let marker = self.marker(hash);
        let Ok(entry) = std::fs::read(&marker) else {
            return false;
        };
        let sound = unseal(hash, &entry).is_ok_and(|listing| match folder {
            None => listing.is_empty(),
            Some(folder) => listing_matches(folder, listing),
        });
        if !sound {
            let _ = std::fs::remove_file(&marker);
            if let Some(folder) = folder {
                let _ = std::fs::remove_dir_all(folder);
            }
            self.said_damaged(&marker);
        }
        sound
    }

    /// Records that the result of `hash` is complete: a checked marker, empty or listing the
    /// files of `folder`. A marker that cannot be written is said once and costs only a
    /// rebuild next time: the result itself is good.
    pub fn mark_done(&self, hash: &str, folder: Option<&Path>) -> Result<(), BuildError> {
        let listing = match folder {
            Some(folder) => folder_listing(folder).map_err(|e| self.failure(folder, e))?,
            None => Vec::new(),
        };
        let marker = self.marker(hash);
        if let Err(e) = crate::cache_entry::write_durably(&marker, &seal(hash, &listing)) {
            note_once(
                &format!("build cache marker {}", self.root.display()),
                &format!(
                    "build cache {}: {} cannot be written ({e}): the program will be built \
                     again next time",
                    self.root.display(),
                    marker.display()
                ),
            );
        }
        Ok(())
    }

    /// Says once per cache that a damaged entry was found, removed and is being rebuilt.
    fn said_damaged(&self, path: &Path) {
        note_once(
            &format!("build cache damaged {}", self.root.display()),
            &format!(
                "build cache {}: a damaged or unchecked entry ({}) was removed and is built \
                 again; any other is treated the same way",
                self.root.display(),
                path.display()
            ),
        );
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
            .prefix(&format!("{}build-", partial_prefix()))
            .tempdir_in(&parent)
            .map_err(|e| self.failure(&parent, e))
    }

    /// Moves a finished result into place in one atomic step.
    pub fn install(&self, built: &Path, destination: &Path) -> Result<(), BuildError> {
        std::fs::rename(built, destination).map_err(|e| self.failure(destination, e))
    }

    /// A file-system failure inside the cache, as a usage error naming the path (and the
    /// cache marked as faulted, so the build is retried without it).
    pub fn failure(&self, path: &Path, e: io::Error) -> BuildError {
        self.faulted.store(true, Ordering::Relaxed);
        BuildError::Usage(UsageError::new(format!(
            "build cache `{}`: {}: {e}",
            self.root.display(),
            path.display()
        )))
    }
}

/// The folder of this process's private build cache in the temporary folder.
fn private_root() -> PathBuf {
    std::env::temp_dir().join(format!("{}build-cache", partial_prefix()))
}

/// Removes this process's private build cache, if it made one (at the end of a command).
pub fn remove_private_cache() {
    let root = private_root();
    if root.exists() {
        let _ = std::fs::remove_dir_all(root);
    }
}

/// Whether a tool's message says the disk failed it (full, read-only, over quota, I/O error)
/// rather than the program: such a build is a cache fault, retried elsewhere, never a CE.
pub(crate) fn mentions_disk_trouble(message: &str) -> bool {
    [libc::ENOSPC, libc::EROFS, libc::EDQUOT, libc::EIO]
        .into_iter()
        .any(|code| {
            let text = io::Error::from_raw_os_error(code).to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            message.contains(text)
        })
}

/// Each regular file under `folder`: `NAME SIZE SHA256` lines in name order (what a folder
/// result's marker records).
fn folder_listing(folder: &Path) -> io::Result<Vec<u8>> {
    let mut lines = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                let bytes = std::fs::read(entry.path())?;
                let name = entry.path();
                let name = name.strip_prefix(folder).unwrap_or(&name);
                lines.push(format!(
                    "{} {} {}\n",
                    hex_name(name),
                    bytes.len(),
                    sha256_hex(&bytes)
                ));
            }
        }
    }
    lines.sort();
    Ok(lines.concat().into_bytes())
}

/// A relative path as one word (hex of its bytes), whatever characters it holds.
fn hex_name(name: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    name.as_os_str()
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether every file a marker lists is still in `folder` with the same size and content
/// (files added since, such as a run's `__pycache__`, do not count).
fn listing_matches(folder: &Path, listing: &[u8]) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(listing) = std::str::from_utf8(listing) else {
        return false;
    };
    listing.lines().all(|line| {
        let words: Vec<&str> = line.split(' ').collect();
        let [name, size, sum] = words[..] else {
            return false;
        };
        let Some(name) = (0..name.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(name.get(i..i + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()
        else {
            return false;
        };
        let path = folder.join(std::ffi::OsStr::from_bytes(&name));
        std::fs::read(&path)
            .is_ok_and(|bytes| bytes.len().to_string() == size && sha256_hex(&bytes) == sum)
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_executable_or_marker_is_a_miss_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path()).unwrap();
        let built = dir.path().join("built");
        std::fs::write(&built, b"\x7fELF program").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&built, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(!cache.has_binary("h1"));
        cache.install_binary(&built, "h1").unwrap();
        assert!(cache.has_binary("h1"));
        std::fs::write(cache.binary("h1"), b"\x7fELF other").unwrap();
        assert!(!cache.has_binary("h1"), "content changed");
        assert!(!cache.binary("h1").exists(), "removed");

        let folder = cache.fresh_folder("h2").unwrap();
        std::fs::write(folder.join("run"), b"#!/bin/sh\n").unwrap();
        cache.mark_done("h2", Some(&folder)).unwrap();
        assert!(cache.is_done("h2", Some(&folder)));
        std::fs::write(folder.join("extra"), b"a run's own file").unwrap();
        assert!(
            cache.is_done("h2", Some(&folder)),
            "added files do not count"
        );
        std::fs::write(folder.join("run"), b"#!/bin/bash\n").unwrap();
        assert!(!cache.is_done("h2", Some(&folder)), "a listed file changed");
        assert!(!folder.exists(), "the damaged result is removed");

        cache.mark_done("h3", None).unwrap();
        assert!(cache.is_done("h3", None));
        std::fs::copy(cache.marker("h3"), cache.marker("h4")).unwrap();
        assert!(!cache.is_done("h4", None), "a marker of another hash");
    }

    #[test]
    fn disk_trouble_is_told_from_a_compile_error() {
        assert!(mentions_disk_trouble(
            "/usr/bin/ld: final link failed: No space left on device"
        ));
        assert!(mentions_disk_trouble(
            "cc1plus: error: cannot open a.s: Read-only file system"
        ));
        assert!(!mentions_disk_trouble(
            "a.cpp:3:5: error: 'x' was not declared in this scope"
        ));
    }
}
