//! `stressjudge check-tools`: a problem package's own tools put to the test
//! ([`crate::programs::tool_checks`]), without judging any submission, for setters who want
//! only this (`verify` makes the same checks besides its submissions' runs).

use std::path::Path;

use super::{print_json, print_out, Outcome};
use crate::error::UsageError;
use crate::options::{AdHocParts, CheckToolsOptions};
use crate::problem::folder::{self, names_a_folder};
use crate::programs::tool_checks::{self, ToolChecks};

/// Checks the tools of every problem folder named; `Failed` when one fails a check.
pub fn run(options: &CheckToolsOptions) -> Result<Outcome, UsageError> {
    let names = folder::expand_contests(&options.problems);
    for name in &names {
        if !names_a_folder(name) || !Path::new(name).is_dir() {
            return Err(UsageError::new(format!(
                "check-tools: `{name}` is not a problem folder (the built-in problems have no \
                 tools of their own to check)"
            )));
        }
    }
    let mut all = Vec::new();
    for name in &names {
        all.push(check_folder(Path::new(name), options.jobs)?);
        if !options.json {
            print_out(&crate::report::tool_checks::text(all.last().expect("pushed")))?;
        }
    }
    if options.json {
        print_json(crate::report::tool_checks::json(&all))?;
    }
    Ok(match all.iter().all(ToolChecks::passed) {
        true => Outcome::Passed,
        false => Outcome::Failed,
    })
}

/// The tool checks of one problem folder.
pub fn check_folder(dir: &Path, jobs: usize) -> Result<ToolChecks, UsageError> {
    let folder = folder::load(dir, &AdHocParts::default())?;
    Ok(tool_checks::run(&folder.problem, &folder.tool_tests, jobs))
}
