//! The read file ([`super::file`]) checked and turned into a [`GenerationPlan`]: directories
//! walked in BAPCtools' order, cases named and numbered, inherited settings passed down,
//! commands split and seeded, includes resolved. Every rule cites BAPCtools' reader
//! (`bapctools/generate.py`) in the module doc of [`super`]; an error names the file, the line
//! and the key or value at fault.

use std::collections::BTreeMap;
use std::path::Path;

use super::super::error::PackageError;
use super::super::yaml::{Key, Node, Value};
use super::emit::raw_value;
use super::file::{line_of, Children, Entry, EntryMap, Fields, Form, Include, Lined, Programs};
use super::{
    GenerationPlan, PlannedGroup, SolutionChoice, CASE_KEYS, OLD_INPUT_KEY, ROOT_DIRECTORIES,
};

/// The settings a directory passes down (`Config` in BAPCtools).
#[derive(Debug, Clone)]
pub(super) struct Inherited {
    pub solution: SolutionChoice,
    pub salt: String,
    pub retries: u32,
}

impl Inherited {
    /// The root's: the first accepted submission, no salt, one try.
    pub fn top() -> Self {
        Inherited {
            solution: SolutionChoice::Default,
            salt: String::new(),
            retries: 1,
        }
    }
}

/// Where an include key leads.
#[derive(Debug, Clone)]
pub(super) enum Known {
    Case(usize),
    Dir(String),
}

/// The walk over one file.
pub(super) struct Reader<'a> {
    pub(super) file: &'a Path,
    /// The file's lines, for values copied as written.
    pub(super) lines: Vec<String>,
    pub(super) dir: &'a Path,
    pub(super) plan: GenerationPlan,
    pub(super) next_case: u64,
    pub(super) case_width: usize,
    pub(super) known: BTreeMap<String, Vec<Known>>,
    /// Included cases per directory path, for includes of a directory.
    pub(super) dir_includes: BTreeMap<String, Vec<usize>>,
    /// Test cases with `match:` patterns (not checked; one notice says how many).
    pub(super) matches: usize,
    /// Entries in BAPCtools' older forms (one notice says how many).
    pub(super) older_forms: usize,
}

/// An entry seen as BAPCtools' `is_test_case` sees it.
enum Kind<'e> {
    /// A test case: empty, a string, or a map with a test-case key.
    Case,
    /// A directory map.
    Dir(&'e EntryMap),
    /// Neither (what was found).
    Neither(&'e str),
}

fn kind(entry: &Entry) -> Kind<'_> {
    match entry {
        Entry::Empty | Entry::Command(_) => Kind::Case,
        Entry::Map(map)
            if map
                .keys
                .iter()
                .any(|k| CASE_KEYS.contains(&k.name.as_str()) || k.name == OLD_INPUT_KEY) =>
        {
            Kind::Case
        }
        Entry::Map(map) => Kind::Dir(map),
        Entry::Other(found) => Kind::Neither(found),
    }
}

/// How many numbered test cases the file holds (BAPCtools' `count`: cases of list-form `data:`
/// in every directory, each `count:` value one).
pub(super) fn count_numbered(entry: &Entry) -> u64 {
    let Entry::Map(map) = entry else {
        return 0;
    };
    let (groups, numbered): (Vec<&Children>, bool) =
        match map.fields.data.as_ref().map(|d| &d.value) {
            Some(Form::Map(children)) => (vec![children.as_slice()], false),
            Some(Form::List(items)) => (
                items
                    .iter()
                    .filter_map(|item| match &item.value {
                        Form::Map(children) => Some(children.as_slice()),
                        _ => None,
                    })
                    .collect(),
                true,
            ),
            _ => return 0,
        };
    let mut total = 0;
    for children in groups {
        for (_, child) in children {
            match kind(&child.value) {
                Kind::Case if numbered => {
                    total += count_values(&child.value).map_or(1, |v| v.len() as u64)
                }
                Kind::Case => {}
                _ => total += count_numbered(&child.value),
            }
        }
    }
    total
}

/// `count:` values of a case map, when it has a well-formed one.
fn count_values(entry: &Entry) -> Option<Vec<i64>> {
    let Entry::Map(map) = entry else {
        return None;
    };
    parse_count(map.fields.count.as_ref()?).ok()
}

/// BAPCtools' `parse_count`: `N` (1 to 100) is `1..=N`, a list of distinct integers, or a
/// range `A..=B` of at most 100 values.
pub(super) fn parse_count(node: &Node) -> Result<Vec<i64>, String> {
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
pub(super) fn valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 255
        && (bytes[0].is_ascii_alphanumeric() || bytes[0] == b'_')
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(b))
}

/// `NN-key` (or `NN` for an empty key), `NN` zero-padded to `width` digits.
pub(super) fn numbered_name(key: &str, n: usize, width: usize) -> String {
    if key.is_empty() {
        format!("{n:0width$}")
    } else {
        format!("{n:0width$}-{key}")
    }
}

impl<'a> Reader<'a> {
    /// A walk of `file` (whose text is `text`) in the problem folder `dir`, into `plan`.
    pub fn new(file: &'a Path, text: &str, dir: &'a Path, plan: GenerationPlan) -> Self {
        Reader {
            file,
            lines: text.lines().map(str::to_string).collect(),
            dir,
            plan,
            next_case: 1,
            case_width: 1,
            known: BTreeMap::new(),
            dir_includes: BTreeMap::new(),
            matches: 0,
            older_forms: 0,
        }
    }

    /// The whole file: the `generators:` map, the root's keys, then the tree.
    pub fn root(&mut self, root: &Lined<Entry>) -> Result<(), PackageError> {
        let empty = EntryMap::default();
        let map = match &root.value {
            Entry::Map(map) => map.as_ref(),
            Entry::Empty => &empty,
            Entry::Command(s) => {
                return Err(self.not_a_map(
                    line_of(root),
                    "the root",
                    &Value::Str(s.clone()).describe(),
                ))
            }
            Entry::Other(found) => return Err(self.not_a_map(line_of(root), "the root", found)),
        };
        if let Some(programs) = &map.fields.generators {
            self.programs(programs)?;
        }
        self.case_width = count_numbered(&root.value).to_string().len();
        for key in &map.keys {
            match key.name.as_str() {
                "generators" | "version" | "data" | "include" | "solution" | "random_salt"
                | "retries" | "test_group.yaml" | "testdata.yaml" => {}
                "visualizer" => self.notice(key, "visualizer: not run by stressjudge; ignored"),
                "gitignore_generated" | "parallel" => self.notice(
                    key,
                    &format!("{}: deprecated in BAPCtools; ignored", key.name),
                ),
                other => self.notice(key, &format!("{other}: not a generators.yaml key; ignored")),
            }
        }
        self.directory("", "", line_of(root), map, &Inherited::top(), true)
    }

    pub(super) fn error(&self, line: usize, what: impl std::fmt::Display) -> PackageError {
        PackageError::new(self.file, Some(line).filter(|&l| l > 0), what.to_string())
    }

    /// `what must be a map of keys, found ...`, as [`Node::as_map`] says it.
    fn not_a_map(&self, line: usize, what: &str, found: &str) -> PackageError {
        self.error(line, format!("{what} must be a map of keys, found {found}"))
    }

    pub(super) fn notice(&mut self, key: &Key, what: &str) {
        self.plan.notices.push(format!(
            "generators/generators.yaml line {}: {what}",
            key.line
        ));
    }

    /// The root `generators:` map.
    fn programs(&mut self, programs: &Lined<Programs>) -> Result<(), PackageError> {
        let entries = match &programs.value {
            Form::Map(entries) => entries.as_slice(),
            Form::Null => &[],
            other => {
                return Err(self.not_a_map(line_of(programs), "generators", &other.describe()))
            }
        };
        for (key, deps) in entries {
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
            let files = deps
                .leaf()
                .as_words(self.file, &format!("generators.{}", key.name))?;
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
    pub(super) fn settings(
        &self,
        fields: &Fields,
        parent: &Inherited,
        at: &str,
    ) -> Result<Inherited, PackageError> {
        let mut out = parent.clone();
        if let Some(node) = &fields.solution {
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
        if let Some(node) = &fields.random_salt {
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
        if let Some(node) = &fields.retries {
            out.retries = node
                .leaf()
                .as_positive_int(self.file, &format!("{at}retries"))?
                .min(1000) as u32;
        }
        Ok(out)
    }

    /// A directory at `path` (`""` for the root) whose map starts on `line`.
    fn directory(
        &mut self,
        path: &str,
        key: &str,
        line: usize,
        map: &EntryMap,
        parent: &Inherited,
        root: bool,
    ) -> Result<(), PackageError> {
        let at = if path.is_empty() {
            String::new()
        } else {
            format!("{path}: ")
        };
        let fields = &map.fields;
        let settings = self.settings(fields, parent, &at)?;
        if !root {
            self.known
                .entry(key.to_string())
                .or_default()
                .push(Known::Dir(path.to_string()));
        }
        let mut files = Vec::new();
        for (name, value) in [
            ("test_group.yaml", &fields.test_group_yaml),
            ("testdata.yaml", &fields.testdata_yaml),
        ] {
            if let (Some(key), Some(value)) = (map.key(name), value) {
                if !matches!(value.value, Value::Null) {
                    files.push((name.to_string(), raw_value(&self.lines, key, value)));
                }
            }
        }
        self.plan.groups.push(PlannedGroup {
            path: path.to_string(),
            files,
        });
        for k in &map.keys {
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

        let included = match &fields.include {
            Some(include) => self.includes(include, &at)?,
            None => Vec::new(),
        };

        let data = fields.data.as_ref();
        let data_line = data.map_or(0, line_of);
        let (items, numbered): (Vec<(usize, Option<&Children>)>, bool) =
            match data.map(|d| &d.value) {
                None | Some(Form::Null) => (Vec::new(), false),
                Some(Form::Map(children)) => (vec![(data_line, Some(children.as_slice()))], false),
                Some(Form::List(items)) => (
                    items
                        .iter()
                        .map(|item| {
                            let children = match &item.value {
                                Form::Map(children) => Some(children.as_slice()),
                                _ => None,
                            };
                            (line_of(item), children)
                        })
                        .collect(),
                    true,
                ),
                Some(other @ Form::Scalar(_)) => {
                    return Err(self.error(
                        data_line,
                        format!(
                            "{at}data must be a map or a list of maps, found {}",
                            other.describe()
                        ),
                    ))
                }
            };
        if root && numbered {
            return Err(self.error(
                data_line,
                "data: the root directory must not be numbered (give a map)",
            ));
        }
        let groups_total = items
            .iter()
            .filter_map(|(_, children)| {
                children.map(|c| {
                    c.iter()
                        .filter(|(_, e)| !matches!(kind(&e.value), Kind::Case))
                        .count()
                })
            })
            .sum::<usize>();
        let group_width = groups_total.to_string().len();
        let mut next_group = 1;
        for (item_line, children) in items {
            let Some(children) = children else {
                return Err(self.error(
                    item_line,
                    format!("{at}data: each list item must be a map of one entry"),
                ));
            };
            // Before 2023 a numbered item could hold several entries (`- a: x` / `  b: y`),
            // each numbered on its own here.
            if numbered && children.len() > 1 {
                self.older_forms += 1;
            }
            let mut ordered: Vec<&(Key, Lined<Entry>)> = children.iter().collect();
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
                match kind(&child.value) {
                    Kind::Case => {
                        self.cases_of(
                            child_key,
                            &child.value,
                            numbered,
                            &child_prefix(""),
                            &settings,
                        )?;
                    }
                    Kind::Dir(child_map) => {
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
                        self.directory(
                            &child_prefix(&name),
                            name_key,
                            line_of(child),
                            child_map,
                            &settings,
                            false,
                        )?;
                    }
                    Kind::Neither(found) => {
                        return Err(self.error(
                            child_key.line,
                            format!(
                                "{at}{name_key}: is neither a test case nor a directory (found {found})"
                            ),
                        ));
                    }
                }
            }
        }
        self.place_includes(path, line, &at, included)
    }

    /// The cases an `include:` list names: keys of earlier cases or directories. A key that
    /// names none or several is a notice (BAPCtools reports it as an error).
    fn includes(&mut self, include: &Lined<Include>, at: &str) -> Result<Vec<usize>, PackageError> {
        let Form::List(items) = &include.value else {
            return Err(self.error(
                line_of(include),
                format!("{at}include must be a list of keys"),
            ));
        };
        let mut included = Vec::new();
        for item in items {
            let name = item.leaf().as_string(self.file, &format!("{at}include"))?;
            if name.contains('/') {
                return Err(self.error(
                    item.line,
                    format!("{at}include `{name}` must be a test case or group key, not a path"),
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
        Ok(included)
    }

    /// Repeats the included cases in the directory at `path`; one that clashes with the
    /// directory's own is an error.
    fn place_includes(
        &mut self,
        path: &str,
        line: usize,
        at: &str,
        included: Vec<usize>,
    ) -> Result<(), PackageError> {
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
                    line,
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
}
