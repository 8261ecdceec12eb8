//! Python 3 and Python 2 programs: the real interpreter behind `python3` (or `python2`), and a
//! syntax check done once per content hash so a syntax error is a compile error rather than a
//! runtime error on every test.
//!
//! `python3` on `PATH` may be a version-manager shim (pyenv's costs ~150 ms per start), so the
//! interpreter is asked for `sys.executable` once per process, and programs run that directly.
//! The answer is also remembered across commands in the build cache, keyed on everything the
//! shim's choice reads ([`super::python_memo`]), so a second command asks no shim again.
//!
//! A program folder runs its main file (problemtools' `{mainfile}`: the only source, else
//! `main.py`, else the first in name order) where the user keeps it, so its imports of the
//! folder's other modules work; every source of the folder is syntax-checked.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::cache::{Cache, ContentHasher};
use super::contained;
use super::layout::Sources;
use super::process::{self, Failure};
use super::python_memo;
use super::template;
use super::toolchain::{self, Tool, Wanted};
use super::{BuildError, BuildOptions, Language};

/// Prints the interpreter's real path, version, prefix and base prefix, one per line (valid
/// Python 2 and 3).
const PROBE: &str = "import sys; print(sys.executable); print(' '.join(sys.version.split())); \
                     print(sys.prefix); print(getattr(sys, 'base_prefix', sys.prefix))";

/// Compiles each file named on the command line (relative to the working directory); prints
/// only the errors. Valid Python 2 and 3.
const SYNTAX_CHECK: &str = "\
import sys, traceback
failed = 0
for name in sys.argv[1:]:
    try:
        compile(open(name, 'rb').read(), name, 'exec')
    except (SyntaxError, ValueError, TypeError) as e:
        sys.stderr.write(''.join(traceback.format_exception_only(type(e), e)))
        failed = 1
sys.exit(failed)
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
    /// `sys.prefix` and, for a virtual environment, the installation it was made from.
    pub prefixes: Vec<PathBuf>,
}

/// A checked Python program.
pub(crate) struct Checked {
    /// Interpreter, flags and the absolute path of the main file.
    pub argv: Vec<OsString>,
    /// Hash of the files, the interpreter and the flags.
    pub content_hash: String,
    /// The interpreter's prefixes (and its binary if outside them), and the program.
    pub readonly_paths: Vec<PathBuf>,
}

/// The interpreter a Python language needs: its first tool in the language table.
fn wanted(language: Language) -> Result<(String, Wanted), BuildError> {
    let spec = toolchain::spec_of(language)?;
    let tool = spec.tools.first().ok_or_else(|| {
        BuildError::Usage(crate::error::UsageError::new(format!(
            "language `{}` of the language table has no tool",
            spec.id
        )))
    })?;
    Ok((tool.variable.clone(), Wanted::of(language, tool)))
}

/// Resolves the interpreter, then checks the syntax of the program's sources unless a check of
/// the same content hash already passed.
pub(crate) fn prepare(
    program: &Sources,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<Checked, BuildError> {
    let interpreter = resolve_preferring(
        program.language,
        options.compile_timeout,
        program.python.as_deref(),
        Some(cache.root()),
    )?;
    let mut hasher = ContentHasher::new(program.language);
    hasher.field(interpreter.executable.as_os_str().as_bytes());
    hasher.field(interpreter.version.as_bytes());
    for arg in interpreter.leading_args.iter() {
        hasher.field(arg.as_bytes());
    }
    let run = &toolchain::spec_of(program.language)?.run;
    hasher.field(run.as_bytes());
    hasher.field(program.main.as_os_str().as_bytes());
    program.snapshot.hash_into(&mut hasher);
    let content_hash = hasher.finish();
    if !cache.is_done(&content_hash, None) {
        let _lock = cache.lock(&content_hash)?;
        if !cache.is_done(&content_hash, None) {
            check_syntax(&interpreter, program, options, cache)?;
            cache.mark_done(&content_hash, None)?;
        }
    }
    let main = program.main_path();
    let mut readonly_paths = interpreter.prefixes.clone();
    if !readonly_paths
        .iter()
        .any(|prefix| interpreter.executable.starts_with(prefix))
    {
        readonly_paths.push(interpreter.executable.clone());
    }
    readonly_paths.push(if program.is_folder {
        program.snapshot.root.clone()
    } else {
        main.clone()
    });
    if program.is_folder {
        readonly_paths.extend(links_out_of(program));
    }
    let (variable, _) = wanted(program.language)?;
    let tools = [(
        variable,
        Tool {
            program: interpreter.executable.clone(),
            leading_args: interpreter.leading_args.clone(),
            name: "python".into(),
        },
    )];
    let context = template::Context {
        tools: &tools,
        files: program
            .sources
            .iter()
            .map(|s| program.snapshot.root.join(s).into())
            .collect(),
        mainfile: main.clone().into_os_string(),
        mainclass: program.main_stem(),
        path: program.snapshot.root.clone().into_os_string(),
        ..template::Context::default()
    };
    let argv = template::expand(run, &context).map_err(|why| {
        BuildError::Usage(crate::error::UsageError::new(format!(
            "language `{}` of the language table: {why}",
            program.language.id()
        )))
    })?;
    Ok(Checked {
        argv,
        content_hash,
        readonly_paths,
    })
}

/// Every hop of the symbolic links among a folder program's files (a link, the link it points
/// to, ...; lexically resolved), which a fully isolated sandbox must show as well as the folder:
/// the program runs in place, so a file linked from elsewhere (BAPCtools' `testexpectations`
/// links `match/nested/nested_wa.py` to `../match_wa.py`, itself a link) is found through them.
fn links_out_of(program: &Sources) -> Vec<PathBuf> {
    const MAX_HOPS: usize = 40;
    let mut hops = Vec::new();
    for file in &program.snapshot.files {
        let mut at = program.snapshot.root.join(&file.relative);
        for _ in 0..MAX_HOPS {
            let Ok(target) = std::fs::read_link(&at) else {
                break;
            };
            hops.push(at.clone());
            at = lexically_normal(&at.parent().unwrap_or(Path::new("/")).join(target));
        }
    }
    hops
}

/// `path` with `.` and `..` components removed by text alone.
fn lexically_normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// Compiles the sources with the interpreter without running them; a syntax error is a
/// compile error showing Python's message.
fn check_syntax(
    interpreter: &Interpreter,
    program: &Sources,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<(), BuildError> {
    let work = program.copy_to_work_dir(cache)?;
    let mut command = std::process::Command::new(&interpreter.executable);
    command
        .args(&interpreter.leading_args)
        .args(["-B", "-S", "-c", SYNTAX_CHECK])
        .args(&program.sources)
        .current_dir(work.path());
    let readonly = interpreter.prefixes.clone();
    let finished = contained::run_step(command, &[], readonly, options.compile_timeout).map_err(
        |f| match f {
            Failure::Spawn(e) => BuildError::Unavailable(format!(
                "cannot start Python `{}`: {e}",
                interpreter.executable.display()
            )),
            Failure::TimedOut => BuildError::Compile(format!(
                "Python syntax check exceeded {}",
                crate::units::limit_seconds(options.compile_timeout)
            )),
            Failure::Limit(why) => BuildError::Compile(format!("Python syntax check: {why}")),
        },
    )?;
    if finished.status.success() {
        Ok(())
    } else {
        Err(BuildError::Compile(finished.failure_message("python")))
    }
}

/// Interpreters resolved by this process, by the tool found on `PATH` or in the variable.
fn resolved() -> &'static Mutex<HashMap<Tool, Result<Interpreter, String>>> {
    static RESOLVED: OnceLock<Mutex<HashMap<Tool, Result<Interpreter, String>>>> = OnceLock::new();
    RESOLVED.get_or_init(Default::default)
}

/// The real interpreter of `language` (behind `$PYTHON` or `python3`, `$PYTHON2` or
/// `python2`), asked once per process (a broken one too: through a pyenv shim each question
/// costs a hundred processes) and remembered in the user's build cache.
pub(crate) fn resolve(language: Language, limit: Duration) -> Result<Interpreter, BuildError> {
    let cache_dir = super::BuildOptions::default_for_user().cache_dir;
    resolve_preferring(language, limit, None, Some(&cache_dir))
}

/// [`resolve`], for Python 3 preferring the interpreter `preferred` (a name on `PATH` or a
/// path, a package's choice: see [`super::Declared::python`]) where it is
/// found and `$PYTHON` names none; else as [`resolve`]. Answers are remembered in the build
/// cache folder `remembered_in` ([`super::python_memo`]).
pub(crate) fn resolve_preferring(
    language: Language,
    limit: Duration,
    preferred: Option<&str>,
    remembered_in: Option<&Path>,
) -> Result<Interpreter, BuildError> {
    let (variable, wanted) = wanted(language)?;
    if language == Language::Python2 && !named_by(&variable) {
        return resolve_python2(limit, remembered_in);
    }
    let found = (preferred.filter(|_| language == Language::Python && !named_by(&variable)))
        .and_then(preferred_tool);
    let tool = match found {
        Some(tool) => tool,
        None => toolchain::resolve(&wanted)?,
    };
    let mut known = resolved().lock().expect("interpreter cache");
    let answer = known
        .entry(tool.clone())
        .or_insert_with(|| answer_of(&tool, limit, remembered_in))
        .clone();
    answer.map_err(|problem| {
        BuildError::Unavailable(format!(
            "{language} source but the {} `{}` does not work: {problem}",
            wanted.role, tool.name
        ))
    })
}

/// The first Python 2 of [`super::python2::candidates`] that answers and says it is 2.x.
fn resolve_python2(
    limit: Duration,
    remembered_in: Option<&Path>,
) -> Result<Interpreter, BuildError> {
    let mut problems = Vec::new();
    for tool in super::python2::candidates() {
        let answer = resolved()
            .lock()
            .expect("interpreter cache")
            .entry(tool.clone())
            .or_insert_with(|| answer_of(&tool, limit, remembered_in))
            .clone();
        match answer {
            Ok(interpreter) if interpreter.version.starts_with("2.") => return Ok(interpreter),
            Ok(interpreter) => {
                problems.push(format!("`{}` is Python {}", tool.name, interpreter.version))
            }
            Err(problem) => problems.push(format!("`{}` does not work: {problem}", tool.name)),
        }
    }
    Err(BuildError::Unavailable(if problems.is_empty() {
        "Python 2 source but no Python 2 interpreter (python2, python2.7 on PATH, $PYTHON2, \
         pyenv's versions/2.*)"
            .to_string()
    } else {
        format!(
            "Python 2 source but no working Python 2 interpreter: {}",
            problems.join("; ")
        )
    }))
}

/// Whether the environment variable `variable` names a tool.
fn named_by(variable: &str) -> bool {
    std::env::var_os(variable).is_some_and(|v| !v.to_string_lossy().trim().is_empty())
}

/// The interpreter `name` (a path, or a name on `PATH`), if it is there.
fn preferred_tool(name: &str) -> Option<Tool> {
    let program = if name.contains('/') {
        Some(PathBuf::from(name)).filter(|p| p.is_file())
    } else {
        toolchain::find_on_path(std::ffi::OsStr::new(name))
    }?;
    Some(Tool {
        program,
        leading_args: Vec::new(),
        name: name.to_string(),
    })
}

/// The Python 3 interpreter `preferred` resolves to (else `$PYTHON`, else `python3`), named
/// for reports: `CPython 3.11.7 (/usr/bin/python3)`, `PyPy 7.3.11 (/usr/bin/pypy3)`; `Err`
/// with the reason when there is none.
pub fn interpreter_named(preferred: Option<&str>, limit: Duration) -> Result<String, String> {
    let cache_dir = super::BuildOptions::default_for_user().cache_dir;
    let i = resolve_preferring(Language::Python, limit, preferred, Some(&cache_dir))
        .map_err(|e| e.to_string())?;
    let words: Vec<&str> = i.version.split_whitespace().collect();
    let name = match words.iter().position(|w| w.starts_with("[PyPy")) {
        Some(at) => format!("PyPy {}", words.get(at + 1).unwrap_or(&"")),
        None => format!("CPython {}", words.first().unwrap_or(&"")),
    };
    Ok(format!("{} ({})", name.trim(), i.executable.display()))
}

/// PyPy's command, as Debian and problemtools name it: the interpreter a package's reader
/// chooses for Python 3 where its judge runs PyPy (a Kattis package).
pub const PYPY: &str = "pypy3";

/// The Python 3 interpreter a program runs with (`preferred`, its package's choice as
/// [`super::Declared::python`] carries it; `$PYTHON`; else `python3`), and why, for reports:
/// e.g. `PyPy 7.3.11 (/usr/lib/pypy3/bin/pypy3), as Kattis and problemtools run Python 3`.
/// `reason` is why the package chose `preferred`, when it did (DOMjudge's CPython, Kattis'
/// PyPy).
pub fn interpreter_for(preferred: Option<&str>, reason: Option<&str>, limit: Duration) -> String {
    let interpreter = match interpreter_named(preferred, limit) {
        Ok(name) => name,
        Err(e) => return format!("none: {e}"),
    };
    let chose_pypy = preferred == Some(PYPY);
    let why = if named_by("PYTHON") {
        "named by $PYTHON".to_string()
    } else if let Some(reason) = reason.filter(|_| !chose_pypy || preferred_tool(PYPY).is_some()) {
        reason.to_string()
    } else if chose_pypy && preferred_tool(PYPY).is_some() {
        "as Kattis and problemtools run Python 3".to_string()
    } else if chose_pypy {
        "as pypy3 is not installed; Kattis and problemtools run Python 3 with PyPy, so Python \
         times here are slower than the judge's and do not set a derived time limit where an \
         accepted submission in another language can (apt-get install pypy3)"
            .to_string()
    } else if let Some(name) = preferred {
        format!("as the package's stressjudge.yaml says python: {name}")
    } else {
        "python3 on PATH".to_string()
    };
    format!("{interpreter}, {why}")
}

/// The tool's answer to [`PROBE`]: remembered in the cache folder `remembered_in` under the
/// key of [`python_memo::key`] when one is there, else asked and remembered (a working
/// interpreter, or a tool saying it has no such command: exit status 127).
fn answer_of(
    tool: &Tool,
    limit: Duration,
    remembered_in: Option<&Path>,
) -> Result<Interpreter, String> {
    let lasting = remembered_in.and_then(|dir| {
        let key = python_memo::key(tool, PROBE, &python_memo::Situation::current()?)?;
        Some((python_memo::Memo::in_cache(dir), key))
    });
    if let Some(answer) = (lasting.as_ref()).and_then(|(memo, key)| memo.recall(key, tool)) {
        return answer;
    }
    let answer = probe(tool, limit);
    if let Some((memo, key)) = &lasting {
        match &answer {
            Ok(interpreter) => memo.remember_found(key, interpreter),
            Err(Unanswered::Missing(problem)) => memo.remember_missing(key, problem),
            Err(Unanswered::Failed(_)) => {}
        }
    }
    answer.map_err(Unanswered::into_problem)
}

/// Why a probe gave no interpreter.
enum Unanswered {
    /// The tool says the command does not exist (exit status 127: pyenv's shim of a command
    /// the selected version lacks, a shell's `command not found`); as lasting as the key.
    Missing(String),
    /// Anything else: it could not start, timed out, crashed or printed no executable.
    Failed(String),
}

impl Unanswered {
    /// The message saying why.
    fn into_problem(self) -> String {
        match self {
            Unanswered::Missing(problem) | Unanswered::Failed(problem) => problem,
        }
    }
}

/// Asks the interpreter (through any shim) where it really is and which version it is; the
/// error says why it could not answer.
fn probe(tool: &Tool, limit: Duration) -> Result<Interpreter, Unanswered> {
    let mut command = tool.command();
    command.args(["-S", "-c", PROBE]);
    let finished = process::run(command, limit).map_err(|f| {
        Unanswered::Failed(match f {
            Failure::Spawn(e) => format!("cannot start it: {e}"),
            Failure::TimedOut => format!(
                "it did not answer within {}",
                crate::units::limit_seconds(limit)
            ),
            Failure::Limit(why) => why,
        })
    })?;
    let answer = String::from_utf8_lossy(&finished.stdout);
    let mut lines = answer.lines().map(str::trim);
    let executable = PathBuf::from(lines.next().unwrap_or(""));
    let version = lines.next().unwrap_or("").to_string();
    let mut prefixes: Vec<PathBuf> = Vec::new();
    for prefix in lines.map(PathBuf::from) {
        if prefix.is_absolute() && !prefixes.contains(&prefix) {
            prefixes.push(prefix);
        }
    }
    if !finished.status.success() || !executable.is_absolute() || !executable.is_file() {
        let said = finished.message();
        let first = said.lines().map(str::trim).find(|l| !l.is_empty());
        let problem = format!(
            "it did not report its executable ({}: {})",
            finished.status,
            first.unwrap_or("nothing printed")
        );
        return Err(if finished.status.code() == Some(127) {
            Unanswered::Missing(problem)
        } else {
            Unanswered::Failed(problem)
        });
    }
    Ok(Interpreter {
        executable,
        leading_args: tool.leading_args.clone(),
        version,
        prefixes,
    })
}
