//! `stressjudge check-tools`: a problem package's own tools put to the test
//! ([`crate::programs::tool_checks`]), without judging any submission, for setters who want
//! only this (`verify` makes the same checks besides its submissions' runs).

use std::path::Path;

use super::{print_json, print_out, Outcome};
use crate::build::BuildOptions;
use crate::error::UsageError;
use crate::options::{AdHocParts, CheckToolsOptions};
use crate::problem::folder::{self, names_a_folder};
use crate::problem::tool_tests::ToolTests;
use crate::problem::Problem;
use crate::programs::tool_checks::{self, ToolChecks};
use crate::programs::ProgramsProblem;
use crate::testset::gate::Gate;
use crate::testset::results::ResultCache;

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
        all.push(check_folder(Path::new(name), options)?);
        if !options.json {
            print_out(&crate::report::tool_checks::text(
                all.last().expect("pushed"),
            ))?;
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
fn check_folder(dir: &Path, options: &CheckToolsOptions) -> Result<ToolChecks, UsageError> {
    let folder = folder::load(dir, &AdHocParts::default())?;
    let results = ResultCache::open(&BuildOptions::default_for_user().cache_dir, options.fresh);
    let content = super::verify::plan::content_hash(dir)?;
    Ok(remembered(
        &folder.problem,
        &folder.tool_tests,
        &content,
        &results,
        options.jobs,
        None,
    ))
}

/// The tool checks of `problem` (whose package's content hash is `content`): remembered in
/// `results` from an earlier command on the same package state, else run and remembered.
pub fn remembered(
    problem: &ProgramsProblem,
    tests: &ToolTests,
    content: &str,
    results: &ResultCache,
    jobs: usize,
    gate: Option<&Gate>,
) -> ToolChecks {
    // Built first: a tool's identity is its build.
    let _ = problem.build_tools(true);
    for tool in &tests.answer_validators {
        let _ = tool.program();
    }
    let key = tool_checks::identity(problem, tests).map(|id| results.tool_checks_key(content, &id));
    if let Some(checks) = key.as_ref().and_then(|k| results.recall_tool_checks(k)) {
        return checks;
    }
    let checks = tool_checks::run(problem, tests, jobs, gate);
    if let Some(key) = &key {
        results.remember_tool_checks(key, &checks);
    }
    checks
}
