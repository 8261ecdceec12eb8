//! `stressjudge merge FILES...`: the JSON reports of a command's shards (`verify --shard I/N`,
//! `stress --shard I/N`) joined into the report one run would have given: each report is read
//! back into the typed result its command renders ([`crate::report::read_verify`],
//! [`crate::report::read_stress`]), the results are joined, and the join is rendered by the
//! same renderers (table, `--json`, `--report x.html|x.xml|x.json`) with the same exit code.
//!
//! Shards of different commands, packages, limits or versions, a shard given twice and a
//! missing shard are refused (exit 2, one line) before anything is printed.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::options::MergeOptions;
use crate::report::shard::ShardInfo;
use crate::report::{
    check_report_files, read_stress, read_verify, stress_text, verify_text, write_report_files,
    Report, StressReport, VerifyReport,
};

/// Runs `stressjudge merge`.
pub fn run(options: &MergeOptions) -> Result<Outcome, UsageError> {
    check_report_files(&options.reports)?;
    let shards = read_shards(&options.files)?;
    let (first_info, _, _) = &shards[0];
    match first_info.command.as_str() {
        "verify" => {
            let report = merge_verify(&shards)?;
            if options.json {
                print_out(&format!("{}\n", report.to_json()))?;
            } else {
                print_out(&verify_text::whole(&report))?;
            }
            write_report_files(Report::Verify(&report), &options.reports)?;
            Ok(if report.ok() {
                Outcome::Passed
            } else {
                Outcome::Failed
            })
        }
        "stress" => {
            let report = merge_stress(&shards)?;
            if options.json {
                print_out(&format!("{}\n", report.to_json()))?;
            } else {
                let mut text = String::new();
                for failure in &report.failures {
                    let written = match report
                        .save_errors
                        .iter()
                        .find(|e| e.stem == crate::report::stress::failure_stem(failure))
                    {
                        Some(e) => Err(e.error.clone()),
                        None => Ok(Vec::new()),
                    };
                    text.push_str(&stress_text::failure_text(
                        &report.subject,
                        failure,
                        &written,
                    ));
                }
                text.push_str(&stress_text::summary_text(&report));
                print_out(&text)?;
            }
            write_report_files(Report::Stress(&report), &options.reports)?;
            Ok(if !report.failures.is_empty() {
                Outcome::Failed
            } else if report.interrupted {
                Outcome::Interrupted
            } else {
                Outcome::Passed
            })
        }
        "mutants" => {
            let report = merge_mutants(&shards)?;
            super::mutants::present(&report, options.json, &options.reports)
        }
        other => Err(UsageError::new(format!(
            "{}: a shard of `{other}`, which merge does not know",
            options.files[0].display()
        ))),
    }
}

/// Each file's shard and report, checked to be every shard of one command, once each, in
/// shard order.
fn read_shards(files: &[PathBuf]) -> Result<Vec<(ShardInfo, Vec<u8>, PathBuf)>, UsageError> {
    let mut shards = Vec::new();
    for file in files {
        let bytes = std::fs::read(file)
            .map_err(|e| UsageError::new(format!("{}: cannot read it: {e}", file.display())))?;
        let value: Value = serde_json::from_slice(&bytes)
            .map_err(|e| UsageError::new(format!("{}: not a JSON report ({e})", file.display())))?;
        let info = ShardInfo::of_report(&value)
            .map_err(|e| UsageError::new(format!("{}: {e}", file.display())))?
            .ok_or_else(|| {
                UsageError::new(format!(
                    "{}: not a shard's report (no `shard` object: run the command with --shard \
                     I/N and --json or --report FILE.json)",
                    file.display()
                ))
            })?;
        shards.push((info, bytes, file.clone()));
    }
    let (first, first_file) = (shards[0].0.clone(), shards[0].2.clone());
    let one_line = |text: String| Err(UsageError::new(text));
    for (info, _, file) in &shards[1..] {
        let (a, b) = (first_file.display(), file.display());
        if info.command != first.command {
            return one_line(format!(
                "{b} is a shard of `{}` and {a} of `{}`: merge the shards of one command",
                info.command, first.command
            ));
        }
        if info.version != first.version {
            return one_line(format!(
                "{b} was made by stressjudge {} and {a} by {}: shards must run one version",
                info.version, first.version
            ));
        }
        if info.count != first.count {
            return one_line(format!(
                "{b} is shard {}/{} and {a} shard {}/{}: the shards split the command differently",
                info.index, info.count, first.index, first.count
            ));
        }
        if info.identity != first.identity {
            return one_line(format!(
                "{b} and {a} are shards of different commands (other problems, packages, \
                 submissions, options or limits)"
            ));
        }
    }
    shards.sort_by_key(|(info, _, _)| info.index);
    for pair in shards.windows(2) {
        if pair[0].0.index == pair[1].0.index {
            return one_line(format!(
                "{} and {} are both shard {}/{}: give each shard once",
                pair[0].2.display(),
                pair[1].2.display(),
                pair[0].0.index,
                pair[0].0.count
            ));
        }
    }
    let count = first.count;
    let missing: Vec<String> = (1..=count)
        .filter(|i| !shards.iter().any(|(info, _, _)| info.index == *i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    match missing.len() {
        0 => Ok(shards),
        1 => one_line(format!("shard {} missing", missing[0])),
        _ => one_line(format!("shards {} missing", missing.join(", "))),
    }
}

fn unreadable(file: &Path, why: String) -> UsageError {
    UsageError::new(format!(
        "{}: not a report stressjudge can merge: {why}",
        file.display()
    ))
}

/// The verify report one run would have given: every row in the command's order (an olympiad
/// task's solution judged subtask by subtask joined into one), the runs counted over the
/// shards, the wall time of the slowest shard.
fn merge_verify(shards: &[(ShardInfo, Vec<u8>, PathBuf)]) -> Result<VerifyReport, UsageError> {
    let mut reports = Vec::new();
    for (info, bytes, file) in shards {
        let report = read_verify::verify_report(bytes).map_err(|e| unreadable(file, e))?;
        if report.rows.len() != info.judged.len() {
            return Err(unreadable(
                file,
                format!(
                    "{} solution(s) for the {} its shard judged",
                    report.rows.len(),
                    info.judged.len()
                ),
            ));
        }
        reports.push(report);
    }
    let jobs = shards[0].0.jobs;
    let mut rows: Vec<(u64, crate::report::VerifyRow)> = (shards.iter())
        .zip(&reports)
        .flat_map(|((info, _, _), report)| info.judged.iter().copied().zip(report.rows.clone()))
        .collect();
    rows.sort_by_key(|(k, _)| *k);
    let covered: Vec<u64> = rows.iter().map(|(k, _)| *k).collect();
    if covered != (0..jobs).collect::<Vec<_>>() {
        return Err(UsageError::new(format!(
            "the shards judged {} job(s) of {jobs}, not each once: they do not cover the command",
            covered.len()
        )));
    }
    let first = &reports[0];
    let mut incomplete = Vec::new();
    for line in reports.iter().flat_map(|r| &r.incomplete) {
        if !incomplete.contains(line) {
            incomplete.push(line.clone());
        }
    }
    Ok(VerifyReport {
        problems: first.problems.clone(),
        // A split verify judged an olympiad task's solution subtask by subtask: one row again.
        rows: crate::commands::verify::subtask_jobs::join_subtask_rows(
            rows.into_iter().map(|(_, row)| row).collect(),
        ),
        // The first shard checks the tools, and measures the mutants (`--mutants`).
        tool_checks: reports.iter().flat_map(|r| r.tool_checks.clone()).collect(),
        mutants: reports.iter().flat_map(|r| r.mutants.clone()).collect(),
        notes: first.notes.clone(),
        elapsed: longest(reports.iter().map(|r| r.elapsed)),
        isolation: first.isolation.clone(),
        runs: crate::testset::results::RunCounts {
            ran: reports.iter().map(|r| r.runs.ran).sum(),
            reused: reports.iter().map(|r| r.runs.reused).sum(),
            stress_reused: reports.iter().map(|r| r.runs.stress_reused).sum(),
        },
        incomplete,
        calibration: first.calibration.clone(),
        shard: None,
    })
}

/// The stress report one run would have given: the failures of every shard in seed order (the
/// plan's order: each seed with every kind), runs, games and inputs summed, the wall time of
/// the slowest shard.
fn merge_stress(shards: &[(ShardInfo, Vec<u8>, PathBuf)]) -> Result<StressReport, UsageError> {
    let mut reports = Vec::new();
    for (_, bytes, file) in shards {
        reports.push(read_stress::stress_report(bytes).map_err(|e| unreadable(file, e))?);
    }
    let mut failures: Vec<crate::stress::Failure> =
        reports.iter().flat_map(|r| r.failures.clone()).collect();
    // Stable: a seed's kinds keep their order within its shard.
    failures.sort_by_key(|f| f.unit.seed);
    let mut notes = Vec::new();
    for note in reports.iter().flat_map(|r| &r.notes) {
        if !notes.contains(note) {
            notes.push(note.clone());
        }
    }
    let first = &reports[0];
    Ok(StressReport {
        subject: first.subject.clone(),
        runs: reports.iter().map(|r| r.runs).sum(),
        games: reports.iter().map(|r| r.games).sum(),
        inputs: reports.iter().map(|r| r.inputs).sum(),
        elapsed: longest(reports.iter().map(|r| r.elapsed)),
        interrupted: reports.iter().any(|r| r.interrupted),
        out: first.out.clone(),
        failures,
        notes,
        isolation: first.isolation.clone(),
        has_games: first.has_games,
        save_errors: reports.iter().flat_map(|r| r.save_errors.clone()).collect(),
        shard: None,
    })
}

/// The mutants report one run would have given: every shard's mutants in source order, the
/// counts and each test's kills recomputed over them, the workers' times summed, the wall time
/// of the slowest shard. Each shard measured the original's times itself: the report keeps
/// the highest time limit a shard judged by.
fn merge_mutants(
    shards: &[(ShardInfo, Vec<u8>, PathBuf)],
) -> Result<crate::report::MutantsReport, UsageError> {
    let mut reports = Vec::new();
    for (_, bytes, file) in shards {
        let report =
            crate::report::read_mutants::mutants_report(bytes).map_err(|e| unreadable(file, e))?;
        reports.push(report);
    }
    let mut mutants: Vec<crate::mutants::Judged> =
        reports.iter().flat_map(|r| r.run.mutants.clone()).collect();
    mutants.sort_by_key(|m| m.number);
    if mutants.windows(2).any(|w| w[0].number == w[1].number) {
        return Err(UsageError::new(
            "two shards judged the same mutant: they do not split one command",
        ));
    }
    let first = &reports[0];
    let mut notes = Vec::new();
    for note in reports.iter().flat_map(|r| &r.notes) {
        if !notes.contains(note) {
            notes.push(note.clone());
        }
    }
    let runs = || reports.iter().map(|r| &r.run);
    let run = crate::mutants::MutationRun {
        mutants,
        not_built: runs().map(|r| r.not_built).sum(),
        slowest: longest(runs().map(|r| r.slowest)),
        time_limit: longest(runs().map(|r| r.time_limit)),
        phases: crate::mutants::Phases {
            building: runs().map(|r| r.phases.building).sum(),
            judging: runs().map(|r| r.phases.judging).sum(),
            stressing: runs().map(|r| r.phases.stressing).sum(),
        },
        elapsed: longest(runs().map(|r| r.elapsed)),
        interrupted: runs().any(|r| r.interrupted),
        ..first.run.clone()
    };
    Ok(crate::report::MutantsReport {
        problem: first.problem.clone(),
        run,
        saved: reports.iter().flat_map(|r| r.saved.clone()).collect(),
        notes,
        isolation: first.isolation.clone(),
        shard: None,
    })
}

fn longest(times: impl Iterator<Item = Duration>) -> Duration {
    times.max().unwrap_or_default()
}
