//! How a candidate is run: nominal limits and parallelism, from the command line.

use crate::error::UsageError;
use crate::problem::Limits;
use crate::run::RunLimits;
use crate::units::{parse_duration, parse_size};

use super::super::cli::CandidateArgs;

/// Limits and scheduling of a test-set run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// The nominal limits verdicts are judged by (the sandbox gets them widened, see
    /// [`crate::compare::timing::measuring_limits`]).
    pub limits: RunLimits,
    /// Parallel runs allowed (at least 1).
    pub jobs: usize,
    /// Run every test alone.
    pub strict_timing: bool,
    /// Re-runs of a borderline test.
    pub reruns: usize,
}

impl Plan {
    /// The plan from the candidate flags, defaulting to the problem's limits and one job per
    /// core. A malformed limit or `--jobs 0` is a usage error.
    pub fn from_args(args: &CandidateArgs, problem_limits: Limits) -> Result<Plan, UsageError> {
        let time = match &args.time_limit {
            Some(text) => parse_duration(text)?,
            None => problem_limits.time,
        };
        let memory = match &args.memory_limit {
            Some(text) => parse_size(text)?,
            None => problem_limits.memory_bytes,
        };
        let output = parse_size(&args.output_limit)?;
        let jobs = match args.jobs {
            Some(0) => return Err(UsageError::new("--jobs must be at least 1")),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        Ok(Plan {
            limits: RunLimits::from_time_limit(time, memory, output),
            jobs,
            strict_timing: args.strict_timing,
            reruns: crate::compare::timing::RERUNS,
        })
    }
}
