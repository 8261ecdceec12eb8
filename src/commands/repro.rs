//! `stressjudge repro PROBLEM SOLUTION --seed N [--kind K]`: re-generate exactly one input, run
//! the candidate once and show input, expected, actual and the diff, the failing games of an
//! input holding many first.
//!
//! The input is regenerated from (problem, kind, seed), so a failure reported by `stress`
//! reproduces byte for byte on any machine; `--input FILE` runs a saved input instead (the
//! failure of a generator that ignores its seed, or any input of any problem). `--save DIR` writes `SEED.in`, `SEED.ans` and
//! `SEED.out` into DIR.

use super::common::{
    build_or_report, fault_error, pick_kind, require_generator, resolve_for_runs, Built,
};
use super::{print_json, print_out, Outcome};
use std::path::Path;
use std::sync::Arc;

use crate::error::UsageError;
use crate::judge::Verdict;
use crate::options::ReproOptions;
use crate::problem::{Answer, Problem, ProblemError};
use crate::report::text::diff;
use crate::report::{
    check_report_files, repro_text, write_report_files, GameDiff, Report, ReproReport,
};
use crate::stress::any_output::AnyOutput;
use crate::stress::prepare::{generate, Generated};
use crate::stress::runner::SandboxCaseRunner;
use crate::stress::store::FailureStore;
use crate::stress::{CaseRunner, Unit};
use crate::testset::Plan;

/// Most failing games listed first.
const FAILING_GAMES_SHOWN: usize = 5;

/// Runs `stressjudge repro`.
pub fn run(options: &ReproOptions) -> Result<Outcome, UsageError> {
    check_report_files(&options.reports)?;
    crate::commands::common::check_folders()?;
    let problem = resolve_for_runs(&options.problem, &options.candidate, true)?;
    // No reference: as in `stress`, the run is judged on crashes, time and memory alone.
    let problem: Arc<dyn Problem> = match AnyOutput::wrap(problem.clone()) {
        Some(wrapped) => Arc::new(wrapped),
        None => problem,
    };
    let kind = match &options.input {
        Some(_) => options.kind.clone().unwrap_or_else(|| "input".to_string()),
        None => {
            require_generator(problem.as_ref())?;
            pick_kind(problem.as_ref(), options.kind.as_deref())?
        }
    };
    let program = match build_or_report(&options.candidate, &problem.info().id, options.json)? {
        Built::Program(program) => *program,
        Built::Reported(outcome) => return Ok(outcome),
    };
    let plan = Plan::new(&options.candidate, problem.info()).for_program(&program);
    let unit = Unit {
        kind: kind.clone(),
        seed: options.seed,
    };
    let save_dir = options.save.as_deref();
    let generated = match &options.input {
        Some(file) => saved_input(problem.as_ref(), file)?,
        None => generate(problem.as_ref(), unit, false).map_err(|f| fault_error(f, save_dir))?,
    };
    let (input, expected) = (generated.input, generated.answer);
    let mut runner = SandboxCaseRunner::start(&program, problem.as_ref(), plan.limits)
        .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?;
    if options.candidate.time_limit.is_none() {
        // A kind's own time limit (a Polygon stress's), as the stress run used it.
        runner = runner.following_kind_limits();
    }
    if options.candidate.memory_limit.is_none() {
        // A kind's own memory limit (a Polygon stress's `memoryLimit`), likewise.
        runner = runner.following_kind_memory();
    }
    runner.use_kind(&kind);
    let outcome = runner
        .run_case(&input, &expected)
        .map_err(|f| fault_error(f, save_dir))?;
    // A file that cannot be saved does not hide the verdict: the report is printed first, then
    // the error (exit 2).
    let saved = match &options.save {
        Some(dir) => save(dir, options.seed, &input, &expected.text, &outcome.output),
        None => Ok(()),
    };
    let actual = String::from_utf8_lossy(&outcome.output).into_owned();
    let failing_games = if outcome.verdict == Verdict::WA {
        failing_games(problem.as_ref(), &input, &expected, &actual)
    } else {
        Vec::new()
    };
    let report = ReproReport {
        problem: problem.info().id.clone(),
        solution: program.display_name.clone(),
        seed: options.seed,
        kind,
        verdict: outcome.verdict,
        detail: outcome.detail,
        games: generated.games,
        diff: diff(&expected.text, &actual, 30),
        input,
        expected: expected.text,
        actual,
        failing_games,
        saved: options.save.clone(),
        isolation: crate::run::process_isolation(),
        input_file: options.input.clone(),
    };
    if options.json {
        print_json(report.to_json())?;
    } else {
        print_out(&repro_text::render(&report))?;
    }
    let written = write_report_files(Report::Repro(&report), &options.reports);
    saved?;
    written?;
    Ok(if report.verdict == Verdict::AC {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}

/// Writes `SEED.in`, `SEED.ans` and `SEED.out` into `dir`; the error names the file, the
/// folder and why.
fn save(
    dir: &Path,
    seed: u64,
    input: &str,
    expected: &str,
    output: &[u8],
) -> Result<(), UsageError> {
    let store = FailureStore::open(dir)?;
    for (name, bytes) in [
        (format!("{seed}.in"), input.as_bytes()),
        (format!("{seed}.ans"), expected.as_bytes()),
        (format!("{seed}.out"), output),
    ] {
        store.write(&name, bytes).map_err(|e| {
            UsageError::new(format!(
                "--save: {} was not written: {e}",
                dir.join(&name).display()
            ))
        })?;
    }
    Ok(())
}

/// An input read from `file` (`--input`), validated and answered as a generated one would be;
/// whatever is wrong with it is a one-line error naming the file.
fn saved_input(problem: &dyn Problem, file: &Path) -> Result<Generated, UsageError> {
    let shown = file.display();
    let bytes = std::fs::read(file)
        .map_err(|e| UsageError::new(format!("--input {shown}: cannot be read: {e}")))?;
    let input = String::from_utf8(bytes)
        .map_err(|_| UsageError::new(format!("--input {shown}: is not UTF-8 text")))?;
    let prepared = problem.prepare(&input).map_err(|e| match e {
        ProblemError::Invalid(why) => UsageError::new(format!(
            "--input {shown}: the input validator rejects it ({why})"
        )),
        ProblemError::Tool(f) => UsageError::new(format!("{f} (on --input {shown})")),
    })?;
    Ok(Generated {
        unit: Unit {
            kind: "input".to_string(),
            seed: 0,
        },
        input,
        games: prepared.games,
        answer: prepared.answer,
        game_lines: Vec::new(),
    })
}

/// The first games whose answers differ, with their input lines, for a problem whose input is
/// a list of games (one answer token per game).
fn failing_games(
    problem: &dyn Problem,
    input: &str,
    expected: &Answer,
    actual: &str,
) -> Vec<GameDiff> {
    let Some(packing) = problem.packing() else {
        return Vec::new();
    };
    let lines = packing.split_games(input);
    let mut wanted = expected.tokens();
    let mut got = actual.split_ascii_whitespace();
    let mut out = Vec::new();
    for game in 1.. {
        let (e, a) = (wanted.next(), got.next());
        if e.is_none() && a.is_none() {
            break;
        }
        if e != a {
            out.push(GameDiff {
                game,
                input_line: lines.get(game - 1).cloned(),
                expected: e.map(str::to_string),
                actual: a.map(str::to_string),
            });
            if out.len() == FAILING_GAMES_SHOWN || a.is_none() || e.is_none() {
                break;
            }
        }
    }
    out
}
