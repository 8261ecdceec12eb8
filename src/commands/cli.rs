//! The command line (clap derive). Flag names, defaults and exit codes here are public
//! interfaces that users' scripts depend on: add, never rename.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use super::Outcome;
use crate::error::UsageError;
use crate::generators::Kind;

/// A stress-testing judge: build a candidate, run it under the problem's limits on seeded
/// inputs, compare with a proven reference, shrink and reproduce failures.
#[derive(Debug, Parser)]
#[command(name = "stressjudge", version, about, max_term_width = 100)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// Every subcommand.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the problems, their limits and the generator kinds.
    List,
    /// Print one generated input.
    Gen(GenArgs),
    /// Validate an input and print the reference answers, one per line.
    Solve(SolveArgs),
    /// Judge a solution on the problem's fixed test set.
    Judge(JudgeArgs),
    /// Stress-test a solution on seeded inputs until it fails or the budget runs out.
    Stress(StressArgs),
    /// Re-run one seed exactly and show input, expected, actual and the diff.
    Repro(ReproArgs),
    /// Judge every solution under solutions/ and check each gets its folder's verdict.
    Verify(VerifyArgs),
    /// Show what this machine offers for isolating candidates, and the toolchains.
    Doctor(DoctorArgs),
    /// Internal: the sandbox launcher process (not for direct use).
    #[command(name = "__launcher", hide = true)]
    Launcher,
}

/// `stressjudge gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// Problem id (see `stressjudge list`).
    pub problem: String,
    /// Generator kind.
    #[arg(long, value_enum, default_value_t = Kind::Random)]
    pub kind: Kind,
    /// Seed of the input.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `stressjudge solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Problem id (see `stressjudge list`).
    pub problem: String,
    /// Input file; standard input when absent.
    pub file: Option<PathBuf>,
}

/// `--isolation`: the sandbox level a command demands (absent: full where possible).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum IsolationArg {
    /// Namespaces and a cgroup for the whole process tree; exit 2 if this machine cannot.
    Full,
    /// rlimits only (no namespaces, no cgroup).
    Basic,
}

/// The sandbox demand of an optional `--isolation`.
pub fn isolation_demand(arg: Option<IsolationArg>) -> crate::run::IsolationDemand {
    match arg {
        None => crate::run::IsolationDemand::Auto,
        Some(IsolationArg::Full) => crate::run::IsolationDemand::Full,
        Some(IsolationArg::Basic) => crate::run::IsolationDemand::Basic,
    }
}

/// How to build and run the candidate, shared by every command that runs one.
#[derive(Debug, Args, Clone)]
pub struct CandidateArgs {
    /// Source file or executable of the solution (language from the extension).
    #[arg(required_unless_present = "cmd")]
    pub solution: Option<PathBuf>,
    /// Run this shell command as the candidate instead of building SOLUTION.
    #[arg(long)]
    pub cmd: Option<String>,
    /// CPU time limit per run, e.g. 2s or 1500ms (default: the problem's).
    #[arg(long, value_name = "TIME")]
    pub time_limit: Option<String>,
    /// Memory limit per run, e.g. 256MiB (default: the problem's).
    #[arg(long, value_name = "SIZE")]
    pub memory_limit: Option<String>,
    /// Output limit per run; past it the run is OLE.
    #[arg(long, value_name = "SIZE", default_value = "64MiB")]
    pub output_limit: String,
    /// Parallel runs (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Run everything one at a time, as a judge would.
    #[arg(long)]
    pub strict_timing: bool,
    /// Sandbox isolation: full (namespaces and cgroups) or basic (rlimits); default: full
    /// where this machine allows it, else basic (see `stressjudge doctor`).
    #[arg(long, value_enum)]
    pub isolation: Option<IsolationArg>,
}

impl CandidateArgs {
    /// How reports name the candidate: the path as given, or the `--cmd` command.
    pub fn name(&self) -> String {
        match (&self.solution, &self.cmd) {
            (Some(path), _) => path.display().to_string(),
            (None, Some(cmd)) => cmd.clone(),
            (None, None) => String::new(),
        }
    }
}

/// `stressjudge judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Problem id (see `stressjudge list`).
    pub problem: String,
    /// The candidate.
    #[command(flatten)]
    pub candidate: CandidateArgs,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// `stressjudge stress`.
#[derive(Debug, Args)]
pub struct StressArgs {
    /// Problem id (see `stressjudge list`).
    pub problem: String,
    /// The candidate.
    #[command(flatten)]
    pub candidate: CandidateArgs,
    /// Generator kind, or `all` to cycle through every kind.
    #[arg(long, default_value = "all")]
    pub kind: String,
    /// Seed range `A..B` (B excluded) or `A..=B`; default 1..=100 (under a minute for a correct
    /// C++ solution on two cores).
    #[arg(long)]
    pub seeds: Option<String>,
    /// Collect every failure instead of stopping at the first.
    #[arg(long)]
    pub keep_going: bool,
    /// Where failures are written (default: stressjudge-failures/PROBLEM/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Run only shard I of N (1-based), e.g. 2/8.
    #[arg(long)]
    pub shard: Option<String>,
}

/// `stressjudge repro`.
#[derive(Debug, Args)]
pub struct ReproArgs {
    /// Problem id (see `stressjudge list`).
    pub problem: String,
    /// The candidate.
    #[command(flatten)]
    pub candidate: CandidateArgs,
    /// The seed to reproduce.
    #[arg(long)]
    pub seed: u64,
    /// Generator kind of the seed.
    #[arg(long, value_enum, default_value_t = Kind::Random)]
    pub kind: Kind,
    /// Write the case files (SEED.in, SEED.ans, SEED.out) into this folder.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    pub json: bool,
}

/// `stressjudge verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Problems to verify (default: all).
    pub problems: Vec<String>,
    /// The solutions library.
    #[arg(long, default_value = "solutions")]
    pub solutions: PathBuf,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Parallel runs (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Seeds per solution in the stress pass.
    #[arg(long, default_value_t = 40)]
    pub stress_seeds: u64,
    /// Run everything one at a time, as a judge would.
    #[arg(long)]
    pub strict_timing: bool,
    /// Sandbox isolation: full (namespaces and cgroups) or basic (rlimits); default: full
    /// where this machine allows it, else basic.
    #[arg(long, value_enum)]
    pub isolation: Option<IsolationArg>,
}

/// `stressjudge doctor`.
#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// Print one JSON object instead of the text.
    #[arg(long)]
    pub json: bool,
}

impl Command {
    /// The `--isolation` of a command that runs candidates; `None` for the others.
    pub fn isolation(&self) -> Option<Option<IsolationArg>> {
        match self {
            Command::Judge(a) => Some(a.candidate.isolation),
            Command::Stress(a) => Some(a.candidate.isolation),
            Command::Repro(a) => Some(a.candidate.isolation),
            Command::Verify(a) => Some(a.isolation),
            _ => None,
        }
    }
}

/// Decides the isolation of every sandbox of this process once (auto resolves to what the
/// machine gives); `--isolation full` where it is impossible is a usage error naming why.
fn configure_isolation(arg: Option<IsolationArg>) -> Result<(), UsageError> {
    let options = crate::run::SandboxOptions {
        isolation: isolation_demand(arg),
        ..crate::run::SandboxOptions::default()
    };
    crate::run::configure_process(options)
        .map(|_| ())
        .map_err(|e| match arg {
            Some(IsolationArg::Full) => UsageError::new(format!("--isolation full: {e}")),
            _ => UsageError::new(format!("cannot start the sandbox: {e}")),
        })
}

/// Runs the parsed command.
pub fn dispatch(cli: Cli) -> Result<Outcome, UsageError> {
    if let Some(arg) = cli.command.isolation() {
        configure_isolation(arg)?;
    }
    match cli.command {
        Command::List => super::list::run(),
        Command::Gen(args) => super::gen::run(&args),
        Command::Solve(args) => super::solve::run(&args),
        Command::Judge(args) => super::judge::run(&args),
        Command::Stress(args) => super::stress::run(&args),
        Command::Repro(args) => super::repro::run(&args),
        Command::Verify(args) => super::verify::run(&args),
        Command::Doctor(args) => super::doctor::run(&args),
        Command::Launcher => std::process::exit(crate::run::launcher_main()),
    }
}
