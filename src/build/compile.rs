//! Compiling C, C++ and Rust sources into the cache, once per content hash.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::cache::{Cache, ContentHasher};
use super::process::{self, Failure};
use super::toolchain::{self, Tool};
use super::{BuildError, BuildOptions, Language};

/// A compiled candidate in the cache.
pub(crate) struct Compiled {
    /// Absolute path of the cached executable.
    pub binary: PathBuf,
    /// The content hash it is cached under.
    pub content_hash: String,
}

/// The compiler of a language: environment variable, default name, flags before the
/// `-o OUT SOURCE` part and flags after it.
struct Recipe {
    variable: &'static str,
    default: &'static str,
    before: &'static [&'static str],
    after: &'static [&'static str],
}

/// The compiler recipe of `language` (a compiled language).
fn recipe(language: Language) -> Recipe {
    match language {
        Language::C => Recipe {
            variable: "CC",
            default: "gcc",
            before: &["-O2", "-std=c17"],
            after: &["-lm"],
        },
        Language::Cpp => Recipe {
            variable: "CXX",
            default: "g++",
            before: &["-O2", "-std=c++17"],
            after: &[],
        },
        Language::Rust => Recipe {
            variable: "RUSTC",
            default: "rustc",
            before: &["-O", "--edition", "2021", "--crate-name", "solution"],
            after: &[],
        },
        other => unreachable!("{other} is not compiled"),
    }
}

/// Returns the cached executable for `source` (the bytes of the file called `file_name`),
/// compiling it first if no build of the same content hash exists.
pub(crate) fn compile(
    language: Language,
    file_name: &str,
    source: &[u8],
    options: &BuildOptions,
    cache: &Cache,
) -> Result<Compiled, BuildError> {
    let recipe = recipe(language);
    let tool = toolchain::resolve(recipe.variable, recipe.default, "compiler")?;
    let identity = toolchain::identity(&tool, options.compile_timeout)?;
    let mut hasher = ContentHasher::new(language);
    hasher.field(identity.as_bytes());
    for arg in &tool.leading_args {
        hasher.field(arg.as_bytes());
    }
    for flag in recipe
        .before
        .iter()
        .chain(["--"].iter())
        .chain(recipe.after)
    {
        hasher.field(flag.as_bytes());
    }
    hasher.field(source);
    let content_hash = hasher.finish();
    let binary = cache.binary(&content_hash);
    let compiled = Compiled {
        binary: binary.clone(),
        content_hash: content_hash.clone(),
    };
    if is_built(&binary) {
        return Ok(compiled);
    }
    let _lock = cache.lock(&content_hash)?;
    if is_built(&binary) {
        return Ok(compiled);
    }
    let work = cache.work_dir()?;
    let output = run_compiler(
        &tool,
        &recipe,
        file_name,
        source,
        work.path(),
        options,
        cache,
    )?;
    cache.install(&output, &binary)?;
    Ok(compiled)
}

/// Whether a finished executable is in place (an interrupted build never leaves one).
fn is_built(binary: &Path) -> bool {
    std::fs::metadata(binary).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Writes the source into `work` and compiles it there; returns the executable's path.
fn run_compiler(
    tool: &Tool,
    recipe: &Recipe,
    file_name: &str,
    source: &[u8],
    work: &Path,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<PathBuf, BuildError> {
    let source_path = work.join(file_name);
    std::fs::write(&source_path, source).map_err(|e| cache.failure(&source_path, e))?;
    let output = work.join("candidate");
    // Relative to the working directory, so messages name the file as the user knows it.
    let source_arg: OsString = if file_name.starts_with('-') {
        format!("./{file_name}").into()
    } else {
        file_name.into()
    };
    let mut command = tool.command();
    command
        .args(recipe.before)
        .arg("-o")
        .arg(&output)
        .arg(source_arg)
        .args(recipe.after)
        .current_dir(work);
    let name = &tool.name;
    let finished = process::run(command, options.compile_timeout).map_err(|f| match f {
        Failure::Spawn(e) => BuildError::Compile(format!("cannot start compiler `{name}`: {e}")),
        Failure::TimedOut => BuildError::Compile(format!(
            "compilation exceeded {}",
            process::seconds(options.compile_timeout)
        )),
    })?;
    if !finished.status.success() {
        let message = finished.message();
        return Err(BuildError::Compile(if message.is_empty() {
            format!(
                "compiler `{name}` failed ({}) and printed nothing",
                finished.status
            )
        } else {
            message
        }));
    }
    if !output.is_file() {
        return Err(BuildError::Compile(format!(
            "compiler `{name}` reported success but wrote no executable"
        )));
    }
    std::fs::set_permissions(&output, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| cache.failure(&output, e))?;
    Ok(output)
}
