//! Smallest generated failure first: before the shrinker edits text, the same failure is looked
//! for among the inputs of the kinds whose inputs are smaller (a problem's `small` kind, or the
//! smaller of several `--gen` commands). A generated input is valid by construction, so the
//! shrinker then starts from something both smaller and certainly legal.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{CaseOutcome, CaseRunner, Counters, Plan, Unit};
use crate::compare::Verdict;
use crate::error::Fault;
use crate::problem::Problem;

/// Seeds of each smaller kind tried.
const SEEDS_PER_KIND: usize = 8;

/// A smaller generated input that fails with `verdict` too, with its unit: the kinds other than
/// `unit`'s whose first input is smaller than `input` are tried smallest first, each on the
/// plan's first seeds. `None` when there is no such kind, none fails the same way, or the
/// problem shrinks its own inputs. Time verdicts are not looked for (each try would cost the
/// time limit).
#[allow(clippy::too_many_arguments)]
pub fn smaller_failure(
    problem: &dyn Problem,
    plan: &Plan,
    unit: &Unit,
    input: &str,
    original: &CaseOutcome,
    runner: &mut dyn CaseRunner,
    counters: &Counters,
    stop: &AtomicBool,
) -> Result<Option<(Unit, String)>, Fault> {
    if plan.kinds.len() < 2
        || matches!(original.verdict, Verdict::TLE | Verdict::MLE)
        || problem.shrink_variants(input).is_some()
    {
        return Ok(None);
    }
    let seeds: Vec<u64> = plan.seeds.iter().copied().take(SEEDS_PER_KIND).collect();
    let Some(&first) = seeds.first() else {
        return Ok(None);
    };
    // Each other kind by the size of its first input (a generator failing here only leaves the
    // kind out: it is the run proper that reports a broken generator).
    let mut kinds: Vec<(usize, &String)> = plan
        .kinds
        .iter()
        .filter(|k| **k != unit.kind)
        .filter_map(|k| Some((problem.generate(k, first).ok()?.len(), k)))
        .filter(|(len, _)| *len < input.len())
        .collect();
    kinds.sort();
    for (_, kind) in kinds {
        for &seed in &seeds {
            if stop.load(Ordering::SeqCst) {
                return Ok(None);
            }
            let Ok(candidate) = problem.generate(kind, seed) else {
                break;
            };
            if candidate.len() >= input.len() {
                continue;
            }
            let Ok(prepared) = problem.prepare(&candidate) else {
                continue;
            };
            counters.ran();
            match runner.run_case(&candidate, &prepared.answer) {
                Ok(outcome) if plan.fails_alike(&outcome, original) => {
                    let found = Unit {
                        kind: kind.clone(),
                        seed,
                    };
                    return Ok(Some((found, candidate)));
                }
                Ok(_) | Err(Fault::Judge(_)) => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(None)
}
