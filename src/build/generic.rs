//! The build of every language the table describes by commands alone (Go, Haskell, Ruby,
//! JavaScript, Pascal, ...): the program is copied into the cache, its `compile` command (if any)
//! runs there once per content hash, and its `run` command starts it from there.
//!
//! As in problemtools, a compile command that fails is a compile error (for interpreted
//! languages it is a syntax check: `ruby -c`, `php -l`, `node --check`, ...). The copy is built
//! where it stays (`cache_dir/dir/HASH`), so a compiler that writes paths into its output keeps
//! working; it counts as present once its marker exists. The compiler runs in the
//! sandbox ([`super::contained`]) with the user's environment, its folder as `HOME` (Go's
//! caches land there); the program gets the candidate's.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::cache::{Cache, ContentHasher};
use super::compile::{compiler_failure, path_arg};
use super::contained::{self, installation};
use super::layout::Sources;
use super::template::{self, Context};
use super::toolchain::{self, Tool};
use super::{BuildError, BuildOptions, Built};
use crate::error::UsageError;

/// The name `{binary}` stands for inside the program's folder.
const BINARY: &str = ".stressjudge-program";

/// Builds (once per content hash) and describes how to run a program of a generic language.
pub(crate) fn build(
    program: &Sources,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<Built, BuildError> {
    let spec = toolchain::spec_of(program.language)?;
    let resolved = toolchain::resolve_all(
        program.language,
        options.compile_timeout,
        Some(&options.cache_dir),
    )?;
    let mut hasher = ContentHasher::new(program.language);
    for (variable, tool, identity) in &resolved {
        hasher.field(variable.as_bytes());
        hasher.field(identity.as_bytes());
        for arg in &tool.leading_args {
            hasher.field(arg.as_bytes());
        }
    }
    hasher.field(spec.compile.as_deref().unwrap_or("").as_bytes());
    hasher.field(spec.run.as_bytes());
    hasher.field(program.main.as_os_str().as_bytes());
    program.snapshot.hash_into(&mut hasher);
    let content_hash = hasher.finish();
    let tools: Vec<(String, Tool)> = resolved.into_iter().map(|(v, t, _)| (v, t)).collect();
    let folder = cache.folder(&content_hash);
    let table_error = |why: String| {
        BuildError::Usage(UsageError::new(format!(
            "language `{}` of the language table: {why}",
            spec.id
        )))
    };
    let done = |cache: &Cache| cache.is_done(&content_hash, Some(&folder));
    if !done(cache) {
        let _lock = cache.lock(&content_hash)?;
        if !done(cache) {
            let folder = cache.fresh_folder(&content_hash)?;
            program
                .snapshot
                .write_to(&folder)
                .map_err(|e| cache.failure(&folder, e))?;
            if let Some(compile) = &spec.compile {
                // A command holding `{file}` runs once per source file (DOMjudge's syntax
                // checks: `for file in "$@"; do nodejs --check "$file"`, `sh -n`, `ruby -c`
                // in its `js`, `sh`, `rb` build scripts), so a broken file the main one never
                // loads is a compile error too.
                let each: Vec<OsString> = if compile.contains("{file}") {
                    program.sources.iter().map(|s| path_arg(s)).collect()
                } else {
                    vec![OsString::new()]
                };
                for file in each {
                    let context = Context {
                        tools: &tools,
                        files: program.sources.iter().map(|s| path_arg(s)).collect(),
                        mainfile: path_arg(&program.main),
                        file,
                        mainclass: program.main_stem(),
                        binary: folder.join(BINARY).into_os_string(),
                        path: folder.clone().into_os_string(),
                        includes: Vec::new(),
                    };
                    let argv = template::expand(compile, &context).map_err(table_error)?;
                    run_compiler(&argv, &tools, &folder, options)?;
                }
            }
            cache.mark_done(&content_hash, Some(&folder))?;
        }
    }
    let context = Context {
        tools: &tools,
        files: program
            .sources
            .iter()
            .map(|s| folder.join(s).into_os_string())
            .collect(),
        mainfile: folder.join(&program.main).into_os_string(),
        file: OsString::new(),
        mainclass: program.main_stem(),
        binary: folder.join(BINARY).into_os_string(),
        path: folder.clone().into_os_string(),
        includes: Vec::new(),
    };
    let mut argv = template::expand(&spec.run, &context).map_err(table_error)?;
    let memory_words = template::memory_words(&argv);
    template::fill_memory(&mut argv, &memory_words, super::jvm::DEFAULT_MEMORY_LIMIT);
    let mut readonly_paths = vec![folder.clone()];
    for (variable, tool) in &tools {
        if spec.run.contains(&format!("{{{variable}}}")) {
            readonly_paths.push(installation(&tool.program));
        }
    }
    Ok(Built {
        memory_words,
        argv,
        content_hash,
        readonly_paths,
        run_in: Some(folder),
        ran_as: None,
    })
}

/// Runs a compile command in the program's folder; a failure is a compile error.
fn run_compiler(
    argv: &[OsString],
    tools: &[(String, Tool)],
    folder: &Path,
    options: &BuildOptions,
) -> Result<(), BuildError> {
    let tool = tools
        .iter()
        .map(|(_, t)| t)
        .find(|t| t.program.as_os_str() == argv[0])
        .or(tools.first().map(|(_, t)| t))
        .expect("a language has a tool");
    let mut command = std::process::Command::new(&argv[0]);
    command.args(&argv[1..]).current_dir(folder);
    let finished = contained::run_step(command, &[], Vec::new(), options.compile_timeout)
        .map_err(|failure| compiler_failure(tool, failure, options))?;
    if finished.status.success() {
        Ok(())
    } else {
        Err(BuildError::Compile(finished.failure_message(&tool.name)))
    }
}
