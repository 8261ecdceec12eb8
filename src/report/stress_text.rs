//! What `stress` prints: the live progress line, each failure as it is found, the summary, and
//! the JSON object of `--json`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::stress::{Counters, Failure};

/// What a stress run is about: the problem, the candidate, its limits, and how to reproduce a
/// failure.
#[derive(Debug, Clone)]
pub struct StressSubject {
    /// Problem id.
    pub problem: String,
    /// The solution as the user named it.
    pub solution: String,
    /// Content hash of the built program.
    pub solution_hash: String,
    /// The arguments that name the problem in a repro command (an id, a folder, or ad-hoc
    /// flags), shell-quoted.
    pub repro_problem: String,
    /// The arguments that select the candidate and its limits in a repro command, e.g.
    /// `path/sol.cpp --time-limit 1s`, shell-quoted.
    pub repro_candidate: String,
    /// CPU time limit.
    pub time_limit: Duration,
    /// Memory limit in bytes.
    pub memory_limit: u64,
}

impl StressSubject {
    /// The command that reproduces a failure byte for byte.
    pub fn repro_command(&self, failure: &Failure) -> String {
        let mut words = vec!["stressjudge repro".to_string()];
        if !self.repro_problem.is_empty() {
            words.push(self.repro_problem.clone());
        }
        words.push(self.repro_candidate.clone());
        words.push(format!(
            "--seed {} --kind {}",
            failure.unit.seed,
            crate::shell::quote(&failure.unit.kind)
        ));
        words.join(" ")
    }
}

/// Where a failure's files go, relative to the output folder: `KIND/SEED` (so the files are
/// `KIND/SEED.in`, `KIND/SEED.ans`, ... and seeds of different kinds never collide).
pub fn failure_stem(failure: &Failure) -> String {
    format!("{}/{}", failure.unit.kind, failure.unit.seed)
}

/// A unified diff of expected answers against the actual output, at most `max_lines` lines.
pub fn diff(expected: &str, actual: &str, max_lines: usize) -> String {
    let actual_norm: String = actual
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let text = similar::TextDiff::from_lines(expected, &actual_norm)
        .unified_diff()
        .context_radius(2)
        .header("expected", "actual")
        .to_string();
    let mut out: Vec<&str> = text.lines().take(max_lines).collect();
    if text.lines().count() > max_lines {
        out.push("...");
    }
    out.join("\n")
}

/// The live progress display on stderr: a redrawn line on a terminal, a plain line every few
/// seconds otherwise, nothing at all when disabled.
pub struct Progress {
    stop: Arc<AtomicBool>,
    lock: Arc<Mutex<()>>,
    thread: Option<JoinHandle<()>>,
    terminal: bool,
}

impl Progress {
    /// Starts the display thread; `total_units` is the number of (seed, kind) inputs planned.
    pub fn start(counters: Arc<Counters>, enabled: bool, total_units: usize) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let stop = Arc::new(AtomicBool::new(false));
        let lock = Arc::new(Mutex::new(()));
        let thread = enabled.then(|| {
            let (stop, lock) = (stop.clone(), lock.clone());
            std::thread::spawn(move || {
                let started = Instant::now();
                let period = if terminal {
                    Duration::from_millis(200)
                } else {
                    Duration::from_secs(5)
                };
                let mut last = Instant::now();
                while !stop.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(50));
                    if last.elapsed() < period {
                        continue;
                    }
                    last = Instant::now();
                    let line = progress_line(&counters, total_units, started.elapsed());
                    let _guard = lock.lock().unwrap();
                    let mut err = std::io::stderr().lock();
                    if terminal {
                        let _ = write!(err, "\r\x1b[2K{line}");
                    } else {
                        let _ = writeln!(err, "{line}");
                    }
                    let _ = err.flush();
                }
            })
        });
        Progress {
            stop,
            lock,
            thread,
            terminal,
        }
    }

    /// Runs `print` with the progress line cleared, so output does not interleave with it.
    pub fn suspend(&self, print: impl FnOnce()) {
        let _guard = self.lock.lock().unwrap();
        if self.terminal && self.thread.is_some() {
            eprint!("\r\x1b[2K");
        }
        print();
    }

    /// Stops the display and clears its line.
    pub fn finish(mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
            if self.terminal {
                eprint!("\r\x1b[2K");
            }
        }
    }
}

fn progress_line(counters: &Counters, total: usize, elapsed: Duration) -> String {
    let units = counters.units.load(Ordering::Relaxed);
    let games = counters.games.load(Ordering::Relaxed);
    let runs = counters.runs.load(Ordering::Relaxed);
    let failures = counters.failures.load(Ordering::Relaxed);
    let width = 24;
    let done = (units as usize * width)
        .checked_div(total)
        .unwrap_or(width)
        .min(width);
    let bar: String = "=".repeat(done) + &" ".repeat(width - done);
    let rate = games as f64 / elapsed.as_secs_f64().max(1e-3);
    format!(
        "[{bar}] inputs {units}/{total}  games {}  {}/s  runs {runs}  failures {failures}",
        human(games as f64),
        human(rate)
    )
}

/// 1234567 -> "1.23M".
pub fn human(value: f64) -> String {
    if value >= 1e9 {
        format!("{:.2}G", value / 1e9)
    } else if value >= 1e6 {
        format!("{:.2}M", value / 1e6)
    } else if value >= 1e4 {
        format!("{:.1}k", value / 1e3)
    } else {
        format!("{value:.0}")
    }
}

/// The text block of one failure, printed as soon as it is found.
pub fn failure_text(
    subject: &StressSubject,
    failure: &Failure,
    written: &Result<Vec<PathBuf>, String>,
) -> String {
    let expected = &failure.shrunk_expected.text;
    let actual = String::from_utf8_lossy(&failure.shrunk_output);
    let mut text = format!(
        "\nFAILURE  {} seed {} ({} kind): {}{}\n",
        subject.problem,
        failure.unit.seed,
        failure.unit.kind,
        failure.verdict,
        if failure.detail.is_empty() {
            String::new()
        } else {
            format!(" - {}", failure.detail)
        }
    );
    if !failure.reproducible_alone {
        text.push_str(&format!(
            "note: fails only when seeds {:?} are packed into one run\n",
            failure.packed_seeds
        ));
    }
    let steps = if failure.shrink_runs > 0 {
        format!(
            ", {} step(s) in {} run(s)",
            failure.shrink_steps, failure.shrink_runs
        )
    } else {
        String::new()
    };
    text.push_str(&format!(
        "shrunk input ({} bytes, from {}{steps}):\n{}",
        failure.shrunk_input.len(),
        failure.input.len(),
        indent(&clip(&failure.shrunk_input, 30))
    ));
    text.push_str(&format!("expected:\n{}", indent(&clip(expected, 10))));
    text.push_str(&format!("actual:\n{}", indent(&clip(&actual, 10))));
    text.push_str(&format!(
        "diff:\n{}\n",
        indent(&diff(expected, &actual, 20))
    ));
    match written {
        Ok(paths) => {
            // The first file is `STEM.in`: strip the extension to name them all.
            if let Some(stem) = paths.first().and_then(|p| p.to_str()?.strip_suffix(".in")) {
                text.push_str(&format!("saved: {stem}.{{in,ans,out,min.in,json}}\n"));
            }
        }
        Err(e) => text.push_str(&format!("warning: could not save the failure: {e}\n")),
    }
    text.push_str(&format!("repro: {}\n", subject.repro_command(failure)));
    text
}

fn indent(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        out.push_str("    ");
        out.push_str(line);
        out.push('\n');
    }
    if out.is_empty() {
        out.push_str("    (empty)\n");
    }
    out
}

fn clip(text: &str, max_lines: usize) -> String {
    let count = text.lines().count();
    if count <= max_lines {
        return text.to_string();
    }
    let mut out: Vec<&str> = text.lines().take(max_lines).collect();
    let more = format!("... ({} more lines)", count - max_lines);
    out.push(&more);
    out.join("\n") + "\n"
}

/// The end-of-run summary.
pub struct StressSummary<'a> {
    /// The problem and candidate.
    pub subject: &'a StressSubject,
    /// Final counters.
    pub counters: &'a Counters,
    /// Failures in plan order.
    pub failures: &'a [Failure],
    /// Wall time of the whole run.
    pub elapsed: Duration,
    /// True when Ctrl-C ended the run.
    pub interrupted: bool,
    /// Where failures were written.
    pub out: &'a Path,
}

impl StressSummary<'_> {
    fn verdict(&self) -> String {
        self.failures
            .first()
            .map_or("AC".to_string(), |f| f.verdict.name().to_string())
    }

    /// The text summary.
    pub fn text(&self) -> String {
        let games = self.counters.games.load(Ordering::SeqCst);
        let secs = self.elapsed.as_secs_f64();
        let mut text = String::new();
        if self.interrupted {
            text.push_str("\ninterrupted: stopped early; the summary covers what ran.\n");
        }
        text.push_str(&format!(
            "\n{}: {} on {}\ninputs {}  runs {}  games {}  elapsed {:.2} s  {} games/s  failures {}\n",
            self.verdict(),
            self.subject.solution,
            self.subject.problem,
            self.counters.units.load(Ordering::SeqCst),
            self.counters.runs.load(Ordering::SeqCst),
            games,
            secs,
            human(games as f64 / secs.max(1e-3)),
            self.failures.len()
        ));
        if !self.failures.is_empty() {
            text.push_str(&format!("failures saved in {}\n", self.out.display()));
        }
        text
    }

    /// The `--json` object.
    pub fn json(&self) -> serde_json::Value {
        let failures: Vec<serde_json::Value> = self
            .failures
            .iter()
            .map(|f| {
                json!({
                    "seed": f.unit.seed,
                    "kind": f.unit.kind,
                    "verdict": f.verdict.name(),
                    "input": f.input,
                    "shrunk_input": f.shrunk_input,
                    "expected": f.shrunk_expected.text,
                    "actual": String::from_utf8_lossy(&f.shrunk_output),
                    "detail": f.detail,
                    "reproducible_alone": f.reproducible_alone,
                    "file_stem": failure_stem(f),
                    "shrink_steps": f.shrink_steps,
                    "shrink_runs": f.shrink_runs,
                })
            })
            .collect();
        let games = self.counters.games.load(Ordering::SeqCst);
        json!({
            "problem": self.subject.problem,
            "solution": self.subject.solution,
            "verdict": self.verdict(),
            "runs": self.counters.runs.load(Ordering::SeqCst),
            "games": games,
            "inputs": self.counters.units.load(Ordering::SeqCst),
            "elapsed_ms": self.elapsed.as_millis() as u64,
            "games_per_second": (games as f64 / self.elapsed.as_secs_f64().max(1e-3)).round(),
            "interrupted": self.interrupted,
            "out": self.out.display().to_string(),
            "failures": failures,
        })
    }
}
