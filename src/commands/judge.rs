//! `stressjudge judge PROBLEM SOLUTION`: the candidate on the problem's fixed test set, with a
//! table or one JSON object.
//!
//! Exit code 0 on AC, 1 on any other verdict (CE included), 2 on a usage error or when a tool
//! of the problem (its checker) fails. The timing policy (max tests alone, borderline re-runs,
//! `--strict-timing`) is described in [`crate::testset`].

use super::common::{build_candidate, fault_error, resolve_for_runs, unavailable};
use super::{print_out, Outcome};
use crate::build::BuildError;
use crate::compare::Verdict;
use crate::error::UsageError;
use crate::options::JudgeOptions;
use crate::report::{JudgeReport, Scheduling};
use crate::testset::{run_test_set, Plan, SandboxExecutor};

/// Runs `stressjudge judge`.
pub fn run(options: &JudgeOptions) -> Result<Outcome, UsageError> {
    let problem = resolve_for_runs(&options.problem, &options.candidate)?;
    let plan = Plan::new(&options.candidate, problem.info());
    let built = build_candidate(&options.candidate.source);
    if let Err(BuildError::Usage(e)) = built {
        return Err(e);
    }
    if let Err(BuildError::Unavailable(why)) = built {
        return Err(unavailable(&options.candidate.name(), &why));
    }
    let cases = problem
        .fixed_tests()
        .map_err(|f| fault_error(crate::error::Fault::judge(f, "", None), None))?;
    let mut report = JudgeReport {
        problem: problem.info().id.clone(),
        solution: options.candidate.name(),
        time_limit: plan.limits.cpu,
        memory_limit_bytes: plan.limits.memory_bytes,
        tests: Vec::new(),
        compile_error: None,
        scheduling: Scheduling {
            jobs: plan.jobs,
            strict: plan.strict_timing,
            parallel_used: false,
        },
    };
    match built {
        Err(BuildError::Usage(e)) => return Err(e),
        Err(BuildError::Unavailable(why)) => {
            return Err(unavailable(&options.candidate.name(), &why))
        }
        Err(BuildError::Compile(message)) => report.compile_error = Some(message),
        Ok(program) => {
            let run = run_test_set(problem.as_ref(), &cases, &plan, || {
                SandboxExecutor::start(&program)
            })
            .map_err(|f| fault_error(f, None))?;
            report.tests = run.rows;
            report.scheduling = run.scheduling;
        }
    }
    if options.json {
        print_out(&format!("{}\n", report.to_json()))?;
    } else {
        print_out(&report.render_text())?;
    }
    Ok(if report.verdict() == Verdict::AC {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}
