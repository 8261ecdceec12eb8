//! Comparing a candidate's output with the answer: the Kattis default output validator and the
//! readable part of a wrong answer (the differing game and a short diff). The verdicts built
//! from these are decided in [`crate::judge`].

pub mod default_validator;
pub mod sanitizer;
pub(crate) mod wrong_answer;
