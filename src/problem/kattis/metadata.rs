//! problem.yaml: the format version, the problem's name, its type (how output is validated) and
//! its limits.

use std::collections::BTreeMap;
use std::path::Path;

use super::error::PackageError;
use super::limits::{parse_limits, Limits, LimitsYaml};
use super::typed::{self, Dict, Leaf, Loose, Table};
use super::FormatVersion;

/// What problem.yaml says, interpreted for its format version.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Metadata {
    pub format: FormatVersion,
    pub declared_version: Option<String>,
    pub names: BTreeMap<String, String>,
    pub name: Option<String>,
    pub problem_type: ProblemType,
    /// Legacy `validation: custom ...` (2023-07 has no such key: a custom validator is used
    /// when `output_validator/` exists).
    pub legacy_custom_validation: bool,
    /// Legacy problem.yaml `validator_flags`, split into words.
    pub validator_flags: Vec<String>,
    pub limits: Limits,
    /// 2025-09 `allow_file_writing` (default `false`): whether submissions may create files in
    /// their working directory.
    pub allow_file_writing: bool,
}

/// The kind of problem: how a submission talks to the output validator and is scored.
///
/// Legacy folders say it in `validation: default | custom [interactive] [score]` (and
/// `type: pass-fail | scoring`); 2023-07 folders in `type`, a word or a list of
/// `pass-fail`, `scoring`, `interactive`, `multi-pass`, `submit-answer`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProblemType {
    /// The output validator runs interactively with the submission (`custom interactive` in
    /// legacy, `interactive` in 2023-07).
    pub interactive: bool,
    /// Submissions get a score (`type: scoring`, or legacy `validation: custom score`).
    pub scoring: bool,
    /// The submission runs several passes (2023-07 `multi-pass`).
    pub multi_pass: bool,
    /// Submissions are answer files, not programs (2023-07 `submit-answer`).
    pub submit_answer: bool,
}

impl ProblemType {
    /// Whether the problem is plain pass-fail with a batch (non-interactive) output check.
    pub fn is_plain(&self) -> bool {
        *self == ProblemType::default()
    }
}

/// problem.yaml as written: the keys this loader reads (each may be missing; one written with
/// no value is null, which the readers refuse or treat as empty as before).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub(crate) struct ProblemYaml {
    #[serde(deserialize_with = "typed::present")]
    problem_format_version: Option<Leaf>,
    /// A string, or a map from language code to the name in that language.
    name: Option<Dict<Leaf>>,
    /// 2023-07: a word, several words in a string, or a list.
    #[serde(rename = "type", deserialize_with = "typed::present")]
    problem_type: Option<Leaf>,
    /// Legacy: `default` or `custom [interactive] [score]`.
    #[serde(deserialize_with = "typed::present")]
    validation: Option<Leaf>,
    /// Legacy: a string of words or a list.
    #[serde(deserialize_with = "typed::present")]
    validator_flags: Option<Leaf>,
    pub(crate) limits: Option<Table<LimitsYaml>>,
    #[serde(deserialize_with = "typed::present")]
    allow_file_writing: Option<Leaf>,
}

/// problem.yaml keys the format defines that this loader does not need.
const LEGACY_KEYS: &[&str] = &[
    "uuid",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "keywords",
    "grading",
    "languages",
    "libraries",
];
const MODERN_KEYS: &[&str] = &[
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
];

/// Reads `dir/problem.yaml`. Both format versions require the file.
pub(crate) fn read(dir: &Path, notices: &mut Vec<String>) -> Result<Metadata, PackageError> {
    let file = dir.join("problem.yaml");
    if !file.is_file() {
        return Err(PackageError::at(
            &file,
            "missing: a problem folder needs a problem.yaml (both the legacy and the 2023-07 \
             problem package formats require it; an empty file will do for legacy)",
        ));
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| PackageError::at(&file, format!("cannot read: {e}")))?;
    let root = typed::parse::<Table<ProblemYaml>>(&file, &text)?;
    interpret(&file, &root, notices)
}

fn interpret(
    file: &Path,
    root: &Table<ProblemYaml>,
    notices: &mut Vec<String>,
) -> Result<Metadata, PackageError> {
    let (yaml, keys) = root.read(file, "problem.yaml")?;
    let (format, declared_version) = match &yaml.problem_format_version {
        None => (FormatVersion::Legacy, None),
        Some(node) => {
            let declared = node.as_string(file, "problem_format_version")?;
            let format = match declared.as_str() {
                "legacy" | "legacy-icpc" => FormatVersion::Legacy,
                "2023-07-draft" | "2023-07" | "2025-09-draft" | "2025-09" | "draft" => FormatVersion::V2023_07,
                _ => {
                    return Err(node.error(
                        file,
                        "problem_format_version",
                        format_args!(
                            "must be one of legacy, legacy-icpc, 2023-07-draft, 2023-07, 2025-09; found {declared:?}"
                        ),
                    ))
                }
            };
            (format, Some(declared))
        }
    };

    let mut names = BTreeMap::new();
    if let Some(name) = &yaml.name {
        match name.entries_or_leaf() {
            Ok(languages) => {
                for (language, name) in languages {
                    let name = name.as_string(file, &format!("name.{}", language.name))?;
                    names.insert(language.name.clone(), name);
                }
            }
            Err(node) => {
                let language = if format == FormatVersion::Legacy {
                    ""
                } else {
                    "en"
                };
                names.insert(language.to_string(), node.as_string(file, "name")?);
            }
        }
    }
    let name = names
        .get("en")
        .or_else(|| names.get(""))
        .or_else(|| names.values().next())
        .filter(|n| !n.trim().is_empty())
        .cloned();

    let mut problem_type = ProblemType::default();
    let mut legacy_custom_validation = false;
    let mut validator_flags = Vec::new();
    if let Some(node) = &yaml.problem_type {
        // A string may hold several words (`pass-fail interactive`), as the spec's own
        // examples write it and BAPCtools reads it (`problem.py`: `.split()`).
        let words = match &node.value {
            Loose::List(_) => node.as_words(file, "type")?,
            _ => node
                .as_string(file, "type")?
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        };
        // 2025-09 "Type": no repetition, and pass-fail/scoring, multi-pass/submit-answer,
        // interactive/submit-answer are incompatible.
        for (a, b) in [
            ("pass-fail", "scoring"),
            ("multi-pass", "submit-answer"),
            ("interactive", "submit-answer"),
        ] {
            if words.iter().any(|w| w == a) && words.iter().any(|w| w == b) {
                return Err(node.error(file, "type", format_args!("may not be both {a} and {b}")));
            }
        }
        if let Some(twice) = words
            .iter()
            .enumerate()
            .find(|(i, w)| words[..*i].contains(w))
        {
            return Err(node.error(file, "type", format_args!("names {} twice", twice.1)));
        }
        for word in words {
            match word.as_str() {
                "pass-fail" => {}
                "scoring" => problem_type.scoring = true,
                "interactive" if format == FormatVersion::V2023_07 => {
                    problem_type.interactive = true
                }
                "multi-pass" if format == FormatVersion::V2023_07 => problem_type.multi_pass = true,
                "submit-answer" if format == FormatVersion::V2023_07 => {
                    problem_type.submit_answer = true
                }
                _ => {
                    let allowed = match format {
                        FormatVersion::Legacy => "pass-fail or scoring",
                        FormatVersion::V2023_07 => {
                            "pass-fail, scoring, interactive, multi-pass or submit-answer"
                        }
                    };
                    return Err(node.error(
                        file,
                        "type",
                        format_args!("must be {allowed}; found {word:?}"),
                    ));
                }
            }
        }
    }
    if let Some(node) = &yaml.validation {
        let words: Vec<String> = node
            .as_string(file, "validation")?
            .split_whitespace()
            .map(str::to_string)
            .collect();
        match words.first().map(String::as_str) {
            Some("default") if words.len() == 1 => {}
            Some("custom") => {
                legacy_custom_validation = true;
                for word in &words[1..] {
                    match word.as_str() {
                        "interactive" => problem_type.interactive = true,
                        "score" => problem_type.scoring = true,
                        // BAPCtools' legacy extension, later 2023-07's `multi-pass` type.
                        "multi-pass" => problem_type.multi_pass = true,
                        _ => {
                            return Err(node.error(
                                file,
                                "validation",
                                format_args!("may only add interactive and score after custom; found {word:?}"),
                            ))
                        }
                    }
                }
            }
            _ => {
                return Err(node.error(
                    file,
                    "validation",
                    format_args!(
                        "must be \"default\" or \"custom\" followed by interactive and/or score; found {}",
                        node.value
                    ),
                ))
            }
        }
        if format == FormatVersion::V2023_07 {
            notices.push(format!(
                "{} line {}: validation is a legacy key (2023-07 uses type and the output_validator/ \
                 folder); used",
                file.display(),
                node.line
            ));
        }
    }
    if let Some(node) = &yaml.validator_flags {
        validator_flags = node.as_words(file, "validator_flags")?;
        if format == FormatVersion::V2023_07 {
            notices.push(format!(
                "{} line {}: validator_flags is a legacy key (2023-07 puts output_validator_args in \
                 data/test_group.yaml); used",
                file.display(),
                node.line
            ));
        }
    }

    let limits = parse_limits(file, yaml.limits.as_ref(), format, notices)?;
    // 2025-09 "Allow file writing": "A value of true means submissions can read and write
    // files, while the default value of false means submissions can only read from files."
    let allow_file_writing = match &yaml.allow_file_writing {
        None => false,
        Some(node) => node.as_bool(file, "allow_file_writing")?,
    };

    let known: &[&str] = match format {
        FormatVersion::Legacy => LEGACY_KEYS,
        FormatVersion::V2023_07 => MODERN_KEYS,
    };
    for key in keys {
        let used = matches!(
            key.name.as_str(),
            "problem_format_version"
                | "name"
                | "type"
                | "validation"
                | "validator_flags"
                | "limits"
        );
        if !used && !known.contains(&key.name.as_str()) {
            notices.push(format!(
                "{} line {}: unknown key {}; ignored",
                file.display(),
                key.line,
                key.name
            ));
        }
    }

    // 2025-09 "Problem metadata": `name` and `uuid` are required. A missing one is said, not
    // failed (problemtools warns about a missing uuid too).
    if declared_version.as_deref() == Some("2025-09") {
        for required in ["name", "uuid"] {
            if !keys.iter().any(|key| key.name == required) {
                notices.push(format!(
                    "{}: {required} is missing (2025-09 requires it)",
                    file.display()
                ));
            }
        }
    }

    Ok(Metadata {
        format,
        declared_version,
        names,
        name,
        problem_type,
        legacy_custom_validation,
        validator_flags,
        limits,
        allow_file_writing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(yaml: &str) -> (Result<Metadata, PackageError>, Vec<String>) {
        let file = Path::new("p/problem.yaml");
        let root = typed::parse(file, yaml).unwrap();
        let mut notices = Vec::new();
        (interpret(file, &root, &mut notices), notices)
    }

    #[test]
    fn a_problemtools_style_legacy_problem_yaml() {
        let (m, notices) = meta(
            "source: NCPC 2021\nlicense: cc by-sa\nrights_owner: NCPC\nname: Hello Float\n\
             validation: custom\nvalidator_flags: float_tolerance 1e-6\nlimits:\n  memory: 512\n",
        );
        let m = m.unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(m.format, FormatVersion::Legacy);
        assert_eq!(m.declared_version, None);
        assert_eq!(m.name.as_deref(), Some("Hello Float"));
        assert!(m.legacy_custom_validation);
        assert!(m.problem_type.is_plain());
        assert_eq!(m.validator_flags, vec!["float_tolerance", "1e-6"]);
        assert_eq!(m.limits.memory_mib, Some(512));
    }

    #[test]
    fn an_empty_legacy_problem_yaml_is_all_defaults() {
        let (m, notices) = meta("");
        let m = m.unwrap();
        assert!(notices.is_empty());
        assert_eq!(m.format, FormatVersion::Legacy);
        assert_eq!(m.name, None);
        assert!(!m.legacy_custom_validation);
    }

    #[test]
    fn legacy_interactive_and_score_validation() {
        let (m, _) = meta("validation: custom interactive score\n");
        let t = m.unwrap().problem_type;
        assert!(t.interactive && t.scoring && !t.multi_pass);
    }

    #[test]
    fn a_2023_07_problem_yaml_with_a_name_map_and_types() {
        let (m, notices) = meta(
            "problem_format_version: 2023-07-draft\nuuid: 5ca6ba5b-36d4-4e5b-9c2a-1e4e8e8a7f10\n\
             name:\n  sv: Hej Världen\n  en: Hello World\ntype: [pass-fail, interactive]\n\
             credits:\n  authors: Ada <ada@example.com>\nlimits:\n  time_limit: 2\n",
        );
        let m = m.unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(m.format, FormatVersion::V2023_07);
        assert_eq!(m.declared_version.as_deref(), Some("2023-07-draft"));
        assert_eq!(m.name.as_deref(), Some("Hello World"));
        assert_eq!(m.names.get("sv").map(String::as_str), Some("Hej Världen"));
        assert!(m.problem_type.interactive);
        assert!(m.limits.time_limit.is_some());
    }

    #[test]
    fn a_name_map_without_english_uses_the_first_language() {
        let (m, _) = meta("problem_format_version: 2023-07\nname:\n  sv: Hej\n  da: Hej hej\n");
        assert_eq!(m.unwrap().name.as_deref(), Some("Hej hej"));
    }

    #[test]
    fn the_2025_09_types_must_be_compatible_and_name_and_uuid_are_expected() {
        let (result, _) = meta("problem_format_version: 2025-09\ntype: [pass-fail, scoring]\n");
        let err = result.unwrap_err().to_string();
        assert!(
            err.contains("may not be both pass-fail and scoring"),
            "{err}"
        );
        let (result, _) = meta("problem_format_version: 2025-09\ntype: [scoring, scoring]\n");
        assert!(result.unwrap_err().to_string().contains("twice"));
        let (result, notices) =
            meta("problem_format_version: 2025-09\ntype: [scoring, interactive]\nname: X\n");
        let meta = result.unwrap();
        assert!(meta.problem_type.scoring && meta.problem_type.interactive);
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].ends_with("uuid is missing (2025-09 requires it)"));
    }

    #[test]
    fn the_2025_09_version_is_the_2023_07_family() {
        let (m, _) = meta("problem_format_version: 2025-09\nname: x\ntype: multi-pass\n");
        let m = m.unwrap();
        assert_eq!(m.format, FormatVersion::V2023_07);
        assert!(m.problem_type.multi_pass);
        let (m, _) =
            meta("problem_format_version: 2025-09\nname: x\ntype: pass-fail interactive\n");
        let m = m.unwrap().problem_type;
        assert!(m.interactive && !m.multi_pass && !m.scoring);
    }

    #[test]
    fn unknown_keys_and_legacy_keys_in_modern_folders_are_notices() {
        let (m, notices) = meta("name: x\nfavourite_colour: blue\n");
        assert!(m.is_ok());
        assert_eq!(
            notices,
            vec!["p/problem.yaml line 2: unknown key favourite_colour; ignored"]
        );
        let (m, notices) =
            meta("problem_format_version: 2023-07-draft\nvalidator_flags: case_sensitive\n");
        assert_eq!(m.unwrap().validator_flags, vec!["case_sensitive"]);
        assert!(
            notices[0].starts_with("p/problem.yaml line 2: validator_flags is a legacy key"),
            "{notices:?}"
        );
    }

    #[test]
    fn malformed_keys_are_errors_naming_the_line() {
        let cases = [
            ("problem_format_version: 2030-01\n", "p/problem.yaml line 1: problem_format_version must be one of legacy, legacy-icpc, 2023-07-draft, 2023-07, 2025-09; found \"2030-01\""),
            ("validation: strict\n", "p/problem.yaml line 1: validation must be \"default\" or \"custom\" followed by interactive and/or score; found \"strict\""),
            ("validation: custom sometimes\n", "p/problem.yaml line 1: validation may only add interactive and score after custom; found \"sometimes\""),
            ("name: x\ntype: interactive\n", "p/problem.yaml line 2: type must be pass-fail or scoring; found \"interactive\""),
            ("name: [a, b]\n", "p/problem.yaml line 1: name must be a string, found a list"),
            ("- name\n", "p/problem.yaml line 1: problem.yaml must be a map of keys, found a list"),
            ("name: x\nlimits:\n  time_limit: fast\n", "p/problem.yaml line 3: limits.time_limit must be a number, found \"fast\""),
        ];
        for (yaml, expected) in cases {
            assert_eq!(meta(yaml).0.unwrap_err().to_string(), expected, "{yaml}");
        }
    }

    #[test]
    fn a_missing_problem_yaml_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = read(dir.path(), &mut Vec::new()).unwrap_err();
        assert_eq!(err.path, dir.path().join("problem.yaml"));
        assert!(
            err.message
                .starts_with("missing: a problem folder needs a problem.yaml"),
            "{err}"
        );
    }

    #[test]
    fn keys_with_a_wrong_or_missing_value_name_their_line() {
        let cases = [
            (
                "name: x\nallow_file_writing: yes\n",
                "p/problem.yaml line 2: allow_file_writing must be true or false, found \"yes\"",
            ),
            (
                "name: x\ntype:\n",
                "p/problem.yaml line 2: type must be a string, found nothing",
            ),
            (
                "name:\n  en: [a]\n",
                "p/problem.yaml line 2: name.en must be a string, found a list",
            ),
            (
                "problem_format_version: 2023-07\nvalidator_flags: [a, [b]]\n",
                "p/problem.yaml line 2: validator_flags[1] must be a string, found a list",
            ),
        ];
        for (yaml, expected) in cases {
            assert_eq!(meta(yaml).0.unwrap_err().to_string(), expected, "{yaml}");
        }
        let (m, _) = meta("name:\nallow_file_writing: true\n");
        let m = m.unwrap();
        assert!(m.allow_file_writing && m.name.is_none());
    }
}
