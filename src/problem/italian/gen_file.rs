//! `gen/GEN`, the Italian format's list of tests and subtasks, read as task-maker-rust reads
//! it (its `GEN.pest` grammar; CMS's `cmsMake` and `italy_yaml` read the same lines):
//!
//! - `#ST: points` starts a subtask worth `points` (digits; stressjudge also takes a decimal
//!   number such as `12.5`); `#STNAME: name` right after it names it;
//! - `#COPY: path` is a test whose input is the file at `path` (relative to the task folder);
//! - a line starting with `#` is a comment (`# text`, a lone `#`, or any other `#...` line);
//! - any other non-empty line is a test: the generator's arguments, whitespace-separated, up to
//!   an inline `#` comment;
//! - without any `#ST:` line, every test is in one subtask worth 100.
//!
//! `#STDEP: names` right after `#ST:` (and `#STNAME:`) makes the subtask hold the tests of the
//! subtasks named too (`*`: every subtask), as task-maker-rust does; it takes them only with
//! `task.yaml.orig` (for the `task.yaml` it writes for CMS), stressjudge in any task. A `#ST:`
//! without a number is refused with its line.

use std::path::{Path, PathBuf};

use crate::problem::kattis::PackageError;

/// One subtask as GEN declares it.
#[derive(Debug, Clone, PartialEq)]
pub struct GenSubtask {
    /// Its points.
    pub points: f64,
    /// Its `#STNAME:`, if any.
    pub name: Option<String>,
    /// Its `#ST:` line (0 for the implicit subtask of a GEN without one).
    pub line: usize,
    /// The subtasks whose tests it also holds (`#STDEP:`), as written, with their line.
    pub dependencies: Vec<(String, usize)>,
    /// The validator its tests are checked with, as `cases.gen` declares it (`None` there: no
    /// validation); in GEN always `None`, the task's `gen/valida.*` being found by name.
    pub validator: Option<ValidatorCall>,
}

/// A validator and how it is called, as `cases.gen` declares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidatorCall {
    /// Its file, relative to the task folder.
    pub path: PathBuf,
    /// Its arguments.
    pub args: Vec<ValidatorArg>,
}

/// One argument of a validator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValidatorArg {
    /// The input file's name.
    Input,
    /// This text.
    Text(String),
}

/// How one test's input is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenTest {
    /// The generator with these arguments.
    Generated(Vec<String>),
    /// A copy of this file of the task.
    Copy(PathBuf),
}

/// One test line: its subtask (0-based), how it is made and its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenLine {
    /// The 0-based subtask it belongs to.
    pub subtask: usize,
    /// How it is made.
    pub test: GenTest,
    /// Its 1-based line in GEN.
    pub line: usize,
    /// The generator of a generated test, relative to the task folder, as `cases.gen` names
    /// it; in GEN always `None`, the task's `gen/generatore.*` being found by name.
    pub generator: Option<PathBuf>,
}

/// GEN, read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Gen {
    /// The subtasks, in order.
    pub subtasks: Vec<GenSubtask>,
    /// The tests, in order.
    pub tests: Vec<GenLine>,
    /// Whether the file declares its generators and validators (`cases.gen`) instead of the
    /// task's being found by name (GEN).
    pub declares_programs: bool,
}

/// Reads `text`, the contents of GEN at `path`.
pub fn parse(path: &Path, text: &str) -> Result<Gen, PackageError> {
    let mut gen = Gen::default();
    // Whether the last line that was not blank or a comment was a `#ST:` (for `#STNAME:`).
    let mut after_st = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end_matches('\r').trim();
        let error = |message: String| PackageError::new(path, Some(line_no), message);
        if let Some(rest) = line.strip_prefix("#ST:") {
            let number = rest.split('#').next().unwrap_or("").trim();
            if number.is_empty() {
                return Err(error(
                    "`#ST:` with no number: a subtask needs its points".into(),
                ));
            }
            let points = number
                .parse::<f64>()
                .ok()
                .filter(|p| p.is_finite() && *p >= 0.0)
                .ok_or_else(|| {
                    error(format!(
                        "`#ST: {number}`: the points must be a number of at least 0"
                    ))
                })?;
            gen.subtasks.push(GenSubtask {
                points,
                name: None,
                line: line_no,
                dependencies: Vec::new(),
                validator: None,
            });
            after_st = true;
            continue;
        }
        if let Some(rest) = line.strip_prefix("#STNAME:") {
            let name = rest.split('#').next().unwrap_or("").trim();
            let subtask = match gen.subtasks.last_mut() {
                Some(s) if after_st => s,
                _ => {
                    return Err(error(
                        "`#STNAME:` must come right after a `#ST:` line".into(),
                    ))
                }
            };
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(error(format!(
                    "`#STNAME: {name}`: a subtask name is one word"
                )));
            }
            if name.contains(['*', '?']) || name.starts_with('-') {
                return Err(error(format!(
                    "`#STNAME: {name}`: a subtask name has no `*` or `?` and does not start \
                     with `-` (task-maker-rust's rule)"
                )));
            }
            if subtask.name.is_some() {
                return Err(error("a subtask is named twice".into()));
            }
            subtask.name = Some(name.to_string());
            continue;
        }
        if let Some(rest) = line.strip_prefix("#STDEP:") {
            let subtask = match gen.subtasks.last_mut() {
                Some(s) if after_st => s,
                _ => {
                    return Err(error(
                        "`#STDEP:` must come right after a `#ST:` line".into(),
                    ))
                }
            };
            let names = rest.split('#').next().unwrap_or("");
            (subtask.dependencies)
                .extend(names.split_whitespace().map(|n| (n.to_string(), line_no)));
            continue;
        }
        if let Some(rest) = line.strip_prefix("#COPY:") {
            let file = rest.split('#').next().unwrap_or("").trim();
            if file.is_empty() || file.contains(char::is_whitespace) {
                return Err(error(format!(
                    "`#COPY: {file}`: one path (relative to the task folder, no spaces) is due"
                )));
            }
            let subtask = implicit_subtask(&mut gen);
            gen.tests.push(GenLine {
                subtask,
                test: GenTest::Copy(PathBuf::from(file)),
                line: line_no,
                generator: None,
            });
            after_st = false;
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<String> = (line.split('#').next().unwrap_or(""))
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let subtask = implicit_subtask(&mut gen);
        gen.tests.push(GenLine {
            subtask,
            test: GenTest::Generated(words),
            line: line_no,
            generator: None,
        });
        after_st = false;
    }
    if gen.subtasks.is_empty() {
        implicit_subtask(&mut gen);
    }
    Ok(gen)
}

/// The subtask a test line falls in: the last `#ST:`, else the implicit one of 100 points.
fn implicit_subtask(gen: &mut Gen) -> usize {
    if gen.subtasks.is_empty() {
        gen.subtasks.push(GenSubtask {
            points: 100.0,
            name: None,
            line: 0,
            dependencies: Vec::new(),
            validator: None,
        });
    }
    gen.subtasks.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gen(text: &str) -> Result<Gen, String> {
        parse(Path::new("t/gen/GEN"), text).map_err(|e| e.to_string())
    }

    #[test]
    fn subtasks_copies_comments_and_generator_lines() {
        let g = gen("# N seed\n#ST: 0\n#STNAME: samples\n#COPY: gen/ex.in\n\n#ST: 30\n# small\n10 1 # corner\n#xyz\n20\t2\r\n")
            .unwrap();
        assert_eq!(g.subtasks.len(), 2);
        assert_eq!(g.subtasks[0].name.as_deref(), Some("samples"));
        assert_eq!((g.subtasks[1].points, g.subtasks[1].line), (30.0, 6));
        assert_eq!(g.tests.len(), 3);
        assert_eq!(g.tests[0].test, GenTest::Copy("gen/ex.in".into()));
        assert_eq!(
            g.tests[1].test,
            GenTest::Generated(vec!["10".into(), "1".into()])
        );
        assert_eq!((g.tests[2].subtask, g.tests[2].line), (1, 10));
    }

    #[test]
    fn no_subtask_is_one_of_100() {
        let g = gen("5\n6\n").unwrap();
        assert_eq!(g.subtasks.len(), 1);
        assert_eq!(g.subtasks[0].points, 100.0);
        assert!(g.tests.iter().all(|t| t.subtask == 0));
    }

    #[test]
    fn bad_lines_name_the_file_and_line() {
        assert_eq!(
            gen("1\n#ST:\n").unwrap_err(),
            "t/gen/GEN line 2: `#ST:` with no number: a subtask needs its points"
        );
        assert!(gen("#ST: x\n").unwrap_err().contains("line 1"));
        assert!(gen("1\n#STNAME: a\n").unwrap_err().contains("right after"));
        assert!(gen("1\n#STDEP: a\n").unwrap_err().contains("right after"));
        let g = gen("#ST: 5\n#STNAME: a\n#STDEP: b *\n").unwrap();
        assert_eq!(
            g.subtasks[0].dependencies,
            vec![("b".to_string(), 3), ("*".to_string(), 3)]
        );
        assert!(gen("#COPY:\n").unwrap_err().contains("one path"));
    }
}
