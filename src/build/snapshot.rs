//! A program's files read once into memory, so the bytes that are hashed are exactly the bytes
//! that are built, even if the user edits the folder meanwhile.
//!
//! A folder is read recursively, following symbolic links (the problem package format allows
//! links inside the package); names starting with `.` (editor and VCS files) and `__pycache__`
//! folders are left out. A folder is bounded: at most [`MAX_FILES`] files, [`MAX_BYTES`] bytes
//! and [`MAX_DEPTH`] levels, so a wrong path (a home directory) is a clear error, not a hang.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::cache::ContentHasher;
use super::language::Candidate;
use crate::error::UsageError;

/// Most files a program folder may hold.
const MAX_FILES: usize = 2000;
/// Most bytes a program folder may hold.
const MAX_BYTES: u64 = 64 << 20;
/// Deepest nesting of folders inside a program folder.
const MAX_DEPTH: usize = 8;

/// One file of a program.
#[derive(Debug, Clone)]
pub(crate) struct ProgramFile {
    /// Path relative to the program folder (for a single file: its name).
    pub relative: PathBuf,
    /// Its contents.
    pub bytes: Vec<u8>,
    /// Whether any execute bit is set.
    pub executable: bool,
}

impl ProgramFile {
    /// Its first line, for `#!` detection.
    pub fn first_line(&self) -> &[u8] {
        let end = self
            .bytes
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(self.bytes.len());
        &self.bytes[..end]
    }
}

/// The files of a program, sorted by relative path.
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    /// Absolute path of the folder (for a single file: the folder holding it).
    pub root: PathBuf,
    /// Its files.
    pub files: Vec<ProgramFile>,
}

impl Snapshot {
    /// Reads every file of the program folder `root` (absolute).
    pub fn of_folder(root: &Path) -> Result<Snapshot, UsageError> {
        let mut files = Vec::new();
        let mut bytes = 0;
        walk(root, root, 0, &mut files, &mut bytes)?;
        files.sort_by(|a, b| a.relative.cmp(&b.relative));
        Ok(Snapshot {
            root: root.to_path_buf(),
            files,
        })
    }

    /// The snapshot of a single source file (absolute path) whose bytes were already read. Its
    /// execute bit is left out: no build of a single source depends on it.
    pub fn of_file(path: &Path, bytes: Vec<u8>) -> Snapshot {
        Snapshot {
            root: path.parent().unwrap_or(Path::new("/")).to_path_buf(),
            files: vec![ProgramFile {
                relative: PathBuf::from(path.file_name().unwrap_or_default()),
                bytes,
                executable: false,
            }],
        }
    }

    /// The file at `relative`, if the program has it.
    pub fn file(&self, relative: &Path) -> Option<&ProgramFile> {
        self.files.iter().find(|f| f.relative == relative)
    }

    /// The files as language-detection candidates.
    pub fn candidates(&self) -> Vec<Candidate<'_>> {
        self.files
            .iter()
            .map(|f| Candidate {
                relative: &f.relative,
                first_line: f.first_line(),
            })
            .collect()
    }

    /// Adds every file's relative path, execute bit and contents to a content hash.
    pub fn hash_into(&self, hasher: &mut ContentHasher) {
        hasher.field(&(self.files.len() as u64).to_le_bytes());
        for file in &self.files {
            hasher.field(file.relative.as_os_str().as_encoded_bytes());
            hasher.field(&[u8::from(file.executable)]);
            hasher.field(&file.bytes);
        }
    }

    /// Writes every file under `dir`, with mode 0755 for executables and 0644 for the rest.
    pub fn write_to(&self, dir: &Path) -> std::io::Result<()> {
        for file in &self.files {
            let path = dir.join(&file.relative);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&path, &file.bytes)?;
            let mode = if file.executable { 0o755 } else { 0o644 };
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))?;
        }
        Ok(())
    }
}

/// Whether a folder entry is left out of a program: dot files and Python's bytecode caches.
fn is_ignored(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes().starts_with(b".") || name == "__pycache__"
}

/// Reads the files under `dir` (inside the program folder `root`) into `files`.
fn walk(
    root: &Path,
    dir: &Path,
    depth: usize,
    files: &mut Vec<ProgramFile>,
    bytes: &mut u64,
) -> Result<(), UsageError> {
    let unreadable = |path: &Path, e: std::io::Error| {
        UsageError::new(format!("cannot read {}: {e}", path.display()))
    };
    let shown = root.display();
    if depth > MAX_DEPTH {
        return Err(UsageError::new(format!(
            "program folder `{shown}` nests folders more than {MAX_DEPTH} deep (a symbolic link loop?)"
        )));
    }
    let entries = std::fs::read_dir(dir).map_err(|e| unreadable(dir, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| unreadable(dir, e))?;
        if is_ignored(&entry.file_name()) {
            continue;
        }
        let path = entry.path();
        // Follows symbolic links; a dangling one is left out like a file that is not there.
        let Ok(metadata) = std::fs::metadata(&path) else {
            continue;
        };
        if metadata.is_dir() {
            walk(root, &path, depth + 1, files, bytes)?;
            continue;
        }
        if !metadata.is_file() {
            continue;
        }
        *bytes += metadata.len();
        if files.len() >= MAX_FILES || *bytes > MAX_BYTES {
            return Err(UsageError::new(format!(
                "program folder `{shown}` is too large for a program (more than {MAX_FILES} files \
                 or {} MiB)",
                MAX_BYTES >> 20
            )));
        }
        let contents = std::fs::read(&path).map_err(|e| unreadable(&path, e))?;
        files.push(ProgramFile {
            relative: path.strip_prefix(root).unwrap_or(&path).to_path_buf(),
            bytes: contents,
            executable: metadata.permissions().mode() & 0o111 != 0,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_folder_sorted_and_skips_dot_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("__pycache__")).unwrap();
        std::fs::write(root.join("b.cpp"), "b").unwrap();
        std::fs::write(root.join("sub/a.h"), "a").unwrap();
        std::fs::write(root.join(".git/HEAD"), "x").unwrap();
        std::fs::write(root.join("__pycache__/m.pyc"), "x").unwrap();
        std::fs::write(root.join(".b.cpp.swp"), "x").unwrap();
        std::os::unix::fs::symlink("missing", root.join("dangling.cpp")).unwrap();
        std::os::unix::fs::symlink("b.cpp", root.join("link.cpp")).unwrap();
        let snapshot = Snapshot::of_folder(root).unwrap();
        let names: Vec<_> = snapshot.files.iter().map(|f| f.relative.clone()).collect();
        assert_eq!(
            names,
            [
                PathBuf::from("b.cpp"),
                PathBuf::from("link.cpp"),
                PathBuf::from("sub/a.h")
            ]
        );
        assert_eq!(snapshot.file(Path::new("link.cpp")).unwrap().bytes, b"b");

        let copy = tempfile::tempdir().unwrap();
        snapshot.write_to(copy.path()).unwrap();
        assert_eq!(std::fs::read(copy.path().join("sub/a.h")).unwrap(), b"a");
    }

    #[test]
    fn a_symbolic_link_loop_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(".", dir.path().join("loop")).unwrap();
        let message = Snapshot::of_folder(dir.path()).unwrap_err().to_string();
        assert!(message.contains("deep"), "{message}");
    }
}
