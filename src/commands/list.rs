//! `stressjudge list`: the problems, their limits and the generator kinds.

use super::common::resolve_problem;
use super::{print_out, Outcome};
use crate::catalog::Catalog;
use crate::error::UsageError;
use crate::options::{ListOptions, ProblemSpec};
use crate::problem::{Problem, TimeLimitOrigin};

/// Prints one line per problem, then the kinds.
pub fn run(options: &ListOptions) -> Result<Outcome, UsageError> {
    let problems = match &options.problem {
        Some(name) => vec![resolve_problem(&ProblemSpec {
            name: Some(name.clone()),
            ad_hoc: Default::default(),
        })?],
        None => Catalog::builtin().problems().to_vec(),
    };
    let mut text = format!(
        "{:<16} {:<16} {:>8} {:>9}  {}\n",
        "PROBLEM", "TITLE", "TIME", "MEMORY", "KINDS"
    );
    for problem in &problems {
        text.push_str(&line(problem.as_ref()));
    }
    for problem in &problems {
        for note in &problem.info().notes {
            text.push_str(&format!("note: {}: {note}\n", problem.info().id));
        }
    }
    print_out(&text)?;
    Ok(Outcome::Passed)
}

fn line(problem: &dyn Problem) -> String {
    let info = problem.info();
    let time = match info.time_limit_origin {
        TimeLimitOrigin::Pending => "derived".to_string(),
        _ => format!("{}s", info.limits.time.as_secs_f64()),
    };
    format!(
        "{:<16} {:<16} {:>8} {:>5} MiB  {}\n",
        info.id,
        info.title,
        time,
        info.limits.memory_bytes >> 20,
        info.kinds.join(", ")
    )
}
