//! Step 3 of the pipeline: turn what the user gave (a source file, a program folder, an
//! executable or a shell command) into a runnable [`Program`], compiling each distinct program
//! only once.
//!
//! Compiled languages are built into a cache directory keyed by a content hash over the program's
//! files, the compiler's identity and the flags, so a second run of the same program reuses the
//! build. Builds are safe to run concurrently from threads and processes (see [`cache`]).
//!
//! **Languages** are data: one table (see [`table`], the embedded `languages.yaml`, with a
//! user's own table on top) names every language's file endings, tools, and compile and run
//! commands; detection follows problemtools' rules (see [`language`]). C, C++ and Rust are
//! compiled to one cached executable ([`compile`]), Python runs on the real interpreter behind
//! any shim ([`python`]), Java and Kotlin start the class with `main` ([`jvm`]); every other
//! language is built by its table commands ([`generic`]). Any other executable file runs as it
//! is.
//!
//! **Program folders** follow the Kattis problem package format, where every program
//! (submission, validator, generator) is one file or one folder (see [`layout`]):
//! - a folder with a `build` script is built by it in a private copy, then run by the copy's
//!   `run`; a folder with only `run` runs it in place (see [`scripts`]);
//! - any other folder is in the language most of its files are in (ties: C++, C, Python 2,
//!   Python 3, Java, Rust, Kotlin), and all of that language's files are its sources. C and C++
//!   compile them together with the folder on the include path, Rust compiles the main file
//!   (which reaches the others with `mod`), Java and Kotlin compile them together and start the
//!   class with a `main` method, Python runs the main file in place. The main file is
//!   problemtools' `{mainfile}`: the only source, else the one named `main.*` (any case), else the
//!   first in name order.
//!
//! Folders are hashed over every file's relative name, execute bit and contents; a single C or
//! C++ source also hashes the local headers it includes (see [`includes`]).
//!
//! **Tools** are found on `PATH`; environment variables name others (a path or a name looked up
//! on `PATH`, optionally followed by leading arguments, e.g. `CC="ccache gcc"`): each tool's
//! variable in the table (`CC`, `CXX`, `RUSTC`, `PYTHON` (Python 3), `PYTHON2`, `JAVAC`, `JAVA`,
//! `KOTLINC`, `GO`, `GHC`, `NODE`, ...). A language whose tool is missing is
//! [`BuildError::Unavailable`], never a compile error.

mod cache;
mod classfile;
mod compile;
pub mod constants;
mod contained;
mod declared;
mod environment;
mod generic;
mod included;
mod includes;
mod jvm;
mod language;
mod layout;
mod process;
mod python;
mod python2;
mod python_memo;
mod recognise;
mod sandboxes;
pub mod sanitize;
mod scripts;
mod snapshot;
mod substituted;
mod table;
mod template;
mod tool_headers;
mod toolchain;

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::error::UsageError;

pub use constants::Constants;
pub use contained::{
    build_containment, contain_builds, uncontain_builds, use_folder_build_limits, BuildLimits,
    BUILD_FILE_BYTES, DEFAULT_BUILD_MEMORY, DEFAULT_BUILD_PROCESSES, DEFAULT_BUILD_TIME,
    UNCONTAINED_BUILDS_ENV,
};
pub use declared::{BuildPlan, Declared};
pub use included::build_with_included;
pub use language::Language;
pub use process::compile_error_line;
pub use recognise::{recognise, Recognised};
pub use table::{
    built_in as built_in_language_table, table as language_table, Builder, LanguageSpec,
    Table as LanguageTable, ToolSpec,
};
pub use tool_headers::missing as missing_tool_header;

/// What the user gave: a source or executable path, a program folder, or a shell command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A source file (see [`Language`] for the endings) or an executable file. A directory
    /// given here is built as the program folder it is, like [`Source::Dir`].
    File(PathBuf),
    /// A program folder: `build`/`run` scripts, or the source files of one language.
    Dir(PathBuf),
    /// A command line run as `/bin/sh -c COMMAND`.
    Command(String),
}

impl Source {
    /// The source a path names: [`Source::Dir`] for a directory, else [`Source::File`] (which
    /// reports a missing path when built).
    pub fn from_path(path: impl Into<PathBuf>) -> Source {
        let path = path.into();
        if path.is_dir() {
            Source::Dir(path)
        } else {
            Source::File(path)
        }
    }
}

/// Where builds are cached and how long a compiler may run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildOptions {
    /// Root of the build cache (created on demand).
    pub cache_dir: PathBuf,
    /// Wall-clock limit of one compilation; the compiler's process group is killed past it.
    pub compile_timeout: Duration,
    /// Build C and C++ with the sanitizers (`--sanitize`, see [`sanitize`]); other languages
    /// build as usual.
    pub sanitize: bool,
}

impl BuildOptions {
    /// The per-user defaults: cache in `$XDG_CACHE_HOME/stressjudge`, else
    /// `~/.cache/stressjudge`, else `./target/stressjudge-cache`; compile timeout 60 s (or
    /// `--build-time`, see [`contain_builds`]).
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
            compile_timeout: contained::configured_wall().unwrap_or(DEFAULT_BUILD_TIME),
            sanitize: false,
        }
    }
}

/// A runnable candidate; cheap to clone and shared by worker threads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// Absolute program path followed by its arguments. For a run under a memory limit use
    /// [`Program::argv_for`], which sets what depends on the limit (the JVM's heap size; `argv`
    /// has it for 256 MiB).
    pub argv: Vec<OsString>,
    /// The complete, minimal environment of the candidate (nothing else is inherited).
    pub env: Vec<(OsString, OsString)>,
    /// How the candidate was built or is run.
    pub language: Language,
    /// Hex SHA-256 identifying the program's files, the compiler or interpreter and the flags.
    pub content_hash: String,
    /// A short name for reports: the file or folder name, or `cmd: ...` for a command.
    pub display_name: String,
    /// Paths outside the system directories the program reads at run time: its binary, an
    /// interpreter's prefix, a script, a jar or class folder; bound read-only by a fully
    /// isolated sandbox.
    ///
    /// Listed even when they lie inside a system directory (a JDK under `/usr/lib/jvm`), so a
    /// sandbox that binds fewer system directories still finds them.
    pub readonly_paths: Vec<PathBuf>,
    /// The words of `argv` (by position) that hold the language table's `{memlim}`, as
    /// written: [`Program::argv_for`] fills in each run's memory limit (`argv` has 256 MiB).
    pub memory_words: Vec<(usize, String)>,
    /// The program's own folder, which it runs in (its build folder, holding its files and
    /// what its compile command made; one of [`Program::readonly_paths`]), for the languages
    /// the table builds by commands (JavaScript, shells, Ruby, Go, ...): as DOMjudge's run
    /// scripts `cd` there first, so a script finds its other files by relative paths (`.
    /// ./secondary.sh`), and as the 2025-09 format's working directory holds the submission's
    /// files. `None`: a fresh working directory.
    pub run_in: Option<PathBuf>,
    /// Built with the sanitizers (`--sanitize`, see [`sanitize`]): its runs need no
    /// address-space limit and widened limits (see [`crate::testset::sanitized_limits`]), and a crash's reason
    /// is the sanitizer's finding.
    pub sanitized: bool,
    /// What the program sees as `argv[0]` when that is not the path run (see
    /// [`shown_name`]): `<its path as named>/run` for a program run from the build cache.
    pub argv0: Option<OsString>,
}

/// Languages (table ids) whose runtime reserves far more address space than it uses, so an
/// address-space limit at the memory limit fails the runtime, not the program: problemtools'
/// own exemptions (Scala, Common Lisp; Java and Kotlin are [`Language`] constants), Go as
/// built here (the gc runtime fails "to reserve page summary memory" under 256 MiB;
/// problemtools builds Go with gccgo, which does not), JavaScript and TypeScript (V8 fails
/// "to reserve virtual memory for CodeRange"), and .NET, Dart, Julia, the BEAM and GHC, whose
/// runtimes reserve their heaps the same way.
const RESERVING_RUNTIMES: [&str; 12] = [
    "scala",
    "lisp",
    "go",
    "javascript",
    "typescript",
    "csharp",
    "fsharp",
    "dart",
    "julia",
    "erlang",
    "elixir",
    "haskell",
];

impl Program {
    /// The argv for one run under a memory limit of `memory_limit_bytes`: [`Program::argv`]
    /// with, for Java and Kotlin, the heap flags right after `java` set for that limit
    /// (`-Xms` = `-Xmx` = max(limit - 128 MiB, limit / 2), see the `jvm` module), and the
    /// language table's `{memlim}` (in MiB) filled in for the others (Haskell, PHP, ...).
    pub fn argv_for(&self, memory_limit_bytes: u64) -> Vec<OsString> {
        let mut argv = self.argv.clone();
        template::fill_memory(&mut argv, &self.memory_words, memory_limit_bytes);
        let is_jvm = matches!(self.language, Language::Java | Language::Kotlin);
        let has_heap_flags = argv.len() > 2
            && argv[1].as_encoded_bytes().starts_with(b"-Xms")
            && argv[2].as_encoded_bytes().starts_with(b"-Xmx");
        if is_jvm && has_heap_flags {
            let [initial, maximum] = jvm::heap_flags(memory_limit_bytes);
            argv[1] = initial;
            argv[2] = maximum;
        }
        argv
    }

    /// Whether its address space is limited to the memory limit where problemtools' rule
    /// applies: every program but those problemtools exempts (`run/program.py`,
    /// `should_skip_memory_rlimit`: the JVM "will crash and burn" under a memory rlimit;
    /// `run/source.py` skips Java, Scala, Kotlin and Common Lisp, `run/buildrun.py` a
    /// build/run folder, `run/executable.py` an executable run as it is), and, for the same
    /// reason, the other runtimes that reserve address space up front whatever the program
    /// does ([`RESERVING_RUNTIMES`]). A sanitized build never is (its shadow memory).
    pub fn takes_an_address_space_limit(&self) -> bool {
        let exempt = [
            Language::Java,
            Language::Kotlin,
            Language::BuildRun,
            Language::Executable,
            Language::Command,
        ];
        !self.sanitized
            && !exempt.contains(&self.language)
            && !RESERVING_RUNTIMES.contains(&self.language.id())
    }
}

/// Why a candidate could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildError {
    /// The user's mistake (missing file, unknown extension, empty folder, unusable cache dir):
    /// exit 2.
    Usage(UsageError),
    /// Compilation error: the first lines of the compiler's message (or the build script's, or
    /// why no entry point was found), or the compile time limit passed. The candidate's fault.
    Compile(String),
    /// The language cannot be built or run here: its compiler, interpreter or runtime is
    /// missing or broken. One line naming the language and the tool, e.g. "Kotlin source but
    /// no Kotlin compiler (kotlinc) on PATH". Nobody's verdict: such a program is skipped.
    Unavailable(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Usage(e) => write!(f, "{e}"),
            BuildError::Compile(message) => write!(f, "compilation failed: {message}"),
            BuildError::Unavailable(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<UsageError> for BuildError {
    fn from(e: UsageError) -> Self {
        BuildError::Usage(e)
    }
}

/// The language-table id (`cpp`, `python3`, ...) of the single source file at `path`, as a
/// build would detect it; `None` when it is not a source of a language of the table. Readers
/// use it to place a package's per-language files (the Italian format's `sol/grader.cpp`).
pub fn language_id_of(path: &Path) -> Option<&'static str> {
    let language = language::detect(path).ok()?;
    language.spec().map(|_| language.id())
}

/// Builds `source` into a runnable program, compiling at most once per content hash.
///
/// A user's language table that cannot be read or is malformed fails every build with a usage
/// error naming the file (see [`language_table`]).
pub fn build(source: &Source, options: &BuildOptions) -> Result<Program, BuildError> {
    build_declared(source, &Declared::default(), options)
}

/// [`build`] for a problem package's submission whose package declares its language or entry
/// point (`submissions.yaml`, DOMjudge's `submissions.json`; see [`Declared`]): the declared
/// language replaces detection, the declared entry point the main file (or the class to
/// start). The package's `constants` are substituted in a copy of the program's files (see
/// [`substituted`]). A command ignores all three.
pub fn build_declared(
    source: &Source,
    declared: &Declared,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    if let Some(why) = &table::table().user_error {
        return Err(UsageError::new(why.clone()).into());
    }
    if let Source::File(path) | Source::Dir(path) = source {
        let path = absolute(path)?;
        return contained::building(&path, || build_source(source, declared, options));
    }
    build_source(source, declared, options)
}

/// [`build_declared`] on this thread, its problem folder's build limits chosen.
fn build_source(
    source: &Source,
    declared: &Declared,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    if let Source::File(path) | Source::Dir(path) = source {
        if let Some(copy) = substituted::copy(&absolute(path)?, &declared.constants, options)? {
            let mut program =
                build_declared(&Source::from_path(copy), &declared.substituted(), options)?;
            program.display_name = display_name(path);
            program.argv0 = shown_name(&program, &absolute(path)?);
            return Ok(program);
        }
    }
    let mut program = match source {
        Source::Command(command) => return command_program(command),
        Source::File(path) if path.is_dir() => folder_program(&absolute(path)?, declared, options),
        Source::File(path) => file_program(&absolute(path)?, declared, options),
        Source::Dir(path) => folder_program(&absolute(path)?, declared, options),
    }?;
    if let Source::File(path) | Source::Dir(path) = source {
        program.argv0 = shown_name(&program, &absolute(path)?);
    }
    Ok(program)
}

/// The `argv[0]` a program built from the file or folder `named` (as the package or the
/// command line names it, symbolic links not followed) is shown, when it runs from the build
/// cache: `<named>/run`, the name BAPCtools and problemtools give every program they build.
/// BAPCtools builds a program in `<tmp>/<problem>/<subdir>/<name>/` and runs
/// `<that>/run` (`program.py`: `self.tmpdir = problem.tmpdir / self.subdir / self.name`,
/// `languages.py`: `BINARY_NAME = "run"`); problemtools builds in `<work>/<name>/` and runs
/// `<that>/run` (`run/source.py`: `self.binary = os.path.join(self.path, 'run')`). So a
/// `validation.h` validator that a package links as `generators/generator` sees a path with
/// `generators` in it and switches to generator mode, as under BAPCtools. `None` for a
/// program whose first word is not what was built (an interpreter runs a script, `java`
/// runs classes) or that runs where the package keeps it (an executable file).
pub fn shown_name(program: &Program, named: &Path) -> Option<OsString> {
    let built_binary = program.argv.len() == 1
        && program.language != Language::Executable
        && program.argv[0] != named.as_os_str();
    built_binary.then(|| named.join("run").into_os_string())
}

/// The file or folder at `path` that a program reads rather than is (a checktestdata script)
/// with a package's `constants` substituted: a copy in the build cache, or `path` itself when
/// nothing in it names a constant.
pub fn with_constants(path: &Path, constants: &Constants) -> Result<PathBuf, BuildError> {
    let options = BuildOptions::default_for_user();
    Ok(substituted::copy(&absolute(path)?, constants, &options)?
        .unwrap_or_else(|| path.to_path_buf()))
}

/// `path` made absolute, or a one-line error naming it.
fn absolute(path: &Path) -> Result<PathBuf, UsageError> {
    std::path::absolute(path)
        .map_err(|e| UsageError::new(format!("candidate `{}`: {e}", path.display())))
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
        // Commands may name files relative to where stressjudge was started.
        readonly_paths: std::env::current_dir().into_iter().collect(),
        memory_words: Vec::new(),
        run_in: None,
        sanitized: false,
        argv0: None,
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

/// The last component of `path`, for reports.
fn display_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// What a language-specific build produced.
struct Built {
    argv: Vec<OsString>,
    content_hash: String,
    readonly_paths: Vec<PathBuf>,
    memory_words: Vec<(usize, String)>,
    run_in: Option<PathBuf>,
    /// The language it was built as when not the one detected (a `.py` run as Python 2).
    ran_as: Option<Language>,
}

/// The interpreter a `#!` line names (absolute paths only), if the file starts with one: a
/// sandbox that shows only what a program needs must show it too.
fn script_interpreter(bytes: &[u8]) -> Option<PathBuf> {
    let rest = bytes.strip_prefix(b"#!")?;
    let line = rest.split(|&b| b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let interpreter = Path::new(line.split_whitespace().next()?);
    interpreter.is_absolute().then(|| interpreter.to_path_buf())
}

/// The installation a `#!` interpreter outside the system directories belongs to (a Python of
/// pyenv's under `~/.pyenv/versions/X`: the folder above its real `bin/`), which it reads at
/// run time; `None` for the system's own interpreters.
fn private_installation(interpreter: &Path) -> Option<PathBuf> {
    let real = std::fs::canonicalize(interpreter).ok()?;
    let system = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc"];
    if system.iter().any(|dir| real.starts_with(dir)) {
        return None;
    }
    let prefix = real.parent()?.parent()?;
    prefix.parent().map(|_| prefix.to_path_buf())
}

/// The first executable file called `name` in the directories of `PATH` (a name holding a `/`
/// is not looked up), as the build step finds its compilers.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    if name.is_empty() || name.contains('/') {
        return None;
    }
    toolchain::find_on_path(std::ffi::OsStr::new(name))
}

/// The hex SHA-256 digest of what `hasher` was fed: how the build cache and the answer cache
/// name their entries.
pub fn hex_digest(hasher: sha2::Sha256) -> String {
    use sha2::Digest;
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Where tool `name` is on `PATH` and the first line it prints for `version_args` (e.g.
/// `gcc --version`), for `stressjudge doctor`; an error line when it is missing or fails.
pub fn tool_identity(name: &str, version_args: &[&str]) -> Result<(PathBuf, String), String> {
    let program = find_on_path(name).ok_or_else(|| "not found on PATH".to_string())?;
    let mut command = std::process::Command::new(&program);
    command.args(version_args);
    let finished = process::run(command, Duration::from_secs(30)).map_err(|f| match f {
        process::Failure::Spawn(e) => format!("{}: cannot start: {e}", program.display()),
        process::Failure::TimedOut => format!("{}: no answer within 30 s", program.display()),
        process::Failure::Limit(why) => format!("{}: {why}", program.display()),
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

/// Whether this machine can build and run `language` (a language of the table): each tool's
/// path and version line (the language's own tools as candidates' builds find them, `$CC` and
/// the like included), or the one line saying which tool is missing or broken.
pub fn language_support(language: &LanguageSpec) -> Result<Vec<(PathBuf, String)>, String> {
    let language = Language::from_id(&language.id).ok_or("not in the language table")?;
    let timeout = BuildOptions::default_for_user().compile_timeout;
    if language
        .spec()
        .is_some_and(|s| s.builder == Builder::Python)
    {
        return python::resolve(language, timeout)
            .map(|i| vec![(i.executable, i.version)])
            .map_err(|e| e.to_string());
    }
    let tools = toolchain::resolve_all(language, timeout, None).map_err(|e| e.to_string())?;
    Ok(tools
        .into_iter()
        .map(|(_, tool, identity)| {
            let version = identity
                .strip_prefix(&format!("{} ", tool.program.display()))
                .unwrap_or(&identity)
                .to_string();
            (tool.program, version)
        })
        .collect())
}

pub use python::{interpreter_for, interpreter_named, PYPY};

/// The real interpreter Python candidates run with (behind `$PYTHON` or `python3` on `PATH`,
/// through any version-manager shim): its path, version and installation prefixes.
pub fn python_interpreter() -> Result<(PathBuf, String, Vec<PathBuf>), String> {
    let options = BuildOptions::default_for_user();
    python::resolve(Language::Python, options.compile_timeout)
        .map(|i| (i.executable, i.version, i.prefixes))
        .map_err(|e| e.to_string())
}

/// A file: detect its language (or take the declared one), then compile, check or take it as
/// it is.
fn file_program(
    path: &Path,
    declared: &Declared,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    let language = match declared.language()? {
        Some(language) if !path.is_dir() => language,
        _ => language::detect(path)?,
    };
    let bytes = crate::error::read_file(path)?;
    let built = if language == Language::Executable {
        let mut hasher = cache::ContentHasher::new(Language::Executable);
        hasher.field(&bytes);
        Built {
            argv: vec![path.as_os_str().to_owned()],
            content_hash: hasher.finish(),
            readonly_paths: std::iter::once(path.to_path_buf())
                .chain(script_interpreter(&bytes))
                .chain(script_interpreter(&bytes).and_then(|i| private_installation(&i)))
                .collect(),
            memory_words: Vec::new(),
            run_in: None,
            ran_as: None,
        }
    } else {
        let mut sources = layout::of_file(path, language, bytes);
        declared.choose_entry(&mut sources)?;
        sources.python = declared.python.clone();
        build_sources(&sources, options)?
    };
    Ok(sanitized_if_asked(
        program(built, language, display_name(path)),
        options,
    ))
}

/// A program folder: scripts, or sources of one language (the declared one, if any).
fn folder_program(
    path: &Path,
    declared: &Declared,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    let metadata = std::fs::metadata(path).map_err(|e| {
        UsageError::new(match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!("program folder `{}` not found", path.display())
            }
            _ => format!("cannot open program folder `{}`: {e}", path.display()),
        })
    })?;
    if !metadata.is_dir() {
        return Err(UsageError::new(format!(
            "program folder `{}` is not a directory",
            path.display()
        ))
        .into());
    }
    let mut layout = layout::of_folder_in(path, declared.language()?)?;
    if let layout::Layout::Sources(sources) = &mut layout {
        declared.choose_entry(sources)?;
        sources.python = declared.python.clone();
    }
    let language = layout.language();
    let built = match &layout {
        layout::Layout::RunScript(snapshot) => scripts::run_only(snapshot).into(),
        layout::Layout::BuildScript(snapshot) => with_cache(options, |cache| {
            scripts::build_and_run(snapshot, options, cache)
        })?
        .into(),
        layout::Layout::Sources(sources) => build_sources(sources, options)?,
    };
    Ok(sanitized_if_asked(
        program(built, language, display_name(path)),
        options,
    ))
}

/// Compiles or checks the source files of one language.
fn build_sources(sources: &layout::Sources, options: &BuildOptions) -> Result<Built, BuildError> {
    with_cache(options, |cache| build_sources_in(sources, options, cache))
}

/// Runs `build` with the build cache; a build that failed because the cache did (a full or
/// read-only disk under it) runs again in the process's private cache, so a machine fault is
/// never a compile error (see [`cache`]).
fn with_cache<T>(
    options: &BuildOptions,
    build: impl Fn(&cache::Cache) -> Result<T, BuildError>,
) -> Result<T, BuildError> {
    let cache = cache::Cache::open(&options.cache_dir)?;
    match build(&cache) {
        Err(failed) if cache.faulted() && !cache.is_private() => build(&cache.fallback(&failed)?),
        built => built,
    }
}

/// Removes what a command's builds kept only for this process (the idle build sandboxes, the
/// private cache used when the build cache could not be written); called when the command
/// ends.
pub fn clean_up() {
    sandboxes::end_all();
    cache::remove_private_cache();
}

/// Compiles or checks the source files of one language in `cache`.
fn build_sources_in(
    sources: &layout::Sources,
    options: &BuildOptions,
    cache: &cache::Cache,
) -> Result<Built, BuildError> {
    let spec = toolchain::spec_of(sources.language)?;
    Ok(match spec.builder {
        Builder::Native => {
            let compiled = compile::compile(sources, options, cache)?;
            Built {
                argv: vec![compiled.binary.clone().into_os_string()],
                content_hash: compiled.content_hash,
                readonly_paths: vec![compiled.binary],
                memory_words: Vec::new(),
                run_in: None,
                ran_as: None,
            }
        }
        Builder::Python => {
            let (checked, ran_as) = match python::prepare(sources, options, cache) {
                Err(BuildError::Compile(message)) => (
                    python2::instead_of_python3(sources, options, cache, message)?,
                    Some(Language::Python2),
                ),
                checked => (checked?, None),
            };
            Built {
                argv: checked.argv,
                content_hash: checked.content_hash,
                readonly_paths: checked.readonly_paths,
                memory_words: Vec::new(),
                run_in: None,
                ran_as,
            }
        }
        Builder::Jvm => {
            let built = jvm::build(sources, options, cache)?;
            Built {
                argv: built.argv,
                content_hash: built.content_hash,
                readonly_paths: built.readonly_paths,
                memory_words: Vec::new(),
                run_in: None,
                ran_as: None,
            }
        }
        Builder::Generic => generic::build(sources, options, cache)?,
    })
}

impl From<scripts::Scripted> for Built {
    fn from(s: scripts::Scripted) -> Self {
        Built {
            argv: s.argv,
            content_hash: s.content_hash,
            readonly_paths: s.readonly_paths,
            memory_words: Vec::new(),
            run_in: None,
            ran_as: None,
        }
    }
}

/// The program a build produced.
fn program(built: Built, language: Language, display_name: String) -> Program {
    let language = built.ran_as.unwrap_or(language);
    Program {
        argv: built.argv,
        env: environment::candidate_env(language),
        language,
        content_hash: built.content_hash,
        display_name,
        readonly_paths: built.readonly_paths,
        memory_words: built.memory_words,
        run_in: built.run_in,
        sanitized: false,
        argv0: None,
    }
}

/// `program` marked as sanitized, with the sanitizers' run options, when `options` asked for
/// it and its language is built with them.
fn sanitized_if_asked(mut program: Program, options: &BuildOptions) -> Program {
    if sanitize::applies(options, program.language) {
        program.sanitized = true;
        program.env.extend(sanitize::run_env());
    }
    program
}

#[cfg(test)]
mod shebang_tests {
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
