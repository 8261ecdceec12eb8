//! The problem's programs, run contained: a problem whose generator, input validators,
//! reference, checker and interactor are programs (the user's or a problem folder's), each
//! built by the build step and run in the sandbox ([`tool`]), behind the same [`Problem`] shape
//! as the built-in problems. A reader ([`crate::problem::kattis`], [`crate::problem::polygon`],
//! [`crate::problem::adhoc`]) fills a [`Shape`]; [`ProgramsProblem`] runs it. Nothing here
//! knows a format: a reader's quirks arrive as the shape's neutral settings.
//!
//! The runtime of each program's convention is here too: checkers ([`checker`]: testlib,
//! Kattis output validators, the default validator), [`interactor`]s, input [`validator`]s,
//! [`generator`]s, a scoring problem's [`grader`], the reference's [`answers`] cache, and
//! tests built by programs ([`test_build`]).
//!
//! Everything a tool does wrong (crashes, time-outs, nonsense exit codes, an input the
//! validator rejects) is a [`ToolFailure`], never the candidate's verdict.

pub mod answers;
pub mod checker;
pub mod generator;
pub mod generator_command;
pub mod grader;
pub mod interactor;
pub mod sandboxes;
pub mod test_build;
pub mod tool;
pub mod tool_checks;
pub mod validator;

use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

use crate::build::BuildOptions;
use crate::problem::shape::{AnswerRules, KindSettings, Shape, TestFile};
use crate::problem::{
    Answer, CandidateRun, CheckResult, InputError, InteractError, Interacted, Interaction, Origin,
    Problem, ProblemError, ProblemInfo, SampleInteraction, TestCase, TimeLimitOrigin, ToolFailure,
};
use answers::AnswerCache;
use checker::Checker;
use generator::Generator;
use interactor::Interactor;
use sandboxes::ToolSandboxes;
use tool::{Tool, ToolCall, ToolLimits};
use validator::InputValidator;

/// Seeds of each generator kind that make the fixed test set of a problem with a generator
/// but no test files.
pub const GENERATED_TESTS_PER_KIND: u64 = 10;

/// A problem whose generator, validators, reference, checker and interactor are programs:
/// a reader's [`Shape`], put together to run.
pub struct ProgramsProblem {
    info: ProblemInfo,
    generators: Vec<(String, Generator)>,
    /// The reference and, for a folder's conventional one, the other accepted submissions to
    /// fall back on when it cannot be built here (no toolchain for its language).
    references: Vec<Tool>,
    /// Which of `references` builds, decided on first use.
    chosen_reference: OnceLock<Result<usize, ToolFailure>>,
    validators: Vec<InputValidator>,
    checker: Checker,
    checker_args: Vec<String>,
    tests: Vec<TestFile>,
    sandboxes: ToolSandboxes,
    limits: ToolLimits,
    answers: AnswerCache,
    /// The reference's key in the answer cache, computed on first use.
    reference_key: OnceLock<String>,
    /// How the reference's runs become answers (`through_interactor` only with an
    /// interactor).
    answer_rules: AnswerRules,
    /// The judge's side, when the problem is interactive or multi-pass.
    interactor: Option<Interactor>,
    /// What generator kinds set for themselves.
    kind_settings: Vec<KindSettings>,
    /// Tests that could not be made, one line per failed generator ([`Problem::left_out`]).
    left_out: Vec<String>,
}

impl ProgramsProblem {
    /// Puts a problem together from the shape its reader filled. An interactive or multi-pass
    /// problem always has an answer file for its inputs (the reference's output, or empty
    /// without a reference, as a Kattis interactive problem's `.ans` may be), so stress needs no
    /// reference.
    pub fn new(shape: Shape) -> ProgramsProblem {
        let mut info = shape.info;
        info.kinds = shape.generators.iter().map(|(k, _)| k.clone()).collect();
        if let Some((_, first)) = shape.generators.first() {
            info.generator_name = first.tool().label().to_string();
        }
        if let Some(interactor) = &shape.interactor {
            info.has_reference = true;
            info.notes.push(interactor.describe());
        }
        let answer_rules = AnswerRules {
            through_interactor: shape.answers.through_interactor && shape.interactor.is_some(),
            ..shape.answers
        };
        ProgramsProblem {
            info,
            generators: shape.generators,
            references: shape.references,
            chosen_reference: OnceLock::new(),
            validators: shape.validators,
            checker: shape.checker,
            checker_args: shape.checker_args,
            tests: shape.tests,
            sandboxes: ToolSandboxes::new(),
            limits: ToolLimits::default(),
            answers: AnswerCache::new(&BuildOptions::default_for_user().cache_dir),
            reference_key: OnceLock::new(),
            answer_rules,
            interactor: shape.interactor,
            kind_settings: shape.kind_settings,
            left_out: shape.left_out,
        }
    }

    /// Tries once, on seed 1, every generator a folder's conventions guessed (see
    /// [`Generator::guessed`]), on a copy of its folder ([`Generator::probe`]), its input
    /// checked by the input validators when `check_inputs`. One that does not behave as a
    /// generator is dropped, with a note saying why, and its failure comes back for the command
    /// to weigh: `verify` goes on without a stress pass, `stress` stops with it. (`stress`
    /// leaves the inputs to its own engine, which names the seed and saves the rejected input.)
    pub fn drop_guessed_generators_that_fail(&mut self, check_inputs: bool) -> Vec<ToolFailure> {
        let mut failures = Vec::new();
        let mut kept = Vec::new();
        for (kind, generator) in std::mem::take(&mut self.generators) {
            if !generator.is_guessed() {
                kept.push((kind, generator));
                continue;
            }
            let tried = generator
                .confirm(&self.sandboxes, &self.limits)
                .and_then(
                    |input| match input.filter(|_| check_inputs).map(|i| self.validate(i)) {
                        None | Some(Ok(_)) => Ok(()),
                        Some(Err(ProblemError::Invalid(why))) => Err(ToolFailure::new(
                            generator.tool().label(),
                            format!("made an input (seed 1) the input validators reject ({why})"),
                        )),
                        Some(Err(ProblemError::Tool(f))) => Err(f),
                    },
                );
            match tried {
                Ok(()) => kept.push((kind, generator)),
                Err(failure) => {
                    self.info.notes.push(format!(
                        "no stress generator: {} ({}) is not used: tried on seed 1 it {}",
                        self.shown_path(generator.tool().path()),
                        generator.guessed_because().unwrap_or_default(),
                        failure.problem
                    ));
                    failures.push(failure);
                }
            }
        }
        self.info.kinds = kept.iter().map(|(k, _)| k.clone()).collect();
        self.info.generator_name = kept
            .first()
            .map(|(_, g)| g.tool().label().to_string())
            .unwrap_or_default();
        self.generators = kept;
        failures
    }

    /// Sets the time limit a folder did not (derived by problemtools' rule), with the note that
    /// says how it was derived.
    pub fn set_time_limit(&mut self, limit: Duration, note: String) {
        self.info.limits.time = limit;
        self.info.time_limit_origin = TimeLimitOrigin::Derived;
        self.info.notes.push(note);
    }

    /// Adds a note the reports show (how a derived limit was measured).
    pub fn add_note(&mut self, note: String) {
        self.info.notes.push(note);
    }

    /// The reference: the first of the candidates that builds here; `None` without any.
    fn reference(&self) -> Option<Result<&Tool, ToolFailure>> {
        self.references.first()?;
        let chosen = self.chosen_reference.get_or_init(|| {
            let mut first_failure = None;
            for (i, tool) in self.references.iter().enumerate() {
                match tool.program() {
                    Ok(_) => {
                        if let Some(why) = &first_failure {
                            eprintln!(
                                "stressjudge: {why}; using {} as the reference instead",
                                tool.path().display()
                            );
                        }
                        return Ok(i);
                    }
                    Err(e) => {
                        first_failure.get_or_insert(e);
                    }
                }
            }
            Err(first_failure.expect("at least one reference was tried"))
        });
        Some(match chosen {
            Ok(i) => Ok(&self.references[*i]),
            Err(e) => Err(e.clone()),
        })
    }

    /// Builds every tool a command will use (see [`Problem::build_tools`]).
    fn build_every_tool(&self, stressing: bool) -> Result<(), ToolFailure> {
        let mut tools: Vec<&Tool> = Vec::new();
        tools.extend(self.checker.tool());
        tools.extend(self.validators.iter().map(|v| v.tool()));
        if stressing {
            tools.extend(self.generators.iter().map(|(_, g)| g.tool()));
        }
        // Side by side, two at a time (a compiler and a slow interpreter probe overlap); the
        // first failure in this order is the one reported.
        test_build::in_parallel(
            &tools,
            2,
            |_| String::new(),
            |tool| tool.program().map(|_| ()),
        )
        .map_err(|(_, failure)| failure)?;
        if stressing {
            if let Some(reference) = self.reference() {
                reference?;
            }
        }
        Ok(())
    }

    /// The reference's answer to `input`, from the answer cache when it ran on it before.
    fn reference_answer(&self, reference: &Tool, input: &str) -> Result<Answer, ToolFailure> {
        let content_hash = &reference.program()?.content_hash;
        let by_interaction = self
            .interactor
            .as_ref()
            .filter(|_| self.answer_rules.through_interactor);
        let identity = match by_interaction {
            // An interactive answer depends on the interactor as much as on the reference.
            Some(interactor) => Some(interactor.identity().ok_or_else(|| {
                interactor
                    .tool()
                    .program()
                    .err()
                    .unwrap_or_else(|| ToolFailure::new(interactor.tool().label(), "failed"))
            })?),
            None => None,
        };
        let hash = self.reference_key.get_or_init(|| {
            let mut key = answers::reference_key(content_hash, reference.path());
            // The same reference reading another file (or stdin) answers differently.
            if !self.info.file_io.is_standard() {
                key = format!("{key} files {:?}", self.info.file_io);
            }
            match &identity {
                Some(interactor) => format!("{key} with {interactor}"),
                None => key,
            }
        });
        if let Some(text) = self.answers.get(hash, input) {
            return Ok(Answer::new(text));
        }
        if let Some(interactor) = by_interaction {
            let tout = interactor.answer_of(&self.sandboxes, &self.limits, reference, input)?;
            let text = String::from_utf8(tout).map_err(|_| {
                ToolFailure::new(
                    interactor.tool().label(),
                    "wrote an output file that is not UTF-8 text",
                )
            })?;
            self.answers.put(hash, input, &text);
            return Ok(Answer::new(text));
        }
        let call = ToolCall {
            stdin: input.as_bytes(),
            file_io: self.info.file_io.clone(),
            ..ToolCall::default()
        };
        let result = reference.call(&self.sandboxes, &self.limits, call)?;
        if let Some(failure) = reference.misbehaved(&result.outcome, &self.limits, &[0]) {
            return Err(failure);
        }
        if !self.answer_rules.empty_is_valid
            && result.outcome.stdout.iter().all(u8::is_ascii_whitespace)
        {
            // A forgotten print, not an answer: every candidate that prints one would be
            // blamed with a wrong answer.
            let what = match &self.info.file_io.output {
                Some(name) => format!("wrote nothing to {name}"),
                None => "printed nothing".to_string(),
            };
            return Err(ToolFailure::new(reference.label(), what));
        }
        let text = String::from_utf8(result.outcome.stdout).map_err(|_| {
            ToolFailure::new(reference.label(), "printed bytes that are not UTF-8 text")
        })?;
        self.answers.put(hash, input, &text);
        Ok(Answer::new(text))
    }

    /// A test of a test file: its input, and its answer file or the reference's answer.
    /// A file of the problem as reports show it: relative to a problem folder, else as given.
    fn shown_path(&self, path: &Path) -> String {
        match &self.info.origin {
            Origin::Folder(dir) => path.strip_prefix(dir).unwrap_or(path),
            _ => path,
        }
        .display()
        .to_string()
    }

    fn file_case(&self, test: &TestFile) -> Result<TestCase, ToolFailure> {
        let read = |path: &Path| {
            std::fs::read(path)
                .map_err(|e| {
                    ToolFailure::new(
                        format!("test {}", test.name),
                        format!("cannot be read: {e}"),
                    )
                })
                .and_then(|bytes| {
                    String::from_utf8(bytes).map_err(|_| {
                        ToolFailure::new(
                            format!("test {}", test.name),
                            format!("{} is not UTF-8 text", path.display()),
                        )
                    })
                })
        };
        let input = read(&test.input)?;
        let mut expected = match &test.answer {
            Some(path) => Answer::new(read(path)?),
            None => self.solve(&input).map_err(|f| {
                ToolFailure::new(
                    f.tool,
                    format!("{} (test {} has no answer file)", f.problem, test.name),
                )
            })?,
        };
        // A test group's own output validator arguments go with its answers.
        expected.checker_args = test.checker_args.clone();
        if let Some(path) = &test.interaction {
            expected.sample_interaction = Some(SampleInteraction {
                file: self.shown_path(path),
                text: read(path)?,
            });
        }
        Ok(TestCase {
            name: test.name.clone(),
            input,
            expected,
            alone: false,
        })
    }
}

impl Problem for ProgramsProblem {
    fn info(&self) -> &ProblemInfo {
        &self.info
    }

    fn reference_source(&self) -> Option<&std::path::Path> {
        self.references.first().map(Tool::path)
    }

    fn generate(&self, kind: &str, seed: u64) -> Result<String, ToolFailure> {
        let (_, command) = self
            .generators
            .iter()
            .find(|(k, _)| k == kind)
            .ok_or_else(|| {
                ToolFailure::new(&self.info.id, format!("has no generator kind `{kind}`"))
            })?;
        command.generate(&self.sandboxes, &self.limits, seed)
    }

    fn generate_smaller(
        &self,
        kind: &str,
        seed: u64,
        divisor: u64,
    ) -> Option<Result<(Vec<String>, String), ToolFailure>> {
        let (_, command) = self.generators.iter().find(|(k, _)| k == kind)?;
        let args = command.smaller_args(divisor)?;
        Some(
            command
                .generate_smaller(&self.sandboxes, &self.limits, seed, &args)
                .map(|input| (args, input)),
        )
    }

    fn has_input_validator(&self) -> bool {
        !self.validators.is_empty()
    }

    fn validate(&self, input: &str) -> Result<usize, ProblemError> {
        for validator in &self.validators {
            validator
                .validate(&self.sandboxes, &self.limits, input)?
                .map_err(ProblemError::Invalid)?;
        }
        Ok(1)
    }

    fn checker_decides_alone(&self) -> bool {
        self.references.is_empty() && !matches!(self.checker, Checker::Default)
    }

    fn solve(&self, input: &str) -> Result<Answer, ToolFailure> {
        match self.reference() {
            Some(reference) => self.reference_answer(reference?, input),
            // The checker alone decides: its answer file is empty.
            None if self.checker_decides_alone() => Ok(Answer::new("")),
            None if self.interactor.is_some() => Ok(Answer::new("")),
            None => Err(ToolFailure::new(
                &self.info.id,
                "has no reference solution to answer the input (give one with --ref)",
            )),
        }
    }

    fn check(
        &self,
        input: &str,
        expected: &Answer,
        output: &[u8],
    ) -> Result<CheckResult, ToolFailure> {
        let args = expected.checker_args.as_ref().unwrap_or(&self.checker_args);
        self.checker
            .check(&self.sandboxes, &self.limits, input, expected, output, args)
    }

    fn left_out(&self) -> &[String] {
        &self.left_out
    }

    fn build_tools(&self, stressing: bool) -> Result<(), ToolFailure> {
        if let Some(interactor) = &self.interactor {
            interactor.tool().program()?;
        }
        self.build_every_tool(stressing)
    }

    fn judging_identity(&self) -> Option<String> {
        let checker = match &self.checker {
            Checker::Default => "default".to_string(),
            Checker::WhiteDiff => "white-diff".to_string(),
            Checker::Testlib(tool) | Checker::Kattis(tool) => tool.identity()?,
            Checker::Cms(tool) => format!("cms {}", tool.identity()?),
        };
        let interactor = match &self.interactor {
            Some(interactor) => interactor.identity()?,
            None => "none".to_string(),
        };
        // How solutions meet files (file I/O names, a read-only working directory) and
        // whether their address space is limited (problemtools' rule) change what a run does.
        Some(format!(
            "{checker} args {:?} interactor {interactor} files {:?} address space {}",
            self.checker_args, self.info.file_io, self.info.address_space_limit
        ))
    }

    fn stress_identity(&self) -> Option<String> {
        let mut parts = vec![format!("{:?}", self.limits)];
        for (kind, generator) in &self.generators {
            parts.push(format!("kind {kind}: {}", generator.identity()?));
            let settings = self.kind_settings(kind);
            if let Some(limit) = settings.and_then(|s| s.time_limit) {
                parts.push(format!("kind {kind} time limit {limit:?}"));
            }
            if let Some(bytes) = settings.and_then(|s| s.memory_bytes) {
                parts.push(format!("kind {kind} memory limit {bytes}"));
            }
        }
        for validator in &self.validators {
            parts.push(validator.identity()?);
        }
        parts.push(self.reference()?.ok()?.identity()?);
        Some(parts.join("\n"))
    }

    fn interaction(&self) -> Option<&dyn Interaction> {
        self.interactor.as_ref().map(|_| self as &dyn Interaction)
    }

    fn kind_settings(&self, kind: &str) -> Option<&KindSettings> {
        self.kind_settings.iter().find(|s| s.kind == kind)
    }

    fn fixed_tests(&self) -> Result<Vec<TestCase>, ToolFailure> {
        if !self.tests.is_empty() {
            return self.tests.iter().map(|t| self.file_case(t)).collect();
        }
        if self.info.kinds.is_empty() {
            // A reference alone answers `solve`, but makes no test set.
            return Err(ToolFailure::new(
                &self.info.id,
                "has no tests to judge on: give --tests DIR or a generator (--gen)",
            ));
        }
        let mut cases = Vec::new();
        for kind in &self.info.kinds {
            for seed in 1..=GENERATED_TESTS_PER_KIND {
                let input = self.generate(kind, seed)?;
                let prepared = self.prepare(&input).map_err(|e| match e {
                    ProblemError::Invalid(why) => invalid_generated(&self.info, &why),
                    ProblemError::Tool(f) => f,
                })?;
                cases.push(TestCase {
                    name: format!("{kind}-{seed}"),
                    input,
                    expected: prepared.answer,
                    alone: false,
                });
            }
        }
        Ok(cases)
    }
}

impl Interaction for ProgramsProblem {
    fn interact(
        &self,
        input: &str,
        expected: &Answer,
        record: bool,
        candidate: &mut dyn CandidateRun,
    ) -> Result<Interacted, InteractError> {
        let interactor = self
            .interactor
            .as_ref()
            .expect("only an interactive problem offers interaction");
        let args = expected.checker_args.as_ref().unwrap_or(&self.checker_args);
        interactor.interact(
            &self.sandboxes,
            &self.limits,
            &self.checker,
            args,
            input,
            expected,
            record,
            candidate,
        )
    }

    fn describe(&self) -> String {
        self.interactor
            .as_ref()
            .map(Interactor::describe)
            .unwrap_or_default()
    }
}

fn invalid_generated(info: &ProblemInfo, why: &InputError) -> ToolFailure {
    ToolFailure::new(
        info.generator_name.clone(),
        format!("made an input the validator rejects ({why})"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A problem judged by the default validator with no flags, whose one test (answer `1.0`)
    /// carries the test group's own `float_tolerance 0.1`.
    fn problem_with_a_tolerant_test(dir: &Path) -> ProgramsProblem {
        std::fs::write(dir.join("1.in"), "1\n").unwrap();
        std::fs::write(dir.join("1.ans"), "1.0\n").unwrap();
        let info = ProblemInfo {
            id: "p".into(),
            title: "P".into(),
            limits: crate::problem::adhoc::AD_HOC_LIMITS,
            output_limit_bytes: None,
            kinds: Vec::new(),
            generator_name: String::new(),
            has_reference: false,
            time_limit_origin: TimeLimitOrigin::Given,
            notes: Vec::new(),
            origin: Origin::AdHoc,
            file_io: crate::run::FileIo::default(),
            address_space_limit: false,
        };
        ProgramsProblem::new(Shape {
            info,
            generators: Vec::new(),
            kind_settings: Vec::new(),
            references: Vec::new(),
            validators: Vec::new(),
            checker: Checker::Default,
            checker_args: Vec::new(),
            tests: vec![TestFile {
                name: "1".into(),
                input: dir.join("1.in"),
                answer: Some(dir.join("1.ans")),
                checker_args: Some(vec!["float_tolerance".into(), "0.1".into()]),
                interaction: None,
            }],
            interactor: None,
            left_out: Vec::new(),
            answers: AnswerRules::default(),
        })
    }

    #[test]
    fn a_tests_own_validator_arguments_judge_its_output() {
        let dir = tempfile::tempdir().unwrap();
        let problem = problem_with_a_tolerant_test(dir.path());
        let cases = problem.fixed_tests().unwrap();
        let case = &cases[0];
        assert_eq!(
            case.expected.checker_args,
            Some(vec!["float_tolerance".to_string(), "0.1".to_string()])
        );
        let judged = problem
            .check(&case.input, &case.expected, b"1.05\n")
            .unwrap();
        assert_eq!(judged, CheckResult::Accepted, "within the test's tolerance");
        // The problem's own arguments (none: exact tokens) judge an answer without its own.
        let bare = Answer::new("1.0\n");
        let judged = problem.check(&case.input, &bare, b"1.05\n").unwrap();
        assert!(matches!(judged, CheckResult::WrongAnswer(_)), "{judged:?}");
    }
}
