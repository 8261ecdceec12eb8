//! `stressjudge repro PROBLEM SOLUTION --seed N [--kind K]`: re-generate exactly one input, run
//! the candidate once and show input, expected, actual and the diff.
//!
//! The input is regenerated from (problem, kind, seed), so a failure reported by `stress`
//! reproduces byte for byte on any machine. `--save DIR` writes `SEED.in`, `SEED.ans` and
//! `SEED.out` into DIR.

use serde_json::json;

use super::cli::ReproArgs;
use super::stress::engine::CaseRunner;
use super::stress::output::{diff, lines};
use super::stress::report_compile_error;
use super::stress::runner::SandboxCaseRunner;
use super::stress::store::FailureStore;
use super::testset::adapter::{build_candidate, BuildError};
use super::testset::Plan;
use super::{print_out, Outcome};
use crate::catalog;
use crate::compare::Verdict;
use crate::error::UsageError;

/// Lines of input, expected and actual shown in the text report (all of it goes to `--save`).
const SHOWN_LINES: usize = 40;

/// Runs `stressjudge repro`.
pub fn run(args: &ReproArgs) -> Result<Outcome, UsageError> {
    let entry = catalog::find(&args.problem)?;
    let problem = entry.problem.as_ref();
    let plan = Plan::from_args(&args.candidate, problem.limits())?;
    let program = match build_candidate(&args.candidate) {
        Ok(program) => program,
        Err(BuildError::Usage(e)) => return Err(e),
        Err(BuildError::Compile(message)) => {
            return report_compile_error(problem.id(), &args.candidate, &message, args.json)
        }
    };
    let input = entry.generator.generate(args.kind, args.seed);
    let expected = problem.solve(&input).map_err(|e| {
        UsageError::new(format!(
            "internal error: generated input is invalid ({e}); please report this"
        ))
    })?;
    let mut runner = SandboxCaseRunner::start(&program, problem, plan.limits)
        .map_err(|e| UsageError::new(format!("cannot start the sandbox: {e}")))?;
    let outcome = runner.run_case(&input, &expected);
    let expected_text = lines(&expected);
    let actual_text = String::from_utf8_lossy(&outcome.output).into_owned();
    let shown_diff = diff(&expected_text, &actual_text, 30);
    if let Some(dir) = &args.save {
        let store = FailureStore::open(dir)?;
        let seed = args.seed;
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
    if args.json {
        let object = json!({
            "problem": problem.id(),
            "solution": program.display_name,
            "seed": args.seed,
            "kind": args.kind.name(),
            "verdict": outcome.verdict.name(),
            "detail": outcome.detail,
            "input": input,
            "expected": expected_text,
            "actual": actual_text,
            "diff": shown_diff,
            "isolation": super::isolation_json(),
        });
        print_out(&format!("{object}\n"))?;
    } else {
        let mut text = format!(
            "{} seed {} ({} kind) on {}\n",
            problem.id(),
            args.seed,
            args.kind,
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
        if let Some(dir) = &args.save {
            text.push_str(&format!(
                "saved: {}/{}.{{in,ans,out}}\n",
                dir.display(),
                args.seed
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
