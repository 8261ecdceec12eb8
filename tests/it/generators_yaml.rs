//! BAPCtools `generators/generators.yaml` through the real binary, on `tests/generators/addgen`,
//! a package written for these tests with no committed `data/`: commands with `{seed}`,
//! `{seed:N}` and `{name}`, `generate:` keys with `count:`, inline `in:`/`ans:`, `copy:`, a
//! generator that writes its own `testcase.in` and `testcase.ans`, a generator folder, a
//! `generators:` map entry, numbered lists and a dictionary group with a `random_salt` and a
//! `test_group.yaml`, `include`, `solution:`, and a `visualizer` (ignored with a note).
//!
//! `tests/generators/addgen.expected/` is the `data/` BAPCtools makes of it, computed apart
//! from stressjudge (Python's `hashlib.sha512` for the seeds, the generators run by hand).

use crate::folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;

const ADDGEN: &str = "tests/generators/addgen";

/// A copy of `addgen` in `dir`, to write into.
fn copy_of_addgen(dir: &Path) -> PathBuf {
    let target = dir.join("addgen");
    copy_dir(&root().join(ADDGEN), &target);
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
fn a_generator_that_crashes_leaves_its_cases_out_named() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = copy_of_addgen(dir.path());
    write(&package, "generators/crash.py", "import sys\nsys.exit(3)\n");
    edit_yaml(&package, "fixed.py 20 22", "crash.py 20 22");
    // The rest is built and judged; the case is named, and nothing passes without it.
    let run = stressjudge(&["verify", arg(&package), "--json", "--stress-seeds", "0"]);
    run.expect_code(1);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_eq!(rows["accepted/add.py"]["got"], "AC", "{report:#}");
    let incomplete = report["incomplete"][0].as_str().unwrap_or_default();
    assert!(
        incomplete.contains("generators.yaml line 14")
            && incomplete.contains("crash.py")
            && incomplete.contains("test case(s) sample/02 left out"),
        "{report:#}"
    );
    let out = dir.path().join("out");
    let generated = stressjudge(&["generate", arg(&package), "--out", arg(&out)]);
    generated.expect_code(1);
    assert!(
        generated.stdout.contains("wrote 13 test case(s)")
            && generated.stdout.contains("incomplete: ")
            && generated.stdout.contains("sample/02 left out"),
        "{}",
        generated.describe()
    );
    assert!(!out.join("sample/02.in").exists());
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
        "submissions/accepted/add.py",
        "raise SystemExit(3)\n",
    );
    edit_yaml(&committed, "fixed.py 20 22", "fixed.py 20 23");
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

const OLDFORMS: &str = "tests/generators/oldforms";

#[test]
fn empty_entries_and_older_forms_are_read_as_bapctools_read_them() {
    let _heavy = heavy();
    // Empty entries are the cases already in data/sample (the third's answer is written by
    // the solution); `input:`, `x.in`, `type:`, a file-named generator and a two-entry
    // numbered item are read as 2021-2023 BAPCtools read them; the case whose `solution:` is
    // empty has no answer and is not judged.
    let dir = tempdir();
    let out = dir.path().join("data");
    let run = stressjudge(&["generate", OLDFORMS, "--out", arg(&out)]);
    run.expect_code(0);
    assert!(
        run.stdout.contains("wrote 8 test case(s)")
            && run.stdout.contains("9 entr(ies) in BAPCtools' older forms")
            && run
                .stdout
                .contains("not written: nothing writes their answer")
            && run.stdout.contains("secret/6-unanswered"),
        "{}",
        run.describe()
    );
    let files = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    assert_eq!(
        files_under(&out),
        files(&[
            "sample/1.ans",
            "sample/1.in",
            "sample/2.ans",
            "sample/2.in",
            "sample/3.ans",
            "sample/3.in",
            "secret/1-small.ans",
            "secret/1-small.in",
            "secret/2-copied.ans",
            "secret/2-copied.in",
            "secret/3-again.ans",
            "secret/3-again.in",
            "secret/4-both.ans",
            "secret/4-both.in",
            "secret/5-dict.ans",
            "secret/5-dict.in",
        ])
    );
    for (file, text) in [
        ("sample/2.in", "20 22\n"),
        ("sample/2.ans", "42\n"),
        ("sample/3.ans", "14\n"),
        ("secret/1-small.in", "3 4\n"),
        ("secret/2-copied.in", "1000 2000\n"),
        ("secret/2-copied.ans", "3000\n"),
        ("secret/4-both.in", "5 6\n"),
        ("secret/5-dict.in", "7 14\n"),
    ] {
        assert_eq!(
            String::from_utf8(read(&out.join(file))).unwrap(),
            text,
            "{file}"
        );
    }

    // verify judges them: a Python 2 submission runs as Python 2, the wrong one is caught on
    // the copied case.
    let run = stressjudge(&["verify", OLDFORMS, "--json", "--stress-seeds", "0"]);
    let python2 = python2_available();
    if !python2 {
        eprintln!("SKIPPED: no Python 2 here; accepted/old_add.py is checked to be CE instead");
    }
    run.expect_code(if python2 { 0 } else { 1 });
    let report = run.json();
    let rows = rows_by_submission(&report);
    let old = if python2 { "AC" } else { "CE" };
    assert_eq!(rows["accepted/old_add.py"]["got"], old, "{report:#}");
    for (submission, got) in [("accepted/add.py", "AC"), ("wrong_answer/big.py", "WA")] {
        assert_eq!(rows[submission]["got"], got, "{submission}: {report:#}");
        assert_eq!(rows[submission]["ok"], true, "{submission}: {report:#}");
    }
    assert_eq!(rows["wrong_answer/big.py"]["source"], "secret/2-copied");

    // An empty entry whose file is not in data/ is named with its line.
    let copy = dir.path().join("oldforms");
    copy_dir(&root().join(OLDFORMS), &copy);
    std::fs::remove_file(copy.join("data/sample/3.in")).unwrap();
    let line = stressjudge(&["generate", arg(&copy), "--out", arg(&out)]).one_line_error();
    assert!(
        line.contains("line 18 (sample/3)") && line.contains("data/sample/3.in does not exist"),
        "{line}"
    );
}

/// BAPCtools' checkout, when it was fetched (`BAPCTOOLS_REPO`, else the mirror's path).
fn bapctools_repo() -> Option<PathBuf> {
    let path = std::env::var_os("BAPCTOOLS_REPO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/.mirror/RagnarGrootKoerkamp+BAPCtools/repo"));
    path.exists().then_some(path)
}

/// Commits of BAPCtools whose test problems and documentation show each era's forms: the
/// newest, the last before empty entries were refused (2024), and the `type: directory` /
/// `input:` era (2023 and 2021).
const BAPCTOOLS_COMMITS: [&str; 4] = ["HEAD", "0b08ff3f", "d78017df", "8a8714c7"];

#[test]
fn bapctools_own_generators_yaml_files_build_when_the_checkout_is_there() {
    let Some(repo) = bapctools_repo() else {
        eprintln!(
            "SKIPPED: no BAPCtools checkout (set BAPCTOOLS_REPO to a clone of \
             github.com/RagnarGrootKoerkamp/BAPCtools to walk its generators.yaml forms)"
        );
        return;
    };
    let _heavy = heavy();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .arg("--git-dir")
            .arg(if repo.join(".git").exists() {
                repo.join(".git")
            } else {
                repo.clone()
            })
            .args(args)
            .output()
            .expect("git runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let mut walked = 0;
    for commit in BAPCTOOLS_COMMITS {
        if git(&["cat-file", "-t", commit]).trim() != "commit" {
            eprintln!("SKIPPED: BAPCtools commit {commit} is not in the checkout");
            continue;
        }
        let files = git(&["ls-tree", "-r", "--name-only", commit]);
        let problems: Vec<&str> = files
            .lines()
            .filter_map(|f| f.strip_suffix("/generators/generators.yaml"))
            .filter(|p| p.starts_with("test/problems/"))
            .collect();
        for problem in problems {
            let dir = tempdir();
            let archive = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!(
                    "git --git-dir '{}' archive {commit} '{problem}' | tar -x -C '{}'",
                    if repo.join(".git").exists() {
                        repo.join(".git")
                    } else {
                        repo.clone()
                    }
                    .display(),
                    dir.path().display()
                ))
                .status()
                .expect("git archive runs");
            assert!(archive.success(), "{commit}:{problem}");
            let package = dir.path().join(problem);
            let out = dir.path().join("built");
            let run = stressjudge(&["generate", arg(&package), "--out", arg(&out)]);
            run.expect_code(0);
            assert!(
                run.stdout.contains("test case(s)"),
                "{commit}:{problem}\n{}",
                run.describe()
            );
            // What BAPCtools committed of the data (its samples) is what the yaml makes.
            let sample = package.join("data/sample");
            for file in files_under(&sample) {
                if file.ends_with(".in") || file.ends_with(".ans") {
                    assert_eq!(
                        read(&out.join("sample").join(&file)),
                        read(&sample.join(&file)),
                        "{commit}:{problem} sample/{file}"
                    );
                }
            }
            walked += 1;
        }
    }
    eprintln!("walked {walked} generators.yaml files of BAPCtools' test problems");
    assert!(walked > 0);
}
