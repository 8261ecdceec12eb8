//! Compiling C, C++ and Rust programs into the cache, once per content hash.
//!
//! The program's files are written into a fresh working directory and compiled there, so the
//! compiler sees exactly the bytes that were hashed and its messages name files as the user
//! does. C and C++ sources get their own folder on the include path: quoted includes look there
//! first (`-iquote`), angle includes after the system headers (`-idirafter`, so a binary called
//! `random` next to a source cannot shadow `<random>`); headers a program includes but does not
//! hold come after those from the folders of [`super::tool_headers`]. A folder compiles all of its sources of
//! the language together; Rust compiles the main file, which reaches the others through `mod`.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::cache::{Cache, ContentHasher};
use super::contained;
use super::includes;
use super::layout::Sources;
use super::process::Failure;
use super::sanitize;
use super::template;
use super::tool_headers;
use super::toolchain::{self, Tool};
use super::{BuildError, BuildOptions, Language};
use crate::error::UsageError;

/// A compiled program in the cache.
pub(crate) struct Compiled {
    /// Absolute path of the cached executable.
    pub binary: PathBuf,
    /// The content hash it is cached under.
    pub content_hash: String,
}

/// Returns the cached executable for the program, compiling it first if no build of the same
/// content hash exists.
pub(crate) fn compile(
    program: &Sources,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<Compiled, BuildError> {
    let spec = toolchain::spec_of(program.language)?;
    let command = spec.compile.as_deref().ok_or_else(|| {
        BuildError::Usage(UsageError::new(format!(
            "language `{}` of the language table has no `compile` command",
            spec.id
        )))
    })?;
    if matches!(program.language, Language::C | Language::Cpp) {
        refuse_absolute_includes(program)?;
    }
    let tools = toolchain::resolve_all(
        program.language,
        options.compile_timeout,
        Some(&options.cache_dir),
    )?;
    let include_dir = include_dir(program);
    let mut hasher = ContentHasher::new(program.language);
    for (_, tool, identity) in &tools {
        hasher.field(identity.as_bytes());
        for arg in &tool.leading_args {
            hasher.field(arg.as_bytes());
        }
    }
    hasher.field(command.as_bytes());
    hasher.field(spec.run.as_bytes());
    hasher.field(program.main.as_os_str().as_bytes());
    program.snapshot.hash_into(&mut hasher);
    if let Some(dir) = include_dir.as_ref().filter(|_| !program.is_folder) {
        // A single source reads its headers from where the user keeps them; what it finds
        // there counts, not where that is (the same file elsewhere shares the build).
        for (name, bytes) in includes::local_headers(dir, &program.snapshot.files[0].bytes) {
            hasher.field(name.as_os_str().as_bytes());
            hasher.field(&bytes);
        }
    }
    // Headers of a tool the program does not hold (BAPCtools' `validation.h`): what it finds
    // counts, not where.
    let tool_headers = match program.language {
        Language::C | Language::Cpp => tool_headers::needed(&program.snapshot, program.is_folder),
        _ => Vec::new(),
    };
    for found in &tool_headers {
        for (name, bytes) in &found.headers {
            hasher.field(name.as_bytes());
            hasher.field(bytes);
        }
    }
    let sanitized = sanitize::applies(options, program.language);
    if sanitized {
        for field in sanitize::hash_fields(program.language) {
            hasher.field(field.as_bytes());
        }
    }
    let content_hash = hasher.finish();
    let binary = cache.binary(&content_hash);
    let compiled = Compiled {
        binary: binary.clone(),
        content_hash: content_hash.clone(),
    };
    if cache.has_binary(&content_hash) {
        return Ok(compiled);
    }
    let _lock = cache.lock(&content_hash)?;
    if cache.has_binary(&content_hash) {
        return Ok(compiled);
    }
    let work = cache.work_dir()?;
    let tools: Vec<(String, Tool)> = tools.into_iter().map(|(v, t, _)| (v, t)).collect();
    let mut includes: Vec<OsString> = Vec::new();
    if let Some(dir) = include_dir.as_deref() {
        includes = vec![
            "-iquote".into(),
            dir.into(),
            "-idirafter".into(),
            dir.into(),
        ];
    }
    for found in &tool_headers {
        includes.push("-idirafter".into());
        includes.push(found.folder.as_os_str().to_owned());
    }
    // What the compiler may read besides the system's files and its own folder.
    let mut readonly: Vec<PathBuf> = include_dir
        .iter()
        .filter(|d| d.is_absolute())
        .cloned()
        .collect();
    readonly.extend(tool_headers.iter().map(|found| found.folder.clone()));
    let output = run_compiler(
        &tools,
        command,
        program,
        (includes, readonly),
        work.path(),
        options,
        cache,
    )?;
    cache.install_binary(&output, &content_hash)?;
    Ok(compiled)
}

/// The folder C and C++ sources include from: a folder program's copy (`.`), or the folder a
/// single source is kept in. `None` for Rust.
fn include_dir(program: &Sources) -> Option<PathBuf> {
    match program.language {
        Language::C | Language::Cpp if program.is_folder => Some(PathBuf::from(".")),
        Language::C | Language::Cpp => Some(program.snapshot.root.clone()),
        _ => None,
    }
}

/// A relative path as a compiler argument that cannot be taken for an option.
pub(crate) fn path_arg(relative: &Path) -> OsString {
    if relative.as_os_str().as_bytes().starts_with(b"-") {
        Path::new(".").join(relative).into_os_string()
    } else {
        relative.as_os_str().to_owned()
    }
}

/// Writes the program into `work` and compiles it there with the include options `includes`,
/// in the sandbox where it sees `readonly` (its include folders) besides the system; returns
/// the executable's path.
fn run_compiler(
    tools: &[(String, Tool)],
    command_text: &str,
    program: &Sources,
    (includes, readonly): (Vec<OsString>, Vec<PathBuf>),
    work: &Path,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<PathBuf, BuildError> {
    program
        .snapshot
        .write_to(work)
        .map_err(|e| cache.failure(work, e))?;
    let output = work.join(".stressjudge-program");
    let context = template::Context {
        tools,
        files: program.sources.iter().map(|s| path_arg(s)).collect(),
        mainfile: path_arg(&program.main),
        mainclass: program.main_stem(),
        binary: output.clone().into_os_string(),
        path: work.as_os_str().to_owned(),
        includes,
        ..template::Context::default()
    };
    let mut argv = template::expand(command_text, &context).map_err(|why| {
        BuildError::Usage(UsageError::new(format!(
            "language `{}` of the language table: {why}",
            program.language.id()
        )))
    })?;
    if sanitize::applies(options, program.language) {
        let flags =
            sanitize::compile_flags(program.language, work).map_err(|e| cache.failure(work, e))?;
        argv.extend(flags);
    }
    let tool = &tools
        .iter()
        .find(|(_, t)| t.program.as_os_str() == argv[0])
        .map_or(&tools[0].1, |(_, t)| t);
    let mut command = std::process::Command::new(&argv[0]);
    command.args(&argv[1..]).current_dir(work);
    let finished = contained::run_step(command, &[], readonly, options.compile_timeout)
        .map_err(|failure| compiler_failure(tool, failure, options))?;
    if !finished.status.success() {
        let message = finished.failure_message(&tool.name);
        if super::cache::mentions_disk_trouble(&message) {
            // A full or failing disk under the cache, not the program's fault.
            return Err(cache.failure(work, std::io::Error::other(message)));
        }
        return Err(BuildError::Compile(message));
    }
    if !output.is_file() {
        return Err(BuildError::Compile(format!(
            "compiler `{}` reported success but wrote no executable",
            tool.name
        )));
    }
    std::fs::set_permissions(&output, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| cache.failure(&output, e))?;
    Ok(output)
}

/// A compiler that could not start is unavailable; one past the time limit is a compile error
/// (the source made it work that long).
pub(crate) fn compiler_failure(
    tool: &Tool,
    failure: Failure,
    options: &BuildOptions,
) -> BuildError {
    match failure {
        Failure::Spawn(e) => {
            BuildError::Unavailable(format!("cannot start compiler `{}`: {e}", tool.name))
        }
        Failure::TimedOut => BuildError::Compile(format!(
            "compilation exceeded {}",
            crate::units::limit_seconds(options.compile_timeout)
        )),
        Failure::Limit(why) => BuildError::Compile(why),
    }
}

/// Refuses a C or C++ program with an `#include` of an absolute path (see
/// [`includes::absolute_include`]): a compile error naming the directive, which never shows
/// the file.
fn refuse_absolute_includes(program: &Sources) -> Result<(), BuildError> {
    for file in &program.snapshot.files {
        if let Some(name) = includes::absolute_include(&file.bytes) {
            return Err(BuildError::Compile(format!(
                "{}: `#include` of the absolute path {name} is refused (a program's headers \
                 live beside it or in the system's include folders)",
                file.relative.display()
            )));
        }
    }
    Ok(())
}
