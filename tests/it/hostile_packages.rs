//! Hostile packages through the real binary: build scripts, compiler bombs, absolute includes
//! and package tools that try to write outside their folder, read the user's secrets, reach
//! the network, fork without end, sleep for ever or leave a daemon (issue 25). Every case runs
//! `stressjudge` on a fresh Kattis package with its own home folder (holding a planted
//! `~/.ssh/id_rsa`) and a TCP listener on 127.0.0.1 that nothing may reach, then checks the
//! case's verdict and that nothing was left behind: no file named after the case in the home,
//! `/tmp`, `/dev/shm`, `/root` or beside the package, no process whose command line names the
//! case, no connection to the listener, the secret in no output. The suite prints contained /
//! total.
//!
//! Limits are small here so each case fails in seconds: `--build-memory 256MiB`, and
//! `--build-time 3s` for the cases that never end. The fork bomb and the reads of the home
//! need full isolation (a basic sandbox runs steps as the user, with no cap on processes): on
//! a machine without it they are reported as skipped (a failure when
//! `STRESSJUDGE_REQUIRE_FULL_ISOLATION=1`, as CI sets).

use crate::folders_support;

use std::io::Read;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use folders_support::*;
use serde_json::Value;

/// The secret planted in each case's `~/.ssh/id_rsa`.
const SECRET: &str = "HOSTILE-SUITE-SECRET-KEY-4f1c";

/// A correct sum in Python, the trusted accepted submission of every package.
const SUM_PY: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// A correct `run` script a `build` script writes.
const RUN_SCRIPT: &str = "#!/bin/sh\nread a b\necho $((a + b))\n";

/// One case's world: the package, its home and its listener.
struct World {
    /// Holds everything; `outer/pkg` is the package, `home` the home folder.
    _dir: tempfile::TempDir,
    /// Beside the package: nothing may be written here.
    outer: PathBuf,
    /// The package.
    pkg: PathBuf,
    /// The user's home of the run.
    home: PathBuf,
    /// The planted secret key.
    secret_path: PathBuf,
    /// Port of the listener nothing may reach.
    port: u16,
    /// Connections the listener accepted.
    connections: Arc<AtomicUsize>,
    /// Names files and processes of this case.
    marker: String,
}

impl World {
    fn new(case: &str) -> World {
        let dir = tempdir();
        let outer = dir.path().join("outer");
        let pkg = outer.join("pkg");
        let home = dir.path().join("home");
        let secret_path = home.join(".ssh").join("id_rsa");
        write(&home, ".ssh/id_rsa", SECRET);
        write(&pkg, "problem.yaml", "name: Sum\n");
        write(&pkg, "data/sample/1.in", "1 2\n");
        write(&pkg, "data/sample/1.ans", "3\n");
        write(&pkg, "data/secret/1.in", "2 2\n");
        write(&pkg, "data/secret/1.ans", "4\n");
        write(&pkg, "submissions/accepted/sum.py", SUM_PY);
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&connections);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                seen.fetch_add(1, Ordering::SeqCst);
                drop(stream);
            }
        });
        let marker = format!("sjhostile{}x{}", case.replace('_', ""), std::process::id());
        World {
            _dir: dir,
            outer,
            pkg,
            home,
            secret_path,
            port,
            connections,
            marker,
        }
    }

    /// Writes a package file; `executable` sets its execute bits.
    fn file(&self, relative: &str, text: &str, executable: bool) {
        let path = write(&self.pkg, relative, text);
        if executable {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    }

    /// A shell snippet that tries every escape and records in `escaped` (a file of its own
    /// folder) what worked: writing to `$HOME`, the real home, `/tmp`, beside the package and
    /// `/root`; reading the secret; connecting to the listener.
    fn escapes_sh(&self) -> String {
        let m = &self.marker;
        format!(
            "for d in \"$HOME\" '{home}' /tmp /dev/shm '{outer}' /root; do\n\
             \x20 echo x > \"$d/{m}\" 2>/dev/null\n\
             done\n\
             cat '{secret}' > /dev/null 2>&1 && echo read-secret >> escaped\n\
             bash -c 'exec 3<>/dev/tcp/127.0.0.1/{port}' 2>/dev/null && echo connected >> escaped\n\
             ls '{home}' > /dev/null 2>&1 && echo saw-home >> escaped\n",
            home = self.home.display(),
            outer = self.outer.display(),
            secret = self.secret_path.display(),
            port = self.port,
        )
    }

    /// The same escapes as a Python tool's prologue; exits 1 (a broken tool) if one worked.
    fn escapes_py(&self) -> String {
        format!(
            "import os, socket, sys\n\
             for d in [os.environ.get('HOME', '/nonexistent'), {home:?}, '/tmp', '/dev/shm', {outer:?}, '/root']:\n\
             \x20   try:\n\
             \x20       open(os.path.join(d, {m:?}), 'w').write('x')\n\
             \x20   except OSError:\n\
             \x20       pass\n\
             escaped = []\n\
             try:\n\
             \x20   open({secret:?}).read()\n\
             \x20   escaped.append('read-secret')\n\
             except OSError:\n\
             \x20   pass\n\
             try:\n\
             \x20   socket.create_connection(('127.0.0.1', {port}), timeout=2).close()\n\
             \x20   escaped.append('connected')\n\
             except OSError:\n\
             \x20   pass\n\
             if escaped:\n\
             \x20   sys.stderr.write('escaped: %s\\n' % escaped)\n\
             \x20   sys.exit(1)\n",
            home = self.home.display().to_string(),
            outer = self.outer.display().to_string(),
            m = self.marker,
            secret = self.secret_path.display().to_string(),
            port = self.port,
        )
    }

    /// Runs `stressjudge ARGS` with this world's home (the package path is substituted for
    /// `{pkg}`).
    fn run(&self, args: &[&str]) -> Run {
        let pkg = arg(&self.pkg).to_string();
        let args: Vec<String> = args.iter().map(|a| a.replace("{pkg}", &pkg)).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_with_env(&args, None, &[("HOME", Some(arg(&self.home)))])
    }

    /// Everything this case left behind, as lines; empty when contained.
    fn left_behind(&self, run: &Run) -> Vec<String> {
        let mut found = Vec::new();
        let places = [
            self.home.clone(),
            self.outer.clone(),
            PathBuf::from("/tmp"),
            PathBuf::from("/dev/shm"),
            PathBuf::from("/root"),
        ];
        for place in &places {
            if place.join(&self.marker).exists() {
                found.push(format!("a file written to {}", place.display()));
            }
        }
        // Stragglers get a moment to be reaped before they count.
        let deadline = Instant::now() + Duration::from_millis(1500);
        let mut processes = processes_naming(&self.marker);
        while !processes.is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
            processes = processes_naming(&self.marker);
        }
        for (pid, cmdline) in processes {
            found.push(format!("process {pid} still running: {cmdline}"));
            // SAFETY-free cleanup through the kill command, so the next case starts clean.
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
        if self.connections.load(Ordering::SeqCst) > 0 {
            found.push("a connection reached the listener".into());
        }
        if run.stdout.contains(SECRET) || run.stderr.contains(SECRET) {
            found.push("the secret key shown in the output".into());
        }
        if run.stderr.contains("panicked") || run.stderr.contains("internal error") {
            found.push("stressjudge panicked".into());
        }
        found
    }
}

/// Processes (other than this test) whose command line holds `marker`.
fn processes_naming(marker: &str) -> Vec<(u32, String)> {
    let own = std::process::id();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if pid == own {
            continue;
        }
        let mut cmdline = Vec::new();
        let Ok(mut file) = std::fs::File::open(entry.path().join("cmdline")) else {
            continue;
        };
        let _ = file.read_to_end(&mut cmdline);
        let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if text.contains(marker) {
            found.push((pid, text));
        }
    }
    found
}

/// The verify row of the submission at `relative` (under `submissions/`), or why there is
/// none.
fn row(run: &Run, relative: &str) -> Result<Value, String> {
    let report: Value = schema::try_parse("verify", &run.stdout)
        .map_err(|e| format!("no JSON report ({e}): exit {}, {}", run.code, run.stderr))?;
    if !report["solutions"].is_array() {
        return Err(format!("no solutions in the report: {report}"));
    }
    rows_by_submission(&report)
        .remove(relative)
        .ok_or_else(|| format!("no row {relative}"))
}

/// Whether this machine gives full isolation (the sandbox's namespaces and cgroup); where it
/// does not, a failure when `STRESSJUDGE_REQUIRE_FULL_ISOLATION=1` (CI), as in
/// `tests/it/hostile.rs`.
fn full_isolation() -> bool {
    let run = stressjudge(&["doctor", "--json"]);
    let full = run.json()["full_isolation"]["available"] == Value::Bool(true);
    let required = std::env::var_os("STRESSJUDGE_REQUIRE_FULL_ISOLATION").is_some_and(|v| v == "1");
    assert!(full || !required, "full isolation required but unavailable");
    full
}

/// What a case checks beyond the common leftovers: `Err` says what went wrong.
type Check = fn(&World, &Run) -> Result<(), String>;

/// One hostile package.
struct Case {
    name: &'static str,
    /// Whether it needs full isolation to be contained.
    needs_full: bool,
    /// Writes the hostile part of the package.
    setup: fn(&World),
    /// The command, `{pkg}` standing for the package.
    args: &'static [&'static str],
    check: Check,
}

/// The one line of a usage or package error (exit 2, nothing on stdout), or why not.
fn one_line(run: &Run) -> Result<String, String> {
    let lines = run.stderr.lines().count();
    if run.code != 2 || !run.stdout.is_empty() || lines != 1 {
        return Err(format!(
            "not one error line with exit 2 (exit {}, {lines} lines)",
            run.code
        ));
    }
    Ok(run.stderr.trim_end().to_string())
}

/// The row of `relative` must have `got` and a detail holding `detail`.
fn expect_row(run: &Run, relative: &str, got: &str, detail: &str) -> Result<(), String> {
    let row = row(run, relative)?;
    if row["got"] != got {
        return Err(format!("got {} instead of {got}: {row}", row["got"]));
    }
    let said = row["detail"].as_str().unwrap_or("");
    if !said.contains(detail) {
        return Err(format!("detail {said:?} does not say {detail:?}"));
    }
    Ok(())
}

/// A submission folder whose `build` first tries every escape, then writes a correct `run`
/// only if none worked (so an escape is a wrong answer as well as a leftover).
fn build_script_escapes(w: &World) {
    let script = format!(
        "#!/bin/sh\n{}\nif [ -s escaped ]; then printf '#!/bin/sh\\necho escaped\\n' > run; \
         else cat > run <<'EOF'\n{RUN_SCRIPT}EOF\nfi\nchmod +x run\n",
        w.escapes_sh()
    );
    w.file("submissions/accepted/escape/build", &script, true);
}

/// A `build` script running `body` and then writing a correct `run`.
fn build_script(w: &World, body: &str) {
    let script =
        format!("#!/bin/bash\n{body}\ncat > run <<'EOF'\n{RUN_SCRIPT}EOF\nchmod +x run\n",);
    w.file("submissions/accepted/hostile/build", &script, true);
}

/// A C++ submission `wrong_answer/NAME.cpp` holding `source` (its file name holds the marker,
/// so the compiler's command line names the case).
fn cpp(w: &World, source: &str) -> String {
    let relative = format!("wrong_answer/{}.cpp", w.marker);
    w.file(&format!("submissions/{relative}"), source, false);
    relative
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "build_script_writes_home_tmp_and_beside_the_package",
            needs_full: false,
            setup: |w| {
                let m = &w.marker;
                let outer = w.outer.display();
                build_script(
                    w,
                    &format!("echo x > \"$HOME/{m}\"; echo x > /tmp/{m}; echo x > '{outer}/{m}'"),
                )
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/hostile", "AC", ""),
        },
        Case {
            name: "build_script_tries_every_escape",
            needs_full: true,
            setup: build_script_escapes,
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/escape", "AC", ""),
        },
        Case {
            name: "build_script_reads_the_ssh_key",
            needs_full: true,
            setup: |w| {
                let secret = w.secret_path.display();
                build_script(w, &format!("cat '{secret}' >&2 && exit 1; true"))
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/hostile", "AC", ""),
        },
        Case {
            name: "build_script_opens_a_socket",
            needs_full: true,
            setup: |w| {
                let port = w.port;
                build_script(
                    w,
                    &format!("exec 3<>/dev/tcp/127.0.0.1/{port} && echo connected >&2 && exit 1"),
                )
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/hostile", "AC", ""),
        },
        Case {
            name: "build_script_fork_bomb",
            needs_full: true,
            setup: |w| {
                let m = &w.marker;
                build_script(
                    w,
                    &format!("bomb() {{ bomb | bomb & }}; bomb # {m}\nsleep 30"),
                )
            },
            args: &["verify", "{pkg}", "--json", "--build-time", "3s"],
            check: |_, run| expect_row(run, "accepted/hostile", "CE", "exceeded 3 s"),
        },
        Case {
            name: "build_script_sleeps_for_ever",
            needs_full: false,
            setup: |w| {
                let m = &w.marker;
                build_script(w, &format!("sh -c 'sleep 1000; :' {m}"))
            },
            args: &["verify", "{pkg}", "--json", "--build-time", "3s"],
            check: |_, run| expect_row(run, "accepted/hostile", "CE", "exceeded 3 s"),
        },
        Case {
            name: "build_script_leaves_a_daemon",
            needs_full: false,
            setup: |w| {
                let m = &w.marker;
                build_script(
                    w,
                    &format!("setsid sh -c 'sleep 1000; :' {m} > /dev/null 2>&1 &"),
                )
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/hostile", "AC", ""),
        },
        Case {
            name: "build_script_double_forks_a_daemon_and_sleeps",
            needs_full: false,
            setup: |w| {
                let m = &w.marker;
                build_script(
                    w,
                    &format!("(sh -c 'trap \"\" HUP TERM; sleep 1000; :' {m} &) ; sleep 0.2"),
                )
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/hostile", "AC", ""),
        },
        Case {
            name: "build_script_writes_a_huge_file",
            needs_full: false,
            setup: |w| build_script(w, "head -c 3G /dev/zero > big || exit 1"),
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/hostile", "CE", ""),
        },
        Case {
            name: "build_script_eats_memory",
            needs_full: false,
            setup: |w| {
                build_script(
                    w,
                    "python3 -c 'x = bytearray(1 << 30); print(len(x))' || exit 1",
                )
            },
            args: &["verify", "{pkg}", "--json", "--build-memory", "256MiB"],
            check: |_, run| expect_row(run, "accepted/hostile", "CE", "memory limit of 256 MiB"),
        },
        Case {
            name: "build_script_kills_everything_it_can",
            needs_full: true,
            setup: |w| build_script(w, "kill -9 -1 2>/dev/null; true"),
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| {
                // stressjudge itself lived to report, and the build went on.
                expect_row(run, "accepted/sum.py", "AC", "")
            },
        },
        Case {
            name: "include_dev_zero_is_refused",
            needs_full: false,
            setup: |w| {
                cpp(w, "#include \"/dev/zero\"\nint main() {}\n");
            },
            args: &["verify", "{pkg}", "--json", "--build-memory", "256MiB"],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(run, &relative, "CE", "absolute path /dev/zero is refused")
            },
        },
        Case {
            name: "include_dev_zero_through_a_macro_hits_the_memory_limit",
            needs_full: false,
            setup: |w| {
                cpp(w, "#define F \"/dev/zero\"\n#include F\nint main() {}\n");
            },
            args: &["verify", "{pkg}", "--json", "--build-memory", "256MiB"],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(run, &relative, "CE", "memory limit of 256 MiB exceeded")
            },
        },
        Case {
            name: "include_dev_random_through_a_macro",
            needs_full: false,
            setup: |w| {
                cpp(w, "#define F \"/dev/urandom\"\n#include F\nint main() {}\n");
            },
            args: &[
                "verify",
                "{pkg}",
                "--json",
                "--build-memory",
                "256MiB",
                "--build-time",
                "10s",
            ],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(run, &relative, "CE", "memory limit of 256 MiB exceeded")
            },
        },
        Case {
            name: "template_instantiation_bomb",
            needs_full: false,
            setup: |w| {
                // A pack of 200 million template arguments: GCC's `__integer_pack` grows by
                // some 250 MB a second.
                cpp(
                    w,
                    "#include <utility>\n\
                     template <std::size_t... I>\n\
                     constexpr std::size_t count(std::index_sequence<I...>) { return sizeof...(I); }\n\
                     int main() { return count(std::make_index_sequence<200000000>{}) == 0; }\n",
                );
            },
            args: &[
                "verify",
                "{pkg}",
                "--json",
                "--build-memory",
                "256MiB",
                "--build-time",
                "20s",
            ],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(run, &relative, "CE", "memory limit of 256 MiB exceeded")
            },
        },
        Case {
            name: "constexpr_bomb",
            needs_full: false,
            setup: |w| {
                // Evaluated by GCC for most of a minute (and some 300 MB) before it gives up.
                cpp(
                    w,
                    "#include <array>\n\
                     constexpr std::array<long, 30000000> make() {\n\
                     \x20 std::array<long, 30000000> a{};\n\
                     \x20 for (long i = 0; i < 30000000; i++) a[i] = i;\n\
                     \x20 return a;\n}\n\
                     constexpr auto table = make();\n\
                     int main() { return table[5] != 5; }\n",
                );
            },
            args: &[
                "verify",
                "{pkg}",
                "--json",
                "--build-memory",
                "256MiB",
                "--build-time",
                "5s",
            ],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(run, &relative, "CE", "exceeded")
            },
        },
        Case {
            name: "ten_gigabyte_object_file",
            needs_full: false,
            setup: |w| {
                cpp(
                    w,
                    "char big[10000000000] = {1};\nint main() { return big[0] != 1; }\n",
                );
            },
            args: &[
                "verify",
                "{pkg}",
                "--json",
                "--build-memory",
                "256MiB",
                "--build-time",
                "20s",
            ],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(run, &relative, "CE", "file size limit of 1 GiB exceeded")
            },
        },
        Case {
            name: "include_etc_hostname_is_refused_and_not_shown",
            needs_full: false,
            setup: |w| {
                cpp(w, "#include \"/etc/hostname\"\nint main() {}\n");
            },
            args: &["verify", "{pkg}", "--json"],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(
                    run,
                    &relative,
                    "CE",
                    "absolute path /etc/hostname is refused",
                )?;
                let hostname = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
                let hostname = hostname.trim();
                if !hostname.is_empty() && run.stdout.contains(hostname) {
                    return Err(format!("the report shows /etc/hostname ({hostname})"));
                }
                Ok(())
            },
        },
        Case {
            name: "include_of_a_home_file_by_a_relative_path",
            needs_full: true,
            setup: |w| {
                // From submissions/wrong_answer/ up to the folder holding both, then home.
                let source = "#include \"../../../../home/.ssh/id_rsa\"\nint main() {}\n";
                cpp(w, source);
            },
            args: &["verify", "{pkg}", "--json"],
            check: |w, run| {
                let relative = format!("wrong_answer/{}.cpp", w.marker);
                expect_row(run, &relative, "CE", "")
            },
        },
        Case {
            name: "generators_yaml_generator_tries_every_escape",
            needs_full: true,
            setup: |w| {
                std::fs::remove_dir_all(w.pkg.join("data")).unwrap();
                w.file(
                    "generators/generators.yaml",
                    "solution: /submissions/accepted/sum.py\ndata:\n  sample:\n    data:\n      - '': {in: \"1 2\", ans: \"3\"}\n  secret:\n    data:\n      - hostile: hostile.py\n",
                    false,
                );
                w.file(
                    "generators/hostile.py",
                    &format!("{}print('5 6')\n", w.escapes_py()),
                    false,
                );
            },
            args: &["generate", "{pkg}"],
            check: |w, run| {
                if run.code != 0 {
                    return Err(format!("generate failed\n{}", run.describe()));
                }
                // BAPCtools numbers the test: `data/secret/2-hostile.in`.
                let made = std::fs::read_dir(w.pkg.join("data/secret"))
                    .map_err(|e| format!("no data/secret: {e}"))?
                    .flatten()
                    .map(|entry| entry.path())
                    .find(|path| path.to_string_lossy().ends_with("hostile.in"))
                    .ok_or("no generated test")?;
                let made = std::fs::read_to_string(made).map_err(|e| e.to_string())?;
                match made.trim() {
                    "5 6" => Ok(()),
                    other => Err(format!("generated {other:?}")),
                }
            },
        },
        Case {
            name: "input_validator_tries_every_escape",
            needs_full: true,
            setup: |w| {
                w.file(
                    "input_validators/hostile.py",
                    &format!("{}sys.exit(42)\n", w.escapes_py()),
                    false,
                );
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/sum.py", "AC", ""),
        },
        Case {
            name: "output_validator_tries_every_escape",
            needs_full: true,
            setup: |w| {
                w.file("problem.yaml", "name: Sum\nvalidation: custom\n", false);
                w.file(
                    "output_validators/hostile/validate.py",
                    &format!(
                        "{}got = sys.stdin.read().split()\nwant = open(sys.argv[2]).read().split()\nsys.exit(42 if got == want else 43)\n",
                        w.escapes_py()
                    ),
                    false,
                );
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/sum.py", "AC", ""),
        },
        Case {
            name: "output_validator_leaves_a_daemon",
            needs_full: false,
            setup: |w| {
                w.file("problem.yaml", "name: Sum\nvalidation: custom\n", false);
                w.file(
                    "output_validators/hostile/validate.py",
                    &format!(
                        "import os, sys\nif os.fork() == 0:\n    os.setsid()\n    os.execv('/bin/sh', ['/bin/sh', '-c', 'sleep 1000; :', {m:?}])\nsys.exit(42)\n",
                        m = w.marker
                    ),
                    false,
                );
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| expect_row(run, "accepted/sum.py", "AC", ""),
        },
        Case {
            name: "output_validator_source_is_a_compiler_bomb",
            needs_full: false,
            setup: |w| {
                w.file("problem.yaml", "name: Sum\nvalidation: custom\n", false);
                w.file(
                    "output_validators/bomb/validate.cpp",
                    "#define F \"/dev/zero\"\n#include F\nint main() {}\n",
                    false,
                );
            },
            args: &["verify", "{pkg}", "--json", "--build-memory", "256MiB"],
            check: |_, run| {
                let line = one_line(run)?;
                match line.contains("memory limit of 256 MiB exceeded") {
                    true => Ok(()),
                    false => Err(format!("the package's fault not named: {line}")),
                }
            },
        },
        Case {
            name: "test_file_linked_out_of_the_package_is_refused",
            needs_full: false,
            setup: |w| {
                std::os::unix::fs::symlink(&w.secret_path, w.pkg.join("data/secret/2.in")).unwrap();
                write(&w.pkg, "data/secret/2.ans", "0\n");
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| {
                let line = one_line(run)?;
                match line.contains("2.in leads outside the package") {
                    true => Ok(()),
                    false => Err(format!("the link not refused: {line}")),
                }
            },
        },
        Case {
            name: "test_files_linked_inside_the_package_keep_working",
            needs_full: false,
            setup: |w| {
                let secret = w.pkg.join("data/secret");
                std::os::unix::fs::symlink("../sample/1.in", secret.join("2.in")).unwrap();
                std::os::unix::fs::symlink("../sample/1.ans", secret.join("2.ans")).unwrap();
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| {
                expect_row(run, "accepted/sum.py", "AC", "")?;
                let tests = row(run, "accepted/sum.py")?["tests"].to_string();
                match tests.contains("secret/2") {
                    true => Ok(()),
                    false => Err(format!("the linked test was not judged: {tests}")),
                }
            },
        },
        Case {
            name: "included_header_linked_out_of_the_package_is_refused",
            needs_full: false,
            setup: |w| {
                std::fs::create_dir_all(w.pkg.join("include/cpp")).unwrap();
                std::os::unix::fs::symlink(&w.secret_path, w.pkg.join("include/cpp/key.h"))
                    .unwrap();
                cpp(w, "int main() {}\n");
            },
            args: &["verify", "{pkg}", "--json"],
            check: |_, run| {
                let said = format!("{}{}", run.stdout, run.stderr);
                match said.contains("key.h leads outside the package") {
                    true => Ok(()),
                    false => Err("the linked header was not refused".into()),
                }
            },
        },
    ]
}

#[test]
fn hostile_packages_are_contained_and_leave_nothing_behind() {
    let _heavy = heavy();
    let full = full_isolation();
    let cases = cases();
    let total = cases.len();
    let mut contained = 0;
    let mut skipped = Vec::new();
    let mut failures = Vec::new();
    for case in &cases {
        if case.needs_full && !full {
            skipped.push(case.name);
            continue;
        }
        let world = World::new(case.name);
        (case.setup)(&world);
        let started = Instant::now();
        let run = world.run(case.args);
        let elapsed = started.elapsed();
        let mut problems = world.left_behind(&run);
        if let Err(why) = (case.check)(&world, &run) {
            problems.push(why);
        }
        println!(
            "{:<60} {:>6.1} s  {}",
            case.name,
            elapsed.as_secs_f64(),
            if problems.is_empty() {
                "contained"
            } else {
                "NOT CONTAINED"
            }
        );
        if problems.is_empty() {
            contained += 1;
        } else {
            failures.push(format!(
                "{}: {}\n{}",
                case.name,
                problems.join("; "),
                run.describe()
            ));
        }
    }
    println!("hostile packages: {contained} / {total} contained");
    if !skipped.is_empty() {
        println!(
            "skipped without full isolation ({}): {}",
            skipped.len(),
            skipped.join(", ")
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(total >= 25, "the suite has at least 25 cases");
}

/// Issue 25's fourth report: ending stressjudge during a compile that never ends (a
/// `constexpr` loop the compiler evaluates for minutes) leaves no compiler behind, whatever
/// signal ends it.
#[test]
fn ending_stressjudge_during_a_build_leaves_no_compiler() {
    let _heavy = heavy();
    for signal in ["TERM", "INT", "HUP", "KILL"] {
        let world = World::new(&format!("signal{signal}"));
        cpp(
            &world,
            "constexpr long spin() {\n  long s = 0;\n  for (long i = 0; i < 200000; i++)\n    \
             for (long j = 0; j < 200000; j++) s += i ^ j;\n  return s;\n}\n\
             constexpr long value = spin();\nint main() { return value == 0; }\n",
        );
        let mut child = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
            .args(["verify", arg(&world.pkg), "--json"])
            .current_dir(root())
            .env("XDG_CACHE_HOME", cache_dir())
            .env("HOME", &world.home)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the compiler (its command line names the source, so the case).
        let deadline = Instant::now() + Duration::from_secs(60);
        while processes_naming(&world.marker).is_empty() {
            assert!(
                Instant::now() < deadline,
                "SIG{signal}: the compiler never started"
            );
            assert!(
                child.try_wait().unwrap().is_none(),
                "stressjudge ended early"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        std::thread::sleep(Duration::from_millis(300));
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let ended = Instant::now() + Duration::from_secs(20);
        while child.try_wait().unwrap().is_none() {
            assert!(
                Instant::now() < ended,
                "SIG{signal}: stressjudge did not end"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let run = Run {
            args: vec![format!("verify (SIG{signal})")],
            code: -1,
            stdout: String::new(),
            stderr: String::new(),
        };
        let left = world.left_behind(&run);
        assert!(left.is_empty(), "SIG{signal}: {}", left.join("; "));
        println!("SIG{signal} during a compile: nothing left behind");
    }
}
