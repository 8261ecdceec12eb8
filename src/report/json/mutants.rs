//! The `mutants` report's shape (and the `mutants` field of `verify --mutants`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::judge::Verdict;
use crate::mutants::{Fate, MutationRun};
use crate::report::MutantsReport;
use crate::run::Isolation;
use crate::units::millis;

/// `mutants --json`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MutantsJson {
    /// Problem id or folder.
    pub problem: String,
    /// The mutation measures of its tests.
    #[serde(flatten)]
    pub run: MutationJson,
    /// What `--save-tests` did, one line per killable mutant's input.
    pub saved: Vec<String>,
    /// Notes on how the problem was read.
    pub notes: Vec<String>,
    /// How the mutants were contained.
    pub isolation: Option<Isolation>,
    /// Which shard of a split run this is (`mutants --shard`); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<crate::report::shard::ShardInfo>,
}

/// The measures of one mutation run: `mutants --json` and each problem's `mutants` in
/// `verify --mutants --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MutationJson {
    /// The solution mutated, as named.
    pub original: String,
    /// Its language (`C`, `C++`, `Java`, `Python`).
    pub language: String,
    /// Mutants killed by tests over mutants killed by tests or by stress (without stress:
    /// over every mutant that built); 0 to 1, `null` when no mutant counts.
    pub score: Option<f64>,
    /// Mutants that built and were judged.
    pub built: usize,
    /// The distinct mutants of the source (a shard judges its share of them).
    pub distinct: usize,
    /// Mutants some test kills.
    pub killed: usize,
    /// Mutants no test kills but a generated input does: the tests miss them.
    pub killable: usize,
    /// Mutants nothing killed within the stress budget.
    pub probably_equivalent: usize,
    /// Mutants no test kills that could not be stressed (no generator or no reference).
    pub survived: usize,
    /// Mutants that did not compile (discarded, only counted).
    pub not_built: usize,
    /// Mutants left out as the same text as another one or as the original.
    pub duplicates: usize,
    /// The time limit the mutants ran under.
    pub time_limit_ms: u64,
    /// The original's slowest test (CPU time).
    pub original_slowest_ms: u64,
    /// Why surviving mutants were not stressed; `null` when they were.
    pub no_stress: Option<String>,
    /// The stress budget of one mutant, in words.
    pub budget: String,
    /// Each test, in test order, with the mutants it is the first to kill.
    pub tests: Vec<TestKillsJson>,
    /// Every mutant that built, in source order.
    pub mutants: Vec<MutantJson>,
    /// Wall time of the run.
    pub elapsed_ms: u64,
    /// Time spent building mutants, summed over the workers.
    pub building_ms: u64,
    /// Time spent judging them on the tests, summed over the workers.
    pub judging_ms: u64,
    /// Time spent stressing the survivors (shrinking included), summed over the workers.
    pub stressing_ms: u64,
    /// Whether Ctrl-C ended the run before every mutant was judged.
    pub interrupted: bool,
}

/// One test's kills.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TestKillsJson {
    /// The test's name.
    pub name: String,
    /// Mutants it is the first test (in test order) to fail; 0: it kills nothing the tests
    /// before it do not.
    pub kills: usize,
}

/// One mutant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MutantJson {
    /// Its 1-based number among the distinct mutants.
    pub number: usize,
    /// What kind of change (`relational`, `off_by_one`, `logical`, `min_max`, `narrowing`,
    /// `removal`, `modulus`, `initial_value`).
    pub operator: String,
    /// 1-based line of the change.
    pub line: usize,
    /// 1-based column (in characters) of the change.
    pub column: usize,
    /// The text replaced.
    pub original: String,
    /// The text put in its place.
    pub replacement: String,
    /// The change as a one-hunk unified diff.
    pub diff: String,
    /// `killed`, `killable`, `probably_equivalent` or `survived`.
    pub fate: String,
    /// The first test that kills it (fate `killed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub killed_by: Option<String>,
    /// Its verdict there, or on the counterexample (fate `killed` or `killable`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "verdict_or_none")]
    pub verdict: Option<Verdict>,
    /// The shrunk generated input that kills it (fate `killable`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<CounterexampleJson>,
    /// Generated inputs it passed (fate `probably_equivalent`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<u64>,
}

fn verdict_or_none(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    super::verdict_schema(generator)
}

/// The input a killable mutant fails on: the missing test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CounterexampleJson {
    /// The generator kind it came from.
    pub kind: String,
    /// The seed it came from.
    pub seed: u64,
    /// The shrunk input.
    pub input: String,
    /// The reference's answer.
    pub answer: String,
    /// The mutant's output.
    pub output: String,
    /// What went wrong.
    pub detail: String,
}

impl MutationJson {
    /// The JSON shape of a mutation run.
    pub fn of(run: &MutationRun) -> MutationJson {
        MutationJson {
            original: run.original.clone(),
            language: run.language.clone(),
            score: run.score(),
            built: run.mutants.len(),
            distinct: run.all_mutants,
            killed: run.killed(),
            killable: run.killable(),
            probably_equivalent: run.equivalent(),
            survived: run.survived(),
            not_built: run.not_built,
            duplicates: run.duplicates,
            time_limit_ms: millis(run.time_limit),
            original_slowest_ms: millis(run.slowest),
            no_stress: run.no_stress.clone(),
            budget: run.budget.describe(),
            tests: run
                .kills_per_test()
                .into_iter()
                .map(|(name, kills)| TestKillsJson { name, kills })
                .collect(),
            mutants: run
                .mutants
                .iter()
                .map(|judged| {
                    let m = &judged.mutant;
                    let mut json = MutantJson {
                        number: judged.number,
                        operator: m.operator.name().to_string(),
                        line: m.line,
                        column: m.column,
                        original: m.original.clone(),
                        replacement: m.replacement.clone(),
                        diff: judged.diff.clone(),
                        fate: judged.fate.name().to_string(),
                        killed_by: None,
                        verdict: None,
                        counterexample: None,
                        inputs: None,
                    };
                    match &judged.fate {
                        Fate::KilledByTest { test, verdict } => {
                            json.killed_by = Some(test.clone());
                            json.verdict = Some(*verdict);
                        }
                        Fate::Killable(found) => {
                            json.verdict = Some(found.verdict);
                            json.counterexample = Some(CounterexampleJson {
                                kind: found.kind.clone(),
                                seed: found.seed,
                                input: found.input.clone(),
                                answer: found.answer.clone(),
                                output: found.output.clone(),
                                detail: found.detail.clone(),
                            });
                        }
                        Fate::ProbablyEquivalent { inputs } => json.inputs = Some(*inputs),
                        Fate::Survived => {}
                    }
                    json
                })
                .collect(),
            elapsed_ms: millis(run.elapsed),
            building_ms: millis(run.phases.building),
            judging_ms: millis(run.phases.judging),
            stressing_ms: millis(run.phases.stressing),
            interrupted: run.interrupted,
        }
    }
}

impl MutantsJson {
    /// The JSON shape of a `mutants` report.
    pub fn of(report: &MutantsReport) -> MutantsJson {
        MutantsJson {
            problem: report.problem.clone(),
            run: MutationJson::of(&report.run),
            saved: report.saved.clone(),
            notes: report.notes.clone(),
            isolation: report.isolation.clone(),
            shard: report.shard.clone(),
        }
    }
}

/// One problem's mutation measures in `verify --mutants --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct VerifyMutantsJson {
    /// Problem id or folder.
    pub problem: String,
    /// The measures.
    #[serde(flatten)]
    pub mutation: MutationJson,
}
