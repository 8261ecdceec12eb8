//! Planning: which seeds of which kind go into which run.
//!
//! For problems whose input is a list of independent games ([`crate::problem::Packing`]),
//! consecutive seeds of one kind are concatenated into one run, up to the statement's bound on
//! games, so one process checks thousands of games. Seeds are taken in blocks, and each block is
//! run kind by kind, so every kind makes progress from the start and a failure in any kind is
//! found early.

use std::ops::Range;

use super::prepare::Generated;
use super::Plan;
use crate::error::Fault;
use crate::problem::Problem;

/// One packed run before generation: a kind and a slice of the plan's seeds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchSpec {
    /// Generator kind.
    pub kind: String,
    /// Index of its first seed in the plan's seed list.
    pub first: usize,
    /// One past the index of its last seed.
    pub end: usize,
}

impl BatchSpec {
    /// Whether the batch holds several seeds (whose games are then packed).
    pub fn is_packed(&self) -> bool {
        self.end - self.first > 1
    }
}

/// The kind whose inputs measure speed: never packed, so each runs on its own.
pub const MAX_KIND: &str = "max";

/// How many seeds of `kind` fit one run: the bound on games over the games of one sample input
/// (at most 1000 seeds), or 1 when the problem cannot pack or `kind` is [`MAX_KIND`].
fn seeds_per_run(problem: &dyn Problem, kind: &str, sample_seed: u64) -> Result<usize, Fault> {
    let Some(packing) = problem.packing() else {
        return Ok(1);
    };
    if kind == MAX_KIND || packing.max_games() <= 1 {
        return Ok(1);
    }
    let unit = super::Unit {
        kind: kind.to_string(),
        seed: sample_seed,
    };
    let input = problem
        .generate(kind, sample_seed)
        .map_err(|f| Fault::judge(f, unit.context(), None))?;
    let games = problem.validate(&input).unwrap_or(1).max(1);
    Ok((packing.max_games() / games).clamp(1, 1000))
}

/// The runs of a plan, in the order they are taken.
pub fn batches(problem: &dyn Problem, plan: &Plan) -> Result<Vec<BatchSpec>, Fault> {
    let Some(&first_seed) = plan.seeds.first() else {
        return Ok(Vec::new());
    };
    let per_run: Vec<usize> = plan
        .kinds
        .iter()
        .map(|k| seeds_per_run(problem, k, first_seed))
        .collect::<Result<_, _>>()?;
    let block = per_run.iter().copied().max().unwrap_or(1);
    let mut out = Vec::new();
    let mut start = 0;
    while start < plan.seeds.len() {
        let end = (start + block).min(plan.seeds.len());
        for (kind, &size) in plan.kinds.iter().zip(&per_run) {
            let mut first = start;
            while first < end {
                let stop = (first + size).min(end);
                out.push(BatchSpec {
                    kind: kind.clone(),
                    first,
                    end: stop,
                });
                first = stop;
            }
        }
        start = end;
    }
    Ok(out)
}

/// Splits a batch's units into runs of at most `max_games` games each; a unit whose games
/// could not be split runs on its own.
pub fn split_packs(max_games: usize, units: &[Generated]) -> Vec<Range<usize>> {
    let limit = max_games.max(1);
    let mut packs = Vec::new();
    let mut start = 0;
    let mut games = 0;
    for (i, unit) in units.iter().enumerate() {
        let n = unit.games;
        if i > start && (games + n > limit || unit.game_lines.is_empty()) {
            packs.push(start..i);
            start = i;
            games = 0;
        }
        games += n;
    }
    if start < units.len() {
        packs.push(start..units.len());
    }
    packs
}
