//! BAPCtools' `generators/generators.yaml`, read into a plan: which test cases `data/` holds,
//! and for each where its files come from (a generator command, inline text, copied files, an
//! included case) and which solution writes its answer. Nothing here runs a program: the plan
//! is carried out by the test-building step ([`crate::problem::kattis::generated_data`]).
//!
//! The rules follow BAPCtools' own reader (`bapctools/generate.py`, `GeneratorConfig` and
//! `TestCaseRule`) and its documentation (`doc/generators.md`, `doc/generators.yaml`):
//!
//! - The root is a directory whose `data:` may hold `sample`, `secret`, `invalid_input`,
//!   `invalid_answer`, `invalid_output`, `valid_output`, `testing_tool_test` and `fuzz`, made in
//!   that order. A directory has `data:` (a map, or a list of one-entry maps that numbers its
//!   children), `include:`, `test_group.yaml:` (legacy `testdata.yaml:`) and the inherited
//!   settings `solution:`, `random_salt:` and `retries:`. A value that is a string, nothing, or a
//!   map with a test-case key (`generate`, `copy`, `count`, `match`, `in`, `ans`, ...) is a test
//!   case; any other map is a directory.
//! - Names: inside a directory children come in name order (the root in the order above);
//!   numbered test cases share one counter across the whole file, zero-padded to the digits of
//!   their total, test groups are numbered per directory; `NN-key`, or `NN` for an empty key.
//!   `count: 3 | [1, 5] | 1..=3` repeats a case as `name-1`, `name-2`, ... (zero-padded when the
//!   values are consecutive), `{count}` taking each value.
//! - `generate: prog args`: split as POSIX `shlex.split` does; `prog` is a file or folder of
//!   `generators/`, or a name of the root `generators:` map (files copied together, the first
//!   one the entry point). `{name}` becomes `testcase`, `{seed}` / `{seed:N}` (at most once) the
//!   command's seed: `int(sha512(salt + [":" + (count - 1)] + command.strip()), 16) % 2**31`,
//!   retried with `seed + 1`, ... up to `retries` times. The generator's stdout is the input
//!   unless it writes `testcase.in`; files it writes as `testcase.<ext>` are kept.
//! - `copy: path` copies `generators/path.<ext>` for every known extension; `in:`, `ans:`,
//!   `out:`, `yaml:`, ... give a file's text (a newline added when missing); `in.download:
//!   {link: in}` repeats another file of the case.
//! - `solution: /submissions/accepted/x.py` (an absolute path from the problem root) writes the
//!   `.ans` of every case that has none; without the key the first accepted submission does;
//!   `solution:` left empty writes none. Interactive and multi-pass problems get empty answers.
//!   The validator-test directories (`invalid_*`, `valid_output`, `testing_tool_test`) get none.
//!
//! - `{{NAME}}`, `{{NAME.SUB}}`: problem.yaml's `constants` (2025-09, [`super::constants`]),
//!   substituted in commands here and in generators' sources by the build step, as BAPCtools
//!   does (`Problem.constants`, `util.substitute`); an unknown name stays as written; inline
//!   `in:` / `ans:` text is not substituted (BAPCtools' `test/problems/constants`).
//!
//! Not interpreted (a notice each): `match:` patterns (BAPCtools only warns on them),
//! `visualizer`.
//! Integer and boolean keys are read as their text (BAPCtools skips them with a warning).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha512};

use super::constants::Constants;
use super::error::PackageError;
use super::yaml::{self, Key, Node, Value};

/// Where the file lives, relative to the problem folder.
pub const GENERATORS_YAML: &str = "generators/generators.yaml";

/// The root directories BAPCtools knows, in the order it makes them.
const ROOT_DIRECTORIES: [&str; 8] = [
    "sample",
    "secret",
    "invalid_input",
    "invalid_answer",
    "invalid_output",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// Roots whose cases get no answer from a solution (BAPCtools' `generate_from_solution`).
const NO_SOLUTION_ROOTS: [&str; 5] = [
    "invalid_input",
    "invalid_answer",
    "invalid_output",
    "valid_output",
    "testing_tool_test",
];

/// File extensions a test case may have, written inline, copied or made by a generator
/// (BAPCtools' `config.KNOWN_DATA_EXTENSIONS`).
pub const CASE_EXTENSIONS: [&str; 13] = [
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
    "png",
    "jpg",
    "svg",
    "pdf",
];

/// Keys that make a map a test case rather than a directory (`UNIQUE_TESTCASE_KEYS`).
const CASE_KEYS: [&str; 13] = [
    "copy",
    "generate",
    "count",
    "match",
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];

/// The key BAPCtools read before 2023 where `generate:` and `copy:` are now: a command, or a
/// path ending in `.in` to copy (`TestcaseRule` of those versions).
const OLD_INPUT_KEY: &str = "input";

/// Keys whose value may be `{link: ext}` (`ALLOWED_LINK_KEYS`).
const LINK_KEYS: [&str; 4] = [
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
];

/// A read `generators.yaml`: the test cases and groups of `data/`, in the order BAPCtools makes
/// them.
#[derive(Debug, Clone, PartialEq)]
pub struct GenerationPlan {
    /// The file.
    pub file: PathBuf,
    /// The problem folder.
    pub problem_dir: PathBuf,
    /// The root `generators:` map: a name and the files (inside `generators/`) that make it.
    pub programs: BTreeMap<String, Vec<PathBuf>>,
    /// The test cases, each with its path under `data/`.
    pub cases: Vec<PlannedCase>,
    /// The directories, with the `test_group.yaml` each writes.
    pub groups: Vec<PlannedGroup>,
    /// Cases included into other directories: (directory, index into `cases`).
    pub includes: Vec<(String, usize)>,
    /// problem.yaml's `constants`.
    pub constants: Constants,
    /// One line per key skipped or read with a caveat.
    pub notices: Vec<String>,
}

impl GenerationPlan {
    /// `text` with every `{{NAME}}` / `{{NAME.SUB}}` of a known constant replaced.
    pub fn substitute(&self, text: &str) -> String {
        self.constants
            .substitute(text)
            .unwrap_or_else(|| text.to_string())
    }
}

/// One test case of the plan.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedCase {
    /// Its path under `data/` without extension: `secret/group/03-random`.
    pub path: String,
    /// The line of its key in the file.
    pub line: usize,
    /// The root directory it is under (`sample`, `secret`, `invalid_input`, ...).
    pub root: String,
    /// `generate:`.
    pub generate: Option<PlannedCommand>,
    /// `copy:`: the base path (`generators/manual/3`) whose `.<ext>` files are copied.
    pub copy: Option<PathBuf>,
    /// An empty entry: the case's files are the ones already in `data/` (`copy` is their
    /// base path there).
    pub manual: bool,
    /// Files given in the YAML: extension and text, in file order.
    pub inline: Vec<(String, String)>,
    /// `{link: ext}` entries: extension and the extension it repeats.
    pub links: Vec<(String, String)>,
    /// Which solution writes its `.ans` when nothing else does.
    pub solution: SolutionChoice,
    /// How many seeds to try before the generator's failure is final.
    pub retries: u32,
}

impl PlannedCase {
    /// Whether a solution may write this case's answer (not a validator-test directory).
    pub fn wants_answer(&self) -> bool {
        !NO_SOLUTION_ROOTS.contains(&self.root.as_str())
    }

    /// The name of the case's files in its directory (`03-random`).
    pub fn file_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(&self.path)
    }
}

/// A directory of the plan.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedGroup {
    /// Its path under `data/` (`secret/group`).
    pub path: String,
    /// Files to write in it: `test_group.yaml` (or legacy `testdata.yaml`) and their text.
    pub files: Vec<(String, String)>,
}

/// Which solution answers a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolutionChoice {
    /// No `solution:` key: the first accepted submission.
    Default,
    /// `solution: /path`: this program (inside the problem folder).
    Given(PathBuf),
    /// `solution:` left empty: no answer is written.
    Disabled,
}

/// A `generate:` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedCommand {
    /// The command as the seed is computed from it (`{count}` replaced, whitespace trimmed).
    pub text: String,
    /// The program's name as written (`gen.py`, `tree`, `dir`).
    pub program: String,
    /// The arguments, with `{seed}` / `{seed:N}` and `{name}` still in them.
    pub args: Vec<String>,
    /// The seed BAPCtools gives this command.
    pub seed: u64,
}

impl PlannedCommand {
    /// Whether an argument holds `{seed}` or `{seed:N}`.
    pub fn uses_seed(&self) -> bool {
        self.args.iter().any(|a| find_seed(a).is_some())
    }

    /// The arguments for `seed`: `{seed...}` replaced by it, `{name}` by `testcase` (the name
    /// BAPCtools runs generators under).
    pub fn args_for_seed(&self, seed: u64) -> Vec<String> {
        self.fill(&seed.to_string())
    }

    /// The arguments with `{seed:N}` written `{seed}` and `{name}` as `testcase`: a stress
    /// command whose `{seed}` is stressjudge's seed.
    pub fn args_with_seed_placeholder(&self) -> Vec<String> {
        self.fill("{seed}")
    }

    fn fill(&self, seed: &str) -> Vec<String> {
        self.args
            .iter()
            .map(|a| {
                let a = a.replace("{name}", "testcase");
                match find_seed(&a) {
                    Some((start, end)) => format!("{}{seed}{}", &a[..start], &a[end..]),
                    None => a,
                }
            })
            .collect()
    }
}

/// The span of `{seed}` or `{seed:DIGITS}` in `arg`.
fn find_seed(arg: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(at) = arg[from..].find("{seed") {
        let start = from + at;
        let rest = &arg[start + 5..];
        if rest.starts_with('}') {
            return Some((start, start + 6));
        }
        if let Some(digits) = rest.strip_prefix(':') {
            let n = digits.bytes().take_while(u8::is_ascii_digit).count();
            if n > 0 && digits[n..].starts_with('}') {
                return Some((start, start + 5 + 1 + n + 1));
            }
        }
        from = start + 5;
    }
    None
}

/// BAPCtools' seed of a command: `int(sha512(value).hexdigest(), 16) % 2**31`, which is the
/// digest's last four bytes, big-endian, with the top bit cleared.
pub fn bapctools_seed(value: &str) -> u64 {
    let digest = Sha512::digest(value.as_bytes());
    let tail: [u8; 4] = digest[60..64]
        .try_into()
        .expect("a SHA-512 digest has 64 bytes");
    u64::from(u32::from_be_bytes(tail) & 0x7fff_ffff)
}

/// The settings a directory passes down (`Config` in BAPCtools).
#[derive(Debug, Clone)]
struct Inherited {
    solution: SolutionChoice,
    salt: String,
    retries: u32,
}

/// Where an include key leads.
#[derive(Debug, Clone)]
enum Known {
    Case(usize),
    Dir(String),
}

struct Reader<'a> {
    file: &'a Path,
    /// The file's lines, for values copied as written.
    lines: Vec<String>,
    dir: &'a Path,
    plan: GenerationPlan,
    next_case: u64,
    case_width: usize,
    known: BTreeMap<String, Vec<Known>>,
    /// Included cases per directory path, for includes of a directory.
    dir_includes: BTreeMap<String, Vec<usize>>,
    /// Test cases with `match:` patterns (not checked; one notice says how many).
    matches: usize,
    /// Entries in BAPCtools' older forms (one notice says how many).
    older_forms: usize,
}

/// Reads `dir/generators/generators.yaml`, or `None` when there is none.
pub(crate) fn read(dir: &Path) -> Result<Option<GenerationPlan>, PackageError> {
    let file = dir.join(GENERATORS_YAML);
    if !file.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| PackageError::at(&file, format!("cannot be read: {e}")))?;
    let root = yaml::parse(&file, &text)?;
    let entries = root.as_map(&file, "the root")?;
    let mut reader = Reader {
        file: &file,
        lines: text.lines().map(str::to_string).collect(),
        dir,
        plan: GenerationPlan {
            file: file.clone(),
            problem_dir: dir.to_path_buf(),
            programs: BTreeMap::new(),
            cases: Vec::new(),
            groups: Vec::new(),
            includes: Vec::new(),
            constants: Constants::read(dir),
            notices: Vec::new(),
        },
        next_case: 1,
        case_width: 1,
        known: BTreeMap::new(),
        dir_includes: BTreeMap::new(),
        matches: 0,
        older_forms: 0,
    };
    if let Some(programs) = yaml::get(entries, "generators") {
        reader.programs(programs)?;
    }
    let total = count_numbered(&root);
    reader.case_width = total.to_string().len();
    for (key, _) in entries {
        match key.name.as_str() {
            "generators" | "version" | "data" | "include" | "solution" | "random_salt"
            | "retries" | "test_group.yaml" | "testdata.yaml" => {}
            "visualizer" => reader.notice(key, "visualizer: not run by stressjudge; ignored"),
            "gitignore_generated" | "parallel" => reader.notice(
                key,
                &format!("{}: deprecated in BAPCtools; ignored", key.name),
            ),
            other => reader.notice(key, &format!("{other}: not a generators.yaml key; ignored")),
        }
    }
    let top = Inherited {
        solution: SolutionChoice::Default,
        salt: String::new(),
        retries: 1,
    };
    reader.directory("", "", &root, &top, true)?;
    if reader.matches > 0 {
        reader.plan.notices.push(format!(
            "generators/generators.yaml: `match:` patterns of {} test case(s) are not checked (BAPCtools only warns on them)",
            reader.matches
        ));
    }
    if reader.older_forms > 0 {
        reader.plan.notices.push(format!(
            "generators/generators.yaml: {} entr(ies) in BAPCtools' older forms (`input:`, `path.in` for `copy: path`, `type:`) read as those versions did",
            reader.older_forms
        ));
    }
    Ok(Some(reader.plan))
}

/// How many numbered test cases the file holds (BAPCtools' `count`: cases of list-form `data:`
/// in every directory, each `count:` value one).
fn count_numbered(node: &Node) -> u64 {
    let Value::Map(entries) = &node.value else {
        return 0;
    };
    let (items, numbered): (Vec<&Node>, bool) = match yaml::get(entries, "data").map(|d| &d.value) {
        Some(Value::Map(_)) => (vec![yaml::get(entries, "data").expect("present")], false),
        Some(Value::Seq(items)) => (items.iter().collect(), true),
        _ => return 0,
    };
    let mut total = 0;
    for item in items {
        let Value::Map(children) = &item.value else {
            continue;
        };
        for (_, child) in children {
            if is_case(child) {
                if numbered {
                    total += count_values(child).map_or(1, |v| v.len() as u64);
                }
            } else {
                total += count_numbered(child);
            }
        }
    }
    total
}

/// Whether a value is a test case (BAPCtools' `is_test_case`).
fn is_case(node: &Node) -> bool {
    match &node.value {
        Value::Null | Value::Str(_) => true,
        Value::Map(entries) => entries
            .iter()
            .any(|(k, _)| CASE_KEYS.contains(&k.name.as_str()) || k.name == OLD_INPUT_KEY),
        _ => false,
    }
}

/// `count:` values of a case map, when it has a well-formed one.
fn count_values(node: &Node) -> Option<Vec<i64>> {
    let Value::Map(entries) = &node.value else {
        return None;
    };
    parse_count(yaml::get(entries, "count")?).ok()
}

/// BAPCtools' `parse_count`: `N` (1 to 100) is `1..=N`, a list of distinct integers, or a
/// range `A..=B` of at most 100 values.
fn parse_count(node: &Node) -> Result<Vec<i64>, String> {
    let values: Vec<i64> = match &node.value {
        Value::Int(n) if (1..=100).contains(n) => (1..=*n).collect(),
        Value::Int(n) => return Err(format!("count {n} must be between 1 and 100")),
        Value::Seq(items) => {
            let mut values = Vec::new();
            for item in items {
                let Value::Int(v) = item.value else {
                    return Err(format!("count list holds {}, not an integer", item.value));
                };
                if values.contains(&v) {
                    return Err(format!("count list holds {v} twice"));
                }
                values.push(v);
            }
            values
        }
        Value::Str(s) => {
            let parsed = s.split_once("..=").and_then(|(lo, hi)| {
                Some((
                    lo.trim().parse::<i64>().ok()?,
                    hi.trim().parse::<i64>().ok()?,
                ))
            });
            let Some((lo, hi)) = parsed else {
                return Err(format!("count `{s}` is not a range like `-4..=5`"));
            };
            if lo > hi || hi - lo + 1 > 100 {
                return Err(format!(
                    "count range `{s}` must go up and hold at most 100 values"
                ));
            }
            (lo..=hi).collect()
        }
        other => {
            return Err(format!(
                "count must be an integer, a list or a range, found {other}"
            ))
        }
    };
    if values.is_empty() || values.len() > 100 {
        return Err("count must give 1 to 100 values".to_string());
    }
    Ok(values)
}

/// A valid test case or directory name (BAPCtools' `FILE_NAME_REGEX`).
fn valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 255
        && (bytes[0].is_ascii_alphanumeric() || bytes[0] == b'_')
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(b))
}

impl Reader<'_> {
    fn error(&self, line: usize, what: impl std::fmt::Display) -> PackageError {
        PackageError::new(self.file, Some(line).filter(|&l| l > 0), what.to_string())
    }

    /// A map or list value as a file of its own: its lines of the file as written, de-indented
    /// (what BAPCtools' round-trip `write_yaml` gives: flow lists stay flow, comments stay),
    /// else written anew by [`emit`].
    fn raw_value(&self, key: &Key, value: &Node) -> String {
        let indent = |line: &str| line.len() - line.trim_start_matches(' ').len();
        let blank = |line: &str| line.trim().is_empty();
        let Some(key_line) = key.line.checked_sub(1).and_then(|i| self.lines.get(i)) else {
            return emit(value);
        };
        if value.line == key.line {
            // A flow value on the key's line: `yaml: {description: x}`.
            let after = key_line
                .split_once(&format!("{}:", key.name))
                .map(|(_, rest)| rest.trim());
            return match after {
                Some(text) if text.starts_with(['{', '[']) && !text.contains(" #") => {
                    format!("{text}\n")
                }
                _ => emit(value),
            };
        }
        let key_indent = indent(key_line);
        let mut block: Vec<&str> = self
            .lines
            .get(key.line..)
            .unwrap_or_default()
            .iter()
            .map(String::as_str)
            .take_while(|line| blank(line) || indent(line) > key_indent)
            .collect();
        while block.last().is_some_and(|line| blank(line)) {
            block.pop();
        }
        let Some(cut) = block.iter().filter(|l| !blank(l)).map(|l| indent(l)).min() else {
            return emit(value);
        };
        let mut text = String::new();
        for line in block {
            text.push_str(line.get(cut..).unwrap_or("").trim_end());
            text.push('\n');
        }
        text
    }

    fn notice(&mut self, key: &Key, what: &str) {
        self.plan.notices.push(format!(
            "generators/generators.yaml line {}: {what}",
            key.line
        ));
    }

    /// The root `generators:` map.
    fn programs(&mut self, node: &Node) -> Result<(), PackageError> {
        for (key, deps) in node.as_map(self.file, "generators")? {
            if !valid_name(&key.name) {
                return Err(self.error(
                    key.line,
                    format!("generators.{}: a generator name is a plain word", key.name),
                ));
            }
            // Before 2023 the names were file names (`main.py: [main.py, lib.py]`).
            if key.name.contains('.') {
                self.older_forms += 1;
            }
            let files = deps.as_words(self.file, &format!("generators.{}", key.name))?;
            if files.is_empty() {
                return Err(
                    self.error(key.line, format!("generators.{}: lists no files", key.name))
                );
            }
            let mut paths = Vec::new();
            for file in files {
                let path = self.dir.join("generators").join(&file);
                if file.starts_with('/') || !path.is_file() {
                    return Err(self.error(
                        key.line,
                        format!(
                            "generators.{}: `{file}` is not a file of generators/",
                            key.name
                        ),
                    ));
                }
                paths.push(path);
            }
            self.plan.programs.insert(key.name.clone(), paths);
        }
        Ok(())
    }

    /// The inherited settings of a directory or case map, over `parent`'s.
    fn settings(
        &self,
        entries: &[(Key, Node)],
        parent: &Inherited,
        at: &str,
    ) -> Result<Inherited, PackageError> {
        let mut out = parent.clone();
        if let Some(node) = yaml::get(entries, "solution") {
            out.solution = match &node.value {
                Value::Null => SolutionChoice::Disabled,
                Value::Str(s) if s.is_empty() => SolutionChoice::Disabled,
                Value::Str(s) => {
                    let Some(relative) = s.strip_prefix('/') else {
                        return Err(self.error(
                            node.line,
                            format!("{at}solution `{s}` must be an absolute path from the problem folder, like /submissions/accepted/sol.py"),
                        ));
                    };
                    let path = self.dir.join(relative);
                    if !path.exists() {
                        return Err(
                            self.error(node.line, format!("{at}solution `{s}` does not exist"))
                        );
                    }
                    if s.split_whitespace().count() > 1 {
                        return Err(self.error(
                            node.line,
                            format!("{at}solution `{s}` must not have arguments"),
                        ));
                    }
                    SolutionChoice::Given(path)
                }
                other => {
                    return Err(self.error(
                        node.line,
                        format!("{at}solution must be a path, found {other}"),
                    ))
                }
            };
        }
        if let Some(node) = yaml::get(entries, "random_salt") {
            out.salt = match &node.value {
                Value::Null => String::new(),
                Value::Str(s) => s.clone(),
                other => {
                    return Err(self.error(
                        node.line,
                        format!("{at}random_salt must be a string, found {other}"),
                    ))
                }
            };
        }
        if let Some(node) = yaml::get(entries, "retries") {
            out.retries = node
                .as_positive_int(self.file, &format!("{at}retries"))?
                .min(1000) as u32;
        }
        Ok(out)
    }

    /// A directory at `path` (`""` for the root).
    fn directory(
        &mut self,
        path: &str,
        key: &str,
        node: &Node,
        parent: &Inherited,
        root: bool,
    ) -> Result<(), PackageError> {
        let at = if path.is_empty() {
            String::new()
        } else {
            format!("{path}: ")
        };
        let entries = node.as_map(self.file, path)?;
        let settings = self.settings(entries, parent, &at)?;
        if !root {
            self.known
                .entry(key.to_string())
                .or_default()
                .push(Known::Dir(path.to_string()));
        }
        let mut files = Vec::new();
        for name in ["test_group.yaml", "testdata.yaml"] {
            if let Some((key, value)) = entries.iter().find(|(k, _)| k.name == name) {
                if !matches!(value.value, Value::Null) {
                    files.push((name.to_string(), self.raw_value(key, value)));
                }
            }
        }
        self.plan.groups.push(PlannedGroup {
            path: path.to_string(),
            files,
        });
        for (k, _) in entries {
            match k.name.as_str() {
                "data" | "include" | "solution" | "random_salt" | "retries" | "test_group.yaml"
                | "testdata.yaml" => {}
                // Before 2023 a directory said `type: directory`.
                "type" => self.older_forms += 1,
                _ if root => {}
                other => {
                    let what = format!("{at}{other}: not a directory key; ignored");
                    self.notice(k, &what);
                }
            }
        }

        // Includes: keys of earlier cases or directories.
        let mut included = Vec::new();
        if let Some(node) = yaml::get(entries, "include") {
            let Value::Seq(items) = &node.value else {
                return Err(self.error(node.line, format!("{at}include must be a list of keys")));
            };
            for item in items {
                let name = item.as_string(self.file, &format!("{at}include"))?;
                if name.contains('/') {
                    return Err(self.error(
                        item.line,
                        format!(
                            "{at}include `{name}` must be a test case or group key, not a path"
                        ),
                    ));
                }
                let targets = self.known.get(&name).cloned().unwrap_or_default();
                match targets.as_slice() {
                    [Known::Case(i)] => included.push(*i),
                    [Known::Dir(dir)] => {
                        let prefix = format!("{dir}/");
                        for (i, case) in self.plan.cases.iter().enumerate() {
                            if case.path.starts_with(&prefix) {
                                included.push(i);
                            }
                        }
                        for (d, cases) in &self.dir_includes {
                            if d == dir || d.starts_with(&prefix) {
                                included.extend(cases);
                            }
                        }
                    }
                    found => {
                        let why = if found.is_empty() {
                            "is not the key of an earlier test case or group"
                        } else {
                            "is ambiguous: several test cases or groups have that key"
                        };
                        self.plan.notices.push(format!(
                            "generators/generators.yaml line {}: {at}include `{name}` {why}; skipped (BAPCtools reports it as an error)",
                            item.line
                        ));
                    }
                }
            }
        }

        let data = yaml::get(entries, "data");
        let (items, numbered): (Vec<&Node>, bool) = match data.map(|d| &d.value) {
            None | Some(Value::Null) => (Vec::new(), false),
            Some(Value::Map(_)) => (vec![data.expect("present")], false),
            Some(Value::Seq(items)) => (items.iter().collect(), true),
            Some(other) => {
                return Err(self.error(
                    data.map_or(0, |d| d.line),
                    format!("{at}data must be a map or a list of maps, found {other}"),
                ))
            }
        };
        if root && numbered {
            return Err(self.error(
                data.map_or(0, |d| d.line),
                "data: the root directory must not be numbered (give a map)",
            ));
        }
        let groups_total = items
            .iter()
            .filter_map(|item| match &item.value {
                Value::Map(children) => Some(children.iter().filter(|(_, c)| !is_case(c)).count()),
                _ => None,
            })
            .sum::<usize>();
        let group_width = groups_total.to_string().len();
        let mut next_group = 1;
        for item in items {
            let Value::Map(children) = &item.value else {
                return Err(self.error(
                    item.line,
                    format!("{at}data: each list item must be a map of one entry"),
                ));
            };
            // Before 2023 a numbered item could hold several entries (`- a: x` / `  b: y`),
            // each numbered on its own here.
            if numbered && children.len() > 1 {
                self.older_forms += 1;
            }
            let mut ordered: Vec<&(Key, Node)> = children.iter().collect();
            if root {
                for (k, _) in children {
                    if !ROOT_DIRECTORIES.contains(&k.name.as_str()) {
                        let what = format!(
                            "data.{}: not a root directory BAPCtools makes; skipped",
                            k.name
                        );
                        self.notice(k, &what);
                    }
                }
                ordered = ROOT_DIRECTORIES
                    .iter()
                    .filter_map(|name| children.iter().find(|(k, _)| k.name == *name))
                    .collect();
            } else {
                ordered.sort_by(|a, b| a.0.name.cmp(&b.0.name));
            }
            for (child_key, child) in ordered {
                let name_key = child_key.name.as_str();
                if !numbered && name_key.is_empty() {
                    return Err(self.error(
                        child_key.line,
                        format!("{at}an unnumbered test case or group must not have an empty key"),
                    ));
                }
                let child_prefix = |name: &str| {
                    if path.is_empty() {
                        name.to_string()
                    } else {
                        format!("{path}/{name}")
                    }
                };
                if is_case(child) {
                    self.cases_of(child_key, child, numbered, &child_prefix(""), &settings)?;
                } else if matches!(child.value, Value::Map(_)) {
                    let name = if numbered {
                        let n = next_group;
                        next_group += 1;
                        numbered_name(name_key, n, group_width)
                    } else {
                        name_key.to_string()
                    };
                    if !valid_name(&name) {
                        return Err(self.error(
                            child_key.line,
                            format!("{at}`{name}` is not a valid directory name"),
                        ));
                    }
                    self.directory(&child_prefix(&name), name_key, child, &settings, false)?;
                } else {
                    return Err(self.error(
                        child_key.line,
                        format!(
                            "{at}{name_key}: is neither a test case nor a directory (found {})",
                            child.value
                        ),
                    ));
                }
            }
        }

        // Included cases that clash with the directory's own are errors.
        for &i in &included {
            let case = &self.plan.cases[i];
            let target = if path.is_empty() {
                case.file_name().to_string()
            } else {
                format!("{path}/{}", case.file_name())
            };
            let already =
                |plan: &GenerationPlan| plan.includes.iter().any(|(d, j)| d == path && *j == i);
            if target == case.path || already(&self.plan) {
                continue;
            }
            let clash =
                self.plan.cases.iter().any(|c| c.path == target)
                    || self.plan.includes.iter().any(|(d, j)| {
                        d == path && self.plan.cases[*j].file_name() == case.file_name()
                    });
            if clash {
                return Err(self.error(
                    node.line,
                    format!("{at}included case {} clashes with {target}", case.path),
                ));
            }
            self.plan.includes.push((path.to_string(), i));
        }
        self.dir_includes
            .entry(path.to_string())
            .or_default()
            .extend(included);
        Ok(())
    }

    /// The cases of one test-case entry (several with `count:`).
    fn cases_of(
        &mut self,
        key: &Key,
        node: &Node,
        numbered: bool,
        prefix: &str,
        parent: &Inherited,
    ) -> Result<(), PackageError> {
        let at = format!(
            "{prefix}{}: ",
            if key.name.is_empty() {
                "\"\""
            } else {
                &key.name
            }
        );
        let empty: Vec<(Key, Node)> = Vec::new();
        // A string ending in `.in` is a file to copy, as BAPCtools read it before `copy:`
        // (and still does, with a warning).
        let old_copy = |s: &str| s.trim().strip_suffix(".in").map(str::to_string);
        let (entries, generate_text, mut copy_text): (&[(Key, Node)], Option<String>, _) =
            match &node.value {
                Value::Null => (empty.as_slice(), None, None),
                Value::Str(s) if old_copy(s).is_some() => {
                    self.older_forms += 1;
                    (empty.as_slice(), None, old_copy(s))
                }
                Value::Str(s) => (empty.as_slice(), Some(s.clone()), None),
                Value::Map(entries) => (entries.as_slice(), None, None),
                _ => unreachable!("is_case holds"),
            };
        let settings = self.settings(entries, parent, &at)?;
        for (k, v) in entries {
            match k.name.as_str() {
                "generate" | "copy" | "count" | "solution" | "random_salt" | "retries" => {}
                "match" => self.matches += 1,
                OLD_INPUT_KEY | "type" => self.older_forms += 1,
                "visualizer" => self.notice(k, &format!("{at}visualizer: ignored")),
                "data" | "include" | "test_group.yaml" | "testdata.yaml" => {
                    return Err(self.error(
                        k.line,
                        format!("{at}{}: a directory key in a test case", k.name),
                    ))
                }
                ext if CASE_KEYS.contains(&ext) => {
                    if v.value == Value::Null {
                        return Err(self.error(v.line, format!("{at}{ext} must be a string")));
                    }
                }
                other => {
                    let what = format!("{at}{other}: not a test case key; ignored");
                    self.notice(k, &what);
                }
            }
        }
        let mut generate_text = generate_text;
        if let Some(node) = yaml::get(entries, OLD_INPUT_KEY) {
            let text = node.as_string(self.file, &format!("{at}input"))?;
            match old_copy(&text) {
                Some(path) => copy_text = Some(path),
                None => generate_text = Some(text),
            }
        }
        let generate_text = match (generate_text, yaml::get(entries, "generate")) {
            (Some(text), _) => Some(text),
            (None, Some(node)) => Some(match &node.value {
                Value::Str(s) if !s.trim().is_empty() => s.clone(),
                other => {
                    return Err(self.error(
                        node.line,
                        format!("{at}generate must be a command, found {other}"),
                    ))
                }
            }),
            (None, None) => None,
        };
        let count = match yaml::get(entries, "count") {
            Some(node) => {
                Some(parse_count(node).map_err(|why| self.error(node.line, format!("{at}{why}")))?)
            }
            None => None,
        };
        let values = count.clone().unwrap_or_else(|| vec![1]);
        let consecutive = values.iter().max().copied().unwrap_or(0)
            - values.iter().min().copied().unwrap_or(0)
            == values.len() as i64 - 1;
        let padding = if consecutive {
            values
                .iter()
                .map(|v| v.to_string().len())
                .max()
                .unwrap_or(1)
        } else {
            0
        };
        let copy_node = yaml::get(entries, "copy");
        let copy_text = match copy_node {
            Some(node) => Some(node.as_string(self.file, &format!("{at}copy"))?),
            None => copy_text,
        };
        let copy = match copy_text {
            Some(text) => {
                if text.starts_with('/') {
                    return Err(self.error(
                        copy_node.map_or(key.line, |n| n.line),
                        format!("{at}copy `{text}` must be relative to generators/"),
                    ));
                }
                Some(self.dir.join("generators").join(text))
            }
            None => None,
        };
        let mut inline = Vec::new();
        let mut links = Vec::new();
        for ext in &CASE_KEYS[4..] {
            let Some((key, value)) = entries.iter().find(|(k, _)| k.name == *ext) else {
                continue;
            };
            match &value.value {
                Value::Map(_) if *ext == "yaml" => {
                    inline.push((ext.to_string(), self.raw_value(key, value)));
                }
                Value::Map(m) if LINK_KEYS.contains(ext) => {
                    let target =
                        yaml::get(m, "link").filter(|_| m.len() == 1).and_then(|t| {
                            match &t.value {
                                Value::Str(s) => Some(s.clone()),
                                _ => None,
                            }
                        });
                    let Some(target) = target else {
                        return Err(self.error(
                            value.line,
                            format!("{at}{ext} must be a string or {{link: EXT}}"),
                        ));
                    };
                    let same_kind = ext.split('.').next() == target.split('.').next();
                    if !same_kind
                        || !(target == "in"
                            || target == "ans"
                            || LINK_KEYS.contains(&target.as_str()))
                    {
                        return Err(
                            self.error(value.line, format!("{at}{ext} cannot link to `{target}`"))
                        );
                    }
                    links.push((ext.to_string(), target));
                }
                Value::Str(s) => {
                    let mut text = s.clone();
                    if !text.is_empty() && !text.ends_with('\n') {
                        text.push('\n');
                    }
                    inline.push((ext.to_string(), text));
                }
                other => {
                    return Err(self.error(
                        value.line,
                        format!("{at}{ext} must be a string, found {other}"),
                    ))
                }
            }
        }
        // An empty entry is a manual case whose files are already in `data/`: BAPCtools read it
        // so from 2021 (`is_testcase` accepts `None`; `TestcaseRule` sets `manual`, `inline`
        // and reads `data/<dir>/<name>.in`) until it started to reject it in 2024.
        let manual = node.value == Value::Null;
        if !manual
            && generate_text.is_none()
            && copy.is_none()
            && !inline.iter().any(|(e, _)| e == "in")
            && !(prefix.starts_with("sample")
                && (inline.iter().any(|(e, _)| e.starts_with("in."))
                    || links.iter().any(|(e, _)| e.starts_with("in."))))
        {
            return Err(self.error(
                key.line,
                format!("{at}a test case needs `generate`, `copy` or `in`"),
            ));
        }
        let root = prefix.split('/').next().unwrap_or("").to_string();
        for &value in &values {
            let mut name = if numbered {
                let n = self.next_case;
                self.next_case += 1;
                numbered_name(&key.name, n as usize, self.case_width)
            } else {
                key.name.clone()
            };
            if count.is_some() {
                name = format!("{name}-{value:0padding$}");
            }
            if !valid_name(&format!("{name}.in")) || name == "test_group" {
                return Err(self.error(
                    key.line,
                    format!("{at}`{name}` is not a valid test case name"),
                ));
            }
            let generate = match &generate_text {
                Some(text) => {
                    Some(self.command(text, value, count.is_some(), &settings, key, &at)?)
                }
                None => None,
            };
            let path = format!("{prefix}{name}");
            if self.plan.cases.iter().any(|c| c.path == path) {
                return Err(self.error(key.line, format!("{at}test case {path} is made twice")));
            }
            self.known
                .entry(key.name.clone())
                .or_default()
                .push(Known::Case(self.plan.cases.len()));
            let copy = if manual {
                Some(self.dir.join("data").join(&path))
            } else {
                copy.clone()
            };
            self.plan.cases.push(PlannedCase {
                path,
                line: key.line,
                root: root.clone(),
                generate,
                copy,
                manual,
                inline: inline.clone(),
                links: links.clone(),
                solution: settings.solution.clone(),
                retries: settings.retries,
            });
        }
        Ok(())
    }

    /// A `generate:` command for one `count` value.
    fn command(
        &self,
        text: &str,
        count_value: i64,
        counted: bool,
        settings: &Inherited,
        key: &Key,
        at: &str,
    ) -> Result<PlannedCommand, PackageError> {
        let text = self.plan.substitute(text);
        let text = if counted {
            text.replace("{count}", &count_value.to_string())
        } else {
            text
        };
        let mut seed_value = settings.salt.clone();
        if count_value != 1 {
            seed_value.push_str(&format!(":{}", count_value - 1));
        }
        // Python's `str.strip()`: Unicode whitespace at both ends.
        seed_value.push_str(text.trim());
        let seed = bapctools_seed(&seed_value);
        let words = shlex::split(&text)
            .ok_or_else(|| self.error(key.line, format!("{at}`{text}` has an unclosed quote")))?;
        let Some((program, args)) = words.split_first() else {
            return Err(self.error(key.line, format!("{at}generate is empty")));
        };
        if program.starts_with('/') {
            return Err(self.error(
                key.line,
                format!("{at}`{program}` must be relative to generators/"),
            ));
        }
        let seeds: usize = args
            .iter()
            .map(|a| {
                let mut n = 0;
                let mut rest = a.as_str();
                while let Some((_, end)) = find_seed(rest) {
                    n += 1;
                    rest = &rest[end..];
                }
                n
            })
            .sum();
        if seeds > 1 {
            return Err(self.error(
                key.line,
                format!("{at}`{text}`: {{seed}} may appear at most once"),
            ));
        }
        if !self.plan.programs.contains_key(program)
            && !self.dir.join("generators").join(program).exists()
        {
            return Err(self.error(
                key.line,
                format!(
                    "{at}`{text}`: `{program}` is neither a file or folder of generators/ nor a name of the generators: map"
                ),
            ));
        }
        Ok(PlannedCommand {
            text,
            program: program.clone(),
            args: args.to_vec(),
            seed,
        })
    }
}

/// `NN-key` (or `NN` for an empty key), `NN` zero-padded to `width` digits.
fn numbered_name(key: &str, n: usize, width: usize) -> String {
    if key.is_empty() {
        format!("{n:0width$}")
    } else {
        format!("{n:0width$}-{key}")
    }
}

/// A YAML value written back as block YAML (a `test_group.yaml` or a case's `.yaml`).
pub(crate) fn emit(node: &Node) -> String {
    let mut out = String::new();
    emit_into(&node.value, 0, &mut out);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn scalar(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(x) => format!("{x:?}"),
        Value::Str(s) => {
            let plain = !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-./+".contains(c))
                && !s.starts_with(['-', '.'])
                && s.parse::<f64>().is_err()
                && !matches!(
                    s.as_str(),
                    "true" | "false" | "null" | "yes" | "no" | "on" | "off"
                );
            if plain {
                s.clone()
            } else {
                serde_json::to_string(s).expect("strings serialise")
            }
        }
        Value::Seq(_) | Value::Map(_) => unreachable!("not a scalar"),
    }
}

/// A map entry's or sequence item's value after its `key:` or `-`: a non-empty map or sequence
/// on the next lines, two spaces deeper; an empty one or a scalar on the same line.
fn emit_child(value: &Value, indent: usize, out: &mut String) {
    match value {
        Value::Map(e) if !e.is_empty() => {
            out.push('\n');
            emit_into(value, indent + 2, out);
        }
        Value::Seq(i) if !i.is_empty() => {
            out.push('\n');
            emit_into(value, indent + 2, out);
        }
        Value::Map(_) | Value::Seq(_) => {
            out.push(' ');
            emit_into(value, 0, out);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
}

fn emit_into(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match value {
        Value::Map(entries) if entries.is_empty() => out.push_str("{}\n"),
        Value::Seq(items) if items.is_empty() => out.push_str("[]\n"),
        Value::Map(entries) => {
            for (key, child) in entries {
                out.push_str(&pad);
                out.push_str(&scalar(&Value::Str(key.name.clone())));
                out.push(':');
                emit_child(&child.value, indent, out);
            }
        }
        Value::Seq(items) => {
            for item in items {
                out.push_str(&pad);
                out.push('-');
                emit_child(&item.value, indent, out);
            }
        }
        other => {
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(
        yaml: &str,
        files: &[&str],
    ) -> (tempfile::TempDir, Result<GenerationPlan, PackageError>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("generators")).unwrap();
        std::fs::create_dir_all(dir.path().join("submissions/accepted")).unwrap();
        for f in files {
            std::fs::write(dir.path().join(f), "").unwrap();
        }
        std::fs::write(dir.path().join(GENERATORS_YAML), yaml).unwrap();
        let read = read(dir.path()).map(Option::unwrap);
        (dir, read)
    }

    #[test]
    fn seeds_are_bapctools_seeds() {
        // python3 -c "import hashlib; print(int(hashlib.sha512(b'gen.py {seed}').hexdigest(), 16) % 2**31)"
        assert_eq!(bapctools_seed("gen.py {seed}"), 217_127_397);
        // With a salt and a count value: "abc:1gen.py {seed} 2".
        assert_eq!(bapctools_seed("abc:1gen.py {seed} 2"), 529_543_861);
    }

    #[test]
    fn numbered_lists_share_one_counter_and_counts_repeat() {
        let (_d, p) = plan(
            "data:\n  sample:\n    data:\n      - '': {in: '1'}\n  secret:\n    data:\n      - a: gen.py 1\n      - g:\n          data:\n            - c: gen.py 2\n      - r:\n          generate: gen.py {seed} {count}\n          count: 2\n      - b: gen.py 3\n      - d: gen.py 4\n      - e: gen.py 5\n      - f: gen.py 6\n      - h: gen.py 7\n      - i: gen.py 8\n",
            &["generators/gen.py"],
        );
        let p = p.unwrap();
        let names: Vec<&str> = p.cases.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(
            names,
            [
                "sample/01",
                "secret/02-a",
                "secret/1-g/03-c",
                "secret/04-r-1",
                "secret/05-r-2",
                "secret/06-b",
                "secret/07-d",
                "secret/08-e",
                "secret/09-f",
                "secret/10-h",
                "secret/11-i"
            ]
        );
        let r2 = p.cases[4].generate.as_ref().unwrap();
        assert_eq!(r2.text, "gen.py {seed} 2");
        assert_eq!(r2.seed, bapctools_seed(":1gen.py {seed} 2"));
        assert_eq!(r2.args_for_seed(7), ["7", "2"]);
        assert_eq!(r2.args_with_seed_placeholder(), ["{seed}", "2"]);
    }

    #[test]
    fn dictionaries_are_sorted_and_includes_link_cases() {
        let (_d, p) = plan(
            "solution: /submissions/accepted/a.py\ndata:\n  secret:\n    data:\n      zz: {in: '1'}\n      aa: gen.py x{seed:3}y {name}\n  sample:\n    solution:\n    data: {}\n",
            &["generators/gen.py", "submissions/accepted/a.py"],
        );
        let p = p.unwrap();
        let names: Vec<&str> = p.cases.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(names, ["secret/aa", "secret/zz"]);
        assert_eq!(
            p.cases[0].generate.as_ref().unwrap().args_for_seed(5),
            ["x5y", "testcase"]
        );
        assert!(matches!(p.cases[0].solution, SolutionChoice::Given(_)));
        // `include` looks back only: the sample directory comes first, so `aa` is unknown.
        let (_d, bad) = plan(
            "data:\n  sample:\n    include: [aa]\n  secret:\n    data:\n      aa: gen.py\n",
            &["generators/gen.py"],
        );
        let notices = bad.unwrap().notices;
        assert!(
            notices
                .iter()
                .any(|n| n.contains("line 3") && n.contains("include `aa`")),
            "{notices:?}"
        );
        let (_d, p) = plan(
            "data:\n  sample:\n    data:\n      '1': {in: '1', ans: '2'}\n  secret:\n    include: [sample]\n",
            &[],
        );
        let p = p.unwrap();
        assert_eq!(p.includes, [("secret".to_string(), 0)]);
        assert_eq!(
            p.cases[0].inline,
            [("in".into(), "1\n".into()), ("ans".into(), "2\n".into())]
        );
    }

    #[test]
    fn empty_entries_are_cases_already_in_data() {
        let (d, p) = plan(
            "data:\n  sample:\n    data:\n      '1':\n      '2':\n  secret:\n    data:\n      - big:\n",
            &[],
        );
        let p = p.unwrap();
        let paths: Vec<&str> = p.cases.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, ["sample/1", "sample/2", "secret/1-big"]);
        assert!(p.cases.iter().all(|c| c.manual && c.generate.is_none()));
        assert_eq!(p.cases[0].copy, Some(d.path().join("data/sample/1")));
        assert_eq!(p.cases[2].copy, Some(d.path().join("data/secret/1-big")));
    }

    #[test]
    fn mistakes_name_the_line() {
        for (yaml, wanted) in [
            (
                "data:\n  secret:\n    data:\n      a: missing.py 1\n",
                "line 4",
            ),
            (
                "data:\n  secret:\n    data:\n      a: gen.py {seed} {seed:2}\n",
                "at most once",
            ),
            (
                "data:\n  secret:\n    data:\n      a: {count: 0, generate: gen.py}\n",
                "between 1 and 100",
            ),
            ("solution: sub.py\ndata: {}\n", "absolute path"),
        ] {
            let (_d, p) = plan(yaml, &["generators/gen.py"]);
            let err = p.unwrap_err().to_string();
            assert!(err.contains(wanted), "{yaml}: {err}");
        }
    }

    #[test]
    fn yaml_values_are_copied_as_written() {
        let (_d, p) = plan(
            "data:\n  sample:\n    test_group.yaml:\n      output_visualizer_args: [--draw-please]\n      # kept\n\n    data:\n      a:\n        in: '1'\n        ans: '1'\n        yaml: {description: one}\n",
            &[],
        );
        let p = p.unwrap();
        let sample = p.groups.iter().find(|g| g.path == "sample").unwrap();
        assert_eq!(
            sample.files,
            [(
                "test_group.yaml".to_string(),
                "output_visualizer_args: [--draw-please]\n# kept\n".to_string()
            )]
        );
        assert!(p.cases[0]
            .inline
            .contains(&("yaml".to_string(), "{description: one}\n".to_string())));
    }

    #[test]
    fn yaml_is_written_back() {
        let node = yaml::parse(
            Path::new("t"),
            "output_validator_args: [float_tolerance, '1e-2']\ninput_validator_args:\n  v: [--small]\n",
        )
        .unwrap();
        assert_eq!(
            emit(&node),
            "output_validator_args:\n  - float_tolerance\n  - \"1e-2\"\ninput_validator_args:\n  v:\n    - \"--small\"\n"
        );
    }
}
