//! How a derived time limit was measured (issue 31): the run that set it and its repeats, the
//! machine's noise and speed drift while it was set, and whether either could have moved it;
//! as lines for the text report and an object for JSON.

use std::time::Duration;

use serde_json::Value;

use crate::judge::repeats::EarlierLimit;
use crate::units::seconds;

/// The machine's speed (median of the calibration workload) at one point of the derivation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeedReading {
    /// When: `before`, `during` (probes done, repeats next) or `after`.
    pub when: &'static str,
    /// The calibration workload's median CPU time.
    pub median: Duration,
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
}

/// Drift below this (relative) is the calibration's own jitter, never called a change.
pub const DRIFT_FLOOR: f64 = 0.05;

impl LimitDerivation {
    /// Whether an earlier derivation's limit was kept over this one's own.
    pub fn kept_earlier(&self) -> bool {
        self.earlier
            .is_some_and(|e| e.limit == self.limit && self.limit != self.own_limit)
    }

    /// Whether the limit would change within the machine's noise.
    pub fn sensitive(&self) -> bool {
        self.noise_limits.0 != self.noise_limits.1
    }

    /// Whether the machine's speed changed while the limit was set.
    pub fn drifted(&self) -> bool {
        self.drift > DRIFT_FLOOR.max(self.noise)
    }

    /// Whether the drift could have moved the limit, or the run that set it had too little of
    /// a core: it is then not given as fact.
    pub fn unreliable(&self) -> bool {
        self.drifted() && self.drift_limits.0 != self.drift_limits.1 || self.waited.is_some()
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
        let mut lines = vec![match self.earlier {
            Some(earlier) if self.kept_earlier() => format!(
                "no time limit in problem.yaml: {}, kept from an earlier derivation of this \
                 package (slowest accepted run then {}): this one's runs give {} from {} (as \
                 problemtools sets it), and the earlier limit within their band (below); noise \
                 only adds time, so the lower stands",
                seconds(self.limit),
                seconds(earlier.deciding),
                seconds(self.own_limit),
                from_slowest
            ),
            _ => format!(
                "no time limit in problem.yaml: {} from {from_slowest}, as problemtools sets it",
                seconds(self.limit)
            ),
        }];
        if let Some(earlier) = self.earlier.filter(|e| e.limit != self.limit) {
            let why = if earlier.limit > self.limit {
                "a higher earlier limit always gives way: a run here was fast enough for less"
                    .to_string()
            } else {
                format!(
                    "it lies below the limits within this one's band ({} to {}): less its noise, \
                     the slowest run here still needs more",
                    seconds(self.noise_limits.0),
                    seconds(self.noise_limits.1)
                )
            };
            lines.push(format!(
                "time limit changed: an earlier derivation of this package set {} (slowest \
                 accepted run then {}); this one's runs rule it out ({why})",
                seconds(earlier.limit),
                seconds(earlier.deciding)
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
        let speeds: Vec<String> = (self.speed.iter())
            .map(|s| format!("{} {:.1} ms", s.when, s.median.as_secs_f64() * 1e3))
            .collect();
        let speed = speeds.join(", ");
        lines.push(if self.speed.len() < 2 {
            format!(
                "machine speed read once (calibration: {speed}): every run that set the limit \
                 was remembered from an earlier verify"
            )
        } else if !self.drifted() {
            format!(
                "machine speed steady while the limit was derived (calibration: {speed}; \
                 drift {:.1} %)",
                self.drift * 100.0
            )
        } else if self.unreliable() {
            format!(
                "time limit unreliable: the machine's speed changed by {:.1} % while it was \
                 derived (calibration: {speed}); at the speeds measured it is {} or {}",
                self.drift * 100.0,
                seconds(self.drift_limits.0),
                seconds(self.drift_limits.1)
            )
        } else {
            format!(
                "machine speed changed by {:.1} % while the limit was derived (calibration: \
                 {speed}); the limit is the same at every speed measured",
                self.drift * 100.0
            )
        });
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

    /// The report's `time_limit_derivation` object.
    pub fn to_json(&self) -> Value {
        super::json::to_value(&super::json::DerivationJson::from(self))
    }
}
