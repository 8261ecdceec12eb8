//! The memory of a sanitized run (`--sanitize`) as the program's own, not AddressSanitizer's.
//!
//! A sanitized build links `own_memory.c` (see [`crate::build::sanitize`]), which writes the
//! program's own figures to descriptor 3: the heap's peak of live bytes as the program asked
//! for them, and the resident pages of its static data and of its stack. Their sum is the
//! run's memory, judged against the memory limit itself; past the limit on the heap the
//! program ends itself at once (it is then an MLE however it ended).
//!
//! The resident size, which also holds ASan's shadow memory, redzones and quarantine, is only
//! a backstop against a runaway: [`backstop_bytes`], enforced by the sandbox's sampling of the
//! resident size (under either isolation; full isolation's cgroup bounds the whole tree too)
//! and by ASan itself (`hard_rss_limit_mb`, checked every 100 ms by its background thread in
//! each sanitized process, so also in processes the basic sandbox does not sample). No
//! address-space or data rlimit can serve: ASan reserves terabytes of address space for its
//! shadow, which `RLIMIT_AS` and `RLIMIT_DATA` (Linux 4.7 and later: every private writable
//! mapping) both count. A run stopped by the backstop is an MLE showing its resident size.

use std::ffi::OsString;

use crate::build::sanitize::{self, OWN_MEMORY_LIMIT_ENV};
use crate::run::{LimitHit, RunOutcome, RunRequest};

/// What AddressSanitizer prints when `hard_rss_limit_mb` stops a process (its
/// `sanitizer_common_libcdep.cpp`: "%s: hard rss limit exhausted (%zdMb vs %zdMb)").
const HARD_RSS_MESSAGE: &str = "hard rss limit exhausted";

/// The program's own memory, as `own_memory.c` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnMemory {
    /// Peak of the heap's live bytes, as asked for.
    pub heap: u64,
    /// Resident bytes of the static data (`.data`, `.bss`).
    pub static_data: u64,
    /// Resident bytes of the main thread's stack.
    pub stack: u64,
}

impl OwnMemory {
    /// The largest of the report's "HEAP STATIC STACK" lines (the second, when there is
    /// one, holds the figures past the limit); `None` when there is none (the program ended
    /// before its start-up wrote one) or a line is not one.
    pub fn parse(report: &[u8]) -> Option<OwnMemory> {
        let text = std::str::from_utf8(report).ok()?;
        let mut largest: Option<OwnMemory> = None;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut fields = line.split_whitespace().map(|f| f.parse::<u64>().ok());
            let own = OwnMemory {
                heap: fields.next()??,
                static_data: fields.next()??,
                stack: fields.next()??,
            };
            if fields.next().is_some() {
                return None;
            }
            if largest.is_none_or(|l| own.total() > l.total()) {
                largest = Some(own);
            }
        }
        largest
    }

    /// All of it, in bytes.
    pub fn total(&self) -> u64 {
        self.heap
            .saturating_add(self.static_data)
            .saturating_add(self.stack)
    }
}

/// The resident-memory backstop of a sanitized run under the memory limit `limit`.
pub fn backstop_bytes(limit: u64) -> u64 {
    limit
        .saturating_mul(sanitize::MEMORY_FACTOR)
        .saturating_add(sanitize::MEMORY_SLACK_BYTES)
}

/// `request` (a sanitized program's run under the memory limit it holds) made to measure the
/// program's own memory: descriptor 3 for the figures, the limit for `own_memory.c`, and the
/// backstop as the sandbox's and ASan's resident-memory limit.
pub fn prepare(request: &mut RunRequest) {
    let limit = request.limits.memory_bytes;
    let backstop = backstop_bytes(limit);
    request.report_fd = true;
    request.limits.memory_bytes = backstop;
    request
        .env
        .push((OWN_MEMORY_LIMIT_ENV.into(), limit.to_string().into()));
    let hard_rss = format!(":hard_rss_limit_mb={}", backstop.div_ceil(1 << 20));
    match request
        .env
        .iter_mut()
        .find(|(name, _)| name == "ASAN_OPTIONS")
    {
        Some((_, value)) => value.push(&hard_rss),
        None => request.env.push((
            "ASAN_OPTIONS".into(),
            OsString::from(hard_rss.trim_start_matches(':')),
        )),
    }
}

/// The outcome of a run made by [`prepare`], judged by the program's own memory under the
/// memory limit `limit`: its peak is the own figure, and an MLE when that passed the limit.
/// A run the backstop stopped stays an MLE with its resident size; one whose figures are
/// missing keeps its resident size.
pub fn judged(mut outcome: RunOutcome, limit: u64) -> RunOutcome {
    if outcome.stderr_head.contains(HARD_RSS_MESSAGE) {
        outcome.limit_hit = Some(LimitHit::Memory);
    }
    if outcome.limit_hit == Some(LimitHit::Memory) {
        return outcome;
    }
    let Some(own) = OwnMemory::parse(&outcome.report) else {
        return outcome;
    };
    outcome.peak_memory_kib = own.total().div_ceil(1024);
    if own.total() > limit && outcome.limit_hit.is_none() {
        outcome.limit_hit = Some(LimitHit::Memory);
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{Exit, RunLimits};
    use std::time::Duration;

    fn outcome(report: &str, stderr: &str) -> RunOutcome {
        RunOutcome {
            exit: Exit::Signal(9),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_memory_kib: 900 << 10,
            limit_hit: None,
            stdout: Vec::new(),
            stderr_head: stderr.into(),
            collected: Vec::new(),
            report: report.as_bytes().to_vec(),
        }
    }

    #[test]
    fn reports_are_three_numbers() {
        let own = OwnMemory::parse(b"100 20 3\n      ").unwrap();
        assert_eq!(own.total(), 123);
        assert_eq!(OwnMemory::parse(b""), None);
        assert_eq!(OwnMemory::parse(b"1 2"), None);
        assert_eq!(OwnMemory::parse(b"1 2 3 4"), None);
        assert_eq!(OwnMemory::parse(b"1 -2 3"), None);
        let two = OwnMemory::parse(b"100 20 3  \n100663296 20 0 \n").unwrap();
        assert_eq!(two.heap, 100663296);
    }

    #[test]
    fn the_own_figure_decides_and_is_shown() {
        let limit = 256 << 20;
        let over = judged(outcome("402653184 4096 8192", ""), limit);
        assert_eq!(over.limit_hit, Some(LimitHit::Memory));
        assert_eq!(over.peak_memory_kib, (402653184 + 4096 + 8192) / 1024);
        let under = judged(outcome("161061273 4096 8192", ""), limit);
        assert_eq!(under.limit_hit, None);
        assert_eq!(
            under.peak_memory_kib,
            (161061273 + 4096 + 8192_u64).div_ceil(1024)
        );
        // No figures: the resident size stays.
        assert_eq!(judged(outcome("", ""), limit).peak_memory_kib, 900 << 10);
        // ASan's backstop: an MLE with the resident size.
        let stopped = judged(
            outcome(
                "1000 0 0",
                "==1==AddressSanitizer: hard rss limit exhausted (1Mb vs 2Mb)",
            ),
            limit,
        );
        assert_eq!(stopped.limit_hit, Some(LimitHit::Memory));
        assert_eq!(stopped.peak_memory_kib, 900 << 10);
    }

    #[test]
    fn prepared_runs_get_the_descriptor_the_limit_and_the_backstop() {
        let mut request = RunRequest {
            argv: vec!["/bin/true".into()],
            env: vec![("ASAN_OPTIONS".into(), "detect_leaks=0".into())],
            stdin: "/dev/null".into(),
            limits: RunLimits::from_time_limit(Duration::from_secs(1), 256 << 20, 1),
            files: Vec::new(),
            dirs: Vec::new(),
            collect: Vec::new(),
            readonly: Vec::new(),
            carry: None,
            unlimited_address_space: true,
            address_space: None,
            argv0: None,
            report_fd: false,
        };
        prepare(&mut request);
        assert!(request.report_fd);
        assert_eq!(request.limits.memory_bytes, (4 << 28) + (512 << 20));
        assert!(request
            .env
            .contains(&("STRESSJUDGE_MEMORY_LIMIT".into(), "268435456".into())));
        assert!(request.env.contains(&(
            "ASAN_OPTIONS".into(),
            "detect_leaks=0:hard_rss_limit_mb=1536".into()
        )));
    }
}
