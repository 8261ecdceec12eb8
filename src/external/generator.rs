//! A generator program: `GEN SEED [ARGS...]`, its stdout the input.
//!
//! The seed comes first, as in the classic `./gen $i` loop, so testlib generators (seeded from
//! their arguments) work unchanged; a command `gen.py 10 100` passes its arguments after the
//! seed, and a `{seed}` placeholder puts the seed wherever it stands instead (the command's
//! words and placeholder are [`crate::problem::package::GeneratorCommand`]'s). A generator that
//! writes its input to a file instead of stdout (`--gen-output FILE`) has the file read back
//! from its working folder.

use std::path::Path;

use super::sandboxes::ToolSandboxes;
use super::tool::{Tool, ToolArg, ToolCall, ToolLimits};
use crate::build::find_on_path;
use crate::error::UsageError;
use crate::options::AdHocParts;
use crate::problem::package::GeneratorCommand;
use crate::problem::ToolFailure;

/// A generator program with its arguments.
pub struct Generator {
    tool: Tool,
    command: GeneratorCommand,
    output_file: Option<String>,
    /// The arguments for a seed when a package format decides them itself (a Polygon stress
    /// draws its `[a..b]` ranges from the seed), instead of `command`'s seed placement.
    seed_args: Option<SeedArgs>,
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

    /// What identifies the inputs it makes: its program and arguments.
    pub fn identity(&self) -> Option<String> {
        Some(format!("{} {:?}", self.tool.identity()?, self.command.args))
    }

    /// Runs the generator for `seed` and returns the input it printed.
    pub fn generate(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        seed: u64,
    ) -> Result<String, ToolFailure> {
        let call = ToolCall {
            args: self
                .args_for_seed(seed)
                .into_iter()
                .map(ToolArg::Text)
                .collect(),
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
