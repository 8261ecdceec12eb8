//! `stressjudge repro PROBLEM SOLUTION --seed N [--kind K]`: re-generate exactly one input, run
//! the candidate once and show input, expected, actual and the diff.
//!
//! The input is regenerated from (problem, kind, seed), so a failure reported by `stress`
//! reproduces byte for byte on any machine. `--save DIR` writes `SEED.in`, `SEED.ans` and
//! `SEED.out` into DIR.

use serde_json::json;

use super::common::{
    build_candidate, fault_error, pick_kind, require_generator_and_reference, resolve_for_runs,
    unavailable,
};
use super::stress::report_compile_error;
use super::{print_out, Outcome};
use crate::build::BuildError;
use crate::compare::Verdict;
use crate::error::UsageError;
use crate::options::ReproOptions;
use crate::report::stress_text::diff;
use crate::stress::prepare::generate;
use crate::stress::runner::SandboxCaseRunner;
use crate::stress::store::FailureStore;
use crate::stress::{CaseRunner, Unit};
use crate::testset::Plan;

/// Lines of input, expected and actual shown in the text report (all of it goes to `--save`).
const SHOWN_LINES: usize = 40;

/// Runs `stressjudge repro`.
pub fn run(options: &ReproOptions) -> Result<Outcome, UsageError> {
    let problem = resolve_for_runs(&options.problem, &options.candidate)?;
    require_generator_and_reference(problem.as_ref())?;
    let kind = pick_kind(problem.as_ref(), options.kind.as_deref())?;
    let plan = Plan::new(&options.candidate, problem.info());
    let program = match build_candidate(&options.candidate.source) {
        Ok(program) => program,
        Err(BuildError::Usage(e)) => return Err(e),
        Err(BuildError::Unavailable(why)) => {
            return Err(unavailable(&options.candidate.name(), &why))
        }
        Err(BuildError::Compile(message)) => {
            return report_compile_error(
                &problem.info().id,
                &options.candidate.name(),
                &message,
                options.json,
            )
        }
    };
    let unit = Unit {
        kind: kind.clone(),
        seed: options.seed,
    };
    let save_dir = options.save.as_deref();
    let generated =
        generate(problem.as_ref(), unit, false).map_err(|f| fault_error(f, save_dir))?;
    let (input, expected) = (generated.input, generated.answer);
    let mut runner = SandboxCaseRunner::start(&program, problem.as_ref(), plan.limits)
        .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?;
    let outcome = runner
        .run_case(&input, &expected)
        .map_err(|f| fault_error(f, save_dir))?;
    let expected_text = expected.text;
    let actual_text = String::from_utf8_lossy(&outcome.output).into_owned();
    let shown_diff = diff(&expected_text, &actual_text, 30);
    if let Some(dir) = &options.save {
        let store = FailureStore::open(dir)?;
        let seed = options.seed;
        for (name, bytes) in [
            (format!("{seed}.in"), input.as_bytes()),
            (format!("{seed}.ans"), expected_text.as_bytes()),
            (format!("{seed}.out"), &outcome.output[..]),
        ] {
            store.write(&name, bytes).map_err(|e| {
                UsageError::new(format!("cannot write {}: {e}", dir.join(&name).display()))
            })?;
        }
    }
    if options.json {
        let object = json!({
            "problem": problem.info().id,
            "solution": program.display_name,
            "seed": options.seed,
            "kind": kind,
            "verdict": outcome.verdict.name(),
            "detail": outcome.detail,
            "input": input,
            "expected": expected_text,
            "actual": actual_text,
            "diff": shown_diff,
        });
        print_out(&format!("{object}\n"))?;
    } else {
        let mut text = format!(
            "{} seed {} ({} kind) on {}\n",
            problem.info().id,
            options.seed,
            kind,
            program.display_name
        );
        text.push_str(&section("input", &input));
        text.push_str(&section("expected", &expected_text));
        text.push_str(&section("actual", &actual_text));
        if outcome.verdict == Verdict::WA {
            text.push_str(&format!("diff:\n{shown_diff}\n"));
        }
        text.push_str(&format!("verdict: {}", outcome.verdict.name()));
        if !outcome.detail.is_empty() && outcome.detail != outcome.verdict.name() {
            text.push_str(&format!(" - {}", outcome.detail));
        }
        text.push('\n');
        if let Some(dir) = &options.save {
            text.push_str(&format!(
                "saved: {}/{}.{{in,ans,out}}\n",
                dir.display(),
                options.seed
            ));
        }
        print_out(&text)?;
    }
    Ok(if outcome.verdict == Verdict::AC {
        Outcome::Passed
    } else {
        Outcome::Failed
    })
}

/// A titled block showing at most [`SHOWN_LINES`] lines of `body`.
fn section(title: &str, body: &str) -> String {
    let total = body.lines().count();
    let mut text = format!("{title} ({total} lines):\n");
    for line in body.lines().take(SHOWN_LINES) {
        text.push_str("    ");
        text.push_str(line);
        text.push('\n');
    }
    if total > SHOWN_LINES {
        text.push_str(&format!(
            "    ... ({} more lines; --save writes everything)\n",
            total - SHOWN_LINES
        ));
    }
    text
}
