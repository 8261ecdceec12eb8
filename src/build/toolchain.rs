//! Finding build tools (on `PATH` or named by an environment variable) and their identity.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use super::process::{self, Failure};
use super::table::{LanguageSpec, ToolSpec};
use super::{BuildError, Language};
use crate::cache_entry::CheckedCache;

/// A build tool as resolved: its program and any leading arguments given with it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Tool {
    /// Absolute path of the program.
    pub program: PathBuf,
    /// Arguments that come before ours (from e.g. `CC="gcc -m64"`).
    pub leading_args: Vec<OsString>,
    /// How messages name the tool: the name the user would recognise, e.g. `g++`.
    pub name: String,
}

impl Tool {
    /// A command for the tool with its leading arguments already given.
    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command.args(&self.leading_args);
        command
    }
}

/// A tool a language needs: where to look for it and how to name it in messages.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Wanted {
    /// The environment variable that may name another tool, e.g. `CXX`.
    pub variable: &'static str,
    /// The name looked up on `PATH` otherwise, e.g. `g++`.
    pub default: &'static str,
    /// The language that needs it.
    pub language: Language,
    /// What it is, for messages, e.g. `C++ compiler`.
    pub role: &'static str,
}

impl Wanted {
    /// The tool `spec` of `language` in the language table.
    pub fn of(language: Language, spec: &'static ToolSpec) -> Wanted {
        Wanted {
            variable: &spec.variable,
            default: &spec.name,
            language,
            role: &spec.role,
        }
    }
}

/// The table entry of `language`; a language without one is a usage error (a user's table
/// may have replaced what a builder needs).
pub(crate) fn spec_of(language: Language) -> Result<&'static LanguageSpec, BuildError> {
    language.spec().ok_or_else(|| {
        BuildError::Usage(crate::error::UsageError::new(format!(
            "language `{}` is not in the language table",
            language.id()
        )))
    })
}

/// The tool of `language` named by `variable` in the table, as wanted.
pub(crate) fn wanted(
    language: Language,
    variable: &str,
) -> Result<(Wanted, &'static ToolSpec), BuildError> {
    let spec = spec_of(language)?;
    let tool = spec.tool(variable).ok_or_else(|| {
        BuildError::Usage(crate::error::UsageError::new(format!(
            "language `{}` of the language table has no tool `{variable}`",
            spec.id
        )))
    })?;
    Ok((Wanted::of(language, tool), tool))
}

/// Every tool of `language`, resolved, with its identity (path and version line) for content
/// hashes; the first one missing or broken is [`BuildError::Unavailable`].
pub(crate) fn resolve_all(
    language: Language,
    limit: Duration,
    remembered_in: Option<&Path>,
) -> Result<Vec<(String, Tool, String)>, BuildError> {
    let spec = spec_of(language)?;
    let mut tools = Vec::new();
    for tool_spec in &spec.tools {
        let wanted = Wanted::of(language, tool_spec);
        let tool = resolve(&wanted)?;
        let identity = identity(&tool, &wanted, &tool_spec.version, limit, remembered_in)?;
        tools.push((tool_spec.variable.clone(), tool, identity));
    }
    Ok(tools)
}

/// Resolves the tool named by `$VARIABLE` if it is set and not empty, else the default name on
/// `PATH`. A missing tool is [`BuildError::Unavailable`]: the language cannot be built here,
/// which is nobody's verdict.
pub(crate) fn resolve(wanted: &Wanted) -> Result<Tool, BuildError> {
    let Wanted {
        variable,
        default,
        language,
        role,
    } = *wanted;
    let configured = std::env::var_os(variable).filter(|v| !v.to_string_lossy().trim().is_empty());
    let Some(configured) = configured else {
        let program = find_on_path(OsStr::new(default)).ok_or_else(|| {
            BuildError::Unavailable(format!(
                "{language} source but no {role} ({default}) on PATH"
            ))
        })?;
        return Ok(Tool {
            program,
            leading_args: Vec::new(),
            name: default.to_string(),
        });
    };
    let (first, rest): (OsString, Vec<OsString>) = match configured.to_str() {
        Some(text) => {
            let mut words = text.split_whitespace().map(OsString::from);
            let first = words.next().unwrap_or_default();
            (first, words.collect())
        }
        None => (configured.clone(), Vec::new()),
    };
    let name = first.to_string_lossy().into_owned();
    // Like a shell: a name with a slash is a path, anything else is looked up on PATH.
    let program = if name.contains('/') {
        std::path::absolute(&first)
            .ok()
            .filter(|p| is_executable_file(p))
    } else {
        find_on_path(&first)
    };
    let program = program.ok_or_else(|| {
        BuildError::Unavailable(format!(
            "{language} source but the {role} `{name}` named by ${variable} is not found"
        ))
    })?;
    Ok(Tool {
        program,
        leading_args: rest,
        name,
    })
}

/// The first executable file called `name` in the directories of this process's `PATH`.
pub(crate) fn find_on_path(name: &OsStr) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable_file(candidate))
}

/// Whether `path` is a regular file with an execute bit (following symlinks).
fn is_executable_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// What makes a cached `--version` answer stale: the tool's file changing.
type IdentityKey = (Tool, Option<SystemTime>, u64);

/// One tool's `--version` answer, once known; locked while it is being asked, so threads
/// building two programs of one language ask the tool once.
type IdentitySlot = Arc<Mutex<Option<String>>>;

/// `--version` answers of the tools seen by this process.
fn identities() -> &'static Mutex<HashMap<IdentityKey, IdentitySlot>> {
    static IDENTITIES: OnceLock<Mutex<HashMap<IdentityKey, IdentitySlot>>> = OnceLock::new();
    IDENTITIES.get_or_init(Default::default)
}

/// The tool's identity for content hashes: its path and the first line it prints when asked
/// `version` (`--version`, or `-version` for kotlinc), asked once per process (again only
/// if the tool's file changes). A native executable's answer is also kept across commands
/// in the cache folder `remembered_in` (see [`lasting_key`]), so a second `verify` asks no
/// compiler again (`javac -version` alone starts a JVM). A tool that cannot answer is
/// [`BuildError::Unavailable`].
pub(crate) fn identity(
    tool: &Tool,
    wanted: &Wanted,
    version: &[String],
    limit: Duration,
    remembered_in: Option<&Path>,
) -> Result<String, BuildError> {
    let version_flag = version.join(" ");
    let metadata = std::fs::metadata(&tool.program).ok();
    let key = (
        tool.clone(),
        metadata.as_ref().and_then(|m| m.modified().ok()),
        metadata.as_ref().map_or(0, |m| m.len()),
    );
    let slot = Arc::clone(
        (identities().lock())
            .unwrap_or_else(|e| e.into_inner())
            .entry(key)
            .or_default(),
    );
    let mut known = slot.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = known.as_ref() {
        return Ok(known.clone());
    }
    let lasting = remembered_in.and_then(|dir| {
        let key = lasting_key(tool, version)?;
        Some((
            CheckedCache::new(dir.join("toolchains"), "toolchain version"),
            key,
        ))
    });
    if let Some((cache, key)) = &lasting {
        if let Some(identity) = cache.get(key).and_then(|b| String::from_utf8(b).ok()) {
            *known = Some(identity.clone());
            return Ok(identity);
        }
    }
    let mut command = tool.command();
    command.args(version);
    let name = &tool.name;
    let broken = |why: String| {
        BuildError::Unavailable(format!(
            "{} source but the {} `{name}` does not work: {why}",
            wanted.language, wanted.role
        ))
    };
    let finished = process::run(command, limit).map_err(|failure| match failure {
        Failure::Spawn(e) => broken(format!("cannot start it: {e}")),
        Failure::TimedOut => broken(format!(
            "`{name} {version_flag}` did not answer within {}",
            crate::units::limit_seconds(limit)
        )),
        Failure::Limit(why) => broken(why),
    })?;
    if !finished.status.success() {
        let said = finished.message();
        let first = said.lines().map(str::trim).find(|l| !l.is_empty());
        return Err(broken(format!(
            "`{name} {version_flag}` failed ({}: {})",
            finished.status,
            first.unwrap_or("nothing printed")
        )));
    }
    let version = String::from_utf8_lossy(&finished.stdout)
        .lines()
        .chain(String::from_utf8_lossy(&finished.stderr).lines())
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("")
        .to_string();
    let identity = format!("{} {version}", tool.program.display());
    if let Some((cache, key)) = &lasting {
        cache.put(key, identity.as_bytes());
    }
    *known = Some(identity.clone());
    Ok(identity)
}

/// The key under which a tool's `--version` answer is kept across commands: only for a native
/// executable (an ELF file once symlinks are followed), whose answer changes only with its
/// file, so the key holds the file's path, inode, size and modification time with the
/// arguments asked. A script (a version manager's shim such as pyenv's, whose answer follows
/// the environment and the working folder) is asked in every command: `None`.
fn lasting_key(tool: &Tool, version: &[String]) -> Option<String> {
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;
    let real = std::fs::canonicalize(&tool.program).ok()?;
    let mut magic = [0u8; 4];
    std::fs::File::open(&real)
        .ok()?
        .read_exact(&mut magic)
        .ok()?;
    if &magic != b"\x7fELF" {
        return None;
    }
    let meta = std::fs::metadata(&real).ok()?;
    let described = format!(
        "toolchain-version-v1 {} {:?} {:?} {:?} dev {} ino {} size {} mtime {}.{}",
        tool.program.display(),
        real,
        tool.leading_args,
        version,
        meta.dev(),
        meta.ino(),
        meta.size(),
        meta.mtime(),
        meta.mtime_nsec()
    );
    Some(crate::cache_entry::sha256_hex(described.as_bytes()))
}
