//! `stressjudge judge PROBLEM SOLUTION`: the candidate on the problem's fixed test set
//! (`sample-*`, `edge-1..4`, `random-1..4`, `max-1..2`), with a table or one JSON object.
//!
//! Exit code 0 on AC, 1 on any other verdict (CE included), 2 on a usage error. The timing
//! policy (max tests alone, borderline re-runs, `--strict-timing`) is described in
//! [`super::testset`].

use super::cli::JudgeArgs;
use super::testset::adapter::{build_candidate, BuildError, SandboxExecutor};
use super::testset::{fixed_test_set, run_test_set, Plan};
use super::{print_out, Outcome};
use crate::catalog;
use crate::compare::Verdict;
use crate::error::UsageError;
use crate::report::{JudgeReport, Scheduling};

/// Runs `stressjudge judge`.
pub fn run(args: &JudgeArgs) -> Result<Outcome, UsageError> {
    let entry = catalog::find(&args.problem)?;
    let problem = &*entry.problem;
    let plan = Plan::from_args(&args.candidate, problem.limits())?;
    let built = build_candidate(&args.candidate);
    if let Err(BuildError::Usage(e)) = built {
        return Err(e);
    }
    let cases = fixed_test_set(problem, &*entry.generator)?;
    let mut report = JudgeReport {
        problem: problem.id().to_string(),
        solution: args.candidate.name(),
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
        Err(BuildError::Compile(message)) => report.compile_error = Some(message),
        Ok(program) => {
            let run = run_test_set(problem, &cases, &plan, || SandboxExecutor::start(&program))
                .map_err(|e| UsageError::new(format!("cannot run the candidate: {e}")))?;
            report.tests = run.rows;
            report.scheduling = run.scheduling;
        }
    }
    if args.json {
        let mut json = report.to_json();
        json["isolation"] = super::isolation_json();
        print_out(&format!("{json}\n"))?;
    } else {
        print_out(&format!(
            "{}{}",
            report.render_text(),
            super::isolation_line()
        ))?;
    }
    Ok(if report.verdict() == Verdict::AC {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}
