//! Minimising a failing input for the stress engine, as property-based testers do: it picks how
//! (the problem's own variants, or the shrinker crate, [`crate::shrink`], which knows no
//! problem) and keeps only variants that are valid and still fail the same way. Named for its
//! job so that `stress::minimize_failure` is not read as the shrinker itself.
//!
//! A problem that knows its input format (the built-ins) offers simpler variants of an input
//! ([`Problem::shrink_variants`], most aggressive first); the shrinker keeps the first one that
//! is valid and still fails the same way, and starts over from it, until no variant fails or the
//! budget is spent. Every variant is checked by the problem's validator before it is tried, so a
//! shrunk input is always a legal test. Problems that do not know their format (problem folders,
//! ad-hoc programs) are shrunk by the format-agnostic delta debugger instead; without an input
//! validator, it keeps to the format learned from the generator's inputs
//! ([`triage::learned_format`](super::triage::learned_format)).

use std::time::Instant;

use crate::problem::Problem;
use crate::shrink::{shrink_guarded, Budget, Format};

/// Upper bound on candidate runs one shrink may spend.
pub const DEFAULT_ATTEMPTS: usize = 400;

/// The result of shrinking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing input found.
    pub input: String,
    /// How many smaller failing inputs were accepted along the way.
    pub steps: usize,
    /// How many variants were run.
    pub runs: usize,
}

/// Shrinks `input`, which must be valid and satisfy `still_fails`, spending at most
/// `max_runs` runs and stopping at `deadline`. `still_fails` runs the candidate and says
/// whether it fails with the same verdict as the original failure. The generic shrinker never
/// proposes a variant that breaks `format` (learned from the generator's inputs; anything goes
/// when a validator judges).
pub fn shrink(
    problem: &dyn Problem,
    input: &str,
    max_runs: usize,
    deadline: Instant,
    format: &Format,
    mut still_fails: impl FnMut(&str) -> bool,
) -> Shrunk {
    if problem.shrink_variants(input).is_none() {
        let budget = Budget {
            max_runs,
            deadline: Some(deadline),
        };
        let shrunk = shrink_guarded(input, &budget, format, still_fails);
        return Shrunk {
            input: shrunk.input,
            steps: shrunk.steps,
            runs: shrunk.runs,
        };
    }
    let mut current = input.to_string();
    let (mut runs, mut steps) = (0, 0);
    'descent: while runs < max_runs {
        for variant in problem.shrink_variants(&current).unwrap_or_default() {
            if runs >= max_runs || Instant::now() > deadline {
                break 'descent;
            }
            if variant == current || variant.len() > current.len() {
                continue;
            }
            if problem.validate(&variant).is_err() {
                continue;
            }
            runs += 1;
            if still_fails(&variant) {
                current = variant;
                steps += 1;
                continue 'descent;
            }
        }
        break;
    }
    Shrunk {
        input: current,
        steps,
        runs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Builtin;
    use crate::generators::{Generator, Kind};
    use crate::problem::rules::{BuiltinProblem, Sample};
    use crate::problem::{InputError, Limits};
    use std::sync::Arc;
    use std::time::Duration;

    /// A toy problem: one line of numbers, each 0..=100; shrinking drops or halves numbers.
    struct Numbers;

    struct NoGenerator;

    impl Generator for NoGenerator {
        fn generate(&self, _kind: Kind, _seed: u64) -> String {
            String::new()
        }
    }

    fn numbers() -> Builtin {
        Builtin::new(Arc::new(Numbers), Arc::new(NoGenerator))
    }

    fn later() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    impl BuiltinProblem for Numbers {
        fn id(&self) -> &'static str {
            "numbers"
        }
        fn title(&self) -> &'static str {
            "Numbers"
        }
        fn limits(&self) -> Limits {
            Limits {
                time: Duration::from_secs(1),
                memory_bytes: 1 << 20,
            }
        }
        fn samples(&self) -> Vec<Sample> {
            Vec::new()
        }
        fn validate(&self, input: &str) -> Result<usize, InputError> {
            let ok = !input.trim().is_empty()
                && input
                    .split_whitespace()
                    .all(|t| t.parse::<u32>().is_ok_and(|v| v <= 100));
            ok.then_some(1).ok_or_else(|| InputError::new(1, "bad"))
        }
        fn solve(&self, _input: &str) -> Result<Vec<String>, InputError> {
            Ok(Vec::new())
        }
        fn shrink(&self, input: &str) -> Vec<String> {
            let nums: Vec<u32> = input
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            let join = |v: &[u32]| {
                v.iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let mut out = Vec::new();
            for i in 0..nums.len() {
                let mut v = nums.clone();
                v.remove(i);
                out.push(join(&v));
            }
            for i in 0..nums.len() {
                let mut v = nums.clone();
                v[i] /= 2;
                out.push(join(&v));
                v[i] = nums[i].saturating_sub(1);
                out.push(join(&v));
            }
            out
        }
    }

    #[test]
    fn finds_a_minimal_failing_input() {
        // Fails when some number is at least 7: the minimum is the single number 7.
        let fails = |s: &str| s.split_whitespace().any(|t| t.parse::<u32>().unwrap() >= 7);
        let shrunk = shrink(
            &numbers(),
            "3 50 9 1 80",
            DEFAULT_ATTEMPTS,
            later(),
            &Format::anything(),
            fails,
        );
        assert_eq!(shrunk.input, "7");
        assert!(shrunk.runs > 0 && shrunk.steps > 0 && shrunk.steps <= shrunk.runs);
    }

    #[test]
    fn never_tries_invalid_variants_and_respects_the_budget() {
        let mut seen = Vec::new();
        let shrunk = shrink(
            &numbers(),
            "100 100",
            3,
            later(),
            &Format::anything(),
            |s| {
                seen.push(s.to_string());
                true
            },
        );
        assert_eq!(seen.len(), 3);
        assert!(seen.iter().all(|s| Numbers.validate(s).is_ok()));
        assert_ne!(shrunk.input, "100 100");
    }
}
