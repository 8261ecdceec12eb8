//! An Italian-format task (read by [`super::read`]) in the one problem [`Shape`](crate::problem::shape::Shape), run as a
//! [`ProgramsProblem`](crate::programs::ProgramsProblem): its tests built as task-maker-rust builds them (each GEN line's
//! arguments to the generator, `#COPY:` files, or the fixed `input/` files), each validated as
//! `valida INPUT SUBTASK`, answered by the official solution (or `output/outputN.txt` without
//! one), judged by the CMS checker or white-diff; its solutions with their `@check` promises
//! and its subtasks for scoring ([`crate::judge::subtasks`]). `stress` runs one generator
//! kind per subtask with generated tests, named after it ([`stress_kinds`]).
//!
//! A generator that fails, an input the validator rejects, or a missing file is the task's
//! fault: one line naming the GEN line and the test, exit 2, never a candidate's verdict.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::build::{BuildLimits, BuildOptions, BuildPlan};
use crate::error::UsageError;
use crate::judge::expectation_model::Expectation;
use crate::judge::subtasks::{Subtask, SubtaskModel};
use crate::options::AdHocParts;
use crate::problem::adhoc::existing;
use crate::problem::folder::Folder;
use crate::problem::olympiad_folder::{olympiad_folder, OlympiadTask};
use crate::problem::program::Program;
use crate::problem::shape::TestFile;
use crate::problem::submission::Submission;

use crate::programs::checker::Checker;
use crate::programs::generator::{Generator, SeedArgs};
use crate::programs::sandboxes::ToolSandboxes;
use crate::programs::test_build::{self, Recipe, TestStore};
use crate::programs::tool::{Tool, ToolArg, ToolLimits};
use crate::programs::validator::InputValidator;
use crate::run::FileIo;

use super::{ItalianTask, TestSource};

/// Loads the Italian-format task `dir`, with `overrides` replacing its parts.
pub fn load(dir: &Path, overrides: &AdHocParts) -> Result<Folder, UsageError> {
    crate::build::use_folder_build_limits(
        BuildLimits::default(),
        &dir.join(crate::problem::kattis::STRESS_CONFIG_FILE),
    );
    let task = super::read(dir).map_err(|e| UsageError::new(e.to_string()))?;
    let mut notes = task.notices.clone();
    let task_io = FileIo::named(task.infile.clone(), task.outfile.clone()).map_err(|why| {
        UsageError::new(format!(
            "{}: infile/outfile: {why}",
            dir.join(super::TASK_YAML).display()
        ))
    })?;
    let file_io = overrides.file_io.over(&task_io);
    if !file_io.is_standard() {
        notes.push(format!("file I/O: each solution {file_io}"));
    }
    let grader_plan = grader_plan(&task).map_err(UsageError::new)?;
    if !task.graders.is_empty() {
        notes.push(format!(
            "graders {} are compiled with every solution of their language",
            names(dir, &task.graders)
        ));
    }

    let sandboxes = ToolSandboxes::new();
    let limits = ToolLimits::default();
    let store = TestStore::open(&BuildOptions::default_for_user().cache_dir);
    let tests = build_tests(&task, &sandboxes, &limits, &store)?;
    validate_tests(&task, &tests, &sandboxes, &limits)?;

    let checker = match (&overrides.checker, &task.checker) {
        (Some(path), _) => Checker::cms(&existing("--checker", path)?),
        (None, Some(path)) => Checker::cms(path),
        (None, None) => {
            notes.push("no checker: outputs are compared by CMS's white-diff".into());
            Checker::WhiteDiff
        }
    };
    let reference = match &overrides.reference {
        Some(path) => Some(existing("--ref", path)?),
        None => task.reference.clone(),
    };
    let mut references: Vec<Tool> = reference
        .iter()
        .map(|p| Tool::new("reference", p))
        .collect();
    for tool in &mut references {
        tool.set_plan(Ok(grader_plan.clone()));
    }
    let submissions = (task.solutions.iter())
        .map(|s| Submission {
            program: Program::at(&s.path),
            category: "sol".to_string(),
            expected: promised(s, task.reference.as_deref()),
            language: None,
            entrypoint: None,
            expectation_source: format!("@check comments of {}", relative(dir, &s.path)),
        })
        .collect();
    let task = OlympiadTask {
        title: task.title.clone(),
        limits: crate::problem::Limits {
            time: task.time_limit,
            memory_bytes: task.memory_bytes,
        },
        file_io,
        notes,
        generators: stress_kinds(&task),
        references,
        validators: stress_validators(&task),
        checker,
        tests,
        submissions,
        submissions_place: "sol/",
        subtasks: subtask_model(&task),
    };
    olympiad_folder(task, dir, overrides)
}

/// The subtasks of `task` as scoring sees them, with its solutions' promises.
pub fn subtask_model(task: &ItalianTask) -> SubtaskModel {
    SubtaskModel {
        subtasks: (task.subtasks.iter().enumerate())
            .map(|(i, s)| Subtask {
                name: s.name.clone(),
                points: s.points,
                tests: (task.tests_of(i).iter()).map(ToString::to_string).collect(),
            })
            .collect(),
        score_type: task.score_type,
        precision: task.precision,
        checks: (task.solutions.iter())
            .map(|s| {
                let mut checks = s.checks.clone();
                // The official solution writes the answers: without promises of its own it
                // promises every subtask accepted (stressjudge's rule; task-maker-rust checks
                // nothing without a comment).
                if checks.is_empty() && Some(&s.path) == task.reference.as_ref() {
                    checks.push(crate::judge::subtasks::SubtaskCheck {
                        promise: crate::judge::subtasks::Promise::Accepted,
                        pattern: "*".to_string(),
                        origin: "the official solution".to_string(),
                    });
                }
                (s.path.clone(), checks)
            })
            .collect(),
    }
}

/// What a solution promises beyond its subtask promises (which verify checks with the
/// subtasks): a solution that makes some must compile; one that makes none (and is not the
/// official solution) promises nothing, as in task-maker-rust (`not_compile.cpp` of its test
/// tasks).
fn promised(solution: &super::ItalianSolution, reference: Option<&Path>) -> Expectation {
    let is_reference = Some(solution.path.as_path()) == reference;
    let free = solution.checks.is_empty() && !is_reference;
    Expectation {
        rules: Vec::new(),
        verdict_any_of: free.then(|| {
            use crate::judge::Verdict::*;
            [AC, WA, TLE, RE, MLE, OLE, CE].into_iter().collect()
        }),
        partial_score: false,
        graded_final: None,
        label: label(&solution.checks, is_reference),
    }
}

/// A short label of a solution's promises: `AC` when it promises every subtask accepted,
/// else its promises (`AC samples, TLE big`), `-` when it makes none.
fn label(checks: &[crate::judge::subtasks::SubtaskCheck], reference: bool) -> String {
    if checks.is_empty() {
        return if reference { "AC".into() } else { "-".into() };
    }
    let short = |p: crate::judge::subtasks::Promise| match p.name() {
        "accepted" => "AC",
        "partial-score" => "PS",
        "wrong-answer" => "WA",
        "time-limit-exceeded" => "TLE",
        "memory-limit-exceeded" => "MLE",
        "runtime-error" => "RTE",
        _ => "ZR",
    };
    if checks.iter().all(|c| c.promise.name() == "accepted")
        && checks.iter().any(|c| c.pattern == "*")
    {
        return "AC".into();
    }
    (checks.iter())
        .map(|c| format!("{} {}", short(c.promise), c.pattern))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The test files: generated inputs built (cached by content), copied and fixed inputs as
/// they are; a generator that fails is the task's error naming its GEN line.
fn build_tests(
    task: &ItalianTask,
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
) -> Result<Vec<TestFile>, UsageError> {
    // One tool per generator (cases.gen may name several), built once.
    let mut generators: Vec<Tool> = Vec::new();
    for test in &task.tests {
        if let TestSource::Generated { generator, .. } = &test.source {
            if !generators.iter().any(|g| g.path() == generator) {
                generators.push(Tool::labelled(
                    "generator",
                    generator,
                    relative(&task.dir, generator),
                ));
            }
        }
    }
    let mut recipes = Vec::new();
    for test in &task.tests {
        if let TestSource::Generated { generator, args } = &test.source {
            let tool = (generators.iter())
                .find(|g| g.path() == generator)
                .expect("every generator has its tool");
            recipes.push(Recipe {
                name: format!("test {} ({})", test.index, test.origin),
                generator: tool,
                args: args.clone(),
            });
        }
    }
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut built =
        test_build::build_inputs_each(&recipes, sandboxes, limits, store, jobs).into_iter();
    let mut files = Vec::new();
    for test in &task.tests {
        let input = match &test.source {
            TestSource::File(path) => path.clone(),
            TestSource::Generated { args, .. } => match built.next().expect("one input per recipe")
            {
                Ok(path) => path,
                Err(failure) => {
                    return Err(UsageError::new(format!(
                        "{}: {} (`{}`, test {}): {failure}",
                        task.dir.display(),
                        test.origin,
                        args.join(" "),
                        test.index
                    )))
                }
            },
        };
        files.push(TestFile {
            name: test.index.to_string(),
            input,
            answer: test.answer.clone(),
            checker_args: None,
            interaction: None,
        });
    }
    Ok(files)
}

/// Runs each test's subtask validator on it (GEN's `valida INPUT SUBTASK`, 1-based subtask;
/// cases.gen's declared call), with task-maker-rust's `TM_SUBTASK`, `TM_SUBTASK_NAME` and
/// `TM_TESTCASE` set; a rejected input is the task's error naming the test, its line and the
/// validator's words.
fn validate_tests(
    task: &ItalianTask,
    files: &[TestFile],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
) -> Result<(), UsageError> {
    let validators: Vec<Option<InputValidator>> = (task.subtasks.iter())
        .map(|s| s.validator.as_ref().map(input_validator))
        .collect();
    for (test, file) in task.tests.iter().zip(files) {
        let input = std::fs::read_to_string(&file.input).map_err(|e| {
            UsageError::new(format!(
                "{} (test {}, {}): not UTF-8 text or unreadable: {e}",
                file.input.display(),
                test.index,
                test.origin
            ))
        })?;
        let at = format!(
            "{}: test {} ({}, subtask {})",
            task.dir.display(),
            test.index,
            test.origin,
            test.subtask + 1
        );
        let Some(validator) = &validators[test.subtask] else {
            continue;
        };
        let env = [("TM_TESTCASE".to_string(), test.index.to_string())];
        match validator.validate_with(sandboxes, limits, input.as_bytes(), &env) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => return Err(UsageError::new(format!("{at}: {why}"))),
            Err(failure) => return Err(UsageError::new(format!("{at}: {failure}"))),
        }
    }
    Ok(())
}

/// The generator kinds `stress` runs: one per subtask with generated tests, named after the
/// subtask, running the generator with the arguments of the subtask's last GEN line and its
/// last whole-number argument replaced by the seed (GEN lines end with the seed by
/// convention; a line without a number gets the seed appended).
fn stress_kinds(task: &ItalianTask) -> Vec<(String, Generator)> {
    let mut kinds = Vec::new();
    for (i, subtask) in task.subtasks.iter().enumerate() {
        let last = (task.tests.iter().rev())
            .filter(|t| t.subtask == i)
            .find_map(|t| match &t.source {
                TestSource::Generated { generator, args } => Some((generator, args.clone())),
                TestSource::File(_) => None,
            });
        if let Some((path, args)) = last {
            let seeded: SeedArgs = Arc::new(move |seed| with_seed(&args, seed));
            kinds.push((
                subtask.name.clone(),
                Generator::with_seed_args(path, seeded),
            ));
        }
    }
    kinds
}

/// `args` with its last whole-number argument replaced by `seed` (appended without one).
fn with_seed(args: &[String], seed: u64) -> Vec<String> {
    let mut words = args.to_vec();
    match words.iter().rposition(|w| w.parse::<u64>().is_ok()) {
        Some(i) => words[i] = seed.to_string(),
        None => words.push(seed.to_string()),
    }
    words
}

/// The validator of generated stress inputs: the last subtask's (whose constraints are the
/// task's own, by the usual order of subtasks).
fn stress_validators(task: &ItalianTask) -> Vec<InputValidator> {
    (task.subtasks.last().and_then(|s| s.validator.as_ref()))
        .map(input_validator)
        .into_iter()
        .collect()
}

/// A subtask's validator as the programs step runs it.
fn input_validator(validator: &super::SubtaskValidator) -> InputValidator {
    let args = (validator.args.iter())
        .map(|a| match a {
            super::ValidatorArg::Input => {
                ToolArg::File(crate::programs::validator::INPUT_FILE.into())
            }
            super::ValidatorArg::Text(text) => ToolArg::Text(text.clone()),
        })
        .collect();
    InputValidator::with_arguments(&validator.path, args, validator.env.clone())
}

/// How the task's solutions are built: with its graders and stubs when it has any.
fn grader_plan(task: &ItalianTask) -> Result<BuildPlan, String> {
    Ok(BuildPlan {
        include: super::graders::include_root(&task.graders)?,
        ..BuildPlan::default()
    })
}

fn names(dir: &Path, paths: &[PathBuf]) -> String {
    (paths.iter())
        .map(|p| relative(dir, p))
        .collect::<Vec<_>>()
        .join(", ")
}

fn relative(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_is_the_last_whole_number() {
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(with_seed(&words("1000 10 7"), 42), words("1000 10 42"));
        assert_eq!(with_seed(&words("7 tree"), 42), words("42 tree"));
        assert_eq!(with_seed(&words("tree"), 42), words("tree 42"));
    }
}
