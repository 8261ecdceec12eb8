//! Issue 17 through the binary, on the intervals problem of `tests/intervals/` (`n m`, then m
//! lines `L R` with 1 <= L < R <= n; an off-by-one solution; a brute force that reads tokens
//! leniently; no input validator given to stressjudge): the shrunk input keeps the format the
//! generator's inputs have (checked by a strict validator this test holds back) and still fails;
//! a generator seeded from the clock is recorded instead of refused, and its saved failure
//! reproduces with `repro --input`; `--explain-format` prints what a few generators produce.

use crate::folders_support;

use folders_support::*;
use serde_json::Value;

const GEN: &str = "tests/intervals/gen.py";
const CLOCK_GEN: &str = "tests/intervals/clock_gen.py";
const BRUTE: &str = "tests/intervals/brute.py";
const WRONG: &str = "tests/intervals/wrong.py";
// Several --gen, --gen-output and repro --input on a built-in are tested at the end.

/// The strict validator the problem setter would write; never given to stressjudge.
fn valid_intervals(text: &str) -> Result<(), String> {
    let lines: Vec<Vec<i64>> = text
        .lines()
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.parse().map_err(|_| format!("`{t}` is not an integer")))
                .collect::<Result<_, _>>()
        })
        .collect::<Result<_, _>>()?;
    let head = lines.first().ok_or("empty input")?;
    let [n, m] = head[..] else {
        return Err(format!("first line {head:?} is not `n m`"));
    };
    if !(2..=30).contains(&n) || !(0..n).contains(&m) {
        return Err(format!("n = {n}, m = {m} out of range"));
    }
    if lines.len() != m as usize + 1 {
        return Err(format!("{} interval lines, m = {m}", lines.len() - 1));
    }
    for line in &lines[1..] {
        match line[..] {
            [l, r] if 1 <= l && l < r && r <= n => {}
            _ => return Err(format!("interval {line:?} breaks 1 <= L < R <= {n}")),
        }
    }
    Ok(())
}

/// `stress` of the wrong solution against the brute force with `generators` (each a `--gen`)
/// and `extra` flags, failures into `out`: the run (exit 1) and its JSON report.
fn stress_failing(generators: &[&str], extra: &[&str], out: &std::path::Path) -> (Run, Value) {
    let mut args = vec!["stress"];
    for generator in generators {
        args.extend_from_slice(&["--gen", generator]);
    }
    args.extend_from_slice(&["--ref", BRUTE, WRONG, "--json", "--out", arg(out)]);
    args.extend_from_slice(extra);
    let run = stressjudge(&args);
    run.expect_code(1);
    let report = run.json();
    (run, report)
}

/// Panics unless `shrunk` is a valid intervals input.
fn assert_valid(shrunk: &str) {
    if let Err(why) = valid_intervals(shrunk) {
        panic!("the shrunk input {shrunk:?} is not valid: {why}");
    }
}

/// `repro` of the wrong solution on `file` (`--input`), with `generators`: its JSON report,
/// after checking it fails again.
fn repro_failing(generators: &[&str], file: &str) -> Value {
    let mut args = vec!["repro"];
    for generator in generators {
        args.extend_from_slice(&["--gen", generator]);
    }
    args.extend_from_slice(&["--ref", BRUTE, WRONG, "--input", file, "--json"]);
    let run = stressjudge(&args);
    run.expect_code(1);
    let report = run.json();
    assert_eq!(report["verdict"], "WA");
    report
}

#[test]
fn the_shrunk_intervals_input_is_valid_and_still_fails() {
    let _heavy = heavy();
    let out = tempdir();
    let (_, report) = stress_failing(&[GEN], &[], out.path());
    let failure = first_failure(&report);
    assert_eq!(failure["verdict"], "WA", "{failure:#}");
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    assert_valid(shrunk);
    assert!(
        shrunk.len() < failure["input"].as_str().unwrap().len(),
        "{failure:#}"
    );
    assert_eq!(failure["recorded_input"], false);
    let format = failure["input_format"].as_array().unwrap();
    assert!(
        format.iter().any(|l| l.as_str().unwrap().contains("a < b")),
        "{format:?}"
    );
    // It still fails: the saved shrunk input, run again through `repro --input`.
    let stem = failure["file_stem"].as_str().unwrap();
    let min_in = out.path().join(format!("{stem}.min.in"));
    assert_eq!(String::from_utf8(read(&min_in)).unwrap(), shrunk);
    let again = repro_failing(&[GEN], arg(&min_in));
    assert_eq!(again["input"], shrunk);
}

#[test]
fn a_clock_seeded_generator_is_recorded_and_its_failure_reproduces_from_the_saved_input() {
    let _heavy = heavy();
    let out = tempdir();
    let (run, report) = stress_failing(&[CLOCK_GEN], &[], out.path());
    let warnings: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("recorded as generated"))
        .collect();
    assert_eq!(warnings.len(), 1, "warned once: {}", run.stderr);
    let failure = first_failure(&report);
    assert_eq!(failure["recorded_input"], true, "{failure:#}");
    let repro = failure["repro"].as_str().unwrap();
    assert!(
        repro.contains("--input") && !repro.contains("--seed"),
        "no seed is claimed to reproduce it: {repro}"
    );
    let stem = failure["file_stem"].as_str().unwrap();
    let saved = out.path().join(format!("{stem}.in"));
    assert_eq!(
        String::from_utf8(read(&saved)).unwrap(),
        failure["input"].as_str().unwrap(),
        "saved as generated"
    );
    let meta: serde_json::Value =
        serde_json::from_slice(&read(&out.path().join(format!("{stem}.json")))).unwrap();
    assert_eq!(meta["recorded_input"], true);
    // The printed repro command runs the saved input and fails the same way.
    let again = run_printed_command(repro, &["--json"]);
    again.expect_code(1);
    assert_eq!(again.json()["verdict"], "WA");
    assert_eq!(again.json()["input"], failure["input"]);
    // The text view says so too.
    let text = stressjudge(&[
        "stress",
        "--gen",
        CLOCK_GEN,
        "--ref",
        BRUTE,
        WRONG,
        "--out",
        arg(out.path()),
    ]);
    text.expect_code(1);
    assert!(text.stdout.contains("recorded input"), "{}", text.stdout);
    assert!(
        text.stdout
            .contains("shrunk within the input format the generator's inputs have:"),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("repro: stressjudge repro") && text.stdout.contains("--input"));
}

#[test]
fn explain_format_prints_what_the_generators_produce() {
    let _heavy = heavy();
    let explain = |generator: &str| {
        let run = stressjudge(&[
            "stress",
            "--gen",
            generator,
            "--ref",
            BRUTE,
            WRONG,
            "--explain-format",
            "--seeds",
            "1..=40",
        ]);
        run.expect_code(0);
        run.stdout
    };
    let intervals = explain(GEN);
    for fact in [
        "line 1: n m (2 <= n <= 30, 0 <= m <=",
        "m < n",
        "m lines: a b (1 <= a <=",
        "b <= n",
        "a < b",
    ] {
        assert!(intervals.contains(fact), "{fact}: {intervals}");
    }
    let permutations = explain("tests/intervals/perm_gen.py");
    assert!(
        permutations.contains("n integers a_1 .. a_n")
            && permutations.contains("a permutation of 1..n"),
        "{permutations}"
    );
    let grid = explain("tests/intervals/grid_gen.py");
    assert!(
        grid.contains("n lines: a word s of m characters") && grid.contains("from [#.]"),
        "{grid}"
    );
    let run = stressjudge(&[
        "stress",
        "--gen",
        GEN,
        "--ref",
        BRUTE,
        WRONG,
        "--explain-format",
        "--seeds",
        "1..=40",
        "--json",
    ]);
    run.expect_code(0);
    let formats = &run.json()["formats"];
    assert_eq!(formats[0]["kind"], "random");
    assert_eq!(formats[0]["inputs"], 40);
}

#[test]
fn inputs_not_games_and_a_checker_without_a_reference() {
    let _heavy = heavy();
    let dir = tempdir();
    // A round-trip checker: the answer file is empty, the checker alone decides.
    let checker = write(
        dir.path(),
        "chk.py",
        "import sys\n\
         t = list(map(int, open(sys.argv[1]).read().split()))\n\
         n, m = t[0], t[1]\n\
         pairs = [(t[2 + 2 * i], t[3 + 2 * i]) for i in range(m)]\n\
         want = sum(1 for x in range(1, n + 1) if any(a <= x <= b for a, b in pairs))\n\
         assert open(sys.argv[3]).read() == ''\n\
         got = int(open(sys.argv[2]).read())\n\
         sys.exit(0 if got == want else 1)\n",
    );
    let out = tempdir();
    let run = stressjudge(&[
        "stress",
        "--gen",
        GEN,
        "--checker",
        arg(&checker),
        WRONG,
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    assert!(run.stdout.contains("WA"), "{}", run.stdout);
    let summary = run
        .stdout
        .lines()
        .find(|l| l.starts_with("inputs "))
        .unwrap();
    assert!(
        summary.contains("inputs/s") && !summary.contains("games"),
        "{summary}"
    );
}

#[test]
fn several_generators_a_smaller_kind_is_tried_first() {
    let _heavy = heavy();
    let out = tempdir();
    // Kind `random` (n up to 30, its seed 1 fails) and kind `gen2` (n up to 4).
    let (_, report) = stress_failing(
        &["tests/intervals/gen.py 30", "tests/intervals/gen.py 4"],
        &["--seeds", "1..=8"],
        out.path(),
    );
    let failure = first_failure(&report);
    assert_eq!(failure["kind"], "random", "{failure:#}");
    assert_eq!(failure["shrunk_from"]["kind"], "gen2", "{failure:#}");
    assert_valid(failure["shrunk_input"].as_str().unwrap());
    // The repro line names both generators, so `--kind gen2` would work as well.
    let repro = failure["repro"].as_str().unwrap();
    assert!(
        repro.contains("--gen 'tests/intervals/gen.py 30' --gen 'tests/intervals/gen.py 4'"),
        "{repro}"
    );
    let again = run_printed_command(repro, &["--json"]);
    again.expect_code(1);
    assert_eq!(again.json()["input"], failure["input"]);
}

#[test]
fn a_generator_that_writes_its_input_to_a_file() {
    let _heavy = heavy();
    let out = tempdir();
    let (_, report) = stress_failing(
        &["tests/intervals/file_gen.py"],
        &["--gen-output", "input.txt", "--seeds", "1..=3"],
        out.path(),
    );
    let failure = first_failure(&report);
    assert!(
        failure["input"].as_str().unwrap().starts_with("6 4\n"),
        "{failure:#}"
    );
    let repro = failure["repro"].as_str().unwrap();
    assert!(repro.contains("--gen-output input.txt"), "{repro}");
    let again = run_printed_command(repro, &["--json"]);
    again.expect_code(1);
    assert_eq!(again.json()["input"], failure["input"]);
    // A path is refused; a generator that writes nothing is named.
    let line = stressjudge(&[
        "stress",
        "--gen",
        GEN,
        "--gen-output",
        "../x.txt",
        "--ref",
        BRUTE,
        WRONG,
    ])
    .one_line_error();
    assert!(line.contains("--gen-output `../x.txt`"), "{line}");
    let line = stressjudge(&[
        "stress",
        "--gen",
        GEN,
        "--gen-output",
        "input.txt",
        "--ref",
        BRUTE,
        WRONG,
        "--out",
        arg(out.path()),
    ])
    .one_line_error();
    assert!(line.contains("did not write input.txt"), "{line}");
}

#[test]
fn repro_input_runs_a_file_on_a_built_in_problem() {
    let _heavy = heavy();
    let dir = tempdir();
    let generated = stressjudge(&["gen", "david-vs-david", "--seed", "3", "--kind", "edge"]);
    generated.expect_code(0);
    let file = write(dir.path(), "edge3.in", &generated.stdout);
    let run = stressjudge(&[
        "repro",
        "david-vs-david",
        "solutions/david-vs-david/accepted/isqrt_beatty.py",
        "--input",
        arg(&file),
        "--json",
    ]);
    run.expect_code(0);
    let report = run.json();
    assert_eq!(report["verdict"], "AC");
    assert_eq!(report["input"], generated.stdout.as_str());
    assert_eq!(report["input_file"], arg(&file));
    // --seed and --input exclude each other; a missing file is a one-line error.
    let line = stressjudge(&[
        "repro",
        "david-vs-david",
        "solutions/david-vs-david/accepted/isqrt_beatty.py",
        "--input",
        "/no/such.in",
    ])
    .one_line_error();
    assert!(
        line.contains("--input /no/such.in: cannot be read"),
        "{line}"
    );
}
