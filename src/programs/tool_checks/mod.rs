//! A package's own tools put to the test, as problemtools, BAPCtools and task-maker-rust do
//! before a contest: input validators fed junk, spoiled tests and the package's invalid
//! inputs; answer validators fed every answer and the invalid answers; the output validator
//! (or checker) fed junk and malformed outputs, the invalid and valid outputs and the
//! reference's own answers; generators run twice. Every run goes through the tool sandboxes
//! under the tool limits the problem's tools have ([`ToolLimits`]), so a validator that loops
//! on junk is stopped and reported. What is found is data ([`ToolChecks`]); `src/report/`
//! shows it.

pub mod findings;
pub mod fuzz;
pub mod junk;
mod own_tests;
mod parallel;
mod sanity;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use super::checker::Checker;
use super::tool::{Tool, ToolArg, ToolCall};
use super::validator::{KATTIS_ACCEPT, KATTIS_REJECT};
use super::ProgramsProblem;
use crate::problem::tool_tests::{ToolCase, ToolTests};
use crate::problem::{Answer, CheckResult, InputError, Problem, ToolFailure};
use crate::run::Exit;
use crate::testset::gate::{Gate, Permit};
pub use findings::{Finding, Severity, ToolChecks, ToolSection};
use parallel::par_map;

/// Check names, as findings and reports give them.
pub mod check {
    /// The tool builds.
    pub const BUILDS: &str = "builds";
    /// An input validator accepts every test's input.
    pub const ACCEPTS_TESTS: &str = "accepts-tests";
    /// Some input validator rejects each junk file.
    pub const REJECTS_JUNK: &str = "rejects-junk";
    /// Some input validator rejects each modification of a test.
    pub const REJECTS_MODIFIED: &str = "rejects-modified";
    /// Some input validator rejects each `invalid_input` case.
    pub const REJECTS_INVALID_INPUT: &str = "rejects-invalid-input";
    /// A tool ends as its convention allows on whatever it is given (no crash, no limit).
    pub const NO_CRASH: &str = "no-crash";
    /// An answer validator accepts every test's answer.
    pub const ACCEPTS_ANSWERS: &str = "accepts-answers";
    /// Some answer validator rejects each `invalid_answer` case.
    pub const REJECTS_INVALID_ANSWER: &str = "rejects-invalid-answer";
    /// No junk output is accepted on every test.
    pub const REJECTS_JUNK_OUTPUT: &str = "rejects-junk-output";
    /// Malformed outputs give no judge error.
    pub const SURVIVES_MALFORMED: &str = "survives-malformed-output";
    /// Each `invalid_output` case is rejected.
    pub const REJECTS_INVALID_OUTPUT: &str = "rejects-invalid-output";
    /// Each `valid_output` case (and a test's `.out`) is accepted.
    pub const ACCEPTS_VALID_OUTPUT: &str = "accepts-valid-output";
    /// Mutations of the answers give no judge error.
    pub const FUZZ: &str = "fuzz";
    /// The reference's own output is accepted on every test.
    pub const ACCEPTS_REFERENCE: &str = "accepts-reference";
    /// A generator gives the same bytes for the same arguments.
    pub const DETERMINISTIC: &str = "deterministic";
    /// A generator's inputs pass the input validators.
    pub const VALID_OUTPUT_OF_GENERATOR: &str = "makes-valid-inputs";
    /// A validator gives the verdict each of the package's validator tests expects.
    pub const VALIDATOR_TESTS: &str = "validator-tests";
    /// A checker gives the verdict each of the package's checker tests expects.
    pub const CHECKER_TESTS: &str = "checker-tests";
}

/// Output validators' malformed outputs are tried on this many tests (problemtools: "These
/// bugs are rarely dependent on the actual test case, so we just run on a few").
const MALFORMED_ON_TESTS: usize = 3;
/// The fuzzing pass mutates the answers of this many tests.
const FUZZ_TESTS: usize = 2;
/// Crashing mutations named per tool, at most (the rest are counted).
const FUZZ_FINDINGS: usize = 5;
/// Which set of checks made a remembered result; raised when checks are added or changed.
const CHECKS_VERSION: u32 = 2;
/// Runs spent shrinking one crashing output, at most.
const SHRINK_RUNS: usize = 24;

/// One test as the checks use it: bytes, since junk and tests need not be text.
#[derive(Clone)]
struct Test {
    name: String,
    input: Vec<u8>,
    answer: Option<Vec<u8>>,
    checker_args: Option<Vec<String>>,
}

/// Puts every tool of `problem` to the checks, with the cases `tests` ships, `jobs` runs at a
/// time, each run holding a slot of `gate` when given (verify's, so that a max test of a
/// submission still runs alone).
pub fn run(
    problem: &ProgramsProblem,
    tests: &ToolTests,
    jobs: usize,
    gate: Option<&Gate>,
) -> ToolChecks {
    let jobs = jobs.max(1);
    let data: Vec<Test> = problem
        .tests
        .iter()
        .filter_map(|t| {
            Some(Test {
                name: t.name.clone(),
                input: std::fs::read(&t.input).ok()?,
                answer: t.answer.as_ref().and_then(|a| std::fs::read(a).ok()),
                checker_args: t.checker_args.clone(),
            })
        })
        .collect();
    let mut checks = ToolChecks {
        problem: problem.info.id.clone(),
        ..ToolChecks::default()
    };
    let checker = Checks {
        problem,
        data: &data,
        jobs,
        gate,
        judged: Mutex::new(HashMap::new()),
    };
    checks
        .tools
        .extend(checker.input_validators(&tests.invalid_inputs, tests.lenient_layout));
    checker.own_validator_tests(&mut checks.tools, &tests.validator_tests);
    checks.tools.extend(checker.answer_validators(tests));
    // The output checks and the sanity notices need every test's answer; an interactive
    // problem's answers are not checked.
    let answered = match problem.interactor.is_some() {
        true => Vec::new(),
        false => checker.answered(),
    };
    checks
        .tools
        .extend(checker.output_validator(tests, &answered));
    checker.own_checker_tests(&mut checks.tools, &tests.checker_tests);
    checks.tools.extend(checker.generators());
    checks
        .tools
        .extend(sanity::notices(&data, &answered, tests));
    checks.runs = checks.tools.iter().map(|t| t.runs).sum();
    checks.notices = checks.count_notices();
    checks
}

struct Checks<'a> {
    problem: &'a ProgramsProblem,
    data: &'a [Test],
    jobs: usize,
    gate: Option<&'a Gate>,
    /// The output validator's verdicts so far, by test and output content.
    judged: Mutex<HashMap<[u8; 32], Result<bool, ToolFailure>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether every input validator accepted an input, and those that broke on it.
type AllJudged = (bool, Vec<(usize, ToolFailure)>);

/// How one input validator judged one input.
enum Judged {
    Accepted,
    Rejected,
    Broken(ToolFailure),
}

impl Checks<'_> {
    /// A slot of the gate for one run, when there is a gate.
    fn slot(&self) -> Option<Permit<'_>> {
        self.gate.map(Gate::shared)
    }

    fn validate_one(
        &self,
        validator: usize,
        input: &[u8],
    ) -> Result<Result<(), InputError>, ToolFailure> {
        let _slot = self.slot();
        let v = &self.problem.validators[validator];
        v.validate_bytes(&self.problem.sandboxes, &self.problem.limits, input)
    }

    fn validate(&self, validator: usize, input: &[u8]) -> Judged {
        match self.validate_one(validator, input) {
            Ok(Ok(())) => Judged::Accepted,
            Ok(Err(_)) => Judged::Rejected,
            Err(f) => Judged::Broken(f),
        }
    }

    /// Every built validator on each of `inputs`: for each input, whether all accept it, and
    /// the validators that broke on it.
    fn all_validators(
        &self,
        built: &[usize],
        inputs: &[&[u8]],
    ) -> Vec<(bool, Vec<(usize, ToolFailure)>)> {
        let pairs: Vec<(usize, usize)> = (0..inputs.len())
            .flat_map(|i| built.iter().map(move |&v| (i, v)))
            .collect();
        let judged = par_map(&pairs, self.jobs, |&(i, v)| self.validate(v, inputs[i]));
        let mut out: Vec<AllJudged> = (0..inputs.len()).map(|_| (true, Vec::new())).collect();
        for (&(i, v), judged) in pairs.iter().zip(judged) {
            match judged {
                Judged::Accepted => {}
                Judged::Rejected => out[i].0 = false,
                Judged::Broken(f) => {
                    out[i].0 = false;
                    out[i].1.push((v, f));
                }
            }
        }
        out
    }

    fn input_validators(&self, invalid: &[ToolCase], lenient_layout: bool) -> Vec<ToolSection> {
        let validators = &self.problem.validators;
        let mut sections: Vec<ToolSection> = validators
            .iter()
            .map(|v| ToolSection::new(self.shown(v.tool()), "input validator"))
            .collect();
        if validators.is_empty() {
            if !invalid.is_empty() {
                let mut s = ToolSection::new("input validators", "input validators");
                s.defect(
                    check::REJECTS_INVALID_INPUT,
                    "data/invalid_input",
                    "the package has invalid inputs but no input validator to reject them",
                );
                return vec![s];
            }
            return Vec::new();
        }
        let mut built = Vec::new();
        for (i, v) in validators.iter().enumerate() {
            sections[i].checked(check::BUILDS);
            match v.tool().program() {
                Ok(_) => built.push(i),
                Err(f) => sections[i].defect(check::BUILDS, "its source", f.problem),
            }
        }
        // Every test accepted by every validator.
        let pairs: Vec<(usize, usize)> = built
            .iter()
            .flat_map(|&v| (0..self.data.len()).map(move |t| (v, t)))
            .collect();
        let judged = par_map(&pairs, self.jobs, |&(v, t)| {
            self.validate_one(v, &self.data[t].input)
        });
        for &v in &built {
            sections[v].checked(check::ACCEPTS_TESTS);
        }
        for (&(v, t), result) in pairs.iter().zip(judged) {
            let section = &mut sections[v];
            section.runs += 1;
            let test = format!("test {}", self.data[t].name);
            match result {
                Ok(Ok(())) => {}
                Ok(Err(InputError { message, .. })) => {
                    section.defect(check::ACCEPTS_TESTS, test, message)
                }
                Err(f) => section.defect(check::NO_CRASH, test, f.problem),
            }
        }
        if built.is_empty() {
            return sections;
        }
        // Together: junk, spoiled tests and invalid inputs rejected by some validator.
        let mut together = ToolSection::new(
            match validators.len() {
                1 => sections[0].tool.clone(),
                _ => "input validators".to_string(),
            },
            "input validators",
        );
        let junk = junk::junk_files();
        // Junk that is one of the package's own tests (an empty input) is valid by definition.
        let mut inputs: Vec<(String, &'static str, Vec<u8>)> = junk
            .iter()
            .filter(|j| !self.data.iter().any(|t| t.input == *j.bytes))
            .map(|j| (j.name.to_string(), check::REJECTS_JUNK, j.bytes.to_vec()))
            .collect();
        let modifications = if lenient_layout {
            Vec::new()
        } else {
            junk::modifications()
        };
        for m in modifications {
            let first = self.data.iter().find_map(|t| {
                let text = std::str::from_utf8(&t.input).ok()?;
                Some((t, m.apply(text)?))
            });
            if let Some((test, modified)) = first {
                inputs.push((
                    format!("test {} with {}", test.name, m.name),
                    check::REJECTS_MODIFIED,
                    modified.into_bytes(),
                ));
            }
        }
        for case in invalid {
            match std::fs::read(&case.input) {
                Ok(bytes) => inputs.push((case.name.clone(), check::REJECTS_INVALID_INPUT, bytes)),
                Err(e) => together.defect(
                    check::REJECTS_INVALID_INPUT,
                    case.name.clone(),
                    format!("cannot be read: {e}"),
                ),
            }
        }
        let refs: Vec<&[u8]> = inputs.iter().map(|(_, _, b)| b.as_slice()).collect();
        let judged = self.all_validators(&built, &refs);
        together.runs += refs.len() * built.len();
        for ((case, check, _), (all_accept, broken)) in inputs.iter().zip(judged) {
            together.checked(check);
            if all_accept {
                let who = match built.len() {
                    1 => "the input validator accepts it".to_string(),
                    _ => "every input validator accepts it".to_string(),
                };
                together.defect(check, case.clone(), who);
            }
            for (v, f) in broken {
                sections[v].defect(check::NO_CRASH, case.clone(), f.problem);
            }
        }
        if validators.len() == 1 {
            let mut only = sections.pop().expect("one validator");
            only.runs += together.runs;
            for c in &together.checks {
                only.checked(c);
            }
            only.findings.extend(together.findings);
            vec![only]
        } else {
            sections.push(together);
            sections
        }
    }

    /// Runs an answer validator: `validator INPUT [ARGS] < ANSWER`, exit 42 valid, 43 invalid.
    fn answer_valid(&self, tool: &Tool, input: &[u8], answer: &[u8]) -> Result<bool, ToolFailure> {
        let _slot = self.slot();
        let call = ToolCall {
            args: vec![ToolArg::File("testcase.in".into())],
            stdin: answer,
            files: vec![("testcase.in", input)],
            ..ToolCall::default()
        };
        let result = tool.call(&self.problem.sandboxes, &self.problem.limits, call)?;
        match (result.outcome.limit_hit, result.outcome.exit) {
            (None, Exit::Code(KATTIS_ACCEPT)) => Ok(true),
            (None, Exit::Code(KATTIS_REJECT)) => Ok(false),
            _ => Err(tool.broken(&result.outcome, &self.problem.limits)),
        }
    }

    fn answer_validators(&self, tests: &ToolTests) -> Vec<ToolSection> {
        let tools = &tests.answer_validators;
        let mut sections: Vec<ToolSection> = tools
            .iter()
            .map(|t| ToolSection::new(self.shown(t), "answer validator"))
            .collect();
        let mut built = Vec::new();
        for (i, tool) in tools.iter().enumerate() {
            sections[i].checked(check::BUILDS);
            match tool.program() {
                Ok(_) => built.push(i),
                Err(f) => sections[i].defect(check::BUILDS, "its source", f.problem),
            }
        }
        let answered: Vec<&Test> = self.data.iter().filter(|t| t.answer.is_some()).collect();
        let pairs: Vec<(usize, usize)> = built
            .iter()
            .flat_map(|&v| (0..answered.len()).map(move |t| (v, t)))
            .collect();
        let judged = par_map(&pairs, self.jobs, |&(v, t)| {
            let test = answered[t];
            self.answer_valid(
                &tools[v],
                &test.input,
                test.answer.as_deref().unwrap_or_default(),
            )
        });
        for &v in &built {
            sections[v].checked(check::ACCEPTS_ANSWERS);
        }
        for (&(v, t), result) in pairs.iter().zip(judged) {
            let section = &mut sections[v];
            section.runs += 1;
            let case = format!("the answer of test {}", answered[t].name);
            match result {
                Ok(true) => {}
                Ok(false) => section.defect(check::ACCEPTS_ANSWERS, case, "rejects it"),
                Err(f) => section.defect(check::NO_CRASH, case, f.problem),
            }
        }
        if built.is_empty() {
            if !tests.invalid_answers.is_empty() && tools.is_empty() {
                let mut s = ToolSection::new("answer validators", "answer validators");
                s.notice(
                    check::REJECTS_INVALID_ANSWER,
                    "data/invalid_answer",
                    "the package has invalid answers but no answer validator (answer_validators/) to reject them",
                );
                sections.push(s);
            }
            return sections;
        }
        let cases: Vec<(&ToolCase, Vec<u8>, Vec<u8>)> = tests
            .invalid_answers
            .iter()
            .filter_map(|c| {
                let input = std::fs::read(&c.input).ok()?;
                let answer = std::fs::read(c.answer.as_ref()?).ok()?;
                Some((c, input, answer))
            })
            .collect();
        let pairs: Vec<(usize, usize)> = (0..cases.len())
            .flat_map(|c| built.iter().map(move |&v| (c, v)))
            .collect();
        let judged = par_map(&pairs, self.jobs, |&(c, v)| {
            self.answer_valid(&tools[v], &cases[c].1, &cases[c].2)
        });
        let mut accepted_by_all = vec![true; cases.len()];
        for (&(c, v), result) in pairs.iter().zip(judged) {
            sections[v].runs += 1;
            sections[v].checked(check::REJECTS_INVALID_ANSWER);
            match result {
                Ok(true) => {}
                Ok(false) => accepted_by_all[c] = false,
                Err(f) => {
                    accepted_by_all[c] = false;
                    sections[v].defect(check::NO_CRASH, cases[c].0.name.clone(), f.problem);
                }
            }
        }
        for (c, all) in accepted_by_all.into_iter().enumerate() {
            if all {
                for &v in &built {
                    sections[v].defect(
                        check::REJECTS_INVALID_ANSWER,
                        cases[c].0.name.clone(),
                        "accepts it",
                    );
                }
            }
        }
        sections
    }

    /// The output validator's verdict on `output` for test `test`.
    fn judge(&self, test: &Test, output: &[u8]) -> Result<bool, ToolFailure> {
        // The same output on the same test is judged once: junk, malformed outputs, mutations
        // and the reference's answer often coincide (an empty output is both junk and a
        // one-token answer with its token dropped).
        let key = {
            use sha2::{Digest, Sha256};
            let mut hasher = Sha256::new();
            for part in [
                test.name.as_bytes(),
                test.answer.as_deref().unwrap_or_default(),
            ] {
                hasher.update((part.len() as u64).to_le_bytes());
                hasher.update(part);
            }
            hasher.update(output);
            <[u8; 32]>::from(hasher.finalize())
        };
        if let Some(known) = lock(&self.judged).get(&key) {
            return known.clone();
        }
        let verdict = self.judge_once(test, output);
        lock(&self.judged).insert(key, verdict.clone());
        verdict
    }

    fn judge_once(&self, test: &Test, output: &[u8]) -> Result<bool, ToolFailure> {
        let _slot = self.slot();
        let input = String::from_utf8_lossy(&test.input);
        let answer = Answer {
            checker_args: test.checker_args.clone(),
            ..Answer::new(String::from_utf8_lossy(
                test.answer.as_deref().unwrap_or_default(),
            ))
        };
        Ok(matches!(
            self.problem.check(&input, &answer, output)?,
            CheckResult::Accepted | CheckResult::Scored(_) | CheckResult::Points(_)
        ))
    }

    /// The tests with an answer: a test without an answer file (a Polygon package's) is
    /// answered by the reference (its answers are cached), one it cannot answer left out.
    fn answered(&self) -> Vec<Test> {
        let problem = self.problem;
        let answered: Vec<Option<Test>> = par_map(self.data, self.jobs, |t| {
            if t.answer.is_some() || !problem.info.has_reference {
                return None;
            }
            let _slot = self.slot();
            let answer = problem.solve(&String::from_utf8_lossy(&t.input)).ok()?;
            Some(Test {
                answer: Some(answer.text.into_bytes()),
                ..t.clone()
            })
        });
        (self.data.iter().zip(answered))
            .filter_map(|(t, a)| a.or(t.answer.is_some().then(|| t.clone())))
            .collect()
    }

    fn output_validator(&self, tests: &ToolTests, answered: &[Test]) -> Vec<ToolSection> {
        let problem = self.problem;
        let (name, role) = match &problem.checker {
            Checker::Default => (
                "the default output validator".to_string(),
                "output validator",
            ),
            Checker::Kattis(tool) => (self.shown(tool), "output validator"),
            Checker::Testlib(tool) | Checker::Cms(tool) => (self.shown(tool), "checker"),
            Checker::WhiteDiff => ("the white-diff comparison".to_string(), "output validator"),
        };
        let mut section = ToolSection::new(name, role);
        if problem.interactor.is_some() {
            section.notice(
                "interactive",
                "the problem",
                "interactive or multi-pass: the output validator talks to submissions, so its \
                 output checks are not made",
            );
            return vec![section];
        }
        if let Some(tool) = problem.checker.tool() {
            section.checked(check::BUILDS);
            if let Err(f) = tool.program() {
                section.defect(check::BUILDS, "its source", f.problem);
                return vec![section];
            }
        }
        let data: Vec<&Test> = answered.iter().collect();
        if problem.checker.tool().is_some() && !data.is_empty() {
            // Junk: not accepted on every test (stop at the first test that rejects it).
            let junk = junk::junk_files();
            let results = par_map(&junk, self.jobs, |j| {
                let mut runs = 0;
                for test in &data {
                    runs += 1;
                    match self.judge(test, &j.bytes) {
                        Ok(true) => {}
                        Ok(false) => return (runs, Ok(false)),
                        Err(f) => return (runs, Err((test.name.clone(), f))),
                    }
                }
                (runs, Ok(true))
            });
            section.checked(check::REJECTS_JUNK_OUTPUT);
            for (j, (runs, result)) in junk.iter().zip(results) {
                section.runs += runs;
                match result {
                    Ok(false) => {}
                    Ok(true) => {
                        section.defect(check::REJECTS_JUNK_OUTPUT, j.name, "accepted on every test")
                    }
                    Err((test, f)) => section.defect(
                        check::NO_CRASH,
                        format!("{} as the output of test {test}", j.name),
                        f.problem,
                    ),
                }
            }
            // Malformed outputs: no judge error.
            let malformed = junk::malformed_outputs();
            let few = &data[..data.len().min(MALFORMED_ON_TESTS)];
            let pairs: Vec<(usize, usize)> = (0..malformed.len())
                .flat_map(|m| (0..few.len()).map(move |t| (m, t)))
                .collect();
            let results = par_map(&pairs, self.jobs, |&(m, t)| {
                self.judge(few[t], &malformed[m].bytes)
            });
            section.checked(check::SURVIVES_MALFORMED);
            section.runs += pairs.len();
            let mut named = std::collections::BTreeSet::new();
            for (&(m, t), result) in pairs.iter().zip(results) {
                if let Err(f) = result {
                    // One finding per malformed output, on the first test it breaks.
                    if named.insert(m) {
                        section.defect(
                            check::SURVIVES_MALFORMED,
                            format!(
                                "{} as the output of test {}",
                                malformed[m].name, few[t].name
                            ),
                            f.problem,
                        );
                    }
                }
            }
        }
        if problem.checker.tool().is_some() && !data.is_empty() {
            self.fuzz(&mut section, &data);
        }
        // The package's invalid and valid outputs.
        for (cases, check, want) in [
            (&tests.invalid_outputs, check::REJECTS_INVALID_OUTPUT, false),
            (&tests.valid_outputs, check::ACCEPTS_VALID_OUTPUT, true),
        ] {
            let read: Vec<(&ToolCase, Option<CaseFiles>)> =
                cases.iter().map(|c| (c, case_files(c))).collect();
            let results = par_map(&read, self.jobs, |(_, files)| {
                files.as_ref().map(|(test, out)| self.judge(test, out))
            });
            for ((case, _), result) in read.iter().zip(results) {
                section.checked(check);
                match result {
                    None => section.defect(
                        check,
                        case.name.clone(),
                        "its .in, .ans or .out file is missing or unreadable",
                    ),
                    Some(Ok(accepted)) if accepted == want => section.runs += 1,
                    Some(Ok(accepted)) => {
                        section.runs += 1;
                        section.defect(
                            check,
                            case.name.clone(),
                            if accepted { "accepts it" } else { "rejects it" },
                        )
                    }
                    Some(Err(f)) => {
                        section.runs += 1;
                        section.defect(check::NO_CRASH, case.name.clone(), f.problem)
                    }
                }
            }
        }
        // The reference's own answers.
        if problem.info.has_reference && !data.is_empty() {
            section.checked(check::ACCEPTS_REFERENCE);
            let results = par_map(&data, self.jobs, |test| {
                let input = String::from_utf8_lossy(&test.input);
                let answer = {
                    let _slot = self.slot();
                    problem.solve(&input)
                };
                match answer {
                    Ok(answer) => Some(self.judge(test, answer.text.as_bytes())),
                    Err(_) => None,
                }
            });
            let mut unanswered = Vec::new();
            for (test, result) in data.iter().zip(results) {
                let case = format!("the reference's output on test {}", test.name);
                match result {
                    None => unanswered.push(test.name.clone()),
                    Some(Ok(true)) => section.runs += 1,
                    Some(Ok(false)) => {
                        section.runs += 1;
                        section.defect(check::ACCEPTS_REFERENCE, case, "rejects it")
                    }
                    Some(Err(f)) => {
                        section.runs += 1;
                        section.defect(check::NO_CRASH, case, f.problem)
                    }
                }
            }
            if !unanswered.is_empty() {
                section.notice(
                    check::ACCEPTS_REFERENCE,
                    format!("test(s) {}", unanswered.join(", ")),
                    "the reference gave no output to check (it failed or cannot be built here)",
                );
            }
        }
        if section.checks.is_empty() {
            return Vec::new();
        }
        vec![section]
    }

    /// The fuzzing pass ([`fuzz`]): each crashing mutation named with its shrunk output.
    fn fuzz(&self, section: &mut ToolSection, data: &[&Test]) {
        let cases: Vec<(&Test, fuzz::Mutation)> = data
            .iter()
            .take(FUZZ_TESTS)
            .filter_map(|t| Some((*t, std::str::from_utf8(t.answer.as_deref()?).ok()?)))
            .flat_map(|(t, answer)| fuzz::mutations(answer).into_iter().map(move |m| (t, m)))
            .collect();
        section.checked(check::FUZZ);
        section.runs += cases.len();
        let results = par_map(&cases, self.jobs, |(test, m)| {
            self.judge(test, &m.output).err()
        });
        let crashes: Vec<(&(&Test, fuzz::Mutation), ToolFailure)> = cases
            .iter()
            .zip(results)
            .filter_map(|(c, r)| Some((c, r?)))
            .collect();
        for ((test, m), failure) in crashes.iter().take(FUZZ_FINDINGS) {
            // Shrink: drop tokens (or halve a long line) while the judge error stays.
            let (mut smallest, mut failure, mut runs) = (m.output.clone(), failure.clone(), 0);
            'shrink: while runs < SHRINK_RUNS {
                for candidate in fuzz::smaller(&smallest) {
                    if runs >= SHRINK_RUNS {
                        break 'shrink;
                    }
                    runs += 1;
                    if let Err(f) = self.judge(test, &candidate) {
                        (smallest, failure) = (candidate, f);
                        continue 'shrink;
                    }
                }
                break;
            }
            section.runs += runs;
            section.defect(
                check::FUZZ,
                format!(
                    "test {}'s answer with {}, shrunk to the output {}",
                    test.name,
                    m.what,
                    fuzz::shown(&smallest)
                ),
                failure.problem,
            );
        }
        if crashes.len() > FUZZ_FINDINGS {
            section.defect(
                check::FUZZ,
                format!("{} more mutations", crashes.len() - FUZZ_FINDINGS),
                "give judge errors too",
            );
        }
    }

    fn generators(&self) -> Vec<ToolSection> {
        let problem = self.problem;
        let mut sections = Vec::new();
        for (kind, generator) in &problem.generators {
            let mut section = ToolSection::new(
                format!("{} (kind {kind})", self.shown(generator.tool())),
                "generator",
            );
            if generator.is_guessed()
                && generator
                    .confirm(&problem.sandboxes, &problem.limits)
                    .is_err()
            {
                // Taken by convention and not a generator after all: nothing to check.
                continue;
            }
            section.checked(check::DETERMINISTIC);
            let seed = 1;
            let runs = par_map(&[0, 1], self.jobs, |_| {
                let _slot = self.slot();
                generator.generate(&problem.sandboxes, &problem.limits, seed)
            });
            section.runs += 2;
            let case = format!("seed {seed}, run twice");
            match (&runs[0], &runs[1]) {
                (Ok(a), Ok(b)) => {
                    // Named, not failed (issue 44: "a clock-seeded generator is named, not
                    // failed"): its tests differ from run to run, so a failure it finds may not
                    // come back, but every input it makes is still checked.
                    if a != b {
                        section.notice(
                            check::DETERMINISTIC,
                            case,
                            format!(
                                "gave different inputs ({} and {} bytes, first difference at \
                                 byte {}): seeded by the clock or the process, its inputs cannot \
                                 be made again from the seed",
                                a.len(),
                                b.len(),
                                a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
                            ),
                        );
                    }
                    section.checked(check::VALID_OUTPUT_OF_GENERATOR);
                    let inputs: Vec<&String> = match a == b {
                        true => vec![a],
                        false => vec![a, b],
                    };
                    for (run, input) in inputs.iter().enumerate() {
                        section.runs += problem.validators.len();
                        let _slot = self.slot();
                        if let Err(e) = problem.validate(input) {
                            let which = match inputs.len() {
                                1 => format!("seed {seed}"),
                                _ => format!("seed {seed}, run {}", run + 1),
                            };
                            section.defect(check::VALID_OUTPUT_OF_GENERATOR, which, e.to_string());
                        }
                    }
                }
                (Err(f), _) | (_, Err(f)) => {
                    section.defect(check::NO_CRASH, case, f.problem.clone())
                }
            }
            sections.push(section);
        }
        sections
    }

    /// A tool as reports name it: its label, with paths inside the package relative to it
    /// (`input validator input_validators/v.py`).
    fn shown(&self, tool: &Tool) -> String {
        match &self.problem.info.origin {
            crate::problem::Origin::Folder(dir) => {
                let prefix = format!("{}/", dir.display().to_string().trim_end_matches('/'));
                tool.label().replace(&prefix, "")
            }
            _ => tool.label().to_string(),
        }
    }
}

/// The test of an invalid or valid output case, and the output.
type CaseFiles = (Test, Vec<u8>);

/// The test and output of an invalid or valid output case, when its files can be read.
fn case_files(case: &ToolCase) -> Option<CaseFiles> {
    let read = |p: &Path| std::fs::read(p).ok();
    Some((
        Test {
            name: case.name.clone(),
            input: read(&case.input)?,
            answer: Some(read(case.answer.as_ref()?)?),
            checker_args: None,
        },
        read(case.output.as_ref()?)?,
    ))
}

/// What identifies the checks' results besides the package's files: every tool checked (its
/// build and arguments); `None` when one does not build (the checks then always run, and say
/// so).
pub fn identity(problem: &ProgramsProblem, tests: &ToolTests) -> Option<String> {
    let mut parts = vec![
        // The checks themselves: results remembered by an earlier set of checks are not these.
        format!("tool checks {CHECKS_VERSION}"),
        problem.judging_identity()?,
        format!("{:?}", problem.limits),
        format!("{:?}", problem.checker_args),
        format!("lenient layout {}", tests.lenient_layout),
    ];
    for validator in &problem.validators {
        parts.push(validator.identity()?);
    }
    for tool in &tests.answer_validators {
        parts.push(tool.identity()?);
    }
    for (kind, generator) in &problem.generators {
        parts.push(format!("{kind} {}", generator.identity()?));
    }
    if let Some(Ok(reference)) = problem.reference() {
        parts.push(reference.identity()?);
    }
    Some(parts.join("\n"))
}
