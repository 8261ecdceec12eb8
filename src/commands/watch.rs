//! `--watch` on `judge` and `stress`: run the command, then again each time a file it uses
//! changes (the candidate, the generators, the reference, the checker, validators and
//! interactor, the tests folder, the problem folder), clearing the terminal first when stdout
//! is one. Ctrl-C ends it (and the run in progress); the exit code is the last run's.
//!
//! Changes are found by polling: every file under the watched paths is listed with its size
//! and modification time every [`POLL`]; a change is acted on once the listing has stayed the
//! same for [`SETTLE`], so an editor's save (write a temporary file, rename it, touch it) is
//! one change, not three. Polling needs nothing of the platform and sees files replaced by a
//! rename, which inotify watches on the old file would miss. The listing is taken again after
//! each run, so what a run writes itself (`--save-tests`, a failures folder inside a watched
//! folder) does not start another.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::options::{CandidateOptions, CandidateSource, ProblemSpec};

/// How often the watched files are listed.
const POLL: Duration = Duration::from_millis(150);

/// How long the files must stay unchanged before a change is acted on.
const SETTLE: Duration = Duration::from_millis(300);

/// Most files listed under one watched folder (a problem folder's tests included); past it the
/// rest are not watched, and a note says so.
const MAX_FILES: usize = 20_000;

/// Set by Ctrl-C while watching.
static STOP: AtomicBool = AtomicBool::new(false);

/// The files and folders a `judge` or `stress` of `candidate` on `problem` uses.
pub fn watched_paths(problem: &ProblemSpec, candidate: &CandidateOptions) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    if let CandidateSource::Path(path) = &candidate.source {
        paths.push(path.clone());
    }
    if let Some(name) = &problem.name {
        paths.push(PathBuf::from(name));
    }
    let parts = &problem.ad_hoc;
    paths.extend(
        parts
            .generator
            .iter()
            .chain(&parts.more_generators)
            .map(PathBuf::from),
    );
    paths.extend(parts.reference.iter().cloned());
    paths.extend(parts.checker.iter().cloned());
    paths.extend(parts.output_validator.iter().cloned());
    paths.extend(parts.validators.iter().cloned());
    paths.extend(parts.tests.iter().cloned());
    paths.extend(parts.interactor.iter().cloned());
    // Only what exists: a built-in problem's id or a generator given as a command is not a path.
    paths.retain(|path| path.exists());
    paths.sort();
    paths.dedup();
    paths
}

/// Runs `command` now and after every change under `paths`, until Ctrl-C; returns the last
/// run's outcome. A later run that ends in a usage error (a file being edited does not parse
/// yet) prints it and waits for the next change; a first run that does ends the watch with it.
pub fn watch(
    paths: &[PathBuf],
    mut command: impl FnMut() -> Result<Outcome, UsageError>,
) -> Result<Outcome, UsageError> {
    install_stop_handler();
    let clear = std::io::stdout().is_terminal();
    let mut first = true;
    loop {
        if clear {
            print_out("\x1b[H\x1b[2J\x1b[3J")?;
        }
        let last = command();
        if STOP.load(Ordering::SeqCst) {
            return stopped(last);
        }
        match &last {
            // Wrong flags or a missing file from the start: nothing to watch for.
            Err(_) if first => return last,
            Err(e) => eprintln!("stressjudge: error: {e}"),
            Ok(_) => {}
        }
        first = false;
        let (before, capped) = listing(paths);
        eprintln!(
            "stressjudge: watching {} file{} for changes{} (Ctrl-C ends)",
            before.len(),
            if before.len() == 1 { "" } else { "s" },
            if capped {
                format!(" (only the first {MAX_FILES} of a folder)")
            } else {
                String::new()
            }
        );
        if !wait_for_change(paths, before) {
            return stopped(last);
        }
    }
}

/// The outcome to end with after Ctrl-C: the last run's, a run cut short being interrupted.
fn stopped(last: Result<Outcome, UsageError>) -> Result<Outcome, UsageError> {
    match last {
        Err(_) => Ok(Outcome::Interrupted),
        done => done,
    }
}

/// Waits until the listing of `paths` differs from `before` and then stays the same for
/// [`SETTLE`]; false when Ctrl-C came first.
fn wait_for_change(paths: &[PathBuf], before: Listing) -> bool {
    let mut seen = before.clone();
    let mut changed_at: Option<Instant> = None;
    loop {
        if STOP.load(Ordering::SeqCst) {
            return false;
        }
        std::thread::sleep(POLL);
        let (now, _) = listing(paths);
        if now != seen {
            seen = now;
            changed_at = Some(Instant::now());
        } else if let Some(at) = changed_at {
            if at.elapsed() >= SETTLE && seen != before {
                return true;
            }
        }
    }
}

/// Every file under the watched paths with its size and modification time.
type Listing = BTreeMap<PathBuf, (u64, Option<SystemTime>)>;

/// The listing of `paths`, and whether a folder had more than [`MAX_FILES`] files.
fn listing(paths: &[PathBuf]) -> (Listing, bool) {
    let mut files = Listing::new();
    let mut capped = false;
    for path in paths {
        let mut budget = MAX_FILES;
        list_into(path, &mut files, &mut budget);
        capped |= budget == 0;
        if !path.exists() {
            // A file removed (an editor's rename) is a change too.
            files.insert(path.to_path_buf(), (u64::MAX, None));
        }
    }
    (files, capped)
}

/// Adds the file at `path`, or the files under the folder at `path` (links to folders not
/// followed), to `files`, at most `budget` of them.
fn list_into(path: &Path, files: &mut Listing, budget: &mut usize) {
    let Ok(metadata) = std::fs::metadata(path) else {
        return;
    };
    if metadata.is_file() {
        if *budget > 0 {
            *budget -= 1;
            files.insert(
                path.to_path_buf(),
                (metadata.len(), metadata.modified().ok()),
            );
        }
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for entry in entries {
        if *budget == 0 {
            return;
        }
        let is_linked_dir = std::fs::symlink_metadata(&entry)
            .is_ok_and(|m| m.file_type().is_symlink())
            && entry.is_dir();
        if !is_linked_dir {
            list_into(&entry, files, budget);
        }
    }
}

/// Ctrl-C while watching: stop watching, and stop the run in progress as `stress`'s own
/// handler would (only one handler can be installed in a process).
fn install_stop_handler() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            STOP.store(true, Ordering::SeqCst);
            super::stress::INTERRUPTED.store(true, Ordering::SeqCst);
            crate::run::cancel_all();
        });
    });
}
