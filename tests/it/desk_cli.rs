//! The contestant's desk through the real binary (issue 28): `listen` receives Competitive
//! Companion's POSTs (payloads shaped exactly as the extension sends them: its README's format,
//! its AtCoder test fixture, a Codeforces and a USACO file I/O task) and writes problem folders;
//! in such a folder `judge sol.cpp`, `stress sol.cpp --gen --ref` (samples first) and `repro`
//! need no other argument; `stress` without `--ref` judges crashes, time and memory only.
//!
//! Every listener is started on a free loopback port (`--port 0`), told how many problems to
//! take (`--count`) and killed if it has not ended within a deadline.

use crate::folders_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use folders_support::*;

/// Codeforces 4A as the extension sends it (Codeforces problem parser).
const CODEFORCES: &str = r#"{"name":"A. Watermelon","group":"Codeforces - Codeforces Beta Round 4 (Div. 2 Only)","url":"https://codeforces.com/problemset/problem/4/A","interactive":false,"memoryLimit":64,"timeLimit":1000,"tests":[{"input":"8\n","output":"YES\n"}],"testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},"languages":{"java":{"mainClass":"Main","taskClass":"AWatermelon"}},"batch":{"id":"5a8d2e0c-1f53-4b0e-9d0e-6c2b1f7e8a11","size":1}}"#;

/// AtCoder ABC 096 A: the extension's own test fixture (`tests/data/atcoder/problem/normal.json`),
/// with the batch every sent task carries.
const ATCODER: &str = r#"{"name":"A - Day of Takahashi","group":"AtCoder - AtCoder Beginner Contest 096","url":"https://atcoder.jp/contests/abc096/tasks/abc096_a","interactive":false,"memoryLimit":256,"timeLimit":2000,"tests":[{"input":"5 5\n","output":"5\n"},{"input":"2 1\n","output":"1\n"},{"input":"11 30\n","output":"11\n"}],"testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},"languages":{"java":{"mainClass":"Main","taskClass":"ADayOfTakahashi"}},"batch":{"id":"0c7f6a3e-2d4b-4b8e-8f51-7a3c9d2e1b40","size":1}}"#;

/// USACO 2015 December Bronze 1 (file I/O), as the USACO parser sends it.
const USACO: &str = r#"{"name":"Problem 1. Fence Painting","group":"USACO - USACO 2015 December Contest, Bronze","url":"http://usaco.org/index.php?page=viewproblem2&cpid=567","interactive":false,"memoryLimit":256,"timeLimit":4000,"tests":[{"input":"7 10\n4 8\n","output":"6\n"}],"testType":"single","input":{"fileName":"paint.in","type":"file"},"output":{"fileName":"paint.out","type":"file"},"languages":{"java":{"mainClass":"Main","taskClass":"Problem1FencePainting"}},"batch":{"id":"9e1d4c2a-7b3f-4a6e-b8d0-2f5c1e9a7d33","size":1}}"#;

/// How long a listener may live in a test.
const LISTENER_DEADLINE: Duration = Duration::from_secs(60);

/// A listener started by a test: its process and port.
struct Listener {
    child: Child,
    port: u16,
    stdout: mpsc::Receiver<String>,
}

impl Listener {
    fn start(dir: &Path, count: u64) -> Listener {
        let mut child = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
            .args(["listen", "--port", "0", "--dir", arg(dir)])
            .args(["--count", &count.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("stressjudge listen starts");
        let lines = stdout_lines(&mut child);
        let first = lines
            .recv_timeout(Duration::from_secs(30))
            .expect("listen prints where it listens");
        let port = first
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}"));
        Listener {
            child,
            port,
            stdout: lines,
        }
    }

    /// Waits for it to end by itself (its `--count` reached), killing it past the deadline.
    fn finish(mut self) -> (i32, Vec<String>, String) {
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > LISTENER_DEADLINE {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("listen still running after {LISTENER_DEADLINE:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let lines = self.stdout.try_iter().collect();
        (status.code().unwrap_or(-1), lines, stderr)
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends one raw HTTP/1.1 request to the listener; returns the status code and body.
fn request(port: u16, method: &str, path: &str, content_type: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    let _ = stream.read_to_string(&mut reply);
    let status = reply
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = reply.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

fn post(port: u16, json: &str) -> (u16, String) {
    request(port, "POST", "/", "application/json", json)
}

/// Day of Takahashi: the days m-m of 2018 up to a-b.
const TAKAHASHI_CPP: &str =
    "#include <cstdio>\nint main(){int a,b;scanf(\"%d %d\",&a,&b);printf(\"%d\\n\", b>=a? a : a-1);}\n";

/// Right on the samples, wrong for December (a = 12).
const TAKAHASHI_DECEMBER_BUG: &str =
    "#include <cstdio>\nint main(){int a,b;scanf(\"%d %d\",&a,&b);\
     if(a==12){puts(\"0\");return 0;}printf(\"%d\\n\", b>=a? a : a-1);}\n";

const TAKAHASHI_BRUTE: &str = "a, b = map(int, input().split())\n\
     print(sum(1 for m in range(1, 13) for d in range(1, 32) if m == d and (m, d) <= (a, b)))\n";

const TAKAHASHI_GEN: &str = "import random, sys\nr = random.Random(int(sys.argv[1]))\n\
     print(r.randint(2, 12), r.randint(1, 31))\n";

#[test]
fn listen_writes_folders_from_real_payloads_and_refuses_bad_requests() {
    let dir = tempdir();
    let problems = dir.path().join("problems");
    let listener = Listener::start(&problems, 4);
    let port = listener.port;

    // Refused, each with an HTTP error: wrong type, not JSON, not a task, a path as a file
    // name, a body over the limit, the wrong method and path.
    assert_eq!(request(port, "POST", "/", "text/plain", ATCODER).0, 415);
    assert_eq!(post(port, "{not json").0, 400);
    assert_eq!(post(port, r#"{"name":"x"}"#).0, 400);
    let escaping = USACO.replace("\"paint.in\"", "\"../paint.in\"");
    let (status, why) = post(port, &escaping);
    assert_eq!(status, 400, "{why}");
    assert!(why.contains("plain file name"), "{why}");
    let huge = format!("{{\"name\":\"{}\"}}", "x".repeat(17 << 20));
    assert_eq!(post(port, &huge).0, 413);
    assert_eq!(request(port, "GET", "/", "application/json", "").0, 405);
    assert_eq!(
        request(port, "POST", "/x", "application/json", ATCODER).0,
        404
    );

    // Taken: three real tasks, and a name that tries to leave --dir.
    for task in [CODEFORCES, ATCODER, USACO] {
        let (status, body) = post(port, task);
        assert_eq!(status, 200, "{body}");
    }
    let evil = CODEFORCES.replace("A. Watermelon", "../../evil/..");
    assert_eq!(post(port, &evil).0, 200);
    let (code, lines, stderr) = listener.finish();
    assert_eq!(code, 0, "{lines:?} {stderr}");
    assert_eq!(lines.len(), 4, "one line per problem: {lines:?}");
    assert!(
        lines[1].contains("\"A - Day of Takahashi\" -> "),
        "{lines:?}"
    );
    assert!(
        lines[2].contains("reads paint.in, writes paint.out"),
        "{lines:?}"
    );
    assert_eq!(stderr.lines().count(), 7, "one line per refusal: {stderr}");
    assert!(stderr.contains("(HTTP 413)"), "{stderr}");

    let mut folders: Vec<String> = std::fs::read_dir(&problems)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    folders.sort();
    assert_eq!(
        folders,
        [
            "a-day-of-takahashi",
            "a-watermelon",
            "evil",
            "problem-1-fence-painting"
        ]
    );
    assert!(!dir.path().join("evil").exists());
    let yaml = String::from_utf8(read(&problems.join("a-day-of-takahashi/problem.yaml"))).unwrap();
    assert!(yaml.contains("name: \"A - Day of Takahashi\""), "{yaml}");
    assert!(
        yaml.contains("url: \"https://atcoder.jp/contests/abc096/tasks/abc096_a\""),
        "{yaml}"
    );
    assert!(yaml.contains("time_limit: 2\n  memory: 256\n"), "{yaml}");
    assert_eq!(
        files_under(&problems.join("a-day-of-takahashi")),
        [
            "data/sample/01.ans",
            "data/sample/01.in",
            "data/sample/02.ans",
            "data/sample/02.in",
            "data/sample/03.ans",
            "data/sample/03.in",
            "problem.yaml"
        ]
    );
    let usaco = problems.join("problem-1-fence-painting");
    let config = String::from_utf8(read(&usaco.join("stressjudge.yaml"))).unwrap();
    assert!(config.contains("input_file: \"paint.in\"\noutput_file: \"paint.out\""));

    // Sent again: the same task is recognised, a changed one goes beside it.
    let listener = Listener::start(&problems, 2);
    post(listener.port, ATCODER);
    post(listener.port, &ATCODER.replace("\"11\\n\"", "\"12\\n\""));
    let (code, lines, _) = listener.finish();
    assert_eq!(code, 0);
    assert!(lines[0].contains("unchanged"), "{lines:?}");
    assert!(lines[1].contains("a-day-of-takahashi-2 ("), "{lines:?}");
}

/// Writes `tasks` through a listener into `dir` and returns each task's folder.
fn received(dir: &Path, tasks: &[&str]) -> Vec<std::path::PathBuf> {
    let listener = Listener::start(dir, tasks.len() as u64);
    for task in tasks {
        assert_eq!(post(listener.port, task).0, 200);
    }
    let (code, lines, stderr) = listener.finish();
    assert_eq!(code, 0, "{stderr}");
    lines
        .iter()
        .map(|line| {
            let path = line
                .split(" -> ")
                .nth(1)
                .unwrap()
                .split(':')
                .next()
                .unwrap();
            std::path::PathBuf::from(path)
        })
        .collect()
}

#[test]
fn in_a_received_folder_judge_stress_and_repro_need_only_the_solution() {
    let _heavy = heavy();
    let dir = tempdir();
    let folders = received(dir.path(), &[ATCODER, CODEFORCES, USACO]);
    let (atcoder, codeforces, usaco) = (&folders[0], &folders[1], &folders[2]);
    let none: &[(&str, Option<&str>)] = &[];

    write(atcoder, "sol.cpp", TAKAHASHI_CPP);
    write(atcoder, "december.cpp", TAKAHASHI_DECEMBER_BUG);
    write(atcoder, "brute.py", TAKAHASHI_BRUTE);
    write(atcoder, "gen.py", TAKAHASHI_GEN);
    let judged = run_in(atcoder, &["judge", "sol.cpp"], None, none);
    judged.expect_code(0);
    assert!(
        judged.stdout.contains("verdict: AC (3 tests)"),
        "{}",
        judged.describe()
    );
    assert!(judged
        .stdout
        .contains("time limit 2.00 s, memory limit 256.0 MiB"));

    // The samples come first: a solution failing one is not stressed.
    write(atcoder, "off.cpp", &TAKAHASHI_CPP.replace("b>=a", "b>a"));
    let stressed = run_in(
        atcoder,
        &["stress", "off.cpp", "--gen", "gen.py", "--ref", "brute.py"],
        None,
        none,
    );
    stressed.expect_code(1);
    assert!(
        stressed.stdout.contains("sample/01  WA"),
        "{}",
        stressed.describe()
    );
    assert!(stressed
        .stdout
        .contains("a sample fails, so no seed was run"));

    let args = ["--gen", "gen.py", "--ref", "brute.py", "--seeds", "1..=60"];
    let good = run_in(
        atcoder,
        &[&["stress", "sol.cpp"][..], &args].concat(),
        None,
        none,
    );
    good.expect_code(0);
    assert!(
        good.stderr.contains("the 3 samples pass"),
        "{}",
        good.describe()
    );
    let bad = run_in(
        atcoder,
        &[&["stress", "december.cpp", "--json"][..], &args].concat(),
        None,
        none,
    );
    bad.expect_code(1);
    let report = bad.json();
    let failure = first_failure(&report);
    assert_eq!(failure["verdict"], "WA", "{}", bad.describe());
    let seed = failure["seed"].as_u64().unwrap().to_string();
    let repro = run_in(
        atcoder,
        &[
            "repro",
            "december.cpp",
            "--gen",
            "gen.py",
            "--ref",
            "brute.py",
            "--seed",
            &seed,
        ],
        None,
        none,
    );
    repro.expect_code(1);
    assert!(repro.stdout.contains("verdict: WA"), "{}", repro.describe());
    assert!(repro
        .stdout
        .starts_with(&format!("{} seed {seed}", atcoder.display())));

    // The counterexample is kept as a test of the folder, once, and the next judge runs it.
    let save = [&["stress", "december.cpp", "--save-tests"][..], &args].concat();
    let kept = run_in(atcoder, &save, None, none);
    kept.expect_code(1);
    assert!(
        kept.stdout.contains("note: kept as test "),
        "{}",
        kept.describe()
    );
    let secret = atcoder.join("data/secret");
    let kept_files = files_under(&secret);
    assert_eq!(kept_files.len(), 2, "{kept_files:?}");
    assert!(kept_files[0].starts_with("stress-") && kept_files[0].ends_with(".ans"));
    let judged = run_in(atcoder, &["judge", "december.cpp"], None, none);
    judged.expect_code(1);
    assert!(
        judged.stdout.contains("secret/stress-"),
        "{}",
        judged.describe()
    );
    let again = run_in(atcoder, &save, None, none);
    assert!(
        again.stdout.contains("note: already a test: "),
        "{}",
        again.describe()
    );
    assert_eq!(files_under(&secret), kept_files);
    let judged = run_in(atcoder, &["judge", "sol.cpp"], None, none);
    judged.expect_code(0);
    assert!(
        judged.stdout.contains("verdict: AC (4 tests)"),
        "{}",
        judged.describe()
    );

    // An oj-style tests folder (answers as .out) keeps its habit.
    let oj = atcoder.join("oj");
    write(&oj, "test/sample-1.in", "5 5\n");
    write(&oj, "test/sample-1.out", "5\n");
    for file in ["december.cpp", "brute.py", "gen.py"] {
        std::fs::copy(atcoder.join(file), oj.join(file)).unwrap();
    }
    let oj_save = [
        &["stress", "--tests", "test", "december.cpp", "--save-tests"][..],
        &args,
    ]
    .concat();
    let kept = run_in(&oj, &oj_save, None, none);
    kept.expect_code(1);
    let oj_files = files_under(&oj.join("test"));
    assert_eq!(oj_files.len(), 4, "{oj_files:?}");
    assert!(oj_files
        .iter()
        .any(|f| f.starts_with("stress-") && f.ends_with(".out")));

    write(
        codeforces,
        "sol.py",
        "w = int(input())\nprint('YES' if w > 2 and w % 2 == 0 else 'NO')\n",
    );
    run_in(codeforces, &["judge", "sol.py"], None, none).expect_code(0);

    // File I/O as the statement says: the file is judged, stdout is not.
    let paint = "#include <cstdio>\n#include <algorithm>\nint main(){int a,b,c,d;\
                 FILE*f=fopen(\"paint.in\",\"r\");fscanf(f,\"%d %d %d %d\",&a,&b,&c,&d);\
                 int t=(b-a)+(d-c)-std::max(0,std::min(b,d)-std::max(a,c));OUT}\n";
    write(
        usaco,
        "paint.cpp",
        &paint.replace("OUT", "fprintf(fopen(\"paint.out\",\"w\"),\"%d\\n\",t);"),
    );
    write(
        usaco,
        "stdout.cpp",
        &paint.replace("OUT", "printf(\"%d\\n\",t);"),
    );
    let judged = run_in(usaco, &["judge", "paint.cpp"], None, none);
    judged.expect_code(0);
    assert!(judged
        .stdout
        .contains("file I/O: each solution reads paint.in, writes paint.out"));
    run_in(usaco, &["judge", "stdout.cpp"], None, none).expect_code(1);
}

/// A self-checking solution: it aborts (its `assert`) on an input holding 37, and raises
/// SIGSEGV on any other input of two or more numbers, so a shrink that kept only the verdict
/// could trade the one crash for the other.
const TWO_CRASHES: &str = "#include <cstdio>\n#include <cassert>\n#include <csignal>\n\
     int main(){int n;scanf(\"%d\",&n);bool seen=false;for(int i=0;i<n;i++){int x;\
     scanf(\"%d\",&x);seen|=x==37;}assert(!seen);if(n>=2)raise(SIGSEGV);\
     printf(\"%d\\n\",n);}\n";

/// Lists of 3 to 30 numbers, one of them 37.
const LIST_GEN: &str = "import random, sys\nr = random.Random(int(sys.argv[1]))\n\
     n = r.randint(3, 30)\na = [r.randint(1, 100) for _ in range(n)]\n\
     a[r.randrange(n)] = 37\nprint(n)\nprint(*a)\n";

#[test]
fn stress_without_a_reference_judges_crashes_and_keeps_their_kind() {
    let _heavy = heavy();
    let dir = tempdir();
    let none: &[(&str, Option<&str>)] = &[];
    write(dir.path(), "gen.py", LIST_GEN);
    // Any output is accepted: a wrong sum is not a failure without a reference.
    write(
        dir.path(),
        "wrong.cpp",
        "#include <cstdio>\nint main(){int n;scanf(\"%d\",&n);printf(\"%d\\n\",n*7);}\n",
    );
    let passed = run_in(
        dir.path(),
        &[
            "stress",
            "--gen",
            "gen.py",
            "wrong.cpp",
            "--seeds",
            "1..=20",
        ],
        None,
        none,
    );
    passed.expect_code(0);
    assert!(
        passed
            .stdout
            .contains("no reference: any output is accepted"),
        "{}",
        passed.describe()
    );

    write(dir.path(), "crash.cpp", TWO_CRASHES);
    // Every input aborts; a shrink that kept only the verdict could drop the 37 and keep two
    // numbers (SIGSEGV).
    let seed = "1";
    let crashed = run_in(
        dir.path(),
        &[
            "stress",
            "--gen",
            "gen.py",
            "crash.cpp",
            "--seeds",
            &format!("{seed}..={seed}"),
            "--json",
        ],
        None,
        none,
    );
    crashed.expect_code(1);
    let report = crashed.json();
    let failure = first_failure(&report);
    assert_eq!(failure["verdict"], "RE", "{}", crashed.describe());
    let detail = failure["detail"].as_str().unwrap();
    assert!(
        detail.contains("SIGABRT"),
        "the shrunk input still aborts: {detail}"
    );
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    assert!(
        shrunk.split_whitespace().skip(1).any(|x| x == "37"),
        "{shrunk:?}"
    );

    // Nothing to keep as a test without an answer; and an ad-hoc stress has no tests folder.
    write(dir.path(), "t/1.in", "1\n5\n");
    write(dir.path(), "t/1.ans", "5\n");
    let no_answer = run_in(
        dir.path(),
        &[
            "stress",
            "--gen",
            "gen.py",
            "crash.cpp",
            "--seeds",
            "1..=1",
            "--save-tests",
            "--tests",
            "t",
        ],
        None,
        none,
    );
    no_answer.expect_code(1);
    assert!(
        no_answer
            .stdout
            .contains("without a reference there is no answer"),
        "{}",
        no_answer.describe()
    );
    let nowhere = run_in(
        dir.path(),
        &["stress", "--gen", "gen.py", "crash.cpp", "--save-tests"],
        None,
        none,
    );
    nowhere.expect_code(2);
    assert!(
        nowhere
            .one_line_error()
            .contains("--save-tests: give --tests DIR"),
        "{}",
        nowhere.describe()
    );

    // repro of such a seed needs no reference either.
    let repro = run_in(
        dir.path(),
        &["repro", "--gen", "gen.py", "crash.cpp", "--seed", seed],
        None,
        none,
    );
    repro.expect_code(1);
    assert!(repro.stdout.contains("verdict: RE"), "{}", repro.describe());
}
