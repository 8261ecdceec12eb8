//! Step 4 of the pipeline: one sandboxed process under limits.
//!
//! (Interface fixed here; the implementation lands with issue 3.)

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// Limits for one run of a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLimits {
    /// CPU time (user + sys of the whole process tree) past which the run is TLE.
    pub cpu: Duration,
    /// Wall-clock backstop, so a sleeping candidate is stopped.
    pub wall: Duration,
    /// Peak resident memory past which the run is MLE.
    pub memory_bytes: u64,
    /// Bytes of stdout past which the run is OLE.
    pub output_bytes: u64,
}

impl RunLimits {
    /// Limits derived from a time limit as judges do: wall backstop max(2 x TL, TL + 1 s).
    pub fn from_time_limit(time: Duration, memory_bytes: u64, output_bytes: u64) -> Self {
        RunLimits {
            cpu: time,
            wall: (time * 2).max(time + Duration::from_secs(1)),
            memory_bytes,
            output_bytes,
        }
    }
}

/// What to run: a program with arguments, its environment and its stdin file.
#[derive(Debug, Clone)]
pub struct RunRequest {
    /// Program (absolute path) followed by its arguments.
    pub argv: Vec<OsString>,
    /// The complete environment of the candidate (nothing else is inherited).
    pub env: Vec<(OsString, OsString)>,
    /// File whose contents become the candidate's stdin.
    pub stdin: PathBuf,
    /// Limits of this run.
    pub limits: RunLimits,
}

/// How the candidate's process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Exited normally with this code.
    Code(i32),
    /// Killed by this signal number.
    Signal(i32),
}

/// Which limit, if any, the sandbox stopped the run for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitHit {
    /// CPU time limit.
    Cpu,
    /// Wall-clock backstop.
    Wall,
    /// Memory limit.
    Memory,
    /// Output limit.
    Output,
}

/// Everything measured about one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutcome {
    /// How the candidate ended.
    pub exit: Exit,
    /// User + sys CPU time of the candidate's whole process tree.
    pub cpu: Duration,
    /// Wall-clock time from start to the candidate's exit.
    pub wall: Duration,
    /// The candidate's own peak resident memory in KiB.
    pub peak_memory_kib: u64,
    /// Which limit stopped the run, if any.
    pub limit_hit: Option<LimitHit>,
    /// The candidate's stdout (at most the output limit).
    pub stdout: Vec<u8>,
    /// The first few KiB of the candidate's stderr, lossily decoded.
    pub stderr_head: String,
}

/// Body of the hidden `__launcher` subcommand; returns the process exit code.
pub fn launcher_main() -> i32 {
    eprintln!("stressjudge: the launcher is not implemented yet");
    2
}
