//! DOMjudge's ways of saying what a submission does: `@EXPECTED_RESULTS@: ` lines in its
//! sources, and `submissions.json` beside `submissions/` (entry points and languages).
//!
//! Rules from DOMjudge's webapp (`SubmissionService::parseExpectedAnnotation`,
//! `normalizeExpectedResult`, `ImportProblemService`): the marker is matched case-insensitively,
//! the rest of its line is a comma-separated list of results meaning "any of these"; DOMjudge
//! names (`CORRECT`, `WRONG-ANSWER`, `TIMELIMIT`, `RUN-ERROR`, `COMPILER-ERROR`, `NO-OUTPUT`,
//! `OUTPUT-LIMIT`, `MEMORY-LIMIT`) and Kattis-style ones (`ACCEPTED`, `WRONG_ANSWER`, ...) are
//! both accepted. Two markers in one file, or in two files of one program, make the annotation
//! unusable (DOMjudge refuses the submission). `@EXPECTED_SCORE@: N` is an expected score.

use std::collections::BTreeMap;
use std::path::Path;

use super::error::PackageError;
use crate::judge::expectation_model::{Expectation, ScoreRange};
use crate::judge::Verdict;

const RESULTS_MARKER: &str = "@expected_results@: ";
const SCORE_MARKER: &str = "@expected_score@: ";

/// Sources larger than this are not searched for an annotation.
const MAX_SCANNED_BYTES: u64 = 4 << 20;

/// What a program's sources say, if they say anything.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotation {
    /// The results listed (any of them), in the order written.
    pub results: Vec<Verdict>,
    /// `@EXPECTED_SCORE@`, if given.
    pub score: Option<f64>,
    /// The file it was found in, relative to the program.
    pub file: String,
}

impl Annotation {
    /// The expectation it makes: the final verdict is one of the results (and the score as
    /// given).
    pub fn expectation(&self) -> Expectation {
        let mut e = if self.results.is_empty() {
            Expectation::any_of(&[Verdict::AC])
        } else {
            Expectation::any_of(&self.results)
        };
        if let Some(score) = self.score {
            let mut rule = crate::judge::expectation_model::Rule::all_tests(
                &[],
                &[],
                "@EXPECTED_SCORE@ annotation",
            );
            rule.permitted = None;
            rule.score = Some(ScoreRange {
                min: score,
                max: score,
            });
            e.rules.push(rule);
        }
        e
    }
}

/// A DOMjudge result name (or a Kattis one) as a verdict.
pub fn result_verdict(name: &str) -> Option<Verdict> {
    use Verdict::*;
    let upper = name.trim().to_ascii_uppercase().replace('_', "-");
    Some(match upper.as_str() {
        "CORRECT" | "ACCEPTED" | "AC" => AC,
        "WRONG-ANSWER" | "WA" | "NO-OUTPUT" => WA,
        "TIMELIMIT" | "TIME-LIMIT-EXCEEDED" | "TLE" => TLE,
        "RUN-ERROR" | "RUN-TIME-ERROR" | "RUNTIME-ERROR" | "RTE" => RE,
        "COMPILER-ERROR" | "COMPILE-ERROR" | "CE" => CE,
        "OUTPUT-LIMIT" | "OUTPUT-LIMIT-EXCEEDED" | "OLE" => OLE,
        "MEMORY-LIMIT" | "MEMORY-LIMIT-EXCEEDED" | "MLE" => MLE,
        _ => return None,
    })
}

/// Looks for an annotation in the program at `path` (a file, or the files directly in a
/// folder). `Err` holds a one-line reason the annotation cannot be used.
pub fn find_annotation(path: &Path) -> Result<Option<Annotation>, String> {
    let files: Vec<std::path::PathBuf> = if path.is_dir() {
        super::programs::sorted_entries(path)
            .into_iter()
            .map(|(_, p)| p)
            .filter(|p| p.is_file())
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    let mut found: Option<Annotation> = None;
    for file in files {
        if std::fs::metadata(&file).map_or(true, |m| m.len() > MAX_SCANNED_BYTES) {
            continue;
        }
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if let Some(annotation) = parse_annotation(&text, &name)? {
            if let Some(first) = &found {
                return Err(format!(
                    "@EXPECTED_RESULTS@ in both {} and {name} (DOMjudge refuses this)",
                    first.file
                ));
            }
            found = Some(annotation);
        }
    }
    Ok(found)
}

/// Parses the annotation of one source file's `text`.
pub fn parse_annotation(text: &str, file: &str) -> Result<Option<Annotation>, String> {
    let lower = text.to_ascii_lowercase();
    let mut results = None;
    let mut score = None;
    for marker in [RESULTS_MARKER, SCORE_MARKER] {
        let Some(at) = lower.find(marker) else {
            continue;
        };
        if lower[at + marker.len()..].contains(marker) {
            return Err(format!("{file}: more than one {}", marker.trim()));
        }
        let start = at + marker.len();
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let value = text[start..end].trim();
        if marker == SCORE_MARKER {
            if let Ok(number) = value.parse::<f64>() {
                score = Some(number);
                continue;
            }
        }
        let mut list = Vec::new();
        for word in value.split(',') {
            let verdict = result_verdict(word).ok_or_else(|| {
                format!(
                    "{file}: @EXPECTED_RESULTS@ names {:?}, not a DOMjudge result",
                    word.trim()
                )
            })?;
            list.push(verdict);
        }
        results = Some(list);
    }
    Ok((results.is_some() || score.is_some()).then(|| Annotation {
        results: results.unwrap_or_default(),
        score,
        file: file.to_string(),
    }))
}

/// One `submissions.json` entry: what DOMjudge reads for a submission path.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonEntry {
    /// `entry_point`: the file to run of a folder program.
    pub entry_point: Option<String>,
    /// `langid`: DOMjudge's language id.
    pub language: Option<String>,
}

/// Reads `dir/submissions.json` (DOMjudge problem archives): submission path (relative to the
/// problem folder, `submissions/accepted/multi/` with a trailing `/` for folders) to entry.
/// A missing file is empty; a malformed one is an error.
pub fn read_submissions_json(dir: &Path) -> Result<BTreeMap<String, JsonEntry>, PackageError> {
    let file = dir.join("submissions.json");
    if !file.is_file() {
        return Ok(BTreeMap::new());
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| PackageError::at(&file, format!("cannot read: {e}")))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| PackageError::at(&file, format!("not valid JSON: {e}")))?;
    let Some(map) = value.as_object() else {
        return Err(PackageError::at(
            &file,
            "must be a JSON object of submission path to settings",
        ));
    };
    let mut entries = BTreeMap::new();
    for (path, settings) in map {
        let text_of = |key: &str| {
            settings
                .get(key)
                .and_then(|v| v.as_str())
                .map(str::to_string)
        };
        entries.insert(
            path.trim_end_matches('/').to_string(),
            JsonEntry {
                entry_point: text_of("entry_point"),
                language: text_of("langid"),
            },
        );
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;
    use super::*;

    #[test]
    fn annotations_in_any_comment_style_and_lists() {
        let a = parse_annotation("/*\n * @EXPECTED_RESULTS@: CORRECT\n */", "a.c")
            .unwrap()
            .unwrap();
        assert_eq!(a.results, [AC]);
        let b = parse_annotation("# @expected_results@: TIMELIMIT, RUN-ERROR\n", "b.py")
            .unwrap()
            .unwrap();
        assert_eq!(b.results, [TLE, RE]);
        let c = parse_annotation("-- @EXPECTED_RESULTS@: RUN_TIME_ERROR", "c.hs")
            .unwrap()
            .unwrap();
        assert_eq!(c.results, [RE]);
        assert!(parse_annotation("print(1)", "d.py").unwrap().is_none());
        assert!(parse_annotation(
            "@EXPECTED_RESULTS@: CORRECT\n@EXPECTED_RESULTS@: CORRECT",
            "e"
        )
        .is_err());
        assert!(parse_annotation("@EXPECTED_RESULTS@: BANANA", "f").is_err());
        let s = parse_annotation("// @EXPECTED_SCORE@: 42.5", "g")
            .unwrap()
            .unwrap();
        assert_eq!(s.score, Some(42.5));
        assert!(Annotation {
            results: vec![AC, TLE],
            score: None,
            file: String::new()
        }
        .expectation()
        .is_met_by([AC, TLE, WA]));
    }
}
