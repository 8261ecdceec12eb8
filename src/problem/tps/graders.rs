//! A TPS task's graders: `grader/<language>/` holds the grader of that language (`grader.cpp`
//! and the task's header, `grader.java`, ...), compiled with every solution of the language, as
//! TPS's `compile.sh` does. They reach the build step as its folder of included files, each
//! folder's files under its language's id, as the Italian format's graders do
//! ([`crate::problem::italian::graders::include_folder`]). `grader/manager.*` (a Communication
//! task's manager) and the grader folder's own files are not graders.

use std::path::{Path, PathBuf};

use crate::problem::kattis::PackageError;

/// The language folders of `grader/` with their files, in name order.
pub fn grader_folders(dir: &Path) -> Result<Vec<(String, Vec<PathBuf>)>, PackageError> {
    let root = dir.join("grader");
    let mut folders = Vec::new();
    for folder in sorted_entries(&root).into_iter().filter(|p| p.is_dir()) {
        let files: Vec<PathBuf> = (sorted_entries(&folder).into_iter())
            .filter(|p| p.is_file())
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
                !name.starts_with('.')
                    && !name.ends_with('~')
                    && !matches!(ext, "exe" | "o" | "class" | "pyc" | "ppu")
            })
            .collect();
        for file in &files {
            crate::problem::confined::inside(dir, file)
                .map_err(|why| PackageError::at(file, why))?;
        }
        if !files.is_empty() {
            let name = folder
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            folders.push((name, files));
        }
    }
    Ok(folders)
}

/// The include folder of `graders` (as [`grader_folders`] found them): each folder's files
/// under the language of its sources; `None` without graders.
pub fn include_root(graders: &[(String, Vec<PathBuf>)]) -> Result<Option<PathBuf>, String> {
    let mut placed = Vec::new();
    for (_, files) in graders {
        // The folder's language is its sources' (a header alone names none).
        let Some(language) = files.iter().find_map(|f| {
            let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
            if matches!(ext, "h" | "hpp" | "hh" | "inc") {
                None
            } else {
                crate::build::language_id_of(f)
            }
        }) else {
            continue;
        };
        for file in files {
            let bytes = std::fs::read(file)
                .map_err(|e| format!("{}: cannot be read: {e}", file.display()))?;
            let name = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            placed.push((language.to_string(), name, bytes));
        }
    }
    crate::problem::italian::graders::include_folder(placed)
}

/// Whether the program at `path` is a solution of a TPS task (in its `solution/`), and the
/// include folder of that task's graders if it has any.
pub fn include_for_solution(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let folder = absolute.parent()?;
    if folder.file_name()? != "solution" {
        return None;
    }
    let task = folder.parent()?;
    if !super::is_tps_task(task) {
        return None;
    }
    let problem = super::json_lines::JsonFile::read(&task.join(super::PROBLEM_JSON)).ok()?;
    if !super::problem_json::parse(&problem).ok()?.has_grader {
        return None;
    }
    let graders = grader_folders(task).ok()?;
    include_root(&graders).ok().flatten()
}

fn sorted_entries(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    found.sort();
    found
}
