//! `gen/cases.gen`, task-maker-rust's richer list of tests (its `cases.gen.pest` grammar and
//! `cases_gen.rs`, whose rules are followed here), read into the same [`Gen`] shape as GEN.
//! CMS's `italy_yaml` loader does not read it: task-maker-rust writes a `gen/GEN` with the
//! same subtasks for CMS to import, so where the two could differ there is nothing of CMS's
//! to follow.
//!
//! Each line is a comment (`#...`), a command (`: NAME ...`), or a test: the arguments of the
//! current generator, split as a POSIX shell splits words (quotes group). Everything from a
//! `#` on is a comment, on any line. The commands:
//!
//! - `: GEN name path [PARAM...]` declares a generator; the PARAMs name its arguments, which
//!   become `$PARAM` variables of the constraints. The first generator declared, or the one
//!   named `default`, is the default. `: GEN name` inside a subtask makes `name` the
//!   generator of its following test lines.
//! - `: VAL name path [$VAR...]` declares a validator called with those variables' values
//!   (`$INPUT`, the input file; `$ST_NUM`, the 0-based subtask; `$ST_NAME`, its name), by
//!   default `$INPUT $ST_NUM` (0-based, unlike GEN's validator call); the first or the one
//!   named `default` is the default. `: VAL name` right after `: SUBTASK` (before its tests)
//!   checks that subtask's tests with `name`. The validator is fixed per subtask when it starts.
//! - `: CONSTRAINT a OP b [OP c ...]` with integers and `$VAR`s, `OP` one of `< <= > >= =`
//!   all pointing one way: before the first subtask it binds every test, inside one that
//!   subtask's. A test line whose generator declares PARAMs is checked against them when the
//!   file is read; a constraint naming a variable the line does not give is skipped.
//! - `: SUBTASK points [description]` starts a subtask (its name is the description without
//!   blanks); the generator goes back to the default.
//! - `: STDEP name...` right after `: SUBTASK` makes it hold those subtasks' tests too (`*`:
//!   every subtask).
//! - `: COPY path` is a test copied from a file of the task; `: RUN name args...` a test made
//!   by generator `name`.
//!
//! Tests and copies outside a subtask are errors, as are an unknown command, generator or
//! validator, a file declared that does not exist, a name declared twice. Three leniencies,
//! where task-maker-rust's grammar gives a meaning no setter intends: a line indented before
//! its `:` is a command (task-maker-rust would make it a test whose first argument is `:`),
//! a line blank up to its `#` is no test (task-maker-rust would run the generator without
//! arguments), and `: RUN name` without arguments is a test (task-maker-rust refuses it).
//!
//! task-maker-rust does not hand the constraints to validators: they only check the
//! generator's arguments. Validators are given the variables `TM_SUBTASK` (0-based),
//! `TM_SUBTASK_NAME` and `TM_TESTCASE` in their environment, in GEN tasks too (the reader's
//! loader sets them).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::gen_file::{Gen, GenLine, GenSubtask, GenTest, ValidatorArg, ValidatorCall};
use crate::problem::kattis::PackageError;

/// A generator or validator declared by `: GEN` or `: VAL`.
struct Declared {
    /// Its file, relative to the task folder.
    path: PathBuf,
    /// Its parameters as written (a generator's names, a validator's `$VAR`s).
    params: Vec<String>,
}

/// `<`, `<=`, `>`, `>=` or `=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operator {
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal,
}

impl Operator {
    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Operator::Less => a < b,
            Operator::LessEqual => a <= b,
            Operator::Greater => a > b,
            Operator::GreaterEqual => a >= b,
            Operator::Equal => a == b,
        }
    }

    /// `Some(true)` for `<`/`<=`, `Some(false)` for `>`/`>=`, `None` for `=`.
    fn direction(self) -> Option<bool> {
        match self {
            Operator::Less | Operator::LessEqual => Some(true),
            Operator::Greater | Operator::GreaterEqual => Some(false),
            Operator::Equal => None,
        }
    }
}

/// An operand of a constraint.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Operand {
    Number(i64),
    Variable(String),
}

impl Operand {
    /// Its value, `None` when it is a variable that is not set or not an integer.
    fn value(&self, variables: &HashMap<String, String>) -> Option<i64> {
        match self {
            Operand::Number(n) => Some(*n),
            Operand::Variable(name) => variables.get(name)?.parse().ok(),
        }
    }
}

/// `: CONSTRAINT a OP b ...`, as written (for messages) and parsed.
struct Constraint {
    text: String,
    first: Operand,
    rest: Vec<(Operator, Operand)>,
}

impl Constraint {
    /// `Some(false)` when `variables` break it, `None` when one of its variables is not set.
    fn holds(&self, variables: &HashMap<String, String>) -> Option<bool> {
        let mut last = self.first.value(variables)?;
        let mut holds = true;
        for (operator, operand) in &self.rest {
            let value = operand.value(variables)?;
            holds &= operator.holds(last, value);
            last = value;
        }
        Some(holds)
    }

    /// The variables it names.
    fn variables(&self) -> impl Iterator<Item = &str> {
        std::iter::once(&self.first)
            .chain(self.rest.iter().map(|(_, o)| o))
            .filter_map(|o| match o {
                Operand::Variable(v) => Some(v.as_str()),
                Operand::Number(_) => None,
            })
    }
}

/// The reader's state while going through the file.
struct Reader<'a> {
    dir: &'a Path,
    gen: Gen,
    generators: HashMap<String, Declared>,
    validators: HashMap<String, Declared>,
    default_generator: Option<String>,
    default_validator: Option<String>,
    current_generator: Option<String>,
    global_constraints: Vec<Constraint>,
    subtask_constraints: Vec<Constraint>,
    /// Whether a test was added since the last `: SUBTASK` (`: VAL name` and `: STDEP` must
    /// come before).
    tested_since_subtask: bool,
}

/// Reads `text`, the contents of `gen/cases.gen` at `path`, of the task at `dir`.
pub fn parse(dir: &Path, path: &Path, text: &str) -> Result<Gen, PackageError> {
    let mut reader = Reader {
        dir,
        gen: Gen {
            declares_programs: true,
            ..Gen::default()
        },
        generators: HashMap::new(),
        validators: HashMap::new(),
        default_generator: None,
        default_validator: None,
        current_generator: None,
        global_constraints: Vec::new(),
        subtask_constraints: Vec::new(),
        tested_since_subtask: false,
    };
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let done = match content.strip_prefix(':') {
            Some(command) => reader.command(command.trim_start(), line_no),
            None => reader.test(content, None, line_no),
        };
        done.map_err(|message| PackageError::new(path, Some(line_no), message))?;
    }
    Ok(reader.gen)
}

impl Reader<'_> {
    /// One `: NAME ...` line, without its `:`.
    fn command(&mut self, command: &str, line: usize) -> Result<(), String> {
        let (name, rest) = command
            .split_once(char::is_whitespace)
            .unwrap_or((command, ""));
        let rest = rest.trim();
        match name {
            "GEN" => self.gen_command(rest),
            "VAL" => self.val_command(rest),
            "CONSTRAINT" => self.constraint(rest),
            "SUBTASK" => self.subtask(rest, line),
            "STDEP" => self.stdep(rest, line),
            "COPY" => self.copy(rest, line),
            "RUN" => {
                let (generator, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                if generator.is_empty() {
                    return Err("`: RUN` needs a generator's name and its arguments".into());
                }
                if !self.generators.contains_key(generator) {
                    return Err(format!(
                        "`: RUN {generator}`: no generator is named {generator} (`: GEN {generator} PATH`)"
                    ));
                }
                self.test(args, Some(generator.to_string()), line)
            }
            other => Err(format!(
                "`: {other}` is not a command of cases.gen (GEN, VAL, CONSTRAINT, SUBTASK, \
                 STDEP, COPY, RUN)"
            )),
        }
    }

    /// `: GEN name path [PARAM...]` declares; `: GEN name` picks the subtask's generator.
    fn gen_command(&mut self, rest: &str) -> Result<(), String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            [] => Err("`: GEN` needs a name (and a path, to declare a generator)".into()),
            [name] => {
                if self.gen.subtasks.is_empty() {
                    return Err(format!(
                        "`: GEN {name}` picks the generator of a subtask, but no `: SUBTASK` \
                         came before"
                    ));
                }
                if !self.generators.contains_key(*name) {
                    return Err(format!(
                        "`: GEN {name}`: no generator is named {name} (`: GEN {name} PATH`)"
                    ));
                }
                self.current_generator = Some(name.to_string());
                Ok(())
            }
            [name, path, params @ ..] => {
                let declared = self.declared(name, path, params, "generator")?;
                declare(
                    &mut self.generators,
                    &mut self.default_generator,
                    name,
                    declared,
                    "generator",
                )
            }
        }
    }

    /// `: VAL name path [$VAR...]` declares; `: VAL name` picks the subtask's validator.
    fn val_command(&mut self, rest: &str) -> Result<(), String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            [] => Err("`: VAL` needs a name (and a path, to declare a validator)".into()),
            [name] => {
                if self.gen.subtasks.is_empty() {
                    return Err(format!(
                        "`: VAL {name}` picks the validator of a subtask, but no `: SUBTASK` \
                         came before"
                    ));
                }
                if self.tested_since_subtask {
                    return Err(format!(
                        "`: VAL {name}` must come right after `: SUBTASK`, before its tests"
                    ));
                }
                let call = self.validator_call(name)?;
                if let Some(subtask) = self.gen.subtasks.last_mut() {
                    subtask.validator = Some(call);
                }
                Ok(())
            }
            [name, path, params @ ..] => {
                let declared = self.declared(name, path, params, "validator")?;
                declare(
                    &mut self.validators,
                    &mut self.default_validator,
                    name,
                    declared,
                    "validator",
                )
            }
        }
    }

    /// A generator or validator at `path`, which must be a file of the task.
    fn declared(
        &self,
        name: &str,
        path: &str,
        params: &[&str],
        what: &str,
    ) -> Result<Declared, String> {
        let full = self.dir.join(path);
        if !full.is_file() {
            return Err(format!(
                "the {what} {name}: {path} is not a file of the task"
            ));
        }
        crate::problem::confined::inside(self.dir, &full)?;
        Ok(Declared {
            path: PathBuf::from(path),
            params: params.iter().map(|p| p.to_string()).collect(),
        })
    }

    /// How validator `name` is called in the current subtask: its `$VAR`s given their values.
    fn validator_call(&self, name: &str) -> Result<ValidatorCall, String> {
        let declared = self
            .validators
            .get(name)
            .ok_or_else(|| format!("no validator is named {name} (`: VAL {name} PATH`)"))?;
        let (number, subtask_name) = self.subtask_variables();
        let args = if declared.params.is_empty() {
            vec![ValidatorArg::Input, ValidatorArg::Text(number)]
        } else {
            let mut args = Vec::new();
            for param in &declared.params {
                // task-maker-rust takes each argument as a variable, with or without its `$`.
                let variable = param.strip_prefix('$').unwrap_or(param);
                args.push(match (variable, &subtask_name) {
                    ("INPUT", _) => ValidatorArg::Input,
                    ("ST_NUM", _) => ValidatorArg::Text(number.clone()),
                    ("ST_NAME", Some(st)) => ValidatorArg::Text(st.clone()),
                    _ => {
                        return Err(format!(
                            "the validator {name} is called with ${variable}, which is not set \
                             here (a validator's arguments are among $INPUT, $ST_NUM and \
                             $ST_NAME of a named subtask)"
                        ))
                    }
                });
            }
            args
        };
        Ok(ValidatorCall {
            path: declared.path.clone(),
            args,
        })
    }

    /// `$ST_NUM` (0-based) and `$ST_NAME` of the current subtask.
    fn subtask_variables(&self) -> (String, Option<String>) {
        let number = self.gen.subtasks.len().saturating_sub(1).to_string();
        let name = self.gen.subtasks.last().and_then(|s| s.name.clone());
        (number, name)
    }

    /// `: CONSTRAINT a OP b [OP c ...]`.
    fn constraint(&mut self, rest: &str) -> Result<(), String> {
        let constraint = parse_constraint(rest)?;
        if self.gen.subtasks.is_empty() {
            self.global_constraints.push(constraint);
        } else {
            self.subtask_constraints.push(constraint);
        }
        Ok(())
    }

    /// `: SUBTASK points [description]`.
    fn subtask(&mut self, rest: &str, line: usize) -> Result<(), String> {
        let (points, description) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        // task-maker-rust's `float`: digits, optionally `.` and digits.
        let well_formed = {
            let (whole, fraction) = points.split_once('.').unwrap_or((points, "0"));
            !whole.is_empty()
                && !fraction.is_empty()
                && (whole.chars().chain(fraction.chars())).all(|c| c.is_ascii_digit())
        };
        if !well_formed {
            return Err(if points.is_empty() {
                "`: SUBTASK` with no points: a subtask needs its points".to_string()
            } else {
                format!("`: SUBTASK {points}`: the points must be a number such as 30 or 12.5")
            });
        }
        let points: f64 = points
            .parse()
            .map_err(|_| format!("`{points}`: not a number"))?;
        // Its name is the description without blanks, as task-maker-rust names it.
        let name: String = (description.chars())
            .filter(|c| *c != ' ' && *c != '\t')
            .collect();
        let name = (!name.is_empty()).then_some(name);
        if let Some(name) = &name {
            if (self.gen.subtasks.iter()).any(|s| s.name.as_deref() == Some(name)) {
                return Err(format!("a subtask is already named {name}"));
            }
        }
        self.gen.subtasks.push(GenSubtask {
            points,
            name,
            line,
            dependencies: Vec::new(),
            validator: None,
        });
        self.current_generator.clone_from(&self.default_generator);
        self.subtask_constraints.clear();
        self.tested_since_subtask = false;
        if let Some(default) = self.default_validator.clone() {
            let call = self.validator_call(&default)?;
            if let Some(subtask) = self.gen.subtasks.last_mut() {
                subtask.validator = Some(call);
            }
        }
        Ok(())
    }

    /// `: STDEP name...`.
    fn stdep(&mut self, rest: &str, line: usize) -> Result<(), String> {
        if rest.is_empty() {
            return Ok(());
        }
        let subtask = match self.gen.subtasks.last_mut() {
            Some(s) if !self.tested_since_subtask => s,
            _ => {
                return Err("`: STDEP` must come right after `: SUBTASK`, before its tests".into())
            }
        };
        (subtask.dependencies).extend(rest.split_whitespace().map(|n| (n.to_string(), line)));
        Ok(())
    }

    /// `: COPY path`.
    fn copy(&mut self, rest: &str, line: usize) -> Result<(), String> {
        if self.gen.subtasks.is_empty() {
            return Err(format!(
                "`: COPY {rest}` is outside a subtask: a `: SUBTASK` line must come first"
            ));
        }
        if rest.is_empty() {
            return Err("`: COPY` needs the path of a file of the task".into());
        }
        self.push(GenTest::Copy(PathBuf::from(rest)), None, line);
        Ok(())
    }

    /// A test made by `generator` (else the current one) with `args`, checked against the
    /// constraints in force.
    fn test(&mut self, args: &str, generator: Option<String>, line: usize) -> Result<(), String> {
        if self.gen.subtasks.is_empty() {
            return Err(format!(
                "the test `{args}` is outside a subtask: a `: SUBTASK` line must come first"
            ));
        }
        let Some(name) = generator.or_else(|| self.current_generator.clone()) else {
            return Err(format!(
                "the test `{args}` has no generator: declare one with `: GEN name PATH` \
                 before the subtask"
            ));
        };
        let words = shlex::split(args)
            .ok_or_else(|| format!("the test `{args}`: a quote is not closed"))?;
        let declared = &self.generators[&name];
        let (number, subtask_name) = self.subtask_variables();
        let mut variables: HashMap<String, String> = HashMap::new();
        variables.insert("ST_NUM".into(), number);
        if let Some(st) = subtask_name {
            variables.insert("ST_NAME".into(), st);
        }
        for (param, value) in declared.params.iter().zip(&words) {
            variables.insert(param.clone(), value.clone());
        }
        let broken = (self.global_constraints.iter())
            .chain(&self.subtask_constraints)
            .find(|c| c.holds(&variables) == Some(false));
        if let Some(constraint) = broken {
            let mut named: Vec<&str> = constraint.variables().collect();
            named.dedup();
            let values: Vec<String> = (named.iter())
                .map(|v| format!("${v} = {}", variables[*v]))
                .collect();
            return Err(format!(
                "the test `{args}` breaks `: CONSTRAINT {}` ({})",
                constraint.text,
                values.join(", ")
            ));
        }
        let path = declared.path.clone();
        self.push(GenTest::Generated(words), Some(path), line);
        Ok(())
    }

    fn push(&mut self, test: GenTest, generator: Option<PathBuf>, line: usize) {
        self.gen.tests.push(GenLine {
            subtask: self.gen.subtasks.len() - 1,
            test,
            line,
            generator,
        });
        self.tested_since_subtask = true;
    }
}

/// Adds `declared` as `name`; the first one, or the one named `default`, is the default.
fn declare(
    all: &mut HashMap<String, Declared>,
    default: &mut Option<String>,
    name: &str,
    declared: Declared,
    what: &str,
) -> Result<(), String> {
    if all.contains_key(name) {
        return Err(format!("a {what} is already named {name}"));
    }
    all.insert(name.to_string(), declared);
    if default.is_none() || name == "default" {
        *default = Some(name.to_string());
    }
    Ok(())
}

/// `a OP b [OP c ...]`: integers and `$VAR`s (a variable runs up to the next blank),
/// operators all pointing one way.
fn parse_constraint(text: &str) -> Result<Constraint, String> {
    let bad = |why: &str| format!("`: CONSTRAINT {text}`: {why}");
    let mut rest = text.trim();
    let operand = |rest: &mut &str| -> Result<Operand, String> {
        *rest = rest.trim_start();
        if let Some(name) = rest.strip_prefix('$') {
            let end = name.find(char::is_whitespace).unwrap_or(name.len());
            if end == 0 {
                return Err(bad("a `$` without a variable's name"));
            }
            let variable = Operand::Variable(name[..end].to_string());
            *rest = &name[end..];
            return Ok(variable);
        }
        let sign = usize::from(rest.starts_with(['-', '+']));
        let end = sign
            + rest[sign..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len() - sign);
        if end == sign {
            return Err(bad("an operand is an integer or a `$VARIABLE`"));
        }
        let number = rest[..end]
            .parse::<i64>()
            .map_err(|_| bad(&format!("{} is not a 64-bit integer", &rest[..end])))?;
        *rest = &rest[end..];
        Ok(Operand::Number(number))
    };
    let first = operand(&mut rest)?;
    let mut more = Vec::new();
    let mut direction = None;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let (operator, length) = if rest.starts_with("<=") {
            (Operator::LessEqual, 2)
        } else if rest.starts_with(">=") {
            (Operator::GreaterEqual, 2)
        } else if rest.starts_with('<') {
            (Operator::Less, 1)
        } else if rest.starts_with('>') {
            (Operator::Greater, 1)
        } else if rest.starts_with('=') {
            (Operator::Equal, 1)
        } else {
            return Err(bad("operands are joined by <, <=, >, >= or ="));
        };
        rest = &rest[length..];
        if let Some(way) = operator.direction() {
            if direction.is_some_and(|d| d != way) {
                return Err(bad("the inequalities must all point the same way"));
            }
            direction = Some(way);
        }
        more.push((operator, operand(&mut rest)?));
    }
    if more.is_empty() {
        return Err(bad("a constraint compares at least two operands"));
    }
    Ok(Constraint {
        text: text.trim().to_string(),
        first,
        rest: more,
    })
}

#[cfg(test)]
mod tests;
