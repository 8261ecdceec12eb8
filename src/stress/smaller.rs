//! Smallest generated failure first: before the shrinker edits text, the same failure is looked
//! for among smaller generated inputs: those of the kinds whose inputs are smaller (a problem's
//! `small` kind, or the smaller of several `--gen` commands), then those of the failing kind's
//! own generator with its size arguments made smaller (`--gen "gen.py 30"` run as
//! `gen.py SEED 3`, `gen.py SEED 7`, `gen.py SEED 15`). A generated input is valid by
//! construction, so the shrinker then starts from something both smaller and certainly legal.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{CaseOutcome, CaseRunner, Counters, Plan, Unit};
use crate::error::Fault;
use crate::problem::Problem;

/// Seeds of each smaller kind or size tried.
const SEEDS_PER_KIND: usize = 8;
/// The generator's size arguments are divided by these, smallest sizes first.
const DIVISORS: [u64; 3] = [8, 4, 2];

/// A smaller generated input that fails the same way.
#[derive(Debug, Clone)]
pub struct Smaller {
    /// Its kind and seed.
    pub unit: Unit,
    /// The input.
    pub input: String,
    /// The generator's arguments it was made with, when they are not the kind's own (smaller
    /// sizes).
    pub args: Option<Vec<String>>,
}

/// A smaller generated input that fails alike (`alike`) too: the kinds other than `unit`'s whose
/// first input is smaller than `input`, smallest first, then `unit`'s kind with smaller size
/// arguments, each on the plan's first seeds. `None` when nothing smaller fails the same way, or
/// the problem shrinks its own inputs. Callers do not look for time verdicts (each try would cost the
/// time limit).
#[allow(clippy::too_many_arguments)]
pub fn smaller_failure(
    problem: &dyn Problem,
    plan: &Plan,
    unit: &Unit,
    input: &str,
    alike: &dyn Fn(&CaseOutcome) -> bool,
    runner: &mut dyn CaseRunner,
    counters: &Counters,
    stop: &AtomicBool,
) -> Result<Option<Smaller>, Fault> {
    if problem.shrink_variants(input).is_some() {
        return Ok(None);
    }
    let seeds: Vec<u64> = plan.seeds.iter().copied().take(SEEDS_PER_KIND).collect();
    let Some(&first) = seeds.first() else {
        return Ok(None);
    };
    let mut fails = |candidate: &str| -> Result<bool, Fault> {
        if candidate.len() >= input.len() {
            return Ok(false);
        }
        let Ok(prepared) = problem.prepare(candidate) else {
            return Ok(false);
        };
        counters.ran();
        match runner.run_case(candidate, &prepared.answer) {
            Ok(outcome) => Ok(alike(&outcome)),
            Err(Fault::Judge(_)) => Ok(false),
            Err(e) => Err(e),
        }
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
            if fails(&candidate)? {
                let unit = Unit {
                    kind: kind.clone(),
                    seed,
                };
                return Ok(Some(Smaller {
                    unit,
                    input: candidate,
                    args: None,
                }));
            }
        }
    }
    let mut sizes = HashSet::new();
    for divisor in DIVISORS {
        for &seed in &seeds {
            if stop.load(Ordering::SeqCst) {
                return Ok(None);
            }
            let Some(generated) = problem.generate_smaller(&unit.kind, seed, divisor) else {
                return Ok(None);
            };
            let Ok((args, candidate)) = generated else {
                break;
            };
            if !sizes.insert(args.clone()) && seed == first {
                // The same arguments as a larger divisor gave: tried already.
                break;
            }
            if fails(&candidate)? {
                let unit = Unit {
                    kind: unit.kind.clone(),
                    seed,
                };
                return Ok(Some(Smaller {
                    unit,
                    input: candidate,
                    args: Some(args),
                }));
            }
        }
    }
    Ok(None)
}
