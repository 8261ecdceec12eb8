//! Files that must stay true when the machine fails: checked cache entries and durable atomic
//! writes.
//!
//! **Checked cache entries.** A cache may be damaged at any time: a crash after the rename but
//! before the data reached the disk, a full disk, a disk error, a user's edit, a file copied
//! over another. An entry is therefore never trusted as it is: [`seal`] stores with the content
//! the key it was made for (its provenance), the content's length and its SHA-256; [`unseal`]
//! gives the content back only when all three still match. [`CheckedCache`] is a folder of
//! such entries, one file per key: a damaged, truncated, emptied, garbage or foreign (swapped
//! between keys) entry is a miss, removed at once, and said once per cache and process; a folder
//! that cannot be written turns the cache off for the rest of the process, said once, and the
//! work simply runs without it.
//!
//! **Durable atomic writes.** [`write_durably`] writes a temporary file in the target's folder,
//! flushes it to the disk, renames it into place and flushes the folder, so a reader sees the
//! old file or the whole new one, never a part. Temporaries are named
//! `.stressjudge-partial-PID-*`; one left by a process killed mid-write is removed by
//! [`sweep_partials`] once that process is gone.
//!
//! Entry layout (one header line, then the content):
//!
//! ```text
//! stressjudge-entry v1 KEY LENGTH SHA256-HEX\n
//! CONTENT
//! ```

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use sha2::{Digest, Sha256};

/// The first word of every entry; a file without it is not one of ours.
const MAGIC: &str = "stressjudge-entry";
/// The entry format's version.
const VERSION: &str = "v1";
/// Prefix of temporary files and folders, followed by the writer's PID and `-`.
pub const PARTIAL_PREFIX: &str = ".stressjudge-partial-";

/// Why an entry was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// No complete header line: an emptied or truncated file, or something else entirely.
    NoHeader,
    /// A header of another format or version.
    Garbage,
    /// Made for another key (copied or swapped between entries).
    ForeignKey,
    /// Shorter or longer than its header says.
    WrongLength,
    /// The content's checksum does not match.
    Checksum,
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Damage::NoHeader => "empty or truncated",
            Damage::Garbage => "not a cache entry",
            Damage::ForeignKey => "made for another key",
            Damage::WrongLength => "truncated or extended",
            Damage::Checksum => "checksum mismatch",
        })
    }
}

/// The hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The bytes of an entry holding `content` for `key` (a key is one word: no whitespace).
pub fn seal(key: &str, content: &[u8]) -> Vec<u8> {
    debug_assert!(!key.is_empty() && !key.contains(char::is_whitespace));
    let mut bytes = format!(
        "{MAGIC} {VERSION} {key} {} {}\n",
        content.len(),
        sha256_hex(content)
    )
    .into_bytes();
    bytes.extend_from_slice(content);
    bytes
}

/// The content of an entry read for `key`, or why it cannot be trusted.
pub fn unseal<'a>(key: &str, bytes: &'a [u8]) -> Result<&'a [u8], Damage> {
    let end = bytes
        .iter()
        .take(1024)
        .position(|&b| b == b'\n')
        .ok_or(Damage::NoHeader)?;
    let header = std::str::from_utf8(&bytes[..end]).map_err(|_| Damage::Garbage)?;
    let content = &bytes[end + 1..];
    let words: Vec<&str> = header.split(' ').collect();
    let [magic, version, stored_key, length, checksum] = words[..] else {
        return Err(Damage::Garbage);
    };
    if magic != MAGIC || version != VERSION {
        return Err(Damage::Garbage);
    }
    if stored_key != key {
        return Err(Damage::ForeignKey);
    }
    if length.parse::<usize>().ok() != Some(content.len()) {
        return Err(Damage::WrongLength);
    }
    if sha256_hex(content) != checksum {
        return Err(Damage::Checksum);
    }
    Ok(content)
}

/// What a lookup found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    /// A sound entry: its content.
    Hit(Vec<u8>),
    /// No entry (or the cache is off).
    Miss,
    /// An entry that failed its check; it has been removed.
    Damaged(Damage),
}

/// A folder of checked entries, one file per key (see the module documentation). Shared by
/// threads; every failure is a miss, never an error.
#[derive(Debug)]
pub struct CheckedCache {
    dir: PathBuf,
    /// What the cache holds, for the notes (e.g. `reference answers`).
    what: &'static str,
    off: AtomicBool,
    damaged: AtomicU64,
    swept: OnceLock<()>,
}

impl CheckedCache {
    /// The cache of `what` in `dir` (created on the first write).
    pub fn new(dir: PathBuf, what: &'static str) -> CheckedCache {
        CheckedCache {
            dir,
            what,
            off: AtomicBool::new(false),
            damaged: AtomicU64::new(0),
            swept: OnceLock::new(),
        }
    }

    /// The folder of the entries.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the entry of `key` lives (keys are file names: hex digests).
    pub fn path(&self, key: &str) -> PathBuf {
        self.dir.join(key)
    }

    /// How many damaged entries this process found (and removed).
    pub fn damaged(&self) -> u64 {
        self.damaged.load(Ordering::Relaxed)
    }

    /// Whether the cache was turned off because its folder cannot be written.
    pub fn is_off(&self) -> bool {
        self.off.load(Ordering::Relaxed)
    }

    /// The entry of `key`: a damaged one is removed, counted and said once.
    pub fn lookup(&self, key: &str) -> Lookup {
        if self.is_off() {
            return Lookup::Miss;
        }
        self.swept.get_or_init(|| sweep_partials(&self.dir));
        let path = self.path(key);
        let Ok(bytes) = std::fs::read(&path) else {
            return Lookup::Miss;
        };
        match unseal(key, &bytes) {
            Ok(content) => Lookup::Hit(content.to_vec()),
            Err(damage) => {
                let _ = std::fs::remove_file(&path);
                self.damaged.fetch_add(1, Ordering::Relaxed);
                note_once(
                    &format!("damaged {}", self.dir.display()),
                    &format!(
                        "{} cache {}: a damaged entry ({damage}) was removed and its result \
                         made again; any other damaged entry is treated the same way",
                        self.what,
                        self.dir.display()
                    ),
                );
                Lookup::Damaged(damage)
            }
        }
    }

    /// The content of `key` if a sound entry holds it.
    pub fn get(&self, key: &str) -> Option<Vec<u8>> {
        match self.lookup(key) {
            Lookup::Hit(content) => Some(content),
            _ => None,
        }
    }

    /// Stores `content` under `key`, atomically and durably. A folder that cannot be written
    /// turns the cache off (said once); returns whether the entry was stored.
    pub fn put(&self, key: &str, content: &[u8]) -> bool {
        if self.is_off() {
            return false;
        }
        let stored = std::fs::create_dir_all(&self.dir).and_then(|()| {
            self.swept.get_or_init(|| sweep_partials(&self.dir));
            write_durably(&self.path(key), &seal(key, content))
        });
        match stored {
            Ok(()) => true,
            Err(e) => {
                self.turn_off(&e);
                false
            }
        }
    }

    /// Turns the cache off for the rest of the process, saying why once.
    pub fn turn_off(&self, why: &io::Error) {
        if !self.off.swap(true, Ordering::Relaxed) {
            note_once(
                &format!("off {}", self.dir.display()),
                &format!(
                    "{} cache {} cannot be written ({why}): running without it",
                    self.what,
                    self.dir.display()
                ),
            );
        }
    }
}

/// Prints `message` as a note on stderr the first time `topic` is noted in this process.
pub fn note_once(topic: &str, message: &str) {
    static SAID: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    let said = SAID.get_or_init(Default::default);
    let first = said
        .lock()
        .map(|mut said| said.insert(topic.to_string()))
        .unwrap_or(false);
    if first {
        eprintln!("stressjudge: note: {message}");
    }
}

/// Writes `bytes` to `path` so that, whatever happens, `path` holds its old content or all of
/// the new (mode 0644): a temporary in the same folder, written and flushed to the disk, renamed
/// into place, the folder flushed. An error leaves no temporary behind.
pub fn write_durably(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_through_partial(path, bytes, true)?;
    sync_folder(folder_of(path))
}

/// Writes `bytes` to `path` atomically (a temporary in the same folder renamed into place, mode
/// 0644) without flushing to the disk: for this process's own working copies, which no later
/// run trusts (they are removed when the command ends, or swept after a kill).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_through_partial(path, bytes, false)
}

/// The one write path of both: temporary, optionally flushed, renamed; no temporary is left
/// behind on an error.
fn write_through_partial(path: &Path, bytes: &[u8], durable: bool) -> io::Result<()> {
    let (tmp, mut file) = create_partial(folder_of(path))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| if durable { file.sync_all() } else { Ok(()) })
        .and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(())
}

/// A new, empty temporary file of this process in `dir` (mode 0644, so the result is readable
/// by others as a file written directly would be): its path and the open file.
pub fn create_partial(dir: &Path) -> io::Result<(PathBuf, std::fs::File)> {
    use std::os::unix::fs::OpenOptionsExt;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    loop {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!("{}{n}-{nanos:x}", partial_prefix()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o644)
            .open(&tmp)
        {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Whether a small file can be written and flushed in `dir` (which must exist): the probe a
/// command makes before a long run of a folder its results go to.
pub fn probe_writable(dir: &Path) -> io::Result<()> {
    let (tmp, mut file) = create_partial(dir)?;
    let probed = file.write_all(b"probe\n").and_then(|()| file.sync_all());
    let _ = std::fs::remove_file(&tmp);
    probed
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Flushes a folder's entries (a rename) to the disk; file systems that cannot are fine.
pub fn sync_folder(dir: &Path) -> io::Result<()> {
    match std::fs::File::open(dir).and_then(|d| d.sync_all()) {
        Err(e) if e.raw_os_error() == Some(libc::EINVAL) => Ok(()),
        other => other,
    }
}

/// The prefix of this process's temporaries: `.stressjudge-partial-PID@HOST-`. The host is
/// named because caches may sit on a folder that several machines share (issue 29): a PID
/// says nothing about another machine's processes, so only this host's temporaries are swept.
pub fn partial_prefix() -> String {
    format!("{PARTIAL_PREFIX}{}@{}-", std::process::id(), this_host())
}

/// This machine's host name with every character but letters and digits made `_` (so it
/// never holds the `-` that ends the owner in a temporary's name).
fn this_host() -> &'static str {
    static HOST: OnceLock<String> = OnceLock::new();
    HOST.get_or_init(|| {
        let name = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
        (name.trim().chars())
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect()
    })
}

/// Removes the temporaries (files or folders) in `dir` that processes no longer running left
/// behind: what a killed write leaves is never taken for a result, and does not pile up.
pub fn sweep_partials(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(PARTIAL_PREFIX)) else {
            continue;
        };
        let owner = rest.split('-').next().unwrap_or("");
        // `PID@HOST`; a name without a host is one of this machine's (written before hosts
        // were named).
        let (pid, host) = owner.split_once('@').unwrap_or((owner, this_host()));
        if host != this_host() {
            continue;
        }
        let Some(pid) = pid.parse::<i32>().ok() else {
            continue;
        };
        if pid_is_running(pid) {
            continue;
        }
        let path = entry.path();
        let _ = if entry.file_type().is_ok_and(|t| t.is_dir()) {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
    }
}

/// Whether a process with this PID exists (in this PID namespace).
fn pid_is_running(pid: i32) -> bool {
    if pid <= 0 {
        return false;
    }
    let Some(pid) = rustix::process::Pid::from_raw(pid) else {
        return false;
    };
    // Signal 0 only checks that the process exists and may be signalled.
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(e) => e == rustix::io::Errno::PERM,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_entries_open_only_for_their_key_and_content() {
        let entry = seal("abc", b"42\n");
        assert_eq!(unseal("abc", &entry), Ok(&b"42\n"[..]));
        assert_eq!(unseal("abd", &entry), Err(Damage::ForeignKey));
        assert_eq!(unseal("abc", b""), Err(Damage::NoHeader));
        assert_eq!(
            unseal("abc", &entry[..entry.len() - 1]),
            Err(Damage::WrongLength)
        );
        assert_eq!(unseal("abc", b"garbage\n42\n"), Err(Damage::Garbage));
        let mut flipped = entry.clone();
        *flipped.last_mut().unwrap() = b'3';
        assert_eq!(unseal("abc", &flipped), Err(Damage::Checksum));
        assert_eq!(unseal("k", &seal("k", b"")), Ok(&b""[..]));
    }

    #[test]
    fn damaged_entries_are_misses_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let cache = CheckedCache::new(dir.path().join("c"), "test");
        assert_eq!(cache.lookup("k1"), Lookup::Miss);
        assert!(cache.put("k1", b"one"));
        assert!(cache.put("k2", b"two"));
        assert_eq!(cache.get("k1").as_deref(), Some(&b"one"[..]));
        std::fs::copy(cache.path("k2"), cache.path("k1")).unwrap();
        assert_eq!(cache.lookup("k1"), Lookup::Damaged(Damage::ForeignKey));
        assert!(!cache.path("k1").exists(), "removed");
        assert_eq!(cache.lookup("k1"), Lookup::Miss);
        assert_eq!(cache.damaged(), 1);
        let leftovers = std::fs::read_dir(cache.dir()).unwrap().count();
        assert_eq!(leftovers, 1, "no temporaries");
    }

    #[test]
    fn an_unwritable_folder_turns_the_cache_off() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").unwrap();
        let cache = CheckedCache::new(file.join("sub"), "test");
        assert!(!cache.put("k", b"v"));
        assert!(cache.is_off());
        assert_eq!(cache.lookup("k"), Lookup::Miss);
    }

    #[test]
    fn partials_of_dead_processes_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let dead = dir.path().join(format!("{PARTIAL_PREFIX}999999999-x"));
        let mine = dir.path().join(format!("{}y", partial_prefix()));
        std::fs::write(&dead, b"half").unwrap();
        std::fs::write(&mine, b"half").unwrap();
        std::fs::create_dir(dir.path().join(format!("{PARTIAL_PREFIX}999999998-d"))).unwrap();
        let dead_here = dir
            .path()
            .join(format!("{PARTIAL_PREFIX}999999997@{}-z", this_host()));
        std::fs::write(&dead_here, b"half").unwrap();
        // On a folder shared between machines, another host's PIDs mean nothing here.
        let elsewhere = dir
            .path()
            .join(format!("{PARTIAL_PREFIX}999999999@other_host-x"));
        std::fs::write(&elsewhere, b"half").unwrap();
        sweep_partials(dir.path());
        assert!(!dead.exists() && !dead_here.exists());
        assert!(mine.exists(), "a running process's temporary stays");
        assert!(elsewhere.exists(), "another machine's temporary stays");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
