//! Building a test set whose inputs are made by commands, not found on disk: a list of
//! [`Recipe`]s (test name, generator program, arguments) becomes a list of input files, each
//! built once and then served from a content-addressed cache.
//!
//! This step knows nothing of any package format. A Polygon package's `<test method="generated"
//! cmd="gen 10 20">` is one recipe; BAPCtools' `generators.yaml` (`data/secret/03: gen 10 20`)
//! maps onto the same list. Manual files that a reader has to change (a CRLF test converted to
//! LF) go through [`TestStore::put`] too, so every test a judge runs is a file in one place.
//!
//! # API
//!
//! ```text
//! let store = TestStore::open(&BuildOptions::default_for_user().cache_dir);
//! let recipes = vec![Recipe { name: "03".into(), generator: &gen_tool, args: vec!["10".into()] }];
//! let inputs: Vec<PathBuf> = build_inputs(&recipes, &sandboxes, &limits, &store, jobs)?;
//! ```
//!
//! A recipe's key is the SHA-256 of the generator's build hash (its sources and headers, the
//! compiler and flags, and the files beside a single-file generator; see
//! [`answers::reference_key`]) and its arguments, so editing the generator or its `testlib.h`
//! rebuilds, and a second command reuses every input. The generator runs in the tool sandbox
//! under the tool limits with the arguments as its command line; its stdout is the input
//! (testlib generators seed themselves from the command line, so the bytes are deterministic).
//!
//! # Cache entries
//!
//! The built tests are a [`CheckedCache`] in `CACHE/tests/` (the one checked entry format of
//! [`crate::cache_entry`]: each entry names its key and carries its length and SHA-256, and is
//! written atomically and durably). A damaged, truncated, emptied or foreign entry is a miss:
//! removed, built again, said once. A cache folder that cannot be written is said once and the
//! tests are built without it: never a failed command or a wrong verdict.
//!
//! The judge reads a test as a plain file, so every test served (hit or freshly built) is
//! written from its checked content to this process's working folder
//! (`$TMPDIR/.stressjudge-partial-PID-tests/KEY`, or in `/dev/shm` when `$TMPDIR` cannot be
//! written): no file a judge reads was trusted unchecked,
//! and damaging the cache while a command runs cannot change what it judges. That folder is
//! removed when the command ends ([`clean_up`]), or swept by a later command after a kill.
//! Deleting the cache folder at any time is safe.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

use super::answers;
use super::sandboxes::ToolSandboxes;
use super::tool::{Tool, ToolArg, ToolCall, ToolLimits};
use crate::build::hex_digest;
use crate::cache_entry::{self, CheckedCache};
use crate::problem::ToolFailure;

/// One test to build: its name (for messages), the generator, and its arguments.
pub struct Recipe<'a> {
    /// How messages name the test: `test 7`.
    pub name: String,
    /// The generator program.
    pub generator: &'a Tool,
    /// Its command-line arguments.
    pub args: Vec<String>,
}

/// The cache of built tests: checked entries in `CACHE/tests/`, served as plain files of this
/// process's working folder.
#[derive(Debug, Clone)]
pub struct TestStore {
    entries: Arc<CheckedCache>,
}

impl TestStore {
    /// The store under the build cache folder `cache_dir` (created on first write).
    pub fn open(cache_dir: &Path) -> TestStore {
        TestStore {
            entries: Arc::new(CheckedCache::new(cache_dir.join("tests"), "built-test")),
        }
    }

    /// The plain file of the test stored under `key`, when a sound entry holds it (a damaged
    /// one is removed and said once: a miss).
    pub fn get(&self, key: &str) -> Option<PathBuf> {
        let bytes = self.entries.get(key)?;
        working_copy(key, &bytes).ok()
    }

    /// Stores `bytes` under `key` and returns the plain file the judge reads. A cache that
    /// cannot be written only costs a rebuild next time (said once); the error is this
    /// process's working folder failing, where no test can be judged.
    pub fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
        self.entries.put(key, bytes);
        working_copy(key, bytes)
    }

    /// The entry for `bytes` derived from a file of the user's (a manual test converted to LF):
    /// keyed by the derived content itself, so equal tests share one file.
    pub fn put_content(&self, bytes: &[u8]) -> std::io::Result<PathBuf> {
        let key = format!("content-{}", cache_entry::sha256_hex(bytes));
        match self.get(&key) {
            Some(path) => Ok(path),
            None => self.put(&key, bytes),
        }
    }
}

/// This process's working folder of plain test files, made on first use after sweeping what
/// killed commands left: in the temporary folder, else (a `$TMPDIR` that cannot be written) in
/// `/dev/shm`, where the runs then go too; neither is an error naming both.
fn working_folder() -> std::io::Result<PathBuf> {
    static MADE: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(dir) = made.as_ref() {
        return Ok(dir.clone());
    }
    let temp = std::env::temp_dir();
    let mut failures = Vec::new();
    for parent in [temp.as_path(), Path::new("/dev/shm")] {
        let dir = working_folder_in(parent);
        cache_entry::sweep_partials(parent);
        // A folder of this name can only be a dead process's with the same PID.
        let _ = std::fs::remove_dir_all(&dir);
        match std::fs::create_dir_all(&dir) {
            Ok(()) => {
                *made = Some(dir.clone());
                return Ok(dir);
            }
            Err(e) => failures.push(format!("{} ({e})", parent.display())),
        }
    }
    Err(std::io::Error::other(format!(
        "neither the temporary folder nor /dev/shm can be written: {}",
        failures.join(", ")
    )))
}

/// The working folder of this process under `parent`.
fn working_folder_in(parent: &Path) -> PathBuf {
    parent.join(format!("{}tests", cache_entry::partial_prefix()))
}

/// Writes the checked `bytes` of `key` as a plain file of the working folder.
fn working_copy(key: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let path = working_folder()?.join(key);
    cache_entry::write_atomically(&path, bytes)?;
    Ok(path)
}

/// Removes this process's working folder of tests (when a command ends).
pub fn clean_up() {
    for parent in [std::env::temp_dir().as_path(), Path::new("/dev/shm")] {
        let dir = working_folder_in(parent);
        if dir.exists() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The cache key of a recipe: the generator's build and the arguments.
pub fn recipe_key(recipe: &Recipe<'_>) -> Result<String, ToolFailure> {
    let program = recipe.generator.program()?;
    let mut hasher = Sha256::new();
    hasher.update(b"stressjudge test v1\0");
    hasher
        .update(answers::reference_key(&program.content_hash, recipe.generator.path()).as_bytes());
    for arg in &recipe.args {
        hasher.update([0]);
        hasher.update(arg.as_bytes());
    }
    Ok(hex_digest(hasher))
}

/// Builds every recipe's input (from the cache when it is there), `jobs` at a time; the
/// files come back in recipe order. The first failure is the test's name and the generator's
/// fault.
pub fn build_inputs(
    recipes: &[Recipe<'_>],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
    jobs: usize,
) -> Result<Vec<PathBuf>, (String, ToolFailure)> {
    let jobs = jobs.clamp(1, recipes.len().max(1));
    let chunk = recipes.len().div_ceil(jobs).max(1);
    let results: Vec<Result<Vec<PathBuf>, (String, ToolFailure)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = recipes
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|r| {
                            build_one(r, sandboxes, limits, store).map_err(|f| (r.name.clone(), f))
                        })
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(("?".into(), ToolFailure::new("test builder", "panicked")))
                })
            })
            .collect()
    });
    let mut files = Vec::with_capacity(recipes.len());
    for part in results {
        files.extend(part?);
    }
    Ok(files)
}

/// One recipe's input file.
fn build_one(
    recipe: &Recipe<'_>,
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
) -> Result<PathBuf, ToolFailure> {
    let key = recipe_key(recipe)?;
    if let Some(path) = store.get(&key) {
        return Ok(path);
    }
    let bytes = run_generator(recipe.generator, &recipe.args, sandboxes, limits)?;
    store.put(&key, &bytes).map_err(|e| {
        ToolFailure::new(
            recipe.generator.label(),
            format!("made an input that could not be written for judging: {e}"),
        )
    })
}

/// Runs `generator ARGS` and returns what it printed; a crash, a limit or no output at all is
/// the generator's fault.
pub fn run_generator(
    generator: &Tool,
    args: &[String],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
) -> Result<Vec<u8>, ToolFailure> {
    let call = ToolCall {
        args: args.iter().cloned().map(ToolArg::Text).collect(),
        ..ToolCall::default()
    };
    let result = generator.call(sandboxes, limits, call)?;
    if let Some(failure) = generator.misbehaved(&result.outcome, limits, &[0]) {
        return Err(ToolFailure::new(
            failure.tool,
            format!("{} on `{}`", failure.problem, args.join(" ")),
        ));
    }
    if result.outcome.stdout.is_empty() {
        return Err(ToolFailure::new(
            generator.label(),
            format!("printed nothing on `{}`", args.join(" ")),
        ));
    }
    Ok(result.outcome.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_checked_on_read_and_served_as_plain_files() {
        let dir = tempfile::tempdir().unwrap();
        let store = TestStore::open(dir.path());
        assert_eq!(store.get("k"), None);
        let path = store.put("k", b"1 2\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"1 2\n");
        assert_eq!(store.get("k"), Some(path.clone()));
        let entry = dir.path().join("tests/k");
        assert_eq!(
            cache_entry::unseal("k", &std::fs::read(&entry).unwrap()),
            Ok(&b"1 2\n"[..])
        );
        // A damaged entry is a miss, and removed.
        let mut bytes = std::fs::read(&entry).unwrap();
        *bytes.last_mut().unwrap() = b'3';
        std::fs::write(&entry, &bytes).unwrap();
        assert_eq!(store.get("k"), None);
        assert!(!entry.exists());
        // An entry of another key is a miss.
        store.put("k", b"1 2\n").unwrap();
        std::fs::copy(&entry, dir.path().join("tests/j")).unwrap();
        assert_eq!(store.get("j"), None);
        // Content entries are shared.
        let a = store.put_content(b"x\n").unwrap();
        assert_eq!(store.put_content(b"x\n").unwrap(), a);
        // No temporary file is left behind.
        let names: Vec<String> = std::fs::read_dir(dir.path().join("tests"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            names.iter().all(|n| n == "k" || n.starts_with("content-")),
            "{names:?}"
        );
    }

    #[test]
    fn an_unwritable_cache_folder_still_serves_the_tests() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").unwrap();
        let store = TestStore::open(&file);
        let path = store.put("k", b"5\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"5\n");
        assert_eq!(store.get("k"), None, "nothing cached");
    }
}
