//! `stressjudge generate PATH`: builds a problem folder's `data/` from its BAPCtools
//! `generators/generators.yaml` (through the test-building step, cached by content) and writes
//! it into the folder's `data/` (or `--out DIR`), as `bt generate` does.

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::options::GenerateOptions;
use crate::problem::generated_data;

/// Builds and writes the data; a folder without `generators.yaml` is a usage error, a
/// generator that fails leaves its cases out (or as committed in `data/`) and the command
/// fails (exit 1).
pub fn run(options: &GenerateOptions) -> Result<Outcome, UsageError> {
    let dir = &options.problem;
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
