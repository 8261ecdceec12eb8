//! Input validators: Kattis (`val [FLAGS] < INPUT`, exit 42 valid, 43 invalid) and testlib
//! (exit 0 valid; an `ensure` that fails exits 3).
//!
//! Exit 0 or 42 accepts the input. Exit 43, any other exit code, or an abort (`assert`) rejects
//! it, with the validator's message (the last line of its stderr). A validator that crashes
//! otherwise, or passes a limit, is broken: that is a [`ToolFailure`], not a rejection.

use std::path::Path;

use super::sandboxes::ToolSandboxes;
use super::tool::{stderr_note, Tool, ToolArg, ToolCall, ToolLimits};
use crate::problem::{InputError, ToolFailure};
use crate::run::Exit;

/// Exit code of a Kattis validator that accepts.
pub const KATTIS_ACCEPT: i32 = 42;
/// Exit code of a Kattis validator that rejects.
pub const KATTIS_REJECT: i32 = 43;

/// An input validator with the flags it is called with.
pub struct InputValidator {
    tool: Tool,
    flags: Vec<String>,
    /// Whether the input is also given as a file named by the first argument (the Italian
    /// format's `valida INPUT SUBTASK`), besides stdin.
    input_file: bool,
    /// The whole argument list when the input file's place in it is the task's to say
    /// (task-maker-rust's `: VAL name path $ST_NUM $INPUT`): a [`ToolArg::File`] is the input
    /// file; replaces `flags` and `input_file`.
    arguments: Option<Vec<ToolArg>>,
    /// Environment variables of every call.
    env: Vec<(String, String)>,
}

/// The name of the input file a validator called with one is given, in its working folder.
pub const INPUT_FILE: &str = "input.txt";

impl InputValidator {
    /// The validator program at `path`, called with `flags`.
    pub fn new(path: &Path, flags: Vec<String>) -> InputValidator {
        InputValidator {
            tool: Tool::new("input validator", path),
            flags,
            input_file: false,
            arguments: None,
            env: Vec::new(),
        }
    }

    /// The program at `path` called with `args`, named `label` in messages.
    pub fn labelled(path: &Path, args: Vec<String>, label: String) -> InputValidator {
        InputValidator {
            tool: Tool::labelled("input validator", path, label),
            flags: args,
            input_file: false,
            arguments: None,
            env: Vec::new(),
        }
    }

    /// A script run by the program at `path` (`checktestdata SCRIPT ARGS`), named `label`:
    /// the script is shown to the program wherever it runs.
    pub fn script(path: &Path, script: &Path, args: Vec<String>, label: String) -> InputValidator {
        // Absolute: the program runs in a directory of its own.
        let script = std::path::absolute(script).unwrap_or_else(|_| script.to_path_buf());
        let mut words = vec![script.display().to_string()];
        words.extend(args);
        InputValidator {
            tool: Tool::labelled("input validator", path, label).reading(&script),
            flags: words,
            input_file: false,
            arguments: None,
            env: Vec::new(),
        }
    }

    /// The validator at `path` called with the input as a file, then `args` (CMS's and
    /// task-maker-rust's `gen/valida.* INPUT SUBTASK`); it reads stdin too.
    pub fn with_input_file(path: &Path, args: Vec<String>) -> InputValidator {
        InputValidator {
            tool: Tool::new("input validator", path),
            flags: args,
            input_file: true,
            arguments: None,
            env: Vec::new(),
        }
    }

    /// The validator at `path` called with `arguments`, where each [`ToolArg::File`] is the
    /// input's file, and `env` set: the calls task-maker-rust's `cases.gen` declares (`: VAL
    /// name path $INPUT $ST_NUM`), with its `TM_SUBTASK` variables. It reads stdin too.
    pub fn with_arguments(
        path: &Path,
        arguments: Vec<ToolArg>,
        env: Vec<(String, String)>,
    ) -> InputValidator {
        InputValidator {
            tool: Tool::new("input validator", path),
            flags: Vec::new(),
            input_file: false,
            arguments: Some(arguments),
            env,
        }
    }

    /// What identifies its judgement of inputs: its program and flags.
    pub fn identity(&self) -> Option<String> {
        if let Some(arguments) = &self.arguments {
            return Some(format!(
                "{} {arguments:?} {:?}",
                self.tool.identity()?,
                self.env
            ));
        }
        let file = if self.input_file { " INPUT" } else { "" };
        Some(format!("{}{file} {:?}", self.tool.identity()?, self.flags))
    }

    /// The validator program.
    pub fn tool(&self) -> &Tool {
        &self.tool
    }

    /// The program, for its reader to say how it is built.
    pub fn tool_mut(&mut self) -> &mut Tool {
        &mut self.tool
    }

    /// Accepts or rejects `input`.
    pub fn validate(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        input: &str,
    ) -> Result<Result<(), InputError>, ToolFailure> {
        self.validate_bytes(sandboxes, limits, input.as_bytes())
    }

    /// [`InputValidator::validate`] for any bytes (the junk a validator is tested with need
    /// not be text).
    pub fn validate_bytes(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        input: &[u8],
    ) -> Result<Result<(), InputError>, ToolFailure> {
        self.validate_with(sandboxes, limits, input, &[])
    }

    /// [`InputValidator::validate_bytes`] with `env` set beside the validator's own variables
    /// (the test's number, for an Italian-format task).
    pub fn validate_with(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        input: &[u8],
        env: &[(String, String)],
    ) -> Result<Result<(), InputError>, ToolFailure> {
        let mut args: Vec<ToolArg> = Vec::new();
        let mut files = Vec::new();
        match &self.arguments {
            Some(arguments) => {
                args = (arguments.iter())
                    .map(|a| match a {
                        ToolArg::File(_) => ToolArg::File(INPUT_FILE.into()),
                        text => text.clone(),
                    })
                    .collect();
                if args.iter().any(|a| matches!(a, ToolArg::File(_))) {
                    files.push((INPUT_FILE, input));
                }
            }
            None => {
                if self.input_file {
                    args.push(ToolArg::File(INPUT_FILE.into()));
                    files.push((INPUT_FILE, input));
                }
                args.extend(self.flags.iter().cloned().map(ToolArg::Text));
            }
        }
        let mut all_env = self.env.clone();
        all_env.extend(env.iter().cloned());
        let call = ToolCall {
            args,
            stdin: input,
            files,
            env: all_env,
            ..ToolCall::default()
        };
        let result = self.tool.call(sandboxes, limits, call)?;
        let outcome = &result.outcome;
        let rejected = |how: String| {
            Ok(Err(InputError::new(
                0,
                format!(
                    "{} rejects it ({how}){}{}",
                    self.tool.label(),
                    self.tool.address_space_note(),
                    stderr_note(&outcome.stderr_head)
                ),
            )))
        };
        match (outcome.limit_hit, outcome.exit) {
            (None, Exit::Code(0 | KATTIS_ACCEPT)) => Ok(Ok(())),
            (None, Exit::Code(code)) => rejected(format!("exit code {code}")),
            (None, Exit::Signal(libc::SIGABRT)) => rejected("an assertion failed".into()),
            _ => Err(self.tool.broken(outcome, limits)),
        }
    }
}
