//! `submissions/<category>/<program>`: the judge's own submissions and the verdicts their
//! folder promises.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use super::programs::{list_programs, sorted_entries, Program};
use super::FormatVersion;

/// The per-test verdict of one run, as `verify` sees it (compile errors are decided before any
/// test runs and are never expected).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TestVerdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Time limit exceeded.
    TLE,
    /// Run-time error (a crash or a nonzero exit).
    RTE,
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
}

impl fmt::Display for TestVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// What a submission's folder promises about its per-test verdicts, in the 2023-07 format's
/// terms (`submissions.yaml` "Default directories"): every test's verdict is in `permitted`,
/// and at least one test's verdict is in `required` (when `required` is not empty).
///
/// Kattis has no memory-limit or output-limit verdict: a run over the memory limit is a
/// run-time error there, and problemtools enforces the output limit with a file-size limit whose
/// signal is a run-time error too. So wherever a Kattis category permits or requires `RTE`, `MLE`
/// and `OLE` are permitted or required alike (an MLE satisfies `run_time_error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// Verdicts every test may get.
    pub permitted: BTreeSet<TestVerdict>,
    /// Verdicts of which at least one test must get one (empty: no requirement).
    pub required: BTreeSet<TestVerdict>,
}

impl Expectation {
    fn new(permitted: &[TestVerdict], required: &[TestVerdict]) -> Self {
        Expectation {
            permitted: with_kattis_crashes(permitted),
            required: with_kattis_crashes(required),
        }
    }

    /// Whether a submission whose tests got `verdicts` keeps the promise. With no tests run,
    /// only an expectation without requirements is kept.
    pub fn is_met_by<I: IntoIterator<Item = TestVerdict>>(&self, verdicts: I) -> bool {
        let mut required_seen = self.required.is_empty();
        for verdict in verdicts {
            if !self.permitted.contains(&verdict) {
                return false;
            }
            required_seen |= self.required.contains(&verdict);
        }
        required_seen
    }
}

fn with_kattis_crashes(verdicts: &[TestVerdict]) -> BTreeSet<TestVerdict> {
    let mut set: BTreeSet<TestVerdict> = verdicts.iter().copied().collect();
    if set.contains(&TestVerdict::RTE) {
        set.insert(TestVerdict::MLE);
        set.insert(TestVerdict::OLE);
    }
    set
}

/// The expectation of a `submissions/<category>` folder in `format`, or `None` for a folder
/// that is not a verdict category.
///
/// - `accepted`: every test AC.
/// - `wrong_answer`: AC or WA, at least one WA (both formats).
/// - `time_limit_exceeded`: at least one TLE; the others AC (2023-07), or AC or WA (legacy:
///   "may also give wrong answer but not crash").
/// - `run_time_error`: at least one RTE; the others AC (2023-07), or anything (legacy: "crashes
///   for some test case").
/// - `rejected` (2023-07, accepted in legacy folders too): at least one non-AC.
/// - `brute_force` (2023-07): never WA, at least one RTE or TLE.
/// - `memory_limit_exceeded`, `output_limit_exceeded` (DOMjudge and stressjudge's own
///   solutions library; not Kattis): at least one MLE (or OLE), the others AC.
///
/// `partially_accepted` (legacy scoring problems) is not a pass-fail category and is skipped.
pub fn expectation(category: &str, format: FormatVersion) -> Option<Expectation> {
    use TestVerdict::*;
    let legacy = format == FormatVersion::Legacy;
    Some(match category {
        "accepted" => Expectation::new(&[AC], &[]),
        "wrong_answer" => Expectation::new(&[AC, WA], &[WA]),
        "time_limit_exceeded" if legacy => Expectation::new(&[AC, WA, TLE], &[TLE]),
        "time_limit_exceeded" => Expectation::new(&[AC, TLE], &[TLE]),
        "run_time_error" if legacy => Expectation::new(&[AC, WA, TLE, RTE], &[RTE]),
        "run_time_error" => Expectation::new(&[AC, RTE], &[RTE]),
        "rejected" => Expectation::new(&[AC, WA, TLE, RTE], &[WA, TLE, RTE]),
        "brute_force" => Expectation::new(&[AC, TLE, RTE], &[TLE, RTE]),
        "memory_limit_exceeded" => Expectation {
            permitted: [AC, MLE].into(),
            required: [MLE].into(),
        },
        "output_limit_exceeded" => Expectation {
            permitted: [AC, OLE].into(),
            required: [OLE].into(),
        },
        _ => return None,
    })
}

/// The verdict categories in the order their submissions are listed (accepted first, as
/// problemtools checks them; the time limit depends on the accepted ones).
const CATEGORY_ORDER: &[&str] = &[
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "memory_limit_exceeded",
    "output_limit_exceeded",
    "rejected",
    "brute_force",
];

/// One submission of the folder and what its category promises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// The program.
    pub program: Program,
    /// Its category folder under `submissions/` (`accepted`, `wrong_answer`, ...).
    pub category: String,
    /// What its tests' verdicts must satisfy.
    pub expected: Expectation,
}

/// Lists `dir/submissions/<category>/*` in category order then name order. Unknown category
/// folders, scoring categories, `submissions.yaml` and stray files are notices.
pub(crate) fn list(
    dir: &Path,
    format: FormatVersion,
    notices: &mut Vec<String>,
) -> Vec<Submission> {
    let root = dir.join("submissions");
    let mut by_category = Vec::new();
    for (name, path) in sorted_entries(&root) {
        let name = name.to_string_lossy().into_owned();
        if !path.is_dir() {
            let why = if name == "submissions.yaml" {
                "not interpreted (the folders' default expectations are used)"
            } else {
                "not in a verdict folder; skipped"
            };
            notices.push(format!("submissions/{name}: {why}"));
            continue;
        }
        let Some(rank) = CATEGORY_ORDER.iter().position(|c| *c == name) else {
            let why = if name == "partially_accepted" {
                "a scoring category; skipped (scoring problems are not supported)".to_string()
            } else {
                format!(
                    "not a verdict folder (known: {}); skipped",
                    CATEGORY_ORDER.join(", ")
                )
            };
            notices.push(format!("submissions/{name}: {why}"));
            continue;
        };
        by_category.push((rank, name, path));
    }
    by_category.sort();
    let mut submissions = Vec::new();
    for (_, category, path) in by_category {
        let expected = expectation(&category, format).expect("category listed in CATEGORY_ORDER");
        for program in list_programs(&path, &format!("submissions/{category}"), notices) {
            submissions.push(Submission {
                program,
                category: category.clone(),
                expected: expected.clone(),
            });
        }
    }
    submissions
}

#[cfg(test)]
mod tests {
    use super::TestVerdict::*;
    use super::*;
    use std::fs;

    fn met(category: &str, format: FormatVersion, verdicts: &[TestVerdict]) -> bool {
        expectation(category, format)
            .unwrap()
            .is_met_by(verdicts.iter().copied())
    }

    #[test]
    fn accepted_means_every_test_accepted() {
        for format in [FormatVersion::Legacy, FormatVersion::V2023_07] {
            assert!(met("accepted", format, &[AC, AC]));
            assert!(met("accepted", format, &[]));
            assert!(!met("accepted", format, &[AC, TLE]));
        }
    }

    #[test]
    fn a_memory_overrun_satisfies_run_time_error_as_on_kattis() {
        for format in [FormatVersion::Legacy, FormatVersion::V2023_07] {
            assert!(met("run_time_error", format, &[AC, MLE]));
            assert!(met("run_time_error", format, &[RTE]));
            assert!(met("run_time_error", format, &[OLE, AC]));
            assert!(!met("run_time_error", format, &[AC, AC]));
        }
        assert!(met(
            "memory_limit_exceeded",
            FormatVersion::Legacy,
            &[AC, MLE]
        ));
        assert!(!met(
            "memory_limit_exceeded",
            FormatVersion::Legacy,
            &[AC, RTE]
        ));
    }

    #[test]
    fn the_formats_differ_on_what_else_tle_and_rte_submissions_may_do() {
        assert!(met(
            "time_limit_exceeded",
            FormatVersion::Legacy,
            &[WA, TLE]
        ));
        assert!(!met(
            "time_limit_exceeded",
            FormatVersion::V2023_07,
            &[WA, TLE]
        ));
        assert!(!met(
            "time_limit_exceeded",
            FormatVersion::Legacy,
            &[RTE, TLE]
        ));
        assert!(met("run_time_error", FormatVersion::Legacy, &[WA, RTE]));
        assert!(!met("run_time_error", FormatVersion::V2023_07, &[WA, RTE]));
        assert!(!met("wrong_answer", FormatVersion::Legacy, &[WA, TLE]));
    }

    #[test]
    fn rejected_and_brute_force() {
        let f = FormatVersion::V2023_07;
        assert!(met("rejected", f, &[AC, WA]));
        assert!(met("rejected", f, &[MLE]));
        assert!(!met("rejected", f, &[AC]));
        assert!(met("brute_force", f, &[AC, TLE]));
        assert!(!met("brute_force", f, &[WA, TLE]));
        assert!(expectation("python2", f).is_none());
    }

    #[test]
    fn lists_categories_in_verdict_order_and_notes_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let s = dir.path().join("submissions");
        for (folder, file) in [
            ("wrong_answer", "off_by_one.cpp"),
            ("accepted", "sol.py"),
            ("accepted", "Sol.java"),
            ("python2", "old.py"),
            ("time_limit_exceeded", "slow.c"),
            ("partially_accepted", "half.py"),
        ] {
            fs::create_dir_all(s.join(folder)).unwrap();
            fs::write(s.join(folder).join(file), "x").unwrap();
        }
        fs::write(s.join("submissions.yaml"), "accepted: {}\n").unwrap();
        let mut notices = Vec::new();
        let subs = list(dir.path(), FormatVersion::Legacy, &mut notices);
        let listed: Vec<(&str, &str)> = subs
            .iter()
            .map(|s| (s.category.as_str(), s.program.name.as_str()))
            .collect();
        assert_eq!(
            listed,
            vec![
                ("accepted", "Sol.java"),
                ("accepted", "sol.py"),
                ("wrong_answer", "off_by_one.cpp"),
                ("time_limit_exceeded", "slow.c"),
            ]
        );
        assert_eq!(notices.len(), 3, "{notices:?}");
        assert!(notices[0].starts_with("submissions/partially_accepted: a scoring category"));
        assert!(notices[1].starts_with("submissions/python2: not a verdict folder"));
        assert!(notices[2].starts_with("submissions/submissions.yaml: not interpreted"));
    }
}
