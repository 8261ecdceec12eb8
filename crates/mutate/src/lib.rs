//! stressjudge's mutator (its own crate: it needs nothing else of stressjudge): the mutants of a
//! solution's source, each differing from it in exactly one place, for `stressjudge mutants`.
//!
//! # Design
//!
//! The source is parsed with tree-sitter's grammar of its language ([`Language`]): a real
//! parser, so the mutator knows a comparison `<` from a template bracket (`vector<int>`) or a
//! stream shift (`cout << x`), and never touches strings, characters, comments, `#include`
//! lines, imports, or template and generic argument lists. A source the grammar cannot
//! read (an ERROR or MISSING node) is refused with the line of the first error ([`MutateError`]),
//! since a mutant placed in a misread tree could land anywhere; C and C++ loop macros
//! (`rep(i, 0, n) { ... }`), which only a compiler that expands them can read, are made readable
//! first without moving a byte. C and C++ code the compiler never sees (`#if 0`, the untaken
//! branch of `#ifdef LOCAL`, the arguments of an empty `debug(...)` macro) is not mutated either.
//!
//! One walk visits every node in source order; each operator ([`Operator`], one module under
//! `rules/`) looks at the node and its ancestors and proposes replacements of one span each. The
//! proposals are then de-duplicated by the source they make (so the same program is never built
//! twice under two names) and sorted by position and operator: the same source always gives the
//! same mutants in the same order. Each [`Mutant`] applies itself to the source and prints itself
//! as a one-hunk unified diff.
//!
//! The rules stay close to the bugs that weak tests let through in competitive programming
//! (off-by-one bounds, strict vs non-strict comparisons, 32-bit overflow, a missing modulus, an
//! INF too small), and skip changes that are equivalent by construction or cannot compile (a
//! `continue` ending a loop, the `return` ending a function, array capacities, tables of data,
//! I/O set-up arguments) so the mutants that survive the tests are worth a setter's look. Each
//! rule module says what it changes and why.
//!
//! On a dense 300-line C++ solution `mutants` takes about 35 ms and makes about 1100 mutants
//! (`benches/mutants.rs`); a typical 60-line one, about 2 ms and 85 mutants.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod diff;
mod found;
mod language;
mod literal;
mod mutant;
mod parse;
mod preprocessor;
mod rules;
mod tree;

#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

pub use language::Language;
pub use mutant::{Mutant, Operator};
pub use parse::MutateError;

use found::Found;
use preprocessor::Preprocessor;
use rules::Site;
use tree::{never_mutated, walk};

/// Every mutant of `source`, in source order (ties by operator), each differing in one place
/// and each a different program.
///
/// Fails with [`MutateError::Parse`] when `language`'s grammar cannot read `source` (a syntax
/// error, or code only a preprocessor could make sense of); an empty source has no mutants.
pub fn mutants(source: &str, language: Language) -> Result<Vec<Mutant>, MutateError> {
    let parsed = parse::parse(source, language)?;
    let mut found = Found::default();
    let root = parsed.tree.root_node();
    let preprocessor = if language.is_c_family() {
        Preprocessor::of(root, &parsed.text)
    } else {
        Preprocessor::default()
    };
    walk(root, |node, ancestors| {
        let parent = ancestors.last().copied();
        if never_mutated(language, node, parent)
            || preprocessor.leaves_out(node, parent, &parsed.text)
        {
            return false;
        }
        let site = Site {
            node,
            ancestors,
            source: &parsed.text,
            language,
        };
        rules::visit(&site, &mut found);
        true
    });
    let mut mutants = found.finish(source);
    mutants.retain(|m| {
        parsed
            .rewritten
            .iter()
            .all(|r| m.span.end <= r.start || r.end <= m.span.start)
    });
    Ok(mutants)
}
