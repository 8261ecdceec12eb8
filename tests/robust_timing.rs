//! Time limits a noisy machine cannot move, and Python run as the judge runs it (issue 31),
//! through the real binary.
//!
//! Load cannot flip these tests: the submissions burn a fixed amount of their own CPU time
//! (`time.process_time()`, which a busy neighbour does not advance), the one slow run is made
//! slow by the test (a counter file), not by the machine, and every figure asserted has at
//! least a factor of 1.6 of room.
#![forbid(unsafe_code)]

mod schema_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// A 2023-07 package with no time limit: twice the slowest accepted run, rounded up to whole
/// seconds.
const DERIVED: &str = "problem_format_version: 2023-07\nname: Noisy\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567893\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2\n    time_limit_to_tle: 1.5\n  time_resolution: 1\n";

/// Burns `cpu` seconds of its own CPU time on the test whose input starts with `slow`, and
/// `once_more` seconds more on the first such run (counted in the file the input names, when
/// `once_more` is not zero): the noise the VM shows, made by the test. Prints the
/// input's last word.
fn burner(cpu: f64, once_more: f64) -> String {
    let count = if once_more > 0.0 {
        "\x20   with open(words[1], 'a+') as f:\n\
         \x20       f.seek(0)\n\
         \x20       runs = len(f.read())\n\
         \x20       f.write('x')\n"
    } else {
        "\x20   runs = 1\n"
    };
    format!(
        "import sys, time\n\
         words = sys.stdin.read().split()\n\
         if words[0] == 'slow':\n\
         {count}\
         \x20   burn = {cpu} + ({once_more} if runs == 0 else 0.0)\n\
         \x20   start = time.process_time()\n\
         \x20   while time.process_time() - start < burn:\n\
         \x20       pass\n\
         print(words[-1])\n"
    )
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// `stressjudge verify DIR --json EXTRA...` with a private cache: the report and exit code.
fn verify(dir: &Path, cache: &Path, extra: &[&str]) -> (Value, i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .arg("verify")
        .arg(dir)
        .args(["--json"])
        .args(extra)
        .env("XDG_CACHE_HOME", cache)
        .env_remove("PYTHON")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let report: Value = schema_support::try_parse("verify", &stdout)
        .unwrap_or_else(|e| panic!("{e}\nstdout:\n{stdout}\nstderr:\n{stderr}"));
    (report, output.status.code().unwrap_or(-1), stderr)
}

fn row<'a>(report: &'a Value, submission: &str) -> &'a Value {
    (report["solutions"].as_array().unwrap().iter())
        .find(|r| r["path"].as_str().unwrap().ends_with(submission))
        .unwrap_or_else(|| panic!("no row for {submission} in {report:#}"))
}

#[test]
fn a_slowest_accepted_run_made_slow_once_still_derives_the_quiet_limit() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let counter = dir.path().join("runs-of-the-slow-test");
    write(dir.path(), "problem.yaml", DERIVED);
    write(dir.path(), "data/secret/1-quick.in", "quick 1\n");
    write(dir.path(), "data/secret/1-quick.ans", "1\n");
    let slow_input = format!("slow {} 2\n", counter.display());
    write(dir.path(), "data/secret/2-slow.in", &slow_input);
    write(dir.path(), "data/secret/2-slow.ans", "2\n");
    // Quietly 0.25 s on the slow test (2 x 0.25 s rounds up to 1 s); its first run takes
    // 1.25 s, which alone would set 3 s.
    write(
        dir.path(),
        "submissions/accepted/steady.py",
        &burner(0.25, 1.0),
    );
    // 2.5 s on the slow test: over 1.5 x 1 s, but under 1.5 x 2 s (a limit one noisy run set).
    write(
        dir.path(),
        "submissions/time_limit_exceeded/slow.py",
        &burner(2.5, 0.0),
    );
    let (report, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{report:#}\n{stderr}");
    let problem = &report["problems"][0];
    assert_eq!(problem["time_limit_ms"], 1000, "{problem:#}");
    let derivation = &problem["time_limit_derivation"];
    assert_eq!(derivation["statistic"], "minimum", "{derivation:#}");
    assert_eq!(derivation["test"], "secret/2-slow", "{derivation:#}");
    let times: Vec<u64> = (derivation["times_ms"].as_array().unwrap().iter())
        .map(|t| t.as_u64().unwrap())
        .collect();
    assert_eq!(
        times.len(),
        3,
        "the first run and two repeats: {derivation:#}"
    );
    assert!(
        times[0] >= 1250,
        "the first run was the slow one: {times:?}"
    );
    assert!(
        derivation["deciding_ms"].as_u64().unwrap() < 500,
        "{derivation:#}"
    );
    assert_eq!(derivation["repeated_runs"], 1, "{derivation:#}");
    assert_eq!(
        row(&report, "accepted/steady.py")["got"],
        "AC",
        "{report:#}"
    );
    assert_eq!(
        row(&report, "time_limit_exceeded/slow.py")["got"],
        "TLE",
        "{report:#}"
    );
    let notes = problem["notes"].to_string();
    assert!(notes.contains("time limit measured: "), "{notes}");
    assert!(notes.contains("the minimum decides"), "{notes}");
    assert!(report["timing_noise"]["noise"].is_number(), "{report:#}");

    // A second verify takes the repeats from the result cache: same limit, nothing repeated
    // (the first run, found slowed by noise, was forgotten: it alone is measured again).
    let runs_before = std::fs::read_to_string(&counter).unwrap().len();
    let (again, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{again:#}\n{stderr}");
    let derivation = &again["problems"][0]["time_limit_derivation"];
    assert_eq!(
        again["problems"][0]["time_limit_ms"], 1000,
        "{derivation:#}"
    );
    assert_eq!(derivation["repeats_reused"], 1, "{derivation:#}");
    let runs_after = std::fs::read_to_string(&counter).unwrap().len();
    assert!(
        runs_after <= runs_before + 1,
        "{runs_before} -> {runs_after}"
    );
}

/// Exits with an error unless PyPy runs it.
const NEEDS_PYPY: &str =
    "import sys\nif sys.implementation.name != 'pypy':\n    sys.exit(3)\nprint(int(input()) * 2)\n";

fn pypy_installed() -> bool {
    Command::new("pypy3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn a_kattis_package_runs_python_3_with_pypy_where_installed_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "problem.yaml",
        "name: Twice\nlimits:\n  time_limit: 5\n",
    );
    write(dir.path(), "data/secret/1.in", "21\n");
    write(dir.path(), "data/secret/1.ans", "42\n");
    write(dir.path(), "submissions/accepted/twice.py", NEEDS_PYPY);
    let (report, code, stderr) = verify(dir.path(), cache.path(), &[]);
    let notes = report["notes"].to_string();
    if !pypy_installed() {
        assert!(notes.contains("pypy3 is not installed"), "{notes}");
        return;
    }
    assert_eq!(code, 0, "{report:#}\n{stderr}");
    assert_eq!(row(&report, "accepted/twice.py")["got"], "AC");
    assert!(notes.contains("Python 3 runs with PyPy "), "{notes}");
    assert!(
        notes.contains("as Kattis and problemtools run Python 3"),
        "{notes}"
    );

    // The package's own word: CPython, which the submission refuses.
    write(dir.path(), "stressjudge.yaml", "python: python3\n");
    let (report, code, _) = verify(dir.path(), cache.path(), &[]);
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(row(&report, "accepted/twice.py")["got"], "RE");
    let notes = report["notes"].to_string();
    assert!(notes.contains("Python 3 runs with CPython "), "{notes}");
    assert!(
        notes.contains("stressjudge.yaml says python: python3"),
        "{notes}"
    );
}

/// A C program that burns `seconds` of its own CPU time, then prints the input's word.
fn c_burner(seconds: f64) -> String {
    format!(
        "#include <stdio.h>\n#include <time.h>\n\
         int main(void) {{\n\
         \x20   char word[64] = \"\";\n\
         \x20   if (scanf(\"%63s\", word) != 1) return 1;\n\
         \x20   while ((double)clock() / CLOCKS_PER_SEC < {seconds}) {{}}\n\
         \x20   puts(word);\n\
         \x20   return 0;\n\
         }}\n"
    )
}

#[test]
fn a_submission_at_the_limit_is_named_sensitive_whichever_side_it_lands() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Edge\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567894\nlimits:\n  time_limit: 1\n",
    );
    write(dir.path(), "data/secret/1.in", "edge\n");
    write(dir.path(), "data/secret/1.ans", "edge\n");
    // Clear of the limit either way: their folders' verdicts, a plain match.
    write(dir.path(), "submissions/accepted/quick.c", &c_burner(0.2));
    write(
        dir.path(),
        "submissions/time_limit_exceeded/slow.c",
        &c_burner(2.5),
    );
    // At the limit itself (its CPU time lands on either side of 1 s from run to run), and
    // within a few per cent under it: no run can settle either, and each is named so, not
    // failed and not passed as if settled.
    write(
        dir.path(),
        "submissions/time_limit_exceeded/at_the_limit.c",
        &c_burner(1.0),
    );
    write(
        dir.path(),
        "submissions/accepted/just_under.c",
        &c_burner(0.96),
    );
    let (report, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{report:#}\n{stderr}");
    assert_eq!(report["ok"], true);
    for (submission, status) in [
        ("accepted/quick.c", "match"),
        ("time_limit_exceeded/slow.c", "match"),
        ("time_limit_exceeded/at_the_limit.c", "sensitive"),
        ("accepted/just_under.c", "sensitive"),
    ] {
        let row = row(&report, submission);
        assert_eq!(row["status"], status, "{submission}: {row:#}");
        assert_eq!(row["ok"], true, "{submission}: {row:#}");
    }
    let warnings = row(&report, "accepted/just_under.c")["warnings"].to_string();
    assert!(
        warnings.contains("sensitive to the time limit: test secret/1 took"),
        "{warnings}"
    );
    // The terminal summary counts them apart.
    let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .args(["verify", "--isolation", "basic"])
        .arg(dir.path())
        .env("XDG_CACHE_HOME", cache.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("2 match, 0 mismatch, 2 sensitive to the time limit"),
        "{stdout}"
    );
}

#[test]
fn a_limit_set_by_a_program_that_waits_is_named_unreliable() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    write(dir.path(), "problem.yaml", DERIVED);
    write(dir.path(), "data/secret/1.in", "wait\n");
    write(dir.path(), "data/secret/1.ans", "wait\n");
    // Sleeps 0.4 s, then burns 0.3 s of CPU: at most 43 % of a core whatever the load (a busy
    // machine only lowers it), so its CPU time is not all the time it needs.
    let waiter = format!(
        "#define _POSIX_C_SOURCE 199309L\n#include <time.h>\n{}",
        c_burner(0.3).replacen(
            "int main(void) {",
            "int main(void) {\n    struct timespec nap = {0, 400000000L};\n    nanosleep(&nap, 0);",
            1
        )
    );
    write(dir.path(), "submissions/accepted/waiter.c", &waiter);
    let (report, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{report:#}\n{stderr}");
    let problem = &report["problems"][0];
    let derivation = &problem["time_limit_derivation"];
    let share = derivation["waited"]["cpu_share"].as_f64().unwrap_or(1.0);
    assert!(share < 0.6, "{derivation:#}");
    assert!(
        derivation["waited"]["wall_ms"].as_u64().unwrap() >= 650,
        "{derivation:#}"
    );
    assert_eq!(derivation["unreliable"], true, "{derivation:#}");
    assert_eq!(
        derivation["walls_ms"].as_array().unwrap().len(),
        3,
        "{derivation:#}"
    );
    let notes = problem["notes"].to_string();
    assert!(
        notes.contains("time limit unreliable: the run that set it had"),
        "{notes}"
    );
}

/// A C program that burns as many seconds of its own CPU time as the file named by its input
/// says, then prints `done`: the test sets each verify's time.
const SCRIPTED_BURNER: &str = "#include <stdio.h>\n#include <time.h>\n\
int main(void) {\n\
    char path[4096] = \"\";\n\
    double seconds = 0;\n\
    if (scanf(\"%4095s\", path) != 1) return 1;\n\
    FILE *f = fopen(path, \"r\");\n\
    if (!f || fscanf(f, \"%lf\", &seconds) != 1) return 1;\n\
    while ((double)clock() / CLOCKS_PER_SEC < seconds) {}\n\
    puts(\"done\");\n\
    return 0;\n\
}\n";

#[test]
fn a_derivation_its_runs_cannot_settle_keeps_the_earlier_limit_and_gives_way_when_they_can() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let control = dir.path().join("seconds");
    write(dir.path(), "problem.yaml", DERIVED);
    write(
        dir.path(),
        "data/secret/1.in",
        &format!("{}\n", control.display()),
    );
    write(dir.path(), "data/secret/1.ans", "done\n");
    write(
        dir.path(),
        "submissions/accepted/scripted.c",
        SCRIPTED_BURNER,
    );
    let derive = |seconds: &str| {
        std::fs::write(&control, seconds).unwrap();
        let (report, code, stderr) = verify(
            dir.path(),
            cache.path(),
            &["--isolation", "basic", "--fresh"],
        );
        assert_eq!(code, 0, "{report:#}\n{stderr}");
        report["problems"][0].clone()
    };
    let limit = |problem: &Value| problem["time_limit_ms"].as_u64().unwrap();

    // 0.46 s: 2 x 0.46 s rounds up to 1 s, but 10 % higher gives 2 s: sensitive, but more
    // runs could only lower the minimum, so the deciding run is run three times.
    let first = derive("0.46");
    let derivation = &first["time_limit_derivation"];
    assert_eq!(limit(&first), 1000, "{derivation:#}");
    assert_eq!(derivation["sensitive"], true, "{derivation:#}");
    assert_eq!(
        derivation["times_ms"].as_array().unwrap().len(),
        3,
        "{derivation:#}"
    );
    assert_eq!(derivation["earlier"], Value::Null, "{derivation:#}");

    // 0.52 s alone gives 2 s, but 10 % lower gives 1 s: noise only adds time, so these runs
    // do not contradict the earlier, lower limit, which stands (even under --fresh).
    let second = derive("0.52");
    let derivation = &second["time_limit_derivation"];
    assert_eq!(limit(&second), 1000, "{derivation:#}");
    assert_eq!(derivation["own_limit_ms"], 2000, "{derivation:#}");
    assert_eq!(derivation["kept_earlier"], true, "{derivation:#}");
    assert_eq!(derivation["earlier"]["limit_ms"], 1000, "{derivation:#}");
    // A lower limit lies within its band: the deciding run is run eight times in all.
    assert_eq!(
        derivation["times_ms"].as_array().unwrap().len(),
        8,
        "{derivation:#}"
    );
    let notes = second["notes"].to_string();
    assert!(
        notes.contains("1.00 s, kept from an earlier derivation of this package"),
        "{notes}"
    );

    // 1.2 s gives 3 s, and 2 s only within a band of 140 %: the earlier limit is ruled out.
    let third = derive("1.2");
    let derivation = &third["time_limit_derivation"];
    assert_eq!(limit(&third), 3000, "{derivation:#}");
    assert_eq!(derivation["kept_earlier"], false, "{derivation:#}");
    // Issue 45: the earlier limit is named with its deciding time and when it was measured,
    // and the limit is called unreliable.
    assert_eq!(derivation["unreliable"], true, "{derivation:#}");
    assert_eq!(
        derivation["differs_from"]["limit_ms"], 1000,
        "{derivation:#}"
    );
    let notes = third["notes"].to_string();
    assert!(
        notes.contains(
            "time limit unreliable: an earlier derivation of the same package content and \
             builds on this machine set 1.00 s (slowest accepted run 0.4"
        ),
        "{notes}"
    );
    assert!(notes.contains("measured at 20"), "{notes}");
}

#[test]
fn a_tle_run_stopped_at_the_smallest_limits_margin_decides_nothing_at_a_limit_that_equals_it() {
    // Twice the slowest accepted run, whole seconds, and a TLE submission must take twice the
    // limit: beside the derivation, the TLE submission runs under the smallest limit's margin
    // (2 x 1 s), stopped at 2 s; the accepted run (0.6 s) then sets 2 s, the very same limits.
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Margin\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567895\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2\n    time_limit_to_tle: 2\n  time_resolution: 1\n",
    );
    write(dir.path(), "data/secret/1.in", "spin\n");
    write(dir.path(), "data/secret/1.ans", "spin\n");
    write(dir.path(), "submissions/accepted/steady.c", &c_burner(0.6));
    write(
        dir.path(),
        "submissions/time_limit_exceeded/spin.c",
        &c_burner(30.0),
    );
    let (report, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{report:#}\n{stderr}");
    assert_eq!(report["problems"][0]["time_limit_ms"], 2000, "{report:#}");
    // Stopped at 2 s, that run says nothing of how far past a 2 s limit the submission goes:
    // judged from it, the TLE was 'sensitive' (within 10 % of the limit, no run to settle it).
    let spin = row(&report, "time_limit_exceeded/spin.c");
    assert_eq!(spin["got"], "TLE", "{spin:#}");
    assert_eq!(spin["status"], "match", "{spin:#}");
}

/// A C program that reads `COUNTER SECONDS WORD`, burns `SECONDS` of its own CPU time on the
/// first run that finds the file `COUNTER` empty and none on later runs (each run adds a byte
/// to it), then prints `WORD`: a first run the noise inflated, made by the test.
const SLOW_FIRST_RUN: &str = "#include <stdio.h>\n#include <time.h>\n\
int main(void) {\n\
    char counter[4096], word[64];\n\
    double first;\n\
    if (scanf(\"%4095s %lf %63s\", counter, &first, word) != 3) return 1;\n\
    FILE *f = fopen(counter, \"a+\");\n\
    if (!f) return 1;\n\
    fseek(f, 0, SEEK_END);\n\
    long runs = ftell(f);\n\
    fputc('x', f);\n\
    fclose(f);\n\
    double burn = runs == 0 ? first : 0.0;\n\
    while ((double)clock() / CLOCKS_PER_SEC < burn) {}\n\
    puts(word);\n\
    return 0;\n\
}\n";

#[test]
fn a_second_verify_repeats_no_further_than_the_first_whose_repeats_hit_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    // Twice the slowest accepted run, in steps of 0.1 s.
    write(
        dir.path(),
        "problem.yaml",
        &DERIVED.replace("time_resolution: 1", "time_resolution: 0.1"),
    );
    // Twenty tests whose first runs take 0.20 to 0.39 s, each giving a higher limit than the
    // next, and whose repeats take no time: each repeat brings its run down, so the next is
    // repeated, until the cap (16 repeats) stops the derivation with four single runs left.
    let tests = 20;
    for k in 0..tests {
        let input = format!(
            "{} {:.2} w{k}\n",
            dir.path().join(format!("runs-{k:02}")).display(),
            0.20 + 0.01 * k as f64
        );
        write(dir.path(), &format!("data/secret/{k:02}.in"), &input);
        write(
            dir.path(),
            &format!("data/secret/{k:02}.ans"),
            &format!("w{k}\n"),
        );
    }
    write(
        dir.path(),
        "submissions/accepted/first_slow.c",
        SLOW_FIRST_RUN,
    );
    let runs_so_far = || {
        (0..tests)
            .map(|k| std::fs::read(dir.path().join(format!("runs-{k:02}"))).map_or(0, |b| b.len()))
            .sum::<usize>()
    };
    let (first, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{first:#}\n{stderr}");
    let derivation = &first["problems"][0]["time_limit_derivation"];
    assert_eq!(derivation["gave_up"], true, "{derivation:#}");
    let limit = first["problems"][0]["time_limit_ms"].as_u64().unwrap();
    assert!(
        limit >= 400,
        "set by a single run of 0.2 s or more: {derivation:#}"
    );
    let repeated = derivation["repeated_runs"].clone();
    let runs_before = runs_so_far();

    // The second verify takes those repeats from the result cache, and they count against the
    // cap: it stops where the first stopped, with the same limit and no run made.
    let (again, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{again:#}\n{stderr}");
    let derivation = &again["problems"][0]["time_limit_derivation"];
    assert_eq!(
        again["problems"][0]["time_limit_ms"], limit,
        "{derivation:#}"
    );
    assert_eq!(derivation["gave_up"], true, "{derivation:#}");
    assert_eq!(derivation["repeated_runs"], repeated, "{derivation:#}");
    assert_eq!(runs_so_far(), runs_before, "{derivation:#}");
}

/// A 2023-07 package whose accepted submission burns what the control file says: 3 x the
/// slowest accepted run, whole seconds, and a safety margin (`time_limit_to_tle`) of 1.2.
const MARGIN: &str = "problem_format_version: 2023-07\nname: Margin\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567845\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 3\n    time_limit_to_tle: 1.2\n  time_resolution: 1\n";

#[test]
fn evidence_outlives_fresh_a_lower_limit_it_allows_is_kept_and_forget_machine_clears_it() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let control = dir.path().join("seconds");
    write(dir.path(), "problem.yaml", MARGIN);
    write(
        dir.path(),
        "data/secret/1.in",
        &format!("{}\n", control.display()),
    );
    write(dir.path(), "data/secret/1.ans", "done\n");
    write(
        dir.path(),
        "submissions/accepted/scripted.c",
        SCRIPTED_BURNER,
    );
    let last = std::cell::RefCell::new(Value::Null);
    let derive = |seconds: &str, extra: &[&str]| {
        std::fs::write(&control, seconds).unwrap();
        let mut args = vec!["--isolation", "basic", "--fresh"];
        args.extend(extra);
        let (report, code, stderr) = verify(dir.path(), cache.path(), &args);
        assert_eq!(code, 0, "{report:#}\n{stderr}");
        *last.borrow_mut() = report.clone();
        report["problems"][0].clone()
    };
    // 0.5 s: 3 x 0.5 s gives 2 s.
    let first = derive("0.5", &[]);
    assert_eq!(first["time_limit_ms"], 2000, "{first:#}");
    assert!(cache.path().join("stressjudge/machine.json").is_file());
    // 1.4 s (the machine slowed, as the memory-bound solution did): its own runs give
    // 5 s, and 4 s within their band, so the band does not reach 2 s; but 1.4 s x the safety
    // margin 1.2 = 1.68 s fits under the 2 s the earlier, faster run gave, under --fresh too.
    let second = derive("1.4", &[]);
    let derivation = &second["time_limit_derivation"];
    assert_eq!(second["time_limit_ms"], 2000, "{derivation:#}");
    assert_eq!(derivation["own_limit_ms"], 5000, "{derivation:#}");
    assert_eq!(derivation["kept_because"], "fits", "{derivation:#}");
    assert_eq!(derivation["safety_margin"], 1.2, "{derivation:#}");
    assert_eq!(derivation["differs_from"], Value::Null, "{derivation:#}");
    let notes = second["notes"].to_string();
    assert!(
        notes.contains("2.00 s, the lower limit the evidence allows: an earlier derivation"),
        "{notes}"
    );
    assert!(notes.contains("x 1.2 = 1.68 s"), "{notes}");
    // The first derivation's calibration readings are the history this one is set beside.
    let history = &derivation["calibration_history"];
    assert!(history["readings"].as_u64().unwrap() >= 2, "{derivation:#}");
    assert!(
        history["integer"]["fastest_us"].as_u64().unwrap() > 0,
        "{history:#}"
    );
    assert!(
        history["memory_latency"]["readings"].as_u64().unwrap() >= 2,
        "{history:#}"
    );
    assert!(
        notes.contains("machine history: ") && notes.contains("% on the fastest"),
        "{notes}"
    );
    // 2.1 s does not fit (2.52 s): its own 7 s stands (2.1 x 3 = 6.3 s, far enough from a whole
    // second that a millisecond of measuring overhead cannot move it), and both limits are named.
    let third = derive("2.1", &[]);
    let derivation = &third["time_limit_derivation"];
    assert_eq!(third["time_limit_ms"], 7000, "{derivation:#}");
    assert_eq!(derivation["unreliable"], true, "{derivation:#}");
    assert_eq!(
        derivation["differs_from"]["limit_ms"], 2000,
        "{derivation:#}"
    );
    // The accepted run's 2.1 s would be TLE under the earlier 2 s: its row says so.
    let warnings = row(&last.borrow(), "accepted/scripted.c")["warnings"].to_string();
    assert!(
        warnings.contains("AC under this verify's 7.00 s limit, TLE under the 2.00 s an earlier"),
        "{warnings}"
    );
    // --forget-machine: nothing earlier is known, so 1.4 s sets its own 5 s, said plainly.
    let forgotten = derive("1.4", &["--forget-machine"]);
    let derivation = &forgotten["time_limit_derivation"];
    assert_eq!(forgotten["time_limit_ms"], 5000, "{derivation:#}");
    assert_eq!(derivation["earlier"], Value::Null, "{derivation:#}");
    assert_eq!(derivation["differs_from"], Value::Null, "{derivation:#}");
    assert_eq!(
        derivation.get("calibration_history"),
        None,
        "{derivation:#}"
    );
}

/// `stressjudge doctor ARGS` with a private cache: stdout.
fn doctor(cache: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .arg("doctor")
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn doctor_shows_the_calibration_history_the_machine_kept_and_adds_its_own_reading() {
    let cache = tempfile::tempdir().unwrap();
    let first: Value = serde_json::from_str(&doctor(cache.path(), &["--json"])).unwrap();
    assert_eq!(first["calibration_history"], Value::Null, "{first:#}");
    let second: Value = serde_json::from_str(&doctor(cache.path(), &["--json"])).unwrap();
    let history = &second["calibration_history"];
    assert_eq!(history["readings"], 1, "{history:#}");
    for workload in ["integer", "memory_latency", "memory_bandwidth"] {
        let w = &history[workload];
        assert_eq!(w["readings"], 1, "{history:#}");
        assert!(w["fastest_us"].as_u64().unwrap() > 0, "{history:#}");
        assert_eq!(w["fastest_us"], w["slowest_us"], "{history:#}");
    }
    let text = doctor(cache.path(), &[]);
    assert!(
        text.contains("calibration history: 2 calibration reading(s) kept on this machine from "),
        "{text}"
    );
    assert!(
        text.contains("memory latency ") && text.contains("% on the fastest"),
        "{text}"
    );
}

/// Burns, on its k-th run (counted in `PATH.count`), the k-th number of the control file
/// `PATH` the input names (the last one past its end), then prints `done`.
const SEQUENCE_BURNER: &str = "#include <stdio.h>\n#include <time.h>\n\
int main(void) {\n\
    char path[4000] = \"\", count[4100];\n\
    double seconds = 0, next;\n\
    long runs = 0, k = 0;\n\
    if (scanf(\"%3999s\", path) != 1) return 1;\n\
    snprintf(count, sizeof count, \"%s.count\", path);\n\
    FILE *c = fopen(count, \"a+\");\n\
    if (!c) return 1;\n\
    while (fgetc(c) != EOF) runs++;\n\
    fputc('x', c);\n\
    fclose(c);\n\
    FILE *f = fopen(path, \"r\");\n\
    while (f && fscanf(f, \"%lf\", &next) == 1) { seconds = next; if (k++ == runs) break; }\n\
    while ((double)clock() / CLOCKS_PER_SEC < seconds) {}\n\
    puts(\"done\");\n\
    return 0;\n\
}\n";

#[test]
fn deciding_times_that_straddle_a_step_are_settled_by_more_runs_alone_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let control = dir.path().join("seconds");
    write(dir.path(), "problem.yaml", DERIVED);
    write(
        dir.path(),
        "data/secret/1.in",
        &format!("{}\n", control.display()),
    );
    write(dir.path(), "data/secret/1.ans", "done\n");
    write(
        dir.path(),
        "submissions/accepted/sequence.c",
        SEQUENCE_BURNER,
    );
    // 2 x, whole seconds: 0.3 s gives 1 s, 0.6 s gives 2 s (the step at 0.5 s). The first
    // three runs give 0.6, 0.3 and 0.6 s: their fastest gives 1 s, their median 2 s.
    std::fs::write(&control, "0.6 0.3 0.6 0.6 0.35 0.35 0.35 0.35 0.35 0.35").unwrap();
    let (report, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 0, "{report:#}\n{stderr}");
    let problem = &report["problems"][0];
    let derivation = &problem["time_limit_derivation"];
    assert_eq!(problem["time_limit_ms"], 1000, "{derivation:#}");
    assert_eq!(derivation["settling"]["runs_before"], 3, "{derivation:#}");
    assert_eq!(
        derivation["settling"]["limits_ms"][0], 1000,
        "{derivation:#}"
    );
    assert_eq!(
        derivation["settling"]["limits_ms"][1], 2000,
        "{derivation:#}"
    );
    assert_eq!(derivation["settling"]["step_ms"], 500, "{derivation:#}");
    // Up to five more runs, until the median no longer straddles: 0.6, 0.35, 0.35, 0.35.
    let times = derivation["times_ms"].as_array().unwrap();
    assert_eq!(times.len(), 7, "{derivation:#}");
    // Each run alone came with a memory-latency reading.
    assert_eq!(
        derivation["memory_beside"].as_array().unwrap().len(),
        6,
        "{derivation:#}"
    );
    let notes = problem["notes"].to_string();
    assert!(
        notes.contains(
            "time limit settled: the deciding times straddled the rule's step at 0.50 s (up to \
             it the rule gives 1.00 s, past it 2.00 s), so that test ran alone 4 more time(s)"
        ),
        "{notes}"
    );
}

#[test]
fn a_tle_submission_accepted_under_a_derived_limit_is_told_how_close_it_came() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Close\nuuid: 0c1d2e3f-4a5b-4c6d-8e7f-901234567846\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2\n    time_limit_to_tle: 1.5\n  time_resolution: 0.5\n",
    );
    write(dir.path(), "data/secret/1.in", "close\n");
    write(dir.path(), "data/secret/1.ans", "close\n");
    write(dir.path(), "submissions/accepted/quick.c", &c_burner(0.3));
    // 0.3 s x 2 gives 1 s (0.6 rounded up to 0.5 s steps); 0.8 s is AC under it.
    write(
        dir.path(),
        "submissions/time_limit_exceeded/close.c",
        &c_burner(0.8),
    );
    let (report, code, stderr) = verify(dir.path(), cache.path(), &["--isolation", "basic"]);
    assert_eq!(code, 1, "{report:#}\n{stderr}");
    assert_eq!(report["problems"][0]["time_limit_ms"], 1000, "{report:#}");
    let row = row(&report, "time_limit_exceeded/close.c");
    assert_eq!(row["got"], "AC", "{row:#}");
    let warnings = row["warnings"].to_string();
    assert!(
        warnings.contains(
            "accepted under the derived 1.00 s limit: its slowest test, secret/1, took 0.8"
        ),
        "{warnings}"
    );
    // About 2.7 x the accepted 0.3 s; 0.5 s would reject it (1.67 x instead of 2).
    assert!(
        warnings.contains(" x the slowest accepted run ("),
        "{warnings}"
    );
    assert!(
        warnings.contains("the rule would need a limit of at most 0.50 s to reject it"),
        "{warnings}"
    );
}
