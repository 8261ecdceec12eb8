//! Taking a failed run apart: which seed fails on its own (so `repro` reproduces it), the
//! single failing game of a packed input, the fewest failing cases of a multi-test input, the
//! shrunk input, and a last run confirming it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::cases::{fails_the_same_way, fewest_failing_cases};
use super::minimize_failure;
use super::prepare::{regenerates, Generated};
use super::smaller::smaller_failure;
use super::{CaseOutcome, CaseRunner, Counters, Failure, Plan, StressObserver, Unit};
use crate::error::Fault;
use crate::judge::Verdict;
use crate::problem::{Answer, Problem};
use crate::shrink::Format;

/// Inputs the format is learned from: the run's samples, topped up with inputs of further seeds
/// when the run stopped early.
const LEARN_INPUTS: usize = 32;
/// Set (to anything but `0`) to shrink without the learned format, as before it existed: for
/// the benchmark that compares both, not for daily use.
pub const UNGUARDED_ENV: &str = "STRESSJUDGE_UNGUARDED_SHRINK";

/// A failed run and everything triage needs about it.
pub struct FailedRun<'a> {
    /// The units packed into the run, in order.
    pub units: &'a [Generated],
    /// The input that ran (the units' games joined, or the single unit's input).
    pub input: &'a str,
    /// Its expected answer.
    pub expected: &'a Answer,
    /// What the run gave.
    pub outcome: CaseOutcome,
}

/// Isolates, shrinks and confirms a failed run. Returns the failure and how many of the run's
/// units it accounts for (those up to the failing seed, or all of them), or `None` when the
/// failure does not hold up: a TLE that does not repeat on a re-run (a loaded machine), or a
/// run Ctrl-C interrupted.
// The steps of one triage share these; a struct of them would be built for this call only.
#[allow(clippy::too_many_arguments)]
pub fn triage(
    problem: &dyn Problem,
    plan: &Plan,
    runner: &mut dyn CaseRunner,
    run: FailedRun<'_>,
    samples: &[String],
    counters: &Counters,
    stop: &AtomicBool,
    observer: &dyn StressObserver,
) -> Result<Option<(Failure, usize)>, Fault> {
    let units = run.units;
    let packed_seeds: Vec<u64> = units.iter().map(|u| u.unit.seed).collect();
    let isolated = isolate(runner, units, &run.outcome, counters)?;
    if stop.load(Ordering::SeqCst) {
        // Ctrl-C kills the runs in flight: an isolating run it killed looks like a crash, so
        // nothing found here is confirmed and nothing is reported.
        return Ok(None);
    }
    if isolated.is_none() && run.outcome.verdict == Verdict::TLE {
        // No seed is TLE on its own re-run: the packed TLE was noise (a loaded machine), not a
        // failure of the candidate.
        let games: usize = units.iter().map(|u| u.games).sum();
        counters.checked(units.len(), games);
        return Ok(None);
    }
    let consumed = isolated
        .as_ref()
        .map_or(units.len(), |(index, _)| index + 1);
    let checked: usize = units[..consumed].iter().map(|u| u.games).sum();
    counters.checked(consumed, checked);
    let (unit, alone, reproducible_alone, input, expected, recorded_input) = match isolated {
        Some((index, alone)) => {
            let u = &units[index];
            // A generator seeded from the clock (some seconds: `time(0)`) may pass the start-up
            // check and still not give this input again: then it is recorded, not regenerated.
            let recorded = plan.recorded_inputs || !regenerates(problem, &u.unit, &u.input)?;
            (
                u.unit.clone(),
                alone,
                true,
                u.input.clone(),
                u.answer.clone(),
                recorded,
            )
        }
        None => (
            units[0].unit.clone(),
            run.outcome,
            false,
            run.input.to_string(),
            run.expected.clone(),
            plan.recorded_inputs,
        ),
    };
    let verdict = alone.verdict;
    observer.failing(&unit, verdict, &alone.detail);
    let start = first_failing_game(problem, runner, &input, &alone, counters)?
        .unwrap_or_else(|| input.clone());
    let deadline = Instant::now() + plan.shrink_time;
    let attempts = if matches!(verdict, Verdict::TLE | Verdict::MLE) {
        plan.shrink_attempts.min(12)
    } else {
        plan.shrink_attempts
    };
    let alike = |outcome: &CaseOutcome| plan.fails_alike(outcome, &alone);
    let smaller = if matches!(verdict, Verdict::TLE | Verdict::MLE) {
        None
    } else {
        smaller_failure(problem, plan, &unit, &start, &alike, runner, counters, stop)?
    };
    let start = match &smaller {
        Some(found) => found.input.clone(),
        None => start,
    };
    let learned = learned_format(problem, &unit, &start, samples);
    // With a validator, the validator alone judges variants; the learned format still finds
    // the cases of a multi-test input.
    let format = if problem.has_input_validator() {
        Format::anything()
    } else {
        learned.clone()
    };
    // The answers of the input as it failed tell which case differed first (a hint only).
    let no_hint = (Answer::default(), Vec::new());
    let (hint_expected, hint_output) = if start == input {
        (&expected, &alone.output)
    } else {
        (&no_hint.0, &no_hint.1)
    };
    let cases = fewest_failing_cases(
        problem,
        runner,
        &learned,
        &start,
        &alike,
        (hint_expected, hint_output),
        attempts,
        counters,
        stop,
    )?;
    let case_runs = cases.as_ref().map_or(0, |c| c.runs);
    let start = match &cases {
        Some(c) => c.input.clone(),
        None => start,
    };
    let mut fault = None;
    let mut steps = 0;
    let mut shrunk = minimize_failure::shrink(
        problem,
        &start,
        attempts.saturating_sub(case_runs),
        deadline,
        &format,
        |variant| {
            let fails =
                fails_the_same_way(problem, runner, counters, stop, &alike, &mut fault, variant)
                    .is_some();
            if fails {
                steps += 1;
                observer.shrink_step(&unit, steps, variant);
            }
            fails
        },
    );
    if let Some(e) = fault {
        return Err(e);
    }
    shrunk.runs += case_runs;
    let shrunk_expected = match problem.prepare(&shrunk.input) {
        Ok(prepared) => prepared.answer,
        Err(_) => expected.clone(),
    };
    let last = runner.run_case(&shrunk.input, &shrunk_expected)?;
    counters.ran();
    let (shrunk_input, shrunk_expected, last) = if plan.fails_alike(&last, &alone) {
        (shrunk.input, shrunk_expected, last)
    } else {
        // A flaky failure (timing near the limit): report the input that failed alone.
        (input.clone(), expected.clone(), alone.clone())
    };
    // The guard kept every learned shape of an input it accepts (the original was one of the
    // learned inputs; a format it broke guarded nothing).
    let kept_properties = if format.is_known() && format.accepts(&shrunk_input) {
        format.shapes()
    } else {
        Vec::new()
    };
    let failure = Failure {
        unit,
        verdict,
        input,
        expected,
        output: alone.output,
        shrunk_input,
        shrunk_expected,
        shrunk_output: last.output,
        detail: last.detail,
        shrunk_game: last.mismatch_game,
        reproducible_alone,
        packed_seeds,
        shrink_steps: shrunk.steps,
        shrink_runs: shrunk.runs,
        recorded_input,
        shrunk_from_args: smaller.as_ref().and_then(|s| s.args.clone()),
        shrunk_from: smaller.map(|s| s.unit),
        cases,
        input_format: if format.is_known() {
            format.explain()
        } else {
            Vec::new()
        },
        kept_properties,
        sanitizer: None,
    };
    Ok(Some((failure, consumed)))
}

/// The format the generator's inputs keep, to find the cases of a multi-test input and to guard
/// shrinking when no validator judges the variants (and the problem does not shrink its own
/// inputs): learned from the run's `samples` and the failing `input`, topped up to
/// [`LEARN_INPUTS`] with further seeds of the failing unit's kind. Nothing is learned for a
/// problem that shrinks its own inputs, or with [`UNGUARDED_ENV`] set.
pub fn learned_format(
    problem: &dyn Problem,
    unit: &Unit,
    input: &str,
    samples: &[String],
) -> Format {
    let unguarded = std::env::var(UNGUARDED_ENV).is_ok_and(|v| !v.is_empty() && v != "0");
    if unguarded || problem.shrink_variants(input).is_some() {
        return Format::anything();
    }
    let mut inputs: Vec<String> = samples.to_vec();
    inputs.push(input.to_string());
    let mut seed = unit.seed;
    while inputs.len() < LEARN_INPUTS {
        seed = seed.wrapping_add(1_000_003);
        // A generator that fails on a further seed only leaves fewer samples.
        match problem.generate(&unit.kind, seed) {
            Ok(more) => inputs.push(more),
            Err(_) => break,
        }
    }
    Format::learn(&inputs)
}

/// Finds the unit of a failed pack that fails alone, with its outcome.
fn isolate(
    runner: &mut dyn CaseRunner,
    units: &[Generated],
    packed: &CaseOutcome,
    counters: &Counters,
) -> Result<Option<(usize, CaseOutcome)>, Fault> {
    // A time verdict may come from a loaded machine rather than the candidate: it must show
    // again on a re-run before it counts, even for a single input.
    if units.len() == 1 && packed.verdict != Verdict::TLE {
        return Ok(Some((0, packed.clone())));
    }
    let mut order: Vec<usize> = (0..units.len()).collect();
    if let Some(game) = packed.mismatch_game {
        // Try the unit holding the first differing game first.
        let mut seen = 0;
        let holder = units
            .iter()
            .position(|u| {
                seen += u.games;
                game <= seen
            })
            .unwrap_or(units.len() - 1);
        order.retain(|&i| i != holder);
        order.insert(0, holder);
    }
    for index in order {
        let unit = &units[index];
        let alone = runner.run_case(&unit.input, &unit.answer)?;
        counters.ran();
        if alone.verdict != Verdict::AC {
            return Ok(Some((index, alone)));
        }
    }
    Ok(None)
}

/// For a wrong answer in a multi-game input, the single failing game as an input of its own,
/// when it fails alone with the same verdict.
fn first_failing_game(
    problem: &dyn Problem,
    runner: &mut dyn CaseRunner,
    input: &str,
    outcome: &CaseOutcome,
    counters: &Counters,
) -> Result<Option<String>, Fault> {
    let (Some(game), Some(packing)) = (outcome.mismatch_game, problem.packing()) else {
        return Ok(None);
    };
    let games = packing.split_games(input);
    let Some(line) = game.checked_sub(1).and_then(|i| games.get(i)) else {
        return Ok(None);
    };
    let single = packing.join_games(std::slice::from_ref(line));
    let Ok(prepared) = problem.prepare(&single) else {
        return Ok(None);
    };
    counters.ran();
    let fails = runner.run_case(&single, &prepared.answer)?.verdict == outcome.verdict;
    Ok(fails.then_some(single))
}
