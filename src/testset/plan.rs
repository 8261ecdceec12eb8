//! How a candidate is run: nominal limits and parallelism, from the candidate options and the
//! problem's limits.

use crate::build::{sanitize, Program};
use crate::options::CandidateOptions;
use crate::problem::ProblemInfo;
use crate::run::{RunLimits, DEFAULT_OUTPUT_BYTES};

/// Limits and scheduling of a test-set run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// The nominal limits verdicts are judged by (the sandbox gets them widened, see
    /// [`crate::judge::timing::measuring_limits`]).
    pub limits: RunLimits,
    /// Parallel runs allowed (at least 1).
    pub jobs: usize,
    /// Run every test alone.
    pub strict_timing: bool,
    /// Re-runs of a borderline test.
    pub reruns: usize,
    /// The sandbox lets a run go past the nominal CPU limit by the borderline band, so a run
    /// slightly too slow is measured rather than killed ([`crate::judge::timing`]). Off
    /// only where the verdict at this limit is never borderline-sensitive: verify's pass under
    /// the safety margin's limit, which only decides that a run is far past the real limit.
    pub measure_past_limit: bool,
    /// A failing interactive run is run again, relayed, so the report shows the conversation
    /// (see [`crate::testset::interactive`]). Off where only times matter.
    pub record_failed_interactions: bool,
}

impl Plan {
    /// The plan from the candidate options, defaulting to the problem's limits (and its output
    /// limit, else 64 MiB).
    pub fn new(candidate: &CandidateOptions, problem: &ProblemInfo) -> Plan {
        let time = candidate.time_limit.unwrap_or(problem.limits.time);
        let memory = candidate
            .memory_limit
            .unwrap_or(problem.limits.memory_bytes);
        let output = candidate
            .output_limit
            .or(problem.output_limit_bytes)
            .unwrap_or(DEFAULT_OUTPUT_BYTES);
        Plan {
            limits: RunLimits::from_time_limit(time, memory, output),
            jobs: candidate.jobs.max(1),
            strict_timing: candidate.strict_timing,
            reruns: crate::judge::timing::RERUNS,
            measure_past_limit: true,
            record_failed_interactions: true,
        }
    }

    /// Parallel workers a stress run may use: `jobs`, or one under strict timing.
    pub fn workers(&self) -> usize {
        if self.strict_timing {
            1
        } else {
            self.jobs
        }
    }

    /// This plan for `program`: a sanitized build's runs get [`sanitized_limits`].
    pub fn for_program(mut self, program: &Program) -> Plan {
        if program.sanitized {
            self.limits = sanitized_limits(self.limits);
        }
        self
    }
}

/// The limits of a sanitized program's runs (`--sanitize`): time and the wall-clock backstop
/// [`sanitize::TIME_FACTOR`] times longer; memory and output as they were (the memory limit
/// applies to the program's own memory, see [`crate::testset::own_memory`]).
pub fn sanitized_limits(limits: RunLimits) -> RunLimits {
    RunLimits {
        cpu: limits.cpu * sanitize::TIME_FACTOR,
        wall: limits.wall * sanitize::TIME_FACTOR,
        ..limits
    }
}
