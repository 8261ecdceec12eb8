//! Helpers of the unit tests.

use crate::{mutants, Language, Mutant, Operator};

/// The mutants of `source`, which must parse.
pub(crate) fn all(source: &str, language: Language) -> Vec<Mutant> {
    mutants(source, language).unwrap_or_else(|error| panic!("{error}"))
}

/// For each mutant of `operator`, the line it changes as it reads after the change (the first
/// line of the change, without its newline).
pub(crate) fn changed_lines(source: &str, language: Language, operator: Operator) -> Vec<String> {
    all(source, language)
        .into_iter()
        .filter(|m| m.operator == operator)
        .map(|m| {
            let mutated = m.apply(source);
            mutated
                .lines()
                .nth(m.line - 1)
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}
