//! `stressjudge solve`: validate an input and print the reference's answer.

use std::io::Read;

use super::common::{fault_error, resolve_problem};
use super::{print_out, Outcome};
use crate::error::{read_file, Fault, UsageError};
use crate::options::SolveOptions;
use crate::problem::ProblemError;

/// Reads the input (file or stdin), validates it and prints the reference's answer.
pub fn run(options: &SolveOptions) -> Result<Outcome, UsageError> {
    let problem = resolve_problem(&options.problem)?;
    let bytes = match &options.file {
        Some(path) => read_file(path)?,
        None => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| UsageError::new(format!("cannot read standard input: {e}")))?;
            buf
        }
    };
    let text = String::from_utf8(bytes)
        .map_err(|_| UsageError::new("invalid input: the input is not UTF-8 text"))?;
    let prepared = problem.prepare(&text).map_err(|e| match e {
        ProblemError::Invalid(why) => UsageError::from(why),
        ProblemError::Tool(f) => fault_error(Fault::judge(f, "", None), None),
    })?;
    print_out(&prepared.answer.text)?;
    Ok(Outcome::Passed)
}
