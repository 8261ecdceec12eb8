//! Writes a task's folder under the folder `listen` was given, never outside it and never over
//! anything: the files are written in a fresh hidden folder beside it, which is then renamed
//! into place with `RENAME_NOREPLACE` (the rename fails rather than replace a folder that
//! appeared meanwhile). A task sent again with the same contents is recognised and left as it
//! is; one whose folder name is taken by other contents goes to `NAME-2`, `NAME-3`, ...

use std::path::{Path, PathBuf};

use super::{layout, Task};

/// How a task was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// Into a new folder of its own name.
    New(PathBuf),
    /// Into a new folder with a suffix, as its own name was taken (by the folder named second).
    Renamed(PathBuf, PathBuf),
    /// Not written: the folder already holds exactly these files.
    Unchanged(PathBuf),
}

impl Written {
    /// The folder that holds the task.
    pub fn folder(&self) -> &Path {
        match self {
            Written::New(p) | Written::Renamed(p, _) | Written::Unchanged(p) => p,
        }
    }
}

/// Most suffixed names tried before giving up (a hundred copies of a task is a mistake).
const MAX_COPIES: usize = 100;

/// Writes `task` as a problem folder in `dir` (which must exist).
pub fn write_task(dir: &Path, task: &Task) -> Result<Written, String> {
    let name = layout::folder_name(task);
    let files = layout::files(task);
    for copy in 1..=MAX_COPIES {
        let candidate = if copy == 1 {
            name.clone()
        } else {
            format!("{name}-{copy}")
        };
        let path = dir.join(&candidate);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() && holds_exactly(&path, &files) => {
                return Ok(Written::Unchanged(path))
            }
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot look at {}: {e}", path.display())),
        }
        match create(dir, &candidate, &files) {
            Ok(()) if copy == 1 => return Ok(Written::New(path)),
            Ok(()) => return Ok(Written::Renamed(path, dir.join(&name))),
            // Taken between the look and the rename: try the next name.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot write {}: {e}", path.display())),
        }
    }
    Err(format!(
        "{}: {name} and {MAX_COPIES} suffixed copies all exist; move some away",
        dir.display()
    ))
}

/// Whether `folder` holds each of `files` with these bytes (other files may be there too:
/// the contestant's solutions).
fn holds_exactly(folder: &Path, files: &[(PathBuf, Vec<u8>)]) -> bool {
    files
        .iter()
        .all(|(rel, bytes)| std::fs::read(folder.join(rel)).is_ok_and(|b| &b == bytes))
}

fn create(dir: &Path, name: &str, files: &[(PathBuf, Vec<u8>)]) -> std::io::Result<()> {
    let staging = tempfile::Builder::new()
        .prefix(".stressjudge-incoming-")
        .tempdir_in(dir)?;
    for (rel, bytes) in files {
        let path = staging.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, bytes)?;
    }
    for folder in layout::EMPTY_FOLDERS {
        std::fs::create_dir_all(staging.path().join(folder))?;
    }
    rustix::fs::renameat_with(
        rustix::fs::CWD,
        staging.path(),
        rustix::fs::CWD,
        dir.join(name),
        rustix::fs::RenameFlags::NOREPLACE,
    )?;
    // Renamed away: nothing is left for the guard to remove.
    let _ = staging.keep();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(sample: &str) -> Task {
        Task::parse(
            format!(
                r#"{{"name":"A. Sum","group":"g","url":"u","memoryLimit":64,"timeLimit":1000,
                   "tests":[{{"input":"1 2\n","output":"{sample}\n"}}]}}"#
            )
            .as_bytes(),
        )
        .unwrap()
    }

    #[test]
    fn never_overwrites_and_recognises_a_resend() {
        let dir = tempfile::tempdir().unwrap();
        let first = write_task(dir.path(), &task("3")).unwrap();
        assert_eq!(first, Written::New(dir.path().join("a-sum")));
        assert_eq!(
            write_task(dir.path(), &task("3")).unwrap(),
            Written::Unchanged(dir.path().join("a-sum"))
        );
        assert_eq!(
            write_task(dir.path(), &task("4")).unwrap(),
            Written::Renamed(dir.path().join("a-sum-2"), dir.path().join("a-sum"))
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a-sum/data/sample/01.ans")).unwrap(),
            "3\n"
        );
        // A file of that name is taken too, and no staging folder is left behind.
        std::fs::write(dir.path().join("a-sum-3"), "x").unwrap();
        let fourth = write_task(dir.path(), &task("5")).unwrap();
        assert_eq!(fourth.folder(), dir.path().join("a-sum-4"));
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(names.is_empty(), "{names:?}");
    }
}
