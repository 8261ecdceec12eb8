//! What the machine profile's calibration history says (issue 45): over every reading kept
//! ([`super::machine_profile::MachineProfile::readings`]), the range of each workload's
//! medians, so `doctor` and a derivation's report can show how far the machine's speed has
//! moved on this machine, and where a reading taken now sits in that range.

use std::time::Duration;

use super::machine_profile::{utc, MachineProfile, StoredReading};

/// The medians one workload gave over the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkloadHistory {
    /// Readings of it kept.
    pub readings: usize,
    /// The fastest median, microseconds.
    pub fastest_us: u64,
    /// The median of the medians, microseconds.
    pub median_us: u64,
    /// The slowest median, microseconds.
    pub slowest_us: u64,
}

impl WorkloadHistory {
    /// The medians' spread: slowest over fastest, less one.
    pub fn spread(&self) -> f64 {
        if self.fastest_us == 0 {
            0.0
        } else {
            self.slowest_us as f64 / self.fastest_us as f64 - 1.0
        }
    }

    /// How much slower `now` is than the fastest median kept (negative: faster than any).
    pub fn over_fastest(&self, now: Duration) -> f64 {
        if self.fastest_us == 0 {
            0.0
        } else {
            now.as_micros() as f64 / self.fastest_us as f64 - 1.0
        }
    }

    fn of(values: impl Iterator<Item = u64>) -> Option<WorkloadHistory> {
        let mut values: Vec<u64> = values.filter(|&v| v > 0).collect();
        values.sort_unstable();
        Some(WorkloadHistory {
            readings: values.len(),
            fastest_us: *values.first()?,
            median_us: values[values.len() / 2],
            slowest_us: *values.last()?,
        })
    }

    /// `17.2 ms to 18.9 ms (median 17.6 ms, spread 9.9 %)`, and where `now` sits.
    fn describe(&self, now: Option<Duration>) -> String {
        let of_us = |us: u64| ms(Duration::from_micros(us));
        let mut text = format!(
            "{} to {} (median {}, spread {:.1} %)",
            of_us(self.fastest_us),
            of_us(self.slowest_us),
            of_us(self.median_us),
            self.spread() * 100.0
        );
        if let Some(now) = now {
            text.push_str(&format!(
                ", now {} ({:+.1} % on the fastest)",
                ms(now),
                self.over_fastest(now) * 100.0
            ));
        }
        text
    }
}

/// A workload's time as the calibration lines show it: `17.5 ms`.
fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// The calibration history kept on this machine, summarized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalibrationHistory {
    /// Readings kept.
    pub readings: usize,
    /// When the oldest was taken, seconds since the epoch.
    pub first_unix_s: u64,
    /// When the newest was taken, seconds since the epoch.
    pub last_unix_s: u64,
    /// The integer workload.
    pub integer: WorkloadHistory,
    /// The memory-latency workload, when any reading had it.
    pub latency: Option<WorkloadHistory>,
    /// The memory-bandwidth workload, when any reading had it.
    pub bandwidth: Option<WorkloadHistory>,
}

/// Readings taken now, to set beside the history: each workload's median, when read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Now {
    /// The integer workload's median.
    pub integer: Option<Duration>,
    /// The memory-latency workload's median.
    pub latency: Option<Duration>,
    /// The memory-bandwidth workload's median.
    pub bandwidth: Option<Duration>,
}

impl CalibrationHistory {
    /// The summary of `profile`'s readings; `None` when it has none.
    pub fn of(profile: &MachineProfile) -> Option<CalibrationHistory> {
        let readings: &[StoredReading] = &profile.readings;
        let integer = WorkloadHistory::of(readings.iter().map(|r| r.integer_us))?;
        Some(CalibrationHistory {
            readings: readings.len(),
            first_unix_s: readings.iter().map(|r| r.unix_s).min().unwrap_or(0),
            last_unix_s: readings.iter().map(|r| r.unix_s).max().unwrap_or(0),
            integer,
            latency: WorkloadHistory::of(readings.iter().map(|r| r.latency_us)),
            bandwidth: WorkloadHistory::of(readings.iter().map(|r| r.bandwidth_us)),
        })
    }

    /// One line: how many readings since when, each workload's range, and where `now` sits.
    pub fn describe(&self, now: Now) -> String {
        let mut parts = vec![format!("integer {}", self.integer.describe(now.integer))];
        if let Some(latency) = &self.latency {
            parts.push(format!("memory latency {}", latency.describe(now.latency)));
        }
        if let Some(bandwidth) = &self.bandwidth {
            parts.push(format!(
                "memory bandwidth {}",
                bandwidth.describe(now.bandwidth)
            ));
        }
        format!(
            "{} calibration reading(s) kept on this machine from {} to {}: {}",
            self.readings,
            utc(self.first_unix_s),
            utc(self.last_unix_s),
            parts.join("; ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(unix_s: u64, integer_us: u64, latency_us: u64) -> StoredReading {
        StoredReading {
            unix_s,
            when: "before".into(),
            integer_us,
            latency_us,
            bandwidth_us: 0,
        }
    }

    #[test]
    fn the_history_gives_each_workloads_range_and_where_a_reading_sits_in_it() {
        let mut profile = MachineProfile::default();
        assert_eq!(CalibrationHistory::of(&profile), None);
        profile.readings = vec![
            reading(1_796_531_760, 17_500, 0),
            reading(1_796_531_800, 18_000, 2_940_000),
            reading(1_796_531_900, 17_000, 4_090_000),
        ];
        let history = CalibrationHistory::of(&profile).unwrap();
        assert_eq!(history.readings, 3);
        assert_eq!(history.integer.fastest_us, 17_000);
        assert_eq!(history.integer.median_us, 17_500);
        assert_eq!(history.integer.slowest_us, 18_000);
        // A reading taken before the memory workloads existed has none.
        let latency = history.latency.unwrap();
        assert_eq!(latency.readings, 2);
        assert!((latency.spread() - 0.391).abs() < 0.001);
        assert_eq!(history.bandwidth, None);
        let line = history.describe(Now {
            latency: Some(Duration::from_millis(3234)),
            ..Now::default()
        });
        assert!(
            line.starts_with(
                "3 calibration reading(s) kept on this machine from 2026-12-06 04:36 UTC"
            ),
            "{line}"
        );
        assert!(
            line.contains("memory latency 2940.0 ms to 4090.0 ms"),
            "{line}"
        );
        assert!(
            line.contains("now 3234.0 ms (+10.0 % on the fastest)"),
            "{line}"
        );
        assert!(!line.contains("bandwidth"), "{line}");
    }
}
