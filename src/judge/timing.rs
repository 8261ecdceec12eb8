//! Borderline CPU times (issue 6): when a run lands near the time limit, parallel neighbours
//! and noise can flip AC and TLE, so such a run is re-measured alone and decided on the fastest
//! re-run (issue 31: noise only adds time, see [`super::repeats`]).
//!
//! The rules, as pure functions so they are tested without a clock:
//! - a run is *borderline* when no limit stopped it and its CPU time is within
//!   [`BORDERLINE_PERCENT`] (15 %) of the limit, either side;
//! - to see a run that is slightly too slow finish, the sandbox enforces
//!   [`measuring_limits`]: the CPU limit widened by the band (verdicts still use the nominal
//!   limit, so a run at 105 % of the limit is TLE, but measured);
//! - a borderline test is re-run [`RERUNS`] times alone; the fastest re-run gives the verdict
//!   (issue 6 took the median; one inflated re-run in three moves neither, two move the median
//!   but not the minimum), and the report shows every time, the median and the spread.

use std::time::Duration;

use super::{TestResult, Verdict};
use crate::run::{LimitHit, RunLimits, RunOutcome};
use crate::units::{millis, seconds};

/// Half-width of the borderline band, in percent of the CPU limit.
pub const BORDERLINE_PERCENT: u32 = 15;

/// How many times a borderline test is re-run alone.
pub const RERUNS: usize = 3;

/// The limits the sandbox should enforce so that runs up to the top of the borderline band are
/// measured instead of killed: CPU widened by [`BORDERLINE_PERCENT`]; the nominal wall-clock
/// backstop (at least the widened CPU limit), since the sandbox is its only enforcer and a
/// sleeping candidate must be stopped where the nominal limits say; memory and output
/// unchanged.
pub fn measuring_limits(nominal: &RunLimits) -> RunLimits {
    let cpu = nominal.cpu * (100 + BORDERLINE_PERCENT) / 100;
    RunLimits {
        cpu,
        wall: nominal.wall.max(cpu),
        ..*nominal
    }
}

/// Whether the machine's load, not the candidate, stopped `outcome`: the wall-clock backstop
/// `sandbox` (the limits the sandbox enforced) stopped it with its CPU time under the nominal
/// `limits`, after at least twice the backstop of real time. The sandbox does not count time
/// spent waiting for a CPU against the backstop, so a sleeping or blocked program stops after
/// about the backstop itself; one that took twice as long waited as long as it counted, which
/// only a loaded machine does (issue 31: under load 10-17 accepted runs were stopped so).
/// Such a run is run again alone, and never decides a TLE by itself.
pub fn stopped_by_load(outcome: &RunOutcome, limits: &RunLimits, sandbox: &RunLimits) -> bool {
    outcome.limit_hit == Some(LimitHit::Wall)
        && outcome.cpu < limits.cpu
        && outcome.wall >= sandbox.wall.saturating_mul(2)
}

/// The wall-clock backstop a run again of `outcome` ([`stopped_by_load`]) gets: enough real
/// time to reach the `sandbox` CPU limit at the share of a CPU the run got (its CPU over its
/// wall time), with a quarter more; at least twice and at most sixteen times the backstop.
/// One run again then decides at the cost the load imposes anyway, instead of several runs
/// each stopped early.
pub fn backstop_under_load(outcome: &RunOutcome, sandbox: &RunLimits) -> Duration {
    let (low, high) = (
        sandbox.wall.saturating_mul(2),
        sandbox.wall.saturating_mul(16),
    );
    let share = outcome.cpu.as_secs_f64() / outcome.wall.as_secs_f64().max(1e-3);
    if share <= 0.0 {
        return low;
    }
    Duration::from_secs_f64((sandbox.cpu.as_secs_f64() / share * 1.25).min(high.as_secs_f64()))
        .clamp(low, high)
}

/// Whether `outcome` is borderline under the nominal `limits`: no limit stopped it and its CPU
/// time is within [`BORDERLINE_PERCENT`] of the CPU limit, either side (bounds included).
pub fn is_borderline(outcome: &RunOutcome, limits: &RunLimits) -> bool {
    let limit = limits.cpu.as_micros();
    let distance = outcome.cpu.as_micros().abs_diff(limit);
    outcome.limit_hit.is_none() && distance * 100 <= limit * u128::from(BORDERLINE_PERCENT)
}

/// What the report says about a borderline test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Borderline {
    /// The nominal CPU limit, ms.
    pub limit_ms: u64,
    /// The first run's CPU time, ms (possibly measured next to parallel runs).
    pub first_cpu_ms: u64,
    /// The first run's verdict.
    pub first_verdict: Verdict,
    /// CPU times of the re-runs alone, ms, in the order they ran.
    pub rerun_cpu_ms: Vec<u64>,
    /// The median re-run's CPU time, ms (it decided before issue 31).
    pub median_cpu_ms: u64,
    /// The fastest re-run's CPU time, ms: the one that decided.
    pub fastest_cpu_ms: u64,
    /// Slowest minus fastest re-run, ms.
    pub spread_ms: u64,
    /// The verdict decided on the fastest re-run.
    pub verdict: Verdict,
}

impl Borderline {
    /// How much this program's own time varied alone: the re-runs' spread over the fastest
    /// (0 when the fastest took no time).
    pub fn own_spread(&self) -> f64 {
        if self.fastest_cpu_ms == 0 {
            return 0.0;
        }
        self.spread_ms as f64 / self.fastest_cpu_ms as f64
    }

    /// Whether the re-runs alone fell on both sides of the limit.
    pub fn straddles_limit(&self) -> bool {
        self.fastest_cpu_ms <= self.limit_ms && self.fastest_cpu_ms + self.spread_ms > self.limit_ms
    }

    /// One line for the report, e.g. `borderline: CPU 1.93 s is within 15 % of the 2.00 s
    /// limit; re-ran alone 3 times: 1.91 s, 1.95 s, 2.02 s (spread 0.11 s, median 1.95 s);
    /// fastest 1.91 s: AC`. Re-runs that stopped early ([`sensitive_whatever_follows`]) say
    /// why.
    pub fn describe(&self) -> String {
        let ms = |v: u64| seconds(Duration::from_millis(v));
        let times: Vec<String> = self.rerun_cpu_ms.iter().map(|&v| ms(v)).collect();
        let stopped = if self.rerun_cpu_ms.len() < RERUNS {
            format!(
                "; stopped at a re-run at most {SENSITIVE_FLOOR_PERCENT} % over the limit: \
                 sensitive to it whatever more re-runs give"
            )
        } else {
            String::new()
        };
        format!(
            "borderline: CPU {} ({}) is within {} % of the {} limit; re-ran alone {} time{}: {} \
             (spread {}, median {}); fastest {}: {}{stopped}",
            ms(self.first_cpu_ms),
            self.first_verdict,
            BORDERLINE_PERCENT,
            ms(self.limit_ms),
            self.rerun_cpu_ms.len(),
            if self.rerun_cpu_ms.len() == 1 {
                ""
            } else {
                "s"
            },
            times.join(", "),
            ms(self.spread_ms),
            ms(self.median_cpu_ms),
            ms(self.fastest_cpu_ms),
            self.verdict
        )
    }
}

/// Decides a borderline test from its first run and its re-runs alone (each already classified
/// under the nominal `limit`): the fastest re-run is the test's result (host noise only adds
/// time, so it is the one closest to the program's own cost); the median (for an even count,
/// the faster of the two middle ones) is reported beside it. Without re-runs the first run
/// stands.
pub fn decide(
    first: TestResult,
    reruns: Vec<TestResult>,
    limit: Duration,
) -> (TestResult, Option<Borderline>) {
    if reruns.is_empty() {
        return (first, None);
    }
    let rerun_cpu_ms: Vec<u64> = reruns.iter().map(|r| r.cpu_ms).collect();
    let mut sorted = reruns;
    sorted.sort_by_key(|r| r.cpu_ms);
    let spread_ms = sorted[sorted.len() - 1].cpu_ms - sorted[0].cpu_ms;
    let median_cpu_ms = sorted[(sorted.len() - 1) / 2].cpu_ms;
    let fastest = sorted.swap_remove(0);
    let borderline = Borderline {
        limit_ms: millis(limit),
        first_cpu_ms: first.cpu_ms,
        first_verdict: first.verdict,
        rerun_cpu_ms,
        median_cpu_ms,
        fastest_cpu_ms: fastest.cpu_ms,
        spread_ms,
        verdict: fastest.verdict,
    };
    (fastest, Some(borderline))
}

/// The least relative distance from the limit at which a time verdict counts as settled,
/// whatever the calibration says: the fastest of three runs alone of a memory-bound program
/// moved by up to 15 % between verifies on the same VM (`foodprocessor2-hc.cc` of the Rocky
/// Mountain 2022 `foodprocessor`: 0.94 to 1.08 s at load 5 to 8, 1.00 to 1.01 s quiet),
/// where the calibration's register-only workload read 1.7 to 3 %. Below
/// [`BORDERLINE_PERCENT`], so a sensitive test has always been re-run alone.
pub const SENSITIVE_FLOOR_PERCENT: u32 = 10;

/// Whether a test's time verdict could go the other way on this machine, so no run here can
/// settle it: it is AC or TLE, and either its re-runs alone fell on both sides of the limit,
/// or its deciding CPU time is within the widest of the machine's timing `noise` (relative),
/// its own re-runs' spread and [`SENSITIVE_FLOOR_PERCENT`] of the `limit`
/// ([`super::repeats::flips_within`]). Issue 31: a program at the limit itself is TLE in one
/// verify and AC in the next; problemtools warns "sensitive to time limit" for such a
/// submission.
pub fn time_sensitive(
    result: &TestResult,
    borderline: Option<&Borderline>,
    limit: Duration,
    noise: f64,
) -> bool {
    if !matches!(result.verdict, Verdict::AC | Verdict::TLE) {
        return false;
    }
    let own_spread = borderline.map_or(0.0, Borderline::own_spread);
    borderline.is_some_and(Borderline::straddles_limit)
        || super::repeats::flips_within(result.cpu(), limit, sensitivity_band(noise, own_spread))
}

/// Whether a borderline test's `rerun` alone makes the test sensitive to the `limit`
/// ([`time_sensitive`]) whatever its other re-runs give, so they need not run: a TLE at most
/// [`SENSITIVE_FLOOR_PERCENT`] over the limit. The fastest re-run decides and is no slower than
/// this one: if it is over the limit too, it is within the sensitivity band (never narrower
/// than the floor); if it is under, the re-runs straddle the limit. A borderline test of a
/// submission at the limit itself (`foodprocessor2-hc.cc`, 1.05 s against 1 s on two tests)
/// then costs one re-run alone instead of three.
pub fn sensitive_whatever_follows(rerun: &TestResult, limit: Duration) -> bool {
    let (cpu, limit) = (rerun.cpu().as_micros(), limit.as_micros());
    rerun.verdict == Verdict::TLE
        && cpu > limit
        && cpu * 100 <= limit * u128::from(100 + SENSITIVE_FLOOR_PERCENT)
}

/// The relative band around the limit within which a time verdict is sensitive: the widest of
/// the machine's `noise`, a test's `own_spread` and [`SENSITIVE_FLOOR_PERCENT`].
pub fn sensitivity_band(noise: f64, own_spread: f64) -> f64 {
    noise
        .max(own_spread)
        .max(f64::from(SENSITIVE_FLOOR_PERCENT) / 100.0)
}

/// `verdicts` with every time verdict at the `sensitive` positions made `side` (AC or TLE):
/// what runs all on one side of the limit would have given. Host speed moves every run the
/// same way, so the two extremes (all AC, all TLE) bound what another verify could see.
pub fn all_on_one_side(verdicts: &[Verdict], sensitive: &[usize], side: Verdict) -> Vec<Verdict> {
    let mut moved = verdicts.to_vec();
    for &i in sensitive {
        if let Some(v) = moved.get_mut(i) {
            if matches!(*v, Verdict::AC | Verdict::TLE) {
                *v = side;
            }
        }
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(verdict: Verdict, cpu_ms: u64) -> TestResult {
        TestResult {
            verdict,
            signal: None,
            detail: String::new(),
            explanation: Vec::new(),
            cpu_ms,
            wall_ms: cpu_ms,
            memory_kib: 0,
            exit: String::new(),
            game: None,
            score: None,
            sanitizer: None,
        }
    }

    fn reruns(limit_ms: u64, rerun_cpu_ms: Vec<u64>) -> Borderline {
        let fastest = *rerun_cpu_ms.iter().min().unwrap();
        Borderline {
            limit_ms,
            first_cpu_ms: fastest,
            first_verdict: Verdict::AC,
            median_cpu_ms: fastest,
            fastest_cpu_ms: fastest,
            spread_ms: rerun_cpu_ms.iter().max().unwrap() - fastest,
            verdict: Verdict::AC,
            rerun_cpu_ms,
        }
    }

    const SECOND: Duration = Duration::from_secs(1);

    /// Whether a run of `cpu_ms` with no re-runs is sensitive under a 1 s limit.
    fn alone(verdict: Verdict, cpu_ms: u64, noise: f64) -> bool {
        time_sensitive(&result(verdict, cpu_ms), None, SECOND, noise)
    }

    #[test]
    fn a_run_within_the_noise_of_the_limit_is_sensitive_either_side() {
        assert!(alone(Verdict::AC, 880, 0.15));
        assert!(alone(Verdict::TLE, 1140, 0.15));
        assert!(!alone(Verdict::AC, 850, 0.15));
        assert!(!alone(Verdict::TLE, 1160, 0.15));
    }

    #[test]
    fn a_quiet_machine_still_leaves_a_floor_around_the_limit() {
        assert!(alone(Verdict::AC, 920, 0.01));
        assert!(alone(Verdict::TLE, 1090, 0.01));
        assert!(!alone(Verdict::AC, 900, 0.01));
        assert!(!alone(Verdict::TLE, 1110, 0.01));
    }

    #[test]
    fn re_runs_on_both_sides_of_the_limit_make_it_sensitive_whatever_the_noise() {
        let straddling = reruns(1000, vec![990, 1010, 1004]);
        assert!(time_sensitive(
            &result(Verdict::AC, 990),
            Some(&straddling),
            SECOND,
            0.0
        ));
        // Its own spread widens the band: 1.12 s over 1.25 reaches below the limit.
        let wide = reruns(1000, vec![1120, 1150, 1400]);
        assert!(time_sensitive(
            &result(Verdict::TLE, 1120),
            Some(&wide),
            SECOND,
            0.0
        ));
        let narrow = reruns(1000, vec![1120, 1125, 1130]);
        assert!(!time_sensitive(
            &result(Verdict::TLE, 1120),
            Some(&narrow),
            SECOND,
            0.0
        ));
        let below = reruns(1000, vec![900, 905, 910]);
        assert!(!time_sensitive(
            &result(Verdict::AC, 900),
            Some(&below),
            SECOND,
            0.01
        ));
    }

    #[test]
    fn a_re_run_just_over_the_limit_makes_the_test_sensitive_whatever_the_other_re_runs_give() {
        let timed = |cpu_ms: u64| {
            let verdict = if cpu_ms > 1000 {
                Verdict::TLE
            } else {
                Verdict::AC
            };
            result(verdict, cpu_ms)
        };
        assert!(sensitive_whatever_follows(&timed(1001), SECOND));
        assert!(sensitive_whatever_follows(&timed(1100), SECOND));
        assert!(!sensitive_whatever_follows(&timed(1101), SECOND));
        assert!(!sensitive_whatever_follows(&timed(1000), SECOND));
        assert!(!sensitive_whatever_follows(&timed(950), SECOND));
        // Whatever the two re-runs it spared would have taken, and whatever the noise, the
        // test comes out sensitive.
        let others = [0, 500, 899, 950, 1000, 1001, 1050, 1100, 1150, 2000];
        for first_rerun in [1001, 1040, 1100] {
            for a in others {
                for b in others {
                    let (decided, borderline) = decide(
                        result(Verdict::TLE, 1050),
                        vec![timed(first_rerun), timed(a), timed(b)],
                        SECOND,
                    );
                    for noise in [0.0, 0.05, 0.3] {
                        assert!(
                            time_sensitive(&decided, borderline.as_ref(), SECOND, noise),
                            "re-runs {first_rerun}, {a}, {b} ms, noise {noise}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn only_time_verdicts_are_sensitive_and_only_they_flip() {
        assert!(!alone(Verdict::WA, 999, 0.1));
        let verdicts = [Verdict::AC, Verdict::TLE, Verdict::WA, Verdict::AC];
        assert_eq!(
            all_on_one_side(&verdicts, &[1, 2, 3], Verdict::AC),
            vec![Verdict::AC, Verdict::AC, Verdict::WA, Verdict::AC]
        );
        assert_eq!(
            all_on_one_side(&verdicts, &[1, 2, 3], Verdict::TLE),
            vec![Verdict::AC, Verdict::TLE, Verdict::WA, Verdict::TLE]
        );
    }
}
