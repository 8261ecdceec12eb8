//! One of the user's programs in a role (generator, input validator, reference, checker,
//! output validator): built on first use, run through the tool sandboxes under the tool limits,
//! and described in one line when it misbehaves.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use super::sandboxes::ToolSandboxes;
use crate::build::{self, BuildError, BuildOptions, BuildPlan, Program, Source};
use crate::problem::ToolFailure;
use crate::run::{
    signal_name, Carried, Endpoint, Exit, FileIo, LimitHit, RunLimits, RunOutcome, RunRequest,
};

/// Limits every tool runs under: generous, since a brute-force reference is slow by design,
/// but finite, so a tool stuck in a loop is reported instead of hanging the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolLimits {
    /// CPU time per call.
    pub time: Duration,
    /// Memory per call.
    pub memory_bytes: u64,
    /// Output per call (a generator's input, a reference's answer).
    pub output_bytes: u64,
}

impl Default for ToolLimits {
    /// 10 s of CPU, 2 GiB, 512 MiB of output.
    fn default() -> Self {
        ToolLimits {
            time: Duration::from_secs(10),
            memory_bytes: 2 << 30,
            output_bytes: 512 << 20,
        }
    }
}

impl ToolLimits {
    /// The run limits of one call.
    pub(super) fn run_limits(&self) -> RunLimits {
        RunLimits::from_time_limit(self.time, self.memory_bytes, self.output_bytes)
    }
}

/// An argument of a tool call: plain text, or the name of one of the call's files or folders
/// (the tool runs in the folder that holds them, so the name is its path).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolArg {
    /// Passed as is.
    Text(String),
    /// A file or folder of the call, by name.
    File(String),
}

/// One call of a tool: its arguments, stdin, the files it reads and the folders it writes.
#[derive(Debug, Default)]
pub struct ToolCall<'a> {
    /// Arguments after the program's own.
    pub args: Vec<ToolArg>,
    /// Standard input.
    pub stdin: &'a [u8],
    /// Files the tool reads, by name.
    pub files: Vec<(&'a str, &'a [u8])>,
    /// Empty folders the tool may write into, by name.
    pub dirs: Vec<&'a str>,
    /// Files to read back after the call (relative to the call's folder).
    pub collect: Vec<&'a str>,
    /// File I/O of a solution (the reference): stdin goes into the input file, the answer
    /// comes back as stdout from the output file.
    pub file_io: FileIo,
    /// A folder kept from this call to the next (a multi-pass validator's feedback folder).
    pub carry: Option<Carried>,
    /// Environment variables set for this call beside the program's own (task-maker-rust's
    /// `TM_SUBTASK` for an Italian-format validator).
    pub env: Vec<(String, String)>,
}

impl<'a> ToolCall<'a> {
    /// A call whose arguments are `files`' names, in their order, and which reads those files:
    /// a checker called as `chk INPUT OUTPUT ANSWER` (testlib) or `chk INPUT CORRECT OUTPUT`
    /// (CMS).
    pub fn of_files(files: Vec<(&'a str, &'a [u8])>) -> ToolCall<'a> {
        ToolCall {
            args: files
                .iter()
                .map(|(name, _)| ToolArg::File((*name).into()))
                .collect(),
            files,
            ..ToolCall::default()
        }
    }
}

/// What a call gave: the run and the files read back.
#[derive(Debug)]
pub struct ToolResult {
    /// The run.
    pub outcome: RunOutcome,
    /// Contents of the collected files that exist.
    pub collected: Vec<(String, Vec<u8>)>,
}

impl AsRef<RunOutcome> for ToolResult {
    fn as_ref(&self) -> &RunOutcome {
        &self.outcome
    }
}

impl ToolResult {
    /// A collected file's contents.
    pub fn file(&self, name: &str) -> Option<&[u8]> {
        self.collected
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }
}

/// A user's program in a role.
pub struct Tool {
    role: &'static str,
    path: PathBuf,
    label: String,
    built: OnceLock<Result<Program, ToolFailure>>,
    /// A file the tool is given to read besides its own folder (a checktestdata script).
    reads: Option<PathBuf>,
    /// How its reader says it is built, or why the reader could not say (reported when it is
    /// first built).
    plan: Result<BuildPlan, String>,
    /// The address space (`RLIMIT_AS`) its reader says the package's own tool gives it, in
    /// bytes ([`Tool::limit_address_space`]).
    address_space: Option<u64>,
}

impl Tool {
    /// The program at `path` (a source file, program folder or executable) acting as `role`
    /// (`generator`, `reference`, ...).
    pub fn new(role: &'static str, path: &Path) -> Tool {
        let shown = path.display().to_string();
        Tool {
            role,
            path: path.to_path_buf(),
            label: format!("{role} {shown}"),
            built: OnceLock::new(),
            reads: None,
            plan: Ok(BuildPlan::default()),
            address_space: None,
        }
    }

    /// A tool whose messages call it `label` rather than `ROLE PATH` (a checktestdata script
    /// run by the checktestdata program is named by its script).
    pub fn labelled(role: &'static str, path: &Path, label: String) -> Tool {
        Tool {
            role,
            path: path.to_path_buf(),
            label,
            built: OnceLock::new(),
            reads: None,
            plan: Ok(BuildPlan::default()),
            address_space: None,
        }
    }

    /// This tool, also shown the file `script` it runs (a fully isolated sandbox shows a tool
    /// only its own folder and what it is given).
    pub fn reading(mut self, script: &Path) -> Tool {
        self.reads = std::path::absolute(script).ok();
        self
    }

    /// This tool, built as its reader declares (`plan`: a package's language, entry point,
    /// constants and included files; or why the package's declaration could not be read).
    pub fn planned(mut self, plan: Result<BuildPlan, String>) -> Tool {
        self.plan = plan;
        self
    }

    /// Sets how it is built, as [`Tool::planned`] does, before it is first built.
    pub fn set_plan(&mut self, plan: Result<BuildPlan, String>) {
        self.plan = plan;
    }

    /// Limits its address space to `bytes` (`RLIMIT_AS`, beside the sandbox's memory limit),
    /// as the package's own tool does: problemtools runs every program it builds from source
    /// under `RLIMIT_AS` (`run/program.py`), so a validator that reserves more than that fails
    /// there. Not applied to a program problemtools exempts
    /// ([`Program::takes_an_address_space_limit`]: the JVM, build/run folders, executables).
    pub fn limit_address_space(&mut self, bytes: u64) {
        self.address_space = Some(bytes);
    }

    /// The address-space limit its runs get, once built: `None` when none was asked for or
    /// the program is exempt.
    fn address_space(&self) -> Option<u64> {
        let bytes = self.address_space?;
        let program = self.built.get()?.as_ref().ok()?;
        program.takes_an_address_space_limit().then_some(bytes)
    }

    /// ` (its address space is limited to N MiB, ...)` when its runs have an address-space
    /// limit, for the message of a run that failed: a refused reservation looks like a crash.
    pub fn address_space_note(&self) -> String {
        match self.address_space() {
            Some(bytes) => format!(
                " (its address space is limited to {} MiB, as the package's own tool limits it)",
                bytes >> 20
            ),
            None => String::new(),
        }
    }

    /// How messages name it: `reference brute.py`.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Its role.
    pub fn role(&self) -> &'static str {
        self.role
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The folder that holds its files (absolute): the program folder itself, or a file's
    /// folder.
    fn folder(&self) -> Option<PathBuf> {
        let path = std::path::absolute(&self.path).ok()?;
        if path.is_dir() {
            Some(path)
        } else {
            path.parent().map(Path::to_path_buf)
        }
    }

    /// What identifies the tool's behaviour for the result cache: its role and build hash and,
    /// for a single file, the files beside it (see [`super::answers::reference_key`]); `None`
    /// when it does not build.
    pub fn identity(&self) -> Option<String> {
        let program = self.program().ok()?;
        let limited = match self.address_space() {
            Some(bytes) => format!(" address space {bytes}"),
            None => String::new(),
        };
        Some(format!(
            "{} {}{limited}",
            self.role,
            super::answers::reference_key(&program.content_hash, &self.path)
        ))
    }

    /// The built program (built once, on first use).
    pub fn program(&self) -> Result<&Program, ToolFailure> {
        self.built
            .get_or_init(|| {
                if let Some(why) = build::missing_tool_header(&self.path) {
                    return Err(ToolFailure::new(
                        self.label.clone(),
                        format!("cannot be built here: {why}"),
                    ));
                }
                let source = Source::File(self.path.clone());
                let options = BuildOptions::default_for_user();
                let plan = self.plan.as_ref().map_err(|e| {
                    ToolFailure::new(self.label.clone(), format!("cannot be built: {e}"))
                })?;
                let built = match &plan.include {
                    Some(include) => {
                        build::build_with_included(&source, include, &plan.declared, &options)
                    }
                    None => build::build_declared(&source, &plan.declared, &options),
                };
                built.map_err(|e| match e {
                    BuildError::Usage(e) => ToolFailure::new(self.label.clone(), e.to_string()),
                    BuildError::Unavailable(why) => {
                        ToolFailure::new(self.label.clone(), format!("cannot be built here: {why}"))
                    }
                    BuildError::Compile(message) => ToolFailure::new(
                        self.label.clone(),
                        format!("does not compile: {}", build::compile_error_line(&message)),
                    ),
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Runs one call under `limits`. The run's outcome comes back whatever the exit code;
    /// only a tool that could not be built or started is an error here.
    pub fn call(
        &self,
        sandboxes: &ToolSandboxes,
        limits: &ToolLimits,
        call: ToolCall<'_>,
    ) -> Result<ToolResult, ToolFailure> {
        let program = self.program()?;
        let run_limits = limits.run_limits();
        let address_space = self.address_space();
        let result = sandboxes.run_with_file_io(
            |scratch| {
                let shown = self.folder().into_iter().chain(self.reads.clone());
                prepare(scratch, program, shown, &call, run_limits, address_space)
            },
            &call.file_io,
            |_, mut outcome| ToolResult {
                collected: std::mem::take(&mut outcome.collected),
                outcome,
            },
        );
        result.map_err(|e| ToolFailure::new(self.label.clone(), format!("could not run: {e}")))
    }

    /// Runs one call connected to another program ([`crate::run::connect`]): stdin and stdout
    /// are the endpoint's (the call's `stdin` is not used), under `limits`.
    pub fn call_connected(
        &self,
        sandboxes: &ToolSandboxes,
        limits: RunLimits,
        call: ToolCall<'_>,
        end: &Endpoint<'_>,
    ) -> Result<std::io::Result<ToolResult>, ToolFailure> {
        let program = self.program()?;
        let address_space = self.address_space();
        Ok(sandboxes.run_connected(
            |scratch| {
                prepare(
                    scratch,
                    program,
                    self.folder(),
                    &call,
                    limits,
                    address_space,
                )
            },
            end,
            |_, mut outcome| ToolResult {
                collected: std::mem::take(&mut outcome.collected),
                outcome,
            },
        ))
    }

    /// The failure of a run that ended in no way the tool's convention allows: what
    /// [`Tool::misbehaved`] sees, else a plain "failed".
    pub fn broken(&self, outcome: &RunOutcome, limits: &ToolLimits) -> ToolFailure {
        self.misbehaved(outcome, limits, &[])
            .unwrap_or_else(|| ToolFailure::new(self.label.clone(), "failed"))
    }

    /// The failure a run shows by itself: a limit, a signal, a nonzero exit code (unless
    /// `accepted_codes` allows it). The one-line description carries the head of stderr.
    pub fn misbehaved(
        &self,
        outcome: &RunOutcome,
        limits: &ToolLimits,
        accepted_codes: &[i32],
    ) -> Option<ToolFailure> {
        let what = match (outcome.limit_hit, outcome.exit) {
            (Some(LimitHit::Cpu), _) => {
                format!(
                    "exceeded its time limit ({} s of CPU)",
                    limits.time.as_secs()
                )
            }
            (Some(LimitHit::Wall), _) => format!(
                "was stopped after {:.0} s of wall time with {:.1} s of CPU (sleeping or stuck?)",
                outcome.wall.as_secs_f64(),
                outcome.cpu.as_secs_f64()
            ),
            (Some(LimitHit::Memory), _) => format!(
                "exceeded its memory limit ({} MiB)",
                limits.memory_bytes >> 20
            ),
            (Some(LimitHit::Output), _) => format!(
                "exceeded its output limit ({} MiB)",
                limits.output_bytes >> 20
            ),
            (None, Exit::Signal(n)) => format!("crashed (killed by {})", signal_name(n)),
            (None, Exit::Code(code)) if !accepted_codes.contains(&code) => {
                format!("crashed with exit code {code}")
            }
            (None, Exit::Code(_)) => return None,
        };
        // A crash under the address-space limit is most likely a reservation it refused.
        let limited = match outcome.limit_hit {
            None => self.address_space_note(),
            Some(_) => String::new(),
        };
        Some(ToolFailure::new(
            self.label.clone(),
            format!("{what}{limited}{}", stderr_note(&outcome.stderr_head)),
        ))
    }
}

/// Writes the call's stdin and files into `scratch` and builds the request: the files are
/// copied into the run's working directory, where the tool finds them by name (a fully isolated
/// sandbox shows the tool nothing of the harness's folders).
fn prepare(
    scratch: &Path,
    program: &Program,
    folder: impl IntoIterator<Item = PathBuf>,
    call: &ToolCall<'_>,
    limits: RunLimits,
    address_space: Option<u64>,
) -> std::io::Result<RunRequest> {
    let stdin = scratch.join("stdin");
    std::fs::write(&stdin, call.stdin)?;
    let mut files = Vec::with_capacity(call.files.len());
    for (name, bytes) in &call.files {
        let path = scratch.join(name);
        std::fs::write(&path, bytes)?;
        files.push((name.to_string(), path));
    }
    // A tool is the user's own, trusted program: it sees its whole folder (a Python reference
    // imports the helper beside it), where a candidate sees only its own files.
    let mut readonly = program.readonly_paths.clone();
    readonly.extend(folder);
    let mut argv: Vec<OsString> = program.argv_for(limits.memory_bytes);
    for arg in &call.args {
        argv.push(match arg {
            ToolArg::Text(text) | ToolArg::File(text) => text.into(),
        });
    }
    let mut env = program.env.clone();
    env.extend((call.env.iter()).map(|(k, v)| (OsString::from(k), OsString::from(v))));
    Ok(RunRequest {
        argv,
        env,
        stdin,
        limits,
        files,
        dirs: call.dirs.iter().map(|d| d.to_string()).collect(),
        collect: call.collect.iter().map(|c| c.to_string()).collect(),
        readonly,
        carry: call.carry.clone(),
        unlimited_address_space: false,
        address_space,
        argv0: program.argv0.clone(),
        report_fd: false,
    })
}

/// The first non-empty line of a message, clipped.
pub fn first_line(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    clip(line, 200)
}

/// ` (stderr: first line)` when the tool wrote to stderr.
pub fn stderr_note(stderr: &str) -> String {
    let last = stderr
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("");
    if last.is_empty() {
        String::new()
    } else {
        format!(" (stderr: {})", clip(last, 200))
    }
}

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(max).collect::<String>())
    }
}
