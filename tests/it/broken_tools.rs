//! The user's own tools broken in the ways real ones break, through the real binary: a
//! generator that crashes, prints nothing, ignores its seed (time or unseeded random) or never
//! finishes; a generated input the validator rejects; a reference that crashes or never
//! finishes; a testlib checker saying FAIL (exit 3); a Kattis output validator exiting with
//! neither 42 nor 43. Each is exit 2 with exactly one line on stderr naming the program and the
//! seed (or test), and for `stress` the saved input, which exists; nothing is blamed on the
//! candidate: no verdict is printed and no failure files are written for it.
//!
//! The candidate is always the correct `tests/adhoc/right.cpp`.

use crate::folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;

const GEN: &str = "tests/adhoc/gen.py";
const BRUTE: &str = "tests/adhoc/brute.py";
const CHECKER: &str = "tests/adhoc/chk.cpp";
const VALIDATOR: &str = "tests/adhoc/validate.py";
const RIGHT: &str = "tests/adhoc/right.cpp";

/// A stress run of `RIGHT` on seeds 1..=3 with the ad-hoc `parts`, into a fresh `--out`
/// folder; asserts the one-line judge error and returns it with the folder.
fn stress_error(parts: &[&str]) -> (String, tempfile::TempDir) {
    let out = tempdir();
    let mut args = vec!["stress"];
    args.extend_from_slice(parts);
    args.extend_from_slice(&[
        RIGHT,
        "--seeds",
        "1..=3",
        "--json",
        "--out",
        arg(out.path()),
    ]);
    let line = stressjudge(&args).one_line_error();
    (line, out)
}

/// Asserts `line` names `program` and the seed `seed` (as `seed N (KIND kind)`).
fn assert_names(line: &str, program: &str, seed: u64) {
    assert!(line.contains(program), "names {program}: {line}");
    assert!(
        line.contains(&format!("on seed {seed} (random kind)")),
        "names seed {seed}: {line}"
    );
}

/// Asserts nothing but the judge error's input was written (no failure of the candidate), and
/// returns that input's path, which the line names and which holds the input the tool failed
/// on.
fn saved_input(line: &str, out: &Path) -> PathBuf {
    let saved = out.join("judge-error.in");
    assert!(
        line.ends_with(&format!("; input saved to {}", saved.display())),
        "names the saved input: {line}"
    );
    assert!(saved.is_file(), "{line}");
    assert_eq!(
        files_under(out),
        ["judge-error.in"],
        "no candidate failure files"
    );
    saved
}

/// Asserts no file at all was written (the tool failed before there was an input to save).
fn nothing_saved(line: &str, out: &Path) {
    assert!(!line.contains("saved"), "{line}");
    assert_eq!(files_under(out), Vec::<String>::new());
}

/// Writes a tool into `dir` and returns its path.
fn tool(dir: &Path, name: &str, source: &str) -> String {
    arg(&write(dir, name, source)).to_string()
}

#[test]
fn a_generator_that_crashes_or_prints_nothing() {
    let dir = tempdir();
    // Reads its size from argv[2], which the command forgot: IndexError on every seed.
    let crashing = tool(
        dir.path(),
        "gen.py",
        "import random, sys\nrng = random.Random(int(sys.argv[1]))\nn = int(sys.argv[2])\nprint(n)\n",
    );
    let (line, out) = stress_error(&["--gen", &crashing, "--ref", BRUTE]);
    assert_names(&line, &format!("generator {crashing}"), 1);
    assert!(
        line.contains("crashed with exit code 1") && line.contains("IndexError"),
        "{line}"
    );
    nothing_saved(&line, out.path());

    // Builds the input and forgets to print it.
    let silent = tool(
        dir.path(),
        "silent.py",
        "import random, sys\nrng = random.Random(int(sys.argv[1]))\nvalues = [rng.randint(-5, 5) for _ in range(3)]\n",
    );
    let (line, out) = stress_error(&["--gen", &silent, "--ref", BRUTE]);
    assert_names(&line, &format!("generator {silent}"), 1);
    assert!(line.contains("printed nothing"), "{line}");
    nothing_saved(&line, out.path());

    // repro and gen say the same.
    let line = stressjudge(&[
        "repro", "--gen", &crashing, "--ref", BRUTE, RIGHT, "--seed", "5",
    ])
    .one_line_error();
    assert!(
        line.contains(&format!("generator {crashing}")) && line.contains("on seed 5"),
        "{line}"
    );
    let line = stressjudge(&["gen", "--gen", &silent, "--seed", "9"]).one_line_error();
    assert!(
        line.contains(&format!("generator {silent}")) && line.contains("on seed 9"),
        "{line}"
    );
}

#[test]
fn a_generator_that_ignores_its_seed() {
    let dir = tempdir();
    for (name, source) in [
        (
            "clock.py",
            "import random, time\nrandom.seed(time.time_ns())\nprint(20)\nprint(*(random.randint(-10**9, 10**9) for _ in range(20)))\n",
        ),
        (
            "unseeded.py",
            "import random\nprint(20)\nprint(*(random.randint(-10**9, 10**9) for _ in range(20)))\n",
        ),
    ] {
        // Not an error any more (issue 17): the run goes on with its inputs recorded as
        // generated, says so once, and a correct candidate passes.
        let generator = tool(dir.path(), name, source);
        let out = tempdir();
        let run = stressjudge(&[
            "stress", "--gen", &generator, "--ref", BRUTE, RIGHT, "--seeds", "1..=3", "--json",
            "--out", arg(out.path()),
        ]);
        run.expect_code(0);
        assert_eq!(run.json()["verdict"], "AC");
        let warnings = run.stderr.matches("recorded as generated").count();
        assert_eq!(warnings, 1, "{}", run.stderr);
        assert!(run.stderr.contains(&generator), "{}", run.stderr);
    }
}

#[test]
fn a_generated_input_the_validator_rejects() {
    // gen.py's sizes go up to its argument: 500 breaks the validator's n <= 100 (seed 1 makes
    // n = 69, seed 2 n = 490).
    let (line, out) = stress_error(&[
        "--gen",
        &format!("{GEN} 500"),
        "--ref",
        BRUTE,
        "--checker",
        CHECKER,
        "--validator",
        VALIDATOR,
    ]);
    assert_names(&line, &format!("generator {GEN}"), 2);
    assert!(
        line.contains("made an input the validator rejects")
            && line.contains(&format!("input validator {VALIDATOR} rejects it"))
            && line.contains("n = 490 is outside 1..100"),
        "{line}"
    );
    let saved = saved_input(&line, out.path());
    assert!(String::from_utf8(read(&saved))
        .unwrap()
        .starts_with("490\n"));
}

#[test]
fn a_reference_that_crashes() {
    let dir = tempdir();
    // Reads the values as one integer: crashes as soon as n > 1 (seed 1 makes n = 3).
    let reference = tool(
        dir.path(),
        "brute.py",
        "n = int(input())\nvalue = int(input())\nprint(1)\n",
    );
    let (line, out) = stress_error(&["--gen", GEN, "--ref", &reference]);
    assert_names(&line, &format!("reference {reference}"), 1);
    assert!(
        line.contains("crashed with exit code 1") && line.contains("ValueError"),
        "{line}"
    );
    let saved = saved_input(&line, out.path());
    assert_eq!(read(&saved), b"3\n-5 -3 -5\n", "seed 1 of gen.py");

    // judge on tests without answers asks the reference: same fault, named by test.
    let tests = tempdir();
    write(tests.path(), "1.in", "2\n1 2\n");
    let line = stressjudge(&[
        "judge",
        RIGHT,
        "--tests",
        arg(tests.path()),
        "--ref",
        &reference,
    ])
    .one_line_error();
    assert!(
        line.contains(&format!("reference {reference} crashed"))
            && line.contains("test 1 has no answer file"),
        "{line}"
    );
}

#[test]
fn a_reference_that_prints_nothing() {
    let dir = tempdir();
    // Computes the answer and forgets to print it.
    let reference = tool(
        dir.path(),
        "brute.py",
        "n = int(input())\nvalues = list(map(int, input().split()))\nbest = values.index(max(values)) + 1\n",
    );
    let (line, out) = stress_error(&["--gen", GEN, "--ref", &reference]);
    assert_names(&line, &format!("reference {reference}"), 1);
    assert!(line.contains("printed nothing"), "{line}");
    assert_eq!(read(&saved_input(&line, out.path())), b"3\n-5 -3 -5\n");
}

#[test]
fn a_testlib_checker_that_says_fail() {
    let dir = tempdir();
    // Compares the candidate's index with n instead of the answer's: FAIL whenever they differ.
    let checker = tool(
        dir.path(),
        "chk.py",
        "import sys\nn = int(open(sys.argv[1]).read().split()[0])\nans = int(open(sys.argv[3]).read())\n\
         if ans > n or ans < n:\n    print(f'jury answer {ans} is not {n}', file=sys.stderr)\n    sys.exit(3)\nsys.exit(0)\n",
    );
    let (line, out) = stress_error(&["--gen", GEN, "--ref", BRUTE, "--checker", &checker]);
    assert_names(&line, &format!("checker {checker}"), 1);
    assert!(
        line.contains("says the judge is wrong (exit 3, FAIL)")
            && line.contains("jury answer 2 is not 3"),
        "{line}"
    );
    let saved = saved_input(&line, out.path());
    assert_eq!(read(&saved), b"3\n-5 -3 -5\n");

    let line = stressjudge(&[
        "judge",
        RIGHT,
        "--tests",
        "tests/adhoc/tests",
        "--checker",
        &checker,
    ])
    .one_line_error();
    assert!(
        line.contains(&format!("checker {checker} says the judge is wrong"))
            && line.contains("on test"),
        "{line}"
    );
}

#[test]
fn a_kattis_output_validator_with_an_odd_exit_code() {
    let dir = tempdir();
    for (name, code) in [("exits_zero.py", 0), ("exits_seven.py", 7)] {
        // Exit 0 is the classic mistake: Kattis validators accept with 42.
        let validator = tool(dir.path(), name, &format!("import sys\nsys.exit({code})\n"));
        let (line, out) = stress_error(&[
            "--gen",
            GEN,
            "--ref",
            BRUTE,
            "--output-validator",
            &validator,
        ]);
        assert_names(&line, &format!("output validator {validator}"), 1);
        assert!(
            line.contains(&format!(
                "exited with {code}, neither 42 (accepted) nor 43 (wrong answer)"
            )),
            "{line}"
        );
        saved_input(&line, out.path());
    }
}

#[test]
fn a_folder_generator_whose_inputs_its_validator_rejects() {
    let dir = tempdir();
    let folder = dir.path().join("sums");
    write(
        &folder,
        "problem.yaml",
        "name: Sums\nlimits:\n  time_limit: 1\n",
    );
    write(&folder, "data/sample/1.in", "1 2\n");
    write(&folder, "data/sample/1.ans", "3\n");
    write(
        &folder,
        "input_validators/validate.py",
        "import sys\na, b = map(int, sys.stdin.read().split())\nsys.exit(42 if 0 <= a <= 100 and 0 <= b <= 100 else 43)\n",
    );
    // Draws from -100..100 where the statement says 0..100.
    write(
        &folder,
        "generators/gen.py",
        "import random, sys\nrng = random.Random(int(sys.argv[1]))\nprint(rng.randint(-100, 100), rng.randint(-100, 100))\n",
    );
    write(
        &folder,
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let out = tempdir();
    let sol = folder.join("submissions/accepted/sum.py");
    let line = stressjudge(&[
        "stress",
        arg(&folder),
        arg(&sol),
        "--seeds",
        "1..=20",
        "--json",
        "--out",
        arg(out.path()),
    ])
    .one_line_error();
    let generator = folder.join("generators/gen.py");
    assert!(
        line.contains(&format!("generator {}", generator.display()))
            && line.contains("made an input the validator rejects")
            && line.contains("input_validators/validate.py rejects it")
            && line.contains("on seed "),
        "{line}"
    );
    saved_input(&line, out.path());
}

/// Slow tools: each waits for the tools' time limit (10 s of CPU; the wall-clock backstop stops
/// a sleeper at 20 s). They sleep rather than spin so the machine stays free for other tests.
#[test]
fn a_generator_or_reference_that_never_finishes() {
    let dir = tempdir();
    let sleeper = "import time\ntime.sleep(600)\n";
    let generator = tool(dir.path(), "gen_stuck.py", sleeper);
    let reference = tool(dir.path(), "brute_stuck.py", sleeper);
    let generator_case = std::thread::spawn({
        let generator = generator.clone();
        move || stress_error(&["--gen", &generator, "--ref", BRUTE])
    });
    let (line, out) = stress_error(&["--gen", GEN, "--ref", &reference]);
    assert_names(&line, &format!("reference {reference}"), 1);
    assert!(
        line.contains("s of wall time") && line.contains("was stopped after"),
        "{line}"
    );
    assert_eq!(read(&saved_input(&line, out.path())), b"3\n-5 -3 -5\n");

    let (line, out) = generator_case.join().unwrap();
    assert_names(&line, &format!("generator {generator}"), 1);
    assert!(
        line.contains("s of wall time") && line.contains("was stopped after"),
        "{line}"
    );
    nothing_saved(&line, out.path());
}
