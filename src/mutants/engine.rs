//! One mutation run: the original judged on the tests for its own times, the mutants' time
//! limit scaled from them, then every mutant built, judged on the tests until the first that
//! kills it, and stressed when none does; `jobs` mutants at a time, one worker thread each (a
//! mutant's build, tests and stress are one worker's, so two cores hold two mutants).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::build::BuildLike;
use super::source::{language_name, Original};
use super::{Budget, Counterexample, Fate, Judged, MutationRun, Phases};
use crate::build::{BuildError, Program};
use crate::error::{Fault, UsageError};
use crate::judge::Verdict;
use crate::problem::{Problem, TestCase};
use crate::run::{RunLimits, DEFAULT_OUTPUT_BYTES};
use crate::stress::runner::SandboxCaseRunner;
use crate::stress::{self, CaseRunner, Counters, Failure};
use crate::testset::{run_test_set, run_test_set_with, Judging, Plan, SandboxExecutor, Unobserved};

/// How a mutation run is made.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Mutants judged at a time (worker threads).
    pub jobs: usize,
    /// How long a mutant no test kills is stressed.
    pub budget: Budget,
    /// The least time limit a mutant gets, however fast the original is.
    pub floor: Duration,
    /// `--shard I/N`: judge only the mutants dealt to shard I of N (round-robin in source
    /// order, see [`crate::report::shard::dealt`]); `None` judges them all.
    pub shard: Option<(u64, u64)>,
}

/// The mutants' time limit: three times the original's slowest test, at least `floor`, at most
/// the problem's own limit; so a mutant that loops for ever costs at most that per test, and a
/// mutant several times slower than the original on some test counts as killed there (a
/// setter's test that tells the speeds apart).
pub fn scaled_limit(slowest: Duration, floor: Duration, problem_limit: Duration) -> Duration {
    (slowest * 3).max(floor).min(problem_limit)
}

/// Why a run stopped before its report.
#[derive(Debug)]
pub enum Stop {
    /// The user's input is wrong (the original does not build or fails a test, ...): exit 2.
    Usage(UsageError),
    /// A tool of the problem failed or the harness did: exit 2, as the commands report faults.
    Fault(Fault),
}

impl From<UsageError> for Stop {
    fn from(e: UsageError) -> Self {
        Stop::Usage(e)
    }
}

impl From<Fault> for Stop {
    fn from(f: Fault) -> Self {
        Stop::Fault(f)
    }
}

/// Live counts, for a progress display.
#[derive(Debug, Default)]
pub struct Tally {
    /// Mutants in all (known once the original is read).
    pub total: AtomicU64,
    /// Mutants finished (built or not).
    pub done: AtomicU64,
    /// Mutants killed by a test.
    pub killed: AtomicU64,
    /// Mutants found killable by stress.
    pub killable: AtomicU64,
    /// Mutants that did not build.
    pub not_built: AtomicU64,
}

/// Seeds a time budget may run at most (it usually ends at the budget first).
const BUDGET_SEEDS: u64 = 100_000;

/// Runs every mutant of `original` against `problem`. `stop` (Ctrl-C) ends the run early: the
/// mutants judged so far are reported.
pub fn run(
    problem: &dyn Problem,
    original: &Original,
    settings: Settings,
    stop: &AtomicBool,
    tally: &Tally,
) -> Result<MutationRun, Stop> {
    let started = Instant::now();
    let info = problem.info();
    let like = BuildLike::of(&original.path)?;
    let program = like.build(&original.path).map_err(|e| {
        UsageError::new(match e {
            BuildError::Compile(message) => format!(
                "{} does not compile, so it has no mutants to judge: {}",
                original.path.display(),
                message.lines().next().unwrap_or("")
            ),
            other => format!("cannot build {}: {other}", original.path.display()),
        })
    })?;
    let cases = problem
        .fixed_tests()
        .map_err(|f| Fault::judge(f, "making the tests", None))?;
    let slowest = original_times(problem, &program, &cases, original, settings.jobs)?;
    let time_limit = scaled_limit(slowest, settings.floor, info.limits.time);
    let output = info.output_limit_bytes.unwrap_or(DEFAULT_OUTPUT_BYTES);
    let limits = RunLimits::from_time_limit(time_limit, info.limits.memory_bytes, output);
    let no_stress = why_no_stress(problem);
    let recorded_inputs = match no_stress {
        None => !stress::engine::first_seed_reproduces(
            problem,
            &stress_plan(problem, settings.budget, false),
        )?,
        Some(_) => false,
    };
    let wanted: Vec<usize> = match settings.shard {
        Some((index, count)) => {
            crate::report::shard::dealt(index, count, original.mutants.len() as u64)
                .map(|i| i as usize)
                .collect()
        }
        None => (0..original.mutants.len()).collect(),
    };
    tally.total.store(wanted.len() as u64, Ordering::SeqCst);
    let work = Work {
        problem,
        original,
        like: &like,
        cases: &cases,
        limits,
        budget: settings.budget,
        stress: no_stress.is_none(),
        recorded_inputs,
        stop,
        tally,
        halt: AtomicBool::new(false),
        wanted: &wanted,
        next: AtomicUsize::new(0),
        results: Mutex::new(vec![None; original.mutants.len()]),
        fault: Mutex::new(None),
        building: AtomicU64::new(0),
        judging: AtomicU64::new(0),
        stressing: AtomicU64::new(0),
    };
    std::thread::scope(|scope| {
        for _ in 0..settings.jobs.max(1) {
            scope.spawn(|| work.worker());
        }
    });
    if let Some(stop) = lock(&work.fault).take() {
        return Err(stop);
    }
    let interrupted = stop.load(Ordering::SeqCst);
    let results = work.results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut mutants = Vec::new();
    let mut not_built = 0;
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Some(Some(fate)) => mutants.push(Judged {
                number: i + 1,
                mutant: original.mutants[i].clone(),
                diff: original.mutants[i].diff(&original.source, &original.file_name),
                fate,
            }),
            Some(None) => not_built += 1,
            None => {}
        }
    }
    let nanos = |a: &AtomicU64| Duration::from_nanos(a.load(Ordering::SeqCst));
    Ok(MutationRun {
        all_mutants: original.mutants.len(),
        original: original.path.display().to_string(),
        language: language_name(original.language).to_string(),
        tests: cases.iter().map(|c| c.name.clone()).collect(),
        mutants,
        not_built,
        duplicates: original.duplicates,
        slowest,
        time_limit,
        no_stress,
        budget: settings.budget,
        phases: Phases {
            building: nanos(&work.building),
            judging: nanos(&work.judging),
            stressing: nanos(&work.stressing),
        },
        elapsed: started.elapsed(),
        interrupted,
    })
}

/// The original judged on every test under the problem's limits: its slowest test's CPU time.
/// An original that fails a test cannot tell mutants apart: the user's error.
fn original_times(
    problem: &dyn Problem,
    program: &Program,
    cases: &[TestCase],
    original: &Original,
    jobs: usize,
) -> Result<Duration, Stop> {
    let info = problem.info();
    let output = info.output_limit_bytes.unwrap_or(DEFAULT_OUTPUT_BYTES);
    let plan = Plan {
        limits: RunLimits::from_time_limit(info.limits.time, info.limits.memory_bytes, output),
        jobs: jobs.max(1),
        strict_timing: false,
        reruns: crate::judge::timing::RERUNS,
        measure_past_limit: true,
        record_failed_interactions: false,
    };
    let run = run_test_set(problem, cases, &plan, || {
        SandboxExecutor::start_for(program, info)
    })?;
    if let Some(row) = run.rows.iter().find(|r| r.result.verdict != Verdict::AC) {
        return Err(Stop::Usage(UsageError::new(format!(
            "{} fails test {} ({}): mutants needs a solution that passes every test",
            original.path.display(),
            row.name,
            row.result.verdict.name()
        ))));
    }
    Ok(run
        .rows
        .iter()
        .map(|r| r.result.cpu())
        .max()
        .unwrap_or_default())
}

/// Why the mutants no test kills cannot be stressed, or `None` when they can.
fn why_no_stress(problem: &dyn Problem) -> Option<String> {
    let info = problem.info();
    if info.kinds.is_empty() {
        return Some(format!(
            "{} has no generator: only the tests judged the mutants",
            info.id
        ));
    }
    if !info.has_reference {
        return Some(format!(
            "{} has no reference to answer generated inputs: only the tests judged the mutants",
            info.id
        ));
    }
    None
}

/// The stress plan of one mutant: every kind, seeds from 1 as `stress` draws them, within the
/// budget; the first failure is isolated and shrunk.
fn stress_plan(problem: &dyn Problem, budget: Budget, recorded_inputs: bool) -> stress::Plan {
    let (seeds, time_budget) = match budget {
        Budget::Seeds(n) => ((1..=n.max(1)).collect(), None),
        Budget::Time(d) => ((1..=BUDGET_SEEDS).collect(), Some(d)),
    };
    stress::Plan {
        seeds,
        kinds: problem.info().kinds.clone(),
        keep_going: false,
        shrink_attempts: 400,
        shrink_time: Duration::from_secs(10),
        recorded_inputs,
        time_budget,
        same_crash: false,
    }
}

/// What the workers share.
struct Work<'a> {
    problem: &'a dyn Problem,
    original: &'a Original,
    like: &'a BuildLike,
    cases: &'a [TestCase],
    limits: RunLimits,
    budget: Budget,
    stress: bool,
    recorded_inputs: bool,
    /// Ctrl-C.
    stop: &'a AtomicBool,
    tally: &'a Tally,
    /// Raised when a fault ends the run, or with `stop`.
    halt: AtomicBool,
    /// The mutants (indices) this run judges: all, or its shard's.
    wanted: &'a [usize],
    next: AtomicUsize,
    /// Per mutant: `Some(None)` did not build, `Some(Some(fate))` judged.
    results: Mutex<Vec<Option<Option<Fate>>>>,
    fault: Mutex<Option<Stop>>,
    building: AtomicU64,
    judging: AtomicU64,
    stressing: AtomicU64,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Work<'_> {
    fn halted(&self) -> bool {
        self.halt.load(Ordering::SeqCst) || self.stop.load(Ordering::SeqCst)
    }

    fn worker(&self) {
        loop {
            if self.halted() {
                return;
            }
            let next = self.next.fetch_add(1, Ordering::SeqCst);
            let Some(&i) = self.wanted.get(next) else {
                return;
            };
            match self.one(i) {
                Ok(Some(result)) => {
                    lock(&self.results)[i] = Some(result);
                    self.tally.done.fetch_add(1, Ordering::SeqCst);
                }
                Ok(None) => {}
                Err(Stop::Fault(Fault::Interrupted)) => {
                    self.halt.store(true, Ordering::SeqCst);
                }
                Err(stop) => {
                    let mut slot = lock(&self.fault);
                    if slot.is_none() {
                        *slot = Some(stop);
                    }
                    self.halt.store(true, Ordering::SeqCst);
                }
            }
        }
    }

    /// Mutant `i`: `Ok(None)` when the run was stopped before it was judged.
    fn one(&self, i: usize) -> Result<Option<Option<Fate>>, Stop> {
        let mutant = &self.original.mutants[i];
        let dir = tempfile::Builder::new()
            .prefix("stressjudge-mutant-")
            .tempdir_in(crate::run::run_root())
            .or_else(|_| {
                tempfile::Builder::new()
                    .prefix("stressjudge-mutant-")
                    .tempdir()
            })
            .map_err(|e| Fault::harness("cannot write a mutant", e))?;
        let path = dir.path().join(&self.original.file_name);
        std::fs::write(&path, mutant.apply(&self.original.source))
            .map_err(|e| Fault::harness("cannot write a mutant", e))?;
        let clock = Instant::now();
        let built = self.like.build(&path);
        add(&self.building, clock.elapsed());
        let program = match built {
            Ok(program) => program,
            Err(BuildError::Compile(_)) => {
                self.tally.not_built.fetch_add(1, Ordering::SeqCst);
                return Ok(Some(None));
            }
            Err(e) => {
                return Err(Stop::Usage(UsageError::new(format!(
                    "cannot build a mutant of {}: {e}",
                    self.original.path.display()
                ))))
            }
        };
        let clock = Instant::now();
        let killer = self.judge_on_tests(&program);
        add(&self.judging, clock.elapsed());
        if let Some((test, verdict)) = killer? {
            self.tally.killed.fetch_add(1, Ordering::SeqCst);
            return Ok(Some(Some(Fate::KilledByTest { test, verdict })));
        }
        if self.halted() {
            return Ok(None);
        }
        if !self.stress {
            return Ok(Some(Some(Fate::Survived)));
        }
        let clock = Instant::now();
        let stressed = self.stress(&program);
        add(&self.stressing, clock.elapsed());
        let (failure, inputs, interrupted) = stressed?;
        if interrupted {
            return Ok(None);
        }
        Ok(Some(Some(match failure {
            Some(failure) => {
                self.tally.killable.fetch_add(1, Ordering::SeqCst);
                Fate::Killable(Box::new(counterexample(failure)))
            }
            None => Fate::ProbablyEquivalent { inputs },
        })))
    }

    /// The first test that fails the mutant, in test order, and its verdict; `None` when every
    /// test passes.
    fn judge_on_tests(&self, program: &Program) -> Result<Option<(String, Verdict)>, Stop> {
        let plan = Plan {
            limits: self.limits,
            jobs: 1,
            strict_timing: false,
            reruns: crate::judge::timing::RERUNS,
            measure_past_limit: true,
            record_failed_interactions: false,
        };
        let judging = Judging {
            stop_at_decision: true,
            ..Judging::default()
        };
        let info = self.problem.info();
        let run = run_test_set_with(
            self.problem,
            self.cases,
            &plan,
            || SandboxExecutor::start_for(program, info),
            &Unobserved,
            judging,
        )?;
        Ok(run
            .rows
            .iter()
            .find(|r| r.result.verdict != Verdict::AC)
            .map(|r| (r.name.clone(), r.result.verdict)))
    }

    /// Stresses the mutant within the budget: its first failure (shrunk), the inputs it passed,
    /// and whether Ctrl-C cut it short.
    fn stress(&self, program: &Program) -> Result<(Option<Failure>, u64, bool), Stop> {
        let plan = stress_plan(self.problem, self.budget, self.recorded_inputs);
        let runner = SandboxCaseRunner::start(program, self.problem, self.limits)
            .map_err(|e| Fault::harness("cannot start the sandbox", e))?;
        let runners: Vec<Box<dyn CaseRunner + '_>> = vec![Box::new(runner)];
        let counters = Counters::default();
        let quiet = |_: &Failure| {};
        let summary = stress::run(self.problem, &plan, runners, &counters, self.stop, &quiet)?;
        let inputs = counters.units.load(Ordering::SeqCst);
        let interrupted = summary.interrupted || self.halted();
        Ok((summary.failures.into_iter().next(), inputs, interrupted))
    }
}

fn add(total: &AtomicU64, elapsed: Duration) {
    total.fetch_add(elapsed.as_nanos() as u64, Ordering::SeqCst);
}

/// The killable mutant's shrunk failure as the report keeps it.
fn counterexample(failure: Failure) -> Counterexample {
    Counterexample {
        kind: failure.unit.kind,
        seed: failure.unit.seed,
        verdict: failure.verdict,
        input: failure.shrunk_input,
        answer: failure.shrunk_expected.text,
        output: String::from_utf8_lossy(&failure.shrunk_output).into_owned(),
        detail: failure.detail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_three_times_the_slowest_within_the_floor_and_the_problem() {
        let ms = Duration::from_millis;
        assert_eq!(scaled_limit(ms(10), ms(1000), ms(2000)), ms(1000));
        assert_eq!(scaled_limit(ms(500), ms(1000), ms(2000)), ms(1500));
        assert_eq!(scaled_limit(ms(900), ms(1000), ms(2000)), ms(2000));
        assert_eq!(scaled_limit(ms(10), ms(1000), ms(500)), ms(500));
    }
}
