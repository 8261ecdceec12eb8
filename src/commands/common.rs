//! What several commands share: finding the problem a command names, building the candidate,
//! and turning a fault into the one-line error a user sees.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{print_json, print_out, Outcome};
use crate::build::{self, BuildError, BuildOptions, Declared, Program, Source};
use crate::catalog::Catalog;
use crate::error::{Fault, UsageError};
use crate::judge::grading_model::Grading;
use crate::options::{CandidateOptions, CandidateSource, ProblemSpec};
use crate::problem::{adhoc, folder, Problem};
use crate::programs::grader::{Grader, NotUsable};
use crate::report::CompileErrorReport;
use crate::run::FileIo;
use crate::stress::store::FailureStore;

use super::time_limit;

/// The problem a command names: a built-in id, a problem folder, or ad-hoc programs. A folder
/// without a time limit keeps a placeholder: commands that run a candidate use
/// [`resolve_for_runs`].
pub fn resolve_problem(spec: &ProblemSpec) -> Result<Arc<dyn Problem>, UsageError> {
    let catalog = Catalog::builtin();
    let is_folder = spec.name.as_deref().is_some_and(folder::names_a_folder);
    if spec.ad_hoc.testset.is_some() && !is_folder {
        return Err(not_polygon_testset(
            spec.name.as_deref().unwrap_or("an ad-hoc problem"),
        ));
    }
    match &spec.name {
        Some(name) if folder::names_a_folder(name) => Ok(Arc::new(
            folder::load(Path::new(name), &spec.ad_hoc)?.problem,
        )),
        None if spec.ad_hoc.any() => Ok(Arc::new(adhoc::problem(&spec.ad_hoc)?)),
        Some(name) => {
            let problem = catalog.find(name)?;
            if spec.ad_hoc.any() {
                return Err(UsageError::new(format!(
                    "`{name}` is a built-in problem: --gen, --ref, --checker, --validator and \
                     --tests are for problems of your own"
                )));
            }
            if !spec.ad_hoc.file_io.is_standard() {
                return Ok(builtin_with_file_io(name, &spec.ad_hoc.file_io));
            }
            Ok(problem)
        }
        None => Err(UsageError::new(
            "give a PROBLEM (a built-in id or a problem folder) or an ad-hoc problem \
             (--gen/--ref/--tests)",
        )),
    }
}

/// The one-line error of `--testset` given for a problem that has no testsets (only a Polygon
/// package has).
pub fn not_polygon_testset(name: &str) -> UsageError {
    UsageError::new(format!(
        "--testset: `{name}` is not a Polygon package (only a problem.xml has testsets)"
    ))
}

/// The built-in problem `name` (known to exist) with its solutions using file I/O.
pub fn builtin_with_file_io(name: &str, file_io: &FileIo) -> Arc<dyn Problem> {
    let builtin = crate::catalog::builtins()
        .into_iter()
        .find(|b| b.info().id == name)
        .expect("the catalog found it");
    let Ok(builtin) = Arc::try_unwrap(builtin) else {
        unreachable!("a freshly made built-in is not shared")
    };
    Arc::new(builtin.with_file_io(file_io.clone()))
}

/// The problem a command that runs `candidate` names; a problem folder without a time limit
/// gets one from its accepted submissions unless `--time-limit` was given.
///
/// Every program the command will need (the checker and validators; with `stressing`, the
/// generators and the reference) is built first, so one that does not build stops the command
/// before anything runs.
pub fn resolve_for_runs(
    spec: &ProblemSpec,
    candidate: &CandidateOptions,
    stressing: bool,
) -> Result<Arc<dyn Problem>, UsageError> {
    resolve_graded(spec, candidate, stressing).map(|r| r.problem)
}

/// A problem resolved for runs, with how a scoring problem grades a candidate.
pub struct Resolved {
    /// The problem, its tools built.
    pub problem: Arc<dyn Problem>,
    /// A scoring problem folder's grading rules (`None` for a built-in problem or a pass-fail
    /// folder).
    pub grading: Option<Grading>,
    /// Its custom grader, built, when some group asks for one and it can run here.
    pub grader: Option<Grader>,
    /// What the report should say about the grader (it cannot be built here).
    pub notes: Vec<String>,
    /// An olympiad task's subtasks (`None` for every other problem).
    pub subtasks: Option<crate::judge::subtasks::SubtaskModel>,
}

/// The custom grader at `path` of the problem `name`, built as `plan` says, for `judge` and
/// `verify` alike: one that cannot run on this machine leaves the custom groups to the default
/// grader's rules (said in `notes`), one that is broken is the package's error.
pub fn prepare_grader(
    name: &str,
    path: &Path,
    plan: Result<crate::build::BuildPlan, String>,
    notes: &mut Vec<String>,
) -> Result<Option<Grader>, UsageError> {
    match Grader::prepare(path, plan) {
        Ok(grader) => Ok(Some(grader)),
        Err(NotUsable::Unavailable(why)) => {
            notes.push(format!(
                "{why}; the groups with grading: custom are graded by the default grader's rules"
            ));
            Ok(None)
        }
        Err(NotUsable::Broken(why)) => Err(UsageError::new(format!("{name}: {why}"))),
    }
}

/// [`resolve_for_runs`] keeping a scoring folder's grading rules and custom grader, so
/// `judge` scores a candidate as `verify` scores a submission.
pub fn resolve_graded(
    spec: &ProblemSpec,
    candidate: &CandidateOptions,
    stressing: bool,
) -> Result<Resolved, UsageError> {
    let tools_error = |f| fault_error(Fault::judge(f, "", None), None);
    match &spec.name {
        Some(name) if folder::names_a_folder(name) => {
            let mut loaded = folder::load(Path::new(name), &spec.ad_hoc)?;
            if stressing {
                // The folder's guessed generator must behave as one before it runs in place.
                if let Some(failure) = loaded
                    .problem
                    .drop_guessed_generators_that_fail(false)
                    .pop()
                {
                    return Err(UsageError::new(format!(
                        "{name}: no stress generator: {failure}; name one in {} or give --gen",
                        crate::problem::STRESS_CONFIG_FILE
                    )));
                }
            }
            loaded.problem.build_tools(stressing).map_err(tools_error)?;
            if candidate.time_limit.is_none() {
                time_limit::settle(&mut loaded, candidate.jobs, candidate.isolation)?;
            }
            let grading = loaded.grading.take().filter(Grading::is_scored);
            let mut notes = Vec::new();
            let grader = match loaded.grader.take().filter(|_| grading.is_some()) {
                Some((path, plan)) => prepare_grader(name, &path, plan, &mut notes)?,
                None => None,
            };
            Ok(Resolved {
                subtasks: loaded.subtasks.take(),
                problem: Arc::new(loaded.problem),
                grading,
                grader,
                notes,
            })
        }
        _ => {
            let problem = resolve_problem(spec)?;
            problem.build_tools(stressing).map_err(tools_error)?;
            Ok(Resolved {
                problem,
                grading: None,
                grader: None,
                notes: Vec::new(),
                subtasks: None,
            })
        }
    }
}

/// The generator kind a command asked for, checked against the problem's kinds; `None` picks
/// `random` when the problem has it, else its first kind.
pub fn pick_kind(problem: &dyn Problem, asked: Option<&str>) -> Result<String, UsageError> {
    let info = problem.info();
    if info.kinds.is_empty() {
        return Err(UsageError::new(format!(
            "{} has no generator (give one with --gen)",
            info.id
        )));
    }
    match asked {
        Some(kind) if info.kinds.iter().any(|k| k == kind) => Ok(kind.to_string()),
        Some(kind) => Err(UsageError::new(format!(
            "unknown kind `{kind}` for {} (known: {})",
            info.id,
            info.kinds.join(", ")
        ))),
        None => Ok(info
            .kinds
            .iter()
            .find(|k| *k == "random")
            .unwrap_or(&info.kinds[0])
            .clone()),
    }
}

/// Builds the candidate: a file, folder or executable, or a `--cmd` shell command.
///
/// A `--cmd` command runs from the directory stressjudge was started in, so relative paths in
/// it mean what they mean in the user's shell; a program of a language the table builds by
/// commands runs in its own build folder (see [`Program::run_in`]); every other candidate
/// starts in a fresh empty directory.
///
/// A submission of a problem package gets the package's included files (`include/`) and its
/// 2025-09 `constants` substituted (see [`crate::problem::package_build_for`]), and is built
/// in the language and from the entry point its package declares for it, as `verify` builds
/// it (see [`declared_for`]).
///
/// With `--sanitize`, a C or C++ candidate is built with the sanitizers (see
/// [`build::sanitize`]); a toolchain without them is a usage error, and any other language is
/// built as usual, with a note saying so.
pub fn build_candidate(candidate: &CandidateOptions) -> Result<Program, BuildError> {
    let source = &candidate.source;
    let declared = match source {
        CandidateSource::Path(path) => declared_for(path)?,
        CandidateSource::Command(_) => Declared::default(),
    };
    let options = BuildOptions {
        sanitize: candidate.sanitize,
        ..BuildOptions::default_for_user()
    };
    if candidate.sanitize {
        if let Err(why) = build::sanitize::sanitizers_available() {
            return Err(BuildError::Usage(UsageError::new(format!(
                "--sanitize: {why}"
            ))));
        }
    }
    let program = build_submission_with(source, &declared, &options)?;
    if candidate.sanitize && !program.sanitized {
        eprintln!(
            "stressjudge: note: --sanitize applies to C and C++ only; {} ({}) runs as usual",
            program.display_name, program.language
        );
    }
    Ok(program)
}

/// The Python 3 interpreter a built Python 3 `program` from `source` runs with and why
/// (`PyPy 7.3.11 (/usr/bin/pypy3), as Kattis and problemtools run Python 3`), for reports to
/// name; `None` for every other language and for a command.
pub fn python_named(program: &Program, source: &CandidateSource) -> Option<String> {
    let CandidateSource::Path(path) = source else {
        return None;
    };
    (program.language == build::Language::Python).then(|| {
        let python = crate::problem::python_for(path);
        build::interpreter_for(
            python.as_deref(),
            crate::problem::python_reason_for(path).as_deref(),
            BuildOptions::default_for_user().compile_timeout,
        )
    })
}

/// What the package a program at `path` belongs to declares about building it
/// (`submissions.yaml`'s `language` and `entrypoint`, DOMjudge's `submissions.json`; see
/// [`crate::problem::build_declared_for`]); nothing for a program outside a package. A
/// package file that cannot be read is the user's error (exit 2).
pub fn declared_for(path: &Path) -> Result<Declared, UsageError> {
    crate::problem::build_declared_for(path)
}

/// [`build_candidate`] for a problem package's submission whose package declares its language
/// or entry point (`submissions.yaml`, DOMjudge's `submissions.json`).
pub fn build_submission(
    source: &CandidateSource,
    declared: &Declared,
) -> Result<Program, BuildError> {
    build_submission_with(source, declared, &BuildOptions::default_for_user())
}

/// [`build_submission`] with the build options `options`.
fn build_submission_with(
    source: &CandidateSource,
    declared: &Declared,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    match source {
        CandidateSource::Path(path) => {
            let source = Source::File(path.clone());
            let package = crate::problem::package_build_for(path);
            let mut declared = declared.clone();
            if declared.constants.is_empty() {
                declared.constants = package.declared.constants;
            }
            if declared.python.is_none() {
                declared.python = package.declared.python;
            }
            match package.include {
                Some(include) => build::build_with_included(&source, &include, &declared, options),
                None => build::build_declared(&source, &declared, options),
            }
        }
        CandidateSource::Command(cmd) => {
            let here = std::env::current_dir().map_err(|e| {
                BuildError::Usage(UsageError::new(format!(
                    "cannot read the current directory: {e}"
                )))
            })?;
            let script = format!(
                "cd {} || exit 127\n{cmd}",
                crate::shell::quote(&here.to_string_lossy())
            );
            let mut program =
                build::build(&Source::Command(script), &BuildOptions::default_for_user())?;
            program.display_name = format!("cmd: {cmd}");
            // The command runs from here, so a sandbox must show it (read-only), and the
            // programs and files it names by absolute path.
            program.readonly_paths.push(here);
            program.readonly_paths.extend(absolute_paths_named(cmd));
            Ok(program)
        }
    }
}

/// A candidate built, or the outcome of one that did not compile, already reported.
pub enum Built {
    /// Ready to run (boxed: far larger than an outcome).
    Program(Box<Program>),
    /// A compile error, reported as verdict CE (exit 1).
    Reported(Outcome),
}

/// Builds the candidate of `stress` or `repro`; a compile error is reported (text or JSON) as
/// verdict CE, a missing toolchain or file is a usage error.
pub fn build_or_report(
    candidate: &CandidateOptions,
    problem: &str,
    json: bool,
) -> Result<Built, UsageError> {
    match build_candidate(candidate) {
        Ok(program) => Ok(Built::Program(Box::new(program))),
        Err(BuildError::Usage(e)) => Err(e),
        Err(BuildError::Unavailable(why)) => Err(unavailable(&candidate.name(), &why)),
        Err(BuildError::Compile(message)) => {
            report_compile_error(problem, &candidate.name(), &message, json).map(Built::Reported)
        }
    }
}

/// Prints a compile error (text or JSON) and returns the failed outcome.
pub fn report_compile_error(
    problem: &str,
    solution: &str,
    message: &str,
    json: bool,
) -> Result<Outcome, UsageError> {
    let report = CompileErrorReport {
        problem: problem.to_string(),
        solution: solution.to_string(),
        message: message.to_string(),
        isolation: crate::run::process_isolation(),
    };
    if json {
        print_json(report.to_json())?;
    } else {
        print_out(&report.text())?;
    }
    Ok(Outcome::Failed)
}

/// The existing absolute paths among the words of a shell command (quotes stripped), e.g. the
/// `/opt/tool/bin/solve` of `/opt/tool/bin/solve --fast < in`.
fn absolute_paths_named(command: &str) -> Vec<PathBuf> {
    command
        .split_whitespace()
        .map(|word| word.trim_matches(|c| c == '\'' || c == '"'))
        .filter(|word| word.starts_with('/'))
        .map(PathBuf::from)
        .filter(|path| path.exists())
        .collect()
}

/// The one-line error for a fault. A judge error's input is saved under `save_dir` (when
/// given) and the file named, so the user can run their tool on it.
pub fn fault_error(fault: Fault, save_dir: Option<&Path>) -> UsageError {
    match fault {
        Fault::Judge(e) => {
            let mut message = e.to_string();
            if let (Some(input), Some(dir)) = (&e.input, save_dir) {
                let saved = FailureStore::open(dir)
                    .map_err(|e| e.to_string())
                    .and_then(|store| {
                        store
                            .write("judge-error.in", input.as_bytes())
                            .map_err(|e| e.to_string())
                    });
                match saved {
                    Ok(path) => message.push_str(&format!("; input saved to {}", path.display())),
                    Err(why) => message.push_str(&format!("; the input could not be saved: {why}")),
                }
            }
            UsageError::new(message)
        }
        Fault::Harness(message) => UsageError::new(format!("harness fault: {message}")),
        Fault::Interrupted => UsageError::new("interrupted"),
    }
}

/// A stress needs a generator (without a reference it judges crashes, time and memory).
pub fn require_generator(problem: &dyn Problem) -> Result<(), UsageError> {
    let info = problem.info();
    if info.kinds.is_empty() {
        return Err(UsageError::new(format!(
            "{} has no generator: give one with --gen",
            info.id
        )));
    }
    Ok(())
}

/// The error for a candidate whose language has no toolchain here: not the candidate's fault.
pub fn unavailable(name: &str, why: &str) -> UsageError {
    UsageError::new(format!("cannot build {name}: {why}"))
}

/// Checks, before anything runs, the folders every run needs: the folder sandboxes put their
/// files in (`/dev/shm`, else `$TMPDIR`) must take a file, or nothing can run (a one-line error
/// naming it, exit 2). A `$TMPDIR` that cannot be written while `/dev/shm` serves the runs, and
/// a working folder that no longer exists, are notes: the rest can run.
pub fn check_folders() -> Result<(), UsageError> {
    let temp = std::env::temp_dir();
    let runs = crate::run::run_root();
    let probe = |dir: &Path| crate::cache_entry::probe_writable(dir).map_err(|e| e.to_string());
    if let Err(why) = probe(&runs) {
        return Err(UsageError::new(format!(
            "the temporary folder {} cannot be written ({why}): runs need it; set TMPDIR to a \
             writable folder",
            runs.display()
        )));
    }
    if runs != temp {
        if let Err(why) = probe(&temp) {
            eprintln!(
                "stressjudge: note: the temporary folder {} cannot be written ({why}); runs use \
                 {} instead",
                temp.display(),
                runs.display()
            );
        }
    }
    if let Err(e) = std::env::current_dir() {
        eprintln!(
            "stressjudge: note: the working folder cannot be read ({e}); paths relative to it \
             cannot be found"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn absolute_paths_a_command_names_are_found() {
        assert_eq!(
            super::absolute_paths_named("'/bin/sh' -c x < /nonexistent/in >/tmp/out /usr"),
            vec![
                std::path::PathBuf::from("/bin/sh"),
                std::path::PathBuf::from("/usr")
            ]
        );
    }
}
