//! Preparing inputs: each seed's generated input, validated, with the reference's answer.
//!
//! Whatever goes wrong here is the fault of the user's tools, never of the candidate: a
//! generator that fails or makes an input the validator rejects, a reference that fails. Each
//! comes back as a [`Fault`] naming the tool, the seed and carrying the input to save.

use super::plan::BatchSpec;
use super::Unit;
use crate::error::Fault;
use crate::problem::{Answer, Problem, ProblemError, ToolFailure};

/// A generated unit with its answer, and its games' lines when it may be packed with others.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Its kind and seed.
    pub unit: Unit,
    /// The generated input.
    pub input: String,
    /// Games in the input.
    pub games: usize,
    /// The reference's answer.
    pub answer: Answer,
    /// Each game's line, when the unit is packed with others (empty otherwise).
    pub game_lines: Vec<String>,
}

/// A batch ready to run: its position in the plan and its units.
#[derive(Debug)]
pub struct PreparedBatch {
    /// Index of the batch in the plan's batch list.
    pub index: usize,
    /// Its units, in seed order.
    pub units: Vec<Generated>,
}

/// Generates and prepares every unit of `spec`.
pub fn prepare_batch(
    problem: &dyn Problem,
    seeds: &[u64],
    index: usize,
    spec: &BatchSpec,
) -> Result<PreparedBatch, Fault> {
    let split = spec.is_packed();
    let units = seeds[spec.first..spec.end]
        .iter()
        .map(|&seed| {
            let unit = Unit {
                kind: spec.kind.clone(),
                seed,
            };
            generate(problem, unit, split)
        })
        .collect::<Result<_, _>>()?;
    Ok(PreparedBatch { index, units })
}

/// Generates one unit's input and prepares it (validator, reference).
pub fn generate(problem: &dyn Problem, unit: Unit, split: bool) -> Result<Generated, Fault> {
    let input = problem
        .generate(&unit.kind, unit.seed)
        .map_err(|f| Fault::judge(f, unit.context(), None))?;
    let prepared = problem.prepare(&input).map_err(|e| match e {
        ProblemError::Invalid(why) => Fault::judge(
            ToolFailure::new(
                problem.info().generator_name.clone(),
                format!("made an input the validator rejects ({why})"),
            ),
            unit.context(),
            Some(&input),
        ),
        ProblemError::Tool(f) => Fault::judge(f, unit.context(), Some(&input)),
    })?;
    let game_lines = match (split, problem.packing()) {
        (true, Some(packing)) => packing.split_games(&input),
        _ => Vec::new(),
    };
    Ok(Generated {
        unit,
        input,
        games: prepared.games,
        answer: prepared.answer,
        game_lines,
    })
}

/// Checks that the generator is deterministic: `unit` generated again gives `input` byte for
/// byte. A generator that does not seed itself from its argument cannot be reproduced.
pub fn confirm_deterministic(problem: &dyn Problem, unit: &Unit, input: &str) -> Result<(), Fault> {
    if regenerates(problem, unit, input)? {
        return Ok(());
    }
    Err(Fault::judge(
        ToolFailure::new(
            problem.info().generator_name.clone(),
            "is not deterministic: the same seed gave two different inputs (seed its random \
             generator from its first argument)",
        ),
        unit.context(),
        Some(input),
    ))
}

/// Whether `unit` generated again gives `input` byte for byte (a generator seeded from the
/// clock does not).
pub fn regenerates(problem: &dyn Problem, unit: &Unit, input: &str) -> Result<bool, Fault> {
    let again = problem
        .generate(&unit.kind, unit.seed)
        .map_err(|f| Fault::judge(f, unit.context(), None))?;
    Ok(again == input)
}

/// Whether the first two seeds of a kind give the same input: a generator that ignores its
/// seed. Returns the warning to show, if any.
pub fn ignored_seed_warning(problem: &dyn Problem, kind: &str, seeds: &[u64]) -> Option<String> {
    let [first, second, ..] = seeds else {
        return None;
    };
    let a = problem.generate(kind, *first).ok()?;
    let b = problem.generate(kind, *second).ok()?;
    (a == b).then(|| {
        format!(
            "{} gave the same input for seeds {first} and {second} ({kind} kind): does it read \
             its seed from its first argument?",
            problem.info().generator_name
        )
    })
}
