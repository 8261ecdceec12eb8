//! The judge's side of an interactive or multi-pass problem: an interactor (or multi-pass
//! output validator) run as a tool, connected to the candidate through the run step
//! ([`crate::run::connect`]).
//!
//! Two conventions, as users already write them:
//!
//! - **Kattis / ICPC** (problem package spec, legacy `validation: custom interactive` and
//!   `custom multi-pass`, 2023-07 and 2025-09 `type: interactive` / `multi-pass`): the output
//!   validator is started as `validator INPUT ANSWER FEEDBACK_DIR/ [ARGS]`, its stdout is the
//!   candidate's stdin and the candidate's stdout its stdin; exit 42 accepts, 43 rejects with
//!   `judgemessage.txt`. In a multi-pass problem a validator that accepts and writes
//!   `nextpass.in` to the feedback folder asks for another pass on that input, up to
//!   `limits.validation_passes` (problemtools' `judge/execute.py`: a `nextpass.in` written with
//!   a rejection, or no verdict within the passes, is a judge error). Each pass's validator is
//!   given that pass's input (BAPCtools' `run.py` moves `nextpass.in` over the test's input)
//!   and the test's answer, and one feedback folder lasts through all passes of a test, all
//!   its files but `nextpass.in` kept (2025-09, "Multi-pass validation": "All other files
//!   inside the feedback directory are guaranteed to persist between passes"; BAPCtools'
//!   `validate.h` keeps its pass number and state there).
//! - **testlib** (Codeforces, Polygon): `interactor INPUT OUTPUT ANSWER`, exit 0 OK, 1 WA, 2 PE,
//!   3 FAIL (a judge error); the OUTPUT file (`tout`) goes to the checker, when there is one, as
//!   the candidate's output.
//!
//! Anything else the interactor does (crash, time-out, an exit code outside its convention) is
//! a judge error naming it, never the candidate's verdict.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::checker::{kattis_verdict, testlib_verdict, Checker};
use super::sandboxes::ToolSandboxes;
use super::tool::{Tool, ToolArg, ToolCall, ToolLimits, ToolResult};
use super::validator::KATTIS_ACCEPT;
use crate::problem::{Answer, CandidateRun, CheckResult, InteractError, Interacted, ToolFailure};
use crate::run::{connect, interactor_wall, Carried, Endpoint, Exit, RunLimits};

/// The feedback folder's name in the validator's working directory.
const FEEDBACK: &str = "feedback";
/// The file a multi-pass validator writes to ask for another pass.
const NEXTPASS: &str = "nextpass.in";

/// Bytes of a conversation kept in a transcript.
pub const TRANSCRIPT_BYTES: usize = 64 << 10;

/// How an interactor is called and what its exit codes mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// `validator INPUT ANSWER FEEDBACK_DIR/ [ARGS]`, exit 42 / 43.
    Kattis,
    /// `interactor INPUT OUTPUT ANSWER`, exit 0 / 1 / 2 / 3.
    Testlib,
}

impl Convention {
    /// The convention of a program given without one: a source (or a folder's source) that
    /// includes `testlib.h` is a testlib interactor, anything else follows Kattis.
    pub fn detect(path: &Path) -> Convention {
        let mut files = vec![path.to_path_buf()];
        if let Ok(entries) = std::fs::read_dir(path) {
            files = entries.flatten().map(|e| e.path()).collect();
        }
        let includes_testlib = files.iter().any(|f| {
            std::fs::read(f).is_ok_and(|bytes| {
                String::from_utf8_lossy(&bytes)
                    .lines()
                    .any(|l| l.trim_start().starts_with("#include") && l.contains("testlib.h"))
            })
        });
        if includes_testlib {
            Convention::Testlib
        } else {
            Convention::Kattis
        }
    }

    /// `kattis` or `testlib`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Kattis => "kattis",
            Convention::Testlib => "testlib",
        }
    }
}

/// The judge's side of an interactive or multi-pass problem.
pub struct Interactor {
    tool: Tool,
    convention: Convention,
    /// Whether the program talks with the candidate (else it judges each pass's output).
    interactive: bool,
    /// Most passes (1 for a problem that is not multi-pass).
    passes: usize,
}

impl Interactor {
    /// An interactor at `path` following `convention`, talking with the candidate.
    pub fn interactive(path: &Path, convention: Convention) -> Interactor {
        Interactor {
            tool: Tool::new("interactor", path),
            convention,
            interactive: true,
            passes: 1,
        }
    }

    /// A Kattis output validator at `path` of a multi-pass problem (interactive or not), with at
    /// most `passes` passes.
    pub fn multi_pass(path: &Path, interactive: bool, passes: usize) -> Interactor {
        Interactor {
            tool: Tool::new("output validator", path),
            convention: Convention::Kattis,
            interactive,
            passes: passes.max(1),
        }
    }

    /// The program.
    pub fn tool(&self) -> &Tool {
        &self.tool
    }

    /// The program, for its reader to say how it is built.
    pub fn tool_mut(&mut self) -> &mut Tool {
        &mut self.tool
    }

    /// What identifies its judgement of runs (its build, convention and passes), for the
    /// result cache: a changed interactor never reuses a remembered verdict.
    pub fn identity(&self) -> Option<String> {
        Some(format!(
            "{} {} interactive {} passes {}",
            self.tool.identity()?,
            self.convention.name(),
            self.interactive,
            self.passes
        ))
    }

    /// Its convention.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// `interactive`, `multi-pass` or `interactive multi-pass`, with the convention.
    pub fn describe(&self) -> String {
        let kind = match (self.interactive, self.passes > 1) {
            (true, false) => "interactive".to_string(),
            (false, _) => format!("multi-pass (up to {} passes)", self.passes),
            (true, true) => format!("interactive multi-pass (up to {} passes)", self.passes),
        };
        format!(
            "{kind}, {} {} ({} convention)",
            self.tool.role(),
            self.tool.path().display(),
            self.convention.name()
        )
    }

    /// Runs the candidate against this judge on `input` whose answer file is `expected`
    /// (empty when the problem has none); `checker` judges a testlib interactor's output file
    /// afterwards (unless it is the default validator), `args` go to a Kattis validator.
    #[allow(clippy::too_many_arguments)]
    pub fn interact(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        checker: &Checker,
        args: &[String],
        input: &str,
        expected: &Answer,
        record: bool,
        candidate: &mut dyn CandidateRun,
    ) -> Result<Interacted, InteractError> {
        self.tool.program()?;
        // The feedback folder of a multi-pass test, kept by the harness between passes.
        let kept = if self.passes > 1 && self.convention == Convention::Kattis {
            let folder = tempfile::Builder::new()
                .prefix("stressjudge-feedback-")
                .tempdir()
                .map_err(InteractError::Harness)?;
            Some(folder)
        } else {
            None
        };
        let feedback = kept.as_ref().map(|dir| dir.path());
        let mut pass_input = input.to_string();
        let mut slowest = Duration::ZERO;
        for pass in 1..=self.passes {
            let call = self.call(args, &pass_input, expected, feedback);
            let (mut done, result) = if self.interactive {
                self.interactive_pass(sandboxes, limits, call, record, candidate)?
            } else {
                self.batch_pass(sandboxes, limits, call, &pass_input, candidate)?
            };
            let next = match feedback {
                Some(folder) => take_nextpass(folder).map_err(InteractError::Harness)?,
                None => result
                    .file(&format!("{FEEDBACK}/{NEXTPASS}"))
                    .map(<[u8]>::to_vec),
            };
            slowest = slowest.max(done.candidate.cpu);
            done.candidate.cpu = slowest;
            done.passes = pass;
            let candidate_ok =
                done.candidate.exit == Exit::Code(0) && done.candidate.limit_hit.is_none();
            let accepted = done.verdict == CheckResult::Accepted;
            match next {
                Some(_) if !accepted => {
                    return Err(self.failure("wrote nextpass.in with a rejection").into())
                }
                Some(next) if candidate_ok && self.passes > 1 => {
                    if pass == self.passes {
                        return Err(self
                            .failure(&format!(
                                "gave no verdict within {} passes (limits.validation_passes)",
                                self.passes
                            ))
                            .into());
                    }
                    pass_input = String::from_utf8_lossy(&next).into_owned();
                }
                _ => {
                    if accepted && candidate_ok && self.convention == Convention::Testlib {
                        return self.check_tout(sandboxes, limits, checker, input, expected, done);
                    }
                    return Ok(done);
                }
            }
        }
        unreachable!("the last pass returns")
    }

    /// The answer file of an interactive test as Polygon makes it: the reference (the `main`
    /// solution) runs against the interactor, called `interactor INPUT OUTPUT` (testlib's
    /// `registerInteraction` takes the answer file as optional, and there is none yet), and
    /// the interactor's OUTPUT file (`tout`) is the answer. rbx, which imports Polygon
    /// packages, makes the answers of its interactive problems the same way
    /// (`rbx/box/tasks.py`: `interactor.in interactor.out`, the output kept as the test's
    /// answer). Both must end well: exit 0, within the tool limits.
    pub fn answer_of(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        reference: &Tool,
        input: &str,
    ) -> Result<Vec<u8>, ToolFailure> {
        self.tool.program()?;
        reference.program()?;
        let run_limits = limits.run_limits();
        let interactor_limits = RunLimits {
            wall: interactor_wall(run_limits.wall),
            ..run_limits
        };
        let accepts =
            |r: &ToolResult| r.outcome.exit == Exit::Code(0) && r.outcome.limit_hit.is_none();
        let file = |name: &str| ToolArg::File(name.into());
        let call = ToolCall {
            args: vec![file("input"), file("out/tout")],
            files: vec![("input", input.as_bytes())],
            dirs: vec!["out"],
            collect: vec!["out/tout"],
            ..ToolCall::default()
        };
        let as_io = |f: ToolFailure| std::io::Error::other(f.to_string());
        let connected = connect(
            None,
            &accepts,
            |end| {
                reference
                    .call_connected(sandboxes, run_limits, ToolCall::default(), &end)
                    .map_err(as_io)?
                    .map(|r| r.outcome)
            },
            |end| {
                self.tool
                    .call_connected(sandboxes, interactor_limits, call, &end)
                    .map_err(as_io)?
            },
        )
        .map_err(|e| ToolFailure::new(reference.label(), format!("could not run: {e}")))?;
        let interactor = connected
            .interactor
            .map_err(|e| self.failure(&format!("could not run: {e}")))?;
        let solution = connected
            .candidate
            .map_err(|e| ToolFailure::new(reference.label(), format!("could not run: {e}")))?;
        let misbehaved = reference.misbehaved(&solution, limits, &[0]);
        if !accepts(&interactor) {
            let outcome = &interactor.outcome;
            let how = match (outcome.limit_hit, outcome.exit) {
                (None, Exit::Code(code @ 1..=3)) => format!(
                    "{} exits {code} ({}){}",
                    self.tool.label(),
                    ["WA", "PE", "FAIL"][code as usize - 1],
                    super::tool::stderr_note(&outcome.stderr_head)
                ),
                _ => self.tool.broken(outcome, limits).to_string(),
            };
            // The interactor's verdict comes first: a solution it stopped talking to often
            // crashes on the closed stream afterwards.
            let also = misbehaved.map_or(String::new(), |f| format!("; it also {}", f.problem));
            return Err(ToolFailure::new(
                reference.label(),
                format!(
                    "is not accepted by the interactor, so there is no answer file: {how}{also}"
                ),
            ));
        }
        if let Some(failure) = misbehaved {
            return Err(failure);
        }
        Ok(interactor.file("out/tout").unwrap_or_default().to_vec())
    }

    fn failure(&self, what: &str) -> ToolFailure {
        ToolFailure::new(self.tool.label(), what)
    }

    /// A testlib interactor accepted: the checker, if any, judges its output file.
    fn check_tout(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        checker: &Checker,
        input: &str,
        expected: &Answer,
        mut done: Interacted,
    ) -> Result<Interacted, InteractError> {
        if matches!(checker, Checker::Default) {
            return Ok(done);
        }
        let tout = std::mem::take(&mut done.candidate.stdout);
        done.verdict = checker.check(sandboxes, limits, input, expected, &tout, &[])?;
        Ok(done)
    }

    /// The interactor's arguments and files: Kattis `input answer feedback/ ARGS` (the
    /// feedback folder kept in `feedback` between passes, when given), testlib
    /// `input out/tout answer`.
    fn call<'a>(
        &self,
        args: &'a [String],
        input: &'a str,
        answer: &'a Answer,
        feedback: Option<&Path>,
    ) -> ToolCall<'a> {
        let file = |name: &str| ToolArg::File(name.into());
        let files = vec![
            ("input", input.as_bytes()),
            ("answer", answer.text.as_bytes()),
        ];
        match self.convention {
            Convention::Kattis => {
                let mut call_args = vec![file("input"), file("answer"), file("feedback/")];
                call_args.extend(args.iter().cloned().map(ToolArg::Text));
                ToolCall {
                    args: call_args,
                    files,
                    dirs: vec![FEEDBACK],
                    // An interactive scoring validator writes its `score.txt` as a batch one
                    // does (problemtools reads it after the interaction, `judge/validate.py`).
                    collect: vec![
                        "feedback/judgemessage.txt",
                        "feedback/nextpass.in",
                        super::checker::SCORE_FILE,
                        super::checker::SCORE_MULTIPLIER_FILE,
                    ],
                    carry: feedback.map(|host| Carried {
                        name: FEEDBACK.to_string(),
                        host: host.to_path_buf(),
                    }),
                    ..ToolCall::default()
                }
            }
            Convention::Testlib => ToolCall {
                args: vec![file("input"), file("out/tout"), file("answer")],
                files,
                dirs: vec!["out"],
                collect: vec!["out/tout"],
                ..ToolCall::default()
            },
        }
    }

    /// The interactor's verdict from how it ended.
    fn verdict(
        &self,
        result: &ToolResult,
        limits: &ToolLimits,
    ) -> Result<CheckResult, ToolFailure> {
        match self.convention {
            Convention::Kattis => kattis_verdict(&self.tool, result, limits),
            Convention::Testlib => testlib_verdict(&self.tool, &result.outcome, limits),
        }
    }

    /// One interactive pass: the candidate and the interactor (called as `call` says)
    /// connected; the pass's result and the interactor's run.
    fn interactive_pass(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        call: ToolCall<'_>,
        record: bool,
        candidate: &mut dyn CandidateRun,
    ) -> Result<(Interacted, ToolResult), InteractError> {
        // Its own CPU limit; its wall-clock past the candidate's (see `interactor_wall`).
        let run_limits = RunLimits {
            cpu: limits.time,
            wall: interactor_wall(candidate.wall()),
            memory_bytes: limits.memory_bytes,
            output_bytes: limits.output_bytes,
        };
        let convention = self.convention;
        let accepts = move |r: &ToolResult| {
            let accept = match convention {
                Convention::Kattis => KATTIS_ACCEPT,
                Convention::Testlib => 0,
            };
            r.outcome.exit == Exit::Code(accept) && r.outcome.limit_hit.is_none()
        };
        let connected = connect(
            record.then_some(TRANSCRIPT_BYTES),
            &accepts,
            |end| candidate.run(end),
            |end| {
                self.tool
                    .call_connected(sandboxes, run_limits, call, &end)
                    .map_err(|f| std::io::Error::other(f.to_string()))?
            },
        )
        .map_err(InteractError::Harness)?;
        let result = connected.interactor.map_err(|e| {
            InteractError::Tool(ToolFailure::new(
                self.tool.label(),
                format!("could not run: {e}"),
            ))
        })?;
        let verdict = self.verdict(&result, limits)?;
        let outcome = connected.candidate.map_err(InteractError::Harness)?;
        let mut done = Interacted {
            candidate: outcome,
            verdict,
            interactor_first: connected.interactor_first,
            transcript: connected.transcript.map(|t| t.shown()),
            passes: 1,
        };
        if self.convention == Convention::Testlib {
            // The checker reads the interactor's output file as the candidate's output.
            done.candidate.stdout = result.file("out/tout").unwrap_or_default().to_vec();
        }
        Ok((done, result))
    }

    /// One pass of a multi-pass problem that is not interactive: the candidate reads the
    /// pass's `input` and writes a file, which the validator (called as `call` says) judges;
    /// the pass's result and the validator's run.
    fn batch_pass(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        call: ToolCall<'_>,
        input: &str,
        candidate: &mut dyn CandidateRun,
    ) -> Result<(Interacted, ToolResult), InteractError> {
        let harness = |e| InteractError::Harness(e);
        let dir = tempfile::Builder::new()
            .prefix("stressjudge-pass-")
            .tempdir()
            .map_err(harness)?;
        let stdin = dir.path().join("input");
        let stdout: PathBuf = dir.path().join("output");
        std::fs::write(&stdin, input).map_err(harness)?;
        std::fs::write(&stdout, "").map_err(harness)?;
        use std::os::unix::fs::PermissionsExt;
        let open =
            |p: &Path, mode| std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode));
        open(dir.path(), 0o711)
            .and_then(|()| open(&stdout, 0o666))
            .map_err(harness)?;
        let outcome = candidate
            .run(Endpoint {
                stdin,
                stdout: stdout.clone(),
                started: &|| {},
                ended: &|_| {},
            })
            .map_err(harness)?;
        let output = std::fs::read(&stdout).map_err(harness)?;
        let call = ToolCall {
            stdin: &output,
            ..call
        };
        let result = self.tool.call(sandboxes, limits, call)?;
        let verdict = self.verdict(&result, limits)?;
        let mut candidate = outcome;
        candidate.stdout = output;
        Ok((
            Interacted {
                candidate,
                verdict,
                interactor_first: false,
                transcript: None,
                passes: 1,
            },
            result,
        ))
    }
}

/// Takes the `nextpass.in` a multi-pass validator left in its kept feedback `folder`, whole:
/// read, then removed before the next pass (2025-09: "Note that the `nextpass.in` will be
/// removed before the next pass").
fn take_nextpass(folder: &Path) -> std::io::Result<Option<Vec<u8>>> {
    let file = folder.join(NEXTPASS);
    match std::fs::read(&file) {
        Ok(bytes) => {
            std::fs::remove_file(&file)?;
            Ok(Some(bytes))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}
