//! Deciding times a noisy machine cannot move (issue 31): which runs are repeated and which of
//! their times decides, as pure functions so they are tested without a clock.
//!
//! Host noise only ever adds CPU time: a neighbour guest, a cache flushed by another process,
//! a throttled core make a run slower, never faster than the program's own work. So of a few
//! runs of the same program on the same input, the **fastest** is the one closest to the
//! program's own cost, and the statistic that decides is the minimum: one inflated run in
//! three changes nothing (the median needs two), and on the VM (twice the time in one
//! run of fifteen, at random) all three runs are inflated once in 3,375.
//!
//! Only the runs that decide are repeated; every other run stays single:
//! - a derived time limit is set by the slowest accepted run, so that run is repeated
//!   ([`REPEATS`] more times, alone) and its minimum replaces it; the slowest run is then
//!   looked for again, until it is a repeated one ([`next_to_repeat`]). A single run can only
//!   overstate its program's cost, so a run whose single time is below the repeated maximum
//!   cannot set the limit, and is never repeated;
//! - a run near the limit (the borderline band of [`super::timing`]) is re-run alone and
//!   decided on the minimum of its re-runs.

use std::time::Duration;

/// How many more times a deciding run is run alone.
pub const REPEATS: usize = 2;

/// The most runs one derivation repeats: past it, the machine is too noisy for the slowest
/// run to be found, and the report says so.
pub const MAX_REPEATED: usize = 8;

/// One measured run of a (submission, test): its times so far and whether it was repeated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Measured {
    /// Every time measured, the first run first.
    pub times: Vec<Duration>,
    /// Whether it was repeated ([`REPEATS`] more runs alone).
    pub repeated: bool,
}

impl Measured {
    /// A single run.
    pub fn single(time: Duration) -> Measured {
        Measured {
            times: vec![time],
            repeated: false,
        }
    }

    /// The time that decides: the fastest run.
    pub fn deciding(&self) -> Duration {
        self.times.iter().copied().min().unwrap_or_default()
    }

    /// Slowest minus fastest run.
    pub fn spread(&self) -> Duration {
        let slowest = self.times.iter().copied().max().unwrap_or_default();
        slowest - self.deciding()
    }
}

/// The run to repeat next while looking for the slowest: the one with the highest deciding
/// time, if it is not repeated yet (ties: the first). `None` when the slowest is a repeated run
/// (or there is none): it is the maximum noise cannot have set.
pub fn next_to_repeat(runs: &[Measured]) -> Option<usize> {
    let slowest = slowest(runs)?;
    (!runs[slowest].repeated).then_some(slowest)
}

/// The run with the highest deciding time (the first of equals).
pub fn slowest(runs: &[Measured]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, run) in runs.iter().enumerate() {
        if best.is_none_or(|b| run.deciding() > runs[b].deciding()) {
            best = Some(i);
        }
    }
    best
}

/// Whether a limit computed by `limit_of` from `deciding` would change anywhere within a
/// relative `band` either side of it (the machine's noise, or how far its speed drifted): the
/// lowest and highest limits in that band.
pub fn limits_within(
    deciding: Duration,
    band: f64,
    limit_of: impl Fn(Duration) -> Duration,
) -> (Duration, Duration) {
    let low = deciding.div_f64(1.0 + band.max(0.0));
    let high = deciding.mul_f64(1.0 + band.max(0.0));
    (limit_of(low), limit_of(high))
}

/// Whether a verdict of a run taking `cpu` under `limit` would flip within a relative `band`
/// of `cpu` either side.
pub fn flips_within(cpu: Duration, limit: Duration, band: f64) -> bool {
    let low = cpu.div_f64(1.0 + band.max(0.0));
    let high = cpu.mul_f64(1.0 + band.max(0.0));
    (low <= limit) != (high <= limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn the_minimum_decides_so_one_inflated_run_changes_nothing() {
        let m = Measured {
            times: vec![ms(1960), ms(810), ms(830)],
            repeated: true,
        };
        assert_eq!(m.deciding(), ms(810));
        assert_eq!(m.spread(), ms(1150));
    }

    #[test]
    fn an_inflated_slowest_run_is_repeated_until_a_repeated_one_is_the_maximum() {
        // Run 0 was inflated to 1.96 s once; run 1 is really the slowest at 0.9 s.
        let mut runs = vec![Measured::single(ms(1960)), Measured::single(ms(900))];
        runs.push(Measured::single(ms(400)));
        assert_eq!(next_to_repeat(&runs), Some(0));
        runs[0].times.extend([ms(800), ms(820)]);
        runs[0].repeated = true;
        assert_eq!(next_to_repeat(&runs), Some(1));
        runs[1].times.extend([ms(880), ms(1700)]);
        runs[1].repeated = true;
        assert_eq!(next_to_repeat(&runs), None);
        assert_eq!(slowest(&runs), Some(1));
        assert_eq!(runs[1].deciding(), ms(880));
    }

    #[test]
    fn runs_below_the_repeated_maximum_stay_single() {
        let runs = vec![
            Measured {
                times: vec![ms(900), ms(905), ms(910)],
                repeated: true,
            },
            Measured::single(ms(899)),
        ];
        assert_eq!(next_to_repeat(&runs), None);
        assert_eq!(next_to_repeat(&[]), None);
    }

    #[test]
    fn limits_and_verdicts_within_a_band() {
        let whole_seconds = |d: Duration| Duration::from_secs(d.as_secs_f64().ceil() as u64);
        assert_eq!(
            limits_within(ms(1900), 0.04, whole_seconds),
            (ms(2000), ms(2000))
        );
        assert_eq!(
            limits_within(ms(1980), 0.04, whole_seconds),
            (ms(2000), ms(3000))
        );
        assert!(flips_within(ms(990), ms(1000), 0.02));
        assert!(!flips_within(ms(900), ms(1000), 0.02));
        assert!(!flips_within(ms(1100), ms(1000), 0.02));
    }
}
