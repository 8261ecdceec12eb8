//! stressjudge's shrinker (its own crate: it needs nothing else of stressjudge): a failing input of any
//! problem made small, without knowing its format.
//!
//! Structure-aware delta debugging over lines and tokens. The input is read as lines of tokens
//! (`doc`); a heuristic guesses which integers count what follows them (`detect`: an array
//! after its length, lines after their count, test cases, grids, strings after their length) so
//! that dropping items rewrites their count in the same variant (`layout`). Passes, from the one
//! that removes the most:
//!
//! 0. reshape, when a learned format guards the shrink (`reshape`): the shapes the format knows
//!    edited as wholes, keeping them by construction: vertices of an edge list removed with
//!    their edges and per-vertex items and the rest renumbered (contracted into their nearest
//!    kept ancestor in a forest, so a tree stays a tree), edges removed or contracted, a parent
//!    array's vertices removed with their children re-parented, a permutation's items removed
//!    and its values renumbered, a grid's rows and columns removed together;
//! 1. drop whole lines: top-level sections, counted lines, test cases (`drop`);
//! 2. drop tokens: arrays (with indices into them renumbered), grid columns, free tokens of a
//!    line (`drop`);
//! 3. lower numbers: many integers to 0 at once; each integer to 0, ±1, then binary search (on
//!    the digit count first for long ones); equal integers together; a line shifted down, whole
//!    and two at a time; floats to shorter forms (`numbers`);
//! 4. shorten words: drop characters, then simplest characters (`words`).
//!
//! Drops go by chunks, delta-debugging style (the whole list, halves, quarters, ... single items).
//! After a pass changes the input, the passes start again from the first (lowering a number can
//! let a line go); a round ends when every pass comes back empty. Since a guess about counts may
//! be wrong, a round that finds nothing is followed by one on the bare lines and tokens (no
//! counts); whenever that finds something, the structured passes resume. Every candidate goes
//! through one budgeted, memoised predicate (`search`), so the same text is never run twice.
//! Everything is deterministic: the same input and predicate give the same calls and result.
//!
//! Without an input validator, the reference running cleanly is a weak judge (a brute force
//! that reads tokens accepts `3 1 / 1 / 0`). [`shrink_guarded`] then takes the [`Format`] learned
//! from the inputs the generator produced (`format`: line structure, types, bounds, order
//! relations, sorted/distinct/permutation arrays, edge lists and what their graphs always are:
//! connected, acyclic, simple, ...) and never proposes a variant that breaks it;
//! rejected variants cost no run. With a validator, the validator alone judges.
//!
//! A multi-test input (`t`, then t cases, as the learned format reads it: [`Format::cases`]) is
//! first cut down to the fewest cases that still fail ([`fewest_cases`]), by the caller, which
//! reports which cases of the original those were; the shrink then works inside them.
//!
//! Typical cost (the tests print their figures): 10-60 runs for an array, a test-case list, a
//! grid, a string or a graph shrunk to a handful of tokens; about 90 runs for a 200,000-token
//! array whose failure needs one value of at least 10^9.

#![forbid(unsafe_code)]

mod detect;
mod doc;
mod drop;
mod fewest;
pub mod format;
mod layout;
mod numbers;
mod reshape;
mod search;
mod token;
mod words;

#[cfg(test)]
mod tests;

pub use fewest::{fewest_cases, FewestCases};
pub use format::{Cases, Format};
use layout::Mode;
use search::Search;
use std::time::Instant;

/// Limits of one shrink.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most candidates `still_fails` may be called on.
    pub max_runs: usize,
    /// No call starts after this instant.
    pub deadline: Option<Instant>,
}

/// The result: the smallest failing input found, how many reductions were accepted (steps) and
/// how many candidates were tried (runs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing input found (the original, byte for byte, when nothing smaller fails).
    pub input: String,
    /// Candidates accepted: each was smaller than the one before and still failed.
    pub steps: usize,
    /// Calls of `still_fails`.
    pub runs: usize,
}

/// Shrinks `input` (which fails) without knowing its format. `still_fails(variant)` is called for
/// each candidate variant; it must return true only when the variant is acceptable (the input
/// validator accepts it, or without one the reference runs cleanly on it) AND the candidate still
/// fails the same way. Each call is expensive (it starts processes): it is never called twice with
/// the same text, never with the original, and never once the budget is spent.
///
/// Variants use single spaces between tokens and `\n` line ends, with a final `\n` exactly when
/// `input` had one. The same input and predicate always give the same calls and the same result.
pub fn shrink_generic(
    input: &str,
    budget: &Budget,
    still_fails: impl FnMut(&str) -> bool,
) -> Shrunk {
    shrink_guarded(input, budget, &Format::anything(), still_fails)
}

/// [`shrink_generic`] that never proposes a variant breaking an invariant of `format` (learned
/// from the generator's inputs): without an input validator, the shrunk input still looks like
/// something the generator could have made. A format `input` itself breaks (it was learned from
/// other inputs) guards nothing.
pub fn shrink_guarded(
    input: &str,
    budget: &Budget,
    format: &Format,
    still_fails: impl FnMut(&str) -> bool,
) -> Shrunk {
    let guard = if format.accepts(input) {
        format.clone()
    } else {
        Format::anything()
    };
    let mut search = Search::guarded(input, budget, guard, still_fails);
    // `None` only says the budget ran out; the input found so far is the answer either way.
    let _ = descend(&mut search);
    let input = if search.steps == 0 {
        input.to_string()
    } else {
        search.doc.render()
    };
    Shrunk {
        input,
        steps: search.steps,
        runs: search.runs,
    }
}

/// The greedy fixpoint: structured rounds, then a flat round whenever they find nothing, until a
/// flat round finds nothing too.
fn descend<F: FnMut(&str) -> bool>(search: &mut Search<F>) -> Option<()> {
    loop {
        round(search, Mode::Structured)?;
        if !round(search, Mode::Flat)? {
            return Some(());
        }
    }
}

/// How many passes a round has (see [`pass`]).
const PASSES: usize = 5;

/// Pass `index` of a round, in the order that removes the most first.
fn pass<F: FnMut(&str) -> bool>(search: &mut Search<F>, index: usize, mode: Mode) -> Option<bool> {
    match index {
        0 => reshape::reshape(search, mode),
        1 => drop::drop_lines(search, mode),
        2 => drop::drop_tokens(search, mode),
        3 => numbers::lower_numbers(search, mode),
        _ => words::shorten_words(search, mode),
    }
}

/// Runs the passes until all of them in a row find nothing. After a pass finds something, the
/// round goes back to the first pass (or on to the second, when the first was the one). A flat
/// round stops at its first success, handing back to the structured passes.
fn round<F: FnMut(&str) -> bool>(search: &mut Search<F>, mode: Mode) -> Option<bool> {
    let mut progress = false;
    let mut index = 0;
    let mut idle = 0;
    while idle < PASSES {
        if pass(search, index, mode)? {
            progress = true;
            if mode == Mode::Flat {
                return Some(true);
            }
            idle = 0;
            index = if index == 0 { 1 } else { 0 };
        } else {
            idle += 1;
            index = (index + 1) % PASSES;
        }
    }
    Some(progress)
}
