//! Problems made of the user's own programs: an ad-hoc trio given on the command line
//! (`--gen gen.py --ref brute.py`, optional `--checker`, `--output-validator`, `--validator`,
//! `--tests`) or a problem folder. Each part is a program run through the sandbox
//! ([`tool`]), so this step uses the build and run steps; together they implement the same
//! [`Problem`] shape as the built-in problems.
//!
//! Everything a tool does wrong (crashes, time-outs, nonsense exit codes, an input the
//! validator rejects) is a [`ToolFailure`], never the candidate's verdict.

pub mod answers;
pub mod checker;
pub mod generator;
pub mod grader;
pub mod interactor;
pub mod sandboxes;
pub mod test_build;
pub mod tool;
pub mod validator;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use crate::build::BuildOptions;
use crate::error::UsageError;
use crate::options::AdHocParts;
use crate::problem::adhoc::tests_dir::{self, TestFile};
use crate::problem::{
    Answer, CandidateRun, CheckResult, InputError, InteractError, Interacted, Interaction, Limits,
    Origin, Problem, ProblemError, ProblemInfo, SampleInteraction, TestCase, TimeLimitOrigin,
    ToolFailure,
};
use answers::AnswerCache;
use checker::Checker;
use generator::Generator;
use interactor::Interactor;
use sandboxes::ToolSandboxes;
use tool::{Tool, ToolCall, ToolLimits};
use validator::InputValidator;

/// Limits of an ad-hoc problem when no flag sets them, as for the built-in problems.
pub const AD_HOC_LIMITS: Limits = Limits {
    time: Duration::from_secs(2),
    memory_bytes: 256 << 20,
};

/// Seeds of each generator kind that make the fixed test set of a problem with a generator
/// but no test files.
pub const GENERATED_TESTS_PER_KIND: u64 = 10;

/// A problem whose generator, validators, reference and checker are the user's programs.
pub struct ExternalProblem {
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
    /// Whether an answer of only whitespace is an answer (a Polygon `main` solution's output
    /// is the answer file as Polygon makes it, empty or not), rather than a forgotten print.
    empty_answers_ok: bool,
    /// The judge's side, when the problem is interactive or multi-pass.
    interactor: Option<Interactor>,
    /// Whether the reference's answer is the interactor's output file when the reference runs
    /// against it (a Polygon interactive package), rather than its own output.
    interactive_answers: bool,
    /// What generator kinds set for themselves (a Polygon stress's solutions and time limit).
    kind_settings: Vec<KindSettings>,
    /// Tests that could not be made, one line per failed generator ([`Problem::left_out`]).
    left_out: Vec<String>,
}

/// What a generator kind sets for itself besides its generator: a Polygon stress's
/// `solutions` (the ones it is meant to stress), the limits of its runs (`timeLimit`,
/// `memoryLimit`) and how long it runs (`totalTimeLimit`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KindSettings {
    /// The kind.
    pub kind: String,
    /// The solutions it is meant to stress, as the package names them; empty for any.
    pub solutions: Vec<String>,
    /// The time limit of its runs, when it sets one.
    pub time_limit: Option<Duration>,
    /// The memory limit of its runs in bytes, when it sets one.
    pub memory_bytes: Option<u64>,
    /// How long `stress` runs it without seeds given, when it says.
    pub total_time: Option<Duration>,
}

/// The parts of an [`ExternalProblem`], before it is put together.
pub struct Parts {
    /// Its metadata (`kinds` and `generator_name` are filled in from `generators`).
    pub info: ProblemInfo,
    /// Generator kinds and their commands.
    pub generators: Vec<(String, Generator)>,
    /// The reference solution, then fallbacks for when it cannot be built here.
    pub references: Vec<PathBuf>,
    /// Input validators.
    pub validators: Vec<InputValidator>,
    /// The checker.
    pub checker: Checker,
    /// The checker's arguments for inputs whose answer does not set its own (generated ones).
    pub checker_args: Vec<String>,
    /// Test files.
    pub tests: Vec<TestFile>,
}

impl ExternalProblem {
    /// Puts a problem together from its parts.
    pub fn new(parts: Parts) -> ExternalProblem {
        let mut info = parts.info;
        info.kinds = parts.generators.iter().map(|(k, _)| k.clone()).collect();
        if let Some((_, first)) = parts.generators.first() {
            info.generator_name = first.tool().label().to_string();
        }
        ExternalProblem {
            info,
            generators: parts.generators,
            references: parts
                .references
                .iter()
                .map(|p| Tool::new("reference", p))
                .collect(),
            chosen_reference: OnceLock::new(),
            validators: parts.validators,
            checker: parts.checker,
            checker_args: parts.checker_args,
            tests: parts.tests,
            sandboxes: ToolSandboxes::new(),
            limits: ToolLimits::default(),
            answers: AnswerCache::new(&BuildOptions::default_for_user().cache_dir),
            reference_key: OnceLock::new(),
            empty_answers_ok: false,
            interactor: None,
            interactive_answers: false,
            kind_settings: Vec::new(),
            left_out: Vec::new(),
        }
    }

    /// Takes the reference's output as the answer even when it is empty (see the field).
    pub fn accept_empty_answers(&mut self) {
        self.empty_answers_ok = true;
    }

    /// Records tests that could not be made (a generator that does not build or fails), one
    /// line per generator: commands then report the result incomplete.
    pub fn set_left_out(&mut self, left_out: Vec<String>) {
        self.left_out = left_out;
    }

    /// Makes the problem interactive or multi-pass: candidates run against `interactor`.
    /// Inputs then always have an answer file (the reference's output, or empty without a
    /// reference, as a Kattis interactive problem's `.ans` may be), so stress needs no
    /// reference.
    pub fn with_interactor(mut self, interactor: Interactor) -> ExternalProblem {
        self.info.has_reference = true;
        self.info.notes.push(interactor.describe());
        self.interactor = Some(interactor);
        self
    }

    /// Sets what the generator kinds set for themselves (see [`KindSettings`]).
    pub fn set_kind_settings(&mut self, settings: Vec<KindSettings>) {
        self.kind_settings = settings;
    }

    /// Makes the reference's answers as Polygon makes those of an interactive problem: the
    /// reference runs against the interactor and the interactor's output file is the answer
    /// (see [`Interactor::answer_of`]). Only with an interactor.
    pub fn answers_by_interaction(&mut self) {
        self.interactive_answers = self.interactor.is_some();
    }

    /// The problem the ad-hoc flags describe; paths are relative to the current directory.
    pub fn ad_hoc(parts: &AdHocParts) -> Result<ExternalProblem, UsageError> {
        // Relative to the current directory, and shown as the user wrote it (not `./gen.py`).
        let here = Path::new("");
        let generators = generator::from_parts(parts, here)?;
        let reference = parts
            .reference
            .as_deref()
            .map(|p| existing("--ref", p))
            .transpose()?;
        let checker = match (&parts.checker, &parts.output_validator) {
            (Some(path), _) => Checker::testlib(&existing("--checker", path)?),
            (None, Some(path)) => Checker::kattis(&existing("--output-validator", path)?),
            (None, None) => Checker::Default,
        };
        let validators = parts
            .validators
            .iter()
            .map(|p| {
                Ok(InputValidator::new(
                    &existing("--validator", p)?,
                    Vec::new(),
                ))
            })
            .collect::<Result<_, UsageError>>()?;
        let tests = match &parts.tests {
            Some(dir) => tests_dir::load(dir)?,
            None => Vec::new(),
        };
        if generators.is_empty() && tests.is_empty() && reference.is_none() {
            return Err(UsageError::new(
                "an ad-hoc problem needs tests (--tests DIR), a generator (--gen) or a reference \
                 (--ref)",
            ));
        }
        let interactor = ad_hoc_interactor(parts)?;
        let mut notes = vec![format!(
            "ad-hoc problem: limits default to {} s and {} MiB (--time-limit, --memory-limit)",
            AD_HOC_LIMITS.time.as_secs(),
            AD_HOC_LIMITS.memory_bytes >> 20
        )];
        if parts.checker.is_none() && parts.output_validator.is_none() && interactor.is_none() {
            notes.push("answers compared by the Kattis default validator".into());
        }
        if !parts.file_io.is_standard() {
            notes.push(format!("file I/O: each solution {}", parts.file_io));
        }
        let info = ProblemInfo {
            id: "ad-hoc".into(),
            title: "ad-hoc problem".into(),
            limits: AD_HOC_LIMITS,
            output_limit_bytes: None,
            kinds: Vec::new(),
            generator_name: String::new(),
            has_reference: reference.is_some(),
            time_limit_origin: TimeLimitOrigin::Given,
            notes,
            origin: Origin::AdHoc,
            file_io: parts.file_io.clone(),
        };
        let problem = ExternalProblem::new(Parts {
            info,
            generators,
            references: reference.into_iter().collect(),
            validators,
            checker,
            checker_args: Vec::new(),
            tests,
        });
        Ok(match interactor {
            Some(interactor) => problem.with_interactor(interactor),
            None => problem,
        })
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
                        "no stress generator: {} (taken by convention: no {} names a \
                         generator) is not used: tried on seed 1 it {}",
                        self.shown_path(generator.tool().path()),
                        crate::problem::kattis::STRESS_CONFIG_FILE,
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
            .filter(|_| self.interactive_answers);
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
            let key = answers::reference_key(content_hash, reference.path());
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
        if !self.empty_answers_ok && result.outcome.stdout.iter().all(u8::is_ascii_whitespace) {
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

impl Problem for ExternalProblem {
    fn info(&self) -> &ProblemInfo {
        &self.info
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
            Checker::Testlib(tool) | Checker::Kattis(tool) => tool.identity()?,
        };
        let interactor = match &self.interactor {
            Some(interactor) => interactor.identity()?,
            None => "none".to_string(),
        };
        // How solutions meet files (file I/O names, a read-only working directory) changes
        // what a run does.
        Some(format!(
            "{checker} args {:?} interactor {interactor} files {:?}",
            self.checker_args, self.info.file_io
        ))
    }

    fn stress_identity(&self) -> Option<String> {
        let mut parts = vec![format!("{:?}", self.limits)];
        for (kind, generator) in &self.generators {
            parts.push(format!("kind {kind}: {}", generator.identity()?));
            if let Some(limit) = self.kind_time_limit(kind) {
                parts.push(format!("kind {kind} time limit {limit:?}"));
            }
            if let Some(bytes) = self.kind_memory_limit(kind) {
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

    fn kind_solutions(&self, kind: &str) -> Option<Vec<String>> {
        self.kind_settings
            .iter()
            .find(|s| s.kind == kind && !s.solutions.is_empty())
            .map(|s| s.solutions.clone())
    }

    fn kind_time_limit(&self, kind: &str) -> Option<Duration> {
        self.kind_settings
            .iter()
            .find(|s| s.kind == kind)
            .and_then(|s| s.time_limit)
    }

    fn kind_memory_limit(&self, kind: &str) -> Option<u64> {
        self.kind_settings
            .iter()
            .find(|s| s.kind == kind)
            .and_then(|s| s.memory_bytes)
    }

    fn kind_total_time(&self, kind: &str) -> Option<Duration> {
        self.kind_settings
            .iter()
            .find(|s| s.kind == kind)
            .and_then(|s| s.total_time)
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

impl Interaction for ExternalProblem {
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

/// The interactor `--interactor` names, in the convention `--interactor-convention` says or its
/// source shows.
pub(crate) fn ad_hoc_interactor(parts: &AdHocParts) -> Result<Option<Interactor>, UsageError> {
    let Some(path) = &parts.interactor else {
        return Ok(None);
    };
    let path = existing("--interactor", path)?;
    let convention = match parts.interactor_convention.as_deref() {
        Some("testlib") => interactor::Convention::Testlib,
        Some("kattis") => interactor::Convention::Kattis,
        Some(other) => {
            return Err(UsageError::new(format!(
                "--interactor-convention: `{other}` is neither kattis nor testlib"
            )))
        }
        None => interactor::Convention::detect(&path),
    };
    Ok(Some(Interactor::interactive(&path, convention)))
}

/// `path`, which a flag named, if it exists; else the error naming the flag and the path.
pub(crate) fn existing(flag: &str, path: &Path) -> Result<PathBuf, UsageError> {
    if path.exists() {
        Ok(path.to_path_buf())
    } else {
        Err(UsageError::new(format!(
            "{flag}: `{}` not found",
            path.display()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A problem judged by the default validator with no flags, whose one test (answer `1.0`)
    /// carries the test group's own `float_tolerance 0.1`.
    fn problem_with_a_tolerant_test(dir: &Path) -> ExternalProblem {
        std::fs::write(dir.join("1.in"), "1\n").unwrap();
        std::fs::write(dir.join("1.ans"), "1.0\n").unwrap();
        let info = ProblemInfo {
            id: "p".into(),
            title: "P".into(),
            limits: AD_HOC_LIMITS,
            output_limit_bytes: None,
            kinds: Vec::new(),
            generator_name: String::new(),
            has_reference: false,
            time_limit_origin: TimeLimitOrigin::Given,
            notes: Vec::new(),
            origin: Origin::AdHoc,
            file_io: crate::run::FileIo::default(),
        };
        ExternalProblem::new(Parts {
            info,
            generators: Vec::new(),
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
