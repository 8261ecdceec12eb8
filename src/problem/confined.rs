//! Files a package points at must lie inside it: a symlink or a path (`problem.xml`'s `path=`,
//! a test file, an `include/` header) that leads outside the package is refused, while links
//! inside it keep working (real contest packages link secret tests to sample files).
//!
//! A package is read by stressjudge with the user's rights, before any sandbox: a test input
//! linked to `~/.ssh/id_rsa` would be copied into a candidate's stdin and shown in a report.

use std::path::{Path, PathBuf};

/// Where `path` (a file or folder of the package `root`) really leads, or why it is refused:
/// `Err` names the path and where it leads when that is outside `root` (both resolved through
/// every link). A path that does not exist is not this check's business and passes as it is.
pub fn inside(root: &Path, path: &Path) -> Result<PathBuf, String> {
    let Ok(real) = std::fs::canonicalize(path) else {
        return Ok(path.to_path_buf());
    };
    let real_root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    if real.starts_with(&real_root) {
        Ok(real)
    } else {
        Err(format!(
            "{} leads outside the package (to {}); a package may only point at its own files",
            path.display(),
            real.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_inside_pass_and_links_outside_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join("pkg");
        std::fs::create_dir_all(package.join("data/secret")).unwrap();
        std::fs::create_dir_all(package.join("data/sample")).unwrap();
        std::fs::write(package.join("data/sample/1.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("secret"), "key\n").unwrap();
        symlink("../sample/1.in", package.join("data/secret/1.in")).unwrap();
        symlink(dir.path().join("secret"), package.join("data/secret/2.in")).unwrap();
        symlink("/etc", package.join("data/secret/etc")).unwrap();
        assert!(inside(&package, &package.join("data/secret/1.in")).is_ok());
        let refused = inside(&package, &package.join("data/secret/2.in")).unwrap_err();
        assert!(
            refused.contains("2.in leads outside the package"),
            "{refused}"
        );
        assert!(inside(&package, &package.join("data/secret/etc")).is_err());
        assert!(inside(&package, &package.join("data/secret/missing.in")).is_ok());
    }
}
