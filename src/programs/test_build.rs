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

/// A fresh folder `name` inside this process's working folder (removed with it when the command
/// ends): where a `data/` built from a package's recipes is laid out for the judge to read.
pub fn scratch_folder(name: &str) -> std::io::Result<PathBuf> {
    let dir = working_folder()?.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
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
    in_parallel(
        recipes,
        jobs,
        |r| r.name.clone(),
        |r| build_one(r, sandboxes, limits, store),
    )
}

/// [`build_inputs`] that goes on past a failure: each recipe's input file or its generator's
/// fault, in recipe order, so the tests whose generator works are judged without the others.
pub fn build_inputs_each(
    recipes: &[Recipe<'_>],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
    jobs: usize,
) -> Vec<Result<PathBuf, ToolFailure>> {
    in_parallel_each(recipes, jobs, |r| build_one(r, sandboxes, limits, store))
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

/// A test whose generator may also write files in its working folder (BAPCtools' generators
/// write `testcase.in` or `testcase.ans` there), retried with other arguments when it fails.
pub struct FileRecipe<'a> {
    /// How messages name the test: `secret/03-random`.
    pub name: String,
    /// The generator program.
    pub generator: &'a Tool,
    /// Argument lists tried in turn until one run succeeds (BAPCtools' `retries`, each with
    /// the next seed); at least one.
    pub attempts: Vec<Vec<String>>,
    /// Files read back from the generator's working folder when it wrote them.
    pub collect: Vec<String>,
}

/// What a [`FileRecipe`] made: its stdout and each collected file it wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltFiles {
    /// What the generator printed.
    pub stdout: Vec<u8>,
    /// The collected files it wrote, by name.
    pub files: Vec<(String, Vec<u8>)>,
}

impl BuiltFiles {
    /// One bundle of bytes: each part as `NAME \0 LENGTH \0 BYTES`, stdout first with an empty
    /// name.
    fn to_bundle(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let parts = std::iter::once(("", &self.stdout))
            .chain(self.files.iter().map(|(n, b)| (n.as_str(), b)));
        for (name, bytes) in parts {
            out.extend_from_slice(name.as_bytes());
            out.push(0);
            out.extend_from_slice(bytes.len().to_string().as_bytes());
            out.push(0);
            out.extend_from_slice(bytes);
        }
        out
    }

    /// The parts of a bundle; `None` when it is not one.
    fn from_bundle(mut bytes: &[u8]) -> Option<BuiltFiles> {
        let mut parts = Vec::new();
        while !bytes.is_empty() {
            let end = bytes.iter().position(|&b| b == 0)?;
            let name = String::from_utf8(bytes[..end].to_vec()).ok()?;
            bytes = &bytes[end + 1..];
            let end = bytes.iter().position(|&b| b == 0)?;
            let len: usize = std::str::from_utf8(&bytes[..end]).ok()?.parse().ok()?;
            bytes = &bytes[end + 1..];
            if bytes.len() < len {
                return None;
            }
            parts.push((name, bytes[..len].to_vec()));
            bytes = &bytes[len..];
        }
        let mut parts = parts.into_iter();
        let (first, stdout) = parts.next()?;
        if !first.is_empty() {
            return None;
        }
        Some(BuiltFiles {
            stdout,
            files: parts.collect(),
        })
    }
}

/// The cache key of a file recipe: the generator's build, every attempt's arguments and the
/// files read back.
fn file_recipe_key(recipe: &FileRecipe<'_>) -> Result<String, ToolFailure> {
    let program = recipe.generator.program()?;
    let mut hasher = Sha256::new();
    hasher.update(b"stressjudge test files v1\0");
    hasher
        .update(answers::reference_key(&program.content_hash, recipe.generator.path()).as_bytes());
    for attempt in &recipe.attempts {
        hasher.update([1]);
        for arg in attempt {
            hasher.update([0]);
            hasher.update(arg.as_bytes());
        }
    }
    for name in &recipe.collect {
        hasher.update([2]);
        hasher.update(name.as_bytes());
    }
    Ok(hex_digest(hasher))
}

/// Builds every file recipe (from the cache when it is there), `jobs` at a time, in recipe
/// order. The first failure is the test's name and the generator's fault (its last attempt's).
pub fn build_files(
    recipes: &[FileRecipe<'_>],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
    jobs: usize,
) -> Result<Vec<BuiltFiles>, (String, ToolFailure)> {
    in_parallel(
        recipes,
        jobs,
        |r| r.name.clone(),
        |r| build_files_one(r, sandboxes, limits, store),
    )
}

/// `work` on every item, `jobs` threads each taking a contiguous share; the results come back
/// in item order. The first failure (in item order) is the item's `name` and its fault.
pub(crate) fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    name: impl Fn(&T) -> String + Sync,
    work: impl Fn(&T) -> Result<R, ToolFailure> + Sync,
) -> Result<Vec<R>, (String, ToolFailure)> {
    let mut done = Vec::with_capacity(items.len());
    for (item, result) in items.iter().zip(in_parallel_each(items, jobs, work)) {
        done.push(result.map_err(|f| (name(item), f))?);
    }
    Ok(done)
}

/// `work` on every item, `jobs` threads each taking a contiguous share; every item's result,
/// in item order.
pub(crate) fn in_parallel_each<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> Result<R, ToolFailure> + Sync,
) -> Vec<Result<R, ToolFailure>> {
    let jobs = jobs.clamp(1, items.len().max(1));
    let chunk = items.len().div_ceil(jobs).max(1);
    let work = &work;
    let results: Vec<Vec<Result<R, ToolFailure>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(work).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .zip(items.chunks(chunk))
            .map(|(h, part)| {
                h.join().unwrap_or_else(|_| {
                    part.iter()
                        .map(|_| Err(ToolFailure::new("test builder", "panicked")))
                        .collect()
                })
            })
            .collect()
    });
    results.into_iter().flatten().collect()
}

/// [`build_files`] that goes on past a failure: each recipe's files or its generator's fault,
/// in recipe order.
pub fn build_files_each(
    recipes: &[FileRecipe<'_>],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
    jobs: usize,
) -> Vec<Result<BuiltFiles, ToolFailure>> {
    in_parallel_each(recipes, jobs, |r| {
        build_files_one(r, sandboxes, limits, store)
    })
}

/// One file recipe's result.
fn build_files_one(
    recipe: &FileRecipe<'_>,
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
) -> Result<BuiltFiles, ToolFailure> {
    let key = file_recipe_key(recipe)?;
    if let Some(built) = store
        .entries
        .get(&key)
        .and_then(|b| BuiltFiles::from_bundle(&b))
    {
        return Ok(built);
    }
    let mut last = None;
    for args in &recipe.attempts {
        let call = ToolCall {
            args: args.iter().cloned().map(ToolArg::Text).collect(),
            collect: recipe.collect.iter().map(String::as_str).collect(),
            ..ToolCall::default()
        };
        let result = recipe.generator.call(sandboxes, limits, call)?;
        if let Some(failure) = recipe.generator.misbehaved(&result.outcome, limits, &[0]) {
            last = Some(ToolFailure::new(
                failure.tool,
                format!("{} on `{}`", failure.problem, args.join(" ")),
            ));
            continue;
        }
        let built = BuiltFiles {
            stdout: result.outcome.stdout,
            files: result.collected,
        };
        store.entries.put(&key, &built.to_bundle());
        return Ok(built);
    }
    Err(last.unwrap_or_else(|| ToolFailure::new(recipe.generator.label(), "was given no command")))
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
    fn file_bundles_round_trip() {
        let built = BuiltFiles {
            stdout: b"1 2\n".to_vec(),
            files: vec![
                ("testcase.ans".into(), b"3\n".to_vec()),
                ("x".into(), Vec::new()),
            ],
        };
        assert_eq!(BuiltFiles::from_bundle(&built.to_bundle()), Some(built));
        assert_eq!(BuiltFiles::from_bundle(b"a\x005\x00xy"), None);
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
