//! Cheap samples of a running process from `/proc`: CPU time, resident size and time spent
//! waiting for a CPU.
//!
//! The files are opened once per run and re-read with `pread` at offset 0, so one sample costs
//! one system call per figure.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::sync::OnceLock;
use std::time::Duration;

/// Open `/proc/PID/stat`, `/proc/PID/statm` and `/proc/PID/schedstat` of one process.
pub(crate) struct ProcSampler {
    stat: Option<File>,
    statm: Option<File>,
    schedstat: Option<File>,
    buf: [u8; 1024],
}

impl ProcSampler {
    /// Opens the files of `pid`; a missing file only makes its samples `None`.
    pub fn open(pid: i32) -> Self {
        ProcSampler {
            stat: File::open(format!("/proc/{pid}/stat")).ok(),
            statm: File::open(format!("/proc/{pid}/statm")).ok(),
            schedstat: File::open(format!("/proc/{pid}/schedstat")).ok(),
            buf: [0; 1024],
        }
    }

    /// CPU time (user + sys) of the process and of the children it has waited for.
    pub fn cpu(&mut self) -> Option<Duration> {
        let n = self.stat.as_ref()?.read_at(&mut self.buf, 0).ok()?;
        let ticks = parse_stat_cpu_ticks(&self.buf[..n])?;
        Some(ticks_to_duration(ticks))
    }

    /// Resident size in bytes.
    pub fn resident_bytes(&mut self) -> Option<u64> {
        let n = self.statm.as_ref()?.read_at(&mut self.buf, 0).ok()?;
        let pages = parse_statm_resident_pages(&self.buf[..n])?;
        Some(pages * page_size())
    }

    /// Time the process has spent runnable but waiting on a run queue (its "run delay"), up to
    /// its last switch onto a CPU; `None` on kernels without `CONFIG_SCHED_INFO`.
    pub fn run_delay(&mut self) -> Option<Duration> {
        let n = self.schedstat.as_ref()?.read_at(&mut self.buf, 0).ok()?;
        parse_schedstat_run_delay(&self.buf[..n])
    }
}

/// The run delay (second field, nanoseconds) of `/proc/PID/schedstat`.
pub(crate) fn parse_schedstat_run_delay(text: &[u8]) -> Option<Duration> {
    let text = std::str::from_utf8(text).ok()?;
    let ns = text.split_ascii_whitespace().nth(1)?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// utime + stime + cutime + cstime, in clock ticks, from the text of `/proc/PID/stat`.
///
/// The command name (field 2) may contain spaces and parentheses, so fields are counted from
/// the last `)`.
pub(crate) fn parse_stat_cpu_ticks(text: &[u8]) -> Option<u64> {
    let close = text.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&text[close + 1..]).ok()?;
    // After the name: state (field 3), ... utime is field 14, i.e. index 11 here.
    let mut fields = rest.split_ascii_whitespace().skip(11);
    let mut total = 0u64;
    for _ in 0..4 {
        total += fields.next()?.parse::<i64>().ok()?.max(0) as u64;
    }
    Some(total)
}

/// The resident page count (second field) of `/proc/PID/statm`.
pub(crate) fn parse_statm_resident_pages(text: &[u8]) -> Option<u64> {
    let text = std::str::from_utf8(text).ok()?;
    text.split_ascii_whitespace().nth(1)?.parse().ok()
}

fn ticks_to_duration(ticks: u64) -> Duration {
    static HZ: OnceLock<u64> = OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    let hz = *HZ.get_or_init(|| match unsafe { libc::sysconf(libc::_SC_CLK_TCK) } {
        n if n > 0 => n as u64,
        _ => 100,
    });
    Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / hz)
}

/// The page size in bytes.
pub(crate) fn page_size() -> u64 {
    static PAGE: OnceLock<u64> = OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    *PAGE.get_or_init(|| match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
        n if n > 0 => n as u64,
        _ => 4096,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_cpu_counts_from_the_last_parenthesis() {
        let line = b"4242 (a) b (c)) R 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n";
        // Field 3 is `R`, so fields 14..=17 (utime, stime, cutime, cstime) hold 11..=14.
        assert_eq!(parse_stat_cpu_ticks(line), Some(11 + 12 + 13 + 14));
        assert_eq!(parse_stat_cpu_ticks(b"1 (x) R 1 2"), None);
    }

    #[test]
    fn statm_resident_is_the_second_field() {
        assert_eq!(
            parse_statm_resident_pages(b"1000 250 30 4 0 50 0\n"),
            Some(250)
        );
        assert_eq!(parse_statm_resident_pages(b"1000"), None);
    }

    #[test]
    fn schedstat_run_delay_is_the_second_field() {
        assert_eq!(
            parse_schedstat_run_delay(b"173528 4439615 2\n"),
            Some(Duration::from_nanos(4439615))
        );
        assert_eq!(parse_schedstat_run_delay(b"173528"), None);
    }

    #[test]
    fn samples_of_this_process_are_plausible() {
        let mut s = ProcSampler::open(std::process::id() as i32);
        let rss = s.resident_bytes().unwrap();
        assert!(rss > 100 * 1024, "{rss}");
        let spin = std::time::Instant::now();
        while spin.elapsed() < Duration::from_millis(60) {
            std::hint::black_box(0u64);
        }
        assert!(s.cpu().unwrap() >= Duration::from_millis(30));
    }
}
