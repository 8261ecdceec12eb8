//! How a derived time limit was measured (issue 31): the run that set it and its repeats, the
//! machine's noise and speed drift while it was set, and whether either could have moved it;
//! as lines for the text report and an object for JSON.

use std::time::Duration;

use serde_json::Value;

use crate::judge::repeats::{EarlierLimit, KeptBecause};
use crate::testset::results::calibration_history::{CalibrationHistory, Now};
use crate::testset::results::machine_profile::utc;
use crate::units::seconds;

/// The machine's speed (median of the calibration workload) at one point of the derivation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeedReading {
    /// When: `before`, `during` (probes done, repeats next) or `after`.
    pub when: &'static str,
    /// The calibration workload's median CPU time.
    pub median: Duration,
    /// The memory-latency workload's median (issue 45), when it was read.
    pub latency: Option<Duration>,
    /// The memory-bandwidth workload's median (issue 45), when it was read.
    pub bandwidth: Option<Duration>,
}

/// What the memory workloads said while a limit was derived (issue 45).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MemoryView {
    /// The memory workloads' own timing noise at the `before` reading (the larger of the two):
    /// a drift below it is their jitter.
    pub noise: f64,
    /// How much the memory workloads' speed changed (the larger of the two drifts).
    pub drift: f64,
    /// Each run of the deciding test made alone here, with the memory-latency reading taken
    /// right before it: (its CPU time, the reading).
    pub beside: Vec<(Duration, Duration)>,
}

/// Runs above this correlation with the memory-latency readings beside them, and spread by
/// more than [`DRIFT_FLOOR`], are said to move with the memory (the sampling found
/// 0.74 for a memory-heavy solution, 0.27 for the integer loop).
pub const MEMORY_CORRELATION: f64 = 0.6;

impl MemoryView {
    /// When the deciding test's runs alone moved with the memory readings beside them: the
    /// correlation; `None` with fewer than three pairs, runs within [`DRIFT_FLOOR`] of each
    /// other, or a weaker correlation.
    pub fn moves_with_memory(&self) -> Option<f64> {
        if self.beside.len() < 3 {
            return None;
        }
        let cpu: Vec<f64> = self.beside.iter().map(|p| p.0.as_secs_f64()).collect();
        let memory: Vec<f64> = self.beside.iter().map(|p| p.1.as_secs_f64()).collect();
        let (low, high) = cpu
            .iter()
            .fold((f64::MAX, 0.0f64), |(l, h), &c| (l.min(c), h.max(c)));
        if low <= 0.0 || high / low - 1.0 <= DRIFT_FLOOR {
            return None;
        }
        let r = correlation(&cpu, &memory)?;
        (r >= MEMORY_CORRELATION).then_some(r)
    }
}

/// The drift a limit is judged by: the largest of the integer workload's `drift` (past the
/// larger of its `noise` and [`DRIFT_FLOOR`]) and the memory workloads' (past theirs); 0 when
/// none is past its floor.
pub fn judged_drift(drift: f64, noise: f64, memory: &MemoryView) -> f64 {
    let integer = if drift > DRIFT_FLOOR.max(noise) {
        drift
    } else {
        0.0
    };
    let memory = if memory.drift > DRIFT_FLOOR.max(memory.noise) {
        memory.drift
    } else {
        0.0
    };
    integer.max(memory)
}

/// Pearson's correlation of `a` and `b` (equal lengths); `None` when either is constant.
pub fn correlation(a: &[f64], b: &[f64]) -> Option<f64> {
    let n = a.len().min(b.len()) as f64;
    if n < 2.0 {
        return None;
    }
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        ab += (x - ma) * (y - mb);
        aa += (x - ma) * (x - ma);
        bb += (y - mb) * (y - mb);
    }
    (aa > 0.0 && bb > 0.0).then(|| ab / (aa * bb).sqrt())
}

/// A derived time limit and how it was measured.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitDerivation {
    /// The limit set: `own_limit`, or the `earlier` one kept.
    pub limit: Duration,
    /// The limit this derivation's own runs give.
    pub own_limit: Duration,
    /// The limit an earlier derivation of the same package state set, when one is remembered
    /// ([`crate::judge::repeats::settled_limit`]).
    pub earlier: Option<EarlierLimit>,
    /// The accepted submission whose run set it.
    pub submission: String,
    /// The test of that run.
    pub test: String,
    /// Every CPU time of that run, the first first.
    pub times: Vec<Duration>,
    /// The wall time of each of `times`, when known.
    pub walls: Vec<Duration>,
    /// The time that decided: the fastest of `times`.
    pub deciding: Duration,
    /// When the deciding run had less than [`crate::judge::repeats::WAITING_SHARE`] of a
    /// core: its CPU share and wall time. The machine was busy or the program waits for the
    /// clock; either way the limit can move with the load.
    pub waited: Option<(f64, Duration)>,
    /// `ac_to_time_limit`.
    pub ac_to_time_limit: f64,
    /// `time_resolution`, seconds.
    pub time_resolution: f64,
    /// Runs (submission, test) that were repeated, this one included.
    pub repeated_runs: usize,
    /// Runs measured once (below the repeated maximum, they cannot set the limit).
    pub single_runs: usize,
    /// Runs whose repeats came from the result cache.
    pub repeats_reused: usize,
    /// Repeating stopped at [`crate::judge::repeats::MAX_REPEATED`] runs before a repeated
    /// run was the slowest.
    pub gave_up: bool,
    /// The machine's timing noise (relative), from the calibration workload.
    pub noise: f64,
    /// The lowest and highest limit a deciding time within `band` gives.
    pub noise_limits: (Duration, Duration),
    /// The relative band the limit is checked within: the widest of the machine's noise, the
    /// deciding run's own spread and [`crate::judge::timing::SENSITIVE_FLOOR_PERCENT`], as
    /// for a verdict (0 in a report written before it was kept: then the noise).
    pub band: f64,
    /// The machine's speed before, during and after.
    pub speed: Vec<SpeedReading>,
    /// How much the speed changed (slowest reading over fastest, minus one).
    pub drift: f64,
    /// The lowest and highest limit a deciding time within the drift gives.
    pub drift_limits: (Duration, Duration),
    /// Wall time of the derivation.
    pub elapsed: Duration,
    /// The accepted submission that took the longest to probe, and its wall time.
    pub longest_probe: Option<(String, Duration)>,
    /// What the memory workloads said (issue 45).
    pub memory: MemoryView,
    /// Why a limit below `own_limit` was kept, when one was (issue 45).
    pub kept: Option<KeptBecause>,
    /// The deciding time the fastest runs ever seen on this machine give (each accepted run's
    /// fastest here, the slowest of those), when it is below this derivation's own.
    pub evidence_deciding: Option<Duration>,
    /// An earlier derivation of the same package state on this machine that set another
    /// limit (the newest such): the limit is then unreliable (issue 45).
    pub differs: Option<EarlierLimit>,
    /// When the deciding times straddled a step of the rule and the test was run more to
    /// settle it (issue 45).
    pub settling: Option<Settling>,
    /// The calibration history this machine kept before this derivation (issue 45), when
    /// it kept any: where this derivation's `before` reading sits in it.
    pub history: Option<CalibrationHistory>,
}

/// A deciding test run more because its times straddled a step of the rule (issue 45).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settling {
    /// How many of the derivation's `times` there were before (the rest are the settling
    /// runs, each made alone after a memory-latency reading).
    pub runs_before: usize,
    /// The two limits the straddling times gave, lower first.
    pub limits: (Duration, Duration),
    /// The step between them: the longest deciding time that gets the lower limit.
    pub step: Duration,
}

/// Drift below this (relative) is the calibration's own jitter, never called a change.
pub const DRIFT_FLOOR: f64 = 0.05;

impl LimitDerivation {
    /// Whether a lower limit than this derivation's own was kept (an earlier derivation's, or
    /// the one the fastest runs seen here give).
    pub fn kept_earlier(&self) -> bool {
        self.limit != self.own_limit
    }

    /// Whether the limit would change within the machine's noise.
    pub fn sensitive(&self) -> bool {
        self.noise_limits.0 != self.noise_limits.1
    }

    /// Whether the machine's speed changed while the limit was set: the integer workload's
    /// or the memory workloads', each past its own floor.
    pub fn drifted(&self) -> bool {
        self.drift > DRIFT_FLOOR.max(self.noise) || self.memory_drifted()
    }

    /// Whether the memory workloads' speed changed past their own noise (or 5 %).
    pub fn memory_drifted(&self) -> bool {
        self.memory.drift > DRIFT_FLOOR.max(self.memory.noise)
    }

    /// The drift the limit is judged by ([`judged_drift`]).
    pub fn judged_drift(&self) -> f64 {
        judged_drift(self.drift, self.noise, &self.memory)
    }

    /// Whether the drift could have moved the limit, or the run that set it had too little of
    /// a core: it is then not given as fact.
    pub fn unreliable(&self) -> bool {
        self.drifted() && self.drift_limits.0 != self.drift_limits.1
            || self.waited.is_some()
            || self.differs.is_some()
    }

    /// The report's lines: the first says where the limit came from (as the note before
    /// issue 31 did), the next ones how it was measured and whether to trust it.
    pub fn lines(&self) -> Vec<String> {
        let times: Vec<String> = self.times.iter().map(|&t| seconds(t)).collect();
        let spread = self.times.iter().max().copied().unwrap_or_default() - self.deciding;
        let from_slowest = format!(
            "the slowest accepted submission ({} on {}, {}) x {} rounded up to a multiple of {} s",
            self.submission,
            self.test,
            seconds(self.deciding),
            self.ac_to_time_limit,
            self.time_resolution
        );
        let when = |unix_s: u64| {
            if unix_s == 0 {
                "at a time not recorded".to_string()
            } else {
                format!("at {}", utc(unix_s))
            }
        };
        let mut lines = vec![match (self.kept, self.earlier) {
            (Some(KeptBecause::Band), Some(earlier)) if self.kept_earlier() => format!(
                "no time limit in problem.yaml: {}, kept from an earlier derivation of this \
                 package (slowest accepted run then {}, measured {}): this one's runs give {} \
                 from {} (as problemtools sets it), and the earlier limit within their band \
                 (below); noise only adds time, so the lower stands",
                seconds(self.limit),
                seconds(earlier.deciding),
                when(earlier.measured_unix_s),
                seconds(self.own_limit),
                from_slowest
            ),
            (Some(KeptBecause::Fits { margin, slowest }), _) if self.kept_earlier() => {
                let evidence = match (self.earlier, self.evidence_deciding) {
                    (Some(e), _) if e.limit == self.limit => format!(
                        "an earlier derivation of this package on this machine set it (slowest \
                         accepted run then {}, measured {})",
                        seconds(e.deciding),
                        when(e.measured_unix_s)
                    ),
                    (_, Some(deciding)) => format!(
                        "the fastest run of each accepted submission and test seen on this \
                         machine gives it (the slowest of those {})",
                        seconds(deciding)
                    ),
                    _ => "earlier runs on this machine give it".to_string(),
                };
                format!(
                    "no time limit in problem.yaml: {}, the lower limit the evidence allows: \
                     {evidence}; this one's runs give {} from {}, but every accepted run here \
                     fits under {} with the package's safety margin (its slowest, {}, x {} = {}); \
                     noise only adds time, so the lower limit is kept",
                    seconds(self.limit),
                    seconds(self.own_limit),
                    from_slowest,
                    seconds(self.limit),
                    seconds(slowest),
                    margin,
                    seconds(slowest.mul_f64(margin))
                )
            }
            _ => format!(
                "no time limit in problem.yaml: {} from {from_slowest}, as problemtools sets it",
                seconds(self.limit)
            ),
        }];
        if let Some(other) = self.differs {
            lines.push(format!(
                "time limit unreliable: an earlier derivation of the same package content and \
                 builds on this machine set {} (slowest accepted run {}, measured {}); this one \
                 sets {} (slowest accepted run {}, measured in this verify): the machine's \
                 speed changed between them, so the limit depends on when it is derived",
                seconds(other.limit),
                seconds(other.deciding),
                when(other.measured_unix_s),
                seconds(self.limit),
                seconds(self.deciding),
            ));
        }
        let smallest = Duration::from_secs_f64(self.time_resolution);
        let mut measured = if self.times.len() == 1 && self.own_limit <= smallest {
            format!(
                "time limit measured: one run of that test ({}); the rule gives its smallest \
                 limit, {}, to any run up to {}, and this one stays below that {:.1} % slower \
                 (this machine's noise): a repeat can only lower a run's time, so none of the {} \
                 run(s) was repeated",
                seconds(self.deciding),
                seconds(smallest),
                seconds(smallest.div_f64(self.ac_to_time_limit)),
                self.band * 100.0,
                self.single_runs
            )
        } else {
            format!(
                "time limit measured: {} is the fastest of {} runs alone of that test ({}; \
                 spread {}); {} run(s) repeated, {} single run(s) left single, as none could give \
                 a higher limit (noise only adds time, so the minimum decides)",
                seconds(self.deciding),
                self.times.len(),
                times.join(", "),
                seconds(spread),
                self.repeated_runs,
                self.single_runs
            )
        };
        if self.repeats_reused > 0 {
            measured.push_str(&format!(
                "; {} repeated run(s) remembered from an earlier verify",
                self.repeats_reused
            ));
        }
        lines.push(measured);
        if let Some(settling) = self.settling {
            let more: Vec<String> = (self.times.iter().skip(settling.runs_before))
                .map(|&t| seconds(t))
                .collect();
            let readings: Vec<String> = (self.memory.beside.iter().rev().take(more.len()).rev())
                .map(|p| format!("{:.1} ms", p.1.as_secs_f64() * 1e3))
                .collect();
            lines.push(format!(
                "time limit settled: the deciding times straddled the rule's step at {} (up to \
                 it the rule gives {}, past it {}), so that test ran alone {} more time(s), each \
                 right after a memory-latency reading (runs {}; readings {}); the fastest of all \
                 {} runs, {}, decides: {}",
                seconds(settling.step),
                seconds(settling.limits.0),
                seconds(settling.limits.1),
                more.len(),
                more.join(", "),
                readings.join(", "),
                self.times.len(),
                seconds(self.deciding),
                seconds(self.own_limit)
            ));
        }
        if self.gave_up {
            lines.push(format!(
                "time limit unreliable: {} runs alone were made to repeat the slowest runs and \
                 the slowest was still not repeated: this machine is too noisy to find it",
                crate::judge::repeats::MAX_REPEATED * crate::judge::repeats::REPEATS
            ));
        }
        if let Some((share, wall)) = self.waited {
            lines.push(format!(
                "time limit unreliable: the run that set it had {:.0} % of a core ({} of CPU \
                 time in {}): the machine was busy, or the program waits for the clock; either \
                 way its CPU time, and so this limit, can move with the load (derive it on a \
                 quieter machine to settle it)",
                share * 100.0,
                seconds(self.deciding),
                seconds(wall)
            ));
        }
        if self.sensitive() {
            lines.push(format!(
                "time limit sensitive: within ±{:.1} % of the slowest accepted run's time (the \
                 widest of this machine's timing noise {:.1} %, that run's median over its fastest \
                 and {} %) it gives {} or {}",
                self.band.max(self.noise) * 100.0,
                self.noise * 100.0,
                crate::judge::timing::SENSITIVE_FLOOR_PERCENT,
                seconds(self.noise_limits.0),
                seconds(self.noise_limits.1)
            ));
        }
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
        let speeds: Vec<String> = (self.speed.iter())
            .map(|s| match (s.latency, s.bandwidth) {
                (Some(latency), Some(bandwidth)) => format!(
                    "{} {} (memory latency {}, bandwidth {})",
                    s.when,
                    ms(s.median),
                    ms(latency),
                    ms(bandwidth)
                ),
                _ => format!("{} {}", s.when, ms(s.median)),
            })
            .collect();
        let drifts = if self.speed.iter().any(|s| s.latency.is_some()) {
            format!(
                "drift {:.1} %, memory {:.1} %",
                self.drift * 100.0,
                self.memory.drift * 100.0
            )
        } else {
            format!("drift {:.1} %", self.drift * 100.0)
        };
        let speed = speeds.join(", ");
        lines.push(if self.speed.len() < 2 {
            format!(
                "machine speed read once (calibration: {speed}): every run that set the limit \
                 was remembered from an earlier verify"
            )
        } else if !self.drifted() {
            format!(
                "machine speed steady while the limit was derived (calibration: {speed}; \
                 {drifts})"
            )
        } else if self.drifted() && self.drift_limits.0 != self.drift_limits.1 {
            format!(
                "time limit unreliable: the machine's {} changed by {:.1} % while it was \
                 derived (calibration: {speed}; {drifts}); at the speeds measured it is {} or {}",
                self.drifted_what(),
                self.judged_drift() * 100.0,
                seconds(self.drift_limits.0),
                seconds(self.drift_limits.1)
            )
        } else {
            format!(
                "machine {} changed by {:.1} % while the limit was derived (calibration: \
                 {speed}; {drifts}); the limit is the same at every speed measured",
                self.drifted_what(),
                self.judged_drift() * 100.0
            )
        });
        if let Some(history) = &self.history {
            let before = self.speed.first();
            let now = Now {
                integer: before.map(|s| s.median),
                latency: before.and_then(|s| s.latency),
                bandwidth: before.and_then(|s| s.bandwidth),
            };
            lines.push(format!(
                "machine history: {} (now: this derivation's first reading)",
                history.describe(now)
            ));
        }
        if let Some(r) = self.memory.moves_with_memory() {
            let runs: Vec<String> = self.memory.beside.iter().map(|p| seconds(p.0)).collect();
            let readings: Vec<String> = self.memory.beside.iter().map(|p| ms(p.1)).collect();
            lines.push(format!(
                "deciding run moves with the memory: its runs alone ({}) rose and fell with the \
                 memory-latency reading taken beside each ({}; correlation {r:.2}): the host's \
                 memory and cache contention, which neighbours cause, moved its time, and can \
                 move it on the next verify too",
                runs.join(", "),
                readings.join(", ")
            ));
        }
        if let Some((submission, wall)) = &self.longest_probe {
            lines.push(format!(
                "time limit derived in {}; the longest accepted submission to run was {} ({})",
                seconds(self.elapsed),
                submission,
                seconds(*wall)
            ));
        }
        lines
    }

    /// The warning for a submission that must exceed the limit but was judged AC under it
    /// (issue 45), its slowest test `test` taking `cpu`: how close it came (its time as a
    /// multiple of the slowest accepted run) and what limit the rule would need to reject it,
    /// as problemtools' "sensitive to time limit" warning does, with the figures.
    pub fn accepted_too_slow(&self, test: &str, cpu: Duration) -> String {
        let ratio = if self.deciding.is_zero() {
            0.0
        } else {
            cpu.as_secs_f64() / self.deciding.as_secs_f64()
        };
        // A run is TLE when its time exceeds the limit: the largest limit of the rule's
        // resolution strictly below `cpu` rejects it.
        let resolution = self.time_resolution.max(1e-3);
        let steps = (cpu.as_secs_f64() / resolution - 1e-9).floor().max(0.0);
        let needed = Duration::from_secs_f64(steps * resolution);
        let how = if needed <= self.deciding {
            format!(
                "no limit of the rule's resolution ({} s) lies between them: it is no slower \
                 than the slowest accepted run by a step, so no multiplier can reject it",
                self.time_resolution
            )
        } else {
            format!(
                "the rule would need a limit of at most {} to reject it (ac_to_time_limit at \
                 most {:.2} instead of {})",
                seconds(needed),
                needed.as_secs_f64() / self.deciding.as_secs_f64(),
                self.ac_to_time_limit
            )
        };
        format!(
            "accepted under the derived {} limit: its slowest test, {test}, took {}, {ratio:.2} x \
             the slowest accepted run ({} on {}, {}); {how}",
            seconds(self.limit),
            seconds(cpu),
            self.submission,
            self.test,
            seconds(self.deciding)
        )
    }

    /// What changed speed: `speed` (the integer workload), `memory speed`, or both.
    fn drifted_what(&self) -> &'static str {
        match (
            self.drift > DRIFT_FLOOR.max(self.noise),
            self.memory_drifted(),
        ) {
            (true, true) => "speed and memory speed",
            (false, true) => "memory speed",
            _ => "speed",
        }
    }

    /// The report's `time_limit_derivation` object.
    pub fn to_json(&self) -> Value {
        super::json::to_value(&super::json::DerivationJson::from(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    fn view(beside: &[(u64, u64)]) -> MemoryView {
        MemoryView {
            beside: beside.iter().map(|&(c, m)| (ms(c), ms(m))).collect(),
            ..MemoryView::default()
        }
    }

    #[test]
    fn runs_that_rise_and_fall_with_the_memory_reading_move_with_the_memory() {
        // The solution and pointer chase: 0.77 to 1.32 s beside 2.9 to 4.1 s.
        let moving = view(&[(774, 2940), (1138, 3600), (1179, 3700), (1320, 4090)]);
        let r = moving.moves_with_memory().expect("moves with the memory");
        assert!(r > 0.9, "{r}");
        // Unrelated: the run's time does not follow the reading.
        let unrelated = view(&[(774, 4000), (1138, 2900), (1179, 4090), (1320, 3000)]);
        assert_eq!(unrelated.moves_with_memory(), None);
        // Steady runs (within 5 %) move with nothing, however they correlate.
        let steady = view(&[(1000, 2900), (1010, 3300), (1020, 4000)]);
        assert_eq!(steady.moves_with_memory(), None);
        // Two pairs say nothing.
        assert_eq!(view(&[(774, 2940), (1320, 4090)]).moves_with_memory(), None);
    }

    #[test]
    fn drift_is_judged_on_every_workload_past_its_own_floor() {
        let memory = |drift, noise| MemoryView {
            drift,
            noise,
            beside: Vec::new(),
        };
        // The case: the integer loop steady, the memory 20 % slower.
        assert_eq!(judged_drift(0.02, 0.02, &memory(0.20, 0.03)), 0.20);
        // The memory's own jitter is not a change.
        assert_eq!(judged_drift(0.02, 0.02, &memory(0.08, 0.10)), 0.0);
        assert_eq!(judged_drift(0.12, 0.02, &memory(0.04, 0.01)), 0.12);
        assert_eq!(judged_drift(0.12, 0.02, &memory(0.30, 0.01)), 0.30);
    }
}
