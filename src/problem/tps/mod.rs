//! IOI's Task Preparation System (TPS, `github.com/ioi-2017/tps`) tasks, read into plain data:
//! nothing here builds or runs a program ([`load`] puts the task in the one problem shape).
//!
//! A folder with `problem.json` beside `subtasks.json` (or `gen/data`, or `solutions.json`)
//! and neither `problem.yaml` nor `problem.xml` is such a task:
//!
//! - `problem.json`: names, type (`Batch` or `Communication`), limits, switches
//!   ([`problem_json`]);
//! - `subtasks.json`: subtasks by `index`, their scores and validators ([`subtasks_json`]);
//! - `gen/data`: the tests of each subtask, made by `gen/NAME.*` generators (testlib), copied
//!   from `gen/manual/` or from a file ([`gen_data`]);
//! - `validator/`: the validators `subtasks.json` names, each reading the input on stdin;
//! - `solution/`: the solutions, with their verdicts in `solutions.json`
//!   ([`solutions_json`]); the `model_solution` writes the answers;
//! - `grader/<language>/`: the graders compiled with every solution of that language
//!   ([`graders`]); `grader/manager.*`: a Communication task's manager;
//! - `checker/checker.*`: the checker, called `checker INPUT ANSWER OUTPUT`, printing its
//!   score on stdout and its verdict on stderr as CMS checkers do (TPS's `invoke_test.sh`).
//!
//! `OutputOnly` and `TwoSteps` tasks are refused with one line.

pub mod details;
pub mod gen_data;
pub mod graders;
pub mod json_lines;
pub mod load;
pub mod problem_json;
pub mod solutions_json;
pub mod subtasks_json;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::judge::subtasks::{Promise, SubtaskCheck};
use crate::judge::tps_verdicts::TpsVerdict;
use crate::problem::kattis::PackageError;
use json_lines::JsonFile;
pub use problem_json::TaskType;

/// The file that makes a folder a TPS task.
pub const PROBLEM_JSON: &str = "problem.json";

/// Whether `dir` is a TPS task: `problem.json` with `subtasks.json`, `gen/data` or
/// `solutions.json`, and without `problem.yaml` or `problem.xml`.
pub fn is_tps_task(dir: &Path) -> bool {
    dir.join(PROBLEM_JSON).is_file()
        && (dir.join("subtasks.json").is_file()
            || dir.join("gen").join("data").is_file()
            || dir.join("solutions.json").is_file())
        && !dir.join("problem.yaml").exists()
        && !dir.join("problem.xml").exists()
}

/// How one test's input is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestSource {
    /// The generator at this path with these arguments.
    Generated(PathBuf, Vec<String>),
    /// A file of the task (`manual`, `copy`).
    File(PathBuf),
}

/// One test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TpsTest {
    /// Its name (`1-03`), as TPS names it.
    pub name: String,
    /// How its input is made.
    pub source: TestSource,
    /// The subtasks holding it, by position in [`TpsTask::subtasks`].
    pub subtasks: Vec<usize>,
    /// Where it is written (`gen/data line 7`).
    pub origin: String,
}

/// A validator with its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TpsValidator {
    /// Its file in `validator/`.
    pub path: PathBuf,
    /// Its arguments (`{subtask}` not yet replaced).
    pub args: Vec<String>,
    /// Where it is named (`subtasks.json line 4`).
    pub origin: String,
}

/// One subtask.
#[derive(Debug, Clone, PartialEq)]
pub struct TpsSubtask {
    /// Its name.
    pub name: String,
    /// Its `index`.
    pub index: i64,
    /// Its points (`score`).
    pub points: f64,
    /// Its own validators.
    pub validators: Vec<TpsValidator>,
    /// Its tests' names, its own and included ones.
    pub tests: Vec<String>,
}

/// One solution of `solution/`.
#[derive(Debug, Clone, PartialEq)]
pub struct TpsSolution {
    /// Its file.
    pub path: PathBuf,
    /// Its verdict, when `solutions.json` names it.
    pub verdict: Option<TpsVerdict>,
    /// Its verdict on each subtask, as promises.
    pub checks: Vec<SubtaskCheck>,
}

/// A TPS task, read.
#[derive(Debug, Clone, PartialEq)]
pub struct TpsTask {
    /// The folder.
    pub dir: PathBuf,
    /// `name`, else the folder's name.
    pub name: String,
    /// `title`, else the name.
    pub title: String,
    /// Batch or Communication.
    pub task_type: TaskType,
    /// The time limit.
    pub time_limit: Duration,
    /// The memory limit in bytes.
    pub memory_bytes: u64,
    /// The subtasks, by index.
    pub subtasks: Vec<TpsSubtask>,
    /// The tests, in `gen/data` order.
    pub tests: Vec<TpsTest>,
    /// `global_validators`.
    pub global_validators: Vec<TpsValidator>,
    /// `subtask_sensitive_validators`.
    pub sensitive_validators: Vec<TpsValidator>,
    /// The model solution.
    pub model: PathBuf,
    /// Every solution of `solution/` (the model solution too), in name order.
    pub solutions: Vec<TpsSolution>,
    /// The graders by language folder (`cpp`, `java`, ...), each with its files.
    pub graders: Vec<(String, Vec<PathBuf>)>,
    /// The checker, if the task has one (else CMS's white-diff).
    pub checker: Option<PathBuf>,
    /// A Communication task's manager.
    pub manager: Option<PathBuf>,
    /// How many copies of the solution a Communication test runs.
    pub num_processes: usize,
    /// Decimals of scores.
    pub precision: u32,
    /// One line per rule applied that a user may not expect.
    pub notices: Vec<String>,
}

/// The time limit when problem.json sets none.
const DEFAULT_TIME_LIMIT: f64 = 10.0;
/// The memory limit when problem.json sets none, in MiB.
const DEFAULT_MEMORY_MIB: f64 = 1024.0;

/// Reads the TPS task at `dir`.
pub fn read(dir: &Path) -> Result<TpsTask, PackageError> {
    let problem = problem_json::parse(&JsonFile::read(&dir.join(PROBLEM_JSON))?)?;
    let mut notices = Vec::new();
    let subtasks_path = dir.join("subtasks.json");
    if !subtasks_path.is_file() {
        return Err(PackageError::at(
            &subtasks_path,
            "missing: a TPS task lists its subtasks in it",
        ));
    }
    let subtasks_file = JsonFile::read(&subtasks_path)?;
    let declared = subtasks_json::parse(&subtasks_file)?;
    let data_path = dir.join("gen").join("data");
    let data_text = std::fs::read_to_string(&data_path)
        .map_err(|e| PackageError::at(&data_path, format!("cannot be read: {e}")))?;
    let data = gen_data::parse(&data_path, &data_text)?;

    let validator_of =
        |entry: &subtasks_json::ValidatorEntry| -> Result<TpsValidator, PackageError> {
            let path = dir.join("validator").join(&entry.file);
            let at = |m: String| PackageError::new(&subtasks_path, Some(entry.line), m);
            if !path.is_file() {
                return Err(at(format!(
                "the validator `{}` is not a file of validator/ (stressjudge runs validators of the task only)",
                entry.file
            )));
            }
            crate::problem::confined::inside(dir, &path).map_err(at)?;
            Ok(TpsValidator {
                path,
                args: entry.args.clone(),
                origin: format!("subtasks.json line {}", entry.line),
            })
        };
    let mut subtasks = Vec::new();
    for entry in &declared.subtasks {
        let Some(set) = data
            .sets
            .iter()
            .find(|s| s.is_subtask && s.name == entry.name)
        else {
            return Err(PackageError::new(
                &subtasks_path,
                Some(entry.line),
                format!(
                    "subtask {} has no `@subtask {}` in gen/data",
                    entry.name, entry.name
                ),
            ));
        };
        subtasks.push(TpsSubtask {
            name: entry.name.clone(),
            index: entry.index,
            points: entry.score,
            validators: entry
                .validators
                .iter()
                .map(validator_of)
                .collect::<Result<_, _>>()?,
            tests: set.tests.clone(),
        });
    }
    if let Some(extra) =
        (data.sets.iter()).find(|s| s.is_subtask && !subtasks.iter().any(|t| t.name == s.name))
    {
        return Err(PackageError::new(
            &data_path,
            Some(extra.line),
            format!(
                "`@subtask {}` is not a subtask of subtasks.json",
                extra.name
            ),
        ));
    }
    let total: f64 = subtasks.iter().map(|s| s.points).sum();
    if (total - 100.0).abs() > 1e-9 {
        notices.push(format!("the subtasks' scores add up to {total}, not 100"));
    }
    let tests = tests_of(dir, &data_path, &data, &subtasks)?;
    let unused = tests.iter().filter(|t| t.subtasks.is_empty()).count();
    if unused > 0 {
        notices.push(format!(
            "{unused} test(s) of gen/data are in no subtask (run, but scoring nothing)"
        ));
    }

    let found_checker = program_in(dir, "checker", "checker")?;
    let has_checker = problem.has_checker.unwrap_or(match problem.task_type {
        TaskType::Batch => true,
        TaskType::Communication => found_checker.is_some(),
    });
    let checker = if has_checker {
        let found = found_checker;
        if found.is_none() {
            return Err(PackageError::at(
                &dir.join("checker"),
                "has_checker is true (TPS's default for Batch tasks) but there is no checker/checker.*",
            ));
        }
        found
    } else {
        None
    };
    let manager = if problem.has_manager {
        let found = program_in(dir, "grader", "manager")?;
        if found.is_none() {
            return Err(PackageError::at(
                &dir.join("grader"),
                "has_manager is true (TPS's default for Communication tasks) but there is no grader/manager.*",
            ));
        }
        found
    } else {
        None
    };
    if problem.task_type == TaskType::Communication && manager.is_none() {
        return Err(PackageError::at(
            &dir.join(PROBLEM_JSON),
            "a Communication task needs its manager (has_manager is false)",
        ));
    }
    let graders = if problem.has_grader {
        graders::grader_folders(dir)?
    } else {
        Vec::new()
    };
    let names: Vec<String> = subtasks.iter().map(|s| s.name.clone()).collect();
    let solutions_path = dir.join("solutions.json");
    if !solutions_path.is_file() {
        return Err(PackageError::at(
            &solutions_path,
            "missing: it names the model_solution, which writes the answers",
        ));
    }
    let entries = solutions_json::parse(&JsonFile::read(&solutions_path)?, &names)?;
    let (solutions, model) = solutions_of(
        dir,
        &solutions_path,
        &entries,
        &names,
        problem.enabled,
        &mut notices,
    )?;

    let time_limit = problem.time_limit.unwrap_or_else(|| {
        notices.push(format!(
            "problem.json sets no time_limit: {DEFAULT_TIME_LIMIT} s is used"
        ));
        DEFAULT_TIME_LIMIT
    });
    let memory_mib = problem.memory_mib.unwrap_or_else(|| {
        notices.push(format!(
            "problem.json sets no memory_limit: {DEFAULT_MEMORY_MIB} MiB is used"
        ));
        DEFAULT_MEMORY_MIB
    });
    let name = problem.name.clone().unwrap_or_else(|| {
        dir.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    Ok(TpsTask {
        dir: dir.to_path_buf(),
        title: problem.title.clone().unwrap_or_else(|| name.clone()),
        name,
        task_type: problem.task_type,
        time_limit: Duration::from_secs_f64(time_limit),
        memory_bytes: (memory_mib * 1024.0 * 1024.0) as u64,
        subtasks,
        tests,
        global_validators: declared
            .global_validators
            .iter()
            .map(validator_of)
            .collect::<Result<_, _>>()?,
        sensitive_validators: declared
            .sensitive_validators
            .iter()
            .map(validator_of)
            .collect::<Result<_, _>>()?,
        model,
        solutions,
        graders,
        checker,
        manager,
        num_processes: problem.num_processes,
        precision: problem.score_precision,
        notices,
    })
}

/// The tests of `gen/data`, each with its input's source and the subtasks holding it.
fn tests_of(
    dir: &Path,
    data_path: &Path,
    data: &gen_data::GenData,
    subtasks: &[TpsSubtask],
) -> Result<Vec<TpsTest>, PackageError> {
    let gen = dir.join("gen");
    let mut generators: Vec<(String, PathBuf)> = Vec::new();
    let mut tests = Vec::new();
    for test in &data.tests {
        let at = |m: String| PackageError::new(data_path, Some(test.line), m);
        let file = |path: PathBuf, what: &str| -> Result<TestSource, PackageError> {
            if !path.is_file() {
                return Err(at(format!(
                    "{what} {} is not a file",
                    path.strip_prefix(dir).unwrap_or(&path).display()
                )));
            }
            crate::problem::confined::inside(dir, &path).map_err(at)?;
            Ok(TestSource::File(path))
        };
        let source = match &test.command {
            gen_data::GenCommand::Manual(name) => {
                file(gen.join("manual").join(name), "manual: gen/manual/")?
            }
            gen_data::GenCommand::Copy(path) => file(gen.join(path), "copy:")?,
            gen_data::GenCommand::Generator(name, args) => {
                let path = match generators.iter().find(|(n, _)| n == name) {
                    Some((_, path)) => path.clone(),
                    None => {
                        let found = source_named(dir, &gen, name).map_err(at)?.ok_or_else(|| {
                            at(format!(
                                "`{name}` names no generator: there is no gen/{name}.* (nor a test command manual or copy)"
                            ))
                        })?;
                        generators.push((name.clone(), found.clone()));
                        found
                    }
                };
                TestSource::Generated(path, args.clone())
            }
        };
        tests.push(TpsTest {
            name: test.name.clone(),
            source,
            subtasks: (subtasks.iter().enumerate())
                .filter(|(_, s)| s.tests.contains(&test.name))
                .map(|(i, _)| i)
                .collect(),
            origin: format!("gen/data line {}", test.line),
        });
    }
    Ok(tests)
}

/// The source file `folder/stem.*` (not a build: `.exe`, `.o`, ...), if there is one; two
/// sources are ambiguous.
fn source_named(dir: &Path, folder: &Path, stem: &str) -> Result<Option<PathBuf>, String> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            name.split_once('.').is_some_and(|(s, _)| s == stem)
                && !matches!(
                    ext,
                    "exe" | "o" | "out" | "log" | "class" | "h" | "hpp" | "pyc"
                )
                && !name.ends_with('~')
        })
        .collect();
    found.sort();
    match found.as_slice() {
        [] => Ok(None),
        [one] => {
            crate::problem::confined::inside(dir, one)?;
            Ok(Some(one.clone()))
        }
        many => Err(format!(
            "more than one source named {stem}: {}",
            many.iter()
                .map(|p| p.strip_prefix(dir).unwrap_or(p).display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The program `folder/stem.*` of the task, if there is one.
fn program_in(dir: &Path, folder: &str, stem: &str) -> Result<Option<PathBuf>, PackageError> {
    let at = dir.join(folder);
    source_named(dir, &at, stem).map_err(|why| PackageError::at(&at, why))
}

/// The solutions of `solution/` with their verdicts as promises per subtask, and the model
/// solution.
fn solutions_of(
    dir: &Path,
    solutions_path: &Path,
    entries: &[solutions_json::SolutionEntry],
    subtasks: &[String],
    enabled: problem_json::Enabled,
    notices: &mut Vec<String>,
) -> Result<(Vec<TpsSolution>, PathBuf), PackageError> {
    let folder = dir.join("solution");
    for entry in entries {
        let path = folder.join(&entry.file);
        if !path.is_file() {
            return Err(PackageError::new(
                solutions_path,
                Some(entry.line),
                format!("solution/{} is not a file", entry.file),
            ));
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            !name.starts_with('.')
                && !name.ends_with('~')
                && !matches!(
                    ext,
                    "h" | "hpp" | "hh" | "txt" | "md" | "exe" | "o" | "class" | "pyc"
                )
        })
        .collect();
    files.sort();
    let mut solutions = Vec::new();
    let mut unlisted = Vec::new();
    let mut model = None;
    let mut disabled = Vec::new();
    for path in files {
        crate::problem::confined::inside(dir, &path).map_err(|why| PackageError::at(&path, why))?;
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let entry = entries.iter().find(|e| e.file == file);
        let is_model = entry.is_some_and(|e| e.verdict == TpsVerdict::ModelSolution);
        if let Some((false, key)) = enabled.allows(ext) {
            if !is_model {
                disabled.push(format!("{file} ({key})"));
                continue;
            }
        }
        let Some(entry) = entry else {
            unlisted.push(file);
            solutions.push(TpsSolution {
                path,
                verdict: None,
                checks: Vec::new(),
            });
            continue;
        };
        if entry.verdict == TpsVerdict::ModelSolution {
            model = Some(path.clone());
        }
        let checks = (subtasks.iter())
            .map(|subtask| {
                let (verdict, line) = (entry.except.iter())
                    .find(|(s, _, _)| s == subtask)
                    .map_or((entry.verdict, entry.line), |(_, v, l)| (*v, *l));
                SubtaskCheck {
                    promise: Promise::Tps(verdict),
                    pattern: subtask.clone(),
                    origin: format!("solutions.json line {line}"),
                }
            })
            .collect();
        solutions.push(TpsSolution {
            path,
            verdict: Some(entry.verdict),
            checks,
        });
    }
    if !disabled.is_empty() {
        notices.push(format!(
            "not run, their language not enabled in problem.json: {}",
            disabled.join(", ")
        ));
    }
    if !unlisted.is_empty() {
        notices.push(format!(
            "solutions.json gives no verdict to {}: run, promising nothing",
            unlisted.join(", ")
        ));
    }
    let model = model.expect("solutions.json has one model_solution, a file checked above");
    Ok((solutions, model))
}

#[cfg(test)]
mod tests;
