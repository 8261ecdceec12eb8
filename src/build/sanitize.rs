//! `--sanitize`: C and C++ built with AddressSanitizer and UndefinedBehaviorSanitizer (C++ also
//! with libstdc++'s assertions), and run so that the first finding ends the run with its report
//! on stderr (see `crate::compare::sanitizer` for how the report is read).
//!
//! The flags are part of the build's content hash, so a sanitized build never replaces the
//! plain one in the cache. Choices, each from the tools' documentation
//! (<https://github.com/google/sanitizers/wiki/AddressSanitizerFlags>,
//! <https://gcc.gnu.org/onlinedocs/gcc/Instrumentation-Options.html>):
//! - `-fno-sanitize-recover=all`: every UBSan check ends the run (GCC's default recovers and
//!   goes on);
//! - `-fno-sanitize=object-size`: GCC's object-size check reports a heap overrun as "load of
//!   address ... with insufficient space" before ASan can name it (`heap-buffer-overflow`);
//! - `-g -fno-omit-frame-pointer`: file and line in every stack frame without a symbolizer
//!   process (GCC's runtime reads the debug information itself; `llvm-symbolizer` is used when
//!   present);
//! - `-fdebug-prefix-map=WORK=/.stressjudge-source`: frames in the program's own files are told
//!   from library frames by this prefix, which the report then drops;
//! - `-ftrivial-auto-var-init=pattern` (GCC 12, Clang 8): no sanitizer of GCC sees an
//!   uninitialised read (Clang's MemorySanitizer needs an instrumented standard library), so
//!   uninitialised locals are filled with `0xFE` bytes instead of whatever the stack held: an
//!   uninitialised index or size is then far out of range and caught where it is used, an
//!   uninitialised value at least gives the same wrong answer every run;
//! - `-fno-crossjumping -fno-tree-tail-merge`: at `-O2` GCC merges identical calls that never
//!   return, so two `vector` indexings' failed assertions share one call, and the stack trace
//!   named the first one's line (the other's was the bug);
//! - `-D_GLIBCXX_ASSERTIONS` for C++: checked `vector`/`string`/`array` indexing, `front()`,
//!   `back()`, `pop_back()` on an empty container (UBSan and ASan miss an index past `size()`
//!   but inside `capacity()`). Not the full debug mode (`-D_GLIBCXX_DEBUG`: iterators,
//!   comparators, sorted ranges too): measured by `cargo bench --bench sanitize`, it made
//!   `std::sort` of 2^20 numbers 18x slower alone, 27x with the sanitizers, against 0.8x and
//!   1.5x for the assertions, and a Dijkstra over a `priority_queue` take minutes (its heap
//!   checks are linear; docs/benchmarks.md), and a heavy template build 20x slower.
//!
//! Every sanitized build also links `own_memory.c` (in this folder), which measures the
//! program's own memory for the memory limit (see `crate::testset::own_memory`).
//!
//! At run time `detect_leaks=0` (a leak is not a bug in a contest program), `halt_on_error=1`
//! with `abort_on_error=0` (a finding exits with code 1 after its report), `handle_abort=1` (an
//! `abort()`, as libstdc++'s debug mode and `assert` call, prints a stack trace, so its line is
//! known), and no colours.

use std::ffi::OsString;
use std::path::Path;
use std::sync::OnceLock;

use super::table::Builder;
use super::{toolchain, BuildError, BuildOptions, Language, Source};

/// The source linked into every sanitized build: the program's own memory, measured through
/// AddressSanitizer's allocator hooks (read by `crate::testset::own_memory`).
pub const OWN_MEMORY_SOURCE: &str = include_str!("own_memory.c");

/// Its file name in the build's folder (a dot file: never one of the program's own).
const OWN_MEMORY_FILE: &str = ".stressjudge-own-memory.c";

/// The environment variable naming the descriptor `own_memory.c` writes its figures to.
pub const OWN_MEMORY_FD_ENV: &str = "STRESSJUDGE_MEMORY_FD";

/// The environment variable holding the memory limit in bytes, past which `own_memory.c`
/// ends the program.
pub const OWN_MEMORY_LIMIT_ENV: &str = "STRESSJUDGE_MEMORY_LIMIT";

/// The prefix that marks the program's own files in a sanitizer's stack frames.
pub const SOURCE_PREFIX: &str = "/.stressjudge-source";

/// Compile flags added for every sanitized C or C++ build (before the ones that depend on the
/// working folder).
pub const FLAGS: [&str; 8] = [
    "-fsanitize=address,undefined",
    "-fno-sanitize=object-size",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-g",
    "-ftrivial-auto-var-init=pattern",
    "-fno-crossjumping",
    "-fno-tree-tail-merge",
];

/// libstdc++'s assertions, for C++ only.
const CXX_FLAGS: [&str; 1] = ["-D_GLIBCXX_ASSERTIONS"];

/// `ASAN_OPTIONS` of a sanitized run.
const ASAN_OPTIONS: &str = "detect_leaks=0:halt_on_error=1:abort_on_error=0:handle_abort=1:\
                            symbolize=1:color=never:print_summary=1";

/// `UBSAN_OPTIONS` of a sanitized run.
const UBSAN_OPTIONS: &str = "halt_on_error=1:abort_on_error=0:print_stacktrace=1:color=never";

/// How much longer a sanitized run may take than the time limit: ASan alone is about 2x
/// (its documentation's "typical slowdown"), but with UBSan and libstdc++'s assertions an
/// indexing-heavy program (a DP over a `vector<vector<int>>`) measured 7.7x slower
/// (`cargo bench --bench sanitize`, docs/benchmarks.md): the time limit of a sanitized run
/// only stops a runaway, and time is judged without `--sanitize`.
pub const TIME_FACTOR: u32 = 10;

/// The resident-memory backstop of a sanitized run, in memory limits: the limit applies to
/// the program's own memory (see `crate::testset::own_memory`), and the resident size,
/// which also holds ASan's shadow (an eighth of the memory in use), redzones (16 bytes or
/// more per block: small blocks double) and quarantine, is only bounded against a runaway.
pub const MEMORY_FACTOR: u64 = 4;

/// Memory the backstop allows beyond [`MEMORY_FACTOR`] times the limit: ASan's 256 MiB
/// quarantine of freed blocks and its own tables.
pub const MEMORY_SLACK_BYTES: u64 = 512 << 20;

/// Whether a build of `language` under `options` is sanitized: `--sanitize` was asked for and
/// the language is C or C++ compiled by stressjudge's own native builder.
pub(crate) fn applies(options: &BuildOptions, language: Language) -> bool {
    options.sanitize && can_sanitize(language)
}

/// Whether `language` can be built with the sanitizers: C or C++ compiled by the native
/// builder (a user's table may build them otherwise).
pub fn can_sanitize(language: Language) -> bool {
    matches!(language, Language::C | Language::Cpp)
        && language
            .spec()
            .is_some_and(|spec| spec.builder == Builder::Native)
}

/// What goes into the content hash of a sanitized build.
pub(crate) fn hash_fields(language: Language) -> Vec<&'static str> {
    let mut fields = vec!["--sanitize"];
    fields.extend(FLAGS);
    if language == Language::Cpp {
        fields.extend(CXX_FLAGS);
    }
    fields.push(SOURCE_PREFIX);
    fields.push(OWN_MEMORY_SOURCE);
    fields
}

/// The flags appended to the compile command of a sanitized build in the folder `work`, the
/// own-memory source among them (written there).
pub(crate) fn compile_flags(language: Language, work: &Path) -> std::io::Result<Vec<OsString>> {
    std::fs::write(work.join(OWN_MEMORY_FILE), OWN_MEMORY_SOURCE)?;
    let mut flags: Vec<OsString> = FLAGS.iter().map(OsString::from).collect();
    if language == Language::Cpp {
        flags.extend(CXX_FLAGS.iter().map(OsString::from));
    }
    let mut map = OsString::from("-fdebug-prefix-map=");
    map.push(work.as_os_str());
    map.push("=");
    map.push(SOURCE_PREFIX);
    flags.push(map);
    flags.push(OWN_MEMORY_FILE.into());
    Ok(flags)
}

/// The environment a sanitized program runs with besides the usual one (each run adds its
/// memory limit: see `crate::testset::own_memory`).
pub fn run_env() -> Vec<(OsString, OsString)> {
    vec![
        ("ASAN_OPTIONS".into(), ASAN_OPTIONS.into()),
        ("UBSAN_OPTIONS".into(), UBSAN_OPTIONS.into()),
        (OWN_MEMORY_FD_ENV.into(), "3".into()),
    ]
}

/// Whether this machine's C++ compiler builds with the sanitizers (the `.cpp` probe is
/// compiled once per process, and kept in the build cache when it works): `Err` holds the
/// one line saying why not (no `libasan`, an old compiler).
pub fn sanitizers_available() -> Result<(), String> {
    static ANSWER: OnceLock<Result<(), String>> = OnceLock::new();
    ANSWER.get_or_init(probe).clone()
}

/// Builds a tiny C++ program with the sanitizers.
fn probe() -> Result<(), String> {
    toolchain::spec_of(Language::Cpp).map_err(|e| e.to_string())?;
    let dir =
        tempfile::tempdir().map_err(|e| format!("cannot make a folder for the probe: {e}"))?;
    let source = dir.path().join("sanitizer-probe.cpp");
    std::fs::write(&source, "#include <vector>\nint main() { return 0; }\n")
        .map_err(|e| format!("cannot write the probe: {e}"))?;
    let options = BuildOptions {
        sanitize: true,
        ..BuildOptions::default_for_user()
    };
    match super::build(&Source::File(source), &options) {
        Ok(_) => Ok(()),
        Err(BuildError::Compile(message)) => Err(format!(
            "the C++ compiler cannot build with -fsanitize=address,undefined: {}",
            message.lines().next().unwrap_or("")
        )),
        Err(e) => Err(e.to_string()),
    }
}
