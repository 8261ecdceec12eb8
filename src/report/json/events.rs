//! `--json-lines`: one JSON object per line on stdout as things happen, for editors and other
//! tools that show progress live. Every object has an `event` field naming it; the last is
//! `summary`, whose `report` is the object `--json` prints.

use std::io::Write;
use std::sync::{Mutex, OnceLock};

use schemars::JsonSchema;
use serde::Serialize;

use super::{JudgeJson, StressOutput, VerifyJson};
use crate::judge::Verdict;

/// One event of a `--json-lines` stream.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A program was built (or taken from the build cache).
    Build {
        /// What was built: `solution`, `reference`, `generator`, or a submission's path.
        program: String,
        /// Whether it built.
        ok: bool,
    },
    /// One test (or, in `verify`, one submission's test) was judged.
    Test {
        /// The submission it belongs to, in `verify`; absent in `judge`.
        #[serde(skip_serializing_if = "Option::is_none")]
        solution: Option<String>,
        /// Test name.
        name: String,
        /// Its verdict.
        #[schemars(schema_with = "super::verdict_schema")]
        verdict: Verdict,
        /// CPU time.
        cpu_ms: u64,
        /// Wall-clock time.
        wall_ms: u64,
        /// Peak memory.
        memory_kib: u64,
    },
    /// A submission of `verify` was decided.
    Solution {
        /// Its path.
        path: String,
        /// What it got (a verdict, `skipped` or `error`).
        got: String,
        /// Whether that is what its folder promised.
        ok: bool,
    },
    /// `stress` found a failing seed (before shrinking it).
    Failure {
        /// The seed.
        seed: u64,
        /// Its generator kind.
        kind: String,
        /// The verdict.
        #[schemars(schema_with = "super::verdict_schema")]
        verdict: Verdict,
        /// One line on what went wrong.
        detail: String,
    },
    /// `stress` shrank a failing input by one accepted step.
    ShrinkStep {
        /// The seed being shrunk.
        seed: u64,
        /// Its generator kind (with several jobs, failures of different kinds shrink at once).
        kind: String,
        /// Accepted steps so far.
        steps: usize,
        /// The size of the input now, in bytes.
        input_bytes: usize,
    },
    /// `stress` finished shrinking a failure; it is written to the failures folder.
    Shrunk {
        /// The seed.
        seed: u64,
        /// Its generator kind.
        kind: String,
        /// The verdict.
        #[schemars(schema_with = "super::verdict_schema")]
        verdict: Verdict,
        /// The smallest input found that fails the same way.
        shrunk_input: String,
        /// Accepted shrinking steps.
        shrink_steps: usize,
    },
    /// The command ended; `report` is what `--json` prints.
    Summary {
        /// The report: exactly the object `--json` prints.
        #[schemars(with = "Summary")]
        report: serde_json::Value,
    },
}

/// The report a `summary` event carries: the same object as the command's `--json` (the
/// type of its schema).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[allow(dead_code)]
#[serde(untagged)]
pub enum Summary {
    /// `judge`.
    Judge(Box<JudgeJson>),
    /// `stress`.
    Stress(Box<StressOutput>),
    /// `verify`.
    Verify(Box<VerifyJson>),
}

/// The stream of this process, once a command turned `--json-lines` on.
static STREAM: OnceLock<JsonLines> = OnceLock::new();

/// Turns the event stream on for the rest of the process (`--json-lines`).
pub fn enable() {
    STREAM.get_or_init(JsonLines::default);
}

/// Whether `--json-lines` is on.
pub fn enabled() -> bool {
    STREAM.get().is_some()
}

/// Emits `event` on the stream when it is on; nothing otherwise. Events are built only when
/// the stream is on (`make` is not called otherwise).
pub fn emit(make: impl FnOnce() -> Event) {
    if let Some(stream) = STREAM.get() {
        stream.write(&make());
    }
}

/// Writes each event as one line of JSON on stdout and flushes it at once, so a reader sees
/// it while the command still runs.
#[derive(Default)]
pub struct JsonLines {
    lock: Mutex<()>,
}

impl JsonLines {
    fn write(&self, event: &Event) {
        let value = super::to_value(event);
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = std::io::stdout().lock();
        // A reader that went away ends nothing: the command's exit code stays.
        let _ = writeln!(out, "{value}").and_then(|()| out.flush());
    }
}
