//! File I/O problems through the real binary: a Polygon package with
//! `<judging input-file="game.in" output-file="game.out">` (`tests/polygon/game`, written for
//! these tests; its answers are made by its main solution, itself reading `game.in`), and the
//! `--input-file`/`--output-file` flags on ad-hoc problems for judge, stress and repro.
//!
//! As on Codeforces, a stream replaced by a file is not connected: a solution that prints the
//! right answer on stdout instead of writing the output file gets WA.

use crate::folders_support;

use std::path::Path;

use folders_support::*;

const GAME: &str = "tests/polygon/game";

/// A C++ solution of a + b reading `in.txt` and writing `out.txt`, or printing when `stdout`.
fn sum_cpp(dir: &Path, name: &str, stdout: bool) -> String {
    let out = if stdout {
        "FILE* g = stdout;"
    } else {
        "FILE* g = fopen(\"out.txt\", \"w\");"
    };
    let source = format!(
        "#include <cstdio>\nint main() {{ long long a, b; FILE* f = fopen(\"in.txt\", \"r\");\n\
         if (!f || fscanf(f, \"%lld %lld\", &a, &b) != 2) return 3;\n{out}\n\
         fprintf(g, \"%lld\\n\", a + b); }}\n"
    );
    arg(&write(dir, name, &source)).to_string()
}

/// A folder of oj-style tests of a + b.
fn sum_tests(dir: &Path) -> String {
    let tests = dir.join("tests");
    std::fs::create_dir(&tests).unwrap();
    write(&tests, "1.in", "3 4\n");
    write(&tests, "1.ans", "7\n");
    write(&tests, "2.in", "100 -1\n");
    write(&tests, "2.ans", "99\n");
    arg(&tests).to_string()
}

#[test]
fn a_polygon_file_io_package_verifies_and_judges() {
    let _heavy = heavy();
    let run = stressjudge(&["verify", GAME]);
    run.expect_code(0);
    assert!(
        run.stdout.contains("2 match, 0 mismatch"),
        "{}",
        run.describe()
    );
    assert!(
        run.stdout
            .contains("file I/O: each solution reads game.in, writes game.out"),
        "{}",
        run.describe()
    );

    let main = format!("{GAME}/solutions/main.py");
    let stdout = format!("{GAME}/solutions/stdout.py");
    for isolation in ["full", "basic"] {
        let cases = [
            (&main, 0, "verdict: AC (3 tests)"),
            (&stdout, 1, "the output is empty"),
        ];
        for (solution, code, shown) in cases {
            let run = stressjudge(&["judge", "--isolation", isolation, GAME, solution]);
            run.expect_code(code);
            assert!(run.stdout.contains(shown), "{}", run.describe());
        }
    }
}

#[test]
fn flags_override_a_package_and_names_must_be_plain() {
    let main = format!("{GAME}/solutions/main.py");
    let err = stressjudge(&["judge", GAME, &main, "--input-file", "../game.in"]).one_line_error();
    assert!(err.contains("--input-file: `../game.in`"), "{err}");
    let err = stressjudge(&["verify", GAME, "--output-file", "a/b"]).one_line_error();
    assert!(err.contains("--output-file: `a/b`"), "{err}");

    let dir = tempdir();
    let package = dir.path().join("game");
    std::fs::create_dir(&package).unwrap();
    for part in ["tests", "solutions"] {
        std::fs::create_dir(package.join(part)).unwrap();
        for entry in std::fs::read_dir(root().join(GAME).join(part)).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), package.join(part).join(entry.file_name())).unwrap();
        }
    }
    let xml = std::fs::read_to_string(root().join(GAME).join("problem.xml")).unwrap();
    std::fs::write(
        package.join("problem.xml"),
        xml.replace("input-file=\"game.in\"", "input-file=\"../game.in\""),
    )
    .unwrap();
    let err = stressjudge(&["verify", arg(&package)]).one_line_error();
    assert!(
        err.contains("problem.xml") && err.contains("../game.in"),
        "{err}"
    );
}

#[test]
fn ad_hoc_judge_reads_and_writes_the_named_files() {
    let dir = tempdir();
    let tests = sum_tests(dir.path());
    let good = sum_cpp(dir.path(), "good.cpp", false);
    let printing = sum_cpp(dir.path(), "printing.cpp", true);
    let io = ["--input-file", "in.txt", "--output-file", "out.txt"];
    for isolation in ["full", "basic"] {
        let mut args = vec!["judge", "--isolation", isolation, &good, "--tests", &tests];
        args.extend(io);
        let run = stressjudge(&args);
        run.expect_code(0);
        assert!(
            run.stdout.contains("verdict: AC (2 tests)"),
            "{}",
            run.describe()
        );
    }
    let mut args = vec!["judge", &printing, "--tests", &tests];
    args.extend(io);
    stressjudge(&args).expect_code(1);
    // Without the flags the same program finds no in.txt: a runtime error, not AC.
    stressjudge(&["judge", &good, "--tests", &tests]).expect_code(1);
    // Only the output is a file: stdin carries the input.
    let stdin_reader = write(
        dir.path(),
        "stdin.py",
        "a, b = map(int, input().split())\nopen('out.txt', 'w').write(f'{a + b}\\n')\n",
    );
    stressjudge(&[
        "judge",
        arg(&stdin_reader),
        "--tests",
        &tests,
        "--output-file",
        "out.txt",
    ])
    .expect_code(0);
}

#[test]
fn an_output_file_past_the_output_limit_is_ole() {
    let dir = tempdir();
    let tests = sum_tests(dir.path());
    let flood = write(
        dir.path(),
        "flood.py",
        "with open('out.txt', 'w') as f:\n    for _ in range(4096):\n        f.write('7' * 1024)\n",
    );
    let run = stressjudge(&[
        "judge",
        arg(&flood),
        "--tests",
        &tests,
        "--output-file",
        "out.txt",
        "--output-limit",
        "1M",
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    let verdicts: Vec<&str> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["OLE", "OLE"], "{}", run.describe());
}

#[test]
fn ad_hoc_stress_and_its_repro_use_the_files() {
    let _heavy = heavy();
    let dir = tempdir();
    let generator = write(
        dir.path(),
        "gen.py",
        "import sys, random\nr = random.Random(int(sys.argv[1]))\n\
         print(r.randint(1, 100), r.randint(1, 100))\n",
    );
    let reference = write(
        dir.path(),
        "ref.py",
        "a, b = map(int, open('in.txt').read().split())\nopen('out.txt', 'w').write(f'{a + b}\\n')\n",
    );
    let wrong = write(
        dir.path(),
        "wrong.py",
        "a, b = map(int, open('in.txt').read().split())\n\
         open('out.txt', 'w').write(f'{a + b + (a > 90)}\\n')\n",
    );
    let failures = dir.path().join("failures");
    let stress = |solution: &Path, seeds: &str| {
        stressjudge(&[
            "stress",
            "--gen",
            arg(&generator),
            "--ref",
            arg(&reference),
            arg(solution),
            "--input-file",
            "in.txt",
            "--output-file",
            "out.txt",
            "--seeds",
            seeds,
            "--out",
            arg(&failures),
        ])
    };
    let run = stress(&wrong, "1..40");
    run.expect_code(1);
    assert!(run.stdout.contains("FAILURE"), "{}", run.describe());
    let repro = run
        .stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("repro: "))
        .unwrap_or_else(|| panic!("a repro line\n{}", run.describe()));
    assert!(
        repro.contains("--input-file in.txt --output-file out.txt"),
        "{repro}"
    );
    let again = run_printed_command(repro, &[]);
    again.expect_code(1);
    assert!(again.stdout.contains("expected"), "{}", again.describe());

    // The right solution passes the same stress.
    stress(&reference, "1..10").expect_code(0);
}
