//! Python interpreters' probe answers remembered across commands, in the build cache's
//! `python/` folder, so a second command asks no version-manager shim again (a pyenv shim
//! starts dozens of shell scripts: 0.2-0.3 s a question here, seconds under load).
//!
//! An answer is reused only when nothing that could change it changed. The key ([`key`])
//! holds, for every tool: the probe's text, the path given and its canonical path, the
//! arguments, the real file's device, inode, size, modification and change times, the `PYTHON*`
//! variables (`PYTHONHOME`, `PYTHONEXECUTABLE` move `sys.executable` and `sys.prefix`) and any
//! `pyvenv.cfg` beside the program or one folder up (a virtual environment's `bin/python` is a
//! link to its base interpreter; Python finds its prefix from that file). A tool that is not a
//! native executable (a `#!` script: a pyenv, asdf or mise shim) also keys on everything its
//! choice of version reads, after pyenv's documented order (pyenv README, "Choosing the Python
//! Version": `PYENV_VERSION`, then the first `.python-version` from the current folder (or
//! `PYENV_DIR`) upward, then `$(pyenv root)/version`; `pyenv-version-file` also reads the
//! legacy `global` and `default`), and asdf's and mise's (`.tool-versions`, `mise.toml`):
//! - the script's SHA-256;
//! - `PATH`, `HOME`, `VIRTUAL_ENV` and every variable starting `PYENV`, `_PYENV`, `ASDF_`,
//!   `MISE_`, `RTX_` or `CONDA_`;
//! - every version file found from the current folder (and `$PWD`, `PYENV_DIR`) up to `/`, and
//!   `~/.tool-versions`, by path and content;
//! - for each manager root (`$PYENV_ROOT`, `~/.pyenv`, `$ASDF_DATA_DIR`, `~/.asdf`, and the
//!   folder above a `shims/` folder holding the tool): its `version`, `global` and `default`
//!   files and the names installed under `versions/` (pyenv) and `installs/python/` (asdf),
//!   since `pyenv install` or a version prefix such as `3.11` resolves to what is installed.
//!
//! After a hit the remembered interpreter must still be there with the size and modification
//! time it had, else it is probed again. A probe that timed out or could not start is never
//! remembered; a failed one only when the tool said the command does not exist in the version
//! chosen (exit status 127, as pyenv's `pyenv-which` and the shells do): a pyenv `python2` shim
//! with only Python 3 selected asks the same question in every command otherwise. Entries are
//! checked ([`crate::cache_entry`]): a damaged one is a miss, removed, and probed again.
//! `rm -rf ~/.cache/stressjudge/python` forgets every answer.

use std::ffi::OsString;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::python::Interpreter;
use super::toolchain::Tool;
use crate::cache_entry::{sha256_hex, CheckedCache};

/// Bumped when the key or the entry layout changes, so old entries are never read.
const LAYOUT: &[u8] = b"stressjudge-python-probe-v1";

/// A script longer than this is not a shim: it is probed in every command.
const SCRIPT_LIMIT: u64 = 1 << 20;

/// Variables every key holds: Python reads them itself.
const PYTHON_PREFIX: &str = "PYTHON";

/// Variables a shim's choice follows, by exact name.
const SHIM_VARIABLES: [&str; 3] = ["PATH", "HOME", "VIRTUAL_ENV"];

/// Variables a shim's choice follows, by name prefix (pyenv, asdf, mise and its old name rtx,
/// conda).
const SHIM_PREFIXES: [&str; 6] = ["PYENV", "_PYENV", "ASDF_", "MISE_", "RTX_", "CONDA_"];

/// The files version managers read from the working folder upward.
const VERSION_FILES: [&str; 4] = [
    ".python-version",
    ".tool-versions",
    ".mise.toml",
    "mise.toml",
];

/// What a shim's choice can depend on besides files: the environment and the working folder.
#[derive(Debug, Clone)]
pub(crate) struct Situation {
    /// The environment variables, sorted by name.
    pub env: Vec<(OsString, OsString)>,
    /// The working folder.
    pub cwd: PathBuf,
}

impl Situation {
    /// This process's environment and working folder (none when the folder is gone).
    pub fn current() -> Option<Situation> {
        let mut env: Vec<(OsString, OsString)> = std::env::vars_os().collect();
        env.sort();
        Some(Situation {
            env,
            cwd: std::env::current_dir().ok()?,
        })
    }

    /// The value of `name`, if set.
    fn var(&self, name: &str) -> Option<&OsString> {
        (self.env.iter())
            .find(|(k, _)| k.as_bytes() == name.as_bytes())
            .map(|(_, v)| v)
    }

    /// `name` as an absolute path, if set to one.
    fn path_var(&self, name: &str) -> Option<PathBuf> {
        self.var(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    }
}

/// The key of `tool`'s answer to `probe` in `situation` (see the module documentation), or
/// `None` when the tool cannot be keyed safely (unreadable, or a script too long to be a shim):
/// then it is probed.
pub(crate) fn key(tool: &Tool, probe: &str, situation: &Situation) -> Option<String> {
    let real = std::fs::canonicalize(&tool.program).ok()?;
    let meta = std::fs::metadata(&real).ok()?;
    let mut key = Described::default();
    key.field(LAYOUT);
    key.field(probe.as_bytes());
    key.field(tool.program.as_os_str().as_bytes());
    key.field(real.as_os_str().as_bytes());
    for arg in &tool.leading_args {
        key.field(arg.as_bytes());
    }
    key.field(stamp(&meta).as_bytes());
    key.variables(situation, |name| name.starts_with(PYTHON_PREFIX.as_bytes()));
    for dir in [tool.program.parent(), real.parent()].into_iter().flatten() {
        for dir in [Some(dir), dir.parent()].into_iter().flatten() {
            key.file(&dir.join("pyvenv.cfg"));
        }
    }
    let mut magic = [0u8; 4];
    let native = std::fs::File::open(&real)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok()
        && &magic == b"\x7fELF";
    if !native {
        if meta.len() > SCRIPT_LIMIT {
            return None;
        }
        key.field(sha256_hex(&std::fs::read(&real).ok()?).as_bytes());
        shim_inputs(&mut key, tool, &real, situation);
    }
    Some(sha256_hex(&key.0))
}

/// Adds what a version manager's shim reads to choose the version.
fn shim_inputs(key: &mut Described, tool: &Tool, real: &Path, situation: &Situation) {
    key.variables(situation, |name| {
        SHIM_VARIABLES.iter().any(|v| name == v.as_bytes())
            || SHIM_PREFIXES.iter().any(|p| name.starts_with(p.as_bytes()))
    });
    let home = situation.path_var("HOME");
    // pyenv starts from `PYENV_DIR`, else the shell's `$PWD`, which names the folder through
    // any symbolic link the user went through (its parents differ from the real folder's).
    let mut starts = vec![situation.cwd.clone()];
    starts.extend(situation.path_var("PWD"));
    starts.extend(situation.path_var("PYENV_DIR"));
    for start in &starts {
        for dir in start.ancestors() {
            for name in VERSION_FILES {
                key.file(&dir.join(name));
            }
        }
    }
    if let Some(home) = &home {
        key.file(&home.join(".tool-versions"));
    }
    let mut roots: Vec<PathBuf> = Vec::new();
    roots.extend(situation.path_var("PYENV_ROOT"));
    roots.extend(home.as_ref().map(|h| h.join(".pyenv")));
    roots.extend(situation.path_var("ASDF_DATA_DIR"));
    roots.extend(home.as_ref().map(|h| h.join(".asdf")));
    for program in [tool.program.as_path(), real] {
        let dir = program
            .parent()
            .filter(|d| d.file_name() == Some("shims".as_ref()));
        roots.extend(dir.and_then(Path::parent).map(Path::to_path_buf));
    }
    roots.dedup();
    for root in roots {
        key.field(root.as_os_str().as_bytes());
        for name in ["version", "global", "default"] {
            key.file(&root.join(name));
        }
        for installed in [root.join("versions"), root.join("installs").join("python")] {
            key.names_in(&installed);
        }
    }
}

/// Device, inode, size, modification and change time of a file.
fn stamp(meta: &std::fs::Metadata) -> String {
    format!(
        "dev {} ino {} size {} mtime {}.{} ctime {}.{}",
        meta.dev(),
        meta.ino(),
        meta.size(),
        meta.mtime(),
        meta.mtime_nsec(),
        meta.ctime(),
        meta.ctime_nsec()
    )
}

/// A key's text: unambiguous, length-prefixed fields.
#[derive(Default)]
struct Described(Vec<u8>);

impl Described {
    fn field(&mut self, bytes: &[u8]) {
        self.0
            .extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        self.0.extend_from_slice(bytes);
    }

    /// Each variable whose name `wanted` accepts, name and value (the environment is sorted).
    fn variables(&mut self, situation: &Situation, wanted: impl Fn(&[u8]) -> bool) {
        for (name, value) in situation.env.iter().filter(|(k, _)| wanted(k.as_bytes())) {
            self.field(name.as_bytes());
            self.field(value.as_bytes());
        }
    }

    /// A file that exists, by path and content (one absent adds nothing, so its
    /// appearing changes the key). Only a regular file of at most [`SCRIPT_LIMIT`] bytes is
    /// read: these files sit in folders anyone may have written (a downloaded package the user
    /// runs from), and a FIFO or a huge file there must not hang or swamp the key; any other
    /// is keyed by its path and its metadata's size and modification time.
    fn file(&mut self, path: &Path) {
        let Ok(meta) = std::fs::metadata(path) else {
            return;
        };
        self.field(path.as_os_str().as_bytes());
        if meta.is_file() && meta.len() <= SCRIPT_LIMIT {
            if let Ok(bytes) = std::fs::read(path) {
                self.field(&bytes);
                return;
            }
        }
        self.field(format!("{} {:?}", meta.len(), meta.modified().ok()).as_bytes());
    }

    /// The folder's entry names, sorted.
    fn names_in(&mut self, dir: &Path) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut names: Vec<OsString> = entries.filter_map(|e| Some(e.ok()?.file_name())).collect();
        names.sort();
        self.field(dir.as_os_str().as_bytes());
        for name in names {
            self.field(name.as_bytes());
        }
    }
}

/// The remembered answers under a build cache folder.
pub(crate) struct Memo {
    entries: CheckedCache,
}

/// First line of an entry remembering a working interpreter.
const FOUND: &str = "found";
/// First line of an entry remembering that the tool has no such command.
const MISSING: &str = "missing";

impl Memo {
    /// The answers kept in `cache_dir/python`.
    pub fn in_cache(cache_dir: &Path) -> Memo {
        Memo {
            entries: CheckedCache::new(cache_dir.join("python"), "Python interpreter"),
        }
    }

    /// The answer remembered under `key` for `tool`, if there is a sound one whose interpreter
    /// is still the file it was.
    pub fn recall(&self, key: &str, tool: &Tool) -> Option<Result<Interpreter, String>> {
        let entry = String::from_utf8(self.entries.get(key)?).ok()?;
        let mut lines = entry.split('\n');
        match lines.next()? {
            FOUND => {
                let remembered_stamp = lines.next()?;
                let executable = PathBuf::from(lines.next()?);
                let version = lines.next()?.to_string();
                let prefixes = lines.filter(|l| !l.is_empty()).map(PathBuf::from).collect();
                let meta = std::fs::metadata(&executable).ok()?;
                (meta.is_file() && executable_stamp(&meta) == remembered_stamp).then(|| {
                    Ok(Interpreter {
                        executable,
                        leading_args: tool.leading_args.clone(),
                        version,
                        prefixes,
                    })
                })
            }
            MISSING => Some(Err(lines.collect::<Vec<_>>().join("\n"))),
            _ => None,
        }
    }

    /// Remembers a working interpreter under `key` (one whose path or version holds a line
    /// break is not remembered).
    pub fn remember_found(&self, key: &str, interpreter: &Interpreter) {
        let Ok(meta) = std::fs::metadata(&interpreter.executable) else {
            return;
        };
        let mut lines = vec![
            FOUND.to_string(),
            executable_stamp(&meta),
            interpreter.executable.to_string_lossy().into_owned(),
            interpreter.version.clone(),
        ];
        lines.extend((interpreter.prefixes.iter()).map(|p| p.to_string_lossy().into_owned()));
        let exact = interpreter.executable.to_str().is_some()
            && (interpreter.prefixes.iter()).all(|p| p.to_str().is_some());
        if exact && lines.iter().all(|l| !l.contains('\n')) {
            self.entries.put(key, lines.join("\n").as_bytes());
        }
    }

    /// Remembers that the tool has no such command in the version chosen, with its message.
    pub fn remember_missing(&self, key: &str, problem: &str) {
        self.entries
            .put(key, format!("{MISSING}\n{problem}").as_bytes());
    }
}

/// What must still hold of a remembered interpreter's file: its size and modification time.
fn executable_stamp(meta: &std::fs::Metadata) -> String {
    format!("{} {}.{}", meta.size(), meta.mtime(), meta.mtime_nsec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(program: &Path) -> Tool {
        Tool {
            program: program.to_path_buf(),
            leading_args: Vec::new(),
            name: "python3".into(),
        }
    }

    fn situation(cwd: &Path, env: &[(&str, &str)]) -> Situation {
        let mut env: Vec<(OsString, OsString)> =
            env.iter().map(|(k, v)| (k.into(), v.into())).collect();
        env.sort();
        Situation {
            env,
            cwd: cwd.to_path_buf(),
        }
    }

    #[test]
    fn a_shims_key_follows_its_content_version_files_variables_and_installs() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("pyenv");
        std::fs::create_dir_all(root.join("shims")).unwrap();
        std::fs::create_dir_all(root.join("versions/3.11.7")).unwrap();
        let shim = root.join("shims/python3");
        std::fs::write(&shim, "#!/bin/sh\nexec pyenv exec python3 \"$@\"\n").unwrap();
        let work = dir.path().join("home/contest/problem");
        std::fs::create_dir_all(&work).unwrap();
        let home = dir.path().join("home");
        let env = [("HOME", home.to_str().unwrap()), ("PATH", "/usr/bin")];
        let at = situation(&work, &env);
        let base = key(&tool(&shim), "probe", &at).unwrap();
        assert_eq!(
            Some(&base),
            key(&tool(&shim), "probe", &at).as_ref(),
            "stable"
        );

        let mut seen = vec![base.clone()];
        let mut differs = |why: &str, key: Option<String>| {
            let key = key.unwrap();
            assert!(!seen.contains(&key), "{why} must change the key");
            seen.push(key);
        };
        differs("another probe", key(&tool(&shim), "other", &at));
        std::fs::write(home.join(".python-version"), "3.12\n").unwrap();
        differs(
            "a parent's .python-version",
            key(&tool(&shim), "probe", &at),
        );
        std::fs::write(home.join(".python-version"), "3.11\n").unwrap();
        differs("its content", key(&tool(&shim), "probe", &at));
        std::fs::write(work.join(".tool-versions"), "python 3.11.7\n").unwrap();
        differs("asdf's .tool-versions", key(&tool(&shim), "probe", &at));
        std::fs::write(root.join("version"), "3.11.7\n").unwrap();
        differs("the global version file", key(&tool(&shim), "probe", &at));
        std::fs::create_dir(root.join("versions/3.12.1")).unwrap();
        differs("a version installed", key(&tool(&shim), "probe", &at));
        let pinned = [env[0], env[1], ("PYENV_VERSION", "3.12.1")];
        differs(
            "PYENV_VERSION",
            key(&tool(&shim), "probe", &situation(&work, &pinned)),
        );
        let venv = [env[0], env[1], ("VIRTUAL_ENV", "/venv")];
        differs(
            "VIRTUAL_ENV",
            key(&tool(&shim), "probe", &situation(&work, &venv)),
        );
        let path = [env[0], ("PATH", "/opt/bin:/usr/bin")];
        differs("PATH", key(&tool(&shim), "probe", &situation(&work, &path)));
        differs(
            "the working folder",
            key(&tool(&shim), "probe", &situation(&home, &env)),
        );
        let linked = [env[0], env[1], ("PWD", root.to_str().unwrap())];
        std::fs::write(root.join(".python-version"), "3.12.1\n").unwrap();
        let through_link = situation(&work, &linked);
        differs(
            "a version file above $PWD",
            key(&tool(&shim), "probe", &through_link),
        );
        std::fs::write(&shim, "#!/bin/sh\nexec pyenv exec python3.12 \"$@\"\n").unwrap();
        differs("the script's content", key(&tool(&shim), "probe", &at));
        let unrelated = [env[0], env[1], ("EDITOR", "vi")];
        assert_eq!(
            seen.last(),
            key(&tool(&shim), "probe", &situation(&work, &unrelated)).as_ref(),
            "an unrelated variable keeps the key"
        );
    }

    #[test]
    fn a_native_interpreters_key_ignores_the_shims_inputs_but_not_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let binary = dir.path().join("python3");
        std::fs::write(&binary, b"\x7fELF pretend interpreter").unwrap();
        let a = dir.path().join("a");
        std::fs::create_dir(&a).unwrap();
        let at = situation(&a, &[("PATH", "/usr/bin")]);
        let base = key(&tool(&binary), "probe", &at).unwrap();
        std::fs::write(a.join(".python-version"), "3.12\n").unwrap();
        let elsewhere = situation(dir.path(), &[("PATH", "/bin"), ("PYENV_VERSION", "2.7")]);
        assert_eq!(key(&tool(&binary), "probe", &elsewhere), Some(base.clone()));
        let home = situation(&a, &[("PATH", "/usr/bin"), ("PYTHONHOME", "/opt/py")]);
        assert_ne!(
            key(&tool(&binary), "probe", &home),
            Some(base.clone()),
            "PYTHONHOME"
        );
        std::fs::write(dir.path().join("pyvenv.cfg"), "home = /usr/bin\n").unwrap();
        let venv = key(&tool(&binary), "probe", &at);
        assert_ne!(
            venv,
            Some(base.clone()),
            "a virtual environment's pyvenv.cfg"
        );
        std::fs::write(&binary, b"\x7fELF another interpreter").unwrap();
        assert_ne!(key(&tool(&binary), "probe", &at), venv, "the file changed");
        assert_eq!(key(&tool(&dir.path().join("gone")), "probe", &at), None);
    }

    #[test]
    fn a_remembered_interpreter_is_reused_only_while_its_file_is_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let executable = dir.path().join("python3.11");
        std::fs::write(&executable, b"\x7fELF one").unwrap();
        let memo = Memo::in_cache(&dir.path().join("cache"));
        let shim = tool(Path::new("/shims/python3"));
        let found = Interpreter {
            executable: executable.clone(),
            leading_args: Vec::new(),
            version: "3.11.7 (main) [GCC 12.2.0]".into(),
            prefixes: vec![dir.path().to_path_buf()],
        };
        assert!(memo.recall("k1", &shim).is_none());
        memo.remember_found("k1", &found);
        let recalled = memo.recall("k1", &shim).unwrap().unwrap();
        assert_eq!(recalled.executable, executable);
        assert_eq!(recalled.version, found.version);
        assert_eq!(recalled.prefixes, found.prefixes);
        std::fs::write(&executable, b"\x7fELF other version").unwrap();
        assert!(
            memo.recall("k1", &shim).is_none(),
            "the interpreter changed"
        );

        memo.remember_missing("k2", "pyenv: python2: command not found");
        let missing = memo.recall("k2", &shim).unwrap().unwrap_err();
        assert_eq!(missing, "pyenv: python2: command not found");
        let entry = dir.path().join("cache/python/k2");
        std::fs::write(&entry, b"garbage").unwrap();
        assert!(
            memo.recall("k2", &shim).is_none(),
            "a damaged entry is a miss"
        );
        assert!(!entry.exists(), "and removed");
    }
}
