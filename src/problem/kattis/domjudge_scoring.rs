//! Reading a scoring package's groups as DOMjudge reads them: DOMjudge reads the legacy
//! `testdata.yaml` keys (`accept_score`, `grader_flags`, `on_reject`, `range`) but aggregates
//! them its own way, not as problemtools' default grader does. The rules (where they come
//! from in DOMjudge, and how a submission is graded by them) are [`crate::judge::grade_domjudge`].

use std::collections::BTreeMap;
use std::path::Path;

use super::error::PackageError;
use super::scoring::LegacyGroupYaml;
use super::typed::{self, Table};
use crate::judge::grading_model::{
    DomJudgeAggregation as Aggregation, DomJudgeGrading, DomJudgeGroup as Group,
};

/// The group file DOMjudge keeps of `folder`: both names are read, `testdata.yaml` last, so it
/// wins.
fn group_file(folder: &Path) -> Option<std::path::PathBuf> {
    ["testdata.yaml", "test_group.yaml"]
        .iter()
        .map(|f| folder.join(f))
        .find(|p| p.is_file())
}

impl DomJudgeGrading {
    /// Reads the groups of `dir/data` among the folders holding `tests` (names relative to
    /// `data/`) and their ancestors.
    pub fn read(dir: &Path, folders: &[String]) -> Result<DomJudgeGrading, PackageError> {
        let mut groups = BTreeMap::new();
        for folder in folders {
            if let Some(path) = group_file(&dir.join("data").join(folder)) {
                groups.insert(folder.clone(), read_group(&path)?);
            }
        }
        groups.entry(String::new()).or_default();
        Ok(DomJudgeGrading { groups })
    }
}

/// One group file, as `parseTestCaseGroupMeta` reads it (what DOMjudge refuses to import is
/// an error here).
fn read_group(path: &Path) -> Result<Group, PackageError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| PackageError::at(path, format!("cannot read: {e}")))?;
    let root = typed::parse::<Table<LegacyGroupYaml>>(path, &text)?;
    let (yaml, _) = root.read(path, "the file")?;
    let mut group = Group::default();
    if let Some(value) = &yaml.accept_score {
        let x = value.as_f64(path, "accept_score")?;
        if x < 0.0 {
            return Err(value.error(path, "accept_score", "must not be negative (DOMjudge)"));
        }
        group.accept_score = Some(x);
    }
    if let Some(value) = &yaml.grader_flags {
        for flag in value.as_words(path, "grader_flags")? {
            match flag.as_str() {
                "sum" => group.aggregation = Aggregation::Sum,
                "avg" => group.aggregation = Aggregation::Avg,
                "min" => group.aggregation = Aggregation::Min,
                "max" => group.aggregation = Aggregation::Max,
                "ignore_sample" => group.ignore_sample = true,
                _ => {}
            }
        }
    }
    if let Some(value) = &yaml.on_reject {
        group.on_reject_continue = value.as_string(path, "on_reject")? == "continue";
    }
    if let Some(value) = &yaml.range {
        let words = value.as_words(path, "range")?;
        let numbers: Option<Vec<f64>> = words.iter().map(|w| w.parse().ok()).collect();
        match numbers.as_deref() {
            Some(&[low, high]) if 0.0 <= low && low <= high => group.range = Some((low, high)),
            _ => {
                return Err(value.error(
                    path,
                    "range",
                    format_args!(
                        "must be two numbers >= 0, the lowest first (DOMjudge); found {}",
                        value.value
                    ),
                ))
            }
        }
    }
    Ok(group)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::grade::tests::t;
    use crate::judge::Verdict::*;

    #[test]
    fn reads_keys_as_domjudge_does() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        std::fs::create_dir_all(p.join("data/secret/g")).unwrap();
        std::fs::write(
            p.join("data/testdata.yaml"),
            "on_reject: continue\ngrader_flags: ignore_sample max\nrange: 0 60\n",
        )
        .unwrap();
        std::fs::write(p.join("data/secret/g/testdata.yaml"), "accept_score: 25\n").unwrap();
        let folders = vec!["".to_string(), "secret".into(), "secret/g".into()];
        let g = DomJudgeGrading::read(p, &folders).unwrap();
        assert_eq!(g.groups.len(), 2, "secret has no file: not a group");
        assert_eq!(g.groups[""].aggregation, Aggregation::Max);
        assert!(g.groups[""].ignore_sample && g.groups[""].on_reject_continue);
        assert_eq!(g.groups["secret/g"].accept_score, Some(25.0));
        // secret/g's parent folder is no group: it is outside the tree, scored nowhere.
        let graded = g.grade(&[t("secret/g/1", AC, None)]);
        assert_eq!((graded.score, graded.max_score), (0.0, Some(60.0)));
        std::fs::write(p.join("data/secret/g/testdata.yaml"), "accept_score: -1\n").unwrap();
        let err = DomJudgeGrading::read(p, &folders).unwrap_err();
        assert!(err.to_string().contains("must not be negative"), "{err}");
    }
}
