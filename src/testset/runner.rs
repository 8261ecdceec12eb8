//! Running test cases through an [`Executor`]: the parallel phase, the alone phase and the
//! borderline re-runs (see the timing policy in the parent module).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::gate::Gate;
use super::interactive::{judge_run_enforcing, RunInput, RunTerms};
use super::results::{ResultCache, RunKey};
use super::Plan;
use crate::error::Fault;
use crate::judge::stop::ends_judging;
use crate::judge::timing::sensitive_whatever_follows;
use crate::judge::timing::{backstop_under_load, stopped_by_load};
use crate::judge::timing::{decide, is_borderline, measuring_limits, Borderline};
use crate::judge::{TestResult, Verdict};
use crate::problem::{Problem, TestCase};
use crate::run::{Endpoint, LimitHit, RunLimits, RunOutcome};

/// One judged test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestRow {
    /// The test's name, e.g. `random-3`.
    pub name: String,
    /// Its judgement (after the borderline re-runs, when there were any).
    pub result: TestResult,
    /// Whether it ran with no parallel neighbours.
    pub ran_alone: bool,
    /// The borderline re-runs that decided it, if its CPU time was near the limit.
    pub borderline: Option<Borderline>,
}

/// How the runs were scheduled, so the report can say when parallelism could have mattered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scheduling {
    /// Parallel runs allowed.
    pub jobs: usize,
    /// `--strict-timing`: every test ran alone.
    pub strict: bool,
    /// Whether some tests actually ran next to each other.
    pub parallel_used: bool,
}

/// Told when each test of a test set starts and ends (a progress display).
pub trait TestObserver: Sync {
    /// `case` starts its first run.
    fn started(&self, case: &TestCase);
    /// A test is decided (after its borderline re-runs).
    fn finished(&self, row: &TestRow);
}

/// An observer that watches nothing.
pub struct Unobserved;

impl TestObserver for Unobserved {
    fn started(&self, _case: &TestCase) {}
    fn finished(&self, _row: &TestRow) {}
}

/// Something that runs the candidate once on an input file and measures it: the sandbox in
/// production, fakes in tests. One executor is used by one thread at a time.
pub trait Executor {
    /// Runs the candidate with stdin from `input_path`, enforcing `limits`.
    fn execute(&mut self, input_path: &Path, limits: &RunLimits) -> io::Result<RunOutcome>;

    /// Runs the candidate connected to an interactor ([`crate::run::connect`]): stdin and
    /// stdout are the endpoint's. Executors that cannot (test fakes) say so.
    fn execute_connected(
        &mut self,
        end: Endpoint<'_>,
        limits: &RunLimits,
    ) -> io::Result<RunOutcome> {
        let _ = (end, limits);
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "this executor cannot run interactive problems",
        ))
    }
}

/// The judged test set: rows in test order and how they were scheduled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestSetRun {
    /// One row per case, in the cases' order.
    pub rows: Vec<TestRow>,
    /// How the runs were scheduled.
    pub scheduling: Scheduling,
    /// The tests after the one that decided the verdict, in order, when judging stopped there
    /// ([`Judging::stop_at_decision`]); they have no row.
    pub not_run: Vec<String>,
    /// Rows taken from the result cache instead of a run.
    pub reused: usize,
    /// The names of those rows' tests.
    pub reused_tests: Vec<String>,
}

/// How far a test set is judged and what it may reuse, beyond the [`Plan`].
#[derive(Clone, Copy, Default)]
pub struct Judging<'a> {
    /// Stop at the test that decides the verdict, as Kattis does (`on_reject: break`, see
    /// [`ends_judging`]): the tests after it are not run. Off, every test runs (the whole
    /// table, as `judge` and `verify --all-tests` show it).
    pub stop_at_decision: bool,
    /// With `stop_at_decision`, whether a rejected test of this name ends judging under the
    /// candidate's own rules (a Kattis group with `on_reject: continue`, a scoring problem, an
    /// expectation about later tests say no: [`Expectation::rejection_ends_judging`]); `None`
    /// is always.
    ///
    /// [`Expectation::rejection_ends_judging`]: crate::judge::expectation_model::Expectation::rejection_ends_judging
    pub rejection_ends: Option<&'a (dyn Fn(&str) -> bool + Sync)>,
    /// Runs remembered by content, reused where they decide the same verdict.
    pub memo: Option<Memo<'a>>,
    /// The cores shared with other work running at the same time (other solutions judged side
    /// by side); without one, this test set has the machine to itself.
    pub gate: Option<&'a Gate>,
    /// The tighter CPU limit this set will be judged under next, reusing these runs (verify
    /// runs a test set under the safety margin's looser limit first, as problemtools does): a
    /// run over it decides judging there as a TLE would, so judging stops at it here too.
    pub then_judged_under: Option<Duration>,
    /// The caller counts the reused runs itself (a test set judged in two passes, whose rows
    /// are reused from earlier commands only where both passes reused them), so the result
    /// cache's count is left alone.
    pub reuse_already_counted: bool,
    /// A result that makes the rest of the set pointless whatever the verdict semantics say
    /// (the time-limit probe leaves a submission out at its first run its rules do not
    /// permit, or that reached the probe limit): the tests after it are not run.
    pub ends_at: Option<&'a EndsAt<'a>>,
    /// A time verdict this machine cannot settle (verify: within its timing noise of the limit,
    /// [`crate::judge::timing::time_sensitive`]) never ends judging: the tests after it run, so
    /// the verdict the other side of the limit would give is known too.
    pub unsettled: Option<&'a Unsettled<'a>>,
}

/// Whether a test's result ends a test set, see [`Judging::ends_at`].
pub type EndsAt<'a> = dyn Fn(&str, &TestResult) -> bool + Sync + 'a;

/// Whether a run's time verdict under a CPU limit (with its borderline re-runs, if any) is too
/// close to call, see [`Judging::unsettled`].
pub type Unsettled<'a> = dyn Fn(&TestResult, Option<&Borderline>, Duration) -> bool + Sync + 'a;

/// The result cache and the candidate it is asked about.
#[derive(Clone, Copy)]
pub struct Memo<'a> {
    /// The cache.
    pub cache: &'a ResultCache,
    /// The candidate's build hash.
    pub candidate: &'a str,
}

/// Runs every case (none is skipped after a failure) and judges it. Cases that are not `alone`
/// run on up to `plan.jobs` threads, each with its own executor from `make_executor`; then the
/// `alone` cases run one at a time; then borderline cases are re-run alone. With
/// `plan.strict_timing` everything runs one at a time. A harness fault or a failing checker
/// stops the run: neither is a verdict.
pub fn run_test_set<E, F>(
    problem: &dyn Problem,
    cases: &[TestCase],
    plan: &Plan,
    make_executor: F,
) -> Result<TestSetRun, Fault>
where
    E: Executor,
    F: Fn() -> io::Result<E> + Sync,
{
    run_test_set_observed(problem, cases, plan, make_executor, &Unobserved)
}

/// [`run_test_set`], telling `observer` as each test starts and ends.
pub fn run_test_set_observed<E, F>(
    problem: &dyn Problem,
    cases: &[TestCase],
    plan: &Plan,
    make_executor: F,
    observer: &dyn TestObserver,
) -> Result<TestSetRun, Fault>
where
    E: Executor,
    F: Fn() -> io::Result<E> + Sync,
{
    run_test_set_with(
        problem,
        cases,
        plan,
        make_executor,
        observer,
        Judging::default(),
    )
}

/// [`run_test_set_observed`] as `judging` says: stopping at the test that decides the verdict
/// and reusing remembered runs. Remembered rows come first; then the parallel phase and the
/// alone phase run what is left, skipping every test after the earliest deciding one known.
/// Rows after the deciding test are never reported, even when a parallel worker ran them
/// before the decision was known, so the rows do not depend on the order runs finished in.
pub fn run_test_set_with<E, F>(
    problem: &dyn Problem,
    cases: &[TestCase],
    plan: &Plan,
    make_executor: F,
    observer: &dyn TestObserver,
    judging: Judging<'_>,
) -> Result<TestSetRun, Fault>
where
    E: Executor,
    F: Fn() -> io::Result<E> + Sync,
{
    let keys = run_keys(problem, cases, plan, judging.memo);
    let judge = Judge {
        problem,
        plan,
        observer,
        cache: judging.memo.map(|m| m.cache),
        keys: &keys,
        gate: judging.gate,
        names_sensitive: judging.unsettled.is_some(),
    };
    let decision = Decision::new(judging, plan.limits.cpu);
    let mut remembered: Vec<Option<TestRow>> = vec![None; cases.len()];
    for (i, case) in cases.iter().enumerate() {
        if decision.skips(i) {
            break;
        }
        if let Some(row) = judge.recall(i, case) {
            decision.note(i, problem, case, &row.result, row.borderline.as_ref());
            observer.finished(&row);
            remembered[i] = Some(row);
        }
    }
    let scratch = |e| Fault::harness("cannot write the test inputs", e);
    let dir = crate::run::scratch_dir_named("stressjudge-").map_err(scratch)?;
    let mut paths = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let file_name = format!("{i}-{}.in", case.name.replace('/', "_"));
        let path = dir.path().join(file_name);
        if remembered[i].is_none() && !decision.skips(i) {
            std::fs::write(&path, &case.input).map_err(scratch)?;
        }
        paths.push(path);
    }
    let parallel: Vec<usize> = (0..cases.len())
        .filter(|&i| !cases[i].alone && !plan.strict_timing && remembered[i].is_none())
        .filter(|&i| !decision.skips(i))
        .collect();
    let workers = plan.jobs.min(parallel.len()).max(1);
    let parallel_used = workers > 1;
    let mut firsts: Vec<Option<First>> = vec![None; cases.len()];
    if parallel_used {
        let phase = Phase {
            judge,
            cases,
            paths: &paths,
            decision: &decision,
        };
        for (i, first) in phase.run_parallel(&parallel, workers, &make_executor)? {
            firsts[i] = Some(first);
        }
    }
    let mut executor: Option<E> = None;
    let mut rows = Vec::with_capacity(cases.len());
    let mut not_run = Vec::new();
    let mut reused = 0;
    let mut reused_tests = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        if decision.skips(i) {
            not_run.push(case.name.clone());
            continue;
        }
        if let Some(row) = remembered[i].take() {
            reused += 1;
            reused_tests.push(case.name.clone());
            rows.push(row);
            continue;
        }
        if executor.is_none() {
            executor = Some(start(&make_executor)?);
        }
        let Some(executor) = executor.as_mut() else {
            unreachable!("the executor was just started");
        };
        // A test one worker takes in turn still runs next to other work holding the gate (other
        // solutions judged side by side) unless it measures speed or timing is strict; only
        // without a gate does one worker mean the machine is its own.
        let beside_others = judge.gate.is_some() && !case.alone && !plan.strict_timing;
        let (first, ran_alone) = match firsts[i].take() {
            Some(first) => (first, false),
            None if beside_others => {
                let kind = RunKind::Parallel;
                (judge.once(executor, i, case, &paths[i], kind)?, false)
            }
            None => (
                judge.once(executor, i, case, &paths[i], RunKind::Alone)?,
                true,
            ),
        };
        let row = judge.finish(executor, i, case, &paths[i], first, ran_alone)?;
        decision.note(i, problem, case, &row.result, row.borderline.as_ref());
        rows.push(row);
    }
    if let (Some(cache), false) = (judge.cache, judging.reuse_already_counted) {
        cache.count_reused(reused);
    }
    Ok(TestSetRun {
        rows,
        scheduling: Scheduling {
            jobs: plan.jobs,
            strict: plan.strict_timing,
            parallel_used,
        },
        not_run,
        reused,
        reused_tests,
    })
}

/// The result-cache keys of `cases`, when runs of `problem` can be remembered.
fn run_keys(
    problem: &dyn Problem,
    cases: &[TestCase],
    plan: &Plan,
    memo: Option<Memo<'_>>,
) -> Vec<Option<RunKey>> {
    let identity = memo.and_then(|_| problem.judging_identity());
    cases
        .iter()
        .map(|case| {
            let (memo, identity) = (memo?, identity.as_deref()?);
            Some(memo.cache.key(memo.candidate, identity, case, &plan.limits))
        })
        .collect()
}

/// The earliest test known to decide the verdict, when judging stops there.
struct Decision<'a> {
    stop: bool,
    rejection_ends: Option<&'a (dyn Fn(&str) -> bool + Sync)>,
    then_judged_under: Option<Duration>,
    ends_at: Option<&'a EndsAt<'a>>,
    unsettled: Option<&'a Unsettled<'a>>,
    /// The CPU limit the runs are judged under.
    limit: Duration,
    earliest: AtomicUsize,
}

impl<'a> Decision<'a> {
    fn new(judging: Judging<'a>, limit: Duration) -> Decision<'a> {
        Decision {
            stop: judging.stop_at_decision,
            rejection_ends: judging.rejection_ends,
            then_judged_under: judging.then_judged_under,
            ends_at: judging.ends_at,
            unsettled: judging.unsettled,
            limit,
            earliest: AtomicUsize::new(usize::MAX),
        }
    }

    /// Whether test `i` comes after the deciding test, so it is not run.
    fn skips(&self, i: usize) -> bool {
        i > self.earliest.load(Ordering::SeqCst)
    }

    /// Records that test `i` got `result` (after the borderline re-runs, if any).
    fn note(
        &self,
        i: usize,
        problem: &dyn Problem,
        case: &TestCase,
        result: &TestResult,
        borderline: Option<&Borderline>,
    ) {
        let over_next_limit = self
            .then_judged_under
            .is_some_and(|limit| result.cpu() > limit);
        let unsettled = |limit| self.unsettled.is_some_and(|u| u(result, borderline, limit));
        let decides = self.stop
            && ((ends_judging(problem.info(), case, result.verdict) && !unsettled(self.limit))
                || (over_next_limit
                    && ends_judging(problem.info(), case, Verdict::TLE)
                    && !self.then_judged_under.is_some_and(unsettled)))
            && self.rejection_ends.is_none_or(|ends| ends(&case.name));
        if decides || self.ends_at.is_some_and(|ends| ends(&case.name, result)) {
            self.earliest.fetch_min(i, Ordering::SeqCst);
        }
    }
}

/// Runs one case alone (re-running it if borderline) and returns its row, for `repro`-style
/// single runs.
pub fn run_one<E: Executor>(
    executor: &mut E,
    problem: &dyn Problem,
    case: &TestCase,
    plan: &Plan,
) -> Result<TestRow, Fault> {
    run_one_with(executor, problem, case, plan, Judging::default())
}

/// [`run_one`] with `judging`'s remembered runs (reused where one decides the verdict under
/// `plan`'s limits; the run is remembered otherwise) and gate.
pub fn run_one_with<E: Executor>(
    executor: &mut E,
    problem: &dyn Problem,
    case: &TestCase,
    plan: &Plan,
    judging: Judging<'_>,
) -> Result<TestRow, Fault> {
    let memo = judging.memo;
    let keys = run_keys(problem, std::slice::from_ref(case), plan, memo);
    let judge = Judge {
        problem,
        plan,
        observer: &Unobserved,
        cache: memo.map(|m| m.cache),
        keys: &keys,
        gate: judging.gate,
        names_sensitive: judging.unsettled.is_some(),
    };
    if let Some(row) = judge.recall(0, case) {
        if let (Some(cache), false) = (judge.cache, judging.reuse_already_counted) {
            cache.count_reused(1);
        }
        return Ok(row);
    }
    let scratch = |e| Fault::harness("cannot write the test input", e);
    let file = tempfile::Builder::new()
        .prefix("stressjudge-")
        .suffix(".in")
        .tempfile()
        .map_err(scratch)?;
    std::fs::write(file.path(), &case.input).map_err(scratch)?;
    let first = judge.once(executor, 0, case, file.path(), RunKind::Alone)?;
    judge.finish(executor, 0, case, file.path(), first, true)
}

/// A new executor, or the harness fault that kept it from starting.
fn start<E, F>(make_executor: &F) -> Result<E, Fault>
where
    F: Fn() -> io::Result<E>,
{
    make_executor().map_err(|e| Fault::harness("cannot start the sandbox", e))
}

/// The parallel phase of one test set.
struct Phase<'a> {
    judge: Judge<'a>,
    cases: &'a [TestCase],
    paths: &'a [PathBuf],
    decision: &'a Decision<'a>,
}

impl Phase<'_> {
    /// Runs the `indices` cases (in increasing order) on `workers` threads, each with its own
    /// executor, until one after the deciding test comes up; returns each run case's first
    /// judgement. The first fault stops every worker.
    fn run_parallel<E, F>(
        &self,
        indices: &[usize],
        workers: usize,
        make_executor: &F,
    ) -> Result<Vec<(usize, First)>, Fault>
    where
        E: Executor,
        F: Fn() -> io::Result<E> + Sync,
    {
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let done = Mutex::new(Vec::with_capacity(indices.len()));
        let error: Mutex<Option<Fault>> = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    let work = || -> Result<(), Fault> {
                        let mut executor = start(make_executor)?;
                        loop {
                            let k = next.fetch_add(1, Ordering::SeqCst);
                            if k >= indices.len() || failed.load(Ordering::SeqCst) {
                                return Ok(());
                            }
                            let i = indices[k];
                            if self.decision.skips(i) {
                                return Ok(());
                            }
                            let case = &self.cases[i];
                            let first = self.judge.once(
                                &mut executor,
                                i,
                                case,
                                &self.paths[i],
                                RunKind::Parallel,
                            )?;
                            if !first.1 {
                                let judge = self.judge.problem;
                                self.decision.note(i, judge, case, &first.0, None);
                            }
                            lock(&done).push((i, first));
                        }
                    };
                    if let Err(e) = work() {
                        failed.store(true, Ordering::SeqCst);
                        lock(&error).get_or_insert(e);
                    }
                });
            }
        });
        match error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(e) => Err(e),
            None => Ok(done.into_inner().unwrap_or_else(|e| e.into_inner())),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// How many times a run the machine's load stopped ([`stopped_by_load`]) runs again, each
/// time under the backstop [`backstop_under_load`] gives.
const LOAD_RETRIES: u32 = 2;

/// A first judgement: the result and whether it was borderline.
type First = (TestResult, bool);

/// How a run runs: next to others or alone, and whether it is remembered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RunKind {
    /// A first run next to parallel neighbours.
    Parallel,
    /// A first run alone.
    Alone,
    /// A borderline re-run, alone: never remembered.
    Rerun,
}

/// The problem, plan, observer, remembered runs and gate every run of a test set shares.
#[derive(Clone, Copy)]
struct Judge<'a> {
    problem: &'a dyn Problem,
    plan: &'a Plan,
    observer: &'a dyn TestObserver,
    cache: Option<&'a ResultCache>,
    /// Each case's result-cache key (empty, or `None`s, when runs are not remembered).
    keys: &'a [Option<RunKey>],
    gate: Option<&'a Gate>,
    /// The caller names a test sensitive to the time limit ([`Judging::unsettled`]), so a
    /// borderline test's re-runs stop once one makes it sensitive whatever the others give
    /// ([`sensitive_whatever_follows`]).
    names_sensitive: bool,
}

impl Judge<'_> {
    /// The remembered row of case `i`, if a remembered run decides it.
    fn recall(&self, i: usize, case: &TestCase) -> Option<TestRow> {
        let key = self.keys.get(i)?.as_ref()?;
        let remembered = self.cache?.recall(
            key,
            &self.plan.limits,
            self.problem,
            case,
            self.plan.reruns > 0,
        )?;
        Some(TestRow {
            name: case.name.clone(),
            result: remembered.result,
            ran_alone: remembered.ran_alone,
            borderline: remembered.borderline,
        })
    }

    /// One measured run of case `i`, judged under the nominal limits (and remembered when it
    /// is a first run that is not borderline). A run the machine's load stopped at the
    /// wall-clock backstop with its CPU time under the limit ([`stopped_by_load`]) decides
    /// nothing: it runs again (as it ran: alone or beside others; the load is the machine's)
    /// under the backstop [`backstop_under_load`] gives, up to [`LOAD_RETRIES`] times.
    fn once<E: Executor>(
        &self,
        executor: &mut E,
        i: usize,
        case: &TestCase,
        path: &Path,
        kind: RunKind,
    ) -> Result<First, Fault> {
        let mut backstop = None;
        for _ in 0..LOAD_RETRIES {
            let (first, by_load) = self.measure(executor, i, case, path, kind, backstop)?;
            match by_load {
                Some(larger) => backstop = Some(larger),
                None => return Ok(first),
            }
        }
        Ok(self.measure(executor, i, case, path, kind, backstop)?.0)
    }

    /// [`Judge::once`]'s one run, under the wall-clock `backstop` when given (else the plan's):
    /// the judgement, and when the machine's load stopped it (then it is not remembered) the
    /// backstop to run it again under.
    fn measure<E: Executor>(
        &self,
        executor: &mut E,
        i: usize,
        case: &TestCase,
        path: &Path,
        kind: RunKind,
        backstop: Option<Duration>,
    ) -> Result<(First, Option<Duration>), Fault> {
        let limits = &self.plan.limits;
        self.observer.started(case);
        let permit = self.gate.map(|gate| match kind {
            RunKind::Parallel => gate.shared(),
            RunKind::Alone | RunKind::Rerun => gate.alone(),
        });
        let context = format!("on test {}", case.name);
        let run = RunInput {
            path,
            text: &case.input,
            expected: &case.expected,
        };
        let mut sandbox = if self.plan.measure_past_limit {
            measuring_limits(limits)
        } else {
            RunLimits {
                wall: limits.wall.max(limits.cpu),
                ..*limits
            }
        };
        if let Some(backstop) = backstop {
            sandbox.wall = sandbox.wall.max(backstop);
        }
        let enforced = RunTerms {
            nominal: limits,
            sandbox: &sandbox,
            record_failures: self.plan.record_failed_interactions,
        };
        let judged = judge_run_enforcing(executor, self.problem, run, enforced, &context)?;
        let (result, outcome) = (judged.result, judged.outcome);
        drop(permit);
        let borderline = is_borderline(&outcome, limits);
        let by_load = stopped_by_load(&outcome, limits, &sandbox);
        let again = by_load || backstop.is_some();
        if let Some(cache) = self.cache {
            cache.count_run();
            let key = self.keys.get(i).and_then(Option::as_ref);
            // A borderline run is remembered once its re-runs decide it ([`Judge::finish`]);
            // with none to come (verify's safety-margin pass) it is the decision itself.
            let undecided = borderline && self.plan.reruns > 0;
            if let (Some(key), false) = (key, undecided || again || kind == RunKind::Rerun) {
                // Stopped at the limit itself (verify's safety-margin pass does not measure
                // past it), a run says nothing of how far past the same limit it would go: a
                // plan that re-runs borderline tests measures it again.
                let stopped_at_limit = !self.plan.measure_past_limit
                    && matches!(outcome.limit_hit, Some(LimitHit::Cpu | LimitHit::Wall));
                let how = (kind == RunKind::Alone, borderline || stopped_at_limit);
                cache.remember(key, limits, &outcome, &result, how);
            }
        }
        let larger = by_load.then(|| backstop_under_load(&outcome, &sandbox));
        Ok(((result, borderline), larger))
    }

    /// The case's row: the first judgement, or the fastest of `plan.reruns` re-runs alone when
    /// the first was borderline.
    fn finish<E: Executor>(
        &self,
        executor: &mut E,
        i: usize,
        case: &TestCase,
        path: &Path,
        (first, borderline): First,
        ran_alone: bool,
    ) -> Result<TestRow, Fault> {
        let mut reruns = Vec::new();
        if borderline {
            for _ in 0..self.plan.reruns {
                let rerun = self.once(executor, i, case, path, RunKind::Rerun)?.0;
                let settled = self.names_sensitive
                    && sensitive_whatever_follows(&rerun, self.plan.limits.cpu);
                reruns.push(rerun);
                if settled {
                    break;
                }
            }
        }
        let (result, borderline) = decide(first, reruns, self.plan.limits.cpu);
        if let (Some(cache), Some(key), Some(decided)) = (
            self.cache,
            self.keys.get(i).and_then(Option::as_ref),
            &borderline,
        ) {
            cache.remember_decided(key, &self.plan.limits, &result, decided);
        }
        let row = TestRow {
            name: case.name.clone(),
            result,
            ran_alone: ran_alone || borderline.is_some(),
            borderline,
        };
        self.observer.finished(&row);
        Ok(row)
    }
}
