//! The verdict of one run, from its measured outcome, the limits and the problem's checker.
//!
//! # Precedence (ICPC rules)
//!
//! 1. `CE`: the candidate did not build (decided before any run; see [`Verdict::CE`]).
//! 2. `MLE`: the sandbox stopped the run at the memory limit, or the peak memory reached the
//!    limit, or the run crashed before the time limit with a peak within 10 % of the limit
//!    (an allocation failing at the limit usually ends in `SIGABRT` or `SIGSEGV`, not in a
//!    clean memory stop).
//! 3. `RE`: the run crashed (a signal or a nonzero exit) before using up the CPU time limit.
//!    A nonzero exit after a correct output is still `RE`. A signal is named: `RE (SIGSEGV)`.
//! 4. `TLE`: the CPU limit or the wall-clock backstop stopped the run, or the run finished (or
//!    crashed) with CPU time above the limit. The sandbox alone enforces the wall-clock
//!    backstop, not counting time the candidate spent waiting for a CPU, so a run it let finish
//!    is judged on CPU time however long it took on an overloaded machine.
//! 5. `OLE`: the output limit stopped the run.
//! 6. `WA` or `AC`: the problem's checker on the output.

use std::time::Duration;

use super::Verdict;
use crate::compare::wrong_answer;
use crate::problem::{
    Answer, CheckResult, CheckerPoints, Interacted, Problem, ToolFailure, ValidatorScore,
};
use crate::run::{signal_name, Exit, LimitHit, RunLimits, RunOutcome};
use crate::units::{mebibytes, millis, seconds};

/// The judgement of one run: verdict, why, and what was measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestResult {
    /// The verdict.
    pub verdict: Verdict,
    /// The signal that killed a crashing run (`SIGSEGV`), shown as `RE (SIGSEGV)`.
    pub signal: Option<String>,
    /// One line saying why, e.g. the checker's mismatch or the limit that was passed; empty on AC.
    pub detail: String,
    /// Further lines for the report: the differing game's input and an answer diff on WA, the
    /// head of stderr on RE.
    pub explanation: Vec<String>,
    /// CPU time (user + sys) in milliseconds.
    pub cpu_ms: u64,
    /// Wall-clock time in milliseconds.
    pub wall_ms: u64,
    /// Peak resident memory in KiB.
    pub memory_kib: u64,
    /// How the process ended, e.g. `exit code 0` or `killed by SIGSEGV`.
    pub exit: String,
    /// For WA: the 1-based game that differs first, when the checker knows it.
    pub game: Option<usize>,
    /// On AC: the score the output validator wrote (`score.txt`), for scoring problems.
    pub score: Option<crate::problem::ValidatorScore>,
    /// On RE: the first finding of a sanitizer's report on stderr, with the place in the
    /// source (see [`crate::compare::sanitizer::finding`]), e.g.
    /// `heap-buffer-overflow read at sol.cpp:14`.
    pub sanitizer: Option<String>,
}

impl TestResult {
    /// The verdict with its signal, e.g. `RE (SIGSEGV)`, or just `WA`.
    pub fn label(&self) -> String {
        match &self.signal {
            Some(signal) => format!("{} ({signal})", self.verdict),
            None => self.verdict.to_string(),
        }
    }

    /// The conversation of a failing interactive run (`.interaction` form), when its
    /// explanation carries one.
    pub fn transcript(&self) -> Option<String> {
        self.block_after(|l| l == TRANSCRIPT_HEADER)
    }

    /// The sample interaction the statement shows for a failing interactive test, when its
    /// explanation carries one (see [`sample_interaction_lines`]).
    pub fn sample_interaction(&self) -> Option<String> {
        self.block_after(|l| l.starts_with(SAMPLE_INTERACTION_HEADER))
    }

    /// The lines (indented by two spaces) that follow the explanation line `is_header` picks.
    fn block_after(&self, is_header: impl Fn(&str) -> bool) -> Option<String> {
        let start = self.explanation.iter().position(|l| is_header(l))?;
        let mut text = String::new();
        for line in self.explanation[start + 1..].iter() {
            let Some(line) = line.strip_prefix("  ") else {
                break;
            };
            text.push_str(line);
            text.push('\n');
        }
        Some(text)
    }

    /// The CPU time as a [`Duration`].
    pub fn cpu(&self) -> Duration {
        Duration::from_millis(self.cpu_ms)
    }
}

/// Lines of stderr shown for a runtime error.
const STDERR_LINES: usize = 10;

/// Judges one run: `outcome` measured under (at least) `limits`, on `input` whose expected
/// answer is `expected`. See the module documentation for the precedence of verdicts. A checker
/// that fails is the judge's error, not a verdict: it comes back as the `Err`.
pub fn classify(
    outcome: &RunOutcome,
    limits: &RunLimits,
    problem: &dyn Problem,
    input: &str,
    expected: &Answer,
) -> Result<TestResult, ToolFailure> {
    classify_checked(outcome, limits, problem, input, expected, None)
}

/// Why a candidate of an interactive problem stopped at the wall-clock backstop: it waited for
/// input that never came (Codeforces calls it "Idleness limit exceeded").
pub const IDLE_DETAIL: &str = "idle: waiting for input (did it flush its output?)";

/// The explanation line that introduces an interactive run's transcript (its lines follow,
/// indented by two spaces).
pub const TRANSCRIPT_HEADER: &str = "interaction (> candidate wrote, < candidate read):";

/// How the explanation line that introduces a test's sample interaction starts (the file and
/// its lines follow).
pub const SAMPLE_INTERACTION_HEADER: &str = "expected sample interaction";

/// The explanation lines that show `sample` (a test's `.interaction` file) next to the
/// transcript of a failing run: a header naming the file, then its lines indented by two
/// spaces, as the transcript's.
pub fn sample_interaction_lines(sample: &crate::problem::SampleInteraction) -> Vec<String> {
    let mut lines = vec![format!(
        "{SAMPLE_INTERACTION_HEADER} ({}; > candidate writes, < candidate reads):",
        sample.file
    )];
    lines.extend(sample.text.lines().map(|l| format!("  {l}")));
    lines
}

/// Judges an interactive or multi-pass run by problemtools' rule (`judge/execute.py`,
/// `_run_interactive`), the interactor's own failures having already been judge errors:
///
/// 1. the interactor rejected and ended before the candidate: `WA`, whatever the candidate
///    did afterwards (it may have crashed on the closed pipe or waited forever);
/// 2. otherwise the candidate's own run decides first, as for a batch problem: `MLE`, `RE`,
///    `TLE` (a wall-clock stop of a candidate that used little CPU is idleness: it waited for
///    input that never came, see [`IDLE_DETAIL`]), `OLE`;
/// 3. otherwise the interactor's verdict (for a testlib interactor, then the checker's on its
///    output file): `AC` or `WA`.
pub fn classify_interaction(
    done: &Interacted,
    limits: &RunLimits,
    problem: &dyn Problem,
    input: &str,
    expected: &Answer,
) -> Result<TestResult, ToolFailure> {
    let outcome = &done.candidate;
    let mut result = match &done.verdict {
        // problemtools caps the time of a candidate the validator rejected first.
        CheckResult::WrongAnswer(m) if done.interactor_first => TestResult {
            verdict: Verdict::WA,
            signal: None,
            detail: m.describe(),
            explanation: Vec::new(),
            cpu_ms: millis(outcome.cpu.min(limits.cpu)),
            wall_ms: millis(outcome.wall),
            memory_kib: outcome.peak_memory_kib,
            exit: describe_exit(outcome.exit, outcome.limit_hit),
            game: None,
            score: None,
            sanitizer: None,
        },
        verdict => classify_checked(outcome, limits, problem, input, expected, Some(verdict))?,
    };
    if result.verdict == Verdict::TLE && outcome.limit_hit == Some(LimitHit::Wall) {
        result.detail = format!(
            "{IDLE_DETAIL}: Idleness limit exceeded, stopped after {} of wall time with CPU {}",
            seconds(outcome.wall),
            seconds(outcome.cpu)
        );
    }
    if done.passes > 1 && result.verdict != Verdict::AC {
        result.detail = format!("{} (pass {})", result.detail, done.passes)
            .trim_start()
            .into();
    }
    if let Some(transcript) = &done.transcript {
        result.explanation.push(TRANSCRIPT_HEADER.into());
        result
            .explanation
            .extend(transcript.lines().map(|l| format!("  {l}")));
    }
    Ok(result)
}

/// [`classify`], with the checker's verdict already known (`checked`, an interaction's) or
/// asked of the problem (`None`).
fn classify_checked(
    outcome: &RunOutcome,
    limits: &RunLimits,
    problem: &dyn Problem,
    input: &str,
    expected: &Answer,
    checked: Option<&CheckResult>,
) -> Result<TestResult, ToolFailure> {
    let check = |output: &[u8]| match checked {
        Some(known) => Ok(known.clone()),
        None => problem.check(input, expected, output),
    };
    let mut result = TestResult {
        verdict: Verdict::AC,
        signal: None,
        detail: String::new(),
        explanation: Vec::new(),
        cpu_ms: millis(outcome.cpu),
        wall_ms: millis(outcome.wall),
        memory_kib: outcome.peak_memory_kib,
        exit: describe_exit(outcome.exit, outcome.limit_hit),
        game: None,
        score: None,
        sanitizer: None,
    };
    let limit_kib = limits.memory_bytes / 1024;
    let crashed = outcome.exit != Exit::Code(0);
    let over_time = outcome.cpu > limits.cpu;
    let cpu_text = format!(
        "CPU {} over the {} limit",
        seconds(outcome.cpu),
        seconds(limits.cpu)
    );
    let memory_text = format!(
        "peak memory {} with a limit of {}",
        mebibytes(outcome.peak_memory_kib),
        mebibytes(limit_kib)
    );
    let (verdict, detail) = match outcome.limit_hit {
        Some(LimitHit::Memory) => (Verdict::MLE, memory_text),
        Some(LimitHit::Cpu) => (Verdict::TLE, cpu_text),
        Some(LimitHit::Wall) => (
            Verdict::TLE,
            // The sandbox enforces the backstop of the widened measuring limits, so the time
            // it stopped at is the run's own wall time, not `limits.wall`.
            format!(
                "stopped by the wall-clock backstop after {} with CPU {} (sleeping or blocked?)",
                seconds(outcome.wall),
                seconds(outcome.cpu)
            ),
        ),
        Some(LimitHit::Output) if over_time => (Verdict::TLE, cpu_text),
        Some(LimitHit::Output) => (
            Verdict::OLE,
            format!(
                "output passed the {} limit",
                mebibytes(limits.output_bytes / 1024)
            ),
        ),
        None if outcome.peak_memory_kib >= limit_kib => (Verdict::MLE, memory_text),
        None if crashed && over_time => (Verdict::TLE, cpu_text),
        None if crashed && outcome.peak_memory_kib * 10 >= limit_kib * 9 => (
            Verdict::MLE,
            format!(
                "{} ({memory_text}, near the limit)",
                describe_exit(outcome.exit, None)
            ),
        ),
        None if crashed => {
            result.signal = match outcome.exit {
                Exit::Signal(n) => Some(describe_signal(n)),
                Exit::Code(_) => None,
            };
            result.explanation = stderr_head(&outcome.stderr_head);
            result.sanitizer = crate::compare::sanitizer::finding(&outcome.stderr_head);
            let after = match check(&outcome.stdout)? {
                CheckResult::Accepted | CheckResult::Scored(_) | CheckResult::Points(_) => {
                    " after a correct output".to_string()
                }
                CheckResult::WrongAnswer(m) => {
                    format!("; the output was also wrong ({})", m.describe())
                }
            };
            let exit = match &result.sanitizer {
                Some(found) => format!("{found} ({})", result.exit),
                None => result.exit.clone(),
            };
            (Verdict::RE, format!("{exit}{after}"))
        }
        None if over_time => (Verdict::TLE, cpu_text),
        None => match check(&outcome.stdout)? {
            CheckResult::Accepted => (Verdict::AC, String::new()),
            CheckResult::Scored(score) => {
                result.score = Some(score);
                (Verdict::AC, String::new())
            }
            // A testlib checker's points are the test's score (kept as a `score.txt` score,
            // so reports and the result cache carry them), shown with its message.
            CheckResult::Points(given) => {
                result.score = Some(ValidatorScore::Score(given.points));
                (Verdict::AC, points_detail(&given))
            }
            CheckResult::WrongAnswer(m) => {
                if checked.is_none() {
                    result.explanation =
                        wrong_answer::explain(problem, input, expected, &outcome.stdout, &m);
                }
                result.game = m.game();
                (Verdict::WA, m.describe())
            }
        },
    };
    result.verdict = verdict;
    result.detail = detail;
    Ok(result)
}

/// The detail of a test a testlib checker gave points: `checker gave 7.5 points: why`.
fn points_detail(given: &CheckerPoints) -> String {
    if given.message.is_empty() {
        format!("checker gave {} points", given.points)
    } else {
        format!("checker gave {} points: {}", given.points, given.message)
    }
}

/// `exit code 3`, `killed by SIGSEGV`, or `killed at the CPU limit` when the sandbox stopped it.
fn describe_exit(exit: Exit, limit_hit: Option<LimitHit>) -> String {
    let limit = match limit_hit {
        Some(LimitHit::Cpu) => " at the CPU limit",
        Some(LimitHit::Wall) => " at the wall-clock limit",
        Some(LimitHit::Memory) => " at the memory limit",
        Some(LimitHit::Output) => " at the output limit",
        None => "",
    };
    match exit {
        Exit::Code(code) if limit.is_empty() => format!("exit code {code}"),
        Exit::Code(code) => format!("stopped{limit} (exit code {code})"),
        Exit::Signal(n) => format!("killed by {}{limit}", describe_signal(n)),
    }
}

fn stderr_head(stderr: &str) -> Vec<String> {
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return Vec::new();
    }
    let mut out = vec!["stderr:".to_string()];
    out.extend(lines.iter().take(STDERR_LINES).map(|l| format!("  {l}")));
    if lines.len() > STDERR_LINES {
        out.push(format!("  ... ({} more lines)", lines.len() - STDERR_LINES));
    }
    out
}

/// `SIGSEGV` for a known signal (the run step's table), `signal 42` otherwise.
fn describe_signal(number: i32) -> String {
    match signal_name(number) {
        "unknown signal" => format!("signal {number}"),
        name => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::describe_signal;

    #[test]
    fn signals_are_named_or_numbered() {
        assert_eq!(describe_signal(libc::SIGSEGV), "SIGSEGV");
        assert_eq!(describe_signal(libc::SIGFPE), "SIGFPE");
        assert_eq!(describe_signal(libc::SIGABRT), "SIGABRT");
        assert_eq!(describe_signal(77), "signal 77");
    }
}
