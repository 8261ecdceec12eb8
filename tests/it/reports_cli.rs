//! What people see, through the real binary: failures grouped by bug in `stress --keep-going`,
//! the failing games first in `repro` of a packed input, live progress on a terminal while `verify`
//! runs, plain output without one, and `--report` files.

use crate::stress_support;

use std::io::Read;
use std::process::{Command, Stdio};

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

/// `verify` on a terminal shows what is running while it runs: the progress bar names the
/// problem and the solution before the summary line. A pseudo-terminal comes from util-linux's
/// `script`. How soon the bar shows is a speed figure, printed by `cargo bench --bench verify`
/// (target: within a second), not asserted here: a loaded machine would decide it.
#[test]
fn verify_on_a_terminal_shows_what_runs_while_it_runs() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("SKIPPED verify_on_a_terminal_shows_what_runs_while_it_runs: no `script` (util-linux) to make a terminal");
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
    let mut seen = Vec::new();
    let mut chunk = [0u8; 4096];
    let shown = loop {
        let text = String::from_utf8_lossy(&seen);
        if text.contains("verify [") && text.contains("game-of-stones accepted/") {
            break true;
        }
        match stdout.read(&mut chunk) {
            Ok(0) | Err(_) => break false,
            Ok(n) => seen.extend_from_slice(&chunk[..n]),
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    let text = String::from_utf8_lossy(&seen);
    assert!(shown, "no progress bar naming a solution: {text}");
    // Shown while verify ran, not drawn once at the end (the summary: "OK: N solutions, ...").
    assert!(
        !text.contains(" solutions, "),
        "the summary came first: {text}"
    );
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
