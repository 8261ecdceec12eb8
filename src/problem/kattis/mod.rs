//! Problem folders in the Kattis / ICPC problem package format, legacy and 2023-07, read into
//! plain data: nothing here builds or runs a program.
//!
//! [`load()`] reads a folder into a [`Package`]: name, format version, limits, how output is
//! validated, the tests of `data/sample` then `data/secret`, the input and output validators,
//! the generators, the submissions with the verdicts their folders promise, and the stress
//! setup. What makes the folder unusable is a [`PackageError`] naming the file, the line and
//! the fault; anything merely skipped or unknown is a one-line notice in [`Package::notices`].
//!
//! # What is read, and where the rules come from
//!
//! The legacy format (`problem_format_version` absent, `legacy` or `legacy-icpc`) and the
//! 2023-07 family (`2023-07-draft`, `2023-07`, and `2025-09`, which is what 2023-07-draft became)
//! follow the Kattis problem package format specifications and problemtools:
//!
//! - `problem.yaml` is required by both versions (an empty file is a valid legacy one). `name`
//!   is a string or (2023-07) a map of language to name; the English one, else the first, is
//!   shown, and the folder name when there is none.
//! - Limits: `limits.time_limit` in seconds (2023-07; also read in legacy folders), else a
//!   `.timelimit` file or `timelimit=` in `domjudge-problem.ini` (BAPCtools / DOMjudge), else
//!   none: the time limit is derived from the slowest accepted submission by
//!   [`crate::problem::time_limit_rule::TimeLimitRule::time_limit`], problemtools' rule. `limits.memory` and `limits.output` in
//!   MiB (defaults 2048 and 8, the format's typical system defaults).
//! - Output validation: legacy `validation: default | custom [interactive] [score]` with
//!   `validator_flags`, and programs in `output_validators/`; 2023-07 `type` and one program
//!   in `output_validator/`. Without a custom validator the Kattis default validator compares
//!   (`crate::compare::default_validator`), with each test's `output_validator_args`.
//! - Validator arguments per test: problem.yaml's legacy `validator_flags`, then the closest
//!   `testdata.yaml` (legacy and early 2023-07 drafts) or `test_group.yaml` (2023-07 / 2025-09)
//!   key `output_validator_flags` / `output_validator_args`, inherited key by key from parent
//!   folders as problemtools does, then a test's own `<name>.yaml`. Likewise
//!   `input_validator_flags` / `input_validator_args` (a list, or a map of validator name to list).
//! - Tests: every `.in` under `data/sample` then `data/secret` (subfolders allowed, tests and
//!   subfolders in byte order of their names, as problemtools sorts and the spec says
//!   "lexicographical"), named like `sample/1` or `secret/group1/03-max`. The `.ans` is noted
//!   when present; `.out` (an output that must be accepted) and `.interaction` (statement
//!   sample of an interactive problem) are recorded; hints, descriptions, images and
//!   `.statement` / `.download` variants are left alone; `.files` folders (file I/O) are skipped
//!   with a notice. Empty inputs are tests.
//! - Programs are single files or folders. `input_validators/` (and the deprecated
//!   `input_format_validators/`) entries may be checktestdata `.ctd` or VIVA `.viva` scripts,
//!   alone or in a folder of their own. Submissions are `submissions/<category>/<program>`
//!   with the expectations of [`submissions::expectation`].
//! - Folders the format does not define are notices, as are format folders this loader does not
//!   use (`static_validator/`). `include/` is the build step's (see
//!   [`include_folder_of`]).
//! - `graders/` (legacy scoring problems): its one program is [`Package::grader`], which the
//!   groups with `grading: custom` are graded by (problemtools' `Graders`).
//!
//! - 2025-09 `constants` ([`constants`]): substituted in `test_group.yaml` here, in programs
//!   (validators, submissions, included files) by the build step.
//! - BAPCtools' `generators/generators.yaml` is read into a plan ([`generators_yaml`]); when
//!   `data/` holds no test, the tests are empty here and the test-building step builds them
//!   from the plan, then [`load_with_data`] reads the built `data/`.
//!
//! Read by modules of their own: expectations (`submissions.yaml`, `submissions.json`,
//! `@EXPECTED_RESULTS@`, folder names: [`submissions`], read into
//! [`crate::judge::expectation_model`]) and scoring ([`scoring`]).
//!
//! # The stress configuration: `stressjudge.yaml`
//!
//! (README text.) `stress` needs a reference (its output is the expected answer) and a generator
//! (it prints an input for a seed). A plain problem folder needs no extra file: the generator is
//! the one program in `generators/` (or the one named `gen.*` there), run as kind `random`, and
//! the reference is the first program of `submissions/accepted/` in name order. To choose them,
//! put a `stressjudge.yaml` beside `problem.yaml`:
//!
//! ```yaml
//! reference: submissions/accepted/brute.py
//! generators:
//!   small: generators/gen.py 10 10
//!   large: generators/gen.py 200000 1000000000
//!   trees: generators/tree.cpp --n 1000 --seed {seed}
//! ```
//!
//! - `reference`: a program (a file or a folder) relative to the problem folder.
//! - `generators`: kind name to command. A command is a program relative to the problem folder
//!   followed by its arguments (a string, with '...' or "..." around a word holding spaces, or
//!   a list of words). The seed is passed first (`gen.py SEED 10 10`, as in `./gen $i`), unless
//!   an argument holds `{seed}`, which is replaced by the seed. Kind names are lowercase letters,
//!   digits, `-` and `_`; `all` is reserved.
//! - Both keys are optional: a missing one falls back to the convention above. Any other key,
//!   a program that does not exist or a malformed command is an error naming the file, the line
//!   and the key.

pub mod build_plan;
pub mod constants;
pub mod domjudge;
pub(crate) mod domjudge_scoring;
mod error;
pub mod folder_names;
pub mod generated_data;
pub mod generators_yaml;
mod included;
mod limits;
pub mod load;
mod map_keys;
mod metadata;
mod programs;
pub mod python_choice;
pub mod scoring;
mod stress_config;
pub mod submissions;
pub mod submissions_yaml;
mod testdata;
pub mod tool_tests;
mod typed;
mod yaml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::build::Constants;
use crate::judge::grading_model::Grading;
use crate::problem::program::Program;
use crate::problem::submission::Submission;
pub use constants::constants_of;
pub use error::PackageError;
pub use included::include_folder_of;
pub use limits::{
    default_time_limit_rule, FixedTimeLimit, Limits, TimeLimitSource, DEFAULT_MEMORY_MIB,
    DEFAULT_OUTPUT_MIB, DEFAULT_VALIDATION_MEMORY_MIB, DEFAULT_VALIDATION_PASSES,
};
pub use metadata::ProblemType;
pub use programs::{InputValidator, InputValidatorKind};
pub use stress_config::{GeneratorKind, StressSetup, DEFAULT_KIND, STRESS_CONFIG_FILE};
pub use submissions::declaration_of;
pub use testdata::{sample_interactions, TestCase, ValidatorArgs};

/// The version family of the problem package format a folder uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FormatVersion {
    /// `legacy` (the default) or `legacy-icpc`.
    Legacy,
    /// `2023-07-draft`, `2023-07`, and its successor `2025-09`.
    V2023_07,
}

/// How outputs are judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputValidation {
    /// The Kattis default validator, with each test's `output_validator_args` as its flags.
    Default,
    /// Custom output validator programs (legacy may have several; all must accept). Each is
    /// run as `validator INPUT ANSWER FEEDBACK_DIR [ARGS] < OUTPUT`, exit 42 AC, 43 WA.
    Custom(Vec<Program>),
}

/// A problem folder, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Package {
    /// The folder, as given to [`load()`].
    pub dir: PathBuf,
    /// The short id: the folder's name.
    pub id: String,
    /// The display name: problem.yaml's `name` (English, else the first language), else the id.
    pub name: String,
    /// Every name by language code (`""` for a legacy name without a language).
    pub names: BTreeMap<String, String>,
    /// The format version family.
    pub format: FormatVersion,
    /// `problem_format_version` as written, if it was.
    pub declared_version: Option<String>,
    /// Interactive, scoring, multi-pass or submit-answer, if any.
    pub problem_type: ProblemType,
    /// Whether submissions may create files in their working directory (2025-09
    /// `allow_file_writing`; `false` unless it says `true`, in every format version: DOMjudge
    /// and Kattis run submissions where they cannot write).
    pub allow_file_writing: bool,
    /// Time, memory and output limits.
    pub limits: Limits,
    /// How outputs are judged.
    pub output_validation: OutputValidation,
    /// Output validator arguments for an input outside `data/` (a generated one): problem.yaml's
    /// `validator_flags` and those of `data/testdata.yaml` / `data/test_group.yaml`.
    pub root_output_validator_args: Vec<String>,
    /// Input validator arguments for an input outside `data/`, from the `data/` root file.
    pub root_input_validator_args: ValidatorArgs,
    /// The tests: `data/sample`, then `data/secret`, in name order.
    pub tests: Vec<TestCase>,
    /// The input validators, in name order (both `input_validators/` and
    /// `input_format_validators/`).
    pub input_validators: Vec<InputValidator>,
    /// The programs in `generators/`, in name order.
    pub generators: Vec<Program>,
    /// BAPCtools' `generators/generators.yaml`, if present.
    pub generators_yaml: Option<PathBuf>,
    /// What `generators/generators.yaml` says `data/` holds, read (see [`generators_yaml`]).
    pub generation: Option<generators_yaml::GenerationPlan>,
    /// Whether the tests were read from a `data/` built from `generators.yaml` rather than the
    /// folder's own (see [`load_with_data`]).
    pub data_generated: bool,
    /// The submissions, by category (accepted first) then name.
    pub submissions: Vec<Submission>,
    /// The reference and generator kinds for `stress`.
    pub stress: StressSetup,
    /// How scores are computed, for a scoring problem (`type: scoring`).
    pub grading: Option<Grading>,
    /// The custom grader (`graders/`, legacy): run for the groups with `grading: custom`.
    pub grader: Option<Program>,
    /// problem.yaml's `constants` (2025-09).
    pub constants: Constants,
    /// One line per thing skipped, unknown or read with a caveat.
    pub notices: Vec<String>,
}

/// Top-level folders of the format (either version) and what this loader does with them.
fn known_folder(name: &str) -> Option<Option<&'static str>> {
    Some(match name {
        "data"
        | "submissions"
        | "input_validators"
        | "input_format_validators"
        | "output_validators"
        | "output_validator"
        | "answer_validators"
        | "generators" => None,
        "problem_statement" | "statement" | "solution" | "attachments" | "input_visualizer"
        | "output_visualizer" => None,
        // Included files are copied next to submissions by the build step.
        "include" => None,
        "graders" => None,
        // stressjudge's own: where `stress` saves failures when run inside the folder.
        "stressjudge-failures" => None,
        "static_validator" => Some("static validation is not supported; skipped"),
        _ => return None,
    })
}

/// Reads the problem folder `dir`.
pub fn load(dir: &Path) -> Result<Package, PackageError> {
    load_from(dir, None)
}

/// Reads the problem folder `dir` with its tests taken from `root/data` (a `data/` built from
/// `generators.yaml` elsewhere) instead of `dir/data`.
pub fn load_with_data(dir: &Path, root: &Path) -> Result<Package, PackageError> {
    load_from(dir, Some(root))
}

/// Whether the folder's own `data/` holds no test case at all (missing, or no `.in` file under
/// it): what `generators.yaml` then builds.
pub fn data_missing(dir: &Path) -> bool {
    fn has_input(dir: &Path) -> bool {
        programs::sorted_entries(dir)
            .into_iter()
            .any(|(name, path)| {
                if path.is_dir() {
                    has_input(&path)
                } else {
                    name.to_string_lossy().ends_with(".in")
                }
            })
    }
    !has_input(&dir.join("data"))
}

fn load_from(dir: &Path, data_root: Option<&Path>) -> Result<Package, PackageError> {
    if !dir.is_dir() {
        return Err(PackageError::at(
            dir,
            "not a problem folder (no such directory)",
        ));
    }
    // The folder's name as given (a symlinked folder keeps its link's name); `.` and `..`
    // have none, so their real name is used.
    let id = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .or_else(|| {
            let real = dir.canonicalize().ok()?;
            real.file_name().map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| dir.display().to_string());
    let mut notices = Vec::new();
    let meta = metadata::read(dir, &mut notices)?;
    let format = meta.format;
    let constants = constants::read(dir);
    notices.extend(constants::undefined_notices(dir, &constants));

    for (name, path) in programs::sorted_entries(dir) {
        if !path.is_dir() {
            continue;
        }
        let name = name.to_string_lossy();
        match known_folder(&name) {
            Some(None) => {}
            Some(Some(why)) => notices.push(format!("{name}/: {why}")),
            None => notices.push(format!(
                "{name}/: not part of the problem package format; ignored"
            )),
        }
    }

    let mut limits = meta.limits.clone();
    limits.time_limit = limits::time_limit_from_side_files(dir, limits.time_limit, &mut notices)?;

    let generation = generators_yaml::read(dir)?;
    if let Some(plan) = &generation {
        notices.extend(plan.notices.iter().cloned());
    }
    let tests_dir = data_root.unwrap_or(dir);
    let data = if data_root.is_none() && generation.is_some() && data_missing(dir) {
        // Built from generators.yaml by the test-building step, then read again.
        testdata::TestData {
            tests: Vec::new(),
            root_output_validator_args: meta.validator_flags.clone(),
            root_input_validator_args: ValidatorArgs::default(),
        }
    } else {
        testdata::read(
            tests_dir,
            format,
            &meta.validator_flags,
            &constants,
            &mut notices,
        )?
    };

    let mut input_validators = Vec::new();
    for folder in ["input_validators", "input_format_validators"] {
        for program in programs::list_programs(&dir.join(folder), folder, &mut notices) {
            input_validators.push(programs::input_validator(program));
        }
    }

    let output_validation = output_validation(dir, &meta, &mut notices)?;

    let generators_dir = dir.join("generators");
    let generators_yaml = Some(generators_dir.join("generators.yaml")).filter(|p| p.is_file());
    let generators = programs::list_programs(&generators_dir, "generators", &mut Vec::new());

    let mut listed = submissions::list(dir, format, meta.problem_type.scoring, &mut notices)?;
    let grading = if meta.problem_type.scoring {
        let names: Vec<String> = data.tests.iter().map(|t| t.name.clone()).collect();
        let domjudge = if submissions::expects_domjudge_scores(&listed) {
            scoring::read_domjudge(tests_dir, format, &names, &constants)?
        } else {
            None
        };
        if domjudge.is_some() {
            submissions::judge_as_domjudge(&mut listed);
            notices.push(
                "scored as DOMjudge scores (submissions give @EXPECTED_SCORE@): a test group is \
                 a folder with a testdata.yaml, its accept_score counts once when all its tests \
                 pass, samples outside the groups count for nothing, and the expected result is \
                 the first rejected group's"
                    .to_string(),
            );
        }
        Some(match domjudge {
            Some(grading) => grading,
            None => scoring::read(tests_dir, format, &names, &constants)?,
        })
    } else if format == FormatVersion::Legacy {
        let names: Vec<String> = data.tests.iter().map(|t| t.name.clone()).collect();
        Some(scoring::read_pass_fail_legacy(
            tests_dir, &names, &constants,
        )?)
    } else {
        None
    };
    let submissions: Vec<Submission> = listed.into_iter().map(|l| l.submission).collect();
    let stress = stress_config::read(dir, &submissions, &mut notices)?;
    let grader = grader(dir, format, grading.as_ref(), &mut notices)?;

    Ok(Package {
        dir: dir.to_path_buf(),
        name: meta.name.clone().unwrap_or_else(|| id.clone()),
        id,
        names: meta.names,
        format,
        declared_version: meta.declared_version,
        problem_type: meta.problem_type,
        allow_file_writing: meta.allow_file_writing,
        limits,
        output_validation,
        root_output_validator_args: data.root_output_validator_args,
        root_input_validator_args: data.root_input_validator_args,
        tests: data.tests,
        input_validators,
        generators,
        generators_yaml,
        generation,
        data_generated: data_root.is_some(),
        submissions,
        stress,
        grading,
        grader,
        constants,
        notices,
    })
}

/// The custom grader of `graders/` (problemtools' `Graders`: at most one program, only for a
/// scoring problem), when some group says `grading: custom`. The 2023-07 family has no custom
/// graders. What is there but not used is a notice.
fn grader(
    dir: &Path,
    format: FormatVersion,
    grading: Option<&Grading>,
    notices: &mut Vec<String>,
) -> Result<Option<Program>, PackageError> {
    let folder = dir.join("graders");
    let mut graders = programs::list_programs(&folder, "graders", notices);
    let custom = grading.is_some_and(Grading::uses_custom_grader);
    if graders.is_empty() {
        if custom {
            notices.push(
                "grading: custom but graders/ holds no program; the default grader's rules are used"
                    .to_string(),
            );
        }
        return Ok(None);
    }
    if graders.len() > 1 {
        let names: Vec<&str> = graders.iter().map(|g| g.name.as_str()).collect();
        return Err(PackageError::at(
            &folder,
            format!(
                "more than one custom grader ({}); problemtools allows one",
                names.join(", ")
            ),
        ));
    }
    let why_unused = match (format, grading) {
        (FormatVersion::V2023_07, _) => "custom graders are not part of the 2023-07 format",
        (_, None) => "the problem is pass-fail",
        (_, Some(g)) if !g.is_scored() => "the problem is pass-fail",
        (_, Some(_)) if !custom => "no testdata.yaml says grading: custom",
        _ => return Ok(graders.pop()),
    };
    notices.push(format!("graders/: {why_unused}; not used"));
    Ok(None)
}

/// The output validators: legacy `output_validators/*` (each entry a program), 2023-07
/// `output_validator/` (the folder is the program). Each version's folder is also accepted
/// in the other, with a notice.
fn output_validation(
    dir: &Path,
    meta: &metadata::Metadata,
    notices: &mut Vec<String>,
) -> Result<OutputValidation, PackageError> {
    let plural = dir.join("output_validators");
    let singular = dir.join("output_validator");
    let mut validators = programs::list_programs(&plural, "output_validators", notices);
    let singular_has_program =
        !programs::list_programs(&singular, "output_validator", &mut Vec::new()).is_empty();
    if singular_has_program {
        validators.push(Program::at(&singular));
    }
    match meta.format {
        FormatVersion::Legacy if singular_has_program => notices.push(
            "output_validator/: the 2023-07 name of output_validators/; used as an output validator".to_string(),
        ),
        FormatVersion::V2023_07 if plural.is_dir() && !validators.is_empty() && !singular_has_program => notices.push(
            "output_validators/: the legacy name of output_validator/; its programs are used".to_string(),
        ),
        _ => {}
    }
    let file = dir.join("problem.yaml");
    let needs_custom = meta.legacy_custom_validation
        || meta.problem_type.interactive
        || meta.problem_type.multi_pass;
    if validators.is_empty() {
        if needs_custom {
            let folder = match meta.format {
                FormatVersion::Legacy => "output_validators/",
                FormatVersion::V2023_07 => "output_validator/",
            };
            return Err(PackageError::at(
                &file,
                format!("the problem needs a custom output validator (custom, interactive or multi-pass), but {folder} holds no program"),
            ));
        }
        return Ok(OutputValidation::Default);
    }
    if meta.format == FormatVersion::Legacy && !meta.legacy_custom_validation {
        notices.push(
            "output_validators/: ignored, problem.yaml does not say validation: custom (the default validator is used, as in problemtools)"
                .to_string(),
        );
        return Ok(OutputValidation::Default);
    }
    Ok(OutputValidation::Custom(validators))
}

#[cfg(test)]
mod tests;
