//! The build step: every language builds and runs, builds are cached by content hash, errors
//! are reported as promised, and concurrent builds of one source compile it once.
#![forbid(unsafe_code)]

mod schema_support;

use std::ffi::OsString;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

use stressjudge::build::{build, recognise, BuildError, BuildOptions, Language, Program, Source};
use tempfile::TempDir;

/// Builds read `PATH`, `CC`, `CXX`, ...; tests that change them hold the write side.
static ENVIRONMENT: RwLock<()> = RwLock::new(());

fn shared_env() -> RwLockReadGuard<'static, ()> {
    let guard = ENVIRONMENT.read().unwrap_or_else(|e| e.into_inner());
    contain();
    guard
}

fn exclusive_env() -> RwLockWriteGuard<'static, ()> {
    let guard = ENVIRONMENT.write().unwrap_or_else(|e| e.into_inner());
    contain();
    guard
}

/// Builds run uncontained until dropped (under [`exclusive_env`], so no other test builds
/// meanwhile): for tests whose fake compilers log outside their build folder, which a
/// contained build cannot (tests/it/hostile_packages.rs covers what containment adds).
struct Uncontained;

impl Uncontained {
    fn new(_exclusive: &RwLockWriteGuard<'static, ()>) -> Uncontained {
        stressjudge::build::uncontain_builds();
        Uncontained
    }
}

impl Drop for Uncontained {
    fn drop(&mut self) {
        contain();
    }
}

/// Every build step runs in the sandbox, as the command line runs it (the launcher being the
/// real binary).
fn contain() {
    stressjudge::build::contain_builds(
        PathBuf::from(env!("CARGO_BIN_EXE_stressjudge")),
        Some(stressjudge::build::DEFAULT_BUILD_MEMORY),
        None,
    );
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

/// Options with a private cache; builds are contained unless an [`Uncontained`] lives.
fn options(dir: &TempDir) -> BuildOptions {
    BuildOptions {
        cache_dir: dir.path().join("cache"),
        compile_timeout: Duration::from_secs(60),
        sanitize: false,
    }
}

/// The memory limit tests run programs under (the problems' default).
const MEMORY_LIMIT: u64 = 256 << 20;

/// Runs the program as the runner will: its argv for the memory limit and exactly its
/// environment.
fn run(program: &Program, input: &str) -> String {
    let argv = program.argv_for(MEMORY_LIMIT);
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
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
    // The same binary, not built again (how fast that is is printed above, not asserted: the
    // machine's load would decide it).
    assert_eq!(
        (again.ino(), again.mtime_nsec()),
        (binary.ino(), binary.mtime_nsec())
    );

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
    // A speed, printed and not asserted: the machine's load would decide it.
    eprintln!("Python build, cached: {:?}", start.elapsed());
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

    let broken = dir.path().join("broken-g++");
    write_script(&broken, "#!/bin/sh\necho 'licence expired' >&2\nexit 1\n");
    {
        let _cxx = EnvVar::set("CXX", Some(broken.as_os_str()));
        let message = unavailable_message(build(&Source::File(fixture("sum.cpp")), &options(&dir)));
        assert!(
            message.starts_with("C++ source but the C++ compiler"),
            "{message}"
        );
        assert!(message.contains("does not work"), "{message}");
        assert!(message.contains("licence expired"), "{message}");
    }

    let empty = TempDir::new().unwrap();
    let _cc = EnvVar::set("CC", None);
    let _path = EnvVar::set("PATH", Some(empty.path().as_os_str()));
    let message = unavailable_message(build(&Source::File(fixture("sum.c")), &options(&dir)));
    assert_eq!(message, "C source but no C compiler (gcc) on PATH");
}

#[test]
fn a_compiler_past_the_time_limit_is_killed_with_its_children() {
    let _env = exclusive_env();
    let _uncontained = Uncontained::new(&_env);
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
    let _uncontained = Uncontained::new(&_env);
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

    // A directory is a program folder, even when given as a file; this one holds none.
    let message = usage_message(build(&Source::File(dir.path().to_path_buf()), &options));
    assert!(
        message.contains(&dir.path().display().to_string()),
        "{message}"
    );
    assert!(message.contains("no source file"), "{message}");

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

/// Copies the fixture folder `name` into `dir`, keeping execute bits.
fn copy_fixture_folder(name: &str, dir: &Path) -> PathBuf {
    let to = dir.join(name);
    std::fs::create_dir_all(&to).unwrap();
    for entry in std::fs::read_dir(fixture(name)).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
    to
}

/// A compiler wrapper that logs each compilation (not `--version`) to `log`, then runs `real`.
fn counting_compiler(dir: &Path, real: &str, log: &Path) -> PathBuf {
    let wrapper = dir.join(format!("counting-{real}"));
    write_script(
        &wrapper,
        &format!(
            "#!/bin/sh\n\
             if [ \"$1\" != --version ]; then echo compiled >> '{}'; fi\n\
             exec {real} \"$@\"\n",
            log.display()
        ),
    );
    wrapper
}

fn lines_in(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

#[test]
fn a_cpp_folder_builds_all_its_sources_together_with_its_headers() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let program = build(&Source::Dir(fixture("multi_cpp")), &options(&dir)).unwrap();
    assert_eq!(
        build(&Source::File(fixture("multi_cpp")), &options(&dir)).unwrap(),
        program,
        "a folder given as a file is the same program"
    );
    assert_eq!(program.language, Language::Cpp);
    assert_eq!(program.display_name, "multi_cpp");
    assert_eq!(run(&program, "40 2\n"), "42\n");
    assert_eq!(program.readonly_paths, [PathBuf::from(&program.argv[0])]);
    assert_eq!(
        Source::from_path(fixture("multi_cpp")),
        Source::Dir(fixture("multi_cpp"))
    );
    assert_eq!(
        Source::from_path(fixture("sum.c")),
        Source::File(fixture("sum.c"))
    );
}

#[test]
fn an_unchanged_folder_is_a_cache_hit_and_a_changed_file_rebuilds_it() {
    let _env = exclusive_env();
    let _uncontained = Uncontained::new(&_env);
    let dir = TempDir::new().unwrap();
    let folder = copy_fixture_folder("multi_cpp", dir.path());
    let log = dir.path().join("compilations.log");
    let _cxx = EnvVar::set(
        "CXX",
        Some(counting_compiler(dir.path(), "g++", &log).as_os_str()),
    );
    let options = options(&dir);
    let source = Source::Dir(folder.clone());

    let first = build(&source, &options).unwrap();
    let again = build(&source, &options).unwrap();
    assert_eq!(again, first);
    assert_eq!(lines_in(&log), 1, "the unchanged folder is compiled once");
    std::fs::write(folder.join(".main.cpp.swp"), "editor noise").unwrap();
    assert_eq!(
        build(&source, &options).unwrap(),
        first,
        "dot files are not part of it"
    );
    assert_eq!(lines_in(&log), 1);

    // One file of the folder changes: a new hash, a new build, the new behaviour.
    std::fs::write(
        folder.join("sum.cpp"),
        "#include \"sum.h\"\n\nlong long add(long long a, long long b) { return a * b; }\n",
    )
    .unwrap();
    let changed = build(&source, &options).unwrap();
    assert_ne!(changed.content_hash, first.content_hash);
    assert_eq!(lines_in(&log), 2);
    assert_eq!(run(&changed, "6 7\n"), "42\n");
    assert_eq!(
        run(&first, "40 2\n"),
        "42\n",
        "the old build is still there"
    );

    // Any file counts, even one no compiler reads.
    std::fs::write(folder.join("notes.txt"), "why a * b").unwrap();
    let noted = build(&source, &options).unwrap();
    assert_ne!(noted.content_hash, changed.content_hash);
}

#[test]
fn a_checker_finds_the_testlib_header_next_to_it_and_a_header_change_rebuilds_it() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let checker_dir = dir.path().join("checker");
    std::fs::create_dir(&checker_dir).unwrap();
    // Our own small stand-in for testlib.h, and a binary called `random` that must not shadow
    // the standard <random> header.
    std::fs::write(
        checker_dir.join("testlib.h"),
        "#pragma once\ninline const char *verdict() { return \"ok\"; }\n",
    )
    .unwrap();
    write_script(&checker_dir.join("random"), "#!/bin/sh\nexit 0\n");
    let checker = checker_dir.join("chk.cpp");
    std::fs::write(
        &checker,
        "#include \"testlib.h\"\n#include <random>\n#include <cstdio>\n\
         int main() { std::mt19937 rng(1); (void)rng; std::puts(verdict()); }\n",
    )
    .unwrap();
    let options = options(&dir);
    let first = build(&Source::File(checker.clone()), &options).unwrap();
    assert_eq!(run(&first, ""), "ok\n");

    // The same files elsewhere are the same program.
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    for name in ["chk.cpp", "testlib.h"] {
        std::fs::copy(checker_dir.join(name), elsewhere.join(name)).unwrap();
    }
    let moved = build(&Source::File(elsewhere.join("chk.cpp")), &options).unwrap();
    assert_eq!(moved.content_hash, first.content_hash);

    std::fs::write(
        checker_dir.join("testlib.h"),
        "#pragma once\ninline const char *verdict() { return \"wrong answer\"; }\n",
    )
    .unwrap();
    let rebuilt = build(&Source::File(checker), &options).unwrap();
    assert_ne!(
        rebuilt.content_hash, first.content_hash,
        "the header is part of the hash"
    );
    assert_eq!(run(&rebuilt, ""), "wrong answer\n");
}

#[test]
fn a_python_folder_runs_its_main_file_in_place_so_imports_work() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let folder = dir.path().join("validator");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("util.py"), "def add(a, b):\n    return a + b\n").unwrap();
    std::fs::write(
        folder.join("main.py"),
        "import util\na, b = map(int, input().split())\nprint(util.add(a, b))\n",
    )
    .unwrap();
    let program = build(&Source::Dir(folder.clone()), &options(&dir)).unwrap();
    assert_eq!(program.language, Language::Python);
    assert_eq!(
        Path::new(program.argv.last().unwrap()),
        folder.join("main.py")
    );
    assert!(program.readonly_paths.contains(&folder));
    assert_eq!(run(&program, "20 22\n"), "42\n");

    std::fs::write(folder.join("util.py"), "def add(a, b)\n    return a + b\n").unwrap();
    let message = compile_message(build(&Source::Dir(folder), &options(&dir)));
    assert!(message.contains("util.py"), "{message}");
    assert!(message.contains("SyntaxError"), "{message}");
}

#[test]
fn build_and_run_scripts_follow_the_kattis_convention() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let options = options(&dir);
    // The fixture's build writes its own absolute path into `run`: the copy must stay put.
    let program = build(&Source::Dir(fixture("scripted")), &options).unwrap();
    assert_eq!(program.language, Language::BuildRun);
    assert_eq!(program.display_name, "scripted");
    let run_script = PathBuf::from(&program.argv[0]);
    assert!(
        run_script.starts_with(dir.path().join("cache")),
        "{run_script:?}"
    );
    assert_eq!(program.readonly_paths, [run_script.parent().unwrap()]);
    assert_eq!(run(&program, "19 23\n"), "42\n");
    assert!(!fixture("scripted").join("run").exists(), "built in a copy");

    // The build runs once per content hash (it logs in its own copy, the one place a
    // contained build may write).
    let folder = dir.path().join("counted");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(
        folder.join("build"),
        "echo built >> builds.log\nprintf '#!/bin/sh\\necho 42\\n' > run\n",
    )
    .unwrap();
    let counted = build(&Source::Dir(folder.clone()), &options).unwrap();
    assert_eq!(
        build(&Source::Dir(folder.clone()), &options).unwrap(),
        counted
    );
    let log = counted.readonly_paths[0].join("builds.log");
    assert_eq!(
        lines_in(&log),
        1,
        "a build script without execute bit runs under sh, once"
    );
    assert_eq!(run(&counted, ""), "42\n");

    // A failing build script is a compile error with its output; so is one that leaves no run.
    std::fs::write(folder.join("build"), "echo 'cannot find gmp' >&2\nexit 3\n").unwrap();
    let message = compile_message(build(&Source::Dir(folder.clone()), &options));
    assert!(message.contains("cannot find gmp"), "{message}");
    assert!(message.contains("exit status: 3"), "{message}");
    std::fs::write(folder.join("build"), "true\n").unwrap();
    let message = compile_message(build(&Source::Dir(folder.clone()), &options));
    assert!(message.contains("no `run`"), "{message}");

    // Only `run`: run as it is, in place (a script without execute bit through sh).
    std::fs::remove_file(folder.join("build")).unwrap();
    std::fs::write(folder.join("run"), "read a b\necho $((a - b))\n").unwrap();
    let in_place = build(&Source::Dir(folder.clone()), &options).unwrap();
    assert_eq!(in_place.language, Language::Executable);
    assert_eq!(
        in_place.argv,
        [
            OsString::from("/bin/sh"),
            folder.join("run").into_os_string()
        ]
    );
    assert_eq!(run(&in_place, "50 8\n"), "42\n");
}

/// Prints a line on stderr even when the test harness captures output (it captures only the
/// print macros), so a skipped check is never silent.
fn loudly(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Whether a JDK (`javac`, `java`, `jar`) is on PATH. Without one the Java and Kotlin tests say
/// so loudly and check only that Java is reported unavailable.
fn jdk_here(test: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let missing: Vec<&str> = ["javac", "java", "jar"]
        .into_iter()
        .filter(|tool| !std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
        .collect();
    if missing.is_empty() {
        return true;
    }
    loudly(&format!(
        "SKIPPED {test}: no {} on PATH; checking only that Java is unavailable",
        missing.join(", ")
    ));
    let dir = TempDir::new().unwrap();
    if missing.contains(&"javac") || missing.contains(&"java") {
        let message =
            unavailable_message(build(&Source::File(fixture("Sum.java")), &options(&dir)));
        assert!(message.starts_with("Java source but"), "{message}");
    }
    false
}

#[test]
fn java_is_compiled_once_and_started_from_the_class_with_main() {
    let _env = shared_env();
    if !jdk_here("java_is_compiled_once_and_started_from_the_class_with_main") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let options = options(&dir);
    let program = build(&Source::File(fixture("Sum.java")), &options).unwrap();
    assert_eq!(program.language, Language::Java);
    assert_eq!(program.argv.last().unwrap(), "Sum", "Adder has no main");
    for flag in ["-XX:+UseSerialGC", "-Xss64m", "-Dfile.encoding=UTF-8"] {
        assert!(program.argv.iter().any(|a| a == flag), "{flag}");
    }
    // argv is sized for 256 MiB; argv_for sets the heap for the run's limit.
    assert_eq!(program.argv_for(MEMORY_LIMIT), program.argv);
    assert_eq!(
        program.argv[1..3],
        [OsString::from("-Xms128m"), "-Xmx128m".into()]
    );
    let argv = program.argv_for(1 << 30);
    assert_eq!(argv[1..3], [OsString::from("-Xms896m"), "-Xmx896m".into()]);
    assert_eq!(argv[0], program.argv[0]);
    assert_eq!(argv[3..], program.argv[3..]);
    assert!(program
        .env
        .contains(&("MALLOC_ARENA_MAX".into(), "1".into())));
    let classes = dir.path().join("cache/dir").join(&program.content_hash);
    assert!(program.readonly_paths.contains(&classes));
    assert!(program
        .readonly_paths
        .iter()
        .any(|p| p.join("bin/java").is_file()));
    assert_eq!(run(&program, "40 2\n"), "42\n");
    assert_eq!(
        build(&Source::File(fixture("Sum.java")), &options).unwrap(),
        program
    );

    // The class the problemtools rule names wins when several have main; none is an error.
    let folder = dir.path().join("several");
    std::fs::create_dir(&folder).unwrap();
    let class = |name: &str, prints: &str| {
        format!(
            "public class {name} {{ public static void main(String[] a) {{ \
             System.out.println(\"{prints}\"); }} }}\n"
        )
    };
    std::fs::write(folder.join("Helper.java"), class("Helper", "helper")).unwrap();
    std::fs::write(folder.join("Main.java"), class("Main", "main")).unwrap();
    let several = build(&Source::Dir(folder.clone()), &options).unwrap();
    assert_eq!(run(&several, ""), "main\n");
    // Without Main.java the rule names the first file, Alpha, which has no main.
    std::fs::remove_file(folder.join("Main.java")).unwrap();
    std::fs::write(folder.join("Alpha.java"), "class Alpha {}\n").unwrap();
    std::fs::write(folder.join("Zed.java"), class("Zed", "zed")).unwrap();
    let message = compile_message(build(&Source::Dir(folder.clone()), &options));
    assert!(message.contains("Helper, Zed"), "{message}");
    std::fs::write(folder.join("Helper.java"), "class Helper {}\n").unwrap();
    std::fs::write(folder.join("Zed.java"), "class Zed { void main() {} }\n").unwrap();
    let message = compile_message(build(&Source::Dir(folder.clone()), &options));
    assert!(message.contains("public static void main"), "{message}");
    std::fs::write(folder.join("Zed.java"), "class Zed { oops }\n").unwrap();
    let message = compile_message(build(&Source::Dir(folder), &options));
    assert!(message.contains("Zed.java:1"), "{message}");
}

#[test]
fn java_runs_in_the_sandbox_under_its_address_space_limit() {
    let _env = shared_env();
    if !jdk_here("java_runs_in_the_sandbox_under_its_address_space_limit") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let program = build(&Source::File(fixture("Sum.java")), &options(&dir)).unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, "19 23\n").unwrap();
    let mut sandbox =
        stressjudge::run::Sandbox::start_with(env!("CARGO_BIN_EXE_stressjudge")).unwrap();
    // RLIMIT_AS is max(4 x limit, limit + 1 GiB): tightest around 256 MiB and below.
    for memory_limit in [64 << 20, MEMORY_LIMIT, 1 << 30] {
        let outcome = sandbox
            .run(&stressjudge::run::RunRequest {
                argv: program.argv_for(memory_limit),
                env: program.env.clone(),
                stdin: input.clone(),
                limits: stressjudge::run::RunLimits::from_time_limit(
                    Duration::from_secs(5),
                    memory_limit,
                    1 << 20,
                ),
                files: Vec::new(),
                dirs: Vec::new(),
                collect: Vec::new(),
                readonly: program.readonly_paths.clone(),
                carry: None,
                unlimited_address_space: false,
                address_space: None,
                argv0: None,
                report_fd: false,
            })
            .unwrap();
        let limit = memory_limit >> 20;
        assert_eq!(
            outcome.exit,
            stressjudge::run::Exit::Code(0),
            "{limit} MiB: {}",
            outcome.stderr_head
        );
        assert_eq!(outcome.stdout, b"42\n", "{limit} MiB");
        assert_eq!(outcome.limit_hit, None, "{limit} MiB");
        assert!(outcome.peak_memory_kib < memory_limit / 1024, "{limit} MiB");
    }
}

#[test]
fn a_java_solution_is_judged_accepted_through_the_binary() {
    let _env = shared_env();
    if !jdk_here("a_java_solution_is_judged_accepted_through_the_binary") {
        return;
    }
    let cache = TempDir::new().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .args(["judge", "david-vs-david"])
        .arg(fixture("david_vs_david.java"))
        .args(["--memory-limit", "256MiB", "--json"])
        .env("XDG_CACHE_HOME", cache.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = schema_support::parse("judge", &stdout);
    assert_eq!(report["verdict"], "AC", "{stdout}");
    let tests = report["tests"].as_array().unwrap();
    assert!(tests.len() >= 11, "{stdout}");
    assert!(tests.iter().all(|t| t["verdict"] == "AC"), "{stdout}");
}

/// A `kotlinc` stand-in for machines without Kotlin: compiles each `NAME.kt` (Java text in these
/// tests) with javac, as the real one compiles Kotlin, and has a `lib/kotlin-stdlib.jar` beside
/// its `bin/`. Returns the path to give as `$KOTLINC` (a symbolic link, as Debian installs it).
fn fake_kotlinc(dir: &Path) -> PathBuf {
    let home = dir.join("kotlinc-home");
    std::fs::create_dir_all(home.join("bin")).unwrap();
    std::fs::create_dir_all(home.join("lib")).unwrap();
    let empty = dir.join("empty-jar-contents");
    std::fs::create_dir_all(&empty).unwrap();
    let jar = Command::new("jar")
        .arg("--create")
        .arg("--file")
        .arg(home.join("lib/kotlin-stdlib.jar"))
        .arg("-C")
        .arg(&empty)
        .arg(".")
        .status()
        .unwrap();
    assert!(jar.success());
    write_script(
        &home.join("bin/kotlinc"),
        "#!/bin/sh\n\
         if [ \"$1\" = -version ]; then echo 'info: kotlinc-jvm 0.0 (stand-in)' >&2; exit 0; fi\n\
         [ \"$1\" = -d ] || { echo \"unexpected $1\" >&2; exit 2; }\n\
         out=$2; shift 2\n\
         tmp=$(mktemp -d)\n\
         for f in \"$@\"; do cp \"$f\" \"$tmp/$(basename \"$f\" .kt).java\"; done\n\
         javac -d \"$out\" \"$tmp\"/*.java; status=$?\n\
         rm -rf \"$tmp\"; exit $status\n",
    );
    let link = dir.join("kotlinc");
    std::os::unix::fs::symlink(home.join("bin/kotlinc"), &link).unwrap();
    link
}

#[test]
fn kotlin_is_compiled_by_kotlinc_and_run_by_java_with_its_standard_library() {
    let _env = exclusive_env();
    if !jdk_here("kotlin_is_compiled_by_kotlinc_and_run_by_java_with_its_standard_library") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let _kotlinc = EnvVar::set("KOTLINC", Some(fake_kotlinc(dir.path()).as_os_str()));
    let folder = dir.path().join("solution");
    std::fs::create_dir(&folder).unwrap();
    // What kotlinc makes of `fun main()` in main.kt: a class MainKt with a static main.
    std::fs::write(
        folder.join("main.kt"),
        "class MainKt { public static void main(String[] a) { \
         java.util.Scanner in = new java.util.Scanner(System.in); \
         System.out.println(Other.twice(in.nextLong())); } }\n",
    )
    .unwrap();
    std::fs::write(
        folder.join("other.kt"),
        "class Other { static long twice(long x) { return 2 * x; } \
         public static void main(String[] a) {} }\n",
    )
    .unwrap();
    assert_eq!(recognise(&folder).unwrap().language, Language::Kotlin);
    let program = build(&Source::Dir(folder), &options(&dir)).unwrap();
    assert_eq!(program.language, Language::Kotlin);
    assert_eq!(program.argv.last().unwrap(), "MainKt");
    let stdlib =
        std::fs::canonicalize(dir.path().join("kotlinc-home/lib/kotlin-stdlib.jar")).unwrap();
    let class_path = &program.argv[program.argv.len() - 2];
    assert!(
        class_path
            .to_string_lossy()
            .ends_with(&format!(":{}", stdlib.display())),
        "{class_path:?}"
    );
    assert!(program.readonly_paths.contains(&stdlib));
    assert_eq!(program.argv_for(512 << 20)[2], "-Xmx384m");
    assert_eq!(run(&program, "21\n"), "42\n");
}

#[test]
fn kotlin_without_a_compiler_is_unavailable() {
    let _env = exclusive_env();
    let dir = TempDir::new().unwrap();
    let source = dir.path().join("main.kt");
    std::fs::write(&source, "fun main() = println(42)\n").unwrap();
    let empty = TempDir::new().unwrap();
    let _kotlinc = EnvVar::set("KOTLINC", None);
    let _path = EnvVar::set("PATH", Some(empty.path().as_os_str()));
    assert_eq!(recognise(&source).unwrap().language, Language::Kotlin);
    let message = unavailable_message(build(&Source::File(source), &options(&dir)));
    assert_eq!(
        message,
        "Kotlin source but no Kotlin compiler (kotlinc) on PATH"
    );
}

/// A working Python 2 interpreter on this machine: `$PYTHON2`, `python2` on PATH (not a pyenv
/// shim without a 2.x version selected), or pyenv's 2.7.18.
fn python2_here() -> Option<OsString> {
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join("python2"))
            .find(|p| p.is_file())
    });
    let candidates = [
        std::env::var_os("PYTHON2").filter(|v| !v.is_empty()),
        on_path.map(PathBuf::into_os_string),
        Some("/root/.pyenv/versions/2.7.18/bin/python2.7".into()),
    ];
    candidates.into_iter().flatten().find(|candidate| {
        Command::new(candidate)
            .args(["-c", "import sys; assert sys.version_info[0] == 2"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    })
}

#[test]
fn python2_runs_on_python2_or_is_unavailable() {
    let _env = exclusive_env();
    let dir = TempDir::new().unwrap();
    assert_eq!(
        recognise(&fixture("sum2.py")).unwrap().language,
        Language::Python2
    );
    match python2_here() {
        Some(python2) => {
            let _python2 = EnvVar::set("PYTHON2", Some(&python2));
            let program = build(&Source::File(fixture("sum2.py")), &options(&dir)).unwrap();
            assert_eq!(program.language, Language::Python2);
            let interpreter = Path::new(&program.argv[0]);
            assert!(interpreter.is_absolute());
            assert!(
                program
                    .readonly_paths
                    .iter()
                    .any(|p| interpreter.starts_with(p)),
                "{:?}",
                program.readonly_paths
            );
            assert!(program.readonly_paths.contains(&fixture("sum2.py")));
            assert_eq!(run(&program, "40 2\n"), "42\n");
        }
        None => loudly(
            "SKIPPED: no Python 2 on this machine ($PYTHON2, python2 on PATH, pyenv 2.7.18), \
             so the Python 2 run is not tested; only its unavailable path is",
        ),
    }
    let broken = dir.path().join("python2");
    write_script(
        &broken,
        "#!/bin/sh\necho 'pyenv: python2: command not found' >&2\nexit 127\n",
    );
    {
        let _python2 = EnvVar::set("PYTHON2", Some(broken.as_os_str()));
        let message = unavailable_message(build(&Source::File(fixture("sum2.py")), &options(&dir)));
        assert!(
            message.starts_with("Python 2 source but the Python 2 interpreter"),
            "{message}"
        );
        assert!(message.contains("does not work"), "{message}");
        assert!(message.contains("command not found"), "{message}");
    }
    let empty = TempDir::new().unwrap();
    let _python2 = EnvVar::set("PYTHON2", None);
    let _path = EnvVar::set("PATH", Some(empty.path().as_os_str()));
    // pyenv's versions/2.* are looked in too: an empty pyenv root holds none.
    let _pyenv = EnvVar::set("PYENV_ROOT", Some(empty.path().as_os_str()));
    let message = unavailable_message(build(&Source::File(fixture("sum2.py")), &options(&dir)));
    assert_eq!(
        message,
        "Python 2 source but no Python 2 interpreter (python2, python2.7 on PATH, $PYTHON2, \
         pyenv's versions/2.*)"
    );
}

#[test]
fn readonly_paths_name_what_each_program_reads() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let options = options(&dir);
    let c = build(&Source::File(fixture("sum.c")), &options).unwrap();
    assert_eq!(c.readonly_paths, [PathBuf::from(&c.argv[0])]);
    let python = build(&Source::File(fixture("sum.py")), &options).unwrap();
    assert!(python.readonly_paths.contains(&fixture("sum.py")));
    let interpreter = Path::new(&python.argv[0]);
    assert!(python
        .readonly_paths
        .iter()
        .any(|p| p != &fixture("sum.py") && interpreter.starts_with(p)));
    let script = build(&Source::File(fixture("sum.sh")), &options).unwrap();
    assert_eq!(
        script.readonly_paths,
        [fixture("sum.sh"), PathBuf::from("/bin/sh")],
        "a script and the interpreter its #! line names"
    );
    let command = build(&Source::Command("true".into()), &options).unwrap();
    assert_eq!(command.readonly_paths, [std::env::current_dir().unwrap()]);
}

#[test]
fn unusable_folders_are_usage_errors_naming_the_path() {
    let _env = shared_env();
    let dir = TempDir::new().unwrap();
    let options = options(&dir);
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    std::fs::write(empty.join("README.md"), "notes").unwrap();
    let message = usage_message(build(&Source::Dir(empty.clone()), &options));
    assert!(message.contains(&empty.display().to_string()), "{message}");
    assert!(message.contains("no source file"), "{message}");
    let message = usage_message(build(&Source::Dir(fixture("sum.c")), &options));
    assert!(message.contains("not a directory"), "{message}");
    let message = usage_message(build(&Source::Dir(dir.path().join("gone")), &options));
    assert!(message.contains("not found"), "{message}");
}
