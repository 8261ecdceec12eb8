//! The stress loop: plan seeds into packed runs, run them on worker threads, isolate and shrink
//! failures.
//!
//! Packing: for problems whose input is a list of independent games, consecutive seeds of one
//! kind are concatenated into one run (up to the statement's bound on games), so one process
//! checks thousands of games. When a packed run fails, the failing game is traced back to its
//! seed, the seed's own input is re-run alone (so the reported seed reproduces with `repro`), and
//! the failure is shrunk starting from the single failing game.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::shrink;
use crate::catalog::Entry;
use crate::compare::Verdict;
use crate::generators::Kind;
use crate::problem::Problem;

/// What running one input on the candidate gave.
#[derive(Debug, Clone)]
pub struct CaseOutcome {
    /// The verdict of the run.
    pub verdict: Verdict,
    /// The candidate's stdout.
    pub output: Vec<u8>,
    /// For WA: 1-based index of the first differing game.
    pub mismatch_game: Option<usize>,
    /// One line on what went wrong (checker message, signal, limit).
    pub detail: String,
}

/// Runs one input on the candidate and judges it against expected answers.
pub trait CaseRunner: Send {
    /// Runs `input`; `expected` are the reference answers of its games.
    fn run_case(&mut self, input: &str, expected: &[String]) -> CaseOutcome;
}

/// One generated input: a generator kind and a seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit {
    /// Generator kind.
    pub kind: Kind,
    /// Seed.
    pub seed: u64,
}

/// A failure, isolated to one seed and shrunk.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The seed (and kind) whose input fails alone.
    pub unit: Unit,
    /// The verdict of the failure.
    pub verdict: Verdict,
    /// The seed's full input.
    pub input: String,
    /// The reference answers for `input`.
    pub expected: Vec<String>,
    /// The candidate's output on `input`.
    pub output: Vec<u8>,
    /// The smallest input found that fails with the same verdict.
    pub shrunk_input: String,
    /// The reference answers for `shrunk_input`.
    pub shrunk_expected: Vec<String>,
    /// The candidate's output on `shrunk_input`.
    pub shrunk_output: Vec<u8>,
    /// What went wrong on the shrunk input.
    pub detail: String,
    /// False when the failure shows only when several seeds are packed together; `input` is then
    /// the packed input.
    pub reproducible_alone: bool,
    /// Seeds packed into the run that failed.
    pub packed_seeds: Vec<u64>,
}

/// Live counters shared with the progress display.
#[derive(Debug, Default)]
pub struct Counters {
    /// Candidate runs, including isolation and shrinking.
    pub runs: AtomicU64,
    /// Games in the stress runs proper (not counting isolation and shrinking).
    pub games: AtomicU64,
    /// Seeds (units) fully checked.
    pub units: AtomicU64,
    /// Failures found.
    pub failures: AtomicU64,
}

impl Counters {
    /// Records `units` inputs holding `games` games as checked.
    fn checked(&self, units: usize, games: usize) {
        self.units.fetch_add(units as u64, Ordering::Relaxed);
        self.games.fetch_add(games as u64, Ordering::Relaxed);
    }
}

/// How to stress.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The seeds, in order.
    pub seeds: Vec<u64>,
    /// The kinds each seed is generated with.
    pub kinds: Vec<Kind>,
    /// Keep going after the first failure.
    pub keep_going: bool,
    /// Most candidate runs one shrink may spend.
    pub shrink_attempts: usize,
    /// Wall-clock budget of one shrink.
    pub shrink_time: Duration,
}

/// One packed run before generation: a kind and a slice of the plan's seeds.
#[derive(Debug, Clone, Copy)]
struct BatchSpec {
    kind: Kind,
    first: usize,
    end: usize,
}

/// A generated unit with its games and answers.
struct Generated {
    unit: Unit,
    input: String,
    expected: Vec<String>,
    games: Vec<String>,
}

/// How many seeds of each kind fit one run: the statement's bound on games over the games of
/// the kind's first input (the `max` kind is never packed).
fn seeds_per_run(entry: &Entry, kind: Kind, sample_seed: u64) -> usize {
    let problem = &entry.problem;
    if kind == Kind::Max || problem.max_games() <= 1 {
        return 1;
    }
    let input = entry.generator.generate(kind, sample_seed);
    let games = problem.validate(&input).unwrap_or(1).max(1);
    (problem.max_games() / games).clamp(1, 1000)
}

fn batches(entry: &Entry, plan: &Plan) -> Vec<BatchSpec> {
    let Some(&first_seed) = plan.seeds.first() else {
        return Vec::new();
    };
    let per_run: Vec<usize> = plan
        .kinds
        .iter()
        .map(|&k| seeds_per_run(entry, k, first_seed))
        .collect();
    let block = per_run.iter().copied().max().unwrap_or(1);
    let mut out = Vec::new();
    let mut start = 0;
    while start < plan.seeds.len() {
        let end = (start + block).min(plan.seeds.len());
        for (&kind, &size) in plan.kinds.iter().zip(&per_run) {
            let mut first = start;
            while first < end {
                let stop = (first + size).min(end);
                out.push(BatchSpec {
                    kind,
                    first,
                    end: stop,
                });
                first = stop;
            }
        }
        start = end;
    }
    out
}

/// Generates a unit and its reference answers, and its games when it may be packed with others
/// (`split`). A generator whose output fails validation is a bug in stressjudge, reported as
/// such.
fn generate(entry: &Entry, unit: Unit, split: bool) -> Generated {
    let problem = &entry.problem;
    let input = entry.generator.generate(unit.kind, unit.seed);
    let expected = problem.solve(&input).unwrap_or_else(|e| {
        panic!(
            "internal error: generator {} {} seed {} made an invalid input ({e})",
            problem.id(),
            unit.kind,
            unit.seed
        )
    });
    let games = if split {
        problem.split_games(&input).unwrap_or_default()
    } else {
        Vec::new()
    };
    Generated {
        unit,
        input,
        expected,
        games,
    }
}

/// The result of a whole stress run.
#[derive(Debug, Default)]
pub struct Summary {
    /// Failures, in plan order.
    pub failures: Vec<Failure>,
    /// True when the run stopped because `stop` was raised from outside (Ctrl-C).
    pub interrupted: bool,
}

/// Runs the plan on one worker thread per runner. `on_failure` is called from a worker the
/// moment a failure is isolated and shrunk (to write it to disk); `stop` may be raised from
/// outside to end the run early.
pub fn run<'a>(
    entry: &Entry,
    plan: &Plan,
    runners: Vec<Box<dyn CaseRunner + 'a>>,
    counters: &Counters,
    stop: &AtomicBool,
    on_failure: &(dyn Fn(&Failure) + Sync),
) -> Summary {
    let specs = batches(entry, plan);
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, Failure)>> = Mutex::new(Vec::new());
    let first_failure = AtomicUsize::new(usize::MAX);
    let external_stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for mut runner in runners {
            let (specs, next, found, first_failure) = (&specs, &next, &found, &first_failure);
            let external_stop = &external_stop;
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    external_stop.store(true, Ordering::SeqCst);
                    break;
                }
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index >= specs.len() || index > first_failure.load(Ordering::SeqCst) {
                    break;
                }
                let spec = specs[index];
                let split = spec.end - spec.first > 1;
                let units: Vec<Generated> = plan.seeds[spec.first..spec.end]
                    .iter()
                    .map(|&seed| {
                        generate(
                            entry,
                            Unit {
                                kind: spec.kind,
                                seed,
                            },
                            split,
                        )
                    })
                    .collect();
                'packs: for pack in split_packs(entry.problem.as_ref(), &units) {
                    // After a failure, the seeds packed behind the failing one are still
                    // unchecked: with --keep-going they run again as a pack of their own.
                    let mut rest = pack;
                    while !rest.is_empty() && !stop.load(Ordering::SeqCst) {
                        let units = &units[rest.clone()];
                        let Some((failure, consumed)) =
                            run_pack(entry, plan, runner.as_mut(), units, counters, stop)
                        else {
                            break;
                        };
                        counters.failures.fetch_add(1, Ordering::SeqCst);
                        on_failure(&failure);
                        found.lock().unwrap().push((index, failure));
                        if !plan.keep_going {
                            first_failure.fetch_min(index, Ordering::SeqCst);
                            break 'packs;
                        }
                        rest.start += consumed;
                    }
                }
            });
        }
    });
    let mut failures = found.into_inner().unwrap();
    failures.sort_by_key(|(index, f)| (*index, f.unit.seed));
    Summary {
        failures: failures.into_iter().map(|(_, f)| f).collect(),
        interrupted: external_stop.load(Ordering::SeqCst),
    }
}

/// Splits a batch's units into runs of at most `max_games` games each.
fn split_packs(problem: &dyn Problem, units: &[Generated]) -> Vec<std::ops::Range<usize>> {
    let limit = problem.max_games().max(1);
    let mut packs = Vec::new();
    let mut start = 0;
    let mut games = 0;
    for (i, unit) in units.iter().enumerate() {
        let n = unit.expected.len();
        if i > start && (games + n > limit || unit.games.is_empty()) {
            packs.push(start..i);
            start = i;
            games = 0;
        }
        games += n;
    }
    if start < units.len() {
        packs.push(start..units.len());
    }
    packs
}

/// Runs one packed run; on failure, isolates and shrinks it, and says how many of `units` the
/// failure accounts for (those up to the failing seed, or all of them when no seed fails
/// alone).
fn run_pack(
    entry: &Entry,
    plan: &Plan,
    runner: &mut dyn CaseRunner,
    units: &[Generated],
    counters: &Counters,
    stop: &AtomicBool,
) -> Option<(Failure, usize)> {
    let problem = entry.problem.as_ref();
    let packed;
    let (input, expected): (&str, &[String]) = if units.len() == 1 {
        (&units[0].input, &units[0].expected)
    } else {
        let games: Vec<String> = units.iter().flat_map(|u| u.games.iter().cloned()).collect();
        let expected: Vec<String> = units
            .iter()
            .flat_map(|u| u.expected.iter().cloned())
            .collect();
        let joined = problem
            .join_games(&games)
            .expect("packed problems can join games");
        packed = (joined, expected);
        (&packed.0, &packed.1)
    };
    let outcome = runner.run_case(input, expected);
    counters.runs.fetch_add(1, Ordering::Relaxed);
    if outcome.verdict == Verdict::AC || stop.load(Ordering::SeqCst) {
        counters.checked(units.len(), expected.len());
        return None;
    }
    let packed_seeds: Vec<u64> = units.iter().map(|u| u.unit.seed).collect();
    let isolated = isolate(runner, units, &outcome, counters);
    if stop.load(Ordering::SeqCst) {
        // Ctrl-C kills the runs in flight: an isolating run it killed looks like a crash, so
        // nothing found here is confirmed and nothing is reported.
        return None;
    }
    if isolated.is_none() && outcome.verdict == Verdict::TLE {
        // No seed is TLE on its own re-run: the packed TLE was noise (a loaded machine), not a
        // failure of the candidate.
        counters.checked(units.len(), expected.len());
        return None;
    }
    let consumed = isolated
        .as_ref()
        .map_or(units.len(), |(index, _)| index + 1);
    let checked: usize = units[..consumed].iter().map(|u| u.expected.len()).sum();
    counters.checked(consumed, checked);
    let (unit, alone, reproducible_alone, input, expected) = match isolated {
        Some((index, alone)) => {
            let u = &units[index];
            (u.unit, alone, true, u.input.clone(), u.expected.clone())
        }
        None => (
            units[0].unit,
            outcome,
            false,
            input.to_string(),
            expected.to_vec(),
        ),
    };
    let verdict = alone.verdict;
    let start =
        first_failing_game(problem, runner, &input, &alone, counters).unwrap_or(input.clone());
    let deadline = Instant::now() + plan.shrink_time;
    let attempts = if matches!(verdict, Verdict::TLE | Verdict::MLE) {
        plan.shrink_attempts.min(12)
    } else {
        plan.shrink_attempts
    };
    let shrunk = shrink::shrink(problem, &start, attempts, |variant| {
        if Instant::now() > deadline || stop.load(Ordering::SeqCst) {
            return false;
        }
        let answers = problem.solve(variant).unwrap_or_default();
        counters.runs.fetch_add(1, Ordering::Relaxed);
        runner.run_case(variant, &answers).verdict == verdict
    });
    let shrunk_expected = problem.solve(&shrunk.input).unwrap_or_default();
    let last = runner.run_case(&shrunk.input, &shrunk_expected);
    counters.runs.fetch_add(1, Ordering::Relaxed);
    let (shrunk_input, shrunk_expected, last) = if last.verdict == verdict {
        (shrunk.input, shrunk_expected, last)
    } else {
        // A flaky failure (timing near the limit): report the input that failed alone.
        (input.clone(), expected.clone(), alone.clone())
    };
    let failure = Failure {
        unit,
        verdict,
        input,
        expected,
        output: alone.output,
        shrunk_input,
        shrunk_expected,
        shrunk_output: last.output,
        detail: last.detail,
        reproducible_alone,
        packed_seeds,
    };
    Some((failure, consumed))
}

/// Finds the unit of a failed pack that fails alone, with its outcome.
fn isolate(
    runner: &mut dyn CaseRunner,
    units: &[Generated],
    packed: &CaseOutcome,
    counters: &Counters,
) -> Option<(usize, CaseOutcome)> {
    // A time verdict may come from a loaded machine rather than the candidate: it must show
    // again on a re-run before it counts, even for a single input.
    if units.len() == 1 && packed.verdict != Verdict::TLE {
        return Some((0, packed.clone()));
    }
    let mut order: Vec<usize> = (0..units.len()).collect();
    if let Some(game) = packed.mismatch_game {
        // Try the unit holding the first differing game first.
        let mut seen = 0;
        let holder = units
            .iter()
            .position(|u| {
                seen += u.expected.len();
                game <= seen
            })
            .unwrap_or(units.len() - 1);
        order.retain(|&i| i != holder);
        order.insert(0, holder);
    }
    for index in order {
        let unit = &units[index];
        let alone = runner.run_case(&unit.input, &unit.expected);
        counters.runs.fetch_add(1, Ordering::Relaxed);
        if alone.verdict != Verdict::AC {
            return Some((index, alone));
        }
    }
    None
}

/// For a wrong answer in a multi-game input, the single failing game as an input of its own,
/// when it fails alone with the same verdict.
fn first_failing_game(
    problem: &dyn Problem,
    runner: &mut dyn CaseRunner,
    input: &str,
    outcome: &CaseOutcome,
    counters: &Counters,
) -> Option<String> {
    let game = outcome.mismatch_game?;
    let games = problem.split_games(input)?;
    let single = problem.join_games(std::slice::from_ref(games.get(game.checked_sub(1)?)?))?;
    let expected = problem.solve(&single).ok()?;
    counters.runs.fetch_add(1, Ordering::Relaxed);
    (runner.run_case(&single, &expected).verdict == outcome.verdict).then_some(single)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::{rng_for, Generator};
    use crate::problem::{
        join_counted_lines, split_counted_lines, InputError, Limits, Problem, Sample,
    };
    use std::sync::Arc;

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

    impl Problem for Sums {
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
        fn run_case(&mut self, input: &str, expected: &[String]) -> CaseOutcome {
            let games = parse(input).unwrap();
            let mut output = String::new();
            for &(a, b) in &games {
                if a >= self.bad_from && b >= self.bad_from {
                    if self.crash {
                        return CaseOutcome {
                            verdict: Verdict::RE,
                            output: output.into_bytes(),
                            mismatch_game: None,
                            detail: "crashed".into(),
                        };
                    }
                    output.push_str(&format!("{}\n", a + b + 1));
                } else {
                    output.push_str(&format!("{}\n", a + b));
                }
            }
            let got: Vec<&str> = output.split_whitespace().collect();
            let first_bad = expected.iter().zip(&got).position(|(e, g)| e != g);
            CaseOutcome {
                verdict: if first_bad.is_some() {
                    Verdict::WA
                } else {
                    Verdict::AC
                },
                output: output.into_bytes(),
                mismatch_game: first_bad.map(|i| i + 1),
                detail: String::new(),
            }
        }
    }

    fn entry() -> Entry {
        Entry {
            problem: Arc::new(Sums),
            generator: Arc::new(SumsGen),
        }
    }

    fn plan(kinds: Vec<Kind>, seeds: std::ops::Range<u64>, keep_going: bool) -> Plan {
        Plan {
            seeds: seeds.collect(),
            kinds,
            keep_going,
            shrink_attempts: 400,
            shrink_time: Duration::from_secs(30),
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
            &|_| *written.lock().unwrap() += 1,
        );
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
        let expected = Sums.solve(&regenerated).unwrap();
        assert_eq!(
            candidate.run_case(&regenerated, &expected).verdict,
            Verdict::WA
        );
        // And it shrinks to the minimal game.
        assert_eq!(failure.shrunk_input, "1\n900 900\n");
        assert_eq!(failure.shrunk_expected, vec!["1800".to_string()]);
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
                let expected = Sums.solve(&input).unwrap();
                make().run_case(&input, &expected).verdict != Verdict::AC
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
        fn run_case(&mut self, input: &str, expected: &[String]) -> CaseOutcome {
            let packed = parse(input).unwrap().len() > 250;
            if !packed {
                self.stop.store(true, Ordering::SeqCst);
            }
            CaseOutcome {
                verdict: if packed { Verdict::WA } else { Verdict::RE },
                output: Vec::new(),
                mismatch_game: packed.then_some(expected.len()),
                detail: "killed by SIGKILL".into(),
            }
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
            &|_| *written.lock().unwrap() += 1,
        );
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
        let summary = run(&entry(), &plan, runners, &counters, &stop, &|_| {});
        assert!(summary.interrupted);
        assert!(summary.failures.is_empty());
        assert_eq!(counters.runs.load(Ordering::SeqCst), 0);
    }

    /// A candidate that is correct but whose first run is stopped as TLE (a loaded machine).
    struct SlowOnce {
        calls: usize,
    }

    impl CaseRunner for SlowOnce {
        fn run_case(&mut self, input: &str, expected: &[String]) -> CaseOutcome {
            self.calls += 1;
            let verdict = if self.calls == 1 {
                Verdict::TLE
            } else {
                Verdict::AC
            };
            let _ = input;
            CaseOutcome {
                verdict,
                output: lines(expected).into_bytes(),
                mismatch_game: None,
                detail: String::new(),
            }
        }
    }

    fn lines(answers: &[String]) -> String {
        answers.iter().map(|a| format!("{a}\n")).collect()
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
                &|_| {},
            );
            assert!(
                summary.failures.is_empty(),
                "{kind}: {:?}",
                summary.failures
            );
            assert_eq!(counters.units.load(Ordering::SeqCst), 2, "{kind}");
        }
    }
}
