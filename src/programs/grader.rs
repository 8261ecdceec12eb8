//! A legacy package's custom grader (`graders/`): run for every group whose `testdata.yaml`
//! says `grading: custom`, as problemtools runs it (`judge/grade.py`, `grade_group`).
//!
//! The grader gets one line `VERDICT SCORE` per child of the group (tests and subgroups, in
//! order; verdicts `AC`, `WA`, `TLE`, `RTE`, `MLE`, `OLE`) on stdin and the group's
//! `grader_flags` as arguments, must exit 0, and must print one line matching problemtools'
//! `^(AC|WA|TLE|RTE|MLE|OLE|JE)\s+-?[0-9.]+\s*$`. Anything else (a crash, a nonzero exit, other
//! output, `JE`) is a judge error of the grader, never the submission's fault.

use std::path::Path;

use super::sandboxes::ToolSandboxes;
use super::tool::{first_line, Tool, ToolArg, ToolCall, ToolLimits};
use crate::build::{self, BuildError, BuildOptions, BuildPlan, Source};
use crate::judge::grading_model::CustomGrader;
use crate::judge::Verdict;

/// A built custom grader, ready to grade groups.
pub struct Grader {
    tool: Tool,
    sandboxes: ToolSandboxes,
    limits: ToolLimits,
}

/// Why a custom grader cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotUsable {
    /// Its language has no toolchain here: the default grader's rules are used instead, with
    /// a note.
    Unavailable(String),
    /// It does not build (problemtools: "Compile error for grader"): the package is broken.
    Broken(String),
}

impl Grader {
    /// Builds the grader at `path` (a file or program folder of `graders/`), run as built by
    /// `plan` (its package's constants).
    pub fn prepare(path: &Path, plan: Result<BuildPlan, String>) -> Result<Grader, NotUsable> {
        let shown = path.display();
        match build::build(
            &Source::File(path.to_path_buf()),
            &BuildOptions::default_for_user(),
        ) {
            Ok(_) => {}
            Err(BuildError::Unavailable(why)) => {
                return Err(NotUsable::Unavailable(format!(
                    "custom grader {shown} cannot be built here ({why})"
                )))
            }
            Err(BuildError::Compile(message)) => {
                return Err(NotUsable::Broken(format!(
                    "custom grader {shown} does not compile: {}",
                    crate::build::compile_error_line(&message)
                )))
            }
            Err(BuildError::Usage(e)) => {
                return Err(NotUsable::Broken(format!("custom grader: {e}")))
            }
        }
        // problemtools runs a custom grader with its default memory, as address space
        // (`judge/grade.py` calls `Program.run` without `memlim`: 1024 MiB, `run/program.py`).
        let mut tool = Tool::new("grader", path).planned(plan);
        tool.limit_address_space(crate::problem::kattis::DEFAULT_VALIDATION_MEMORY_MIB << 20);
        Ok(Grader {
            tool,
            sandboxes: ToolSandboxes::new(),
            limits: ToolLimits::default(),
        })
    }
}

/// A verdict as problemtools writes it for a grader.
fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::AC => "AC",
        Verdict::WA => "WA",
        Verdict::TLE => "TLE",
        // A compile error never reaches grading; a crash is the nearest.
        Verdict::RE | Verdict::CE => "RTE",
        Verdict::MLE => "MLE",
        Verdict::OLE => "OLE",
    }
}

/// The grader's answer: `VERDICT SCORE` on one line (trailing white space allowed).
fn parse_answer(stdout: &[u8]) -> Result<(Verdict, f64), String> {
    let text = String::from_utf8_lossy(stdout);
    let invalid = || {
        format!(
            "printed {:?}, not one line `VERDICT SCORE` (verdict AC, WA, TLE, RTE, MLE or OLE)",
            first_line(&text)
        )
    };
    let body = text.trim_end();
    if body.contains('\n') || body.starts_with(char::is_whitespace) {
        return Err(invalid());
    }
    let mut words = body.split_whitespace();
    let (Some(verdict), Some(score), None) = (words.next(), words.next(), words.next()) else {
        return Err(invalid());
    };
    let number_like = !score.is_empty()
        && score
            .strip_prefix('-')
            .unwrap_or(score)
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.');
    let score: f64 = match score.parse() {
        Ok(value) if number_like => value,
        _ => return Err(invalid()),
    };
    let verdict = match verdict {
        "AC" => Verdict::AC,
        "WA" => Verdict::WA,
        "TLE" => Verdict::TLE,
        "RTE" => Verdict::RE,
        "MLE" => Verdict::MLE,
        "OLE" => Verdict::OLE,
        "JE" => return Err("answered JE (judge error)".to_string()),
        _ => return Err(invalid()),
    };
    Ok((verdict, score))
}

impl CustomGrader for Grader {
    fn grade(
        &self,
        results: &[(Verdict, f64)],
        flags: &[String],
    ) -> Result<(Verdict, f64), String> {
        let input: String = results
            .iter()
            .map(|(verdict, score)| format!("{} {score}\n", verdict_name(*verdict)))
            .collect();
        let call = ToolCall {
            args: flags.iter().cloned().map(ToolArg::Text).collect(),
            stdin: input.as_bytes(),
            ..ToolCall::default()
        };
        let result = self
            .tool
            .call(&self.sandboxes, &self.limits, call)
            .map_err(|f| f.to_string())?;
        if let Some(failure) = self.tool.misbehaved(&result.outcome, &self.limits, &[0]) {
            return Err(failure.to_string());
        }
        parse_answer(&result.outcome.stdout)
            .map_err(|why| format!("{} {why} for input {:?}", self.tool.label(), input))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_follow_problemtools_pattern() {
        assert_eq!(parse_answer(b"AC 12.5\n"), Ok((Verdict::AC, 12.5)));
        assert_eq!(parse_answer(b"WA -1 \n\n"), Ok((Verdict::WA, -1.0)));
        assert_eq!(parse_answer(b"TLE 0"), Ok((Verdict::TLE, 0.0)));
        for bad in [
            &b""[..],
            b"AC",
            b"AC 1 2",
            b"PE 1",
            b"AC 1e3",
            b"AC 1\nWA 0\n",
            b" AC 1",
        ] {
            assert!(
                parse_answer(bad).is_err(),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
        assert!(parse_answer(b"JE 0\n").unwrap_err().contains("judge error"));
    }
}
