//! Reading a scoring problem's grading settings (`type: scoring`): the legacy `testdata.yaml`
//! keys (inherited from parent folders) and problem.yaml's `grading:` overrides, the 2023-07 /
//! 2025-09 `test_group.yaml` keys, or DOMjudge's reading of the legacy keys
//! ([`DomJudgeGrading`]). What the settings mean and how a submission is graded by them is
//! [`crate::judge::grade`] (the rules and their sources are listed there).

use std::collections::BTreeMap;
use std::path::Path;

use super::error::PackageError;
use super::typed::{self, Leaf, Loose, Table};
use super::FormatVersion;
use crate::build::Constants;
use crate::judge::grading_model::{
    legacy_settings, parent, Aggregation, DomJudgeGrading, Grading, LegacyGroup,
    LegacyGroupSettings, ModernGroup, ModernGroupSettings,
};

/// Reads the grading rules of a legacy pass-fail problem at `dir` whose tests are named
/// `tests`: problemtools grades its groups too (`on_reject`, `grader_flags` of
/// `testdata.yaml`), and its graded verdict is the submission's final verdict.
pub(crate) fn read_pass_fail_legacy(
    dir: &Path,
    tests: &[String],
    constants: &Constants,
) -> Result<Grading, PackageError> {
    Ok(match read_legacy(dir, tests, constants)? {
        Grading::Legacy {
            groups, minimize, ..
        } => Grading::Legacy {
            groups,
            minimize,
            scored: false,
        },
        other => other,
    })
}

/// Reads the grading rules of a scoring problem at `dir` whose tests are named `tests`; the
/// group files are read with the package's `constants` substituted (2025-09, "Constants":
/// `test_group.yaml` is one of the files substituted, its scoring keys as its arguments, so
/// `max_score: {{group1_points}}` is a number).
pub(crate) fn read(
    dir: &Path,
    format: FormatVersion,
    tests: &[String],
    constants: &Constants,
) -> Result<Grading, PackageError> {
    // problemtools' 2023-07-draft examples (oddecho) keep the legacy grading keys in their
    // `testdata.yaml`; whichever rule set a package's files use is the one applied.
    if format == FormatVersion::Legacy || uses_legacy_keys(dir, tests, constants) {
        read_legacy(dir, tests, constants)
    } else {
        read_modern(dir, constants)
    }
}

/// Reads the grading rules of a scoring problem at `dir` whose tests are named `tests` as
/// DOMjudge reads them ([`DomJudgeGrading`]): for a package whose expected scores
/// (`@EXPECTED_SCORE@`) are DOMjudge's and whose group files hold the legacy keys DOMjudge
/// reads. `None` when the package is 2023-07 / 2025-09 without legacy keys (DOMjudge reads
/// none of `max_score`, `score_aggregation`).
pub(crate) fn read_domjudge(
    dir: &Path,
    format: FormatVersion,
    tests: &[String],
    constants: &Constants,
) -> Result<Option<Grading>, PackageError> {
    if format != FormatVersion::Legacy && !uses_legacy_keys(dir, tests, constants) {
        return Ok(None);
    }
    let folders = folders_of(tests);
    Ok(Some(Grading::DomJudge(DomJudgeGrading::read(
        dir, &folders,
    )?)))
}

/// A group file's text, with the constants substituted.
fn group_text(path: &Path, constants: &Constants) -> Result<String, PackageError> {
    constants
        .read_substituted(path)
        .map_err(|e| PackageError::at(path, format!("cannot read: {e}")))
}

/// Keys only the legacy grading rules have.
const LEGACY_GRADING_KEYS: &[&str] = &[
    "on_reject",
    "grading",
    "grader_flags",
    "accept_score",
    "reject_score",
    "range",
];

/// Whether a group settings file of the tests' folders holds a legacy grading key.
fn uses_legacy_keys(dir: &Path, tests: &[String], constants: &Constants) -> bool {
    folders_of(tests).iter().any(|folder| {
        let Some(file) = group_file(&dir.join("data").join(folder)) else {
            return false;
        };
        let Ok(text) = constants.read_substituted(&file) else {
            return false;
        };
        typed::parse::<Table<LegacyGroupYaml>>(&file, &text).is_ok_and(|root| {
            root.read(&file, "the file").is_ok_and(|(_, keys)| {
                keys.iter()
                    .any(|k| LEGACY_GRADING_KEYS.contains(&k.name.as_str()))
            })
        })
    })
}

/// Every folder that holds a test, with its ancestors, parents first (`` is `data/`).
fn folders_of(tests: &[String]) -> Vec<String> {
    let mut folders = vec![String::new()];
    for test in tests {
        let mut at = 0;
        while let Some(i) = test[at..].find('/') {
            let folder = test[..at + i].to_string();
            if !folders.contains(&folder) {
                folders.push(folder);
            }
            at += i + 1;
        }
    }
    folders.sort_by_key(|f| f.matches('/').count() + usize::from(!f.is_empty()));
    folders
}

/// problem.yaml's legacy `grading:` as written (the one key of problem.yaml read here).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct ProblemGradingYaml {
    grading: Option<Table<GradingOverridesYaml>>,
}

/// Legacy problem.yaml `grading:`: `objective` and overrides of every group's keys.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct GradingOverridesYaml {
    /// `max` (the default) or `min`.
    #[serde(deserialize_with = "typed::present")]
    objective: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    on_reject: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    accept_score: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    reject_score: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    range: Option<Leaf>,
}

/// A legacy `testdata.yaml`'s grading keys as written (problemtools' and DOMjudge's readers
/// both read these).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub(crate) struct LegacyGroupYaml {
    /// `break` or `continue` (DOMjudge: `continue` or anything else).
    #[serde(deserialize_with = "typed::present")]
    pub(crate) on_reject: Option<Leaf>,
    /// `default` or `custom`.
    #[serde(deserialize_with = "typed::present")]
    pub(crate) grading: Option<Leaf>,
    /// Words, for the grader.
    #[serde(deserialize_with = "typed::present")]
    pub(crate) grader_flags: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    pub(crate) accept_score: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    pub(crate) reject_score: Option<Leaf>,
    /// Two numbers, in a string or a list.
    #[serde(deserialize_with = "typed::present")]
    pub(crate) range: Option<Leaf>,
}

fn read_legacy(
    dir: &Path,
    tests: &[String],
    constants: &Constants,
) -> Result<Grading, PackageError> {
    let problem_yaml = dir.join("problem.yaml");
    let mut overrides = LegacyOverrides::default();
    let mut minimize = false;
    if let Ok(text) = std::fs::read_to_string(&problem_yaml) {
        let root = typed::parse::<Table<ProblemGradingYaml>>(&problem_yaml, &text)?;
        let (yaml, _) = root.read(&problem_yaml, "problem.yaml")?;
        if let Some(grading) = &yaml.grading {
            let file = problem_yaml.as_path();
            let (grading, _) = grading.read(file, "grading")?;
            if let Some(value) = &grading.objective {
                minimize = value.as_string(file, "grading.objective")? == "min";
            }
            if let Some(value) = &grading.on_reject {
                let what = "grading.on_reject";
                overrides.on_reject_break = Some(match value.as_string(file, what)?.as_str() {
                    "first_error" | "break" => true,
                    "grade" | "continue" => false,
                    other => {
                        return Err(value.error(
                            file,
                            what,
                            format_args!("must be first_error or grade, found {other:?}"),
                        ))
                    }
                })
            }
            if let Some(value) = &grading.accept_score {
                overrides.accept_score = Some(value.as_f64(file, "grading.accept_score")?)
            }
            if let Some(value) = &grading.reject_score {
                overrides.reject_score = Some(value.as_f64(file, "grading.reject_score")?)
            }
            if let Some(value) = &grading.range {
                overrides.range = Some(range(file, "grading.range", value)?)
            }
        }
    }
    let mut groups: BTreeMap<String, LegacyGroupSettings> = BTreeMap::new();
    for folder in folders_of(tests) {
        let inherited = if folder.is_empty() {
            LegacyGroup::default()
        } else {
            legacy_settings(&groups, parent(&folder)).clone()
        };
        let mut settings = match group_file(&dir.join("data").join(&folder)) {
            Some(path) => legacy_file(&path, inherited, constants)?,
            None => inherited,
        };
        overrides.apply(&mut settings);
        groups.insert(folder, LegacyGroupSettings(settings));
    }
    Ok(Grading::Legacy {
        groups,
        minimize,
        scored: true,
    })
}

#[derive(Default)]
struct LegacyOverrides {
    on_reject_break: Option<bool>,
    accept_score: Option<f64>,
    reject_score: Option<f64>,
    range: Option<(f64, f64)>,
}

impl LegacyOverrides {
    fn apply(&self, g: &mut LegacyGroup) {
        g.on_reject_break = self.on_reject_break.unwrap_or(g.on_reject_break);
        g.accept_score = self.accept_score.unwrap_or(g.accept_score);
        g.reject_score = self.reject_score.unwrap_or(g.reject_score);
        g.range = self.range.unwrap_or(g.range);
    }
}

fn legacy_file(
    path: &Path,
    mut settings: LegacyGroup,
    constants: &Constants,
) -> Result<LegacyGroup, PackageError> {
    let text = group_text(path, constants)?;
    let root = typed::parse::<Table<LegacyGroupYaml>>(path, &text)?;
    let (yaml, _) = root.read(path, "the file")?;
    if let Some(value) = &yaml.on_reject {
        settings.on_reject_break = match value.as_string(path, "on_reject")?.as_str() {
            "break" => true,
            "continue" => false,
            other => {
                return Err(value.error(
                    path,
                    "on_reject",
                    format_args!("must be break or continue, found {other:?}"),
                ))
            }
        }
    }
    if let Some(value) = &yaml.grading {
        settings.custom = value.as_string(path, "grading")? == "custom";
    }
    if let Some(value) = &yaml.grader_flags {
        settings.flags = value.as_words(path, "grader_flags")?;
    }
    if let Some(value) = &yaml.accept_score {
        settings.accept_score = value.as_f64(path, "accept_score")?;
    }
    if let Some(value) = &yaml.reject_score {
        settings.reject_score = value.as_f64(path, "reject_score")?;
    }
    if let Some(value) = &yaml.range {
        settings.range = range(path, "range", value)?;
    }
    Ok(settings)
}

/// `range: "0 100"` (two numbers; `inf`, `-inf`, `+inf` allowed).
fn range(path: &Path, what: &str, value: &Leaf) -> Result<(f64, f64), PackageError> {
    let words = value.as_words(path, what)?;
    let parse = |w: &String| match w.as_str() {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        _ => w.parse::<f64>().ok(),
    };
    match words.iter().map(parse).collect::<Option<Vec<f64>>>() {
        Some(v) if v.len() == 2 && v[0] <= v[1] => Ok((v[0], v[1])),
        _ => Err(value.error(
            path,
            what,
            format_args!(
                "must be two numbers, the lowest first; found {}",
                value.value
            ),
        )),
    }
}

fn read_modern(dir: &Path, constants: &Constants) -> Result<Grading, PackageError> {
    let secret_dir = dir.join("data").join("secret");
    let mut groups = BTreeMap::new();
    let secret = modern_file(&secret_dir, true, constants)?;
    groups.insert("secret".to_string(), ModernGroupSettings(secret.clone()));
    for (name, path) in super::programs::sorted_entries(&secret_dir) {
        if !path.is_dir() || !group_file(&path).is_some_and(|f| f.is_file()) {
            continue;
        }
        let settings = modern_file(&path, false, constants)?;
        if settings.max_score.is_none() && secret.max_score.is_some() {
            return Err(PackageError::at(
                &group_file(&path).unwrap_or_default(),
                "a test data group of a bounded secret needs a max_score (2025-09 \"Result aggregation\")",
            ));
        }
        let name = format!("secret/{}", name.to_string_lossy());
        groups.insert(name, ModernGroupSettings(settings));
    }
    Ok(Grading::Modern { groups })
}

fn group_file(folder: &Path) -> Option<std::path::PathBuf> {
    ["test_group.yaml", "testdata.yaml"]
        .iter()
        .map(|f| folder.join(f))
        .find(|p| p.is_file())
}

fn modern_file(
    folder: &Path,
    secret: bool,
    constants: &Constants,
) -> Result<ModernGroup, PackageError> {
    let mut group = ModernGroup {
        max_score: secret.then_some(100.0),
        aggregation: if secret {
            Aggregation::Sum
        } else {
            Aggregation::PassFail
        },
        require_pass: Vec::new(),
    };
    let Some(path) = group_file(folder) else {
        return Ok(group);
    };
    let text = group_text(&path, constants)?;
    let root = typed::parse::<Table<ModernGroupYaml>>(&path, &text)?;
    let (yaml, _) = root.read(&path, "the file")?;
    // The 2023-07 drafts' `scoring:` first; the 2025-09 keys beside it win.
    if let Some(scoring) = &yaml.scoring {
        let (draft, _) = scoring.read(&path, "scoring")?;
        let keys = [&draft.score, &draft.aggregation, &draft.require_pass];
        modern_keys(&path, keys, &mut group)?;
    }
    let keys = [&yaml.max_score, &yaml.score_aggregation, &yaml.require_pass];
    modern_keys(&path, keys, &mut group)?;
    Ok(group)
}

/// A 2023-07 / 2025-09 `test_group.yaml`'s scoring keys as written.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct ModernGroupYaml {
    /// A number, or `unbounded`.
    #[serde(deserialize_with = "typed::present")]
    max_score: Option<Leaf>,
    /// `pass-fail`, `sum` or `min`.
    #[serde(deserialize_with = "typed::present")]
    score_aggregation: Option<Leaf>,
    /// Test and group names.
    #[serde(deserialize_with = "typed::present")]
    require_pass: Option<Leaf>,
    /// The 2023-07 drafts (and the spec's own example package) wrote `scoring:` with `score`,
    /// `aggregation` and `require_pass`.
    scoring: Option<Table<DraftScoringYaml>>,
}

/// The 2023-07 drafts' `scoring:` map: the keys above under their draft names.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
struct DraftScoringYaml {
    #[serde(deserialize_with = "typed::present")]
    score: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    aggregation: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    require_pass: Option<Leaf>,
}

/// Applies `max_score`, `score_aggregation` and `require_pass` (each if given) to `group`.
fn modern_keys(
    path: &Path,
    [max_score, score_aggregation, require_pass]: [&Option<Leaf>; 3],
    group: &mut ModernGroup,
) -> Result<(), PackageError> {
    if let Some(value) = max_score {
        let what = "max_score";
        group.max_score = match &value.value {
            Loose::Str(s) if s == "unbounded" => None,
            _ => {
                let x = value.as_f64(path, what)?;
                if x < 0.0 {
                    return Err(value.error(path, what, "must not be negative"));
                }
                Some(x)
            }
        }
    }
    if let Some(value) = score_aggregation {
        let what = "score_aggregation";
        group.aggregation = match value.as_string(path, what)?.as_str() {
            "pass-fail" => Aggregation::PassFail,
            "sum" => Aggregation::Sum,
            "min" => Aggregation::Min,
            other => {
                return Err(value.error(
                    path,
                    what,
                    format_args!("must be pass-fail, sum or min, found {other:?}"),
                ))
            }
        }
    }
    if let Some(value) = require_pass {
        group.require_pass = value.as_words(path, "require_pass")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::grade::tests::t;
    use crate::judge::Verdict::*;

    #[test]
    fn reads_legacy_and_modern_settings() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let write = |f: &str, s: &str| {
            std::fs::create_dir_all(p.join(f).parent().unwrap()).unwrap();
            std::fs::write(p.join(f), s).unwrap();
        };
        write(
            "problem.yaml",
            "type: scoring\ngrading:\n  objective: max\n",
        );
        write("data/testdata.yaml", "on_reject: continue\nrange: 0 100\n");
        write(
            "data/secret/g1/testdata.yaml",
            "accept_score: 25\ngrader_flags: min\n",
        );
        let tests = vec!["sample/1".to_string(), "secret/g1/1".to_string()];
        let grading = read(p, FormatVersion::Legacy, &tests, &Constants::default()).unwrap();
        let graded = grading.grade(&[t("sample/1", AC, None), t("secret/g1/1", AC, None)]);
        assert_eq!(graded.score, 26.0);
        write("data/secret/g1/testdata.yaml", "range: 100 0\n");
        let err = read(p, FormatVersion::Legacy, &tests, &Constants::default()).unwrap_err();
        assert!(err.to_string().contains("lowest first"), "{err}");

        // 2025-09 keys (the legacy ones gone: their presence selects the legacy rules).
        std::fs::remove_file(p.join("data/testdata.yaml")).unwrap();
        std::fs::remove_file(p.join("data/secret/g1/testdata.yaml")).unwrap();
        write("data/secret/test_group.yaml", "max_score: 60\n");
        write("data/secret/g1/test_group.yaml", "score_aggregation: sum\n");
        let err = read(p, FormatVersion::V2023_07, &tests, &Constants::default()).unwrap_err();
        assert!(err.to_string().contains("needs a max_score"), "{err}");
        write(
            "data/secret/g1/test_group.yaml",
            "score_aggregation: sum\nmax_score: 60\n",
        );
        let grading = read(p, FormatVersion::V2023_07, &tests, &Constants::default()).unwrap();
        let graded = grading.grade(&[t("secret/g1/1", AC, None)]);
        assert_eq!((graded.score, graded.max_score), (60.0, Some(60.0)));

        // 2025-09 "Constants": test_group.yaml is substituted, its scoring keys too.
        write(
            "data/secret/g1/test_group.yaml",
            "score_aggregation: sum\nmax_score: {{g1_points}}\n",
        );
        // Unsubstituted, `{{...}}` is a YAML map, not a number.
        let err = read(p, FormatVersion::V2023_07, &tests, &Constants::default()).unwrap_err();
        assert!(err.to_string().contains("g1/test_group.yaml"), "{err}");
        let constants = Constants::from_pairs([("g1_points", "40")]);
        let grading = read(p, FormatVersion::V2023_07, &tests, &constants).unwrap();
        let graded = grading.grade(&[t("secret/g1/1", AC, None)]);
        assert_eq!(graded.group_scores()["secret/g1"], 40.0);
    }

    #[test]
    fn the_draft_scoring_map_is_read_and_bad_values_name_their_line() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let group = p.join("data/secret/test_group.yaml");
        std::fs::create_dir_all(group.parent().unwrap()).unwrap();
        let tests = vec!["secret/1".to_string()];
        let read_with = |text: &str| {
            std::fs::write(&group, text).unwrap();
            read(p, FormatVersion::V2023_07, &tests, &Constants::default())
        };
        let grading = read_with("scoring:\n  score: 50\n  aggregation: sum\n").unwrap();
        let graded = grading.grade(&[t("secret/1", AC, None)]);
        assert_eq!((graded.score, graded.max_score), (50.0, Some(50.0)));
        let cases = [
            (
                "max_score: 10\nscore_aggregation: most\n",
                "line 2: score_aggregation must be pass-fail, sum or min, found \"most\"",
            ),
            (
                "scoring:\n  score: -1\n",
                "line 2: max_score must not be negative",
            ),
            (
                "scoring: 5\n",
                "line 1: scoring must be a map of keys, found 5",
            ),
            (
                "max_score: [1]\n",
                "line 1: max_score must be a number, found a list",
            ),
        ];
        for (text, expected) in cases {
            let err = read_with(text).unwrap_err().to_string();
            assert!(
                err.ends_with(&format!("test_group.yaml {expected}")),
                "{text}: {err}"
            );
        }
    }
}
