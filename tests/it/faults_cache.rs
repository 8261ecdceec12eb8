//! Fault injection: every cache entry damaged in each of four ways (truncated, emptied,
//! garbage, swapped between keys), through the real binary, in a private `XDG_CACHE_HOME`.
//! Each damaged run must give the verdicts of the healthy run (0 verdicts changed: an accepted
//! submission stays AC, a wrong one keeps its failing seeds), detect every damaged entry (it is
//! removed and made again, never used) and say so once per cache. Prints the figures.
//!
//! The first case is the regression test of the issue: stressing an accepted submission of a
//! problem folder whose reference-answer cache entries were overwritten gave WA.
//!
//! The Polygon cases damage the built tests and the validators' acceptances as well (every
//! test's verdict of `judge` must stay the same), and `verify`'s remembered runs (every
//! solution's verdict must stay the same).

use crate::faults_support;

use std::path::{Path, PathBuf};

use faults_support::{
    command, files_under, judge_verdicts, run, stress_verdicts, verify_verdicts, Rng, Tally,
};
use serde_json::Value;
use stressjudge::cache_entry::{sha256_hex, unseal};

/// The cache folders of checked entries, under `XDG_CACHE_HOME/stressjudge`: reference
/// answers, executables and their checksums, build markers, built tests (Polygon), validator
/// acceptances (Polygon), remembered runs (verify), native compilers' version answers.
const ENTRY_FOLDERS: [&str; 8] = [
    "answers",
    "bin",
    "sum",
    "ok",
    "tests",
    "accepted",
    "results",
    "toolchains",
];

/// The notes' names of the caches, each of which may say "damaged" at most once a run.
const CACHE_NAMES: [&str; 6] = [
    "build cache",
    "reference-answer cache",
    "built-test cache",
    "validator acceptance cache",
    "run-result cache",
    "toolchain version cache",
];

/// The ways an entry is damaged.
const DAMAGES: [&str; 4] = ["truncated", "emptied", "garbage", "swapped"];

/// The entries of a cache: (folder, path), regular files only.
fn entries(cache: &Path) -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    for folder in ENTRY_FOLDERS {
        let dir = cache.join("stressjudge").join(folder);
        let mut paths: Vec<PathBuf> = files_under(&dir)
            .into_iter()
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        found.extend(paths.into_iter().map(|p| (folder.to_string(), p)));
    }
    found
}

/// Damages every entry in one way; returns each damaged path with the bytes it now holds.
fn damage(cache: &Path, how: &str, rng: &mut Rng) -> Vec<(String, PathBuf, Vec<u8>)> {
    let all = entries(cache);
    let mut damaged = Vec::new();
    for folder in ENTRY_FOLDERS {
        let group: Vec<&PathBuf> = all
            .iter()
            .filter(|(f, _)| f == folder)
            .map(|(_, p)| p)
            .collect();
        let contents: Vec<Vec<u8>> = group.iter().map(|p| std::fs::read(p).unwrap()).collect();
        for (i, path) in group.iter().enumerate() {
            let original = &contents[i];
            let bytes = match how {
                "truncated" => original[..original.len() / 2].to_vec(),
                "emptied" => Vec::new(),
                "garbage" => (0..original.len().max(16))
                    .map(|_| (rng.unit() * 256.0) as u8)
                    .collect(),
                "swapped" => {
                    // Each entry takes the next one's content (a file copied over another);
                    // a folder of one entry has nothing to swap with.
                    let other = &contents[(i + 1) % contents.len()];
                    if group.len() < 2 || other == original {
                        continue;
                    }
                    other.clone()
                }
                _ => unreachable!(),
            };
            if &bytes == original {
                continue;
            }
            std::fs::write(path, &bytes).unwrap();
            damaged.push((folder.to_string(), path.to_path_buf(), bytes));
        }
    }
    damaged
}

/// Whether a damaged entry was detected: it is gone, or holds a sound entry again (never the
/// damaged bytes).
fn detected(cache: &Path, folder: &str, path: &Path, damaged: &[u8]) -> bool {
    let Ok(now) = std::fs::read(path) else {
        return true;
    };
    if now == damaged {
        return false;
    }
    let key = path.file_name().unwrap().to_str().unwrap();
    match folder {
        "bin" => {
            let sum = std::fs::read(cache.join("stressjudge/sum").join(key)).unwrap_or_default();
            unseal(key, &sum).is_ok_and(|s| s == sha256_hex(&now).as_bytes())
        }
        _ => unseal(key, &now).is_ok(),
    }
}

/// One scenario: a command, run healthy once, then once per kind of damage to every entry.
fn scenario(tally: &mut Tally, name: &str, args: &[&str], expected_code: i32, rng: &mut Rng) {
    scenario_with(tally, name, args, expected_code, rng, stress_verdicts);
}

/// [`scenario`] with the verdicts read from the report by `verdicts_of`.
fn scenario_with(
    tally: &mut Tally,
    name: &str,
    args: &[&str],
    expected_code: i32,
    rng: &mut Rng,
    verdicts_of: fn(&Value) -> String,
) {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let out = dir.path().join("out");
    let mut args: Vec<&str> = args.to_vec();
    let out_arg = out.to_string_lossy().into_owned();
    args.push("--json");
    if args[0] == "stress" {
        args.extend(["--out", &out_arg]);
    }
    let healthy = run(command(&cache, &args));
    assert_eq!(healthy.code, expected_code, "{name}: {}", healthy.stderr);
    let baseline = verdicts_of(&healthy.json());
    let mut total_damaged = 0;
    let mut total_detected = 0;
    for how in DAMAGES {
        let damaged = damage(&cache, how, rng);
        let r = run(command(&cache, &args));
        let verdicts = verdicts_of(&r.json());
        let undetected: Vec<String> = damaged
            .iter()
            .filter(|(folder, path, bytes)| !detected(&cache, folder, path, bytes))
            .map(|(_, path, _)| format!("{how} entry {} used as it was", path.display()))
            .collect();
        total_damaged += damaged.len();
        total_detected += damaged.len() - undetected.len();
        let notes = |cache_name: &str| {
            r.stderr
                .lines()
                .filter(|l| l.contains(cache_name) && l.contains("damaged"))
                .count()
        };
        let survived = if r.code != expected_code || verdicts != baseline {
            Err(format!(
                "{how}: exit {} verdicts {verdicts}, healthy: exit {expected_code} {baseline}; \
                 stderr: {}",
                r.code, r.stderr
            ))
        } else if CACHE_NAMES.iter().any(|c| notes(c) > 1) {
            Err(format!(
                "{how}: a damage note said more than once: {}",
                r.stderr
            ))
        } else if !damaged.is_empty() && notes("cache") == 0 {
            Err(format!("{how}: damaged entries not said: {}", r.stderr))
        } else {
            Ok(())
        };
        // One fault per damaged entry: survived when the run kept its verdicts (and said so
        // once) and the entry was not used; a used entry or a changed verdict is a wrong claim.
        for (folder, path, bytes) in &damaged {
            let found = detected(&cache, folder, path, bytes);
            let mut wrong = Vec::new();
            if !found {
                wrong.push(format!("{how} entry {} used as it was", path.display()));
            }
            if verdicts != baseline {
                wrong.push(format!("{how}: verdicts {verdicts} instead of {baseline}"));
            }
            let entry_survived = survived.clone().and_then(|()| {
                if found {
                    Ok(())
                } else {
                    Err(format!("{} not detected", path.display()))
                }
            });
            tally.record(&format!("{how} {folder}/"), entry_survived, wrong);
        }
        drop(undetected);
    }
    println!("{name}: {total_detected} of {total_damaged} damaged entries detected");
    assert!(total_damaged >= 8, "{name}: too few entries damaged");
}

#[test]
fn damaged_cache_entries_never_change_a_verdict_and_are_all_detected() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(19);
    // The case: an accepted submission of a problem folder, reference answers damaged.
    scenario(
        &mut tally,
        "accepted submission of a problem folder",
        &[
            "stress",
            "tests/problems/maximum",
            "tests/problems/maximum/submissions/accepted/max.cpp",
            "--seeds",
            "1..4",
        ],
        0,
        &mut rng,
    );
    // A wrong candidate keeps exactly its failures.
    scenario(
        &mut tally,
        "wrong ad-hoc candidate",
        &[
            "stress",
            "--gen",
            "tests/adhoc/gen.py",
            "--ref",
            "tests/adhoc/brute.py",
            "--checker",
            "tests/adhoc/chk.cpp",
            "tests/adhoc/wrong.cpp",
            "--seeds",
            "1..5",
            "--keep-going",
        ],
        1,
        &mut rng,
    );
    // A Polygon package: its built tests and validator acceptances damaged too; the judged
    // tests keep their verdicts (a wrong solution keeps exactly its failing tests).
    scenario_with(
        &mut tally,
        "Polygon package judged with a wrong solution",
        &[
            "judge",
            "tests/polygon/sum",
            "tests/polygon/sum/solutions/wa.py",
        ],
        1,
        &mut rng,
        judge_verdicts,
    );
    // verify of the package remembers its runs: damaged remembered runs are run again, and
    // every solution keeps the verdict its tag expects.
    scenario_with(
        &mut tally,
        "Polygon package verified",
        &["verify", "tests/polygon/sum"],
        0,
        &mut rng,
        verify_verdicts,
    );
    tally.finish("faults_cache");
}
