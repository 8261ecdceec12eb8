//! TPS's `gen/data` (its `gen_data_parser.py` and `gen.py`): test sets, each started by
//! `@subtask NAME` or `@testset NAME`, holding test lines and `@include NAME...` lines that add
//! every test an earlier test set holds at that point (so inclusion is transitive). A test line
//! is `manual FILE` (a file of `gen/manual/`), `copy PATH` (a file, relative to `gen/`) or a
//! generator's name (`gen/NAME.*`) and its arguments. Blank lines and lines starting with `#`
//! are skipped (a `#` later in a line is an argument, as in TPS).
//!
//! Tests are named as TPS's default `test_name.py` names them: the subtask's 0-based position
//! among the `@subtask`s of the file (a `@testset`'s own name instead) and the test's 1-based
//! position in its set, two digits: `0-01`, `3-12`, `ABC-02`.

use std::path::Path;

use crate::problem::kattis::PackageError;

/// How one test's input is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenCommand {
    /// `manual FILE`: `gen/manual/FILE`.
    Manual(String),
    /// `copy PATH`: a file, relative to `gen/`.
    Copy(String),
    /// A generator's name and its arguments.
    Generator(String, Vec<String>),
}

/// One test line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenTest {
    /// Its name (`1-03`).
    pub name: String,
    /// Its 1-based line.
    pub line: usize,
    /// How its input is made.
    pub command: GenCommand,
    /// The test set it is written in, by position.
    pub set: usize,
}

/// One test set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestSet {
    /// Its name.
    pub name: String,
    /// Whether it is a subtask (`@subtask`) rather than a `@testset`.
    pub is_subtask: bool,
    /// Its 1-based line.
    pub line: usize,
    /// The names of every test it holds (its own and included ones), each once, in order.
    pub tests: Vec<String>,
}

/// `gen/data`, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenData {
    /// The test sets, in file order.
    pub sets: Vec<TestSet>,
    /// The test lines, in file order.
    pub tests: Vec<GenTest>,
}

/// Reads `gen/data` (at `path`, for errors) from `text`.
pub fn parse(path: &Path, text: &str) -> Result<GenData, PackageError> {
    let mut data = GenData {
        sets: Vec::new(),
        tests: Vec::new(),
    };
    let mut subtasks = 0usize;
    let mut label = String::new();
    let mut offset = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let at = |message: String| PackageError::new(path, Some(line), message);
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut words = trimmed.split_whitespace().map(str::to_string);
        let command = words.next().unwrap_or_default();
        let args: Vec<String> = words.collect();
        match command.as_str() {
            "@subtask" | "@testset" => {
                let [name] = args.as_slice() else {
                    return Err(at(format!("`{command}` takes one name: `{trimmed}`")));
                };
                if let Some(earlier) = data.sets.iter().find(|s| &s.name == name) {
                    return Err(at(format!(
                        "test set {name} is defined twice (first on line {})",
                        earlier.line
                    )));
                }
                let is_subtask = command == "@subtask";
                label = if is_subtask {
                    subtasks += 1;
                    (subtasks - 1).to_string()
                } else {
                    name.clone()
                };
                offset = 0;
                data.sets.push(TestSet {
                    name: name.clone(),
                    is_subtask,
                    line,
                    tests: Vec::new(),
                });
            }
            "@include" => {
                let Some(current) = data.sets.len().checked_sub(1) else {
                    return Err(at("`@include` before any `@subtask` or `@testset`".into()));
                };
                if args.is_empty() {
                    return Err(at("`@include` names no test set".into()));
                }
                for name in &args {
                    let Some(found) = data.sets[..current].iter().find(|s| &s.name == name) else {
                        return Err(at(format!(
                            "`@include {name}`: no test set {name} is defined above"
                        )));
                    };
                    let tests = found.tests.clone();
                    let own = &mut data.sets[current].tests;
                    for test in tests {
                        if !own.contains(&test) {
                            own.push(test);
                        }
                    }
                }
            }
            other if other.starts_with('@') => {
                return Err(at(format!(
                    "unknown command `{other}` (TPS has @subtask, @testset and @include)"
                )));
            }
            _ => {
                let Some(set) = data.sets.len().checked_sub(1) else {
                    return Err(at(format!(
                        "the test `{trimmed}` comes before any `@subtask` or `@testset`"
                    )));
                };
                let command = match command.as_str() {
                    "manual" | "copy" => {
                        let [file] = args.as_slice() else {
                            return Err(at(format!("`{command}` takes one file: `{trimmed}`")));
                        };
                        if command == "manual" {
                            GenCommand::Manual(file.clone())
                        } else {
                            GenCommand::Copy(file.clone())
                        }
                    }
                    _ => GenCommand::Generator(command, args),
                };
                offset += 1;
                let name = format!("{label}-{offset:02}");
                data.sets[set].tests.push(name.clone());
                data.tests.push(GenTest {
                    name,
                    line,
                    command,
                    set,
                });
            }
        }
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DATA: &str = "\
@subtask samples
manual 1.in
# a comment

@testset small
gencode 10 1
gencode 20 2

@subtask n2
@include small
gen-two 100 x
copy ../public/examples/01.in

@subtask full
@include n2 samples
gencode 1000 7
";

    #[test]
    fn tests_are_named_and_included_as_tps_does() {
        let data = parse(Path::new("gen/data"), DATA).unwrap();
        let names: Vec<&str> = data.tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            ["0-01", "small-01", "small-02", "1-01", "1-02", "2-01"]
        );
        assert_eq!(data.tests[0].command, GenCommand::Manual("1.in".into()));
        assert_eq!(
            data.tests[3].command,
            GenCommand::Generator("gen-two".into(), vec!["100".into(), "x".into()])
        );
        assert_eq!(data.tests[3].line, 11);
        let full = &data.sets[3];
        assert!(full.is_subtask);
        assert_eq!(
            full.tests,
            ["small-01", "small-02", "1-01", "1-02", "0-01", "2-01"]
        );
        assert!(!data.sets[1].is_subtask);
    }

    #[test]
    fn bad_lines_name_their_line() {
        let e = |text: &str| parse(Path::new("gen/data"), text).unwrap_err().to_string();
        assert_eq!(
            e("gencode 1\n"),
            "gen/data line 1: the test `gencode 1` comes before any `@subtask` or `@testset`"
        );
        assert!(e("@subtask a\n@include b\n")
            .contains("line 2: `@include b`: no test set b is defined above"));
        assert!(e("@subtask a\n@subtask a\n").contains("line 2: test set a is defined twice"));
        assert!(e("@subtask\n").contains("line 1: `@subtask` takes one name"));
        assert!(e("@subtask a\n@tests x\n").contains("unknown command `@tests`"));
        assert!(e("@subtask a\nmanual\n").contains("line 2: `manual` takes one file"));
    }
}
