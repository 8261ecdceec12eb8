//! The result cache: runs remembered by content, so a second `verify` of an unchanged package
//! re-runs nothing that decided a verdict, and the runs that derived a time limit judge the
//! accepted submissions too.
//!
//! # Key
//!
//! A run is remembered under the SHA-256 of everything its verdict depends on except the CPU
//! limit: this judge's own executable (its checking and classifying code), the candidate's
//! build hash, the isolation the sandbox gave, the problem's judging identity (the checker's
//! build hash and arguments, see [`Problem::judging_identity`]), the input, the answer and the
//! test's own checker arguments, the memory limit and the output limit. Each entry keeps one
//! record per CPU limit the run was measured under.
//!
//! # Reuse
//!
//! A record decides a run under `limits` when
//! - it was measured under the same CPU limit; or
//! - it finished under a looser CPU limit without hitting any limit, with a CPU time clear of
//!   the tighter limit by the borderline margin ([`BORDERLINE_PERCENT`]) and a wall time clear of
//!   its wall-clock backstop by the same margin: a fresh run would end the same way, and not be
//!   borderline; or
//! - it was TLE under a looser or equal CPU limit: any smaller limit is exceeded too (the
//!   verdict is re-derived from the stored measurements, so its words name the new limit).
//! - it finished under a looser CPU limit with a CPU time past the tighter limit by the
//!   borderline margin (and memory clear of its limit): under the tighter limit it is TLE,
//!   re-derived the same way. Verify judges a test set under the safety margin's looser limit
//!   first (as problemtools does), so one run decides both the verdict and the margin check.
//!
//! A borderline run (and each re-run) is not stored as a run; the decision its re-runs alone
//! made is ([`ResultCache::remember_decided`]), and reused only under the same limits, with the
//! re-runs' times for the report. Issue 31: measuring it again on every verify cost a second
//! verify of a real package 40 % of the first (a `time_limit_exceeded` submission at 1.00 s
//! under a 1 s limit, re-run three times alone each time), and could flip a verdict that the
//! fastest of three runs alone had already decided; `--fresh` measures it again.
//!
//! A stress pass (verify's seeds of every kind, after the fixed tests passed) is remembered as
//! a whole under the candidate, the seeds, the kinds, all the limits, and the problem's judging
//! and stress identities ([`Problem::stress_identity`]: generators, validators, reference),
//! unless it found a time limit exceeded (the one verdict that depends on the machine).
//!
//! # Storage
//!
//! Entries are files `results/KEY` beside the build cache, checked entries of
//! [`crate::cache_entry`] (a damaged, truncated or foreign entry is a miss: removed, the run
//! made again, said once; a folder that cannot be written is said once and the command runs
//! without it). The cache is bounded: after every
//! [`TRIM_EVERY`] writes the oldest entries are deleted until at most [`MAX_ENTRIES`] remain.
//! Deleting the folder at any time is safe (`rm -rf ~/.cache/stressjudge/results`).
//! `--fresh` reads nothing stored before the command started, but remembers what it runs
//! (so the time-limit derivation still feeds judging within the command). The one exception is
//! a derived time limit ([`derived_limit`]): it is not a run, and the new runs decide whether it
//! stands.

pub mod calibration_history;
pub mod derived_limit;
pub mod machine_profile;
pub mod tool_checks;

use crate::problem::ValidatorScore;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::build::hex_digest;
use crate::cache_entry::CheckedCache;
use crate::judge::repeats::Measured;
use crate::judge::timing::{Borderline, BORDERLINE_PERCENT};
use crate::judge::{classify, TestResult, Verdict};
use crate::problem::{Problem, TestCase};
use crate::run::{Exit, LimitHit, RunLimits, RunOutcome};
use crate::units::millis;

/// Most entries the cache keeps (a few hundred bytes each).
pub const MAX_ENTRIES: usize = 50_000;
/// Writes between two trims.
pub const TRIM_EVERY: usize = 512;

/// Bumped when the meaning of a stored record changes.
const VERSION: &str = "stressjudge-results-v1";

/// The result cache of one command.
#[derive(Debug)]
pub struct ResultCache {
    /// `results/` under the cache root; `None` when nothing is stored (tests, or no cache).
    entries: Option<CheckedCache>,
    /// `--fresh`: read only what this command stored.
    fresh: bool,
    /// Records stored by this command, by key.
    session: Mutex<HashMap<String, Vec<Record>>>,
    /// Stress passes stored by this command, by key.
    stress_session: Mutex<HashMap<String, StressResult>>,
    /// Repeated runs' times (ms) stored by this command, by key.
    repeats_session: Mutex<HashMap<String, StoredRepeats>>,
    written: AtomicUsize,
    reused: AtomicUsize,
    ran: AtomicUsize,
    stress_reused: AtomicUsize,
}

/// How many runs a command made and how many it took from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RunCounts {
    /// Runs of candidates made.
    pub ran: usize,
    /// Runs whose remembered result was used instead.
    pub reused: usize,
    /// Stress passes whose remembered result was used instead of running them.
    pub stress_reused: usize,
}

/// A repeated run as the cache keeps it: its CPU and wall times (ms), or, as remembered
/// before wall times were kept, the CPU times alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum StoredRepeats {
    CpuOnly(Vec<u64>),
    Runs { cpu_ms: Vec<u64>, wall_ms: Vec<u64> },
}

/// A run remembered under its CPU limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Record {
    cpu_limit_ms: u64,
    wall_limit_ms: u64,
    ran_alone: bool,
    verdict: String,
    signal: Option<String>,
    detail: String,
    explanation: Vec<String>,
    cpu_ms: u64,
    wall_ms: u64,
    memory_kib: u64,
    exit_text: String,
    game: Option<usize>,
    /// How the run ended; `None` for a borderline test's decision ([`Decided`]), which is
    /// reused only under its own limits and so never judged again from its measurements.
    exit: Option<Exit>,
    limit_hit: Option<LimitHit>,
    /// The output validator's `score.txt` of an accepted run (scoring problems).
    #[serde(default)]
    score: Option<f64>,
    /// Its `score_multiplier.txt` (2025-09 scoring problems).
    #[serde(default)]
    score_multiplier: Option<f64>,
    /// A borderline test decided by its re-runs alone: how (the record's own measurements are
    /// the deciding re-run's). Reused only under the same limits.
    #[serde(default)]
    decided: Option<Decided>,
    /// A run within the borderline band of its own limit, or stopped at that limit, remembered
    /// as it came by a plan that makes no re-runs and does not measure past the limit (verify's
    /// pass under the safety margin, where the single run decides): under the same limits a
    /// plan that re-runs borderline tests measures it again. (Verify's pass beside the
    /// derivation, under the smallest limit's margin, has the very limits of a derived limit
    /// equal to that margin: trianglecontainment's 2 s.)
    #[serde(default)]
    near_limit: bool,
}

/// A borderline test's decision as the report shows it ([`Borderline`]), stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Decided {
    first_cpu_ms: u64,
    first_verdict: String,
    rerun_cpu_ms: Vec<u64>,
    median_cpu_ms: u64,
    fastest_cpu_ms: u64,
    spread_ms: u64,
}

/// The key of one test's runs for one candidate.
pub struct RunKey {
    hash: String,
}

/// The key of one stress pass of one candidate.
pub struct StressKey {
    hash: String,
}

/// What a stress pass found: the first failure's verdict, where and why, or `AC`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StressResult {
    /// The verdict's short name (`AC` when nothing failed).
    pub verdict: String,
    /// Where: `stress KIND seed N`, or what passed.
    pub source: String,
    /// Why, in one line.
    pub detail: String,
}

/// A remembered judgement of one test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remembered {
    /// The judgement under the limits asked for.
    pub result: TestResult,
    /// Whether the remembered run had no parallel neighbours.
    pub ran_alone: bool,
    /// How its re-runs decided it, for a borderline test.
    pub borderline: Option<Borderline>,
}

impl ResultCache {
    /// The cache under the build cache folder `cache_root`; with `fresh`, what was stored
    /// before is not read.
    pub fn open(cache_root: &Path, fresh: bool) -> ResultCache {
        ResultCache {
            entries: Some(CheckedCache::new(cache_root.join("results"), "run-result")),
            ..ResultCache::in_memory(fresh)
        }
    }

    /// A cache that stores nothing on disk: it only shares runs within this command.
    pub fn in_memory(fresh: bool) -> ResultCache {
        ResultCache {
            entries: None,
            fresh,
            session: Mutex::new(HashMap::new()),
            stress_session: Mutex::new(HashMap::new()),
            repeats_session: Mutex::new(HashMap::new()),
            written: AtomicUsize::new(0),
            reused: AtomicUsize::new(0),
            ran: AtomicUsize::new(0),
            stress_reused: AtomicUsize::new(0),
        }
    }

    /// The runs made and reused so far.
    pub fn counts(&self) -> RunCounts {
        RunCounts {
            ran: self.ran.load(Ordering::SeqCst),
            reused: self.reused.load(Ordering::SeqCst),
            stress_reused: self.stress_reused.load(Ordering::SeqCst),
        }
    }

    /// Counts a run that was made (remembered or not).
    pub fn count_run(&self) {
        self.ran.fetch_add(1, Ordering::SeqCst);
    }

    /// Counts `n` remembered judgements that were used (reported) instead of runs.
    pub fn count_reused(&self, n: usize) {
        self.reused.fetch_add(n, Ordering::SeqCst);
    }

    /// The key of `case` for the candidate built as `candidate` (its build hash) on the problem
    /// whose [`Problem::judging_identity`] is `problem_identity`, under `limits` (all but the
    /// CPU and wall limits, which each record carries).
    pub fn key(
        &self,
        candidate: &str,
        problem_identity: &str,
        case: &TestCase,
        limits: &RunLimits,
    ) -> RunKey {
        RunKey {
            hash: digest(&[
                b"run",
                candidate.as_bytes(),
                problem_identity.as_bytes(),
                case.input.as_bytes(),
                case.expected.text.as_bytes(),
                format!("{:?}", case.expected.checker_args).as_bytes(),
                &limits.memory_bytes.to_le_bytes(),
                &limits.output_bytes.to_le_bytes(),
            ]),
        }
    }

    /// The key of a stress pass of the candidate built as `candidate` over `seeds` of every
    /// one of `kinds`, on the problem whose judging and stress identities are given, under
    /// `limits` (all of them: a stress pass is remembered only under the same limits).
    pub fn stress_key(
        &self,
        candidate: &str,
        identities: (&str, &str),
        seeds: &[u64],
        kinds: &[String],
        limits: &RunLimits,
    ) -> StressKey {
        StressKey {
            hash: digest(&[
                b"stress",
                candidate.as_bytes(),
                identities.0.as_bytes(),
                identities.1.as_bytes(),
                format!("{seeds:?} {kinds:?} {limits:?}").as_bytes(),
            ]),
        }
    }

    /// The remembered result of the stress pass `key` names, counted as reused.
    pub fn recall_stress(&self, key: &StressKey) -> Option<StressResult> {
        let found = match lock(&self.stress_session).get(&key.hash) {
            Some(found) => Some(found.clone()),
            None if self.fresh => None,
            None => self
                .entries
                .as_ref()
                .and_then(|entries| entries.get(&key.hash))
                .and_then(|body| serde_json::from_slice(&body).ok()),
        }?;
        Verdict::from_name(&found.verdict)?;
        self.stress_reused.fetch_add(1, Ordering::SeqCst);
        Some(found)
    }

    /// Remembers the result of a stress pass, unless it is a time limit exceeded: whether a
    /// run near the limit passes depends on the machine, so such a pass is run again.
    pub fn remember_stress(&self, key: &StressKey, result: &StressResult) {
        if result.verdict == Verdict::TLE.name() {
            return;
        }
        lock(&self.stress_session).insert(key.hash.clone(), result.clone());
        if let (Some(entries), Ok(body)) = (&self.entries, serde_json::to_vec(result)) {
            self.store(entries, &key.hash, &body);
        }
    }

    /// Writes one entry, trimming the folder now and then.
    fn store(&self, entries: &CheckedCache, hash: &str, body: &[u8]) {
        if entries.put(hash, body)
            && self
                .written
                .fetch_add(1, Ordering::Relaxed)
                .is_multiple_of(TRIM_EVERY)
        {
            trim(entries.dir(), MAX_ENTRIES);
        }
    }

    /// A remembered judgement of the run `key` names that decides it under the nominal
    /// `limits` (see the module documentation); `None` to run it. The caller counts it with
    /// [`ResultCache::count_reused`] when it uses it.
    /// `rerunning`: the asking plan re-runs borderline tests, so a run remembered near its
    /// limit by a plan that does not ([`ResultCache::remember`]) does not decide it under the
    /// same limits.
    pub fn recall(
        &self,
        key: &RunKey,
        limits: &RunLimits,
        problem: &dyn Problem,
        case: &TestCase,
        rerunning: bool,
    ) -> Option<Remembered> {
        let records = self.records(key);
        (records.iter()).find_map(|r| decides(r, limits, problem, case, rerunning))
    }

    /// Remembers a run measured under the nominal `limits` and judged `result`. Call only for
    /// runs that were not borderline, or (`near_limit`) were borderline under a plan that makes
    /// no re-runs, so the single run is the decision.
    pub fn remember(
        &self,
        key: &RunKey,
        limits: &RunLimits,
        outcome: &RunOutcome,
        result: &TestResult,
        (ran_alone, near_limit): (bool, bool),
    ) {
        let mut record = record_of(limits, Some(outcome), result, ran_alone, None);
        record.near_limit = near_limit;
        self.keep(key, record);
    }

    /// Remembers a borderline test decided under the nominal `limits` by re-runs alone: the
    /// deciding re-run's `result`, and `borderline` (see the module documentation).
    pub fn remember_decided(
        &self,
        key: &RunKey,
        limits: &RunLimits,
        result: &TestResult,
        borderline: &Borderline,
    ) {
        let decided = Decided {
            first_cpu_ms: borderline.first_cpu_ms,
            first_verdict: borderline.first_verdict.name().to_string(),
            rerun_cpu_ms: borderline.rerun_cpu_ms.clone(),
            median_cpu_ms: borderline.median_cpu_ms,
            fastest_cpu_ms: borderline.fastest_cpu_ms,
            spread_ms: borderline.spread_ms,
        };
        let record = record_of(limits, None, result, true, Some(decided));
        self.keep(key, record);
    }

    /// Keeps `record` among `key`'s, replacing the one under the same CPU limit.
    fn keep(&self, key: &RunKey, record: Record) {
        let mut records = self.records(key);
        records.retain(|r| r.cpu_limit_ms != record.cpu_limit_ms);
        records.push(record);
        lock(&self.session).insert(key.hash.clone(), records.clone());
        let Some(entries) = &self.entries else {
            return;
        };
        if let Ok(body) = serde_json::to_vec(&records) {
            self.store(entries, &key.hash, &body);
        }
    }

    /// The runs of a run repeated to derive a time limit (every run, the first first),
    /// remembered by [`ResultCache::remember_repeats`]: a second derivation from the same
    /// build and test takes them instead of repeating the run again (and goes on from them
    /// when fewer were made). Runs remembered before wall times were kept come back without
    /// them.
    pub fn recall_repeats(&self, key: &RunKey) -> Option<Measured> {
        let hash = repeats_hash(key);
        let stored: StoredRepeats = match lock(&self.repeats_session).get(&hash) {
            Some(found) => found.clone(),
            None if self.fresh => return None,
            None => self
                .entries
                .as_ref()
                .and_then(|entries| entries.get(&hash))
                .and_then(|body| serde_json::from_slice(&body).ok())?,
        };
        let (cpu, wall) = match stored {
            StoredRepeats::CpuOnly(cpu) => (cpu, Vec::new()),
            StoredRepeats::Runs { cpu_ms, wall_ms } => (cpu_ms, wall_ms),
        };
        (!cpu.is_empty()).then(|| Measured {
            times: cpu.into_iter().map(Duration::from_millis).collect(),
            walls: wall.into_iter().map(Duration::from_millis).collect(),
        })
    }

    /// Remembers the runs of a repeated run (see [`ResultCache::recall_repeats`]).
    pub fn remember_repeats(&self, key: &RunKey, runs: &Measured) {
        let hash = repeats_hash(key);
        let stored = StoredRepeats::Runs {
            cpu_ms: runs.times.iter().map(|&t| millis(t)).collect(),
            wall_ms: runs.walls.iter().map(|&t| millis(t)).collect(),
        };
        lock(&self.repeats_session).insert(hash.clone(), stored.clone());
        if let (Some(entries), Ok(body)) = (&self.entries, serde_json::to_vec(&stored)) {
            self.store(entries, &hash, &body);
        }
    }

    /// Forgets the runs of `key` (a run the time-limit derivation found slowed by noise), so
    /// judging measures it again.
    pub fn forget(&self, key: &RunKey) {
        lock(&self.session).insert(key.hash.clone(), Vec::new());
        if let (Some(entries), Ok(body)) =
            (&self.entries, serde_json::to_vec(&Vec::<Record>::new()))
        {
            self.store(entries, &key.hash, &body);
        }
    }

    /// The records of `key`: this command's, else (unless fresh) the stored ones.
    fn records(&self, key: &RunKey) -> Vec<Record> {
        if let Some(records) = lock(&self.session).get(&key.hash) {
            return records.clone();
        }
        if self.fresh {
            return Vec::new();
        }
        self.entries
            .as_ref()
            .and_then(|entries| entries.get(&key.hash))
            .and_then(|body| serde_json::from_slice(&body).ok())
            .unwrap_or_default()
    }
}

/// The record of a run measured under the nominal `limits`.
fn record_of(
    limits: &RunLimits,
    outcome: Option<&RunOutcome>,
    result: &TestResult,
    ran_alone: bool,
    decided: Option<Decided>,
) -> Record {
    Record {
        cpu_limit_ms: millis(limits.cpu),
        wall_limit_ms: millis(limits.wall),
        ran_alone,
        verdict: result.verdict.name().to_string(),
        signal: result.signal.clone(),
        detail: result.detail.clone(),
        explanation: result.explanation.clone(),
        cpu_ms: result.cpu_ms,
        wall_ms: result.wall_ms,
        memory_kib: result.memory_kib,
        exit_text: result.exit.clone(),
        game: result.game,
        exit: outcome.map(|o| o.exit),
        limit_hit: outcome.and_then(|o| o.limit_hit),
        score: match result.score {
            Some(ValidatorScore::Score(v)) => Some(v),
            _ => None,
        },
        score_multiplier: match result.score {
            Some(ValidatorScore::Multiplier(v)) => Some(v),
            _ => None,
        },
        decided,
        near_limit: false,
    }
}

/// Where a run's repeats are kept: beside its records, under a key of their own.
fn repeats_hash(key: &RunKey) -> String {
    digest(&[b"repeats", key.hash.as_bytes()])
}

/// The judgement `record` gives under `limits`, if it decides a run under them; `rerunning`:
/// the asking plan re-runs borderline tests ([`ResultCache::recall`]).
fn decides(
    record: &Record,
    limits: &RunLimits,
    problem: &dyn Problem,
    case: &TestCase,
    rerunning: bool,
) -> Option<Remembered> {
    let verdict = Verdict::from_name(&record.verdict)?;
    let cpu_limit = millis(limits.cpu);
    let result = TestResult {
        verdict,
        signal: record.signal.clone(),
        detail: record.detail.clone(),
        explanation: record.explanation.clone(),
        cpu_ms: record.cpu_ms,
        wall_ms: record.wall_ms,
        memory_kib: record.memory_kib,
        exit: record.exit_text.clone(),
        game: record.game,
        score: record
            .score
            .map(ValidatorScore::Score)
            .or(record.score_multiplier.map(ValidatorScore::Multiplier)),
        // The finding is read again from the stderr lines the record keeps.
        sanitizer: (verdict == Verdict::RE)
            .then(|| crate::compare::sanitizer::finding(&record.explanation.join("\n")))
            .flatten(),
    };
    let remembered = |result| {
        Some(Remembered {
            result,
            ran_alone: record.ran_alone,
            borderline: None,
        })
    };
    let same_limits =
        record.cpu_limit_ms == cpu_limit && record.wall_limit_ms == millis(limits.wall);
    if let Some(decided) = &record.decided {
        if !same_limits {
            return None;
        }
        return Some(Remembered {
            borderline: Some(Borderline {
                limit_ms: cpu_limit,
                first_cpu_ms: decided.first_cpu_ms,
                first_verdict: Verdict::from_name(&decided.first_verdict)?,
                rerun_cpu_ms: decided.rerun_cpu_ms.clone(),
                median_cpu_ms: decided.median_cpu_ms,
                fastest_cpu_ms: decided.fastest_cpu_ms,
                spread_ms: decided.spread_ms,
                verdict,
            }),
            ..remembered(result)?
        });
    }
    if same_limits && record.near_limit && rerunning {
        return None;
    }
    if same_limits {
        return remembered(result);
    }
    if record.cpu_limit_ms < cpu_limit {
        return None;
    }
    if verdict == Verdict::TLE {
        // Over a looser limit is over this one: judge the stored measurements again so the
        // detail names this limit (a TLE is decided without the checker).
        let outcome = RunOutcome {
            exit: record.exit?,
            cpu: Duration::from_millis(record.cpu_ms),
            wall: Duration::from_millis(record.wall_ms),
            peak_memory_kib: record.memory_kib,
            limit_hit: record.limit_hit,
            stdout: Vec::new(),
            stderr_head: String::new(),
            collected: Vec::new(),
            report: Vec::new(),
        };
        let mut again = classify(&outcome, limits, problem, &case.input, &case.expected).ok()?;
        if again.verdict != Verdict::TLE {
            return None;
        }
        again.explanation = result.explanation;
        return remembered(again);
    }
    let clear = |used: u64, limit: u64| used * 100 < limit * u64::from(100 - BORDERLINE_PERCENT);
    let finished = record.limit_hit.is_none();
    let clearly_over = record.cpu_ms * 100 > cpu_limit * u64::from(100 + BORDERLINE_PERCENT);
    let memory_clear = record.memory_kib * 10 < limits.memory_bytes / 1024 * 9;
    if finished && clearly_over && memory_clear {
        // It ran to its end under the looser limit, clearly past this one: under this limit it
        // would have been stopped first. Judged again from its measurements (no output needed).
        let outcome = RunOutcome {
            exit: record.exit?,
            cpu: Duration::from_millis(record.cpu_ms),
            wall: Duration::from_millis(record.wall_ms),
            peak_memory_kib: record.memory_kib,
            limit_hit: None,
            stdout: Vec::new(),
            stderr_head: String::new(),
            collected: Vec::new(),
            report: Vec::new(),
        };
        let again = classify(&outcome, limits, problem, &case.input, &case.expected).ok()?;
        return (again.verdict == Verdict::TLE)
            .then_some(())
            .and_then(|()| remembered(again));
    }
    (finished && clear(record.cpu_ms, cpu_limit) && clear(record.wall_ms, millis(limits.wall)))
        .then_some(())
        .and_then(|()| remembered(result))
}

/// The hex SHA-256 of `fields` (length-prefixed) after the format version, this judge's
/// identity and the isolation runs get, which every key holds.
fn digest(fields: &[&[u8]]) -> String {
    let mut hasher = Sha256::new();
    let isolation = isolation_identity();
    let common = [
        VERSION.as_bytes(),
        judge_identity().as_bytes(),
        isolation.as_bytes(),
    ];
    for bytes in common.iter().chain(fields) {
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    hex_digest(hasher)
}

/// Deletes the oldest entries of `dir` until at most 80 % of `max_entries` remain, when it
/// holds more than `max_entries`.
fn trim(dir: &Path, max_entries: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            // A writer's temporary is not an entry (it is renamed or swept).
            if e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(crate::cache_entry::PARTIAL_PREFIX))
            {
                return None;
            }
            let modified = e.metadata().ok()?.modified().ok()?;
            Some((modified, e.path()))
        })
        .collect();
    if files.len() <= max_entries {
        return;
    }
    files.sort();
    let excess = files.len() - max_entries * 4 / 5;
    for (_, path) in files.into_iter().take(excess) {
        let _ = std::fs::remove_file(path);
    }
}

/// This executable's content hash: results of another build of stressjudge are not reused
/// (its checker or verdict rules may differ).
fn judge_identity() -> &'static str {
    static IDENTITY: OnceLock<String> = OnceLock::new();
    IDENTITY.get_or_init(|| {
        let mut hasher = Sha256::new();
        hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
        let exe = std::env::current_exe().and_then(std::fs::read);
        match exe {
            Ok(bytes) => hasher.update(&bytes),
            // Unreadable: a fresh identity, so nothing is shared with any earlier run.
            Err(_) => hasher.update(format!("{:?}", std::time::SystemTime::now()).as_bytes()),
        }
        hex_digest(hasher)
    })
}

/// The isolation runs get, as the report describes it.
fn isolation_identity() -> String {
    crate::run::process_isolation().map_or_else(|| "unconfigured".to_string(), |i| i.description)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_remembered_near_its_limit_without_re_runs_decides_only_for_a_plan_without_them() {
        let problem = crate::catalog::Catalog::builtin().problems()[0].clone();
        let case = problem.fixed_tests().unwrap().remove(0);
        let cache = ResultCache::in_memory(false);
        let margin = RunLimits::from_time_limit(Duration::from_secs(1), 1 << 28, 1 << 20);
        let key = cache.key("candidate", "problem", &case, &margin);
        let outcome = RunOutcome {
            exit: Exit::Code(0),
            cpu: Duration::from_millis(950),
            wall: Duration::from_millis(960),
            peak_memory_kib: 1000,
            limit_hit: None,
            stdout: Vec::new(),
            stderr_head: String::new(),
            collected: Vec::new(),
            report: Vec::new(),
        };
        let result = TestResult {
            verdict: Verdict::AC,
            signal: None,
            detail: String::new(),
            explanation: Vec::new(),
            cpu_ms: 950,
            wall_ms: 960,
            memory_kib: 1000,
            exit: "exit code 0".into(),
            game: None,
            score: None,
            sanitizer: None,
        };
        cache.remember(&key, &margin, &outcome, &result, (false, true));
        let recall = |limits: &RunLimits, rerunning| {
            (cache.recall(&key, limits, problem.as_ref(), &case, rerunning))
                .map(|r| r.result.verdict)
        };
        // Verify's margin pass, which makes no re-runs, takes it back.
        assert_eq!(recall(&margin, false), Some(Verdict::AC));
        // A plan that re-runs borderline tests measures it again under the same limits.
        assert_eq!(recall(&margin, true), None);
        // Under half the limit it is clearly over, re-runs or not.
        let tight = RunLimits::from_time_limit(Duration::from_millis(500), 1 << 28, 1 << 20);
        assert_eq!(recall(&tight, true), Some(Verdict::TLE));
    }

    #[test]
    fn repeats_remembered_before_wall_times_were_kept_still_read() {
        let old: StoredRepeats = serde_json::from_str("[1250, 300, 310]").unwrap();
        assert_eq!(old, StoredRepeats::CpuOnly(vec![1250, 300, 310]));
        let new = StoredRepeats::Runs {
            cpu_ms: vec![700, 760],
            wall_ms: vec![1000, 1001],
        };
        let text = serde_json::to_string(&new).unwrap();
        assert_eq!(serde_json::from_str::<StoredRepeats>(&text).unwrap(), new);
    }
}
