//! The machine's timing noise, remembered (issue 31): a second verify of an unchanged package
//! should not pay for measuring it again.
//!
//! A [`Calibration`] is kept in the cache folder with the boot it was measured in
//! (`/proc/sys/kernel/random/boot_id`) and the time, and reused within the same boot for
//! [`KEPT_FOR`]. Why these two: the noise is the host's, and on the virtual machine it
//! changed from hour to hour, not from minute to minute; a reboot or a move to another host
//! is another machine. `doctor` always measures (and remembers what it measured); `--fresh`
//! measures again. A time limit's derivation still reads the machine's speed itself before,
//! during and after it runs anything: drift is about those minutes.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::run::calibration::Calibration;

/// How long a remembered calibration is reused within one boot.
pub const KEPT_FOR: Duration = Duration::from_secs(3600);

/// The file in the cache folder.
const FILE: &str = "calibration.json";

/// A remembered calibration.
#[derive(Debug, Serialize, Deserialize)]
struct Remembered {
    boot_id: String,
    measured_unix_s: u64,
    runs_ns: Vec<u64>,
}

/// The machine's calibration: the one remembered under `cache_root` when it was measured in
/// this boot less than [`KEPT_FOR`] ago with `runs` runs (and `fresh` is not set), else
/// `runs` new runs of the workload, remembered for the next command.
pub fn calibration(cache_root: &Path, fresh: bool, runs: usize) -> Calibration {
    let remembered = (!fresh).then(|| recall(cache_root, runs)).flatten();
    let calibration = remembered.unwrap_or_else(|| {
        let measured = Calibration::measure(runs);
        remember(cache_root, &measured);
        measured
    });
    *lock(&IN_USE) = Some(calibration.clone());
    calibration
}

/// The calibration [`calibration`] gave this process last, measured or remembered.
static IN_USE: Mutex<Option<Calibration>> = Mutex::new(None);

/// The calibration [`calibration`] gave this process last (the one verify's report shows),
/// measured or remembered: a time limit's derivation that runs nothing takes its noise from
/// it, the same reading the derivation that made the remembered runs used.
pub fn in_use() -> Option<Calibration> {
    lock(&IN_USE).clone()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The calibration this process measured last, and when.
static LATEST: Mutex<Option<(Instant, Calibration)>> = Mutex::new(None);

/// The calibration this process measured (not recalled) less than `age` ago: a reading of the
/// machine's speed now, which a time limit's derivation that starts right after takes as its
/// `before` reading instead of measuring again (issue 31: on a loaded machine each reading
/// costs seconds of wall time).
pub fn measured_within(age: Duration) -> Option<Calibration> {
    let latest = lock(&LATEST);
    let (at, calibration) = latest.as_ref()?;
    (at.elapsed() < age).then(|| calibration.clone())
}

/// Keeps `calibration` for the next command. Best effort: a cache folder that cannot be
/// written only means measuring again next time.
pub fn remember(cache_root: &Path, calibration: &Calibration) {
    *lock(&LATEST) = Some((Instant::now(), calibration.clone()));
    let Some(boot_id) = boot_id() else {
        return;
    };
    let remembered = Remembered {
        boot_id,
        measured_unix_s: now_unix_s(),
        runs_ns: (calibration.times.iter())
            .map(|t| u64::try_from(t.as_nanos()).unwrap_or(u64::MAX))
            .collect(),
    };
    let Ok(text) = serde_json::to_string(&remembered) else {
        return;
    };
    // Written aside and renamed: a parallel command reads the old file or the new one.
    let aside = cache_root.join(format!("{FILE}.{}.tmp", std::process::id()));
    let written =
        std::fs::create_dir_all(cache_root).is_ok() && std::fs::write(&aside, text).is_ok();
    if written && std::fs::rename(&aside, path(cache_root)).is_err() {
        let _ = std::fs::remove_file(&aside);
    }
}

fn recall(cache_root: &Path, runs: usize) -> Option<Calibration> {
    let text = std::fs::read_to_string(path(cache_root)).ok()?;
    let remembered: Remembered = serde_json::from_str(&text).ok()?;
    let age = now_unix_s().checked_sub(remembered.measured_unix_s)?;
    let usable = remembered.boot_id == boot_id()?
        && age < KEPT_FOR.as_secs()
        && remembered.runs_ns.len() == runs
        && remembered.runs_ns.iter().all(|&ns| ns > 0);
    usable.then(|| Calibration {
        times: (remembered.runs_ns.iter())
            .map(|&ns| Duration::from_nanos(ns))
            .collect(),
    })
}

fn path(cache_root: &Path) -> PathBuf {
    cache_root.join(FILE)
}

/// This boot's id (Linux); `None` elsewhere, where nothing is remembered.
fn boot_id() -> Option<String> {
    let text = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    Some(text.trim().to_string()).filter(|id| !id.is_empty())
}

fn now_unix_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_calibration_is_remembered_within_the_boot_and_the_hour_unless_fresh() {
        let dir = tempfile::tempdir().unwrap();
        let first = calibration(dir.path(), false, 3);
        assert_eq!(calibration(dir.path(), false, 3), first);
        // Another number of runs, or --fresh, measures again (and remembers that).
        let fresh = calibration(dir.path(), true, 3);
        assert_ne!(fresh, first);
        assert_eq!(calibration(dir.path(), false, 3), fresh);
        assert_eq!(calibration(dir.path(), false, 4).times.len(), 4);
        // An hour old, or from another boot: measured again.
        let old = |boot_id: String, age: u64| {
            let text = serde_json::json!({
                "boot_id": boot_id,
                "measured_unix_s": now_unix_s() - age,
                "runs_ns": [1, 2, 3],
            });
            std::fs::write(path(dir.path()), text.to_string()).unwrap();
        };
        let this_boot = boot_id().unwrap();
        old(this_boot.clone(), 10);
        assert_eq!(
            calibration(dir.path(), false, 3).times[2],
            Duration::from_nanos(3)
        );
        old(this_boot, KEPT_FOR.as_secs() + 1);
        assert_ne!(
            calibration(dir.path(), false, 3).times[2],
            Duration::from_nanos(3)
        );
        old("another boot".into(), 10);
        assert_ne!(
            calibration(dir.path(), false, 3).times[2],
            Duration::from_nanos(3)
        );
        // A broken file is measured over.
        std::fs::write(path(dir.path()), "{").unwrap();
        let measured = calibration(dir.path(), false, 3);
        assert_eq!(measured.times.len(), 3);
        // What this process measured last is a reading of now, for a short while.
        assert_eq!(measured_within(Duration::from_secs(60)), Some(measured));
        assert_eq!(measured_within(Duration::ZERO), None);
    }
}
