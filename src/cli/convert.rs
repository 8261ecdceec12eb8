//! From clap's argument structs to plain [`crate::options`]: limits and sizes parsed, defaults
//! applied, the positional arguments sorted out (an ad-hoc problem has no PROBLEM argument, so
//! its one positional argument is the solution).

use std::path::PathBuf;

use super::args::MutantsArgs;
use super::args::{
    CandidateArgs, CheckToolsArgs, DoctorArgs, FileIoArgs, GenArgs, GenerateArgs, IsolationArg,
    JudgeArgs, ListArgs, ListenArgs, MergeArgs, ProblemPartArgs, ReproArgs, SolveArgs, StressArgs,
    VerifyArgs,
};
use crate::error::UsageError;
use crate::options::MutantsOptions;
use crate::options::{
    AdHocParts, CandidateOptions, CandidateSource, CheckToolsOptions, DoctorOptions, GenOptions,
    GenerateOptions, IsolationChoice, JudgeOptions, ListOptions, ListenOptions, MergeOptions,
    ProblemSpec, ReproOptions, SolveOptions, StressOptions, VerifyOptions,
};
use crate::run::FileIo;
use crate::stress::seeds::{SeedRange, Shard, DEFAULT_SEEDS};
use crate::units::{parse_duration, parse_size};

/// `list`.
pub fn list(args: ListArgs) -> ListOptions {
    ListOptions {
        problem: args.problem,
        testset: args.testset,
    }
}

/// `gen`.
pub fn gen(args: GenArgs) -> Result<GenOptions, UsageError> {
    file_io(&args.parts.file_io)?;
    Ok(GenOptions {
        problem: problem_spec(args.problem, &args.parts),
        kind: args.kind,
        seed: args.seed,
        test: args.test,
    })
}

/// `generate`.
pub fn generate(args: GenerateArgs) -> GenerateOptions {
    GenerateOptions {
        problem: args.problem,
        out: args.out,
    }
}

/// `solve`: with ad-hoc parts and one positional argument, that argument is the input file.
pub fn solve(args: SolveArgs) -> Result<SolveOptions, UsageError> {
    file_io(&args.parts.file_io)?;
    let (problem, file) = match (args.problem, args.file) {
        (Some(input), None) if problem_spec(None, &args.parts).ad_hoc.any() => {
            (None, Some(PathBuf::from(input)))
        }
        (problem, file) => (problem, file),
    };
    Ok(SolveOptions {
        problem: problem_spec(problem, &args.parts),
        file,
    })
}

/// `judge`.
pub fn judge(args: JudgeArgs) -> Result<JudgeOptions, UsageError> {
    let (problem, candidate) = candidate(args.problem, &args.candidate, &args.parts)?;
    Ok(JudgeOptions {
        problem,
        candidate,
        json: args.json || args.json_lines,
        json_lines: args.json_lines,
        reports: args.candidate.reports,
    })
}

/// `stress`.
pub fn stress(args: StressArgs) -> Result<StressOptions, UsageError> {
    let (problem, candidate) = candidate(args.problem, &args.candidate, &args.parts)?;
    let samples_first = problem.name.is_some() && problem.name == folder_here();
    let range = match &args.seeds {
        Some(text) => SeedRange::parse(text)?,
        None => DEFAULT_SEEDS,
    };
    let shard = match &args.shard {
        Some(text) => Shard::parse(text)?,
        None => Shard::WHOLE,
    };
    Ok(StressOptions {
        problem,
        candidate,
        kind: (args.kind != "all").then_some(args.kind),
        seeds: range,
        seeds_given: args.seeds.is_some(),
        shard,
        keep_going: args.keep_going,
        out: args.out,
        json: args.json || args.json_lines,
        json_lines: args.json_lines,
        reports: args.candidate.reports,
        explain_format: args.explain_format,
        save_tests: args.save_tests,
        samples_first,
    })
}

/// `repro`.
pub fn repro(args: ReproArgs) -> Result<ReproOptions, UsageError> {
    let (problem, candidate) = candidate(args.problem, &args.candidate, &args.parts)?;
    Ok(ReproOptions {
        problem,
        candidate,
        // clap requires one of --seed and --input; with --input the seed names the saved files.
        seed: args.seed.unwrap_or(0),
        kind: args.kind,
        save: args.save,
        json: args.json,
        reports: args.candidate.reports,
        input: args.input,
    })
}

/// `verify`.
pub fn verify(args: VerifyArgs) -> Result<VerifyOptions, UsageError> {
    Ok(VerifyOptions {
        problems: args.problems,
        tool_checks: !args.no_tool_checks,
        solutions: args.solutions,
        json: args.json || args.json_lines,
        json_lines: args.json_lines,
        jobs: jobs(args.jobs)?,
        stress_seeds: args.stress_seeds,
        strict_timing: args.strict_timing,
        isolation: isolation(args.isolation),
        file_io: file_io(&args.file_io)?,
        reports: args.reports,
        all_tests: args.all_tests,
        fresh: args.fresh,
        forget_machine: args.forget_machine,
        testset: args.testset,
        shard: args.shard.as_deref().map(Shard::parse).transpose()?,
        plan: args.plan,
        mutants: args.mutants,
    })
}

/// `check-tools`.
pub fn check_tools(args: CheckToolsArgs) -> Result<CheckToolsOptions, UsageError> {
    Ok(CheckToolsOptions {
        problems: args.problems,
        json: args.json,
        jobs: jobs(args.jobs)?,
        isolation: isolation(args.isolation),
        fresh: args.fresh,
    })
}

/// `merge`.
pub fn merge(args: MergeArgs) -> MergeOptions {
    MergeOptions {
        files: args.files,
        json: args.json,
        reports: args.reports,
    }
}

/// The problem named by PROBLEM (if any) completed by the ad-hoc flags.
fn problem_spec(name: Option<String>, parts: &ProblemPartArgs) -> ProblemSpec {
    ProblemSpec {
        name,
        ad_hoc: AdHocParts {
            generator: parts.generator.first().cloned(),
            more_generators: parts.generator.iter().skip(1).cloned().collect(),
            gen_output: parts.gen_output.clone(),
            reference: parts.reference.clone(),
            checker: parts.checker.clone(),
            output_validator: parts.output_validator.clone(),
            validators: parts.validators.clone(),
            tests: parts.tests.clone(),
            interactor: parts.interactor.clone(),
            interactor_convention: parts.interactor_convention.clone(),
            file_io: FileIo {
                input: parts.file_io.input_file.clone(),
                output: parts.file_io.output_file.clone(),
                ..FileIo::default()
            },
            testset: parts.testset.clone(),
        },
    }
}

/// The `--input-file`/`--output-file` names, each a plain file name.
fn file_io(args: &FileIoArgs) -> Result<FileIo, UsageError> {
    let pairs = [
        ("--input-file", &args.input_file),
        ("--output-file", &args.output_file),
    ];
    for (flag, name) in pairs {
        if let Some(name) = name {
            FileIo::check_name(name).map_err(|why| UsageError::new(format!("{flag}: {why}")))?;
        }
    }
    Ok(FileIo {
        input: args.input_file.clone(),
        output: args.output_file.clone(),
        ..FileIo::default()
    })
}

/// Sorts out `PROBLEM SOLUTION` against the ad-hoc form `--gen ... SOLUTION`, then reads the
/// candidate flags.
fn candidate(
    first: Option<String>,
    args: &CandidateArgs,
    parts: &ProblemPartArgs,
) -> Result<(ProblemSpec, CandidateOptions), UsageError> {
    file_io(&parts.file_io)?;
    let ad_hoc = problem_spec(None, parts).ad_hoc.any();
    let here = folder_here();
    let (name, solution) = match (first, args.solution.clone()) {
        (Some(only), None) if (ad_hoc || here.is_some()) && args.cmd.is_none() => {
            (None, Some(PathBuf::from(only)))
        }
        (name, solution) => (name, solution),
    };
    // In a problem folder (`listen` wrote one), the folder is the problem unless one is named.
    let name = name.or(here);
    if name.is_none() && !ad_hoc {
        return Err(UsageError::new(
            "give a PROBLEM (a built-in id or a problem folder) or an ad-hoc problem \
             (--gen/--ref/--tests)",
        ));
    }
    let source = match (solution, &args.cmd) {
        (Some(_), Some(_)) => {
            return Err(UsageError::new("give either SOLUTION or --cmd, not both"))
        }
        (Some(path), None) => CandidateSource::Path(path),
        (None, Some(cmd)) => CandidateSource::Command(cmd.clone()),
        (None, None) => {
            return Err(UsageError::new(
                "the following required arguments were not provided: <SOLUTION> (or --cmd)",
            ))
        }
    };
    let mut limit_flags = Vec::new();
    for (flag, value) in [
        ("--time-limit", &args.time_limit),
        ("--memory-limit", &args.memory_limit),
        ("--output-limit", &args.output_limit),
    ] {
        if let Some(value) = value {
            limit_flags.push((flag.to_string(), value.clone()));
        }
    }
    let candidate = CandidateOptions {
        source,
        time_limit: args.time_limit.as_deref().map(parse_duration).transpose()?,
        memory_limit: args.memory_limit.as_deref().map(parse_size).transpose()?,
        output_limit: args.output_limit.as_deref().map(parse_size).transpose()?,
        jobs: jobs(args.jobs)?,
        strict_timing: args.strict_timing,
        isolation: isolation(args.isolation),
        limit_flags,
        sanitize: args.sanitize,
    };
    Ok((problem_spec(name, parts), candidate))
}

/// The current directory, as an absolute path, when it is a Kattis problem folder (it holds
/// `problem.yaml`): `judge sol.cpp` there judges on its tests. Absolute so that reports and
/// repro lines name it and failures go to `stressjudge-failures/FOLDER/`.
fn folder_here() -> Option<String> {
    let dir = std::env::current_dir().ok()?;
    dir.join("problem.yaml")
        .is_file()
        .then(|| dir.display().to_string())
}

/// `--jobs`, defaulting to one per core.
fn jobs(flag: Option<usize>) -> Result<usize, UsageError> {
    match flag {
        Some(0) => Err(UsageError::new("--jobs must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// `listen`.
pub fn listen(args: ListenArgs) -> ListenOptions {
    ListenOptions {
        port: args.port,
        dir: args.dir,
        count: args.count,
    }
}

/// `doctor`.
pub fn doctor(args: DoctorArgs) -> DoctorOptions {
    DoctorOptions { json: args.json }
}

/// `--isolation`, absent meaning the best this machine gives.
pub fn isolation(flag: Option<IsolationArg>) -> IsolationChoice {
    match flag {
        None => IsolationChoice::Auto,
        Some(IsolationArg::Full) => IsolationChoice::Full,
        Some(IsolationArg::Basic) => IsolationChoice::Basic,
    }
}

/// `mutants`.
pub fn mutants(args: MutantsArgs) -> Result<MutantsOptions, UsageError> {
    let problem = problem_spec(args.problem, &args.parts);
    Ok(MutantsOptions {
        problem,
        solution: args.solution,
        solutions: args.solutions,
        jobs: jobs(args.jobs)?,
        isolation: isolation(args.isolation),
        budget: budget(&args.budget_per_mutant)?,
        floor: crate::units::parse_duration(&args.min_time_limit)
            .map_err(|e| UsageError::new(format!("--min-time-limit: {e}")))?,
        save_tests: args.save_tests,
        json: args.json,
        reports: args.reports,
        shard: args.shard.as_deref().map(Shard::parse).transpose()?,
    })
}

/// `--budget-per-mutant`: a count of seeds, or a duration.
fn budget(text: &str) -> Result<crate::mutants::Budget, UsageError> {
    use crate::mutants::Budget;
    if let Ok(seeds) = text.trim().parse::<u64>() {
        if seeds == 0 {
            return Err(UsageError::new(
                "--budget-per-mutant: give at least 1 seed (or a time such as 2s)",
            ));
        }
        return Ok(Budget::Seeds(seeds));
    }
    match crate::units::parse_duration(text) {
        Ok(d) if !d.is_zero() => Ok(Budget::Time(d)),
        _ => Err(UsageError::new(format!(
            "--budget-per-mutant: `{text}` is neither a number of seeds (20) nor a time (2s)"
        ))),
    }
}
