//! What a verdict of IOI's TPS `solutions.json` promises of a solution on one subtask.
//!
//! TPS names one verdict per solution (`correct`, `incorrect`, `time_limit`, ...) with an
//! `except` map giving other verdicts on some subtasks. TPS's own command line does not check
//! them; its web interface does (`SolutionRun.validate_for_verdict` of tps-web), test by test:
//! every test of the subtask must fit the subtask's verdict, and (its default, non-strict
//! mode) a test that earned a positive score fits any verdict. stressjudge applies that rule,
//! with one change: `correct` (and `model_solution`) wants every test fully accepted, where
//! the non-strict rule lets a partially scored test pass as correct.

use crate::judge::subtasks::Outcome;

/// A verdict of `solutions.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TpsVerdict {
    /// `model_solution`: the one solution that writes the answers; correct everywhere.
    ModelSolution,
    /// `correct`.
    Correct,
    /// `partially_correct`.
    PartiallyCorrect,
    /// `incorrect`: wrong answers.
    Incorrect,
    /// `time_limit`.
    TimeLimit,
    /// `memory_limit`.
    MemoryLimit,
    /// `runtime_error`.
    RuntimeError,
    /// `time_limit_and_runtime_error`: either.
    TimeLimitAndRuntimeError,
    /// `failed`: anything.
    Failed,
}

impl TpsVerdict {
    /// Every verdict, for error messages.
    pub const ALL: [TpsVerdict; 9] = [
        TpsVerdict::ModelSolution,
        TpsVerdict::Correct,
        TpsVerdict::PartiallyCorrect,
        TpsVerdict::Incorrect,
        TpsVerdict::TimeLimit,
        TpsVerdict::MemoryLimit,
        TpsVerdict::RuntimeError,
        TpsVerdict::TimeLimitAndRuntimeError,
        TpsVerdict::Failed,
    ];

    /// The verdict `solutions.json` spells `name`; `None` for a name TPS does not know.
    pub fn from_name(name: &str) -> Option<TpsVerdict> {
        TpsVerdict::ALL.into_iter().find(|v| v.name() == name)
    }

    /// How `solutions.json` spells it.
    pub fn name(self) -> &'static str {
        match self {
            TpsVerdict::ModelSolution => "model_solution",
            TpsVerdict::Correct => "correct",
            TpsVerdict::PartiallyCorrect => "partially_correct",
            TpsVerdict::Incorrect => "incorrect",
            TpsVerdict::TimeLimit => "time_limit",
            TpsVerdict::MemoryLimit => "memory_limit",
            TpsVerdict::RuntimeError => "runtime_error",
            TpsVerdict::TimeLimitAndRuntimeError => "time_limit_and_runtime_error",
            TpsVerdict::Failed => "failed",
        }
    }

    /// Whether a test that went as `outcome` fits the verdict.
    pub fn fits(self, outcome: Outcome) -> bool {
        let scored = matches!(outcome, Outcome::Accepted | Outcome::Partial);
        match self {
            TpsVerdict::ModelSolution | TpsVerdict::Correct => outcome == Outcome::Accepted,
            TpsVerdict::PartiallyCorrect => scored,
            TpsVerdict::Incorrect => scored || outcome == Outcome::WrongAnswer,
            TpsVerdict::TimeLimit => scored || outcome == Outcome::TimeLimit,
            TpsVerdict::MemoryLimit => scored || outcome == Outcome::MemoryLimit,
            TpsVerdict::RuntimeError => scored || outcome == Outcome::RuntimeError,
            TpsVerdict::TimeLimitAndRuntimeError => {
                scored || matches!(outcome, Outcome::TimeLimit | Outcome::RuntimeError)
            }
            TpsVerdict::Failed => true,
        }
    }

    /// What it wants of every test, in words.
    pub fn wants(self) -> &'static str {
        match self {
            TpsVerdict::ModelSolution | TpsVerdict::Correct => "every test AC",
            TpsVerdict::PartiallyCorrect => "every test scoring",
            TpsVerdict::Incorrect => "every test scoring or WA",
            TpsVerdict::TimeLimit => "every test scoring or TLE",
            TpsVerdict::MemoryLimit => "every test scoring or MLE",
            TpsVerdict::RuntimeError => "every test scoring or RTE",
            TpsVerdict::TimeLimitAndRuntimeError => "every test scoring, TLE or RTE",
            TpsVerdict::Failed => "anything",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_follow_tps_webs_test_by_test_rule() {
        use Outcome::*;
        assert_eq!(
            TpsVerdict::from_name("time_limit"),
            Some(TpsVerdict::TimeLimit)
        );
        assert_eq!(TpsVerdict::from_name("TLE"), None);
        assert!(TpsVerdict::Correct.fits(Accepted));
        assert!(
            !TpsVerdict::Correct.fits(Partial),
            "stricter than non-strict tps-web"
        );
        assert!(
            TpsVerdict::Incorrect.fits(Accepted),
            "a scoring test fits any verdict"
        );
        assert!(TpsVerdict::Incorrect.fits(WrongAnswer));
        assert!(!TpsVerdict::Incorrect.fits(TimeLimit));
        assert!(TpsVerdict::TimeLimitAndRuntimeError.fits(RuntimeError));
        assert!(!TpsVerdict::PartiallyCorrect.fits(WrongAnswer));
        assert!(TpsVerdict::Failed.fits(MemoryLimit));
    }
}
