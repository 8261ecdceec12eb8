//! Whole `stressjudge stress` runs through the binary: correct solutions pass the default run,
//! and `--shard I/N` splits a run into pieces that together check exactly what the whole run
//! checks, failures included.

use crate::stress_support;

use stress_support::*;

/// Runs a correct solution, checks the passing report and that nothing was written, and returns
/// the report.
fn passes(args: &[&str]) -> serde_json::Value {
    let out = tempdir();
    let (code, report) = stress_json(args, out.path());
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["verdict"], "AC", "{report}");
    assert_eq!(report["failures"], serde_json::json!([]));
    assert_eq!(report["interrupted"], false);
    assert!(report["games"].as_u64().unwrap() > 0, "{report}");
    assert!(report["runs"].as_u64().unwrap() > 0, "{report}");
    let written: Vec<_> = std::fs::read_dir(out.path()).unwrap().collect();
    assert!(written.is_empty(), "a passing run wrote {written:?}");
    eprintln!(
        "{} {}: {} inputs, {} games, {} runs in {} ms",
        report["problem"],
        report["solution"],
        report["inputs"],
        report["games"],
        report["runs"],
        report["elapsed_ms"]
    );
    report
}

#[test]
fn isqrt_beatty_passes_the_full_default_run() {
    // Default: seeds 1..=100 of every kind, 400 inputs.
    let report = passes(&[
        "david-vs-david",
        "solutions/david-vs-david/accepted/isqrt_beatty.cpp",
    ]);
    assert_eq!(report["inputs"], 400);
    assert!(report["games"].as_u64().unwrap() > 10_000_000, "{report}");
}

#[test]
fn closed_form_passes_the_full_default_run_of_game_of_stones() {
    let report = passes(&[
        "game-of-stones",
        "solutions/game-of-stones/accepted/closed_form.cpp",
    ]);
    assert_eq!(report["inputs"], 400);
}

#[test]
fn band_bitsets_passes_every_kind_of_king_game() {
    // The default run of King Game takes most of a minute (100 inputs of 10^5 games of the max kind): a
    // few seeds of every kind here.
    let report = passes(&[
        "king-game",
        "solutions/king-game/accepted/band_bitsets.cpp",
        "--seeds",
        "1..4",
    ]);
    assert_eq!(report["inputs"], 12);
}

/// `stress ARGS --shard I/N` for I in 1..=N, and the whole run.
fn sharded(args: &[&str], count: u64) -> (serde_json::Value, Vec<serde_json::Value>) {
    let out = tempdir();
    let (_, whole) = stress_json(args, &out.path().join("whole"));
    let shards = (1..=count)
        .map(|index| {
            let shard = format!("{index}/{count}");
            let mut with_shard = args.to_vec();
            with_shard.extend_from_slice(&["--shard", &shard]);
            stress_json(&with_shard, &out.path().join(index.to_string())).1
        })
        .collect();
    (whole, shards)
}

fn sum(reports: &[serde_json::Value], field: &str) -> u64 {
    reports.iter().map(|r| r[field].as_u64().unwrap()).sum()
}

#[test]
fn shards_of_a_passing_run_check_the_whole_range_once() {
    let args = [
        "david-vs-david",
        "solutions/david-vs-david/accepted/isqrt_beatty.cpp",
        "--seeds",
        "1..31",
        "--kind",
        "small",
    ];
    let (whole, shards) = sharded(&args, 3);
    assert_eq!(whole["verdict"], "AC");
    assert_eq!(whole["inputs"], 30);
    for shard in &shards {
        assert_eq!(shard["verdict"], "AC");
        assert_eq!(shard["inputs"], 10, "{shard}");
    }
    assert_eq!(sum(&shards, "inputs"), 30);
    assert_eq!(sum(&shards, "games"), whole["games"].as_u64().unwrap());
}

#[test]
fn shards_with_keep_going_find_the_same_failing_seeds_as_the_whole_run() {
    // A brute force that answers the game `35 35 9` wrongly: some small seeds hold that game,
    // others do not, and seeds are packed 50 to a run, so several failing seeds share one run.
    let dir = tempdir();
    let source = format!(
        "#define WRONG_GAME(x, y, k) ((x) == 35 && (y) == 35 && (k) == 9)\n{}",
        include_str!("../candidates/david_dp.c")
    );
    let candidate = write_source(dir.path(), "wrong_at_35_35_9.c", &source);
    let args = [
        "david-vs-david",
        &candidate,
        "--seeds",
        "1..61",
        "--kind",
        "small",
        "--keep-going",
    ];
    let (whole, shards) = sharded(&args, 3);
    let failing = failing_units(&whole);
    assert!(
        (5..=55).contains(&failing.len()),
        "want a mix of failing and passing seeds: {failing:?}"
    );
    assert_eq!(whole["inputs"], 60);
    let mut union: Vec<(String, u64)> = shards.iter().flat_map(failing_units).collect();
    union.sort();
    assert_eq!(union, failing);
    assert_eq!(sum(&shards, "inputs"), 60);
    assert_eq!(sum(&shards, "games"), whole["games"].as_u64().unwrap());
    // Each failing seed really holds the game the candidate gets wrong, and each shard reports
    // only its own seeds.
    for (index, shard) in shards.iter().enumerate() {
        for (kind, seed) in failing_units(shard) {
            assert_eq!(
                (seed - 1) % 3,
                index as u64,
                "seed {seed} in shard {}",
                index + 1
            );
            assert!(gen("david-vs-david", &kind, seed).contains("\n35 35 9\n"));
        }
    }
    for failure in whole["failures"].as_array().unwrap() {
        let shrunk = failure["shrunk_input"].as_str().unwrap();
        assert_eq!(shrunk, "1\n35 35 9\n");
    }
}
