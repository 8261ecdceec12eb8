//! Live progress of long commands on stderr: what is running, done/total, elapsed time, and an
//! ETA where one is honest (stress, whose inputs cost about the same).
//!
//! On a terminal (and without `NO_COLOR`) an `indicatif` bar is redrawn ten times a second from
//! the start, so a user sees at once what is running. Otherwise (a pipe, a CI log, `NO_COLOR`)
//! a plain line with no escape codes is written every five seconds, and nothing at all for runs
//! shorter than that.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::problem::TestCase;
use crate::report::TestRow;
use crate::testset::TestObserver;
use crate::units::clock;

/// How progress is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Display {
    /// A redrawn bar (stderr is a terminal and `NO_COLOR` is not set).
    Bar,
    /// A plain line every few seconds.
    Lines,
    /// Nothing (e.g. `--json`, whose consumers read stdout alone).
    Off,
}

impl Display {
    /// The display for stderr: off unless `enabled`, a bar on a colour terminal, else lines.
    pub fn for_stderr(enabled: bool) -> Display {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        match enabled {
            false => Display::Off,
            true if std::io::stderr().is_terminal() && !no_color => Display::Bar,
            true => Display::Lines,
        }
    }
}

/// One reading of the work: how far it is and what is running.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    /// Units done.
    pub done: u64,
    /// Units in all (0 when unknown).
    pub total: u64,
    /// What is running, and any counters worth showing.
    pub message: String,
}

/// How often plain lines are written.
const LINE_PERIOD: Duration = Duration::from_secs(5);
/// How often the bar is refreshed.
const BAR_PERIOD: Duration = Duration::from_millis(100);

/// A running progress display; stop it with [`Progress::finish`].
pub struct Progress {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    bar: Option<ProgressBar>,
    print_lock: Arc<Mutex<()>>,
}

impl Progress {
    /// Starts showing `read()` on `display`; `title` starts every line (`verify`, `stress`).
    /// `eta` asks for an estimate of the time left (only where units cost about the same).
    pub fn start(
        display: Display,
        title: &str,
        eta: bool,
        read: impl Fn() -> Status + Send + Sync + 'static,
    ) -> Progress {
        let stop = Arc::new(AtomicBool::new(false));
        let print_lock = Arc::new(Mutex::new(()));
        let (bar, thread) = match display {
            Display::Off => (None, None),
            Display::Bar => {
                let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
                let template = if eta {
                    "{prefix} [{elapsed}] {bar:24} {pos}/{len} eta {eta} {wide_msg}"
                } else {
                    "{prefix} [{elapsed}] {bar:24} {pos}/{len} {wide_msg}"
                };
                bar.set_style(
                    ProgressStyle::with_template(template)
                        .unwrap_or_else(|_| ProgressStyle::default_bar())
                        .progress_chars("=> "),
                );
                bar.set_prefix(title.to_string());
                let (shown, stop) = (bar.clone(), stop.clone());
                let thread = std::thread::spawn(move || {
                    while !stop.load(Ordering::SeqCst) {
                        let status = read();
                        shown.set_length(status.total.max(status.done));
                        shown.set_position(status.done);
                        shown.set_message(status.message);
                        std::thread::sleep(BAR_PERIOD);
                    }
                });
                (Some(bar), Some(thread))
            }
            Display::Lines => {
                let (stop, lock, title) = (stop.clone(), print_lock.clone(), title.to_string());
                let thread = std::thread::spawn(move || {
                    let started = Instant::now();
                    let mut last = Instant::now();
                    while !stop.load(Ordering::SeqCst) {
                        std::thread::sleep(Duration::from_millis(50));
                        if last.elapsed() < LINE_PERIOD {
                            continue;
                        }
                        last = Instant::now();
                        let line = plain_line(&title, &read(), started.elapsed());
                        let _guard = lock.lock().unwrap_or_else(|e| e.into_inner());
                        let mut err = anstream::stderr().lock();
                        let _ = writeln!(err, "{line}");
                        let _ = err.flush();
                    }
                });
                (None, Some(thread))
            }
        };
        Progress {
            stop,
            thread,
            bar,
            print_lock,
        }
    }

    /// Runs `print` with the display out of the way, so output does not interleave with it.
    pub fn suspend<R>(&self, print: impl FnOnce() -> R) -> R {
        let _guard = self.print_lock.lock().unwrap_or_else(|e| e.into_inner());
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    /// Stops the display and clears the bar.
    pub fn finish(mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// `verify: 12/30, 1m03s: king-game accepted/x.cpp test max-1`.
fn plain_line(title: &str, status: &Status, elapsed: Duration) -> String {
    let count = if status.total > 0 {
        format!("{}/{}", status.done, status.total)
    } else {
        status.done.to_string()
    };
    match status.message.as_str() {
        "" => format!("{title}: {count}, {}", clock(elapsed)),
        message => format!("{title}: {count}, {}: {message}", clock(elapsed)),
    }
}

/// What a test-set run is doing, for a progress display: tests done and those running.
#[derive(Debug, Default)]
pub struct TestProgress {
    /// The submission the tests belong to (`verify`), named in `--json-lines` test events.
    solution: Option<String>,
    done: AtomicUsize,
    total: AtomicUsize,
    running: Mutex<Vec<String>>,
}

impl TestProgress {
    /// A new record for `total` tests.
    pub fn new(total: usize) -> Arc<TestProgress> {
        let progress = TestProgress::default();
        progress.total.store(total, Ordering::SeqCst);
        Arc::new(progress)
    }

    /// [`TestProgress::new`] for the tests of one submission of `verify`.
    pub fn of_solution(total: usize, solution: &str) -> Arc<TestProgress> {
        let progress = TestProgress {
            solution: Some(solution.to_string()),
            ..TestProgress::default()
        };
        progress.total.store(total, Ordering::SeqCst);
        Arc::new(progress)
    }

    /// Starts counting a new test set of `total` tests (verify judges one solution after
    /// another).
    pub fn reset(&self, total: usize) {
        self.done.store(0, Ordering::SeqCst);
        self.total.store(total, Ordering::SeqCst);
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// Tests done and in all.
    pub fn counts(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::SeqCst),
            self.total.load(Ordering::SeqCst),
        )
    }

    /// The tests running now, e.g. `random-2, random-3`.
    pub fn running(&self) -> String {
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .join(", ")
    }
}

impl TestProgress {
    /// Shows `label` as running (what runs is not one test of one test set: the time-limit
    /// derivation names the submission too).
    pub fn start_named(&self, label: String) {
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(label);
    }

    /// `label` no longer runs; one more unit is done.
    pub fn end_named(&self, label: &str) {
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|n| n != label);
        self.done.fetch_add(1, Ordering::SeqCst);
    }
}

impl TestObserver for TestProgress {
    fn started(&self, case: &TestCase) {
        self.start_named(case.name.clone());
    }

    fn finished(&self, row: &TestRow) {
        self.end_named(&row.name);
        super::json::events::emit(|| super::json::Event::Test {
            solution: self.solution.clone(),
            name: row.name.clone(),
            verdict: row.result.verdict,
            cpu_ms: row.result.cpu_ms,
            wall_ms: row.result.wall_ms,
            memory_kib: row.result.memory_kib,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_say_how_far_and_what() {
        let status = Status {
            done: 3,
            total: 30,
            message: "king-game accepted/a.cpp: test max-1".into(),
        };
        assert_eq!(
            plain_line("verify", &status, Duration::from_secs(63)),
            "verify: 3/30, 1m03s: king-game accepted/a.cpp: test max-1"
        );
        let line = plain_line("stress", &Status::default(), Duration::ZERO);
        assert!(!line.contains('\u{1b}'), "{line}");
        assert_eq!(line, "stress: 0, 0s", "nothing running: no empty message");
    }

    #[test]
    fn an_off_display_shows_nothing_and_suspends_transparently() {
        let progress = Progress::start(Display::Off, "x", false, Status::default);
        assert_eq!(progress.suspend(|| 7), 7);
        progress.finish();
    }
}
