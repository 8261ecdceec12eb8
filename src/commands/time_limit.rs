//! A problem folder without a time limit gets one the way problemtools sets it: the slowest
//! accepted submission's CPU time on any test, times `ac_to_time_limit` (legacy
//! `time_multiplier`), rounded up to the time resolution ([`TimeLimitRule::time_limit`]).

use std::time::Duration;

use super::common::{build_candidate, fault_error};
use crate::build::BuildError;
use crate::compare::{seconds, Verdict};
use crate::error::UsageError;
use crate::external::folder::Folder;
use crate::options::{CandidateOptions, CandidateSource, IsolationChoice};
use crate::problem::package::TimeLimitRule;
use crate::problem::Problem;
use crate::testset::{run_test_set, Plan, SandboxExecutor};

/// CPU time an accepted submission may take per test while the limit is being derived.
pub const PROBE_LIMIT: Duration = Duration::from_secs(20);

/// The slowest run of the accepted submissions: which, on which test, how long.
#[derive(Debug, Clone)]
pub struct Slowest {
    /// The submission.
    pub submission: String,
    /// The test.
    pub test: String,
    /// Its CPU time.
    pub cpu: Duration,
}

/// Sets `folder`'s time limit from its accepted submissions, if it has none; `jobs` runs in
/// parallel. Accepted submissions that cannot be built here, do not compile or fail a test are
/// left out with a line on stderr (verify then shows their verdict); at least one must pass.
pub fn settle(
    folder: &mut Folder,
    jobs: usize,
    isolation: IsolationChoice,
) -> Result<(), UsageError> {
    let Some(rule) = folder.time_limit_rule else {
        return Ok(());
    };
    let slowest = slowest_accepted(folder, jobs, isolation)?;
    let limit = rule.time_limit(slowest.cpu);
    let note = note(&rule, &slowest, limit);
    folder.problem.set_time_limit(limit, note);
    folder.time_limit_rule = None;
    Ok(())
}

/// What the report says about a derived limit.
fn note(rule: &TimeLimitRule, slowest: &Slowest, limit: Duration) -> String {
    format!(
        "no time limit in problem.yaml: {} from the slowest accepted submission ({} on {}, \
         {}) x {} rounded up to a multiple of {} s, as problemtools sets it",
        seconds(limit),
        slowest.submission,
        slowest.test,
        seconds(slowest.cpu),
        rule.ac_to_time_limit,
        rule.time_resolution
    )
}

fn slowest_accepted(
    folder: &Folder,
    jobs: usize,
    isolation: IsolationChoice,
) -> Result<Slowest, UsageError> {
    let problem: &dyn Problem = &folder.problem;
    let cases = problem
        .fixed_tests()
        .map_err(|f| fault_error(crate::error::Fault::judge(f, "", None), None))?;
    let accepted: Vec<_> = folder
        .submissions
        .iter()
        .filter(|s| s.category == "accepted")
        .collect();
    let mut slowest: Option<Slowest> = None;
    for submission in &accepted {
        let name = submission.program.path.display().to_string();
        eprintln!("stressjudge: deriving the time limit: running {name}");
        let candidate = CandidateOptions {
            source: CandidateSource::Path(submission.program.path.clone()),
            time_limit: Some(PROBE_LIMIT),
            memory_limit: None,
            output_limit: None,
            jobs,
            strict_timing: false,
            isolation,
            limit_flags: Vec::new(),
        };
        let program = match build_candidate(&candidate.source) {
            Ok(program) => program,
            Err(BuildError::Compile(message)) => {
                eprintln!(
                    "stressjudge: skipping {name} for the time limit: it does not compile: {}",
                    message.lines().next().unwrap_or("")
                );
                continue;
            }
            Err(BuildError::Usage(e)) => {
                eprintln!("stressjudge: skipping {name} for the time limit: {e}");
                continue;
            }
            Err(BuildError::Unavailable(why)) => {
                eprintln!("stressjudge: skipping {name} for the time limit: {why}");
                continue;
            }
        };
        let plan = Plan::new(&candidate, problem.info());
        let run = run_test_set(problem, &cases, &plan, || {
            SandboxExecutor::start_for(&program, problem.info())
        })
        .map_err(|f| fault_error(f, None))?;
        if let Some(row) = run.rows.iter().find(|r| r.result.verdict != Verdict::AC) {
            // As problemtools does, a broken accepted submission is reported (verify shows its
            // verdict) rather than ending the run; its times are left out.
            eprintln!(
                "stressjudge: skipping {name} for the time limit: it gets {} on test {} (with {} \
                 per test)",
                row.result.label(),
                row.name,
                seconds(PROBE_LIMIT)
            );
            continue;
        }
        for row in &run.rows {
            if slowest.as_ref().is_none_or(|s| row.result.cpu() > s.cpu) {
                slowest = Some(Slowest {
                    submission: name.clone(),
                    test: row.name.clone(),
                    cpu: row.result.cpu(),
                });
            }
        }
    }
    slowest.ok_or_else(|| {
        UsageError::new(format!(
            "{}: no time_limit in problem.yaml and no accepted submission that passes every test \
             here to derive one from (set limits.time_limit in problem.yaml; judge, stress and repro \
             also take --time-limit)",
            problem.info().id
        ))
    })
}
