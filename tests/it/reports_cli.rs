//! What people see, through the real binary: failures grouped by bug in `stress --keep-going`,
//! the failing games first in `repro` of a packed input, live progress on a terminal from the
//! first second of `verify`, plain output without one, and `--report` files.

use crate::stress_support;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use stress_support::*;

#[test]
fn keep_going_groups_two_distinct_bugs_into_two_groups() {
    let out = tempdir();
    let (code, report) = stress_json(
        &[
            "game-of-stones",
            "tests/candidates/stones_two_bugs.cpp",
            "--kind",
            "small",
            "--seeds",
            "1..41",
            "--keep-going",
        ],
        out.path(),
    );
    assert_eq!(code, 1, "{report}");
    let failures = report["failures"].as_array().unwrap();
    let groups = report["groups"].as_array().unwrap();
    assert!(failures.len() > 2, "{report}");
    let signatures: Vec<&str> = groups
        .iter()
        .map(|g| g["signature"].as_str().unwrap())
        .collect();
    assert_eq!(signatures.len(), 2, "{signatures:?}");
    assert!(
        signatures.contains(&"RE: killed by SIGSEGV"),
        "{signatures:?}"
    );
    assert!(
        signatures.contains(&"WA: expected `Varys`, found `Petyr`"),
        "{signatures:?}"
    );
    let counted: u64 = groups.iter().map(|g| g["count"].as_u64().unwrap()).sum();
    assert_eq!(
        counted as usize,
        failures.len(),
        "every failure is in a group"
    );
    for group in groups {
        let seeds = group["seeds"].as_array().unwrap();
        assert_eq!(seeds.len() as u64, group["count"].as_u64().unwrap());
        // The group's input is the smallest shrunk input among its failures.
        let smallest = failures
            .iter()
            .filter(|f| f["signature"] == group["signature"])
            .map(|f| f["shrunk_input"].as_str().unwrap().len())
            .min()
            .unwrap();
        assert_eq!(group["shrunk_input"].as_str().unwrap().len(), smallest);
    }
    // The text report lists each group once.
    let run = run(&[
        "stress",
        "game-of-stones",
        "tests/candidates/stones_two_bugs.cpp",
        "--kind",
        "small",
        "--seeds",
        "1..41",
        "--keep-going",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("in 2 group(s):"), "{}", run.stdout);
    assert_eq!(run.stdout.matches("  RE: killed by SIGSEGV x").count(), 1);
}

#[test]
fn repro_of_a_packed_seed_shows_the_failing_games_first() {
    let run = run(&[
        "repro",
        "david-vs-david",
        "solutions/david-vs-david/wrong_answer/float_beatty.cpp",
        "--seed",
        "1",
        "--kind",
        "edge",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let failing = run
        .stdout
        .find("failing game(s) of")
        .expect("failing games");
    let input = run.stdout.find("\ninput (").expect("the input");
    assert!(failing < input, "{}", run.stdout);
    let first = run.stdout[failing..].lines().nth(1).unwrap();
    assert!(
        first.trim_start().starts_with("game ")
            && first.contains(": input `")
            && first.contains("expected `2`, found `1`"),
        "{first}"
    );
    let json = run_json_repro();
    let games = json["failing_games"].as_array().unwrap();
    assert!(!games.is_empty() && games.len() <= 5, "{json}");
    assert!(json["games"].as_u64().unwrap() > 1);
    assert_eq!(games[0]["expected"], "2");
}

fn run_json_repro() -> serde_json::Value {
    let run = run(&[
        "repro",
        "david-vs-david",
        "solutions/david-vs-david/wrong_answer/float_beatty.cpp",
        "--seed",
        "1",
        "--kind",
        "edge",
        "--json",
    ]);
    schema::parse("repro", &run.stdout)
}

#[test]
fn piped_output_has_no_escape_codes_and_no_progress_bar() {
    let run = run(&[
        "judge",
        "game-of-stones",
        "solutions/game-of-stones/wrong_answer/xor_of_pile_outcomes.py",
    ]);
    assert_eq!(run.code, 1);
    assert!(!run.stdout.contains('\u{1b}'), "{}", run.stdout);
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.stderr);
}

/// `verify` on a terminal shows what is running within a second of starting: the progress bar
/// names the problem and the solution. A pseudo-terminal comes from util-linux's `script`.
#[test]
fn verify_on_a_terminal_shows_what_runs_within_a_second() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("SKIPPED verify_on_a_terminal_shows_what_runs_within_a_second: no `script` (util-linux) to make a terminal");
        return;
    }
    let verify = format!("{} verify game-of-stones --stress-seeds 1", bin());
    let mut child = Command::new("script")
        .args(["-qefc", &verify, "/dev/null"])
        .current_dir(root())
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let started = Instant::now();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut chunk = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut chunk) {
            if n == 0 || sender.send(chunk[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let mut shown_at = None;
    while started.elapsed() < Duration::from_secs(5) {
        if let Ok(bytes) = receiver.recv_timeout(Duration::from_millis(50)) {
            seen.extend(bytes);
        }
        let text = String::from_utf8_lossy(&seen);
        if text.contains("verify [") && text.contains("game-of-stones accepted/") {
            shown_at = Some(started.elapsed());
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let shown_at = shown_at
        .unwrap_or_else(|| panic!("no progress within 5 s: {}", String::from_utf8_lossy(&seen)));
    // The binary's own start and its first solution's build come before the bar; a second is
    // the bound on a quiet machine, and the slack covers a loaded one.
    assert!(shown_at < Duration::from_secs(3), "{shown_at:?}");
}

#[test]
fn report_files_are_written_in_the_format_of_their_extension() {
    let dir = tempdir();
    let json = dir.path().join("judge.json");
    let run = run(&[
        "judge",
        "game-of-stones",
        "solutions/game-of-stones/accepted/closed_form.cpp",
        "--report",
        json.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let written = schema::parse("judge", &std::fs::read_to_string(&json).unwrap());
    assert_eq!(written["verdict"], "AC");
    assert_eq!(written["problem"], "game-of-stones");
    // An unknown extension is a usage error before anything runs.
    let bad = stress_support::run(&[
        "judge",
        "game-of-stones",
        "solutions/game-of-stones/accepted/closed_form.cpp",
        "--report",
        "out.txt",
    ]);
    assert_eq!(bad.code, 2);
    assert_eq!(bad.stderr.lines().count(), 1, "{}", bad.stderr);
    assert!(
        bad.stderr.contains("out.txt: unknown format"),
        "{}",
        bad.stderr
    );
}
