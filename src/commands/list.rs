//! `stressjudge list`: the problems, their limits and the generator kinds; for a folder what
//! its reader says it holds (a Polygon package's contents, a problem folder's sample
//! interactions).

use super::common::resolve_problem;
use super::{print_out, Outcome};
use crate::catalog::Catalog;
use crate::error::UsageError;
use crate::options::{ListOptions, ProblemSpec};
use crate::problem::details::{details_of, Details};

/// Prints one line per problem, what the folder named holds, then the notes.
pub fn run(options: &ListOptions) -> Result<Outcome, UsageError> {
    let problems = match &options.problem {
        Some(name) => vec![resolve_problem(&ProblemSpec {
            name: Some(name.clone()),
            ad_hoc: crate::options::AdHocParts {
                testset: options.testset.clone(),
                ..Default::default()
            },
        })?],
        None => Catalog::builtin().problems().to_vec(),
    };
    let details = match &options.problem {
        Some(name) => details_of(std::path::Path::new(name), options.testset.as_deref())?,
        None => Details::default(),
    };
    print_out(&crate::report::list::listing(&problems, &details))?;
    Ok(Outcome::Passed)
}
