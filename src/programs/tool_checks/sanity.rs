//! Sanity notices about the tests themselves, in the spirit of task-maker-rust's sanity checks
//! (`task-maker-format/src/ioi/sanity_checks/`): worth a setter's look, never a failure, since
//! each has packages where it is right (a yes/no problem's group may well answer `YES`
//! throughout; a sample is often repeated among the secret tests on purpose).
//!
//! - `same-answers`: every test of the set, or of a group with two tests or more, has the same
//!   answer (task-maker-rust's `AllOutputsEqual`): such tests tell no wrong submission that
//!   prints a constant from a right one;
//! - `identical-tests`: tests whose inputs are the same bytes (a copy that tests nothing new);
//! - `samples`: a package format with samples (`data/sample/`, Polygon's `sample="true"`) whose
//!   test set has none;
//! - `ends-with-newline`: an input or answer that is not empty and does not end with a line
//!   break (task-maker-rust's `IOEndWithNewLine`; problemtools also warns): a reader that
//!   expects one, or a strict validator, breaks on it. Binary files (with a NUL byte) are
//!   skipped, as task-maker-rust does.

use std::collections::BTreeMap;

use super::{Test, ToolSection};
use crate::problem::tool_tests::ToolTests;

/// Check names of the sanity notices.
pub mod check {
    /// Every test (of a group) has the same answer.
    pub const SAME_ANSWERS: &str = "same-answers";
    /// Tests whose inputs are the same bytes.
    pub const IDENTICAL_TESTS: &str = "identical-tests";
    /// The test set has no sample.
    pub const SAMPLES: &str = "samples";
    /// A test file that does not end with a line break.
    pub const ENDS_WITH_NEWLINE: &str = "ends-with-newline";
}

/// How many test names a notice lists before it counts the rest.
const NAMED: usize = 5;

/// The notices about `data` (every test) and `answered` (the tests with their answers, the
/// reference's where the package ships none); no section when there are no tests.
pub(super) fn notices(data: &[Test], answered: &[Test], tests: &ToolTests) -> Vec<ToolSection> {
    if data.is_empty() {
        return Vec::new();
    }
    let mut section = ToolSection::new("the tests", "tests");
    same_answers(&mut section, answered);
    identical_tests(&mut section, data);
    section.checked(check::SAMPLES);
    if tests.samples.as_ref().is_some_and(Vec::is_empty) {
        section.notice(
            check::SAMPLES,
            "the test set",
            "has no sample test (data/sample/, or a test marked sample): the statement's \
             examples are not judged",
        );
    }
    ends_with_newline(&mut section, data);
    vec![section]
}

fn same_answers(section: &mut ToolSection, answered: &[Test]) {
    section.checked(check::SAME_ANSWERS);
    let equal =
        |tests: &[&Test]| tests.len() >= 2 && tests.windows(2).all(|w| w[0].answer == w[1].answer);
    let all: Vec<&Test> = answered.iter().collect();
    if equal(&all) {
        section.notice(
            check::SAME_ANSWERS,
            "every test",
            format!(
                "all {} answers are the same: {}",
                all.len(),
                start_of(all[0].answer.as_deref().unwrap_or_default())
            ),
        );
        return;
    }
    let mut groups: BTreeMap<&str, Vec<&Test>> = BTreeMap::new();
    for test in answered {
        let group = test.name.rsplit_once('/').map_or("", |(g, _)| g);
        groups.entry(group).or_default().push(test);
    }
    for (group, tests) in groups {
        if !group.is_empty() && equal(&tests) {
            section.notice(
                check::SAME_ANSWERS,
                format!("group {group}"),
                format!(
                    "all {} answers are the same: {}",
                    tests.len(),
                    start_of(tests[0].answer.as_deref().unwrap_or_default())
                ),
            );
        }
    }
}

fn identical_tests(section: &mut ToolSection, data: &[Test]) {
    section.checked(check::IDENTICAL_TESTS);
    let mut same: BTreeMap<&[u8], Vec<&str>> = BTreeMap::new();
    for test in data {
        same.entry(&test.input).or_default().push(&test.name);
    }
    let mut copies: Vec<Vec<&str>> = same.into_values().filter(|n| n.len() > 1).collect();
    copies.sort();
    for names in copies {
        section.notice(
            check::IDENTICAL_TESTS,
            format!("tests {}", listed(&names)),
            "have the same input, byte for byte",
        );
    }
}

fn ends_with_newline(section: &mut ToolSection, data: &[Test]) {
    section.checked(check::ENDS_WITH_NEWLINE);
    let lacks = |bytes: &[u8]| !bytes.is_empty() && !bytes.contains(&0) && !bytes.ends_with(b"\n");
    for (what, files) in [
        (
            "input",
            data.iter()
                .filter(|t| lacks(&t.input))
                .map(|t| t.name.as_str())
                .collect::<Vec<_>>(),
        ),
        (
            "answer",
            data.iter()
                .filter(|t| t.answer.as_deref().is_some_and(lacks))
                .map(|t| t.name.as_str())
                .collect(),
        ),
    ] {
        if !files.is_empty() {
            section.notice(
                check::ENDS_WITH_NEWLINE,
                format!("the {what} of test(s) {}", listed(&files)),
                "does not end with a line break",
            );
        }
    }
}

/// Up to [`NAMED`] names, then how many more.
fn listed(names: &[&str]) -> String {
    let mut shown = names[..names.len().min(NAMED)].join(", ");
    if names.len() > NAMED {
        shown.push_str(&format!(" and {} more", names.len() - NAMED));
    }
    shown
}

/// The first 20 characters of an answer, quoted.
fn start_of(answer: &[u8]) -> String {
    let text = String::from_utf8_lossy(answer);
    let start: String = text.chars().take(20).collect();
    match text.chars().count() > 20 {
        true => format!("{start:?}..."),
        false => format!("{start:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(name: &str, input: &str, answer: &str) -> Test {
        Test {
            name: name.into(),
            input: input.as_bytes().to_vec(),
            answer: Some(answer.as_bytes().to_vec()),
            checker_args: None,
        }
    }

    fn found(data: &[Test], samples: Option<Vec<String>>) -> Vec<(String, String)> {
        let tests = ToolTests {
            samples,
            ..ToolTests::default()
        };
        notices(data, data, &tests)[0]
            .findings
            .iter()
            .map(|f| (f.check.clone(), f.case.clone()))
            .collect()
    }

    #[test]
    fn a_varied_test_set_gives_no_notice() {
        let data = [
            test("sample/1", "1\n", "YES\n"),
            test("secret/1", "2\n", "NO\n"),
        ];
        assert!(found(&data, Some(vec!["sample/1".into()])).is_empty());
    }

    #[test]
    fn every_answer_equal_identical_inputs_no_samples_and_a_missing_line_break() {
        let data = [
            test("secret/a/1", "5\n", "YES\n"),
            test("secret/a/2", "5\n", "YES\n"),
            test("secret/b/1", "7", "NO\n"),
        ];
        let found = found(&data, Some(Vec::new()));
        let has = |check: &str, case: &str| found.iter().any(|(c, k)| c == check && k == case);
        assert!(has(check::SAME_ANSWERS, "group secret/a"), "{found:?}");
        assert!(has(check::IDENTICAL_TESTS, "tests secret/a/1, secret/a/2"));
        assert!(has(check::SAMPLES, "the test set"));
        assert!(has(
            check::ENDS_WITH_NEWLINE,
            "the input of test(s) secret/b/1"
        ));
        let all = [test("1", "1\n", "0\n"), test("2", "2\n", "0\n")];
        let found = super::tests::found(&all, None);
        assert_eq!(found, [(check::SAME_ANSWERS.into(), "every test".into())]);
    }
}
