//! Fault injection: a full or read-only disk under each kind of write stressjudge makes (failure
//! files, report files, the build, reference-answer, built-test and validator acceptance caches,
//! verify's remembered runs, the temporary folder), through the real binary. Each case must keep every verdict of the same
//! run on a healthy disk, exit with the documented code (2 when a failure or report could not be saved, the verdicts still
//! printed), and never claim a file saved that is not there whole. Prints the figures (faults
//! injected, survived, wrong claims). Needs root for the tmpfs mounts; says SKIPPED otherwise.

use crate::faults_support;

use std::path::Path;

use faults_support::{
    command, false_saved_claims, judge_verdicts, partials_under, root_or_skip, run,
    stress_verdicts, verify_verdicts, Mount, Run, Tally,
};

/// A wrong David vs David solution: a few seeds of the edge kind fail fast and shrink.
const WRONG: &str = "solutions/david-vs-david/wrong_answer/float_beatty.cpp";
const RIGHT: &str = "solutions/david-vs-david/accepted/isqrt_beatty.cpp";

fn stress_args<'a>(solution: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "stress",
        "david-vs-david",
        solution,
        "--kind",
        "edge",
        "--seeds",
        "1..4",
        "--keep-going",
        "--out",
        out,
    ]
}

fn with_json(mut args: Vec<&str>) -> Vec<&str> {
    args.push("--json");
    args
}

/// The ad-hoc trio (Python generator and brute force, C++ candidate): uses the build cache and
/// the reference-answer cache.
fn adhoc_args(out: &str) -> Vec<&str> {
    vec![
        "stress",
        "--gen",
        "tests/adhoc/gen.py",
        "--ref",
        "tests/adhoc/brute.py",
        "tests/adhoc/wrong.cpp",
        "--seeds",
        "1..7",
        "--keep-going",
        "--json",
        "--out",
        out,
    ]
}

fn check(condition: bool, why: impl Into<String>) -> Result<(), String> {
    if condition {
        Ok(())
    } else {
        Err(why.into())
    }
}

/// The run kept the baseline's verdicts and exited with `code`.
fn same_verdicts(run: &Run, baseline: &str, code: i32) -> Result<(), String> {
    check(
        run.code == code,
        format!(
            "exit {} instead of {code}; stderr: {}",
            run.code, run.stderr
        ),
    )?;
    let verdicts = stress_verdicts(&run.json());
    check(
        verdicts == baseline,
        format!("verdicts {verdicts} instead of {baseline}"),
    )
}

/// The disks a cache folder is put on: (case, bytes left free or `u64::MAX` to leave it empty,
/// mount options).
const CACHE_DISKS: [(&str, u64, &str); 3] = [
    ("disk full", 0, ""),
    ("disk fills mid-run", 40 << 10, ""),
    ("read-only", u64::MAX, "ro"),
];

/// A 256 KiB tmpfs at `path` for a cache folder, filled to leave `keep` bytes.
fn cache_disk(path: &Path, keep: u64, options: &str) -> Mount {
    let mount = Mount::tmpfs(path, 256 << 10, options);
    if keep != u64::MAX {
        mount.fill(keep);
    }
    mount
}

/// Notes that a cache cannot be written, each said at most once.
fn said_at_most_once(stderr: &str) -> Result<(), String> {
    for cache in [
        "build cache",
        "reference-answer cache",
        "built-test cache",
        "validator acceptance cache",
        "run-result cache",
    ] {
        let count = stderr
            .lines()
            .filter(|l| l.contains(cache) && l.contains("cannot be written"))
            .count();
        check(
            count <= 1,
            format!("{cache} note said {count} times: {stderr}"),
        )?;
    }
    Ok(())
}

#[test]
fn a_full_or_read_only_disk_never_changes_a_verdict_or_fakes_a_save() {
    if !root_or_skip("a_full_or_read_only_disk_never_changes_a_verdict_or_fakes_a_save") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let mut tally = Tally::default();

    let healthy = path("healthy");
    let base = run(command(&cache, &with_json(stress_args(WRONG, &healthy))));
    assert_eq!(base.code, 1, "{}", base.stderr);
    let baseline = stress_verdicts(&base.json());
    assert!(
        base.json()["failures"].as_array().unwrap().len() >= 2,
        "{baseline}"
    );
    assert!(false_saved_claims(&base.json(), Path::new(&healthy)).is_empty());

    // Failure files on a full disk: nothing saved, said so, exit 2, verdicts unchanged.
    {
        let full = Mount::full(&dir.path().join("full"), 64 << 10);
        let out = path("full/out");
        let json = run(command(&cache, &with_json(stress_args(WRONG, &out))));
        let report = json.json();
        let wrong = false_saved_claims(&report, Path::new(&out));
        let survived = same_verdicts(&json, &baseline, 2)
            .and_then(|()| check(report["saved"] == false, "JSON saved is not false"))
            .and_then(|()| {
                check(
                    json.stderr.contains("could not be saved"),
                    format!("no error line: {}", json.stderr),
                )
            });
        tally.record("failure files, disk full", survived, wrong);

        let text = run(command(&cache, &stress_args(WRONG, &out)));
        let failures = report["failures"].as_array().unwrap().len();
        let mut wrong = Vec::new();
        if text.stdout.contains("failures saved in") || text.stdout.contains("\nsaved: ") {
            wrong.push(format!("the text says saved: {}", text.stdout));
        }
        let survived = check(text.code == 2, format!("exit {}", text.code))
            .and_then(|()| {
                check(
                    text.stdout.matches("NOT SAVED").count() == failures + 1,
                    format!(
                        "each failure and the summary say NOT SAVED: {}",
                        text.stdout
                    ),
                )
            })
            .and_then(|()| {
                check(
                    text.stdout.matches("shrunk input").count() == failures
                        && text.stdout.matches("diff:").count() == failures,
                    "every failure printed in full",
                )
            })
            .and_then(|()| check(partials_under(&full.path).is_empty(), "temporaries left"));
        tally.record("failure files, disk full (text)", survived, wrong);
    }

    // Failure files on a disk that fills up during the run: what is claimed is there, whole.
    // (A failure's five files take about 60 KiB here: 36 KiB of input.)
    let mut mixed = 0;
    for keep in [72u64 << 10, 136 << 10] {
        let part = Mount::tmpfs(&dir.path().join(format!("part{keep}")), 256 << 10, "");
        part.fill(keep);
        let out = part.path.join("out").to_string_lossy().into_owned();
        let run_ = run(command(&cache, &with_json(stress_args(WRONG, &out))));
        let report = run_.json();
        let unsaved = report["save_errors"].as_array().map_or(0, Vec::len);
        println!(
            "disk with {} KiB free: {unsaved} of {} failures not saved",
            keep >> 10,
            report["failures"].as_array().map_or(0, Vec::len)
        );
        let code = if unsaved > 0 { 2 } else { 1 };
        let all = report["failures"].as_array().map_or(0, Vec::len);
        if unsaved > 0 && unsaved < all {
            mixed += 1;
        }
        let survived = same_verdicts(&run_, &baseline, code)
            .and_then(|()| check(partials_under(&part.path).is_empty(), "temporaries left"));
        tally.record(
            "failure files, disk fills mid-run",
            survived,
            false_saved_claims(&report, Path::new(&out)),
        );
    }

    assert!(mixed > 0, "no run saved some failures and not others");

    // Failure files in a read-only folder: a note first, the run goes on, exit 2; an AC run
    // exits 0.
    {
        let ro = Mount::tmpfs(&dir.path().join("ro"), 64 << 10, "ro");
        let out = ro.path.join("out").to_string_lossy().into_owned();
        let wrong_run = run(command(&cache, &with_json(stress_args(WRONG, &out))));
        let survived = same_verdicts(&wrong_run, &baseline, 2).and_then(|()| {
            check(
                wrong_run.stderr.contains("failures cannot be saved in"),
                format!("no note: {}", wrong_run.stderr),
            )
        });
        tally.record(
            "failure files, read-only folder",
            survived,
            false_saved_claims(&wrong_run.json(), Path::new(&out)),
        );
        let right = run(command(&cache, &with_json(stress_args(RIGHT, &out))));
        let survived = check(right.code == 0, format!("AC exit {}", right.code))
            .and_then(|()| check(right.json()["verdict"] == "AC", "verdict"));
        tally.record("failure files, read-only folder (AC)", survived, Vec::new());
    }

    // Report files: a folder that cannot take one stops the command before it runs; a disk
    // that fills as the report is written: the verdicts are printed, the report is named as not
    // written, exit 2, no half file.
    {
        let full = Mount::full(&dir.path().join("rfull"), 64 << 10);
        let report = full.path.join("r.json").to_string_lossy().into_owned();
        let mut args = stress_args(WRONG, &healthy);
        args.extend(["--report", &report]);
        let r = run(command(&cache, &args));
        let survived = check(r.code == 2, format!("exit {}", r.code))
            .and_then(|()| check(r.stdout.is_empty(), "ran anyway"))
            .and_then(|()| {
                check(
                    r.stderr.lines().count() == 1 && r.stderr.contains("rfull"),
                    format!("one line naming the folder: {}", r.stderr),
                )
            });
        tally.record("report file, disk full", survived, Vec::new());
    }
    for (name, json) in [("r.html", false), ("r.json", true)] {
        let small = Mount::tmpfs(&dir.path().join(format!("rsmall-{name}")), 64 << 10, "");
        small.fill(4 << 10);
        let report = small.path.join(name).to_string_lossy().into_owned();
        let mut args = stress_args(WRONG, &healthy);
        args.extend(["--report", &report]);
        if json {
            args.push("--json");
        }
        let r = run(command(&cache, &args));
        let written = Path::new(&report).exists();
        println!(
            "report {name} on a disk with 4 KiB free: written {written}, exit {}",
            r.code
        );
        let mut wrong = Vec::new();
        if written {
            let bytes = std::fs::read(&report).unwrap();
            let whole = if json {
                serde_json::from_slice::<serde_json::Value>(&bytes).is_ok()
            } else {
                String::from_utf8_lossy(&bytes)
                    .trim_end()
                    .ends_with("</html>")
            };
            if !whole {
                wrong.push(format!("{report} is there but not whole"));
            }
        } else if r.code != 2 || !r.stderr.contains("was not written") {
            wrong.push(format!(
                "{report} missing but the run did not say so: exit {} {}",
                r.code, r.stderr
            ));
        }
        let survived = check(
            r.stdout.contains("WA"),
            format!("verdict printed: {}", r.stdout),
        )
        .and_then(|()| check(partials_under(&small.path).is_empty(), "temporaries left"))
        .and_then(|()| {
            check(
                written || r.code == 2,
                format!("exit {} without the report", r.code),
            )
        });
        tally.record("report file, disk fills while writing", survived, wrong);
    }

    // Caches (build and reference answers) on a full, nearly full or read-only disk: run
    // without them, say so once, same verdicts, same exit code.
    let healthy_adhoc = run(command(&cache, &adhoc_args(&path("adhoc-healthy"))));
    assert_eq!(healthy_adhoc.code, 1, "{}", healthy_adhoc.stderr);
    let adhoc_baseline = stress_verdicts(&healthy_adhoc.json());
    for (case, keep, options) in CACHE_DISKS {
        let mount = cache_disk(
            &dir.path().join(format!("cache-{}", case.len())),
            keep,
            options,
        );
        let case = format!("caches, {case}");
        let out = path(&format!("adhoc-{}", case.len()));
        let r = run(command(&mount.path, &adhoc_args(&out)));
        let survived = same_verdicts(&r, &adhoc_baseline, 1)
            .and_then(|()| said_at_most_once(&r.stderr))
            .and_then(|()| check(partials_under(&mount.path).is_empty(), "temporaries left"));
        tally.record(
            &case,
            survived,
            false_saved_claims(&r.json(), Path::new(&out)),
        );
    }

    // A Polygon package's caches (built tests, validator acceptances, builds) on a full, nearly
    // full or read-only disk: judged without them, said once, every test's verdict the same.
    let polygon_args = [
        "judge",
        "tests/polygon/sum",
        "tests/polygon/sum/solutions/wa.py",
        "--json",
    ];
    let healthy_polygon = run(command(&cache, &polygon_args));
    assert_eq!(healthy_polygon.code, 1, "{}", healthy_polygon.stderr);
    let polygon_baseline = judge_verdicts(&healthy_polygon.json());
    for (case, keep, options) in CACHE_DISKS {
        let mount = cache_disk(
            &dir.path().join(format!("polygon-cache-{}", case.len())),
            keep,
            options,
        );
        let r = run(command(&mount.path, &polygon_args));
        let verdicts = judge_verdicts(&r.json());
        let mut wrong = Vec::new();
        if verdicts != polygon_baseline {
            wrong.push(format!("verdicts {verdicts} instead of {polygon_baseline}"));
        }
        let survived = check(
            r.code == 1 && wrong.is_empty(),
            format!("exit {} verdicts {verdicts}; stderr: {}", r.code, r.stderr),
        )
        .and_then(|()| said_at_most_once(&r.stderr))
        .and_then(|()| check(partials_under(&mount.path).is_empty(), "temporaries left"));
        tally.record(&format!("Polygon caches, {case}"), survived, wrong);
    }

    // verify's remembered runs on a full, nearly full or read-only disk: judged without them
    // (or with the part that fitted), said once, every submission's verdict the same; a second
    // verify on the same disk reuses only what was written whole and agrees too.
    let verify_args = ["verify", "tests/polygon/sum", "--json"];
    let healthy_verify = run(command(&cache, &verify_args));
    assert_eq!(healthy_verify.code, 0, "{}", healthy_verify.stderr);
    let verify_baseline = verify_verdicts(&healthy_verify.json());
    for (case, keep, options) in CACHE_DISKS {
        let mount = cache_disk(
            &dir.path().join(format!("verify-cache-{}", case.len())),
            keep,
            options,
        );
        for attempt in ["first", "second"] {
            let r = run(command(&mount.path, &verify_args));
            let verdicts = verify_verdicts(&r.json());
            let mut wrong = Vec::new();
            if verdicts != verify_baseline {
                wrong.push(format!("verdicts {verdicts} instead of {verify_baseline}"));
            }
            let survived = check(
                r.code == 0 && wrong.is_empty(),
                format!("exit {} verdicts {verdicts}; stderr: {}", r.code, r.stderr),
            )
            .and_then(|()| said_at_most_once(&r.stderr))
            .and_then(|()| check(partials_under(&mount.path).is_empty(), "temporaries left"));
            tally.record(
                &format!("remembered runs, {case} ({attempt} verify)"),
                survived,
                wrong,
            );
        }
    }

    // An unusable $TMPDIR while /dev/shm serves the runs: a note, the same verdicts.
    {
        let ro = Mount::tmpfs(&dir.path().join("tmpdir-ro"), 64 << 10, "ro");
        let mut c = command(&cache, &with_json(stress_args(WRONG, &path("tmpdir-out"))));
        c.env("TMPDIR", &ro.path);
        let r = run(c);
        // Where /dev/shm has room the runs go there (a note); else nothing can run (exit 2, one
        // line naming the folder).
        let survived = if r.code == 2 {
            check(
                r.stderr.lines().count() == 1 && r.stderr.contains("temporary folder"),
                format!("one line naming the folder: {}", r.stderr),
            )
        } else {
            same_verdicts(&r, &baseline, 1).and_then(|()| {
                check(
                    r.stderr.contains("temporary folder"),
                    format!("no note: {}", r.stderr),
                )
            })
        };
        tally.record("TMPDIR read-only", survived, Vec::new());
        // A Polygon package's built tests are written for judging beside the runs.
        let mut c = command(&cache, &polygon_args);
        c.env("TMPDIR", &ro.path);
        let r = run(c);
        let verdicts = judge_verdicts(&r.json());
        let survived = if r.code == 2 {
            check(
                r.stderr.lines().count() <= 2 && r.stderr.contains("/dev/shm"),
                format!("one line naming the folders: {}", r.stderr),
            )
        } else {
            check(
                r.code == 1 && verdicts == polygon_baseline,
                format!("exit {} verdicts {verdicts}; stderr: {}", r.code, r.stderr),
            )
        };
        tally.record("TMPDIR read-only (Polygon)", survived, Vec::new());
    }
    // A working folder deleted under the run: a note, the same verdicts (the paths given are
    // absolute).
    {
        let gone = dir.path().join("gone");
        std::fs::create_dir(&gone).unwrap();
        let root = faults_support::root();
        let solution = root.join(WRONG).to_string_lossy().into_owned();
        let out = path("gone-out");
        let mut c = std::process::Command::new("sh");
        c.arg("-c")
            .arg(r#"cd "$1" && rmdir "$1" && shift && exec "$@""#)
            .arg("sh")
            .arg(&gone)
            .arg(faults_support::bin())
            .args(with_json(stress_args(&solution, &out)))
            .env("XDG_CACHE_HOME", &cache);
        let r = run(c);
        let survived = same_verdicts(&r, &baseline, 1).and_then(|()| {
            check(
                r.stderr.contains("working folder"),
                format!("no note: {}", r.stderr),
            )
        });
        tally.record("working folder deleted", survived, Vec::new());
    }
    tally.finish("faults_disk");
}
