//! The one `Folder` both olympiad readers (the Italian format and IOI's TPS) fill: a batch task
//! with a checker, subtasks and promises per subtask, no interactor, and the default time-limit
//! rule. Each reader reads its own files into [`OlympiadTask`]; what follows is the same.

use std::path::Path;

use crate::error::UsageError;
use crate::judge::subtasks::SubtaskModel;
use crate::options::AdHocParts;
use crate::problem::folder::Folder;
use crate::problem::shape::{AnswerRules, Shape, TestFile};
use crate::problem::submission::Submission;
use crate::problem::tool_tests::ToolTests;
use crate::problem::{Limits, Origin, ProblemInfo, TimeLimitOrigin};
use crate::programs::checker::Checker;
use crate::programs::generator::Generator;
use crate::programs::tool::Tool;
use crate::programs::validator::InputValidator;
use crate::programs::ProgramsProblem;

/// What an olympiad reader read of a task, in the problem shape's terms.
pub(crate) struct OlympiadTask {
    /// The task's title.
    pub title: String,
    /// Its time and memory limits.
    pub limits: Limits,
    /// The files solutions read and write (standard streams when none).
    pub file_io: crate::run::FileIo,
    /// What the reader has to say of the task; the subtasks' note is added here.
    pub notes: Vec<String>,
    /// The stress kinds (one per subtask) and their generators, unless `--gen` replaces them.
    pub generators: Vec<(String, Generator)>,
    /// The official (model) solution that writes the answers.
    pub references: Vec<Tool>,
    /// The input validators stress inputs go through (none with `--gen`).
    pub validators: Vec<InputValidator>,
    /// The task's checker, or white-diff.
    pub checker: Checker,
    /// The tests, in order.
    pub tests: Vec<TestFile>,
    /// The solutions with their promises.
    pub submissions: Vec<Submission>,
    /// Where the solutions live, as reports name it (`sol/`, `solution/`).
    pub submissions_place: &'static str,
    /// The subtasks, their score type and each solution's promises per subtask.
    pub subtasks: SubtaskModel,
}

/// The folder `task`, read from `dir`, its stress generator replaced by `overrides`' `--gen`.
pub(crate) fn olympiad_folder(
    mut task: OlympiadTask,
    dir: &Path,
    overrides: &AdHocParts,
) -> Result<Folder, UsageError> {
    if let Some(command) = &overrides.generator {
        let generator = Generator::parse(command, Path::new(""))?;
        task.generators = vec![("random".to_string(), generator)];
        task.validators = Vec::new();
    }
    task.notes.push(format!(
        "{} subtask(s) scored by {}: {}",
        task.subtasks.subtasks.len(),
        task.subtasks.score_type.name(),
        (task.subtasks.subtasks.iter())
            .map(|s| format!("{} {}", s.name, s.points))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let info = ProblemInfo {
        // CMS, task-maker-rust and TPS bound memory by the sandbox, not by address space.
        address_space_limit: false,
        id: dir.display().to_string(),
        title: task.title,
        limits: task.limits,
        output_limit_bytes: None,
        kinds: Vec::new(),
        generator_name: String::new(),
        has_reference: !task.references.is_empty(),
        time_limit_origin: TimeLimitOrigin::Given,
        notes: task.notes,
        origin: Origin::Folder(dir.to_path_buf()),
        file_io: task.file_io,
    };
    let shape = Shape {
        info,
        generators: task.generators,
        kind_settings: Vec::new(),
        references: task.references,
        validators: task.validators,
        checker: task.checker,
        checker_args: Vec::new(),
        interactor: None,
        tests: task.tests,
        left_out: Vec::new(),
        answers: AnswerRules {
            // An official solution that writes nothing (to the wrong file, say) is the task's
            // error, not an empty answer every candidate then matches.
            empty_is_valid: false,
            through_interactor: false,
        },
    };
    Ok(Folder {
        // CMS, task-maker-rust and TPS ask no layout of an input beyond what their validators
        // check, so problemtools' strict-layout modifications are not held against them.
        tool_tests: ToolTests {
            lenient_layout: true,
            ..Default::default()
        },
        problem: ProgramsProblem::new(shape),
        submissions: task.submissions,
        time_limit_rule: None,
        rule: crate::problem::kattis::default_time_limit_rule(
            crate::problem::kattis::FormatVersion::V2023_07,
        ),
        points: None,
        submissions_root: dir.to_path_buf(),
        submissions_place: task.submissions_place.to_string(),
        grading: None,
        grader: None,
        lower_bound_from_accepted_only: false,
        subtasks: Some(task.subtasks),
    })
}
