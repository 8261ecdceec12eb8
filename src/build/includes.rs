//! The local headers a single C or C++ source includes (a checker's `testlib.h` next to it), so
//! they are part of its content hash and editing one rebuilds the program.
//!
//! A line-based scan of `#include "..."` and `#include <...>` directives, followed through the
//! headers it finds: a header is local when the name resolves to a file next to the including
//! file or in the source's folder. Angle includes without a dot (`<vector>`) are the C++
//! library's, never a local file. Includes hidden behind macros are not seen; a program folder
//! hashes every file and has no such gap.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Most local headers followed from one source.
const MAX_HEADERS: usize = 256;

/// The local headers of `source` (a file in `root`): name as resolved, relative to `root` when
/// inside it, and contents; in a stable order.
pub(crate) fn local_headers(root: &Path, source: &[u8]) -> Vec<(PathBuf, Vec<u8>)> {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let root = root.as_path();
    let mut found: BTreeMap<PathBuf, Vec<u8>> = BTreeMap::new();
    let mut pending: Vec<(PathBuf, Vec<u8>)> = vec![(root.to_path_buf(), source.to_vec())];
    while let Some((dir, text)) = pending.pop() {
        for name in included_names(&text) {
            let resolved = [dir.join(&name), root.join(&name)]
                .into_iter()
                .find(|candidate| candidate.is_file())
                .and_then(|candidate| std::fs::canonicalize(candidate).ok());
            let Some(path) = resolved else { continue };
            let key = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            if found.contains_key(&key) || found.len() >= MAX_HEADERS {
                continue;
            }
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let parent = path.parent().unwrap_or(root).to_path_buf();
            found.insert(key, bytes.clone());
            pending.push((parent, bytes));
        }
    }
    found.into_iter().collect()
}

/// The names in a text's `#include` directives, with the bracket that closes each (`"` or
/// `>`).
fn directives(text: &[u8]) -> Vec<(char, String)> {
    let text = String::from_utf8_lossy(text);
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let close = match rest.chars().next()? {
                '"' => '"',
                '<' => '>',
                _ => return None,
            };
            let name = rest[1..].split(close).next()?;
            (!name.is_empty() && rest[1..].contains(close)).then(|| (close, name.to_string()))
        })
        .collect()
}

/// The names in a text's `#include` directives that may be local files.
pub(crate) fn included_names(text: &[u8]) -> Vec<String> {
    directives(text)
        .into_iter()
        // `<vector>`, `<random>`: the C++ library's, whatever lies next to the source.
        .filter(|(close, name)| *close != '>' || name.contains('.'))
        .map(|(_, name)| name)
        .collect()
}

/// The first `#include` of an absolute path in a text (`#include "/dev/zero"`,
/// `#include </etc/hostname>`): a program's headers live beside it or in the system's include
/// folders, and such a directive only reads a machine's files into the compiler (a device
/// without end, a file whose content its error message would show).
pub(crate) fn absolute_include(text: &[u8]) -> Option<String> {
    directives(text)
        .into_iter()
        .find(|(_, name)| name.starts_with('/'))
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_directives() {
        let text = b"#include \"testlib.h\"\n  #  include <vector>\n#include <my/lib.h> // x\n\
                     #define X\n#include \"unterminated\n#include MACRO\n";
        assert_eq!(included_names(text), ["testlib.h", "my/lib.h"]);
        assert_eq!(absolute_include(text), None);
    }

    #[test]
    fn absolute_includes_are_found_in_either_bracket() {
        assert_eq!(
            absolute_include(b"#include <cstdio>\n #include \"/dev/zero\"\n").as_deref(),
            Some("/dev/zero")
        );
        assert_eq!(
            absolute_include(b"#include </etc/hostname>\n").as_deref(),
            Some("/etc/hostname")
        );
    }

    #[test]
    fn follows_local_headers_only() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join("sub")).unwrap();
        std::fs::write(root.join("testlib.h"), "#include \"sub/a.h\"\n").unwrap();
        std::fs::write(root.join("sub/a.h"), "#include \"b.h\"\n").unwrap();
        std::fs::write(root.join("sub/b.h"), "#include \"../testlib.h\"\n").unwrap();
        let headers = local_headers(root, b"#include \"testlib.h\"\n#include <vector>\n");
        let names: Vec<_> = headers.iter().map(|(name, _)| name.clone()).collect();
        assert_eq!(
            names,
            [
                PathBuf::from("sub/a.h"),
                PathBuf::from("sub/b.h"),
                PathBuf::from("testlib.h"),
            ]
        );
    }
}
