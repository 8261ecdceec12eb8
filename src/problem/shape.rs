//! The one shape every problem reader fills: a Kattis or ICPC folder ([`super::kattis`]), a
//! Polygon package ([`super::polygon`]) and the programs named on the command line
//! ([`super::adhoc`]) each end in a [`Shape`], which [`crate::programs::ProgramsProblem`] runs.
//!
//! Nothing here names a format: what a reader's format means for judging is said as a neutral
//! setting (an empty answer is an answer, the reference answers through the interactor, a
//! generator kind's own limits). The built-in problems need no shape: their rules are Rust
//! code ([`super::rules`]).

use std::path::PathBuf;
use std::time::Duration;

use super::ProblemInfo;
use crate::programs::checker::Checker;
use crate::programs::generator::Generator;
use crate::programs::interactor::Interactor;
use crate::programs::tool::Tool;
use crate::programs::validator::InputValidator;

/// A problem as its reader found it: its metadata, its tests and the programs that make and
/// judge its inputs.
pub struct Shape {
    /// Its metadata (`kinds` and `generator_name` are filled in from `generators`).
    pub info: ProblemInfo,
    /// Generator kinds and their commands, in the order `--kind all` cycles through them.
    pub generators: Vec<(String, Generator)>,
    /// What generator kinds set for themselves; kinds not listed set nothing.
    pub kind_settings: Vec<KindSettings>,
    /// The reference solution, then fallbacks for when it cannot be built here (each a
    /// `reference` [`Tool`]).
    pub references: Vec<Tool>,
    /// Input validators, all of which must accept an input.
    pub validators: Vec<InputValidator>,
    /// The checker.
    pub checker: Checker,
    /// The checker's arguments for inputs whose answer does not set its own (generated ones).
    pub checker_args: Vec<String>,
    /// The judge's side, when the problem is interactive or multi-pass.
    pub interactor: Option<Interactor>,
    /// Test files, in test order.
    pub tests: Vec<TestFile>,
    /// Tests that could not be made (a generator that does not build or fails), one line per
    /// generator: commands then report the result incomplete.
    pub left_out: Vec<String>,
    /// How the reference's runs become answer files.
    pub answers: AnswerRules,
}

impl Shape {
    /// Every program of the problem that the runtime builds (generators, references,
    /// validators, checker, interactor), for a reader to say how each is built.
    pub fn tools_mut(&mut self) -> impl Iterator<Item = &mut Tool> {
        let generators = self.generators.iter_mut().map(|(_, g)| g.tool_mut());
        let validators = self.validators.iter_mut().map(InputValidator::tool_mut);
        generators
            .chain(self.references.iter_mut())
            .chain(validators)
            .chain(self.checker.tool_mut())
            .chain(self.interactor.as_mut().map(Interactor::tool_mut))
    }
}

/// How the reference's runs become answer files, when it differs from the usual (its own
/// output, which must not be empty).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnswerRules {
    /// An answer of only whitespace is an answer (a test whose right answer is empty exists),
    /// rather than a forgotten print.
    pub empty_is_valid: bool,
    /// With an interactor, the reference runs against it and the interactor's output file is
    /// the answer, rather than the reference's own output.
    pub through_interactor: bool,
}

/// What a generator kind sets for itself besides its generator: the solutions it is meant to
/// stress, the limits of its runs and how long `stress` runs it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KindSettings {
    /// The kind.
    pub kind: String,
    /// The solutions it is meant to stress, as the problem names them (paths in the folder or
    /// file names); empty for any.
    pub solutions: Vec<String>,
    /// The time limit of its runs, when it sets one.
    pub time_limit: Option<Duration>,
    /// The memory limit of its runs in bytes, when it sets one.
    pub memory_bytes: Option<u64>,
    /// How long `stress` runs it without seeds given, when it says.
    pub total_time: Option<Duration>,
}

impl KindSettings {
    /// The solutions it is meant to stress, `None` when it is meant for any.
    pub fn meant_for(&self) -> Option<&[String]> {
        (!self.solutions.is_empty()).then_some(self.solutions.as_slice())
    }
}

/// One test file and its answer file, if there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestFile {
    /// How reports name it: the file name without `.in`, or `group/name` in a problem folder.
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The answer file, if any (the reference supplies the answer otherwise).
    pub answer: Option<PathBuf>,
    /// The checker's arguments for this test, when they differ from the problem's.
    pub checker_args: Option<Vec<String>>,
    /// The sample interaction shown for this test (`NAME.interaction`), if any.
    pub interaction: Option<PathBuf>,
}
