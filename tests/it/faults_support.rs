//! Helpers of the fault-injection suite (`tests/faults_*.rs`): the binary run from the crate
//! root with a private cache, tiny or read-only tmpfs mounts that are always unmounted (a drop
//! guard, lazily if busy), the leftover checks, and the tally of faults injected, survived and
//! wrong claims that each test prints as figures.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

pub(crate) use crate::schema_support as schema;

/// The stressjudge binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_stressjudge")
}

/// The crate root, the working directory of every run.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A `stressjudge` command from the crate root whose caches live in `cache` (a private
/// `XDG_CACHE_HOME`: these tests damage and fill caches).
pub fn command(cache: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(bin());
    command
        .args(args)
        .current_dir(root())
        .env("XDG_CACHE_HOME", cache)
        .env_remove("NO_COLOR");
    command
}

/// Exit code, stdout and stderr of a finished run.
pub struct Run {
    /// The command's arguments (which report shape its JSON has).
    pub args: Vec<String>,
    /// Exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// The JSON object on stdout.
    pub fn json(&self) -> Value {
        let value = serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "stdout is not one JSON object ({e}): {}\nstderr: {}",
                self.stdout, self.stderr
            )
        });
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        if let Some(name) = schema::schema_for_args(&args) {
            schema::check(name, &value);
        }
        value
    }
}

/// Runs a command to its end.
pub fn run(mut command: Command) -> Run {
    let args = command
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let Output {
        status,
        stdout,
        stderr,
    } = command.output().expect("stressjudge runs");
    Run {
        args,
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}

/// Whether this process is root (mounts need it). Otherwise prints `SKIPPED test: why`.
pub fn root_or_skip(test: &str) -> bool {
    let root = rustix::process::geteuid().is_root();
    if !root {
        shout(&format!(
            "SKIPPED {test}: not root, so no tmpfs can be mounted for fault injection\n"
        ));
    }
    root
}

/// A tmpfs mounted on a folder of the test's own temporary directory, unmounted when dropped
/// (also when the test fails; lazily when something still holds it).
pub struct Mount {
    /// Where it is mounted.
    pub path: PathBuf,
}

impl Mount {
    /// A tmpfs of `size` bytes at `path` (created), with extra mount `options` (e.g. `ro`).
    pub fn tmpfs(path: &Path, size: u64, options: &str) -> Mount {
        assert!(
            path.starts_with(std::env::temp_dir()) || path.starts_with("/tmp"),
            "mounts only inside temporary folders: {}",
            path.display()
        );
        std::fs::create_dir_all(path).unwrap();
        let mut opts = format!("size={size}");
        if !options.is_empty() {
            opts.push(',');
            opts.push_str(options);
        }
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &opts, "tmpfs"])
            .arg(path)
            .status()
            .expect("mount runs");
        assert!(
            status.success(),
            "mount -t tmpfs -o {opts} {}",
            path.display()
        );
        Mount {
            path: path.to_path_buf(),
        }
    }

    /// A full tmpfs of `size` bytes: filled by one file, up to the last byte it takes.
    pub fn full(path: &Path, size: u64) -> Mount {
        let mount = Mount::tmpfs(path, size, "");
        mount.fill(0);
        mount
    }

    /// Fills the tmpfs until at most `keep` bytes are free (a file `fill` of zeros).
    pub fn fill(&self, keep: u64) {
        use std::io::Write;
        let mut file = std::fs::File::create(self.path.join("fill")).unwrap();
        let block = vec![0u8; 4096];
        while self.free() > keep {
            if file.write_all(&block).is_err() {
                break;
            }
        }
        let _ = file.sync_all();
    }

    /// Free bytes.
    pub fn free(&self) -> u64 {
        let st = rustix::fs::statvfs(&self.path).expect("statvfs");
        st.f_bavail * st.f_frsize
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let unmounted = Command::new("umount")
            .arg(&self.path)
            .status()
            .is_ok_and(|s| s.success());
        if !unmounted {
            let _ = Command::new("umount").arg("-l").arg(&self.path).status();
        }
    }
}

/// The figures of one fault test: faults injected, survived (the verdict and exit code as
/// promised), and wrong claims (a "saved" or a verdict that is false).
#[derive(Default)]
pub struct Tally {
    /// Per kind of fault: (injected, survived, wrong claims).
    rows: Vec<(String, u32, u32, u32)>,
    failures: Vec<String>,
}

impl Tally {
    /// Records one injected fault of `kind`: whether it was survived, and the wrong claims
    /// found (each a message).
    pub fn record(&mut self, kind: &str, survived: Result<(), String>, wrong_claims: Vec<String>) {
        let index = match self.rows.iter().position(|r| r.0 == kind) {
            Some(i) => i,
            None => {
                self.rows.push((kind.to_string(), 0, 0, 0));
                self.rows.len() - 1
            }
        };
        let row = &mut self.rows[index];
        row.1 += 1;
        match survived {
            Ok(()) => row.2 += 1,
            Err(why) => self.failures.push(format!("{kind}: {why}")),
        }
        row.3 += wrong_claims.len() as u32;
        self.failures.extend(
            wrong_claims
                .into_iter()
                .map(|c| format!("{kind}: wrong claim: {c}")),
        );
    }

    /// Prints the figures (straight to stderr, so they show in CI logs even when the test
    /// harness captures output) and fails the test on any fault not survived or any wrong
    /// claim.
    pub fn finish(self, suite: &str) {
        let mut text = format!("FIGURES {suite}: fault | injected | survived | wrong claims\n");
        let (mut injected, mut survived, mut wrong) = (0, 0, 0);
        for (kind, i, s, w) in &self.rows {
            text.push_str(&format!("FIGURES {suite}: {kind} | {i} | {s} | {w}\n"));
            injected += i;
            survived += s;
            wrong += w;
        }
        text.push_str(&format!(
            "FIGURES {suite}: total | {injected} | {survived} | {wrong}\n"
        ));
        shout(&text);
        assert!(
            self.failures.is_empty(),
            "{} problem(s):\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

/// Every file under `dir` (recursively).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                pending.push(path.clone());
            }
            out.push(path);
        }
    }
    out
}

/// Temporaries of killed writers still under `dir` (after a later run, there must be none):
/// ours, and `tempfile`'s default `.tmp*` names.
pub fn partials_under(dir: &Path) -> Vec<PathBuf> {
    files_under(dir)
        .into_iter()
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(".stressjudge-partial-") || n.starts_with(".tmp"))
        })
        .collect()
}

/// Checks what a stress run says it saved: for every failure of its JSON with `saved: true`
/// (or without the field), the five files exist, whole (the `.json` parses and names the
/// seed); returns a message per false claim.
pub fn false_saved_claims(report: &Value, out: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    for failure in report["failures"].as_array().into_iter().flatten() {
        if failure["saved"] == Value::Bool(false) {
            continue;
        }
        let stem = failure["file_stem"].as_str().unwrap_or_default();
        for ext in ["in", "ans", "out", "min.in", "json"] {
            let path = out.join(format!("{stem}.{ext}"));
            if !path.is_file() {
                wrong.push(format!("{} claimed saved, missing", path.display()));
            }
        }
        let meta = std::fs::read(out.join(format!("{stem}.json")))
            .ok()
            .and_then(|b| serde_json::from_slice::<Value>(&b).ok());
        if meta.as_ref().map(|m| &m["seed"]) != Some(&failure["seed"]) {
            wrong.push(format!("{stem}.json claimed saved, not whole"));
        }
        let input = std::fs::read_to_string(out.join(format!("{stem}.in"))).unwrap_or_default();
        if input != failure["input"].as_str().unwrap_or_default() {
            wrong.push(format!("{stem}.in claimed saved, not the input"));
        }
    }
    if report["saved"] == Value::Bool(true) && report["save_errors"] != serde_json::json!([]) {
        wrong.push("saved: true with save errors".into());
    }
    wrong
}

/// A stress report's verdicts: the overall verdict and each failure's kind, seed and verdict,
/// sorted (what must not change under any fault).
pub fn stress_verdicts(report: &Value) -> String {
    let mut failures: Vec<String> = report["failures"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| format!("{}/{}={}", f["kind"], f["seed"], f["verdict"]))
        .collect();
    failures.sort();
    format!("{} [{}]", report["verdict"], failures.join(" "))
}

/// A judge report's verdicts: the overall verdict and each test's name and verdict.
pub fn judge_verdicts(report: &Value) -> String {
    let tests: Vec<String> = report["tests"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| format!("{}={}", t["name"], t["verdict"]))
        .collect();
    format!("{} [{}]", report["verdict"], tests.join(" "))
}

/// A verify report's verdicts: whether all is as expected, and each solution's verdict and
/// status.
pub fn verify_verdicts(report: &Value) -> String {
    let rows: Vec<String> = report["solutions"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| format!("{}={}/{}", s["path"], s["got"], s["status"]))
        .collect();
    format!("{} [{}]", report["ok"], rows.join(" "))
}

/// The processes descending from `pid` right now (children first found by their parent).
pub fn descendants(pid: u32) -> Vec<u32> {
    let mut parent_of: HashMap<u32, u32> = HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(p) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat")) else {
            continue;
        };
        // The fields after the command name (which may hold spaces) in parentheses.
        let Some(rest) = stat.rsplit_once(')').map(|r| r.1) else {
            continue;
        };
        if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|f| f.parse().ok()) {
            parent_of.insert(p, ppid);
        }
    }
    let mut found = vec![pid];
    let mut i = 0;
    while i < found.len() {
        let parent = found[i];
        found.extend(
            parent_of
                .iter()
                .filter(|(_, &pp)| pp == parent)
                .map(|(&p, _)| p),
        );
        i += 1;
    }
    found.remove(0);
    found
}

/// Whether a process is alive (not a zombie).
pub fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit_once(')').map(|r| r.1.trim().starts_with('Z')))
        .is_some_and(|zombie| !zombie)
}

/// The cgroups named after any of `pids` (`stressjudge-PID`, as the sandbox names them) that
/// still exist under /sys/fs/cgroup.
pub fn cgroups_of(pids: &[u32]) -> Vec<PathBuf> {
    let names: Vec<String> = pids.iter().map(|p| format!("stressjudge-{p}")).collect();
    let mut found = Vec::new();
    let mut pending = vec![(PathBuf::from("/sys/fs/cgroup"), 0)];
    while let Some((dir, depth)) = pending.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if !e.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let name = e.file_name().to_string_lossy().into_owned();
            if names.contains(&name) {
                found.push(e.path());
            } else if depth < 4 {
                pending.push((e.path(), depth + 1));
            }
        }
    }
    found
}

/// Mount points whose path mentions stressjudge (a sandbox's mounts live in its own namespace:
/// none may appear on the host).
pub fn stressjudge_mounts() -> Vec<String> {
    std::fs::read_to_string("/proc/self/mountinfo")
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("stressjudge-"))
        .map(str::to_string)
        .collect()
}

/// Waits up to `limit` for `check` to return nothing; returns what it last returned.
pub fn settle<T>(limit: Duration, check: impl Fn() -> Vec<T>) -> Vec<T> {
    let deadline = Instant::now() + limit;
    loop {
        let left = check();
        if left.is_empty() || Instant::now() > deadline {
            return left;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A small deterministic random number generator (xorshift), so the kill moments of a run are
/// random but the same every time.
pub struct Rng(u64);

impl Rng {
    /// Seeded.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// A number in `0..1`.
    pub fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Writes to the process's real stderr, past the test harness's capture (figures and skips
/// must show in CI logs).
pub fn shout(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().write_all(text.as_bytes());
}
