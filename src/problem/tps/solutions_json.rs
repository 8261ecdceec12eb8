//! TPS's `solutions.json`: each solution of `solution/` by file name, with its `verdict` and an
//! `except` map of other verdicts on some subtasks; exactly one solution is the
//! `model_solution`, whose outputs are the tests' answers (TPS's README, "solutions.json").

use serde_json::Value;

use super::json_lines::JsonFile;
use crate::judge::tps_verdicts::TpsVerdict;
use crate::problem::kattis::PackageError;

/// One solution's entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolutionEntry {
    /// Its file name in `solution/`.
    pub file: String,
    /// Its verdict.
    pub verdict: TpsVerdict,
    /// Its verdicts on some subtasks, by subtask name, with their lines.
    pub except: Vec<(String, TpsVerdict, usize)>,
    /// The 1-based line of its key.
    pub line: usize,
}

/// Reads `solutions.json`, whose `except` maps may name only the subtasks `subtasks`.
pub fn parse(file: &JsonFile, subtasks: &[String]) -> Result<Vec<SolutionEntry>, PackageError> {
    let map = file.value.as_object().expect("read as an object");
    let mut entries: Vec<SolutionEntry> = Vec::new();
    for (name, entry) in map {
        let line = file.line_of(name, 0);
        let at = |line: usize, message: String| PackageError::new(&file.path, Some(line), message);
        let verdict_of = |value: Option<&Value>, line: usize, what: &str| {
            let text = value.and_then(Value::as_str).unwrap_or_default();
            TpsVerdict::from_name(text).ok_or_else(|| {
                at(
                    line,
                    format!(
                        "{what}: {} is not a verdict ({})",
                        value.map_or("nothing".to_string(), ToString::to_string),
                        TpsVerdict::ALL.map(TpsVerdict::name).join(", ")
                    ),
                )
            })
        };
        let verdict = verdict_of(entry.get("verdict"), line, &format!("{name}: `verdict`"))?;
        let mut except = Vec::new();
        match entry.get("except") {
            None | Some(Value::Null) => {}
            Some(Value::Object(map)) => {
                for (subtask, value) in map {
                    let line = file.line_of(subtask, line);
                    if !subtasks.contains(subtask) {
                        return Err(at(
                            line,
                            format!(
                                "{name}: `except` names the subtask {subtask}, which subtasks.json does not have ({})",
                                subtasks.join(", ")
                            ),
                        ));
                    }
                    let verdict =
                        verdict_of(Some(value), line, &format!("{name}: `except` {subtask}"))?;
                    except.push((subtask.clone(), verdict, line));
                }
            }
            Some(other) => {
                return Err(at(
                    line,
                    format!("{name}: `except` must map subtasks to verdicts, not {other}"),
                ))
            }
        }
        entries.push(SolutionEntry {
            file: name.clone(),
            verdict,
            except,
            line,
        });
    }
    entries.sort_by_key(|e| e.line);
    let models: Vec<&SolutionEntry> = (entries.iter())
        .filter(|e| e.verdict == TpsVerdict::ModelSolution)
        .collect();
    match models.as_slice() {
        [_] => Ok(entries),
        [] => Err(PackageError::at(
            &file.path,
            "no solution has the verdict model_solution (exactly one writes the answers)",
        )),
        [first, second, ..] => Err(PackageError::new(
            &file.path,
            Some(second.line),
            format!(
                "{} is a second model_solution ({} on line {} is one already; exactly one writes the answers)",
                second.file, first.file, first.line
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Vec<SolutionEntry>, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("solutions.json");
        std::fs::write(&path, text).unwrap();
        let file = JsonFile::read(&path).map_err(|e| e.to_string())?;
        parse(&file, &["samples".into(), "small".into()]).map_err(|e| e.to_string())
    }

    #[test]
    fn verdicts_and_exceptions_are_read() {
        let got = parsed(
            "{\n\"a.cpp\": {\"verdict\": \"model_solution\"},\n\"b.cpp\": {\"verdict\": \"incorrect\",\n  \"except\": {\"small\": \"correct\"}}\n}",
        )
        .unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].verdict, TpsVerdict::Incorrect);
        assert_eq!(
            got[1].except,
            vec![("small".to_string(), TpsVerdict::Correct, 4)]
        );
    }

    #[test]
    fn faults_name_their_line() {
        let e = parsed("{\n\"a.cpp\": {\"verdict\": \"model_solution\"},\n\"b.cpp\": {\"verdict\": \"model_solution\"}\n}")
            .unwrap_err();
        assert!(
            e.contains("line 3: b.cpp is a second model_solution (a.cpp on line 2"),
            "{e}"
        );
        let e = parsed("{\"a.cpp\": {\"verdict\": \"correct\"}}").unwrap_err();
        assert!(
            e.contains("no solution has the verdict model_solution"),
            "{e}"
        );
        let e = parsed(
            "{\n\"a.cpp\": {\"verdict\": \"model_solution\",\n\"except\": {\"big\": \"correct\"}}}",
        )
        .unwrap_err();
        assert!(
            e.contains("line 3: a.cpp: `except` names the subtask big"),
            "{e}"
        );
        let e = parsed("{\n\"a.cpp\": {\"verdict\": \"AC\"}}").unwrap_err();
        assert!(
            e.contains("line 2: a.cpp: `verdict`: \"AC\" is not a verdict"),
            "{e}"
        );
    }
}
