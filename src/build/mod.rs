//! Step 3 of the pipeline: turn what the user gave (a source file, an executable or a shell
//! command) into a runnable [`Program`], compiling each distinct source only once.
//!
//! Compiled languages are built into a cache directory keyed by a content hash over the source
//! bytes, the compiler's identity and the flags, so a second run of the same source reuses the
//! binary. Builds are safe to run concurrently from threads and processes (see [`cache`]).
//!
//! Tools are found on `PATH`; the environment variables `CC`, `CXX`, `RUSTC` and `PYTHON` name
//! another C compiler, C++ compiler, Rust compiler or Python interpreter (a path or a name looked
//! up on `PATH`, optionally followed by leading arguments, e.g. `CC="ccache gcc"`).

mod cache;
mod compile;
mod environment;
mod language;
mod process;
mod python;
mod toolchain;

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::error::UsageError;

pub use language::Language;

/// What the user gave: a source or executable path, or a shell command (`--cmd`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A source file (`.c`, `.cpp`/`.cc`/`.cxx`, `.rs`, `.py`) or an executable file.
    File(PathBuf),
    /// A command line run as `/bin/sh -c COMMAND`.
    Command(String),
}

/// Where builds are cached and how long a compiler may run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildOptions {
    /// Root of the build cache (created on demand).
    pub cache_dir: PathBuf,
    /// Wall-clock limit of one compilation; the compiler's process group is killed past it.
    pub compile_timeout: Duration,
}

impl BuildOptions {
    /// The per-user defaults: cache in `$XDG_CACHE_HOME/stressjudge`, else
    /// `~/.cache/stressjudge`, else `./target/stressjudge-cache`; compile timeout 60 s.
    pub fn default_for_user() -> BuildOptions {
        let from_env = |name: &str| {
            std::env::var_os(name)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
        };
        let cache_dir = from_env("XDG_CACHE_HOME")
            .map(|dir| dir.join("stressjudge"))
            .or_else(|| from_env("HOME").map(|home| home.join(".cache").join("stressjudge")))
            .unwrap_or_else(|| {
                let relative = Path::new("target").join("stressjudge-cache");
                std::path::absolute(&relative).unwrap_or(relative)
            });
        BuildOptions {
            cache_dir,
            compile_timeout: Duration::from_secs(60),
        }
    }
}

/// A runnable candidate; cheap to clone and shared by worker threads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// Absolute program path followed by its arguments, ready for `RunRequest::argv`.
    pub argv: Vec<OsString>,
    /// The complete, minimal environment of the candidate (nothing else is inherited).
    pub env: Vec<(OsString, OsString)>,
    /// How the candidate was built or is run.
    pub language: Language,
    /// Hex SHA-256 identifying the source bytes, the compiler or interpreter and the flags.
    pub content_hash: String,
    /// A short name for reports: the file name, or `cmd: ...` for a command.
    pub display_name: String,
    /// Paths outside the system directories (`/usr`, `/bin`, `/lib*`, `/etc`) the program
    /// reads when it runs: the compiled binary, an interpreter's installation and the script,
    /// a `#!` interpreter, a `--cmd`'s directory. A fully isolated sandbox shows the program
    /// only these (read-only) besides the system directories; see `RunRequest::readonly`.
    pub readonly_paths: Vec<PathBuf>,
}

/// Why a candidate could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildError {
    /// The user's mistake (missing file, directory, unknown extension, unusable cache dir): exit 2.
    Usage(UsageError),
    /// Compilation error: the first lines of the compiler's message, or why no compiler ran
    /// (not found, past the compile time limit).
    Compile(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Usage(e) => write!(f, "{e}"),
            BuildError::Compile(message) => write!(f, "compilation failed: {message}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<UsageError> for BuildError {
    fn from(e: UsageError) -> Self {
        BuildError::Usage(e)
    }
}

/// Where tool `name` is on `PATH` and the first line it prints for `version_args` (e.g.
/// `gcc --version`), for `stressjudge doctor`; an error line when it is missing or fails.
pub fn tool_identity(name: &str, version_args: &[&str]) -> Result<(PathBuf, String), String> {
    let program = toolchain::find_on_path(std::ffi::OsStr::new(name))
        .ok_or_else(|| "not found on PATH".to_string())?;
    let mut command = std::process::Command::new(&program);
    command.args(version_args);
    let finished = process::run(command, Duration::from_secs(30)).map_err(|f| match f {
        process::Failure::Spawn(e) => format!("{}: cannot start: {e}", program.display()),
        process::Failure::TimedOut => format!("{}: no answer within 30 s", program.display()),
    })?;
    let mut text = finished.stdout.clone();
    text.extend_from_slice(&finished.stderr);
    let text = String::from_utf8_lossy(&text);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if !finished.status.success() {
        return Err(format!("{}: {first}", program.display()));
    }
    Ok((program, first.to_string()))
}

/// The real interpreter Python candidates run with (behind `$PYTHON` or `python3` on `PATH`,
/// through any version-manager shim): its path, version and installation prefixes.
pub fn python_interpreter() -> Result<(PathBuf, String, Vec<PathBuf>), String> {
    let options = BuildOptions::default_for_user();
    python::resolve(options.compile_timeout)
        .map(|i| (i.executable, i.version, i.prefixes))
        .map_err(|e| e.to_string())
}

/// Builds `source` into a runnable program, compiling at most once per content hash.
pub fn build(source: &Source, options: &BuildOptions) -> Result<Program, BuildError> {
    match source {
        Source::Command(command) => command_program(command),
        Source::File(path) => file_program(path, options),
    }
}

/// A shell command: run by `/bin/sh -c`, identified by its text.
fn command_program(command: &str) -> Result<Program, BuildError> {
    if command.trim().is_empty() {
        return Err(UsageError::new("--cmd needs a non-empty shell command").into());
    }
    let mut hasher = cache::ContentHasher::new(Language::Command);
    hasher.field(command.as_bytes());
    Ok(Program {
        argv: vec!["/bin/sh".into(), "-c".into(), command.into()],
        env: environment::candidate_env(Language::Command),
        language: Language::Command,
        content_hash: hasher.finish(),
        display_name: command_display_name(command),
        readonly_paths: Vec::new(),
    })
}

/// `cmd: ` and the command on one line, shortened to about 60 characters.
fn command_display_name(command: &str) -> String {
    const MAX_CHARS: usize = 60;
    let one_line = command.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= MAX_CHARS {
        format!("cmd: {one_line}")
    } else {
        let head: String = one_line.chars().take(MAX_CHARS - 3).collect();
        format!("cmd: {head}...")
    }
}

/// A file: detect its language, then compile, check or take it as it is.
fn file_program(path: &Path, options: &BuildOptions) -> Result<Program, BuildError> {
    let path = std::path::absolute(path)
        .map_err(|e| UsageError::new(format!("candidate `{}`: {e}", path.display())))?;
    let language = language::detect(&path)?;
    let bytes = crate::error::read_file(&path)?;
    let display_name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    let (argv, content_hash, readonly_paths) = match language {
        Language::C | Language::Cpp | Language::Rust => {
            let cache = cache::Cache::open(&options.cache_dir)?;
            let built = compile::compile(language, &display_name, &bytes, options, &cache)?;
            let readonly = vec![built.binary.clone()];
            (
                vec![built.binary.into_os_string()],
                built.content_hash,
                readonly,
            )
        }
        Language::Python => {
            let cache = cache::Cache::open(&options.cache_dir)?;
            let checked = python::prepare(&path, &display_name, &bytes, options, &cache)?;
            (checked.argv, checked.content_hash, checked.readonly)
        }
        Language::Executable | Language::Command => {
            let mut hasher = cache::ContentHasher::new(Language::Executable);
            hasher.field(&bytes);
            let mut readonly = vec![path.clone()];
            readonly.extend(script_interpreter(&bytes));
            (vec![path.into_os_string()], hasher.finish(), readonly)
        }
    };
    Ok(Program {
        argv,
        env: environment::candidate_env(language),
        language,
        content_hash,
        display_name,
        readonly_paths,
    })
}

/// The interpreter a `#!` line names (absolute paths only), if the file starts with one.
fn script_interpreter(bytes: &[u8]) -> Option<PathBuf> {
    let rest = bytes.strip_prefix(b"#!")?;
    let line = rest.split(|&b| b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let interpreter = Path::new(line.split_whitespace().next()?);
    interpreter.is_absolute().then(|| interpreter.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shebang_interpreters_are_read_from_the_first_line() {
        assert_eq!(
            script_interpreter(b"#!/opt/py/bin/python3 -u\nprint(1)\n"),
            Some(PathBuf::from("/opt/py/bin/python3"))
        );
        assert_eq!(
            script_interpreter(b"#! /bin/sh\n"),
            Some(PathBuf::from("/bin/sh"))
        );
        assert_eq!(script_interpreter(b"#!python3\n"), None);
        assert_eq!(script_interpreter(b"\x7fELF"), None);
    }
}
