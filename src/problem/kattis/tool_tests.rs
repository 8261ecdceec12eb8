//! A problem folder's tests of its own tools: `data/invalid_input`, `invalid_answer`,
//! `invalid_output` and `valid_output` (problem package format 2023-07 and 2025-09, "Invalid
//! test cases" and "Valid output test cases"; BAPCtools' generators.yaml makes the same folders),
//! a test's own `.out` (an output the statement shows, which must be accepted), and the answer
//! validators of `answer_validators/` (2023-07: run as `validator INPUT [ARGS] < ANSWER`, exit
//! 42 valid, 43 invalid, like an input validator given the test's input file).

use std::path::Path;

use super::build_plan::build_plan_of;
use super::programs::{list_programs, sorted_entries};
use super::Package;
use crate::problem::tool_tests::{ToolCase, ToolTests};
use crate::programs::tool::Tool;

/// The tool tests of `package`, whose data is read from `data` (its own `data/`, or one built
/// from generators.yaml).
pub fn read(package: &Package, data: &Path) -> ToolTests {
    let mut tests = ToolTests::default();
    for (folder, cases) in [
        ("invalid_input", &mut tests.invalid_inputs),
        ("invalid_answer", &mut tests.invalid_answers),
        ("invalid_output", &mut tests.invalid_outputs),
        ("valid_output", &mut tests.valid_outputs),
    ] {
        // The plural spellings are older drafts' names for the same folders.
        for name in [folder.to_string(), format!("{folder}s")] {
            collect(&data.join(&name), &name, cases);
        }
    }
    for test in &package.tests {
        if let Some(out) = &test.valid_output {
            tests.valid_outputs.push(ToolCase {
                name: format!("{}.out", test.name),
                input: test.input.clone(),
                answer: test.answer.clone(),
                output: Some(out.clone()),
            });
        }
    }
    let mut ignored = Vec::new();
    tests.answer_validators = list_programs(
        &package.dir.join("answer_validators"),
        "answer_validators",
        &mut ignored,
    )
    .into_iter()
    .map(|p| Tool::new("answer validator", &p.path).planned(build_plan_of(&p.path)))
    .collect();
    tests
}

/// Every `.in` file under `dir` (shown as `shown`), with the `.ans` and `.out` beside it.
fn collect(dir: &Path, shown: &str, cases: &mut Vec<ToolCase>) {
    for (name, path) in sorted_entries(dir) {
        let name = name.to_string_lossy();
        if path.is_dir() {
            collect(&path, &format!("{shown}/{name}"), cases);
            continue;
        }
        let Some(stem) = name.strip_suffix(".in") else {
            continue;
        };
        let beside = |ext: &str| Some(path.with_extension(ext)).filter(|p| p.is_file());
        cases.push(ToolCase {
            name: format!("{shown}/{stem}"),
            input: path.clone(),
            answer: beside("ans"),
            output: beside("out"),
        });
    }
}
