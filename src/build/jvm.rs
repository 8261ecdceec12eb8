//! Java and Kotlin: compiled to classes in the cache, run by `java` with judging flags.
//!
//! **Building.** Java: `javac -encoding UTF-8 -d CLASSES SOURCES` (`$JAVAC` or `javac`; the
//! JDK's `javac` with [`JAVAC_JVM_FLAGS`] for its own JVM); Kotlin:
//! `kotlinc -d CLASSES SOURCES` (`$KOTLINC` or `kotlinc`), run with its standard library from
//! the compiler's own installation (`KOTLIN_HOME/lib/kotlin-stdlib.jar`, `KOTLIN_HOME` being the
//! folder above the real `kotlinc`'s `bin/`, as in JetBrains' and Debian's layouts). The
//! classes of one content hash (sources, compiler identity, flags) are built once into
//! `cache_dir/dir/HASH/classes`.
//!
//! **The entry point** is read from the compiled classes, not guessed from file names: the class
//! declaring `public static void main(String[])` (DOMjudge's rule; so `sol.java` may hold
//! `class Main`). When several do, the one problemtools would start wins: the main file's name
//! (`{mainclass}`, e.g. `Main` for `Main.java`) for Java, that name capitalised plus `Kt`
//! (`{Mainclass}Kt`, e.g. `MainKt` for `main.kt`) for Kotlin; otherwise the build fails naming
//! them.
//!
//! **Running** (`$JAVA` or `java`, its real path): the flags Kattis and DOMjudge judge with,
//! `-XX:+UseSerialGC -Xss64m -Dfile.encoding=UTF-8`, and a heap of `-Xms = -Xmx =` max(limit -
//! 128 MiB, limit / 2), DOMjudge's split (64 MiB for the JVM itself and 64 MiB of stack are
//! taken off the memory limit, because the sandbox measures the whole process, not the heap).
//! The heap flags depend on the memory limit: `argv` carries them for the default limit of
//! 256 MiB ([`DEFAULT_MEMORY_LIMIT`]), and [`super::Program::argv_for`] sets them for the run's.
//!
//! **Address space.** The JVM reserves far more address space than it uses, and the sandbox's
//! `RLIMIT_AS` is only max(4 x limit, limit + 1 GiB): with default settings a trivial program
//! reserves over 3 GiB and cannot start under a 256 MiB limit. The class space and code cache
//! reservations are therefore capped at 64 MiB each and glibc keeps one malloc arena
//! (`MALLOC_ARENA_MAX=1`, see [`super::environment`]; each thread's arena reserves 64 MiB),
//! which brings a trivial program to about 1.05 GiB with a 128 MiB heap; each of these three
//! is needed. The JVM's own ten or so threads take 64 MiB of reservation each (`-Xss64m`), so
//! a program that starts a few threads of its own can still hit the limit at 256 MiB.
//! `-XX:-UsePerfData` keeps the JVM from writing `/tmp/hsperfdata_*` files.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::cache::{Cache, ContentHasher};
use super::classfile;
use super::compile::{compiler_failure, path_arg};
use super::contained;
use super::layout::Sources;
use super::table::ToolSpec;
use super::toolchain::{self, Tool, Wanted};
use super::{BuildError, BuildOptions, Language};

/// JVM flags of every run, before the heap flags and the class path.
const RUN_FLAGS: &[&str] = &[
    "-XX:+UseSerialGC",
    "-Xss64m",
    "-XX:CompressedClassSpaceSize=64m",
    "-XX:ReservedCodeCacheSize=64m",
    "-XX:-UsePerfData",
    "-Dfile.encoding=UTF-8",
];

/// Memory DOMjudge sets aside from a Java program's limit for the JVM (64 MiB) and the stack
/// (64 MiB) when sizing the heap.
const RESERVED_BYTES: u64 = 128 << 20;

/// The memory limit `argv` is sized for until [`super::Program::argv_for`] sets the run's: the
/// problems' usual 256 MiB.
pub(crate) const DEFAULT_MEMORY_LIMIT: u64 = 256 << 20;

/// A JVM program ready to run.
pub(crate) struct Built {
    /// `java`, the heap flags for [`DEFAULT_MEMORY_LIMIT`] (always `argv[1..3]`), the run flags,
    /// the class path and the main class.
    pub argv: Vec<OsString>,
    /// Hash of the sources, the compiler and the flags.
    pub content_hash: String,
    /// The JDK, the classes and (Kotlin) the standard library.
    pub readonly_paths: Vec<PathBuf>,
}

/// The heap flags (`-Xms`, `-Xmx`) for a run under a memory limit of `memory_limit_bytes`; they
/// are `argv[1..3]` of every JVM program.
pub(crate) fn heap_flags(memory_limit_bytes: u64) -> [OsString; 2] {
    let heap = memory_limit_bytes
        .saturating_sub(RESERVED_BYTES)
        .max(memory_limit_bytes / 2);
    let mib = (heap >> 20).max(1);
    [format!("-Xms{mib}m").into(), format!("-Xmx{mib}m").into()]
}

/// The compiler of a JVM language (its table tool other than `JAVA`) and the `java` runtime.
fn tools(language: Language) -> Result<[(Wanted, &'static ToolSpec); 2], BuildError> {
    let spec = toolchain::spec_of(language)?;
    let compiler = spec
        .tools
        .iter()
        .find(|t| t.variable != "JAVA")
        .map(|t| t.variable.clone())
        .unwrap_or_default();
    Ok([
        toolchain::wanted(language, &compiler)?,
        toolchain::wanted(language, "JAVA")?,
    ])
}

/// Compiles (once per content hash) and describes how to run a Java or Kotlin program.
pub(crate) fn build(
    program: &Sources,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<Built, BuildError> {
    let language = program.language;
    let [(wanted, compiler_spec), (java_wanted, _)] = tools(language)?;
    let compiler = toolchain::resolve(&wanted)?;
    let java = toolchain::resolve(&java_wanted)?;
    let java_binary = std::fs::canonicalize(&java.program).unwrap_or(java.program.clone());
    let stdlib = match language {
        Language::Kotlin => Some(kotlin_stdlib(&compiler)?),
        _ => None,
    };
    let identity = toolchain::identity(
        &compiler,
        &wanted,
        &compiler_spec.version,
        options.compile_timeout,
        Some(&options.cache_dir),
    )?;
    let mut hasher = ContentHasher::new(language);
    hasher.field(identity.as_bytes());
    for arg in &compiler.leading_args {
        hasher.field(arg.as_bytes());
    }
    let flags = compile_flags(language, &compiler);
    for flag in &flags {
        hasher.field(flag.as_bytes());
    }
    hasher.field(program.main.as_os_str().as_bytes());
    if let Some(class) = &program.entry_class {
        hasher.field(b"entry class");
        hasher.field(class.as_bytes());
    }
    program.snapshot.hash_into(&mut hasher);
    let content_hash = hasher.finish();
    let main_class = compiled(program, &compiler, &flags, &content_hash, options, cache)?;
    let folder = cache.folder(&content_hash);
    let classes = folder.join("classes");
    let mut class_path = classes.clone().into_os_string();
    if let Some(stdlib) = &stdlib {
        class_path.push(":");
        class_path.push(stdlib);
    }
    let mut argv: Vec<OsString> = vec![java_binary.clone().into_os_string()];
    argv.extend(heap_flags(DEFAULT_MEMORY_LIMIT));
    argv.extend(java.leading_args.iter().cloned());
    argv.extend(RUN_FLAGS.iter().map(OsString::from));
    argv.extend(["-cp".into(), class_path, main_class.into()]);
    // The JDK is the folder above the real java's bin/.
    let jdk = java_binary
        .parent()
        .and_then(Path::parent)
        .map_or(java_binary.clone(), Path::to_path_buf);
    let mut readonly_paths = vec![jdk, folder];
    readonly_paths.extend(stdlib);
    Ok(Built {
        argv,
        content_hash,
        readonly_paths,
    })
}

/// Flags for the JVM that runs the JDK's `javac` itself (not the program it compiles): the
/// client compiler only, and the serial collector. The classes are byte for byte the same; a
/// contest-sized source compiles in about 0.2 s less wall time and half the CPU here (0.95 to
/// 0.53 s of CPU for problemtools' `Different.java`, 1.19 to 0.72 s for a 267-line regional
/// solution), and a verify compiles every Java submission cold.
const JAVAC_JVM_FLAGS: [&str; 2] = ["-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"];

/// The compiler flags before `-d CLASSES SOURCES`. [`JAVAC_JVM_FLAGS`] only for a compiler
/// that is the JDK's `javac` (its real file's name): another named by `$JAVAC` may not take
/// `-J`.
fn compile_flags(language: Language, compiler: &Tool) -> Vec<&'static str> {
    match language {
        Language::Kotlin => Vec::new(),
        _ => {
            let real = std::fs::canonicalize(&compiler.program).unwrap_or(compiler.program.clone());
            let mut flags = Vec::new();
            if real.file_name().is_some_and(|name| name == "javac") {
                flags.extend(JAVAC_JVM_FLAGS);
            }
            flags.extend(["-encoding", "UTF-8"]);
            flags
        }
    }
}

/// `KOTLIN_HOME/lib/kotlin-stdlib.jar` of the installation `kotlinc` belongs to.
fn kotlin_stdlib(kotlinc: &Tool) -> Result<PathBuf, BuildError> {
    let real = std::fs::canonicalize(&kotlinc.program).unwrap_or(kotlinc.program.clone());
    let expected = real
        .parent()
        .and_then(Path::parent)
        .map(|home| home.join("lib").join("kotlin-stdlib.jar"))
        .unwrap_or_default();
    std::fs::canonicalize(&expected).map_err(|_| {
        BuildError::Unavailable(format!(
            "Kotlin source but the Kotlin compiler `{}` has no standard library at {}",
            kotlinc.name,
            expected.display()
        ))
    })
}

/// The main class of the program's build of `content_hash`, compiling it first (with `flags`
/// before `-d`) if needed.
fn compiled(
    program: &Sources,
    compiler: &Tool,
    flags: &[&str],
    content_hash: &str,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<String, BuildError> {
    let folder = cache.folder(content_hash);
    let main_file = folder.join("main-class");
    let done = |cache: &Cache| cache.is_done(content_hash, Some(&folder));
    if !done(cache) {
        let _lock = cache.lock(content_hash)?;
        if !done(cache) {
            let folder = cache.fresh_folder(content_hash)?;
            let classes = folder.join("classes");
            std::fs::create_dir(&classes).map_err(|e| cache.failure(&classes, e))?;
            run_compiler(program, compiler, flags, &classes, options, cache)?;
            let main = entry_point(program, &classes).map_err(|e| match e {
                Found::Io(e) => cache.failure(&classes, e),
                Found::Not(message) => BuildError::Compile(message),
            })?;
            std::fs::write(&main_file, &main).map_err(|e| cache.failure(&main_file, e))?;
            cache.mark_done(content_hash, Some(&folder))?;
            return Ok(main);
        }
    }
    std::fs::read_to_string(&main_file).map_err(|e| cache.failure(&main_file, e))
}

/// Writes the program into a working folder and compiles its sources into `classes`, `flags`
/// ([`compile_flags`]) before `-d`.
fn run_compiler(
    program: &Sources,
    compiler: &Tool,
    flags: &[&str],
    classes: &Path,
    options: &BuildOptions,
    cache: &Cache,
) -> Result<(), BuildError> {
    let work = program.copy_to_work_dir(cache)?;
    let mut command = compiler.command();
    command
        .args(flags)
        .arg("-d")
        .arg(classes)
        .args(program.sources.iter().map(|source| path_arg(source)))
        .current_dir(work.path());
    let writable = [classes.to_path_buf()];
    let finished = contained::run_step(command, &writable, Vec::new(), options.compile_timeout)
        .map_err(|failure| compiler_failure(compiler, failure, options))?;
    if finished.status.success() {
        return Ok(());
    }
    let message = finished.failure_message(&compiler.name);
    if super::cache::mentions_disk_trouble(&message) {
        // A full or failing disk under the cache, not the program's fault.
        return Err(cache.failure(classes, std::io::Error::other(message)));
    }
    Err(BuildError::Compile(message))
}

/// Why no entry point was chosen.
enum Found {
    Io(std::io::Error),
    Not(String),
}

/// The class to start: the one the package declares (which must have a main method), else the
/// only one with a main method, else the one problemtools names.
fn entry_point(program: &Sources, classes: &Path) -> Result<String, Found> {
    let mains = classfile::main_classes(classes).map_err(Found::Io)?;
    if let Some(class) = &program.entry_class {
        if mains.contains(class) {
            return Ok(class.clone());
        }
        return Err(Found::Not(format!(
            "the declared entry point `{class}` is not a class with `public static void \
             main(String[] args)` (classes with one: {})",
            if mains.is_empty() {
                "none".to_string()
            } else {
                mains.join(", ")
            }
        )));
    }
    let stem = program.main_stem();
    let preferred = match program.language {
        Language::Kotlin => {
            let mut chars = stem.chars();
            let capitalised: String = chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
            format!("{capitalised}Kt")
        }
        _ => stem,
    };
    match mains.as_slice() {
        [] => Err(Found::Not(
            "no class declares `public static void main(String[] args)`".into(),
        )),
        [only] => Ok(only.clone()),
        several if several.contains(&preferred) => Ok(preferred),
        several => Err(Found::Not(format!(
            "several classes declare a main method ({}); name the entry point's file after its \
             class ({preferred} is expected)",
            several.join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heap_leaves_room_for_the_jvm_and_the_stack() {
        let mib = |flags: [OsString; 2]| flags.map(|f| f.into_string().unwrap());
        assert_eq!(mib(heap_flags(256 << 20)), ["-Xms128m", "-Xmx128m"]);
        assert_eq!(mib(heap_flags(1 << 30)), ["-Xms896m", "-Xmx896m"]);
        assert_eq!(mib(heap_flags(128 << 20)), ["-Xms64m", "-Xmx64m"]);
        assert_eq!(mib(heap_flags(1 << 20)), ["-Xms1m", "-Xmx1m"]);
    }
}
