//! Plain typed options of every command, as the CLI layer hands them over: parsed, checked
//! and defaulted, with no trace of the argument parser. Commands take these and nothing else,
//! so they can be driven from tests and other front ends alike.

use std::path::PathBuf;
use std::time::Duration;

use crate::stress::seeds::{SeedRange, Shard};

/// Which problem a command works on.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProblemSpec {
    /// A built-in id or a problem folder path; `None` for a purely ad-hoc problem.
    pub name: Option<String>,
    /// Programs and folders given by flags, overriding or completing the named problem.
    pub ad_hoc: AdHocParts,
}

/// The parts of a problem given on the command line (`--gen`, `--ref`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AdHocParts {
    /// The generator command: a program, then arguments; the seed goes first unless a
    /// `{seed}` placeholder says where.
    pub generator: Option<String>,
    /// The reference solution, whose output is the answer.
    pub reference: Option<PathBuf>,
    /// A testlib-style checker (`chk INPUT OUTPUT ANSWER`).
    pub checker: Option<PathBuf>,
    /// A Kattis output validator (`val INPUT ANSWER FEEDBACK_DIR < OUTPUT`).
    pub output_validator: Option<PathBuf>,
    /// Input validators (Kattis exit 42 / 43, or testlib exit 0).
    pub validators: Vec<PathBuf>,
    /// A folder of tests: `*.in` with `.ans` or `.out` next to them (oj layout).
    pub tests: Option<PathBuf>,
    /// Further generator commands (`--gen` repeated): kinds `gen2`, `gen3`, ...
    pub more_generators: Vec<String>,
    /// The file the generators write their input to instead of stdout (`--gen-output`).
    pub gen_output: Option<String>,
    /// The interactor of an interactive problem (`--interactor`).
    pub interactor: Option<PathBuf>,
    /// Its convention, `kattis` or `testlib` (`--interactor-convention`; detected without).
    pub interactor_convention: Option<String>,
    /// The files solutions read and write instead of stdin and stdout (`--input-file`,
    /// `--output-file`), over a package's own; not a part that makes an ad-hoc problem.
    pub file_io: crate::run::FileIo,
    /// The testset of a Polygon package to judge (`--testset`, default `tests`); not a part
    /// that makes an ad-hoc problem.
    pub testset: Option<String>,
}

impl AdHocParts {
    /// Whether any part was given.
    pub fn any(&self) -> bool {
        self.generator.is_some()
            || self.reference.is_some()
            || self.checker.is_some()
            || self.output_validator.is_some()
            || !self.validators.is_empty()
            || self.tests.is_some()
            || self.interactor.is_some()
    }
}

/// What the candidate is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CandidateSource {
    /// A source file, program folder or executable.
    Path(PathBuf),
    /// A shell command, run from the directory stressjudge was started in.
    Command(String),
}

/// How much isolation the sandbox must give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IsolationChoice {
    /// The strongest this machine allows.
    #[default]
    Auto,
    /// Namespaces and cgroups, or an error saying why not.
    Full,
    /// The rlimit sandbox only.
    Basic,
}

/// The candidate and how to run it, shared by every command that runs one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateOptions {
    /// What to build and run.
    pub source: CandidateSource,
    /// CPU time limit per run (default: the problem's).
    pub time_limit: Option<Duration>,
    /// Memory limit per run in bytes (default: the problem's).
    pub memory_limit: Option<u64>,
    /// Output limit per run in bytes (default: the problem's, else 64 MiB).
    pub output_limit: Option<u64>,
    /// Parallel runs (at least 1).
    pub jobs: usize,
    /// Run everything one at a time, as a judge would.
    pub strict_timing: bool,
    /// The isolation asked for.
    pub isolation: IsolationChoice,
    /// The limit flags exactly as typed (`--time-limit 1s`), for repro commands.
    pub limit_flags: Vec<(String, String)>,
    /// Build a C or C++ candidate with the sanitizers (`--sanitize`).
    pub sanitize: bool,
}

impl CandidateOptions {
    /// How reports name the candidate: the path as given, or the `--cmd` command.
    pub fn name(&self) -> String {
        match &self.source {
            CandidateSource::Path(path) => path.display().to_string(),
            CandidateSource::Command(cmd) => cmd.clone(),
        }
    }
}

/// Extra report files to write, each format chosen by its extension.
pub type ReportFiles = Vec<PathBuf>;

/// `stressjudge list`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListOptions {
    /// A problem folder to describe instead of the built-ins.
    pub problem: Option<String>,
    /// The testset of a Polygon package whose limits and tests are shown (`--testset`).
    pub testset: Option<String>,
}

/// `stressjudge gen`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenOptions {
    /// The problem.
    pub problem: ProblemSpec,
    /// Generator kind (default: `random`, or the problem's first kind).
    pub kind: Option<String>,
    /// Seed.
    pub seed: u64,
    /// A test of the fixed test set to print instead of a generated input.
    pub test: Option<String>,
}

/// `stressjudge generate`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The problem folder.
    pub problem: PathBuf,
    /// Where to write the data (default: the problem's `data/`).
    pub out: Option<PathBuf>,
}

/// `stressjudge solve`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveOptions {
    /// The problem.
    pub problem: ProblemSpec,
    /// Input file; standard input when absent.
    pub file: Option<PathBuf>,
}

/// `stressjudge judge`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeOptions {
    /// The problem.
    pub problem: ProblemSpec,
    /// The candidate.
    pub candidate: CandidateOptions,
    /// Print one JSON object instead of the table.
    pub json: bool,
    /// `--json-lines`: events on stdout as they happen (`json` is set too).
    pub json_lines: bool,
    /// Extra report files.
    pub reports: ReportFiles,
}

/// `stressjudge stress`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StressOptions {
    /// The problem.
    pub problem: ProblemSpec,
    /// The candidate.
    pub candidate: CandidateOptions,
    /// One generator kind, or `None` for all of them.
    pub kind: Option<String>,
    /// The seed range.
    pub seeds: SeedRange,
    /// Whether the user gave the seeds (`--seeds`) rather than taking the default range.
    pub seeds_given: bool,
    /// The shard of the range to run.
    pub shard: Shard,
    /// Collect every failure instead of stopping at the first.
    pub keep_going: bool,
    /// Where failures are written (default: stressjudge-failures/PROBLEM/).
    pub out: Option<PathBuf>,
    /// Print one JSON object instead of the report.
    pub json: bool,
    /// `--json-lines`: events on stdout as they happen (`json` is set too).
    pub json_lines: bool,
    /// Extra report files.
    pub reports: ReportFiles,
    /// Print the input format learned from the generator's inputs instead of running.
    pub explain_format: bool,
    /// Add shrunk failing inputs with their answers to the problem's tests (`--save-tests`).
    pub save_tests: bool,
    /// Judge the folder's samples before the first seed: for the problem folder taken from
    /// the current directory (a named folder keeps the stress report's shape).
    pub samples_first: bool,
}

/// `stressjudge repro`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReproOptions {
    /// The problem.
    pub problem: ProblemSpec,
    /// The candidate.
    pub candidate: CandidateOptions,
    /// The seed to reproduce.
    pub seed: u64,
    /// Generator kind (default: `random`, or the problem's first kind).
    pub kind: Option<String>,
    /// Folder for SEED.in, SEED.ans, SEED.out.
    pub save: Option<PathBuf>,
    /// Print one JSON object instead of the report.
    pub json: bool,
    /// Extra report files.
    pub reports: ReportFiles,
    /// Run this saved input instead of generating one from the seed (a failure whose generator
    /// does not reproduce it, or any input file).
    pub input: Option<PathBuf>,
}

/// `stressjudge check-tools`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckToolsOptions {
    /// The problem folders.
    pub problems: Vec<String>,
    /// Print one JSON object instead of the text.
    pub json: bool,
    /// Parallel tool runs.
    pub jobs: usize,
    /// The isolation demanded.
    pub isolation: IsolationChoice,
    /// Check again, using no result remembered by an earlier run.
    pub fresh: bool,
}

/// `stressjudge verify`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyOptions {
    /// Built-in ids and problem folders (default: every built-in problem).
    pub problems: Vec<String>,
    /// Whether the packages' own tools are put to the checks of `check-tools` too.
    pub tool_checks: bool,
    /// The solutions library of the built-in problems.
    pub solutions: PathBuf,
    /// Print one JSON object instead of the table.
    pub json: bool,
    /// `--json-lines`: events on stdout as they happen (`json` is set too).
    pub json_lines: bool,
    /// Parallel runs.
    pub jobs: usize,
    /// Seeds per kind in the stress pass.
    pub stress_seeds: u64,
    /// Run everything one at a time.
    pub strict_timing: bool,
    /// The isolation asked for.
    pub isolation: IsolationChoice,
    /// Extra report files.
    pub reports: ReportFiles,
    /// Run every test instead of stopping at the deciding one.
    pub all_tests: bool,
    /// Reuse no remembered result.
    pub fresh: bool,
    /// `--forget-machine`: delete the machine profile (issue 45) before anything runs.
    pub forget_machine: bool,
    /// `--input-file`/`--output-file`, over each problem's own file I/O.
    pub file_io: crate::run::FileIo,
    /// The testset of each Polygon package to judge (`--testset`, default `tests`).
    pub testset: Option<String>,
    /// `--shard I/N`: judge only this shard's share of the submissions.
    pub shard: Option<crate::stress::seeds::Shard>,
    /// `--plan FILE`: with a shard, the limits to judge by; without, where to write them.
    pub plan: Option<PathBuf>,
    /// `--mutants`: each problem folder's tests measured by its reference's mutants too.
    pub mutants: bool,
}

/// `stressjudge merge`: shards' JSON reports joined into one run's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeOptions {
    /// The shards' JSON reports.
    pub files: Vec<PathBuf>,
    /// Print one JSON object instead of the table.
    pub json: bool,
    /// Extra report files.
    pub reports: ReportFiles,
}

/// `stressjudge doctor`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DoctorOptions {
    /// Print one JSON object instead of the text.
    pub json: bool,
}

/// `stressjudge listen`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListenOptions {
    /// The port on 127.0.0.1 (0: any free one).
    pub port: u16,
    /// Where problem folders are written.
    pub dir: PathBuf,
    /// Stop after this many problems received.
    pub count: Option<u64>,
}

/// `stressjudge mutants`: how strong a problem's tests are, by the mutants of a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MutantsOptions {
    /// The problem.
    pub problem: ProblemSpec,
    /// The solution to mutate (default: the problem's reference; for a built-in problem, the
    /// first accepted solution of the solutions library).
    pub solution: Option<PathBuf>,
    /// The solutions library of the built-in problems.
    pub solutions: PathBuf,
    /// Mutants judged at a time.
    pub jobs: usize,
    /// The isolation asked for.
    pub isolation: IsolationChoice,
    /// How long a mutant no test kills is stressed.
    pub budget: crate::mutants::Budget,
    /// The least time limit a mutant gets (`--min-time-limit`).
    pub floor: Duration,
    /// Write killable mutants' shrunk inputs into the problem's tests.
    pub save_tests: bool,
    /// Print one JSON object instead of the report.
    pub json: bool,
    /// Extra report files.
    pub reports: ReportFiles,
    /// `--shard I/N`: judge only this shard's share of the mutants.
    pub shard: Option<Shard>,
}
