//! What the cluster tests share: the problems they verify, running the binary with a bound,
//! and reading the reports they compare.

pub mod slurm;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_stressjudge");

/// The problem folders verified, copied from tests/problems (two given time limits, one
/// derived): 16 submissions, of which the JVM ones are left out to keep the test short.
pub const PROBLEMS: [&str; 3] = ["anysum", "hello", "maximum"];

/// Shards the tests split the commands into.
pub const SHARDS: u64 = 3;

/// Copies the problems into `work`.
pub fn copy_problems(work: &Path) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/problems");
    for problem in PROBLEMS {
        crate::folders_support::copy_dir(&source.join(problem), &work.join(problem));
    }
    for jvm in [
        "maximum/submissions/accepted/Max.java",
        "maximum/submissions/accepted/max.kt",
    ] {
        std::fs::remove_file(work.join(jvm)).unwrap();
    }
}

/// `verify` of the problems, as every run of the tests gives it (the stress pass short).
pub fn verify_words() -> Vec<String> {
    let mut words = vec!["verify".to_string()];
    words.extend(PROBLEMS.iter().map(|p| p.to_string()));
    words.extend(["--stress-seeds", "3"].map(String::from));
    words
}

/// `stress` of a wrong submission on a few seeds, every failure kept.
pub fn stress_words() -> Vec<String> {
    [
        "stress",
        "anysum",
        "anysum/submissions/wrong_answer/halves.cpp",
        "--seeds",
        "1..6",
        "--keep-going",
        "--out",
        "failures",
    ]
    .map(String::from)
    .to_vec()
}

/// Runs a command in `work` with the shared caches, for at most `limit`; its exit code,
/// stdout and stderr.
pub fn run(work: &Path, program: &str, args: &[String], limit: Duration) -> (i32, String, String) {
    let out_file = work.join(format!("out-{}", unique()));
    let err_file = work.join(format!("err-{}", unique()));
    let mut child = Command::new(program)
        .args(args)
        .current_dir(work)
        .env("XDG_CACHE_HOME", cache(work))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_file).unwrap())
        .stderr(std::fs::File::create(&err_file).unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} {args:?} ran past {} s", limit.as_secs());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    (
        status.code().unwrap_or(-1),
        std::fs::read_to_string(out_file).unwrap(),
        std::fs::read_to_string(err_file).unwrap(),
    )
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::SeqCst)
}

/// The caches every process of a test shares (a shared folder, as on a cluster).
pub fn cache(work: &Path) -> PathBuf {
    work.join("shared-cache")
}

/// The JSON report in `file`.
pub fn read_json(file: &Path) -> Value {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}: {text}", file.display()))
}

/// What must be equal between a verify run and its merged shards: per solution its problem,
/// path, expectation, verdict, status, points and score; then the overall result and counts.
pub fn verify_verdicts(report: &Value) -> Value {
    let solutions: Vec<Value> = (report["solutions"].as_array().unwrap().iter())
        .map(|s| {
            serde_json::json!([
                s["problem"],
                s["path"],
                s["expected"],
                s["got"],
                s["status"],
                s["points"],
                s["score"]
            ])
        })
        .collect();
    let count = |status: &str| {
        (report["solutions"].as_array().unwrap().iter())
            .filter(|s| s["status"] == status)
            .count()
    };
    serde_json::json!({
        "ok": report["ok"],
        "solutions": solutions,
        "match": count("match"),
        "mismatch": count("mismatch"),
        "skipped": count("skipped"),
        "limits": (report["problems"].as_array().unwrap().iter())
            .map(|p| serde_json::json!([p["problem"], p["time_limit_ms"]]))
            .collect::<Vec<_>>(),
    })
}

/// What must be equal between a stress run and its merged shards: the verdict, the inputs
/// checked, and every failure (seed, kind, verdict, signature) in order. Shrunk inputs are
/// left out: shrinking stops at a time budget, so how far it gets depends on the machine's load.
pub fn stress_verdicts(report: &Value) -> Value {
    let failures: Vec<Value> = (report["failures"].as_array().unwrap().iter())
        .map(|f| serde_json::json!([f["seed"], f["kind"], f["verdict"], f["signature"]]))
        .collect();
    serde_json::json!({
        "verdict": report["verdict"],
        "inputs": report["inputs"],
        "games": report["games"],
        "failures": failures,
        "groups": report["groups"].as_array().unwrap().len(),
    })
}

/// Checks the shards' `judged` lists cover the command's jobs exactly once.
pub fn assert_cover_exactly(shards: &[Value]) {
    let jobs = shards[0]["shard"]["jobs"].as_u64().unwrap();
    let mut judged: Vec<u64> = (shards.iter())
        .flat_map(|s| {
            s["shard"]["judged"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_u64().unwrap())
        })
        .collect();
    judged.sort_unstable();
    assert_eq!(
        judged,
        (0..jobs).collect::<Vec<_>>(),
        "every job judged exactly once"
    );
}

/// Whether a tool this test needs is on PATH.
pub fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Skips the test loudly (`None`), or fails it when `STRESSJUDGE_REQUIRE_FULL_ISOLATION=1`
/// (CI, which runs as root and installs SLURM, munge and GNU parallel).
pub fn skip(test: &str, why: &str) {
    if std::env::var_os("STRESSJUDGE_REQUIRE_FULL_ISOLATION").is_some_and(|v| v == "1") {
        panic!("{test}: {why}, and STRESSJUDGE_REQUIRE_FULL_ISOLATION=1 requires it to run");
    }
    eprintln!("SKIPPED {test}: {why}");
}
