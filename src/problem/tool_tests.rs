//! The cases a package ships to test its own tools, as every reader yields them: inputs the
//! input validators must reject, answers the answer validators must reject, outputs the output
//! validator must reject or accept (the 2023-07 and 2025-09 formats' `data/invalid_input`,
//! `invalid_answer`, `invalid_output`, `valid_output`, which BAPCtools' generators.yaml also
//! makes), and the answer validators that judge answer files. `crate::programs::tool_checks`
//! runs them.

use std::path::PathBuf;

use crate::programs::tool::Tool;
use crate::programs::validator::InputValidator;

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
    /// The validators' own tests with the verdicts the package expects (Polygon's "validator
    /// tests").
    pub validator_tests: Vec<OwnValidatorTest>,
    /// The checker's own tests with the verdicts the package expects (Polygon's "checker
    /// tests").
    pub checker_tests: Vec<OwnCheckerTest>,
    /// The names of the tests that are samples, when the format marks them (`data/sample/`,
    /// Polygon's `sample="true"`); `None` when it has no such notion, and no sample notice is
    /// given.
    pub samples: Option<Vec<String>>,
}

/// A validator test the package ships: an input and whether the validator must accept it.
pub struct OwnValidatorTest {
    /// How reports name it: `validator test 2`.
    pub name: String,
    /// The validator's source, to name the section it belongs to.
    pub source: PathBuf,
    /// The validator as the test calls it (Polygon: `--testset T --group G` when the test
    /// names them).
    pub validator: InputValidator,
    /// The input, or why it cannot be read.
    pub input: Result<Vec<u8>, String>,
    /// Whether the validator must accept it.
    pub valid: bool,
}

/// A checker test's input, output and answer, in the order the checker takes them.
pub type CheckerTestFiles = (Vec<u8>, Vec<u8>, Vec<u8>);

/// A checker test the package ships: input, output, answer and the verdict it expects.
pub struct OwnCheckerTest {
    /// How reports name it: `checker test 1`.
    pub name: String,
    /// Input, output and answer, or why one cannot be read.
    pub files: Result<CheckerTestFiles, String>,
    /// The verdict the checker must give.
    pub expected: CheckerVerdict,
}

/// A testlib checker's verdict, as Polygon's checker tests name them (`ok`, `wrong-answer`,
/// `presentation-error`, `crashed`, `points`) and testlib's exit codes give them (0, 1, 2, 3
/// or anything else, 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckerVerdict {
    /// Exit 0.
    Ok,
    /// Exit 1.
    WrongAnswer,
    /// Exit 2.
    PresentationError,
    /// Exit 3 (`FAIL`), or a crash, a limit, an exit outside the protocol.
    Crashed,
    /// Exit 7 (`quitp`).
    Points,
}

impl CheckerVerdict {
    /// The verdict Polygon's `problem.xml` writes as `name` (either spelling: `wrong-answer`,
    /// `WRONG_ANSWER`); `None` for a name Polygon does not use.
    pub fn parse(name: &str) -> Option<CheckerVerdict> {
        Some(match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "ok" => CheckerVerdict::Ok,
            "wrong-answer" | "wa" => CheckerVerdict::WrongAnswer,
            "presentation-error" | "pe" => CheckerVerdict::PresentationError,
            "crashed" | "fail" | "failed" => CheckerVerdict::Crashed,
            "points" => CheckerVerdict::Points,
            _ => return None,
        })
    }

    /// As Polygon names it.
    pub fn name(self) -> &'static str {
        match self {
            CheckerVerdict::Ok => "OK",
            CheckerVerdict::WrongAnswer => "WRONG_ANSWER",
            CheckerVerdict::PresentationError => "PRESENTATION_ERROR",
            CheckerVerdict::Crashed => "CRASHED",
            CheckerVerdict::Points => "POINTS",
        }
    }
}

impl ToolTests {
    /// How many cases it holds.
    pub fn cases(&self) -> usize {
        self.invalid_inputs.len()
            + self.invalid_answers.len()
            + self.invalid_outputs.len()
            + self.valid_outputs.len()
            + self.validator_tests.len()
            + self.checker_tests.len()
    }
}
