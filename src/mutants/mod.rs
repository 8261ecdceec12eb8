//! The mutation engine behind `stressjudge mutants` and `verify --mutants`: how strong is a
//! problem's test set? Every mutant of a correct solution (one small change each, made by
//! [`crate::mutate`]) is built, judged on the tests until the first one that kills it, and, when
//! no test does, stressed against the problem's reference with its generators: a mutant that
//! fails on a generated input is *killable* (the shrunk input is the missing test), one that
//! survives its budget is *probably equivalent*.
//!
//! - [`source`]: the original read, its language and its distinct mutants;
//! - [`build`]: a mutant built exactly as its original (package declarations, included files,
//!   the build cache by content);
//! - [`engine`]: the original's own times, the scaled time limit, the mutants judged and
//!   stressed on `jobs` worker threads;
//! - [`save`]: killable mutants' shrunk inputs written into the package as tests.
//!
//! Everything a mutant runs runs in the sandbox, under the same limits as any candidate (its
//! time limit scaled down from the original's, see [`engine::scaled_limit`]).

pub mod build;
pub mod engine;
pub mod save;
pub mod source;

use std::time::Duration;

use stressjudge_mutate::Mutant;

use crate::judge::Verdict;

pub use engine::{run, Settings, Stop, Tally};
pub use source::Original;

/// How long a surviving mutant is stressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Seeds 1..=N of every generator kind, as `stress --seeds 1..=N` draws them.
    Seeds(u64),
    /// Seeds from 1 on, every kind in turn, until this much wall time is spent.
    Time(Duration),
}

impl Budget {
    /// How reports say it: `20 seeds` or `2.5 s`.
    pub fn describe(&self) -> String {
        match self {
            Budget::Seeds(n) => format!("{n} seed(s) of every kind"),
            Budget::Time(d) => format!("{} s", d.as_secs_f64()),
        }
    }
}

/// What became of one mutant that built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// A test of the problem fails it: the first one, in test order.
    KilledByTest {
        /// The test's name.
        test: String,
        /// Its verdict there.
        verdict: Verdict,
    },
    /// No test fails it, but a generated input does: the test set misses it.
    Killable(Box<Counterexample>),
    /// No test and no generated input within the budget fails it.
    ProbablyEquivalent {
        /// Generated inputs it passed.
        inputs: u64,
    },
    /// No test fails it, and it could not be stressed (the problem has no generator or no
    /// reference).
    Survived,
}

impl Fate {
    /// The fate's stable name in reports.
    pub fn name(&self) -> &'static str {
        match self {
            Fate::KilledByTest { .. } => "killed",
            Fate::Killable(_) => "killable",
            Fate::ProbablyEquivalent { .. } => "probably_equivalent",
            Fate::Survived => "survived",
        }
    }
}

/// The generated input that kills a mutant no test kills, shrunk within the validator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    /// The generator kind and seed it came from.
    pub kind: String,
    /// See `kind`.
    pub seed: u64,
    /// The mutant's verdict on it.
    pub verdict: Verdict,
    /// The shrunk input: the test that is missing.
    pub input: String,
    /// The reference's answer to it.
    pub answer: String,
    /// The mutant's output on it (lossy UTF-8).
    pub output: String,
    /// What went wrong there.
    pub detail: String,
}

/// One mutant that built, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// Its 1-based number among the distinct mutants (stable for one source).
    pub number: usize,
    /// The change.
    pub mutant: Mutant,
    /// The change as a one-hunk unified diff of the original's file.
    pub diff: String,
    /// What became of it.
    pub fate: Fate,
}

/// Where the engine's time went, summed over its workers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Phases {
    /// Building mutants (the cache answers a mutant built before).
    pub building: Duration,
    /// Judging them on the tests.
    pub judging: Duration,
    /// Stressing the ones no test killed (shrinking included).
    pub stressing: Duration,
}

/// A whole mutation run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MutationRun {
    /// The original's path, as named.
    pub original: String,
    /// Its language.
    pub language: String,
    /// The tests, in test order.
    pub tests: Vec<String>,
    /// Every mutant that built, in source order (of this shard, under `--shard`).
    pub mutants: Vec<Judged>,
    /// The distinct mutants of the source, judged here or not (a shard judges its share).
    pub all_mutants: usize,
    /// Mutants that did not compile: discarded, only counted.
    pub not_built: usize,
    /// Mutants left out as the same text as another (or as the original).
    pub duplicates: usize,
    /// The original's slowest test (CPU time).
    pub slowest: Duration,
    /// The time limit the mutants ran under.
    pub time_limit: Duration,
    /// Why surviving mutants could not be stressed, when they could not.
    pub no_stress: Option<String>,
    /// The stress budget of one mutant.
    pub budget: Budget,
    /// Where the time went.
    pub phases: Phases,
    /// Wall time of the whole run.
    pub elapsed: Duration,
    /// Ctrl-C ended it before every mutant was judged.
    pub interrupted: bool,
}

impl MutationRun {
    /// Mutants some test kills.
    pub fn killed(&self) -> usize {
        self.count(|f| matches!(f, Fate::KilledByTest { .. }))
    }

    /// Mutants no test kills but a generated input does.
    pub fn killable(&self) -> usize {
        self.count(|f| matches!(f, Fate::Killable(_)))
    }

    /// Mutants nothing killed within the budget.
    pub fn equivalent(&self) -> usize {
        self.count(|f| matches!(f, Fate::ProbablyEquivalent { .. }))
    }

    /// Mutants no test kills that could not be stressed.
    pub fn survived(&self) -> usize {
        self.count(|f| matches!(f, Fate::Survived))
    }

    fn count(&self, fate: impl Fn(&Fate) -> bool) -> usize {
        self.mutants.iter().filter(|m| fate(&m.fate)).count()
    }

    /// The test set's mutation score: mutants killed by tests over those killed by tests or by
    /// stress (without stress, over every mutant that built but the duplicates: the
    /// survivors may be killable). `None` when there is nothing to divide by.
    pub fn score(&self) -> Option<f64> {
        let killed = self.killed();
        let all = killed + self.killable() + self.survived();
        (all > 0).then(|| killed as f64 / all as f64)
    }

    /// Each test's kill count: the mutants whose first failing test it is, in test order.
    pub fn kills_per_test(&self) -> Vec<(String, usize)> {
        self.tests
            .iter()
            .map(|test| {
                let kills =
                    self.count(|f| matches!(f, Fate::KilledByTest { test: t, .. } if t == test));
                (test.clone(), kills)
            })
            .collect()
    }
}
