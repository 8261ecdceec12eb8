//! `submissions/submissions.yaml` (problem package format 2023-07 / 2025-09, "Example
//! submissions"): top-level keys are globs over submission paths relative to `submissions/`,
//! each mapping to `language`, `entrypoint`, `authors`, `model_solution`, `permitted`,
//! `required`, `score`, `message`, `use_for_time_limit`, and test-group keys (globs over test
//! and group names relative to `data/`) holding `permitted`, `required`, `score`, `message` and
//! `use_for_time_limit` for those tests only.
//!
//! A key that is exactly a default folder name (`accepted`, `wrong_answer`, ...) replaces that
//! folder's default rule key by key ("Keys that are not specified are inherited from the default
//! configuration"); any other key adds rules to what the folder already promises.

use std::collections::BTreeSet;
use std::path::Path;

use super::error::PackageError;
use super::typed::{self, Dict, Leaf, Loose, Table};
use crate::judge::expectation_model::{Rule, ScoreRange, TimeLimitUse};
use crate::judge::test_glob::Glob;
use crate::judge::Verdict;

/// One top-level entry of the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The submission glob.
    pub glob: Glob,
    /// Its line in the file.
    pub line: usize,
    /// `language`, if given.
    pub language: Option<String>,
    /// `entrypoint`, if given.
    pub entrypoint: Option<String>,
    /// The rule over every test (from the entry's own keys), if it has any rule key.
    pub own: Option<Rule>,
    /// The rules of its test-group keys.
    pub groups: Vec<Rule>,
}

/// Keys of an entry that are metadata, not rules or test globs.
const METADATA_KEYS: &[&str] = &["language", "entrypoint", "authors", "model_solution"];
/// Keys that make a rule.
const RULE_KEYS: &[&str] = &[
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// The rule keys of an entry or of one of its test groups, as written.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(default)]
struct RuleYaml {
    /// Verdicts: a list or words.
    #[serde(deserialize_with = "typed::present")]
    permitted: Option<Leaf>,
    /// Verdicts: a list or words.
    #[serde(deserialize_with = "typed::present")]
    required: Option<Leaf>,
    /// A number or a list of two.
    #[serde(deserialize_with = "typed::present")]
    score: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    message: Option<Leaf>,
    /// `true`, `false`, `lower` or `upper`.
    #[serde(deserialize_with = "typed::present")]
    use_for_time_limit: Option<Leaf>,
}

/// An entry's body: its keys are the metadata and rule keys above, and test globs whose
/// values are a test group's rule keys, so each value is read as a [`Table`] of
/// [`RuleYaml`] and the plain ones taken as [`Leaf`]s.
type EntryYaml = Dict<Table<RuleYaml>>;

/// Reads `dir/submissions/submissions.yaml`; no file is no entries.
pub fn read(dir: &Path, notices: &mut Vec<String>) -> Result<Vec<Entry>, PackageError> {
    let file = dir.join("submissions").join("submissions.yaml");
    if !file.is_file() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| PackageError::at(&file, format!("cannot read: {e}")))?;
    let root = typed::parse::<Dict<EntryYaml>>(&file, &text)?;
    let mut entries = Vec::new();
    for (key, value) in root.entries(&file, "submissions.yaml")? {
        let body = value.entries(&file, &key.name)?;
        let mut entry = Entry {
            glob: Glob::new(&key.name),
            line: key.line,
            language: None,
            entrypoint: None,
            own: None,
            groups: Vec::new(),
        };
        for (sub, node) in body {
            let what = format!("{}.{}", key.name, sub.name);
            match sub.name.as_str() {
                "language" => entry.language = Some(node.leaf().as_string(&file, &what)?),
                "entrypoint" => entry.entrypoint = Some(node.leaf().as_string(&file, &what)?),
                name if METADATA_KEYS.contains(&name) || RULE_KEYS.contains(&name) => {}
                test_glob => {
                    let (rules, keys) = node.read(&file, &what)?;
                    if let Some(k) = keys.iter().find(|k| !RULE_KEYS.contains(&k.name.as_str())) {
                        return Err(PackageError::new(
                            &file,
                            Some(k.line),
                            format!(
                                "{what}.{}: unknown key (a test group takes {})",
                                k.name,
                                RULE_KEYS.join(", ")
                            ),
                        ));
                    }
                    if !["sample", "secret", "*", "{"]
                        .iter()
                        .any(|p| test_glob.starts_with(p))
                    {
                        notices.push(format!(
                            "submissions/submissions.yaml line {}: {what}: a test glob that does not start with sample or secret (a typo for a key?)",
                            sub.line
                        ));
                    }
                    let mut rule = rule(&file, &what, rules, sub.line)?;
                    rule.tests = Some(Glob::new(test_glob));
                    entry.groups.push(rule);
                }
            }
        }
        let own = |name: &str| {
            body.iter()
                .find(|(k, _)| k.name == name)
                .map(|(_, v)| v.leaf())
        };
        let own = RuleYaml {
            permitted: own("permitted"),
            required: own("required"),
            score: own("score"),
            message: own("message"),
            use_for_time_limit: own("use_for_time_limit"),
        };
        if body
            .iter()
            .any(|(k, _)| RULE_KEYS.contains(&k.name.as_str()))
        {
            entry.own = Some(rule(&file, &key.name, &own, key.line)?);
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// The rule of an entry's or a test group's rule keys.
fn rule(file: &Path, what: &str, body: &RuleYaml, line: usize) -> Result<Rule, PackageError> {
    let what = |key: &str| format!("{what}.{key}");
    let mut rule = Rule {
        tests: None,
        permitted: None,
        required: None,
        score: None,
        message: None,
        use_for_time_limit: None,
        origin: format!("submissions.yaml line {line}"),
    };
    if let Some(node) = &body.permitted {
        rule.permitted = Some(verdicts(file, &what("permitted"), node)?);
    }
    if let Some(node) = &body.required {
        rule.required = Some(verdicts(file, &what("required"), node)?);
    }
    if let Some(node) = &body.score {
        rule.score = Some(score(file, &what("score"), node)?);
    }
    if let Some(node) = &body.message {
        rule.message = Some(node.as_string(file, &what("message"))?);
    }
    if let Some(node) = &body.use_for_time_limit {
        rule.use_for_time_limit = match &node.value {
            Loose::Bool(false) => Some(TimeLimitUse::No),
            Loose::Bool(true) => None,
            Loose::Str(s) if s == "lower" => Some(TimeLimitUse::Lower),
            Loose::Str(s) if s == "upper" => Some(TimeLimitUse::Upper),
            other => {
                return Err(node.error(
                    file,
                    &what("use_for_time_limit"),
                    format_args!("must be true, false, lower or upper, found {other}"),
                ))
            }
        };
    }
    Ok(rule)
}

/// A verdict list: `[AC, WA]` or one word.
fn verdicts(file: &Path, what: &str, node: &Leaf) -> Result<BTreeSet<Verdict>, PackageError> {
    let words = node.as_words(file, what)?;
    let mut list = Vec::new();
    for word in words {
        let word = word.trim_matches(',');
        if word.is_empty() {
            continue;
        }
        list.push(Verdict::from_expectation_name(word).ok_or_else(|| {
            node.error(
                file,
                what,
                format_args!("names {word:?}, not a verdict (AC, WA, TLE, RTE)"),
            )
        })?);
    }
    Ok(crate::judge::expectation_model::verdict_set(&list))
}

/// `score: 40` or `score: [20, 40]`.
fn score(file: &Path, what: &str, node: &Leaf) -> Result<ScoreRange, PackageError> {
    let range = match &node.value {
        Loose::List(items) if items.len() == 2 => ScoreRange {
            min: items[0].as_f64(file, what)?,
            max: items[1].as_f64(file, what)?,
        },
        Loose::List(_) => {
            return Err(node.error(file, what, "must be a number or a list of two numbers"))
        }
        _ => {
            let x = node.as_f64(file, what)?;
            ScoreRange { min: x, max: x }
        }
    };
    if range.min > range.max {
        return Err(node.error(file, what, "has its minimum above its maximum"));
    }
    Ok(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(text: &str) -> Result<Vec<Entry>, PackageError> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("submissions")).unwrap();
        std::fs::write(dir.path().join("submissions/submissions.yaml"), text).unwrap();
        read(dir.path(), &mut Vec::new())
    }

    #[test]
    fn entries_rules_and_test_groups() {
        let e = entries(
            "accepted:\n  permitted: [WA]\nwa/odd.py:\n  language: python3\n  sample:\n    required: [AC]\n  secret/*{1,3}:\n    permitted: [AC, TLE]\n    use_for_time_limit: false\ntle:\n  secret:\n    use_for_time_limit: upper\n",
        )
        .unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!(
            e[0].own.as_ref().unwrap().permitted,
            Some(BTreeSet::from([Verdict::WA]))
        );
        assert_eq!(e[1].language.as_deref(), Some("python3"));
        assert!(e[1].own.is_none());
        assert_eq!(e[1].groups.len(), 2);
        assert_eq!(e[1].groups[1].use_for_time_limit, Some(TimeLimitUse::No));
        assert_eq!(e[2].groups[0].time_limit_use(), TimeLimitUse::Upper);
    }

    #[test]
    fn bad_values_are_errors_with_lines() {
        let err = entries("accepted:\n  permitted: [AC, OK]\n").unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        assert!(err.to_string().contains("\"OK\""), "{err}");
        let err = entries("a:\n  secret:\n    colour: red\n").unwrap_err();
        assert!(err.to_string().contains("unknown key"), "{err}");
        let err = entries("a:\n  score: [3, 1]\n").unwrap_err();
        assert!(err.to_string().contains("minimum above"), "{err}");
        assert!(entries("a: 3\n").is_err());
    }

    #[test]
    fn values_of_the_wrong_type_name_their_key_and_line() {
        let cases = [
            ("a:\n  use_for_time_limit: sometimes\n", "line 2: a.use_for_time_limit must be true, false, lower or upper, found \"sometimes\""),
            ("a:\n  score:\n    x: 1\n", "line 3: a.score must be a number, found a map"),
            ("a:\n  sample:\n    message: [x]\n", "line 3: a.sample.message must be a string, found a list"),
            ("a:\n  secret: 5\n", "line 2: a.secret must be a map of keys, found 5"),
            ("a:\n  language: [x]\n", "line 2: a.language must be a string, found a list"),
            ("- a\n", "line 1: submissions.yaml must be a map of keys, found a list"),
        ];
        for (text, expected) in cases {
            let err = entries(text).unwrap_err().to_string();
            assert!(
                err.ends_with(&format!("submissions.yaml {expected}")),
                "{text}: {err}"
            );
        }
        let e = entries("a:\n  use_for_time_limit: true\n  score: [1, 2]\n").unwrap();
        let own = e[0].own.as_ref().unwrap();
        assert_eq!(own.use_for_time_limit, None);
        assert_eq!(own.score, Some(ScoreRange { min: 1.0, max: 2.0 }));
    }
}
