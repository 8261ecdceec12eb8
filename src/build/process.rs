//! Runs a build tool (a compiler, `--version`, an interpreter probe) under a wall-clock limit,
//! keeping a bounded amount of its output.

use std::io::{self, Read};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// Bytes kept of each of the tool's stdout and stderr; the rest is read and dropped.
const OUTPUT_CAP: usize = 64 * 1024;

/// How long to wait for the tool's pipes to reach their end once the tool has exited (a
/// grandchild that escaped could keep them open forever).
const PIPE_GRACE: Duration = Duration::from_secs(2);

/// Lines of a tool's message kept in a compile error.
const MESSAGE_LINES: usize = 20;

/// A tool that ran to its end.
pub(crate) struct Finished {
    /// How it exited.
    pub status: ExitStatus,
    /// The first [`OUTPUT_CAP`] bytes of its stdout.
    pub stdout: Vec<u8>,
    /// The first [`OUTPUT_CAP`] bytes of its stderr.
    pub stderr: Vec<u8>,
}

impl Finished {
    /// The first lines of what the tool said: stderr, or stdout when stderr is empty.
    pub fn message(&self) -> String {
        let said = if self.stderr.iter().all(u8::is_ascii_whitespace) {
            &self.stdout
        } else {
            &self.stderr
        };
        first_lines(said, MESSAGE_LINES)
    }

    /// What a tool that failed said, or that it failed and said nothing.
    pub fn failure_message(&self, name: &str) -> String {
        let message = self.message();
        if message.is_empty() {
            format!("`{name}` failed ({}) and printed nothing", self.status)
        } else {
            message
        }
    }
}

/// Why a tool did not run to its end.
#[derive(Debug)]
pub(crate) enum Failure {
    /// It could not be started.
    Spawn(io::Error),
    /// It ran past its time limit and its process group was killed.
    TimedOut,
    /// A sandboxed build step crossed another of its limits and was killed: why, e.g.
    /// `memory limit of 2 GiB exceeded`.
    Limit(String),
}

/// Runs `command` in a process group of its own with stdin closed, killing the whole group if
/// it runs longer than `limit`; it dies with stressjudge. For the user's own tools only
/// (`--version`, an interpreter's probe): whatever a package hands us runs through
/// [`super::contained`].
pub(crate) fn run(mut command: Command, limit: Duration) -> Result<Finished, Failure> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    crate::run::die_with_harness(&mut command, None);
    let mut child = command.spawn().map_err(Failure::Spawn)?;
    let group = rustix::process::Pid::from_raw(child.id() as i32);
    let stdout = capture(child.stdout.take());
    let stderr = capture(child.stderr.take());
    let (exited, exit) = mpsc::channel();
    thread::spawn(move || {
        let _ = exited.send(child.wait());
    });
    let status = match exit.recv_timeout(limit) {
        Ok(status) => status.map_err(Failure::Spawn)?,
        Err(_) => {
            // The group leader is not yet reaped unless it exited in this very instant, so the
            // group id is still ours.
            if let Some(group) = group {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
            }
            return Err(Failure::TimedOut);
        }
    };
    Ok(Finished {
        status,
        stdout: stdout.recv_timeout(PIPE_GRACE).unwrap_or_default(),
        stderr: stderr.recv_timeout(PIPE_GRACE).unwrap_or_default(),
    })
}

/// Reads a pipe on a thread: sends its first [`OUTPUT_CAP`] bytes as soon as the cap or the
/// end is reached, then drains the rest so the tool never blocks on a full pipe.
fn capture(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    if let Some(mut pipe) = pipe {
        thread::spawn(move || {
            let mut kept = Vec::new();
            let _ = pipe.by_ref().take(OUTPUT_CAP as u64).read_to_end(&mut kept);
            let _ = sender.send(kept);
            let _ = io::copy(&mut pipe, &mut io::sink());
        });
    }
    receiver
}

/// The first `max` non-blank-trailing lines of `bytes`, lossily decoded, with a note of how many
/// more there were.
pub(crate) fn first_lines(bytes: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text
        .trim_end()
        .lines()
        .skip_while(|line| line.trim().is_empty())
        .collect();
    let mut kept = lines
        .iter()
        .take(max)
        .map(|line| line.trim_end())
        .collect::<Vec<_>>()
        .join("\n");
    if lines.len() > max {
        kept.push_str(&format!("\n... ({} more lines)", lines.len() - max));
    }
    kept
}

/// The line of a compiler's message that says why it failed: the first holding `error` (any
/// case: gcc's `f.cpp:5:9: error: ...`, javac's `Main.java:3: error:`, Python's
/// `SyntaxError: ...`, rustc's `error[E0425]: ...`), with the place it names when the line
/// itself has none (Python's `File "f.py", line 3` before it, rustc's `--> f.rs:2:5` after
/// it); the first non-empty line when no line says `error`. Clipped to 300 characters.
pub fn compile_error_line(message: &str) -> String {
    let lines: Vec<&str> = message.lines().map(str::trim).collect();
    let Some(at) = lines
        .iter()
        .position(|line| line.to_ascii_lowercase().contains("error"))
    else {
        return clip(lines.iter().find(|l| !l.is_empty()).copied().unwrap_or(""));
    };
    let line = lines[at];
    if has_place(line) {
        return clip(line);
    }
    let python = lines[..at].iter().rev().find_map(|l| {
        let rest = l.strip_prefix("File \"")?;
        let (file, rest) = rest.split_once('"')?;
        let number = rest.trim_start_matches(", line ").split(',').next()?.trim();
        number.parse::<u64>().ok().map(|n| format!("{file}:{n}"))
    });
    let rust = lines
        .get(at + 1)
        .and_then(|l| l.strip_prefix("--> "))
        .map(str::to_string);
    match python.or(rust) {
        Some(place) => clip(&format!("{place}: {line}")),
        None => clip(line),
    }
}

/// Whether a line names a `file:line` place.
fn has_place(line: &str) -> bool {
    line.split(':').collect::<Vec<_>>().windows(2).any(|pair| {
        !pair[0].is_empty()
            && !pair[0].contains(' ')
            && !pair[1].is_empty()
            && pair[1].bytes().all(|b| b.is_ascii_digit())
    })
}

/// `line` cut to 300 characters.
fn clip(line: &str) -> String {
    const MAX_CHARS: usize = 300;
    if line.chars().count() <= MAX_CHARS {
        line.to_string()
    } else {
        let head: String = line.chars().take(MAX_CHARS - 3).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_line_is_quoted_with_its_place() {
        let gcc = "gen.cpp: In function 'int main(int, char**)':\n\
                   gen.cpp:12:15: error: 'sqrt' was not declared in this scope\n\
                   12 |     int r = sqrt(n);\n";
        assert_eq!(
            compile_error_line(gcc),
            "gen.cpp:12:15: error: 'sqrt' was not declared in this scope"
        );
        let python = "  File \"grader.py\", line 3\n    print \"AC 0\"\n    ^\n\
                      SyntaxError: Missing parentheses in call to 'print'\n";
        assert_eq!(
            compile_error_line(python),
            "grader.py:3: SyntaxError: Missing parentheses in call to 'print'"
        );
        let rust = "error[E0425]: cannot find value `x` in this scope\n --> a.rs:2:5\n";
        assert_eq!(
            compile_error_line(rust),
            "a.rs:2:5: error[E0425]: cannot find value `x` in this scope"
        );
        assert_eq!(
            compile_error_line("\n  ld: cannot find -lfoo\n"),
            "ld: cannot find -lfoo"
        );
    }

    #[test]
    fn first_lines_counts_the_rest() {
        assert_eq!(first_lines(b"a\nb\nc\n", 2), "a\nb\n... (1 more lines)");
        assert_eq!(first_lines(b"a  \nb\n\n", 5), "a\nb");
        assert_eq!(first_lines(b"", 5), "");
        assert_eq!(
            first_lines(b"\n\ncc1plus: out of memory\n", 5),
            "cc1plus: out of memory"
        );
    }

    #[test]
    fn a_tool_past_its_limit_is_killed_with_its_children() {
        let mut command = Command::new("/bin/sh");
        command.args(["-c", "sleep 30 & sleep 30; wait"]);
        let start = std::time::Instant::now();
        let result = run(command, Duration::from_millis(200));
        assert!(matches!(result, Err(Failure::TimedOut)));
        assert!(start.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn output_is_capped_but_fully_drained() {
        let mut command = Command::new("/bin/sh");
        command.args(["-c", "head -c 1000000 /dev/zero; echo done >&2"]);
        let finished = run(command, Duration::from_secs(10)).expect("runs");
        assert!(finished.status.success());
        assert_eq!(finished.stdout.len(), OUTPUT_CAP);
        assert_eq!(finished.stderr, b"done\n");
    }
}
