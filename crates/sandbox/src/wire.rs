//! The launcher's wire protocol: one JSON object per line, both ways.
//!
//! The harness first sends `Setup`; the launcher answers `Ready` with the isolation it has, or
//! `Unavailable` (full isolation demanded but impossible) and exits. Then the harness sends
//! [`ToLauncher`] lines on the launcher's stdin; for each `Run` the launcher answers `Started`
//! (or `Failed`), then `Finished`. Byte strings (paths, argv, environment) travel as byte
//! arrays so no non-UTF-8 name is mangled.

use std::io;
use std::os::fd::{AsFd, AsRawFd, RawFd};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::isolation::{Isolation, SandboxOptions};
use super::{Exit, LimitHit};

/// A message from the harness to the launcher.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum ToLauncher {
    /// The first message: how to isolate runs.
    Setup(WireSetup),
    /// Start one run (boxed: far larger than the other messages).
    Run(Box<WireRun>),
    /// Kill the run in progress, if any (ignored between runs).
    Cancel,
}

/// How the launcher isolates runs, sent once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireSetup {
    /// The isolation demanded and the process cap.
    pub options: SandboxOptions,
    /// Only try each namespace alone, answer `Probed` and exit (for `stressjudge doctor`).
    pub probe: bool,
    /// The sandbox's private directory on the host (canonical): `stdout`, `stderr`, and under
    /// full isolation `box` (the working directory, seen as `/box`) and `root` (where the
    /// sandbox's root file system is assembled).
    pub dir: Vec<u8>,
}

/// The working directory of every run under full isolation, as the candidate sees it.
pub(crate) const BOX_INSIDE: &str = "/box";

/// One run as the launcher needs it: everything already absolute and validated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireRun {
    /// Program path followed by its arguments.
    pub argv: Vec<Vec<u8>>,
    /// The complete environment, as `NAME=value` entries.
    pub env: Vec<Vec<u8>>,
    /// The stdin file.
    pub stdin: Vec<u8>,
    /// The working directory of the candidate (exists, prepared), as the candidate sees it.
    pub workdir: Vec<u8>,
    /// Host paths the program must be able to read, each as given and canonical; bound
    /// read-only into the sandbox under full isolation, ignored under basic.
    pub readonly: Vec<(Vec<u8>, Vec<u8>)>,
    /// Where stdout is written.
    pub stdout: Vec<u8>,
    /// Where stderr is written.
    pub stderr: Vec<u8>,
    /// CPU limit in nanoseconds.
    pub cpu_ns: u64,
    /// Wall-clock limit in nanoseconds.
    pub wall_ns: u64,
    /// Memory limit in bytes.
    pub memory_bytes: u64,
    /// Output limit in bytes.
    pub output_bytes: u64,
    /// Whether the working directory is read-only to the candidate (see
    /// [`super::FileIo::read_only_dir`]); under full isolation the launcher makes `/box`'s
    /// mount read-only for the run.
    #[serde(default)]
    pub read_only_workdir: bool,
    /// No `RLIMIT_AS` for this run (see [`super::RunRequest::unlimited_address_space`]).
    #[serde(default)]
    pub unlimited_address_space: bool,
    /// `RLIMIT_AS` soft limit of this run (see [`super::RunRequest::address_space`]).
    #[serde(default)]
    pub address_space: Option<u64>,
    /// `argv[0]` as the program sees it (see [`super::RunRequest::argv0`]); the program is
    /// still the first word of `argv`.
    #[serde(default)]
    pub argv0: Option<Vec<u8>>,
    /// The file opened as the program's descriptor 3 (see [`super::RunRequest::report_fd`]).
    #[serde(default)]
    pub report: Option<Vec<u8>>,
    /// What a build step (a compiler, a `build` script) has beyond a candidate's run; `None`
    /// for a candidate (see [`super::Sandbox::run_build`]).
    #[serde(default)]
    pub build: Option<Box<WireBuild>>,
}

/// A build step's own terms: folders it may write, and rlimits fitted to compilers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireBuild {
    /// Host folders the step may write (each as given and canonical), the working directory
    /// among them; bound read-write at their own paths under full isolation.
    pub writable: Vec<(Vec<u8>, Vec<u8>)>,
    /// `RLIMIT_DATA`: the memory limit, so under basic isolation each compiler process's heap
    /// is bounded by it (a reservation a JVM never touches does not count).
    pub data_bytes: u64,
    /// `RLIMIT_FSIZE`: the largest file the step may write (an object file, an executable).
    pub file_bytes: u64,
}

impl WireRun {
    /// The CPU limit.
    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(self.cpu_ns)
    }

    /// The wall-clock limit.
    pub fn wall(&self) -> Duration {
        Duration::from_nanos(self.wall_ns)
    }
}

/// A message from the launcher to the harness.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum FromLauncher {
    /// The answer to `Setup`: runs will have this isolation.
    Ready(Box<WireReady>),
    /// The answer to a probing `Setup`: each namespace kind with the error creating it, if any.
    Probed(Vec<(String, Option<String>)>),
    /// The answer to `Setup` when full isolation was demanded and is impossible; the launcher
    /// exits after sending it.
    Unavailable {
        /// Why, in one line.
        reason: String,
    },
    /// The candidate is running; its process group id is `pid` (0 under full isolation, where
    /// the launcher's PID namespace is what kills everything if the launcher dies).
    Started {
        /// Pid (and process group id) of the candidate, as the harness sees it.
        pid: i32,
    },
    /// The run could not start.
    Failed {
        /// The OS error number, when there was one.
        errno: Option<i32>,
        /// What failed, for the error message.
        message: String,
    },
    /// The run ended; everything it started is dead and reaped.
    Finished(WireOutcome),
}

/// The launcher's answer to `Setup`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireReady {
    /// What runs will have.
    pub isolation: Isolation,
    /// Host uid and gid the candidate runs as, when they differ from the harness's: the
    /// working directory and the directories made in it must belong to them.
    pub candidate_owner: Option<(u32, u32)>,
}

/// The launcher's measurements of one finished run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct WireOutcome {
    /// How the candidate ended.
    pub exit: Exit,
    /// CPU time of the whole tree in nanoseconds.
    pub cpu_ns: u64,
    /// Wall time in nanoseconds.
    pub wall_ns: u64,
    /// Peak memory in KiB: the candidate's own resident size, or under full isolation the
    /// larger of that and the whole tree's unreclaimable memory.
    pub peak_kib: u64,
    /// The limit that stopped the run, if any.
    pub limit: Option<LimitHit>,
    /// Whether a `Cancel` stopped the run.
    pub cancelled: bool,
    /// `CLOCK_MONOTONIC` (shared by every process of the machine) in nanoseconds when the
    /// candidate was seen to end: which of two connected runs ended first.
    #[serde(default)]
    pub ended_ns: u64,
}

/// Encodes a message as one line (JSON has no raw newlines).
pub(crate) fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    let mut line = serde_json::to_vec(message).expect("wire messages always serialize");
    line.push(b'\n');
    line
}

/// Decodes one line.
pub(crate) fn decode<T: for<'de> Deserialize<'de>>(line: &[u8]) -> io::Result<T> {
    serde_json::from_slice(line).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("bad launcher message: {e}"),
        )
    })
}

/// Writes all of `bytes` to a raw descriptor.
pub(crate) fn write_all_fd(fd: RawFd, mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        // SAFETY: the pointer and length describe a live slice.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        bytes = &bytes[n as usize..];
    }
    Ok(())
}

/// Waits until `fd` is readable (or at end of file), at most `timeout`; false on timeout.
pub(crate) fn wait_readable(fd: RawFd, timeout: Duration) -> io::Result<bool> {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let ms = left.as_millis().min(i32::MAX as u128) as i32;
        let mut pfd = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd.
        let r = unsafe { libc::poll(&mut pfd, 1, ms) };
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if r > 0 {
            return Ok(true);
        }
        if left.is_zero() {
            return Ok(false);
        }
    }
}

/// Splits a byte stream read straight from a descriptor into lines, without ever blocking
/// more than asked (unlike `BufRead`, it can be polled).
pub(crate) struct LineReader<F: AsFd> {
    source: F,
    buf: Vec<u8>,
    start: usize,
}

impl<F: AsFd> LineReader<F> {
    /// A reader over `source`, which nothing else must read.
    pub fn new(source: F) -> Self {
        LineReader {
            source,
            buf: Vec::new(),
            start: 0,
        }
    }

    /// The raw descriptor, for `poll`.
    pub fn raw_fd(&self) -> RawFd {
        self.source.as_fd().as_raw_fd()
    }

    /// The next complete line already buffered, without its newline.
    pub fn take_line(&mut self) -> Option<Vec<u8>> {
        let end = self.buf[self.start..].iter().position(|&b| b == b'\n')?;
        let line = self.buf[self.start..self.start + end].to_vec();
        self.start += end + 1;
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        }
        Some(line)
    }

    /// One `read` call into the buffer; returns the number of bytes read (0 at end of file).
    pub fn fill(&mut self) -> io::Result<usize> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let old = self.buf.len();
        self.buf.resize(old + 64 * 1024, 0);
        loop {
            // SAFETY: the spare part of `buf` is writable for 64 KiB.
            let n = unsafe {
                libc::read(
                    self.raw_fd(),
                    self.buf[old..].as_mut_ptr().cast(),
                    self.buf.len() - old,
                )
            };
            if n < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                self.buf.truncate(old);
                return Err(e);
            }
            self.buf.truncate(old + n as usize);
            return Ok(n as usize);
        }
    }

    /// The next line, waiting at most `timeout` (forever if `None`); `Ok(None)` at end of file,
    /// an error of kind `TimedOut` when the time ran out.
    pub fn read_line(&mut self, timeout: Option<Duration>) -> io::Result<Option<Vec<u8>>> {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            if let Some(line) = self.take_line() {
                return Ok(Some(line));
            }
            if let Some(deadline) = deadline {
                let left = deadline.saturating_duration_since(Instant::now());
                if !wait_readable(self.raw_fd(), left)? {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the launcher did not answer in time",
                    ));
                }
            }
            if self.fill()? == 0 {
                return Ok(None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_through_one_line() {
        let run = ToLauncher::Run(Box::new(WireRun {
            argv: vec![b"/bin/x".to_vec(), vec![0xff, b'\n']],
            env: vec![b"A=b".to_vec()],
            stdin: b"/tmp/in".to_vec(),
            workdir: b"/tmp/w".to_vec(),
            readonly: vec![(b"/a/b".to_vec(), b"/a/c".to_vec())],
            stdout: b"/tmp/o".to_vec(),
            stderr: b"/tmp/e".to_vec(),
            cpu_ns: 1,
            wall_ns: 2,
            memory_bytes: 3,
            output_bytes: 4,
            read_only_workdir: true,
            unlimited_address_space: true,
            address_space: Some(5),
            argv0: Some(b"/pkg/generators/gen/run".to_vec()),
            report: Some(b"/tmp/report".to_vec()),
            build: None,
        }));
        let line = encode(&run);
        assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
        assert_eq!(decode::<ToLauncher>(&line[..line.len() - 1]).unwrap(), run);
        let done = FromLauncher::Finished(WireOutcome {
            exit: Exit::Signal(9),
            cpu_ns: 5,
            wall_ns: 6,
            peak_kib: 7,
            limit: Some(LimitHit::Memory),
            cancelled: false,
            ended_ns: 8,
        });
        let line = encode(&done);
        assert_eq!(
            decode::<FromLauncher>(&line[..line.len() - 1]).unwrap(),
            done
        );
    }

    #[test]
    fn line_reader_splits_and_reports_end_of_file() {
        let (r, w) = std::io::pipe().unwrap();
        write_all_fd(w.as_raw_fd(), b"one\ntwo\nthr").unwrap();
        let mut reader = LineReader::new(r);
        let t = Some(Duration::from_secs(5));
        assert_eq!(reader.read_line(t).unwrap().unwrap(), b"one");
        assert_eq!(reader.read_line(t).unwrap().unwrap(), b"two");
        let err = reader
            .read_line(Some(Duration::from_millis(20)))
            .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        write_all_fd(w.as_raw_fd(), b"ee\n").unwrap();
        drop(w);
        assert_eq!(reader.read_line(t).unwrap().unwrap(), b"three");
        assert_eq!(reader.read_line(t).unwrap(), None);
    }
}
