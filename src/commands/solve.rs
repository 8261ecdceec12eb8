//! `stressjudge solve`: validate an input and print the reference's answers.

use std::io::Read;

use super::cli::SolveArgs;
use super::{print_out, Outcome};
use crate::catalog;
use crate::error::{read_file, UsageError};

/// Reads the input (file or stdin), validates it and prints one answer per line.
pub fn run(args: &SolveArgs) -> Result<Outcome, UsageError> {
    let entry = catalog::find(&args.problem)?;
    let bytes = match &args.file {
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
    let answers = entry.problem.solve(&text)?;
    let mut out = String::with_capacity(answers.len() * 4);
    for answer in answers {
        out.push_str(&answer);
        out.push('\n');
    }
    print_out(&out)?;
    Ok(Outcome::Passed)
}
