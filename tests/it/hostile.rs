//! Hostile candidates against the sandbox: every way a program can misbehave must end in
//! prompt, bounded, fully measured outcomes, with nothing left running afterwards.
//!
//! Candidates are small C programs in `tests/hostile/`, compiled with `gcc -O2` on first use.
//! Unless stated, runs get a 1 s CPU limit (2 s wall), 256 MiB of memory, 64 MiB of output.
//!
//! Sandboxes start with auto isolation (full on a machine that allows it); the tests about
//! process families run under both levels. The tests of the contained judge (issue 10) need
//! full isolation: where the machine cannot give it they are skipped with a line on stderr
//! saying so, or fail when `STRESSJUDGE_REQUIRE_FULL_ISOLATION=1` (set it where full isolation
//! must work, as on the project's machines).

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use stressjudge::run::{
    signal_name, Exit, IsolationDemand, IsolationLevel, LimitHit, RunLimits, RunOutcome,
    RunRequest, Sandbox, SandboxOptions,
};

const MIB: u64 = 1 << 20;

/// Serialises the tests that need the CPU to themselves or measure this process's memory.
fn heavy() -> MutexGuard<'static, ()> {
    static HEAVY: Mutex<()> = Mutex::new(());
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}

/// A scratch directory for compiled candidates and inputs, alive for the whole test run.
fn scratch() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// The executable of `tests/hostile/<name>.c`, compiled once.
fn exe(name: &str) -> PathBuf {
    exe_with(name, name, &[])
}

/// `tests/hostile/<source>.c` compiled once with `defines` (`-D` arguments) as `alias`.
fn exe_with(source: &str, alias: &str, defines: &[&str]) -> PathBuf {
    let name = alias;
    static BUILT: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(path) = built.get(name) {
        return path.clone();
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(format!("{source}.c"));
    let out = scratch().join(name);
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(&source)
        .args(defines)
        .status()
        .expect("gcc runs");
    assert!(status.success(), "gcc failed on {}", source.display());
    built.insert(name.to_string(), out.clone());
    out
}

/// A file with `contents`, for stdin.
fn input(name: &str, contents: &[u8]) -> PathBuf {
    let path = scratch().join(name);
    fs::write(&path, contents).unwrap();
    path
}

fn sandbox() -> Sandbox {
    Sandbox::start_with(env!("CARGO_BIN_EXE_stressjudge")).expect("the launcher starts")
}

/// A sandbox demanding `isolation`, with at most `process_limit` processes per run.
fn sandbox_with(isolation: IsolationDemand, process_limit: u32) -> Sandbox {
    let options = SandboxOptions {
        isolation,
        process_limit,
    };
    Sandbox::start_with_options(env!("CARGO_BIN_EXE_stressjudge"), &options)
        .expect("the launcher starts")
}

/// The two levels the process-family tests run under: basic, and auto (full where possible).
const LEVELS: [IsolationDemand; 2] = [IsolationDemand::Basic, IsolationDemand::Auto];

/// A fully isolated sandbox for test `test`, or `None` after saying loudly on stderr why the
/// test is skipped (a failure instead when `STRESSJUDGE_REQUIRE_FULL_ISOLATION=1`).
fn full_sandbox(test: &str) -> Option<Sandbox> {
    let options = SandboxOptions {
        isolation: IsolationDemand::Full,
        ..SandboxOptions::default()
    };
    match Sandbox::start_with_options(env!("CARGO_BIN_EXE_stressjudge"), &options) {
        Ok(sandbox) => Some(sandbox),
        Err(e)
            if std::env::var_os("STRESSJUDGE_REQUIRE_FULL_ISOLATION").is_some_and(|v| v == "1") =>
        {
            panic!("{test}: full isolation is required here but unavailable: {e}")
        }
        Err(e) => {
            eprintln!("SKIPPED {test}: needs full isolation, which this machine cannot give: {e}");
            None
        }
    }
}

/// Every live or unreaped descendant of the (outer) launcher `launcher`, except inner
/// launchers, which are the sandbox itself: the processes of runs, on the host. Empty once a
/// run has ended, under either isolation (basic: orphans are re-parented to the launcher, a
/// subreaper; full: they stay in the launcher's PID namespace).
fn run_processes(launcher: u32) -> Vec<i32> {
    let mut parent_of = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let ppid = stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<i32>().ok());
        if let Some(ppid) = ppid {
            parent_of.push((pid, ppid));
        }
    }
    let mut family = vec![launcher as i32];
    let mut i = 0;
    while i < family.len() {
        let parent = family[i];
        family.extend(
            parent_of
                .iter()
                .filter(|(_, pp)| *pp == parent)
                .map(|(p, _)| *p),
        );
        i += 1;
    }
    family
        .into_iter()
        .skip(1)
        .filter(|pid| {
            let cmdline = fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            !cmdline.windows(10).any(|w| w == b"__launcher")
        })
        .collect()
}

/// Pids of live processes whose name (comm) is `marker`.
fn named(marker: &str) -> Vec<i32> {
    fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == marker)
        })
        .collect()
}

/// A name no other process has: a comm marker or a file name.
fn unique(prefix: &str) -> String {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!("{prefix}{:x}{n}", std::process::id() & 0xffff)
}

fn limits() -> RunLimits {
    RunLimits::from_time_limit(Duration::from_secs(1), 256 * MIB, 64 * MIB)
}

fn request(program: &Path, args: &[&str], stdin: &Path) -> RunRequest {
    let mut argv = vec![program.as_os_str().to_owned()];
    argv.extend(args.iter().map(OsString::from));
    RunRequest {
        argv,
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        stdin: stdin.to_path_buf(),
        limits: limits(),
        files: Vec::new(),
        dirs: Vec::new(),
        collect: Vec::new(),
        readonly: Vec::new(),
        carry: None,
        unlimited_address_space: false,
        address_space: None,
        argv0: None,
        report_fd: false,
    }
}

fn run(name: &str, args: &[&str]) -> RunOutcome {
    let stdin = input("empty", b"");
    sandbox().run(&request(&exe(name), args, &stdin)).unwrap()
}

/// Runs `name` with `args` on a sandbox demanding `isolation` (and a process cap of 128),
/// collecting `collect`; returns the outcome, the sandbox's level and the processes of the run
/// still on the host right after it.
fn run_family(
    isolation: IsolationDemand,
    name: &str,
    args: &[&str],
    collect: &[&str],
) -> (RunOutcome, IsolationLevel, Vec<i32>) {
    let stdin = input("empty", b"");
    let mut sb = sandbox_with(isolation, 128);
    let mut req = request(&exe(name), args, &stdin);
    req.collect = collect.iter().map(|c| c.to_string()).collect();
    req.limits.wall = Duration::from_secs(10);
    let o = sb.run(&req).unwrap();
    let left = run_processes(sb.launcher_pid().unwrap());
    (o, sb.isolation().level, left)
}

/// The pids in a collected file.
fn collected_pids(o: &RunOutcome, name: &str) -> Vec<i32> {
    o.collected
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, bytes)| {
            String::from_utf8_lossy(bytes)
                .split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// True while `pid` exists and is not a zombie.
fn alive(pid: i32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z')
        }
        Err(_) => false,
    }
}

/// True once `/proc/PID` is gone entirely: dead and reaped.
fn reaped(pid: i32) -> bool {
    !Path::new(&format!("/proc/{pid}")).exists()
}

/// This process's resident size in KiB.
fn own_rss_kib() -> u64 {
    let status = fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Runs a CPU-bound candidate with a generous wall limit: on a machine shared with other
/// work the candidate may get only part of a core, and the 2 s default backstop would then
/// stop it first (correctly, but it would not show the CPU limit at work).
fn run_cpu_bound(name: &str, args: &[&str]) -> RunOutcome {
    let stdin = input("empty", b"");
    let mut req = request(&exe(name), args, &stdin);
    req.limits.wall = Duration::from_secs(10);
    sandbox().run(&req).unwrap()
}

#[test]
fn busy_loop_hits_the_cpu_limit_quickly() {
    let _g = heavy();
    let o = run_cpu_bound("busy_loop", &[]);
    assert_eq!(o.limit_hit, Some(LimitHit::Cpu), "{o:?}");
    assert_eq!(o.exit, Exit::Signal(libc::SIGKILL));
    // Killed within a few sampling ticks of crossing the limit, long before RLIMIT_CPU (3 s).
    assert!(o.cpu >= Duration::from_secs(1), "{o:?}");
    assert!(o.cpu < Duration::from_millis(1150), "{o:?}");
    assert!(o.wall < Duration::from_secs(10), "{o:?}");
    eprintln!(
        "busy loop stopped after {:?} of CPU, {:?} of wall",
        o.cpu, o.wall
    );
}

#[test]
fn sleeping_forever_hits_the_wall_backstop() {
    let started = Instant::now();
    let o = run("sleep_forever", &[]);
    assert_eq!(o.limit_hit, Some(LimitHit::Wall), "{o:?}");
    assert!(o.wall >= Duration::from_secs(2), "{o:?}");
    assert!(started.elapsed() < Duration::from_millis(2800), "{o:?}");
    assert!(o.cpu < Duration::from_millis(100), "{o:?}");
}

#[test]
fn memory_bomb_is_stopped_as_soon_as_it_crosses_the_limit() {
    let _g = heavy();
    let o = run("memory_bomb", &[]);
    assert_eq!(o.limit_hit, Some(LimitHit::Memory), "{o:?}");
    assert_eq!(o.exit, Exit::Signal(libc::SIGKILL));
    assert!(o.peak_memory_kib * 1024 > 256 * MIB, "{o:?}");
    // Stopped within a few sampling ticks, far below the 1.25 GiB address-space backstop.
    assert!(o.peak_memory_kib * 1024 < 512 * MIB, "{o:?}");
    assert!(o.wall < Duration::from_secs(2), "{o:?}");
    eprintln!(
        "memory bomb stopped after {:?} at {} KiB",
        o.wall, o.peak_memory_kib
    );
}

#[test]
fn endless_output_is_cut_at_the_limit_and_runs_to_its_time_limit_without_growing_the_harness() {
    let _g = heavy();
    let before = own_rss_kib();
    let o = run("endless_output", &[]);
    let after = own_rss_kib();
    // Output past the limit is dropped and the run goes on (DOMjudge's runguard): a flood that
    // never ends is stopped by its time limit, not killed by SIGXFSZ.
    assert!(
        matches!(o.limit_hit, Some(LimitHit::Cpu | LimitHit::Wall)),
        "{o:?}"
    );
    assert_eq!(o.exit, Exit::Signal(libc::SIGKILL), "{o:?}");
    assert!(
        o.stdout.len() as u64 <= 64 * 1024,
        "only the head is read back"
    );
    assert!(o.stdout.starts_with(b"abcdefghij"));
    assert!(
        after < before + 16 * 1024,
        "harness grew from {before} to {after} KiB"
    );
}

#[test]
fn output_just_under_the_limit_is_returned_whole() {
    let stdin = input("seven", b"3 4\n");
    let mut req = request(&exe("exit_three"), &[], &stdin);
    req.limits.output_bytes = 2; // "7\n" fits exactly.
    let o = sandbox().run(&req).unwrap();
    assert_eq!(o.limit_hit, None, "{o:?}");
    assert_eq!(o.stdout, b"7\n");
    req.limits.output_bytes = 1;
    let o = sandbox().run(&req).unwrap();
    // It then exits with code 3: a crash comes before the output limit (DOMjudge's order).
    assert_eq!(o.limit_hit, None, "{o:?}");
    assert_eq!(o.exit, Exit::Code(3));
    assert!(o.stdout.len() <= 1);
    // The same output from a program that exits normally is an output limit.
    req.argv = vec!["/bin/sh".into(), "-c".into(), "echo 7".into()];
    let o = sandbox().run(&req).unwrap();
    assert_eq!(o.limit_hit, Some(LimitHit::Output), "{o:?}");
    assert!(o.stdout.len() <= 1);
}

#[test]
fn segfault_is_reported_as_sigsegv() {
    let o = run("segfault", &[]);
    assert_eq!(o.exit, Exit::Signal(libc::SIGSEGV), "{o:?}");
    assert_eq!(signal_name(libc::SIGSEGV), "SIGSEGV");
    assert_eq!(o.limit_hit, None);
}

#[test]
fn infinite_recursion_overflows_the_stack_below_the_memory_limit() {
    let o = run("infinite_recursion", &[]);
    // The stack is three quarters of the memory limit: the overflow is a plain SIGSEGV with a
    // peak well under the limit, not a memory stop.
    assert_eq!(o.exit, Exit::Signal(libc::SIGSEGV), "{o:?}");
    assert_eq!(o.limit_hit, None, "{o:?}");
    assert!(o.peak_memory_kib < 256 * 1024 * 9 / 10, "{o:?}");
    assert!(o.wall < Duration::from_secs(2), "{o:?}");
}

#[test]
fn deep_recursion_works_because_the_stack_is_most_of_the_memory_limit() {
    let o = run("deep_recursion", &[]);
    assert_eq!(o.exit, Exit::Code(0), "{o:?}");
    assert_eq!(o.limit_hit, None);
    assert_eq!(o.stdout, b"400001\n");
    assert!(o.peak_memory_kib > 64 * 1024, "{o:?}");
}

#[test]
fn correct_output_then_exit_code_three() {
    let stdin = input("sum", b"20 22\n");
    let o = sandbox()
        .run(&request(&exe("exit_three"), &[], &stdin))
        .unwrap();
    assert_eq!(o.exit, Exit::Code(3));
    assert_eq!(o.limit_hit, None);
    assert_eq!(o.stdout, b"42\n");
}

#[test]
fn background_child_holding_stdout_does_not_delay_the_verdict() {
    for level in LEVELS {
        let (o, got, left) = run_family(level, "background_child", &[], &[]);
        assert_eq!(o.exit, Exit::Code(0), "{got:?}: {o:?}");
        assert_eq!(o.stdout, b"done\n");
        // Not held to the 10 s wall limit by the child (a bound, with room for a loaded
        // machine: the run itself takes milliseconds).
        assert!(o.wall < Duration::from_secs(3), "{got:?}: {o:?}");
        let child: i32 = o
            .stderr_head
            .trim()
            .strip_prefix("child ")
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no child pid in {:?}", o.stderr_head));
        assert!(left.is_empty(), "{got:?}: processes left: {left:?}");
        if got == IsolationLevel::Basic {
            assert!(
                reaped(child),
                "the background child {child} survived the run"
            );
        }
    }
}

#[test]
fn large_unread_stdin_does_not_deadlock() {
    let big = input("big", &vec![b'7'; 50 * MIB as usize]);
    let o = sandbox()
        .run(&request(&exe("never_reads"), &[], &big))
        .unwrap();
    assert_eq!(o.exit, Exit::Code(0), "{o:?}");
    assert_eq!(o.stdout, b"ignored\n");
    assert!(o.wall < Duration::from_millis(500), "{o:?}");
}

#[test]
fn closing_stdin_early_is_harmless() {
    let stdin = input("some", b"1 2 3\n");
    let o = sandbox()
        .run(&request(&exe("closes_stdin"), &[], &stdin))
        .unwrap();
    assert_eq!(o.exit, Exit::Code(0), "{o:?}");
    assert_eq!(o.stdout, b"closed\n");
}

#[test]
fn setsid_escaper_is_killed_anyway() {
    for level in LEVELS {
        let (o, got, left) = run_family(level, "setsid_escaper", &["pids"], &["pids"]);
        assert_eq!(o.exit, Exit::Code(0), "{got:?}: {o:?}");
        assert_eq!(o.stdout, b"escaped\n");
        // Not held to the 10 s wall limit by the child (a bound, with room for a loaded
        // machine: the run itself takes milliseconds).
        assert!(o.wall < Duration::from_secs(3), "{got:?}: {o:?}");
        let escaped = collected_pids(&o, "pids");
        assert_eq!(escaped.len(), 1, "{got:?}: {escaped:?}");
        assert!(left.is_empty(), "{got:?}: processes left: {left:?}");
        if got == IsolationLevel::Basic {
            assert!(reaped(escaped[0]), "the escaper {} survived", escaped[0]);
        }
    }
}

#[test]
fn many_children_and_grandchildren_all_die_with_the_run() {
    let _g = heavy();
    for level in LEVELS {
        // 65 processes: the process cap of this sandbox is 128.
        let (o, got, left) = run_family(level, "forker", &["pids"], &["pids"]);
        assert_eq!(o.limit_hit, Some(LimitHit::Cpu), "{got:?}: {o:?}");
        let family = collected_pids(&o, "pids");
        assert_eq!(family.len(), 64, "{got:?}: {family:?}");
        assert!(left.is_empty(), "{got:?}: processes left: {left:?}");
        if got == IsolationLevel::Basic {
            for pid in family {
                assert!(reaped(pid), "descendant {pid} survived the run");
            }
        }
    }
}

#[test]
fn small_candidate_memory_while_harness_is_large() {
    let _g = heavy();
    // The harness holds a 300 MiB table, every page touched.
    let table = vec![1u8; 300 * MIB as usize];
    let table = std::hint::black_box(table);
    assert!(own_rss_kib() > 300 * 1024);
    let stdin = input("small", b"1 2\n");
    let o = sandbox()
        .run(&request(&exe("trivial"), &[], &stdin))
        .unwrap();
    assert_eq!(o.stdout, b"3\n");
    assert!(o.peak_memory_kib < 20 * 1024, "{o:?}");
    eprintln!("trivial peak {} KiB", o.peak_memory_kib);
    // Spawned directly from this process instead, the same program "uses" the table.
    #[allow(clippy::zombie_processes)] // Reaped by wait4 below, which also gives its rusage.
    let child = Command::new(exe("trivial"))
        .stdin(fs::File::open(&stdin).unwrap())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let (_, usage) = stressjudge::run::reap_with_usage(child.id() as i32).unwrap();
    assert!(usage.max_rss_kib > 300 * 1024, "{}", usage.max_rss_kib);
    drop(table);
}

#[test]
fn cpu_time_is_accurate_and_wall_is_recorded() {
    let _g = heavy();
    for args in [&["300"][..], &["300", "child"][..]] {
        let o = run("burn_cpu", args);
        assert_eq!(o.exit, Exit::Code(0), "{o:?}");
        assert_eq!(o.limit_hit, None);
        assert_eq!(o.stdout, b"burnt\n");
        let ms = o.cpu.as_secs_f64() * 1000.0;
        assert!((255.0..=345.0).contains(&ms), "{args:?}: cpu {ms} ms");
        assert!(o.wall >= Duration::from_millis(250), "{o:?}");
    }
}

#[test]
fn stderr_flood_is_cut_too_and_runs_to_its_time_limit() {
    // Heavy: the launcher must get a CPU often enough to cut the flood back (see FLOOD_ROOM).
    let _g = heavy();
    let stdin = input("none", b"");
    let mut req = request(&exe("endless_output"), &[], &stdin);
    req.readonly = vec![exe("endless_output")];
    req.argv[0] = "/bin/sh".into();
    req.argv.extend([
        "-c".into(),
        format!("{} 1>&2", exe("endless_output").display()).into(),
    ]);
    req.limits.output_bytes = MIB;
    let o = sandbox().run(&req).unwrap();
    assert!(
        matches!(o.limit_hit, Some(LimitHit::Cpu | LimitHit::Wall)),
        "{o:?}"
    );
    assert!(o.stdout.is_empty());
    assert!(o.stderr_head.starts_with("abcdefghij"));
    assert!(o.stderr_head.len() <= 4096);
}

#[test]
fn environment_and_working_directory_are_exactly_as_requested() {
    let stdin = input("none", b"");
    let mut req = request(&exe("probe"), &[], &stdin);
    req.env = vec![
        ("ONLY".into(), "this".into()),
        ("AND".into(), "that=1".into()),
    ];
    let mut sb = sandbox();
    for _ in 0..2 {
        let o = sb.run(&req).unwrap();
        assert_eq!(o.exit, Exit::Code(0), "{o:?}");
        let text = String::from_utf8(o.stdout).unwrap();
        // The file left behind by the first run is gone: each run has a fresh directory.
        assert_eq!(
            text,
            "env ONLY=this\nenv AND=that=1\ncwd-entries 0\ngroup-leader 1\ncore 0\n"
        );
    }
}

#[test]
fn unstartable_programs_are_errors_not_verdicts() {
    let stdin = input("none", b"");
    let mut sb = sandbox();
    let missing = sb
        .run(&request(Path::new("/nonexistent/program"), &[], &stdin))
        .unwrap_err();
    assert_eq!(missing.kind(), ErrorKind::NotFound, "{missing}");
    let relative = sb
        .run(&request(Path::new("relative/program"), &[], &stdin))
        .unwrap_err();
    assert_eq!(relative.kind(), ErrorKind::InvalidInput, "{relative}");
    let no_input = sb
        .run(&request(
            &exe("trivial"),
            &[],
            Path::new("/nonexistent/input"),
        ))
        .unwrap_err();
    assert_eq!(no_input.kind(), ErrorKind::NotFound, "{no_input}");
    // The sandbox still works afterwards.
    let o = sb.run(&request(&exe("never_reads"), &[], &stdin)).unwrap();
    assert_eq!(o.exit, Exit::Code(0));
}

#[test]
fn cancel_from_another_thread_kills_the_run_and_sticks_until_reset() {
    let stdin = input("none", b"");
    let mut sb = sandbox();
    let handle = sb.cancel_handle();
    let canceller = thread::spawn({
        let handle = handle.clone();
        move || {
            thread::sleep(Duration::from_millis(200));
            handle.cancel();
        }
    });
    let started = Instant::now();
    let err = sb
        .run(&request(&exe("sleep_forever"), &[], &stdin))
        .unwrap_err();
    canceller.join().unwrap();
    assert_eq!(err.kind(), ErrorKind::Interrupted);
    assert!(started.elapsed() < Duration::from_millis(1000));
    let again = sb
        .run(&request(&exe("never_reads"), &[], &stdin))
        .unwrap_err();
    assert_eq!(again.kind(), ErrorKind::Interrupted);
    handle.reset();
    let o = sb.run(&request(&exe("never_reads"), &[], &stdin)).unwrap();
    assert_eq!(o.exit, Exit::Code(0));
}

#[test]
fn launcher_dying_mid_run_leaves_no_orphan_and_is_replaced() {
    for level in LEVELS {
        let stdin = input("none", b"");
        let mut sb = sandbox_with(level, 64);
        let first_launcher = sb.launcher_pid().unwrap();
        let mut req = request(&exe("sleeper_family"), &["pids"], &stdin);
        req.collect = vec!["pids".into()];
        let killer = thread::spawn(move || {
            let deadline = Instant::now() + Duration::from_secs(5);
            let mut family = run_processes(first_launcher);
            while family.len() < 2 && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(5));
                family = run_processes(first_launcher);
            }
            let launcher = rustix::process::Pid::from_raw(first_launcher as i32).unwrap();
            rustix::process::kill_process(launcher, rustix::process::Signal::KILL).unwrap();
            family
        });
        // The launcher dies; the sandbox kills what it had started, restarts it and runs again.
        let o = sb.run(&req).unwrap();
        let first_family = killer.join().unwrap();
        assert_eq!(first_family.len(), 2, "{level:?}: {first_family:?}");
        assert_eq!(o.limit_hit, Some(LimitHit::Wall), "{level:?}: {o:?}");
        assert_ne!(sb.launcher_pid().unwrap(), first_launcher);
        assert_eq!(collected_pids(&o, "pids").len(), 2, "{level:?}: {o:?}");
        for pid in first_family {
            assert!(!alive(pid), "{level:?}: candidate process {pid} survived");
        }
        assert!(run_processes(sb.launcher_pid().unwrap()).is_empty());
    }
}

/// Body of the harness-death test when run as its own process (see below).
fn harness_that_gets_killed(level: &str) {
    let stdin = input("none", b"");
    let mut req = request(&exe("sleeper_family"), &["pids"], &stdin);
    req.limits.wall = Duration::from_secs(60);
    let level = if level == "basic" {
        IsolationDemand::Basic
    } else {
        IsolationDemand::Auto
    };
    let _ = sandbox_with(level, 64).run(&req);
}

/// The children of `pid` running `stressjudge __launcher`.
fn launchers_of(pid: u32) -> Vec<u32> {
    let mut children = String::new();
    for task in fs::read_dir(format!("/proc/{pid}/task"))
        .into_iter()
        .flatten()
        .flatten()
    {
        children += &fs::read_to_string(task.path().join("children")).unwrap_or_default();
        children.push(' ');
    }
    children
        .split_whitespace()
        .filter_map(|p| p.parse::<u32>().ok())
        .filter(|p| {
            let cmdline = fs::read(format!("/proc/{p}/cmdline")).unwrap_or_default();
            cmdline.windows(10).any(|w| w == b"__launcher")
        })
        .collect()
}

#[test]
fn harness_dying_mid_run_makes_the_launcher_kill_the_run() {
    if let Some(level) = std::env::var_os("HOSTILE_HARNESS_LEVEL") {
        harness_that_gets_killed(&level.to_string_lossy());
        return;
    }
    let cgroup_parents: Vec<PathBuf> = sandbox()
        .isolation()
        .cgroup
        .iter()
        .flat_map(|c| {
            c.paths
                .iter()
                .map(|p| Path::new(p).parent().unwrap().to_path_buf())
        })
        .collect();
    for level in ["basic", "auto"] {
        let mut harness = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                // This test's name in the one test binary (`tests/it/`): module, then name.
                "hostile::harness_dying_mid_run_makes_the_launcher_kill_the_run",
                "--test-threads=1",
            ])
            .env("HOSTILE_HARNESS_LEVEL", level)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut launcher = None;
        let mut family = Vec::new();
        while family.len() < 2 && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
            launcher = launchers_of(harness.id()).first().copied();
            family = launcher.map(run_processes).unwrap_or_default();
        }
        harness.kill().unwrap();
        harness.wait().unwrap();
        assert_eq!(family.len(), 2, "{level}: {family:?}");
        let launcher = launcher.unwrap();
        let cgroup_name = format!("stressjudge-{launcher}");
        let leftovers = || {
            let mut left: Vec<String> = family
                .iter()
                .filter(|&&p| alive(p))
                .map(|p| format!("process {p}"))
                .collect();
            if alive(launcher as i32) {
                left.push(format!("launcher {launcher}"));
            }
            for parent in &cgroup_parents {
                if parent.join(&cgroup_name).exists() {
                    left.push(format!("cgroup {}", parent.join(&cgroup_name).display()));
                }
            }
            left
        };
        let deadline = Instant::now() + Duration::from_secs(3);
        while !leftovers().is_empty() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(
            leftovers(),
            Vec::<String>::new(),
            "{level}: outlived the harness"
        );
    }
}

#[test]
fn one_sandbox_per_thread_runs_in_parallel() {
    let stdin = input("pair-2", b"40 2\n");
    let req = request(&exe("trivial"), &[], &stdin);
    thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                let mut sb = sandbox();
                for _ in 0..25 {
                    let o = sb.run(&req).unwrap();
                    assert_eq!((o.exit, o.stdout), (Exit::Code(0), b"42\n".to_vec()));
                }
            });
        }
    });
}

#[test]
fn overhead_per_trivial_run() {
    let _g = heavy();
    const RUNS: u32 = 200;
    let stdin = input("pair", b"5 6\n");
    let req = request(&exe("trivial"), &[], &stdin);
    let mut sb = sandbox();
    sb.run(&req).unwrap();
    let started = Instant::now();
    for _ in 0..RUNS {
        let o = sb.run(&req).unwrap();
        assert_eq!(o.stdout, b"11\n");
    }
    let sandboxed = started.elapsed() / RUNS;
    let started = Instant::now();
    for _ in 0..RUNS {
        let out = Command::new(exe("trivial"))
            .stdin(fs::File::open(&stdin).unwrap())
            .env_clear()
            .output()
            .unwrap();
        assert_eq!(out.stdout, b"11\n");
    }
    let bare = started.elapsed() / RUNS;
    let script = format!(
        "i=0; while [ $i -lt {RUNS} ]; do {} < {} > /dev/null; i=$((i+1)); done",
        exe("trivial").display(),
        stdin.display()
    );
    let started = Instant::now();
    let status = Command::new("/bin/sh")
        .args(["-c", &script])
        .status()
        .unwrap();
    assert!(status.success());
    let shell = started.elapsed() / RUNS;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    eprintln!(
        "per trivial run: sandboxed {:.3} ms, std::process::Command {:.3} ms, /bin/sh loop {:.3} ms",
        ms(sandboxed),
        ms(bare),
        ms(shell)
    );
}

/// One David vs David game, its answer, and the stdin file holding it.
fn one_game() -> (PathBuf, &'static [u8]) {
    (input("david-one-game", b"1\n3 5 1\n"), b"1\n")
}

#[test]
fn files_and_directories_go_in_and_collected_files_come_back() {
    let answer = input("answer-file", b"42\n");
    for level in LEVELS {
        let mut sb = sandbox_with(level, 64);
        let stdin = input("none", b"");
        let mut req = request(Path::new("/bin/sh"), &[], &stdin);
        req.argv.extend([
            "-c".into(),
            "cat data/answer; echo judged > feedback/judgemessage.txt; ln -s /etc/passwd feedback/stolen; mkdir -p deep && echo x > deep/file"
                .into(),
        ]);
        req.files = vec![("data/answer".into(), answer.clone())];
        req.dirs = vec!["feedback".into()];
        req.collect = [
            "feedback/judgemessage.txt",
            "feedback/stolen",
            "missing",
            "deep/file",
        ]
        .map(String::from)
        .into();
        for _ in 0..2 {
            let o = sb.run(&req).unwrap();
            assert_eq!(o.exit, Exit::Code(0), "{level:?}: {o:?}");
            assert_eq!(o.stdout, b"42\n");
            let names: Vec<&str> = o.collected.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(
                names,
                ["feedback/judgemessage.txt", "deep/file"],
                "{level:?}"
            );
            assert_eq!(o.collected[0].1, b"judged\n");
        }
    }
}

#[test]
fn tree_of_children_over_the_limit_is_mle() {
    let _g = heavy();
    let Some(mut sb) = full_sandbox("tree_of_children_over_the_limit_is_mle") else {
        return;
    };
    let stdin = input("empty", b"");
    let mut req = request(&exe("tree_memory"), &[], &stdin);
    req.limits.wall = Duration::from_secs(10);
    let o = sb.run(&req).unwrap();
    assert_eq!(o.limit_hit, Some(LimitHit::Memory), "{o:?}");
    assert!(o.peak_memory_kib * 1024 > 256 * MIB, "{o:?}");
    assert!(o.peak_memory_kib * 1024 < 512 * MIB, "{o:?}");
    assert!(run_processes(sb.launcher_pid().unwrap()).is_empty());
    eprintln!(
        "8 x 128 MiB children stopped after {:?} at {} KiB",
        o.wall, o.peak_memory_kib
    );
}

#[test]
fn forks_beyond_the_process_cap_fail_and_nothing_is_left() {
    let Some(mut sb) = full_sandbox("forks_beyond_the_process_cap_fail_and_nothing_is_left") else {
        return;
    };
    let marker = unique("sjsl");
    let program = exe_with(
        "david_correct",
        "david_sleepers",
        &["-DSLEEPERS=3000", &format!("-DMARKER=\"{marker}\"")],
    );
    let (stdin, answer) = one_game();
    let o = sb.run(&request(&program, &[], &stdin)).unwrap();
    assert_eq!(o.exit, Exit::Code(0), "{o:?}");
    assert_eq!(o.stdout, answer);
    assert!(o.wall < Duration::from_secs(2), "{o:?}");
    let started: u32 = o
        .stderr_head
        .lines()
        .find_map(|l| l.strip_prefix("started "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{:?}", o.stderr_head));
    // The cap is 64 processes (and threads) besides the launcher, the candidate included.
    assert_eq!(started, 63, "{}", o.stderr_head);
    assert!(
        o.stderr_head.contains("Resource temporarily unavailable"),
        "{}",
        o.stderr_head
    );
    assert!(
        named(&marker).is_empty(),
        "sleepers survived: {:?}",
        named(&marker)
    );
    assert!(run_processes(sb.launcher_pid().unwrap()).is_empty());
}

#[test]
fn daemon_is_gone_when_the_run_ends() {
    for level in LEVELS {
        let marker = unique("sjdm");
        let program = exe_with(
            "david_correct",
            &format!("david_daemon_{marker}"),
            &["-DDAEMON", &format!("-DMARKER=\"{marker}\"")],
        );
        let (stdin, answer) = one_game();
        let mut sb = sandbox_with(level, 64);
        let o = sb.run(&request(&program, &[], &stdin)).unwrap();
        assert_eq!(o.exit, Exit::Code(0), "{level:?}: {o:?}");
        assert_eq!(o.stdout, answer);
        assert!(named(&marker).is_empty(), "{level:?}: the daemon survived");
        assert!(run_processes(sb.launcher_pid().unwrap()).is_empty());
    }
}

#[test]
fn network_files_processes_and_signals_are_out_of_reach() {
    let Some(mut sb) = full_sandbox("network_files_processes_and_signals_are_out_of_reach") else {
        return;
    };
    let server = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    server.set_nonblocking(true).unwrap();
    let port = server.local_addr().unwrap().port();
    let name = unique("sj-escape-");
    let home = PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into()));
    let targets = [
        Path::new("/tmp").join(&name),
        home.join(&name),
        scratch().join(&name),
    ];
    let program = exe_with(
        "david_correct",
        &format!("david_{name}"),
        &[
            &format!("-DESCAPE_PORT={port}"),
            &format!("-DESCAPE_TMP={:?}", targets[0].to_str().unwrap()),
            &format!("-DESCAPE_HOME={:?}", targets[1].to_str().unwrap()),
            &format!("-DESCAPE_CACHE={:?}", targets[2].to_str().unwrap()),
        ],
    );
    let (stdin, answer) = one_game();
    for _ in 0..2 {
        let o = sb.run(&request(&program, &[], &stdin)).unwrap();
        // Exit 42 would mean an attempt worked; the launcher survived both kills.
        assert_eq!(o.exit, Exit::Code(0), "{o:?}");
        assert_eq!(o.stdout, answer);
        let told = &o.stderr_head;
        assert!(
            told.contains(&format!("connect 127.0.0.1:{port}: Network is unreachable")),
            "{told}"
        );
        assert!(
            told.contains(&format!("write {}: done", targets[0].display())),
            "{told}"
        );
        assert!(told.contains("harness visible: no"), "{told}");
        assert!(
            told.contains("kill(parent 0)") || told.contains("kill(parent 1)"),
            "{told}"
        );
    }
    assert!(matches!(server.accept(), Err(e) if e.kind() == ErrorKind::WouldBlock));
    for target in &targets {
        assert!(
            !target.exists(),
            "{} appeared on the host",
            target.display()
        );
    }
}

#[test]
fn tmp_is_private_to_the_sandbox_and_emptied_between_runs() {
    let Some(mut sb) = full_sandbox("tmp_is_private_to_the_sandbox_and_emptied_between_runs")
    else {
        return;
    };
    let name = unique("sj-tmp-");
    let stdin = input("none", b"");
    let mut req = request(Path::new("/bin/sh"), &[], &stdin);
    req.argv.extend([
        "-c".into(),
        format!("ls -A /tmp; echo x > /tmp/{name}; ls /; id -u").into(),
    ]);
    let first = sb.run(&req).unwrap();
    let second = sb.run(&req).unwrap();
    let listing = |o: &RunOutcome| String::from_utf8_lossy(&o.stdout).into_owned();
    for o in [&first, &second] {
        let text = listing(o);
        assert!(!text.contains(&name), "left from an earlier run: {text}");
        for hidden in ["root\n", "home\n", "var\n", "run\n", "sys\n"] {
            assert!(!text.contains(hidden), "{hidden:?} visible: {text}");
        }
        assert!(text.contains("box\n") && text.contains("usr\n"), "{text}");
    }
    assert!(!Path::new("/tmp").join(&name).exists());
    if rustix::process::geteuid().is_root() {
        assert!(
            listing(&first).ends_with("65534\n"),
            "root must not run candidates as root"
        );
    }
}

#[test]
fn the_cgroup_goes_with_the_sandbox() {
    let Some(sb) = full_sandbox("the_cgroup_goes_with_the_sandbox") else {
        return;
    };
    let isolation = sb.isolation().clone();
    assert_eq!(isolation.level, IsolationLevel::Full);
    assert_eq!(
        isolation.namespaces,
        ["user", "pid", "mount", "net", "ipc", "uts"]
    );
    let paths: Vec<PathBuf> = isolation
        .cgroup
        .unwrap()
        .paths
        .iter()
        .map(PathBuf::from)
        .collect();
    assert!(
        !paths.is_empty() && paths.iter().all(|p| p.is_dir()),
        "{paths:?}"
    );
    drop(sb);
    for path in paths {
        assert!(!path.exists(), "{} was left behind", path.display());
    }
}

#[test]
fn basic_isolation_is_given_when_demanded() {
    let mut sb = sandbox_with(IsolationDemand::Basic, 64);
    assert_eq!(sb.isolation().level, IsolationLevel::Basic);
    assert!(sb.isolation().cgroup.is_none());
    let (stdin, answer) = one_game();
    let o = sb
        .run(&request(&exe("david_correct"), &[], &stdin))
        .unwrap();
    assert_eq!((o.exit, o.stdout.as_slice()), (Exit::Code(0), answer));
}
