//! A package's `data/` built from its BAPCtools `generators.yaml` plan
//! ([`crate::problem::kattis::generators_yaml`]): every `generate:` command run through the
//! test-building step ([`crate::programs::test_build`], cached by content, so a second command runs no
//! generator), `copy:` and inline files added, answers written by the plan's solution (its
//! answers cached by [`crate::programs::answers::AnswerCache`]), included cases repeated, and each
//! directory's `test_group.yaml` written.
//!
//! The result is a map of file paths under `data/` to bytes: [`write()`] lays it out (for the
//! judge in this process's working folder, or the package's own `data/` for `generate`), and
//! [`compare`] checks it against a committed `data/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::build_plan::build_plan_of;
use crate::build::BuildOptions;
use crate::cache_entry::sha256_hex;
use crate::error::UsageError;
use crate::problem::kattis::generators_yaml::{
    GenerationPlan, PlannedCase, PlannedCommand, SolutionChoice, CASE_EXTENSIONS,
};
use crate::problem::kattis::Package;
use crate::problem::ToolFailure;
use crate::programs::answers::{self, AnswerCache};
use crate::programs::generator::Generator;
use crate::programs::generator_command::GeneratorCommand;
use crate::programs::sandboxes::ToolSandboxes;
use crate::programs::test_build::{self, FileRecipe, TestStore};
use crate::programs::tool::{Tool, ToolCall, ToolLimits};

// `stressjudge generate` reaches the Kattis reader through this module alone
// ([`crate::problem::generated_data`]): the package whose plan it builds, and the plan file
// it names when there is none.
pub use super::generators_yaml::GENERATORS_YAML;
pub use super::load as load_package;

/// A built `data/`: relative paths (`secret/03.in`, `secret/test_group.yaml`) and their bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BuiltData {
    /// Every file, by its path under `data/`.
    pub files: BTreeMap<String, Vec<u8>>,
    /// How many test cases (`.in` files, included ones counted where they are repeated).
    pub cases: usize,
    /// Cases whose generator does not build or failed and whose files are nowhere (not
    /// committed in `data/` either), one line per generator naming it, why and the cases:
    /// left out of the data, so no judgement on it is complete.
    pub left_out: Vec<String>,
    /// Cases whose generator does not build or failed but whose files are committed in
    /// `data/`, one line per generator naming it, why and the cases: the committed files are
    /// judged in their place (a case is missing only when it has no file anywhere).
    pub from_committed: Vec<String>,
    /// The programs (as `generate:` names them) behind [`BuiltData::left_out`].
    pub failed_programs: Vec<String>,
    /// Cases left out because nothing writes their answer (`solution:` left empty, as old
    /// BAPCtools packages have it; `bt run` skips a case without an answer).
    pub unanswered: Vec<String>,
}

/// How a built `data/` compares with a folder's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Files equal byte for byte.
    pub same: usize,
    /// Files whose bytes differ.
    pub differ: Vec<String>,
    /// Files the plan makes that the folder lacks.
    pub missing: Vec<String>,
    /// Test files (`.in`, `.ans`) of the folder the plan does not make.
    pub extra: Vec<String>,
}

impl Comparison {
    /// One line for the notes.
    pub fn describe(&self) -> String {
        let list = |what: &[String]| {
            let shown: Vec<&str> = what.iter().take(8).map(String::as_str).collect();
            let more = what.len().saturating_sub(8);
            if more > 0 {
                format!("{} and {more} more", shown.join(", "))
            } else {
                shown.join(", ")
            }
        };
        let mut parts = vec![format!(
            "generators.yaml checked against data/: {} file(s) equal byte for byte",
            self.same
        )];
        if !self.differ.is_empty() {
            parts.push(format!(
                "{} differ ({})",
                self.differ.len(),
                list(&self.differ)
            ));
        }
        if !self.missing.is_empty() {
            parts.push(format!(
                "{} missing from data/ ({})",
                self.missing.len(),
                list(&self.missing)
            ));
        }
        if !self.extra.is_empty() {
            parts.push(format!(
                "{} in data/ not made by generators.yaml ({})",
                self.extra.len(),
                list(&self.extra)
            ));
        }
        let mut line = parts.join("; ");
        if !self.differ.is_empty() || !self.missing.is_empty() || !self.extra.is_empty() {
            line.push_str(
                " (the built data is judged, as `bt run` regenerates data/ first; `stressjudge generate` writes it)",
            );
        }
        line
    }
}

/// What a write changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// Files that did not exist.
    pub new: usize,
    /// Files whose bytes changed.
    pub changed: usize,
    /// Files already equal.
    pub unchanged: usize,
    /// Test files in the folder the plan does not make (left alone).
    pub unknown: Vec<String>,
}

/// Builds the plan's `data/`.
pub fn build(package: &Package, plan: &GenerationPlan) -> Result<BuiltData, UsageError> {
    let shown = plan.file.display().to_string();
    let fail = |case: &PlannedCase, why: String| {
        UsageError::new(format!("{shown} line {} ({}): {why}", case.line, case.path))
    };
    let sandboxes = ToolSandboxes::new();
    let limits = ToolLimits::default();
    let cache_dir = BuildOptions::default_for_user().cache_dir;
    let store = TestStore::open(&cache_dir);
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());

    // The generator programs, each built once.
    let mut tools: BTreeMap<String, Tool> = BTreeMap::new();
    for case in &plan.cases {
        if let Some(command) = &case.generate {
            if !tools.contains_key(&command.program) {
                let path = program_path(plan, &command.program).map_err(|why| fail(case, why))?;
                tools.insert(
                    command.program.clone(),
                    Tool::new("generator", &path).planned(build_plan_of(&path)),
                );
            }
        }
    }
    let mut recipes = Vec::new();
    let mut generated_cases = Vec::new();
    for (i, case) in plan.cases.iter().enumerate() {
        let Some(command) = &case.generate else {
            continue;
        };
        recipes.push(FileRecipe {
            name: format!("line {} ({})", case.line, case.path),
            generator: &tools[&command.program],
            attempts: (0..u64::from(case.retries.max(1)))
                .map(|retry| command.args_for_seed((command.seed + retry) % (1 << 31)))
                .collect(),
            collect: CASE_EXTENSIONS
                .iter()
                .map(|ext| format!("testcase.{ext}"))
                .collect(),
        });
        generated_cases.push(i);
    }
    let built = test_build::build_files_each(&recipes, &sandboxes, &limits, &store, jobs);
    let mut generated: BTreeMap<usize, Result<test_build::BuiltFiles, ToolFailure>> =
        generated_cases.into_iter().zip(built).collect();
    // A generator that does not build or fails: its cases committed in data/ keep their
    // committed files, the others are left out; one line per generator for each.
    let mut failed: Vec<(String, String, Vec<String>)> = Vec::new();
    let mut kept: Vec<(String, String, Vec<String>)> = Vec::new();
    let mut committed_files: BTreeMap<usize, BTreeMap<String, Vec<u8>>> = BTreeMap::new();
    let mut skip = vec![false; plan.cases.len()];
    for (i, result) in &generated {
        let Err(failure) = result else { continue };
        let case = &plan.cases[*i];
        let program = &case.generate.as_ref().expect("generated").program;
        let committed =
            committed_case(&package.dir.join("data"), &case.path).map_err(|why| fail(case, why))?;
        let list = match committed {
            Some(files) => {
                committed_files.insert(*i, files);
                &mut kept
            }
            None => {
                skip[*i] = true;
                &mut failed
            }
        };
        match list.iter_mut().find(|(p, _, _)| p == program) {
            Some((_, _, cases)) => cases.push(case.path.clone()),
            None => list.push((
                program.clone(),
                format!("{shown} line {}: {failure}", case.line),
                vec![case.path.clone()],
            )),
        }
    }

    // Each case's files: generated, then copied, then written inline, then linked.
    let mut case_files: Vec<BTreeMap<String, Vec<u8>>> = Vec::with_capacity(plan.cases.len());
    for (i, case) in plan.cases.iter().enumerate() {
        let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        if skip[i] {
            case_files.push(files);
            continue;
        }
        if let Some(committed) = committed_files.remove(&i) {
            files = committed;
        } else if let Some(Ok(made)) = generated.remove(&i) {
            let command = case.generate.as_ref().expect("generated");
            for (name, bytes) in made.files {
                if let Some(ext) = name.strip_prefix("testcase.") {
                    files.insert(ext.to_string(), bytes);
                }
            }
            if !files.contains_key("in") {
                if made.stdout.is_empty() {
                    return Err(fail(
                        case,
                        format!(
                            "generator `{}` neither printed an input nor wrote testcase.in",
                            command.text
                        ),
                    ));
                }
                files.insert("in".to_string(), made.stdout);
            }
        }
        if let Some(base) = &case.copy {
            let mut copied = false;
            for ext in CASE_EXTENSIONS {
                let mut name = base.clone().into_os_string();
                name.push(format!(".{ext}"));
                let path = PathBuf::from(name);
                if path.is_file() {
                    let bytes = std::fs::read(&path).map_err(|e| {
                        fail(case, format!("{}: cannot be read: {e}", path.display()))
                    })?;
                    files.insert(ext.to_string(), bytes);
                    copied = true;
                }
            }
            if !copied && case.manual {
                return Err(fail(
                    case,
                    format!(
                        "an empty entry is a test case already in data/, but {}.in does not exist",
                        base.display()
                    ),
                ));
            }
            if !copied {
                return Err(fail(
                    case,
                    format!(
                        "copy: no file {}.in (or another test file) exists",
                        base.display()
                    ),
                ));
            }
        }
        for (ext, text) in &case.inline {
            files.insert(ext.clone(), text.clone().into_bytes());
        }
        for (ext, target) in &case.links {
            if let Some(bytes) = files.get(target).cloned() {
                files.insert(ext.clone(), bytes);
            }
        }
        let has_input = files.contains_key("in")
            || (case.root == "sample"
                && files.contains_key("in.statement")
                && files.contains_key("in.download"));
        if !has_input {
            return Err(fail(case, "makes no .in file".to_string()));
        }
        case_files.push(files);
    }

    answer_cases(package, plan, &mut case_files, &skip)?;

    let mut data = BuiltData {
        failed_programs: failed
            .iter()
            .chain(&kept)
            .map(|(p, _, _)| p.clone())
            .collect(),
        from_committed: kept
            .into_iter()
            .map(|(_, why, cases)| {
                format!(
                    "{why}; test case(s) {} could not be regenerated, so their files committed \
                     in data/ are judged",
                    cases.join(", ")
                )
            })
            .collect(),
        left_out: failed
            .into_iter()
            .map(|(_, why, cases)| {
                format!(
                    "{why}; test case(s) {} left out, so no verdict is complete without them",
                    cases.join(", ")
                )
            })
            .collect(),
        ..BuiltData::default()
    };
    // A case with no answer (nothing writes it) is not judged, as `bt run` skips it.
    let interactive = package.problem_type.interactive || package.problem_type.multi_pass;
    for (i, case) in plan.cases.iter().enumerate() {
        if !skip[i] && case.wants_answer() && !interactive && !case_files[i].contains_key("ans") {
            skip[i] = true;
            data.unanswered.push(case.path.clone());
        }
    }
    for group in &plan.groups {
        for (name, text) in &group.files {
            data.files
                .insert(join(&group.path, name), text.clone().into_bytes());
        }
    }
    for ((case, files), skipped) in plan.cases.iter().zip(&case_files).zip(&skip) {
        if !skipped {
            data.put_case(&case.path, files);
        }
    }
    for (dir, i) in plan.includes.iter().filter(|(_, i)| !skip[*i]) {
        let case = &plan.cases[*i];
        data.put_case(&join(dir, case.file_name()), &case_files[*i]);
    }
    Ok(data)
}

/// The files of case `path` (`secret/03`) committed in the package's `data/` folder: each
/// test file `path.EXT` there, by extension; `None` when it has no `.in` (the case has no file
/// anywhere, or only stray ones).
fn committed_case(data: &Path, path: &str) -> Result<Option<BTreeMap<String, Vec<u8>>>, String> {
    let mut files = BTreeMap::new();
    for ext in CASE_EXTENSIONS {
        let file = data.join(format!("{path}.{ext}"));
        if file.is_file() {
            let bytes = std::fs::read(&file)
                .map_err(|e| format!("{}: cannot be read: {e}", file.display()))?;
            files.insert(ext.to_string(), bytes);
        }
    }
    Ok(files.contains_key("in").then_some(files))
}

impl BuiltData {
    /// Adds a case's files as `path.EXT`.
    fn put_case(&mut self, path: &str, files: &BTreeMap<String, Vec<u8>>) {
        for (ext, bytes) in files {
            self.files.insert(format!("{path}.{ext}"), bytes.clone());
        }
        if files.contains_key("in") {
            self.cases += 1;
        }
    }
}

/// `dir/name`, or `name` at the root.
fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// Answers written by one thread: case index and the answer's bytes.
type Answered = Vec<(usize, Vec<u8>)>;

/// Writes the `.ans` of every case that has none: empty for an interactive or multi-pass
/// problem, else its solution's output on the input.
fn answer_cases(
    package: &Package,
    plan: &GenerationPlan,
    case_files: &mut [BTreeMap<String, Vec<u8>>],
    skip: &[bool],
) -> Result<(), UsageError> {
    let shown = plan.file.display().to_string();
    let interactive = package.problem_type.interactive || package.problem_type.multi_pass;
    let default_solution = package
        .submissions
        .iter()
        .find(|s| s.is_accepted())
        .map(|s| s.program.path.clone());
    let mut wanted: Vec<(usize, PathBuf)> = Vec::new();
    for (i, case) in plan.cases.iter().enumerate() {
        let files = &mut case_files[i];
        if skip[i] || files.contains_key("ans") || !case.wants_answer() || !files.contains_key("in")
        {
            continue;
        }
        if interactive {
            files.insert("ans".to_string(), Vec::new());
            continue;
        }
        let solution = match &case.solution {
            SolutionChoice::Given(path) => path.clone(),
            SolutionChoice::Default => default_solution.clone().ok_or_else(|| {
                UsageError::new(format!(
                    "{shown} line {} ({}): no .ans is made and there is no solution: key nor an \
                     accepted submission to write it",
                    case.line, case.path
                ))
            })?,
            // No answer: the case is left out of the data (see [`build`]).
            SolutionChoice::Disabled => continue,
        };
        wanted.push((i, solution));
    }
    if wanted.is_empty() {
        return Ok(());
    }
    let sandboxes = ToolSandboxes::new();
    let limits = ToolLimits::default();
    let answers = AnswerCache::new(&BuildOptions::default_for_user().cache_dir);
    let mut tools: BTreeMap<PathBuf, Tool> = BTreeMap::new();
    for (_, path) in &wanted {
        tools
            .entry(path.clone())
            .or_insert_with(|| Tool::new("solution", path).planned(build_plan_of(path)));
    }
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = wanted.len().div_ceil(jobs.max(1)).max(1);
    let inputs: Vec<(usize, &Tool, &[u8])> = wanted
        .iter()
        .map(|(i, path)| (*i, &tools[path], case_files[*i]["in"].as_slice()))
        .collect();
    let results: Vec<Result<Answered, UsageError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = inputs
            .chunks(chunk)
            .map(|part| {
                let (sandboxes, limits, answers, shown) = (&sandboxes, &limits, &answers, &shown);
                scope.spawn(move || {
                    part.iter()
                        .map(|(i, tool, input)| {
                            solve(tool, input, sandboxes, limits, answers)
                                .map(|answer| (*i, answer))
                                .map_err(|why| {
                                    let case = &plan.cases[*i];
                                    UsageError::new(format!(
                                        "{shown} line {} ({}): {why}",
                                        case.line, case.path
                                    ))
                                })
                        })
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(UsageError::new("answer writer panicked")))
            })
            .collect()
    });
    for part in results {
        for (i, answer) in part? {
            case_files[i].insert("ans".to_string(), answer);
        }
    }
    Ok(())
}

/// The solution's output on `input`, from the answer cache when it ran on it before.
fn solve(
    tool: &Tool,
    input: &[u8],
    sandboxes: &ToolSandboxes,
    limits: &ToolLimits,
    answers: &AnswerCache,
) -> Result<Vec<u8>, ToolFailure> {
    let key = answers::reference_key(&tool.program()?.content_hash, tool.path());
    let text = std::str::from_utf8(input).ok();
    if let Some(answer) = text.and_then(|t| answers.get(&key, t)) {
        return Ok(answer.into_bytes());
    }
    let call = ToolCall {
        stdin: input,
        ..ToolCall::default()
    };
    let result = tool.call(sandboxes, limits, call)?;
    if let Some(failure) = tool.misbehaved(&result.outcome, limits, &[0]) {
        return Err(failure);
    }
    let answer = result.outcome.stdout;
    if let (Some(text), Ok(out)) = (text, std::str::from_utf8(&answer)) {
        answers.put(&key, text, out);
    }
    Ok(answer)
}

/// The program a command names: a name of the `generators:` map (its files copied together
/// into a folder of the build cache, the first one the entry point), else the file or folder
/// of `generators/`.
pub fn program_path(plan: &GenerationPlan, name: &str) -> Result<PathBuf, String> {
    let Some(files) = plan.programs.get(name) else {
        let path = plan.problem_dir.join("generators").join(name);
        if !path.exists() {
            return Err(format!("`{name}` is not a program of generators/"));
        }
        // problem.yaml's constants are substituted in its sources when the tool is built
        // (BAPCtools' `Generator(..., substitute_constants=True)`; see `Tool::program`).
        return Ok(path);
    };
    let generators = plan.problem_dir.join("generators");
    let mut parts = Vec::new();
    for file in files {
        let bytes =
            std::fs::read(file).map_err(|e| format!("{}: cannot be read: {e}", file.display()))?;
        // Copied out of the package, so substituted here rather than when built.
        let bytes = plan.constants.substitute_bytes(&bytes).unwrap_or(bytes);
        let relative = file
            .strip_prefix(&generators)
            .unwrap_or(file)
            .to_string_lossy()
            .into_owned();
        parts.push((relative, bytes));
    }
    // Python runs the folder's `main.py` (else its first file in name order): a first file of
    // another name is started through a `main.py` of its own.
    let entry = parts[0].0.clone();
    if entry.ends_with(".py") && entry != "main.py" && !parts.iter().any(|(n, _)| n == "main.py") {
        let shim = format!(
            "import os, runpy, sys\nentry = os.path.join(os.path.dirname(os.path.abspath(__file__)), {entry:?})\nsys.argv[0] = entry\nrunpy.run_path(entry, run_name='__main__')\n"
        );
        parts.push(("main.py".to_string(), shim.into_bytes()));
    }
    materialize(name, &parts)
}

/// A folder `name` of the build cache holding `parts` (relative paths and bytes), named by
/// their content so that different contents never share one.
fn materialize(name: &str, parts: &[(String, Vec<u8>)]) -> Result<PathBuf, String> {
    let mut identity = String::new();
    for (relative, bytes) in parts {
        identity.push_str(&format!("{relative}\0{}\0", sha256_hex(bytes)));
    }
    let folder = BuildOptions::default_for_user()
        .cache_dir
        .join("generator-folders")
        .join(&sha256_hex(identity.as_bytes())[..24])
        .join(name);
    for (relative, bytes) in parts {
        let target = folder.join(relative);
        if std::fs::read(&target).is_ok_and(|b| &b == bytes) {
            continue;
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        crate::cache_entry::write_atomically(&target, bytes)
            .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    }
    Ok(folder)
}

/// Writes `built` into the folder `data` (made when missing), leaving other files alone.
pub fn write(built: &BuiltData, data: &Path) -> Result<Written, UsageError> {
    let mut written = Written::default();
    for (relative, bytes) in &built.files {
        let target = data.join(relative);
        match std::fs::read(&target) {
            Ok(old) if &old == bytes => {
                written.unchanged += 1;
                continue;
            }
            Ok(_) => written.changed += 1,
            Err(_) => written.new += 1,
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                UsageError::new(format!("{}: cannot be made: {e}", parent.display()))
            })?;
        }
        std::fs::write(&target, bytes).map_err(|e| {
            UsageError::new(format!("{}: cannot be written: {e}", target.display()))
        })?;
    }
    written.unknown = test_files(data)
        .into_iter()
        .filter(|f| !built.files.contains_key(f))
        .collect();
    Ok(written)
}

/// Compares `built` with the folder `data`.
pub fn compare(built: &BuiltData, data: &Path) -> Comparison {
    let mut comparison = Comparison::default();
    for (relative, bytes) in &built.files {
        match std::fs::read(data.join(relative)) {
            Ok(old) if &old == bytes => comparison.same += 1,
            Ok(_) => comparison.differ.push(relative.clone()),
            Err(_) => comparison.missing.push(relative.clone()),
        }
    }
    comparison.extra = test_files(data)
        .into_iter()
        .filter(|f| !built.files.contains_key(f))
        .collect();
    comparison
}

/// The `.in` and `.ans` files under `data`, as paths relative to it, in name order.
fn test_files(data: &Path) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            let relative = join(prefix, &name);
            if entry.path().is_dir() {
                walk(&entry.path(), &relative, out);
            } else if name.ends_with(".in") || name.ends_with(".ans") {
                out.push(relative);
            }
        }
    }
    let mut out = Vec::new();
    walk(data, "", &mut out);
    out
}

/// The plan's generators as `stress` kinds: one per program that some command seeds with
/// `{seed}`, named after the program (`gen.py` is kind `gen`) and run with the arguments of
/// its seeded command whose numbers are largest, stressjudge's seed in place of `{seed}`.
/// A command whose test has input validator arguments of its own (its `yaml:` or a group's
/// `test_group.yaml`) makes no kind: a stressed input is validated with the root's.
pub fn stress_kinds(plan: &GenerationPlan) -> Result<Vec<(String, Generator)>, UsageError> {
    let own_validator_args = |case: &PlannedCase| {
        let marked = |text: &str| text.contains("input_validator_args");
        case.inline
            .iter()
            .any(|(ext, text)| ext == "yaml" && marked(text))
            || plan.groups.iter().any(|group| {
                !group.path.is_empty()
                    && case.path.starts_with(&format!("{}/", group.path))
                    && group.files.iter().any(|(_, text)| marked(text))
            })
    };
    let mut largest: Vec<(String, &PlannedCommand)> = Vec::new();
    for case in &plan.cases {
        let Some(command) = &case.generate else {
            continue;
        };
        if !command.uses_seed() || own_validator_args(case) {
            continue;
        }
        match largest.iter_mut().find(|(p, _)| *p == command.program) {
            Some((_, best)) if size(&command.args) >= size(&best.args) => *best = command,
            Some(_) => {}
            None => largest.push((command.program.clone(), command)),
        }
    }
    let mut kinds: Vec<(String, Generator)> = Vec::new();
    for (program, command) in largest {
        let path = program_path(plan, &program)
            .map_err(|why| UsageError::new(format!("{}: {why}", plan.file.display())))?;
        let mut kind = kind_name(&program);
        if kinds.iter().any(|(k, _)| *k == kind) {
            kind = format!("{kind}-{}", kinds.len() + 1);
        }
        // The arguments as written (with `{seed}`) make the kind's identity for remembered
        // runs, so editing them in generators.yaml is a new kind.
        kinds.push((
            kind,
            Generator::new(GeneratorCommand {
                program: path,
                args: command.args_with_seed_placeholder(),
            }),
        ));
    }
    Ok(kinds)
}

/// A kind name for a program: its name without extension, lowercased, other characters `-`.
fn kind_name(program: &str) -> String {
    let base = program.rsplit('/').next().unwrap_or(program);
    let stem = match base.rfind('.') {
        Some(dot) if dot > 0 => &base[..dot],
        _ => base,
    };
    let name: String = stem
        .chars()
        .map(|c| {
            let c = c.to_ascii_lowercase();
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if name.is_empty() || name == "all" {
        format!("gen-{name}")
    } else {
        name
    }
}

/// How large a command's arguments are: the sum of the numbers in them.
fn size(args: &[String]) -> f64 {
    args.iter()
        .filter_map(|a| {
            let digits = a.rsplit('=').next().unwrap_or(a);
            digits.parse::<f64>().ok().filter(|v| v.is_finite())
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_named_after_programs() {
        assert_eq!(kind_name("gen.py"), "gen");
        assert_eq!(kind_name("Random Tree.cpp"), "random-tree");
        assert_eq!(kind_name("all"), "gen-all");
        assert_eq!(size(&["10".into(), "--n=200".into(), "x".into()]), 210.0);
    }

    #[test]
    fn comparisons_list_what_differs() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("secret")).unwrap();
        std::fs::write(dir.path().join("secret/1.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("secret/2.in"), "2\n").unwrap();
        std::fs::write(dir.path().join("secret/9.in"), "9\n").unwrap();
        let mut built = BuiltData::default();
        built.files.insert("secret/1.in".into(), b"1\n".to_vec());
        built.files.insert("secret/2.in".into(), b"3\n".to_vec());
        built.files.insert("secret/3.in".into(), b"3\n".to_vec());
        let c = compare(&built, dir.path());
        assert_eq!(c.same, 1);
        assert_eq!(c.differ, ["secret/2.in"]);
        assert_eq!(c.missing, ["secret/3.in"]);
        assert_eq!(c.extra, ["secret/9.in"]);
        let written = write(&built, dir.path()).unwrap();
        assert_eq!((written.new, written.changed, written.unchanged), (1, 1, 1));
        assert_eq!(written.unknown, ["secret/9.in"]);
        assert_eq!(compare(&built, dir.path()).same, 3);
    }
}
