//! The cases a package ships to test its own tools, as every reader yields them: inputs the
//! input validators must reject, answers the answer validators must reject, outputs the output
//! validator must reject or accept (the 2023-07 and 2025-09 formats' `data/invalid_input`,
//! `invalid_answer`, `invalid_output`, `valid_output`, which BAPCtools' generators.yaml also
//! makes), and the answer validators that judge answer files. `crate::programs::tool_checks`
//! runs them.

use std::path::PathBuf;

use crate::programs::tool::Tool;

/// One case of a tool test: its files, named as the package names the case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCase {
    /// How reports name it: `invalid_input/leading_zero`.
    pub name: String,
    /// Its `.in` file.
    pub input: PathBuf,
    /// Its `.ans` file, when it has one.
    pub answer: Option<PathBuf>,
    /// Its `.out` file (a team's output), when it has one.
    pub output: Option<PathBuf>,
}

/// What a package ships to test its tools; every part may be empty.
#[derive(Default)]
pub struct ToolTests {
    /// Inputs some input validator must reject.
    pub invalid_inputs: Vec<ToolCase>,
    /// Answers (with valid inputs) some answer validator must reject.
    pub invalid_answers: Vec<ToolCase>,
    /// Outputs the output validator must reject.
    pub invalid_outputs: Vec<ToolCase>,
    /// Outputs the output validator must accept (also a test's own `.out`).
    pub valid_outputs: Vec<ToolCase>,
    /// Answer validators: each must accept every test's answer file.
    pub answer_validators: Vec<Tool>,
    /// The format lets validators accept any whitespace (CMS and task-maker-rust read inputs
    /// token by token and ask no strict layout of a validator), so problemtools' spoiled-test
    /// checks, which demand that some validator rejects extra spaces, blank lines and leading
    /// zeros, are not made; junk and invalid inputs still are.
    pub lenient_layout: bool,
}

impl ToolTests {
    /// How many cases it holds.
    pub fn cases(&self) -> usize {
        self.invalid_inputs.len()
            + self.invalid_answers.len()
            + self.invalid_outputs.len()
            + self.valid_outputs.len()
    }
}
