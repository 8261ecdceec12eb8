//! Reading a TPS JSON file (`problem.json`, `subtasks.json`, `solutions.json`) so that every
//! error names the file and the line: a syntax error where serde_json found it, a bad value at
//! the line of its key.

use std::path::Path;

use crate::problem::kattis::PackageError;

/// A JSON file, read and parsed.
pub struct JsonFile {
    /// Its path, for errors.
    pub path: std::path::PathBuf,
    /// Its text.
    pub text: String,
    /// Its value.
    pub value: serde_json::Value,
}

impl JsonFile {
    /// Reads and parses the JSON file at `path`; a JSON object is due.
    pub fn read(path: &Path) -> Result<JsonFile, PackageError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| PackageError::at(path, format!("cannot be read: {e}")))?;
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            PackageError::new(path, Some(e.line().max(1)), format!("not JSON: {e}"))
        })?;
        if !value.is_object() {
            return Err(PackageError::new(path, Some(1), "a JSON object is due"));
        }
        Ok(JsonFile {
            path: path.to_path_buf(),
            text,
            value,
        })
    }

    /// The 1-based line where `"key"` first appears as a key after the line `after` (0 for
    /// the whole file), for errors about its value; the first line when it is not found.
    pub fn line_of(&self, key: &str, after: usize) -> usize {
        let quoted = format!("\"{key}\"");
        (self.text.lines().enumerate())
            .skip(after.saturating_sub(1))
            .find(|(_, line)| {
                line.find(&quoted)
                    .is_some_and(|at| line[at + quoted.len()..].trim_start().starts_with(':'))
            })
            .map_or(1, |(i, _)| i + 1)
    }

    /// An error at the line of `key` (searched after line `after`).
    pub fn error_at(&self, key: &str, after: usize, message: impl Into<String>) -> PackageError {
        PackageError::new(&self.path, Some(self.line_of(key, after)), message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_by_line_and_syntax_errors_name_theirs() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        std::fs::write(
            &path,
            "{\n  \"a\": {\n    \"verdict\": 1\n  },\n  \"b\": {\"verdict\": 2}\n}\n",
        )
        .unwrap();
        let file = JsonFile::read(&path).unwrap();
        assert_eq!(file.line_of("a", 0), 2);
        assert_eq!(file.line_of("verdict", 0), 3);
        assert_eq!(file.line_of("verdict", 4), 5);
        assert_eq!(file.line_of("missing", 0), 1);
        std::fs::write(&path, "{\n  \"a\": 1,\n}\n").unwrap();
        let e = JsonFile::read(&path).err().unwrap().to_string();
        assert!(e.contains("a.json line 3: not JSON"), "{e}");
    }
}
