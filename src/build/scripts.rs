//! Program folders with `build` and `run` scripts (Kattis problem package convention): `build`
//! runs in a private copy of the folder, which must then hold `run`; the program is that `run`.
//! A folder with only `run` is run as it is, where the user keeps it.
//!
//! The copy lives in the cache (`cache_dir/dir/HASH`, keyed by every file's name, mode and
//! contents) and is built where it stays, so a `build` that writes its own absolute path into
//! `run` keeps working. The scripts are POSIX shell scripts by the specification: one without
//! an execute bit (lost in a zip file, say) is run by `/bin/sh` instead of failing. `build`
//! runs in the sandbox (see [`super::contained`]): the user's environment (it needs their
//! compilers) with its folder as `HOME` and `TMPDIR`, the compile time limit, the build memory
//! limit, and the copy as its working directory and only writable folder; `run` starts like
//! any program, in an empty directory.

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::cache::{Cache, ContentHasher};
use super::contained;
use super::language::{first_line_of, starts_like_executable};
use super::process::Failure;
use super::snapshot::Snapshot;
use super::{BuildError, BuildOptions, Language};

/// A program run by its `run` script.
pub(crate) struct Scripted {
    /// `run` (or `/bin/sh run`).
    pub argv: Vec<OsString>,
    /// Hash of every file of the folder.
    pub content_hash: String,
    /// The folder `run` lives in.
    pub readonly_paths: Vec<PathBuf>,
}

/// The content hash of a scripted folder.
fn content_hash(language: Language, snapshot: &Snapshot) -> String {
    let mut hasher = ContentHasher::new(language);
    snapshot.hash_into(&mut hasher);
    hasher.finish()
}

/// How to start the script at `path`: itself when the kernel can run it, else `/bin/sh path`.
fn script_argv(path: &Path) -> Vec<OsString> {
    let executable = std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
    if executable && starts_like_executable(&first_line_of(path)) {
        vec![path.as_os_str().to_owned()]
    } else {
        vec!["/bin/sh".into(), path.as_os_str().to_owned()]
    }
}

/// A folder with only a `run` script: run in place.
pub(crate) fn run_only(snapshot: &Snapshot) -> Scripted {
    Scripted {
        argv: script_argv(&snapshot.root.join("run")),
        content_hash: content_hash(Language::Executable, snapshot),
        readonly_paths: vec![snapshot.root.clone()],
    }
}

/// A folder with a `build` script: built once per content hash into a private copy.
pub(crate) fn build_and_run(
    snapshot: &Snapshot,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<Scripted, BuildError> {
    let content_hash = content_hash(Language::BuildRun, snapshot);
    let copy = cache.folder(&content_hash);
    let done = |cache: &Cache| cache.is_done(&content_hash, Some(&copy));
    if !done(cache) {
        let _lock = cache.lock(&content_hash)?;
        if !done(cache) {
            let copy = cache.fresh_folder(&content_hash)?;
            snapshot
                .write_to(&copy)
                .map_err(|e| cache.failure(&copy, e))?;
            run_build(&copy, options)?;
            cache.mark_done(&content_hash, Some(&copy))?;
        }
    }
    Ok(Scripted {
        argv: script_argv(&copy.join("run")),
        content_hash,
        readonly_paths: vec![copy],
    })
}

/// Runs `build` in `copy` under the compile time limit; then `run` must exist.
fn run_build(copy: &Path, options: &BuildOptions) -> Result<(), BuildError> {
    let argv = script_argv(&copy.join("build"));
    let mut command = std::process::Command::new(&argv[0]);
    command.args(&argv[1..]).current_dir(copy);
    let finished = contained::run_step(command, &[], Vec::new(), options.compile_timeout).map_err(
        |f| match f {
            Failure::Spawn(e) => BuildError::Compile(format!("cannot start the build script: {e}")),
            Failure::TimedOut => BuildError::Compile(format!(
                "the build script exceeded {}",
                crate::units::limit_seconds(options.compile_timeout)
            )),
            Failure::Limit(why) => BuildError::Compile(format!("the build script: {why}")),
        },
    )?;
    if !finished.status.success() {
        let message = finished.message();
        return Err(BuildError::Compile(if message.is_empty() {
            format!(
                "the build script failed ({}) and printed nothing",
                finished.status
            )
        } else {
            format!("the build script failed ({}):\n{message}", finished.status)
        }));
    }
    if !copy.join("run").is_file() {
        return Err(BuildError::Compile(
            "the build script succeeded but left no `run` file".into(),
        ));
    }
    Ok(())
}
