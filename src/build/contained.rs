//! Build steps in the sandbox: every compiler, syntax check and `build` script a program or
//! a package hands us runs as a candidate does, contained, with its own limits.
//!
//! DOMjudge compiles under its runguard (`judge/compile.sh` runs the language's build script
//! through `runguard` with the compile time, memory and file-size limits); so do we, through
//! the same sandbox as the runs ([`crate::run::Sandbox::run_build`]): under full isolation
//! namespaces (no network, a private `/tmp`, the user's home absent), a cgroup bounding the
//! whole tree's memory and processes, the system's toolchains and headers read-only, and only
//! the build folder writable; under basic isolation rlimits (`RLIMIT_DATA` at the memory
//! limit, `RLIMIT_FSIZE`, `RLIMIT_CPU`), a process group and a subreaper. Either way the step
//! dies with stressjudge. The command line turns it on for the whole process
//! ([`contain_builds`]); a library user that does not gets the old, uncontained steps (a
//! process group, the time limit and a death signal).

use std::ffi::{OsStr, OsString};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::Mutex;
use std::time::Duration;

use super::process::{self, Failure, Finished};
use super::sandboxes;
use crate::run::{
    process_isolation, process_options, set_build_isolation, BuildIsolation, BuildPlace, Exit,
    IsolationLevel, LimitHit, RunLimits, RunRequest, Sandbox, SandboxOptions,
};

/// Benchmark knob: when this environment variable is `1`, the command line does not contain
/// builds (they run as before this sandboxing: a process group, the time limit and a death
/// signal), so `cargo bench --bench builds` can measure what containing them costs.
pub const UNCONTAINED_BUILDS_ENV: &str = "STRESSJUDGE_UNCONTAINED_BUILDS";

/// Default memory limit of one build step (its whole process tree under full isolation).
pub const DEFAULT_BUILD_MEMORY: u64 = 2 << 30;

/// Default cap on the processes and threads of one build step under full isolation: a
/// `build` script running `make -j`, a JVM compiler's threads.
pub const DEFAULT_BUILD_PROCESSES: u32 = 128;

/// Default wall-clock limit of one build step (DOMjudge's default compile time is 30 s; a
/// JVM or Rust build of a large program takes longer on a loaded machine).
pub const DEFAULT_BUILD_TIME: Duration = Duration::from_secs(60);

/// Largest file a build step may write (an object file, an executable).
pub const BUILD_FILE_BYTES: u64 = 1 << 30;

/// Bytes kept of a step's stdout (stderr keeps as much; see `Sandbox::run_build`).
const OUTPUT_BYTES: u64 = 64 * 1024;

/// Limits of one build step, as the command line or a problem folder asks for them (`None`:
/// the default). A folder's reader fills them (a `stressjudge.yaml`'s `build_memory:` and
/// `build_time:`) and hands them over with [`use_folder_build_limits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BuildLimits {
    /// Memory of one build step, in bytes.
    pub memory_bytes: Option<u64>,
    /// Wall-clock time of one build step.
    pub wall: Option<Duration>,
}

/// The process-wide choice: the launcher executable and the limits.
#[derive(Debug, Clone)]
struct Choice {
    launcher: PathBuf,
    /// The command line's limits (`--build-memory`, `--build-time`), which win.
    given: BuildLimits,
    /// The limits of each problem folder loaded so far that sets any (its `stressjudge.yaml`),
    /// applied to the builds of sources inside that folder: a `verify` of several folders
    /// loads them all before it builds, and builds them in parallel.
    folders: Vec<FolderLimits>,
    options: SandboxOptions,
    /// The sandboxes' isolation level once known (`Some(None)`: the sandbox does not start).
    level: Option<Option<IsolationLevel>>,
}

/// One problem folder's build limits, with the file that set them (named in a message about
/// a limit that came from it).
#[derive(Debug, Clone, PartialEq)]
struct FolderLimits {
    folder: PathBuf,
    limits: BuildLimits,
    file: PathBuf,
}

impl Choice {
    /// The limits of the folder holding `source`, the innermost when folders nest.
    fn folder_of(&self, source: Option<&Path>) -> Option<&FolderLimits> {
        let source = source?;
        (self.folders.iter())
            .filter(|f| source.starts_with(&f.folder))
            .max_by_key(|f| f.folder.components().count())
    }

    /// The limits that describe builds as a whole (`isolation.builds` of every report): the
    /// folder's when exactly one folder set any.
    fn only_folder(&self) -> Option<&FolderLimits> {
        match self.folders.as_slice() {
            [only] => Some(only),
            _ => None,
        }
    }

    /// The memory limit of a step building a source in `folder`, with the file it came from
    /// when that is a problem folder's.
    fn memory<'a>(&self, folder: Option<&'a FolderLimits>) -> (u64, Option<&'a Path>) {
        if let Some(bytes) = self.given.memory_bytes {
            return (bytes, None);
        }
        match folder {
            Some(FolderLimits {
                limits:
                    BuildLimits {
                        memory_bytes: Some(bytes),
                        ..
                    },
                file,
                ..
            }) => (*bytes, Some(file)),
            _ => (DEFAULT_BUILD_MEMORY, None),
        }
    }

    /// The wall-clock limit of a step building a source in `folder`, when the command line or
    /// the folder set one.
    fn wall(&self, folder: Option<&FolderLimits>) -> Option<Duration> {
        (self.given.wall).or_else(|| folder.and_then(|f| f.limits.wall))
    }

    /// How steps are contained, when the level is known; also what every report's
    /// `isolation.builds` says from now on.
    fn containment(&self) -> Option<BuildIsolation> {
        let level = self.level?;
        let folder = self.only_folder();
        let limits = (
            self.memory(folder).0,
            self.wall(folder).unwrap_or(DEFAULT_BUILD_TIME),
        );
        let builds = describe(level, limits, &self.options);
        set_build_isolation(builds.clone());
        Some(builds)
    }
}

static CHOICE: Mutex<Option<Choice>> = Mutex::new(None);

fn choice() -> Option<Choice> {
    CHOICE.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Contains every later build step of this process in sandboxes started from `launcher` (the
/// `stressjudge` executable), with the runs' isolation ([`crate::run::process_options`], so
/// call it after [`crate::run::configure_process`]) and `memory_bytes` per step (default
/// [`DEFAULT_BUILD_MEMORY`]); `wall`, when given, replaces the default compile time limit
/// ([`super::BuildOptions::default_for_user`]). A limit given here wins over a problem
/// folder's ([`use_folder_build_limits`]).
pub fn contain_builds(launcher: PathBuf, memory_bytes: Option<u64>, wall: Option<Duration>) {
    let mut options = process_options();
    options.process_limit = DEFAULT_BUILD_PROCESSES;
    let choice = Choice {
        launcher,
        given: BuildLimits { memory_bytes, wall },
        folders: Vec::new(),
        options,
        // Known at once when the command line resolved the runs' isolation (the same level).
        level: process_isolation().map(|i| Some(i.level)),
    };
    choice.containment();
    *CHOICE.lock().unwrap_or_else(|e| e.into_inner()) = Some(choice);
}

/// The build limits of a problem folder, from its `stressjudge.yaml` (`file`), for the builds
/// of every source inside that folder (its submissions, generators, validators; see
/// [`building`]): the command line's flags win over them, and the defaults apply to what the
/// folder leaves out. Loading the folder again replaces them. Nothing when builds are not
/// contained.
pub fn use_folder_build_limits(limits: BuildLimits, file: &Path) {
    let mut guard = CHOICE.lock().unwrap_or_else(|e| e.into_inner());
    let Some(choice) = guard.as_mut() else {
        return;
    };
    let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    let folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
    let before = choice.folders.clone();
    choice.folders.retain(|f| f.folder != folder);
    if limits != BuildLimits::default() {
        choice.folders.push(FolderLimits {
            folder,
            limits,
            file,
        });
    }
    if choice.folders != before {
        choice.containment();
    }
}

thread_local! {
    /// The source being built on this thread ([`building`]), which picks its folder's limits.
    static BUILDING: std::cell::RefCell<Option<PathBuf>> = const { std::cell::RefCell::new(None) };
}

/// Runs `build` (the whole build of the source at `source`, on this thread) with `source` as
/// the source whose problem folder's limits apply to its steps. A build nested inside another
/// (a copy with constants substituted, a merged folder in the cache) keeps the outer source.
pub(crate) fn building<T>(source: &Path, build: impl FnOnce() -> T) -> T {
    let outer = BUILDING.with(|b| b.borrow().is_some());
    if outer {
        return build();
    }
    BUILDING.with(|b| *b.borrow_mut() = Some(source.to_path_buf()));
    /// Clears the source when the build ends, even by unwinding.
    struct Clear;
    impl Drop for Clear {
        fn drop(&mut self) {
            BUILDING.with(|b| *b.borrow_mut() = None);
        }
    }
    let _clear = Clear;
    build()
}

/// Undoes [`contain_builds`]: later build steps of this process run uncontained (a process
/// group, the time limit and a death signal), as for a library user that never called it.
/// For tests of the build cache whose fake compilers log outside their folder.
pub fn uncontain_builds() {
    *CHOICE.lock().unwrap_or_else(|e| e.into_inner()) = None;
    super::sandboxes::end_all();
}

/// The compile time limit the command line set, if it did (a problem folder's applies to its
/// own sources' steps, in [`run_step`]).
pub(crate) fn configured_wall() -> Option<Duration> {
    choice().and_then(|c| c.given.wall)
}

/// How build steps are contained here, learnt from a first sandbox (started once); `None`
/// when [`contain_builds`] was not called.
pub fn build_containment() -> Option<BuildIsolation> {
    let mut guard = CHOICE.lock().unwrap_or_else(|e| e.into_inner());
    let choice = guard.as_mut()?;
    if choice.level.is_none() {
        let level = Sandbox::start_with_options(&choice.launcher, &choice.options)
            .map(|s| s.isolation().level);
        choice.level = Some(level.ok());
    }
    choice.containment()
}

/// The containment of steps in sandboxes of `level` (`None`: the sandbox does not start)
/// with these (memory, wall-clock) limits.
fn describe(
    level: Option<IsolationLevel>,
    (memory_bytes, wall): (u64, Duration),
    options: &SandboxOptions,
) -> BuildIsolation {
    let memory = crate::units::size(memory_bytes);
    let files = crate::units::size(BUILD_FILE_BYTES);
    let seconds = crate::units::limit_seconds(wall);
    let (process_limit, description) = match level {
        Some(IsolationLevel::Full) => (
            Some(options.process_limit),
            format!(
                "full sandbox (namespaces, cgroup; only the build folder writable); {memory} \
                 memory, {seconds}, {} processes, {files} files",
                options.process_limit
            ),
        ),
        Some(IsolationLevel::Basic) => (
            None,
            format!(
                "basic sandbox (rlimits, process group); {memory} heap per process, {seconds}, \
                 {files} files"
            ),
        ),
        None => (None, "none: the sandbox does not start".to_string()),
    };
    BuildIsolation {
        level: level.unwrap_or(IsolationLevel::Basic),
        memory_bytes,
        wall_ms: crate::units::millis(wall),
        process_limit,
        file_bytes: BUILD_FILE_BYTES,
        description,
    }
}

/// A build step: `command` (program, arguments, working directory, added environment) run
/// in its working directory, which with `more_writable` is all it may write, seeing
/// `readonly` (a single source's own folder, a tool's headers) besides the system's files;
/// killed past `limit` of wall-clock time (or the limit of the problem folder holding the
/// source being built, see [`building`]).
pub(crate) fn run_step(
    command: Command,
    more_writable: &[PathBuf],
    readonly: Vec<PathBuf>,
    limit: Duration,
) -> Result<Finished, Failure> {
    let Some(choice) = choice() else {
        return process::run(command, limit);
    };
    let source = BUILDING.with(|b| b.borrow().clone());
    let folder = choice.folder_of(source.as_deref());
    let limit = choice.wall(folder).unwrap_or(limit);
    let (memory_bytes, memory_from) = choice.memory(folder);
    let memory_limit = match memory_from {
        Some(file) => format!(
            "memory limit of {} (build_memory of {})",
            crate::units::size(memory_bytes),
            file.display()
        ),
        None => format!("memory limit of {}", crate::units::size(memory_bytes)),
    };
    let dir = command
        .get_current_dir()
        .map(Path::to_path_buf)
        .ok_or_else(|| Failure::Spawn(std::io::Error::other("a build step has no folder")))?;
    let program = absolute_program(command.get_program())?;
    let mut readonly = readonly;
    let mut env: Vec<(OsString, OsString)> = std::env::vars_os()
        .filter(|(name, _)| !secret(name))
        .collect();
    for (name, value) in tool_homes(&program) {
        readonly.push(value.clone());
        set(&mut env, name, value.into_os_string());
    }
    let own = std::iter::once(&dir)
        .chain(more_writable)
        .any(|folder| program.starts_with(folder));
    if !own {
        // A compiler's installation; never the cache holding a `build` script.
        readonly.push(installation(&program));
    }
    // The user's home is not there; the step's own folder is its home, cache home (Go's
    // build cache lands there) and temporary folder (a compiler's temporary files then count
    // against the disk, not the sandbox's `/tmp`).
    env.retain(|(name, _)| !name.to_string_lossy().starts_with("XDG_"));
    set(&mut env, "HOME", dir.clone().into_os_string());
    set(&mut env, "TMPDIR", dir.clone().into_os_string());
    for (name, value) in command.get_envs() {
        match value {
            Some(value) => set(&mut env, &name.to_string_lossy(), value.to_owned()),
            None => env.retain(|(n, _)| n != name),
        }
    }
    let mut argv = vec![program.into_os_string()];
    argv.extend(command.get_args().map(OsStr::to_owned));
    let request = RunRequest {
        argv,
        env,
        stdin: PathBuf::from("/dev/null"),
        // CPU of the whole tree may run ahead of the clock in a parallel `make`.
        limits: RunLimits {
            cpu: limit * 2,
            wall: limit,
            memory_bytes,
            output_bytes: OUTPUT_BYTES,
        },
        files: Vec::new(),
        dirs: Vec::new(),
        collect: Vec::new(),
        readonly,
        carry: None,
        unlimited_address_space: false,
        address_space: None,
        argv0: None,
        report_fd: false,
    };
    let mut writable = vec![dir.clone()];
    writable.extend(more_writable.iter().cloned());
    let place = BuildPlace {
        dir,
        writable,
        file_bytes: BUILD_FILE_BYTES,
    };
    let mut sandbox = sandboxes::take(&choice.launcher, &choice.options).map_err(Failure::Spawn)?;
    let outcome = sandbox.run_build(&request, &place);
    match outcome {
        Ok(_) => sandboxes::put_back(&choice.launcher, &choice.options, sandbox),
        Err(_) => sandboxes::end(sandbox),
    }
    let outcome = outcome.map_err(Failure::Spawn)?;
    let status = match outcome.exit {
        Exit::Code(code) => ExitStatus::from_raw((code & 0xff) << 8),
        Exit::Signal(signal) => ExitStatus::from_raw(signal & 0x7f),
    };
    match outcome.limit_hit {
        Some(LimitHit::Cpu | LimitHit::Wall) => return Err(Failure::TimedOut),
        Some(LimitHit::Memory) => return Err(Failure::Limit(format!("{memory_limit} exceeded"))),
        Some(LimitHit::Output) if outcome.exit == Exit::Signal(libc::SIGXFSZ) => {
            return Err(Failure::Limit(format!(
                "file size limit of {} exceeded",
                crate::units::size(BUILD_FILE_BYTES)
            )))
        }
        // A long stdout is only cut: a compiler's message is not its output.
        Some(LimitHit::Output) | None => {}
    }
    let finished = Finished {
        status,
        stdout: outcome.stdout,
        stderr: outcome.stderr_head.into_bytes(),
    };
    if !finished.status.success() {
        let message = finished.message();
        if let Some(said) = out_of_memory(&message) {
            // `RLIMIT_DATA` refused an allocation before the tree's memory crossed the limit.
            return Err(Failure::Limit(format!("{memory_limit} exceeded ({said})")));
        }
        if let Some(said) = message
            .lines()
            .find(|l| l.contains("File size limit exceeded"))
        {
            // A child of the step (GCC's assembler) died of `SIGXFSZ`; the driver reports it.
            return Err(Failure::Limit(format!(
                "file size limit of {} exceeded ({})",
                crate::units::size(BUILD_FILE_BYTES),
                said.trim()
            )));
        }
    }
    Ok(finished)
}

/// The line of a failed step's message saying it ran out of memory, if one does (GCC's
/// `cc1plus: out of memory allocating ...`, `virtual memory exhausted`, a C++ tool's
/// `std::bad_alloc`, a JVM's `OutOfMemoryError`, Python's `MemoryError`).
fn out_of_memory(message: &str) -> Option<String> {
    const MARKERS: [&str; 6] = [
        "out of memory",
        "virtual memory exhausted",
        "std::bad_alloc",
        "OutOfMemoryError",
        "MemoryError",
        "Cannot allocate memory",
    ];
    message
        .lines()
        .find(|line| MARKERS.iter().any(|marker| line.contains(marker)))
        .map(|line| line.trim().to_string())
}

/// Whether an environment variable of the user's looks like a credential, which a build step
/// (a compiler needs `PATH`, `CC`, `LANG`, ...) has no business reading.
fn secret(name: &OsStr) -> bool {
    let name = name.to_string_lossy().to_ascii_uppercase();
    [
        "TOKEN",
        "SECRET",
        "PASSWORD",
        "PASSWD",
        "CREDENTIAL",
        "API_KEY",
        "SSH_AUTH_SOCK",
    ]
    .iter()
    .any(|word| name.contains(word))
}

/// Sets `name` in `env`, replacing any value it had.
fn set(env: &mut Vec<(OsString, OsString)>, name: &str, value: OsString) {
    env.retain(|(n, _)| n != name);
    env.push((name.into(), value));
}

/// The program of a step as an absolute path (found on `PATH` when named bare).
fn absolute_program(program: &OsStr) -> Result<PathBuf, Failure> {
    let path = Path::new(program);
    if path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    super::find_on_path(&program.to_string_lossy()).ok_or_else(|| {
        Failure::Spawn(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("`{}` is not on PATH", path.display()),
        ))
    })
}

/// Folders a toolchain in the user's home reads besides its own installation, with the
/// variable naming each: a rustup proxy (`~/.cargo/bin/rustc -> rustup`) reads its
/// toolchains from `RUSTUP_HOME` (default `~/.rustup`).
fn tool_homes(program: &Path) -> Vec<(&'static str, PathBuf)> {
    let real = std::fs::canonicalize(program).unwrap_or_else(|_| program.to_path_buf());
    if real.file_name() != Some(OsStr::new("rustup")) {
        return Vec::new();
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let from = |variable: &str, default: &str| {
        std::env::var_os(variable)
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(default)))
    };
    let mut homes = Vec::new();
    if let Some(rustup) = from("RUSTUP_HOME", ".rustup") {
        homes.push(("RUSTUP_HOME", rustup));
    }
    if let Some(cargo) = from("CARGO_HOME", ".cargo") {
        homes.push(("CARGO_HOME", cargo));
    }
    homes
}

/// The installation a tool belongs to, for a sandbox to show: the folder above the real
/// program's `bin/` (`/usr/lib/go-1.19` for `/usr/bin/go`), or the program itself when that
/// would be the root.
pub(crate) fn installation(program: &Path) -> PathBuf {
    let real = std::fs::canonicalize(program).unwrap_or_else(|_| program.to_path_buf());
    match real.parent().and_then(Path::parent) {
        Some(prefix) if prefix.parent().is_some() => prefix.to_path_buf(),
        _ => real,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_name_the_level_and_limits() {
        let options = SandboxOptions {
            process_limit: 128,
            ..SandboxOptions::default()
        };
        let full = describe(
            Some(IsolationLevel::Full),
            (2 << 30, DEFAULT_BUILD_TIME),
            &options,
        );
        assert_eq!(full.level, IsolationLevel::Full);
        assert_eq!(full.process_limit, Some(128));
        assert!(full
            .description
            .contains("2 GiB memory, 60 s, 128 processes, 1 GiB files"));
        let basic = describe(
            Some(IsolationLevel::Basic),
            (256 << 20, DEFAULT_BUILD_TIME),
            &options,
        );
        assert_eq!(basic.process_limit, None);
        assert!(basic.description.contains("256 MiB heap per process"));
    }

    #[test]
    fn a_rustup_proxy_needs_its_homes_and_other_tools_none() {
        assert!(tool_homes(Path::new("/bin/sh")).is_empty());
    }

    #[test]
    fn a_compiler_out_of_memory_is_recognised() {
        let said = "\ncc1plus: out of memory allocating 2147483664 bytes after a total of 5 bytes";
        assert_eq!(
            out_of_memory(said).as_deref(),
            Some("cc1plus: out of memory allocating 2147483664 bytes after a total of 5 bytes")
        );
        assert_eq!(out_of_memory("a.cpp:1:1: error: expected ';'"), None);
    }

    #[test]
    fn credentials_are_not_passed_to_builds() {
        assert!(secret(OsStr::new("GITHUB_TOKEN")));
        assert!(secret(OsStr::new("aws_secret_access_key")));
        assert!(!secret(OsStr::new("PATH")));
        assert!(!secret(OsStr::new("CXXFLAGS")));
    }
}
