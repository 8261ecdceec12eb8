//! BAPCtools `generators/generators.yaml` through the real binary, on `tests/generators/addgen`,
//! a package written for these tests with no committed `data/`: commands with `{seed}`,
//! `{seed:N}` and `{name}`, `generate:` keys with `count:`, inline `in:`/`ans:`, `copy:`, a
//! generator that writes its own `testcase.in` and `testcase.ans`, a generator folder, a
//! `generators:` map entry, numbered lists and a dictionary group with a `random_salt` and a
//! `test_group.yaml`, `include`, `solution:`, and a `visualizer` (ignored with a note).
//!
//! `tests/generators/addgen.expected/` is the `data/` BAPCtools makes of it, computed apart
//! from stressjudge (Python's `hashlib.sha512` for the seeds, the generators run by hand).

mod folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;

const ADDGEN: &str = "tests/generators/addgen";

/// Copies `from` into `to`.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A copy of `addgen` in `dir`, to write into.
fn copy_of_addgen(dir: &Path) -> PathBuf {
    let target = dir.join("addgen");
    copy_tree(&root().join(ADDGEN), &target);
    target
}

/// Replaces `old` by `new` in the copy's generators.yaml.
fn edit_yaml(package: &Path, old: &str, new: &str) {
    let file = package.join("generators/generators.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(old), "{old}");
    std::fs::write(&file, text.replacen(old, new, 1)).unwrap();
}

/// Asserts `data` holds exactly the expected files, byte for byte.
fn assert_expected_data(data: &Path) {
    let expected = root().join("tests/generators/addgen.expected");
    let want = files_under(&expected);
    assert_eq!(files_under(data), want, "the files of data/");
    for file in &want {
        assert_eq!(
            String::from_utf8(read(&data.join(file))).unwrap(),
            String::from_utf8(read(&expected.join(file))).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn generate_writes_the_data_bapctools_makes_byte_for_byte() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = copy_of_addgen(dir.path());
    let run = stressjudge(&["generate", arg(&package)]);
    run.expect_code(0);
    let data = package.join("data");
    assert!(
        run.stdout.starts_with(&format!(
            "wrote 15 test case(s) to {}: 31 new, 0 changed, 0 unchanged file(s)\n",
            data.display()
        )),
        "{}",
        run.describe()
    );
    assert!(
        run.stdout
            .contains("visualizer: not run by stressjudge; ignored"),
        "{}",
        run.describe()
    );
    assert_expected_data(&data);

    // A second run changes nothing (its generators' results come from the cache).
    let again = stressjudge(&["generate", arg(&package)]);
    again.expect_code(0);
    assert!(
        again.stdout.contains("0 new, 0 changed, 31 unchanged"),
        "{}",
        again.describe()
    );

    // --out writes elsewhere and leaves the package alone.
    let out = dir.path().join("elsewhere");
    let run = stressjudge(&["generate", ADDGEN, "--out", arg(&out)]);
    run.expect_code(0);
    assert_expected_data(&out);
    assert!(!root().join(ADDGEN).join("data").exists());

    // Committed data that differs from generators.yaml: the built data is judged, with a note
    // saying what differs.
    std::fs::write(data.join("secret/06-big.in"), "1 1\n").unwrap();
    std::fs::write(data.join("secret/99-stray.in"), "1 1\n").unwrap();
    let listed = stressjudge(&["list", arg(&package)]);
    listed.expect_code(0);
    assert!(
        listed.stdout.contains("1 differ (secret/06-big.in)")
            && listed
                .stdout
                .contains("not made by generators.yaml (secret/99-stray.in)"),
        "{}",
        listed.describe()
    );
}

#[test]
fn verify_builds_the_missing_data_and_gives_every_submission_its_verdict() {
    let _heavy = heavy();
    let run = stressjudge(&["verify", ADDGEN, "--json", "--stress-seeds", "2"]);
    run.expect_code(0);
    let report = run.json();
    assert_eq!(report["ok"], true, "{report:#}");
    let rows = rows_by_submission(&report);
    for (submission, got) in [
        ("accepted/add.py", "AC"),
        ("wrong_answer/over_hundred.py", "WA"),
        ("run_time_error/crash_on_equal.py", "RE"),
    ] {
        let row = &rows[submission];
        assert_eq!(row["got"], got, "{row:#}");
        assert_eq!(row["ok"], true, "{row:#}");
    }
    // The crash is on the first equal pair of the built data: the generator folder's `6 6`.
    assert_eq!(
        rows["run_time_error/crash_on_equal.py"]["source"],
        "secret/08-pair"
    );
    let text = report.to_string();
    assert!(
        text.contains("data/: built from generators/generators.yaml (15 test case(s)"),
        "{report:#}"
    );
    assert!(
        !root().join(ADDGEN).join("data").exists(),
        "nothing written"
    );
}

#[test]
fn stress_with_a_generator_kind_finds_and_shrinks_a_wrong_answer() {
    let _heavy = heavy();
    let out = tempdir();
    let wrong = format!("{ADDGEN}/submissions/wrong_answer/over_hundred.py");
    let run = stressjudge(&[
        "stress",
        ADDGEN,
        &wrong,
        "--kind",
        "gen",
        "--seeds",
        "1..=20",
        "--json",
        "--out",
        arg(out.path()),
        "--time-limit",
        "1s",
    ]);
    run.expect_code(1);
    let report = run.json();
    assert_eq!(report["verdict"], "WA", "{report:#}");
    let failure = first_failure(&report);
    assert_eq!(failure["kind"], "gen");
    let seed = failure["seed"].as_u64().unwrap();
    // The kind runs `gen.py {seed} 1000` (the largest seeded command) with stressjudge's seed.
    let input = failure["input"].as_str().unwrap();
    let sum: i64 = tokens(input)
        .iter()
        .map(|t| t.parse::<i64>().unwrap())
        .sum();
    assert!(sum > 100, "{input}");
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    let shrunk_sum: i64 = tokens(shrunk)
        .iter()
        .map(|t| t.parse::<i64>().unwrap())
        .sum();
    assert!(shrunk_sum > 100 && shrunk_sum <= sum, "{shrunk}");

    // `gen` prints the same input for the seed, and repro replays the failure.
    let gen = stressjudge(&["gen", ADDGEN, "--kind", "gen", "--seed", &seed.to_string()]);
    gen.expect_code(0);
    assert_eq!(gen.stdout, input);
    let replay = stressjudge(&[
        "repro",
        ADDGEN,
        &wrong,
        "--kind",
        "gen",
        "--seed",
        &seed.to_string(),
        "--time-limit",
        "1s",
    ]);
    assert_eq!(replay.code, 1, "{}", replay.describe());
}

#[test]
fn a_generator_that_crashes_is_one_line_naming_the_test() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = copy_of_addgen(dir.path());
    write(&package, "generators/crash.py", "import sys\nsys.exit(3)\n");
    edit_yaml(&package, "fixed.py 20 22", "crash.py 20 22");
    for command in ["verify", "generate"] {
        let line = stressjudge(&[command, arg(&package)]).one_line_error();
        assert!(
            line.contains("generators.yaml line 14 (sample/02)") && line.contains("crash.py"),
            "{command}: {line}"
        );
    }
    // A program that is not there is named with its line before anything runs.
    edit_yaml(&package, "crash.py 20 22", "missing.py 20 22");
    let line = stressjudge(&["verify", arg(&package)]).one_line_error();
    assert!(
        line.contains("generators.yaml line 14") && line.contains("`missing.py`"),
        "{line}"
    );
    // With committed data, a yaml that cannot be built leaves the committed data judged.
    let other = tempdir();
    let committed = copy_of_addgen(other.path());
    stressjudge(&["generate", arg(&committed)]).expect_code(0);
    write(
        &committed,
        "generators/crash.py",
        "import sys\nsys.exit(3)\n",
    );
    edit_yaml(&committed, "fixed.py 20 22", "crash.py 20 22");
    let listed = stressjudge(&["list", arg(&committed)]);
    listed.expect_code(0);
    assert!(
        listed
            .stdout
            .contains("could not be built from generators.yaml")
            && listed.stdout.contains("the committed data/ is judged"),
        "{}",
        listed.describe()
    );
    // `generate` on a folder without generators.yaml says so.
    let line = stressjudge(&["generate", "tests/problems/anysum"]).one_line_error();
    assert!(line.contains("no generators/generators.yaml"), "{line}");
}
