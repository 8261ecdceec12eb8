//! The command line (clap derive). Flag names, defaults and exit codes here are public
//! interfaces that users' scripts depend on: add, never rename. Only the CLI layer sees these
//! types; [`super::convert`] turns them into [`crate::options`].

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// A stress-testing judge: build a candidate, run it under the problem's limits on seeded
/// inputs, compare with a proven reference, shrink and reproduce failures.
#[derive(Debug, Parser)]
#[command(name = "stressjudge", version, about, max_term_width = 100)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
    /// Memory limit of one build step (a compiler, a program folder's `build` script), which
    /// runs in the sandbox like a candidate: e.g. `4GiB` (default 2 GiB; a bare number is MiB).
    #[arg(long, global = true, value_name = "SIZE")]
    pub build_memory: Option<String>,
    /// Wall-clock limit of one build step, e.g. `20s` (default 60 s).
    #[arg(long, global = true, value_name = "DURATION")]
    pub build_time: Option<String>,
}

/// Every subcommand.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the problems, their limits and the generator kinds (or describe a problem folder).
    List(ListArgs),
    /// Print one generated input: one seed of one generator kind, exactly as `stress` makes it
    /// (to write a whole package's data/ from its generators.yaml, use `generate`).
    Gen(GenArgs),
    /// Build a problem folder's data/ from its BAPCtools generators/generators.yaml and write it,
    /// or an Italian-format task's input/ and output/ from its gen/GEN (to print one seeded
    /// input as `stress` makes it, use `gen`).
    Generate(GenerateArgs),
    /// Validate an input and print the reference answers, one per line.
    Solve(SolveArgs),
    /// Judge a solution on the problem's fixed test set.
    Judge(JudgeArgs),
    /// Stress-test a solution on seeded inputs until it fails or the budget runs out.
    Stress(StressArgs),
    /// Re-run one seed exactly and show input, expected, actual and the diff.
    Repro(ReproArgs),
    /// Judge every solution under solutions/ (or every submission of a problem folder) and
    /// check each gets its folder's verdict.
    Verify(VerifyArgs),
    /// Put a problem package's own tools to the test: input validators fed junk, spoiled tests
    /// and data/invalid_input; answer validators; the output validator fed junk, malformed
    /// outputs, invalid_output and valid_output; generators run twice. Exit 1 when a tool
    /// fails a check.
    CheckTools(CheckToolsArgs),
    /// Merge the JSON reports of a command's shards (`verify --shard`, `stress --shard`,
    /// `mutants --shard`) into the report one run would have given.
    Merge(MergeArgs),
    /// Show what this machine offers for isolating candidates, and the toolchains.
    Doctor(DoctorArgs),
    /// Print the man page (or write one page per command into a folder).
    Man(ManArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Receive problems from the Competitive Companion browser extension and write each as a
    /// problem folder (samples and limits) in --dir.
    Listen(ListenArgs),
    /// How strong are the problem's tests? Mutate a correct solution (one small change per
    /// mutant), judge each mutant on the tests, stress the ones no test kills, and report the
    /// mutation score, each test's kills, the killable mutants with the shrunk input that is
    /// missing, and the probably equivalent ones. Exit 1 when a mutant is killable.
    Mutants(MutantsArgs),
    /// Internal: the sandbox launcher process (not for direct use).
    #[command(name = "__launcher", hide = true)]
    Launcher,
}

/// `stressjudge list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// A problem folder to describe (default: list the built-in problems).
    pub problem: Option<String>,
    /// Polygon package: the testset whose limits and notes are shown (default `tests`; every
    /// testset is listed).
    #[arg(long, value_name = "NAME")]
    pub testset: Option<String>,
}

/// The parts of an ad-hoc problem, or overrides of a problem folder's parts.
#[derive(Debug, Args, Clone, Default)]
pub struct ProblemPartArgs {
    /// Generator command: `gen.py` or `"gen.py 10 100"` (run as `GEN SEED ARGS...`; a `{seed}`
    /// placeholder puts the seed elsewhere).
    /// Repeat it for inputs of several sizes: the first is kind `random`, the next `gen2`,
    /// `gen3`, ... (a failure is looked for again in a smaller kind before its text is shrunk).
    #[arg(long = "gen", value_name = "COMMAND")]
    pub generator: Vec<String>,
    /// The file the generator writes its input to (in its working folder), for a generator
    /// that does not print it.
    #[arg(long, value_name = "FILE")]
    pub gen_output: Option<String>,
    /// Reference solution: its output on an input is the answer.
    #[arg(long = "ref", value_name = "PROGRAM")]
    pub reference: Option<PathBuf>,
    /// testlib-style checker, run as `chk INPUT OUTPUT ANSWER` (exit 0 OK, 1 WA, 2 PE, 3 FAIL).
    #[arg(long, value_name = "PROGRAM", conflicts_with = "output_validator")]
    pub checker: Option<PathBuf>,
    /// Kattis output validator, run as `val INPUT ANSWER FEEDBACK_DIR < OUTPUT` (42 AC, 43 WA).
    #[arg(long, value_name = "PROGRAM")]
    pub output_validator: Option<PathBuf>,
    /// Input validator (Kattis exit 42 valid / 43 invalid, or testlib exit 0); repeatable.
    #[arg(long = "validator", value_name = "PROGRAM")]
    pub validators: Vec<PathBuf>,
    /// Folder of tests: `NAME.in` with `NAME.ans` or `NAME.out` (else the reference answers).
    #[arg(long, value_name = "DIR")]
    pub tests: Option<PathBuf>,
    /// Interactor of an interactive problem: a Kattis validator (`int INPUT ANSWER FEEDBACK_DIR`,
    /// 42 AC / 43 WA) or, for a source that includes testlib.h, a testlib interactor
    /// (`int INPUT OUTPUT ANSWER`, 0 OK / 1 WA / 2 PE / 3 FAIL); it talks with the candidate.
    #[arg(long, value_name = "PROGRAM")]
    pub interactor: Option<PathBuf>,
    /// The interactor's convention, when detecting it from the source is not wanted.
    #[arg(long, value_name = "CONVENTION", value_parser = ["kattis", "testlib"], requires = "interactor")]
    pub interactor_convention: Option<String>,
    /// File I/O of the problem's solutions.
    #[command(flatten)]
    pub file_io: FileIoArgs,
    /// Polygon package: the testset to judge, e.g. `pretests` (default `tests`).
    #[arg(long, value_name = "NAME")]
    pub testset: Option<String>,
}

/// `--input-file`, `--output-file`: solutions (candidate and reference) read and write these
/// files in their working directory instead of stdin and stdout (USACO-style problems).
#[derive(Debug, Args, Clone, Default)]
pub struct FileIoArgs {
    /// Solutions read their input from this file in their working directory (stdin is empty),
    /// e.g. `game.in`.
    #[arg(long, value_name = "NAME")]
    pub input_file: Option<String>,
    /// Solutions write their answer to this file in their working directory (stdout is not
    /// judged; a missing file is an empty answer), e.g. `game.out`.
    #[arg(long, value_name = "NAME")]
    pub output_file: Option<String>,
}

/// `stressjudge gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// Problem id or problem folder (see `stressjudge list`).
    #[arg(required_unless_present = "generator")]
    pub problem: Option<String>,
    /// Generator kind (default: `random`, or the problem's first kind).
    #[arg(long)]
    pub kind: Option<String>,
    /// Seed of the input.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print this test of the problem's fixed test set instead (a Polygon package's test
    /// number, built as Polygon builds it; a problem folder's test name).
    #[arg(long, conflicts_with_all = ["kind", "seed"])]
    pub test: Option<String>,
    /// Ad-hoc parts.
    #[command(flatten)]
    pub parts: ProblemPartArgs,
}

/// `stressjudge generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The problem folder (with generators/generators.yaml), or an Italian-format task (with
    /// gen/GEN).
    pub problem: PathBuf,
    /// Write the test data into this folder instead of the problem's data/ (an Italian-format
    /// task's input/ and output/ go into this folder instead of the task's).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// `stressjudge solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Problem id or problem folder (see `stressjudge list`); with `--ref`, the input file.
    pub problem: Option<String>,
    /// Input file; standard input when absent.
    pub file: Option<PathBuf>,
    /// Ad-hoc parts.
    #[command(flatten)]
    pub parts: ProblemPartArgs,
}

/// `--isolation`: how much the sandbox must contain the candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum IsolationArg {
    /// Namespaces and cgroups; exit 2 when this machine cannot give them.
    Full,
    /// The rlimit sandbox only.
    Basic,
}

/// How to build and run the candidate, shared by every command that runs one.
#[derive(Debug, Args, Clone)]
pub struct CandidateArgs {
    /// Source file, program folder or executable of the solution (language from the extension).
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
    /// Output limit per run; past it the run is OLE (default: the problem's, else 64MiB).
    #[arg(long, value_name = "SIZE")]
    pub output_limit: Option<String>,
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
    /// Build a C or C++ solution with AddressSanitizer, UndefinedBehaviorSanitizer (and
    /// libstdc++'s assertions for C++); a finding is the RE's reason, with file and line. Runs
    /// get 10x the time; the memory limit applies to the program's own heap, static data and
    /// stack, measured apart from the sanitizers' memory.
    #[arg(long)]
    pub sanitize: bool,
    /// Also write the report to FILE, in the format its extension names (.json, .xml for
    /// JUnit, .html); repeatable.
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<PathBuf>,
}

/// `stressjudge judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Problem id or problem folder (see `stressjudge list`); omitted with `--tests` or
    /// `--ref`, where the only positional argument is the solution.
    pub problem: Option<String>,
    /// The candidate.
    #[command(flatten)]
    pub candidate: CandidateArgs,
    /// Ad-hoc parts.
    #[command(flatten)]
    pub parts: ProblemPartArgs,
    /// Run again each time the solution, a program or a test of the problem changes,
    /// clearing the terminal; Ctrl-C ends it (exit code of the last run).
    #[arg(long)]
    pub watch: bool,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Stream one JSON object per line on stdout as things happen (build, each test,
    /// failures, shrink steps, then a `summary` holding the `--json` report); no progress on
    /// stderr. Shapes: docs/reference/json.md.
    #[arg(long, conflicts_with = "json")]
    pub json_lines: bool,
}

/// `stressjudge stress`.
#[derive(Debug, Args)]
pub struct StressArgs {
    /// Problem id or problem folder (see `stressjudge list`); omitted with `--gen`, where the
    /// only positional argument is the solution.
    pub problem: Option<String>,
    /// The candidate.
    #[command(flatten)]
    pub candidate: CandidateArgs,
    /// Ad-hoc parts.
    #[command(flatten)]
    pub parts: ProblemPartArgs,
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
    /// Stream one JSON object per line on stdout as things happen (build, each test,
    /// failures, shrink steps, then a `summary` holding the `--json` report); no progress on
    /// stderr. Shapes: docs/reference/json.md.
    #[arg(long, conflicts_with = "json")]
    pub json_lines: bool,
    /// Run only shard I of N (1-based), e.g. 2/8.
    #[arg(long)]
    pub shard: Option<String>,
    /// Print the input format learned from the generator's first inputs (what it really
    /// covers), without running the solution.
    #[arg(long)]
    pub explain_format: bool,
    /// Add each shrunk failing input, with the reference's answer, to the problem's tests
    /// (a problem folder's data/secret/, or the --tests folder), named by its content so it
    /// is added once; the next `judge` runs it.
    #[arg(long)]
    pub save_tests: bool,
    /// Run again each time the solution, the generator, the reference or a test changes,
    /// clearing the terminal; Ctrl-C ends it (exit code of the last run).
    #[arg(long)]
    pub watch: bool,
}

/// `stressjudge repro`.
#[derive(Debug, Args)]
pub struct ReproArgs {
    /// Problem id or problem folder (see `stressjudge list`); omitted with `--gen`.
    pub problem: Option<String>,
    /// The candidate.
    #[command(flatten)]
    pub candidate: CandidateArgs,
    /// Ad-hoc parts.
    #[command(flatten)]
    pub parts: ProblemPartArgs,
    /// The seed to reproduce.
    #[arg(long, required_unless_present = "input", conflicts_with = "input")]
    pub seed: Option<u64>,
    /// Generator kind of the seed (default: `random`, or the problem's first kind).
    #[arg(long)]
    pub kind: Option<String>,
    /// Write the case files (SEED.in, SEED.ans, SEED.out) into this folder.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Run this input file instead of generating one from a seed (a saved failure of a
    /// generator that ignores its seed, or any input); works for every problem.
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
}

/// `stressjudge doctor`.
#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// Print one JSON object instead of the text.
    #[arg(long)]
    pub json: bool,
}

/// `stressjudge man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write `stressjudge.1` and one `stressjudge-COMMAND.1` per command into this folder
    /// instead of printing the main page.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// `stressjudge completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for: `source <(stressjudge completions bash)` in `~/.bashrc`,
    /// `stressjudge completions fish > ~/.config/fish/completions/stressjudge.fish`, ...
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `stressjudge listen`.
#[derive(Debug, Args)]
pub struct ListenArgs {
    /// Port on 127.0.0.1 to listen on; add it to Competitive Companion's custom ports (0 picks
    /// a free one, printed at start).
    #[arg(long, default_value_t = crate::commands::listen::DEFAULT_PORT)]
    pub port: u16,
    /// Folder the problem folders are written in (created if missing).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,
    /// Stop after receiving this many problems (default: until Ctrl-C).
    #[arg(long, value_name = "N")]
    pub count: Option<u64>,
}

/// `stressjudge verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Built-in problem ids and problem folders to verify (default: every built-in problem).
    pub problems: Vec<String>,
    /// The solutions library.
    #[arg(long, default_value = "solutions")]
    pub solutions: PathBuf,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Stream one JSON object per line on stdout as things happen (build, each test,
    /// failures, shrink steps, then a `summary` holding the `--json` report); no progress on
    /// stderr. Shapes: docs/reference/json.md.
    #[arg(long, conflicts_with = "json")]
    pub json_lines: bool,
    /// Parallel runs (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Seeds per solution in the stress pass.
    #[arg(long, default_value_t = 40)]
    pub stress_seeds: u64,
    /// Run everything one at a time, as a judge would.
    #[arg(long)]
    pub strict_timing: bool,
    /// Demand full isolation or the basic sandbox (default: the best this machine offers).
    #[arg(long, value_enum)]
    pub isolation: Option<IsolationArg>,
    /// Also write the report to FILE (.json, .xml for JUnit, .html); repeatable.
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<PathBuf>,
    /// Run every test of every solution (the full matrix) instead of stopping at the test that
    /// decides its verdict.
    #[arg(long)]
    pub all_tests: bool,
    /// Re-run everything: use no result remembered by an earlier run.
    #[arg(long)]
    pub fresh: bool,
    /// Skip the checks of the packages' own tools (validators, checkers, generators) that
    /// `check-tools` makes and verify makes by default.
    #[arg(long)]
    pub no_tool_checks: bool,
    /// Forget what this machine has shown before (its calibration history, the fastest
    /// deciding runs and the time limits derived here), which --fresh keeps, then start anew.
    #[arg(long)]
    pub forget_machine: bool,
    /// File I/O of the problems' solutions (over a Polygon package's own).
    #[command(flatten)]
    pub file_io: FileIoArgs,
    /// Polygon packages: the testset to judge, e.g. `pretests` (default `tests`).
    #[arg(long, value_name = "NAME")]
    pub testset: Option<String>,
    /// Judge only shard I of N (1-based, e.g. 2/8): the (problem, submission) pairs dealt
    /// round-robin; `stressjudge merge` joins the shards' JSON reports.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Without --shard: derive every time limit, write them to FILE and judge nothing. With
    /// --shard: judge by the limits in FILE (never derive again).
    #[arg(long, value_name = "FILE")]
    pub plan: Option<PathBuf>,
    /// Also measure each problem folder's tests by the mutants of its reference, as
    /// `stressjudge mutants` does (5 seeds of every kind per surviving mutant): the mutation
    /// score joins the report.
    #[arg(long)]
    pub mutants: bool,
}

/// `stressjudge check-tools`.
#[derive(Debug, Args)]
pub struct CheckToolsArgs {
    /// Problem folders (Kattis, BAPCtools, DOMjudge or Polygon packages).
    #[arg(required = true)]
    pub problems: Vec<String>,
    /// Print one JSON object instead of the text.
    #[arg(long)]
    pub json: bool,
    /// Parallel tool runs (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Demand full isolation or the basic sandbox (default: the best this machine offers).
    #[arg(long, value_enum)]
    pub isolation: Option<IsolationArg>,
    /// Check again: use no result remembered by an earlier run.
    #[arg(long)]
    pub fresh: bool,
}

/// `stressjudge merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' JSON reports (`verify --shard I/N --json`, `stress --shard I/N --json`,
    /// `mutants --shard I/N --json`), every shard of one command.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write the merged report to FILE (.json, .xml for JUnit, .html); repeatable.
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<PathBuf>,
}

/// `stressjudge mutants`.
#[derive(Debug, Args)]
pub struct MutantsArgs {
    /// Problem id or problem folder (see `stressjudge list`); omitted with `--ref`, `--gen` or
    /// `--tests`.
    pub problem: Option<String>,
    /// The solution to mutate, in C, C++, Java or Python (default: the problem's reference;
    /// for a built-in problem, the first accepted solution of the solutions library).
    pub solution: Option<PathBuf>,
    /// Ad-hoc parts.
    #[command(flatten)]
    pub parts: ProblemPartArgs,
    /// How long a mutant no test kills is stressed: a number of seeds of every generator kind
    /// (`20`: seeds 1..=20, as `stress --seeds 1..=20` draws them), or a wall time (`2s`).
    #[arg(long, value_name = "SEEDS|TIME", default_value = "20")]
    pub budget_per_mutant: String,
    /// The least time limit a mutant is judged under; above it, three times the original's
    /// slowest test, at most the problem's limit.
    #[arg(long, value_name = "TIME", default_value = "1s")]
    pub min_time_limit: String,
    /// Add each killable mutant's shrunk input, with the reference's answer, to the problem's
    /// tests (data/secret/, a BAPCtools package's generators.yaml as a manual case, or the
    /// --tests folder), named by its content.
    #[arg(long)]
    pub save_tests: bool,
    /// The solutions library of the built-in problems.
    #[arg(long, default_value = "solutions")]
    pub solutions: PathBuf,
    /// Judge only shard I of N (1-based, e.g. 2/8): the mutants dealt round-robin in source
    /// order; `stressjudge merge` joins the shards' JSON reports.
    #[arg(long, value_name = "I/N", conflicts_with = "save_tests")]
    pub shard: Option<String>,
    /// Mutants judged at a time (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Demand full isolation or the basic sandbox (default: the best this machine offers).
    #[arg(long, value_enum)]
    pub isolation: Option<IsolationArg>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Also write the report to FILE (.json, .xml for JUnit, .html); repeatable.
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<PathBuf>,
}
