//! Hostile candidates against the sandbox: every way a program can misbehave must end in
//! prompt, bounded, fully measured outcomes, with nothing left running afterwards.
//!
//! Candidates are small C programs in `tests/hostile/`, compiled with `gcc -O2` on first use.
//! Unless stated, runs get a 1 s CPU limit (2 s wall), 256 MiB of memory, 64 MiB of output.

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use stressjudge::run::{signal_name, Exit, LimitHit, RunLimits, RunOutcome, RunRequest, Sandbox};

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
    static BUILT: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(path) = built.get(name) {
        return path.clone();
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(format!("{name}.c"));
    let out = scratch().join(name);
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(&source)
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
    }
}

fn run(name: &str, args: &[&str]) -> RunOutcome {
    let stdin = input("empty", b"");
    sandbox().run(&request(&exe(name), args, &stdin)).unwrap()
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

fn pids_in(path: &Path) -> Vec<i32> {
    fs::read_to_string(path)
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
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
fn endless_output_is_cut_at_the_limit_without_growing_the_harness() {
    let _g = heavy();
    let before = own_rss_kib();
    let o = run("endless_output", &[]);
    let after = own_rss_kib();
    assert_eq!(o.limit_hit, Some(LimitHit::Output), "{:?}", o.exit);
    assert_eq!(o.exit, Exit::Signal(libc::SIGXFSZ));
    assert!(o.stdout.len() as u64 <= 64 * MIB);
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
    let o = run("background_child", &[]);
    assert_eq!(o.exit, Exit::Code(0), "{o:?}");
    assert_eq!(o.stdout, b"done\n");
    assert!(o.wall < Duration::from_millis(500), "{o:?}");
    let child: i32 = o
        .stderr_head
        .trim()
        .strip_prefix("child ")
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no child pid in {:?}", o.stderr_head));
    assert!(
        reaped(child),
        "the background child {child} survived the run"
    );
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
    let pids = scratch().join("escaper-pids");
    let o = run("setsid_escaper", &[pids.to_str().unwrap()]);
    assert_eq!(o.exit, Exit::Code(0), "{o:?}");
    assert_eq!(o.stdout, b"escaped\n");
    assert!(o.wall < Duration::from_millis(500), "{o:?}");
    let escaped = pids_in(&pids);
    assert_eq!(escaped.len(), 1, "{escaped:?}");
    assert!(reaped(escaped[0]), "the escaper {} survived", escaped[0]);
}

#[test]
fn many_children_and_grandchildren_all_die_with_the_run() {
    let _g = heavy();
    let pids = scratch().join("forker-pids");
    let o = run_cpu_bound("forker", &[pids.to_str().unwrap()]);
    assert_eq!(o.limit_hit, Some(LimitHit::Cpu), "{o:?}");
    let family = pids_in(&pids);
    assert_eq!(family.len(), 64, "{family:?}");
    for pid in family {
        assert!(reaped(pid), "descendant {pid} survived the run");
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
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(r, child.id() as i32);
    assert!(usage.ru_maxrss as u64 > 300 * 1024, "{}", usage.ru_maxrss);
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
fn stderr_flood_is_an_output_limit_too() {
    let stdin = input("none", b"");
    let mut req = request(&exe("endless_output"), &[], &stdin);
    req.argv[0] = "/bin/sh".into();
    req.argv.extend([
        "-c".into(),
        format!("{} 1>&2", exe("endless_output").display()).into(),
    ]);
    req.limits.output_bytes = MIB;
    let o = sandbox().run(&req).unwrap();
    assert_eq!(o.limit_hit, Some(LimitHit::Output), "{:?}", o.exit);
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
    let pids = scratch().join("family-pids");
    let stdin = input("none", b"");
    let mut sb = sandbox();
    let first_launcher = sb.launcher_pid().unwrap() as i32;
    let req = request(&exe("sleeper_family"), &[pids.to_str().unwrap()], &stdin);
    let killer = thread::spawn({
        let pids = pids.clone();
        move || {
            let deadline = Instant::now() + Duration::from_secs(5);
            while pids_in(&pids).len() < 2 && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(5));
            }
            unsafe { libc::kill(first_launcher, libc::SIGKILL) };
        }
    });
    // The launcher dies; the sandbox kills what it had started, restarts it and runs again.
    let o = sb.run(&req).unwrap();
    killer.join().unwrap();
    assert_eq!(o.limit_hit, Some(LimitHit::Wall), "{o:?}");
    assert_ne!(sb.launcher_pid().unwrap() as i32, first_launcher);
    let family = pids_in(&pids);
    assert_eq!(family.len(), 4, "{family:?}");
    for pid in family {
        assert!(!alive(pid), "candidate process {pid} survived");
    }
}

/// Body of the harness-death test when run as its own process (see below).
fn harness_that_gets_killed(pids: &Path) {
    let stdin = input("none", b"");
    let mut req = request(&exe("sleeper_family"), &[pids.to_str().unwrap()], &stdin);
    req.limits.wall = Duration::from_secs(60);
    let _ = sandbox().run(&req);
}

#[test]
fn harness_dying_mid_run_makes_the_launcher_kill_the_run() {
    if let Some(pids) = std::env::var_os("HOSTILE_HARNESS_PIDS") {
        harness_that_gets_killed(Path::new(&pids));
        return;
    }
    let pids = scratch().join("harness-pids");
    let mut harness = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "harness_dying_mid_run_makes_the_launcher_kill_the_run",
            "--test-threads=1",
        ])
        .env("HOSTILE_HARNESS_PIDS", &pids)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while pids_in(&pids).len() < 2 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(5));
    }
    harness.kill().unwrap();
    harness.wait().unwrap();
    let family = pids_in(&pids);
    assert_eq!(family.len(), 2, "{family:?}");
    let deadline = Instant::now() + Duration::from_secs(2);
    while family.iter().any(|&p| alive(p)) && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(5));
    }
    for pid in family {
        assert!(!alive(pid), "candidate process {pid} outlived its harness");
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
