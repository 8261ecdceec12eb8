//! TPS's `problem.json`: the task's names, type, limits and its switches (`has_grader`,
//! `grader_name`, `has_checker`, `has_manager`, `num_processes`), with TPS's defaults
//! (its README, "problem.json"): a grader and a checker in Batch tasks, a manager in
//! Communication tasks (whose checker, when unset, is there when `checker/` holds one: the
//! README says none, but the `prize` sample's own scripts run the checker on the manager's
//! output). `OutputOnly`, `TwoSteps` and any other type are refused with one line.

use serde_json::Value;

use super::json_lines::JsonFile;
use crate::problem::kattis::PackageError;

/// A TPS task's type, of those stressjudge runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskType {
    /// One program per test, reading the input, judged by the checker.
    Batch,
    /// The solution's processes talk to the manager through FIFOs; the manager's output is
    /// judged.
    Communication,
}

/// What `problem.json` says.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemJson {
    /// `name`.
    pub name: Option<String>,
    /// `title`.
    pub title: Option<String>,
    /// `type`.
    pub task_type: TaskType,
    /// `time_limit`, in seconds.
    pub time_limit: Option<f64>,
    /// `memory_limit`, in MiB.
    pub memory_mib: Option<f64>,
    /// `has_grader`: solutions are compiled with `grader/<language>/`.
    pub has_grader: bool,
    /// `grader_name`: the grader's file name without extension.
    pub grader_name: String,
    /// `has_checker`: outputs are judged by `checker/checker.cpp`; `None` when unset (then
    /// a Batch task has one and a Communication task has one when `checker/` holds it).
    pub has_checker: Option<bool>,
    /// `has_manager`: the solution talks to `grader/manager.cpp`.
    pub has_manager: bool,
    /// `num_processes`: how many copies of the solution a Communication test runs.
    pub num_processes: usize,
    /// `score_precision`: decimals of scores (TPS's CMS export: 2 when unset).
    pub score_precision: u32,
    /// The solution languages the task enables: `cpp_enabled` and `java_enabled` (true when
    /// unset), `pascal_enabled` and `python_enabled` (false when unset), as TPS's README says.
    pub enabled: Enabled,
}

/// The languages a TPS task enables for solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enabled {
    /// C++ (and C).
    pub cpp: bool,
    /// Java.
    pub java: bool,
    /// Pascal.
    pub pascal: bool,
    /// Python.
    pub python: bool,
}

impl Enabled {
    /// Whether a solution file with extension `ext` is in an enabled language; `None` for an
    /// extension TPS does not know (run as any other solution).
    pub fn allows(self, ext: &str) -> Option<(bool, &'static str)> {
        Some(match ext {
            "cpp" | "cc" | "cxx" | "c" => (self.cpp, "cpp_enabled"),
            "java" => (self.java, "java_enabled"),
            "pas" => (self.pascal, "pascal_enabled"),
            "py" => (self.python, "python_enabled"),
            _ => return None,
        })
    }
}

/// Reads `problem.json`.
pub fn parse(file: &JsonFile) -> Result<ProblemJson, PackageError> {
    let get = |key: &str| file.value.get(key).filter(|v| !v.is_null());
    let text = |key: &str| -> Result<Option<String>, PackageError> {
        match get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => {
                Err(file.error_at(key, 0, format!("`{key}` must be a string, not {other}")))
            }
        }
    };
    let number = |key: &str| -> Result<Option<f64>, PackageError> {
        match get(key) {
            None => Ok(None),
            Some(v) => match v
                .as_f64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
            {
                Some(x) if x > 0.0 && x.is_finite() => Ok(Some(x)),
                _ => Err(file.error_at(
                    key,
                    0,
                    format!("`{key}` must be a positive number, not {v}"),
                )),
            },
        }
    };
    let flag = |key: &str| -> Result<Option<bool>, PackageError> {
        match get(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            // TPS's scripts read the value as text: "true" or "false".
            Some(Value::String(s)) if s == "true" || s == "false" => Ok(Some(s == "true")),
            Some(other) => Err(file.error_at(
                key,
                0,
                format!("`{key}` must be true or false, not {other}"),
            )),
        }
    };
    let type_name = text("type")?.ok_or_else(|| {
        PackageError::at(&file.path, "`type` is missing (Batch or Communication)")
    })?;
    let task_type = match type_name.as_str() {
        "Batch" => TaskType::Batch,
        "Communication" => TaskType::Communication,
        other => {
            let what = match other {
                "OutputOnly" => "an output-only task",
                "TwoSteps" => "a two-step task",
                _ => "a task type TPS's Batch and Communication are not",
            };
            return Err(file.error_at(
                "type",
                0,
                format!("`type: {other}`: {what} is not supported (stressjudge runs Batch and Communication tasks)"),
            ));
        }
    };
    let communication = task_type == TaskType::Communication;
    let num_processes = match get("num_processes") {
        None => 1,
        Some(v) => match v.as_u64() {
            Some(n) if (1..=64).contains(&n) => n as usize,
            _ => {
                return Err(file.error_at(
                    "num_processes",
                    0,
                    format!("`num_processes` must be a whole number from 1 to 64, not {v}"),
                ))
            }
        },
    };
    let score_precision = match get("score_precision") {
        None => 2,
        Some(v) => match v.as_u64() {
            Some(n) if n <= 9 => n as u32,
            _ => {
                return Err(file.error_at(
                    "score_precision",
                    0,
                    format!("`score_precision` must be a whole number from 0 to 9, not {v}"),
                ))
            }
        },
    };
    Ok(ProblemJson {
        name: text("name")?,
        title: text("title")?,
        task_type,
        time_limit: number("time_limit")?,
        memory_mib: number("memory_limit")?,
        has_grader: flag("has_grader")?.unwrap_or(true),
        grader_name: text("grader_name")?.unwrap_or_else(|| "grader".to_string()),
        has_checker: flag("has_checker")?,
        has_manager: flag("has_manager")?.unwrap_or(communication),
        num_processes,
        score_precision,
        enabled: Enabled {
            cpp: flag("cpp_enabled")?.unwrap_or(true),
            java: flag("java_enabled")?.unwrap_or(true),
            pascal: flag("pascal_enabled")?.unwrap_or(false),
            python: flag("python_enabled")?.unwrap_or(false),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<ProblemJson, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("problem.json");
        std::fs::write(&path, text).unwrap();
        let file = JsonFile::read(&path).map_err(|e| e.to_string())?;
        parse(&file).map_err(|e| e.to_string())
    }

    #[test]
    fn defaults_follow_the_task_type() {
        let batch =
            parsed(r#"{"name": "w", "type": "Batch", "time_limit": 1.5, "memory_limit": 256}"#)
                .unwrap();
        assert_eq!(batch.task_type, TaskType::Batch);
        assert_eq!(
            (batch.time_limit, batch.memory_mib),
            (Some(1.5), Some(256.0))
        );
        assert!(batch.has_grader && batch.has_checker.is_none() && !batch.has_manager);
        assert_eq!(batch.score_precision, 2);
        let comm = parsed(r#"{"type": "Communication", "has_checker": true}"#).unwrap();
        assert!(comm.has_manager && comm.has_checker == Some(true));
        assert_eq!(comm.num_processes, 1);
    }

    #[test]
    fn other_types_and_bad_values_are_refused_with_their_line() {
        let e = parsed("{\n  \"name\": \"n\",\n  \"type\": \"OutputOnly\"\n}").unwrap_err();
        assert!(
            e.contains(
                "problem.json line 3: `type: OutputOnly`: an output-only task is not supported"
            ),
            "{e}"
        );
        let e = parsed("{\"type\": \"Batch\",\n\"time_limit\": -1}").unwrap_err();
        assert!(
            e.contains("line 2: `time_limit` must be a positive number"),
            "{e}"
        );
        let e = parsed("{\"name\": \"x\"}").unwrap_err();
        assert!(e.contains("`type` is missing"), "{e}");
    }
}
