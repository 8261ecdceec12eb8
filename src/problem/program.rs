//! One program of a problem folder, as a reader found it: a single file or a directory of files
//! (the Kattis format's "Programs"; a Polygon package's solutions are single files). How it is
//! built is the build step's business.

use std::path::{Path, PathBuf};

/// One program of the folder: a single file or a directory of files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// Where it is (inside the problem folder).
    pub path: PathBuf,
    /// Its name in the package: the file or directory name (`brute.py`, `validate`).
    pub name: String,
    /// Whether it is a directory of files (with a `build`/`run` script, several sources, ...).
    pub is_dir: bool,
}

impl Program {
    /// A program at `path`, a file or a directory.
    pub fn at(path: &Path) -> Program {
        Program {
            path: path.to_path_buf(),
            name: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            is_dir: path.is_dir(),
        }
    }

    /// The name without its extension (`gen` for `gen.py`), used to find `generators/gen.*`.
    pub fn stem(&self) -> &str {
        if self.is_dir {
            return &self.name;
        }
        match self.name.rfind('.') {
            Some(dot) if dot > 0 => &self.name[..dot],
            _ => &self.name,
        }
    }
}
