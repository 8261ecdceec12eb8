//! Fault injection: stressjudge killed with SIGKILL at random moments (at least 50 kills) over
//! building, stressing, verifying and writing reports, through the real binary. After each
//! kill: no process of the killed run, no cgroup named after one, no sandbox mount on the host
//! (waiting a few seconds for a compiler to finish on its own); then the same command, run to
//! its end, must give the verdicts of an uninterrupted run and leave no temporary of the killed
//! run and no report or failure file that is not whole. Prints the figures.
//!
//! The kill moments are random but the same on every run (a seeded generator), spread over the
//! command's uninterrupted duration measured first.

use crate::faults_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use faults_support::{
    alive, cgroups_of, command, descendants, files_under, judge_verdicts, partials_under, run,
    settle, stress_verdicts, stressjudge_mounts, verify_verdicts, Rng, Run, Tally,
};
use serde_json::Value;

/// One command killed again and again.
struct Scenario {
    /// The phase it stands for in the figures.
    name: &'static str,
    /// Its arguments (`{out}` is the scenario's output folder).
    args: Vec<String>,
    /// A new, empty cache before each kill (so the kill lands in the build).
    fresh_cache: bool,
    /// The part of the uninterrupted duration the kill moments are drawn from.
    window: (f64, f64),
    /// How many kills.
    kills: usize,
    /// The verdicts of a finished run, from its JSON.
    verdicts: fn(&Value) -> String,
}

/// Whether a report file is whole: JSON that parses, XML and HTML that end.
fn whole(path: &Path) -> bool {
    let Ok(bytes) = std::fs::read(path) else {
        return true; // Not there is not half there.
    };
    let text = String::from_utf8_lossy(&bytes);
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => serde_json::from_slice::<Value>(&bytes).is_ok(),
        Some("html") => text.trim_end().ends_with("</html>"),
        Some("xml") => text.trim_end().ends_with("</testsuites>"),
        _ => true,
    }
}

fn scenarios() -> Vec<Scenario> {
    let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let stress = s(&[
        "stress",
        "david-vs-david",
        "solutions/david-vs-david/wrong_answer/float_beatty.cpp",
        "--kind",
        "edge",
        "--seeds",
        "1..4",
        "--keep-going",
        "--json",
        "--out",
        "{out}/failures",
    ]);
    let mut reports = stress.clone();
    reports.extend(s(&[
        "--report",
        "{out}/r.html",
        "--report",
        "{out}/r.json",
        "--report",
        "{out}/r.xml",
    ]));
    vec![
        Scenario {
            name: "build (judge, cold cache)",
            args: s(&[
                "judge",
                "tests/adhoc/right.cpp",
                "--tests",
                "tests/adhoc/tests",
                "--checker",
                "tests/adhoc/chk.cpp",
                "--json",
            ]),
            fresh_cache: true,
            window: (0.0, 1.0),
            kills: 8,
            verdicts: judge_verdicts,
        },
        Scenario {
            name: "stress (failures written)",
            args: stress,
            fresh_cache: false,
            window: (0.0, 1.0),
            kills: 18,
            verdicts: stress_verdicts,
        },
        Scenario {
            name: "verify (problem folder)",
            args: s(&[
                "verify",
                "tests/problems/hello",
                "--json",
                "--report",
                "{out}/v.xml",
            ]),
            fresh_cache: false,
            window: (0.0, 1.0),
            kills: 10,
            verdicts: verify_verdicts,
        },
        Scenario {
            name: "report writing (last 30 % of stress)",
            args: reports,
            fresh_cache: false,
            window: (0.7, 1.0),
            kills: 14,
            verdicts: stress_verdicts,
        },
    ]
}

fn check(condition: bool, why: impl Into<String>) -> Result<(), String> {
    if condition {
        Ok(())
    } else {
        Err(why.into())
    }
}

/// What a killed run left: its processes, cgroups named after them, host mounts of sandboxes.
fn leftovers(family: &[u32], harness: u32, mounts_before: usize) -> Vec<String> {
    let mut left: Vec<String> = family
        .iter()
        .filter(|&&p| alive(p))
        .map(|p| format!("process {p}"))
        .collect();
    let mut owners = family.to_vec();
    owners.push(harness);
    left.extend(
        cgroups_of(&owners)
            .into_iter()
            .map(|c| format!("cgroup {}", c.display())),
    );
    let mounts = stressjudge_mounts();
    if mounts.len() > mounts_before {
        left.push(format!("mounts {mounts:?}"));
    }
    left
}

#[test]
fn killed_at_any_moment_leaves_nothing_behind_and_the_next_run_agrees() {
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut rng = Rng::new(0x19);
    let mut total_kills = 0;
    for scenario in scenarios() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        std::fs::create_dir_all(&out).unwrap();
        let args: Vec<String> = scenario
            .args
            .iter()
            .map(|a| a.replace("{out}", &out.to_string_lossy()))
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let shared_cache = dir.path().join("cache");
        if !scenario.fresh_cache {
            // Builds done once, so the kill moments spread over what the kills are about.
            run(command(&shared_cache, &args));
        }
        let scenario_began = Instant::now();
        let began = Instant::now();
        let baseline_run = run(command(&shared_cache, &args));
        let duration = began.elapsed();
        assert!(
            baseline_run.code == 0 || baseline_run.code == 1,
            "{}: {}",
            scenario.name,
            baseline_run.stderr
        );
        let baseline = (scenario.verdicts)(&baseline_run.json());
        let mut kills = 0;
        let mut attempt = 0;
        // Later runs are often quicker than the baseline (warm caches, a quieter moment): a
        // run that ended before its moment pulls the next moments earlier.
        let mut scale = 1.0;
        while kills < scenario.kills && attempt < scenario.kills * 8 {
            attempt += 1;
            let cache = if scenario.fresh_cache {
                dir.path().join(format!("cache-{attempt}"))
            } else {
                shared_cache.clone()
            };
            let mounts_before = stressjudge_mounts().len();
            let (low, high) = scenario.window;
            let at = duration.mul_f64((low + (high - low) * rng.unit()) * scale);
            let mut child: std::process::Child = {
                let mut c: Command = command(&cache, &args);
                c.stdout(Stdio::null()).stderr(Stdio::null());
                c.spawn().unwrap()
            };
            std::thread::sleep(at);
            let family = descendants(child.id());
            if child.try_wait().unwrap().is_some() {
                scale *= 0.85;
                continue; // It ended before the moment: not a kill.
            }
            child.kill().unwrap();
            child.wait().unwrap();
            kills += 1;
            let left = settle(Duration::from_secs(15), || {
                leftovers(&family, child.id(), mounts_before)
            });
            let rerun: Run = run(command(&cache, &args));
            let verdicts = serde_json::from_str::<Value>(&rerun.stdout)
                .map(|v| (scenario.verdicts)(&v))
                .unwrap_or_else(|_| format!("no JSON (exit {}): {}", rerun.code, rerun.stderr));
            let mut half: Vec<PathBuf> = partials_under(&out);
            half.extend(partials_under(&cache));
            half.extend(
                files_under(&out)
                    .into_iter()
                    .filter(|p| p.is_file() && !whole(p)),
            );
            let survived = check(left.is_empty(), format!("killed at {at:?}: left {left:?}"))
                .and_then(|()| {
                    check(
                        rerun.code == baseline_run.code,
                        format!(
                            "killed at {at:?}: the next run exits {} instead of {}: {}",
                            rerun.code, baseline_run.code, rerun.stderr
                        ),
                    )
                })
                .and_then(|()| {
                    check(
                        half.is_empty(),
                        format!("killed at {at:?}: half files {half:?}"),
                    )
                });
            let mut wrong = Vec::new();
            if verdicts != baseline {
                wrong.push(format!(
                    "killed at {at:?}: the next run says {verdicts}, uninterrupted {baseline}"
                ));
            }
            tally.record(scenario.name, survived, wrong);
        }
        total_kills += kills;
        println!(
            "{}: {kills} kills in {:.0} s (an uninterrupted run takes {:.2} s)",
            scenario.name,
            scenario_began.elapsed().as_secs_f64(),
            duration.as_secs_f64()
        );
        assert_eq!(
            kills, scenario.kills,
            "{}: too few kills landed",
            scenario.name
        );
    }
    println!(
        "{total_kills} kills in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    assert!(total_kills >= 50);
    tally.finish("faults_kill");
}
