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

/// The names in a text's `#include` directives.
pub(crate) fn included_names(text: &[u8]) -> Vec<String> {
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
            // `<vector>`, `<random>`: the C++ library's, whatever lies next to the source.
            let standard = close == '>' && !name.contains('.');
            (!name.is_empty() && !standard && rest[1..].contains(close)).then(|| name.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_directives() {
        let text = b"#include \"testlib.h\"\n  #  include <vector>\n#include <my/lib.h> // x\n\
                     #define X\n#include \"unterminated\n#include MACRO\n";
        assert_eq!(included_names(text), ["testlib.h", "my/lib.h"]);
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
