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
//!   looked for again, until it is a repeated one ([`next_to_repeat`]); repeats are made one
//!   run at a time, so an inflated run that its first repeat brings down costs one run. A
//!   single run can only overstate its program's cost, so a run whose single time is below
//!   the repeated maximum cannot set the limit, and is never repeated;
//! - a run near the limit (the borderline band of [`super::timing`]) is re-run alone and
//!   decided on the minimum of its re-runs.
//!
//! "Noise only adds time" holds for a program that computes. One that waits for the clock
//! (problemtools' `hello_alarm.c` spins until `alarm(1)`) gets as much CPU time as the core
//! gave it in that wall time, and a busy machine gives it *less*; from the outside it looks
//! like a computing program that was starved (both spend their wall time running or waiting
//! for a CPU). The minimum still decides (a computing program on a busy machine is the common
//! case), and when the deciding run had less than [`WAITING_SHARE`] of a core the report says
//! the limit can move with the load ([`Measured::waited`]).

use std::time::Duration;

/// How many more times a deciding run is run alone.
pub const REPEATS: usize = 2;

/// How many runs' worth of repeats one derivation makes, at most ([`REPEATS`] extra runs
/// each, so this times [`REPEATS`] extra runs in all): past it, the machine is too noisy for
/// the slowest run to be found, and the report says so. Repeats are made one run at a time,
/// so a run whose first repeat falls below the others costs one extra run, not two.
pub const MAX_REPEATED: usize = 8;

/// A deciding run that used less than this share of a core waited for something (a clock,
/// input) or was starved: the limit it sets moves with the machine's load.
pub const WAITING_SHARE: f64 = 0.9;

/// Runs shorter than this in wall time are not judged by their CPU share: starting the process
/// is a large part of it.
pub const SHARE_MIN_WALL: Duration = Duration::from_millis(200);

/// One measured run of a (submission, test): its times so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Measured {
    /// Every CPU time measured, the first run first.
    pub times: Vec<Duration>,
    /// The wall time of each run in `times`, when known (a run remembered by an older version
    /// has none).
    pub walls: Vec<Duration>,
}

impl Measured {
    /// A single run taking `cpu` of CPU time in `wall`.
    pub fn single(cpu: Duration, wall: Duration) -> Measured {
        Measured {
            times: vec![cpu],
            walls: vec![wall],
        }
    }

    /// Whether it was repeated: [`REPEATS`] more runs alone were made.
    pub fn is_repeated(&self) -> bool {
        self.times.len() > REPEATS
    }

    /// The CPU share of run `i` (CPU time over wall time), when its wall time is known.
    fn share(&self, i: usize) -> Option<f64> {
        let wall = self
            .walls
            .get(i)
            .filter(|_| self.walls.len() == self.times.len())?;
        (*wall >= SHARE_MIN_WALL).then(|| self.times[i].as_secs_f64() / wall.as_secs_f64())
    }

    /// The run that decides: the fastest (the first of equals).
    pub fn deciding_run(&self) -> usize {
        (0..self.times.len())
            .min_by_key(|&i| self.times[i])
            .unwrap_or_default()
    }

    /// The time that decides: the fastest run's.
    pub fn deciding(&self) -> Duration {
        self.times
            .get(self.deciding_run())
            .copied()
            .unwrap_or_default()
    }

    /// Whether the deciding run waited or was starved: it used less than [`WAITING_SHARE`] of
    /// a core over at least [`SHARE_MIN_WALL`]; its CPU share and wall time then.
    pub fn waited(&self) -> Option<(f64, Duration)> {
        let i = self.deciding_run();
        let share = self.share(i)?;
        (share < WAITING_SHARE).then_some((share, self.walls[i]))
    }

    /// [`Measured::spread`] relative to the deciding time (0 when that is zero).
    pub fn own_spread(&self) -> f64 {
        let deciding = self.deciding();
        if deciding.is_zero() {
            return 0.0;
        }
        self.spread().as_secs_f64() / deciding.as_secs_f64()
    }

    /// Slowest minus deciding run.
    pub fn spread(&self) -> Duration {
        let slowest = self.times.iter().copied().max().unwrap_or_default();
        slowest.saturating_sub(self.deciding())
    }
}

/// The run to repeat next while looking for the slowest: the one with the highest deciding
/// time, if it is not repeated yet (ties: the first). `None` when the slowest is a repeated run
/// (or there is none): it is the maximum noise cannot have set.
pub fn next_to_repeat(runs: &[Measured]) -> Option<usize> {
    let slowest = slowest(runs)?;
    (!runs[slowest].is_repeated()).then_some(slowest)
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
            walls: vec![ms(1990), ms(830), ms(850)],
        };
        assert_eq!(m.deciding(), ms(810));
        assert_eq!(m.spread(), ms(1150));
        assert!((m.own_spread() - 1150.0 / 810.0).abs() < 1e-9);
        assert_eq!(m.waited(), None);
    }

    #[test]
    fn a_deciding_run_with_less_than_most_of_a_core_is_said_to_have_waited() {
        // hello_alarm.c on a busy machine: one second of wall time each, as much CPU as the
        // core gave it.
        let busy = Measured {
            times: vec![ms(680), ms(810), ms(760)],
            walls: vec![ms(1000), ms(1001), ms(1000)],
        };
        assert_eq!(busy.deciding(), ms(680));
        let (share, wall) = busy.waited().expect("it had 68 % of a core");
        assert!((share - 0.68).abs() < 1e-9, "{share}");
        assert_eq!(wall, ms(1000));
        // Quiet: the whole core; and a run too short to tell.
        let quiet = Measured {
            times: vec![ms(990), ms(995)],
            walls: vec![ms(1000), ms(1001)],
        };
        assert_eq!(quiet.waited(), None);
        assert_eq!(Measured::single(ms(50), ms(150)).waited(), None);
    }

    #[test]
    fn runs_remembered_without_wall_times_are_decided_on_their_minimum() {
        let m = Measured {
            times: vec![ms(990), ms(700), ms(995)],
            walls: Vec::new(),
        };
        assert_eq!(m.deciding(), ms(700));
        assert_eq!(m.waited(), None);
        assert_eq!(m.deciding_run(), 1);
    }

    #[test]
    fn an_inflated_slowest_run_is_repeated_until_a_repeated_one_is_the_maximum() {
        // Run 0 was inflated to 1.96 s once; run 1 is really the slowest at 0.9 s.
        let single = |t: u64| Measured::single(ms(t), ms(t + 10));
        let mut runs = vec![single(1960), single(900), single(400)];
        assert_eq!(next_to_repeat(&runs), Some(0));
        runs[0].times.extend([ms(800), ms(820)]);
        runs[0].walls.extend([ms(810), ms(830)]);
        assert_eq!(next_to_repeat(&runs), Some(1));
        runs[1].times.extend([ms(880), ms(1700)]);
        runs[1].walls.extend([ms(890), ms(1710)]);
        assert_eq!(next_to_repeat(&runs), None);
        assert_eq!(slowest(&runs), Some(1));
        assert_eq!(runs[1].deciding(), ms(880));
    }

    #[test]
    fn runs_below_the_repeated_maximum_stay_single() {
        let runs = vec![
            Measured {
                times: vec![ms(900), ms(905), ms(910)],
                walls: vec![ms(910), ms(915), ms(920)],
            },
            Measured::single(ms(899), ms(909)),
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
