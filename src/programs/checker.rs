//! How a candidate's output is judged for a problem of the user's own.
//!
//! - a testlib checker: `chk INPUT OUTPUT ANSWER`; exit 0 OK, 1 WA, 2 PE (shown as WA with the
//!   reason), 3 FAIL (the checker says the judge is wrong: a judge error), 7 points (accepted
//!   with the points it gave, see [`testlib_points`]; a checker's verdict only, not an
//!   interactor's), anything else a broken checker; its message is on stderr;
//! - a Kattis output validator: `val INPUT ANSWER FEEDBACK_DIR [FLAGS] < OUTPUT`; exit 42 AC,
//!   43 WA with `FEEDBACK_DIR/judgemessage.txt` shown, anything else a broken validator;
//! - a CMS checker (the Italian format's `check/checker.*` or `cor/correttore.*`):
//!   `chk INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT`; exit 0 with a score from 0 to 1 as the first
//!   token of stdout and a message on stderr's first line; any other exit, no score or a score
//!   outside [0, 1] is a broken checker ([`cms`]), as is one whose verdict line is testlib's
//!   `Judge Failure` (CMS's and TPS's testlib exit 0 even then);
//! - CMS's white-diff comparison, line by line ([`white_diff`]);
//! - without either, the Kattis default validator with the problem's flags.

use std::path::Path;

use super::sandboxes::ToolSandboxes;
use super::tool::{first_line, stderr_note, Tool, ToolArg, ToolCall, ToolLimits};
use super::validator::{KATTIS_ACCEPT, KATTIS_REJECT};
use crate::compare::default_validator::{self, DefaultVerdict, Flags};
use crate::error::UsageError;
use crate::problem::{Answer, CheckResult, CheckerPoints, Mismatch, ToolFailure, ValidatorScore};
use crate::run::Exit;

/// testlib's exit codes.
const TESTLIB_OK: i32 = 0;
const TESTLIB_WA: i32 = 1;
const TESTLIB_PE: i32 = 2;
const TESTLIB_FAIL: i32 = 3;
/// testlib's `POINTS_EXIT_CODE` (`quitp`, `quitf(_points, ...)`).
const TESTLIB_POINTS: i32 = 7;

/// The judge of a candidate's output.
pub enum Checker {
    /// The Kattis default validator; its arguments are its flags.
    Default,
    /// A testlib-style checker (it takes no arguments).
    Testlib(Tool),
    /// A Kattis output validator.
    Kattis(Tool),
    /// A CMS checker (the Italian format's `check/checker.*`, `cor/correttore.*`).
    Cms(Tool),
    /// CMS's white-diff comparison (an Italian-format task without a checker).
    WhiteDiff,
}

impl Checker {
    /// A testlib checker at `path`.
    pub fn testlib(path: &Path) -> Checker {
        Checker::Testlib(Tool::new("checker", path))
    }

    /// A Kattis output validator at `path`.
    pub fn kattis(path: &Path) -> Checker {
        Checker::Kattis(Tool::new("output validator", path))
    }

    /// A CMS checker at `path`.
    pub fn cms(path: &Path) -> Checker {
        Checker::Cms(Tool::new("checker", path))
    }

    /// The checker's program, if it is one.
    pub fn tool(&self) -> Option<&Tool> {
        match self {
            Checker::Default | Checker::WhiteDiff => None,
            Checker::Testlib(tool) | Checker::Kattis(tool) | Checker::Cms(tool) => Some(tool),
        }
    }

    /// The checker's program, if it is one, for its reader to say how it is built.
    pub fn tool_mut(&mut self) -> Option<&mut Tool> {
        match self {
            Checker::Default | Checker::WhiteDiff => None,
            Checker::Testlib(tool) | Checker::Kattis(tool) | Checker::Cms(tool) => Some(tool),
        }
    }

    /// Checks arguments before anything runs: the default validator's flags must parse.
    /// `source` says where they come from, for the error.
    pub fn check_args(&self, args: &[String], source: &str) -> Result<(), UsageError> {
        match self {
            Checker::Default => Flags::parse(args)
                .map(|_| ())
                .map_err(|e| UsageError::new(format!("{source}: {e}"))),
            _ => Ok(()),
        }
    }

    /// Judges `output` for `input` against `answer`, the checker called with `args`.
    pub fn check(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        input: &str,
        answer: &Answer,
        output: &[u8],
        args: &[String],
    ) -> Result<CheckResult, ToolFailure> {
        match self {
            Checker::Default => {
                let flags = Flags::parse(args)
                    .map_err(|e| ToolFailure::new("the default output validator", e.to_string()))?;
                Ok(
                    match default_validator::check(answer.text.as_bytes(), output, &flags) {
                        DefaultVerdict::Accepted => CheckResult::Accepted,
                        DefaultVerdict::Wrong { message, .. } => {
                            CheckResult::WrongAnswer(Mismatch::message(message))
                        }
                    },
                )
            }
            Checker::Testlib(tool) => testlib(tool, sandboxes, limits, input, answer, output),
            Checker::Kattis(tool) => kattis(tool, args, sandboxes, limits, input, answer, output),
            Checker::Cms(tool) => cms(tool, sandboxes, limits, input, answer, output),
            Checker::WhiteDiff => Ok(white_diff(&answer.text, output)),
        }
    }
}

/// A CMS checker's verdict (CMS's `trusted.extract_outcome_and_text`, task-maker-rust's
/// `Checker::Custom`): called `chk INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT`, it exits 0 with the
/// score, a number from 0 to 1, first on stdout and its message first on stderr (CMS's
/// `translate:success`, `translate:wrong`, `translate:partial` spelled out). 1 is accepted, 0
/// a wrong answer, anything between a partial score ([`ValidatorScore::Multiplier`]). A
/// nonzero exit, no score or one outside [0, 1] is the checker's failure, never the
/// candidate's.
fn cms(
    tool: &Tool,
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    input: &str,
    answer: &Answer,
    output: &[u8],
) -> Result<CheckResult, ToolFailure> {
    let call = ToolCall::of_files(vec![
        ("input", input.as_bytes()),
        ("correct", answer.text.as_bytes()),
        ("output", output),
    ]);
    let result = tool.call(sandboxes, limits, call)?;
    let outcome = &result.outcome;
    if (outcome.limit_hit, outcome.exit) != (None, Exit::Code(0)) {
        return Err(tool.broken(outcome, limits));
    }
    let stdout = String::from_utf8_lossy(&outcome.stdout);
    let score = cms_score(&stdout).map_err(|why| {
        ToolFailure::new(
            tool.label(),
            format!("{why}{}", stderr_note(&outcome.stderr_head)),
        )
    })?;
    let message = cms_message(&first_line(&outcome.stderr_head));
    // The testlib CMS and TPS ship exits 0 from every checker, its own failure (`_fail`)
    // too, with score 0 and this verdict line: the checker's fault, not the candidate's.
    if message.starts_with("Judge Failure") {
        return Err(ToolFailure::new(
            tool.label(),
            format!(
                "failed: {}",
                first_lines(&outcome.stderr_head, 2).join(": ")
            ),
        ));
    }
    Ok(if score >= 1.0 {
        CheckResult::Accepted
    } else if score <= 0.0 {
        wrong(message, "Output isn't correct")
    } else {
        CheckResult::Scored(ValidatorScore::Multiplier(score))
    })
}

/// The first `n` nonempty lines of `text`.
fn first_lines(text: &str, n: usize) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(n)
        .collect()
}

/// The score a CMS checker printed: the first token of its stdout, a number from 0 to 1.
pub(crate) fn cms_score(stdout: &str) -> Result<f64, String> {
    let Some(token) = stdout.split_whitespace().next() else {
        return Err("printed no score on stdout (a number from 0 to 1 is due)".to_string());
    };
    match token.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        Ok(x) => Err(format!("printed the score {x}, outside 0..1")),
        Err(_) => Err(format!(
            "printed {:?} on stdout, not a score from 0 to 1",
            first_line(stdout)
        )),
    }
}

/// A CMS checker's message with CMS's `translate:` keys spelled out as CMS shows them.
fn cms_message(line: &str) -> String {
    match line {
        "translate:success" => "Output is correct".to_string(),
        "translate:wrong" => "Output isn't correct".to_string(),
        "translate:partial" => "Output is partially correct".to_string(),
        other => other.to_string(),
    }
}

/// CMS's white-diff (`grading/steps/whitediff.py`): line `i` of the output must equal line `i`
/// of the answer once each is reduced to its whitespace-separated tokens, and lines past the
/// end of either file count as empty (so trailing blank lines do not matter, a line break
/// inside an answer line does).
pub fn white_diff(answer: &str, output: &[u8]) -> CheckResult {
    let output = String::from_utf8_lossy(output);
    let tokens = |line: &str| -> Vec<String> {
        line.split([' ', '\t', '\r', '\x0b', '\x0c'])
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    };
    let want: Vec<&str> = answer.split('\n').collect();
    let got: Vec<&str> = output.split('\n').collect();
    for i in 0..want.len().max(got.len()) {
        let (w, g) = (
            tokens(want.get(i).unwrap_or(&"")),
            tokens(got.get(i).unwrap_or(&"")),
        );
        if w != g {
            let shown = |t: &[String]| {
                let line = t.join(" ");
                if line.is_empty() {
                    "an empty line".to_string()
                } else {
                    format!("`{}`", clip_line(&line))
                }
            };
            return CheckResult::WrongAnswer(Mismatch::message(format!(
                "line {}: expected {}, found {} (white-diff)",
                i + 1,
                shown(&w),
                shown(&g)
            )));
        }
    }
    CheckResult::Accepted
}

fn clip_line(line: &str) -> String {
    if line.chars().count() <= 80 {
        line.to_string()
    } else {
        format!("{}...", line.chars().take(80).collect::<String>())
    }
}

fn testlib(
    tool: &Tool,
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    input: &str,
    answer: &Answer,
    output: &[u8],
) -> Result<CheckResult, ToolFailure> {
    let call = ToolCall::of_files(vec![
        ("input", input.as_bytes()),
        ("output", output),
        ("answer", answer.text.as_bytes()),
    ]);
    let result = tool.call(sandboxes, limits, call)?;
    let outcome = &result.outcome;
    let message = first_line(&outcome.stderr_head);
    // A checker's own verdicts beyond an interactor's: points, and `_pc(n)` refused.
    if outcome.limit_hit.is_none() && message.starts_with(PARTIALLY_CORRECT) {
        return Err(ToolFailure::new(
            tool.label(),
            format!(
                "gave testlib's partially-correct verdict `_pc(n)` ({message}), which Polygon \
                 does not score: give points with `quitp(points, ...)`"
            ),
        ));
    }
    if (outcome.limit_hit, outcome.exit) == (None, Exit::Code(TESTLIB_POINTS)) {
        return testlib_points(&message)
            .map(CheckResult::Points)
            .map_err(|why| ToolFailure::new(tool.label(), why));
    }
    testlib_verdict(tool, outcome, limits)
}

/// The verdict of a testlib program (checker or interactor) from how it ended: exit 0 OK, 1
/// WA, 2 PE (a wrong answer with the reason), 3 FAIL (a judge error), anything else broken.
pub(crate) fn testlib_verdict(
    tool: &Tool,
    outcome: &crate::run::RunOutcome,
    limits: &ToolLimits,
) -> Result<CheckResult, ToolFailure> {
    let message = first_line(&outcome.stderr_head);
    match (outcome.limit_hit, outcome.exit) {
        (None, Exit::Code(TESTLIB_OK)) => Ok(CheckResult::Accepted),
        (None, Exit::Code(TESTLIB_WA)) => Ok(wrong(message, "wrong answer")),
        (None, Exit::Code(TESTLIB_PE)) => Ok(wrong(
            format!("presentation error: {message}"),
            "presentation error",
        )),
        (None, Exit::Code(TESTLIB_FAIL)) => Err(ToolFailure::new(
            tool.label(),
            format!(
                "says the judge is wrong (exit 3, FAIL){}",
                stderr_note(&outcome.stderr_head)
            ),
        )),
        _ => Err(tool.broken(outcome, limits)),
    }
}

/// How testlib's message of `_pc(n)` starts (`InStream::quit`: `partially correct (n) `). Its
/// exit code is `PC_BASE_EXIT_CODE + n`, and `PC_BASE_EXIT_CODE` is 0 unless `TESTSYS` is
/// defined, so the code alone may look like any other verdict: the message tells.
const PARTIALLY_CORRECT: &str = "partially correct (";

/// The points of a testlib points verdict from the first line of its message. testlib's
/// `InStream::quit` prints `points ` and then the message, and `__testlib_quitp` makes the
/// message start with the points (`%.10f` with trailing zeros removed, or `%d`), so a checker
/// calling `quitp(7.5, "why")` prints `points 7.5 why`; one calling `quitf(_points, "7.5 why")`
/// prints the same (the convention Polygon and DMOJ's testlib bridge read).
pub(crate) fn testlib_points(line: &str) -> Result<CheckerPoints, String> {
    let rest = line.strip_prefix("points").unwrap_or(line).trim_start();
    let (number, message) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match number.parse::<f64>() {
        Ok(points) if points.is_finite() => Ok(CheckerPoints {
            points,
            message: message.trim().to_string(),
        }),
        _ => Err(format!(
            "exited with 7 (testlib's points verdict) but its message {line:?} does not start \
             with the points"
        )),
    }
}

fn kattis(
    tool: &Tool,
    flags: &[String],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    input: &str,
    answer: &Answer,
    output: &[u8],
) -> Result<CheckResult, ToolFailure> {
    let mut args = vec![
        ToolArg::File("input".into()),
        ToolArg::File("answer".into()),
        ToolArg::File("feedback/".into()),
    ];
    args.extend(flags.iter().cloned().map(ToolArg::Text));
    let call = ToolCall {
        args,
        stdin: output,
        files: vec![
            ("input", input.as_bytes()),
            ("answer", answer.text.as_bytes()),
        ],
        dirs: vec!["feedback"],
        collect: vec![
            "feedback/judgemessage.txt",
            SCORE_FILE,
            SCORE_MULTIPLIER_FILE,
        ],
        ..ToolCall::default()
    };
    let result = tool.call(sandboxes, limits, call)?;
    kattis_verdict(tool, &result, limits)
}

/// The verdict of a Kattis output validator (batch or interactive) from how it ended: exit 42
/// accepted, 43 wrong with `feedback/judgemessage.txt` (or its stderr) as the reason, anything
/// else broken.
pub(crate) fn kattis_verdict(
    tool: &Tool,
    result: &super::tool::ToolResult,
    limits: &ToolLimits,
) -> Result<CheckResult, ToolFailure> {
    let outcome = &result.outcome;
    match (outcome.limit_hit, outcome.exit) {
        (None, Exit::Code(KATTIS_ACCEPT)) => {
            let score =
                validator_score(result.file(SCORE_FILE), result.file(SCORE_MULTIPLIER_FILE))
                    .map_err(|why| ToolFailure::new(tool.label(), why))?;
            Ok(score.map_or(CheckResult::Accepted, CheckResult::Scored))
        }
        (None, Exit::Code(KATTIS_REJECT)) => {
            let judge_message = result
                .file("feedback/judgemessage.txt")
                .map(|b| first_line(&String::from_utf8_lossy(b)))
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| first_line(&outcome.stderr_head));
            Ok(wrong(judge_message, "wrong answer"))
        }
        (None, Exit::Code(code)) => Err(ToolFailure::new(
            tool.label(),
            format!(
                "exited with {code}, neither 42 (accepted) nor 43 (wrong answer){}",
                stderr_note(&outcome.stderr_head)
            ),
        )),
        _ => Err(tool.broken(outcome, limits)),
    }
}

/// Where a Kattis output validator writes a test's score (scoring problems).
pub(crate) const SCORE_FILE: &str = "feedback/score.txt";
/// Where a 2025-09 output validator writes a fraction of the test's maximum score.
pub(crate) const SCORE_MULTIPLIER_FILE: &str = "feedback/score_multiplier.txt";

/// The score an accepting validator wrote, if any. Invalid contents, a negative score, a
/// multiplier outside [0, 1], or both files at once are the validator's fault (the spec's
/// "judge error" cases of "Scoring test cases").
fn validator_score(
    score: Option<&[u8]>,
    multiplier: Option<&[u8]>,
) -> Result<Option<ValidatorScore>, String> {
    let number = |bytes: &[u8], file: &str| {
        let text = String::from_utf8_lossy(bytes);
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("wrote {file} holding {:?}, not a number", first_line(&text)))
    };
    match (score, multiplier) {
        (Some(_), Some(_)) => Err("wrote both score.txt and score_multiplier.txt".to_string()),
        (Some(bytes), None) => {
            let x = number(bytes, "score.txt")?;
            if x < 0.0 {
                return Err(format!("wrote a negative score ({x}) in score.txt"));
            }
            Ok(Some(ValidatorScore::Score(x)))
        }
        (None, Some(bytes)) => {
            let x = number(bytes, "score_multiplier.txt")?;
            if !(0.0..=1.0).contains(&x) {
                return Err(format!("wrote {x} in score_multiplier.txt, outside [0, 1]"));
            }
            Ok(Some(ValidatorScore::Multiplier(x)))
        }
        (None, None) => Ok(None),
    }
}

/// A wrong answer explained by the checker's `message`, or by `fallback` when it said nothing.
fn wrong(message: String, fallback: &str) -> CheckResult {
    let message = if message.trim().is_empty() {
        fallback.to_string()
    } else {
        message
    };
    CheckResult::WrongAnswer(Mismatch::message(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cms_scores_and_white_diff_follow_cms() {
        assert_eq!(cms_score("1\n"), Ok(1.0));
        assert_eq!(cms_score(" 0.25 extra"), Ok(0.25));
        assert!(cms_score("").unwrap_err().contains("no score"));
        assert!(cms_score("1.5").unwrap_err().contains("outside 0..1"));
        assert!(cms_score("ok").is_err());
        assert_eq!(
            cms_message("translate:partial"),
            "Output is partially correct"
        );
        assert_eq!(
            white_diff("1 2\n3\n", b"1   2\t\n3\n\n\n"),
            CheckResult::Accepted
        );
        let CheckResult::WrongAnswer(m) = white_diff("1 2\n3\n", b"1\n2 3\n") else {
            panic!("a line break inside a line matters")
        };
        assert_eq!(
            m.describe(),
            "line 1: expected `1 2`, found `1` (white-diff)"
        );
        assert!(matches!(
            white_diff("5\n", b""),
            CheckResult::WrongAnswer(_)
        ));
    }

    #[test]
    fn testlib_points_are_read_as_testlib_prints_them() {
        // `quitp(10.0, "why")` prints `points 10.0 why` (removeDoubleTrailingZeroes).
        let given = testlib_points("points 10.0 Participant's answer is worse").unwrap();
        assert_eq!(given.points, 10.0);
        assert_eq!(given.message, "Participant's answer is worse");
        assert_eq!(
            testlib_points("points 66.66666666670").unwrap().points,
            66.6666666667
        );
        assert_eq!(testlib_points("points 3").unwrap().message, "");
        assert!(testlib_points("points well done").is_err());
        assert!(testlib_points("points nan").is_err());
    }
}
