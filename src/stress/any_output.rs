//! Stress without a reference: a self-checking solution (its own `assert`s, an embedded brute
//! force) stressed with only a generator, as the loop `./gen $i > in; ./sol < in || break`
//! that contestants publish does. [`AnyOutput`] wraps the problem so that every input's answer
//! is empty and every output is accepted: what is judged is what the sandbox sees, a crash
//! (RE), the time (TLE), the memory (MLE) and the output's size (OLE). Shrinking then keeps a
//! crash of the same kind ([`super::Plan::same_crash`]).

use std::sync::Arc;

use crate::problem::{
    Answer, CheckResult, Interaction, KindSettings, Packing, Prepared, Problem, ProblemError,
    ProblemInfo, TestCase, ToolFailure,
};

/// The note every report of such a stress carries.
pub const NOTE: &str = "no reference: any output is accepted; crashes (RE), time (TLE), memory \
                        (MLE) and output size (OLE) are judged";

/// A problem with no reference, judged on crashes, time and memory only.
pub struct AnyOutput {
    inner: Arc<dyn Problem>,
    info: ProblemInfo,
}

impl AnyOutput {
    /// Wraps `inner` when it has no reference to answer inputs (and no checker that decides
    /// alone, and is not interactive): `None` when it needs no wrapping.
    pub fn wrap(inner: Arc<dyn Problem>) -> Option<AnyOutput> {
        let needed = !inner.info().has_reference
            && !inner.checker_decides_alone()
            && inner.interaction().is_none();
        if !needed {
            return None;
        }
        let mut info = inner.info().clone();
        info.has_reference = true;
        // Nothing compares answers now.
        info.notes.retain(|n| !n.starts_with("answers compared by"));
        info.notes.push(NOTE.to_string());
        Some(AnyOutput { inner, info })
    }
}

impl Problem for AnyOutput {
    fn info(&self) -> &ProblemInfo {
        &self.info
    }

    fn generate(&self, kind: &str, seed: u64) -> Result<String, ToolFailure> {
        self.inner.generate(kind, seed)
    }

    fn validate(&self, input: &str) -> Result<usize, ProblemError> {
        self.inner.validate(input)
    }

    fn solve(&self, _input: &str) -> Result<Answer, ToolFailure> {
        Ok(Answer::new(""))
    }

    fn prepare(&self, input: &str) -> Result<Prepared, ProblemError> {
        Ok(Prepared {
            games: self.inner.validate(input)?,
            answer: Answer::new(""),
        })
    }

    fn check(&self, _: &str, _: &Answer, _: &[u8]) -> Result<CheckResult, ToolFailure> {
        Ok(CheckResult::Accepted)
    }

    fn fixed_tests(&self) -> Result<Vec<TestCase>, ToolFailure> {
        self.inner.fixed_tests()
    }

    fn build_tools(&self, stressing: bool) -> Result<(), ToolFailure> {
        self.inner.build_tools(stressing)
    }

    fn packing(&self) -> Option<&dyn Packing> {
        self.inner.packing()
    }

    fn shrink_variants(&self, input: &str) -> Option<Vec<String>> {
        self.inner.shrink_variants(input)
    }

    fn judging_identity(&self) -> Option<String> {
        Some(format!("any output; {}", self.inner.judging_identity()?))
    }

    fn stress_identity(&self) -> Option<String> {
        Some(format!("any output; {}", self.inner.stress_identity()?))
    }

    fn kind_settings(&self, kind: &str) -> Option<&KindSettings> {
        self.inner.kind_settings(kind)
    }

    fn interaction(&self) -> Option<&dyn Interaction> {
        None
    }

    fn has_input_validator(&self) -> bool {
        self.inner.has_input_validator()
    }

    fn checker_decides_alone(&self) -> bool {
        true
    }
}
