//! Named test cases: the problem's samples and seeded generated inputs, each with its reference
//! answers.

use crate::error::UsageError;
use crate::generators::{Generator, Kind};
use crate::problem::Problem;

/// The generated part of the fixed test set: each kind with its number of seeds (1..=count),
/// in test order after the samples.
pub const FIXED_KINDS: [(Kind, u64); 3] = [(Kind::Edge, 4), (Kind::Random, 4), (Kind::Max, 2)];

/// One test: an input, its reference answers, and whether it must run alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// How users refer to it: `sample-1`, `edge-2`, `max-1`, ...
    pub name: String,
    /// The input text.
    pub input: String,
    /// The reference answers, one per game.
    pub expected: Vec<String>,
    /// Whether it measures speed and so must run with no parallel neighbours (`max` kind).
    pub alone: bool,
}

/// The fixed test set of a problem: `sample-1..`, then `edge-1..4`, `random-1..4`, `max-1..2`
/// (seeds 1.. of each kind). Answers come from the reference; a sample whose statement answer
/// disagrees with the reference is an internal error, as is a generated input the reference
/// rejects.
pub fn fixed_test_set(
    problem: &dyn Problem,
    generator: &dyn Generator,
) -> Result<Vec<TestCase>, UsageError> {
    let mut cases = Vec::new();
    for (i, sample) in problem.samples().iter().enumerate() {
        let name = format!("sample-{}", i + 1);
        let case = reference_case(problem, name, sample.input.to_string(), false)?;
        let statement: Vec<&str> = sample.answer.split_ascii_whitespace().collect();
        if case.expected != statement {
            return Err(UsageError::new(format!(
                "internal error: the reference's answers to {} of {} differ from the statement's",
                case.name,
                problem.id()
            )));
        }
        cases.push(case);
    }
    for (kind, count) in FIXED_KINDS {
        for seed in 1..=count {
            cases.push(generated_case(problem, generator, kind, seed)?);
        }
    }
    Ok(cases)
}

/// The test `KIND-SEED`: the generator's input for (kind, seed) with the reference's answers;
/// `max` inputs run alone.
pub fn generated_case(
    problem: &dyn Problem,
    generator: &dyn Generator,
    kind: Kind,
    seed: u64,
) -> Result<TestCase, UsageError> {
    let name = format!("{kind}-{seed}");
    reference_case(
        problem,
        name,
        generator.generate(kind, seed),
        kind == Kind::Max,
    )
}

fn reference_case(
    problem: &dyn Problem,
    name: String,
    input: String,
    alone: bool,
) -> Result<TestCase, UsageError> {
    let expected = problem.solve(&input).map_err(|e| {
        UsageError::new(format!(
            "internal error: the reference rejects test {name} of {}: {e}",
            problem.id()
        ))
    })?;
    Ok(TestCase {
        name,
        input,
        expected,
        alone,
    })
}
