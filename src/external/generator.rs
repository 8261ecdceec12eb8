//! A generator program: `GEN SEED [ARGS...]`, its stdout the input.
//!
//! The seed comes first, as in the classic `./gen $i` loop, so testlib generators (seeded from
//! their arguments) work unchanged; a command `gen.py 10 100` passes its arguments after the
//! seed, and a `{seed}` placeholder puts the seed wherever it stands instead (the command's
//! words and placeholder are [`crate::problem::package::GeneratorCommand`]'s).

use std::path::Path;

use super::sandboxes::ToolSandboxes;
use super::tool::{Tool, ToolArg, ToolCall, ToolLimits};
use crate::build::find_on_path;
use crate::error::UsageError;
use crate::problem::package::GeneratorCommand;
use crate::problem::ToolFailure;

/// A generator program with its arguments.
pub struct Generator {
    tool: Tool,
    command: GeneratorCommand,
}

impl Generator {
    /// The generator a command describes (its program must exist).
    pub fn new(command: GeneratorCommand) -> Generator {
        Generator {
            tool: Tool::new("generator", &command.program),
            command,
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
                .command
                .args_for_seed(seed)
                .into_iter()
                .map(ToolArg::Text)
                .collect(),
            ..ToolCall::default()
        };
        let result = self.tool.call(sandboxes, limits, call)?;
        if let Some(failure) = self.tool.misbehaved(&result.outcome, limits, &[0]) {
            return Err(failure);
        }
        let stdout = result.outcome.stdout;
        if stdout.iter().all(u8::is_ascii_whitespace) {
            return Err(ToolFailure::new(self.tool.label(), "printed nothing"));
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
