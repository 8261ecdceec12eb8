//! TPS's `subtasks.json`: each subtask's `index`, `score` and `validators`, the
//! `global_validators` every test passes once, and the `subtask_sensitive_validators` every
//! test passes once per subtask holding it, with `{subtask}` in their arguments replaced by the
//! subtask's name (TPS's README, "subtasks.json"). A validator is written as its file in
//! `validator/` and its arguments (`"validator_sub3.py arg1"`).

use serde_json::Value;

use super::json_lines::JsonFile;
use crate::problem::kattis::PackageError;

/// A validator as `subtasks.json` writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidatorEntry {
    /// Its file name in `validator/`.
    pub file: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its 1-based line in `subtasks.json`.
    pub line: usize,
}

/// One subtask.
#[derive(Debug, Clone, PartialEq)]
pub struct SubtaskEntry {
    /// Its name (the key).
    pub name: String,
    /// Its `index`.
    pub index: i64,
    /// Its `score`.
    pub score: f64,
    /// Its own validators.
    pub validators: Vec<ValidatorEntry>,
    /// The 1-based line of its key.
    pub line: usize,
}

/// `subtasks.json`, read.
#[derive(Debug, Clone, PartialEq)]
pub struct SubtasksJson {
    /// The subtasks, by `index`.
    pub subtasks: Vec<SubtaskEntry>,
    /// `global_validators`.
    pub global_validators: Vec<ValidatorEntry>,
    /// `subtask_sensitive_validators`.
    pub sensitive_validators: Vec<ValidatorEntry>,
}

/// Reads `subtasks.json`.
pub fn parse(file: &JsonFile) -> Result<SubtasksJson, PackageError> {
    let Some(Value::Object(map)) = file.value.get("subtasks") else {
        return Err(file.error_at(
            "subtasks",
            0,
            "`subtasks` must be an object of subtasks by name",
        ));
    };
    let mut subtasks = Vec::new();
    for (name, entry) in map {
        let line = file.line_of(name, 0);
        let at = |message: String| PackageError::new(&file.path, Some(line), message);
        let Value::Object(fields) = entry else {
            return Err(at(format!("subtask {name} must be an object")));
        };
        let index = (fields.get("index").and_then(Value::as_i64))
            .ok_or_else(|| at(format!("subtask {name}: `index` must be a whole number")))?;
        let score = match fields.get("score").and_then(Value::as_f64) {
            Some(s) if s >= 0.0 && s.is_finite() => s,
            _ => {
                return Err(at(format!(
                    "subtask {name}: `score` must be a number, 0 or more"
                )))
            }
        };
        let validators = validators(
            file,
            fields.get("validators"),
            line,
            &format!("subtask {name}: `validators`"),
        )?;
        subtasks.push(SubtaskEntry {
            name: name.clone(),
            index,
            score,
            validators,
            line,
        });
    }
    subtasks.sort_by_key(|s| s.index);
    for pair in subtasks.windows(2) {
        if pair[0].index == pair[1].index {
            return Err(PackageError::new(
                &file.path,
                Some(pair[1].line),
                format!(
                    "subtasks {} and {} have the same index {}",
                    pair[0].name, pair[1].name, pair[1].index
                ),
            ));
        }
    }
    let global_line = file.line_of("global_validators", 0);
    let sensitive_line = file.line_of("subtask_sensitive_validators", 0);
    Ok(SubtasksJson {
        subtasks,
        global_validators: validators(
            file,
            file.value.get("global_validators"),
            global_line,
            "`global_validators`",
        )?,
        sensitive_validators: validators(
            file,
            file.value.get("subtask_sensitive_validators"),
            sensitive_line,
            "`subtask_sensitive_validators`",
        )?,
    })
}

/// A list of validators (absent: none), its entries placed at their own lines when found.
fn validators(
    file: &JsonFile,
    value: Option<&Value>,
    line: usize,
    what: &str,
) -> Result<Vec<ValidatorEntry>, PackageError> {
    let at = |message: String| PackageError::new(&file.path, Some(line), message);
    let list = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(other) => {
            return Err(at(format!(
                "{what} must be a list of validators, not {other}"
            )))
        }
    };
    let mut found = Vec::new();
    for item in list {
        let Some(text) = item.as_str() else {
            return Err(at(format!("{what}: {item} is not a validator's name")));
        };
        let mut words = text.split_whitespace().map(str::to_string);
        let Some(file_name) = words.next() else {
            return Err(at(format!("{what}: an empty validator")));
        };
        let own_line = (file.text.lines().enumerate())
            .skip(line.saturating_sub(1))
            .find(|(_, l)| l.contains(&format!("\"{text}\"")))
            .map_or(line, |(i, _)| i + 1);
        found.push(ValidatorEntry {
            file: file_name,
            args: words.collect(),
            line: own_line,
        });
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<SubtasksJson, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("subtasks.json");
        std::fs::write(&path, text).unwrap();
        let file = JsonFile::read(&path).map_err(|e| e.to_string())?;
        parse(&file).map_err(|e| e.to_string())
    }

    #[test]
    fn subtasks_come_in_index_order_with_their_validators() {
        let got = parsed(
            r#"{
  "global_validators": ["validator.cpp"],
  "subtask_sensitive_validators": ["val.cpp --group {subtask}"],
  "subtasks": {
    "full": {"index": 2, "score": 60, "validators": []},
    "samples": {"index": 0, "score": 0},
    "small": {"index": 1, "score": 40, "validators": ["v-small.cpp 5"]}
  }
}"#,
        )
        .unwrap();
        let names: Vec<&str> = got.subtasks.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["samples", "small", "full"]);
        assert_eq!(got.subtasks[1].validators[0].file, "v-small.cpp");
        assert_eq!(got.subtasks[1].validators[0].args, ["5"]);
        assert_eq!(got.subtasks[1].validators[0].line, 7);
        assert_eq!(got.global_validators[0].line, 2);
        assert_eq!(got.sensitive_validators[0].args, ["--group", "{subtask}"]);
    }

    #[test]
    fn bad_subtasks_name_their_line() {
        let e = parsed("{\"subtasks\": {\n\"a\": {\"index\": 0, \"score\": \"x\"}}}").unwrap_err();
        assert!(
            e.contains("line 2: subtask a: `score` must be a number"),
            "{e}"
        );
        let e = parsed("{\"subtasks\": {\n\"a\": {\"index\": 0, \"score\": 1},\n\"b\": {\"index\": 0, \"score\": 1}}}")
            .unwrap_err();
        assert!(
            e.contains("line 3: subtasks a and b have the same index 0"),
            "{e}"
        );
    }
}
