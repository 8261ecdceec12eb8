//! A generator program: `GEN SEED [ARGS...]`, its stdout the input.
//!
//! The seed comes first, as in the classic `./gen $i` loop, so testlib generators (seeded from
//! their arguments) work unchanged; a command `gen.py 10 100` passes its arguments after the
//! seed, and a `{seed}` placeholder puts the seed wherever it stands instead (the command's
//! words and placeholder are [`super::generator_command::GeneratorCommand`]'s). A generator that
//! writes its input to a file instead of stdout (`--gen-output FILE`) has the file read back
//! from its working folder.

use std::path::Path;
use std::sync::OnceLock;

use super::generator_command::GeneratorCommand;
use super::sandboxes::ToolSandboxes;
use super::tool::{Tool, ToolArg, ToolCall, ToolLimits};
use crate::build::find_on_path;
use crate::error::UsageError;
use crate::options::AdHocParts;
use crate::problem::ToolFailure;

/// A generator program with its arguments.
pub struct Generator {
    tool: Tool,
    command: GeneratorCommand,
    output_file: Option<String>,
    /// The arguments for a seed when a package format decides them itself (a Polygon stress
    /// draws its `[a..b]` ranges from the seed), instead of `command`'s seed placement.
    seed_args: Option<SeedArgs>,
    /// Why a folder's conventions guessed it, when they did (see [`Generator::guessed`]).
    guessed: Option<String>,
    /// A guessed generator's trial on seed 1 (see [`Generator::confirm`]), made once.
    confirmed: OnceLock<Result<String, ToolFailure>>,
}

/// The generators `--gen` names (repeatable; the first is kind `random`, the next `gen2`,
/// `gen3`, ...), each writing to `--gen-output`'s file when given; paths relative to `base`.
pub fn from_parts(parts: &AdHocParts, base: &Path) -> Result<Vec<(String, Generator)>, UsageError> {
    let output = parts.gen_output.as_deref().map(output_file).transpose()?;
    parts
        .generator
        .iter()
        .chain(&parts.more_generators)
        .enumerate()
        .map(|(i, command)| {
            let kind = match i {
                0 => "random".to_string(),
                _ => format!("gen{}", i + 1),
            };
            let mut generator = Generator::parse(command, base)?;
            generator.output_file = output.clone();
            Ok((kind, generator))
        })
        .collect()
}

/// `--gen-output`'s file: a plain name in the generator's working folder.
fn output_file(name: &str) -> Result<String, UsageError> {
    let plain = Path::new(name)
        .file_name()
        .is_some_and(|f| f.to_str() == Some(name));
    if !plain || name == "." || name == ".." {
        return Err(UsageError::new(format!(
            "--gen-output `{name}`: give a file name (the generator writes it in its working \
             folder), not a path"
        )));
    }
    Ok(name.to_string())
}

/// A function from a seed to a generator's arguments.
pub type SeedArgs = std::sync::Arc<dyn Fn(u64) -> Vec<String> + Send + Sync>;

impl Generator {
    /// The generator a command describes (its program must exist).
    pub fn new(command: GeneratorCommand) -> Generator {
        Generator {
            tool: Tool::new("generator", &command.program),
            command,
            output_file: None,
            seed_args: None,
            guessed: None,
            confirmed: OnceLock::new(),
        }
    }

    /// Marks it as guessed from a problem folder's conventions (the one program in
    /// `generators/`, which no file names as a generator), `why` saying so for the note that
    /// drops it: it is to be used only once [`Generator::probe`] saw it behave as one.
    pub fn guessed(mut self, why: String) -> Generator {
        self.guessed = Some(why);
        self
    }

    /// Whether it was guessed (see [`Generator::guessed`]).
    pub fn is_guessed(&self) -> bool {
        self.guessed.is_some()
    }

    /// Why it was guessed, for a guessed generator.
    pub fn guessed_because(&self) -> Option<&str> {
        self.guessed.as_deref()
    }

    /// For a guessed generator, its trial on seed 1 ([`Generator::probe`]), made once: the
    /// input it printed, or why it is not a generator. `Ok(None)` for one a file or flag named.
    pub fn confirm(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
    ) -> Result<Option<&str>, ToolFailure> {
        if self.guessed.is_none() {
            return Ok(None);
        }
        match self
            .confirmed
            .get_or_init(|| self.probe(sandboxes, limits, 1))
        {
            Ok(input) => Ok(Some(input)),
            Err(failure) => Err(failure.clone()),
        }
    }

    /// The generator at `program` whose arguments for a seed are `seed_args(seed)`.
    pub fn with_seed_args(program: &Path, seed_args: SeedArgs) -> Generator {
        Generator {
            tool: Tool::new("generator", program),
            command: GeneratorCommand {
                program: program.to_path_buf(),
                args: Vec::new(),
            },
            seed_args: Some(seed_args),
            output_file: None,
            guessed: None,
            confirmed: OnceLock::new(),
        }
    }

    /// The arguments the generator gets for `seed`.
    pub fn args_for_seed(&self, seed: u64) -> Vec<String> {
        match &self.seed_args {
            Some(args) => args(seed),
            None => self.command.args_for_seed(seed),
        }
    }

    /// Parses `--gen`'s command `PROGRAM [ARGS...]`, the program's path taken relative to
    /// `base`, and checks that the program exists.
    pub fn parse(text: &str, base: &Path) -> Result<Generator, UsageError> {
        let command = GeneratorCommand::parse(text, base)
            .map_err(|why| UsageError::new(format!("--gen `{text}` {why}")))?;
        if !command.program.exists() {
            let shown = command.program.display().to_string();
            let word = text.split_whitespace().next().unwrap_or("");
            let hint = if find_on_path(word).is_some() {
                format!(
                    " (`{word}` is a command, not a file: name the generator program itself, e.g. \
                     --gen \"gen.py 10\"; stressjudge picks the interpreter)"
                )
            } else {
                String::new()
            };
            return Err(UsageError::new(format!(
                "--gen: generator `{shown}` not found{hint}"
            )));
        }
        Ok(Generator::new(command))
    }

    /// The generator program.
    pub fn tool(&self) -> &Tool {
        &self.tool
    }

    /// The program, for its reader to say how it is built.
    pub fn tool_mut(&mut self) -> &mut Tool {
        &mut self.tool
    }

    /// What identifies the inputs it makes: its program and arguments.
    pub fn identity(&self) -> Option<String> {
        Some(format!("{} {:?}", self.tool.identity()?, self.command.args))
    }

    /// The size arguments of its command divided by `divisor` (each integer argument of 2 or
    /// more, down to 1 at least): `gen.py 30` gives `gen.py 7` for 4. `None` when the command
    /// has no such argument or its arguments come from elsewhere.
    pub fn smaller_args(&self, divisor: u64) -> Option<Vec<String>> {
        if self.seed_args.is_some() {
            return None;
        }
        let mut changed = false;
        let args = self
            .command
            .args
            .iter()
            .map(|a| match a.parse::<u64>() {
                Ok(v) if v >= 2 && a == &v.to_string() => {
                    let smaller = (v / divisor).max(1);
                    changed |= smaller != v;
                    smaller.to_string()
                }
                _ => a.clone(),
            })
            .collect();
        changed.then_some(args)
    }

    /// Runs the generator for `seed` and returns the input it printed.
    pub fn generate(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        seed: u64,
    ) -> Result<String, ToolFailure> {
        self.generate_with(sandboxes, limits, self.args_for_seed(seed))
    }

    /// [`Generator::generate`] with the command's arguments `args` instead of its own (see
    /// [`Generator::smaller_args`]).
    pub fn generate_smaller(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        seed: u64,
        args: &[String],
    ) -> Result<String, ToolFailure> {
        let command = GeneratorCommand {
            program: self.command.program.clone(),
            args: args.to_vec(),
        };
        self.generate_with(sandboxes, limits, command.args_for_seed(seed))
    }

    /// Runs the generator with `args` and returns the input it printed.
    fn generate_with(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        args: Vec<String>,
    ) -> Result<String, ToolFailure> {
        // A guessed generator runs in place only once a copy of it behaved as a generator.
        self.confirm(sandboxes, limits)?;
        let call = ToolCall {
            args: args.into_iter().map(ToolArg::Text).collect(),
            collect: self.output_file.iter().map(String::as_str).collect(),
            ..ToolCall::default()
        };
        let mut result = self.tool.call(sandboxes, limits, call)?;
        if let Some(failure) = self.tool.misbehaved(&result.outcome, limits, &[0]) {
            return Err(failure);
        }
        let stdout = match &self.output_file {
            Some(name) => result.file(name).map(<[u8]>::to_vec).ok_or_else(|| {
                ToolFailure::new(self.tool.label(), format!("did not write {name}"))
            })?,
            None => std::mem::take(&mut result.outcome.stdout),
        };
        if stdout.iter().all(u8::is_ascii_whitespace) {
            let what = match &self.output_file {
                Some(name) => format!("wrote nothing to {name}"),
                None => "printed nothing".to_string(),
            };
            return Err(ToolFailure::new(self.tool.label(), what));
        }
        String::from_utf8(stdout).map_err(|_| {
            ToolFailure::new(self.tool.label(), "printed bytes that are not UTF-8 text")
        })
    }

    /// Runs the generator once for `seed` as [`Generator::generate`] does, but on a copy of the
    /// folder that holds it, in a scratch folder: a script that writes test files next to
    /// itself (DOMjudge's `generators/create_testcase.py` writes `../data/secret/*.in`) writes
    /// them into the copy, never into the package. It behaves as a generator when it exits 0,
    /// prints an input and writes no file; that input comes back.
    pub fn probe(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        seed: u64,
    ) -> Result<String, ToolFailure> {
        let label = self.tool.label();
        let fail = |why: String| ToolFailure::new(label, why);
        let original = &self.command.program;
        let (Some(folder), Some(name)) = (original.parent(), original.file_name()) else {
            return Err(fail("is not a program file or folder".into()));
        };
        let scratch = tempfile::tempdir()
            .map_err(|e| fail(format!("could not be tried: no scratch folder: {e}")))?;
        let root = scratch.path().join("copy");
        let copied = copy_folder(folder, &root)
            .map_err(|e| fail(format!("could not be tried on a copy of its folder: {e}")))?;
        let copy = Generator {
            tool: Tool::new("generator", &root.join(name)),
            command: GeneratorCommand {
                program: root.join(name),
                args: self.command.args.clone(),
            },
            output_file: self.output_file.clone(),
            seed_args: self.seed_args.clone(),
            guessed: None,
            confirmed: OnceLock::new(),
        };
        let made = copy.generate(sandboxes, limits, seed);
        let mut written: Vec<String> = files_under(scratch.path())
            .into_iter()
            .filter(|(path, _)| !copied.contains(path) && !is_bytecode(path))
            .map(|(path, _)| path.display().to_string())
            .collect();
        if !written.is_empty() {
            let count = written.len();
            written.truncate(3);
            return Err(fail(format!(
                "writes files itself ({}{}) rather than printing one input for a seed: it makes \
                 test files, it is not a generator",
                written.join(", "),
                if count > 3 { ", ..." } else { "" }
            )));
        }
        made.map_err(|f| fail(f.problem))
    }
}

/// Most entries (files and folders) and bytes [`copy_folder`] copies: a generator's folder is
/// small; a wrong one (a home folder) is refused, not copied.
const COPY_LIMITS: (usize, u64) = (2000, 64 << 20);

/// Copies the folder `from` to `to` (following symbolic links, keeping execute bits); the
/// relative paths of the files copied come back.
fn copy_folder(from: &Path, to: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut copied = Vec::new();
    let (mut entries, mut bytes) = (0, 0);
    let mut pending = vec![std::path::PathBuf::new()];
    while let Some(relative) = pending.pop() {
        std::fs::create_dir_all(to.join(&relative))?;
        for entry in std::fs::read_dir(from.join(&relative))? {
            let entry = entry?;
            let inner = relative.join(entry.file_name());
            let source = from.join(&inner);
            let meta = std::fs::metadata(&source)?;
            // Folders count too, so that a link to a parent folder cannot copy forever.
            entries += 1;
            if !meta.is_dir() {
                bytes += meta.len();
            }
            if entries > COPY_LIMITS.0 || bytes > COPY_LIMITS.1 {
                return Err(std::io::Error::other(format!(
                    "{} holds more than {} files or {} MiB",
                    from.display(),
                    COPY_LIMITS.0,
                    COPY_LIMITS.1 >> 20
                )));
            }
            if meta.is_dir() {
                pending.push(inner);
                continue;
            }
            std::fs::copy(&source, to.join(&inner))?;
            copied.push(Path::new("copy").join(&inner));
        }
    }
    Ok(copied)
}

/// Every file under `dir`, relative to it (with its size).
fn files_under(dir: &Path) -> Vec<(std::path::PathBuf, u64)> {
    let mut files = Vec::new();
    let mut pending = vec![std::path::PathBuf::new()];
    while let Some(relative) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(dir.join(&relative)) else {
            continue;
        };
        for entry in entries.flatten() {
            let inner = relative.join(entry.file_name());
            match entry.metadata() {
                Ok(meta) if meta.is_dir() => pending.push(inner),
                Ok(meta) => files.push((inner, meta.len())),
                Err(_) => {}
            }
        }
    }
    files
}

/// Whether a file is Python's byte code cache, which importing a module beside the generator
/// writes by itself.
fn is_bytecode(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "__pycache__")
        || path.extension().is_some_and(|e| e == "pyc")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_parsed_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("gen.py"), "print(1)").unwrap();
        let parsed = Generator::parse("gen.py 10 'a b'", dir.path()).unwrap();
        assert_eq!(parsed.command.args_for_seed(1), ["1", "10", "a b"]);
        let err = Generator::parse("nope.py", dir.path()).err().unwrap();
        assert!(err.to_string().contains("not found"), "{err}");
        let err = Generator::parse("sh gen.py", dir.path()).err().unwrap();
        assert!(
            err.to_string().contains("is a command, not a file"),
            "{err}"
        );
        assert!(Generator::parse("", dir.path()).is_err());
    }
}
