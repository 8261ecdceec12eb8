//! A cache of reference answers keyed by (reference build, input), so stressing a second
//! submission against the same brute force skips running it again.
//!
//! Entries are files `answers/KEY` under the build cache, where KEY is the SHA-256 of the
//! reference's content hash and the input. Each is a checked entry ([`crate::cache_entry`]):
//! it names its key and carries its answer's checksum, so a damaged, truncated or swapped entry
//! is a miss (the reference runs again) and never an answer that blames a correct candidate. A
//! folder that cannot be written turns the cache off, said once. The cache is bounded: after every
//! [`TRIM_EVERY`] new entries, the oldest are deleted until it holds at most [`BUDGET_BYTES`].
//! Deleting the folder at any time is safe (`rm -rf ~/.cache/stressjudge/answers`).
//!
//! A reference that is a single file may read the files beside it (a Python brute force
//! importing `helper.py`), which its build hash does not cover; [`reference_key`] adds their
//! names, sizes and modification times, so editing one of them never serves stale answers
//! (which would blame a correct candidate).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use sha2::{Digest, Sha256};

use crate::build::hex_digest;
use crate::cache_entry::CheckedCache;

/// Most bytes the cache keeps.
pub const BUDGET_BYTES: u64 = 256 << 20;
/// New entries between two trims.
pub const TRIM_EVERY: usize = 256;

/// The key a reference's answers are cached under: its build's `content_hash`, and for a
/// reference that is a single file, the name, size and modification time of every regular file
/// in its folder (for a program folder the build hash already covers every file).
pub fn reference_key(content_hash: &str, reference: &Path) -> String {
    let mut hasher = Sha256::new();
    hasher.update(content_hash.as_bytes());
    if reference.is_file() {
        let folder = match reference.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let mut siblings: Vec<(std::ffi::OsString, u64, u128)> = std::fs::read_dir(folder)
            .into_iter()
            .flatten()
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let meta = entry.metadata().ok()?;
                let modified = meta
                    .modified()
                    .ok()?
                    .duration_since(std::time::UNIX_EPOCH)
                    .ok()?;
                meta.is_file()
                    .then(|| (entry.file_name(), meta.len(), modified.as_nanos()))
            })
            .collect();
        siblings.sort();
        for (name, len, modified) in siblings {
            hasher.update([0]);
            hasher.update(name.as_encoded_bytes());
            hasher.update([0]);
            hasher.update(format!("{len} {modified}").as_bytes());
        }
    }
    hex_digest(hasher)
}

/// The answer cache in one folder.
pub struct AnswerCache {
    entries: CheckedCache,
    inserted: AtomicUsize,
}

impl AnswerCache {
    /// The cache under the build cache folder `cache_root` (created on first write).
    pub fn new(cache_root: &Path) -> AnswerCache {
        AnswerCache {
            entries: CheckedCache::new(cache_root.join("answers"), "reference-answer"),
            inserted: AtomicUsize::new(0),
        }
    }

    fn key(reference_hash: &str, input: &str) -> String {
        let mut hasher = Sha256::new();
        hasher.update(reference_hash.as_bytes());
        hasher.update([0]);
        hasher.update(input.as_bytes());
        hex_digest(hasher)
    }

    /// The cached answer of `reference_hash` to `input`, if a sound entry holds one.
    pub fn get(&self, reference_hash: &str, input: &str) -> Option<String> {
        let bytes = self.entries.get(&Self::key(reference_hash, input))?;
        String::from_utf8(bytes).ok()
    }

    /// Stores an answer; a failure turns the cache off (it is an optimisation only).
    pub fn put(&self, reference_hash: &str, input: &str, answer: &str) {
        let key = Self::key(reference_hash, input);
        let stored = self.entries.put(&key, answer.as_bytes());
        if stored
            && self
                .inserted
                .fetch_add(1, Ordering::Relaxed)
                .is_multiple_of(TRIM_EVERY)
        {
            self.trim(BUDGET_BYTES);
        }
    }

    /// Deletes the oldest entries until the cache holds at most 80 % of `budget` bytes, when it
    /// holds more than `budget`.
    pub fn trim(&self, budget: u64) {
        let Ok(entries) = std::fs::read_dir(self.entries.dir()) else {
            return;
        };
        let mut files: Vec<(std::time::SystemTime, u64, PathBuf)> = entries
            .filter_map(|e| {
                let e = e.ok()?;
                let meta = e.metadata().ok()?;
                let partial = e
                    .file_name()
                    .to_str()
                    .is_some_and(|n| n.starts_with(crate::cache_entry::PARTIAL_PREFIX));
                if !meta.is_file() || partial {
                    // Another process's entry being written is not the oldest answer.
                    return None;
                }
                Some((meta.modified().ok()?, meta.len(), e.path()))
            })
            .collect();
        let mut total: u64 = files.iter().map(|f| f.1).sum();
        if total <= budget {
            return;
        }
        files.sort();
        for (_, len, path) in files {
            if total <= budget / 5 * 4 {
                break;
            }
            if std::fs::remove_file(&path).is_ok() {
                total -= len;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_round_trip_by_reference_and_input() {
        let dir = tempfile::tempdir().unwrap();
        let cache = AnswerCache::new(dir.path());
        assert_eq!(cache.get("ref1", "1 2\n"), None);
        cache.put("ref1", "1 2\n", "3\n");
        assert_eq!(cache.get("ref1", "1 2\n").as_deref(), Some("3\n"));
        assert_eq!(cache.get("ref2", "1 2\n"), None, "another reference");
        assert_eq!(cache.get("ref1", "1 3\n"), None, "another input");
    }

    #[test]
    fn editing_a_file_beside_a_reference_changes_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let brute = dir.path().join("brute.py");
        let helper = dir.path().join("helper.py");
        std::fs::write(&brute, "from helper import answer\n").unwrap();
        std::fs::write(&helper, "def answer(n): return 2 * n\n").unwrap();
        let before = reference_key("hash", &brute);
        assert_eq!(before, reference_key("hash", &brute), "stable");
        assert_ne!(
            before,
            reference_key("other", &brute),
            "the build hash counts"
        );
        std::fs::write(&helper, "def answer(n): return 3 * n\n").unwrap();
        assert_ne!(before, reference_key("hash", &brute), "the helper changed");
        std::fs::create_dir(dir.path().join("folder")).unwrap();
        assert_eq!(
            reference_key("hash", &dir.path().join("folder")),
            reference_key("hash", &dir.path().join("folder")),
        );
    }

    #[test]
    fn trimming_keeps_the_cache_within_its_budget() {
        let dir = tempfile::tempdir().unwrap();
        let cache = AnswerCache::new(dir.path());
        for i in 0..20 {
            cache.put("r", &i.to_string(), &"x".repeat(100));
        }
        cache.trim(1000);
        let kept: u64 = std::fs::read_dir(dir.path().join("answers"))
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().len())
            .sum();
        assert!(kept <= 800, "{kept}");
        assert!(kept >= 100, "{kept}");
    }
}
