//! `stressjudge judge PROBLEM SOLUTION`: the candidate on the problem's fixed test set, with a
//! table or one JSON object.
//!
//! Exit code 0 on AC, 1 on any other verdict (CE included), 2 on a usage error or when a tool
//! of the problem (its checker) fails. The timing policy (max tests alone, borderline re-runs,
//! `--strict-timing`) is described in [`crate::testset`].

use std::sync::Arc;

use super::common::{
    build_candidate, fault_error, python_named, resolve_graded, unavailable, Resolved,
};
use super::{print_json, print_out, Outcome};
use crate::build::{BuildError, Program};
use crate::error::{Fault, UsageError};
use crate::judge::grade::ScoredTest;
use crate::judge::grade_polygon::Score;
use crate::judge::grading_model::CustomGrader;
use crate::judge::subtasks::TestOutcome as SubtaskOutcome;
use crate::judge::Verdict;
use crate::options::JudgeOptions;
use crate::problem::ValidatorScore;
use crate::problem::{Problem, TestCase};
use crate::report::json::{events, Event};
use crate::report::progress::{Display, Progress, Status, TestProgress};
use crate::report::{check_report_files, write_report_files, JudgeReport, Report, Scheduling};
use crate::testset::{run_test_set_observed, Plan, SandboxExecutor};

/// Runs `stressjudge judge`.
pub fn run(options: &JudgeOptions) -> Result<Outcome, UsageError> {
    check_report_files(&options.reports)?;
    crate::commands::common::check_folders()?;
    if options.json_lines {
        events::enable();
    }
    let resolved = resolve_graded(&options.problem, &options.candidate, false)?;
    let problem = resolved.problem.clone();
    let name = options.candidate.name();
    let built = match build_candidate(&options.candidate) {
        Err(BuildError::Usage(e)) => return Err(e),
        Err(BuildError::Unavailable(why)) => return Err(unavailable(&name, &why)),
        other => other,
    };
    let plan = match &built {
        Ok(program) => Plan::new(&options.candidate, problem.info()).for_program(program),
        Err(_) => Plan::new(&options.candidate, problem.info()),
    };
    let python = built
        .as_ref()
        .ok()
        .and_then(|program| python_named(program, &options.candidate.source));
    events::emit(|| Event::Build {
        program: name.clone(),
        ok: built.is_ok(),
    });
    let cases = problem
        .fixed_tests()
        .map_err(|f| fault_error(Fault::judge(f, "", None), None))?;
    let mut report = match built {
        Err(BuildError::Compile(message)) => JudgeReport {
            compile_error: Some(message),
            ..empty_report(problem.as_ref(), &plan, &name)
        },
        Err(e) => return Err(UsageError::new(e.to_string())),
        Ok(program) => judge_cases(
            problem.as_ref(),
            &plan,
            &name,
            &program,
            &cases,
            !options.json,
        )?,
    };
    report.python = python;
    report.notes.extend(resolved.notes.iter().cloned());
    report.score = score(&resolved, &report, problem.as_ref())?;
    if report.compile_error.is_none() {
        report.subtasks = subtask_score(&resolved, &report);
    }
    // Tests the problem could not make: the verdict holds for the others only.
    let incomplete = problem.left_out();
    report
        .notes
        .extend(incomplete.iter().map(|line| format!("incomplete: {line}")));
    if options.json {
        print_json(report.to_json())?;
    } else {
        print_out(&report.render_styled())?;
    }
    write_report_files(Report::Judge(&report), &options.reports)?;
    Ok(
        if report.verdict() == Verdict::AC && incomplete.is_empty() {
            Outcome::Passed
        } else {
            Outcome::Failed
        },
    )
}

/// Runs `cases` on the built candidate under the timing policy and returns the report `judge`
/// prints (with live progress on stderr when `show_progress`). `stress` runs a folder's
/// samples so before its first seed.
pub fn judge_cases(
    problem: &dyn Problem,
    plan: &Plan,
    name: &str,
    program: &Program,
    cases: &[TestCase],
    show_progress: bool,
) -> Result<JudgeReport, UsageError> {
    let mut report = empty_report(problem, plan, name);
    let tests = TestProgress::new(cases.len());
    let progress = progress(&tests, name, show_progress);
    let run = run_test_set_observed(
        problem,
        cases,
        plan,
        || SandboxExecutor::start_for(program, problem.info()),
        tests.as_ref(),
    );
    progress.finish();
    let run = run.map_err(|f| fault_error(f, None))?;
    report.tests = run.rows;
    report.scheduling = run.scheduling;
    Ok(report)
}

/// The report before any test ran.
fn empty_report(problem: &dyn Problem, plan: &Plan, name: &str) -> JudgeReport {
    JudgeReport {
        problem: problem.info().id.clone(),
        solution: name.to_string(),
        time_limit: plan.limits.cpu,
        memory_limit_bytes: plan.limits.memory_bytes,
        tests: Vec::new(),
        compile_error: None,
        scheduling: Scheduling {
            jobs: plan.jobs,
            strict: plan.strict_timing,
            parallel_used: false,
        },
        notes: problem.info().notes.clone(),
        isolation: crate::run::process_isolation(),
        python: None,
        score: None,
        subtasks: None,
    }
}

/// A scoring problem's score of the judged candidate, graded as `verify` grades a submission
/// (the package's rules, its custom grader); `None` for a pass-fail problem or a compile
/// error. A custom grader that fails is the package's fault: a usage error naming it.
fn score(
    resolved: &Resolved,
    report: &JudgeReport,
    problem: &dyn Problem,
) -> Result<Option<crate::report::RowScore>, UsageError> {
    let Some(grading) = &resolved.grading else {
        return Ok(None);
    };
    if report.compile_error.is_some() || report.tests.is_empty() {
        return Ok(None);
    }
    let tests: Vec<ScoredTest> = (report.tests.iter())
        .map(|row| ScoredTest {
            name: row.name.clone(),
            verdict: row.result.verdict,
            validator: row.result.score,
        })
        .collect();
    let grader = resolved.grader.as_ref().map(|g| g as &dyn CustomGrader);
    let graded = grading.grade_with(&tests, grader).map_err(|why| {
        UsageError::new(format!(
            "{}: {why} (judging {})",
            problem.info().id,
            report.solution
        ))
    })?;
    Ok(Some(super::verify::row_score(graded)))
}

/// An Italian-format task's subtask scores of the judged tests (a partial score counts as
/// the fraction the checker gave); `None` for every other problem.
fn subtask_score(resolved: &Resolved, report: &JudgeReport) -> Option<Score> {
    let model = resolved.subtasks.as_ref()?;
    Some(model.score(|name| {
        let row = report.tests.iter().find(|r| r.name == name)?;
        Some(SubtaskOutcome {
            verdict: row.result.verdict,
            fraction: match row.result.score {
                Some(ValidatorScore::Multiplier(f)) => Some(f),
                _ => None,
            },
        })
    }))
}

/// The live display: tests done of all and the ones running.
fn progress(tests: &Arc<TestProgress>, solution: &str, enabled: bool) -> Progress {
    let (tests, solution) = (tests.clone(), solution.to_string());
    Progress::start(Display::for_stderr(enabled), "judge", false, move || {
        let (done, total) = tests.counts();
        Status {
            done: done as u64,
            total: total as u64,
            message: format!("{solution}: {}", tests.running()),
        }
    })
}
