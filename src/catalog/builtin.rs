//! A built-in problem as a full [`Problem`]: its in-process rules joined with its generator.
//!
//! The fixed test set of a built-in problem is its official samples (whose statement answers
//! must agree with the reference), then seeds 1.. of the `edge`, `random` and `max` generator
//! kinds ([`FIXED_KINDS`]); `max` tests run alone.

use std::sync::Arc;

use crate::generators::{Generator, Kind};
use crate::problem::checker::compare_tokens;
use crate::problem::rules::BuiltinProblem;
use crate::problem::{
    Answer, CheckResult, Origin, Packing, Prepared, Problem, ProblemError, ProblemInfo, TestCase,
    TimeLimitOrigin, ToolFailure,
};

/// The generated part of the fixed test set: each kind with its number of seeds (1..=count),
/// in test order after the samples.
pub const FIXED_KINDS: [(Kind, u64); 3] = [(Kind::Edge, 4), (Kind::Random, 4), (Kind::Max, 2)];

/// A built-in problem and its generator.
pub struct Builtin {
    rules: Arc<dyn BuiltinProblem>,
    generator: Arc<dyn Generator>,
    info: ProblemInfo,
}

impl Builtin {
    /// Joins `rules` with `generator`.
    pub fn new(rules: Arc<dyn BuiltinProblem>, generator: Arc<dyn Generator>) -> Builtin {
        let info = ProblemInfo {
            id: rules.id().to_string(),
            title: rules.title().to_string(),
            limits: rules.limits(),
            output_limit_bytes: None,
            kinds: Kind::ALL.iter().map(|k| k.name().to_string()).collect(),
            generator_name: format!("the built-in generator of {}", rules.id()),
            has_reference: true,
            time_limit_origin: TimeLimitOrigin::Given,
            notes: Vec::new(),
            origin: Origin::Builtin,
            file_io: crate::run::FileIo::default(),
            address_space_limit: false,
        };
        Builtin {
            rules,
            generator,
            info,
        }
    }

    /// This problem, its solutions reading and writing the files of `file_io` (`--input-file`,
    /// `--output-file`) instead of stdin and stdout.
    pub fn with_file_io(mut self, file_io: crate::run::FileIo) -> Builtin {
        self.info.file_io = file_io;
        self
    }

    /// The in-process rules (validator, reference, shrinker).
    pub fn rules(&self) -> &dyn BuiltinProblem {
        self.rules.as_ref()
    }

    /// The test `KIND-SEED`: the generator's input with the reference's answer; `max` inputs
    /// run alone.
    pub fn generated_case(&self, kind: Kind, seed: u64) -> Result<TestCase, ToolFailure> {
        let name = format!("{kind}-{seed}");
        self.case(name, self.generator.generate(kind, seed), kind == Kind::Max)
    }

    fn case(&self, name: String, input: String, alone: bool) -> Result<TestCase, ToolFailure> {
        let answers = self.rules.solve(&input).map_err(|e| {
            ToolFailure::new(
                format!("the built-in reference of {}", self.info.id),
                format!("rejects its own test {name} ({e}); please report this"),
            )
        })?;
        Ok(TestCase {
            name,
            input,
            expected: Answer::from_lines(&answers),
            alone,
        })
    }

    fn reference_bug(&self, e: impl std::fmt::Display) -> ToolFailure {
        ToolFailure::new(
            format!("the built-in reference of {}", self.info.id),
            format!("rejects an input its validator accepts ({e}); please report this"),
        )
    }
}

impl Problem for Builtin {
    fn info(&self) -> &ProblemInfo {
        &self.info
    }

    fn generate(&self, kind: &str, seed: u64) -> Result<String, ToolFailure> {
        let kind = Kind::from_name(kind).ok_or_else(|| {
            ToolFailure::new(
                format!("the generator of {}", self.info.id),
                format!("has no kind `{kind}`"),
            )
        })?;
        Ok(self.generator.generate(kind, seed))
    }

    fn validate(&self, input: &str) -> Result<usize, ProblemError> {
        Ok(self.rules.validate(input)?)
    }

    fn solve(&self, input: &str) -> Result<Answer, ToolFailure> {
        let answers = self.rules.solve(input).map_err(|e| self.reference_bug(e))?;
        Ok(Answer::from_lines(&answers))
    }

    fn prepare(&self, input: &str) -> Result<Prepared, ProblemError> {
        let answers = self.rules.solve(input)?;
        Ok(Prepared {
            games: answers.len(),
            answer: Answer::from_lines(&answers),
        })
    }

    fn check(
        &self,
        _input: &str,
        expected: &Answer,
        output: &[u8],
    ) -> Result<CheckResult, ToolFailure> {
        Ok(compare_tokens(expected.tokens(), output))
    }

    fn judging_identity(&self) -> Option<String> {
        // The checker is code of this binary, which the result cache keys on as a whole.
        Some(format!("builtin {}", self.info.id))
    }

    fn stress_identity(&self) -> Option<String> {
        // Generator, validator and reference are code of this binary too.
        Some(format!("builtin {}", self.info.id))
    }

    fn fixed_tests(&self) -> Result<Vec<TestCase>, ToolFailure> {
        let mut cases = Vec::new();
        for (i, sample) in self.rules.samples().iter().enumerate() {
            let case = self.case(format!("sample-{}", i + 1), sample.input.to_string(), false)?;
            let statement: Vec<&str> = sample.answer.split_ascii_whitespace().collect();
            if case.expected.tokens().collect::<Vec<_>>() != statement {
                return Err(ToolFailure::new(
                    format!("the built-in reference of {}", self.info.id),
                    format!(
                        "disagrees with the statement's answer to {}; please report this",
                        case.name
                    ),
                ));
            }
            cases.push(case);
        }
        for (kind, count) in FIXED_KINDS {
            for seed in 1..=count {
                cases.push(self.generated_case(kind, seed)?);
            }
        }
        Ok(cases)
    }

    fn packing(&self) -> Option<&dyn Packing> {
        (self.rules.max_games() > 1).then_some(self as &dyn Packing)
    }

    fn shrink_variants(&self, input: &str) -> Option<Vec<String>> {
        Some(self.rules.shrink(input))
    }
}

impl Packing for Builtin {
    fn max_games(&self) -> usize {
        self.rules.max_games()
    }

    fn split_games(&self, input: &str) -> Vec<String> {
        self.rules.split_games(input).unwrap_or_default()
    }

    fn join_games(&self, games: &[String]) -> String {
        self.rules.join_games(games).unwrap_or_default()
    }
}
