//! A Polygon package (read by [`crate::problem::polygon`]) in the one problem [`Shape`], run as
//! a [`ProgramsProblem`]: its
//! testset built as Polygon builds it, its validators run on every test, its testlib checker,
//! its `main` solution as the reference, its solutions' tags as expectations, and its stresses
//! (or its generators) as generator kinds.
//!
//! # Building the testset
//!
//! Every program is built from its source (`files/gen.cpp` beside the package's `testlib.h`;
//! the `.exe` files are never run). A generated test runs its command (`gen 10 20`: `gen` is the
//! executable of `files/` with that file stem, never a program on `PATH`) through the generic
//! test-building step ([`crate::programs::test_build`]), cached by content. A manual test is the file the
//! input pattern names (`tests/01`). A test's answer is the answer file (`tests/01.a`) when the
//! package ships it, else the `main` solution's output.
//!
//! Line endings: Polygon keeps manual tests as uploaded, usually with Windows line endings, and
//! converts them for the platform that judges: the export's own `scripts/gen-answer.sh` pipes
//! every test through `files/towin.exe` before the validator on Windows, and Polygon's "Linux"
//! packages hold LF files. stressjudge judges on Linux, so a CRLF in a manual test or an answer
//! file becomes LF (the package is not changed; the converted copy lives in the test cache) and
//! a note counts the files converted.
//!
//! An interactive package (`<interactor>`) runs every solution against its testlib interactor
//! through the run step's interactive running ([`crate::programs::interactor`]): `interactor INPUT
//! OUTPUT ANSWER`, exit 0 OK, 1 WA, 2 PE, 3 FAIL, and the OUTPUT file (`tout`) then goes to
//! the checker as the solution's output. A test's answer is its answer file when the package
//! ships one, else what Polygon makes it: the `main` solution run against the interactor, and
//! the interactor's OUTPUT file ([`Interactor::answer_of`]).
//!
//! Validators run on every test as Polygon calls them: `val --testset tests --group G < input`;
//! a test a validator rejects is left out of the testset with a note carrying the validator's
//! message (the rest is judged). The validators' and the checker's own tests run too, with one
//! note each saying how many gave the verdict the package expects.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::build::BuildLimits;
use crate::build::BuildOptions;
use crate::cache_entry::CheckedCache;
use crate::error::UsageError;
use crate::judge::points_model::{PointsGroup, PointsModel, PointsTest};
use crate::options::AdHocParts;
use crate::problem::adhoc::{self, existing};
use crate::problem::folder::Folder;
use crate::problem::polygon::{self, PolygonPackage, StressSpec, TestMethod, Testset};
use crate::problem::program::Program;
use crate::problem::shape::{AnswerRules, KindSettings, Shape, TestFile};
use crate::problem::submission::Submission;
use crate::problem::tool_tests::{CheckerVerdict, OwnCheckerTest, OwnValidatorTest};
use crate::problem::{Limits, Origin, ProblemInfo, TimeLimitOrigin};
use crate::programs::checker::Checker;
use crate::programs::generator::Generator;
use crate::programs::interactor::{Convention, Interactor};
use crate::programs::sandboxes::ToolSandboxes;
use crate::programs::test_build::{self, Recipe, TestStore};
use crate::programs::tool::{Tool, ToolLimits};
use crate::programs::validator::InputValidator;
use crate::programs::ProgramsProblem;
use crate::run::FileIo;

/// The name a report gives test `index` of a Polygon testset: its number.
fn test_name(index: usize) -> String {
    index.to_string()
}

/// Loads the Polygon package `dir`, with `overrides` replacing its parts.
pub fn load(dir: &Path, overrides: &AdHocParts) -> Result<Folder, UsageError> {
    // A Polygon package has no stressjudge.yaml: the defaults (or the flags).
    crate::build::use_folder_build_limits(
        BuildLimits::default(),
        &dir.join(crate::problem::kattis::STRESS_CONFIG_FILE),
    );
    let package = polygon::load(dir).map_err(|e| UsageError::new(e.to_string()))?;
    let interactor = package_interactor(&package, overrides)?;
    let testset = match &overrides.testset {
        Some(name) => package.testset(name).cloned().ok_or_else(|| {
            UsageError::new(format!(
                "--testset: {} has no testset `{name}` (testsets: {})",
                dir.join(polygon::PROBLEM_XML).display(),
                package
                    .testsets
                    .iter()
                    .map(|t| t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?,
        None => package
            .main_testset()
            .cloned()
            .ok_or_else(|| UsageError::new(format!("{}: no testset", dir.display())))?,
    };
    let mut notes = package.notices.clone();
    if package.testsets.len() > 1 {
        notes.push(format!(
            "testset `{}` is judged (choose another with --testset); the others ({}) are not",
            testset.name,
            package
                .testsets
                .iter()
                .filter(|t| t.name != testset.name)
                .map(|t| t.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    // `<judging input-file="game.in" output-file="game.out">`: solutions (the main one too)
    // read and write those files in their working directory; empty names are the standard
    // streams (the reader keeps them as `None`).
    let package_io = FileIo::named(package.input_file.clone(), package.output_file.clone())
        .map_err(|why| {
            UsageError::new(format!(
                "{}: <judging> file I/O: {why}",
                dir.join(polygon::PROBLEM_XML).display()
            ))
        })?;
    let file_io = overrides.file_io.over(&package_io);
    if !file_io.is_standard() {
        notes.push(format!("file I/O: each solution {file_io}"));
    }
    if interactor
        .as_ref()
        .is_some_and(|i| i.convention() == Convention::Testlib)
    {
        notes.push(
            "a test without an answer file is answered as Polygon does for an interactive \
             problem: the interactor's OUTPUT file when the main solution runs against it"
                .to_string(),
        );
    }
    let sandboxes = ToolSandboxes::new();
    let limits = ToolLimits::default();
    let cache_dir = BuildOptions::default_for_user().cache_dir;
    let store = TestStore::open(&cache_dir);
    let accepted = CheckedCache::new(cache_dir.join("accepted"), "validator acceptance");
    let executables: Vec<(String, Tool)> = package
        .executables
        .iter()
        .map(|p| (stem(p), Tool::new("generator", p)))
        .collect();

    let checker = match (&overrides.checker, &package.checker) {
        (Some(path), _) => Checker::testlib(&existing("--checker", path)?),
        (None, Some(asset)) => {
            if !asset.source.is_file() {
                return Err(UsageError::new(format!(
                    "{}: the checker's source is missing",
                    asset.source.display()
                )));
            }
            Checker::testlib(&asset.source)
        }
        (None, None) => {
            notes.push("no checker: outputs are compared token by token".into());
            Checker::Default
        }
    };
    if let Some(tool) = checker.tool() {
        tool.program()
            .map_err(|f| UsageError::new(format!("{}: {f}", dir.display())))?;
    }

    let (tests, left_out) = build_testset(
        &package,
        &testset,
        &executables,
        &sandboxes,
        &limits,
        &store,
        &mut notes,
    )?;
    notes.extend(left_out.iter().map(LeftOut::describe));
    let tests = validate_testset(
        &package, &testset, tests, &sandboxes, &limits, &accepted, &mut notes,
    )?;
    // The validators' and the checker's own tests run with the tool checks.
    let tool_tests = crate::problem::tool_tests::ToolTests {
        validator_tests: validator_self_tests(&package),
        checker_tests: match (&package.checker, &overrides.checker) {
            (Some(asset), None) => checker_self_tests(asset),
            _ => Vec::new(),
        },
        samples: Some(
            testset
                .tests
                .iter()
                .enumerate()
                .filter(|(_, t)| t.sample)
                .map(|(i, _)| test_name(i + 1))
                .collect(),
        ),
        ..Default::default()
    };

    let generators = match &overrides.generator {
        Some(command) => vec![(
            "random".to_string(),
            Generator::parse(command, Path::new(""))?,
        )],
        None => stress_kinds(&package, &testset)?
            .into_iter()
            .filter(|(kind, _)| !left_out.iter().any(|l| l.program == *kind))
            .collect(),
    };
    // An export may list a solution whose source it does not hold (its author left it out):
    // a note, and the solution is neither verified nor the reference.
    for solution in package.solutions.iter().filter(|s| !s.source.is_file()) {
        notes.push(format!(
            "{} (tag {}): its source is not in the package; not verified",
            relative(dir, &solution.source),
            solution.tag.name()
        ));
    }
    let present: Vec<&polygon::Solution> = package
        .solutions
        .iter()
        .filter(|s| s.source.is_file())
        .collect();
    let references: Vec<PathBuf> = match &overrides.reference {
        Some(path) => vec![existing("--ref", path)?],
        // The `main` solution (Polygon's answers come from it), then the accepted ones, to
        // fall back on when it cannot be built here (kborozdin/palindromic-length's main
        // declares a global `link`, which clashes with POSIX `link()` under g++ on Linux).
        None => present
            .iter()
            .filter(|s| s.tag == polygon::Tag::Main)
            .chain(present.iter().filter(|s| s.tag == polygon::Tag::Accepted))
            .map(|s| s.source.clone())
            .collect(),
    };
    let mut validators: Vec<InputValidator> = package
        .validators
        .iter()
        .map(|v| InputValidator::new(&v.source, vec!["--testset".into(), testset.name.clone()]))
        .collect();
    for path in &overrides.validators {
        validators.push(InputValidator::new(
            &existing("--validator", path)?,
            Vec::new(),
        ));
    }
    let submissions: Vec<Submission> = present
        .iter()
        .map(|s| Submission {
            program: Program::at(&s.source),
            category: s.tag.name().to_string(),
            expected: s.tag.expectation(),
            language: None,
            entrypoint: None,
            expectation_source: format!("problem.xml tag {}", s.tag.name()),
        })
        .collect();
    let submissions_place = solutions_place(&notes);
    let info = ProblemInfo {
        id: dir.display().to_string(),
        title: package.title.clone(),
        limits: Limits {
            time: testset.time_limit,
            memory_bytes: testset.memory_bytes,
        },
        output_limit_bytes: None,
        kinds: Vec::new(),
        generator_name: String::new(),
        has_reference: !references.is_empty(),
        time_limit_origin: TimeLimitOrigin::Given,
        notes,
        origin: Origin::Folder(dir.to_path_buf()),
        file_io,
        // Polygon's invokers limit memory, not address space.
        address_space_limit: false,
    };
    // A testlib interactor's answers are what Polygon makes them: its output file when the main
    // solution runs against it.
    let through_interactor = interactor
        .as_ref()
        .is_some_and(|i| i.convention() == Convention::Testlib);
    let mut shape = Shape {
        info,
        generators,
        kind_settings: match overrides.generator {
            None => kind_settings(&package),
            Some(_) => Vec::new(),
        },
        references: references
            .iter()
            .map(|p| Tool::new("reference", p))
            .collect(),
        validators,
        checker,
        checker_args: Vec::new(),
        interactor,
        tests,
        left_out: left_out.iter().map(LeftOut::describe).collect(),
        answers: AnswerRules {
            // Polygon makes answer files with the main solution (scripts/gen-answer.sh) and
            // keeps an empty one: a test whose right answer is empty exists.
            empty_is_valid: true,
            through_interactor,
        },
    };
    // A program the flags name from inside a Kattis package is built as its package says.
    crate::problem::kattis::build_plan::declare_builds(&mut shape);
    let problem = ProgramsProblem::new(shape);
    Ok(Folder {
        problem,
        submissions,
        time_limit_rule: None,
        // Polygon has no such rule: the 2023-07 defaults.
        rule: crate::problem::kattis::default_time_limit_rule(
            crate::problem::kattis::FormatVersion::V2023_07,
        ),
        points: Some(points_model(
            &testset,
            (package.checker.as_ref()).is_some_and(|c| gives_points(&c.source)),
        )),
        // A Polygon package's solutions are shown from the package (`solutions/a.cpp`).
        submissions_root: dir.to_path_buf(),
        submissions_place,
        grading: None,
        grader: None,
        subtasks: None,
        lower_bound_from_accepted_only: false,
        tool_tests,
    })
}

/// What scoring by points needs of the judged `testset`, its tests named as reports name them
/// ([`test_name`]); `checker_gives_points` as [`gives_points`] says of the checker.
fn points_model(testset: &Testset, checker_gives_points: bool) -> PointsModel {
    PointsModel {
        tests: (testset.tests.iter())
            .map(|t| PointsTest {
                name: test_name(t.index),
                group: t.group.clone(),
                points: t.points,
            })
            .collect(),
        groups: (testset.groups.iter())
            .map(|g| PointsGroup {
                name: g.name.clone(),
                points: g.points,
                policy: g.policy,
                dependencies: g.dependencies.clone(),
            })
            .collect(),
        checker_points_percent: testset.checker_points_percent,
        checker_gives_points,
    }
}

/// Where a package's solutions are looked for, for the error when none is there: the
/// `<solutions>` of problem.xml, with the `notes` on solutions whose source the export left
/// out.
fn solutions_place(notes: &[String]) -> String {
    let missing: Vec<&str> = (notes.iter())
        .filter(|n| n.contains("its source is not in the package"))
        .map(String::as_str)
        .collect();
    if missing.is_empty() {
        "the <solutions> of problem.xml".to_string()
    } else {
        format!("the <solutions> of problem.xml ({})", missing.join("; "))
    }
}

/// The interactor of an interactive package: `--interactor` when given, else the package's
/// `<interactor>`, a testlib interactor (`interactor INPUT OUTPUT ANSWER`, exit 0 OK, 1 WA,
/// 2 PE, 3 FAIL), whose OUTPUT file the checker then judges as the solution's output.
fn package_interactor(
    package: &PolygonPackage,
    overrides: &AdHocParts,
) -> Result<Option<Interactor>, UsageError> {
    if let Some(given) = adhoc::interactor(overrides)? {
        return Ok(Some(given));
    }
    let Some(source) = &package.interactor else {
        return Ok(None);
    };
    if !source.is_file() {
        return Err(UsageError::new(format!(
            "{}: the interactor's source is missing (<interactor> in {})",
            source.display(),
            polygon::PROBLEM_XML
        )));
    }
    Ok(Some(Interactor::interactive(source, Convention::Testlib)))
}

/// Whether the checker source at `path` can give points (testlib's `quitp(...)` or
/// `quitf(_points, ...)`). A checker that cannot be read here gives none; building it reports
/// why.
fn gives_points(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|bytes| {
        let text = String::from_utf8_lossy(&bytes);
        text.contains("quitp") || text.contains("_points")
    })
}

/// The file stem of a path: `gen` for `files/gen.cpp`.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn relative(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).display().to_string()
}

/// `bytes` with every CRLF turned into LF, or `None` when there is none.
pub fn crlf_to_lf(bytes: &[u8]) -> Option<Vec<u8>> {
    if !bytes.windows(2).any(|w| w == b"\r\n") {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    Some(out)
}

/// A manual file of the package as judged: itself, or its LF copy in the test cache.
fn judged_file(path: &Path, store: &TestStore, converted: &mut usize) -> Result<PathBuf, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot be read: {e}"))?;
    match crlf_to_lf(&bytes) {
        None => Ok(path.to_path_buf()),
        Some(lf) => {
            *converted += 1;
            store
                .put_content(&lf)
                .map_err(|e| format!("its LF copy cannot be written for judging: {e}"))
        }
    }
}

/// The testset's files: manual ones from the package, generated ones built.
/// The tests one generator could not make: it does not build, or it failed on them.
#[derive(Debug, Clone)]
struct LeftOut {
    /// The generator's name in the testset's commands (`gen`).
    program: String,
    /// Why, the first failure's words.
    why: String,
    /// The tests left out, by index.
    tests: Vec<usize>,
}

impl LeftOut {
    /// One line for the reports.
    fn describe(&self) -> String {
        format!(
            "{}; test(s) {} left out, so no verdict is complete without them",
            self.why,
            self.tests
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// The built tests by index, and the tests each failing generator left out.
type BuiltTestset = (Vec<(usize, TestFile)>, Vec<LeftOut>);

/// The testset's input and answer files by test index, and the tests each failing generator
/// left out (the rest are judged).
fn build_testset(
    package: &PolygonPackage,
    testset: &Testset,
    executables: &[(String, Tool)],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    store: &TestStore,
    notes: &mut Vec<String>,
) -> Result<BuiltTestset, UsageError> {
    let dir = &package.dir;
    let mut converted = 0;
    let mut recipes = Vec::new();
    let mut inputs: Vec<Option<PathBuf>> = Vec::new();
    for test in &testset.tests {
        match &test.method {
            TestMethod::Manual => {
                let path = judged_file(&test.input, store, &mut converted).map_err(|why| {
                    UsageError::new(format!(
                        "{} (test {}, manual): {why}",
                        test.input.display(),
                        test.index
                    ))
                })?;
                inputs.push(Some(path));
            }
            TestMethod::Generated { program, args } => {
                let Some((_, tool)) = executables.iter().find(|(name, _)| name == program) else {
                    return Err(UsageError::new(format!(
                        "{}: test {} runs `{program}`, which is not one of the package's \
                         executables ({})",
                        dir.join(polygon::PROBLEM_XML).display(),
                        test.index,
                        executables
                            .iter()
                            .map(|(n, _)| n.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                };
                recipes.push(Recipe {
                    name: format!("test {} (`{program} {}`)", test.index, args.join(" ")),
                    generator: tool,
                    args: args.clone(),
                });
                inputs.push(None);
            }
        }
    }
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut built =
        test_build::build_inputs_each(&recipes, sandboxes, limits, store, jobs).into_iter();
    let mut left_out: Vec<LeftOut> = Vec::new();
    let mut shipped_differ = Vec::new();
    let mut shipped_same = 0;
    let mut files = Vec::new();
    for (test, input) in testset.tests.iter().zip(inputs) {
        let input = match input {
            Some(path) => path,
            None => {
                let path = match built.next().expect("one built input per generated test") {
                    Ok(path) => path,
                    Err(failure) => {
                        let TestMethod::Generated { program, .. } = &test.method else {
                            unreachable!("only generated tests are built");
                        };
                        match left_out.iter_mut().find(|l| l.program == *program) {
                            Some(known) => known.tests.push(test.index),
                            None => left_out.push(LeftOut {
                                program: program.clone(),
                                why: failure.to_string(),
                                tests: vec![test.index],
                            }),
                        }
                        continue;
                    }
                };
                // A full package ships the generated tests: they must be the bytes built here.
                if let Ok(shipped) = std::fs::read(&test.input) {
                    let shipped = crlf_to_lf(&shipped).unwrap_or(shipped);
                    if std::fs::read(&path).is_ok_and(|b| b == shipped) {
                        shipped_same += 1;
                    } else {
                        shipped_differ.push(test.index.to_string());
                    }
                }
                path
            }
        };
        let answer = if test.answer.is_file() {
            Some(
                judged_file(&test.answer, store, &mut converted).map_err(|why| {
                    UsageError::new(format!(
                        "{} (answer of test {}): {why}",
                        test.answer.display(),
                        test.index
                    ))
                })?,
            )
        } else {
            None
        };
        files.push((
            test.index,
            TestFile {
                name: test_name(test.index),
                input,
                answer,
                checker_args: None,
                interaction: None,
            },
        ));
    }
    if converted > 0 {
        notes.push(format!(
            "{converted} manual test or answer file(s) with Windows line endings (CRLF) judged \
             with LF line endings, as Polygon prepares them for Linux"
        ));
    }
    if shipped_same > 0 || !shipped_differ.is_empty() {
        notes.push(format!(
            "{shipped_same} generated test(s) equal the package's own files byte for byte{}",
            if shipped_differ.is_empty() {
                String::new()
            } else {
                format!(
                    "; test(s) {} differ (the freshly generated ones are judged)",
                    shipped_differ.join(", ")
                )
            }
        ));
    }
    Ok((files, left_out))
}

/// Runs every validator on every test (`--testset NAME --group G`); a rejected test is left
/// out with a note.
fn validate_testset(
    package: &PolygonPackage,
    testset: &Testset,
    tests: Vec<(usize, TestFile)>,
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    accepted: &CheckedCache,
    notes: &mut Vec<String>,
) -> Result<Vec<TestFile>, UsageError> {
    let given = tests.len();
    let mut kept = Vec::new();
    // One validator per (program, group): the same program, built once, with its flags.
    let mut validators: Vec<(usize, Option<String>, InputValidator)> = Vec::new();
    for (index, file) in tests {
        let group = testset
            .tests
            .iter()
            .find(|t| t.index == index)
            .and_then(|t| t.group.clone());
        let input = std::fs::read_to_string(&file.input).map_err(|e| {
            UsageError::new(format!(
                "{} (test {index}): not UTF-8 text or unreadable: {e}",
                file.input.display()
            ))
        })?;
        let mut rejected = None;
        for (v, asset) in package.validators.iter().enumerate() {
            if !validators.iter().any(|(i, g, _)| *i == v && *g == group) {
                let mut flags = vec!["--testset".to_string(), testset.name.clone()];
                if let Some(g) = &group {
                    flags.extend(["--group".to_string(), g.clone()]);
                }
                validators.push((v, group.clone(), InputValidator::new(&asset.source, flags)));
            }
            let (_, _, validator) = validators
                .iter()
                .find(|(i, g, _)| *i == v && *g == group)
                .expect("added above");
            // An acceptance is a checked cache entry: the same validator build, flags and input
            // are accepted again without a run (a rejection always runs, for its message). A
            // damaged entry is a miss: the validator runs again.
            let accepted_key = validation_key(validator, &group, &testset.name, &input);
            if accepted_key
                .as_ref()
                .is_some_and(|key| accepted.get(key).is_some_and(|e| e == ACCEPTED))
            {
                continue;
            }
            match validator.validate(sandboxes, limits, &input) {
                Ok(Ok(())) => {
                    if let Some(key) = &accepted_key {
                        // A cache that cannot be written only costs a run next time.
                        accepted.put(key, ACCEPTED);
                    }
                }
                Ok(Err(why)) => {
                    rejected = Some(why.to_string());
                    break;
                }
                Err(failure) => {
                    return Err(UsageError::new(format!(
                        "{}: test {index}: {failure}",
                        package.dir.display()
                    )))
                }
            }
        }
        match rejected {
            Some(why) => notes.push(format!("test {index} left out: {why}")),
            None => kept.push(file),
        }
    }
    if kept.is_empty() && given > 0 {
        return Err(UsageError::new(format!(
            "{}: the validator rejects every test; nothing to judge",
            package.dir.display()
        )));
    }
    Ok(kept)
}

/// The content of a validator acceptance entry.
const ACCEPTED: &[u8] = b"accepted\n";

/// The cache key of "this validator accepts this input with these flags", when the validator
/// builds.
fn validation_key(
    validator: &InputValidator,
    group: &Option<String>,
    testset: &str,
    input: &str,
) -> Option<String> {
    use sha2::{Digest, Sha256};
    let tool = validator.tool();
    let program = tool.program().ok()?;
    let mut hasher = Sha256::new();
    hasher.update(b"stressjudge validation v1\0");
    hasher.update(
        crate::programs::answers::reference_key(&program.content_hash, tool.path()).as_bytes(),
    );
    hasher.update([0]);
    hasher.update(testset.as_bytes());
    hasher.update([0]);
    hasher.update(group.as_deref().unwrap_or("").as_bytes());
    hasher.update([0]);
    hasher.update(input.as_bytes());
    Some(format!("valid-{}", crate::build::hex_digest(hasher)))
}

/// A package file for a tool test: read, with CRLF made LF as for the testset's files.
fn read_converted(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path)
        .map(|b| crlf_to_lf(&b).unwrap_or(b))
        .map_err(|e| format!("{} cannot be read: {e}", path.display()))
}

/// The validators' own tests (`<validator><testset>`: `files/tests/validator-tests/NN`, each
/// `<test verdict="valid|invalid">`, optionally with the `testset` and `group` to call the
/// validator with, as Polygon's exports write them, e.g. Marlinpa/tree-of-segments'
/// `problem.xml`), for the tool checks.
fn validator_self_tests(package: &PolygonPackage) -> Vec<OwnValidatorTest> {
    let mut out = Vec::new();
    for asset in &package.validators {
        for test in &asset.tests {
            let mut flags = Vec::new();
            if let Some(t) = &test.testset {
                flags.extend(["--testset".to_string(), t.clone()]);
            }
            if let Some(g) = &test.group {
                flags.extend(["--group".to_string(), g.clone()]);
            }
            out.push(OwnValidatorTest {
                name: format!("validator test {}", test.index),
                source: asset.source.clone(),
                validator: InputValidator::new(&asset.source, flags),
                input: read_converted(&test.input),
                valid: test.valid,
            });
        }
    }
    out
}

/// The checker's own tests (`<checker><testset>`: `files/tests/checker-tests/NN` with `NN.o`
/// the output and `NN.a` the answer, each `<test verdict="ok|wrong-answer|...">`), for the
/// tool checks.
fn checker_self_tests(asset: &polygon::CheckerAsset) -> Vec<OwnCheckerTest> {
    asset
        .tests
        .iter()
        .map(|test| {
            let expected = CheckerVerdict::parse(&test.verdict);
            let files = match (
                read_converted(&test.input),
                read_converted(&test.output),
                read_converted(&test.answer),
            ) {
                _ if expected.is_none() => Err(format!(
                    "its verdict `{}` is none of Polygon's (ok, wrong-answer, \
                     presentation-error, crashed, points)",
                    test.verdict
                )),
                (Ok(i), Ok(o), Ok(a)) => Ok((i, o, a)),
                (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => Err(e),
            };
            OwnCheckerTest {
                name: format!("checker test {}", test.index),
                files,
                expected: expected.unwrap_or(CheckerVerdict::Ok),
            }
        })
        .collect()
}

/// The generator kinds `stress` runs: one per stress of the package (`stress-001`, ...), else
/// one per generator the testset uses, with the arguments of its test whose numbers are
/// largest (the seed appended, so testlib seeds each run differently).
fn stress_kinds(
    package: &PolygonPackage,
    testset: &Testset,
) -> Result<Vec<(String, Generator)>, UsageError> {
    let find = |program: &str, what: &str| {
        package
            .executable(program)
            .map(Path::to_path_buf)
            .ok_or_else(|| {
                UsageError::new(format!(
                    "{}: {what} runs `{program}`, which is not one of the package's executables",
                    package.dir.display()
                ))
            })
    };
    if !package.stresses.is_empty() {
        let mut kinds = Vec::new();
        for stress in &package.stresses {
            let program = find(&stress.program, &stress.name)?;
            let spec: StressSpec = stress.clone();
            kinds.push((
                stress.name.clone(),
                Generator::with_seed_args(&program, Arc::new(move |seed| spec.args_for_seed(seed))),
            ));
        }
        return Ok(kinds);
    }
    let mut largest: Vec<(String, Vec<String>)> = Vec::new();
    for test in &testset.tests {
        let TestMethod::Generated { program, args } = &test.method else {
            continue;
        };
        match largest.iter_mut().find(|(p, _)| p == program) {
            Some((_, best)) if size(args) >= size(best) => *best = args.clone(),
            Some(_) => {}
            None => largest.push((program.clone(), args.clone())),
        }
    }
    let mut kinds = Vec::new();
    for (program, args) in largest {
        let path = find(&program, "the testset")?;
        kinds.push((
            program,
            Generator::with_seed_args(
                &path,
                Arc::new(move |seed| {
                    let mut words = args.clone();
                    words.push(seed.to_string());
                    words
                }),
            ),
        ));
    }
    Ok(kinds)
}

/// What each stress sets for its kind: the solutions it stresses and its time limit (Polygon's
/// stress page: a script, the solutions to run on its tests, a time limit per test).
fn kind_settings(package: &PolygonPackage) -> Vec<KindSettings> {
    package
        .stresses
        .iter()
        .map(|stress| KindSettings {
            kind: stress.name.clone(),
            solutions: stress.solutions.clone(),
            time_limit: stress.time_limit,
            memory_bytes: stress.memory_bytes,
            total_time: stress.total_time,
        })
        .collect()
}

/// How large a command's arguments are: the sum of the numbers in them (`--n=100` counts 100).
fn size(args: &[String]) -> f64 {
    args.iter()
        .filter_map(|a| {
            let digits = a.rsplit('=').next().unwrap_or(a);
            digits.parse::<f64>().ok().filter(|v| v.is_finite())
        })
        .map(f64::abs)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_becomes_lf_and_lone_cr_stays() {
        assert_eq!(crlf_to_lf(b"1 2\r\n3\r\n").unwrap(), b"1 2\n3\n");
        assert_eq!(crlf_to_lf(b"a\rb\r\n").unwrap(), b"a\rb\n");
        assert_eq!(crlf_to_lf(b"1\n"), None);
    }

    #[test]
    fn larger_commands_are_those_with_larger_numbers() {
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert!(size(&words("--n=100000 5")) > size(&words("--n=10 5")));
        assert_eq!(size(&words("--type=tree")), 0.0);
    }
}
