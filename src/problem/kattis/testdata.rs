//! `data/`: the test cases of `data/sample` then `data/secret`, with the validator arguments
//! each inherits from the `testdata.yaml` / `test_group.yaml` files of its folders.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::error::PackageError;
use super::programs::sorted_entries;
use super::typed::{self, Dict, Key, Leaf, Table};
use super::FormatVersion;
use crate::build::Constants;

/// One test case: an `.in` file and what goes with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// The test's name: its path under `data/` without `.in`, with `/` separators
    /// (`sample/1`, `secret/group1/03-max`), as the format names test cases.
    pub name: String,
    /// Whether it is under `data/sample`.
    pub sample: bool,
    /// The input file (may be empty: an empty input is a legal test).
    pub input: PathBuf,
    /// The `.ans` file, if there is one (the format requires it; without it the answer must come
    /// from the reference).
    pub answer: Option<PathBuf>,
    /// A `.out` file: an output shown in the statement that must also be accepted (2023-07).
    pub valid_output: Option<PathBuf>,
    /// A `.interaction` file: the sample interaction of an interactive problem (statement only).
    pub interaction: Option<PathBuf>,
    /// Arguments for the output validator (custom or default) on this test: problem.yaml's
    /// legacy `validator_flags`, then the closest `output_validator_flags` /
    /// `output_validator_args`, as problemtools concatenates them.
    pub output_validator_args: Vec<String>,
    /// Arguments for the input validators on this test.
    pub input_validator_args: ValidatorArgs,
}

/// Input validator arguments: one list for every validator, or a list per validator name
/// (validators not named get none), as testdata.yaml `input_validator_flags` allows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValidatorArgs {
    /// Arguments for every validator (when no per-validator map is given).
    pub all: Vec<String>,
    /// Arguments by validator name (program name), when the map form is used.
    pub by_validator: Option<BTreeMap<String, Vec<String>>>,
}

impl ValidatorArgs {
    /// The arguments for the input validator named `name`.
    pub fn for_validator(&self, name: &str) -> &[String] {
        match &self.by_validator {
            Some(map) => map.get(name).map_or(&[], Vec::as_slice),
            None => &self.all,
        }
    }
}

/// The settings a test data group passes down to its tests and subgroups.
#[derive(Debug, Clone, Default)]
struct GroupSettings {
    output_validator_args: Option<Vec<String>>,
    input_validator_args: Option<ValidatorArgs>,
}

impl GroupSettings {
    /// `self` overridden key by key by `child` (problemtools' inheritance: a key missing from a
    /// group's file comes from its parent).
    fn merged(&self, child: GroupSettings) -> GroupSettings {
        GroupSettings {
            output_validator_args: child
                .output_validator_args
                .or_else(|| self.output_validator_args.clone()),
            input_validator_args: child
                .input_validator_args
                .or_else(|| self.input_validator_args.clone()),
        }
    }
}

/// The tests of a folder and the validator arguments of its `data/` root (for generated inputs,
/// which belong to no group).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TestData {
    pub tests: Vec<TestCase>,
    pub root_output_validator_args: Vec<String>,
    pub root_input_validator_args: ValidatorArgs,
}

/// Reads `dir/data`. `problem_flags` are problem.yaml's legacy `validator_flags`.
pub(crate) fn read(
    dir: &Path,
    format: FormatVersion,
    problem_flags: &[String],
    constants: &Constants,
    notices: &mut Vec<String>,
) -> Result<TestData, PackageError> {
    let data = dir.join("data");
    if !data.is_dir() {
        return Err(PackageError::at(
            &data,
            "missing: a problem folder keeps its tests in data/sample and data/secret",
        ));
    }
    let root = GroupSettings::default().merged(group_settings(&data, format, constants, notices)?);
    let sample = data.join("sample");
    let secret = data.join("secret");
    if !sample.is_dir() && !secret.is_dir() {
        return Err(PackageError::at(
            &data,
            "has neither a sample/ nor a secret/ folder of tests",
        ));
    }
    if !secret.is_dir() {
        notices.push(
            "data/secret: missing (the format requires it); only the samples are tests".to_string(),
        );
    }
    for (name, path) in sorted_entries(&data) {
        let name = name.to_string_lossy();
        match name.as_ref() {
            "sample" | "secret" | "testdata.yaml" | "test_group.yaml" => {}
            "invalid_input" | "invalid_inputs" | "invalid_output" | "invalid_outputs" | "valid_output"
            | "valid_outputs" | "invalid_answer" | "invalid_answers" => notices.push(format!(
                "data/{name}: tests of the validators themselves; run by check-tools and verify"
            )),
            _ if path.is_dir() => notices.push(format!(
                "data/{name}: not a test folder (tests live in data/sample and data/secret); skipped"
            )),
            _ => notices.push(format!("data/{name}: not inside data/sample or data/secret; skipped")),
        }
    }

    let mut tests = Vec::new();
    let mut walker = Walker {
        package: dir,
        format,
        problem_flags,
        constants,
        notices,
        tests: &mut tests,
    };
    for (group, sample_group) in [(&sample, true), (&secret, false)] {
        if group.is_dir() {
            let name = if sample_group { "sample" } else { "secret" };
            walker.walk(group, name, sample_group, &root)?;
        }
    }
    if tests.is_empty() {
        notices.push("data: holds no test cases (.in files)".to_string());
    }
    Ok(TestData {
        tests,
        root_output_validator_args: concat(problem_flags, root.output_validator_args.as_deref()),
        root_input_validator_args: root.input_validator_args.unwrap_or_default(),
    })
}

fn concat(problem_flags: &[String], group: Option<&[String]>) -> Vec<String> {
    let mut args = problem_flags.to_vec();
    args.extend(group.unwrap_or_default().iter().cloned());
    args
}

struct Walker<'a> {
    /// The package folder: every test file must lie inside it.
    package: &'a Path,
    format: FormatVersion,
    problem_flags: &'a [String],
    constants: &'a Constants,
    notices: &'a mut Vec<String>,
    tests: &'a mut Vec<TestCase>,
}

/// File extensions the format defines next to a test's `.in` that this loader does not use.
const ANNOTATIONS: &[&str] = &[
    "hint",
    "desc",
    "png",
    "jpg",
    "jpeg",
    "svg",
    "statement",
    "download",
    "files",
];

impl Walker<'_> {
    fn walk(
        &mut self,
        dir: &Path,
        name: &str,
        sample: bool,
        parent: &GroupSettings,
    ) -> Result<(), PackageError> {
        let settings = parent.merged(group_settings(
            dir,
            self.format,
            self.constants,
            self.notices,
        )?);
        let entries = sorted_entries(dir);
        // Order tests and subgroups by base name (the spec's "lexicographical order on test case
        // or test group name"); `sorted_entries` sorts by file name, which differs only when a
        // name is a prefix of another.
        let mut items: Vec<(String, PathBuf, bool)> = Vec::new();
        for (file_name, path) in &entries {
            let file_name = file_name.to_string_lossy().into_owned();
            if path.is_dir() {
                if file_name.ends_with(".files") {
                    self.notices.push(format!(
                        "data/{name}/{file_name}: input files for file I/O are not supported; skipped"
                    ));
                } else {
                    super::super::confined::inside(self.package, path)
                        .map_err(|why| PackageError::at(path, why))?;
                    items.push((file_name, path.clone(), true));
                }
                continue;
            }
            if let Some(base) = file_name.strip_suffix(".in") {
                items.push((base.to_string(), path.clone(), false));
                continue;
            }
            if matches!(file_name.as_str(), "testdata.yaml" | "test_group.yaml") {
                continue;
            }
            let (base, extension) = file_name.rsplit_once('.').unwrap_or((&file_name, ""));
            let has_input = dir.join(format!("{base}.in")).is_file();
            let pairs_with_input =
                matches!(extension, "ans" | "out" | "yaml") || ANNOTATIONS.contains(&extension);
            if has_input && pairs_with_input {
                continue;
            }
            if base.ends_with(".in") || base.ends_with(".ans") {
                // .in.statement, .ans.download, ...: statement and download variants.
                continue;
            }
            let why = match extension {
                "ans" => "an answer without an .in file; skipped",
                "interaction" => "a statement-only sample interaction; not a test",
                _ => "not a test file; skipped",
            };
            if extension != "interaction" || !sample {
                self.notices.push(format!("data/{name}/{file_name}: {why}"));
            }
        }
        items.sort();
        for (base, path, is_group) in items {
            let child_name = format!("{name}/{base}");
            if is_group {
                if sample {
                    self.notices.push(format!(
                        "data/{child_name}: the format allows no groups inside data/sample; its tests are used as samples"
                    ));
                }
                self.walk(&path, &child_name, sample, &settings)?;
            } else {
                self.add_test(dir, &base, child_name, path, sample, &settings)?;
            }
        }
        Ok(())
    }

    fn add_test(
        &mut self,
        dir: &Path,
        base: &str,
        name: String,
        input: PathBuf,
        sample: bool,
        settings: &GroupSettings,
    ) -> Result<(), PackageError> {
        let existing =
            |extension: &str| Some(dir.join(format!("{base}.{extension}"))).filter(|p| p.is_file());
        for file in ["in", "ans", "out", "interaction", "yaml"]
            .map(existing)
            .iter()
            .flatten()
        {
            super::super::confined::inside(self.package, file)
                .map_err(|why| PackageError::at(file, why))?;
        }
        let answer = existing("ans");
        if answer.is_none() {
            self.notices.push(format!(
                "data/{name}.in: has no .ans file (the format requires one); its answer must come from the reference"
            ));
        }
        let own = match existing("yaml") {
            Some(file) => test_settings(&file, self.notices)?,
            None => GroupSettings::default(),
        };
        let settings = settings.merged(own);
        self.tests.push(TestCase {
            name,
            sample,
            input,
            answer,
            valid_output: existing("out"),
            interaction: existing("interaction"),
            output_validator_args: concat(
                self.problem_flags,
                settings.output_validator_args.as_deref(),
            ),
            input_validator_args: settings.input_validator_args.unwrap_or_default(),
        });
        Ok(())
    }
}

/// The sample interactions of the folder `dir`: every `data/sample/*.interaction` file, in name
/// order, with or without a test beside it (legacy spec, "Interactive problems": "Additional
/// sample interaction protocols may be defined by creating an `.interaction` file without
/// corresponding `.in` and `.ans` files"; 2025-09, "Samples for interactive and multi-pass
/// problems"). They are shown, never run.
pub fn sample_interactions(dir: &Path) -> Vec<PathBuf> {
    sorted_entries(&dir.join("data").join("sample"))
        .into_iter()
        .map(|(_, path)| path)
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "interaction"))
        .collect()
}

/// The settings file of a group folder: `testdata.yaml` (legacy, and 2023-07 drafts before the
/// rename) or `test_group.yaml` (2023-07 / 2025-09; preferred when both exist), with the
/// package's `constants` substituted (2025-09 spec, "Constants"; BAPCtools'
/// `TestGroup.parse_yaml` does it for either name).
fn group_settings(
    dir: &Path,
    format: FormatVersion,
    constants: &Constants,
    notices: &mut Vec<String>,
) -> Result<GroupSettings, PackageError> {
    let testdata = dir.join("testdata.yaml");
    let test_group = dir.join("test_group.yaml");
    let file = match format {
        FormatVersion::V2023_07 if test_group.is_file() => {
            if testdata.is_file() {
                notices.push(format!(
                    "{}: ignored, test_group.yaml is used",
                    testdata.display()
                ));
            }
            test_group
        }
        _ if testdata.is_file() => testdata,
        _ => return Ok(GroupSettings::default()),
    };
    settings_file(&file, true, constants, notices)
}

/// A test case's own `<name>.yaml` (2023-07 "test case configuration").
fn test_settings(file: &Path, notices: &mut Vec<String>) -> Result<GroupSettings, PackageError> {
    settings_file(file, false, &Constants::default(), notices)
}

/// Keys of testdata.yaml / test_group.yaml / test-case yaml that the format defines for
/// scoring, feedback and statements, which judging pass-fail problems does not need.
const UNUSED_KEYS: &[&str] = &[
    "on_reject",
    "grading",
    "grader_flags",
    "accept_score",
    "reject_score",
    "range",
    "scoring",
    "max_score",
    "score_aggregation",
    "static_validation",
    "static_validation_score",
    "static_validator_args",
    "require_pass",
    "full_feedback",
    "hint",
    "description",
    "input_visualizer_args",
    "output_visualizer_args",
];

/// A `testdata.yaml`, `test_group.yaml` or test case `<name>.yaml` as written: the keys read
/// here (each under its legacy `*_flags` name or its 2023-07 `*_args` name).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct SettingsYaml {
    #[serde(deserialize_with = "typed::present")]
    output_validator_flags: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    output_validator_args: Option<Leaf>,
    /// Words for every validator, or a map of validator name to words.
    #[serde(deserialize_with = "typed::present")]
    input_validator_flags: Option<Dict<Leaf>>,
    #[serde(deserialize_with = "typed::present")]
    input_validator_args: Option<Dict<Leaf>>,
    #[serde(deserialize_with = "typed::present")]
    args: Option<Leaf>,
}

fn settings_file(
    file: &Path,
    group: bool,
    constants: &Constants,
    notices: &mut Vec<String>,
) -> Result<GroupSettings, PackageError> {
    let text = constants
        .read_substituted(file)
        .map_err(|e| PackageError::at(file, format!("cannot read: {e}")))?;
    let root = typed::parse::<Table<SettingsYaml>>(file, &text)?;
    let (yaml, keys) = root.read(file, "the file")?;
    // Where a file gives both the legacy and the 2023-07 name, the later one is used.
    let legacy_is_last = |legacy: &str, modern: &str| {
        keys.iter()
            .rev()
            .find(|key| key.name == legacy || key.name == modern)
            .is_some_and(|key| key.name == legacy)
    };
    let words =
        |value: &Option<Leaf>, key: &str| value.as_ref().map(|v| v.as_words(file, key)).transpose();
    let flags = words(&yaml.output_validator_flags, "output_validator_flags")?;
    let args = words(&yaml.output_validator_args, "output_validator_args")?;
    let output = if legacy_is_last("output_validator_flags", "output_validator_args") {
        flags
    } else {
        args
    };
    let input_of = |value: &Option<Dict<Leaf>>, key: &str| {
        value.as_ref().map(|v| input_args(file, key, v)).transpose()
    };
    let flags = input_of(&yaml.input_validator_flags, "input_validator_flags")?;
    let args = input_of(&yaml.input_validator_args, "input_validator_args")?;
    let input = if legacy_is_last("input_validator_flags", "input_validator_args") {
        flags
    } else {
        args
    };
    let settings = GroupSettings {
        output_validator_args: output,
        input_validator_args: input,
    };
    if let Some(value) = &yaml.args {
        if !value.as_words(file, "args")?.is_empty() {
            notices.push(format!(
                "{} line {}: args (command-line arguments for submissions) are not supported; ignored",
                file.display(),
                key_line(keys, "args")
            ));
        }
    }
    for key in keys {
        let read = matches!(
            key.name.as_str(),
            "output_validator_flags"
                | "output_validator_args"
                | "input_validator_flags"
                | "input_validator_args"
                | "args"
        );
        if !read && !UNUSED_KEYS.contains(&key.name.as_str()) {
            let what = if group { "test group" } else { "test case" };
            notices.push(format!(
                "{} line {}: unknown {what} key {}; ignored",
                file.display(),
                key.line,
                key.name
            ));
        }
    }
    Ok(settings)
}

/// The line of `name` among `keys` (0 if absent).
fn key_line(keys: &[Key], name: &str) -> usize {
    keys.iter()
        .find(|key| key.name == name)
        .map_or(0, |key| key.line)
}

fn input_args(file: &Path, what: &str, value: &Dict<Leaf>) -> Result<ValidatorArgs, PackageError> {
    match value.entries_or_leaf() {
        Ok(entries) => {
            let mut by_validator = BTreeMap::new();
            for (name, args) in entries {
                // Legacy: a map with the keys "name" and "flags" for one validator.
                by_validator.insert(
                    name.name.clone(),
                    args.as_words(file, &format!("{what}.{}", name.name))?,
                );
            }
            if by_validator.len() == 2
                && by_validator.contains_key("name")
                && by_validator.contains_key("flags")
            {
                let name = by_validator["name"].join(" ");
                let flags = by_validator["flags"].clone();
                by_validator = BTreeMap::from([(name, flags)]);
            }
            Ok(ValidatorArgs {
                all: Vec::new(),
                by_validator: Some(by_validator),
            })
        }
        Err(leaf) => Ok(ValidatorArgs {
            all: leaf.as_words(file, what)?,
            by_validator: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn write(root: &Path, path: &str, text: &str) {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    /// `read` with no problem.yaml flags and no constants.
    fn read_without_flags(
        dir: &Path,
        format: FormatVersion,
        notices: &mut Vec<String>,
    ) -> Result<TestData, PackageError> {
        read(dir, format, &[], &Constants::default(), notices)
    }

    fn names(data: &TestData) -> Vec<&str> {
        data.tests.iter().map(|t| t.name.as_str()).collect()
    }

    #[test]
    fn samples_then_secret_groups_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for t in [
            "data/secret/group2/01",
            "data/secret/group1/10",
            "data/secret/group1/02",
            "data/sample/2",
            "data/sample/1",
            "data/secret/group1/03-max",
        ] {
            write(d, &format!("{t}.in"), "1\n");
            write(d, &format!("{t}.ans"), "1\n");
        }
        let data = read_without_flags(d, FormatVersion::Legacy, &mut Vec::new()).unwrap();
        assert_eq!(
            names(&data),
            vec![
                "sample/1",
                "sample/2",
                "secret/group1/02",
                "secret/group1/03-max",
                "secret/group1/10",
                "secret/group2/01"
            ]
        );
        assert!(data.tests[0].sample && !data.tests[2].sample);
        assert_eq!(data.tests[2].input, d.join("data/secret/group1/02.in"));
        assert_eq!(
            data.tests[2].answer,
            Some(d.join("data/secret/group1/02.ans"))
        );
    }

    #[test]
    fn an_empty_input_is_a_test_and_a_missing_answer_is_noted() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "data/secret/empty.in", "");
        write(d, "data/secret/empty.ans", "0\n");
        write(d, "data/secret/noans.in", "5\n");
        let mut notices = Vec::new();
        let data = read_without_flags(d, FormatVersion::Legacy, &mut notices).unwrap();
        assert_eq!(names(&data), vec!["secret/empty", "secret/noans"]);
        assert_eq!(data.tests[1].answer, None);
        assert!(
            notices
                .iter()
                .any(|n| n.starts_with("data/secret/noans.in: has no .ans file")),
            "{notices:?}"
        );
    }

    #[test]
    fn flags_come_from_problem_yaml_and_the_closest_testdata_yaml() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "data/testdata.yaml",
            "output_validator_flags: float_tolerance 1e-6\ninput_validator_flags: small\n",
        );
        write(
            d,
            "data/secret/g1/testdata.yaml",
            "output_validator_flags: case_sensitive\non_reject: continue\n",
        );
        write(d, "data/secret/g1/a.in", "");
        write(d, "data/secret/g1/a.ans", "");
        write(d, "data/secret/g2/b.in", "");
        write(d, "data/secret/g2/b.ans", "");
        let problem_flags = vec!["space_change_sensitive".to_string()];
        let mut notices = Vec::new();
        let data = read(
            d,
            FormatVersion::Legacy,
            &problem_flags,
            &Constants::default(),
            &mut notices,
        )
        .unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(
            data.tests[0].output_validator_args,
            vec!["space_change_sensitive", "case_sensitive"]
        );
        assert_eq!(
            data.tests[0].input_validator_args.for_validator("v"),
            ["small"]
        );
        assert_eq!(
            data.tests[1].output_validator_args,
            vec!["space_change_sensitive", "float_tolerance", "1e-6"]
        );
        assert_eq!(
            data.root_output_validator_args,
            vec!["space_change_sensitive", "float_tolerance", "1e-6"]
        );
    }

    #[test]
    fn modern_group_files_lists_and_per_validator_maps() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "data/test_group.yaml",
            "output_validator_args: [float_relative_tolerance, '1e-4']\n",
        );
        write(
            d,
            "data/testdata.yaml",
            "output_validator_args: case_sensitive\n",
        );
        write(
            d,
            "data/secret/test_group.yaml",
            "input_validator_args:\n  validate: [--max, '100']\n  other.ctd: []\n",
        );
        write(d, "data/secret/1.in", "");
        write(d, "data/secret/1.ans", "");
        write(d, "data/secret/2.in", "");
        write(d, "data/secret/2.ans", "");
        write(
            d,
            "data/secret/2.yaml",
            "output_validator_args: [case_sensitive]\nargs: []\n",
        );
        let mut notices = Vec::new();
        let data = read_without_flags(d, FormatVersion::V2023_07, &mut notices).unwrap();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].ends_with("testdata.yaml: ignored, test_group.yaml is used"));
        let t1 = &data.tests[0];
        assert_eq!(
            t1.output_validator_args,
            vec!["float_relative_tolerance", "1e-4"]
        );
        assert_eq!(
            t1.input_validator_args.for_validator("validate"),
            ["--max", "100"]
        );
        assert!(t1
            .input_validator_args
            .for_validator("other.ctd")
            .is_empty());
        assert!(t1.input_validator_args.for_validator("unnamed").is_empty());
        assert_eq!(data.tests[1].output_validator_args, vec!["case_sensitive"]);
    }

    #[test]
    fn sample_extras_and_unknown_files_and_folders() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "data/sample/1.in", "1\n");
        write(d, "data/sample/1.ans", "1\n");
        write(d, "data/sample/1.out", "1.0\n");
        write(d, "data/sample/1.interaction", "<1\n>1\n");
        write(d, "data/sample/1.in.statement", "1\n");
        write(d, "data/sample/1.desc", "the smallest case\n");
        write(d, "data/sample/2.interaction", "<2\n>2\n");
        write(d, "data/secret/1.in", "1\n");
        write(d, "data/secret/1.ans", "1\n");
        write(d, "data/secret/orphan.ans", "1\n");
        write(d, "data/secret/notes.txt", "todo\n");
        write(d, "data/secret/big.files/table.txt", "x\n");
        write(d, "data/invalid_input/bad.in", "-1\n");
        write(d, "data/extra/x.in", "1\n");
        let mut notices = Vec::new();
        let data = read_without_flags(d, FormatVersion::V2023_07, &mut notices).unwrap();
        assert_eq!(names(&data), vec!["sample/1", "secret/1"]);
        let s = &data.tests[0];
        assert_eq!(s.valid_output, Some(d.join("data/sample/1.out")));
        assert_eq!(s.interaction, Some(d.join("data/sample/1.interaction")));
        assert_eq!(
            notices,
            vec![
                "data/extra: not a test folder (tests live in data/sample and data/secret); skipped",
                "data/invalid_input: tests of the validators themselves; run by check-tools and verify",
                "data/secret/big.files: input files for file I/O are not supported; skipped",
                "data/secret/notes.txt: not a test file; skipped",
                "data/secret/orphan.ans: an answer without an .in file; skipped",
            ]
        );
    }

    #[test]
    fn data_errors() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let err = read_without_flags(d, FormatVersion::Legacy, &mut Vec::new()).unwrap_err();
        assert_eq!(err.path, d.join("data"));
        assert!(err.message.starts_with("missing"), "{err}");

        fs::create_dir(d.join("data")).unwrap();
        let err = read_without_flags(d, FormatVersion::Legacy, &mut Vec::new()).unwrap_err();
        assert_eq!(
            err.message,
            "has neither a sample/ nor a secret/ folder of tests"
        );

        write(d, "data/secret/1.in", "");
        write(
            d,
            "data/secret/testdata.yaml",
            "output_validator_flags: [a\n",
        );
        let err = read_without_flags(d, FormatVersion::Legacy, &mut Vec::new()).unwrap_err();
        assert_eq!(err.path, d.join("data/secret/testdata.yaml"));
        assert!(err.to_string().contains("testdata.yaml line "), "{err}");

        write(
            d,
            "data/secret/testdata.yaml",
            "output_validator_flags:\n  nested: map\n",
        );
        let err = read_without_flags(d, FormatVersion::Legacy, &mut Vec::new()).unwrap_err();
        assert!(
            err.to_string().ends_with(
                "testdata.yaml line 2: output_validator_flags must be a string, found a map"
            ),
            "{err}"
        );
    }

    #[test]
    fn the_later_of_a_legacy_and_a_modern_key_wins_and_bad_values_name_their_line() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "data/secret/a.in", "");
        write(d, "data/secret/a.ans", "");
        write(
            d,
            "data/testdata.yaml",
            "output_validator_args: new\noutput_validator_flags: old\n\
             input_validator_flags: old\ninput_validator_args:\n  v: new\nargs: [x]\n",
        );
        let mut notices = Vec::new();
        let data = read_without_flags(d, FormatVersion::Legacy, &mut notices).unwrap();
        assert_eq!(data.tests[0].output_validator_args, vec!["old"]);
        assert_eq!(
            data.tests[0].input_validator_args.for_validator("v"),
            ["new"]
        );
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].contains("data/testdata.yaml line 6: args"),
            "{notices:?}"
        );
        for (text, expected) in [
            (
                "input_validator_args:\n  v: [a, [b]]\n",
                "line 2: input_validator_args.v[1] must be a string, found a list",
            ),
            (
                "output_validator_args: {a: 1}\n",
                "line 1: output_validator_args must be a string, found a map",
            ),
            (
                "- a\n",
                "line 1: the file must be a map of keys, found a list",
            ),
        ] {
            write(d, "data/testdata.yaml", text);
            let err = read_without_flags(d, FormatVersion::Legacy, &mut Vec::new())
                .unwrap_err()
                .to_string();
            assert!(
                err.ends_with(&format!("testdata.yaml {expected}")),
                "{text}: {err}"
            );
        }
    }
}
