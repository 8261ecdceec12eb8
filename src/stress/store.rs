//! Failures written to disk the moment they are found, atomically, so nothing is lost.
//!
//! Layout under the output folder (default `stressjudge-failures/PROBLEM/`), one subfolder per
//! generator kind: `KIND/SEED.in` (the generated input), `KIND/SEED.ans` (the reference answers),
//! `KIND/SEED.out` (the candidate's output), `KIND/SEED.min.in` (the shrunk input) and
//! `KIND/SEED.json` (verdict, kind, limits, the solution's content hash and the harness version).
//! Each file is written durably ([`crate::cache_entry::write_durably`]): a temporary file in the
//! same folder, flushed to the disk, renamed into place. A write that fails is reported as such,
//! never as saved.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::UsageError;

/// The metadata file of one failure.
#[derive(Debug, Clone, Serialize)]
pub struct FailureMeta {
    /// Problem id.
    pub problem: String,
    /// The solution as given on the command line.
    pub solution: String,
    /// Content hash of the built candidate.
    pub solution_hash: String,
    /// Seed of the failing input.
    pub seed: u64,
    /// Generator kind of the failing input.
    pub kind: String,
    /// Verdict of the failure.
    pub verdict: String,
    /// CPU time limit in milliseconds.
    pub time_limit_ms: u64,
    /// Memory limit in bytes.
    pub memory_limit_bytes: u64,
    /// Version of stressjudge that found it.
    pub harness_version: String,
    /// The command that reproduces it.
    pub repro: String,
    /// The generator does not give this input again from its seed: `STEM.in` is the input as
    /// generated, and the only record of it (repro runs it with `--input`).
    pub recorded_input: bool,
}

/// Writes failure files into one folder.
#[derive(Debug, Clone)]
pub struct FailureStore {
    dir: PathBuf,
    /// Folders already cleared of the temporaries of killed runs.
    swept: std::sync::Arc<std::sync::Mutex<std::collections::HashSet<PathBuf>>>,
}

impl FailureStore {
    /// Opens (creating if needed) the folder.
    pub fn open(dir: &Path) -> Result<FailureStore, UsageError> {
        std::fs::create_dir_all(dir).map_err(|e| {
            UsageError::new(format!(
                "cannot create output folder {}: {e}",
                dir.display()
            ))
        })?;
        Ok(FailureStore {
            dir: dir.to_path_buf(),
            swept: Default::default(),
        })
    }

    /// The store of `dir` whatever state the folder is in, with why files cannot be written
    /// there when a probe write fails (missing and not creatable, read-only, full): the run
    /// goes on, printing each failure in full, and every write is still tried and checked.
    pub fn probe(dir: &Path) -> (FailureStore, Option<String>) {
        let store = FailureStore {
            dir: dir.to_path_buf(),
            swept: Default::default(),
        };
        let probe = std::fs::create_dir_all(dir).and_then(|()| {
            crate::cache_entry::sweep_partials(dir);
            crate::cache_entry::probe_writable(dir)
        });
        (store, probe.err().map(|e| e.to_string()))
    }

    /// The folder failures go to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes one file `name` (a relative path, whose folders are created) durably and
    /// atomically (see the module documentation).
    pub fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
        let target = self.dir.join(name);
        let folder = target.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(folder)?;
        if self
            .swept
            .lock()
            .is_ok_and(|mut swept| swept.insert(folder.to_path_buf()))
        {
            crate::cache_entry::sweep_partials(folder);
        }
        crate::cache_entry::write_durably(&target, bytes)?;
        Ok(target)
    }

    /// Writes the metadata of a failure as pretty JSON to `STEM.json`.
    pub fn write_meta(&self, stem: &str, meta: &FailureMeta) -> std::io::Result<PathBuf> {
        let json = serde_json::to_vec_pretty(meta).map_err(std::io::Error::other)?;
        self.write(&format!("{stem}.json"), &json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_atomically_and_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let store = FailureStore::open(&dir.path().join("a/b")).unwrap();
        let path = store.write("edge/7.in", b"1\n0 0 0\n").unwrap();
        assert!(path.ends_with("a/b/edge/7.in"));
        assert_eq!(std::fs::read(&path).unwrap(), b"1\n0 0 0\n");
        store.write("edge/7.in", b"2").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"2");
        let leftovers: Vec<_> = std::fs::read_dir(store.dir().join("edge"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 1, "no temporary files left: {leftovers:?}");
    }

    #[test]
    fn unwritable_folder_is_a_usage_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").unwrap();
        let err = FailureStore::open(&file.join("sub")).unwrap_err();
        assert!(err.to_string().contains("cannot create output folder"));
    }
}
