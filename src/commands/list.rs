//! `stressjudge list`: the problems, their limits and the generator kinds.

use super::{print_out, Outcome};
use crate::catalog;
use crate::error::UsageError;
use crate::generators::Kind;

/// Prints one line per problem, then the kinds.
pub fn run() -> Result<Outcome, UsageError> {
    let mut text = format!(
        "{:<16} {:<16} {:>8} {:>9}\n",
        "PROBLEM", "TITLE", "TIME", "MEMORY"
    );
    for entry in catalog::builtin() {
        let p = &entry.problem;
        let limits = p.limits();
        text.push_str(&format!(
            "{:<16} {:<16} {:>7}s {:>5} MiB\n",
            p.id(),
            p.title(),
            limits.time.as_secs_f64(),
            limits.memory_bytes >> 20
        ));
    }
    let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    text.push_str(&format!("\ngenerator kinds: {}\n", kinds.join(", ")));
    print_out(&text)?;
    Ok(Outcome::Passed)
}
