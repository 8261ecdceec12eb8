//! `submissions/<folder>/<program>`: the judge's own submissions and what each must do.
//!
//! Where an expectation comes from, in order of precedence:
//! 1. `submissions/submissions.yaml` (2023-07 / 2025-09): every entry whose glob matches the
//!    submission adds its rules; an entry named exactly like a default folder replaces that
//!    folder's rule key by key (the spec's "Default directories").
//! 2. The folder's name ([`folder_expectation`]: Kattis, DOMjudge and BAPCtools names).
//! 3. A DOMjudge `@EXPECTED_RESULTS@:` line in the sources, for a folder whose name promises
//!    nothing (DOMjudge's `mixed-verdicts/`, `multiple/`). In a folder with a verdict name the
//!    folder wins, as the package format says. DOMjudge (`ImportProblemService`) restricts an
//!    annotation that lists the folder's result to it, but takes one that does not list it
//!    instead, flagging the mismatch on import: here that mismatch is a notice.
//!
//! A program nothing says anything about is skipped with a notice. `language` and `entrypoint`
//! come from `submissions.yaml`, else DOMjudge's `submissions.json` (`langid`, `entry_point`).

use std::path::Path;

use super::domjudge::{self, JsonEntry};
use super::error::PackageError;
pub use super::folder_names::folder_expectation as expectation;
use super::folder_names::{folder_expectation, FOLDER_ORDER, SPEC_DEFAULT_FOLDERS};
use super::programs::{not_a_program, sorted_entries};
use super::submissions_yaml::{self, Entry};
use super::FormatVersion;
use crate::judge::expectation_model::Expectation;
use crate::judge::expectation_model::Rule;
use crate::judge::Verdict;
use crate::problem::program::Program;
use crate::problem::submission::Submission;

/// A submission as listed, with DOMjudge's `@EXPECTED_RESULTS@` / `@EXPECTED_SCORE@`
/// annotation in its sources, if any: the annotation is a quirk of this reader, read by
/// [`expects_domjudge_scores`] and [`judge_as_domjudge`] and dropped once the expectations are
/// made.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Listed {
    /// The submission.
    pub submission: Submission,
    /// Its annotation.
    pub annotation: Option<domjudge::Annotation>,
}

/// Lists `dir/submissions/<folder>/*`: the folders of [`FOLDER_ORDER`] first, then the others
/// in name order, programs in name order. `scoring` says whether the problem is scored
/// (`partially_accepted` is only for those). What is not a submission is said in one notice.
pub(crate) fn list(
    dir: &Path,
    format: FormatVersion,
    scoring: bool,
    notices: &mut Vec<String>,
) -> Result<Vec<Listed>, PackageError> {
    let root = dir.join("submissions");
    let entries = submissions_yaml::read(dir, notices)?;
    let json = domjudge::read_submissions_json(dir)?;
    let mut folders = Vec::new();
    let mut not_submissions = Vec::new();
    let mut unexpected = Vec::new();
    for (name, path) in sorted_entries(&root) {
        let name = name.to_string_lossy().into_owned();
        if !path.is_dir() {
            if name != "submissions.yaml" {
                not_submissions.push(format!("{name} (not in a verdict folder)"));
            }
            continue;
        }
        let rank = FOLDER_ORDER
            .iter()
            .position(|c| *c == name)
            .unwrap_or(FOLDER_ORDER.len());
        folders.push((rank, name, path));
    }
    folders.sort();
    let mut submissions = Vec::new();
    for (_, category, path) in folders {
        if category == "partially_accepted" && !scoring {
            notices.push(
                "submissions/partially_accepted: a scoring category in a pass-fail problem; skipped"
                    .to_string(),
            );
            continue;
        }
        for (name, program_path) in sorted_entries(&path) {
            let name = name.to_string_lossy().into_owned();
            if let Some(why) = not_a_submission(&name, &program_path) {
                not_submissions.push(format!("{category}/{name} ({why})"));
                continue;
            }
            let relative = format!("{category}/{name}");
            let program = Program::at(&program_path);
            let (found, annotation) =
                expectation_of(&relative, &category, &program, format, &entries, notices);
            let Some((expected, source)) = found else {
                unexpected.push(relative);
                continue;
            };
            let json_entry = json
                .get(&format!("submissions/{relative}"))
                .cloned()
                .unwrap_or_default();
            let (language, entrypoint) = metadata(&relative, &entries, json_entry);
            submissions.push(Listed {
                submission: Submission {
                    program,
                    category: category.clone(),
                    expected,
                    language,
                    entrypoint,
                    expectation_source: source,
                },
                annotation,
            });
        }
    }
    if !not_submissions.is_empty() {
        notices.push(format!(
            "submissions: not submissions, skipped: {}",
            not_submissions.join(", ")
        ));
    }
    if !unexpected.is_empty() {
        notices.push(format!(
            "submissions: no expectation (the folder name means nothing, no submissions.yaml entry, no @EXPECTED_RESULTS@), skipped: {}",
            unexpected.join(", ")
        ));
    }
    Ok(submissions)
}

/// Why a folder entry is not a submission: templates (`x.cpp.template`), documentation,
/// configuration and the other files [`not_a_program`] names. Hidden files (`.gitkeep`) never
/// get here.
fn not_a_submission(name: &str, path: &Path) -> Option<&'static str> {
    if name.ends_with(".template") || name.ends_with(".tpl") {
        return Some("a template");
    }
    // BAPCtools' example packages switch a submission off by renaming it `x.cpp.disabled`.
    if name.ends_with(".disabled") {
        return Some("disabled");
    }
    not_a_program(name, path)
}

/// The expectation of the submission at `relative` (`folder/name`) and where it comes from.
fn expectation_of(
    relative: &str,
    category: &str,
    program: &Program,
    format: FormatVersion,
    entries: &[Entry],
    notices: &mut Vec<String>,
) -> (Option<(Expectation, String)>, Option<domjudge::Annotation>) {
    let mut expected = folder_expectation(category, format);
    let mut source = expected.as_ref().map(|_| "folder name".to_string());
    let mut added = false;
    for entry in entries.iter().filter(|e| e.glob.matches(relative)) {
        let overrides_default =
            entry.glob.is_exactly(category) && SPEC_DEFAULT_FOLDERS.contains(&category);
        let mut rules: Vec<Rule> = Vec::new();
        match (&entry.own, expected.as_mut()) {
            (Some(own), Some(e)) if overrides_default => {
                merge_into(&mut e.rules[0], own);
                // The entry's own rule replaces the folder's, per test.
                e.graded_final = None;
                added = true;
            }
            (Some(own), _) => rules.push(own.clone()),
            (None, _) => {}
        }
        rules.extend(entry.groups.iter().cloned());
        if rules.is_empty() {
            continue;
        }
        added = true;
        expected
            .get_or_insert_with(|| Expectation {
                rules: Vec::new(),
                verdict_any_of: None,
                partial_score: false,
                graded_final: None,
                label: String::new(),
            })
            .rules
            .extend(rules);
    }
    if added {
        if let Some(e) = expected.as_mut() {
            e.label = label(&e.rules);
        }
    }
    if added {
        source = Some(match source {
            Some(_) => "folder name + submissions.yaml".to_string(),
            None => "submissions.yaml".to_string(),
        });
    }
    let annotation = match domjudge::find_annotation(&program.path) {
        Ok(annotation) => annotation,
        Err(why) => {
            notices.push(format!("submissions/{relative}: {why}; annotation ignored"));
            None
        }
    };
    let found = match (expected, annotation.as_ref()) {
        (Some(e), Some(a)) => {
            let folder_verdict = main_verdict(category);
            if let Some(v) =
                folder_verdict.filter(|v| !a.results.is_empty() && !a.results.contains(v))
            {
                notices.push(format!(
                    "submissions/{relative}: @EXPECTED_RESULTS@ in {} does not list {}, which its folder promises; the folder's expectation is used (DOMjudge would take the annotation and flag the mismatch on import)",
                    a.file,
                    v.expectation_name()
                ));
            }
            Some((e, source.unwrap_or_default()))
        }
        (Some(e), None) => Some((e, source.unwrap_or_default())),
        (None, Some(a)) => Some((a.expectation(), format!("@EXPECTED_RESULTS@ in {}", a.file))),
        (None, None) => None,
    };
    (found, annotation)
}

/// Whether some submission's sources give an `@EXPECTED_SCORE@` score: a marker only DOMjudge
/// reads, so the package's expected scores are DOMjudge's (and its scoring is DOMjudge's,
/// [`crate::judge::grading_model::DomJudgeGrading`]).
pub(crate) fn expects_domjudge_scores(submissions: &[Listed]) -> bool {
    (submissions.iter()).any(|s| s.annotation.as_ref().is_some_and(|a| a.score.is_some()))
}

/// Makes the expectations of a package judged as DOMjudge judges it ([`expects_domjudge_scores`])
/// what DOMjudge's import makes of them (`ImportProblemService::importZippedProblem`): the
/// folder's result (`SubmissionService::normalizeExpectedResult`), or the annotation's results
/// when they do not list it (the folder's alone when they do), promise the submission's final
/// result, which for a scoring problem is its group tree's (the first rejected group or test;
/// samples outside the tree do not count), not a verdict on every test; and
/// `@EXPECTED_SCORE@` is checked whatever the folder. A submission without an annotation gets
/// its folder's result. An `accepted/` submission keeps its rule
/// over every test (the same promise, and it bounds a derived time limit); an expectation from
/// `submissions.yaml` (which DOMjudge does not read) is left alone.
pub(crate) fn judge_as_domjudge(submissions: &mut [Listed]) {
    for Listed {
        submission,
        annotation,
    } in submissions
    {
        if submission.expectation_source.contains("submissions.yaml") {
            continue;
        }
        let annotation = annotation.clone().unwrap_or(domjudge::Annotation {
            results: Vec::new(),
            score: None,
            file: String::new(),
        });
        let results = match main_verdict(&submission.category) {
            Some(v) if annotation.results.is_empty() || annotation.results.contains(&v) => {
                vec![v]
            }
            Some(_) => annotation.results.clone(),
            None => continue,
        };
        let expected = &mut submission.expected;
        expected.graded_final = None;
        if results != [Verdict::AC] || submission.category != "accepted" {
            let label = expected.label.clone();
            *expected = Expectation {
                label,
                ..Expectation::any_of(&results)
            };
        }
        if let Some(score) = annotation.score {
            expected.rules.extend(
                annotation
                    .expectation()
                    .rules
                    .into_iter()
                    .filter(|r| r.score.is_some()),
            );
            submission.expectation_source = format!(
                "{} + @EXPECTED_SCORE@ {} in {}, as DOMjudge judges",
                submission.expectation_source,
                crate::judge::grade::show_score(score),
                annotation.file
            );
        }
    }
}

/// `own` (a `submissions.yaml` entry named like a default folder) replacing `base` (that
/// folder's default rule) key by key.
fn merge_into(base: &mut Rule, own: &Rule) {
    if own.permitted.is_some() {
        base.permitted = own.permitted.clone();
    }
    if own.required.is_some() {
        base.required = own.required.clone();
    }
    base.score = own.score.or(base.score);
    if own.message.is_some() {
        base.message = own.message.clone();
    }
    base.use_for_time_limit = own.use_for_time_limit.or(base.use_for_time_limit);
    base.origin = own.origin.clone();
}

/// The one verdict a folder's name promises, for comparing with an annotation.
fn main_verdict(category: &str) -> Option<Verdict> {
    use Verdict::*;
    Some(match category {
        "accepted" => AC,
        "wrong_answer" | "no_output" => WA,
        "time_limit_exceeded" => TLE,
        "run_time_error" => RE,
        "compiler_error" => CE,
        "output_limit" | "output_limit_exceeded" => OLE,
        "memory_limit" | "memory_limit_exceeded" => MLE,
        _ => return None,
    })
}

/// A short label for a list of rules: `AC` when every test must pass, the required verdicts
/// (`TLE`), the permitted ones (`AC|WA`), or `per group`.
fn label(rules: &[Rule]) -> String {
    let whole: Vec<&Rule> = rules.iter().filter(|r| r.tests.is_none()).collect();
    let join = |set: &std::collections::BTreeSet<Verdict>, sep: &str| {
        set.iter()
            .filter(|v| !(matches!(v, Verdict::MLE | Verdict::OLE) && set.contains(&Verdict::RE)))
            .map(|v| v.expectation_name())
            .collect::<Vec<_>>()
            .join(sep)
    };
    let mut label = String::new();
    for rule in &whole {
        if let Some(required) = &rule.required {
            label = join(required, "/");
            break;
        }
        if let Some(permitted) = &rule.permitted {
            label = join(permitted, "|");
        }
        if let Some(score) = &rule.score {
            label = format!("score {score}");
        }
    }
    if label.is_empty() {
        label = if rules.iter().any(|r| r.tests.is_some()) {
            "per group".to_string()
        } else {
            "any".to_string()
        };
    } else if whole.len() < rules.len() {
        label.push_str(" +groups");
    }
    label
}

/// `language` and `entrypoint` for the submission at `relative`: the `submissions.yaml`
/// entries matching it (the first one naming each, in file order), else `submissions.json`.
fn metadata(
    relative: &str,
    entries: &[Entry],
    json: JsonEntry,
) -> (Option<String>, Option<String>) {
    let matching = || entries.iter().filter(|e| e.glob.matches(relative));
    let language = matching()
        .find_map(|e| e.language.clone())
        .or(json.language);
    let entrypoint = matching()
        .find_map(|e| e.entrypoint.clone())
        .or(json.entry_point);
    (language, entrypoint)
}

/// What the package a program named by its path belongs to declares about building it:
/// `language` and `entrypoint` of its `submissions.yaml`, else `langid` and `entry_point` of
/// DOMjudge's `submissions.json`, the same values `verify` builds the submission with. This is
/// how `judge PACKAGE path`, `stress` and a stress reference taken from `submissions/` build it
/// as `verify` does. The package is the folder above the nearest `submissions/` on the path,
/// the program its entry `submissions/<folder>/<program>`; a path anywhere else (a file inside
/// a folder program, a program outside any package) declares nothing. The path is taken as
/// given (made absolute, links not resolved), as the package lists its submissions.
pub fn declaration_of(path: &Path) -> Result<(Option<String>, Option<String>), PackageError> {
    let Ok(path) = std::path::absolute(path) else {
        return Ok((None, None));
    };
    let Some(root) = path
        .ancestors()
        .skip(1)
        .find(|dir| dir.file_name().is_some_and(|n| n == "submissions"))
    else {
        return Ok((None, None));
    };
    let parts: Vec<String> = path
        .strip_prefix(root)
        .expect("an ancestor")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let (Some(dir), [_, _]) = (root.parent(), parts.as_slice()) else {
        return Ok((None, None));
    };
    let relative = parts.join("/");
    let entries = submissions_yaml::read(dir, &mut Vec::new())?;
    let json = domjudge::read_submissions_json(dir)?
        .remove(&format!("submissions/{relative}"))
        .unwrap_or_default();
    Ok(metadata(&relative, &entries, json))
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;
    use super::*;
    use crate::judge::expectation::{tests::judged, Judged};
    use crate::judge::expectation_model::verdict_set;
    use std::fs;

    /// The submissions listed, their annotations dropped as the reader drops them.
    fn submissions(listed: Result<Vec<Listed>, PackageError>) -> Vec<Submission> {
        listed.unwrap().into_iter().map(|l| l.submission).collect()
    }

    fn write(root: &Path, files: &[(&str, &str)]) {
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
    }

    #[test]
    fn lists_folders_in_verdict_order_and_says_once_what_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                ("submissions/wrong_answer/off_by_one.cpp", "x"),
                ("submissions/accepted/sol.py", "x"),
                ("submissions/accepted/Sol.java", "x"),
                ("submissions/accepted/sol.cpp.template", "x"),
                ("submissions/accepted/.gitkeep", ""),
                ("submissions/accepted/NOTES.md", "x"),
                ("submissions/python2/old.py", "x"),
                ("submissions/time_limit_exceeded/slow.c", "x"),
                ("submissions/partially_accepted/half.py", "x"),
                ("submissions/loose.py", "x"),
                (
                    "submissions/mixed/either.py",
                    "# @EXPECTED_RESULTS@: CORRECT, TIMELIMIT\n",
                ),
            ],
        );
        let mut notices = Vec::new();
        let subs = submissions(list(dir.path(), FormatVersion::Legacy, false, &mut notices));
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
                ("mixed", "either.py"),
            ]
        );
        assert_eq!(
            subs[4].expectation_source,
            "@EXPECTED_RESULTS@ in either.py"
        );
        assert!(subs[4].expected.is_met_by([AC, TLE]));
        assert_eq!(notices.len(), 3, "{notices:?}");
        assert!(notices[0].starts_with("submissions/partially_accepted: a scoring category"));
        assert_eq!(
            notices[1],
            "submissions: not submissions, skipped: loose.py (not in a verdict folder), \
             accepted/NOTES.md (documentation), accepted/sol.cpp.template (a template)"
        );
        assert!(
            notices[2].ends_with("skipped: python2/old.py"),
            "{notices:?}"
        );
    }

    /// DOMjudge's import: the folder's result, or the annotation's when it does not list it;
    /// `@EXPECTED_SCORE@` in every folder; `accepted/` keeps its rule over every test.
    #[test]
    fn domjudge_judged_expectations_follow_its_import() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                ("submissions/accepted/a.py", "# @EXPECTED_SCORE@: 60\n"),
                (
                    "submissions/wrong_answer/w.py",
                    "# @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT\n# @EXPECTED_SCORE@: 5\n",
                ),
                (
                    "submissions/wrong_answer/t.py",
                    "# @EXPECTED_RESULTS@: TIMELIMIT\n",
                ),
                ("submissions/wrong_answer/plain.py", "x"),
            ],
        );
        let mut notices = Vec::new();
        let mut subs = list(dir.path(), FormatVersion::Legacy, true, &mut notices).unwrap();
        assert!(expects_domjudge_scores(&subs));
        judge_as_domjudge(&mut subs);
        let subs = submissions(Ok(subs));
        let by_name = |n: &str| subs.iter().find(|s| s.program.path.ends_with(n)).unwrap();
        let accepted = &by_name("a.py").expected;
        assert!(accepted.is_accepted() && accepted.lower_bound_rules().next().is_some());
        assert_eq!(accepted.rules[1].score.map(|r| r.min), Some(60.0));
        let w = &by_name("w.py").expected;
        assert_eq!(w.verdict_any_of, Some(verdict_set(&[WA])));
        let judged = |score: f64| Judged {
            score: Some(score),
            ..judged(&[("secret/1", WA), ("secret/2", TLE)])
        };
        assert_eq!(w.broken_promises(&judged(5.0)), Vec::<String>::new());
        assert_eq!(w.broken_promises(&judged(6.0)).len(), 1);
        assert_eq!(w.rules[0].score.map(|r| r.max), Some(5.0));
        assert_eq!(
            by_name("t.py").expected.verdict_any_of,
            Some(verdict_set(&[TLE]))
        );
        // No annotation: the folder's result, as DOMjudge's import gives it.
        assert!(by_name("plain.py").expected.is_met_by([WA, TLE]));
        assert!(!by_name("plain.py").expected.is_met_by([TLE, WA]));
    }

    #[test]
    fn a_program_named_by_path_gets_what_its_package_declares() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                ("submissions/accepted/multi/b.py", "x"),
                ("submissions/accepted/echo", "x"),
                ("submissions/accepted/js/hello.js", "x"),
                ("submissions/accepted/plain.py", "x"),
                (
                    "submissions/submissions.yaml",
                    "accepted/multi:\n  entrypoint: b.py\naccepted/echo:\n  language: py3\n",
                ),
                (
                    "submissions.json",
                    "{\"submissions/accepted/js/\": {\"entry_point\": \"hello.js\", \"langid\": \"js\"}, \"submissions/accepted/echo\": {\"langid\": \"c\"}}",
                ),
            ],
        );
        let of = |p: &str| declaration_of(&dir.path().join(p)).unwrap();
        let some = |s: &str| Some(s.to_string());
        assert_eq!(of("submissions/accepted/multi"), (None, some("b.py")));
        assert_eq!(of("submissions/accepted/echo"), (some("py3"), None));
        assert_eq!(
            of("submissions/accepted/js"),
            (some("js"), some("hello.js"))
        );
        assert_eq!(of("submissions/accepted/plain.py"), (None, None));
        // A file inside a folder program, or a program outside a package: nothing.
        assert_eq!(of("submissions/accepted/multi/b.py"), (None, None));
        assert_eq!(of("elsewhere/b.py"), (None, None));
        write(dir.path(), &[("submissions/submissions.yaml", "[1, 2")]);
        assert!(declaration_of(&dir.path().join("submissions/accepted/echo")).is_err());
    }

    #[test]
    fn submissions_yaml_overrides_defaults_and_adds_rules() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                ("submissions/accepted/wa.py", "x"),
                ("submissions/ac_or_wa/ac.py", "x"),
                ("submissions/ac_or_wa/wa.py", "x"),
                ("submissions/ac_or_wa/multi/main.py", "x"),
                ("submissions/custom/odd.py", "x"),
                (
                    "submissions/submissions.yaml",
                    "accepted:\n  permitted: [WA]\n  required: [WA]\nac_or_wa/wa.py:\n  permitted: [WA]\nac_or_wa/multi:\n  entrypoint: main.py\ncustom/odd.py:\n  language: python3\n  sample:\n    required: [AC]\n  secret/*{1,3}:\n    permitted: [AC]\n",
                ),
            ],
        );
        let mut notices = Vec::new();
        let subs = submissions(list(
            dir.path(),
            FormatVersion::V2023_07,
            false,
            &mut notices,
        ));
        let by_name = |n: &str| subs.iter().find(|s| s.program.path.ends_with(n)).unwrap();
        let accepted = by_name("accepted/wa.py");
        assert!(accepted.expected.is_met_by([WA]));
        assert!(!accepted.expected.is_met_by([AC]));
        assert_eq!(accepted.expected.rules.len(), 1);
        let wa = by_name("ac_or_wa/wa.py");
        assert!(!wa.expected.is_met_by([AC]));
        assert!(wa.expected.is_met_by([WA]));
        assert_eq!(wa.expectation_source, "folder name + submissions.yaml");
        assert!(by_name("ac_or_wa/ac.py").expected.is_met_by([AC]));
        assert_eq!(by_name("multi").entrypoint.as_deref(), Some("main.py"));
        let odd = by_name("custom/odd.py");
        assert_eq!(odd.language.as_deref(), Some("python3"));
        assert_eq!(odd.expected.rules.len(), 2);
        assert_eq!(odd.expected.label, "per group");
        assert!(notices.is_empty(), "{notices:?}");
    }
}
