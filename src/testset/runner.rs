//! Running test cases through an [`Executor`]: the parallel phase, the alone phase and the
//! borderline re-runs (see the timing policy in the parent module).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

pub use super::interactive::judge_run;
use super::Plan;
use crate::compare::timing::{decide, is_borderline, Borderline};
use crate::compare::TestResult;
use crate::error::Fault;
use crate::problem::{Problem, TestCase};
use crate::run::{Endpoint, RunLimits, RunOutcome};

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
struct Unobserved;

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
    let judge = Judge {
        problem,
        plan,
        observer,
    };
    let scratch = |e| Fault::harness("cannot write the test inputs", e);
    let dir = tempfile::Builder::new()
        .prefix("stressjudge-")
        .tempdir()
        .map_err(scratch)?;
    let mut paths = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let file_name = format!("{i}-{}.in", case.name.replace('/', "_"));
        let path = dir.path().join(file_name);
        std::fs::write(&path, &case.input).map_err(scratch)?;
        paths.push(path);
    }
    let parallel: Vec<usize> = (0..cases.len())
        .filter(|&i| !cases[i].alone && !plan.strict_timing)
        .collect();
    let workers = plan.jobs.min(parallel.len()).max(1);
    let parallel_used = workers > 1;
    let mut firsts: Vec<Option<First>> = vec![None; cases.len()];
    if parallel_used {
        for (i, first) in run_parallel(judge, cases, &paths, &parallel, workers, &make_executor)? {
            firsts[i] = Some(first);
        }
    }
    let mut executor = start(&make_executor)?;
    let mut rows = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let ran_alone = firsts[i].is_none();
        let first = match firsts[i].take() {
            Some(first) => first,
            None => judge.once(&mut executor, case, &paths[i])?,
        };
        rows.push(judge.finish(&mut executor, case, &paths[i], first, ran_alone)?);
    }
    Ok(TestSetRun {
        rows,
        scheduling: Scheduling {
            jobs: plan.jobs,
            strict: plan.strict_timing,
            parallel_used,
        },
    })
}

/// Runs one case alone (re-running it if borderline) and returns its row, for `repro`-style
/// single runs.
pub fn run_one<E: Executor>(
    executor: &mut E,
    problem: &dyn Problem,
    case: &TestCase,
    plan: &Plan,
) -> Result<TestRow, Fault> {
    let judge = Judge {
        problem,
        plan,
        observer: &Unobserved,
    };
    let scratch = |e| Fault::harness("cannot write the test input", e);
    let file = tempfile::Builder::new()
        .prefix("stressjudge-")
        .suffix(".in")
        .tempfile()
        .map_err(scratch)?;
    std::fs::write(file.path(), &case.input).map_err(scratch)?;
    let first = judge.once(executor, case, file.path())?;
    judge.finish(executor, case, file.path(), first, true)
}

/// A new executor, or the harness fault that kept it from starting.
fn start<E, F>(make_executor: &F) -> Result<E, Fault>
where
    F: Fn() -> io::Result<E>,
{
    make_executor().map_err(|e| Fault::harness("cannot start the sandbox", e))
}

/// Runs the `indices` cases on `workers` threads, each with its own executor; returns each
/// case's first judgement. The first fault stops every worker.
fn run_parallel<E, F>(
    judge: Judge<'_>,
    cases: &[TestCase],
    paths: &[PathBuf],
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
                        let first = judge.once(&mut executor, &cases[i], &paths[i])?;
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

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A first judgement: the result and whether it was borderline.
type First = (TestResult, bool);

/// The problem, plan and observer every run of a test set shares.
#[derive(Clone, Copy)]
struct Judge<'a> {
    problem: &'a dyn Problem,
    plan: &'a Plan,
    observer: &'a dyn TestObserver,
}

impl Judge<'_> {
    /// One measured run of `case`, judged under the nominal limits.
    fn once<E: Executor>(
        &self,
        executor: &mut E,
        case: &TestCase,
        path: &Path,
    ) -> Result<First, Fault> {
        let limits = &self.plan.limits;
        self.observer.started(case);
        let context = format!("on test {}", case.name);
        let (result, outcome) = judge_run(
            executor,
            self.problem,
            path,
            &case.input,
            &case.expected,
            limits,
            &context,
        )?;
        Ok((result, is_borderline(&outcome, limits)))
    }

    /// The case's row: the first judgement, or the median of `plan.reruns` re-runs alone when
    /// the first was borderline.
    fn finish<E: Executor>(
        &self,
        executor: &mut E,
        case: &TestCase,
        path: &Path,
        (first, borderline): First,
        ran_alone: bool,
    ) -> Result<TestRow, Fault> {
        let mut reruns = Vec::new();
        if borderline {
            for _ in 0..self.plan.reruns {
                reruns.push(self.once(executor, case, path)?.0);
            }
        }
        let (result, borderline) = decide(first, reruns, self.plan.limits.cpu);
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
