//! A problem package's 2025-09 `constants` substituted in a program's files before it is
//! built ([`super::constants`]; the package's reader fills them, by its format's rule).
//!
//! As BAPCtools does (`Program._prepare`, `copy_and_substitute`), the substituted files are a
//! copy: here one folder of the build cache per content, holding the program's files (for a
//! single file, the file and the local headers it includes, so `#include "testlib.h"` next to
//! it still resolves). A program none of whose text files names a constant is built where it
//! is.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::constants::Constants;
use super::snapshot::{ProgramFile, Snapshot};
use super::{cache, includes, BuildError, BuildOptions, Language};

/// Replaces the constants in every text file of `snapshot`; whether any file changed.
pub(crate) fn apply(snapshot: &mut Snapshot, constants: &Constants) -> bool {
    let mut changed = false;
    for file in &mut snapshot.files {
        if let Some(bytes) = constants.substitute_bytes(&file.bytes) {
            file.bytes = bytes;
            changed = true;
        }
    }
    changed
}

/// The substituted copy of the program at `path` (a file or a folder, absolute): its path in
/// the build cache, or `None` when no file names a constant.
pub(crate) fn copy(
    path: &Path,
    constants: &Constants,
    options: &BuildOptions,
) -> Result<Option<PathBuf>, BuildError> {
    if constants.is_empty() {
        return Ok(None);
    }
    let mut snapshot = if path.is_dir() {
        Snapshot::of_folder(path)?
    } else {
        of_file_with_headers(path)?
    };
    if !apply(&mut snapshot, constants) {
        return Ok(None);
    }
    let folder = cached_folder(&snapshot, b"constants substituted", options)?;
    Ok(Some(if path.is_dir() {
        folder
    } else {
        folder.join(&snapshot.files[0].relative)
    }))
}

/// A single file (first) and the local headers it includes that lie in its folder.
fn of_file_with_headers(path: &Path) -> Result<Snapshot, BuildError> {
    let bytes = crate::error::read_file(path)?;
    let executable = std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
    let root = path.parent().unwrap_or(Path::new("/")).to_path_buf();
    let headers = includes::local_headers(&root, &bytes);
    let mut files = vec![ProgramFile {
        relative: PathBuf::from(path.file_name().unwrap_or_default()),
        bytes,
        executable,
    }];
    files.extend(
        headers
            .into_iter()
            .filter(|(name, _)| name.is_relative())
            .map(|(relative, bytes)| ProgramFile {
                relative,
                bytes,
                executable: false,
            }),
    );
    Ok(Snapshot { root, files })
}

/// `snapshot` written once per content (and `label`) into a folder of the build cache.
pub(crate) fn cached_folder(
    snapshot: &Snapshot,
    label: &[u8],
    options: &BuildOptions,
) -> Result<PathBuf, BuildError> {
    let cache = cache::Cache::open(&options.cache_dir)?;
    let mut hasher = cache::ContentHasher::new(Language::Executable);
    hasher.field(label);
    snapshot.hash_into(&mut hasher);
    let hash = hasher.finish();
    let folder = cache.folder(&hash);
    if !cache.is_done(&hash, Some(&folder)) {
        let _lock = cache.lock(&hash)?;
        if !cache.is_done(&hash, Some(&folder)) {
            let fresh = cache.fresh_folder(&hash)?;
            snapshot
                .write_to(&fresh)
                .map_err(|e| cache.failure(&fresh, e))?;
            cache.mark_done(&hash, Some(&fresh))?;
        }
    }
    Ok(folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_file_is_copied_with_its_headers_substituted() {
        let dir = tempfile::tempdir().unwrap();
        let cache = tempfile::tempdir().unwrap();
        let options = BuildOptions {
            cache_dir: cache.path().to_path_buf(),
            compile_timeout: std::time::Duration::from_secs(5),
            sanitize: false,
        };
        std::fs::write(
            dir.path().join("v.cpp"),
            "#include \"h.h\"\nint n = {{N}};\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("h.h"), "int m = {{N.tex}};\n").unwrap();
        std::fs::write(dir.path().join("plain.py"), "print(1)\n").unwrap();
        let constants = Constants::from_pairs([("N", "5"), ("N.tex", "five")]);
        let copied = copy(&dir.path().join("v.cpp"), &constants, &options)
            .unwrap()
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(&copied).unwrap(),
            "#include \"h.h\"\nint n = 5;\n"
        );
        let header = copied.parent().unwrap().join("h.h");
        assert_eq!(std::fs::read_to_string(header).unwrap(), "int m = five;\n");
        assert!(copy(&dir.path().join("plain.py"), &constants, &options)
            .unwrap()
            .is_none());
    }
}
