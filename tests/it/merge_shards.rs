//! `verify --shard I/N` with and without `--plan`, and `stressjudge merge`'s refusals (issue 29),
//! through the binary on a small problem folder: the merged shards equal one run; a missing or
//! repeated shard, shards of another command, package or version, a shard that would derive a
//! limit on its own and a plan that no longer matches the package are each one line, exit 2.

use crate::cluster_support;

use std::path::Path;
use std::time::Duration;

use cluster_support::{assert_cover_exactly, copy_problems, read_json, run, verify_verdicts, BIN};
use serde_json::Value;

const LIMIT: Duration = Duration::from_secs(180);

fn sj(work: &Path, args: &[&str]) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    run(work, BIN, &args, LIMIT)
}

/// Exit 2 with one line on stderr containing `needle`.
fn refused(work: &Path, args: &[&str], needle: &str) {
    let (code, out, err) = sj(work, args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: one line: {err}");
    assert!(
        lines[0].contains(needle),
        "{args:?}: `{needle}` not in: {err}"
    );
}

fn write(work: &Path, name: &str, value: &Value) {
    std::fs::write(work.join(name), value.to_string()).unwrap();
}

#[test]
fn shards_of_a_given_limit_merge_into_one_run_and_mismatches_are_refused() {
    let work = tempfile::tempdir().unwrap();
    let work = work.path();
    copy_problems(work);
    let problems = ["anysum", "hello"];
    let verify = |more: &[&str]| {
        let mut args = vec!["verify"];
        args.extend(problems);
        args.extend(["--stress-seeds", "2", "--json"]);
        args.extend(more);
        sj(work, &args)
    };
    let (whole_code, whole, err) = verify(&[]);
    assert_eq!(whole_code, 0, "{err}");
    let whole: Value = serde_json::from_str(&whole).unwrap();
    // Given limits: shards need no plan.
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let (code, out, err) = verify(&["--shard", &shard]);
        assert_eq!(code, 0, "{err}");
        let report: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["shard"]["index"], i);
        assert_eq!(report["shard"]["command"], "verify");
        std::fs::write(work.join(format!("s{i}.json")), out).unwrap();
    }
    let shards: Vec<Value> = (1..=3)
        .map(|i| read_json(&work.join(format!("s{i}.json"))))
        .collect();
    assert_cover_exactly(&shards);
    for shard in &shards {
        // Each shard says the limits it judged by.
        let limits: Vec<&Value> = shard["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["time_limit_ms"])
            .collect();
        assert_eq!(limits, [&Value::from(1000), &Value::from(1000)]);
    }
    let (code, out, err) = sj(work, &["merge", "s3.json", "s1.json", "s2.json", "--json"]);
    assert_eq!(code, whole_code, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(verify_verdicts(&merged), verify_verdicts(&whole));

    refused(work, &["merge", "s1.json", "s3.json"], "shard 2/3 missing");
    refused(work, &["merge", "s1.json"], "shards 2/3, 3/3 missing");
    refused(
        work,
        &["merge", "s1.json", "s1.json", "s2.json", "s3.json"],
        "both shard 1/3",
    );
    let mut other_version = shards[1].clone();
    other_version["shard"]["version"] = "0.0.1".into();
    write(work, "version.json", &other_version);
    refused(
        work,
        &["merge", "s1.json", "version.json", "s3.json"],
        "made by stressjudge 0.0.1",
    );
    let mut stress = shards[1].clone();
    stress["shard"]["command"] = "stress".into();
    write(work, "stress.json", &stress);
    refused(
        work,
        &["merge", "s1.json", "stress.json", "s3.json"],
        "shard of `stress`",
    );
    refused(
        work,
        &["merge", "s1.json", "nope.json"],
        "nope.json: cannot read it",
    );
    std::fs::write(work.join("whole.json"), whole.to_string()).unwrap();
    refused(
        work,
        &["merge", "s1.json", "whole.json"],
        "not a shard's report",
    );

    // Another package: a shard made after an edit is of another command.
    let yaml = work.join("hello/problem.yaml");
    let original = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, format!("{original}# edited\n")).unwrap();
    let (_, out, err) = verify(&["--shard", "2/3"]);
    std::fs::write(work.join("edited.json"), &out).unwrap();
    assert!(out.contains("\"shard\""), "{err}");
    refused(
        work,
        &["merge", "s1.json", "edited.json", "s3.json"],
        "shards of different commands",
    );
    std::fs::write(&yaml, &original).unwrap();

    // A shard that would derive a limit alone is refused with the way out.
    refused(
        work,
        &["verify", "maximum", "--shard", "1/2"],
        "--plan FILE",
    );
    refused(
        work,
        &["verify", "hello", "--shard", "3/2"],
        "bad shard `3/2`",
    );

    // A plan no longer matching the package or the options is refused.
    let (code, out, err) = sj(
        work,
        &[
            "verify",
            "hello",
            "--stress-seeds",
            "2",
            "--plan",
            "plan.json",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("plan written to plan.json"), "{out}");
    let shard = [
        "verify",
        "hello",
        "--stress-seeds",
        "2",
        "--shard",
        "1/2",
        "--plan",
        "plan.json",
        "--json",
    ];
    let (code, out, err) = sj(work, &shard);
    assert_eq!(code, 0, "{err}");
    let planned: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(planned["shard"]["jobs"], 4);
    refused(
        work,
        &[
            "verify",
            "hello",
            "--stress-seeds",
            "7",
            "--shard",
            "1/2",
            "--plan",
            "plan.json",
        ],
        "options differ",
    );
    std::fs::write(&yaml, format!("{original}# edited\n")).unwrap();
    refused(
        work,
        &shard,
        "hello's files changed since the plan was made",
    );
    std::fs::write(work.join("plan.json"), "{}").unwrap();
    refused(
        work,
        &shard,
        "not a plan written by `stressjudge verify --plan`",
    );
}

/// A shard's report read back through its typed shape: a field of the wrong type or a missing
/// one is one line, exit 2, naming the file, the field's path and where it is.
#[test]
fn a_report_with_a_wrong_typed_or_missing_field_is_refused_naming_file_and_field() {
    let work = tempfile::tempdir().unwrap();
    let work = work.path();
    copy_problems(work);
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let (code, out, err) = sj(work, &["verify", "hello", "--shard", &shard, "--json"]);
        assert_eq!(code, 0, "{err}");
        std::fs::write(work.join(format!("s{i}.json")), out).unwrap();
    }
    let (code, _, err) = sj(work, &["merge", "s1.json", "s2.json"]);
    assert_eq!(code, 0, "the untouched shards merge: {err}");

    let mut wrong = read_json(&work.join("s2.json"));
    wrong["solutions"][0]["elapsed_ms"] = "slow".into();
    write(work, "wrong.json", &wrong);
    refused(
        work,
        &["merge", "s1.json", "wrong.json"],
        "wrong.json: not a report stressjudge can merge: `solutions[0].elapsed_ms`: invalid \
         type: string \"slow\", expected u64 at line 1 column",
    );

    let mut missing = read_json(&work.join("s2.json"));
    missing.as_object_mut().unwrap().remove("runs_made");
    write(work, "missing.json", &missing);
    refused(
        work,
        &["merge", "s1.json", "missing.json"],
        "missing.json: not a report stressjudge can merge: missing field `runs_made`",
    );

    let mut verdict = read_json(&work.join("s2.json"));
    verdict["solutions"][0]["tests"][0]["verdict"] = "WRONG".into();
    write(work, "verdict.json", &verdict);
    refused(
        work,
        &["merge", "s1.json", "verdict.json"],
        "verdict.json: not a report stressjudge can merge: test ",
    );
}
