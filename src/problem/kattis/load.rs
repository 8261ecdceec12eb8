//! A Kattis / ICPC problem folder (read by [`crate::problem::kattis`]) in the one problem
//! [`Shape`], run as a [`ProgramsProblem`]: its tests, input validators, output validator (or the default one with
//! the folder's flags), limits, and its stress setup (generators and reference). Flags given on
//! the command line (`--gen`, `--ref`, `--checker`, ...) replace the folder's parts.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::generated_data::BuiltData;
use crate::build::find_on_path;
use crate::error::UsageError;
use crate::options::AdHocParts;
use crate::problem::adhoc::{self, existing, tests_dir};
use crate::problem::folder::Folder;
use crate::problem::kattis::{self, InputValidatorKind, OutputValidation, Package};
use crate::problem::kattis::{DEFAULT_VALIDATION_MEMORY_MIB, DEFAULT_VALIDATION_PASSES};
use crate::problem::shape::{AnswerRules, Shape, TestFile};
use crate::problem::{Limits, Origin, ProblemInfo, TimeLimitOrigin};
use crate::programs::checker::Checker;
use crate::programs::generator::{self, Generator};
use crate::programs::interactor::{Convention, Interactor};
use crate::programs::tool::Tool;
use crate::programs::validator::InputValidator;
use crate::programs::ProgramsProblem;

/// Time limit shown until one is derived (a folder without `time_limit`), never used to judge.
const UNSET_TIME_LIMIT: Duration = Duration::from_secs(1);

/// How a batch Kattis package's programs are limited in memory, for the notes (see
/// [`ProblemInfo::address_space_limit`]): submissions to the memory limit, the input validators
/// and a custom grader to problemtools' default, the output validator to
/// `limits.validation_memory` (`validation_mib`).
fn address_space_note(validation_mib: u64) -> String {
    format!(
        "memory: as problemtools runs submissions, each one's address space is limited to the \
         memory limit (RLIMIT_AS, the stack unlimited), except Java, Kotlin, Scala, Common \
         Lisp, build/run folders and executables, which problemtools exempts, and runtimes that \
         reserve address space up front (Go, JavaScript, TypeScript, C#, F#, Dart, Julia, \
         Erlang, Elixir, Haskell); the input validators' and a custom grader's to \
         {DEFAULT_VALIDATION_MEMORY_MIB} MiB and the output validator's to \
         limits.validation_memory ({validation_mib} MiB), with the same exemptions; the \
         sandbox's memory limit stays the hard bound"
    )
}

/// How an interactive Kattis package's programs are limited in memory, for the notes.
const INTERACTIVE_ADDRESS_SPACE_NOTE: &str = "memory: as problemtools runs an interactive \
     problem (its `interactive` runner, which it exempts from RLIMIT_AS), neither the submission \
     nor the output validator has its address space limited; the input validators' is (1024 \
     MiB); the sandbox's memory limit stays the hard bound";

/// Loads the Kattis / ICPC problem folder `dir`, with `overrides` replacing its parts.
pub fn load(dir: &Path, overrides: &AdHocParts) -> Result<Folder, UsageError> {
    let config = dir.join(kattis::STRESS_CONFIG_FILE);
    let package = kattis::load(dir).map_err(|e| UsageError::new(e.to_string()))?;
    // Before anything of the folder is built (generated_data builds its generators).
    crate::build::use_folder_build_limits(package.stress.build_limits, &config);
    check_type(&package)?;
    let (package, data_notes, built, data_root) = generated_data(dir, package)?;
    let mut notes: Vec<String> = package.notices.clone();
    notes.extend(data_notes);
    // Relative to the current directory, and shown as the user wrote it (not `./gen.py`).
    let here = Path::new("");
    let generators = match &overrides.generator {
        Some(_) => generator::from_parts(overrides, here)?,
        // Without a stressjudge.yaml, the commands of generators.yaml that take `{seed}` (a
        // BAPCtools generator does not take a seed first, so no other program is a kind).
        None if package.stress.config_file.is_none() && package.generation.is_some() => {
            super::generated_data::stress_kinds(package.generation.as_ref().expect("checked"))?
                .into_iter()
                .filter(|(_, generator)| {
                    !built.as_ref().is_some_and(|b| {
                        b.failed_programs
                            .iter()
                            .any(|p| generator.tool().path().ends_with(p))
                    })
                })
                .collect()
        }
        None => package
            .stress
            .generators
            .iter()
            .map(|g| {
                let generator = Generator::new(g.command.clone());
                let generator = if g.guessed {
                    generator.guessed(format!(
                        "taken by convention: no {} names a generator",
                        kattis::STRESS_CONFIG_FILE
                    ))
                } else {
                    generator
                };
                (g.kind.clone(), generator)
            })
            .collect(),
    };
    let references = match &overrides.reference {
        Some(path) => vec![existing("--ref", path)?],
        // An interactive problem's accepted submissions talk to the interactor: they cannot
        // answer an input alone, so only a reference named for it (stressjudge.yaml) writes
        // answer files; without one they are empty.
        None if package.problem_type.interactive || package.problem_type.multi_pass => package
            .stress
            .reference
            .iter()
            .map(|p| p.path.clone())
            .collect(),
        None => references(&package),
    };
    let mut validators = input_validators(&package, &mut notes);
    // A task `listen` received is judged by its own site, not by problemtools.
    let problemtools_rule = !crate::problem::companion::layout::written_by_listen(dir);
    if problemtools_rule {
        for validator in &mut validators {
            validator
                .tool_mut()
                .limit_address_space(DEFAULT_VALIDATION_MEMORY_MIB << 20);
        }
    }
    for path in &overrides.validators {
        validators.push(InputValidator::new(
            &existing("--validator", path)?,
            Vec::new(),
        ));
    }
    let (mut checker, checker_args) = checker(&package, overrides, &mut notes)?;
    let interactor = folder_interactor(&package, &checker, overrides)?;
    let given_checker = overrides.checker.is_some() || overrides.output_validator.is_some();
    if problemtools_rule && interactor.is_none() && !given_checker {
        if let Some(tool) = checker.tool_mut() {
            tool.limit_address_space(package.limits.validation_memory_mib_or_default() << 20);
        }
    }
    let tests = match &overrides.tests {
        Some(dir) => tests_dir::load(dir)?,
        None => test_files(&package, &checker_args),
    };
    for test in &tests {
        if let Some(args) = &test.checker_args {
            checker.check_args(
                args,
                &format!("{}: test {}", package.dir.display(), test.name),
            )?;
        }
    }
    checker.check_args(&checker_args, &package.dir.display().to_string())?;
    // The flags replace the folder's stressjudge.yaml names per stream, as for Polygon.
    let file_io = overrides.file_io.over(&package.stress.file_io);
    if !file_io.is_standard() {
        notes.push(format!("file I/O: each solution {file_io}"));
    }
    // problemtools runs an interactive problem's submission and output validator under its
    // `interactive` runner (`judge/execute.py`), an executable it exempts from the limit
    // (`run/executable.py`), and neither inherits one.
    let address_space_limit = problemtools_rule && interactor.is_none();
    if address_space_limit {
        notes.push(address_space_note(
            package.limits.validation_memory_mib_or_default(),
        ));
    } else if problemtools_rule {
        notes.push(INTERACTIVE_ADDRESS_SPACE_NOTE.to_string());
    }
    let rule = package.limits.rule;
    let (time, time_limit_rule) = match &package.limits.time_limit {
        Some(fixed) => (fixed.limit, None),
        None => (UNSET_TIME_LIMIT, Some(rule)),
    };
    let info = ProblemInfo {
        id: dir.display().to_string(),
        title: package.name.clone(),
        limits: Limits {
            time,
            memory_bytes: package.limits.memory_mib_or_default() << 20,
        },
        output_limit_bytes: Some(package.limits.output_mib_or_default() << 20),
        kinds: Vec::new(),
        generator_name: String::new(),
        has_reference: !references.is_empty(),
        time_limit_origin: if time_limit_rule.is_some() {
            TimeLimitOrigin::Pending
        } else {
            TimeLimitOrigin::Given
        },
        notes,
        origin: Origin::Folder(dir.to_path_buf()),
        // Submissions may not create files where they run unless the package allows it.
        file_io: crate::run::FileIo {
            read_only_dir: !package.allow_file_writing,
            ..file_io
        },
        address_space_limit,
    };
    let mut shape = Shape {
        info,
        generators,
        kind_settings: Vec::new(),
        references: references
            .iter()
            .map(|p| Tool::new("reference", p))
            .collect(),
        validators,
        checker,
        checker_args,
        interactor,
        tests,
        left_out: built.map(|b| b.left_out).unwrap_or_default(),
        answers: AnswerRules::default(),
    };
    super::build_plan::declare_builds(&mut shape);
    let mut tool_tests = kattis::tool_tests::read(&package, &data_root.join("data"));
    // The package format's samples are the tests of `data/sample/`.
    tool_tests.samples = Some(
        (shape.tests.iter())
            .filter(|t| t.name.starts_with("sample/"))
            .map(|t| t.name.clone())
            .collect(),
    );
    let problem = ProgramsProblem::new(shape);
    Ok(Folder {
        problem,
        submissions: package.submissions,
        time_limit_rule,
        rule,
        points: None,
        submissions_root: dir.join("submissions"),
        submissions_place: dir.join("submissions").display().to_string(),
        grader: package
            .grader
            .as_ref()
            .map(|g| (g.path.clone(), super::build_plan::build_plan_of(&g.path))),
        grading: package.grading,
        subtasks: None,
        lower_bound_from_accepted_only: package.format == kattis::FormatVersion::Legacy,
        tool_tests,
    })
}

/// A package with a BAPCtools `generators.yaml`: its tests are the data built from the plan
/// (laid out in this process's working folder), as `bt run` regenerates `data/` before it
/// judges; a committed `data/` is compared with it (a note says what differs) and judged
/// instead only when the plan cannot be built. The folder whose `data/` is judged comes back too.
fn generated_data(
    dir: &Path,
    package: Package,
) -> Result<(Package, Vec<String>, Option<BuiltData>, PathBuf), UsageError> {
    let own = dir.to_path_buf();
    let Some(plan) = &package.generation else {
        return Ok((package, Vec::new(), None, own));
    };
    let committed = !kattis::data_missing(dir);
    let built = match super::generated_data::build(&package, plan) {
        Ok(built) => built,
        Err(e) if committed => {
            let note = format!(
                "data/ could not be built from generators.yaml ({e}); the committed data/ is judged"
            );
            return Ok((package, vec![note], None, own));
        }
        Err(e) => return Err(e),
    };
    // Nothing left to judge: say why, not that the laid-out data/ is empty.
    if built.cases == 0 && !built.left_out.is_empty() {
        return Err(UsageError::new(format!(
            "{}: no test case could be made from generators.yaml: {}",
            dir.display(),
            built.left_out.join("; ")
        )));
    }
    let mut notes = Vec::new();
    if committed {
        notes.push(super::generated_data::compare(&built, &dir.join("data")).describe());
    }
    notes.extend(built.from_committed.iter().cloned());
    notes.extend(built.left_out.iter().cloned());
    if !built.unanswered.is_empty() {
        notes.push(format!(
            "{} test case(s) have no answer and are not judged, as `bt run` skips them \
             (`solution:` is empty and no .ans is given): {}",
            built.unanswered.len(),
            built.unanswered.join(", ")
        ));
    }
    let root = crate::programs::test_build::scratch_folder(&format!(
        "generated-{}",
        crate::cache_entry::sha256_hex(dir.display().to_string().as_bytes())
    ))
    .map_err(|e| UsageError::new(format!("cannot lay out the generated data/: {e}")))?;
    super::generated_data::write(&built, &root.join("data"))?;
    let reread = kattis::load_with_data(dir, &root).map_err(|e| UsageError::new(e.to_string()))?;
    notes.push(format!(
        "data/: built from generators/generators.yaml ({} test case(s), cached by content; \
         `stressjudge generate {}` writes it)",
        built.cases,
        dir.display()
    ));
    Ok((reread, notes, Some(built), root))
}

/// The stress reference (from `stressjudge.yaml`, else the first accepted submission), then the
/// other accepted submissions in name order, to fall back on when it cannot be built here.
fn references(package: &Package) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = package
        .stress
        .reference
        .iter()
        .map(|p| p.path.clone())
        .collect();
    for submission in &package.submissions {
        if submission.is_accepted() && !paths.contains(&submission.program.path) {
            paths.push(submission.program.path.clone());
        }
    }
    paths
}

/// stressjudge judges batch, interactive and multi-pass problems: a submit-answer folder is
/// refused up front.
fn check_type(package: &Package) -> Result<(), UsageError> {
    if package.problem_type.submit_answer {
        return Err(UsageError::new(format!(
            "{}: the problem is submit-answer; stressjudge judges programs only",
            package.dir.display()
        )));
    }
    Ok(())
}

/// The judge's side of an interactive or multi-pass folder: its output validator (or the
/// `--interactor` given), `None` for a batch problem.
fn folder_interactor(
    package: &Package,
    checker: &Checker,
    overrides: &AdHocParts,
) -> Result<Option<Interactor>, UsageError> {
    if let Some(given) = adhoc::interactor(overrides)? {
        return Ok(Some(given));
    }
    let kind = &package.problem_type;
    if !kind.interactive && !kind.multi_pass {
        return Ok(None);
    }
    let Some(validator) = checker.tool() else {
        return Err(UsageError::new(format!(
            "{}: the problem is interactive or multi-pass but has no output validator",
            package.dir.display()
        )));
    };
    let path = validator.path();
    Ok(Some(if kind.multi_pass {
        let passes = package
            .limits
            .validation_passes
            .unwrap_or(DEFAULT_VALIDATION_PASSES);
        Interactor::multi_pass(path, kind.interactive, passes as usize)
    } else {
        Interactor::interactive(path, Convention::Kattis)
    }))
}

/// The folder's input validators: programs, and checktestdata scripts when `checktestdata` is
/// installed (skipped with a note otherwise); VIVA scripts, and programs needing a tool's
/// header that is not here (BAPCtools' `validation.h`), are skipped with a note.
fn input_validators(package: &Package, notes: &mut Vec<String>) -> Vec<InputValidator> {
    let mut validators = Vec::new();
    for validator in &package.input_validators {
        let name = validator.program.name.clone();
        let args = package
            .root_input_validator_args
            .for_validator(&name)
            .to_vec();
        match &validator.kind {
            InputValidatorKind::Program => {
                // Like a missing checktestdata: the validator is left out, the others run.
                match crate::build::missing_tool_header(&validator.program.path) {
                    Some(why) => notes.push(format!(
                        "input validator {} skipped: {why} (the other validators still run)",
                        validator.program.path.display()
                    )),
                    None => validators.push(InputValidator::new(&validator.program.path, args)),
                }
            }
            InputValidatorKind::Checktestdata(script) => match checktestdata() {
                Some(binary) => {
                    // 2025-09 constants apply to validators (`INT(1, {{n_max}})`).
                    let script = match crate::build::with_constants(script, &package.constants) {
                        Ok(script) => script,
                        Err(e) => {
                            notes.push(format!(
                                "input validator {} skipped: {e}",
                                validator.program.path.display()
                            ));
                            continue;
                        }
                    };
                    validators.push(InputValidator::script(
                        &binary,
                        &script,
                        args,
                        format!("input validator {}", validator.program.path.display()),
                    ));
                }
                None => notes.push(format!(
                    "input validator {} skipped: checktestdata is not installed (nor pyctd, its \
                     Python reimplementation; the other validators still run)",
                    validator.program.path.display()
                )),
            },
            InputValidatorKind::Viva(_) => notes.push(format!(
                "input validator {} skipped: VIVA scripts are not supported (the other \
                 validators still run)",
                validator.program.path.display()
            )),
        }
    }
    validators
}

/// The program that runs `.ctd` scripts: DOMjudge's `checktestdata`, else `pyctd` (the
/// `checktestdata` package on PyPI, a reimplementation with the same command line and exit
/// codes: 0 valid, 1 invalid; Debian 12 no longer packages the original).
///
/// `pyctd` on `PATH` may be a version manager's shim, which cannot run where the sandbox hides
/// the user's home: the script installed beside the real Python interpreter is taken instead.
fn checktestdata() -> Option<std::path::PathBuf> {
    find_on_path("checktestdata").or_else(|| {
        let on_path = find_on_path("pyctd")?;
        let beside_python = crate::build::python_interpreter()
            .ok()
            .map(|(python, _, _)| python.with_file_name("pyctd"))
            .filter(|script| script.is_file());
        Some(beside_python.unwrap_or(on_path))
    })
}

/// The checker and its arguments for generated inputs.
fn checker(
    package: &Package,
    overrides: &AdHocParts,
    notes: &mut Vec<String>,
) -> Result<(Checker, Vec<String>), UsageError> {
    if let Some(path) = &overrides.checker {
        return Ok((Checker::testlib(&existing("--checker", path)?), Vec::new()));
    }
    let args = package.root_output_validator_args.clone();
    if let Some(path) = &overrides.output_validator {
        return Ok((
            Checker::kattis(&existing("--output-validator", path)?),
            args,
        ));
    }
    Ok(match &package.output_validation {
        OutputValidation::Default => (Checker::Default, args),
        OutputValidation::Custom(programs) => {
            if programs.len() > 1 {
                notes.push(format!(
                    "{} output validators; only the first, {}, is used",
                    programs.len(),
                    programs[0].path.display()
                ));
            }
            (Checker::kattis(&programs[0].path), args)
        }
    })
}

/// The folder's tests, each with its own checker arguments when they differ from the root's.
fn test_files(package: &Package, root_args: &[String]) -> Vec<TestFile> {
    package
        .tests
        .iter()
        .map(|t| TestFile {
            name: t.name.clone(),
            input: t.input.clone(),
            answer: t.answer.clone(),
            checker_args: (t.output_validator_args != root_args)
                .then(|| t.output_validator_args.clone()),
            interaction: t.interaction.clone(),
        })
        .collect()
}
