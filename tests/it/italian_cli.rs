//! Italian-format tasks (CMS's `italy_yaml`, task-maker-rust's `italian_yaml`) through the real
//! binary, on the tasks of `tests/italian/`, written for these tests:
//!
//! - `somma`: stdin and stdout, `gen/GEN` with three named subtasks (a `#COPY:` sample, small
//!   and big), a Python generator, a validator called `valida INPUT SUBTASK` that imports its
//!   bounds from `gen/limiti.py`, solutions promising a wrong answer, a time limit and zero on
//!   given subtasks; white-diff;
//! - `file_io`: Italian keys, `input.txt`/`output.txt` by default, fixed `input/` and `output/`
//!   tests without an official solution;
//! - `grader`: a C++ `sol/grader.cpp` (and its header) compiled with every C++ solution;
//! - `checker`: a CMS checker giving half the points to an answer off by one, `score_type: Sum`;
//! - `massimo`: task-maker-rust's `gen/cases.gen` with two generators, two validators (one
//!   picked by a subtask, called with `$ST_NAME $INPUT`), constraints on the generators'
//!   arguments, `: RUN`, `: COPY`, `: STDEP`, quoted arguments; the validators check the
//!   `TM_SUBTASK`, `TM_SUBTASK_NAME` and `TM_TESTCASE` task-maker-rust sets.
//!
//! `tests/italian/contest.yaml` makes the folder a contest: `verify` checks every promise of
//! every task and gives each solution's subtask scores; `judge` gives each subtask's score and
//! the total; `list` shows the subtasks; `generate` writes `input/` and `output/`; a broken
//! promise names the subtask, the test and both verdicts; bad tasks are one line, exit 2.

use crate::folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;
use serde_json::{json, Value};

const TASKS: &str = "tests/italian";
const SOMMA: &str = "tests/italian/somma";
const CHECKER: &str = "tests/italian/checker";
const MASSIMO: &str = "tests/italian/massimo";

/// Copies the task `name` of `tests/italian/` into `dir` and returns its path.
fn copy_of(dir: &Path, name: &str) -> PathBuf {
    let target = dir.join(name);
    copy_dir(&root().join(TASKS).join(name), &target);
    target
}

/// Replaces `old` by `new` in the file `name` of the task `task`.
fn edit(task: &Path, name: &str, old: &str, new: &str) {
    let file = task.join(name);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(old), "{old} in {name}");
    std::fs::write(&file, text.replacen(old, new, 1)).unwrap();
}

/// A verify row's points: the total and `(subtask, earned)` of each subtask.
fn points(row: &Value) -> (f64, Vec<(String, f64)>) {
    let points = &row["points"];
    let groups = (points["groups"].as_array().expect("groups").iter())
        .map(|g| {
            (
                g["group"].as_str().unwrap().to_string(),
                g["earned"].as_f64().unwrap(),
            )
        })
        .collect();
    (points["earned"].as_f64().expect("earned"), groups)
}

#[test]
fn verify_keeps_every_promise_of_a_contest_with_each_subtask_score() {
    let _heavy = heavy();
    let dir = tempdir();
    let html = dir.path().join("verify.html");
    let run = stressjudge(&[
        "verify",
        TASKS,
        "--json",
        "--stress-seeds",
        "0",
        "--report",
        arg(&html),
    ]);
    run.expect_code(0);
    let report = run.json();
    let rows: std::collections::BTreeMap<String, Value> = (report["solutions"].as_array())
        .unwrap()
        .iter()
        .map(|row| {
            let path = row["path"].as_str().unwrap();
            let (_, relative) = path.split_once("tests/italian/").unwrap();
            (relative.to_string(), row.clone())
        })
        .collect();
    let st = |pairs: &[(&str, f64)]| -> Vec<(String, f64)> {
        pairs.iter().map(|(n, p)| (n.to_string(), *p)).collect()
    };
    let expected = [
        (
            "somma/sol/soluzione.py",
            "AC",
            100.0,
            st(&[("samples", 0.0), ("small", 40.0), ("big", 60.0)]),
        ),
        (
            "somma/sol/overflow.cpp",
            "WA",
            40.0,
            st(&[("samples", 0.0), ("small", 40.0), ("big", 0.0)]),
        ),
        (
            "somma/sol/lenta.cpp",
            "TLE",
            40.0,
            st(&[("samples", 0.0), ("small", 40.0), ("big", 0.0)]),
        ),
        (
            "somma/sol/differenza.py",
            "WA",
            0.0,
            st(&[("samples", 0.0), ("small", 0.0), ("big", 0.0)]),
        ),
        (
            "file_io/sol/doppio.py",
            "AC",
            100.0,
            st(&[("subtask0", 100.0)]),
        ),
        (
            "file_io/sol/su_stdout.py",
            "WA",
            0.0,
            st(&[("subtask0", 0.0)]),
        ),
        (
            "grader/sol/soluzione.cpp",
            "AC",
            100.0,
            st(&[("subtask0", 100.0)]),
        ),
        (
            "grader/sol/primo.cpp",
            "WA",
            25.0,
            st(&[("subtask0", 25.0)]),
        ),
        (
            "checker/sol/soluzione.py",
            "AC",
            100.0,
            st(&[("uno", 50.0), ("due", 50.0)]),
        ),
        (
            "checker/sol/piu_uno.py",
            "AC",
            50.0,
            st(&[("uno", 25.0), ("due", 25.0)]),
        ),
        (
            "checker/sol/piccola.py",
            "WA",
            50.0,
            st(&[("uno", 50.0), ("due", 0.0)]),
        ),
        (
            "massimo/sol/soluzione.py",
            "AC",
            100.0,
            st(&[
                ("esempi", 0.0),
                ("piccoli", 30.0),
                ("positivi", 30.0),
                ("grandi", 40.0),
            ]),
        ),
        (
            "massimo/sol/da_zero.py",
            "WA",
            30.0,
            st(&[
                ("esempi", 0.0),
                ("piccoli", 0.0),
                ("positivi", 30.0),
                ("grandi", 0.0),
            ]),
        ),
        (
            "massimo/sol/primi_dieci.py",
            "WA",
            30.0,
            st(&[
                ("esempi", 0.0),
                ("piccoli", 30.0),
                ("positivi", 0.0),
                ("grandi", 0.0),
            ]),
        ),
    ];
    assert_eq!(rows.len(), expected.len(), "{:?}", rows.keys());
    for (path, verdict, total, subtasks) in expected {
        let row = rows
            .get(path)
            .unwrap_or_else(|| panic!("{path} in {rows:?}"));
        assert_eq!(row["status"], "match", "{path}: {row}");
        assert_eq!(row["got"], verdict, "{path}");
        assert_eq!(points(row), (total, subtasks), "{path}");
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("points: 40 of 100 points (small 40/40, big 0/60)"),
        "the HTML report shows the subtask scores"
    );
}

#[test]
fn judge_gives_each_subtask_score_and_the_total() {
    let run = stressjudge(&[
        "judge",
        SOMMA,
        "tests/italian/somma/sol/overflow.cpp",
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    assert_eq!(report["verdict"], "WA");
    let subtasks = &report["subtasks"];
    assert_eq!(subtasks["earned"], 40.0);
    assert_eq!(subtasks["max"], 100.0);
    let groups: Vec<(&str, f64, f64)> = (subtasks["groups"].as_array().unwrap().iter())
        .map(|g| {
            (
                g["group"].as_str().unwrap(),
                g["earned"].as_f64().unwrap(),
                g["max"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        groups,
        vec![
            ("samples", 0.0, 0.0),
            ("small", 40.0, 40.0),
            ("big", 0.0, 60.0)
        ]
    );
    let text = stressjudge(&["judge", SOMMA, "tests/italian/somma/sol/overflow.cpp"]);
    text.expect_code(1);
    assert!(
        text.stdout
            .contains("score: 40 of 100 points (small 40/40, big 0/60)"),
        "{}",
        text.describe()
    );

    // A solution built with the task's grader, and a partial score from the checker.
    let grader = stressjudge(&[
        "judge",
        "tests/italian/grader",
        "tests/italian/grader/sol/primo.cpp",
        "--json",
    ]);
    grader.expect_code(1);
    assert_eq!(grader.json()["subtasks"]["earned"], 25.0);
    let partial = stressjudge(&[
        "judge",
        CHECKER,
        "tests/italian/checker/sol/piu_uno.py",
        "--json",
    ]);
    partial.expect_code(0);
    let report = partial.json();
    assert_eq!(report["subtasks"]["earned"], 50.0);
    assert_eq!(report["tests"][0]["score_multiplier"], 0.5);
}

#[test]
fn list_shows_the_subtasks_and_generate_writes_the_tests() {
    let run = stressjudge(&["list", SOMMA]);
    run.expect_code(0);
    for line in [
        "group samples: 0 points (subtask 1, GroupMin), tests 0",
        "group small: 40 points (subtask 2, GroupMin), tests 1 2",
        "group big: 60 points (subtask 3, GroupMin), tests 3 4",
        "sol/overflow.cpp",
        "@check-wrong-answer: big",
        "gen/valida.py",
    ] {
        assert!(run.stdout.contains(line), "{line}\n{}", run.describe());
    }

    let out = tempdir();
    let run = stressjudge(&["generate", SOMMA, "--out", arg(out.path())]);
    run.expect_code(0);
    assert_eq!(read(&out.path().join("input/input0.txt")), b"3 4\n");
    assert_eq!(read(&out.path().join("output/output0.txt")), b"7\n");
    let input: Vec<u64> = String::from_utf8(read(&out.path().join("input/input4.txt")))
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let answer = String::from_utf8(read(&out.path().join("output/output4.txt"))).unwrap();
    assert_eq!(answer.trim(), (input[0] + input[1]).to_string());
    assert!(!out.path().join("input/input5.txt").exists());
}

#[test]
fn a_broken_promise_names_the_subtask_the_test_and_both_verdicts() {
    let _heavy = heavy();
    let dir = tempdir();
    let task = copy_of(dir.path(), "somma");
    edit(
        &task,
        "sol/overflow.cpp",
        "@check-wrong-answer: big",
        "@check-accepted: big",
    );
    std::fs::remove_file(task.join("sol/lenta.cpp")).unwrap();
    let run = stressjudge(&["verify", arg(&task), "--stress-seeds", "0", "--json"]);
    run.expect_code(1);
    let report = run.json();
    let row = (report["solutions"].as_array().unwrap().iter())
        .find(|r| r["path"].as_str().unwrap().ends_with("overflow.cpp"))
        .unwrap();
    assert_eq!(row["status"], "mismatch");
    assert_eq!(
        row["broken"][0],
        "subtask big: test 3 got WA, but @check-accepted promises every test AC \
         (sol/overflow.cpp line 3)"
    );
}

/// A broken copy of a task: the task, how it is broken, the command run and the error wanted.
type BadCase = (&'static str, Box<dyn Fn(&Path)>, &'static str, &'static str);

#[test]
fn bad_tasks_are_one_line_naming_the_file_and_line() {
    let dir = tempdir();
    let cases: Vec<BadCase> = vec![
        (
            "somma",
            Box::new(|t| std::fs::remove_file(t.join("gen/generatore.py")).unwrap()),
            "list",
            "gen/GEN line 9: `100 1` runs the generator, but there is no gen/generatore.* or \
             gen/generator.*",
        ),
        (
            "somma",
            Box::new(|t| edit(t, "gen/GEN", "#ST: 60", "#ST:")),
            "list",
            "gen/GEN line 12: `#ST:` with no number: a subtask needs its points",
        ),
        (
            "somma",
            Box::new(|t| edit(t, "sol/overflow.cpp", "@check-wrong-answer", "@check-wrong")),
            "list",
            "sol/overflow.cpp line 3: `@check-wrong: big` is not a check",
        ),
        (
            "somma",
            Box::new(|t| {
                edit(
                    t,
                    "task.yaml",
                    "name: somma",
                    "name: somma\noutput_only: true",
                )
            }),
            "list",
            "task.yaml: an output-only task (output_only: true) is not supported",
        ),
        (
            "somma",
            Box::new(|t| {
                std::fs::create_dir_all(t.join("check")).unwrap();
                std::fs::write(t.join("check/manager.cpp"), "int main() {}\n").unwrap();
            }),
            "list",
            "check/manager.cpp: a communication task (a manager talking to the solution) is \
             not supported yet",
        ),
        (
            "checker",
            Box::new(|t| edit(t, "check/checker.py", "print(0.5)", "print()")),
            "judge",
            "check/checker.py printed no score on stdout (a number from 0 to 1 is due)",
        ),
        (
            "checker",
            Box::new(|t| edit(t, "check/checker.py", "print(0.5)", "print(1.5)")),
            "judge",
            "check/checker.py printed the score 1.5, outside 0..1",
        ),
    ];
    for (i, (name, change, command, wanted)) in cases.iter().enumerate() {
        let task = copy_of(&dir.path().join(i.to_string()), name);
        change(&task);
        let run = match *command {
            "judge" => stressjudge(&["judge", arg(&task), arg(&task.join("sol/piu_uno.py"))]),
            _ => stressjudge(&[command, arg(&task)]),
        };
        let line = run.one_line_error();
        assert!(line.contains(wanted), "{wanted}\n{}", run.describe());
        assert!(line.contains(arg(&task)), "names the task: {line}");
    }
}

#[test]
fn stress_runs_a_subtask_s_generator_line_and_repro_replays_it() {
    let _heavy = heavy();
    let out = tempdir();
    let run = stressjudge(&[
        "stress",
        SOMMA,
        "tests/italian/somma/sol/overflow.cpp",
        "--kind",
        "big",
        "--seeds",
        "1..=3",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    let text = format!("{}{}", run.stdout, run.stderr);
    assert!(text.contains("(big kind): WA"), "{}", run.describe());
    let shrunk: Vec<u64> = (text.lines())
        .skip_while(|l| !l.starts_with("shrunk input"))
        .nth(1)
        .expect("a shrunk input")
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(
        shrunk[0] + shrunk[1] > i32::MAX as u64 && shrunk[0].max(shrunk[1]) <= 2_000_000_000,
        "shrunk within the validator to an overflowing sum\n{}",
        run.describe()
    );
    let repro_line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("repro: "))
        .expect("a repro line");
    let words: Vec<&str> = repro_line.split_whitespace().skip(1).collect();
    let repro = stressjudge(&words);
    repro.expect_code(1);
    assert!(repro.stdout.contains("WA"), "{}", repro.describe());
}

/// A solution of a task-maker-rust task and its expected score on each subtask.
type Scores = (&'static str, &'static [f64]);

/// task-maker-rust's own test tasks and the per-subtask scores its `tests/*.rs` expect of
/// each solution (transcribed from them), for [`task_maker_s_own_tasks_score_as_its_tests_expect`].
const TASK_MAKER_SCORES: &[(&str, &[Scores])] = &[
    (
        "classic",
        &[
            ("soluzione.py", &[5.0, 45.0, 50.0]),
            ("bash.sh", &[5.0, 45.0, 50.0]),
            ("float_error.cpp", &[0.0, 0.0, 0.0]),
            ("mle.cpp", &[0.0, 0.0, 0.0]),
            ("noop.py", &[0.0, 0.0, 0.0]),
            ("nonzero.cpp", &[0.0, 0.0, 0.0]),
            ("sigsegv.c", &[0.0, 0.0, 0.0]),
            ("tle.cpp", &[5.0, 45.0, 0.0]),
            ("wa.cpp", &[0.0, 0.0, 0.0]),
            ("wrong_file.cpp", &[0.0, 0.0, 0.0]),
        ],
    ),
    (
        "with_constraints_py",
        &[
            ("soluzione.py", &[5.0, 45.0, 50.0]),
            ("tle.cpp", &[5.0, 45.0, 0.0]),
            ("wa.cpp", &[0.0, 0.0, 0.0]),
        ],
    ),
    (
        "with_checker",
        &[("soluzione.sh", &[100.0]), ("wrong.sh", &[0.0])],
    ),
    (
        "with_stdio",
        &[
            ("soluzione.cpp", &[100.0]),
            ("noop.py", &[0.0]),
            ("wa.cpp", &[50.0]),
            ("wrong_file.cpp", &[0.0]),
        ],
    ),
    (
        "without_gen",
        &[
            ("soluzione.cpp", &[100.0]),
            ("wa.cpp", &[50.0]),
            ("wrong_file.cpp", &[0.0]),
        ],
    ),
    (
        "without_st",
        &[("soluzione.py", &[100.0]), ("40_points.py", &[40.0])],
    ),
    (
        "task-yaml-orig",
        &[
            ("solution.cpp", &[5.0, 45.0, 50.0]),
            ("wrong_file.cpp", &[0.0, 0.0, 0.0]),
        ],
    ),
    (
        "deps",
        &[
            ("sol-.cpp", &[0.0, 0.0, 0.0]),
            ("sol-0.cpp", &[0.0, 0.0, 0.0]),
            ("sol-1.cpp", &[0.0, 30.0, 0.0]),
            ("sol-2.cpp", &[0.0, 0.0, 0.0]),
            ("sol-01.cpp", &[30.0, 30.0, 0.0]),
            ("sol-02.cpp", &[0.0, 0.0, 0.0]),
            ("sol-12.cpp", &[0.0, 30.0, 0.0]),
            ("sol-012.cpp", &[30.0, 30.0, 40.0]),
        ],
    ),
];

/// With `STRESSJUDGE_TASK_MAKER_TASKS` naming the `tests/tasks/` folder of a task-maker-rust
/// checkout (its code is not part of this repository), each of its tasks verifies with every
/// `@check` kept and the per-subtask scores its own tests expect. Without it, the test says so
/// and checks nothing.
#[test]
fn task_maker_s_own_tasks_score_as_its_tests_expect() {
    let Some(tasks) = std::env::var_os("STRESSJUDGE_TASK_MAKER_TASKS") else {
        eprintln!("STRESSJUDGE_TASK_MAKER_TASKS is not set: task-maker-rust's tasks not checked");
        return;
    };
    let _heavy = heavy();
    let copies = tempdir();
    for (task, expected) in TASK_MAKER_SCORES {
        let dir = copies.path().join(task);
        copy_dir(&PathBuf::from(&tasks).join(task), &dir);
        if *task == "deps" {
            // Its generator is a link to /usr/bin/echo, outside the task: refused, so the
            // copy gets a script doing the same.
            let generator = dir.join("gen/generator.sh");
            std::fs::remove_file(&generator).unwrap();
            std::fs::write(&generator, "#!/bin/sh\necho \"$@\"\n").unwrap();
        }
        // Some of their validators are empty stand-ins that accept anything, which the tool
        // checks rightly name; this test is about scores.
        let run = stressjudge(&[
            "verify",
            arg(&dir),
            "--json",
            "--stress-seeds",
            "0",
            "--no-tool-checks",
        ]);
        // The `@check` comments of `deps` do not hold under task-maker-rust's own rule either
        // (`sol-1.cpp` promises a wrong answer on `st-1`, where its test expects 30 of 30):
        // its tests check scores only.
        run.expect_code(if *task == "deps" { 1 } else { 0 });
        let report = run.json();
        for (solution, scores) in *expected {
            let row = (report["solutions"].as_array().unwrap().iter())
                .find(|r| r["shown"] == format!("sol/{solution}"))
                .unwrap_or_else(|| panic!("{task}: {solution}\n{}", run.describe()));
            let (_, groups) = points(row);
            let got: Vec<f64> = groups.iter().map(|(_, p)| *p).collect();
            assert_eq!(got, scores.to_vec(), "{task}: {solution}");
        }
    }
}

#[test]
fn a_cases_gen_task_is_listed_generated_and_judged_by_subtask() {
    let run = stressjudge(&["list", MASSIMO]);
    run.expect_code(0);
    for line in [
        "group esempi: 0 points (subtask 1, GroupMin), tests 0",
        "group piccoli: 30 points (subtask 2, GroupMin), tests 1 2",
        "group positivi: 30 points (subtask 3, GroupMin), tests 3 4",
        "group grandi: 40 points (subtask 4, GroupMin, needs piccoli), tests 1 2 5 6",
        "gen/positivi.py",
        "gen/valida_positivi.py",
    ] {
        assert!(run.stdout.contains(line), "{line}\n{}", run.describe());
    }

    let out = tempdir();
    let run = stressjudge(&["generate", MASSIMO, "--out", arg(out.path())]);
    run.expect_code(0);
    let numbers = |n: usize| -> Vec<i64> {
        String::from_utf8(read(&out.path().join(format!("input/input{n}.txt"))))
            .unwrap()
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect()
    };
    assert_eq!(numbers(0), vec![3, 4, 9, 2], ": COPY");
    assert_eq!(numbers(1).len(), 6, "`5 100 1`: N = 5, then 5 numbers");
    let positive = numbers(4);
    assert_eq!(positive[0], 100, "`: RUN positivi 100 4`");
    assert!(
        positive[1..].iter().all(|&x| x > 0),
        "the positivi generator ran"
    );
    assert_eq!(
        numbers(6).len(),
        1001,
        "quoted arguments are passed unquoted"
    );
    assert!(!out.path().join("input/input7.txt").exists());

    let run = stressjudge(&[
        "judge",
        MASSIMO,
        &format!("{MASSIMO}/sol/primi_dieci.py"),
        "--json",
    ]);
    run.expect_code(1);
    let report = run.json();
    let subtasks = &report["subtasks"];
    assert_eq!(subtasks["earned"], 30.0, "{report}");
    let groups: Vec<(String, f64)> = (subtasks["groups"].as_array().unwrap().iter())
        .map(|g| {
            (
                g["group"].as_str().unwrap().to_string(),
                g["earned"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        groups,
        vec![
            ("esempi".to_string(), 0.0),
            ("piccoli".to_string(), 30.0),
            ("positivi".to_string(), 0.0),
            ("grandi".to_string(), 0.0)
        ]
    );
}

/// A change made to a copy of a task.
type Edit = Box<dyn Fn(&Path)>;

#[test]
fn bad_cases_gen_lines_and_inputs_are_one_line_naming_the_line() {
    let dir = tempdir();
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|t| edit(t, "gen/cases.gen", "5 100 1", "11 100 1")),
            "gen/cases.gen line 17: the test `11 100 1` breaks `: CONSTRAINT $N <= 10` ($N = 11)",
        ),
        (
            Box::new(|t| edit(t, "gen/cases.gen", ": RUN positivi", ": RUN positive")),
            "gen/cases.gen line 25: `: RUN positive`: no generator is named positive",
        ),
        (
            Box::new(|t| edit(t, "gen/cases.gen", "gen/positivi.py", "gen/positive.py")),
            "gen/cases.gen line 3: the generator positivi: gen/positive.py is not a file",
        ),
        (
            Box::new(|t| {
                edit(
                    t,
                    "gen/cases.gen",
                    ": SUBTASK 30 piccoli",
                    ": SUBTASK piccoli",
                )
            }),
            "gen/cases.gen line 15: `: SUBTASK piccoli`: the points must be a number",
        ),
        (
            // The positivi validator rejects a generator's zero, naming the test and subtask.
            Box::new(|t| edit(t, "gen/positivi.py", "rng.randint(1, 999)", "0")),
            "test 3 (gen/cases.gen line 24, subtask 3): input validator",
        ),
        (
            // The default validator is called with the 0-based subtask, as TM_SUBTASK says.
            Box::new(|t| {
                edit(
                    t,
                    "gen/cases.gen",
                    ": VAL default gen/valida.py",
                    ": VAL default gen/valida.py $INPUT $ST_NAME",
                )
            }),
            "TM_SUBTASK differs from $ST_NUM",
        ),
        (
            Box::new(|t| edit(t, "gen/cases.gen", ": STDEP piccoli", ": STDEP piccolo")),
            "gen/cases.gen line 28: `: STDEP piccolo`: no subtask is named piccolo",
        ),
        (
            // Each test's number is TM_TESTCASE.
            Box::new(|t| {
                edit(
                    t,
                    "gen/valida.py",
                    "subtask = int",
                    "assert os.environ.get(\"TM_TESTCASE\") != \"5\", \"test 5 refused\"\nsubtask = int",
                )
            }),
            "test 5 (gen/cases.gen line 29, subtask 4): input validator",
        ),
    ];
    for (i, (change, wanted)) in cases.iter().enumerate() {
        let task = copy_of(&dir.path().join(i.to_string()), "massimo");
        change(&task);
        let run = stressjudge(&["list", arg(&task)]);
        let line = run.one_line_error();
        assert!(line.contains(wanted), "{wanted}\n{}", run.describe());
        assert!(line.contains(arg(&task)), "names the task: {line}");
    }
}

#[test]
fn verify_split_by_subtask_merges_into_the_unsplit_verdicts_and_scores() {
    let _heavy = heavy();
    let dir = tempdir();
    let verify = |more: &[&str]| {
        let mut args = vec!["verify", MASSIMO, "--json", "--stress-seeds", "2"];
        args.extend(more);
        stressjudge(&args)
    };
    let whole = verify(&[]);
    whole.expect_code(0);
    let whole = whole.json();
    let mut files = Vec::new();
    for i in 1..=2 {
        let shard = verify(&["--shard", &format!("{i}/2")]);
        shard.expect_code(0);
        let report = shard.json();
        // Three solutions of four subtasks each: twelve jobs, dealt six and six.
        assert_eq!(report["shard"]["jobs"], 12, "{report}");
        let rows = report["solutions"].as_array().unwrap();
        assert_eq!(rows.len(), 6);
        for row in rows {
            let groups = row["points"]["groups"].as_array().unwrap();
            assert_eq!(groups.len(), 1, "a job scores its one subtask: {row}");
        }
        let file = dir.path().join(format!("s{i}.json"));
        std::fs::write(&file, shard.stdout.as_bytes()).unwrap();
        files.push(file);
    }
    let merged = stressjudge(&["merge", arg(&files[1]), arg(&files[0]), "--json"]);
    merged.expect_code(0);
    let merged = merged.json();
    let summary = |report: &Value| -> Vec<(String, Value, Value, Value, Vec<String>)> {
        (report["solutions"].as_array().unwrap().iter())
            .map(|row| {
                let mut broken: Vec<String> = (row["broken"].as_array().unwrap().iter())
                    .map(|b| b.as_str().unwrap().to_string())
                    .collect();
                broken.sort();
                (
                    row["path"].as_str().unwrap().to_string(),
                    row["got"].clone(),
                    row["status"].clone(),
                    row["points"].clone(),
                    broken,
                )
            })
            .collect()
    };
    assert_eq!(summary(&merged), summary(&whole));
    let sources = |report: &Value| -> Vec<Value> {
        (report["solutions"].as_array().unwrap().iter())
            .map(|row| row["source"].clone())
            .collect()
    };
    assert_eq!(sources(&merged), sources(&whole), "the same deciding test");

    // A broken promise is found, named and merged the same way.
    let task = copy_of(dir.path(), "massimo");
    edit(
        &task,
        "sol/primi_dieci.py",
        "@check-wrong-answer: positivi",
        "@check-accepted: positivi",
    );
    // A solution that does not compile breaks its promise once, not once per subtask job.
    std::fs::write(
        task.join("sol/rotto.cpp"),
        "// @check-accepted: esempi\nint main() { return }\n",
    )
    .unwrap();
    let whole = stressjudge(&["verify", arg(&task), "--json", "--stress-seeds", "0"]);
    whole.expect_code(1);
    let mut files = Vec::new();
    for i in 1..=2 {
        let shard = stressjudge(&[
            "verify",
            arg(&task),
            "--json",
            "--stress-seeds",
            "0",
            "--shard",
            &format!("{i}/2"),
        ]);
        let file = dir.path().join(format!("broken{i}.json"));
        std::fs::write(&file, shard.stdout.as_bytes()).unwrap();
        files.push(file);
    }
    let merged = stressjudge(&["merge", arg(&files[0]), arg(&files[1]), "--json"]);
    merged.expect_code(1);
    let merged = merged.json();
    assert_eq!(summary(&merged), summary(&whole.json()));
    let row = (merged["solutions"].as_array().unwrap().iter())
        .find(|r| r["path"].as_str().unwrap().ends_with("primi_dieci.py"))
        .unwrap();
    assert_eq!(row["status"], "mismatch");
    let rotto = (merged["solutions"].as_array().unwrap().iter())
        .find(|r| r["path"].as_str().unwrap().ends_with("rotto.cpp"))
        .unwrap();
    assert_eq!(
        (&rotto["got"], &rotto["status"]),
        (&json!("CE"), &json!("mismatch"))
    );
    assert_eq!(rotto["broken"].as_array().unwrap().len(), 1, "{rotto}");
    assert!(
        row["broken"][0]
            .as_str()
            .unwrap()
            .starts_with("subtask positivi: test 3 got WA, but @check-accepted promises"),
        "{row}"
    );
}

#[test]
fn stress_runs_a_cases_gen_subtask_s_own_generator() {
    let _heavy = heavy();
    let out = tempdir();
    let run = stressjudge(&[
        "stress",
        MASSIMO,
        &format!("{MASSIMO}/sol/primi_dieci.py"),
        "--kind",
        "positivi",
        "--seeds",
        "1..=2",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    let text = format!("{}{}", run.stdout, run.stderr);
    assert!(text.contains("(positivi kind): WA"), "{}", run.describe());
    let shrunk: Vec<i64> = (text.lines())
        .skip_while(|l| !l.starts_with("shrunk input"))
        .skip(1)
        .take(2)
        .flat_map(|l| l.split_whitespace().map(|t| t.parse::<i64>().unwrap()))
        .collect();
    // Still valid (N numbers, as the validator checks), and the largest after the tenth.
    assert_eq!(shrunk.len() as i64, shrunk[0] + 1, "{}", run.describe());
    assert!(shrunk[0] > 10, "{}", run.describe());
}
