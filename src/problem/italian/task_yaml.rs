//! `task.yaml` (or task-maker-rust's `task.yaml.orig`) of an Italian-format task, read as
//! task-maker-rust's `TaskYAML` reads it, each key with the alias CMS's `italy_yaml` loader
//! also takes: `name`/`nome_breve`, `title`/`nome`, `time_limit`/`timeout` (seconds),
//! `memory_limit`/`memlimit` (MiB), `infile`, `outfile`, `score_type`, `score_precision`,
//! `output_only`, `num_processes`, `user_io`. Other keys (CMS's token and feedback settings)
//! are read and left alone.
//!
//! `infile`/`outfile` default to `input.txt`/`output.txt` as in task-maker-rust's `task.yaml`
//! and CMS up to 1.4 (CMS 1.5 takes standard streams when they are missing), but to the
//! standard streams in task-maker-rust's `task.yaml.orig` (its `TaskYAMLOrig`); an empty one is
//! the standard stream.

use std::path::Path;

use serde::Deserialize;

use crate::judge::subtasks::ScoreType;
use crate::problem::kattis::PackageError;

/// task.yaml as written.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Raw {
    #[serde(alias = "nome_breve")]
    name: Option<serde_json::Value>,
    #[serde(alias = "nome")]
    title: Option<serde_json::Value>,
    #[serde(alias = "timeout")]
    time_limit: Option<serde_json::Value>,
    #[serde(alias = "memlimit")]
    memory_limit: Option<serde_json::Value>,
    infile: Option<serde_json::Value>,
    outfile: Option<serde_json::Value>,
    score_type: Option<serde_json::Value>,
    score_precision: Option<serde_json::Value>,
    output_only: Option<serde_json::Value>,
    task_type: Option<serde_json::Value>,
}

/// What task.yaml says, checked.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TaskYaml {
    /// The short name.
    pub name: Option<String>,
    /// The title.
    pub title: Option<String>,
    /// The time limit in seconds.
    pub time_limit: Option<f64>,
    /// The memory limit in MiB.
    pub memory_mib: Option<f64>,
    /// The input file, `None` for stdin.
    pub infile: Option<String>,
    /// The output file, `None` for stdout.
    pub outfile: Option<String>,
    /// `score_type`, when given.
    pub score_type: Option<ScoreType>,
    /// `score_precision` (0 when missing).
    pub precision: u32,
}

/// Reads `text`, task.yaml at `path`. Output-only and two-step tasks, and score types neither
/// tool scores without parameters, are refused with one line naming the type.
pub fn parse(path: &Path, text: &str) -> Result<TaskYaml, PackageError> {
    let orig = path.file_name().is_some_and(|n| n == super::TASK_YAML_ORIG);
    let blank = text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
    let raw: Raw = if blank {
        Raw::default()
    } else {
        serde_saphyr::from_str(text).map_err(|e| {
            let line = e.location().map(|l| l.line() as usize).filter(|&l| l > 0);
            let message = e.without_snippet().to_string();
            let message = message.split(" at line ").next().unwrap_or("").to_string();
            PackageError::new(path, line, format!("malformed YAML: {message}"))
        })?
    };
    let bad = |key: &str, want: &str, found: &serde_json::Value| {
        PackageError::at(path, format!("{key} must be {want}, found {found}"))
    };
    let text_of =
        |key: &str, v: &Option<serde_json::Value>| -> Result<Option<String>, PackageError> {
            match v {
                None | Some(serde_json::Value::Null) => Ok(None),
                Some(serde_json::Value::String(s)) => Ok(Some(s.clone())),
                Some(serde_json::Value::Number(n)) => Ok(Some(n.to_string())),
                Some(other) => Err(bad(key, "text", other)),
            }
        };
    let number_of =
        |key: &str, v: &Option<serde_json::Value>| -> Result<Option<f64>, PackageError> {
            match v {
                None | Some(serde_json::Value::Null) => Ok(None),
                Some(serde_json::Value::Number(n)) => match n.as_f64() {
                    Some(x) if x.is_finite() && x > 0.0 => Ok(Some(x)),
                    _ => Err(bad(
                        key,
                        "a positive number",
                        &serde_json::Value::Number(n.clone()),
                    )),
                },
                Some(other) => Err(bad(key, "a positive number", other)),
            }
        };
    if raw.output_only == Some(serde_json::Value::Bool(true)) {
        return Err(PackageError::at(
            path,
            "an output-only task (output_only: true) is not supported: stressjudge judges \
             programs, and an output-only task has none",
        ));
    }
    if let Some(kind) = text_of("task_type", &raw.task_type)? {
        if kind != "Batch" {
            return Err(PackageError::at(
                path,
                format!(
                    "task_type {kind} is not supported: stressjudge reads Batch tasks of the \
                     Italian format"
                ),
            ));
        }
    }
    let score_type = match text_of("score_type", &raw.score_type)? {
        None => None,
        Some(name) => Some(match name.as_str() {
            "GroupMin" | "min" => ScoreType::GroupMin,
            "Sum" | "sum" => ScoreType::Sum,
            "GroupMul" => ScoreType::GroupMul,
            other => {
                return Err(PackageError::at(
                    path,
                    format!("score_type {other} is not supported (GroupMin, Sum and GroupMul are)"),
                ))
            }
        }),
    };
    let precision = match &raw.score_precision {
        None | Some(serde_json::Value::Null) => 0,
        Some(serde_json::Value::Number(n)) => n.as_u64().filter(|&p| p <= 10).ok_or_else(|| {
            bad(
                "score_precision",
                "a whole number from 0 to 10",
                &raw.score_precision.clone().unwrap(),
            )
        })? as u32,
        Some(other) => return Err(bad("score_precision", "a whole number from 0 to 10", other)),
    };
    // Missing: `input.txt`/`output.txt` (task-maker-rust's default); empty: the stream.
    let file = |key: &str, v: &Option<serde_json::Value>, default: &str| {
        text_of(key, v).map(|name| match name {
            None if orig => None,
            None => Some(default.to_string()),
            Some(name) if name.trim().is_empty() => None,
            Some(name) => Some(name),
        })
    };
    Ok(TaskYaml {
        name: text_of("name", &raw.name)?,
        title: text_of("title", &raw.title)?,
        time_limit: number_of("time_limit", &raw.time_limit)?,
        memory_mib: number_of("memory_limit", &raw.memory_limit)?,
        infile: file("infile", &raw.infile, "input.txt")?,
        outfile: file("outfile", &raw.outfile, "output.txt")?,
        score_type,
        precision,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<TaskYaml, String> {
        parse(Path::new("t/task.yaml"), text).map_err(|e| e.to_string())
    }

    #[test]
    fn italian_and_english_keys() {
        let t = read("nome_breve: somma\nnome: La somma\ntimeout: 1.5\nmemlimit: 64\ninfile: ''\noutfile: ''\nscore_type: GroupMin\nscore_precision: 2\ntoken_mode: disabled\n").unwrap();
        assert_eq!(t.name.as_deref(), Some("somma"));
        assert_eq!(t.title.as_deref(), Some("La somma"));
        assert_eq!((t.time_limit, t.memory_mib), (Some(1.5), Some(64.0)));
        assert_eq!((t.infile, t.outfile), (None, None));
        assert_eq!((t.score_type, t.precision), (Some(ScoreType::GroupMin), 2));
        let t = read("name: x\ntime_limit: 1\n").unwrap();
        assert_eq!(
            t.infile.as_deref(),
            Some("input.txt"),
            "task-maker-rust's default"
        );
        let orig = parse(Path::new("t/task.yaml.orig"), "title: x\n").unwrap();
        assert_eq!(
            (orig.infile, orig.outfile),
            (None, None),
            "TaskYAMLOrig's default"
        );
    }

    #[test]
    fn refusals_name_the_type() {
        assert!(read("output_only: true\n")
            .unwrap_err()
            .contains("output-only"));
        assert!(read("task_type: TwoSteps\n")
            .unwrap_err()
            .contains("TwoSteps"));
        assert!(read("score_type: GroupThreshold\n")
            .unwrap_err()
            .contains("GroupThreshold"));
        assert!(read("time_limit: fast\n")
            .unwrap_err()
            .contains("time_limit must be"));
    }
}
