//! What `stress` needs beyond the format: the reference and the generator kinds, from an
//! optional `stressjudge.yaml` or from the folder's conventions.

use std::path::{Path, PathBuf};

use super::error::PackageError;
use super::programs::list_programs;
use super::typed::{self, line_error, Dict, Leaf, Loose, Table};
use crate::build::BuildLimits;
use crate::problem::program::Program;
use crate::problem::submission::Submission;
use crate::programs::generator_command::GeneratorCommand;

/// The name of the optional stress configuration file in a problem folder.
pub const STRESS_CONFIG_FILE: &str = "stressjudge.yaml";

/// The kind name used for a folder's one generator when no `stressjudge.yaml` names kinds.
pub const DEFAULT_KIND: &str = "random";

/// How to stress-test a solution of this problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StressSetup {
    /// The `stressjudge.yaml` it came from, or `None` for the folder's conventions.
    pub config_file: Option<PathBuf>,
    /// The program whose output is the expected answer: `reference:` in the file, else the
    /// first of `submissions/accepted/` in name order. `None` when there is neither.
    pub reference: Option<Program>,
    /// The generator kinds, in file order: `generators:` in the file, else the folder's one
    /// generator as kind `random`. Empty when there is none.
    pub generators: Vec<GeneratorKind>,
    /// `input_file:` / `output_file:`: the files solutions read and write instead of stdin
    /// and stdout (a USACO-style task; the Kattis format has no file I/O, `listen` writes
    /// these for such a task). Standard streams when absent.
    pub file_io: crate::run::FileIo,
    /// `build_memory:` and `build_time:`: the limits of each build step of this problem's
    /// programs (`2 GiB`, `512M`; `20s`), which `--build-memory` and `--build-time` override.
    /// The defaults when absent.
    pub build_limits: BuildLimits,
}

/// One generator kind: a name and the command that prints an input for a seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratorKind {
    /// The kind's name (`small`, `large`, `random`), as `--kind` takes it.
    pub kind: String,
    /// The command.
    pub command: GeneratorCommand,
    /// Whether the folder's conventions guessed it (the one program in `generators/`) rather
    /// than a file naming it. No package format gives `generators/` programs a calling
    /// convention (the spec: "used to produce test data", nothing more), and many write test
    /// files themselves (DOMjudge's `create_testcase.py`), so a guessed one is used only once
    /// it is seen to behave as a seed -> stdout generator.
    pub guessed: bool,
}

/// Reads `dir/stressjudge.yaml` if present, else applies the folder's conventions.
pub(crate) fn read(
    dir: &Path,
    submissions: &[Submission],
    notices: &mut Vec<String>,
) -> Result<StressSetup, PackageError> {
    let file = dir.join(STRESS_CONFIG_FILE);
    let mut setup = if file.is_file() {
        read_file(dir, &file)?
    } else {
        StressSetup {
            config_file: None,
            reference: None,
            generators: Vec::new(),
            file_io: crate::run::FileIo::default(),
            build_limits: BuildLimits::default(),
        }
    };
    // A key the file leaves out falls back to the convention (a file that only declares
    // generator kinds keeps the first accepted submission as its reference, and vice versa).
    if setup.reference.is_none() {
        setup.reference = submissions
            .iter()
            .find(|s| s.is_accepted())
            .map(|s| s.program.clone());
    }
    if setup.generators.is_empty() {
        setup.generators = default_generator(dir, notices)
            .map(|program| GeneratorKind {
                kind: DEFAULT_KIND.to_string(),
                command: GeneratorCommand {
                    program: program.path,
                    args: Vec::new(),
                },
                guessed: true,
            })
            .into_iter()
            .collect();
    }
    Ok(setup)
}

/// The one program in `generators/`, or the one named `gen.*` (or `gen/`) among several.
fn default_generator(dir: &Path, notices: &mut Vec<String>) -> Option<Program> {
    let folder = dir.join("generators");
    if !folder.is_dir() {
        return None;
    }
    let mut skipped = Vec::new();
    let mut programs = list_programs(&folder, "generators", &mut skipped);
    if programs.len() == 1 {
        return programs.pop();
    }
    let mut named_gen: Vec<Program> = programs
        .iter()
        .filter(|p| p.stem() == "gen")
        .cloned()
        .collect();
    if named_gen.len() == 1 {
        return named_gen.pop();
    }
    if !programs.is_empty() {
        notices.push(format!(
            "generators: {} programs and {} named gen.*, so none is the default generator; \
             name it in {STRESS_CONFIG_FILE}",
            programs.len(),
            if named_gen.is_empty() {
                "none".to_string()
            } else {
                named_gen.len().to_string()
            },
        ));
    }
    None
}

/// `stressjudge.yaml` as written: every key it may hold (any other is an error).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub(crate) struct StressYaml {
    /// A path in the folder.
    #[serde(deserialize_with = "typed::present")]
    reference: Option<Leaf>,
    /// Kind name to a command: a string of words or a list.
    #[serde(deserialize_with = "typed::present")]
    generators: Option<Dict<Leaf>>,
    /// The Python 3 interpreter of the package's programs ([`super::python_choice`]).
    #[serde(deserialize_with = "typed::present")]
    pub(crate) python: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    input_file: Option<Leaf>,
    #[serde(deserialize_with = "typed::present")]
    output_file: Option<Leaf>,
    /// The same units as `--build-memory`.
    #[serde(deserialize_with = "typed::present")]
    build_memory: Option<Leaf>,
    /// The same units as `--build-time`.
    #[serde(deserialize_with = "typed::present")]
    build_time: Option<Leaf>,
}

/// The keys of [`StressYaml`], for the message about an unknown one.
const STRESS_KEYS: &[&str] = &[
    "reference",
    "generators",
    "python",
    "input_file",
    "output_file",
    "build_memory",
    "build_time",
];

fn read_file(dir: &Path, file: &Path) -> Result<StressSetup, PackageError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| PackageError::at(file, format!("cannot read: {e}")))?;
    let root = typed::parse::<Table<StressYaml>>(file, &text)?;
    let (yaml, keys) = root.read(file, STRESS_CONFIG_FILE)?;
    if let Some(key) = keys
        .iter()
        .find(|key| !STRESS_KEYS.contains(&key.name.as_str()))
    {
        return Err(PackageError::new(
            file,
            Some(key.line),
            format!(
                "unknown key {:?} (known: {})",
                key.name,
                STRESS_KEYS.join(", ")
            ),
        ));
    }
    let mut setup = StressSetup {
        config_file: Some(file.to_path_buf()),
        reference: None,
        generators: Vec::new(),
        file_io: crate::run::FileIo::default(),
        build_limits: BuildLimits::default(),
    };
    if let Some(value) = &yaml.reference {
        let path = value.as_string(file, "reference")?;
        let program = dir.join(&path);
        if !program.exists() {
            return Err(value.error(
                file,
                "reference",
                format_args!("{path:?} does not exist in the problem folder"),
            ));
        }
        setup.reference = Some(Program::at(&program));
    }
    if let Some(kinds) = &yaml.generators {
        setup.generators = generator_kinds(dir, file, kinds)?;
    }
    if let Some(value) = &yaml.python {
        value.as_string(file, "python")?;
    }
    for (value, key) in [
        (&yaml.input_file, "input_file"),
        (&yaml.output_file, "output_file"),
    ] {
        let Some(value) = value else { continue };
        let name = value.as_string(file, key)?;
        crate::run::FileIo::check_name(&name).map_err(|why| value.error(file, key, why))?;
        match key {
            "input_file" => setup.file_io.input = Some(name),
            _ => setup.file_io.output = Some(name),
        }
    }
    if let Some(value) = &yaml.build_memory {
        let text = value.as_string(file, "build_memory")?;
        let bytes =
            crate::units::parse_size(&text).map_err(|e| value.error(file, "build_memory:", e))?;
        setup.build_limits.memory_bytes = Some(bytes);
    }
    if let Some(value) = &yaml.build_time {
        let text = value.as_string(file, "build_time")?;
        let wall =
            crate::units::parse_duration(&text).map_err(|e| value.error(file, "build_time:", e))?;
        setup.build_limits.wall = Some(wall);
    }
    Ok(setup)
}

/// `generators:`, kind by kind in file order: each a well-formed kind name and a command
/// whose program exists.
fn generator_kinds(
    dir: &Path,
    file: &Path,
    kinds: &Dict<Leaf>,
) -> Result<Vec<GeneratorKind>, PackageError> {
    let entries = kinds.entries(file, "generators")?;
    if entries.is_empty() {
        return Err(line_error(
            file,
            kinds.line,
            "generators",
            "must name at least one kind, e.g. `small: generators/gen.py 10`",
        ));
    }
    let mut generators = Vec::new();
    for (kind, command) in entries {
        let what = format!("generators.{}", kind.name);
        check_kind_name(file, kind.line, &kind.name)?;
        let parsed = match &command.value {
            Loose::List(_) => GeneratorCommand::from_words(&command.as_words(file, &what)?, dir),
            _ => GeneratorCommand::parse(&command.as_string(file, &what)?, dir),
        }
        .map_err(|problem| command.error(file, &what, problem))?;
        if !parsed.program.exists() {
            return Err(command.error(
                file,
                &what,
                format_args!(
                    "names {:?}, which does not exist in the problem folder",
                    program_shown(dir, &parsed.program)
                ),
            ));
        }
        generators.push(GeneratorKind {
            kind: kind.name.clone(),
            command: parsed,
            guessed: false,
        });
    }
    Ok(generators)
}

fn program_shown(dir: &Path, program: &Path) -> String {
    program
        .strip_prefix(dir)
        .unwrap_or(program)
        .display()
        .to_string()
}

fn check_kind_name(file: &Path, line: usize, name: &str) -> Result<(), PackageError> {
    let well_formed = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !well_formed {
        return Err(PackageError::new(
            file,
            Some(line),
            format!(
                "generator kind {name:?} must be lowercase letters, digits, '-' and '_' \
                 (it names a --kind and a folder of saved failures)"
            ),
        ));
    }
    if name == "all" {
        return Err(PackageError::new(
            file,
            Some(line),
            "generator kind \"all\" is reserved (--kind all runs every kind)",
        ));
    }
    Ok(())
}
