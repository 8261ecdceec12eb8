//! Two runs connected to each other: a candidate and an interactor, the candidate's stdout
//! being the interactor's stdin and the interactor's stdout the candidate's stdin.
//!
//! # How they are connected
//!
//! Each side runs in its own [`Sandbox`] (the candidate fully contained as any run, the
//! interactor as a tool under its own limits), on its own thread; the launchers open named
//! pipes (FIFOs) in a private folder as stdin and stdout instead of files
//! ([`Sandbox::run_connected`]). Opening a FIFO blocks until its other end is open, and each
//! launcher opens its stdin before its stdout, so two launchers opening crosswise would wait for
//! each other forever: the harness holds every FIFO open for reading and writing until both
//! sides have started (or one could not start), then lets go, so that end-of-file and broken
//! pipes reach each side exactly as with plain pipes once the other has gone. DOMjudge's
//! `runpipe` and problemtools' `interactive` connect the two processes with pipes the same way,
//! without a process in between.
//!
//! # The transcript
//!
//! With `record`, a relay in the harness sits between the two (four FIFOs, one thread per
//! direction) and keeps both directions in order, in the Kattis `.interaction` form: lines the
//! candidate wrote start with `>`, lines it read with `<` (problemtools' `statement_util.py`
//! shows `>` lines as the submission's writes and `<` as its reads). A relay costs two context
//! switches per message, so judging runs without one and the engines re-run a failing run with
//! it to show what was said (interactors are deterministic, as the Kattis spec demands of
//! output validators).
//!
//! ```no_run
//! use std::time::Duration;
//! use stressjudge_sandbox::{run_interaction, RunLimits, RunRequest, Sandbox, DEFAULT_OUTPUT_BYTES};
//!
//! let mut candidate = Sandbox::start()?;
//! let mut interactor = Sandbox::start()?;
//! let limits = RunLimits::from_time_limit(Duration::from_secs(1), 256 << 20, DEFAULT_OUTPUT_BYTES);
//! let request = |argv: &str| RunRequest {
//!     argv: vec![argv.into()],
//!     env: vec![],
//!     stdin: "/dev/null".into(), // replaced by the connection
//!     limits,
//!     files: vec![],
//!     dirs: vec![],
//!     collect: vec![],
//!     readonly: vec![],
//!     carry: None,
//!     unlimited_address_space: false,
//!     address_space: None,
//!     argv0: None,
//!     report_fd: false,
//! };
//! let done = run_interaction(
//!     &mut candidate,
//!     &request("/tmp/solution"),
//!     &mut interactor,
//!     &request("/tmp/interactor"),
//!     Some(64 << 10),
//!     &|outcome| outcome.exit == stressjudge_sandbox::Exit::Code(42),
//! )?;
//! println!("{:?} {:?} {}", done.candidate?.exit, done.interactor?.exit, done.interactor_first);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use super::{RunOutcome, RunRequest, Sandbox};

/// Where one side reads and writes, and whom to tell once it runs.
pub struct Endpoint<'a> {
    /// The FIFO (or file) that becomes its stdin.
    pub stdin: PathBuf,
    /// The FIFO (or file) that becomes its stdout.
    pub stdout: PathBuf,
    /// Called once the side's launcher has opened both and started the process.
    pub started: &'a (dyn Fn() + Sync),
    /// Called when the run is over, with the `CLOCK_MONOTONIC` nanoseconds at which its
    /// launcher saw it end (0 when unknown).
    pub ended: &'a (dyn Fn(u64) + Sync),
}

/// The wall-clock backstop for an interactor whose candidate has `candidate_wall`: past the
/// most real time the candidate's run may last (its backstop does not count time spent
/// waiting for a CPU, up to [`super::watch::WALL_CAP_FACTOR`] times), plus two seconds. An
/// interactor waiting on a slow candidate is not stopped before it; two programs waiting on
/// each other end with the candidate's idleness; an interactor stuck alone is stopped.
pub fn interactor_wall(candidate_wall: std::time::Duration) -> std::time::Duration {
    candidate_wall.saturating_mul(super::watch::WALL_CAP_FACTOR) + std::time::Duration::from_secs(2)
}

/// What a connected pair of runs gave (`T`: what the interactor's side returns, its run by
/// default).
#[derive(Debug)]
pub struct Connected<T = RunOutcome> {
    /// The candidate's run (its stdout is empty: it went to the interactor).
    pub candidate: io::Result<RunOutcome>,
    /// The interactor's run.
    pub interactor: io::Result<T>,
    /// Whether the interactor ended before the candidate (problemtools decides by it).
    pub interactor_first: bool,
    /// Both directions in the `.interaction` form, when recorded.
    pub transcript: Option<Transcript>,
}

/// A recorded conversation, bounded in size.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Transcript {
    /// Lines `>` (the candidate wrote) and `<` (the candidate read), in order.
    pub text: String,
    /// Bytes of the conversation left out past the bound.
    pub omitted: u64,
}

impl Transcript {
    /// The text, ending with a line saying what was left out, if anything.
    pub fn shown(&self) -> String {
        if self.omitted == 0 {
            self.text.clone()
        } else {
            format!(
                "{}... ({} more bytes of the interaction not shown)\n",
                self.text, self.omitted
            )
        }
    }
}

/// Runs `candidate` and `interactor` through their sandboxes, connected to each other (their
/// requests' `stdin` must exist but is not used), and returns both outcomes. With
/// `record = Some(bytes)`, the conversation is relayed through the harness and kept up to that
/// many bytes. `accepts` says whether an interactor's outcome is an acceptance (exit 42 for a
/// Kattis validator, 0 for testlib): see [`connect`].
pub fn run_interaction(
    candidate: &mut Sandbox,
    candidate_request: &RunRequest,
    interactor: &mut Sandbox,
    interactor_request: &RunRequest,
    record: Option<usize>,
    accepts: &(dyn Fn(&RunOutcome) -> bool + Sync),
) -> io::Result<Connected> {
    connect(
        record,
        accepts,
        |end| candidate.run_connected(candidate_request, &end),
        |end| interactor.run_connected(interactor_request, &end),
    )
}

/// The connection itself, for callers that run either side their own way (a tool sandbox
/// pool): each closure runs its side with the [`Endpoint`] given and returns its outcome.
///
/// As problemtools' `interactive` runner (`support/interactive/interactive.cc`): the harness
/// keeps reading ends open so that the interactor never gets a broken pipe writing to a
/// candidate that has gone, and a candidate still writing after the interactor accepted and
/// ended gets none either; only an interactor that ends first without accepting (`accepts`
/// false) leaves the candidate writing into a broken pipe.
pub fn connect<C, I, T>(
    record: Option<usize>,
    accepts: &(dyn Fn(&T) -> bool + Sync),
    candidate: C,
    interactor: I,
) -> io::Result<Connected<T>>
where
    C: FnOnce(Endpoint<'_>) -> io::Result<RunOutcome>,
    I: FnOnce(Endpoint<'_>) -> io::Result<T> + Send,
    T: Send + AsRef<RunOutcome>,
{
    let dir = tempfile::Builder::new()
        .prefix("stressjudge-link-")
        .tempdir()?;
    // The launchers of full sandboxes open these as the sandbox's own user.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711))?;
    let fifo = |name: &str| -> io::Result<PathBuf> {
        let path = dir.path().join(name);
        rustix::fs::mkfifoat(
            rustix::fs::CWD,
            &path,
            rustix::fs::Mode::from_raw_mode(0o666),
        )?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666))?;
        Ok(path)
    };
    let relayed = record.is_some();
    // Direct: `to_candidate` is written by the interactor, `from_candidate` read by it.
    // Relayed: the candidate and the interactor each have a pair, the relay joins them.
    let to_candidate = fifo("to-candidate")?;
    let from_candidate = fifo("from-candidate")?;
    let (to_interactor, from_interactor) = if relayed {
        (fifo("to-interactor")?, fifo("from-interactor")?)
    } else {
        (from_candidate.clone(), to_candidate.clone())
    };
    // Held open for reading and writing until both sides started (see the module comment).
    let mut holders = vec![rw(&to_candidate)?, rw(&from_candidate)?];
    let mut relay_sources = Vec::new();
    if relayed {
        holders.push(rw(&to_interactor)?);
        holders.push(rw(&from_interactor)?);
        relay_sources.push((reader(&from_candidate)?, writer(&to_interactor)?));
        relay_sources.push((reader(&from_interactor)?, writer(&to_candidate)?));
    }
    let gate = Gate::new(holders);
    // Not read while the candidate runs: they only keep broken pipes away (see above).
    let to_candidate_kept = idle_reader(&to_candidate)?;
    let from_candidate_kept = Mutex::new(Some(idle_reader(&from_candidate)?));
    // As problemtools' runner and BAPCtools, the candidate's output stays open in the harness
    // until the harness has seen the candidate end: the interactor's end-of-file can then
    // only come after it (and a candidate that closes its stdout but keeps running is stopped
    // at its limit, as there). The interactor's output is not held: when it closes it (a
    // "pseudo-interactive" problem, whose interactor prints the whole input and closes, so
    // the candidate reads to the end of file) or ends, the candidate reads the end of file at
    // once, as DOMjudge's `runpipe` (which closes the pipe to one process when the other
    // closes its output) and BAPCtools' `interactive.py` ("We assume that the output
    // validator knows what it does and directly propagate a closed stream") do; problemtools
    // holds it until the validator has ended, so such a candidate waits for its limit there.
    // Which side ended first is then told by the launchers' clocks (`ended`).
    let candidate_output_held = Mutex::new(Some(writer(&from_candidate)?));
    let recorder = Mutex::new(Recorder::new(record.unwrap_or(0)));
    // When each side started, as the harness heard it: with each run's own wall time it
    // places both ends on one clock (the harness hears of the two ends later, in an order the
    // launchers' own clean-up can swap).
    let starts: Mutex<[Option<Instant>; 2]> = Mutex::new([None, None]);
    let ended_at: Mutex<[u64; 2]> = Mutex::new([0, 0]);
    let ended_candidate = |ns: u64| lock(&ended_at)[0] = ns;
    let ended_interactor = |ns: u64| lock(&ended_at)[1] = ns;
    let started_candidate = || {
        lock(&starts)[0] = Some(Instant::now());
        gate.settle(0)
    };
    let started_interactor = || {
        lock(&starts)[1] = Some(Instant::now());
        gate.settle(1)
    };
    let ends: Mutex<[bool; 2]> = Mutex::new([false, false]);
    let (candidate_result, interactor_result) = std::thread::scope(|scope| {
        if relayed {
            let mut sources = relay_sources.into_iter();
            let (gate, recorder) = (&gate, &recorder);
            let (from_c, to_i) = sources.next().expect("two directions");
            let (from_i, to_c) = sources.next().expect("two directions");
            scope.spawn(move || relay(gate, from_c, to_i, recorder, Direction::Wrote));
            scope.spawn(move || relay(gate, from_i, to_c, recorder, Direction::Read));
        }
        let interactor_end = Endpoint {
            stdin: to_interactor.clone(),
            stdout: from_interactor.clone(),
            started: &started_interactor,
            ended: &ended_interactor,
        };
        let (gate_ref, ends_ref, kept_ref) = (&gate, &ends, &from_candidate_kept);
        let interactor_thread = scope.spawn(move || {
            let result = interactor(interactor_end);
            let mut ends = lock(ends_ref);
            ends[1] = true;
            let first = !ends[0];
            drop(ends);
            if first && !result.as_ref().is_ok_and(accepts) {
                lock(kept_ref).take();
            }
            gate_ref.settle(1);
            result
        });
        let candidate_end = Endpoint {
            stdin: to_candidate.clone(),
            stdout: from_candidate.clone(),
            started: &started_candidate,
            ended: &ended_candidate,
        };
        let candidate_result = candidate(candidate_end);
        // The candidate has gone: what the interactor still writes to it is read and dropped.
        // problemtools' runner never closes that pipe either, so the interactor gets no broken
        // pipe; draining it also frees an interactor that a candidate which stopped reading left
        // blocked on a full pipe (DOMjudge's boolfind `boolfind-test-loop.cc` only writes), so
        // it reads the candidate's end of file and ends, and the candidate's own verdict (TLE)
        // stands, as in problemtools, instead of the interactor waiting for its backstop.
        scope.spawn(move || drain(to_candidate_kept));
        lock(&candidate_output_held).take();
        lock(&ends)[0] = true;
        gate.settle(0);
        let interactor_result = interactor_thread
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the interactor's thread panicked")));
        (candidate_result, interactor_result)
    });
    let [candidate_start, interactor_start] = *lock(&starts);
    let [candidate_ended, interactor_ended] = *lock(&ended_at);
    let interactor_first = match (&candidate_result, &interactor_result) {
        // As the launchers saw the two ends, on the machine's one monotonic clock.
        (Ok(_), Ok(_)) if candidate_ended > 0 && interactor_ended > 0 => {
            interactor_ended < candidate_ended
        }
        (Ok(c), Ok(i)) => match (candidate_start, interactor_start) {
            (Some(cs), Some(is)) => is + i.as_ref().wall < cs + c.wall,
            _ => false,
        },
        _ => false,
    };
    let transcript = relayed.then(|| {
        recorder
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .finish()
    });
    Ok(Connected {
        candidate: candidate_result,
        interactor: interactor_result,
        interactor_first,
        transcript,
    })
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Opens a FIFO for reading and writing: never blocks, and keeps it open both ways.
fn rw(path: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open(path)
}

/// A writing end opened at once (the FIFO has a reader: the held ends), whose writes block.
fn writer(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    set_blocking(&file)?;
    Ok(file)
}

/// A reading end that is never read, opened without waiting for a writer.
fn idle_reader(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// Opens a FIFO's reading end without waiting for a writer, then makes reads block.
fn reader(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    set_blocking(&file)?;
    Ok(file)
}

/// Reads `file` to its end, dropping what it reads.
fn drain(mut file: File) {
    if set_blocking(&file).is_ok() {
        let _ = io::copy(&mut file, &mut io::sink());
    }
}

fn set_blocking(file: &File) -> io::Result<()> {
    let flags = rustix::fs::fcntl_getfl(file)?;
    rustix::fs::fcntl_setfl(file, flags - rustix::fs::OFlags::NONBLOCK)?;
    Ok(())
}

/// Holds the FIFO ends until neither side still has to open its own: each side settles when
/// it has started, or when it ended without starting (its program could not be started).
struct Gate {
    state: Mutex<([bool; 2], Vec<File>)>,
    opened: Condvar,
}

impl Gate {
    fn new(holders: Vec<File>) -> Gate {
        Gate {
            state: Mutex::new(([true, true], holders)),
            opened: Condvar::new(),
        }
    }

    /// Side `side` (0 the candidate, 1 the interactor) started or ended.
    fn settle(&self, side: usize) {
        let mut state = lock(&self.state);
        state.0[side] = false;
        if state.0 == [false, false] {
            state.1.clear();
            self.opened.notify_all();
        }
    }

    /// Waits until both sides settled.
    fn wait_open(&self) {
        let mut state = lock(&self.state);
        while state.0 != [false, false] {
            state = self.opened.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Which way a relayed chunk went, seen from the candidate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// The candidate wrote it (`>`).
    Wrote,
    /// The candidate read it (`<`).
    Read,
}

/// Copies one direction of the conversation, recording it, until the writer ends; once the
/// reader has gone, the rest is drained unheard.
///
/// Its write end is opened before either side starts (while the held ends give the FIFO a
/// reader), so the side reading it never sees a moment without a writer (an early
/// end-of-file); reading starts once both sides run, when an end-of-file means the writer
/// ended.
fn relay(gate: &Gate, mut source: File, target: File, recorder: &Mutex<Recorder>, way: Direction) {
    gate.wait_open();
    let mut target = Some(target);
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = match source.read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        if let Some(out) = target.as_mut() {
            lock(recorder).push(way, &buffer[..n]);
            if out.write_all(&buffer[..n]).is_err() {
                // The reader is gone; what follows is drained, unheard, so that the writer
                // gets no broken pipe (as with the kept reading ends of a direct connection).
                target = None;
            }
        }
    }
}

/// Builds the `.interaction` text from relayed chunks, up to a bound.
struct Recorder {
    limit: usize,
    text: String,
    omitted: u64,
    /// The unfinished line of each direction (`Wrote`, `Read`).
    partial: [Vec<u8>; 2],
}

impl Recorder {
    fn new(limit: usize) -> Recorder {
        Recorder {
            limit,
            text: String::new(),
            omitted: 0,
            partial: [Vec::new(), Vec::new()],
        }
    }

    fn push(&mut self, way: Direction, bytes: &[u8]) {
        let index = usize::from(way == Direction::Read);
        for &b in bytes {
            if b == b'\n' {
                let line = std::mem::take(&mut self.partial[index]);
                self.emit(way, &line);
            } else if self.partial[index].len() < self.limit.max(1) {
                self.partial[index].push(b);
            } else {
                self.omitted += 1;
            }
        }
    }

    fn emit(&mut self, way: Direction, line: &[u8]) {
        let prefix = if way == Direction::Wrote { '>' } else { '<' };
        if self.text.len() + line.len() + 2 > self.limit {
            self.omitted += line.len() as u64 + 1;
            return;
        }
        self.text.push(prefix);
        self.text.push_str(&String::from_utf8_lossy(line));
        self.text.push('\n');
    }

    fn finish(mut self) -> Transcript {
        for way in [Direction::Wrote, Direction::Read] {
            let index = usize::from(way == Direction::Read);
            let line = std::mem::take(&mut self.partial[index]);
            if !line.is_empty() {
                self.emit(way, &line);
            }
        }
        Transcript {
            text: self.text,
            omitted: self.omitted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorder_writes_interaction_lines_and_says_what_it_left_out() {
        let mut r = Recorder::new(21);
        r.push(Direction::Wrote, b"1");
        r.push(Direction::Read, b"higher\n");
        r.push(Direction::Wrote, b"0\n");
        r.push(Direction::Read, b"correct\nmore text that does not fit\n");
        let t = r.finish();
        assert_eq!(t.text, "<higher\n>10\n<correct\n");
        assert_eq!(t.omitted, 28);
        assert!(t
            .shown()
            .ends_with("(28 more bytes of the interaction not shown)\n"));
    }
}
