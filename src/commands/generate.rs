//! `stressjudge generate PATH`: builds a problem folder's `data/` from its BAPCtools
//! `generators/generators.yaml` (through the test-building step, cached by content) and writes
//! it into the folder's `data/` (or `--out DIR`), as `bt generate` does. For an
//! Italian-format task it writes the tests `gen/GEN` makes, with the official solution's
//! answers, as `input/inputN.txt` and `output/outputN.txt` of the task (or of `--out DIR`), as
//! task-maker-rust does.

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::options::GenerateOptions;
use crate::problem::generated_data;

/// Builds and writes the data; a folder without `generators.yaml` is a usage error, a
/// generator that fails leaves its cases out (or as committed in `data/`) and the command
/// fails (exit 1).
pub fn run(options: &GenerateOptions) -> Result<Outcome, UsageError> {
    let dir = &options.problem;
    if crate::problem::italian::is_italian_task(dir) {
        return italian(options);
    }
    if crate::problem::tps::is_tps_task(dir) {
        return tps(options);
    }
    let package = generated_data::load_package(dir).map_err(|e| UsageError::new(e.to_string()))?;
    let Some(plan) = &package.generation else {
        return Err(UsageError::new(format!(
            "{}: no {} to build data/ from",
            dir.display(),
            generated_data::GENERATORS_YAML
        )));
    };
    let built = generated_data::build(&package, plan)?;
    let out = options.out.clone().unwrap_or_else(|| dir.join("data"));
    let written = generated_data::write(&built, &out)?;
    let mut notes = plan.notices.clone();
    notes.extend(built.from_committed.iter().cloned());
    if !built.unanswered.is_empty() {
        notes.push(format!(
            "{} test case(s) not written: nothing writes their answer (`solution:` is empty): {}",
            built.unanswered.len(),
            built.unanswered.join(", ")
        ));
    }
    print_out(&crate::report::generate::summary(
        &out,
        built.cases,
        &written,
        &notes,
        &built.left_out,
    ))?;
    // A generator that failed leaves data/ short of its cases, or not regenerated.
    Ok(
        if built.left_out.is_empty() && built.from_committed.is_empty() {
            Outcome::Passed
        } else {
            Outcome::Failed
        },
    )
}

/// `generate` of an Italian-format task: every test's input and answer, written as
/// `input/inputN.txt` and `output/outputN.txt`.
fn italian(options: &GenerateOptions) -> Result<Outcome, UsageError> {
    let paths = |name: &str| {
        (
            format!("input/input{name}.txt"),
            format!("output/output{name}.txt"),
        )
    };
    olympiad_tests(options, options.problem.clone(), paths, Vec::new())
}

/// `generate` of a TPS task: every test's input and the model solution's answer, written as
/// TPS's `gen` writes them: `tests/NAME.in`, `tests/NAME.out` and `tests/mapping` (a line
/// `SUBTASK TEST` for each test of each subtask).
fn tps(options: &GenerateOptions) -> Result<Outcome, UsageError> {
    let dir = &options.problem;
    let task = crate::problem::tps::read(dir).map_err(|e| UsageError::new(e.to_string()))?;
    let mut mapping = String::new();
    for subtask in &task.subtasks {
        let mut tests = subtask.tests.clone();
        tests.sort();
        for test in tests {
            mapping.push_str(&format!("{} {test}\n", subtask.name));
        }
    }
    let paths = |name: &str| (format!("{name}.in"), format!("{name}.out"));
    let extra = vec![("mapping".to_string(), mapping.into_bytes())];
    olympiad_tests(options, dir.join("tests"), paths, extra)
}

/// Every test of an olympiad task, built and judged valid as `verify` builds them, written
/// under `--out` (else `default_out`) at the paths `paths` gives a test's name (input, answer),
/// with the `extra` files beside them.
fn olympiad_tests(
    options: &GenerateOptions,
    default_out: std::path::PathBuf,
    paths: impl Fn(&str) -> (String, String),
    extra: Vec<(String, Vec<u8>)>,
) -> Result<Outcome, UsageError> {
    use crate::problem::Problem;
    let dir = &options.problem;
    let folder = crate::problem::folder::load(dir, &crate::options::AdHocParts::default())?;
    let cases = folder
        .problem
        .fixed_tests()
        .map_err(|f| UsageError::new(format!("{}: {f}", dir.display())))?;
    let mut built = generated_data::BuiltData {
        files: Default::default(),
        cases: cases.len(),
        left_out: Vec::new(),
        failed_programs: Vec::new(),
        unanswered: Vec::new(),
        from_committed: Vec::new(),
    };
    for case in &cases {
        let (input, answer) = paths(&case.name);
        built.files.insert(input, case.input.clone().into_bytes());
        built
            .files
            .insert(answer, case.expected.text.clone().into_bytes());
    }
    built.files.extend(extra);
    let out = options.out.clone().unwrap_or(default_out);
    let written = generated_data::write(&built, &out)?;
    print_out(&crate::report::generate::summary(
        &out,
        built.cases,
        &written,
        &folder.problem.info().notes,
        &[],
    ))?;
    Ok(Outcome::Passed)
}
