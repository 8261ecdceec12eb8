//! A problem folder without a time limit gets one the way problemtools sets it: the slowest
//! accepted submission's CPU time on any test, times `ac_to_time_limit` (legacy
//! `time_multiplier`), rounded up to the time resolution
//! ([`crate::problem::time_limit_rule::TimeLimitRule::time_limit`]).
//!
//! Unlike problemtools, one run does not set it (issue 31): the slowest run is repeated alone
//! and decided on its fastest time, until the slowest is a repeated run
//! ([`crate::judge::repeats`]); a calibration workload measured before, during and after
//! ([`crate::run::calibration`]) says whether the machine's speed changed meanwhile, and the
//! report says how the limit was measured ([`LimitDerivation`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use crate::build::{BuildError, Program};
use crate::commands::common::{build_submission, fault_error};
use crate::error::UsageError;
use crate::judge::grade::ScoredTest;
use crate::judge::grading_model::Grading;
use crate::judge::repeats::{self, EarlierLimit, Measured, MAX_REPEATED, REPEATS, SETTLING_RUNS};
use crate::judge::timing::BORDERLINE_PERCENT;
use crate::options::{CandidateOptions, CandidateSource, IsolationChoice};
use crate::problem::folder::Folder;
use crate::problem::submission::Submission;
use crate::problem::time_limit_rule::TimeLimitRule;
use crate::problem::{Problem, TestCase};
use crate::report::derivation::{LimitDerivation, MemoryView, Settling, SpeedReading};
use crate::report::progress::{Display, Progress, Status, TestProgress};
use crate::run::calibration::{Calibration, Readings, Workload};
use crate::testset::gate::Gate;
use crate::testset::results::calibration_history::CalibrationHistory;
use crate::testset::results::derived_limit::LimitKey;
use crate::testset::results::machine_profile::MachineProfile;
use crate::testset::results::{ResultCache, RunKey};
use crate::testset::{
    run_one, run_test_set_with, Judging, Memo, Plan, SandboxExecutor, TestObserver,
};
use crate::units::seconds;

/// CPU time an accepted submission may take per test while the limit is being derived.
pub const PROBE_LIMIT: Duration = Duration::from_secs(20);

/// The slowest run of the accepted submissions: which, on which test, how long.
#[derive(Debug, Clone)]
pub struct Slowest {
    /// The submission.
    pub submission: String,
    /// The test.
    pub test: String,
    /// Its CPU time.
    pub cpu: Duration,
}

/// Sets `folder`'s time limit from its accepted submissions, if it has none; `jobs` runs in
/// parallel. Accepted submissions that cannot be built here, do not compile or fail a test are
/// left out with a line on stderr (verify then shows their verdict); at least one must pass.
/// A legacy package's accepted submission is left out only when it cannot run or reaches the
/// probe limit: its other failures count as problemtools counts them ([`reached_by_grading`]).
/// The user's result cache serves it, so `judge` and `stress` reuse what `verify` measured and
/// keep the limit it kept ([`repeats::settled_limit`]).
pub fn settle(
    folder: &mut Folder,
    jobs: usize,
    isolation: IsolationChoice,
) -> Result<(), UsageError> {
    let cache_dir = crate::build::BuildOptions::default_for_user().cache_dir;
    settle_remembering(
        folder,
        jobs,
        isolation,
        &ResultCache::open(&cache_dir, false),
    )
}

/// [`settle`], remembering the accepted submissions' runs in `results` (and reusing the ones
/// remembered there), so `verify` does not run them again to judge them.
pub fn settle_remembering(
    folder: &mut Folder,
    jobs: usize,
    isolation: IsolationChoice,
    results: &ResultCache,
) -> Result<(), UsageError> {
    let derived = derive_remembering(folder, jobs, isolation, results, None, Display::Off)?;
    apply(folder, derived.as_ref());
    Ok(())
}

/// Work that runs beside the time-limit derivation, given the fixed tests the derivation read,
/// taking its cores from the derivation's gate and told whether it is still worth doing (the
/// derivation goes on, and its smallest limit is still in reach: see [`BesideUseful`]):
/// verify judges the submissions that must exceed the limit there under that smallest limit
/// (building them itself: the derivation's own prebuilding then leaves them out).
pub type Beside<'a> = dyn Fn(&Gate, &[TestCase], &BesideUseful<'_>) + Sync + 'a;

/// Whether work beside the derivation is still worth doing: the derivation goes on, and no
/// accepted run so far rules out the smallest limit it can give. A run that took more than
/// twice the time that limit allows does: even were its time doubled by noise (the issue's
/// one run in fifteen), the limit is larger, and a run made under the smallest one decides
/// nothing under it (trianglecontainment's four TLE submissions could spend up to 8 s of a
/// core that way beside the PyPy probes, for a 4 s limit).
pub type BesideUseful<'a> = dyn Fn() -> bool + Sync + 'a;

/// The limit [`settle_remembering`] would set and how it was measured, `None` when `folder`
/// has a limit; `beside` runs at the same time, on the same gate; `display` shows which
/// submission and test the derivation is on.
pub fn derive_remembering(
    folder: &Folder,
    jobs: usize,
    isolation: IsolationChoice,
    results: &ResultCache,
    beside: Option<&Beside<'_>>,
    display: Display,
) -> Result<Option<LimitDerivation>, UsageError> {
    let Some(rule) = folder.time_limit_rule else {
        return Ok(None);
    };
    let started = std::time::Instant::now();
    let limit_of = |cpu: Duration| rule.time_limit(cpu);
    let found = slowest_accepted(folder, jobs, isolation, results, beside, display, &rule)?;
    let noise = (found.calibrations.first()).map_or(0.0, |(_, c)| c.integer.noise());
    // The same band as a verdict's (`judge::timing::time_sensitive`): a program varies more
    // than the calibration workload (a PyPy solution's fastest of three moved from 1.03 s to
    // 1.39 s between two verifies while the calibration held within 1 %).
    let band = crate::judge::timing::sensitivity_band(noise, found.measured.own_spread());
    let own_limit = limit_of(found.slowest.cpu);
    let noise_limits = repeats::limits_within(found.slowest.cpu, band, limit_of);
    // The evidence this machine kept (issue 45, [`MachineProfile`]): the limits derived for
    // this package state before, and each accepted run's fastest time ever seen here.
    let root = results.machine_root();
    let mut profile = root
        .as_deref()
        .map(MachineProfile::load)
        .unwrap_or_default();
    let key = found.limit_key.as_ref();
    let history: Vec<EarlierLimit> = (key.map(|k| profile.limits(k.id()).to_vec()))
        .unwrap_or_default()
        .into_iter()
        .map(|l| EarlierLimit {
            limit: Duration::from_millis(l.limit_ms),
            deciding: Duration::from_millis(l.deciding_ms),
            measured_unix_s: l.unix_s,
        })
        .collect();
    let earlier = history.last().copied();
    let fastest_ever = (found.all_runs.iter())
        .map(|(k, cpu)| profile.fastest(k).map_or(*cpu, |f| f.cpu().min(*cpu)))
        .max();
    let evidence_deciding = fastest_ever.filter(|&d| d < found.slowest.cpu);
    let slowest_here = (found.all_runs.iter().map(|(_, cpu)| *cpu).max())
        .unwrap_or(found.slowest.cpu)
        .max(found.slowest.cpu);
    let kept = repeats::kept_lower(
        own_limit,
        noise_limits,
        earlier.map(|e| e.limit),
        evidence_deciding.map(limit_of),
        slowest_here,
        rule.time_limit_to_tle,
    );
    let limit = kept.map_or(own_limit, |(limit, _)| limit);
    let differs = history.iter().rev().find(|e| e.limit != limit).copied();
    for (k, cpu) in &found.all_runs {
        profile.offer_run(k, *cpu);
    }
    // The history as it stood before this derivation's readings join it.
    let calibration_history = CalibrationHistory::of(&profile);
    if found.calibrations.len() > 1 {
        profile.add_readings(&found.calibrations);
    }
    if let Some(key) = key {
        // A kept limit is remembered with the measurement that set it, not with this one's.
        let (deciding, unix_s) = match (kept, earlier, evidence_deciding) {
            (Some(_), Some(e), _) if e.limit == limit => (e.deciding, e.measured_unix_s),
            (Some(_), _, Some(evidence)) => (evidence, 0),
            _ => (found.slowest.cpu, 0),
        };
        profile.add_limit(key.id(), limit, deciding, unix_s);
    }
    if let Some(root) = &root {
        profile.save(root);
    }
    for (key, first) in &found.first_runs {
        if slowed_past(*first, limit) {
            // Judging must not reuse it: it would be a TLE no run confirmed.
            results.forget(key);
        }
    }
    let drift = drift_of(&found.calibrations, Workload::Integer);
    let memory = MemoryView {
        noise: (found.calibrations.first())
            .map_or(0.0, |(_, c)| c.latency.noise().max(c.bandwidth.noise())),
        drift: drift_of(&found.calibrations, Workload::MemoryLatency)
            .max(drift_of(&found.calibrations, Workload::MemoryBandwidth)),
        beside: found.beside.clone(),
    };
    // Drift is judged on every workload, each past its own floor
    // ([`LimitDerivation::judged_drift`]).
    let judged = crate::report::derivation::judged_drift(drift, noise, &memory);
    Ok(Some(LimitDerivation {
        limit,
        own_limit,
        earlier,
        noise_limits,
        band,
        drift_limits: repeats::limits_within(found.slowest.cpu, judged, limit_of),
        submission: found.slowest.submission,
        test: found.slowest.test,
        waited: found.measured.waited(),
        times: found.measured.times,
        walls: found.measured.walls,
        deciding: found.slowest.cpu,
        ac_to_time_limit: rule.ac_to_time_limit,
        time_resolution: rule.time_resolution,
        repeated_runs: found.repeated,
        single_runs: found.single,
        repeats_reused: found.repeats_reused,
        gave_up: found.gave_up,
        noise,
        speed: (found.calibrations.iter())
            .map(|(when, c)| SpeedReading {
                when,
                median: c.integer.median(),
                latency: median_of(&c.latency),
                bandwidth: median_of(&c.bandwidth),
            })
            .collect(),
        drift,
        elapsed: started.elapsed(),
        longest_probe: found.longest_probe,
        memory,
        kept: kept.map(|(_, because)| because),
        evidence_deciding,
        differs,
        settling: found.settling,
        history: calibration_history,
    }))
}

/// The median of `calibration`, `None` when it has no runs (a reading taken before the memory
/// workloads existed, or recalled without them).
fn median_of(calibration: &Calibration) -> Option<Duration> {
    (!calibration.times.is_empty()).then(|| calibration.median())
}

/// How much `workload`'s speed changed over `readings` (slowest median over fastest, minus
/// one); 0 with fewer than two readings of it.
fn drift_of(readings: &[(&'static str, Readings)], workload: Workload) -> f64 {
    let medians: Vec<Duration> = (readings.iter())
        .filter_map(|(_, r)| median_of(r.of(workload)))
        .collect();
    match (medians.iter().min(), medians.iter().max()) {
        (Some(fastest), Some(slowest)) if !fastest.is_zero() && medians.len() > 1 => {
            slowest.as_secs_f64() / fastest.as_secs_f64() - 1.0
        }
        _ => 0.0,
    }
}

/// Sets the limit [`derive_remembering`] found (nothing when it found none), its report lines
/// as the problem's notes.
pub fn apply(folder: &mut Folder, derived: Option<&LimitDerivation>) {
    if let Some(derived) = derived {
        let mut lines = derived.lines().into_iter();
        folder
            .problem
            .set_time_limit(derived.limit, lines.next().unwrap_or_default());
        for line in lines {
            folder.problem.add_note(line);
        }
        folder.time_limit_rule = None;
    }
}

/// What the derivation found: the slowest run (decided on its repeats), its times, how many
/// runs were repeated, and the machine's speed before, during and after.
struct Found {
    slowest: Slowest,
    /// The slowest run's times.
    measured: Measured,
    repeated: usize,
    single: usize,
    repeats_reused: usize,
    gave_up: bool,
    /// The calibrations by when they were read: `before`; `after` only when runs were made (all
    /// remembered, nothing ran whose speed it could judge); `during` only when a run was
    /// repeated too.
    calibrations: Vec<(&'static str, Readings)>,
    /// The deciding test's runs made alone here, each with the memory-latency reading taken
    /// right before it.
    beside: Vec<(Duration, Duration)>,
    /// Every accepted run's deciding time, by its machine-profile key (build and test).
    all_runs: Vec<(String, Duration)>,
    /// When the deciding test was run more because its times straddled a step of the rule.
    settling: Option<Settling>,
    longest_probe: Option<(String, Duration)>,
    /// The first runs of the runs repeated here, by their result-cache keys.
    first_runs: Vec<(RunKey, Duration)>,
    /// Where the limit of this package state is remembered, when the problem has a judging
    /// identity.
    limit_key: Option<LimitKey>,
}

/// Runs of the calibration workload at each reading of the machine's speed.
const CALIBRATION_RUNS: usize = 9;

/// Runs of each memory workload at each reading (about 40 ms each: three keep a reading
/// short enough to take before, during and after, and their median ignores one slow run).
const MEMORY_RUNS: usize = 3;

/// How recent a calibration this process measured must be to serve as the `before` reading.
const BEFORE_READING_AGE: Duration = Duration::from_secs(30);

fn slowest_accepted(
    folder: &Folder,
    jobs: usize,
    isolation: IsolationChoice,
    results: &ResultCache,
    beside: Option<&Beside<'_>>,
    display: Display,
    rule: &TimeLimitRule,
) -> Result<Found, UsageError> {
    let problem: &dyn Problem = &folder.problem;
    let cases = problem
        .fixed_tests()
        .map_err(|f| fault_error(crate::error::Fault::judge(f, "", None), None))?;
    // 2025-09 "Timelimit inference": every submission with a rule that permits no TLE (or says
    // `use_for_time_limit: lower`) bounds the limit from below, on the tests that rule covers;
    // `use_for_time_limit: false` opts out. Legacy packages use the accepted ones only, as
    // problemtools does.
    let mut accepted: Vec<_> = folder
        .submissions
        .iter()
        .filter(|s| bounds_the_limit(folder, s))
        .collect();
    // Where the package's judge runs Python 3 with PyPy and only CPython is here, a Python
    // submission's times say nothing about the judge's: they bound the limit only when no
    // submission in another language does (DOMjudge answers the same problem with per-language
    // time factors; here the slower interpreter simply does not decide).
    let (slower, others): (Vec<&Submission>, Vec<&Submission>) =
        accepted.iter().partition(|s| runs_without_pypy(s));
    // The report's note on the interpreter says so, once (`build::interpreter_for`).
    if !slower.is_empty() && !others.is_empty() {
        accepted = others;
    }
    // The accepted submissions are built and run side by side, the gate keeping each run the
    // timing policy wants alone alone; their times are merged in submission order. Then the
    // slowest runs are repeated alone, one after another.
    let gate = Gate::new(jobs);
    let on = TestProgress::new(0);
    let slowest_run = AtomicU64::new(0);
    let shown = on.clone();
    let progress = Progress::start(display, "deriving the time limit", false, move || Status {
        done: shown.counts().0 as u64,
        total: 0,
        message: shown.running(),
    });
    let calibrate = || {
        let _alone = gate.alone();
        Readings::measure_with(Calibration::measure(CALIBRATION_RUNS), MEMORY_RUNS)
    };
    // The `before` reading: verify's noise when this process measured it a moment ago; else
    // one taken just before the first run the derivation makes (alone, so it waits for the
    // runs and builds in flight), not at its start: a verify whose runs are all remembered runs
    // nothing, and the reading was most of its time (0.18 s of 0.46 s on
    // greedyincreasingsubsequences).
    // The memory workloads are read then all the same (they are not part of verify's noise).
    let before_reading = OnceLock::new();
    let recent = crate::testset::noise::measured_within(BEFORE_READING_AGE);
    let read_before = || {
        before_reading.get_or_init(|| match &recent {
            Some(integer) => {
                let _alone = gate.alone();
                Readings::measure_with(integer.clone(), MEMORY_RUNS)
            }
            None => calibrate(),
        });
    };
    // Before any run (or with none), the calibration verify's noise came from: the same one
    // the derivation that ran these runs read, when they are remembered.
    let before_so_far = || {
        (before_reading.get().cloned()).or_else(|| {
            crate::testset::noise::in_use().map(|integer| Readings {
                integer,
                latency: Calibration { times: Vec::new() },
                bandwidth: Calibration { times: Vec::new() },
            })
        })
    };
    let noise_before = || before_so_far().map_or(0.0, |c| c.integer.noise());
    let probe = Probe {
        problem,
        cases: &cases,
        legacy_reach: folder
            .lower_bound_from_accepted_only
            .then_some(folder.grading.as_ref())
            .flatten(),
        jobs,
        isolation,
        results,
        gate: &gate,
        on: &on,
        slowest_run: &slowest_run,
        before_first_run: &read_before,
    };
    // A deciding run is run more ([`SETTLING_RUNS`]) when a lower limit lies within its band
    // (the band the derivation is judged sensitive by): more runs can only lower its minimum,
    // so they matter only when that could reach the step below.
    // Issue 45: so is one whose own times straddle a step of the rule (the fastest gives one
    // limit, the upper median another: 0.774, 1.138 and 1.179 s under 2 x whole seconds).
    let unsettled = |measured: &Measured| {
        let band = crate::judge::timing::sensitivity_band(noise_before(), measured.own_spread());
        let limit_of = |cpu: Duration| rule.time_limit(cpu);
        let own = limit_of(measured.deciding());
        let (low, _) = repeats::limits_within(measured.deciding(), band, limit_of);
        let high = limit_of(measured.upper_median());
        if low < own {
            Some((low, own))
        } else {
            (high > own).then_some((own, high))
        }
    };
    let ran_before = results.counts().ran;
    let something_ran = || results.counts().ran > ran_before;
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<Option<ProbeResult>>> =
        Mutex::new(accepted.iter().map(|_| None).collect());
    let workers = jobs.min(accepted.len()).max(1);
    // The probing workers, and the repeats after them.
    let probing = AtomicUsize::new(workers + 1);
    let mut later = later_submissions(folder, &accepted);
    if beside.is_some() {
        // `beside` builds those it judges itself, first thing.
        later.retain(|s| !s.expected.must_exceed_time_limit());
    }
    let probing_goes_on = || probing.load(Ordering::SeqCst) > 0;
    let beside_useful = || {
        let slowest = Duration::from_micros(slowest_run.load(Ordering::SeqCst));
        probing_goes_on() && smallest_limit_in_reach(rule, slowest)
    };
    let repeated = std::thread::scope(|scope| {
        scope.spawn(|| prebuild(&later, &probing_goes_on, Some(&gate)));
        if let Some(beside) = beside {
            scope.spawn(|| beside(&gate, &cases, &beside_useful));
        }
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(submission) = accepted.get(k) else {
                        probing.fetch_sub(1, Ordering::SeqCst);
                        return;
                    };
                    let times = probe.times(submission);
                    let failed = times.is_err();
                    lock(&found)[k] = Some(times);
                    if failed {
                        next.store(accepted.len(), Ordering::SeqCst);
                    }
                })
            })
            .collect();
        for handle in handles {
            let _ = handle.join();
        }
        let repeated = (|| {
            let mut calibrations = Vec::new();
            let mut probed = Vec::new();
            for times in std::mem::take(&mut *lock(&found)) {
                probed.push(times.transpose()?.flatten());
            }
            // `during`: between the single runs and the first repeat, read only when a run is
            // repeated; with none, `after` follows the single runs at once and one reading
            // does (each waits to be alone, for a TLE submission's run beside the derivation).
            let during = OnceLock::new();
            let before_first_repeat = || {
                if something_ran() {
                    during.get_or_init(&calibrate);
                }
            };
            let band = crate::judge::timing::sensitivity_band(noise_before(), 0.0);
            let repeated =
                probe.repeat_slowest(&probed, rule, band, &unsettled, &before_first_repeat);
            if let Some(during) = during.into_inner() {
                calibrations.push(("during", during));
            }
            if something_ran() {
                calibrations.push(("after", calibrate()));
            }
            repeated.map(|found| (found, calibrations))
        })();
        probing.fetch_sub(1, Ordering::SeqCst);
        repeated
    });
    progress.finish();
    let (found, mut calibrations) = repeated?;
    let before = before_so_far().unwrap_or_else(&calibrate);
    calibrations.insert(0, ("before", before));
    let mut found = found.ok_or_else(|| {
        UsageError::new(format!(
            "{}: no time_limit in problem.yaml and no accepted submission that passes every test \
             here to derive one from (set limits.time_limit in problem.yaml; judge, stress and repro \
             also take --time-limit)",
            problem.info().id
        ))
    })?;
    found.calibrations = calibrations;
    Ok(found)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Every submission in the order verify first needs its build: those that bound the time
/// limit (probed first, when the limit is derived), then those that must exceed it (judged
/// first), then the rest.
pub fn build_order(folder: &Folder) -> Vec<&Submission> {
    let mut order: Vec<&Submission> = (folder.submissions.iter())
        .filter(|s| folder.time_limit_rule.is_some() && bounds_the_limit(folder, s))
        .collect();
    let later = later_submissions(folder, &order);
    order.extend(later);
    order
}

/// Whether the smallest limit `rule` can give is still in reach after an accepted run took
/// `slowest` ([`BesideUseful`]): at half that time the rule still gives it.
fn smallest_limit_in_reach(rule: &TimeLimitRule, slowest: Duration) -> bool {
    rule.time_limit(slowest / 2) <= rule.time_limit(Duration::ZERO)
}

/// Whether a repeated run's `first` time (slowed by noise: the repeats decided lower) is past
/// the derived `limit` by more than the borderline band, where the result cache would reuse it
/// as a TLE of an accepted submission ([`crate::testset::results`]).
fn slowed_past(first: Duration, limit: Duration) -> bool {
    first.as_micros() * 100 > limit.as_micros() * u128::from(100 + BORDERLINE_PERCENT)
}

/// Whether `submission` is Python 3 that runs with CPython here where its package's judge
/// runs PyPy (see [`crate::problem::python_for`]).
fn runs_without_pypy(submission: &Submission) -> bool {
    use crate::build::PYPY;
    let path = &submission.program.path;
    let python = match &submission.language {
        Some(language) => language.to_ascii_lowercase().starts_with("py"),
        None => crate::build::recognise(path)
            .is_some_and(|r| r.language == crate::build::Language::Python),
    };
    python
        && crate::problem::python_for(path).as_deref() == Some(PYPY)
        && std::env::var_os("PYTHON").is_none_or(|v| v.to_string_lossy().trim().is_empty())
        && crate::build::find_on_path(PYPY).is_none()
}

/// Whether `submission`'s times bound a derived time limit from below.
fn bounds_the_limit(folder: &Folder, submission: &Submission) -> bool {
    submission.expected.lower_bound_rules().next().is_some()
        && (!folder.lower_bound_from_accepted_only || submission.is_accepted())
}

/// The submissions judged only once the limit is known, those that must exceed it first
/// (their builds are the first the judging needs).
fn later_submissions<'a>(folder: &'a Folder, probed: &[&Submission]) -> Vec<&'a Submission> {
    let (mut first, rest): (Vec<&Submission>, Vec<&Submission>) = folder
        .submissions
        .iter()
        .filter(|s| !probed.iter().any(|p| std::ptr::eq(*p, *s)))
        .partition(|s| s.expected.must_exceed_time_limit());
    first.extend(rest);
    first
}

/// Builds `submissions`, in order, into the build cache (as judging will build them) for as
/// long as `useful` says other work still holds the machine (the package's tools being
/// built, accepted submissions being probed for the time limit), each build taking a slot of
/// `gate` when there is one so it only uses a core that work leaves idle: the next step then
/// starts with its builds done. Failures are left for judging to report.
pub fn prebuild(submissions: &[&Submission], useful: &dyn Fn() -> bool, gate: Option<&Gate>) {
    for submission in submissions {
        if !useful() {
            return;
        }
        let _slot = gate.map(Gate::shared);
        if !useful() {
            return;
        }
        let _ = build_submission(
            &CandidateSource::Path(submission.program.path.clone()),
            &crate::commands::verify::library::declared(submission),
        );
    }
}

/// One accepted submission as probed: its build, the plan it ran under, each covered test's
/// CPU and wall time, and the wall time the probe took.
struct Probed {
    name: String,
    program: Program,
    plan: Plan,
    runs: Vec<(String, Duration, Duration)>,
    wall: Duration,
}

/// One accepted submission's probe: `None` when it is left out.
type ProbeResult = Result<Option<Probed>, UsageError>;

/// What running one accepted submission for the time limit needs.
struct Probe<'a> {
    problem: &'a dyn Problem,
    cases: &'a [crate::problem::TestCase],
    /// A legacy package's grading, when it has one: problemtools' rule for the limit then
    /// applies ([`reached_by_grading`]).
    legacy_reach: Option<&'a Grading>,
    jobs: usize,
    isolation: IsolationChoice,
    results: &'a ResultCache,
    gate: &'a Gate,
    /// What the progress display shows.
    on: &'a TestProgress,
    /// The CPU time of the slowest accepted run made so far, in microseconds.
    slowest_run: &'a AtomicU64,
    /// Takes the derivation's `before` reading of the machine's speed, once, before its first
    /// run; called with no slot of the gate held (the reading takes them all).
    before_first_run: &'a (dyn Fn() + Sync),
}

/// Tells the progress display which submission's test runs: `accepted/a.py: test 3`.
struct Watching<'a> {
    submission: &'a str,
    on: &'a TestProgress,
    /// Raised to each accepted run's CPU time ([`Probe::slowest_run`]).
    slowest_run: &'a AtomicU64,
    /// [`Probe::before_first_run`]: a run starts here with no slot held.
    before_first_run: &'a (dyn Fn() + Sync),
}

impl TestObserver for Watching<'_> {
    fn started(&self, case: &TestCase) {
        (self.before_first_run)();
        self.on
            .start_named(format!("{}: test {}", self.submission, case.name));
    }

    fn finished(&self, row: &crate::testset::TestRow) {
        if row.result.verdict == crate::judge::Verdict::AC {
            let micros = u64::try_from(row.result.cpu().as_micros()).unwrap_or(u64::MAX);
            self.slowest_run.fetch_max(micros, Ordering::SeqCst);
        }
        self.on
            .end_named(&format!("{}: test {}", self.submission, row.name));
    }
}

impl Probe<'_> {
    /// Runs the run [`repeats::next_to_repeat`] names once more alone (or takes its repeats
    /// from the result cache) until it names none, at most [`MAX_REPEATED`] x [`REPEATS`] runs
    /// in all (the repeats an earlier derivation made and this one takes from the result cache
    /// count); `None` when no submission was probed. One run at a time: a first run that noise
    /// inflated usually falls below the others with its first repeat, and the next is taken up
    /// at once. While the run that sets the limit is `unsettled` (the limit is sensitive), it
    /// is run again up to [`SETTLING_RUNS`] runs in all. `band` is the machine's noise
    /// ([`repeats::next_to_repeat`]); `before_first_repeat` is called before each repeat made
    /// here (not those remembered).
    fn repeat_slowest(
        &self,
        probed: &[Option<Probed>],
        rule: &TimeLimitRule,
        band: f64,
        unsettled: &dyn Fn(&Measured) -> Option<(Duration, Duration)>,
        before_first_repeat: &dyn Fn(),
    ) -> Result<Option<Found>, UsageError> {
        let limit_of = |cpu: Duration| rule.time_limit(cpu);
        let mut index = Vec::new();
        let mut runs = Vec::new();
        for (s, p) in probed.iter().enumerate() {
            for (t, (_, cpu, wall)) in p.iter().flat_map(|p| p.runs.iter().enumerate()) {
                index.push((s, t));
                runs.push(Measured::single(*cpu, *wall));
            }
        }
        let (mut extra_runs, mut reused, mut gave_up) = (0, 0, false);
        // Every run an earlier derivation of the same build and test repeated comes back with
        // its repeats, not only the runs this derivation would single out: a first run measured
        // again (its record was damaged or forgotten) may no longer look slow, and the minimum
        // of its repeats is still the better figure. Reading them all also finds a damaged one
        // now instead of leaving it unread.
        for (i, &(s, t)) in index.iter().enumerate() {
            let remembered = (probed[s].as_ref())
                .and_then(|p| self.run_key(p, &p.runs[t].0))
                .and_then(|key| self.results.recall_repeats(&key))
                .filter(|m| m.times.len() > 1);
            if let Some(measured) = remembered {
                reused += 1;
                // Remembered repeats count against the caps, so a second verify of an
                // unchanged package goes no further than the first went: one that stopped at
                // a cap stops there again instead of carrying on where it left off, to a limit
                // and verdicts of its own (a second verify of trianglecontainment once took
                // 13.0 s of the first's 43.0 s with no judging run made).
                extra_runs += measured.times.len() - 1;
                runs[i] = measured;
            }
        }
        let mut first_runs = Vec::new();
        let mut beside: Vec<Vec<(Duration, Duration)>> = vec![Vec::new(); runs.len()];
        // The run settled (issue 45), how many times it had then, and the limits it straddled.
        let mut settling: Option<(usize, usize, (Duration, Duration))> = None;
        loop {
            let i = match repeats::next_to_repeat(&runs, &limit_of, band) {
                Some(_) if extra_runs >= MAX_REPEATED * REPEATS => {
                    gave_up = true;
                    break;
                }
                Some(i) => i,
                None => match repeats::setting(&runs, &limit_of) {
                    Some(i)
                        if runs[i].times.len() < SETTLING_RUNS
                            && extra_runs < MAX_REPEATED * REPEATS + SETTLING_RUNS
                            && unsettled(&runs[i]).is_some() =>
                    {
                        if settling.is_none() {
                            settling =
                                unsettled(&runs[i]).map(|limits| (i, runs[i].times.len(), limits));
                        }
                        i
                    }
                    _ => break,
                },
            };
            let (s, t) = index[i];
            let Some(p) = &probed[s] else { break };
            let test = &p.runs[t].0;
            let Some(case) = self.cases.iter().find(|c| &c.name == test) else {
                break;
            };
            let key = self.run_key(p, test);
            before_first_repeat();
            let (cpu, wall, latency) = self.repeat_once(p, case)?;
            beside[i].push((cpu, latency));
            extra_runs += 1;
            let measured = &mut runs[i];
            measured.times.push(cpu);
            measured.walls.push(wall);
            if let Some(key) = key {
                self.results.remember_repeats(&key, measured);
                if measured.times.len() == 2 {
                    first_runs.push((key, measured.times[0]));
                }
            }
        }
        let repeated = runs.iter().filter(|r| r.times.len() > 1).count();
        let Some(i) = repeats::setting(&runs, &limit_of) else {
            return Ok(None);
        };
        let (s, t) = index[i];
        let Some(p) = &probed[s] else { return Ok(None) };
        let longest = (probed.iter().flatten()).max_by_key(|p| p.wall);
        let builds: Vec<&str> = (probed.iter().flatten())
            .map(|p| p.program.content_hash.as_str())
            .collect();
        let limit_key = (self.problem.judging_identity())
            .map(|identity| self.results.limit_key(rule, &identity, &builds, self.cases));
        let all_runs = (index.iter().zip(&runs))
            .filter_map(|(&(s, t), run)| {
                let p = probed[s].as_ref()?;
                let case = self.cases.iter().find(|c| c.name == p.runs[t].0)?;
                let key = MachineProfile::run_key(&p.program.content_hash, case);
                Some((key, run.deciding()))
            })
            .collect();
        let settling = settling
            .filter(|&(settled, before, _)| settled == i && runs[i].times.len() > before)
            .map(|(_, runs_before, limits)| Settling {
                runs_before,
                limits,
                step: limits.0.div_f64(rule.ac_to_time_limit),
            });
        Ok(Some(Found {
            slowest: Slowest {
                submission: p.name.clone(),
                test: p.runs[t].0.clone(),
                cpu: runs[i].deciding(),
            },
            measured: runs[i].clone(),
            repeated,
            single: runs.len() - repeated,
            repeats_reused: reused,
            gave_up,
            calibrations: Vec::new(),
            beside: beside[i].clone(),
            all_runs,
            settling,
            longest_probe: longest.map(|p| (p.name.clone(), p.wall)),
            first_runs,
            limit_key,
        }))
    }

    /// The result-cache key of `probed`'s run on the test named `test`; `None` when the
    /// problem has no judging identity (nothing of it is remembered) or has no such test.
    fn run_key(&self, probed: &Probed, test: &str) -> Option<RunKey> {
        let case = self.cases.iter().find(|c| c.name == test)?;
        let identity = self.problem.judging_identity()?;
        Some((self.results).key(
            &probed.program.content_hash,
            &identity,
            case,
            &probed.plan.limits,
        ))
    }

    /// One more run of `probed` on `case`, alone: its CPU and wall time, and the
    /// memory-latency workload's time read alone right before it (issue 45: whether the
    /// deciding run moves with the memory).
    fn repeat_once(
        &self,
        probed: &Probed,
        case: &TestCase,
    ) -> Result<(Duration, Duration, Duration), UsageError> {
        let mut executor = SandboxExecutor::start_for(&probed.program, self.problem.info())
            .map_err(|e| {
                fault_error(
                    crate::error::Fault::harness("cannot start the sandbox", e),
                    None,
                )
            })?;
        let watching = Watching {
            submission: &probed.name,
            on: self.on,
            slowest_run: self.slowest_run,
            before_first_run: self.before_first_run,
        };
        (self.before_first_run)();
        let _alone = self.gate.alone();
        let latency = Workload::MemoryLatency.once();
        watching.started(case);
        let row = run_one(&mut executor, self.problem, case, &probed.plan)
            .map_err(|f| fault_error(f, None))?;
        watching.finished(&row);
        Ok((
            row.result.cpu(),
            Duration::from_millis(row.result.wall_ms),
            latency,
        ))
    }

    /// The submission's CPU time per test, or `None` (with a line on stderr) when it cannot be
    /// built here, does not compile or fails a test.
    fn times(&self, submission: &Submission) -> Result<Option<Probed>, UsageError> {
        let started = std::time::Instant::now();
        let path = &submission.program.path;
        let name = path.display().to_string();
        eprintln!("stressjudge: deriving the time limit: running {name}");
        let candidate = CandidateOptions {
            source: CandidateSource::Path(path.to_path_buf()),
            time_limit: Some(PROBE_LIMIT),
            memory_limit: None,
            output_limit: None,
            jobs: self.jobs,
            strict_timing: false,
            isolation: self.isolation,
            limit_flags: Vec::new(),
            sanitize: false,
        };
        let built = {
            let _slot = self.gate.shared();
            build_submission(
                &candidate.source,
                &crate::commands::verify::library::declared(submission),
            )
        };
        let program = match built {
            Ok(program) => program,
            Err(BuildError::Compile(message)) => {
                eprintln!(
                    "stressjudge: skipping {name} for the time limit: it does not compile: {}",
                    crate::build::compile_error_line(&message)
                );
                return Ok(None);
            }
            Err(BuildError::Usage(e)) => {
                eprintln!("stressjudge: skipping {name} for the time limit: {e}");
                return Ok(None);
            }
            Err(BuildError::Unavailable(why)) => {
                eprintln!("stressjudge: skipping {name} for the time limit: {why}");
                return Ok(None);
            }
        };
        let plan = Plan {
            record_failed_interactions: false,
            ..Plan::new(&candidate, self.problem.info())
        };
        let covering = |name: &str| {
            submission
                .expected
                .lower_bound_rules()
                .filter(|rule| rule.tests.as_ref().is_none_or(|g| g.matches(name)))
                .collect::<Vec<_>>()
        };
        // A run its rule does not permit (a timeout at the probe limit, a crash of an accepted
        // submission) makes its times meaningless; so does a run that reached the probe limit
        // whatever its verdict (an interactive submission the validator rejected before it
        // spun forever, as problemtools' `guess/wrong_answer/guess_tle.cc`, is WA, and its 20 s
        // say nothing about the time limit).
        // A legacy package's accepted submission is not left out for its verdicts: problemtools
        // (`checks/submissions.py`: every `accepted/` submission that compiles lower-bounds the
        // limit, `LegacyPolicy.lower_bounds_time_limit`) takes the runtime of its graded result,
        // the slowest test its graded run reached, whatever the verdicts (a WA on a sample under
        // `always_accept` or `ignore_sample` included); only a run at the probe limit is.
        let legacy = self.legacy_reach.is_some();
        let leaves_out = |name: &str, result: &crate::judge::TestResult| {
            let verdict = result.verdict;
            let covered = covering(name);
            (!covered.is_empty() && result.cpu() >= PROBE_LIMIT)
                || (!legacy
                    && covered.iter().any(|rule| {
                        rule.permitted_for_time_limit()
                            .is_some_and(|p| !p.contains(&verdict))
                    }))
        };
        // The first such run leaves the submission out, so the tests after it are not run (a
        // submission spinning on every test would otherwise cost the probe limit on each).
        let judging = Judging {
            stop_at_decision: false,
            rejection_ends: None,
            memo: Some(Memo {
                cache: self.results,
                candidate: &program.content_hash,
            }),
            gate: Some(self.gate),
            then_judged_under: None,
            reuse_already_counted: false,
            ends_at: Some(&leaves_out),
            unsettled: None,
        };
        let watching = Watching {
            submission: &name,
            on: self.on,
            slowest_run: self.slowest_run,
            before_first_run: self.before_first_run,
        };
        let run = run_test_set_with(
            self.problem,
            self.cases,
            &plan,
            || SandboxExecutor::start_for(&program, self.problem.info()),
            &watching,
            judging,
        )
        .map_err(|f| fault_error(f, None))?;
        if let Some(row) = run.rows.iter().find(|r| leaves_out(&r.name, &r.result)) {
            // As problemtools does, a broken accepted submission is reported (verify shows its
            // verdict) rather than ending the run; its times are left out.
            eprintln!(
                "stressjudge: skipping {name} for the time limit: it gets {} on test {} (with {} \
                 per test)",
                row.result.label(),
                row.name,
                seconds(PROBE_LIMIT)
            );
            return Ok(None);
        }
        let reached = match self.legacy_reach {
            Some(grading) => reached_by_grading(grading, &run.rows, &name),
            None => vec![true; run.rows.len()],
        };
        let runs = (run.rows.iter().zip(&reached))
            .filter(|(r, reached)| **reached && !covering(&r.name).is_empty())
            .map(|(r, _)| r)
            .map(|r| {
                (
                    r.name.clone(),
                    r.result.cpu(),
                    Duration::from_millis(r.result.wall_ms),
                )
            })
            .collect();
        Ok(Some(Probed {
            name,
            program,
            plan,
            runs,
            wall: started.elapsed(),
        }))
    }
}

/// Which of `rows` (one submission's runs, in test order) problemtools' graded run of a legacy
/// package reaches: a group with `on_reject: break` (the default) stops at its first rejected
/// child, so the tests after it, and the groups after a rejected group, are never run and
/// give no runtime (`SubmissionJudge._judge_group`). The groups are graded by the default
/// grader's rules (a custom grader is not run for the limit). A rejected test among those
/// reached is named on stderr: its time counts all the same.
fn reached_by_grading(
    grading: &Grading,
    rows: &[crate::testset::TestRow],
    name: &str,
) -> Vec<bool> {
    let scored: Vec<ScoredTest> = rows
        .iter()
        .map(|row| ScoredTest {
            name: row.name.clone(),
            verdict: row.result.verdict,
            validator: row.result.score,
        })
        .collect();
    let graded = grading.grade(&scored);
    let reached: Vec<bool> = graded.tests.iter().map(Option::is_some).collect();
    if let Some(row) = (rows.iter().zip(&reached))
        .find(|(row, reached)| **reached && row.result.verdict != crate::judge::Verdict::AC)
        .map(|(row, _)| row)
    {
        eprintln!(
            "stressjudge: deriving the time limit: {name} gets {} on test {} (graded {}); as \
             problemtools does for a legacy package, its times on the tests its graded run \
             reaches bound the limit all the same",
            row.result.label(),
            row.name,
            graded.verdict.map_or("-".to_string(), |v| v.to_string()),
        );
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    /// trianglecontainment's rule: 3 x the slowest accepted run, whole seconds.
    const TIMES_THREE: TimeLimitRule = TimeLimitRule {
        ac_to_time_limit: 3.0,
        time_limit_to_tle: 2.0,
        time_resolution: 1.0,
    };

    #[test]
    fn the_smallest_limit_is_out_of_reach_once_a_run_at_half_its_time_gives_more() {
        let in_reach = |ms| smallest_limit_in_reach(&TIMES_THREE, Duration::from_millis(ms));
        assert!(in_reach(0), "nothing run yet");
        assert!(in_reach(300), "0.3 s gives 1 s");
        // 0.5 s gives 2 s, but a run doubled by noise could be 0.25 s: still 1 s.
        assert!(in_reach(500));
        assert!(in_reach(666));
        // Half of 0.7 s is 0.35 s, 1.05 s x 3: 2 s at the least.
        assert!(!in_reach(700));
        assert!(!in_reach(1300), "the PyPy probes' 1.3 s");
    }
}
