//! A folder of tests as contestants keep them (oj's `test/` layout): `NAME.in` with its answer
//! in `NAME.ans` or `NAME.out`, or no answer at all (the reference then supplies it).

use std::cmp::Ordering;
use std::path::Path;

use crate::error::UsageError;
use crate::problem::shape::TestFile;

/// The tests of `dir`, in natural name order (`2` before `10`).
pub fn load(dir: &Path) -> Result<Vec<TestFile>, UsageError> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        UsageError::new(format!(
            "cannot read the tests folder {}: {e}",
            dir.display()
        ))
    })?;
    let mut tests = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| UsageError::new(format!("cannot read {}: {e}", dir.display())))?
            .path();
        if path.extension().and_then(|e| e.to_str()) != Some("in") || !path.is_file() {
            continue;
        }
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        let answer = ["ans", "out"]
            .iter()
            .map(|ext| path.with_extension(ext))
            .find(|p| p.is_file());
        let interaction = Some(path.with_extension("interaction")).filter(|p| p.is_file());
        tests.push(TestFile {
            name: stem.unwrap_or_default(),
            input: path,
            answer,
            checker_args: None,
            interaction,
        });
    }
    if tests.is_empty() {
        return Err(UsageError::new(format!(
            "no tests in {}: expected NAME.in files (with NAME.ans or NAME.out)",
            dir.display()
        )));
    }
    tests.sort_by(|a, b| natural_cmp(&a.name, &b.name));
    Ok(tests)
}

/// Compares names as people sort them: runs of digits by value, the rest by character.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) if p.is_ascii_digit() && q.is_ascii_digit() => {
                let (dx, rest_x) = split_digits(x);
                let (dy, rest_y) = split_digits(y);
                let (tx, ty) = (trim_zeros(dx), trim_zeros(dy));
                let by_value = tx.len().cmp(&ty.len()).then_with(|| tx.cmp(ty));
                if by_value != Ordering::Equal {
                    return by_value;
                }
                (x, y) = (rest_x, rest_y);
            }
            (Some(p), Some(q)) if p != q => return p.cmp(q),
            _ => (x, y) = (&x[1..], &y[1..]),
        }
    }
}

fn split_digits(s: &[u8]) -> (&[u8], &[u8]) {
    let end = s
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len());
    s.split_at(end)
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&c| c != b'0').unwrap_or(s.len());
    &s[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_naturally() {
        let mut names = vec!["10", "2", "sample-1", "1", "02b", "a10", "a9"];
        names.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(names, ["1", "2", "02b", "10", "a9", "a10", "sample-1"]);
    }

    #[test]
    fn loads_inputs_with_their_answers() {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in [
            ("10.in", "x"),
            ("10.ans", "y"),
            ("2.in", ""),
            ("2.out", "z"),
            ("3.in", "w"),
            ("notes.txt", "-"),
        ] {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let tests = load(dir.path()).unwrap();
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["2", "3", "10"]);
        assert!(tests[0].answer.as_ref().unwrap().ends_with("2.out"));
        assert_eq!(tests[1].answer, None);
        assert!(tests[2].answer.as_ref().unwrap().ends_with("10.ans"));
        let empty = tempfile::tempdir().unwrap();
        assert!(load(empty.path())
            .unwrap_err()
            .to_string()
            .contains("no tests"));
        assert!(load(&empty.path().join("nope")).is_err());
    }
}
