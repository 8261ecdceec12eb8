//! `stressjudge stress` and `repro` end to end through the binary: subtle bugs are caught and
//! shrunk, the failure files match what `gen` and `repro` produce byte for byte, the recorded
//! repro command reproduces the failure, and usage errors are one line with exit code 2.

use crate::stress_support;

use std::path::Path;
use std::process::Command;

use stress_support::*;

/// Runs a repro command exactly as stress recorded it (a shell line starting with
/// `stressjudge`), with `extra` flags appended, from the crate root.
fn run_recorded(repro: &str, extra: &str) -> Run {
    assert!(repro.starts_with("stressjudge repro "), "{repro}");
    let bin_dir = Path::new(bin()).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("bash")
        .arg("-c")
        .arg(format!("{repro} {extra}"))
        .env("PATH", path)
        .current_dir(root())
        .output()
        .unwrap()
        .into()
}

/// Checks a reported failure against its files in `out` and against `gen`, runs its recorded
/// repro command with `--save`, and returns the metadata.
fn check_failure_files(
    problem: &str,
    solution: &str,
    failure: &serde_json::Value,
    out: &Path,
) -> serde_json::Value {
    let kind = failure["kind"].as_str().unwrap();
    let seed = failure["seed"].as_u64().unwrap();
    let verdict = failure["verdict"].as_str().unwrap();
    assert_eq!(failure["file_stem"], format!("{kind}/{seed}"));
    let file = |ext: &str| failure_file(out, kind, seed, ext);

    let input = read(&file("in"));
    assert_eq!(input, gen(problem, kind, seed), "SEED.in is the gen output");
    assert_eq!(input, failure["input"].as_str().unwrap());
    assert_eq!(
        read(&file("min.in")),
        failure["shrunk_input"].as_str().unwrap()
    );
    let solved = run(&["solve", problem, file("in").to_str().unwrap()]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(
        read(&file("ans")),
        solved.stdout,
        "SEED.ans holds the reference answers"
    );
    assert!(file("out").exists());

    let meta: serde_json::Value = serde_json::from_str(&read(&file("json"))).unwrap();
    assert_eq!(meta["problem"], problem);
    assert_eq!(meta["solution"], solution);
    assert_eq!(meta["seed"], seed);
    assert_eq!(meta["kind"], kind);
    assert_eq!(meta["verdict"], verdict);
    assert_eq!(meta["time_limit_ms"], 2000);
    assert_eq!(meta["memory_limit_bytes"], 256u64 << 20);
    assert_eq!(meta["harness_version"], env!("CARGO_PKG_VERSION"));
    let hash = meta["solution_hash"].as_str().unwrap();
    assert!(
        hash.len() >= 16 && hash.chars().all(|c| c.is_ascii_hexdigit()),
        "{hash}"
    );
    let repro = meta["repro"].as_str().unwrap();
    assert_eq!(
        repro,
        format!("stressjudge repro {problem} {solution} --seed {seed} --kind {kind}")
    );

    // The recorded command reproduces the failure exactly.
    let saved = tempdir();
    let again = run_recorded(
        repro,
        &format!("--json --save {}", saved.path().to_str().unwrap()),
    );
    assert_eq!(again.code, 1, "{}", again.stderr);
    let report = schema::parse("repro", &again.stdout);
    assert_eq!(report["verdict"], verdict);
    assert_eq!(report["input"].as_str().unwrap(), input);
    for ext in ["in", "ans", "out"] {
        let theirs = std::fs::read(saved.path().join(format!("{seed}.{ext}"))).unwrap();
        assert_eq!(
            theirs,
            std::fs::read(file(ext)).unwrap(),
            "repro's SEED.{ext}"
        );
    }
    meta
}

#[test]
fn default_run_catches_float_beatty_and_shrinks_it_to_one_game() {
    let solution = "solutions/david-vs-david/wrong_answer/float_beatty.cpp";
    let out = tempdir();
    let (code, report) = stress_json(&["david-vs-david", solution], out.path());
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["problem"], "david-vs-david");
    assert_eq!(report["solution"], solution);
    assert_eq!(report["verdict"], "WA");
    assert_eq!(report["interrupted"], false);
    assert!(report["runs"].as_u64().unwrap() > 0);
    assert!(report["games"].as_u64().unwrap() > 0);
    assert!(report["elapsed_ms"].is_u64());
    let failures = report["failures"].as_array().unwrap();
    assert!(!failures.is_empty());
    for failure in failures {
        assert_eq!(failure["verdict"], "WA");
        assert_eq!(failure["reproducible_alone"], true);
        let shrunk = failure["shrunk_input"].as_str().unwrap();
        assert_eq!(counted_games(shrunk), 1, "{shrunk}");
        assert_eq!(shrunk.lines().count(), 2, "{shrunk}");
        // Expected and actual are the answers on the shrunk game, and they differ.
        let (expected, actual) = (failure["expected"].as_str(), failure["actual"].as_str());
        assert_eq!(expected.unwrap().split_whitespace().count(), 1);
        assert_ne!(
            expected.unwrap().trim(),
            actual.unwrap().trim(),
            "{failure}"
        );
        check_failure_files("david-vs-david", solution, failure, out.path());
    }
}

#[test]
fn text_report_shows_the_failure_and_its_repro_command() {
    let solution = "solutions/david-vs-david/wrong_answer/float_beatty.cpp";
    let out = tempdir();
    let dir = out.path().to_str().unwrap();
    let run = run(&[
        "stress",
        "david-vs-david",
        solution,
        "--kind",
        "edge",
        "--seeds",
        "5..6",
        "--out",
        dir,
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("FAILURE  david-vs-david seed 5 (edge kind): WA"),
        "{}",
        run.stdout
    );
    for section in ["shrunk input", "expected:", "actual:", "diff:"] {
        assert!(run.stdout.contains(section), "{section}: {}", run.stdout);
    }
    assert!(run
        .stdout
        .contains(&format!("saved: {dir}/edge/5.{{in,ans,out,min.in,json}}")));
    let meta: serde_json::Value =
        serde_json::from_str(&read(&failure_file(out.path(), "edge", 5, "json"))).unwrap();
    let repro_line = format!("repro: {}", meta["repro"].as_str().unwrap());
    assert!(
        run.stdout.lines().any(|l| l == repro_line),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\nWA: "), "summary: {}", run.stdout);
    assert!(run.stdout.contains("failures 1"), "{}", run.stdout);

    // The text repro shows the same verdict.
    let again = run_recorded(meta["repro"].as_str().unwrap(), "");
    assert_eq!(again.code, 1, "{}", again.stderr);
    assert!(again.stdout.contains("verdict: WA"), "{}", again.stdout);
}

#[test]
fn xor_of_pile_outcomes_is_caught_and_shrunk_to_at_most_three_piles() {
    // Edge seed 1 holds 20 piles; the shrunk input must keep at most three. One job, so the
    // run is the same every time.
    let solution = "solutions/game-of-stones/wrong_answer/xor_of_pile_outcomes.py";
    let out = tempdir();
    let args = [
        "game-of-stones",
        solution,
        "--kind",
        "edge",
        "--seeds",
        "1..2",
        "--jobs",
        "1",
    ];
    let (code, report) = stress_json(&args, out.path());
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["verdict"], "WA");
    let failures = report["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report}");
    let failure = &failures[0];
    let original = failure["input"].as_str().unwrap();
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    assert!(counted_games(original) > 3, "{original}");
    let piles = counted_games(shrunk);
    assert!((1..=3).contains(&piles), "{shrunk}");
    // The shrunk input is a valid input on which the reference disagrees with the output.
    let tmp = tempdir();
    let shrunk_file = write_source(tmp.path(), "shrunk.in", shrunk);
    let solved = run(&["solve", "game-of-stones", &shrunk_file]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(solved.stdout, failure["expected"].as_str().unwrap());
    assert_ne!(
        solved.stdout.trim(),
        failure["actual"].as_str().unwrap().trim()
    );
    check_failure_files("game-of-stones", solution, failure, out.path());
}

fn assert_usage_error(args: &[&str], needle: &str) {
    let out = tempdir();
    let mut all = vec!["stress"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.path().to_str().unwrap()]);
    let run = run(&all);
    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    assert_eq!(run.stdout, "", "{args:?}");
    assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
    assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
    assert!(
        !out.path().join("edge").exists(),
        "{args:?} wrote failure files"
    );
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let good = "solutions/david-vs-david/accepted/isqrt_beatty.cpp";
    assert_usage_error(
        &["david-vs-david", good, "--seeds", "9..3"],
        "bad seed range `9..3`",
    );
    assert_usage_error(
        &["david-vs-david", good, "--seeds", "x"],
        "bad seed range `x`",
    );
    assert_usage_error(
        &["david-vs-david", good, "--seeds", "1..=x"],
        "bad seed range",
    );
    assert_usage_error(
        &["david-vs-david", good, "--shard", "4/3"],
        "bad shard `4/3`",
    );
    assert_usage_error(
        &["david-vs-david", good, "--shard", "0/3"],
        "bad shard `0/3`",
    );
    assert_usage_error(
        &["david-vs-david", good, "--shard", "two"],
        "bad shard `two`",
    );
    assert_usage_error(
        &["david-vs-david", good, "--kind", "huge"],
        "unknown kind `huge`",
    );
    assert_usage_error(
        &["no-such-problem", good],
        "unknown problem `no-such-problem`",
    );
    assert_usage_error(
        &["david-vs-david", "/no/such/file.cpp"],
        "candidate `/no/such/file.cpp` not found",
    );
    assert_usage_error(
        &["david-vs-david", good, "--time-limit", "soon"],
        "bad time `soon`",
    );
    // repro too.
    let run = run(&[
        "repro",
        "david-vs-david",
        "/no/such/file.cpp",
        "--seed",
        "1",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    let run = stress_support::run(&["repro", "no-such-problem", good, "--seed", "1"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}
