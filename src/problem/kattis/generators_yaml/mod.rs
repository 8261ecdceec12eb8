//! BAPCtools' `generators/generators.yaml`, read into a plan: which test cases `data/` holds,
//! and for each where its files come from (a generator command, inline text, copied files, an
//! included case) and which solution writes its answer. Nothing here runs a program: the plan
//! is carried out by the test-building step ([`crate::problem::kattis::generated_data`]).
//!
//! Two steps, one module each: the file is read by serde into its typed shape, every value with
//! its line ([`file`]); that shape is checked and planned ([`walk`] for the directories, [`case`]
//! for a test case and its command). [`emit`] writes YAML values out as files of their own.
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

use serde_saphyr::{Location, Spanned};

use super::error::PackageError;
use super::yaml::{self, Value};
use crate::build::Constants;

mod case;
mod emit;
mod file;
mod walk;

use file::Entry;
use walk::Reader;

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

/// Reads `dir/generators/generators.yaml`, or `None` when there is none: the file read into
/// its typed shape ([`file`]), then checked and planned ([`walk`]).
pub(crate) fn read(dir: &Path) -> Result<Option<GenerationPlan>, PackageError> {
    let file = dir.join(GENERATORS_YAML);
    if !file.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| PackageError::at(&file, format!("cannot be read: {e}")))?;
    let root = parse(&file, &text)?;
    let plan = GenerationPlan {
        file: file.clone(),
        problem_dir: dir.to_path_buf(),
        programs: BTreeMap::new(),
        cases: Vec::new(),
        groups: Vec::new(),
        includes: Vec::new(),
        constants: super::constants::read(dir),
        notices: Vec::new(),
    };
    let mut reader = Reader::new(&file, &text, dir, plan);
    reader.root(&root)?;
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

/// The file's text read into its typed shape. The options are the package reader's
/// ([`yaml::parse`]): YAML 1.2 booleans, duplicate keys refused. A document that does not parse
/// is reported as every package file reports it (`malformed YAML: ...` with the line), and an
/// empty or comment-only file is an empty root.
fn parse(file: &Path, text: &str) -> Result<Spanned<Entry>, PackageError> {
    let options = serde_saphyr::options! {
        with_snippet: false,
        strict_booleans: true,
        non_finite_float_policy: serde_saphyr::options::NonFiniteFloatPolicy::PassThrough,
    };
    match serde_saphyr::from_str_with_options::<Spanned<Entry>>(text, options) {
        Ok(root) => Ok(root),
        Err(typed) => {
            // The untyped parse words syntax errors; one it accepts failed as a shape.
            let tree = yaml::parse(file, text)?;
            if tree.value == Value::Null {
                return Ok(Spanned::new(
                    Entry::Empty,
                    Location::UNKNOWN,
                    Location::UNKNOWN,
                ));
            }
            let line = typed
                .location()
                .map(|l| l.line() as usize)
                .filter(|&l| l > 0);
            Err(PackageError::new(
                file,
                line,
                format!("malformed generators.yaml: {}", typed.without_snippet()),
            ))
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
            // Each form's own line, the key or value at fault and what was found.
            (
                "data:\n  secret:\n    include: a\n",
                "line 3: secret: include must be a list of keys",
            ),
            (
                "data:\n  secret:\n    data: hello\n",
                "line 3: secret: data must be a map or a list of maps, found \"hello\"",
            ),
            (
                "data:\n  secret:\n    data:\n      - a: gen.py\n      - 7\n",
                "line 5: secret: data: each list item must be a map of one entry",
            ),
            (
                "data:\n  secret:\n    data:\n      b: [1]\n",
                "line 4: secret: b: is neither a test case nor a directory (found a list)",
            ),
            (
                "data:\n  sample:\n    data:\n      a:\n        in: '1'\n        ans:\n",
                "line 6: sample/a: ans must be a string",
            ),
            (
                "generators:\n  g: [gen.py]\n  h:\n",
                "line 3: generators.h: lists no files",
            ),
            (
                "data:\n  secret:\n    data:\n      [a]: gen.py\n",
                "line 4: malformed YAML: line 4: a key must be a plain word, found a list",
            ),
            (
                "- a\n",
                "line 1: the root must be a map of keys, found a list",
            ),
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
}
