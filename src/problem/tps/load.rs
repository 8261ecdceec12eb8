//! A TPS task (read by [`super::read`]) in the one problem [`Shape`](crate::problem::shape::Shape), run as a
//! [`ProgramsProblem`](crate::programs::ProgramsProblem): its tests built as TPS's `gen` builds them (each `gen/data` line's
//! generator with its arguments, `manual` and `copy` files), each validated by the global
//! validators once and by the validators of every subtask holding it (TPS's
//! `get_test_validators.py`: `validator < INPUT`), answered by the model solution compiled
//! with its grader, judged by the checker (CMS's protocol, which TPS's testlib speaks) or
//! white-diff; its solutions with their `solutions.json` verdicts per subtask, and its
//! subtasks scored as IOI scores them (`GroupMin`). `stress` runs one generator kind per
//! subtask with generated tests, named after it ([`stress_kinds`]).
//!
//! A generator that fails, an input a validator rejects, or a missing file is the task's
//! fault: one line naming the `gen/data` line and the test, exit 2, never a candidate's verdict.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::build::{BuildLimits, BuildOptions, BuildPlan};
use crate::error::UsageError;
use crate::judge::expectation_model::Expectation;
use crate::judge::subtasks::{ScoreType, Subtask, SubtaskModel};
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
use crate::programs::tool::{Tool, ToolLimits};
use crate::programs::validator::InputValidator;
use crate::run::FileIo;

use super::{TaskType, TestSource, TpsTask, TpsValidator};

/// IOI's subtasks score the least of their tests' fractions (CMS's `GroupMin`), to
/// `score_precision` decimals (2 unless problem.json says, as TPS's CMS export writes it).
const SCORE_TYPE: ScoreType = ScoreType::GroupMin;

/// Loads the TPS task `dir`, with `overrides` replacing its parts.
pub fn load(dir: &Path, overrides: &AdHocParts) -> Result<Folder, UsageError> {
    crate::build::use_folder_build_limits(
        BuildLimits::default(),
        &dir.join(crate::problem::kattis::STRESS_CONFIG_FILE),
    );
    let task = super::read(dir).map_err(|e| UsageError::new(e.to_string()))?;
    if task.task_type == TaskType::Communication {
        return Err(UsageError::new(format!(
            "{}: a Communication task (the solution talking to grader/manager over FIFOs) is not supported yet",
            dir.join(super::PROBLEM_JSON).display()
        )));
    }
    let mut notes = task.notices.clone();
    let grader_plan = BuildPlan {
        include: super::graders::include_root(&task.graders).map_err(UsageError::new)?,
        ..BuildPlan::default()
    };
    if !task.graders.is_empty() {
        notes.push(format!(
            "graders grader/{} are compiled with every solution of their language",
            (task.graders.iter())
                .map(|(l, _)| l.as_str())
                .collect::<Vec<_>>()
                .join(", grader/")
        ));
    }
    let file_io = overrides.file_io.over(&FileIo::default());

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
        Some(path) => existing("--ref", path)?,
        None => task.model.clone(),
    };
    let mut model = Tool::new("reference", &reference);
    model.set_plan(Ok(grader_plan.clone()));
    let submissions = (task.solutions.iter())
        .map(|s| Submission {
            program: Program::at(&s.path),
            category: "solution".to_string(),
            expected: promised(s),
            language: None,
            entrypoint: None,
            expectation_source: match s.verdict {
                Some(_) => format!("solutions.json ({})", relative(dir, &s.path)),
                None => "none: solutions.json does not name it".to_string(),
            },
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
        references: vec![model],
        validators: stress_validators(&task),
        checker,
        tests,
        submissions,
        submissions_place: "solution/",
        subtasks: subtask_model(&task),
    };
    olympiad_folder(task, dir, overrides)
}

/// The subtasks of `task` as scoring sees them, with its solutions' verdicts per subtask.
pub fn subtask_model(task: &TpsTask) -> SubtaskModel {
    SubtaskModel {
        subtasks: (task.subtasks.iter())
            .map(|s| Subtask {
                name: s.name.clone(),
                points: s.points,
                tests: s.tests.clone(),
            })
            .collect(),
        score_type: SCORE_TYPE,
        precision: task.precision,
        checks: (task.solutions.iter())
            .map(|s| (s.path.clone(), s.checks.clone()))
            .collect(),
    }
}

/// What a solution promises beyond its verdicts per subtask (which verify checks with the
/// subtasks): one that `solutions.json` names must compile; one it does not name promises
/// nothing.
fn promised(solution: &super::TpsSolution) -> Expectation {
    use crate::judge::Verdict::*;
    Expectation {
        rules: Vec::new(),
        verdict_any_of: solution
            .verdict
            .is_none()
            .then(|| [AC, WA, TLE, RE, MLE, OLE, CE].into_iter().collect()),
        partial_score: false,
        graded_final: None,
        label: label(solution),
    }
}

/// A short label of a solution's verdicts: `correct`, `incorrect (slow: correct)`, `-`.
fn label(solution: &super::TpsSolution) -> String {
    let Some(verdict) = solution.verdict else {
        return "-".into();
    };
    let except: Vec<String> = (solution.checks.iter())
        .filter(|c| c.promise != crate::judge::subtasks::Promise::Tps(verdict))
        .map(|c| format!("{}: {}", c.pattern, c.promise.name()))
        .collect();
    if except.is_empty() {
        verdict.name().to_string()
    } else {
        format!("{} ({})", verdict.name(), except.join(", "))
    }
}

/// The test files: generated inputs built (cached by content), `manual` and `copy` inputs as
/// they are; a generator that fails is the task's error naming its `gen/data` line.
fn build_tests(
    task: &TpsTask,
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
) -> Result<Vec<TestFile>, UsageError> {
    let mut tools: Vec<(PathBuf, Tool)> = Vec::new();
    for test in &task.tests {
        if let TestSource::Generated(path, _) = &test.source {
            if !tools.iter().any(|(p, _)| p == path) {
                tools.push((path.clone(), Tool::new("generator", path)));
            }
        }
    }
    let mut recipes = Vec::new();
    for test in &task.tests {
        if let TestSource::Generated(path, args) = &test.source {
            let tool = &tools.iter().find(|(p, _)| p == path).expect("made above").1;
            recipes.push(Recipe {
                name: format!("test {} ({})", test.name, test.origin),
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
            TestSource::Generated(path, args) => {
                match built.next().expect("one input per recipe") {
                    Ok(input) => input,
                    Err(failure) => {
                        return Err(UsageError::new(format!(
                            "{}: {} (`{} {}`, test {}): {failure}",
                            task.dir.display(),
                            test.origin,
                            relative(&task.dir, path),
                            args.join(" "),
                            test.name
                        )))
                    }
                }
            }
        };
        files.push(TestFile {
            name: test.name.clone(),
            input,
            answer: None,
            checker_args: None,
            interaction: None,
        });
    }
    Ok(files)
}

/// The validators a test passes: the global ones, then each subtask's own (each once, as
/// TPS's `get_test_validators.py` lists them), then the subtask-sensitive ones once per
/// subtask holding the test, with `{subtask}` replaced by its name.
fn validators_of(task: &TpsTask, subtasks: &[usize]) -> Vec<(TpsValidator, String)> {
    let mut found: Vec<(TpsValidator, String)> = Vec::new();
    let mut add = |v: &TpsValidator, args: Vec<String>, what: String| {
        let mut v = v.clone();
        v.args = args;
        if !found
            .iter()
            .any(|(o, _)| o.path == v.path && o.args == v.args)
        {
            found.push((v, what));
        }
    };
    for v in &task.global_validators {
        add(v, v.args.clone(), "global validator".into());
    }
    for &i in subtasks {
        for v in &task.subtasks[i].validators {
            add(
                v,
                v.args.clone(),
                format!("validator of subtask {}", task.subtasks[i].name),
            );
        }
    }
    for &i in subtasks {
        let name = &task.subtasks[i].name;
        for v in &task.sensitive_validators {
            let args = v
                .args
                .iter()
                .map(|a| a.replace("{subtask}", name))
                .collect();
            add(v, args, format!("subtask-sensitive validator for {name}"));
        }
    }
    found
}

/// Runs every test's validators on it (`validator ARGS < INPUT`); a rejected input is the
/// task's error naming the test, its line, the validator and its words.
fn validate_tests(
    task: &TpsTask,
    files: &[TestFile],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
) -> Result<(), UsageError> {
    for (test, file) in task.tests.iter().zip(files) {
        let validators = validators_of(task, &test.subtasks);
        if validators.is_empty() {
            continue;
        }
        let input = std::fs::read_to_string(&file.input).map_err(|e| {
            UsageError::new(format!(
                "{} (test {}, {}): not UTF-8 text or unreadable: {e}",
                file.input.display(),
                test.name,
                test.origin
            ))
        })?;
        for (v, what) in validators {
            let at = format!(
                "{}: test {} ({}): {what} {} ({})",
                task.dir.display(),
                test.name,
                test.origin,
                relative(&task.dir, &v.path),
                v.origin
            );
            let validator = InputValidator::new(&v.path, v.args.clone());
            match validator.validate(sandboxes, limits, &input) {
                Ok(Ok(())) => {}
                Ok(Err(why)) => return Err(UsageError::new(format!("{at}: {why}"))),
                Err(failure) => return Err(UsageError::new(format!("{at}: {failure}"))),
            }
        }
    }
    Ok(())
}

/// The generator kinds `stress` runs: one per subtask with generated tests, named after the
/// subtask, running the generator of the subtask's last generated test with that test's
/// arguments and the seed appended. TPS's generators are testlib's, whose `registerGen` seeds
/// its random numbers from the whole command line: an extra last argument is a new seed, and a
/// generator reads only the arguments it knows (the task's own lines often end in such a
/// word, `gencode ... 1`).
fn stress_kinds(task: &TpsTask) -> Vec<(String, Generator)> {
    let mut kinds = Vec::new();
    for (i, subtask) in task.subtasks.iter().enumerate() {
        let last = (task.tests.iter().rev())
            .filter(|t| t.subtasks.contains(&i))
            .find_map(|t| match &t.source {
                TestSource::Generated(path, args) => Some((path.clone(), args.clone())),
                TestSource::File(_) => None,
            });
        if let Some((path, args)) = last {
            let seeded: SeedArgs = Arc::new(move |seed| {
                let mut words = args.clone();
                words.push(seed.to_string());
                words
            });
            kinds.push((
                subtask.name.clone(),
                Generator::with_seed_args(&path, seeded),
            ));
        }
    }
    kinds
}

/// The validators of generated stress inputs: those of the last subtask (by index), whose
/// constraints are the task's own by the usual order of subtasks, with the global ones.
fn stress_validators(task: &TpsTask) -> Vec<InputValidator> {
    let last: Vec<usize> = task.subtasks.len().checked_sub(1).into_iter().collect();
    (validators_of(task, &last).into_iter())
        .map(|(v, _)| InputValidator::new(&v.path, v.args))
        .collect()
}

fn relative(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).display().to_string()
}
