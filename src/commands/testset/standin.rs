//! TEMPORARY STAND-INS for the build step (src/build) and the sandbox (src/run), written while
//! those were developed in parallel. Only [`super::adapter`] uses this file; at merge time the
//! adapter switches to `crate::build::build` and `crate::run::Sandbox` and this file is deleted.
//!
//! The runner is a plain child process with polling of /proc for CPU time and memory: good
//! enough to exercise the judge, not a sandbox.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::error::UsageError;
use crate::run::{Exit, LimitHit, RunOutcome, RunRequest};

/// A runnable candidate (stand-in for `build::Program`).
#[derive(Debug, Clone)]
pub struct Program {
    /// Program and arguments.
    pub argv: Vec<OsString>,
    /// Its complete environment.
    pub env: Vec<(OsString, OsString)>,
    /// How the user named it.
    pub display_name: String,
    _workdir: Option<Arc<tempfile::TempDir>>,
}

/// Why a candidate could not be built (stand-in for `build::BuildError`).
#[derive(Debug)]
pub enum BuildError {
    /// The user's mistake: missing file, unknown extension.
    Usage(UsageError),
    /// The compiler rejected the source: its message.
    Compile(String),
}

/// Builds `solution` (C, C++, Python or an executable) or wraps `cmd` in `/bin/sh -c`.
pub fn build(solution: Option<&Path>, cmd: Option<&str>) -> Result<Program, BuildError> {
    let env = vec![
        (
            OsString::from("PATH"),
            std::env::var_os("PATH").unwrap_or_default(),
        ),
        (OsString::from("LANG"), OsString::from("C.UTF-8")),
    ];
    let program = |argv: Vec<OsString>, display_name: String, dir| Program {
        argv,
        env: env.clone(),
        display_name,
        _workdir: dir,
    };
    let path = match (solution, cmd) {
        (Some(_), Some(_)) => {
            return Err(BuildError::Usage(UsageError::new(
                "give either SOLUTION or --cmd, not both",
            )))
        }
        (None, Some(cmd)) => {
            let argv = vec!["/bin/sh".into(), "-c".into(), cmd.into()];
            return Ok(program(argv, cmd.to_string(), None));
        }
        (Some(path), None) => path,
        (None, None) => return Err(BuildError::Usage(UsageError::new("no solution given"))),
    };
    let display = path.display().to_string();
    let absolute = path
        .canonicalize()
        .map_err(|e| BuildError::Usage(UsageError::new(format!("cannot read {display}: {e}"))))?;
    let ext = absolute.extension().and_then(|e| e.to_str()).unwrap_or("");
    let compiler = match ext {
        "c" => Some(("gcc", &["-O2", "-std=c11"][..])),
        "cpp" | "cc" | "cxx" => Some(("g++", &["-O2", "-std=c++17"][..])),
        _ => None,
    };
    if let Some((compiler, flags)) = compiler {
        let dir = tempfile::tempdir().map_err(|e| BuildError::Compile(e.to_string()))?;
        let exe = dir.path().join("candidate");
        let out = Command::new(compiler)
            .args(flags)
            .arg(&absolute)
            .arg("-o")
            .arg(&exe)
            .arg("-lm")
            .output()
            .map_err(|e| BuildError::Compile(format!("cannot start {compiler}: {e}")))?;
        if !out.status.success() {
            return Err(BuildError::Compile(
                String::from_utf8_lossy(&out.stderr).into_owned(),
            ));
        }
        return Ok(program(vec![exe.into()], display, Some(Arc::new(dir))));
    }
    let argv = match ext {
        "py" => vec![find_in_path("python3").into(), absolute.into()],
        _ => vec![absolute.into()],
    };
    Ok(program(argv, display, None))
}

fn find_in_path(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}

/// Runs one request as a plain child process (stand-in for `run::Sandbox`).
#[derive(Debug, Default)]
pub struct ProcessRunner;

const STDERR_KEEP: usize = 4096;

impl ProcessRunner {
    /// Runs `req`, killing the process group at the CPU, wall, memory or output limit.
    pub fn run(&mut self, req: &RunRequest) -> io::Result<RunOutcome> {
        let limits = req.limits;
        let (program, args) = req
            .argv
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty argv"))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .env_clear()
            .envs(req.env.iter().map(|(k, v)| (k, v)))
            .stdin(File::open(&req.stdin)?)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let cpu_backstop = limits.cpu.as_secs() + 2;
        // SAFETY: setrlimit is async-signal-safe and touches only the child.
        unsafe {
            cmd.pre_exec(move || {
                let lim = libc::rlimit {
                    rlim_cur: cpu_backstop,
                    rlim_max: cpu_backstop + 1,
                };
                libc::setrlimit(libc::RLIMIT_CPU, &lim);
                Ok(())
            });
        }
        let start = Instant::now();
        let mut child = cmd.spawn()?;
        let pid = child.id() as i32;
        let output_hit = Arc::new(AtomicBool::new(false));
        let mut stdout = child.stdout.take().expect("piped stdout");
        let mut stderr = child.stderr.take().expect("piped stderr");
        let out_flag = Arc::clone(&output_hit);
        let out_thread = std::thread::spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 65536];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let room = (limits.output_bytes as usize).saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
                if n > room {
                    out_flag.store(true, Ordering::SeqCst);
                    kill_group(pid);
                    break;
                }
            }
            kept
        });
        let err_thread = std::thread::spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let room = STDERR_KEEP.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
            }
            String::from_utf8_lossy(&kept).into_owned()
        });
        let mut hit = None;
        let (status, usage) = loop {
            let mut status = 0;
            // SAFETY: a zeroed rusage is a valid value; wait4 fills it.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: plain syscall on our own child.
            let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
            if r == pid {
                break (status, usage);
            }
            if r < 0 {
                return Err(io::Error::last_os_error());
            }
            if hit.is_none() {
                hit = if start.elapsed() > limits.wall {
                    Some(LimitHit::Wall)
                } else if proc_cpu(pid) > limits.cpu {
                    Some(LimitHit::Cpu)
                } else if proc_rss_kib(pid) * 1024 > limits.memory_bytes {
                    Some(LimitHit::Memory)
                } else {
                    None
                };
                if hit.is_some() {
                    kill_group(pid);
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let wall = start.elapsed();
        kill_group(pid);
        let stdout = out_thread.join().unwrap_or_default();
        let stderr_head = err_thread.join().unwrap_or_default();
        let status = std::process::ExitStatus::from_raw(status);
        let exit = match (status.code(), status.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(sig)) => Exit::Signal(sig),
            _ => Exit::Code(-1),
        };
        let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        let cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
        if hit.is_none() && output_hit.load(Ordering::SeqCst) {
            hit = Some(LimitHit::Output);
        }
        if hit.is_none() && exit == Exit::Signal(libc::SIGXCPU) {
            hit = Some(LimitHit::Cpu);
        }
        Ok(RunOutcome {
            exit,
            cpu,
            wall,
            peak_memory_kib: usage.ru_maxrss.max(0) as u64,
            limit_hit: hit,
            stdout,
            stderr_head,
        })
    }
}

fn kill_group(pid: i32) {
    // SAFETY: signalling our own child's process group.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
}

/// User + sys CPU time of a live process from /proc (zero when unreadable).
fn proc_cpu(pid: i32) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Duration::ZERO;
    };
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // Fields 14 and 15 of stat (utime, stime) are at 11 and 12 after the name.
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_millis((ticks(11) + ticks(12)) * 1000 / hz)
}

/// Resident memory of a live process from /proc, KiB (zero when unreadable).
fn proc_rss_kib(pid: i32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
