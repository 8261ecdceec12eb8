//! `--sanitize`: C and C++ built with AddressSanitizer and UndefinedBehaviorSanitizer (C++ also
//! with libstdc++'s debug mode), and run so that the first finding ends the run with its report
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
//! - `-D_GLIBCXX_DEBUG` for C++: checked `vector`/`string` indexing and iterators (UBSan and
//!   ASan miss an index past `size()` but inside `capacity()`).
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

/// The prefix that marks the program's own files in a sanitizer's stack frames.
pub const SOURCE_PREFIX: &str = "/.stressjudge-source";

/// Compile flags added for every sanitized C or C++ build (before the ones that depend on the
/// working folder).
const FLAGS: [&str; 6] = [
    "-fsanitize=address,undefined",
    "-fno-sanitize=object-size",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-g",
    "-ftrivial-auto-var-init=pattern",
];

/// libstdc++'s debug mode, for C++ only.
const CXX_FLAGS: [&str; 1] = ["-D_GLIBCXX_DEBUG"];

/// `ASAN_OPTIONS` of a sanitized run.
const ASAN_OPTIONS: &str = "detect_leaks=0:halt_on_error=1:abort_on_error=0:handle_abort=1:\
                            symbolize=1:color=never:print_summary=1";

/// `UBSAN_OPTIONS` of a sanitized run.
const UBSAN_OPTIONS: &str = "halt_on_error=1:abort_on_error=0:print_stacktrace=1:color=never";

/// How much longer a sanitized run may take than the time limit: ASan alone is about 2x
/// (its documentation's "typical slowdown"), UBSan and libstdc++'s debug mode add to it.
pub const TIME_FACTOR: u32 = 3;

/// How much more memory a sanitized run may use: ASan's documented overhead is about 3x
/// (shadow memory, redzones), plus its 256 MiB quarantine of freed blocks.
pub const MEMORY_FACTOR: u64 = 3;

/// Memory a sanitized run may use beyond [`MEMORY_FACTOR`] times the limit.
pub const MEMORY_SLACK_BYTES: u64 = 256 << 20;

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
    fields
}

/// The flags appended to the compile command of a sanitized build in the folder `work`.
pub(crate) fn compile_flags(language: Language, work: &Path) -> Vec<OsString> {
    let mut flags: Vec<OsString> = FLAGS.iter().map(OsString::from).collect();
    if language == Language::Cpp {
        flags.extend(CXX_FLAGS.iter().map(OsString::from));
    }
    let mut map = OsString::from("-fdebug-prefix-map=");
    map.push(work.as_os_str());
    map.push("=");
    map.push(SOURCE_PREFIX);
    flags.push(map);
    flags
}

/// The environment a sanitized program runs with besides the usual one.
pub(crate) fn run_env() -> Vec<(OsString, OsString)> {
    vec![
        ("ASAN_OPTIONS".into(), ASAN_OPTIONS.into()),
        ("UBSAN_OPTIONS".into(), UBSAN_OPTIONS.into()),
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
