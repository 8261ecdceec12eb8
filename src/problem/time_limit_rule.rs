//! The rule that derives a time limit from the slowest accepted run, and the margin a
//! time-limit-exceeded submission must keep above it: one value every reader fills (the Kattis
//! reader from problem.yaml's `limits` and its format version's defaults; the Polygon reader
//! with the 2023-07 defaults), used by the time-limit derivation and verify's margin checks.

use std::time::Duration;

/// The rule that turns the slowest accepted run into a time limit.
///
/// Field names are the 2023-07 format's `limits.time_multipliers`; legacy folders map onto them
/// the way problemtools does (`metadata.py`, `Metadata.from_legacy`):
/// `time_multiplier` becomes `ac_to_time_limit` and `time_safety_margin` becomes
/// `time_limit_to_tle`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeLimitRule {
    /// The time limit is at least the slowest accepted run times this. Defaults: 5 in legacy
    /// (`limits.time_multiplier`, legacy spec), 2.0 in 2023-07
    /// (`limits.time_multipliers.ac_to_time_limit`, 2023-07 spec and problemtools).
    pub ac_to_time_limit: f64,
    /// A time-limit-exceeded submission must be slower than the time limit times this.
    /// Defaults: 2 in legacy (`limits.time_safety_margin`), 1.5 in 2023-07
    /// (`limits.time_multipliers.time_limit_to_tle`).
    pub time_limit_to_tle: f64,
    /// A derived time limit is a whole multiple of this many seconds. Default 1.0
    /// (`limits.time_resolution`, 2023-07 spec; legacy has no such key, so 1 s as problemtools).
    pub time_resolution: f64,
}

impl TimeLimitRule {
    /// The time limit problemtools derives from the slowest accepted run: the smallest whole
    /// multiple of `time_resolution` that is at least `slowest_accepted * ac_to_time_limit`, and
    /// at least one `time_resolution` (problemtools' `_compute_time_limit`:
    /// `max(1, ceil(T_ac * ac_to_time_limit / time_resolution)) * time_resolution`, and the
    /// 2023-07 spec's "smallest integer multiple of time_resolution"). So 0.6 s x 5 = 3 s,
    /// 0.61 s x 5 gives 4 s, and a 0.05 s solution still gets 1 s. Older problemtools releases
    /// rounded half up instead (`max(1, int(0.5 + T_ac * time_multiplier))`); current ones use
    /// this ceiling for legacy folders too. A product within a nanosecond of a multiple counts
    /// as that multiple, so decimal run times do not round up on floating-point noise.
    pub fn time_limit(&self, slowest_accepted: Duration) -> Duration {
        let resolution_ns = self.time_resolution * 1e9;
        let exact_ns = slowest_accepted.as_nanos() as f64 * self.ac_to_time_limit;
        let steps = ((exact_ns - 1.0) / resolution_ns).ceil().max(1.0);
        Duration::from_nanos((steps * resolution_ns).round() as u64)
    }

    /// The limit a time-limit-exceeded submission must still exceed: `time_limit *
    /// time_limit_to_tle` (problemtools' "safety margin" run, 2023-07's
    /// `time_limit * time_limit_to_tle <= T_tle`).
    pub fn tle_margin(&self, time_limit: Duration) -> Duration {
        Duration::from_nanos((time_limit.as_nanos() as f64 * self.time_limit_to_tle).round() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The legacy format's defaults (`time_multiplier` 5, `time_safety_margin` 2).
    const LEGACY: TimeLimitRule = TimeLimitRule {
        ac_to_time_limit: 5.0,
        time_limit_to_tle: 2.0,
        time_resolution: 1.0,
    };

    /// The 2023-07 defaults (`ac_to_time_limit` 2, `time_limit_to_tle` 1.5).
    const MODERN: TimeLimitRule = TimeLimitRule {
        ac_to_time_limit: 2.0,
        time_limit_to_tle: 1.5,
        time_resolution: 1.0,
    };

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    #[test]
    fn legacy_rule_rounds_up_to_whole_seconds_of_five_times_the_slowest() {
        let rule = LEGACY;
        assert_eq!(rule.time_limit(ms(600)), ms(3000));
        assert_eq!(rule.time_limit(ms(610)), ms(4000));
        assert_eq!(rule.time_limit(ms(50)), ms(1000));
        assert_eq!(rule.time_limit(Duration::ZERO), ms(1000));
        assert_eq!(rule.time_limit(ms(1999)), ms(10_000));
        assert_eq!(rule.tle_margin(ms(3000)), ms(6000));
    }

    #[test]
    fn modern_rule_uses_twice_the_slowest_and_the_resolution() {
        let mut rule = MODERN;
        assert_eq!(rule.time_limit(ms(400)), ms(1000));
        assert_eq!(rule.time_limit(ms(1200)), ms(3000));
        assert_eq!(rule.time_limit(ms(1500)), ms(3000));
        assert_eq!(rule.tle_margin(ms(3000)), ms(4500));
        rule.time_resolution = 0.5;
        assert_eq!(rule.time_limit(ms(1200)), ms(2500));
        rule.time_resolution = 0.1;
        assert_eq!(rule.time_limit(ms(40)), ms(100));
        assert_eq!(rule.time_limit(ms(150)), ms(300));
        assert_eq!(rule.time_limit(ms(151)), ms(400));
    }
}
