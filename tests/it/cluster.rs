//! More than one machine, on real engines (issue 29): a verify of a multi-problem folder set
//! and a stress, each split into shards run by GNU parallel and as SLURM job arrays on a
//! single-node cluster started here, merged by `stressjudge merge`, and compared with the
//! unsharded runs (verdicts, points, counts, failures, exit codes). The figures (N shards
//! against one process on this machine) are printed. Skipped loudly without GNU parallel, or
//! without root, munge and SLURM; CI installs them and sets STRESSJUDGE_REQUIRE_FULL_ISOLATION=1,
//! which turns a skip into a failure.

use crate::cluster_support;

use std::path::Path;
use std::time::{Duration, Instant};

use cluster_support::slurm::Cluster;
use cluster_support::{
    assert_cover_exactly, copy_problems, have, read_json, run, skip, stress_verdicts, stress_words,
    verify_verdicts, verify_words, BIN, SHARDS,
};
use serde_json::Value;

const LIMIT: Duration = Duration::from_secs(300);

/// The unsharded runs every engine is compared with.
struct Whole {
    verify: Value,
    verify_code: i32,
    /// Wall time of the unsharded verify with warm builds, every run made again (`--fresh`).
    verify_secs: f64,
    stress: Value,
    stress_code: i32,
    stress_secs: f64,
}

fn words(base: Vec<String>, more: &[&str]) -> Vec<String> {
    base.into_iter()
        .chain(more.iter().map(|s| s.to_string()))
        .collect()
}

fn whole(work: &Path) -> Whole {
    // Builds everything into the shared cache: the timed runs then all find their builds.
    let (verify_code, out, err) = run(work, BIN, &words(verify_words(), &["--json"]), LIMIT);
    assert!(verify_code <= 1, "verify failed to run: {err}");
    let verify: Value = serde_json::from_str(&out).unwrap();
    let started = Instant::now();
    let (code, _, err) = run(
        work,
        BIN,
        &words(verify_words(), &["--json", "--fresh"]),
        LIMIT,
    );
    assert_eq!(code, verify_code, "{err}");
    let verify_secs = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let (stress_code, out, err) = run(work, BIN, &words(stress_words(), &["--json"]), LIMIT);
    assert_eq!(stress_code, 1, "the wrong submission fails: {err}");
    let stress_secs = started.elapsed().as_secs_f64();
    Whole {
        verify,
        verify_code,
        verify_secs,
        stress: serde_json::from_str(&out).unwrap(),
        stress_code,
        stress_secs,
    }
}

/// `verify --plan plan.json`, timed.
fn plan(work: &Path) -> f64 {
    let started = Instant::now();
    let (code, out, err) = run(
        work,
        BIN,
        &words(verify_words(), &["--plan", "plan.json"]),
        LIMIT,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("maximum: time limit 1.00 s (derived)"),
        "{out}"
    );
    started.elapsed().as_secs_f64()
}

/// Merges `prefix-1.json` .. `prefix-N.json` and checks the merge equals the unsharded run.
fn check_merge(work: &Path, engine: &str, prefix: &str, whole: &Whole) {
    let files: Vec<String> = (1..=SHARDS).map(|i| format!("{prefix}-{i}.json")).collect();
    let shards: Vec<Value> = files.iter().map(|f| read_json(&work.join(f))).collect();
    let is_verify = prefix.contains("verify");
    if is_verify {
        assert_cover_exactly(&shards);
    }
    let mut args = vec!["merge".to_string()];
    args.extend(files.iter().cloned());
    let html = format!("{prefix}.html");
    let xml = format!("{prefix}.xml");
    args.extend(["--json", "--report", &html, "--report", &xml].map(String::from));
    let (code, out, err) = run(work, BIN, &args, LIMIT);
    let merged: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    assert!(
        merged.get("shard").is_none(),
        "a merged report is one run's"
    );
    assert!(work.join(&html).exists() && work.join(&xml).exists());
    if is_verify {
        assert_eq!(
            code, whole.verify_code,
            "{engine}: merge exits as one run: {err}"
        );
        assert_eq!(
            verify_verdicts(&merged),
            verify_verdicts(&whole.verify),
            "{engine}"
        );
        eprintln!(
            "{engine}: merged verify equals the unsharded run: {} solutions, {} match, {} mismatch, {} skipped",
            merged["solutions"].as_array().unwrap().len(),
            verify_verdicts(&merged)["match"],
            verify_verdicts(&merged)["mismatch"],
            verify_verdicts(&merged)["skipped"],
        );
        // The table is the one a run prints, row for row (times aside).
        let (_, table, _) = run(work, BIN, &args[..=SHARDS as usize], LIMIT);
        let rows = table
            .lines()
            .filter(|l| l.ends_with("ok") || l.contains("MISMATCH") || l.contains(" ok ("));
        assert_eq!(
            rows.count(),
            merged["solutions"].as_array().unwrap().len(),
            "{table}"
        );
    } else {
        assert_eq!(
            code, whole.stress_code,
            "{engine}: merge exits as one run: {err}"
        );
        assert_eq!(
            stress_verdicts(&merged),
            stress_verdicts(&whole.stress),
            "{engine}"
        );
        eprintln!(
            "{engine}: merged stress equals the unsharded run: verdict {}, {} inputs, {} failures",
            merged["verdict"],
            merged["inputs"],
            merged["failures"].as_array().unwrap().len()
        );
    }
}

fn figures(engine: &str, whole: &Whole, plan_secs: f64, verify_secs: f64, stress_secs: f64) {
    eprintln!(
        "FIGURES {engine}: verify one process {:.1} s; plan step {plan_secs:.1} s + {SHARDS} shards \
         {verify_secs:.1} s = {:.1} s (ratio {:.2}); stress one process {:.1} s, {SHARDS} shards \
         {stress_secs:.1} s (ratio {:.2}); {} cores",
        whole.verify_secs,
        plan_secs + verify_secs,
        (plan_secs + verify_secs) / whole.verify_secs,
        whole.stress_secs,
        stress_secs / whole.stress_secs,
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    );
}

/// The shell words of shard `index` of the verify (`index` a shell expression).
fn verify_shard(index: &str, out: &str) -> String {
    format!(
        "{BIN} {} --fresh --jobs 1 --shard {index}/{SHARDS} --plan plan.json --json > {out}",
        verify_words().join(" ")
    )
}

fn stress_shard(index: &str, out: &str) -> String {
    format!(
        "{BIN} {} --jobs 1 --shard {index}/{SHARDS} --json > {out}",
        stress_words().join(" ")
    )
}

#[test]
fn verify_and_stress_split_over_gnu_parallel_and_slurm() {
    let test = "verify_and_stress_split_over_gnu_parallel_and_slurm";
    let root = rustix::process::geteuid().is_root();
    let slurm = [
        "munged",
        "slurmctld",
        "slurmd",
        "sbatch",
        "squeue",
        "scancel",
        "sinfo",
    ];
    let missing: Vec<&str> = slurm.iter().copied().filter(|t| !have(t)).collect();
    let can_slurm = root && missing.is_empty();
    if !have("parallel") && !can_slurm {
        skip(
            test,
            "neither GNU parallel nor SLURM (root, munge, slurmctld, slurmd) is here",
        );
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let work = work.path();
    copy_problems(work);
    let whole = whole(work);

    if have("parallel") {
        let plan_secs = plan(work);
        let started = Instant::now();
        let parallel = |command: String| {
            let args = ["--will-cite", "-j", "3", &command, ":::", "1", "2", "3"].map(String::from);
            run(work, "parallel", &args, LIMIT)
        };
        let (code, _, err) = parallel(verify_shard("{}", "parallel-verify-{}.json"));
        assert!(code <= SHARDS as i32, "{err}");
        let verify_secs = started.elapsed().as_secs_f64();
        check_merge(work, "GNU parallel", "parallel-verify", &whole);
        let started = Instant::now();
        let (_, _, err) = parallel(stress_shard("{}", "parallel-stress-{}.json"));
        let stress_secs = started.elapsed().as_secs_f64();
        assert!(work.join("parallel-stress-3.json").exists(), "{err}");
        check_merge(work, "GNU parallel", "parallel-stress", &whole);
        figures("GNU parallel", &whole, plan_secs, verify_secs, stress_secs);
    } else {
        skip(
            test,
            "GNU parallel is not installed (apt-get install parallel): its part did not run",
        );
    }

    if !can_slurm {
        let why = if root {
            format!("{} missing", missing.join(", "))
        } else {
            "not root".into()
        };
        skip(
            test,
            &format!("SLURM part not run: {why} (apt-get install slurm-wlm munge, as root)"),
        );
        return;
    }
    let cluster =
        Cluster::start().unwrap_or_else(|e| panic!("the SLURM cluster did not start: {e}"));
    let cache = cluster_support::cache(work);
    let array = |command: String| {
        let script = format!("export XDG_CACHE_HOME={}; {command}", cache.display());
        let started = Instant::now();
        cluster.run_array(work, SHARDS, &script, LIMIT).unwrap();
        started.elapsed().as_secs_f64()
    };
    let plan_secs = plan(work);
    let verify_secs = array(verify_shard(
        "$SLURM_ARRAY_TASK_ID",
        "slurm-verify-$SLURM_ARRAY_TASK_ID.json",
    ));
    check_merge(work, "SLURM", "slurm-verify", &whole);
    let stress_secs = array(stress_shard(
        "$SLURM_ARRAY_TASK_ID",
        "slurm-stress-$SLURM_ARRAY_TASK_ID.json",
    ));
    check_merge(work, "SLURM", "slurm-stress", &whole);
    figures("SLURM", &whole, plan_secs, verify_secs, stress_secs);
    drop(cluster);
}
