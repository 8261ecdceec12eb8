//! Python candidates: the real interpreter behind `python3`, and a syntax check done once per
//! content hash so a syntax error is a compile error rather than a runtime error on every test.
//!
//! `python3` on `PATH` may be a version-manager shim (pyenv's costs ~150 ms per start), so the
//! interpreter is asked once per process for `sys.executable`, and candidates run that directly.
//! The answer is not kept on disk: a shim picks its version from the working directory and the
//! environment, so a stored answer could silently go stale.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::cache::{Cache, ContentHasher};
use super::process::{self, Failure};
use super::toolchain::{self, Tool};
use super::{BuildError, BuildOptions, Language};

/// Flags every Python candidate runs with: no `.pyc` writes next to the user's files.
const RUN_FLAGS: &[&str] = &["-B"];

/// Prints the interpreter's real path and version, one per line, then its installation
/// prefixes (what a sandbox must show it), one per line.
const PROBE: &str = "import sys; print(sys.executable); print(' '.join(sys.version.split())); \
print('\\n'.join(sorted({sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix})))";

/// Compiles the file named by argv[1] under the name argv[2]; prints only the error if any.
const SYNTAX_CHECK: &str = "\
import sys, traceback
try:
    compile(open(sys.argv[1], 'rb').read(), sys.argv[2], 'exec')
except (SyntaxError, ValueError) as e:
    sys.stderr.write(''.join(traceback.format_exception_only(type(e), e)))
    sys.exit(1)
";

/// A resolved interpreter.
#[derive(Debug, Clone)]
pub(crate) struct Interpreter {
    /// Absolute path of the real interpreter binary (`sys.executable`).
    pub executable: PathBuf,
    /// Leading arguments given with `$PYTHON`.
    pub leading_args: Vec<OsString>,
    /// `sys.version` on one line.
    pub version: String,
    /// Directories the interpreter reads at run time: its prefixes and the directory above
    /// its `bin` (a virtual environment's root).
    pub prefixes: Vec<PathBuf>,
}

/// A checked Python candidate.
pub(crate) struct Checked {
    /// Interpreter, flags and the absolute source path.
    pub argv: Vec<OsString>,
    /// Hash of the source, the interpreter and the flags.
    pub content_hash: String,
    /// What the candidate reads besides system directories: the interpreter's prefixes and
    /// the source file.
    pub readonly: Vec<PathBuf>,
}

/// Resolves the interpreter, then checks the syntax of `source` (the bytes of `path`) unless a
/// check of the same content hash already passed.
pub(crate) fn prepare(
    path: &Path,
    file_name: &str,
    source: &[u8],
    options: &BuildOptions,
    cache: &Cache,
) -> Result<Checked, BuildError> {
    let interpreter = resolve(options.compile_timeout)?;
    let mut hasher = ContentHasher::new(Language::Python);
    hasher.field(interpreter.executable.as_os_str().as_bytes());
    hasher.field(interpreter.version.as_bytes());
    for arg in interpreter.leading_args.iter() {
        hasher.field(arg.as_bytes());
    }
    for flag in RUN_FLAGS {
        hasher.field(flag.as_bytes());
    }
    hasher.field(source);
    let content_hash = hasher.finish();
    let marker = cache.marker(&content_hash);
    if !marker.is_file() {
        let _lock = cache.lock(&content_hash)?;
        if !marker.is_file() {
            check_syntax(&interpreter, file_name, source, options, cache)?;
            let work = cache.work_dir()?;
            let fresh = work.path().join("ok");
            std::fs::write(&fresh, b"").map_err(|e| cache.failure(&fresh, e))?;
            cache.install(&fresh, &marker)?;
        }
    }
    let mut readonly = interpreter.prefixes.clone();
    readonly.push(path.to_path_buf());
    let mut argv = vec![interpreter.executable.into_os_string()];
    argv.extend(interpreter.leading_args);
    argv.extend(RUN_FLAGS.iter().map(OsString::from));
    argv.push(path.as_os_str().to_owned());
    Ok(Checked {
        argv,
        content_hash,
        readonly,
    })
}

/// Compiles the source with the interpreter without running it; a syntax error is a
/// compile error showing Python's message.
fn check_syntax(
    interpreter: &Interpreter,
    file_name: &str,
    source: &[u8],
    options: &BuildOptions,
    cache: &Cache,
) -> Result<(), BuildError> {
    let work = cache.work_dir()?;
    let snapshot = work.path().join("source.py");
    std::fs::write(&snapshot, source).map_err(|e| cache.failure(&snapshot, e))?;
    let mut command = std::process::Command::new(&interpreter.executable);
    command
        .args(&interpreter.leading_args)
        .args(["-B", "-S", "-c", SYNTAX_CHECK])
        .arg(&snapshot)
        .arg(file_name)
        .current_dir(work.path());
    let finished = process::run(command, options.compile_timeout).map_err(|f| match f {
        Failure::Spawn(e) => BuildError::Compile(format!(
            "cannot start Python `{}`: {e}",
            interpreter.executable.display()
        )),
        Failure::TimedOut => BuildError::Compile(format!(
            "Python syntax check exceeded {}",
            process::seconds(options.compile_timeout)
        )),
    })?;
    if finished.status.success() {
        Ok(())
    } else {
        Err(BuildError::Compile(finished.message()))
    }
}

/// Interpreters resolved by this process, by the tool found on `PATH` or in `$PYTHON`.
fn resolved() -> &'static Mutex<HashMap<Tool, Interpreter>> {
    static RESOLVED: OnceLock<Mutex<HashMap<Tool, Interpreter>>> = OnceLock::new();
    RESOLVED.get_or_init(Default::default)
}

/// The real interpreter behind `$PYTHON` or `python3` on `PATH`, asked once per process.
pub(crate) fn resolve(limit: Duration) -> Result<Interpreter, BuildError> {
    let tool = toolchain::resolve("PYTHON", "python3", "interpreter")?;
    let mut known = resolved().lock().expect("interpreter cache");
    if let Some(interpreter) = known.get(&tool) {
        return Ok(interpreter.clone());
    }
    let interpreter = probe(&tool, limit)?;
    known.insert(tool, interpreter.clone());
    Ok(interpreter)
}

/// Asks the interpreter (through any shim) where it really is and which version it is.
fn probe(tool: &Tool, limit: Duration) -> Result<Interpreter, BuildError> {
    let name = &tool.name;
    let mut command = tool.command();
    command.args(["-S", "-c", PROBE]);
    let finished = process::run(command, limit).map_err(|f| match f {
        Failure::Spawn(e) => BuildError::Compile(format!("cannot start interpreter `{name}`: {e}")),
        Failure::TimedOut => BuildError::Compile(format!(
            "interpreter `{name}` did not answer within {}",
            process::seconds(limit)
        )),
    })?;
    let answer = String::from_utf8_lossy(&finished.stdout);
    let mut lines = answer.lines();
    let executable = PathBuf::from(lines.next().unwrap_or("").trim());
    let version = lines.next().unwrap_or("").trim().to_string();
    let mut prefixes: Vec<PathBuf> = lines
        .map(|l| PathBuf::from(l.trim()))
        .filter(|p| p.is_absolute())
        .collect();
    if let Some(root) = executable.parent().and_then(Path::parent) {
        if !prefixes.iter().any(|p| root.starts_with(p)) {
            prefixes.push(root.to_path_buf());
        }
    }
    if !finished.status.success() || !executable.is_absolute() || !executable.is_file() {
        return Err(BuildError::Compile(format!(
            "interpreter `{name}` did not report its executable: {}",
            finished.message()
        )));
    }
    Ok(Interpreter {
        executable,
        leading_args: tool.leading_args.clone(),
        version,
        prefixes,
    })
}
