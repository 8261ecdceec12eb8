//! A small fake problem and generator for the judge's tests: each game is `a b`, its answer is
//! `a + b`. Independent of the built-in problems, so these tests pin the judge alone.

use std::sync::Arc;
use std::time::Duration;

use stressjudge::catalog::Builtin;
use stressjudge::generators::{Generator, Kind, SeededRng};
use stressjudge::problem::rules::{BuiltinProblem, Sample};
use stressjudge::problem::{self, InputError, Limits};

/// The sum problem with its generator, as the judge sees a problem.
pub fn sum_problem() -> Builtin {
    Builtin::new(Arc::new(SumRules), Arc::new(SumGenerator))
}

/// Sums of pairs, several games per input.
pub struct SumRules;

impl BuiltinProblem for SumRules {
    fn id(&self) -> &'static str {
        "sum"
    }
    fn title(&self) -> &'static str {
        "Sum"
    }
    fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_secs(1),
            memory_bytes: 64 << 20,
        }
    }
    fn samples(&self) -> Vec<Sample> {
        vec![Sample {
            input: "2\n1 2\n3 4\n",
            answer: "3\n7\n",
        }]
    }
    fn validate(&self, input: &str) -> Result<usize, InputError> {
        self.solve(input).map(|a| a.len())
    }
    fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
        let mut lines = input.lines();
        let t: usize = lines
            .next()
            .and_then(|l| l.trim().parse().ok())
            .ok_or_else(|| InputError::new(1, "bad t"))?;
        let mut out = Vec::with_capacity(t);
        for i in 0..t {
            let nums: Vec<i64> = lines
                .next()
                .ok_or_else(|| InputError::new(i + 2, "missing game"))?
                .split_whitespace()
                .map(|v| v.parse().map_err(|_| InputError::new(i + 2, "bad number")))
                .collect::<Result<_, _>>()?;
            if nums.len() != 2 {
                return Err(InputError::new(i + 2, "expected two numbers"));
            }
            out.push((nums[0] + nums[1]).to_string());
        }
        Ok(out)
    }
    fn max_games(&self) -> usize {
        1000
    }
    fn split_games(&self, input: &str) -> Option<Vec<String>> {
        Some(problem::split_counted_lines(input))
    }
    fn join_games(&self, games: &[String]) -> Option<String> {
        Some(problem::join_counted_lines(games))
    }
    fn shrink(&self, _input: &str) -> Vec<String> {
        Vec::new()
    }
}

/// Seeded pair lists; `max` inputs are the longest.
pub struct SumGenerator;

impl Generator for SumGenerator {
    fn generate(&self, kind: Kind, seed: u64) -> String {
        let mut rng = stressjudge::generators::rng_for("sum", kind, seed);
        let games = match kind {
            Kind::Max => 1000,
            _ => 1 + rng.below(20) as usize,
        };
        let lines: Vec<String> = (0..games).map(|_| pair(&mut rng)).collect();
        problem::join_counted_lines(&lines)
    }
}

fn pair(rng: &mut SeededRng) -> String {
    format!("{} {}", rng.range(-100, 100), rng.range(-100, 100))
}

/// The answers of `input`, one per line, as a correct candidate prints them.
pub fn correct_output(input: &str) -> String {
    let mut out = SumRules.solve(input).unwrap().join("\n");
    out.push('\n');
    out
}
