//! `cargo bench --bench olympiad`: a whole Italian-format task verified by stressjudge and by
//! task-maker-rust side by side on this machine (issue 43). Prints one line per task and tool
//! with the wall time of a cold run (empty caches) and a warm one (the same caches again), and
//! whether the two tools give every solution the same score on every subtask; asserts nothing.
//!
//! task-maker-rust is not part of this repository: `STRESSJUDGE_TASK_MAKER` names a
//! `task-maker` binary built from its public source (`cargo build --release` of a checkout).
//! Without it the bench prints why it is skipped and ends.
//!
//! Tasks: this repository's `tests/italian/somma` (`gen/GEN`, C++ and Python solutions, one of
//! them too slow) and `tests/italian/massimo` (`gen/cases.gen`), and, when
//! `STRESSJUDGE_TASK_MAKER_TASKS` names the `tests/tasks/` folder of a task-maker-rust
//! checkout, its `classic` task. Each tool works on a copy of its own (task-maker-rust writes
//! into a task's folder).
//!
//! stressjudge runs `verify TASK --stress-seeds 0` (task-maker-rust has no stress pass) with
//! everything else as a user gets it: the tool checks, the timing-noise calibration and the
//! borderline re-runs. task-maker-rust runs `task-maker --ui json --no-statement --dry-run`
//! with `--num-cores` the machine's cores. `OLYMPIAD_BENCH_TOOL_CHECKS=0` adds
//! `--no-tool-checks` to stressjudge's runs.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use side_by_side::{secs, stressjudge, timed, verify, Timed};

#[allow(dead_code)]
#[path = "support/side_by_side.rs"]
mod side_by_side;

/// Each solution's score per subtask, by file name (`soluzione.py` -> `[0, 40, 60]`).
type Scores = BTreeMap<String, Vec<f64>>;

fn main() {
    let Some(task_maker) = std::env::var_os("STRESSJUDGE_TASK_MAKER").map(PathBuf::from) else {
        println!(
            "olympiad bench skipped: STRESSJUDGE_TASK_MAKER is unset (the path to a task-maker \
             binary built from task-maker-rust's source)"
        );
        return;
    };
    if !task_maker.is_file() {
        println!(
            "olympiad bench skipped: STRESSJUDGE_TASK_MAKER={} is not a file",
            task_maker.display()
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut tasks: Vec<PathBuf> = ["somma", "massimo"]
        .iter()
        .map(|t| root.join("tests/italian").join(t))
        .collect();
    if let Some(theirs) = std::env::var_os("STRESSJUDGE_TASK_MAKER_TASKS") {
        tasks.push(PathBuf::from(theirs).join("classic"));
    }
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let tool_checks = std::env::var("OLYMPIAD_BENCH_TOOL_CHECKS").as_deref() != Ok("0");
    println!(
        "olympiad bench: stressjudge verify --stress-seeds 0{} against task-maker --ui json \
         --no-statement --dry-run --num-cores {cores}; cold = empty caches, warm = the same \
         caches again",
        if tool_checks { "" } else { " --no-tool-checks" }
    );
    for task in tasks {
        let name = task.file_name().unwrap().to_string_lossy().into_owned();
        let work = tempfile::tempdir().unwrap();
        let ours = work.path().join("ours").join(&name);
        let theirs = work.path().join("theirs").join(&name);
        copy_dir(&task, &ours);
        copy_dir(&task, &theirs);

        let cache = work.path().join("cache");
        let mut args = vec![ours.to_str().unwrap(), "--stress-seeds", "0"];
        if !tool_checks {
            args.push("--no-tool-checks");
        }
        let (cold, report) = verify(&stressjudge(), &cache, &args);
        let (warm, _) = verify(&stressjudge(), &cache, &args);
        let our_scores = stressjudge_scores(&report);

        let store = work.path().join("store");
        let run_theirs = || {
            let mut command = Command::new(&task_maker);
            command
                .args(["--ui", "json", "--no-statement", "--dry-run"])
                .arg("--num-cores")
                .arg(cores.to_string())
                .arg("--store-dir")
                .arg(&store)
                .arg("-t")
                .arg(&theirs)
                .current_dir(work.path());
            timed(command)
        };
        let their_cold = run_theirs();
        let their_warm = run_theirs();
        let their_scores = task_maker_scores(&their_cold.stdout);

        line(&name, "stressjudge", &cold, &warm);
        line(&name, "task-maker-rust", &their_cold, &their_warm);
        println!(
            "olympiad {name}: stressjudge / task-maker-rust wall time: cold {:.2}x, warm {:.2}x",
            cold.wall.as_secs_f64() / their_cold.wall.as_secs_f64(),
            warm.wall.as_secs_f64() / their_warm.wall.as_secs_f64()
        );
        agreement(&name, &our_scores, &their_scores);
    }
}

/// One tool's times on one task.
fn line(task: &str, tool: &str, cold: &Timed, warm: &Timed) {
    let exit = |t: &Timed| match t.code {
        0 | 1 => String::new(),
        code => format!(
            " (exit {code}: {})",
            t.stderr.lines().last().unwrap_or("").trim()
        ),
    };
    println!(
        "olympiad {task}: {tool}: cold {}{}, warm {}{}",
        secs(cold.wall),
        exit(cold),
        secs(warm.wall),
        exit(warm)
    );
}

/// Whether both tools gave each solution the same score on each subtask.
fn agreement(task: &str, ours: &Scores, theirs: &Scores) {
    let mut differ = Vec::new();
    let mut same = 0;
    for (solution, scores) in theirs {
        match ours.get(solution) {
            Some(mine) if close(mine, scores) => same += 1,
            Some(mine) => differ.push(format!(
                "{solution}: stressjudge {mine:?}, task-maker-rust {scores:?}"
            )),
            None => differ.push(format!("{solution}: not judged by stressjudge")),
        }
    }
    println!(
        "olympiad {task}: per-subtask scores agree on {same} of {} solution(s){}",
        theirs.len(),
        if differ.is_empty() {
            String::new()
        } else {
            format!("; differ: {}", differ.join("; "))
        }
    );
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6)
}

/// The scores of stressjudge's verify report: each row's subtask points.
fn stressjudge_scores(report: &Value) -> Scores {
    let mut scores = Scores::new();
    for row in report["solutions"].as_array().into_iter().flatten() {
        let Some(groups) = row["points"]["groups"].as_array() else {
            continue;
        };
        scores.insert(
            file_name(row["path"].as_str().unwrap_or("")),
            groups.iter().filter_map(|g| g["earned"].as_f64()).collect(),
        );
    }
    scores
}

/// The scores task-maker-rust's JSON interface printed: its `IOISubtaskScore` messages.
fn task_maker_scores(output: &str) -> Scores {
    let mut by_subtask: BTreeMap<String, BTreeMap<u64, f64>> = BTreeMap::new();
    for line in output.lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let Some(score) = message.get("IOISubtaskScore") else {
            continue;
        };
        let (Some(solution), Some(subtask), Some(points)) = (
            score["solution"].as_str(),
            score["subtask"].as_u64(),
            score["score"].as_f64(),
        ) else {
            continue;
        };
        (by_subtask.entry(file_name(solution)).or_default()).insert(subtask, points);
    }
    (by_subtask.into_iter())
        .map(|(solution, subtasks)| (solution, subtasks.into_values().collect()))
        .collect()
}

fn file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
