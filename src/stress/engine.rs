//! Running a plan: batches are prepared (generated, validated, answered) by preparer threads a
//! few batches ahead, and run on the candidate by one worker thread per sandbox.
//!
//! Without `keep_going`, the first failure stops the taking of new work: batches after it in
//! plan order are neither prepared nor run (a worker already busy with an earlier batch still
//! finishes it, so every failure before the first one found is reported too). With
//! `keep_going`, the seeds packed behind a failing one are re-run as a pack of their own, so
//! every failing seed is reported.
//!
//! With a time budget (a Polygon stress's `totalTimeLimit`), no batch is taken once the budget
//! is spent, counted from the start of the run: batches under way finish.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;
use std::time::Instant;

use super::plan::{batches, split_packs, BatchSpec};
use super::prepare::{confirm_deterministic, prepare_batch, regenerates, Generated, PreparedBatch};
use super::triage::{triage, FailedRun};
use super::{CaseRunner, Counters, Failure, Plan, StressObserver, Unit};
use crate::error::Fault;
use crate::judge::Verdict;
use crate::problem::{Answer, Problem};

/// Batches prepared ahead of the workers, per worker.
const AHEAD_PER_WORKER: usize = 2;
/// Generated inputs kept for learning the input format (the first ones of the run).
const SAMPLE_INPUTS: usize = 64;
/// Inputs longer than this are not kept as samples (learning stays cheap).
const SAMPLE_BYTES: usize = 256 << 10;

/// The result of a whole stress run.
#[derive(Debug, Default)]
pub struct Summary {
    /// Failures, in plan order.
    pub failures: Vec<Failure>,
    /// True when the run stopped because `stop` was raised from outside (Ctrl-C).
    pub interrupted: bool,
    /// True when the plan's time budget ended the run before its seeds did.
    pub out_of_time: bool,
}

/// State shared by the preparer and worker threads of one run.
struct Shared<'a> {
    problem: &'a dyn Problem,
    plan: &'a Plan,
    specs: Vec<BatchSpec>,
    counters: &'a Counters,
    stop: &'a AtomicBool,
    /// Told of failures as they are found and shrunk.
    observer: &'a dyn StressObserver,
    /// Next batch index to prepare.
    next: AtomicUsize,
    /// Plan index of the earliest failure (without keep_going: no later batch is taken).
    first_failure: AtomicUsize,
    /// Set when Ctrl-C was seen.
    ctrl_c_seen: AtomicBool,
    /// When the plan's time budget is spent, if it has one.
    deadline: Option<Instant>,
    /// Set when a batch was left out because the budget was spent.
    out_of_time: AtomicBool,
    /// The first fault, with its batch index: it ends the run.
    fault: Mutex<Option<(usize, Fault)>>,
    found: Mutex<Vec<(usize, Failure)>>,
    /// Inputs the generator produced, for learning their format (see [`crate::shrink::Format`]).
    samples: Mutex<Vec<String>>,
}

impl Shared<'_> {
    /// Whether batch `index` should still be prepared or run.
    fn wanted(&self, index: usize) -> bool {
        if self.stop.load(Ordering::SeqCst) {
            self.ctrl_c_seen.store(true, Ordering::SeqCst);
            return false;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.out_of_time.store(true, Ordering::SeqCst);
            return false;
        }
        index <= self.first_failure.load(Ordering::SeqCst) && !self.has_fault_before(index)
    }

    fn has_fault_before(&self, index: usize) -> bool {
        lock(&self.fault)
            .as_ref()
            .is_some_and(|(at, _)| *at <= index)
    }

    /// Records a fault at batch `index`; the earliest one wins. (One after the first failure
    /// is dropped when the run ends: without `keep_going` that batch would never have run.)
    fn fail(&self, index: usize, fault: Fault) {
        if matches!(fault, Fault::Interrupted) {
            self.ctrl_c_seen.store(true, Ordering::SeqCst);
            return;
        }
        let mut slot = lock(&self.fault);
        if slot.as_ref().is_none_or(|(at, _)| index < *at) {
            *slot = Some((index, fault));
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the plan on one worker thread per runner. `on_failure` is called from a worker the
/// moment a failure is isolated and shrunk (to write it to disk); `stop` may be raised from
/// outside to end the run early. A fault (a user's tool failed, the harness failed) ends the
/// run with `Err`; failures already found were passed to `on_failure`.
pub fn run<'a>(
    problem: &dyn Problem,
    plan: &Plan,
    runners: Vec<Box<dyn CaseRunner + 'a>>,
    counters: &Counters,
    stop: &AtomicBool,
    on_failure: &dyn StressObserver,
) -> Result<Summary, Fault> {
    if !plan.recorded_inputs {
        check_first_seed(problem, plan)?;
    }
    let shared = Shared {
        problem,
        plan,
        specs: batches(problem, plan)?,
        counters,
        stop,
        observer: on_failure,
        next: AtomicUsize::new(0),
        first_failure: AtomicUsize::new(usize::MAX),
        ctrl_c_seen: AtomicBool::new(false),
        deadline: plan.time_budget.map(|budget| Instant::now() + budget),
        out_of_time: AtomicBool::new(false),
        fault: Mutex::new(None),
        found: Mutex::new(Vec::new()),
        samples: Mutex::new(Vec::new()),
    };
    let workers = runners.len().max(1);
    let (sender, receiver) = sync_channel::<PreparedBatch>(workers * AHEAD_PER_WORKER);
    let receiver = Mutex::new(receiver);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let shared = &shared;
            scope.spawn(move || loop {
                let index = shared.next.fetch_add(1, Ordering::SeqCst);
                if index >= shared.specs.len() || !shared.wanted(index) {
                    break;
                }
                let spec = &shared.specs[index];
                match prepare_batch(shared.problem, &shared.plan.seeds, index, spec) {
                    Ok(batch) => {
                        keep_samples(&shared.samples, &batch);
                        if sender.send(batch).is_err() {
                            break;
                        }
                    }
                    Err(fault) => shared.fail(index, fault),
                }
            });
        }
        drop(sender);
        for runner in runners {
            let (shared, receiver, on_failure) = (&shared, &receiver, on_failure);
            scope.spawn(move || work(shared, runner, receiver, on_failure));
        }
    });
    // A fault at a batch after the first failure would never have been reached without
    // --keep-going (a preparer ran ahead): the failure stands.
    let first_failure = shared.first_failure.load(Ordering::SeqCst);
    let fault = shared.fault.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some((at, fault)) = fault {
        if at <= first_failure {
            return Err(fault);
        }
    }
    let mut failures = shared.found.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort_by_key(|(index, f)| (*index, f.unit.seed));
    Ok(Summary {
        failures: failures.into_iter().map(|(_, f)| f).collect(),
        interrupted: shared.ctrl_c_seen.load(Ordering::SeqCst),
        out_of_time: shared.out_of_time.load(Ordering::SeqCst),
    })
}

/// Keeps the batch's inputs as samples of the generator's format, up to [`SAMPLE_INPUTS`].
fn keep_samples(samples: &Mutex<Vec<String>>, batch: &PreparedBatch) {
    let mut kept = lock(samples);
    for unit in &batch.units {
        if kept.len() >= SAMPLE_INPUTS {
            return;
        }
        if unit.input.len() <= SAMPLE_BYTES {
            kept.push(unit.input.clone());
        }
    }
}

/// The generator must give the first seed's input twice, byte for byte, or nothing it finds
/// could be reproduced. (Only generated here: validating and answering it is the run's job.)
fn check_first_seed(problem: &dyn Problem, plan: &Plan) -> Result<(), Fault> {
    let Some((unit, input)) = first_seed(problem, plan)? else {
        return Ok(());
    };
    confirm_deterministic(problem, &unit, &input)
}

/// The first unit of the plan and its input, generated once.
fn first_seed(problem: &dyn Problem, plan: &Plan) -> Result<Option<(Unit, String)>, Fault> {
    let (Some(kind), Some(&seed)) = (plan.kinds.first(), plan.seeds.first()) else {
        return Ok(None);
    };
    let unit = Unit {
        kind: kind.clone(),
        seed,
    };
    let input = problem
        .generate(kind, seed)
        .map_err(|f| Fault::judge(f, unit.context(), None))?;
    Ok(Some((unit, input)))
}

/// Whether the generator gives the plan's first input again for its seed (false: it seeds
/// itself from the clock, and a run must record its inputs: [`Plan::recorded_inputs`]).
pub fn first_seed_reproduces(problem: &dyn Problem, plan: &Plan) -> Result<bool, Fault> {
    match first_seed(problem, plan)? {
        Some((unit, input)) => regenerates(problem, &unit, &input),
        None => Ok(true),
    }
}

/// One worker: takes prepared batches and runs them until the channel closes.
fn work<'a>(
    shared: &Shared<'_>,
    mut runner: Box<dyn CaseRunner + 'a>,
    receiver: &Mutex<Receiver<PreparedBatch>>,
    on_failure: &dyn StressObserver,
) {
    loop {
        let Ok(batch) = lock(receiver).recv() else {
            return;
        };
        if !shared.wanted(batch.index) {
            continue;
        }
        if let Err(fault) = run_batch(shared, runner.as_mut(), &batch, on_failure) {
            shared.fail(batch.index, fault);
        }
    }
}

/// Runs one prepared batch, pack by pack.
fn run_batch(
    shared: &Shared<'_>,
    runner: &mut dyn CaseRunner,
    batch: &PreparedBatch,
    on_failure: &dyn StressObserver,
) -> Result<(), Fault> {
    let max_games = shared.problem.packing().map_or(1, |p| p.max_games());
    for pack in split_packs(max_games, &batch.units) {
        // After a failure, the seeds packed behind the failing one are still unchecked: with
        // --keep-going they run again as a pack of their own.
        let mut rest = pack;
        while !rest.is_empty() && !shared.stop.load(Ordering::SeqCst) {
            let Some((failure, consumed)) = run_pack(shared, runner, &batch.units[rest.clone()])?
            else {
                break;
            };
            shared.counters.failures.fetch_add(1, Ordering::SeqCst);
            on_failure.failure(&failure);
            lock(&shared.found).push((batch.index, failure));
            if !shared.plan.keep_going {
                shared
                    .first_failure
                    .fetch_min(batch.index, Ordering::SeqCst);
                return Ok(());
            }
            rest.start += consumed;
        }
    }
    Ok(())
}

/// Where a packed run is: `on seed 17 (random kind)`, or `on seeds 1 to 40 (small kind)`.
fn pack_context(units: &[Generated]) -> String {
    match units {
        [one] => one.unit.context(),
        [first, .., last] => format!(
            "on seeds {} to {} ({} kind)",
            first.unit.seed, last.unit.seed, first.unit.kind
        ),
        [] => String::new(),
    }
}

/// Runs one packed run; on failure, triages it.
fn run_pack(
    shared: &Shared<'_>,
    runner: &mut dyn CaseRunner,
    units: &[Generated],
) -> Result<Option<(Failure, usize)>, Fault> {
    let problem = shared.problem;
    let packed;
    let (input, expected): (&str, &Answer) = if units.len() == 1 {
        (&units[0].input, &units[0].answer)
    } else {
        let lines: Vec<String> = units
            .iter()
            .flat_map(|u| u.game_lines.iter().cloned())
            .collect();
        let joined = problem
            .packing()
            .map(|p| p.join_games(&lines))
            .unwrap_or_default();
        packed = (joined, Answer::concat(units.iter().map(|u| &u.answer)));
        (&packed.0, &packed.1)
    };
    if let Some(first) = units.first() {
        runner.use_kind(&first.unit.kind);
    }
    let outcome = runner
        .run_case(input, expected)
        .map_err(|f| f.within(&pack_context(units)))?;
    shared.counters.ran();
    let games: usize = units.iter().map(|u| u.games).sum();
    if outcome.verdict == Verdict::AC || shared.stop.load(Ordering::SeqCst) {
        shared.counters.checked(units.len(), games);
        return Ok(None);
    }
    let run = FailedRun {
        units,
        input,
        expected,
        outcome,
    };
    let samples = lock(&shared.samples).clone();
    triage(
        problem,
        shared.plan,
        runner,
        run,
        &samples,
        shared.counters,
        shared.stop,
        shared.observer,
    )
    .map_err(|f| f.within(&pack_context(units)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Builtin;
    use crate::generators::{rng_for, Generator, Kind};
    use crate::problem::rules::{BuiltinProblem, Sample};
    use crate::problem::{join_counted_lines, split_counted_lines, InputError, Limits};
    use crate::stress::CaseOutcome;
    use std::sync::Arc;
    use std::time::Duration;

    /// Toy multi-game problem: each game `a b` (0..=1000) is answered with a + b.
    struct Sums;

    fn parse(input: &str) -> Result<Vec<(u32, u32)>, InputError> {
        let mut lines = input.lines();
        let t: usize = lines
            .next()
            .and_then(|l| l.trim().parse().ok())
            .filter(|t| (1..=1000).contains(t))
            .ok_or_else(|| InputError::new(1, "bad t"))?;
        let games: Vec<(u32, u32)> = lines
            .take(t)
            .filter_map(|l| {
                let v: Vec<u32> = l
                    .split_whitespace()
                    .filter_map(|x| x.parse().ok())
                    .collect();
                (v.len() == 2 && v[0] <= 1000 && v[1] <= 1000).then(|| (v[0], v[1]))
            })
            .collect();
        (games.len() == t)
            .then_some(games)
            .ok_or_else(|| InputError::new(2, "bad game"))
    }

    impl BuiltinProblem for Sums {
        fn id(&self) -> &'static str {
            "sums"
        }
        fn title(&self) -> &'static str {
            "Sums"
        }
        fn limits(&self) -> Limits {
            Limits {
                time: Duration::from_secs(1),
                memory_bytes: 1 << 28,
            }
        }
        fn samples(&self) -> Vec<Sample> {
            Vec::new()
        }
        fn validate(&self, input: &str) -> Result<usize, InputError> {
            parse(input).map(|g| g.len())
        }
        fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
            Ok(parse(input)?
                .iter()
                .map(|(a, b)| (a + b).to_string())
                .collect())
        }
        fn max_games(&self) -> usize {
            1000
        }
        fn split_games(&self, input: &str) -> Option<Vec<String>> {
            Some(split_counted_lines(input))
        }
        fn join_games(&self, games: &[String]) -> Option<String> {
            Some(join_counted_lines(games))
        }
        fn shrink(&self, input: &str) -> Vec<String> {
            let games = split_counted_lines(input);
            let mut out: Vec<String> = games
                .iter()
                .map(|g| join_counted_lines(std::slice::from_ref(g)))
                .collect();
            if games.len() == 1 {
                let v: Vec<u32> = games[0].split(' ').map(|x| x.parse().unwrap()).collect();
                for i in 0..2 {
                    let mut delta = v[i];
                    while delta > 0 {
                        let mut w = v.clone();
                        w[i] -= delta;
                        out.push(join_counted_lines(&[format!("{} {}", w[0], w[1])]));
                        delta /= 2;
                    }
                }
            }
            out
        }
    }

    struct SumsGen;

    impl Generator for SumsGen {
        fn generate(&self, kind: Kind, seed: u64) -> String {
            let mut rng = rng_for("sums", kind, seed);
            let (count, top) = match kind {
                Kind::Small => (100, 10),
                Kind::Max => (1000, 1000),
                _ => (250, 1000),
            };
            let games: Vec<String> = (0..count)
                .map(|_| format!("{} {}", rng.range(0, top), rng.range(0, top)))
                .collect();
            join_counted_lines(&games)
        }
    }

    /// A fake candidate: answers a + b, except when both numbers are at least `bad_from`, where
    /// it answers a + b + 1 (or crashes, if `crash`).
    struct Buggy {
        bad_from: u32,
        crash: bool,
    }

    impl CaseRunner for Buggy {
        fn run_case(&mut self, input: &str, expected: &Answer) -> Result<CaseOutcome, Fault> {
            let games = parse(input).unwrap();
            let mut output = String::new();
            for &(a, b) in &games {
                if a >= self.bad_from && b >= self.bad_from {
                    if self.crash {
                        return Ok(CaseOutcome {
                            verdict: Verdict::RE,
                            output: output.into_bytes(),
                            mismatch_game: None,
                            detail: "crashed".into(),
                        });
                    }
                    output.push_str(&format!("{}\n", a + b + 1));
                } else {
                    output.push_str(&format!("{}\n", a + b));
                }
            }
            let got: Vec<&str> = output.split_whitespace().collect();
            let first_bad = expected.tokens().zip(&got).position(|(e, g)| e != *g);
            Ok(CaseOutcome {
                verdict: if first_bad.is_some() {
                    Verdict::WA
                } else {
                    Verdict::AC
                },
                output: output.into_bytes(),
                mismatch_game: first_bad.map(|i| i + 1),
                detail: String::new(),
            })
        }
    }

    fn entry() -> Builtin {
        Builtin::new(Arc::new(Sums), Arc::new(SumsGen))
    }

    fn plan(kinds: Vec<Kind>, seeds: std::ops::Range<u64>, keep_going: bool) -> Plan {
        Plan {
            seeds: seeds.collect(),
            kinds: kinds.iter().map(|k| k.name().to_string()).collect(),
            keep_going,
            shrink_attempts: 400,
            shrink_time: Duration::from_secs(30),
            recorded_inputs: false,
            same_crash: false,
            time_budget: None,
        }
    }

    fn stress(plan: &Plan, runner: impl Fn() -> Buggy) -> (Summary, Counters) {
        let counters = Counters::default();
        let runners: Vec<Box<dyn CaseRunner>> = (0..2)
            .map(|_| Box::new(runner()) as Box<dyn CaseRunner>)
            .collect();
        let written = Mutex::new(0);
        let summary = run(
            &entry(),
            plan,
            runners,
            &counters,
            &AtomicBool::new(false),
            &|_: &Failure| *written.lock().unwrap() += 1,
        )
        .unwrap();
        assert_eq!(*written.lock().unwrap(), summary.failures.len());
        (summary, counters)
    }

    #[test]
    fn packs_many_seeds_per_run_and_passes_a_correct_candidate() {
        let plan = plan(vec![Kind::Small, Kind::Random], 1..41, false);
        let (summary, counters) = stress(&plan, || Buggy {
            bad_from: 2000,
            crash: false,
        });
        assert!(summary.failures.is_empty());
        assert_eq!(counters.units.load(Ordering::SeqCst), 80);
        assert_eq!(counters.games.load(Ordering::SeqCst), 40 * 100 + 40 * 250);
        // Blocks of 10 seeds: one small run (10 per run) and three random runs (4 + 4 + 2).
        assert_eq!(counters.runs.load(Ordering::SeqCst), 4 * (1 + 3));
    }

    #[test]
    fn wrong_answer_is_traced_to_its_seed_and_shrunk_to_one_small_game() {
        let plan = plan(vec![Kind::Random], 1..50, false);
        let (summary, _) = stress(&plan, || Buggy {
            bad_from: 900,
            crash: false,
        });
        let failure = &summary.failures[0];
        assert_eq!(failure.verdict, Verdict::WA);
        assert!(failure.reproducible_alone);
        // The reported seed fails alone.
        let regenerated = SumsGen.generate(Kind::Random, failure.unit.seed);
        assert_eq!(regenerated, failure.input);
        let mut candidate = Buggy {
            bad_from: 900,
            crash: false,
        };
        let expected = Answer::from_lines(&Sums.solve(&regenerated).unwrap());
        assert_eq!(
            candidate.run_case(&regenerated, &expected).unwrap().verdict,
            Verdict::WA
        );
        // And it shrinks to the minimal game.
        assert_eq!(failure.shrunk_input, "1\n900 900\n");
        assert_eq!(failure.shrunk_expected, Answer::new("1800\n"));
        assert_eq!(failure.shrunk_output, b"1801\n");
    }

    #[test]
    fn crashes_are_isolated_by_rerunning_seeds_alone() {
        let plan = plan(vec![Kind::Random], 1..50, true);
        let (summary, _) = stress(&plan, || Buggy {
            bad_from: 950,
            crash: true,
        });
        assert!(!summary.failures.is_empty());
        for failure in &summary.failures {
            assert_eq!(failure.verdict, Verdict::RE);
            assert_eq!(failure.shrunk_input, "1\n950 950\n");
        }
        let seeds: Vec<u64> = summary.failures.iter().map(|f| f.unit.seed).collect();
        let mut sorted = seeds.clone();
        sorted.sort_unstable();
        assert_eq!(seeds, sorted, "failures are reported in seed order");
    }

    #[test]
    fn keep_going_reports_every_failing_seed_of_a_packed_run() {
        // Random inputs pack 4 seeds per run; about a third of the seeds fail alone, so many
        // runs hold several failing seeds, and each must be reported, not just the first.
        let plan = plan(vec![Kind::Random], 1..61, true);
        let make = || Buggy {
            bad_from: 960,
            crash: false,
        };
        let (summary, counters) = stress(&plan, make);
        let fails_alone: Vec<u64> = (1..61)
            .filter(|&seed| {
                let input = SumsGen.generate(Kind::Random, seed);
                let expected = Answer::from_lines(&Sums.solve(&input).unwrap());
                make().run_case(&input, &expected).unwrap().verdict != Verdict::AC
            })
            .collect();
        assert!(fails_alone.len() >= 10, "{fails_alone:?}");
        let reported: Vec<u64> = summary.failures.iter().map(|f| f.unit.seed).collect();
        assert_eq!(reported, fails_alone);
        assert_eq!(counters.units.load(Ordering::SeqCst), 60);
        assert_eq!(counters.games.load(Ordering::SeqCst), 60 * 250);
    }

    /// Fails every packed run; Ctrl-C comes during the first run alone, which it kills.
    struct InterruptedWhileIsolating<'a> {
        stop: &'a AtomicBool,
    }

    impl CaseRunner for InterruptedWhileIsolating<'_> {
        fn run_case(&mut self, input: &str, expected: &Answer) -> Result<CaseOutcome, Fault> {
            let packed = parse(input).unwrap().len() > 250;
            if !packed {
                self.stop.store(true, Ordering::SeqCst);
            }
            Ok(CaseOutcome {
                verdict: if packed { Verdict::WA } else { Verdict::RE },
                output: Vec::new(),
                mismatch_game: packed.then_some(expected.tokens().count()),
                detail: "killed by SIGKILL".into(),
            })
        }
    }

    #[test]
    fn runs_killed_by_ctrl_c_are_not_reported_as_crashes() {
        let plan = plan(vec![Kind::Random], 1..9, true);
        let stop = AtomicBool::new(false);
        let runners: Vec<Box<dyn CaseRunner + '_>> =
            vec![Box::new(InterruptedWhileIsolating { stop: &stop })];
        let written = Mutex::new(0);
        let summary = run(
            &entry(),
            &plan,
            runners,
            &Counters::default(),
            &stop,
            &|_: &Failure| *written.lock().unwrap() += 1,
        )
        .unwrap();
        assert!(summary.interrupted);
        assert!(summary.failures.is_empty(), "{:?}", summary.failures);
        assert_eq!(*written.lock().unwrap(), 0);
    }

    #[test]
    fn a_raised_stop_flag_ends_the_run_and_says_so() {
        let plan = plan(vec![Kind::Small], 1..10_000, false);
        let counters = Counters::default();
        let stop = AtomicBool::new(true);
        let runners: Vec<Box<dyn CaseRunner>> = vec![Box::new(Buggy {
            bad_from: 0,
            crash: false,
        })];
        let summary = run(
            &entry(),
            &plan,
            runners,
            &counters,
            &stop,
            &|_: &Failure| {},
        )
        .unwrap();
        assert!(summary.interrupted);
        assert!(summary.failures.is_empty());
        assert_eq!(counters.runs.load(Ordering::SeqCst), 0);
    }

    /// A candidate that is correct but whose first run is stopped as TLE (a loaded machine).
    struct SlowOnce {
        calls: usize,
    }

    impl CaseRunner for SlowOnce {
        fn run_case(&mut self, input: &str, expected: &Answer) -> Result<CaseOutcome, Fault> {
            self.calls += 1;
            let verdict = if self.calls == 1 {
                Verdict::TLE
            } else {
                Verdict::AC
            };
            let _ = input;
            Ok(CaseOutcome {
                verdict,
                output: expected.text.clone().into_bytes(),
                mismatch_game: None,
                detail: String::new(),
            })
        }
    }

    #[test]
    fn a_tle_that_does_not_repeat_alone_is_not_a_failure() {
        for kind in [Kind::Max, Kind::Random] {
            let plan = plan(vec![kind], 1..3, false);
            let counters = Counters::default();
            let runners: Vec<Box<dyn CaseRunner>> = vec![Box::new(SlowOnce { calls: 0 })];
            let summary = run(
                &entry(),
                &plan,
                runners,
                &counters,
                &AtomicBool::new(false),
                &|_: &Failure| {},
            )
            .unwrap();
            assert!(
                summary.failures.is_empty(),
                "{kind}: {:?}",
                summary.failures
            );
            assert_eq!(counters.units.load(Ordering::SeqCst), 2, "{kind}");
        }
    }
}
