//! The harness side: a [`Sandbox`] owns one launcher process and runs requests through it.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

mod build_step;

use super::cgroup;
use super::interact::Endpoint;
use super::isolation::{Isolation, IsolationDemand, IsolationLevel, SandboxOptions};
use super::watch::WALL_CAP_FACTOR;
use super::wire::{
    decode, encode, FromLauncher, LineReader, ToLauncher, WireOutcome, WireRun, WireSetup,
    BOX_INSIDE,
};
use super::workdir;
use super::{FileIo, LimitHit, RunLimits, RunOutcome, RunRequest, REPORT_KEPT};

pub use build_step::BuildPlace;

/// How long the launcher may take to start a candidate before it is presumed dead.
const START_TIMEOUT: Duration = Duration::from_secs(30);
/// Grace beyond the longest a run may last (its wall limit times [`WALL_CAP_FACTOR`], when it
/// spent most of it waiting for a CPU) before a silent launcher is presumed dead.
const FINISH_GRACE: Duration = Duration::from_secs(10);
/// Bytes of stdout kept from a run that exceeded the output limit.
const FLOODED_STDOUT_KEPT: u64 = 64 * 1024;
/// Bytes of stderr kept.
const STDERR_KEPT: u64 = 4 * 1024;

/// A sandbox: one launcher process that runs candidates one at a time.
///
/// Use one `Sandbox` per worker thread (`run` takes `&mut self`); with `--jobs N` make N of
/// them. [`Sandbox::cancel_handle`] gives a `Send + Sync` handle that another thread (a Ctrl-C
/// handler) can use to kill the run in progress. Dropping the sandbox ends its launcher; if
/// the whole harness dies instead, the launcher sees its request pipe close, kills any run in
/// progress and exits.
///
/// The sandbox's isolation is chosen when it starts ([`Sandbox::start_with_options`]) and
/// stays the same for its whole life, across launcher restarts; [`Sandbox::isolation`] says
/// what it is.
///
/// ```no_run
/// use std::time::Duration;
/// use stressjudge_sandbox::{RunLimits, RunRequest, Sandbox, DEFAULT_OUTPUT_BYTES};
///
/// let mut sandboxes: Vec<Sandbox> = (0..2).map(|_| Sandbox::start()).collect::<Result<_, _>>()?;
/// let cancels: Vec<_> = sandboxes.iter().map(Sandbox::cancel_handle).collect();
/// ctrlc::set_handler(move || cancels.iter().for_each(|c| c.cancel())).unwrap();
/// let request = RunRequest {
///     argv: vec!["/tmp/solution".into()],
///     env: vec![("PATH".into(), "/usr/bin:/bin".into())],
///     stdin: "/tmp/input.txt".into(),
///     limits: RunLimits::from_time_limit(Duration::from_secs(1), 256 << 20, DEFAULT_OUTPUT_BYTES),
///     files: vec![],
///     dirs: vec![],
///     collect: vec![],
///     readonly: vec![],
///     carry: None,
///     unlimited_address_space: false,
///     address_space: None,
///     argv0: None,
///     report_fd: false,
/// };
/// std::thread::scope(|scope| {
///     for sandbox in &mut sandboxes {
///         let request = &request;
///         scope.spawn(move || sandbox.run(request));
///     }
/// });
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Sandbox {
    launcher_path: PathBuf,
    /// This sandbox's private directory: `stdout`, `stderr` and the working directory.
    dir: tempfile::TempDir,
    /// `dir`, canonical (the launcher of a full sandbox opens paths from the host's root).
    canonical_dir: PathBuf,
    /// Name of the working directory inside `dir`; changes if one cannot be emptied.
    work: String,
    /// How many working directories could not be emptied.
    abandoned: u32,
    /// The options; once the first launcher answered, the demand is its level, so a restarted
    /// launcher gives the same isolation.
    options: SandboxOptions,
    /// What the launcher reported.
    isolation: Option<Isolation>,
    /// Host uid and gid owning the working directory under full isolation, when not the
    /// harness's.
    owner: Option<(u32, u32)>,
    /// Canonical forms of paths already sent (the same program and input file come back run
    /// after run; resolving them costs a system call per component).
    canonical: HashMap<PathBuf, PathBuf>,
    launcher: Option<Launcher>,
    shared: Arc<Shared>,
}

/// A running launcher process and the reading end of its answers.
struct Launcher {
    child: Child,
    answers: LineReader<ChildStdout>,
}

/// State shared with cancel handles.
struct Shared {
    cancelled: AtomicBool,
    requests: Mutex<Option<ChildStdin>>,
}

impl Shared {
    fn requests(&self) -> MutexGuard<'_, Option<ChildStdin>> {
        self.requests.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Cancels a sandbox's runs from any thread (e.g. a Ctrl-C handler).
///
/// Cancelling is sticky: the run in progress is killed at once and returns an error of kind
/// [`io::ErrorKind::Interrupted`], and so does every later `run` until [`CancelHandle::reset`].
#[derive(Clone)]
pub struct CancelHandle {
    shared: Arc<Shared>,
}

impl CancelHandle {
    /// Kills the run in progress (with its whole process group) and refuses further runs.
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::SeqCst);
        if let Some(requests) = self.shared.requests().as_mut() {
            // A failure means the launcher is gone, and so is the run.
            let _ = requests.write_all(&encode(&ToLauncher::Cancel));
        }
    }

    /// Whether [`CancelHandle::cancel`] was called since the last reset.
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancelled.load(Ordering::SeqCst)
    }

    /// Whether both handles cancel the same sandbox.
    pub fn same_as(&self, other: &CancelHandle) -> bool {
        Arc::ptr_eq(&self.shared, &other.shared)
    }

    /// Accepts runs again after a cancel.
    pub fn reset(&self) {
        self.shared.cancelled.store(false, Ordering::SeqCst);
    }
}

/// What went wrong talking to the launcher.
enum Trouble {
    /// The launcher died or stopped answering; the run may be retried on a new one.
    Lost(io::Error),
    /// The run itself could not be done; retrying would not help.
    Fatal(io::Error),
}

impl Sandbox {
    /// Starts a sandbox whose launcher is this executable (`stressjudge __launcher`), with the
    /// process-wide options ([`super::configure_process`]; auto isolation unless set).
    pub fn start() -> io::Result<Sandbox> {
        Sandbox::start_with_options(std::env::current_exe()?, &super::process_options())
    }

    /// Starts a sandbox with auto isolation whose launcher is `launcher` run as `launcher
    /// __launcher` (tests pass the `stressjudge` binary, since a test executable has no such
    /// subcommand).
    pub fn start_with(launcher: impl Into<PathBuf>) -> io::Result<Sandbox> {
        Sandbox::start_with_options(launcher, &SandboxOptions::default())
    }

    /// Starts a sandbox whose launcher is `launcher`, isolated as `options` say. Demanding
    /// [`IsolationDemand::Full`] on a machine that cannot give it is an error of kind
    /// `Unsupported` whose message says why.
    pub fn start_with_options(
        launcher: impl Into<PathBuf>,
        options: &SandboxOptions,
    ) -> io::Result<Sandbox> {
        let dir = tempfile::Builder::new()
            .prefix("stressjudge-sandbox-")
            .tempdir_in(run_root())?;
        let canonical_dir = std::fs::canonicalize(dir.path())?;
        if options.isolation != IsolationDemand::Basic {
            for sub in ["box", "root"] {
                std::fs::create_dir(dir.path().join(sub))?;
            }
        }
        let mut sandbox = Sandbox {
            launcher_path: launcher.into(),
            dir,
            canonical_dir,
            work: "work".to_string(),
            abandoned: 0,
            options: *options,
            isolation: None,
            owner: None,
            canonical: HashMap::new(),
            launcher: None,
            shared: Arc::new(Shared {
                cancelled: AtomicBool::new(false),
                requests: Mutex::new(None),
            }),
        };
        sandbox.ensure_launcher()?;
        Ok(sandbox)
    }

    /// What this sandbox's runs have: full or basic isolation, with the details.
    pub fn isolation(&self) -> &Isolation {
        self.isolation
            .as_ref()
            .expect("a started sandbox knows its isolation")
    }

    fn is_full(&self) -> bool {
        self.isolation().level == IsolationLevel::Full
    }

    /// A handle that cancels this sandbox's runs from another thread.
    pub fn cancel_handle(&self) -> CancelHandle {
        CancelHandle {
            shared: Arc::clone(&self.shared),
        }
    }

    /// The launcher's process id, if one is running.
    pub fn launcher_pid(&self) -> Option<u32> {
        self.launcher.as_ref().map(|l| l.child.id())
    }

    /// Runs one candidate to its end in a fresh working directory (holding the request's
    /// `dirs` and `files`) and reports what happened, with the request's `collect` files read
    /// back. Errors mean there is no verdict: the program could not be started (e.g.
    /// `NotFound`), the run was cancelled (`Interrupted`), or the launcher died twice.
    pub fn run(&mut self, req: &RunRequest) -> io::Result<RunOutcome> {
        self.run_with_file_io(req, &FileIo::default())
    }

    /// [`Sandbox::run`] with file I/O ([`FileIo`]): the request's stdin file is copied into
    /// the working directory under the input file's name and stdin is empty; the output file
    /// (read without following links, at most the output limit; missing = empty) is the
    /// outcome's `stdout`, and one longer than the limit is an output limit.
    pub fn run_with_file_io(
        &mut self,
        req: &RunRequest,
        file_io: &FileIo,
    ) -> io::Result<RunOutcome> {
        if file_io.is_standard() {
            return self.run_with(req, None, None, Place::of(file_io));
        }
        let mut req = req.clone();
        if let Some(name) = &file_io.input {
            req.files.push((name.clone(), req.stdin.clone()));
            req.stdin = PathBuf::from("/dev/null");
        }
        let place = Place {
            run_in: None,
            read_only: file_io.read_only_dir && file_io.output.is_none(),
        };
        self.run_with(&req, None, file_io.output.as_deref(), place)
    }

    /// Runs one program connected to another ([`super::interact`]): its stdin and stdout are
    /// the endpoint's (named pipes, or files), not the request's stdin and a file read back;
    /// the endpoint's `started` is called once the launcher has opened them and started it.
    /// The outcome's `stdout` is empty.
    pub fn run_connected(
        &mut self,
        req: &RunRequest,
        end: &Endpoint<'_>,
    ) -> io::Result<RunOutcome> {
        self.run_connected_in(req, end, &FileIo::default())
    }

    /// [`Sandbox::run_connected`] in the working directory `file_io` describes (read-only,
    /// or the program's own folder; its file names do not apply to a connected run).
    pub fn run_connected_in(
        &mut self,
        req: &RunRequest,
        end: &Endpoint<'_>,
        file_io: &FileIo,
    ) -> io::Result<RunOutcome> {
        self.run_with(req, Some(end), None, Place::of(file_io))
    }

    fn run_with(
        &mut self,
        req: &RunRequest,
        end: Option<&Endpoint<'_>>,
        answer_file: Option<&str>,
        place: Place<'_>,
    ) -> io::Result<RunOutcome> {
        let mut last_loss = None;
        for _attempt in 0..2 {
            self.ensure_launcher()?;
            let (host_workdir, inside) = self.fresh_workdir()?;
            let prepared = workdir::prepare(&host_workdir, &req.dirs, &req.files, self.owner)
                .and_then(|()| match &req.carry {
                    Some(carried) => workdir::carry_in(&host_workdir, carried, self.owner),
                    None => Ok(()),
                });
            let full = self.is_full();
            // Under basic isolation a read-only working directory is its mode (the launcher
            // makes the mount read-only under full isolation).
            let locked = !full && place.read_only && place.run_in.is_none();
            let prepared = prepared.and_then(|()| match locked {
                true => set_mode(&host_workdir, 0o555),
                false => Ok(()),
            });
            let known = full.then_some(&mut self.canonical);
            let shown = place.run_in.unwrap_or(&inside);
            let wire = prepared
                .and_then(|()| wire_run(req, &self.canonical_dir, shown, known))
                .map(|mut wire| {
                    wire.read_only_workdir = place.read_only;
                    wire
                })
                .and_then(|wire| connected(wire, end));
            let started = end.map(|e| e.started);
            let result = wire.and_then(|wire| match self.exchange(&wire, started) {
                Ok(outcome) => {
                    if let Some(end) = end {
                        (end.ended)(outcome.ended_ns);
                    }
                    let collected = workdir::collect(&host_workdir, &req.collect);
                    let carried = match &req.carry {
                        Some(carried) => {
                            workdir::carry_out(&host_workdir, carried, req.limits.output_bytes)
                        }
                        None => Ok(()),
                    };
                    let mut outcome = carried.and_then(|()| {
                        collect(outcome, self.dir.path(), req, collected, end.is_none())
                    });
                    if let (Ok(o), Some(_)) = (&mut outcome, end) {
                        o.stdout.clear();
                    }
                    match answer_file {
                        Some(name) => outcome
                            .map(|o| answer_from_file(o, &host_workdir, name, &req.limits))
                            .map(Some),
                        None => outcome.map(Some),
                    }
                }
                Err(Trouble::Fatal(e)) => Err(e),
                Err(Trouble::Lost(e)) => {
                    last_loss = Some(e);
                    Ok(None)
                }
            });
            if locked {
                let _ = set_mode(&host_workdir, 0o755);
            }
            self.clear_workdir(&host_workdir);
            if let Some(outcome) = result? {
                return Ok(outcome);
            }
        }
        let e = last_loss.expect("two attempts were made");
        Err(io::Error::new(
            e.kind(),
            format!("the sandbox launcher died twice: {e}"),
        ))
    }

    /// The working directory of the next run: on the host, and as the candidate sees it.
    /// Under basic isolation it is created empty for each run; under full isolation it is the
    /// sandbox's `box` (seen as `/box`), emptied after each run.
    fn fresh_workdir(&mut self) -> io::Result<(PathBuf, PathBuf)> {
        if self.is_full() {
            let host = self.dir.path().join("box");
            return Ok((host, PathBuf::from(BOX_INSIDE)));
        }
        loop {
            let workdir = self.dir.path().join(&self.work);
            match std::fs::create_dir(&workdir) {
                Ok(()) => return Ok((workdir.clone(), workdir)),
                // Left by a candidate that wrote outside its own directory.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && self.abandoned < 100 => {
                    self.clear_workdir(&workdir)
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Empties the working directory after a run, so the next one starts empty. Under basic
    /// isolation one that cannot be removed is left for the final cleanup and the next run uses
    /// a new name; under full isolation the `box` is moved aside and the launcher restarted on a
    /// new one (its mount follows the directory, not the name).
    fn clear_workdir(&mut self, workdir: &Path) {
        if self.is_full() {
            if workdir::empty(workdir).is_err() {
                self.abandoned += 1;
                let aside = self.dir.path().join(format!("box-{}", self.abandoned));
                let _ = std::fs::rename(workdir, aside);
                let _ = std::fs::create_dir(workdir);
                self.discard_launcher(None);
            }
            return;
        }
        if std::fs::remove_dir(workdir).is_ok() || std::fs::remove_dir_all(workdir).is_ok() {
            return;
        }
        self.abandoned += 1;
        self.work = format!("work-{}", self.abandoned);
    }

    /// Starts the launcher if none is running, and learns the isolation it gives.
    fn ensure_launcher(&mut self) -> io::Result<()> {
        if self.launcher.is_some() {
            return Ok(());
        }
        let mut child = Command::new(&self.launcher_path)
            .arg("__launcher")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!(
                        "cannot start the sandbox launcher {}: {e}",
                        self.launcher_path.display()
                    ),
                )
            })?;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut answers = LineReader::new(stdout);
        let setup = ToLauncher::Setup(WireSetup {
            probe: false,
            options: self.options,
            dir: bytes(self.canonical_dir.as_os_str()),
        });
        let ready = stdin
            .write_all(&encode(&setup))
            .and_then(|()| answers.read_line(Some(START_TIMEOUT)))
            .and_then(|line| {
                let line = line.ok_or_else(|| {
                    io::Error::new(io::ErrorKind::BrokenPipe, "the launcher exited at once")
                })?;
                decode::<FromLauncher>(&line)
            });
        let ready = match ready {
            Ok(FromLauncher::Ready(ready)) => ready,
            other => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(match other {
                    Ok(FromLauncher::Unavailable { reason }) => io::Error::new(
                        io::ErrorKind::Unsupported,
                        format!("full isolation is not available here: {reason}"),
                    ),
                    Ok(_) => io::Error::new(
                        io::ErrorKind::InvalidData,
                        "the launcher did not answer its setup",
                    ),
                    Err(e) => {
                        io::Error::new(e.kind(), format!("the sandbox launcher did not start: {e}"))
                    }
                });
            }
        };
        self.options.isolation = match ready.isolation.level {
            IsolationLevel::Full => IsolationDemand::Full,
            IsolationLevel::Basic => IsolationDemand::Basic,
        };
        self.owner = ready.candidate_owner;
        self.isolation = Some(ready.isolation);
        *self.shared.requests() = Some(stdin);
        self.launcher = Some(Launcher { child, answers });
        Ok(())
    }

    /// Sends one run and waits for its outcome.
    fn exchange(
        &mut self,
        wire: &WireRun,
        started_hook: Option<&(dyn Fn() + Sync)>,
    ) -> Result<WireOutcome, Trouble> {
        self.ensure_launcher().map_err(Trouble::Fatal)?;
        {
            let mut requests = self.shared.requests();
            // Checked under the lock, so a cancel either is seen here or is written after
            // this request (and then kills it).
            if self.shared.cancelled.load(Ordering::SeqCst) {
                return Err(Trouble::Fatal(cancelled()));
            }
            let pipe = requests.as_mut().expect("a launcher is running");
            if let Err(e) = pipe.write_all(&encode(&ToLauncher::Run(Box::new(wire.clone())))) {
                drop(requests);
                self.discard_launcher(None);
                return Err(Trouble::Lost(e));
            }
        }
        let mut started = None;
        loop {
            let timeout = match started {
                None => START_TIMEOUT,
                Some(_) => wire.wall().saturating_mul(WALL_CAP_FACTOR) + FINISH_GRACE,
            };
            let answers = &mut self
                .launcher
                .as_mut()
                .expect("a launcher is running")
                .answers;
            let line = match answers.read_line(Some(timeout)) {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.discard_launcher(started);
                    return Err(Trouble::Lost(io::Error::new(
                        io::ErrorKind::BrokenPipe,
                        "the launcher exited",
                    )));
                }
                Err(e) => {
                    self.discard_launcher(started);
                    return Err(Trouble::Lost(e));
                }
            };
            match decode::<FromLauncher>(&line) {
                Ok(FromLauncher::Started { pid }) => {
                    started = Some(pid);
                    if let Some(hook) = started_hook {
                        hook();
                    }
                }
                Ok(FromLauncher::Failed { errno, message }) => {
                    let kind = errno.map_or(io::ErrorKind::Other, |n| {
                        io::Error::from_raw_os_error(n).kind()
                    });
                    return Err(Trouble::Fatal(io::Error::new(kind, message)));
                }
                Ok(
                    FromLauncher::Ready(_)
                    | FromLauncher::Probed(_)
                    | FromLauncher::Unavailable { .. },
                ) => {
                    self.discard_launcher(started);
                    return Err(Trouble::Lost(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "the launcher answered out of turn",
                    )));
                }
                Ok(FromLauncher::Finished(outcome)) => {
                    if outcome.cancelled || self.shared.cancelled.load(Ordering::SeqCst) {
                        return Err(Trouble::Fatal(cancelled()));
                    }
                    return Ok(outcome);
                }
                Err(e) => {
                    self.discard_launcher(started);
                    return Err(Trouble::Lost(e));
                }
            }
        }
    }

    /// Kills and reaps a launcher that died or hung, and the process group of the candidate
    /// it had started (which its own death signal has already killed).
    fn discard_launcher(&mut self, candidate: Option<i32>) {
        let kill_candidate = || {
            if let Some(pgid) = candidate.filter(|&p| p > 0) {
                // SAFETY: plain system call.
                unsafe { libc::killpg(pgid, libc::SIGKILL) };
            }
        };
        kill_candidate();
        *self.shared.requests() = None;
        if let Some(mut launcher) = self.launcher.take() {
            let _ = launcher.child.kill();
            let _ = launcher.child.wait();
        }
        kill_candidate();
        // The killed outer launcher could not remove its cgroup; its inner launcher and the
        // runs die with it (death signal, then the PID namespace), which empties the cgroup.
        if let Some(info) = self.isolation.as_ref().and_then(|i| i.cgroup.as_ref()) {
            let dirs: Vec<PathBuf> = info.paths.iter().map(PathBuf::from).collect();
            cgroup::remove_dirs(&dirs, Duration::from_secs(2));
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // Closing the request pipe makes an idle launcher exit.
        *self.shared.requests() = None;
        if let Some(mut launcher) = self.launcher.take() {
            let _ = launcher.child.wait();
        }
    }
}

/// Space a memory-backed run root must have free: a few runs' worth of maximal output.
const MIN_SHM_FREE: u64 = 1 << 30;

/// Where run directories go: `/dev/shm` when it is a tmpfs with room (creating and deleting
/// files there costs microseconds, against milliseconds on a disk mounted with `discard`),
/// otherwise the system temporary directory.
pub fn run_root() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let mut st = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: a valid NUL-terminated path and out-parameter.
    let ok = unsafe { libc::statvfs(c"/dev/shm".as_ptr(), st.as_mut_ptr()) } == 0;
    if ok {
        // SAFETY: statvfs succeeded, so `st` is initialised.
        let st = unsafe { st.assume_init() };
        let free = st.f_bavail.saturating_mul(st.f_frsize);
        // SAFETY: a valid NUL-terminated path.
        let writable = unsafe { libc::access(c"/dev/shm".as_ptr(), libc::W_OK) } == 0;
        if free >= MIN_SHM_FREE && writable {
            return shm.to_path_buf();
        }
    }
    std::env::temp_dir()
}

fn cancelled() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, "the run was cancelled")
}

fn invalid(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message.to_string())
}

fn bytes(s: &OsStr) -> Vec<u8> {
    s.as_bytes().to_vec()
}

/// The canonical form of `path` (which must exist), remembered in `known`.
fn canonical(path: &Path, known: &mut HashMap<PathBuf, PathBuf>) -> io::Result<PathBuf> {
    if let Some(found) = known.get(path) {
        return Ok(found.clone());
    }
    let found = std::fs::canonicalize(path)?;
    known.insert(path.to_path_buf(), found.clone());
    Ok(found)
}

/// A path as given (made absolute) and canonical (the given one when it does not exist).
fn given_and_canonical(
    path: &Path,
    known: &mut HashMap<PathBuf, PathBuf>,
) -> io::Result<(Vec<u8>, Vec<u8>)> {
    let given = std::path::absolute(path)?;
    let canonical = canonical(&given, known).unwrap_or_else(|_| given.clone());
    Ok((bytes(given.as_os_str()), bytes(canonical.as_os_str())))
}

/// Where one run happens: its working directory's access, or the program's own folder.
#[derive(Debug, Clone, Copy, Default)]
struct Place<'a> {
    /// The program's own folder to run in instead of the fresh working directory.
    run_in: Option<&'a Path>,
    /// Whether the working directory is read-only to the program.
    read_only: bool,
}

impl<'a> Place<'a> {
    /// The place `file_io` asks for, for a run with the standard streams.
    fn of(file_io: &'a FileIo) -> Place<'a> {
        Place {
            run_in: file_io.run_in.as_deref(),
            read_only: file_io.read_only_dir,
        }
    }
}

/// Sets the permission bits of `dir`.
fn set_mode(dir: &Path, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode))
}

/// The wire form of a request, running in `workdir` (as the candidate sees it) with stdout and
/// stderr in `dir` (canonical). The launcher of a full sandbox (`canonical_paths` given: paths
/// already resolved) gets canonical paths (it opens them from the host's root) and the
/// read-only paths, the program among them.
fn wire_run(
    req: &RunRequest,
    dir: &Path,
    workdir: &Path,
    canonical_paths: Option<&mut HashMap<PathBuf, PathBuf>>,
) -> io::Result<WireRun> {
    let program = req.argv.first().ok_or_else(|| invalid("empty argv"))?;
    if !Path::new(program).is_absolute() {
        return Err(invalid("the program path must be absolute"));
    }
    let mut env = Vec::with_capacity(req.env.len());
    for (name, value) in &req.env {
        if name.is_empty() || name.as_bytes().contains(&b'=') {
            return Err(invalid(
                "an environment variable name is empty or contains `=`",
            ));
        }
        let mut entry = bytes(name);
        entry.push(b'=');
        entry.extend_from_slice(value.as_bytes());
        env.push(entry);
    }
    let limits = &req.limits;
    let (stdin, readonly) = match canonical_paths {
        Some(known) => {
            let mut readonly = vec![given_and_canonical(Path::new(program), known)?];
            for path in &req.readonly {
                readonly.push(given_and_canonical(path, known)?);
            }
            let stdin = canonical(&std::path::absolute(&req.stdin)?, known)?;
            (stdin, readonly)
        }
        None => (std::path::absolute(&req.stdin)?, Vec::new()),
    };
    Ok(WireRun {
        argv: req.argv.iter().map(|a| bytes(a)).collect(),
        env,
        stdin: bytes(stdin.as_os_str()),
        workdir: bytes(workdir.as_os_str()),
        readonly,
        stdout: bytes(dir.join("stdout").as_os_str()),
        stderr: bytes(dir.join("stderr").as_os_str()),
        cpu_ns: limits.cpu.as_nanos().min(u64::MAX as u128) as u64,
        wall_ns: limits.wall.as_nanos().min(u64::MAX as u128) as u64,
        memory_bytes: limits.memory_bytes,
        output_bytes: limits.output_bytes,
        read_only_workdir: false,
        unlimited_address_space: req.unlimited_address_space,
        address_space: req.address_space,
        argv0: req.argv0.as_deref().map(bytes),
        report: req.report_fd.then(|| bytes(dir.join("report").as_os_str())),
        build: None,
    })
}

/// The wire form of a connected run: stdin and stdout are the endpoint's (absolute, canonical
/// paths: a full sandbox's launcher opens them from the host's root).
fn connected(mut wire: WireRun, end: Option<&Endpoint<'_>>) -> io::Result<WireRun> {
    if let Some(end) = end {
        wire.stdin = bytes(std::fs::canonicalize(&end.stdin)?.as_os_str());
        let stdout = &end.stdout;
        let parent = stdout
            .parent()
            .ok_or_else(|| invalid("stdout has no folder"))?;
        let name = stdout
            .file_name()
            .ok_or_else(|| invalid("stdout has no name"))?;
        wire.stdout = bytes(std::fs::canonicalize(parent)?.join(name).as_os_str());
    }
    Ok(wire)
}

/// Reads at most `limit` bytes of a file.
fn read_head(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = File::open(path)?;
    let len = file.metadata()?.len().min(limit);
    let mut data = Vec::with_capacity(len as usize);
    file.take(limit).read_to_end(&mut data)?;
    Ok(data)
}

/// The public outcome: the launcher's measurements plus the output files read back.
fn collect(
    o: WireOutcome,
    dir: &Path,
    req: &RunRequest,
    collected: Vec<(String, Vec<u8>)>,
    read_stdout: bool,
) -> io::Result<RunOutcome> {
    // A flood cut at the limit but stopped by the time limit has a long stdout too.
    let flooded =
        std::fs::metadata(dir.join("stdout")).is_ok_and(|m| m.len() > req.limits.output_bytes);
    let kept = match o.limit {
        Some(LimitHit::Output) => FLOODED_STDOUT_KEPT.min(req.limits.output_bytes),
        _ if flooded => FLOODED_STDOUT_KEPT.min(req.limits.output_bytes),
        _ => req.limits.output_bytes,
    };
    let stdout = if read_stdout {
        read_head(&dir.join("stdout"), kept)?
    } else {
        Vec::new()
    };
    let stderr = read_head(&dir.join("stderr"), STDERR_KEPT)?;
    let report = match req.report_fd {
        true => read_head(&dir.join("report"), REPORT_KEPT)?,
        false => Vec::new(),
    };
    Ok(RunOutcome {
        exit: o.exit,
        cpu: Duration::from_nanos(o.cpu_ns),
        wall: Duration::from_nanos(o.wall_ns),
        peak_memory_kib: o.peak_kib,
        limit_hit: o.limit,
        stdout,
        stderr_head: String::from_utf8_lossy(&stderr).into_owned(),
        collected,
        report,
    })
}

/// The outcome with the working directory's file `name` as its stdout (see
/// [`Sandbox::run_with_file_io`]).
fn answer_from_file(
    mut outcome: RunOutcome,
    workdir: &Path,
    name: &str,
    limits: &RunLimits,
) -> RunOutcome {
    let kept = match outcome.limit_hit {
        Some(LimitHit::Output) => FLOODED_STDOUT_KEPT.min(limits.output_bytes),
        _ => limits.output_bytes,
    };
    let (mut bytes, len) = workdir::read_file(workdir, name, kept).unwrap_or_default();
    if len > limits.output_bytes && outcome.limit_hit.is_none() {
        // RLIMIT_FSIZE stops the file at limit + 1 bytes: a candidate that ignored SIGXFSZ.
        outcome.limit_hit = Some(LimitHit::Output);
        bytes.truncate(FLOODED_STDOUT_KEPT as usize);
    }
    outcome.stdout = bytes;
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sandboxes_move_between_threads_and_handles_are_shared() {
        fn send<T: Send>() {}
        fn send_sync<T: Send + Sync>() {}
        send::<Sandbox>();
        send_sync::<CancelHandle>();
    }

    #[test]
    fn requests_are_checked_before_anything_runs() {
        let dir = tempfile::tempdir().unwrap();
        let mut req = RunRequest {
            argv: vec![],
            env: vec![],
            stdin: "/dev/null".into(),
            limits: super::super::RunLimits::from_time_limit(Duration::from_secs(1), 1 << 20, 1),
            files: vec![],
            dirs: vec![],
            collect: vec![],
            readonly: vec!["/usr/bin/../bin/env".into()],
            carry: None,
            unlimited_address_space: false,
            address_space: None,
            argv0: None,
            report_fd: false,
        };
        let err = |req: &RunRequest| {
            wire_run(req, dir.path(), dir.path(), None)
                .unwrap_err()
                .kind()
        };
        assert_eq!(err(&req), io::ErrorKind::InvalidInput);
        req.argv = vec!["bin/relative".into()];
        assert_eq!(err(&req), io::ErrorKind::InvalidInput);
        req.argv = vec!["/bin/true".into()];
        req.env = vec![("A=B".into(), "c".into())];
        assert_eq!(err(&req), io::ErrorKind::InvalidInput);
        req.env = vec![("A".into(), "b=c".into())];
        let wire = wire_run(&req, dir.path(), dir.path(), None).unwrap();
        assert_eq!(wire.env, vec![b"A=b=c".to_vec()]);
        assert_eq!(wire.wall_ns, 2_000_000_000);
        assert!(wire.readonly.is_empty());
        let mut known = HashMap::new();
        let full = wire_run(&req, dir.path(), Path::new("/box"), Some(&mut known)).unwrap();
        assert_eq!(full.readonly[0].0, b"/bin/true".to_vec());
        let given: &[u8] = b"/usr/bin/../bin/env";
        assert_eq!(full.readonly[1].0, given.to_vec());
        let canonical = std::fs::canonicalize("/usr/bin/env").unwrap();
        assert_eq!(full.readonly[1].1, bytes(canonical.as_os_str()));
    }
}
