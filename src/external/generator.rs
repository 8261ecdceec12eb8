//! A generator program: `GEN SEED [ARGS...]`, its stdout the input.
//!
//! The seed comes first, as in the classic `./gen $i` loop, so testlib generators (seeded from
//! their arguments) work unchanged; a command `gen.py 10 100` passes its arguments after the
//! seed, and a `{seed}` placeholder puts the seed wherever it stands instead.

use std::path::Path;

use super::sandboxes::ToolSandboxes;
use super::tool::{Tool, ToolArg, ToolCall, ToolLimits};
use crate::error::UsageError;
use crate::problem::ToolFailure;

/// The placeholder a generator command may use for the seed.
pub const SEED_PLACEHOLDER: &str = "{seed}";

/// A generator program with its arguments.
pub struct GeneratorCommand {
    tool: Tool,
    args: Vec<String>,
}

impl GeneratorCommand {
    /// Parses a command `PROGRAM [ARGS...]` (shell-style quoting), the program's path taken
    /// relative to `base`. `what` names where the command came from, for errors.
    pub fn parse(command: &str, base: &Path, what: &str) -> Result<GeneratorCommand, UsageError> {
        let words = shlex::split(command).ok_or_else(|| {
            UsageError::new(format!(
                "{what}: cannot parse `{command}` (unbalanced quotes?)"
            ))
        })?;
        let Some((program, args)) = words.split_first() else {
            return Err(UsageError::new(format!("{what}: the command is empty")));
        };
        let path = base.join(program);
        if !path.exists() {
            let hint = if which(program) {
                format!(
                    " (`{program}` is a command, not a file: name the generator program itself, \
                     e.g. `gen.py 10`; stressjudge picks the interpreter)"
                )
            } else {
                String::new()
            };
            return Err(UsageError::new(format!(
                "{what}: generator `{}` not found{hint}",
                path.display()
            )));
        }
        Ok(GeneratorCommand {
            tool: Tool::new("generator", &path),
            args: args.to_vec(),
        })
    }

    /// The generator program.
    pub fn tool(&self) -> &Tool {
        &self.tool
    }

    /// The arguments of the call for `seed`.
    pub fn arguments(&self, seed: u64) -> Vec<String> {
        let seed = seed.to_string();
        if self.args.iter().any(|a| a.contains(SEED_PLACEHOLDER)) {
            self.args
                .iter()
                .map(|a| a.replace(SEED_PLACEHOLDER, &seed))
                .collect()
        } else {
            std::iter::once(seed)
                .chain(self.args.iter().cloned())
                .collect()
        }
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
                .arguments(seed)
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

/// Whether `name` is a command on `PATH`.
fn which(name: &str) -> bool {
    if name.contains('/') {
        return false;
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(args: &[&str]) -> GeneratorCommand {
        GeneratorCommand {
            tool: Tool::new("generator", Path::new("gen.py")),
            args: args.iter().map(|a| a.to_string()).collect(),
        }
    }

    #[test]
    fn the_seed_goes_first_unless_a_placeholder_says_where() {
        assert_eq!(command(&[]).arguments(17), ["17"]);
        assert_eq!(command(&["10", "100"]).arguments(3), ["3", "10", "100"]);
        assert_eq!(
            command(&["-n", "10", "--seed={seed}"]).arguments(5),
            ["-n", "10", "--seed=5"]
        );
    }

    #[test]
    fn commands_are_parsed_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("gen.py"), "print(1)").unwrap();
        let parsed = GeneratorCommand::parse("gen.py 10 'a b'", dir.path(), "--gen").unwrap();
        assert_eq!(parsed.arguments(1), ["1", "10", "a b"]);
        let err = GeneratorCommand::parse("nope.py", dir.path(), "--gen").unwrap_err();
        assert!(err.to_string().contains("not found"), "{err}");
        let err = GeneratorCommand::parse("sh gen.py", dir.path(), "--gen").unwrap_err();
        assert!(
            err.to_string().contains("is a command, not a file"),
            "{err}"
        );
        assert!(GeneratorCommand::parse("", dir.path(), "--gen").is_err());
        assert!(GeneratorCommand::parse("'gen.py", dir.path(), "--gen").is_err());
    }
}
