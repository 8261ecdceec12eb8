//! The junk problemtools feeds a package's validators (problemtools
//! `problemtools/verifyproblem.py`, `_JUNK_CASES`, `_JUNK_CASES_CRASH` and
//! `_JUNK_MODIFICATIONS`): four junk files every input validator must reject and no output
//! validator may accept on every test, twenty malformed outputs an output validator must survive
//! without a judge error, and six ways of spoiling a valid input that some input validator
//! must reject. The two random files are the bytes problemtools draws from its seed 42
//! (`random.Random(42)`), stored here so the cases are the same files; its junk appended to an
//! input (drawn unseeded there) is the printable junk file here, so runs are deterministic.

use std::borrow::Cow;

use regex_lite::{Captures, Regex};

/// 1024 random bytes (problemtools: `random.Random(42).randbytes(1024)`).
const RANDOM_BYTES: &[u8] = include_bytes!("junk_random.bin");
/// 200 random printable ASCII characters (problemtools:
/// `random.Random(42).choices(string.printable, k=200)`).
const RANDOM_PRINTABLE: &[u8] = include_bytes!("junk_printable.txt");

/// A named file of junk.
pub struct Junk {
    /// What it is, as findings name it: `an empty file`.
    pub name: &'static str,
    /// Its bytes.
    pub bytes: Cow<'static, [u8]>,
}

/// The four junk files: empty, random bytes, ASCII 32 to 126, random printable text.
pub fn junk_files() -> Vec<Junk> {
    let ascii: Vec<u8> = (32..127).collect();
    vec![
        junk("an empty file", b""),
        junk("a binary file of 1024 random bytes", RANDOM_BYTES),
        Junk {
            name: "a text file of the ASCII characters 32 to 126",
            bytes: Cow::Owned(ascii),
        },
        junk(
            "a text file of 200 random printable characters",
            RANDOM_PRINTABLE,
        ),
    ]
}

/// The twenty malformed outputs a poorly written output validator may crash on (they may be
/// right answers: only a judge error is a defect).
pub fn malformed_outputs() -> Vec<Junk> {
    [
        ("the number -1", &b"-1"[..]),
        ("the number 2147483647", b"2147483647"),
        ("the number 2147483648", b"2147483648"),
        ("the number 9223372036854775808", b"9223372036854775808"),
        ("the number 0", b"0"),
        ("the number 1", b"1"),
        ("the number 1.0", b"1.0"),
        ("the string \"a\"", b"a"),
        ("\"2\\n-1 1\"", b"2\n-1 1"),
        ("\"2\\n1\"", b"2\n1"),
        ("\"1\\n-1 1\"", b"1\n-1 1"),
        ("\"1\\na\"", b"1\na"),
        ("\"(()\"", b"(()"),
        ("\"1-\"", b"1-"),
        ("\"1/0\"", b"1/0"),
        ("\"2\\n<\"", b"2\n<"),
        ("\"NaN\"", b"NaN"),
        ("\"inf\"", b"inf"),
        ("a NUL byte", b"\x00"),
        ("a lone byte 0x80", b"\x80"),
    ]
    .into_iter()
    .map(|(name, bytes)| junk(name, bytes))
    .collect()
}

fn junk(name: &'static str, bytes: &'static [u8]) -> Junk {
    Junk {
        name,
        bytes: Cow::Borrowed(bytes),
    }
}

/// One way of spoiling a valid input.
pub struct Modification {
    /// What it does, as findings name it.
    pub name: &'static str,
    how: How,
}

enum How {
    /// Every match of the pattern replaced (`$0`, `$1`, ... in the replacement).
    Replace(Regex, &'static str),
    /// The printable junk appended.
    Append,
}

impl Modification {
    /// The input modified, or `None` when the modification does not apply to it (nothing
    /// matches, so it would be the same input).
    pub fn apply(&self, input: &str) -> Option<String> {
        match &self.how {
            How::Replace(pattern, with) => pattern.is_match(input).then(|| {
                pattern
                    .replace_all(input, |c: &Captures<'_>| {
                        let mut out = String::new();
                        c.expand(with, &mut out);
                        out
                    })
                    .into_owned()
            }),
            How::Append => {
                let mut out = input.to_string();
                out.push_str(&String::from_utf8_lossy(RANDOM_PRINTABLE));
                Some(out)
            }
        }
    }
}

/// problemtools' six modifications, and a seventh: a space at the real end of each line
/// (problemtools' "spaces added to the end of a line" puts the space after each line break, at
/// the start of the next line, so a validator that allows trailing spaces passes it).
pub fn modifications() -> Vec<Modification> {
    let replace = |name, pattern: &str, with| Modification {
        name,
        how: How::Replace(Regex::new(pattern).expect("a fixed pattern"), with),
    };
    vec![
        replace(
            "a space added after every whitespace character",
            r"\s",
            "${0} ",
        ),
        replace("a space added after every line break", r"\n", "${0} "),
        replace("a space added before every line break", r"\n", " ${0}"),
        replace("every line break doubled", r"\n", "\n\n"),
        replace(
            "leading zeros added to every integer",
            r"(^|[^.]\b)([0-9]+)\b",
            "${1}0000000000${2}",
        ),
        replace(
            "trailing zeros added to every decimal fraction",
            r"\.[0-9]+\b",
            "${0}0000000000",
        ),
        Modification {
            name: "200 random printable characters appended",
            how: How::Append,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(name_part: &str, input: &str) -> Option<String> {
        modifications()
            .iter()
            .find(|m| m.name.contains(name_part))
            .unwrap()
            .apply(input)
    }

    #[test]
    fn the_junk_is_problemtools_junk() {
        let files = junk_files();
        assert_eq!(files.len(), 4);
        assert_eq!(files[1].bytes.len(), 1024);
        assert_eq!(files[2].bytes.len(), 95);
        assert_eq!(files[3].bytes.len(), 200);
        assert!(files[3].bytes.iter().all(|b| b.is_ascii()));
        assert_eq!(malformed_outputs().len(), 20);
    }

    #[test]
    fn each_modification_changes_what_problemtools_changes() {
        let input = "3 -5\n1.25 x7 2\n";
        assert_eq!(
            apply("whitespace character", input).unwrap(),
            "3  -5\n 1.25  x7  2\n "
        );
        assert_eq!(
            apply("after every line", input).unwrap(),
            "3 -5\n 1.25 x7 2\n "
        );
        assert_eq!(
            apply("before every line", input).unwrap(),
            "3 -5 \n1.25 x7 2 \n"
        );
        assert_eq!(apply("doubled", input).unwrap(), "3 -5\n\n1.25 x7 2\n\n");
        // Not the digits of a fraction, nor those glued to a letter.
        assert_eq!(
            apply("leading zeros", input).unwrap(),
            "00000000003 -00000000005\n00000000001.25 x7 00000000002\n"
        );
        assert_eq!(
            apply("trailing zeros", input).unwrap(),
            "3 -5\n1.250000000000 x7 2\n"
        );
        assert_eq!(apply("trailing zeros", "3 4\n"), None, "no fraction");
        assert_eq!(apply("line break", "7"), None, "no line break");
        assert!(apply("appended", "7\n").unwrap().len() == 202);
    }
}
