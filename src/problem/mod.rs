//! Step 1 of the pipeline: what a problem is, and where every format is read.
//!
//! Every problem, built in or brought by the user, is one value behind the [`Problem`] trait:
//! its metadata ([`ProblemInfo`]: id, title, limits, generator kinds), a generator, a validator,
//! a reference, a checker and its fixed test set. The three built-in problems do all of that in
//! process ([`rules`]). Every other problem is read by one reader per format, each in its own
//! folder: [`kattis`] (Kattis, ICPC, BAPCtools and DOMjudge problem folders), [`polygon`]
//! (Polygon packages), [`italian`] (Italian-format olympiad tasks of CMS and task-maker-rust), [`adhoc`] (programs named on the command line, `--tests` folders) and
//! [`companion`] (Competitive Companion's JSON, written as a Kattis folder); [`folder`] tells
//! which reader a folder needs. Each reader fills the same [`shape::Shape`], run by
//! [`crate::programs`], and for a package the same submissions ([`submission`], [`program`])
//! and time-limit rule ([`time_limit_rule`]); a format's quirks stay in its reader. Optional capabilities stay
//! optional: packing many games into one run ([`Packing`]) and problem-aware shrinking are
//! offered by the built-ins, and the rest of the harness falls back to generic behaviour
//! without them.
//!
//! Each part that runs a user's program can fail in a way that is not the candidate's fault
//! (a crashing reference, a checker that says the judge is wrong): that is a [`ToolFailure`],
//! an outcome of its own, never a verdict.

pub mod adhoc;
pub mod checker;
pub mod companion;
pub mod confined;
pub mod folder;
pub mod italian;
pub mod kattis;
mod olympiad_folder;
pub mod polygon;
pub mod program;
pub mod rules;
pub mod shape;
pub mod submission;
pub mod time_limit_rule;
pub mod tool_tests;
pub mod tps;

use std::fmt;
use std::time::Duration;

pub use checker::{CheckResult, CheckerPoints, Mismatch, ValidatorScore};
pub use shape::KindSettings;

// What the commands need of a package beyond its problem, asked of the reader that owns the
// folder, so that no command names a format.
mod declared;
pub mod details;
pub use declared::{build_declared_for, package_build_for, python_for, python_reason_for};

/// `stressjudge generate` is BAPCtools' `generators.yaml` command (`bt generate`): it builds a
/// Kattis folder's `data/` from the plan that folder's reader reads, a Kattis-folder feature
/// by definition, so it reaches that reader by this one name rather than through the neutral
/// problem shape.
pub use kattis::generated_data;

/// The name of stressjudge's own optional settings file in a problem folder (the reference,
/// the generator kinds, build limits, the Python 3 interpreter); read by the folder readers.
pub use kattis::STRESS_CONFIG_FILE;

/// Resource limits a problem statement sets for one run of a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + sys) of the whole process tree.
    pub time: Duration,
    /// Peak resident memory.
    pub memory_bytes: u64,
}

/// Why an input text breaks the problem's constraints.
///
/// `line` is 1-based, or 0 when the complaint is about the input as a whole (a validator
/// program's verdict); the message names the field, the value and the violated bound, so that
/// the one-line error a user sees says exactly what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line of the input where the problem was found, 0 for the whole input.
    pub line: usize,
    /// What is wrong, e.g. `field k = 13 is above the maximum 12`.
    pub message: String,
}

impl InputError {
    /// Builds an error at `line` with `message`.
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        InputError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// A user's tool (generator, input validator, reference, checker) failed: a judge error.
///
/// It says which program failed and how, in one line; the caller adds where (the seed or test)
/// and saves the input. It is never turned into a verdict of the candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolFailure {
    /// The program, as users know it: `reference brute.py`, `checker chk.cpp`.
    pub tool: String,
    /// What went wrong, e.g. `crashed with exit code 1 (stderr: IndexError: ...)`.
    pub problem: String,
}

impl ToolFailure {
    /// A failure of `tool`, described by `problem`.
    pub fn new(tool: impl Into<String>, problem: impl Into<String>) -> Self {
        ToolFailure {
            tool: tool.into(),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for ToolFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.tool, self.problem)
    }
}

impl std::error::Error for ToolFailure {}

/// Why an input could not be prepared: it breaks the constraints, or a tool failed on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemError {
    /// The validator rejects the input.
    Invalid(InputError),
    /// The validator or the reference itself failed.
    Tool(ToolFailure),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::Invalid(e) => write!(f, "invalid input: {e}"),
            ProblemError::Tool(e) => write!(f, "{e}"),
        }
    }
}

impl From<ToolFailure> for ProblemError {
    fn from(e: ToolFailure) -> Self {
        ProblemError::Tool(e)
    }
}

impl From<InputError> for ProblemError {
    fn from(e: InputError) -> Self {
        ProblemError::Invalid(e)
    }
}

/// The reference's answer file for one input, byte for byte what it printed (`.ans`), and how
/// the checker is to be called for it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// The answer text.
    pub text: String,
    /// The output validator arguments of the test this answer belongs to, when they differ
    /// from the problem's (Kattis test groups set their own `output_validator_args`).
    pub checker_args: Option<Vec<String>>,
    /// The sample interaction the statement shows for this test (its `.interaction` file),
    /// shown next to the transcript when an interactive run of the test fails.
    pub sample_interaction: Option<SampleInteraction>,
}

/// A sample interaction of an interactive or multi-pass problem (the package format's
/// `.interaction` file: `>` lines the submission writes, `<` lines it reads, `---` between
/// passes), as the statement shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleInteraction {
    /// Where it comes from, as shown (`data/sample/1.interaction`).
    pub file: String,
    /// Its text.
    pub text: String,
}

impl Answer {
    /// An answer from its text.
    pub fn new(text: impl Into<String>) -> Self {
        Answer {
            text: text.into(),
            checker_args: None,
            sample_interaction: None,
        }
    }

    /// The answer of a built-in problem: one answer per game, one per line.
    pub fn from_lines(answers: &[String]) -> Self {
        let mut text = String::with_capacity(answers.iter().map(|a| a.len() + 1).sum());
        for answer in answers {
            text.push_str(answer);
            text.push('\n');
        }
        Answer::new(text)
    }

    /// Its whitespace-separated tokens.
    pub fn tokens(&self) -> std::str::SplitAsciiWhitespace<'_> {
        self.text.split_ascii_whitespace()
    }

    /// The answer of several inputs run as one (packed), in order.
    pub fn concat<'a>(parts: impl IntoIterator<Item = &'a Answer>) -> Answer {
        let mut text = String::new();
        for part in parts {
            text.push_str(&part.text);
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
        }
        Answer::new(text)
    }
}

/// An input that passed the validator, with its game count and the reference's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// Independent games in the input (1 for problems without a notion of games).
    pub games: usize,
    /// The reference's answer.
    pub answer: Answer,
}

/// One test of a fixed test set: an input, its answer, and whether it must run alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// How users refer to it: `sample-1`, `edge-2`, `secret/03-max`, ...
    pub name: String,
    /// The input text.
    pub input: String,
    /// The expected answer.
    pub expected: Answer,
    /// Whether it measures speed and so must run with no parallel neighbours.
    pub alone: bool,
}

/// Where a problem's time limit comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeLimitOrigin {
    /// The statement, `problem.yaml`, or a documented default.
    Given,
    /// Derived from the accepted submissions by problemtools' rule (the notes say how).
    Derived,
    /// Not set yet: a problem folder without a time limit, before its accepted submissions
    /// ran (`limits.time` is a placeholder then).
    Pending,
}

/// Where a problem comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// One of the three built-in problems.
    Builtin,
    /// A problem folder (Kattis / ICPC problem package, or Polygon package) at this path.
    Folder(std::path::PathBuf),
    /// Programs named on the command line (`--gen`, `--ref`, `--tests`, ...).
    AdHoc,
}

/// What a problem is, as data: everything the harness shows or decides by without running it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemInfo {
    /// How commands, reports and repro lines name it: a built-in id, a folder path, `ad-hoc`.
    pub id: String,
    /// Human-readable title.
    pub title: String,
    /// The statement's limits (flags may override them per command).
    pub limits: Limits,
    /// The problem's output limit, if it sets one (the commands' default applies otherwise).
    pub output_limit_bytes: Option<u64>,
    /// Generator kinds, in the order `--kind all` cycles through them; empty without a generator.
    pub kinds: Vec<String>,
    /// How messages name the generator, e.g. `generator gen.py`.
    pub generator_name: String,
    /// Whether a reference can answer generated inputs (stress and repro need one).
    pub has_reference: bool,
    /// Where `limits.time` comes from.
    pub time_limit_origin: TimeLimitOrigin,
    /// Lines the reports show about how the problem was read (e.g. how its time limit was set).
    pub notes: Vec<String>,
    /// Where it comes from.
    pub origin: Origin,
    /// The files solutions read and write instead of stdin and stdout (Polygon's
    /// `input-file`/`output-file`, `--input-file`/`--output-file`); standard streams by default.
    pub file_io: crate::run::FileIo,
    /// Whether a solution's address space is limited to the memory limit (`RLIMIT_AS`) on top
    /// of the sandbox's own memory limit, as problemtools runs a Kattis package's submissions
    /// (`run/program.py`: `RLIMIT_AS` = `memlim` MiB), so a program reserving far more than it
    /// touches fails its allocation as there (a run-time error) instead of growing into a
    /// time limit. Set for Kattis packages; the cgroup stays the hard bound.
    pub address_space_limit: bool,
}

/// Many independent games in one input: what lets `stress` pack many seeds into one run.
pub trait Packing: Send + Sync {
    /// The most games one input may hold (the statement's bound on t).
    fn max_games(&self) -> usize;

    /// Each game's own text (one line each, without the leading count). The input must be
    /// valid.
    fn split_games(&self, input: &str) -> Vec<String>;

    /// The inverse of [`Packing::split_games`]: an input holding exactly these games.
    fn join_games(&self, games: &[String]) -> String;
}

/// A problem the judge can test solutions against.
pub trait Problem: Send + Sync {
    /// Its metadata.
    fn info(&self) -> &ProblemInfo;

    /// One input of generator `kind` (one of `info().kinds`) for `seed`; deterministic.
    fn generate(&self, kind: &str, seed: u64) -> Result<String, ToolFailure>;

    /// The input of kind `kind` for `seed` from its generator with its size arguments divided by
    /// `divisor` (`gen.py 30` run as `gen.py SEED 7`), with those arguments: a smaller input,
    /// valid by construction. `None` (the default) when the generator takes no size argument.
    fn generate_smaller(
        &self,
        _kind: &str,
        _seed: u64,
        _divisor: u64,
    ) -> Option<Result<(Vec<String>, String), ToolFailure>> {
        None
    }

    /// Checks the input against the constraints; returns its number of games.
    fn validate(&self, input: &str) -> Result<usize, ProblemError>;

    /// The reference's answer to an input that passed [`Problem::validate`].
    fn solve(&self, input: &str) -> Result<Answer, ToolFailure>;

    /// Validates and solves in one step (problems that parse once override it).
    fn prepare(&self, input: &str) -> Result<Prepared, ProblemError> {
        let games = self.validate(input)?;
        let answer = self.solve(input)?;
        Ok(Prepared { games, answer })
    }

    /// Judges a candidate's output against the expected answer.
    fn check(
        &self,
        input: &str,
        expected: &Answer,
        output: &[u8],
    ) -> Result<CheckResult, ToolFailure>;

    /// The fixed test set `judge` and `verify` run, in test order.
    fn fixed_tests(&self) -> Result<Vec<TestCase>, ToolFailure>;

    /// Builds the programs the problem's parts are (checker, validators; with `stressing`, the
    /// generators and the reference) before anything runs, so one that does not build stops a
    /// command at once instead of halfway through. Nothing to do for problems without programs.
    fn build_tools(&self, _stressing: bool) -> Result<(), ToolFailure> {
        Ok(())
    }

    /// Tests the problem could not make, one line each naming the program that failed (a
    /// generator that does not build or crashes), why, and the tests it leaves out. A command
    /// that judges without them cannot pass: its result is incomplete.
    fn left_out(&self) -> &[String] {
        &[]
    }

    /// The packing capability, for problems whose input is a list of independent games.
    fn packing(&self) -> Option<&dyn Packing> {
        None
    }

    /// Problem-aware shrinking: simpler variants of a valid input, most aggressive first, or
    /// `None` when the problem leaves shrinking to the generic shrinker.
    fn shrink_variants(&self, _input: &str) -> Option<Vec<String>> {
        None
    }

    /// What decides a run's verdict besides the candidate, the test and the limits: the
    /// checker (its build and arguments) and every other program that judges a run. Runs are
    /// remembered across commands under it (the result cache), so it must change whenever a
    /// verdict could; `None` (the default) means runs of this problem are never remembered.
    fn judging_identity(&self) -> Option<String> {
        None
    }

    /// What decides a stress pass's inputs and answers besides the seeds and kinds: the
    /// generators, the input validators and the reference (with [`Problem::judging_identity`]
    /// for the verdicts). A stress pass is remembered under both; `None` (the default) means it
    /// is never remembered.
    fn stress_identity(&self) -> Option<String> {
        None
    }

    /// What generator kind `kind` sets for itself (the solutions it is meant to stress, the
    /// limits of its runs, how long `stress` runs it); `None` (the default) when it sets
    /// nothing and the problem's settings apply. `verify` runs a kind's stress pass only on the
    /// solutions it is meant for.
    fn kind_settings(&self, _kind: &str) -> Option<&KindSettings> {
        None
    }

    /// How the candidate is run when the problem is interactive or multi-pass: against the
    /// judge's interactor, or pass after pass; `None` (the default) for batch problems, whose
    /// candidate reads its input and is judged by [`Problem::check`].
    fn interaction(&self) -> Option<&dyn Interaction> {
        None
    }

    /// The input line of 1-based `game`, for explaining a wrong answer: the game's own line
    /// when the problem packs games, else the whole input when it is a single short line.
    fn game_line(&self, input: &str, game: usize) -> Option<String> {
        match self.packing() {
            Some(packing) => packing
                .split_games(input)
                .get(game.checked_sub(1)?)
                .cloned(),
            None => {
                let mut non_empty = input.lines().filter(|l| !l.trim().is_empty());
                let first = non_empty.next()?;
                non_empty.next().is_none().then(|| first.trim().to_string())
            }
        }
    }

    /// Whether an input validator judges inputs (a built-in's own, a folder's or `--validator`).
    /// Without one, shrinking keeps to the format learned from the generator's inputs.
    fn has_input_validator(&self) -> bool {
        true
    }

    /// Whether a checker of the user's decides alone, without a reference's answer (a
    /// round-trip checker): inputs are then answered with an empty answer file.
    fn checker_decides_alone(&self) -> bool {
        false
    }

    /// The source of the problem's reference solution, when it is a program (a folder's
    /// stress reference or first accepted submission, `--ref`): what `mutants` mutates by
    /// default. `None` (the default) for a reference written in Rust (the built-ins).
    fn reference_source(&self) -> Option<&std::path::Path> {
        None
    }
}

/// Runs the candidate once, connected as an [`Interaction`] says: its stdin and stdout are the
/// endpoint's (named pipes to the interactor, or files for one pass of a multi-pass problem).
/// The engines implement it with their sandbox and limits.
pub trait CandidateRun {
    /// One run of the candidate; an error means there is no verdict (the harness failed).
    fn run(&mut self, end: crate::run::Endpoint<'_>) -> std::io::Result<crate::run::RunOutcome>;

    /// The wall-clock backstop of its runs (the interactor's own ends a little later).
    fn wall(&self) -> Duration;
}

/// What an interactive or multi-pass run gave, before the verdict is decided
/// ([`crate::judge::classify_interaction`] applies problemtools' precedence).
#[derive(Debug, Clone)]
pub struct Interacted {
    /// The candidate's run (of the pass that decided; its CPU time the largest of any pass).
    pub candidate: crate::run::RunOutcome,
    /// What the interactor (or the last pass's output validator) decided.
    pub verdict: CheckResult,
    /// Whether the interactor ended before the candidate.
    pub interactor_first: bool,
    /// The conversation in the `.interaction` form, when it was recorded.
    pub transcript: Option<String>,
    /// Passes run (1 for a plain interactive problem).
    pub passes: usize,
}

/// Why an interactive run has no verdict: a tool failed (a judge error naming it), or the
/// harness could not run the candidate.
#[derive(Debug)]
pub enum InteractError {
    /// The interactor, output validator or checker failed.
    Tool(ToolFailure),
    /// The harness failed.
    Harness(std::io::Error),
}

impl From<ToolFailure> for InteractError {
    fn from(e: ToolFailure) -> Self {
        InteractError::Tool(e)
    }
}

/// The judge's side of an interactive or multi-pass problem (see [`Problem::interaction`]).
pub trait Interaction: Send + Sync {
    /// Runs `candidate` on `input` against the judge's side, whose answer file is `expected`;
    /// with `record`, keeps the conversation.
    fn interact(
        &self,
        input: &str,
        expected: &Answer,
        record: bool,
        candidate: &mut dyn CandidateRun,
    ) -> Result<Interacted, InteractError>;

    /// `interactive`, `multi-pass` or `interactive multi-pass`, for reports.
    fn describe(&self) -> String;
}

/// Splits a "t, then t game lines" input into its game lines (used by multi-game problems).
/// The input must already be valid.
pub fn split_counted_lines(input: &str) -> Vec<String> {
    let mut lines = input.lines().map(str::trim).filter(|l| !l.is_empty());
    let count: usize = lines.next().and_then(|t| t.parse().ok()).unwrap_or(0);
    lines
        .take(count)
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Builds a "t, then t game lines" input from game lines.
pub fn join_counted_lines(games: &[String]) -> String {
    let mut out = String::with_capacity(games.iter().map(|g| g.len() + 1).sum::<usize>() + 8);
    out.push_str(&games.len().to_string());
    out.push('\n');
    for game in games {
        out.push_str(game);
        out.push('\n');
    }
    out
}

/// Smaller values to try in place of `value` when shrinking, most aggressive first: `min`, then
/// `value - d` for d = (value - min) / 2, / 4, ..., 1. Retrying from the front after every
/// success reaches the smallest failing value in O(log^2) runs, where plain decrements would
/// take `value` runs.
pub fn smaller_values(value: u64, min: u64) -> Vec<u64> {
    let mut out = Vec::new();
    if value <= min {
        return out;
    }
    out.push(min);
    let mut delta = (value - min) / 2;
    while delta > 0 {
        out.push(value - delta);
        delta /= 2;
    }
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaller_values_descend_towards_the_value() {
        assert_eq!(smaller_values(100, 0), vec![0, 50, 75, 88, 94, 97, 99]);
        assert_eq!(smaller_values(2, 1), vec![1]);
        assert!(smaller_values(1, 1).is_empty());
        assert!(smaller_values(5, 0).iter().all(|&v| v < 5));
    }

    #[test]
    fn counted_lines_round_trip() {
        let games = vec!["1 2 3".to_string(), "4 5 6".to_string()];
        let text = join_counted_lines(&games);
        assert_eq!(text, "2\n1 2 3\n4 5 6\n");
        assert_eq!(split_counted_lines(&text), games);
    }
}
