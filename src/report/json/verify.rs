//! The `verify` report's shape, with the time-limit derivation and the timing noise it
//! embeds (the latter shared with `doctor`).

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

use crate::judge::grade_polygon::Score;
use crate::judge::repeats::KeptBecause;
use crate::problem::ValidatorScore;
use crate::programs::tool_checks::ToolChecks;
use crate::report::derivation::LimitDerivation;
use crate::report::shard::ShardInfo;
use crate::report::verify::NOT_RUN;
use crate::report::{RowScore, RowStatus, VerifiedProblem, VerifyReport, VerifyRow};
use crate::run::calibration::Calibration;
use crate::run::Isolation;
use crate::testset::results::calibration_history::{CalibrationHistory, WorkloadHistory};
use crate::units::millis;

/// A verdict name, or one of the extra words a verify row or test uses.
fn verdict_or(extra: &[&str]) -> Schema {
    let mut names: Vec<&str> = super::VERDICTS.iter().map(|v| v.name()).collect();
    names.extend_from_slice(extra);
    json_schema!({"type": "string", "enum": names})
}

fn got_schema(_: &mut SchemaGenerator) -> Schema {
    verdict_or(&["skipped", "error"])
}

fn test_verdict_schema(_: &mut SchemaGenerator) -> Schema {
    verdict_or(&[NOT_RUN])
}

fn status_schema(_: &mut SchemaGenerator) -> Schema {
    let names: Vec<&str> = RowStatus::ALL.iter().map(|s| s.name()).collect();
    json_schema!({"type": "string", "enum": names})
}

/// `verify --json`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct VerifyJson {
    /// Whether every solution got its expected verdict.
    #[serde(default)]
    pub ok: bool,
    /// Each problem verified.
    pub problems: Vec<VerifyProblemJson>,
    /// Each solution, in order.
    pub solutions: Vec<VerifySolutionJson>,
    /// Notes on the whole run.
    pub notes: Vec<String>,
    /// Wall-clock time of the whole run.
    pub elapsed_ms: u64,
    /// The sandbox the runs had.
    pub isolation: Option<Isolation>,
    /// Candidate runs made.
    pub runs_made: usize,
    /// Runs whose result was reused from the results cache.
    pub runs_reused: usize,
    /// Stress passes reused from the cache.
    pub stress_passes_reused: usize,
    /// Why the run stopped before every solution was judged (empty when it did not).
    pub incomplete: Vec<String>,
    /// This machine's timing noise, when it was measured.
    pub timing_noise: Option<NoiseJson>,
    /// Which shard of a split verify this is (`verify --shard`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardInfo>,
    /// The checks of each package's own tools (validators, checkers, generators), a section
    /// per tool; empty for built-in problems and with `--no-tool-checks`.
    #[serde(default)]
    pub tool_checks: Vec<ToolChecks>,
    /// `--mutants`: each problem's tests measured by its reference's mutants (as `mutants`
    /// reports them); absent without `--mutants`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mutants: Vec<super::VerifyMutantsJson>,
}

/// One problem of a `verify` run.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct VerifyProblemJson {
    /// Problem id or folder.
    pub problem: String,
    /// Its title.
    pub title: String,
    /// Its time limit.
    pub time_limit_ms: u64,
    /// Its memory limit.
    pub memory_limit_bytes: u64,
    /// Notes on how it was read.
    pub notes: Vec<String>,
    /// How the time limit was derived, when it was.
    pub time_limit_derivation: Option<DerivationJson>,
}

/// One solution of a `verify` run.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct VerifySolutionJson {
    /// Problem id or folder.
    pub problem: String,
    /// The solution's path.
    pub path: String,
    /// The solution as the table shows it (relative to its problem's submissions folder).
    #[serde(default)]
    pub shown: String,
    /// The expected verdict(s), as the folder names them.
    pub expected: String,
    /// The folder it was filed under.
    pub category: Option<String>,
    /// The verdict it got, `skipped`, or `error`.
    #[schemars(schema_with = "got_schema")]
    pub got: String,
    /// Whether it got what was expected (a skipped solution is ok).
    #[serde(default)]
    pub ok: bool,
    /// `ok`, `mismatch`, `skipped`, ...
    #[schemars(schema_with = "status_schema")]
    pub status: String,
    /// Why it was skipped.
    pub skipped: Option<String>,
    /// Where its verdict came from.
    pub source: String,
    /// One line on the result.
    pub detail: String,
    /// Its slowest test's CPU time.
    pub slowest_cpu_ms: u64,
    /// Wall-clock time spent on it.
    pub elapsed_ms: u64,
    /// Warnings about it.
    pub warnings: Vec<String>,
    /// The time limit it ran under.
    pub time_limit_ms: u64,
    /// What a stress run against the reference found.
    pub stress: Option<StressVerdictJson>,
    /// Each test: the ones run, then the ones not run.
    pub tests: Vec<VerifyTestJson>,
    /// Tests its expectation says it must fail and it passed (or the reverse).
    pub broken: Vec<String>,
    /// Where its expectation was read.
    pub expectation_source: Option<String>,
    /// Its score under the package's grading rules.
    pub score: Option<RowScoreJson>,
    /// Tests not run (the verdict was decided before them).
    #[serde(default)]
    pub tests_not_run: usize,
    /// Tests whose result was reused from the cache.
    pub tests_reused: usize,
    /// Whether its stress pass was reused from the cache.
    pub stress_reused: bool,
    /// Its points on a Polygon testset with points (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<PointsJson>,
    /// A Python submission that broke its promise, judged again under the other Python 3
    /// interpreter: whether the promise holds there (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other_python: Option<OtherPythonJson>,
}

/// A stress pass of one solution.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StressVerdictJson {
    /// Its verdict.
    #[schemars(schema_with = "super::verdict_schema")]
    pub verdict: crate::judge::Verdict,
    /// Where its inputs came from.
    pub source: String,
}

/// One test of one solution.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct VerifyTestJson {
    /// Test name.
    pub name: String,
    /// Its verdict, or `not run`.
    #[schemars(schema_with = "test_verdict_schema")]
    pub verdict: String,
    /// The verdict with its signal, or `not run`.
    pub label: String,
    /// CPU time (`null` when not run).
    pub cpu_ms: Option<u64>,
    /// Wall-clock time (`null` when not run).
    pub wall_ms: Option<u64>,
    /// Peak memory (`null` when not run).
    pub memory_kib: Option<u64>,
    /// What went wrong, or why it was not run.
    pub detail: String,
    /// Whether it was run.
    #[serde(default)]
    pub run: bool,
    /// The test's score, when it has one (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// A score under the package's grading rules.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RowScoreJson {
    /// Points earned.
    pub score: f64,
    /// Points available, when bounded.
    pub max: Option<f64>,
    /// The graded verdict.
    pub verdict: Option<String>,
    /// Per group.
    pub groups: Vec<GroupScoreJson>,
    /// Grading rules that could not be applied.
    pub errors: Vec<String>,
}

/// A Python submission judged again under the other Python 3 interpreter.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OtherPythonJson {
    /// The interpreter: `CPython 3.11.7 (/usr/bin/python3)`.
    pub interpreter: String,
    /// Whether the promise holds under it.
    pub holds: bool,
    /// Its verdict there (`null` when it was skipped).
    pub got: Option<String>,
    /// Its slowest test's CPU time there.
    pub slowest_cpu_ms: u64,
}

/// One group's score.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GroupScoreJson {
    /// Group name.
    pub name: String,
    /// Points earned.
    pub score: f64,
    /// Points available, when bounded.
    pub max: Option<f64>,
}

/// Points on a Polygon testset.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PointsJson {
    /// Points earned.
    pub earned: f64,
    /// Points available.
    pub max: f64,
    /// Per group.
    pub groups: Vec<GroupPointsJson>,
}

/// One Polygon group's points.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GroupPointsJson {
    /// Group name.
    pub group: String,
    /// Points earned.
    pub earned: f64,
    /// Points available.
    pub max: f64,
    /// Whether every test of the group passed.
    pub complete: bool,
}

/// This machine's timing noise: the calibration workload's runs.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct NoiseJson {
    /// Relative spread of the runs.
    #[serde(default)]
    pub noise: f64,
    /// Each run's time.
    pub runs_us: Vec<u64>,
}

/// How a time limit was derived from the accepted submissions.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DerivationJson {
    /// The limit derived.
    pub limit_ms: u64,
    /// The limit this derivation's own runs give (differs from `limit_ms` when an earlier
    /// derivation's limit was kept).
    #[serde(default)]
    pub own_limit_ms: Option<u64>,
    /// The limit an earlier derivation of the same package state set, when one is remembered.
    #[serde(default)]
    pub earlier: Option<EarlierLimitJson>,
    /// Whether `limit_ms` is the earlier derivation's, kept because this one's runs are
    /// sensitive and give it too within their band.
    #[serde(default)]
    pub kept_earlier: bool,
    /// The slowest accepted submission.
    pub submission: String,
    /// Its slowest test.
    pub test: String,
    /// Always `minimum`: the statistic of the repeats that decides.
    #[serde(default)]
    pub statistic: String,
    /// The deciding test's repeated times.
    pub times_ms: Vec<u64>,
    /// The wall time of each of `times_ms` (empty when they were remembered without it).
    #[serde(default)]
    pub walls_ms: Vec<u64>,
    /// The time that decided (the fastest of `times_ms`).
    pub deciding_ms: u64,
    /// Set when the deciding run had less than 90 % of a core: the machine was busy or the
    /// program waits for the clock, so the limit can move with the load (`unreliable` is then
    /// set).
    #[serde(default)]
    pub waited: Option<WaitedJson>,
    /// Runs repeated.
    pub repeated_runs: usize,
    /// Runs left single.
    pub single_runs: usize,
    /// Repeats reused from the cache.
    pub repeats_reused: usize,
    /// Whether repeating gave up (too noisy).
    pub gave_up: bool,
    /// The timing noise measured.
    pub noise: f64,
    /// Whether a verdict would change within the noise.
    #[serde(default)]
    pub sensitive: bool,
    /// The limit at the bounds of `sensitivity_band`.
    pub noise_limits_ms: [u64; 2],
    /// The relative band the limit is checked within: the widest of `noise`, the deciding
    /// run's own spread and 10 %, as for a verdict.
    #[serde(default)]
    pub sensitivity_band: f64,
    /// Machine speed readings.
    pub speed: Vec<SpeedJson>,
    /// Relative change of machine speed during the derivation.
    pub drift: f64,
    /// Whether the drift exceeded its floor.
    #[serde(default)]
    pub drifted: bool,
    /// Whether the limit should not be trusted.
    #[serde(default)]
    pub unreliable: bool,
    /// The limit at the drift's bounds.
    pub drift_limits_ms: [u64; 2],
    /// Time the derivation took.
    pub elapsed_ms: u64,
    /// The factor from the slowest accepted time to the limit (problem.yaml's
    /// `ac_to_time_limit`, or the format's default).
    #[serde(default = "default_ac_to_time_limit")]
    pub ac_to_time_limit: f64,
    /// The step the limit is rounded up to, in seconds (`time_resolution`).
    #[serde(default = "default_time_resolution")]
    pub time_resolution: f64,
    /// The submission whose probe ran longest in wall time, when one ran.
    pub longest_probe: Option<LongestProbeJson>,
    /// The memory workloads' own timing noise at the `before` reading (issue 45).
    #[serde(default)]
    pub memory_noise: f64,
    /// Relative change of the memory workloads' speed during the derivation (the larger of
    /// latency and bandwidth).
    #[serde(default)]
    pub memory_drift: f64,
    /// Whether `memory_drift` exceeded its floor (the larger of `memory_noise` and 5 %).
    #[serde(default)]
    pub memory_drifted: bool,
    /// Each run of the deciding test made alone here, with the memory-latency reading taken
    /// right before it.
    #[serde(default)]
    pub memory_beside: Vec<MemoryBesideJson>,
    /// When those runs moved with the memory readings (correlation at least 0.6, runs spread
    /// past 5 %): the correlation.
    #[serde(default)]
    pub moves_with_memory: Option<f64>,
    /// Why a limit below `own_limit_ms` was kept: `band` (the earlier limit lies within this
    /// derivation's band) or `fits` (every accepted run here fits under it with the package's
    /// safety margin); absent when none was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept_because: Option<String>,
    /// The package's safety margin the runs were checked with, when `kept_because` is `fits`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safety_margin: Option<f64>,
    /// The deciding time the fastest runs seen on this machine give, when below this
    /// derivation's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence_deciding_ms: Option<u64>,
    /// An earlier derivation of the same package content and builds on this machine that set
    /// another limit (the newest such): `unreliable` is then set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub differs_from: Option<EarlierLimitJson>,
    /// When the deciding times straddled a step of the rule and the test ran alone more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settling: Option<SettlingJson>,
    /// The calibration history this machine kept before this derivation (its machine
    /// profile), when it kept any; `speed`'s first reading is where it is now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration_history: Option<CalibrationHistoryJson>,
}

/// The calibration readings a machine kept (its machine profile, issue 45), summarized.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CalibrationHistoryJson {
    /// Readings kept.
    pub readings: usize,
    /// When the oldest was taken, seconds since the epoch.
    pub first_unix_s: u64,
    /// When the newest was taken, seconds since the epoch.
    pub last_unix_s: u64,
    /// The integer workload's medians.
    pub integer: WorkloadHistoryJson,
    /// The memory-latency workload's medians, when any reading had it.
    #[serde(default)]
    pub memory_latency: Option<WorkloadHistoryJson>,
    /// The memory-bandwidth workload's medians, when any reading had it.
    #[serde(default)]
    pub memory_bandwidth: Option<WorkloadHistoryJson>,
}

/// One workload's medians over a calibration history.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct WorkloadHistoryJson {
    /// Readings of it.
    pub readings: usize,
    /// The fastest median.
    pub fastest_us: u64,
    /// The median of the medians.
    pub median_us: u64,
    /// The slowest median.
    pub slowest_us: u64,
    /// Slowest over fastest, less one.
    pub spread: f64,
}

impl From<&CalibrationHistory> for CalibrationHistoryJson {
    fn from(h: &CalibrationHistory) -> Self {
        let workload = |w: &WorkloadHistory| WorkloadHistoryJson {
            readings: w.readings,
            fastest_us: w.fastest_us,
            median_us: w.median_us,
            slowest_us: w.slowest_us,
            spread: w.spread(),
        };
        CalibrationHistoryJson {
            readings: h.readings,
            first_unix_s: h.first_unix_s,
            last_unix_s: h.last_unix_s,
            integer: workload(&h.integer),
            memory_latency: h.latency.as_ref().map(workload),
            memory_bandwidth: h.bandwidth.as_ref().map(workload),
        }
    }
}

impl From<&CalibrationHistoryJson> for CalibrationHistory {
    fn from(h: &CalibrationHistoryJson) -> Self {
        let workload = |w: &WorkloadHistoryJson| WorkloadHistory {
            readings: w.readings,
            fastest_us: w.fastest_us,
            median_us: w.median_us,
            slowest_us: w.slowest_us,
        };
        CalibrationHistory {
            readings: h.readings,
            first_unix_s: h.first_unix_s,
            last_unix_s: h.last_unix_s,
            integer: workload(&h.integer),
            latency: h.memory_latency.as_ref().map(workload),
            bandwidth: h.memory_bandwidth.as_ref().map(workload),
        }
    }
}

/// The runs that settled a deciding test whose times straddled a step of the rule.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SettlingJson {
    /// How many of `times_ms` came before (the rest are the settling runs).
    pub runs_before: usize,
    /// The two limits the straddling times gave, lower first.
    pub limits_ms: [u64; 2],
    /// The longest deciding time that gets the lower limit.
    pub step_ms: u64,
}

/// One run of the deciding test alone and the memory-latency reading beside it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MemoryBesideJson {
    /// The run's CPU time.
    pub cpu_ms: u64,
    /// The memory-latency workload's time right before it.
    pub latency_us: u64,
}

/// `ac_to_time_limit` of a report written before it was (the Kattis default).
fn default_ac_to_time_limit() -> f64 {
    2.0
}

/// `time_resolution` of a report written before it was (one second).
fn default_time_resolution() -> f64 {
    1.0
}

/// A limit an earlier derivation of the same package state set.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct EarlierLimitJson {
    /// The limit it set.
    pub limit_ms: u64,
    /// The slowest accepted run's deciding time then.
    pub deciding_ms: u64,
    /// When it was measured, seconds since the epoch (issue 45; absent when not known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured_unix_s: Option<u64>,
}

/// A deciding run that had less than 90 % of a core.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct WaitedJson {
    /// Its CPU time over its wall time.
    pub cpu_share: f64,
    /// Its wall time.
    pub wall_ms: u64,
}

/// The probe of the derivation that took the longest.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LongestProbeJson {
    /// The submission.
    pub submission: String,
    /// Its wall time.
    pub wall_ms: u64,
}

/// One machine speed reading.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SpeedJson {
    /// When it was taken.
    pub when: String,
    /// The calibration workload's median time.
    pub median_us: u64,
    /// The memory-latency workload's median time, when it was read (issue 45).
    #[serde(default)]
    pub latency_median_us: Option<u64>,
    /// The memory-bandwidth workload's median time, when it was read (issue 45).
    #[serde(default)]
    pub bandwidth_median_us: Option<u64>,
}

impl From<&Calibration> for NoiseJson {
    fn from(c: &Calibration) -> Self {
        NoiseJson {
            noise: c.noise(),
            runs_us: c.times.iter().map(|t| t.as_micros() as u64).collect(),
        }
    }
}

impl From<&Score> for PointsJson {
    fn from(score: &Score) -> Self {
        PointsJson {
            earned: score.points,
            max: score.max,
            groups: score
                .groups
                .iter()
                .map(|g| GroupPointsJson {
                    group: g.name.clone(),
                    earned: g.points,
                    max: g.max,
                    complete: g.complete,
                })
                .collect(),
        }
    }
}

impl From<&LimitDerivation> for DerivationJson {
    fn from(d: &LimitDerivation) -> Self {
        DerivationJson {
            limit_ms: millis(d.limit),
            own_limit_ms: Some(millis(d.own_limit)),
            earlier: d.earlier.map(|e| EarlierLimitJson {
                limit_ms: millis(e.limit),
                deciding_ms: millis(e.deciding),
                measured_unix_s: (e.measured_unix_s > 0).then_some(e.measured_unix_s),
            }),
            kept_earlier: d.kept_earlier(),
            submission: d.submission.clone(),
            test: d.test.clone(),
            statistic: "minimum".to_string(),
            times_ms: d.times.iter().map(|&t| millis(t)).collect(),
            walls_ms: d.walls.iter().map(|&t| millis(t)).collect(),
            deciding_ms: millis(d.deciding),
            waited: d.waited.map(|(cpu_share, wall)| WaitedJson {
                cpu_share,
                wall_ms: millis(wall),
            }),
            repeated_runs: d.repeated_runs,
            single_runs: d.single_runs,
            repeats_reused: d.repeats_reused,
            gave_up: d.gave_up,
            noise: d.noise,
            sensitive: d.sensitive(),
            noise_limits_ms: [millis(d.noise_limits.0), millis(d.noise_limits.1)],
            sensitivity_band: d.band,
            speed: d
                .speed
                .iter()
                .map(|s| SpeedJson {
                    when: s.when.to_string(),
                    median_us: s.median.as_micros() as u64,
                    latency_median_us: s.latency.map(|d| d.as_micros() as u64),
                    bandwidth_median_us: s.bandwidth.map(|d| d.as_micros() as u64),
                })
                .collect(),
            drift: d.drift,
            drifted: d.drifted(),
            unreliable: d.unreliable() || d.gave_up,
            drift_limits_ms: [millis(d.drift_limits.0), millis(d.drift_limits.1)],
            elapsed_ms: millis(d.elapsed),
            ac_to_time_limit: d.ac_to_time_limit,
            time_resolution: d.time_resolution,
            longest_probe: d
                .longest_probe
                .as_ref()
                .map(|(submission, wall)| LongestProbeJson {
                    submission: submission.clone(),
                    wall_ms: millis(*wall),
                }),
            memory_noise: d.memory.noise,
            memory_drift: d.memory.drift,
            memory_drifted: d.memory_drifted(),
            memory_beside: (d.memory.beside.iter())
                .map(|&(cpu, latency)| MemoryBesideJson {
                    cpu_ms: millis(cpu),
                    latency_us: latency.as_micros() as u64,
                })
                .collect(),
            moves_with_memory: d.memory.moves_with_memory(),
            kept_because: (d.kept_earlier())
                .then_some(d.kept)
                .flatten()
                .map(|k| match k {
                    KeptBecause::Band => "band".to_string(),
                    KeptBecause::Fits { .. } => "fits".to_string(),
                }),
            safety_margin: match d.kept {
                Some(KeptBecause::Fits { margin, .. }) if d.kept_earlier() => Some(margin),
                _ => None,
            },
            evidence_deciding_ms: d.evidence_deciding.map(millis),
            differs_from: d.differs.map(|e| EarlierLimitJson {
                limit_ms: millis(e.limit),
                deciding_ms: millis(e.deciding),
                measured_unix_s: (e.measured_unix_s > 0).then_some(e.measured_unix_s),
            }),
            settling: d.settling.map(|s| SettlingJson {
                runs_before: s.runs_before,
                limits_ms: [millis(s.limits.0), millis(s.limits.1)],
                step_ms: millis(s.step),
            }),
            calibration_history: d.history.as_ref().map(CalibrationHistoryJson::from),
        }
    }
}

impl From<&VerifiedProblem> for VerifyProblemJson {
    fn from(p: &VerifiedProblem) -> Self {
        VerifyProblemJson {
            problem: p.id.clone(),
            title: p.title.clone(),
            time_limit_ms: millis(p.time_limit),
            memory_limit_bytes: p.memory_limit_bytes,
            notes: p.notes.clone(),
            time_limit_derivation: p.derivation.as_ref().map(DerivationJson::from),
        }
    }
}

impl From<&VerifyReport> for VerifyJson {
    fn from(r: &VerifyReport) -> Self {
        VerifyJson {
            ok: r.ok(),
            problems: r.problems.iter().map(VerifyProblemJson::from).collect(),
            solutions: r.rows.iter().map(VerifySolutionJson::from).collect(),
            notes: r.notes.clone(),
            elapsed_ms: millis(r.elapsed),
            isolation: r.isolation.clone(),
            runs_made: r.runs.ran,
            runs_reused: r.runs.reused,
            stress_passes_reused: r.runs.stress_reused,
            incomplete: r.incomplete.clone(),
            timing_noise: r.calibration.as_ref().map(NoiseJson::from),
            shard: r.shard.clone(),
            tool_checks: r.tool_checks.clone(),
            mutants: r.mutants.clone(),
        }
    }
}

impl From<&VerifyRow> for VerifySolutionJson {
    fn from(row: &VerifyRow) -> Self {
        let mut tests: Vec<VerifyTestJson> = row
            .tests
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let graded = row
                    .score
                    .as_ref()
                    .and_then(|s| s.tests.get(i).copied().flatten());
                // Without grading rules, the points a testlib checker gave.
                let score = graded.or(match (&row.score, t.result.score) {
                    (None, Some(ValidatorScore::Score(points))) => Some(points),
                    _ => None,
                });
                VerifyTestJson {
                    name: t.name.clone(),
                    verdict: t.result.verdict.name().to_string(),
                    label: t.result.label(),
                    cpu_ms: Some(t.result.cpu_ms),
                    wall_ms: Some(t.result.wall_ms),
                    memory_kib: Some(t.result.memory_kib),
                    detail: t.result.detail.clone(),
                    run: true,
                    score,
                }
            })
            .collect();
        let not_run = row.not_run_reason();
        tests.extend(row.not_run.iter().map(|name| VerifyTestJson {
            name: name.clone(),
            verdict: NOT_RUN.to_string(),
            label: NOT_RUN.to_string(),
            cpu_ms: None,
            wall_ms: None,
            memory_kib: None,
            detail: not_run.clone(),
            run: false,
            score: None,
        }));
        VerifySolutionJson {
            problem: row.problem.clone(),
            path: row.path.clone(),
            shown: row.shown.clone(),
            expected: row.expected.clone(),
            category: row.category.clone(),
            got: match (row.status, row.got) {
                (RowStatus::Skipped, _) => "skipped",
                (_, Some(v)) => v.name(),
                (_, None) => "error",
            }
            .to_string(),
            ok: row.status != RowStatus::Mismatch,
            status: row.status.name().to_string(),
            skipped: (row.status == RowStatus::Skipped).then(|| row.detail.clone()),
            source: row.source.clone(),
            detail: row.detail.clone(),
            slowest_cpu_ms: millis(row.slowest),
            elapsed_ms: millis(row.elapsed),
            warnings: row.warnings.clone(),
            time_limit_ms: millis(row.time_limit),
            stress: row.stress.as_ref().map(|(v, source)| StressVerdictJson {
                verdict: *v,
                source: source.clone(),
            }),
            tests,
            broken: row.broken.clone(),
            expectation_source: row.expectation_source.clone(),
            score: row.score.as_ref().map(RowScoreJson::from),
            tests_not_run: row.not_run.len(),
            tests_reused: row.tests_reused,
            stress_reused: row.stress_reused,
            points: row.points.as_ref().map(PointsJson::from),
            other_python: row.other_python.as_ref().map(|o| OtherPythonJson {
                interpreter: o.interpreter.clone(),
                holds: o.holds,
                got: o.got.map(|v| v.name().to_string()),
                slowest_cpu_ms: millis(o.slowest),
            }),
        }
    }
}

impl From<&RowScore> for RowScoreJson {
    fn from(s: &RowScore) -> Self {
        RowScoreJson {
            score: s.score,
            max: s.max,
            verdict: s.verdict.clone(),
            groups: (s.groups.iter())
                .map(|(name, score, max)| GroupScoreJson {
                    name: name.clone(),
                    score: *score,
                    max: *max,
                })
                .collect(),
            errors: s.errors.clone(),
        }
    }
}
