//! A problem folder without a time limit gets one the way problemtools sets it: the slowest
//! accepted submission's CPU time on any test, times `ac_to_time_limit` (legacy
//! `time_multiplier`), rounded up to the time resolution ([`TimeLimitRule::time_limit`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::common::{build_submission, fault_error};
use crate::build::BuildError;
use crate::compare::seconds;
use crate::error::UsageError;
use crate::external::folder::Folder;
use crate::options::{CandidateOptions, CandidateSource, IsolationChoice};
use crate::problem::package::{FormatVersion, Submission, TimeLimitRule};
use crate::problem::{Problem, TestCase};
use crate::testset::gate::Gate;
use crate::testset::results::ResultCache;
use crate::testset::{run_test_set_with, Judging, Memo, Plan, SandboxExecutor, Unobserved};

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
pub fn settle(
    folder: &mut Folder,
    jobs: usize,
    isolation: IsolationChoice,
) -> Result<(), UsageError> {
    settle_remembering(folder, jobs, isolation, &ResultCache::in_memory(false))
}

/// [`settle`], remembering the accepted submissions' runs in `results` (and reusing the ones
/// remembered there), so `verify` does not run them again to judge them.
pub fn settle_remembering(
    folder: &mut Folder,
    jobs: usize,
    isolation: IsolationChoice,
    results: &ResultCache,
) -> Result<(), UsageError> {
    let derived = derive_remembering(folder, jobs, isolation, results, None)?;
    apply(folder, derived);
    Ok(())
}

/// Work that runs beside the time-limit derivation, given the fixed tests the derivation read,
/// taking its cores from the derivation's gate and told whether the derivation still goes on
/// (so it starts nothing new after):
/// verify judges the submissions that must exceed the limit there (building them itself:
/// the derivation's own prebuilding then leaves them out).
pub type Beside<'a> = dyn Fn(&Gate, &[TestCase], &dyn Fn() -> bool) + Sync + 'a;

/// The limit [`settle_remembering`] would set and the note that says where it came from,
/// `None` when `folder` has a limit; `beside` runs at the same time, on the same gate.
pub fn derive_remembering(
    folder: &Folder,
    jobs: usize,
    isolation: IsolationChoice,
    results: &ResultCache,
    beside: Option<&Beside<'_>>,
) -> Result<Option<(Duration, String)>, UsageError> {
    let Some(rule) = folder.time_limit_rule else {
        return Ok(None);
    };
    let slowest = slowest_accepted(folder, jobs, isolation, results, beside)?;
    let limit = rule.time_limit(slowest.cpu);
    Ok(Some((limit, note(&rule, &slowest, limit))))
}

/// Sets the limit [`derive_remembering`] found (nothing when it found none).
pub fn apply(folder: &mut Folder, derived: Option<(Duration, String)>) {
    if let Some((limit, note)) = derived {
        folder.problem.set_time_limit(limit, note);
        folder.time_limit_rule = None;
    }
}

/// What the report says about a derived limit.
fn note(rule: &TimeLimitRule, slowest: &Slowest, limit: Duration) -> String {
    format!(
        "no time limit in problem.yaml: {} from the slowest accepted submission ({} on {}, \
         {}) x {} rounded up to a multiple of {} s, as problemtools sets it",
        seconds(limit),
        slowest.submission,
        slowest.test,
        seconds(slowest.cpu),
        rule.ac_to_time_limit,
        rule.time_resolution
    )
}

fn slowest_accepted(
    folder: &Folder,
    jobs: usize,
    isolation: IsolationChoice,
    results: &ResultCache,
    beside: Option<&Beside<'_>>,
) -> Result<Slowest, UsageError> {
    let problem: &dyn Problem = &folder.problem;
    let cases = problem
        .fixed_tests()
        .map_err(|f| fault_error(crate::error::Fault::judge(f, "", None), None))?;
    // 2025-09 "Timelimit inference": every submission with a rule that permits no TLE (or says
    // `use_for_time_limit: lower`) bounds the limit from below, on the tests that rule covers;
    // `use_for_time_limit: false` opts out. Legacy packages use the accepted ones only, as
    // problemtools does.
    let accepted: Vec<_> = folder
        .submissions
        .iter()
        .filter(|s| bounds_the_limit(folder, s))
        .collect();
    // The accepted submissions are built and run side by side, the gate keeping each run the
    // timing policy wants alone alone; their times are merged in submission order.
    let gate = Gate::new(jobs);
    let probe = Probe {
        problem,
        cases: &cases,
        jobs,
        isolation,
        results,
        gate: &gate,
    };
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<Option<Result<ProbeTimes, UsageError>>>> =
        Mutex::new(accepted.iter().map(|_| None).collect());
    let workers = jobs.min(accepted.len()).max(1);
    let probing = AtomicUsize::new(workers);
    let mut later = later_submissions(folder, &accepted);
    if beside.is_some() {
        // `beside` builds those it judges itself, first thing.
        later.retain(|s| !s.expected.must_exceed_time_limit());
    }
    let probing_goes_on = || probing.load(Ordering::SeqCst) > 0;
    std::thread::scope(|scope| {
        scope.spawn(|| prebuild(&later, &probing_goes_on, Some(&gate)));
        if let Some(beside) = beside {
            scope.spawn(|| beside(&gate, &cases, &probing_goes_on));
        }
        for _ in 0..workers {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(submission) = accepted.get(k) else {
                    probing.fetch_sub(1, Ordering::SeqCst);
                    return;
                };
                let times = probe.times(submission);
                let failed = times.is_err();
                found.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(times);
                if failed {
                    next.store(accepted.len(), Ordering::SeqCst);
                }
            });
        }
    });
    let mut slowest: Option<Slowest> = None;
    let found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    for (submission, times) in accepted.iter().zip(found) {
        let name = submission.program.path.display().to_string();
        for (test, cpu) in times.transpose()?.flatten().unwrap_or_default() {
            if slowest.as_ref().is_none_or(|s| cpu > s.cpu) {
                slowest = Some(Slowest {
                    submission: name.clone(),
                    test,
                    cpu,
                });
            }
        }
    }
    slowest.ok_or_else(|| {
        UsageError::new(format!(
            "{}: no time_limit in problem.yaml and no accepted submission that passes every test \
             here to derive one from (set limits.time_limit in problem.yaml; judge, stress and repro \
             also take --time-limit)",
            problem.info().id
        ))
    })
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

/// Whether `submission`'s times bound a derived time limit from below.
fn bounds_the_limit(folder: &Folder, submission: &Submission) -> bool {
    let legacy = folder.format == FormatVersion::Legacy;
    submission.expected.lower_bound_rules().next().is_some()
        && (!legacy || submission.is_accepted())
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

/// Each test's CPU time of one accepted submission, `None` when it is left out.
type ProbeTimes = Option<Vec<(String, Duration)>>;

/// What running one accepted submission for the time limit needs.
struct Probe<'a> {
    problem: &'a dyn Problem,
    cases: &'a [crate::problem::TestCase],
    jobs: usize,
    isolation: IsolationChoice,
    results: &'a ResultCache,
    gate: &'a Gate,
}

impl Probe<'_> {
    /// The submission at `path`'s CPU time per test, or `None` (with a line on stderr) when it
    /// cannot be built here, does not compile or fails a test.
    fn times(&self, submission: &Submission) -> Result<ProbeTimes, UsageError> {
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
        let leaves_out = |name: &str, result: &crate::compare::TestResult| {
            let verdict = crate::commands::verify::library::test_verdict(result.verdict);
            let covered = covering(name);
            (!covered.is_empty() && result.cpu() >= PROBE_LIMIT)
                || covered.iter().any(|rule| {
                    rule.permitted_for_time_limit()
                        .is_some_and(|p| !p.contains(&verdict))
                })
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
        };
        let run = run_test_set_with(
            self.problem,
            self.cases,
            &plan,
            || SandboxExecutor::start_for(&program, self.problem.info()),
            &Unobserved,
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
        Ok(Some(
            run.rows
                .iter()
                .filter(|r| !covering(&r.name).is_empty())
                .map(|r| (r.name.clone(), r.result.cpu()))
                .collect(),
        ))
    }
}
