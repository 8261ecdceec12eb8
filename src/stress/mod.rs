//! The stress engine: find a failing seed fast, shrink it, reproduce it exactly, never lose it.
//!
//! - [`plan`] turns seeds and kinds into runs, packing many seeds into one run where the
//!   problem allows it;
//! - [`prepare`] generates each seed's input and its expected answer (in parallel with the
//!   candidate's runs, a few batches ahead);
//! - [`engine`] runs the candidate on worker threads and collects failures;
//! - [`triage`] takes a failed run apart: which seed fails alone, its single failing game, the
//!   fewest failing cases of a multi-test input ([`cases`]), the shrunk input, confirmed by a
//!   last run;
//! - [`minimize_failure`] minimises a failing input, problem-aware where the problem offers it, generic
//!   otherwise (after [`smaller`] looked for the same failure in a smaller kind's inputs); [`store`] writes each failure to disk the moment it is found; [`seeds`] reads
//!   `--seeds` and `--shard`; [`runner`] runs one input through the sandbox.
//!
//! A user's tool that fails (a crashing generator or reference, an input the validator rejects)
//! stops the run with a [`Fault`]: never a verdict of the candidate. A generator that ignores
//! its seed (seeded from the clock) is not a fault: with [`Plan::recorded_inputs`] its inputs
//! are recorded as generated, and failures are reproduced from the saved input.

pub mod also_sanitized;
pub mod any_output;
pub mod cases;
pub mod engine;
pub mod keep;
pub mod minimize_failure;
pub mod plan;
pub mod prepare;
pub mod runner;
pub mod seeds;
pub mod smaller;
pub mod store;
pub mod triage;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::error::Fault;
use crate::judge::Verdict;
use crate::problem::Answer;

pub use engine::{run, Summary};

/// What running one input on the candidate gave.
#[derive(Debug, Clone)]
pub struct CaseOutcome {
    /// The verdict of the run.
    pub verdict: Verdict,
    /// The candidate's stdout.
    pub output: Vec<u8>,
    /// For WA: 1-based index of the first differing game, when the checker knows it.
    pub mismatch_game: Option<usize>,
    /// One line on what went wrong (checker message, signal, limit).
    pub detail: String,
}

/// Runs one input on the candidate and judges it against the expected answer.
pub trait CaseRunner: Send {
    /// Runs `input`; `expected` is the reference's answer. A fault (the harness failed, a
    /// checker failed, Ctrl-C) is not a verdict.
    fn run_case(&mut self, input: &str, expected: &Answer) -> Result<CaseOutcome, Fault>;

    /// Tells the runner the generator kind of the inputs it runs from now on (their shrunk
    /// variants too), for a kind with its own time limit
    /// ([`crate::problem::Problem::kind_settings`]). The default ignores it.
    fn use_kind(&mut self, _kind: &str) {}
}

/// Told what a stress run finds while it runs (the commands' live output, such as
/// `--json-lines`), so the engine needs nothing of how it is shown. Any `Fn(&Failure)` is one
/// that only hears of triaged failures.
pub trait StressObserver: Sync {
    /// `unit` failed alone with `verdict`; shrinking it starts.
    fn failing(&self, _unit: &Unit, _verdict: Verdict, _detail: &str) {}
    /// Shrinking `unit`'s input accepted a smaller input that still fails (`steps` so far).
    fn shrink_step(&self, _unit: &Unit, _steps: usize, _input: &str) {}
    /// A failure is isolated, shrunk and confirmed (called from a worker thread).
    fn failure(&self, failure: &Failure);
}

impl<F: Fn(&Failure) + Sync> StressObserver for F {
    fn failure(&self, failure: &Failure) {
        self(failure)
    }
}

/// One generated input: a generator kind and a seed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit {
    /// Generator kind.
    pub kind: String,
    /// Seed.
    pub seed: u64,
}

impl Unit {
    /// Where a judge error happened: `on seed 17 (random kind)`.
    pub fn context(&self) -> String {
        format!("on seed {} ({} kind)", self.seed, self.kind)
    }
}

/// A failure, isolated to one seed and shrunk.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The seed (and kind) whose input fails alone.
    pub unit: Unit,
    /// The verdict of the failure.
    pub verdict: Verdict,
    /// The seed's full input.
    pub input: String,
    /// The reference's answer for `input`.
    pub expected: Answer,
    /// The candidate's output on `input`.
    pub output: Vec<u8>,
    /// The smallest input found that fails with the same verdict.
    pub shrunk_input: String,
    /// The reference's answer for `shrunk_input`.
    pub shrunk_expected: Answer,
    /// The candidate's output on `shrunk_input`.
    pub shrunk_output: Vec<u8>,
    /// What went wrong on the shrunk input.
    pub detail: String,
    /// The 1-based game of the shrunk input that differs, for a wrong answer.
    pub shrunk_game: Option<usize>,
    /// False when the failure shows only when several seeds are packed together; `input` is then
    /// the packed input.
    pub reproducible_alone: bool,
    /// Seeds packed into the run that failed.
    pub packed_seeds: Vec<u64>,
    /// Smaller failing inputs the shrinker accepted.
    pub shrink_steps: usize,
    /// Candidate runs the shrinker spent.
    pub shrink_runs: usize,
    /// True when the generator does not give this input again for its seed (it seeds itself
    /// from the clock): the input as generated is the only record, and repro runs it from its
    /// saved file (`--input`), never from the seed.
    pub recorded_input: bool,
    /// The smaller generated input (of a smaller kind) that fails the same way and that the
    /// shrinker started from instead of `input`, when one was found.
    pub shrunk_from: Option<Unit>,
    /// The generator's arguments `shrunk_from` was made with, when they are not its kind's own:
    /// the same generator with smaller size arguments.
    pub shrunk_from_args: Option<Vec<String>>,
    /// The fewest cases of a multi-test input (as the learned format reads it) that fail on
    /// their own, when fewer than all of them do: the shrinker started from those.
    pub cases: Option<cases::FailingCases>,
    /// The input format learned from the generator's inputs that guarded shrinking, in
    /// readable lines (empty when a validator or the problem itself judged the variants).
    pub input_format: Vec<String>,
    /// The shapes of the learned format the shrunk input keeps (an edge list that stays a tree,
    /// a permutation, a grid, ...), one line each; empty when no format guarded the shrink.
    pub kept_properties: Vec<String>,
    /// What the sanitizers found when the shrunk input ran once more on a sanitized build of
    /// a C or C++ candidate (see [`also_sanitized`]); `None` when nothing was found or no such
    /// run was made. It never changes the verdict.
    pub sanitizer: Option<String>,
}

/// Live counters shared with the progress display.
#[derive(Debug, Default)]
pub struct Counters {
    /// Candidate runs, including isolation and shrinking.
    pub runs: AtomicU64,
    /// Games in the stress runs proper (not counting isolation and shrinking).
    pub games: AtomicU64,
    /// Seeds (units) fully checked.
    pub units: AtomicU64,
    /// Failures found.
    pub failures: AtomicU64,
}

impl Counters {
    /// Records `units` inputs holding `games` games as checked.
    pub fn checked(&self, units: usize, games: usize) {
        self.units.fetch_add(units as u64, Ordering::Relaxed);
        self.games.fetch_add(games as u64, Ordering::Relaxed);
    }

    /// Records one candidate run.
    pub fn ran(&self) {
        self.runs.fetch_add(1, Ordering::Relaxed);
    }
}

/// What to stress.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The seeds, in order.
    pub seeds: Vec<u64>,
    /// The kinds each seed is generated with.
    pub kinds: Vec<String>,
    /// Keep going after the first failure.
    pub keep_going: bool,
    /// Most candidate runs one shrink may spend.
    pub shrink_attempts: usize,
    /// Wall-clock budget of one shrink.
    pub shrink_time: Duration,
    /// The generator does not reproduce an input from its seed: inputs are recorded as
    /// generated instead of regenerated, and no seed is claimed to reproduce a failure.
    pub recorded_inputs: bool,
    /// How long the run may take batches (a Polygon stress's `totalTimeLimit`), if bounded.
    pub time_budget: Option<Duration>,
    /// A run error must keep its exit (the same signal or exit code) while shrinking, not
    /// only its verdict: set for a stress without a reference ([`any_output`]), where the
    /// crash is the whole failure (an assertion's SIGABRT must not shrink into a SIGSEGV).
    pub same_crash: bool,
}

impl Plan {
    /// Whether `outcome` fails as `original` did: the same verdict and, with
    /// [`Plan::same_crash`], an RE with the same exit.
    pub fn fails_alike(&self, outcome: &CaseOutcome, original: &CaseOutcome) -> bool {
        outcome.verdict == original.verdict
            && (!self.same_crash
                || outcome.verdict != Verdict::RE
                || crash_kind(&outcome.detail) == crash_kind(&original.detail))
    }
}

/// The exit an RE's detail names (`killed by signal 6 (SIGABRT)`, `exit code 3`), without what
/// it says about the output.
fn crash_kind(detail: &str) -> &str {
    let exit = detail.split(';').next().unwrap_or(detail);
    exit.split(" after ").next().unwrap_or(exit)
}
