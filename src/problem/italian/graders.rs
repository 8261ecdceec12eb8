//! The graders and stubs of an Italian-format task (`sol/grader.cpp`, `sol/stub.c`, ...),
//! compiled with every solution of their language, as CMS's Batch type with graders and
//! task-maker-rust's `GraderMap` do: the function-call interface of IOI tasks, where the
//! grader has `main` and the solution implements the task's functions.
//!
//! They reach the build step as its folder of included files (problemtools' `include/`
//! semantics: `include/<language id>/` merged with each solution of that language), made
//! once per content in the cache: each grader (and the task's headers in `sol/`, for C and
//! C++) under its language's id. The task folder is never written.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::build::BuildOptions;

/// The include folder holding `graders` by language (`None` without graders), or why it
/// cannot be made.
pub fn include_root(graders: &[PathBuf]) -> Result<Option<PathBuf>, String> {
    if graders.is_empty() {
        return Ok(None);
    }
    let mut placed: Vec<(String, String, Vec<u8>)> = Vec::new();
    for grader in graders {
        let Some(language) = crate::build::language_id_of(grader) else {
            continue;
        };
        let bytes = std::fs::read(grader)
            .map_err(|e| format!("{}: cannot be read: {e}", grader.display()))?;
        let name = file_name(grader);
        placed.push((language.to_string(), name, bytes));
        // The headers a C or C++ grader includes live beside it in sol/.
        if matches!(language, "c" | "cpp") {
            for header in headers(grader.parent().unwrap_or(Path::new("."))) {
                let bytes = std::fs::read(&header)
                    .map_err(|e| format!("{}: cannot be read: {e}", header.display()))?;
                placed.push((language.to_string(), file_name(&header), bytes));
            }
        }
    }
    include_folder(placed)
}

/// The include folder holding `placed` files (language id, file name, contents), made once
/// per content in the cache; `None` when there are none. TPS's graders are placed the same
/// way ([`crate::problem::tps::graders`]).
pub fn include_folder(
    mut placed: Vec<(String, String, Vec<u8>)>,
) -> Result<Option<PathBuf>, String> {
    if placed.is_empty() {
        return Ok(None);
    }
    placed.sort();
    placed.dedup();
    let mut hasher = Sha256::new();
    hasher.update(b"stressjudge italian graders v1\0");
    for (language, name, bytes) in &placed {
        for part in [language.as_bytes(), name.as_bytes(), bytes.as_slice()] {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
    }
    let key = crate::build::hex_digest(hasher);
    let root = BuildOptions::default_for_user()
        .cache_dir
        .join("italian-graders")
        .join(&key)
        .join("include");
    if !root.is_dir() {
        // Written beside, then renamed: a reader never sees half a folder.
        let parent = root.parent().expect("under the cache");
        std::fs::create_dir_all(parent).map_err(|e| cannot(parent, e))?;
        let partial = tempfile::tempdir_in(parent).map_err(|e| cannot(parent, e))?;
        for (language, name, bytes) in &placed {
            let folder = partial.path().join(language);
            std::fs::create_dir_all(&folder).map_err(|e| cannot(&folder, e))?;
            std::fs::write(folder.join(name), bytes).map_err(|e| cannot(&folder, e))?;
        }
        let partial = partial.keep();
        if std::fs::rename(&partial, &root).is_err() {
            // Another process made it first.
            let _ = std::fs::remove_dir_all(&partial);
        }
    }
    Ok(Some(root))
}

fn cannot(path: &Path, e: std::io::Error) -> String {
    format!(
        "the graders' build folder {} cannot be made: {e}",
        path.display()
    )
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The C and C++ headers of `folder`.
fn headers(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && matches!(
                    p.extension().and_then(|e| e.to_str()),
                    Some("h" | "hpp" | "hh")
                )
        })
        .collect();
    found.sort();
    found
}

/// Whether the program at `path` is a solution of an Italian-format task (in its `sol/`), and
/// the include folder of that task's graders if it has any.
pub fn include_for_solution(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let sol = absolute.parent()?;
    if sol.file_name()? != "sol" {
        return None;
    }
    let task = sol.parent()?;
    if !super::is_italian_task(task) {
        return None;
    }
    let graders: Vec<PathBuf> = std::fs::read_dir(sol)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = file_name(p);
            p.is_file()
                && !name.ends_with('~')
                && matches!(name.split('.').next(), Some("grader" | "stub"))
        })
        .collect();
    include_root(&graders).ok().flatten()
}
