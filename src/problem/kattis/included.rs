//! Included files (`include/`): "files appended to all submitted solutions" of the Kattis
//! problem package format, e.g. a grader's `main` around a submission that only implements a
//! function. `include/default/` applies to every language, `include/<language id>/` (the
//! problemtools ids: `cpp`, `java`, `python3`, ...) to that language's submissions; the build
//! step copies them next to a submission before building it.

use std::path::{Path, PathBuf};

/// The `include/` folder of the package a submission belongs to: the folder beside the nearest
/// `submissions/` above it (submissions may sit in nested folders), when it exists.
pub fn include_folder_of(submission: &Path) -> Option<PathBuf> {
    submission
        .ancestors()
        .skip(1)
        .find(|dir| dir.file_name().is_some_and(|n| n == "submissions"))
        .and_then(Path::parent)
        .map(|package| package.join("include"))
        .filter(|include| include.is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_include_folder_sits_beside_submissions() {
        let dir = tempfile::tempdir().unwrap();
        let submission = dir.path().join("submissions/accepted/sol.cpp");
        assert_eq!(include_folder_of(&submission), None, "no include/ yet");
        std::fs::create_dir_all(dir.path().join("include/cpp")).unwrap();
        assert_eq!(
            include_folder_of(&submission),
            Some(dir.path().join("include"))
        );
        let nested = dir.path().join("submissions/accepted/group/sol.cpp");
        assert_eq!(include_folder_of(&nested), Some(dir.path().join("include")));
        assert_eq!(include_folder_of(&dir.path().join("solutions/x.cpp")), None);
    }
}
