//! The machine profile (issue 45): what this machine has shown about its own speed and about
//! each accepted program, kept as evidence beyond one command's results.
//!
//! - the history of its calibration readings (integer, memory latency, memory bandwidth), the
//!   newest [`HISTORY`] of them;
//! - the fastest deciding run ever seen per solution build and test content: noise only adds
//!   time, so that run is the best evidence of what the program needs here;
//! - every time limit derived per package state (the [`super::derived_limit::LimitKey`]: rule,
//!   problem, tests, builds), with its deciding time and when it was measured, the newest
//!   [`LIMITS_KEPT`] of them.
//!
//! It lives in `machine.json` beside the result cache's folder, not in it: `--fresh` asks for
//! fresh results, not for amnesia, so it reads and extends the profile all the same; deleting
//! `results/` keeps it; `--forget-machine` deletes it ([`forget`]). It is best effort: an
//! unreadable file is an empty profile, and two commands saving at once keep one's additions.
//! Every key is a [`super::digest`], which names the judge's own build: another build of
//! stressjudge starts a profile of its own keys.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::{digest, ResultCache};
use crate::problem::TestCase;
use crate::run::calibration::Readings;

/// The file beside `results/` in the cache folder.
pub const FILE: &str = "machine.json";

/// Calibration readings kept.
pub const HISTORY: usize = 500;

/// Derived limits kept per package state.
pub const LIMITS_KEPT: usize = 20;

/// The profile as stored.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct MachineProfile {
    /// Calibration readings, oldest first.
    #[serde(default)]
    pub readings: Vec<StoredReading>,
    /// The fastest deciding run per [`MachineProfile::run_key`].
    #[serde(default)]
    pub fastest: BTreeMap<String, StoredRun>,
    /// Limits derived per package state (its key's id), oldest first.
    #[serde(default)]
    pub limits: BTreeMap<String, Vec<StoredLimit>>,
}

/// One calibration reading: the three workloads' medians, in microseconds.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct StoredReading {
    /// When, seconds since the epoch.
    pub unix_s: u64,
    /// `before`, `during` or `after`.
    pub when: String,
    /// The integer workload's median.
    pub integer_us: u64,
    /// The memory-latency workload's median (0: not read).
    pub latency_us: u64,
    /// The memory-bandwidth workload's median (0: not read).
    pub bandwidth_us: u64,
}

/// The fastest run of one build on one test.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct StoredRun {
    /// Its CPU time, microseconds.
    pub cpu_us: u64,
    /// When, seconds since the epoch.
    pub unix_s: u64,
}

/// One derived limit of a package state.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct StoredLimit {
    /// The limit set, milliseconds.
    pub limit_ms: u64,
    /// The deciding time it was set from, milliseconds.
    pub deciding_ms: u64,
    /// When, seconds since the epoch.
    pub unix_s: u64,
}

impl StoredRun {
    /// Its CPU time.
    pub fn cpu(&self) -> Duration {
        Duration::from_micros(self.cpu_us)
    }
}

impl MachineProfile {
    /// The profile kept under `cache_root`; empty when there is none or it cannot be read.
    pub fn load(cache_root: &Path) -> MachineProfile {
        std::fs::read_to_string(path(cache_root))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Writes it under `cache_root`, aside and renamed so a parallel command reads the old
    /// profile or the new one. Best effort: a folder that cannot be written only means less
    /// evidence next time.
    pub fn save(&self, cache_root: &Path) {
        let Ok(text) = serde_json::to_string(self) else {
            return;
        };
        let aside = cache_root.join(format!("{FILE}.{}.tmp", std::process::id()));
        let written =
            std::fs::create_dir_all(cache_root).is_ok() && std::fs::write(&aside, text).is_ok();
        if written && std::fs::rename(&aside, path(cache_root)).is_err() {
            let _ = std::fs::remove_file(&aside);
        }
    }

    /// The key of the build `content_hash`'s runs on `case` (its name, input and answer).
    pub fn run_key(content_hash: &str, case: &TestCase) -> String {
        digest(&[
            b"machine-profile-run",
            content_hash.as_bytes(),
            case.name.as_bytes(),
            case.input.as_bytes(),
            case.expected.text.as_bytes(),
        ])
    }

    /// Adds the readings of one derivation, taken now.
    pub fn add_readings(&mut self, readings: &[(&'static str, Readings)]) {
        let us = |c: &crate::run::calibration::Calibration| {
            if c.times.is_empty() {
                0
            } else {
                c.median().as_micros() as u64
            }
        };
        let now = now_unix_s();
        for (when, r) in readings {
            self.readings.push(StoredReading {
                unix_s: now,
                when: when.to_string(),
                integer_us: us(&r.integer),
                latency_us: us(&r.latency),
                bandwidth_us: us(&r.bandwidth),
            });
        }
        let extra = self.readings.len().saturating_sub(HISTORY);
        self.readings.drain(..extra);
    }

    /// The fastest run of `key` seen so far.
    pub fn fastest(&self, key: &str) -> Option<StoredRun> {
        self.fastest.get(key).copied().filter(|r| r.cpu_us > 0)
    }

    /// Offers a run of `key` taking `cpu` now: kept when it is the fastest seen.
    pub fn offer_run(&mut self, key: &str, cpu: Duration) {
        let cpu_us = cpu.as_micros() as u64;
        if cpu_us == 0 || self.fastest(key).is_some_and(|r| r.cpu_us <= cpu_us) {
            return;
        }
        let run = StoredRun {
            cpu_us,
            unix_s: now_unix_s(),
        };
        self.fastest.insert(key.to_string(), run);
    }

    /// Every limit derived for the package state `key`, oldest first.
    pub fn limits(&self, key: &str) -> &[StoredLimit] {
        self.limits.get(key).map_or(&[], Vec::as_slice)
    }

    /// Adds a limit derived for `key` from `deciding`, measured at `unix_s` (0: now).
    pub fn add_limit(&mut self, key: &str, limit: Duration, deciding: Duration, unix_s: u64) {
        let list = self.limits.entry(key.to_string()).or_default();
        list.push(StoredLimit {
            limit_ms: crate::units::millis(limit),
            deciding_ms: crate::units::millis(deciding),
            unix_s: if unix_s == 0 { now_unix_s() } else { unix_s },
        });
        let extra = list.len().saturating_sub(LIMITS_KEPT);
        list.drain(..extra);
    }
}

impl ResultCache {
    /// The cache folder the machine profile lives in (the result cache's parent); `None` for a
    /// cache that stores nothing on disk (tests), which keeps no profile either.
    pub fn machine_root(&self) -> Option<PathBuf> {
        Some(self.entries.as_ref()?.dir().parent()?.to_path_buf())
    }
}

/// Deletes the machine profile under `cache_root` and the remembered timing noise
/// (`--forget-machine`); whether there was one.
pub fn forget(cache_root: &Path) -> std::io::Result<bool> {
    let mut any = false;
    for file in [FILE, "calibration.json"] {
        match std::fs::remove_file(cache_root.join(file)) {
            Ok(()) => any = true,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(any)
}

fn path(cache_root: &Path) -> PathBuf {
    cache_root.join(FILE)
}

/// Seconds since the epoch now.
pub fn now_unix_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `unix_s` as `2026-12-06 04:36 UTC`.
pub fn utc(unix_s: u64) -> String {
    let days = (unix_s / 86_400) as i64;
    let rest = unix_s % 86_400;
    // Howard Hinnant's days-to-civil algorithm (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_keeps_the_fastest_run_and_every_limit_and_is_forgotten_on_request() {
        let dir = tempfile::tempdir().unwrap();
        let mut profile = MachineProfile::load(dir.path());
        assert!(profile.fastest.is_empty());
        profile.offer_run("k", Duration::from_millis(1122));
        profile.offer_run("k", Duration::from_millis(774));
        profile.offer_run("k", Duration::from_millis(1257));
        profile.add_limit("p", Duration::from_secs(2), Duration::from_millis(774), 0);
        profile.add_limit("p", Duration::from_secs(3), Duration::from_millis(1122), 7);
        profile.add_readings(&[("before", Readings::measure(1))]);
        profile.save(dir.path());
        let again = MachineProfile::load(dir.path());
        assert_eq!(
            again.fastest("k").unwrap().cpu(),
            Duration::from_millis(774)
        );
        let limits: Vec<u64> = again.limits("p").iter().map(|l| l.limit_ms).collect();
        assert_eq!(limits, vec![2000, 3000]);
        assert_eq!(again.readings.len(), 1);
        assert!(again.readings[0].latency_us > 0);
        assert!(forget(dir.path()).unwrap());
        assert!(MachineProfile::load(dir.path()).fastest.is_empty());
        assert!(!forget(dir.path()).unwrap());
        // A broken file is an empty profile.
        std::fs::write(dir.path().join(FILE), "{").unwrap();
        assert!(MachineProfile::load(dir.path()).limits.is_empty());
    }

    #[test]
    fn times_are_shown_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_796_531_760), "2026-12-06 04:36 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
    }
}
