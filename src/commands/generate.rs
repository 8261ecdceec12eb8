//! `stressjudge generate PATH`: builds a problem folder's `data/` from its BAPCtools
//! `generators/generators.yaml` (through the test-building step, cached by content) and writes
//! it into the folder's `data/` (or `--out DIR`), as `bt generate` does.

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::external::generated_data;
use crate::options::GenerateOptions;
use crate::problem::package;

/// Builds and writes the data; a folder without `generators.yaml` is a usage error.
pub fn run(options: &GenerateOptions) -> Result<Outcome, UsageError> {
    let dir = &options.problem;
    let package = package::load(dir).map_err(|e| UsageError::new(e.to_string()))?;
    let Some(plan) = &package.generation else {
        return Err(UsageError::new(format!(
            "{}: no {} to build data/ from",
            dir.display(),
            package::generators_yaml::GENERATORS_YAML
        )));
    };
    let built = generated_data::build(&package, plan)?;
    let out = options.out.clone().unwrap_or_else(|| dir.join("data"));
    let written = generated_data::write(&built, &out)?;
    print_out(&crate::report::generate::summary(
        &out,
        built.cases,
        &written,
        &plan.notices,
    ))?;
    Ok(Outcome::Passed)
}
