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
//! `tests/KEY` holds the bytes and `tests/KEY.sha256` their SHA-256. Both are written to a
//! temporary file in the same folder and renamed into place (the content first, then its
//! checksum), so a reader never sees half an entry; an entry whose content does not match its
//! checksum (a damaged disk, a killed writer, a hand edit) is a miss and is built again.
//! Deleting the folder at any time is safe.

use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::answers;
use super::sandboxes::ToolSandboxes;
use super::tool::{Tool, ToolArg, ToolCall, ToolLimits};
use crate::build::hex_digest;
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

/// The cache of built tests: `CACHE/tests/KEY` with `KEY.sha256` beside it.
#[derive(Debug, Clone)]
pub struct TestStore {
    dir: PathBuf,
}

impl TestStore {
    /// The store under the build cache folder `cache_dir` (created on first write).
    pub fn open(cache_dir: &Path) -> TestStore {
        TestStore {
            dir: cache_dir.join("tests"),
        }
    }

    /// The entry's file when it is whole: present, with a checksum that matches its content.
    pub fn get(&self, key: &str) -> Option<PathBuf> {
        let path = self.dir.join(key);
        let stored = std::fs::read_to_string(self.dir.join(format!("{key}.sha256"))).ok()?;
        let bytes = std::fs::read(&path).ok()?;
        (stored.trim() == digest(&bytes)).then_some(path)
    }

    /// Stores `bytes` under `key` atomically and returns the entry's file.
    pub fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(&self.dir)?;
        let path = self.dir.join(key);
        self.write_atomically(&path, bytes)?;
        self.write_atomically(
            &self.dir.join(format!("{key}.sha256")),
            digest(bytes).as_bytes(),
        )?;
        Ok(path)
    }

    /// The entry for `bytes` derived from a file of the user's (a manual test converted to LF):
    /// keyed by the derived content itself, so equal tests share one file.
    pub fn put_content(&self, bytes: &[u8]) -> std::io::Result<PathBuf> {
        let key = format!("content-{}", digest(bytes));
        match self.get(&key) {
            Some(path) => Ok(path),
            None => self.put(&key, bytes),
        }
    }

    fn write_atomically(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let mut file = tempfile::NamedTempFile::new_in(&self.dir)?;
        file.write_all(bytes)?;
        file.as_file().sync_data()?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    }
}

/// Hex SHA-256 of `bytes`.
fn digest(bytes: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(bytes);
    hex_digest(hasher)
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
            format!("made an input that could not be stored in the test cache: {e}"),
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
    fn entries_are_checked_on_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = TestStore::open(dir.path());
        assert_eq!(store.get("k"), None);
        let path = store.put("k", b"1 2\n").unwrap();
        assert_eq!(store.get("k"), Some(path.clone()));
        assert_eq!(std::fs::read(&path).unwrap(), b"1 2\n");
        // A damaged entry is a miss.
        std::fs::write(&path, b"1 3\n").unwrap();
        assert_eq!(store.get("k"), None);
        // A missing checksum is a miss.
        store.put("k", b"1 2\n").unwrap();
        std::fs::remove_file(dir.path().join("tests/k.sha256")).unwrap();
        assert_eq!(store.get("k"), None);
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
}
