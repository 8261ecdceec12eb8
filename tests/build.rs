//! The build step: every language builds and runs, builds are cached by content hash, errors
//! are reported as promised, and concurrent builds of one source compile it once.

use std::ffi::OsString;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

use stressjudge::build::{build, BuildError, BuildOptions, Language, Program, Source};
use tempfile::TempDir;

/// Builds read `PATH`, `CC`, `CXX`, ...; tests that change them hold the write side.
static ENVIRONMENT: RwLock<()> = RwLock::new(());

fn shared_env() -> RwLockReadGuard<'static, ()> {
    ENVIRONMENT.read().unwrap_or_else(|e| e.into_inner())
}

fn exclusive_env() -> RwLockWriteGuard<'static, ()> {
    ENVIRONMENT.write().unwrap_or_else(|e| e.into_inner())
}

/// Sets (or removes) an environment variable until dropped, then restores it.
struct EnvVar {
    name: &'static str,
    old: Option<OsString>,
}

impl EnvVar {
    fn set(name: &'static str, value: Option<&std::ffi::OsStr>) -> EnvVar {
        let old = std::env::var_os(name);
        match value {
            Some(value) => std::env::set_var(name, value),
            None => std::env::remove_var(name),
        }
        EnvVar { name, old }
    }
}

impl Drop for EnvVar {
    fn drop(&mut self) {
        match &self.old {
            Some(old) => std::env::set_var(self.name, old),
            None => std::env::remove_var(self.name),
        }
    }
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("build")
        .join(name)
}

fn options(dir: &TempDir) -> BuildOptions {
    BuildOptions {
        cache_dir: dir.path().join("cache"),
        compile_timeout: Duration::from_secs(60),
    }
}

/// Runs the program as the runner will: its argv and exactly its environment.
fn run(program: &Program, input: &str) -> String {
    let mut child = Command::new(&program.argv[0])
        .args(&program.argv[1..])
        .env_clear()
        .envs(program.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("candidate starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{} failed: {}",
        program.display_name,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn compile_message(result: Result<Program, BuildError>) -> String {
    match result {
        Err(BuildError::Compile(message)) => message,
        other => panic!("expected a compile error, got {other:?}"),
    }
}

fn unavailable_message(result: Result<Program, BuildError>) -> String {
    match result {
        Err(BuildError::Unavailable(message)) => {
            assert!(!message.contains('\n'), "{message}");
            message
        }
        other => panic!("expected an unavailable toolchain, got {other:?}"),
    }
}

fn usage_message(result: Result<Program, BuildError>) -> String {
    match result {
        Err(BuildError::Usage(e)) => {
            let message = e.to_string();
            assert!(!message.contains('\n'));
            message
        }
        other => panic!("expected a usage error, got {other:?}"),
    }
}

fn write_script(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn c_builds_links_libm_and_runs() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let program = build(&Source::File(fixture("sum.c")), &options(&dir)).unwrap();
    assert_eq!(program.language, Language::C);
    assert_eq!(program.display_name, "sum.c");
    assert!(Path::new(&program.argv[0]).is_absolute());
    assert!(Path::new(&program.argv[0]).starts_with(dir.path()));
    assert_eq!(run(&program, "2 3\n"), "5\n");
    assert_eq!(run(&program, "-7 100000000000\n"), "99999999993\n");
}

#[test]
fn cpp_is_compiled_once_and_rebuilt_when_a_byte_changes() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let options = options(&dir);
    let source = dir.path().join("solution.cpp");
    std::fs::copy(fixture("sum.cpp"), &source).unwrap();

    let start = Instant::now();
    let first = build(&Source::File(source.clone()), &options).unwrap();
    let cold = start.elapsed();
    assert_eq!(first.language, Language::Cpp);
    assert_eq!(run(&first, "40 2\n"), "42\n");
    let binary = std::fs::metadata(&first.argv[0]).unwrap();

    let start = Instant::now();
    let second = build(&Source::File(source.clone()), &options).unwrap();
    let warm = start.elapsed();
    eprintln!("C++ build: cold {cold:?}, cached {warm:?}");
    assert_eq!(second, first);
    let again = std::fs::metadata(&second.argv[0]).unwrap();
    assert_eq!(
        (again.ino(), again.mtime_nsec()),
        (binary.ino(), binary.mtime_nsec())
    );
    assert!(
        warm < Duration::from_millis(500),
        "cached build took {warm:?}"
    );
    assert!(warm * 4 < cold, "cached {warm:?} vs cold {cold:?}");

    let mut bytes = std::fs::read(&source).unwrap();
    bytes.push(b'\n');
    std::fs::write(&source, bytes).unwrap();
    let changed = build(&Source::File(source), &options).unwrap();
    assert_ne!(changed.content_hash, first.content_hash);
    assert_ne!(changed.argv, first.argv);
    assert_eq!(run(&changed, "1 1\n"), "2\n");
    let leftovers = std::fs::read_dir(options.cache_dir.join("tmp"))
        .unwrap()
        .count();
    assert_eq!(leftovers, 0, "temporary build directories are removed");
}

#[test]
fn rust_builds_and_is_cached() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let start = Instant::now();
    let program = build(&Source::File(fixture("sum.rs")), &options(&dir)).unwrap();
    let cold = start.elapsed();
    let start = Instant::now();
    let cached = build(&Source::File(fixture("sum.rs")), &options(&dir)).unwrap();
    eprintln!("Rust build: cold {cold:?}, cached {:?}", start.elapsed());
    assert_eq!(cached, program);
    assert_eq!(program.language, Language::Rust);
    assert_eq!(run(&program, "19 23\n"), "42\n");
}

#[test]
fn python_runs_on_the_real_interpreter_and_syntax_errors_are_compile_errors() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let start = Instant::now();
    let program = build(&Source::File(fixture("sum.py")), &options(&dir)).unwrap();
    eprintln!(
        "Python build incl. interpreter resolution: {:?}",
        start.elapsed()
    );
    assert_eq!(program.language, Language::Python);
    let interpreter = Path::new(&program.argv[0]);
    assert!(interpreter.is_absolute());
    assert!(!interpreter.to_string_lossy().contains("shims"));
    let head = std::fs::read(interpreter).unwrap();
    assert_eq!(
        &head[..4],
        b"\x7fELF",
        "{} is not a binary",
        interpreter.display()
    );
    assert_eq!(program.argv[1], "-B");
    assert_eq!(Path::new(&program.argv[2]), fixture("sum.py"));
    assert_eq!(run(&program, "2 3\n"), "5\n");

    let start = Instant::now();
    let again = build(&Source::File(fixture("sum.py")), &options(&dir)).unwrap();
    assert!(start.elapsed() < Duration::from_millis(100));
    assert_eq!(again, program);

    let message = compile_message(build(
        &Source::File(fixture("syntax_error.py")),
        &options(&dir),
    ));
    assert!(message.contains("SyntaxError"), "{message}");
    assert!(message.contains("syntax_error.py"), "{message}");
    assert!(!message.contains("Traceback"), "{message}");
}

#[test]
fn executables_and_commands_run_as_they_are() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let script = dir.path().join("sum-script");
    std::fs::copy(fixture("sum.sh"), &script).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let program = build(&Source::File(script.clone()), &options(&dir)).unwrap();
    assert_eq!(program.language, Language::Executable);
    assert_eq!(program.argv, vec![script.into_os_string()]);
    assert_eq!(run(&program, "20 22\n"), "42\n");

    let command = Source::Command("read a b; echo $((a * b))".into());
    let program = build(&command, &options(&dir)).unwrap();
    assert_eq!(program.language, Language::Command);
    assert_eq!(program.display_name, "cmd: read a b; echo $((a * b))");
    assert_eq!(program.argv[..2], [OsString::from("/bin/sh"), "-c".into()]);
    assert_eq!(run(&program, "6 7\n"), "42\n");
    let other = build(&Source::Command("echo 1".into()), &options(&dir)).unwrap();
    assert_ne!(other.content_hash, program.content_hash);
    assert!(build(&Source::Command("  ".into()), &options(&dir)).is_err());
}

#[test]
fn the_candidate_environment_is_minimal_and_explicit() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let keys = |program: &Program| {
        program
            .env
            .iter()
            .map(|(k, _)| k.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
    };
    let command = build(&Source::Command("env".into()), &options(&dir)).unwrap();
    assert_eq!(keys(&command), ["PATH", "LANG", "HOME"]);
    let printed = run(&command, "");
    assert!(
        printed.contains("PATH=/usr/local/bin:/usr/bin:/bin\n"),
        "{printed}"
    );
    assert!(!printed.contains("CARGO"), "{printed}");
    let python = build(&Source::File(fixture("sum.py")), &options(&dir)).unwrap();
    assert_eq!(
        keys(&python),
        [
            "PATH",
            "LANG",
            "HOME",
            "PYTHONHASHSEED",
            "PYTHONDONTWRITEBYTECODE",
            "PYTHONNOUSERSITE"
        ]
    );
}

#[test]
fn compile_errors_show_the_compilers_message() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let message = compile_message(build(
        &Source::File(fixture("compile_error.cpp")),
        &options(&dir),
    ));
    assert!(message.contains("undeclared_variable_42"), "{message}");
    assert!(message.contains("compile_error.cpp:2"), "{message}");
    assert!(message.lines().count() <= 21, "{message}");
    assert_eq!(
        std::fs::read_dir(dir.path().join("cache/bin"))
            .unwrap()
            .count(),
        0
    );
}

#[test]
fn a_missing_compiler_is_unavailable_not_a_compile_error() {
    let _env = exclusive_env();
    let dir = TempDir::new().unwrap();
    let _cxx = EnvVar::set("CXX", Some("/nonexistent/g++".as_ref()));
    let message = unavailable_message(build(&Source::File(fixture("sum.cpp")), &options(&dir)));
    assert_eq!(
        message,
        "C++ source but the C++ compiler `/nonexistent/g++` named by $CXX is not found"
    );

    let empty = TempDir::new().unwrap();
    let _cc = EnvVar::set("CC", None);
    let _path = EnvVar::set("PATH", Some(empty.path().as_os_str()));
    let message = unavailable_message(build(&Source::File(fixture("sum.c")), &options(&dir)));
    assert_eq!(message, "C source but no C compiler (gcc) on PATH");
}

#[test]
fn a_compiler_past_the_time_limit_is_killed_with_its_children() {
    let _env = exclusive_env();
    let dir = TempDir::new().unwrap();
    let pid_file = dir.path().join("sleeper.pid");
    let fake = dir.path().join("slow-cc");
    write_script(
        &fake,
        &format!(
            "#!/bin/sh\n\
             if [ \"$1\" = --version ]; then echo 'slow-cc 1.0'; exit 0; fi\n\
             sleep 30 &\n\
             echo $! > '{}'\n\
             wait\n",
            pid_file.display()
        ),
    );
    let _cc = EnvVar::set("CC", Some(fake.as_os_str()));
    let options = BuildOptions {
        compile_timeout: Duration::from_secs(1),
        ..options(&dir)
    };
    let start = Instant::now();
    let message = compile_message(build(&Source::File(fixture("sum.c")), &options));
    assert_eq!(message, "compilation exceeded 1 s");
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let state = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()))
            .map(|stat| stat.rsplit(')').next().unwrap_or("").trim().chars().next());
        match state {
            Err(_) | Ok(Some('Z')) => break,
            Ok(_) if Instant::now() > deadline => panic!("the compiler's child {pid} lives on"),
            Ok(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

#[test]
fn concurrent_builds_of_one_source_compile_it_once() {
    let _env = exclusive_env();
    let dir = TempDir::new().unwrap();
    let log = dir.path().join("compilations.log");
    let counting = dir.path().join("counting-cc");
    write_script(
        &counting,
        &format!(
            "#!/bin/sh\n\
             if [ \"$1\" != --version ]; then echo compiled >> '{}'; fi\n\
             exec gcc \"$@\"\n",
            log.display()
        ),
    );
    let _cc = EnvVar::set("CC", Some(counting.as_os_str()));
    let options = options(&dir);
    let programs: Vec<Program> = std::thread::scope(|scope| {
        let builders: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| build(&Source::File(fixture("sum.c")), &options).unwrap()))
            .collect();
        builders.into_iter().map(|b| b.join().unwrap()).collect()
    });
    for program in &programs {
        assert_eq!(program, &programs[0]);
        assert_eq!(run(program, "1 2\n"), "3\n");
    }
    let compilations = std::fs::read_to_string(&log).unwrap();
    assert_eq!(compilations.lines().count(), 1, "{compilations}");

    drop(_cc);
    let _cc = EnvVar::set("CC", None);
    let plain = build(&Source::File(fixture("sum.c")), &options).unwrap();
    assert_ne!(
        plain.content_hash, programs[0].content_hash,
        "the compiler is part of the hash"
    );
}

#[test]
fn unusable_files_are_usage_errors_naming_the_path() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let options = options(&dir);
    let missing = dir.path().join("missing.cpp");
    let message = usage_message(build(&Source::File(missing.clone()), &options));
    assert!(
        message.contains(&missing.display().to_string()),
        "{message}"
    );
    assert!(message.contains("not found"), "{message}");

    let message = usage_message(build(&Source::File(dir.path().to_path_buf()), &options));
    assert!(
        message.contains(&dir.path().display().to_string()),
        "{message}"
    );
    assert!(message.contains("directory"), "{message}");

    let notes = fixture("notes.txt");
    let message = usage_message(build(&Source::File(notes.clone()), &options));
    assert!(message.contains(&notes.display().to_string()), "{message}");
    assert!(message.contains("unknown extension"), "{message}");

    let text = dir.path().join("plain-text");
    write_script(&text, "just words\n");
    let message = usage_message(build(&Source::File(text.clone()), &options));
    assert!(message.contains(&text.display().to_string()), "{message}");
    assert!(message.contains("#!"), "{message}");
}

#[test]
fn default_options_follow_the_xdg_cache_convention() {
    let _env = exclusive_env();
    {
        let _xdg = EnvVar::set("XDG_CACHE_HOME", Some("/some/cache".as_ref()));
        let options = BuildOptions::default_for_user();
        assert_eq!(options.cache_dir, Path::new("/some/cache/stressjudge"));
        assert_eq!(options.compile_timeout, Duration::from_secs(60));
    }
    {
        let _xdg = EnvVar::set("XDG_CACHE_HOME", None);
        let _home = EnvVar::set("HOME", Some("/home/judge".as_ref()));
        let options = BuildOptions::default_for_user();
        assert_eq!(
            options.cache_dir,
            Path::new("/home/judge/.cache/stressjudge")
        );
    }
    {
        let _xdg = EnvVar::set("XDG_CACHE_HOME", None);
        let _home = EnvVar::set("HOME", None);
        let options = BuildOptions::default_for_user();
        assert!(options.cache_dir.is_absolute());
        assert!(options.cache_dir.ends_with("target/stressjudge-cache"));
    }
}
