//! One cache entry as a file: written whole or not at all, and checked when read.
//!
//! ```text
//! stressjudge-entry v1
//! key KEY
//! sha256 HEX-DIGEST-OF-THE-BODY
//!
//! BODY
//! ```
//!
//! An entry is written to a temporary file beside its place and renamed into it, so a reader
//! never sees half of one. It carries its own key and a checksum of its body: a file that was
//! cut short, damaged, or written for another key (a copied cache, a hash collision of file
//! names) is a miss, never a wrong result (which is also why no fsync is needed: a
//! file the kernel lost part of in a crash fails its checksum). The caches of stressjudge are optimisations only, so
//! every failure to write or read here is silent.

use std::io::Write;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::hex_digest;

/// The first line of every entry: the format and its version.
const MAGIC: &str = "stressjudge-entry v1";

/// The body of the entry at `path` if it is whole and was written for `key`; `None` otherwise
/// (missing, damaged, foreign).
pub fn read(path: &Path, key: &str) -> Option<Vec<u8>> {
    let bytes = std::fs::read(path).ok()?;
    let (header, body) = split_header(&bytes)?;
    let header = std::str::from_utf8(header).ok()?;
    let mut lines = header.lines();
    if lines.next()? != MAGIC {
        return None;
    }
    if lines.next()?.strip_prefix("key ")? != key {
        return None;
    }
    let checksum = lines.next()?.strip_prefix("sha256 ")?;
    (lines.next().is_none() && checksum == digest(body)).then(|| body.to_vec())
}

/// Writes `body` as the entry for `key` at `path` (the folder is created), atomically; returns
/// whether it was written.
pub fn write(path: &Path, key: &str, body: &[u8]) -> bool {
    let Some(dir) = path.parent() else {
        return false;
    };
    let written = std::fs::create_dir_all(dir).and_then(|()| {
        let mut file = tempfile::Builder::new().prefix(".tmp-").tempfile_in(dir)?;
        write!(file, "{MAGIC}\nkey {key}\nsha256 {}\n\n", digest(body))?;
        file.write_all(body)?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    });
    written.is_ok()
}

/// The header (without the blank line that ends it) and the body.
fn split_header(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let end = bytes.windows(2).position(|w| w == b"\n\n")?;
    Some((&bytes[..end], &bytes[end + 2..]))
}

fn digest(body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(body);
    hex_digest(hasher)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_only_whole_and_under_its_own_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("e");
        assert!(write(&path, "k1", b"body\n\nwith a blank line"));
        assert_eq!(
            read(&path, "k1").as_deref(),
            Some(&b"body\n\nwith a blank line"[..])
        );
        assert_eq!(read(&path, "k2"), None, "another key is a miss");
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        assert_eq!(read(&path, "k1"), None, "a cut entry is a miss");
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        assert_eq!(read(&path, "k1"), None, "a damaged body is a miss");
        std::fs::write(&path, b"garbage").unwrap();
        assert_eq!(read(&path, "k1"), None);
        assert_eq!(read(&dir.path().join("none"), "k1"), None);
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with(".tmp-"))
            .collect();
        assert!(leftovers.is_empty(), "no temporary file is left behind");
    }
}
