//! A problem folder's limits: a time limit when the folder fixes one, else the rule problemtools
//! uses to derive it from the slowest accepted submission; memory and output limits.

use std::path::Path;
use std::time::Duration;

use super::error::PackageError;
use super::typed::{self, Leaf, Table};
use super::FormatVersion;
use crate::problem::time_limit_rule::TimeLimitRule;

/// Memory limit when the folder sets none, in MiB: the format's "typical system default"
/// (legacy and 2023-07 spec, `limits.memory`) and problemtools' `system_default.yaml`.
pub const DEFAULT_MEMORY_MIB: u64 = 2048;

/// Output limit when the folder sets none, in MiB: the format's "typical system default"
/// (`limits.output`) and problemtools' `system_default.yaml`.
pub const DEFAULT_OUTPUT_MIB: u64 = 8;

/// The limits a problem folder sets for one run of a submission.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// The time limit, when the folder fixes one. `None` means: derive it from the slowest
    /// accepted submission with [`TimeLimitRule::time_limit`], as problemtools does.
    pub time_limit: Option<FixedTimeLimit>,
    /// How a time limit is derived and how much margin a time-limit-exceeded submission needs.
    pub rule: TimeLimitRule,
    /// `limits.memory` in MiB, if set (else [`DEFAULT_MEMORY_MIB`] applies).
    pub memory_mib: Option<u64>,
    /// `limits.output` in MiB, if set (else [`DEFAULT_OUTPUT_MIB`] applies).
    pub output_mib: Option<u64>,
    /// `limits.validation_passes`, if set: most passes of a multi-pass problem (else
    /// [`DEFAULT_VALIDATION_PASSES`]).
    pub validation_passes: Option<u64>,
    /// `limits.validation_memory` in MiB, if set (else [`DEFAULT_VALIDATION_MEMORY_MIB`]):
    /// the output validator's address space under problemtools' rule.
    pub validation_memory_mib: Option<u64>,
}

/// The memory problemtools gives a program it runs without naming a limit, in MiB: an input
/// validator, a custom grader (`run/program.py`, `Program.run(memlim=1024)`), and the
/// output validator when problem.yaml sets no `limits.validation_memory` (`config/problem.yaml`).
pub const DEFAULT_VALIDATION_MEMORY_MIB: u64 = 1024;

/// Passes of a multi-pass problem when the folder sets none: the spec's default, as in
/// problemtools' `metadata.py` (`validation_passes: int = 2`).
pub const DEFAULT_VALIDATION_PASSES: u64 = 2;

impl Limits {
    /// The memory limit in MiB, the format's default when the folder sets none.
    pub fn memory_mib_or_default(&self) -> u64 {
        self.memory_mib.unwrap_or(DEFAULT_MEMORY_MIB)
    }

    /// The output validator's memory in MiB, problemtools' default when the folder sets none.
    pub fn validation_memory_mib_or_default(&self) -> u64 {
        self.validation_memory_mib
            .unwrap_or(DEFAULT_VALIDATION_MEMORY_MIB)
    }

    /// The output limit in MiB, the format's default when the folder sets none.
    pub fn output_mib_or_default(&self) -> u64 {
        self.output_mib.unwrap_or(DEFAULT_OUTPUT_MIB)
    }
}

/// A time limit the folder states, and where it states it (so a report can say so).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FixedTimeLimit {
    /// The limit (CPU time per test).
    pub limit: Duration,
    /// Where it came from.
    pub source: TimeLimitSource,
}

/// Where a fixed time limit was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeLimitSource {
    /// `limits.time_limit` in problem.yaml (2023-07 key; also read in legacy folders, where
    /// BAPCtools and DOMjudge put it).
    ProblemYaml,
    /// A `.timelimit` file in the folder holding a number of seconds (BAPCtools and DOMjudge
    /// legacy packages; BAPCtools' `upgrade` moves it into problem.yaml).
    TimelimitFile,
    /// `timelimit = S` in `domjudge-problem.ini` (DOMjudge's own problem archives).
    DomjudgeIni,
    /// The problem's entry (`id:` its folder's name) in the `problems.yaml` of the contest
    /// folder holding it: BAPCtools keeps each problem's `time_limit` there for DOMjudge
    /// (`export.py`, `update_problems_yaml`), which takes it when the contest is imported.
    ContestProblemsYaml,
}

/// problemtools' [`TimeLimitRule`] when problem.yaml sets no multipliers: the defaults of a
/// format version (see the rule's field docs for their sources).
pub fn default_time_limit_rule(format: FormatVersion) -> TimeLimitRule {
    match format {
        FormatVersion::Legacy => TimeLimitRule {
            ac_to_time_limit: 5.0,
            time_limit_to_tle: 2.0,
            time_resolution: 1.0,
        },
        FormatVersion::V2023_07 => TimeLimitRule {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            time_resolution: 1.0,
        },
    }
}

/// problem.yaml's `limits` as written (legacy and 2023-07 keys alike; which apply is decided by
/// [`parse_limits`]).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub(crate) struct LimitsYaml {
    #[serde(deserialize_with = "typed::present")]
    time_limit: Option<Leaf>,
    /// Legacy name of `time_multipliers.ac_to_time_limit`.
    #[serde(deserialize_with = "typed::present")]
    time_multiplier: Option<Leaf>,
    /// Legacy name of `time_multipliers.time_limit_to_tle`.
    #[serde(deserialize_with = "typed::present")]
    time_safety_margin: Option<Leaf>,
    time_multipliers: Option<Table<TimeMultipliersYaml>>,
    #[serde(deserialize_with = "typed::present")]
    time_resolution: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    memory: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    output: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    validation_passes: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    validation_memory: Option<Leaf>,
}

/// 2023-07 `limits.time_multipliers` as written.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub(crate) struct TimeMultipliersYaml {
    #[serde(deserialize_with = "typed::present")]
    ac_to_time_limit: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    time_limit_to_tle: Option<Leaf>,
}

/// Limits for compilers, validators and source size: defined by the format, not limits on a
/// submission's run, so not used here (and not reported as unknown). `validation_memory` is
/// read: it is the output validator's address space under problemtools' rule.
const UNUSED_KEYS: &[&str] = &[
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_output",
];

/// Reads problem.yaml's `limits` (a map, or absent) for `format`, adding notices for keys
/// that are ignored.
pub(crate) fn parse_limits(
    file: &Path,
    limits: Option<&Table<LimitsYaml>>,
    format: FormatVersion,
    notices: &mut Vec<String>,
) -> Result<Limits, PackageError> {
    let mut rule = default_time_limit_rule(format);
    let mut parsed = Limits {
        time_limit: None,
        rule,
        memory_mib: None,
        output_mib: None,
        validation_passes: None,
        validation_memory_mib: None,
    };
    let Some(limits) = limits else {
        return Ok(parsed);
    };
    let (yaml, keys) = limits.read(file, "limits")?;
    if let Some(value) = &yaml.time_limit {
        let seconds = value.as_positive_f64(file, "limits.time_limit")?;
        parsed.time_limit = Some(FixedTimeLimit {
            limit: seconds_to_duration(seconds),
            source: TimeLimitSource::ProblemYaml,
        });
    }
    // (notice line, text): notices are given in file order.
    let mut said = Vec::new();
    for (value, legacy, modern, slot) in [
        (
            &yaml.time_multiplier,
            "time_multiplier",
            "ac_to_time_limit",
            &mut rule.ac_to_time_limit,
        ),
        (
            &yaml.time_safety_margin,
            "time_safety_margin",
            "time_limit_to_tle",
            &mut rule.time_limit_to_tle,
        ),
    ] {
        let Some(value) = value else { continue };
        let what = format!("limits.{legacy}");
        *slot = at_least_one(file, value, &what)?;
        if format == FormatVersion::V2023_07 {
            let line = keys.iter().find(|k| k.name == legacy).map_or(0, |k| k.line);
            said.push((line, legacy_key(file, line, &what, modern)));
        }
    }
    if let Some(multipliers) = &yaml.time_multipliers {
        let (inner, inner_keys) = multipliers.read(file, "limits.time_multipliers")?;
        if let Some(value) = &inner.ac_to_time_limit {
            let what = "limits.time_multipliers.ac_to_time_limit";
            rule.ac_to_time_limit = at_least_one(file, value, what)?;
        }
        if let Some(value) = &inner.time_limit_to_tle {
            let what = "limits.time_multipliers.time_limit_to_tle";
            rule.time_limit_to_tle = at_least_one(file, value, what)?;
        }
        for key in inner_keys {
            if !matches!(key.name.as_str(), "ac_to_time_limit" | "time_limit_to_tle") {
                let what = format!("limits.time_multipliers.{}", key.name);
                said.push((key.line, unknown_key(file, key.line, &what)));
            }
        }
    }
    if let Some(value) = &yaml.time_resolution {
        rule.time_resolution = value.as_positive_f64(file, "limits.time_resolution")?;
    }
    if let Some(value) = &yaml.memory {
        parsed.memory_mib = Some(value.as_positive_int(file, "limits.memory")?);
    }
    if let Some(value) = &yaml.output {
        parsed.output_mib = Some(value.as_positive_int(file, "limits.output")?);
    }
    if let Some(value) = &yaml.validation_passes {
        parsed.validation_passes = Some(value.as_positive_int(file, "limits.validation_passes")?);
    }
    if let Some(value) = &yaml.validation_memory {
        let what = "limits.validation_memory";
        parsed.validation_memory_mib = Some(value.as_positive_int(file, what)?);
    }
    for key in keys {
        let read = matches!(
            key.name.as_str(),
            "time_limit"
                | "time_multiplier"
                | "time_safety_margin"
                | "time_multipliers"
                | "time_resolution"
                | "memory"
                | "output"
                | "validation_passes"
                | "validation_memory"
        );
        if !read && !UNUSED_KEYS.contains(&key.name.as_str()) {
            let what = format!("limits.{}", key.name);
            said.push((key.line, unknown_key(file, key.line, &what)));
        }
    }
    said.sort_by_key(|(line, _)| *line);
    notices.extend(said.into_iter().map(|(_, notice)| notice));
    parsed.rule = rule;
    Ok(parsed)
}

fn at_least_one(file: &Path, value: &Leaf, what: &str) -> Result<f64, PackageError> {
    let x = value.as_f64(file, what)?;
    if x >= 1.0 {
        Ok(x)
    } else {
        Err(value.error(file, what, format_args!("must be at least 1, found {x}")))
    }
}

fn unknown_key(file: &Path, line: usize, what: &str) -> String {
    format!(
        "{} line {line}: unknown key {what}; ignored",
        file.display()
    )
}

/// The notice for a legacy time-multiplier key met in a 2023-07 problem.yaml, naming the
/// `limits.time_multipliers` key that replaced it.
fn legacy_key(file: &Path, line: usize, what: &str, modern: &str) -> String {
    format!(
        "{} line {line}: {what} is a legacy key (2023-07 calls it \
         limits.time_multipliers.{modern}); used",
        file.display()
    )
}

fn seconds_to_duration(seconds: f64) -> Duration {
    Duration::from_nanos((seconds * 1e9).round() as u64)
}

/// The time limit of a `.timelimit` file (a number of seconds) or of `timelimit = S` in a
/// `domjudge-problem.ini`, when the folder has one. problem.yaml's `limits.time_limit` wins
/// over both (with a notice), and `.timelimit` over the ini file.
pub(crate) fn time_limit_from_side_files(
    dir: &Path,
    from_yaml: Option<FixedTimeLimit>,
    notices: &mut Vec<String>,
) -> Result<Option<FixedTimeLimit>, PackageError> {
    let timelimit_file = dir.join(".timelimit");
    let ini_file = dir.join("domjudge-problem.ini");
    let mut found = from_yaml;
    for (file, source) in [
        (timelimit_file, TimeLimitSource::TimelimitFile),
        (ini_file, TimeLimitSource::DomjudgeIni),
    ] {
        if !file.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&file)
            .map_err(|e| PackageError::at(&file, format!("cannot read: {e}")))?;
        let value = match source {
            TimeLimitSource::DomjudgeIni => ini_time_limit(&file, &text)?,
            _ => Some(timelimit_file_value(&file, &text)?),
        };
        let Some(seconds) = value else { continue };
        match found {
            Some(existing) => notices.push(format!(
                "{}: time limit {seconds} s ignored: {} already sets {} s",
                file.display(),
                describe_source(existing.source),
                existing.limit.as_secs_f64()
            )),
            None => {
                found = Some(FixedTimeLimit {
                    limit: seconds_to_duration(seconds),
                    source,
                })
            }
        }
    }
    if found.is_none() {
        found = time_limit_from_contest(dir, notices)?;
    }
    Ok(found)
}

/// The name of a BAPCtools contest's list of problems, in the folder above the problems.
pub const CONTEST_PROBLEMS_YAML: &str = "problems.yaml";

/// One entry of a contest's `problems.yaml` (BAPCtools' `contest.py`, `ProblemsYamlEntry`):
/// the problem folder's name and its time limit; the other keys (label, name, rgb) do not
/// concern judging.
#[derive(Debug, serde::Deserialize)]
struct ContestEntry {
    #[serde(default)]
    id: Option<Leaf>,
    #[serde(default)]
    time_limit: Option<Leaf>,
}

/// The time limit the contest folder above `dir` gives it in its `problems.yaml` (the entry
/// whose `id` is `dir`'s name), for a folder that states none itself, with a notice saying
/// where it came from. A `problems.yaml` that cannot be read is the user's error; no file,
/// no entry, or an entry without `time_limit` is no limit.
fn time_limit_from_contest(
    dir: &Path,
    notices: &mut Vec<String>,
) -> Result<Option<FixedTimeLimit>, PackageError> {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let (Some(parent), Some(name)) = (absolute.parent(), absolute.file_name()) else {
        return Ok(None);
    };
    let file = parent.join(CONTEST_PROBLEMS_YAML);
    if !file.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| PackageError::at(&file, format!("cannot read: {e}")))?;
    let entries: Option<Vec<ContestEntry>> = typed::parse(&file, &text)?;
    let name = name.to_string_lossy();
    for entry in entries.unwrap_or_default() {
        let Some(id) = &entry.id else { continue };
        if id.as_string(&file, "id")? != name {
            continue;
        }
        let Some(value) = &entry.time_limit else {
            return Ok(None);
        };
        let seconds = value.as_positive_f64(&file, "time_limit")?;
        notices.push(format!(
            "time limit {seconds} s: from the contest's {} (line {}, problem `{name}`), as \
             DOMjudge imports it with the contest; problem.yaml sets none",
            file.display(),
            value.line
        ));
        return Ok(Some(FixedTimeLimit {
            limit: seconds_to_duration(seconds),
            source: TimeLimitSource::ContestProblemsYaml,
        }));
    }
    Ok(None)
}

fn describe_source(source: TimeLimitSource) -> &'static str {
    match source {
        TimeLimitSource::ProblemYaml => "problem.yaml limits.time_limit",
        TimeLimitSource::TimelimitFile => ".timelimit",
        TimeLimitSource::DomjudgeIni => "domjudge-problem.ini",
        TimeLimitSource::ContestProblemsYaml => "the contest's problems.yaml",
    }
}

fn positive_seconds(text: &str) -> Option<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)
}

fn timelimit_file_value(file: &Path, text: &str) -> Result<f64, PackageError> {
    let trimmed = text.trim();
    positive_seconds(trimmed).ok_or_else(|| {
        PackageError::new(
            file,
            Some(1),
            format!("must hold a time limit in seconds greater than 0, found {trimmed:?}"),
        )
    })
}

fn ini_time_limit(file: &Path, text: &str) -> Result<Option<f64>, PackageError> {
    let mut found = None;
    for (number, line) in text.lines().enumerate() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if key.trim() != "timelimit" {
            continue;
        }
        let value = value.trim();
        let unquoted = value
            .strip_prefix(['"', '\''])
            .and_then(|v| v.strip_suffix(['"', '\'']))
            .unwrap_or(value);
        let seconds = positive_seconds(unquoted.trim()).ok_or_else(|| {
            PackageError::new(
                file,
                Some(number + 1),
                format!("timelimit must be a number of seconds greater than 0, found {value:?}"),
            )
        })?;
        found = Some(seconds);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::kattis::metadata::ProblemYaml;
    use crate::problem::kattis::typed::parse;

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    fn limits(yaml: &str, format: FormatVersion) -> (Result<Limits, PackageError>, Vec<String>) {
        let file = Path::new("p/problem.yaml");
        let root: Table<ProblemYaml> = parse(file, yaml).unwrap();
        let (root, _) = root.read(file, "problem.yaml").unwrap();
        let mut notices = Vec::new();
        let result = parse_limits(file, root.limits.as_ref(), format, &mut notices);
        (result, notices)
    }

    #[test]
    fn legacy_limits_read_multiplier_margin_memory_and_output() {
        let (l, notices) = limits(
            "limits:\n  time_multiplier: 3\n  time_safety_margin: 1.5\n  memory: 512\n  output: 16\n  code: 64\n",
            FormatVersion::Legacy,
        );
        let l = l.unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(l.time_limit, None);
        assert_eq!(l.rule.ac_to_time_limit, 3.0);
        assert_eq!(l.rule.time_limit_to_tle, 1.5);
        assert_eq!((l.memory_mib, l.output_mib), (Some(512), Some(16)));
        let (l, _) = limits("name: x\n", FormatVersion::Legacy);
        let l = l.unwrap();
        assert_eq!(l.rule, default_time_limit_rule(FormatVersion::Legacy));
        assert_eq!(
            (l.memory_mib_or_default(), l.output_mib_or_default()),
            (2048, 8)
        );
    }

    #[test]
    fn modern_limits_read_time_limit_and_multipliers() {
        let (l, notices) = limits(
            "limits:\n  time_limit: 1.5\n  time_multipliers:\n    ac_to_time_limit: 3\n    \
             time_limit_to_tle: 2\n  time_resolution: 0.5\n  memory: 1024\n  validation_passes: 3\n",
            FormatVersion::V2023_07,
        );
        let l = l.unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(
            l.time_limit,
            Some(FixedTimeLimit {
                limit: ms(1500),
                source: TimeLimitSource::ProblemYaml
            })
        );
        assert_eq!(
            l.rule,
            TimeLimitRule {
                ac_to_time_limit: 3.0,
                time_limit_to_tle: 2.0,
                time_resolution: 0.5
            }
        );
        assert_eq!(l.memory_mib, Some(1024));
    }

    #[test]
    fn legacy_keys_in_a_modern_folder_are_used_with_a_notice() {
        let (l, notices) = limits("limits:\n  time_multiplier: 4\n", FormatVersion::V2023_07);
        assert_eq!(l.unwrap().rule.ac_to_time_limit, 4.0);
        assert_eq!(notices.len(), 1);
        assert!(
            notices[0].starts_with("p/problem.yaml line 2: limits.time_multiplier is a legacy key")
        );
    }

    #[test]
    fn unknown_limit_keys_are_notices() {
        let (l, notices) = limits("limits:\n  stack: 64\n", FormatVersion::Legacy);
        assert!(l.is_ok());
        assert_eq!(
            notices,
            vec!["p/problem.yaml line 2: unknown key limits.stack; ignored"]
        );
    }

    #[test]
    fn bad_limit_values_are_errors_with_line_and_key() {
        let cases = [
            ("limits:\n  time_limit: fast\n", "p/problem.yaml line 2: limits.time_limit must be a number, found \"fast\""),
            ("limits:\n  time_limit: 0\n", "p/problem.yaml line 2: limits.time_limit must be greater than 0, found 0"),
            ("limits:\n  memory: 1.5\n", "p/problem.yaml line 2: limits.memory must be a whole number greater than 0, found 1.5"),
            ("limits:\n  output: lots\n", "p/problem.yaml line 2: limits.output must be a whole number, found \"lots\""),
            ("limits:\n  time_multiplier: 0.5\n", "p/problem.yaml line 2: limits.time_multiplier must be at least 1, found 0.5"),
            ("limits:\n\n  time_multipliers:\n    ac_to_time_limit: [2]\n", "p/problem.yaml line 4: limits.time_multipliers.ac_to_time_limit must be a number, found a list"),
            ("limits: 5\n", "p/problem.yaml line 1: limits must be a map of keys, found 5"),
        ];
        for (yaml, expected) in cases {
            let (l, _) = limits(yaml, FormatVersion::V2023_07);
            assert_eq!(l.unwrap_err().to_string(), expected, "{yaml}");
        }
    }

    #[test]
    fn side_files_give_a_time_limit_unless_problem_yaml_does() {
        let dir = tempfile::tempdir().unwrap();
        let mut notices = Vec::new();
        assert_eq!(
            time_limit_from_side_files(dir.path(), None, &mut notices).unwrap(),
            None
        );

        std::fs::write(
            dir.path().join("domjudge-problem.ini"),
            "name='Hello'\ntimelimit = '2.5'\n",
        )
        .unwrap();
        let t = time_limit_from_side_files(dir.path(), None, &mut notices)
            .unwrap()
            .unwrap();
        assert_eq!(
            (t.limit, t.source),
            (ms(2500), TimeLimitSource::DomjudgeIni)
        );

        std::fs::write(dir.path().join(".timelimit"), "3\n").unwrap();
        let t = time_limit_from_side_files(dir.path(), None, &mut notices)
            .unwrap()
            .unwrap();
        assert_eq!(
            (t.limit, t.source),
            (ms(3000), TimeLimitSource::TimelimitFile)
        );
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].contains(
            "domjudge-problem.ini: time limit 2.5 s ignored: .timelimit already sets 3 s"
        ));

        let yaml = FixedTimeLimit {
            limit: ms(1000),
            source: TimeLimitSource::ProblemYaml,
        };
        notices.clear();
        let t = time_limit_from_side_files(dir.path(), Some(yaml), &mut notices).unwrap();
        assert_eq!(t, Some(yaml));
        assert_eq!(notices.len(), 2);
    }

    #[test]
    fn malformed_side_files_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".timelimit"), "two seconds\n").unwrap();
        let err = time_limit_from_side_files(dir.path(), None, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().ends_with(".timelimit line 1: must hold a time limit in seconds greater than 0, found \"two seconds\""), "{err}");
        std::fs::remove_file(dir.path().join(".timelimit")).unwrap();
        std::fs::write(
            dir.path().join("domjudge-problem.ini"),
            "name=x\ntimelimit=-1\n",
        )
        .unwrap();
        let err = time_limit_from_side_files(dir.path(), None, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().ends_with("domjudge-problem.ini line 2: timelimit must be a number of seconds greater than 0, found \"-1\""), "{err}");
    }
}
