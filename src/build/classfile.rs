//! Which compiled JVM classes can start a program: those declaring
//! `public static void main(String[])`, read from the class files (JVM specification, chapter 4)
//! rather than guessed from the sources, as DOMjudge does after compiling.

use std::path::Path;

/// `ACC_PUBLIC | ACC_STATIC`.
const PUBLIC_STATIC: u16 = 0x0001 | 0x0008;
/// The descriptor of `void main(String[])`.
const MAIN_DESCRIPTOR: &[u8] = b"([Ljava/lang/String;)V";

/// The binary names (`pkg.Main`, `Outer$Inner`) of the classes under `classes` that declare a
/// public static `main(String[])`, sorted.
pub(crate) fn main_classes(classes: &Path) -> std::io::Result<Vec<String>> {
    let mut found = Vec::new();
    visit(classes, classes, &mut found)?;
    found.sort();
    Ok(found)
}

fn visit(root: &Path, dir: &Path, found: &mut Vec<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            visit(root, &path, found)?;
        } else if path.extension().is_some_and(|e| e == "class") && has_main(&std::fs::read(&path)?)
        {
            let relative = path.strip_prefix(root).unwrap_or(&path).with_extension("");
            let name = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(".");
            found.push(name);
        }
    }
    Ok(())
}

/// A cursor over class-file bytes; every read fails softly on truncated input.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let slice = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(slice)
    }

    fn u16(&mut self) -> Option<u16> {
        self.take(2).map(|b| u16::from_be_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Skips a `fields` or `methods` member's attributes.
    fn skip_attributes(&mut self) -> Option<()> {
        for _ in 0..self.u16()? {
            self.u16()?;
            let length = self.u32()? as usize;
            self.take(length)?;
        }
        Some(())
    }
}

/// Whether a class file declares `public static void main(String[])`; false for anything that
/// is not a well-formed class file.
pub(crate) fn has_main(bytes: &[u8]) -> bool {
    parse_has_main(bytes).unwrap_or(false)
}

fn parse_has_main(bytes: &[u8]) -> Option<bool> {
    let mut r = Reader { bytes, at: 0 };
    if r.u32()? != 0xCAFE_BABE {
        return None;
    }
    r.take(4)?; // minor and major version
    let count = r.u16()? as usize;
    // Constant pool: index -> UTF-8 bytes, for the entries that are strings.
    let mut utf8: Vec<Option<&[u8]>> = vec![None; count.max(1)];
    let mut index = 1;
    while index < count {
        let tag = r.take(1)?[0];
        let mut slots = 1;
        match tag {
            1 => {
                let length = r.u16()? as usize;
                utf8[index] = Some(r.take(length)?);
            }
            7 | 8 | 16 | 19 | 20 => {
                r.take(2)?;
            }
            15 => {
                r.take(3)?;
            }
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => {
                r.take(4)?;
            }
            5 | 6 => {
                r.take(8)?;
                slots = 2;
            }
            _ => return None,
        }
        index += slots;
    }
    r.take(6)?; // access flags, this class, super class
    let interfaces = r.u16()? as usize;
    r.take(2 * interfaces)?;
    for _ in 0..r.u16()? {
        r.take(6)?;
        r.skip_attributes()?;
    }
    let text = |i: u16| utf8.get(i as usize).copied().flatten();
    for _ in 0..r.u16()? {
        let flags = r.u16()?;
        let name = r.u16()?;
        let descriptor = r.u16()?;
        r.skip_attributes()?;
        if flags & PUBLIC_STATIC == PUBLIC_STATIC
            && text(name) == Some(b"main")
            && text(descriptor) == Some(MAIN_DESCRIPTOR)
        {
            return Some(true);
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_not_a_main_class() {
        assert!(!has_main(b""));
        assert!(!has_main(b"\xca\xfe\xba\xbe\0\0\0\x3d\0\x05"));
        assert!(!has_main(b"not a class file at all"));
    }
}
