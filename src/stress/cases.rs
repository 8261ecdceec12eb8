//! One case when one suffices: a failing multi-test input (`t`, then t cases, as the format
//! learned from the generator's inputs reads it) is cut down to the fewest of its cases that
//! still fail the same way, before the shrinker works inside them. The failure then names the
//! cases ("case 3 of 7") with the expected and actual answers of those cases alone.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{CaseOutcome, CaseRunner, Counters};
use crate::error::Fault;
use crate::problem::{Answer, Problem};
use crate::shrink::{fewest_cases, Format};

/// The cases of the failing input that fail on their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailingCases {
    /// Which cases of the original input (1-based, in order).
    pub cases: Vec<usize>,
    /// How many cases the original input has.
    pub of: usize,
    /// The input holding only those cases.
    pub input: String,
    /// The reference's answer for it: the expected answer of those cases.
    pub expected: Answer,
    /// The candidate's output on it.
    pub output: Vec<u8>,
    /// Candidate runs spent finding them.
    pub runs: usize,
}

impl FailingCases {
    /// `case 3 of 7`, `cases 2, 5 of 7`.
    pub fn describe(&self) -> String {
        let list: Vec<String> = self.cases.iter().map(|c| c.to_string()).collect();
        let word = if self.cases.len() == 1 {
            "case"
        } else {
            "cases"
        };
        format!("{word} {} of {}", list.join(", "), self.of)
    }
}

/// Runs `variant` on the candidate: its answer and outcome when it is a valid input (validator,
/// reference) and fails as the original did (`alike`: [`super::Plan::fails_alike`]). A checker failing on a variant rejects the variant; any
/// other fault is kept in `fault` and ends the search.
#[allow(clippy::too_many_arguments)]
pub fn fails_the_same_way(
    problem: &dyn Problem,
    runner: &mut dyn CaseRunner,
    counters: &Counters,
    stop: &AtomicBool,
    alike: &dyn Fn(&CaseOutcome) -> bool,
    fault: &mut Option<Fault>,
    variant: &str,
) -> Option<(Answer, CaseOutcome)> {
    if stop.load(Ordering::SeqCst) || fault.is_some() {
        return None;
    }
    let prepared = problem.prepare(variant).ok()?;
    counters.ran();
    match runner.run_case(variant, &prepared.answer) {
        Ok(outcome) if alike(&outcome) => Some((prepared.answer, outcome)),
        Ok(_) | Err(Fault::Judge(_)) => None,
        Err(e) => {
            *fault = Some(e);
            None
        }
    }
}

/// The fewest cases of `input` that still fail alike (`alike`), spending at most `max_runs` runs;
/// `None` when `format` sees no cases in `input`, it has one case, or no fewer cases fail.
/// `answers` (the expected answer and the output of `input`, when known) tell which case to try
/// first.
#[allow(clippy::too_many_arguments)]
pub fn fewest_failing_cases(
    problem: &dyn Problem,
    runner: &mut dyn CaseRunner,
    format: &Format,
    input: &str,
    alike: &dyn Fn(&CaseOutcome) -> bool,
    answers: (&Answer, &[u8]),
    max_runs: usize,
    counters: &Counters,
    stop: &AtomicBool,
) -> Result<Option<FailingCases>, Fault> {
    let Some(cases) = format.cases(input).filter(|c| c.len() >= 2) else {
        return Ok(None);
    };
    let mut fault = None;
    let mut last: Option<(Vec<usize>, Answer, CaseOutcome)> = None;
    let hint = first_differing_case(answers.0, answers.1, cases.len());
    let found = fewest_cases(cases.len(), hint, max_runs, |kept| {
        let variant = cases.keep(kept);
        let ran = fails_the_same_way(problem, runner, counters, stop, alike, &mut fault, &variant);
        ran.map(|(answer, out)| last = Some((kept.to_vec(), answer, out)))
            .is_some()
    });
    if let Some(e) = fault {
        return Err(e);
    }
    let Some((kept, expected, out)) = last.filter(|(kept, ..)| *kept == found.kept) else {
        return Ok(None);
    };
    Ok(Some(FailingCases {
        input: cases.keep(&kept),
        cases: kept.iter().map(|i| i + 1).collect(),
        of: cases.len(),
        expected,
        output: out.output,
        runs: found.runs,
    }))
}

/// With one answer line per case (the usual multi-test output), the case whose line of `output`
/// first differs from the expected one.
fn first_differing_case(expected: &Answer, output: &[u8], cases: usize) -> Option<usize> {
    let want: Vec<&str> = expected
        .text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    if want.len() != cases {
        return None;
    }
    let got = String::from_utf8_lossy(output);
    let mut got = got.lines().filter(|l| !l.trim().is_empty());
    want.iter().position(|w| {
        got.next()
            .is_none_or(|g| g.split_whitespace().ne(w.split_whitespace()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_differing_answer_line_names_its_case() {
        let expected = Answer::new("1\n2\n3\n");
        assert_eq!(first_differing_case(&expected, b"1\n5\n3\n", 3), Some(1));
        assert_eq!(first_differing_case(&expected, b"1\n2\n", 3), Some(2));
        assert_eq!(first_differing_case(&expected, b"1\n2\n3\n", 4), None);
        let cases = FailingCases {
            cases: vec![2, 5],
            of: 7,
            input: String::new(),
            expected: Answer::default(),
            output: Vec::new(),
            runs: 0,
        };
        assert_eq!(cases.describe(), "cases 2, 5 of 7");
    }
}
