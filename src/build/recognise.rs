//! Discovery: whether a path is a program stressjudge can build, without building it.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use super::language::{self, Language};
use super::layout;
use super::Source;

/// A path that is a program: how to build it and its language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognised {
    /// What to pass to [`super::build`].
    pub source: Source,
    /// The language it would be built as ([`Language::BuildRun`] for a folder with a `build`
    /// script, [`Language::Executable`] for an executable or a folder with only `run`).
    pub language: Language,
}

/// Whether `path` is a program stressjudge can build, and its language: a source file by its
/// ending (and `#!` line for Python 2), an executable file (an ELF binary or a `#!` script with
/// an execute bit), or a program folder (a `build` or `run` script, or source files). Names
/// starting with `.` are never programs.
///
/// A program whose language has no toolchain here is still recognised; building it gives
/// [`super::BuildError::Unavailable`].
pub fn recognise(path: &Path) -> Option<Recognised> {
    if path
        .file_name()
        .is_none_or(|name| name.as_encoded_bytes().starts_with(b"."))
    {
        return None;
    }
    let metadata = std::fs::metadata(path).ok()?;
    if metadata.is_dir() {
        let language = layout::of_folder(path).ok()?.language();
        return Some(Recognised {
            source: Source::Dir(path.to_path_buf()),
            language,
        });
    }
    if !metadata.is_file() {
        return None;
    }
    let first_line = language::first_line_of(path);
    let name = Path::new(path.file_name()?);
    let executable = metadata.permissions().mode() & 0o111 != 0;
    let language = language::of_single_file(name, &first_line, executable)?;
    Some(Recognised {
        source: Source::File(path.to_path_buf()),
        language,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str, mode: u32) {
        std::fs::write(path, text).unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[test]
    fn sources_executables_and_folders_are_programs() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        write(&at("a.cpp"), "", 0o644);
        write(&at("old.py"), "#!/usr/bin/env python2\n", 0o644);
        write(&at("Main.java"), "", 0o644);
        write(&at("tool"), "#!/bin/sh\n", 0o755);
        write(&at("README.md"), "# notes\n", 0o755);
        write(&at("data.txt"), "1 2\n", 0o644);
        write(&at(".hidden.py"), "", 0o644);
        std::fs::create_dir(at("validator")).unwrap();
        write(&at("validator/validate.cc"), "", 0o644);
        write(&at("validator/validate.h"), "", 0o644);
        std::fs::create_dir(at("scripted")).unwrap();
        write(&at("scripted/build"), "#!/bin/sh\n", 0o755);
        std::fs::create_dir(at("empty")).unwrap();

        let language = |name: &str| recognise(&at(name)).map(|r| r.language);
        assert_eq!(language("a.cpp"), Some(Language::Cpp));
        assert_eq!(language("old.py"), Some(Language::Python2));
        assert_eq!(language("Main.java"), Some(Language::Java));
        assert_eq!(language("tool"), Some(Language::Executable));
        assert_eq!(language("README.md"), None, "executable but no #! line");
        assert_eq!(language("data.txt"), None);
        assert_eq!(language(".hidden.py"), None);
        assert_eq!(language("missing.c"), None);
        assert_eq!(language("empty"), None);
        assert_eq!(language("scripted"), Some(Language::BuildRun));
        let folder = recognise(&at("validator")).unwrap();
        assert_eq!(folder.language, Language::Cpp);
        assert_eq!(folder.source, Source::Dir(at("validator")));
        assert_eq!(
            recognise(&at("a.cpp")).unwrap().source,
            Source::File(at("a.cpp"))
        );
    }
}
