//! Packages run as their own tool runs them (issue 46), through the real binary, each on a
//! package written here that reproduces what real packages do: a BAPCtools `validation.h`-style
//! validator linked as a generator (its `argv[0]` decides its mode), a case whose generator
//! fails with its files committed in `data/`, a program that reserves far more address space
//! than the memory limit while touching little (problemtools' `RLIMIT_AS`; for validators too,
//! and not in an interactive problem, as problemtools runs them), and a problem whose time
//! limit only its contest's `problems.yaml` gives.

use crate::folders_support;

use std::path::{Path, PathBuf};

use folders_support::*;
use serde_json::Value;

/// An input validator written as BAPCtools' `validation.h` (2022) behaves: in generator mode
/// when `generat` is in its own path (`argv[0]`), printing `n` in the range of `-n lo..hi` and
/// `n` numbers from the seed (`argv[1]`); else validating stdin, which must hold `n` in 1..10
/// and `n` numbers in 0..99 (exit 42), failing with "Expected integer, found EOF" as it does.
const DUAL_VALIDATOR: &str = r#"#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
int main(int argc, char** argv) {
    if (std::string(argv[0]).find("generat") != std::string::npos) {
        unsigned seed = std::stoul(argv[1]);
        long lo = 1, hi = 1;
        for (int i = 2; i + 1 < argc; i++)
            if (std::string(argv[i]) == "-n") std::sscanf(argv[i + 1], "%ld..%ld", &lo, &hi);
        std::mt19937 rng(seed);
        long n = lo + (long)(rng() % (unsigned long)(hi - lo + 1));
        std::printf("%ld\n", n);
        for (long i = 0; i < n; i++) std::printf("%u%c", rng() % 100, i + 1 < n ? ' ' : '\n');
        return 0;
    }
    long n;
    if (std::scanf("%ld", &n) != 1) {
        std::fprintf(stderr, "Expected integer, found EOF\n");
        return 43;
    }
    if (n < 1 || n > 10) return 43;
    for (long i = 0; i < n; i++) {
        long x;
        if (std::scanf("%ld", &x) != 1 || x < 0 || x > 99) return 43;
    }
    return 42;
}
"#;

/// The sum of the numbers after the count.
const SUM: &str = "n = int(input())\nprint(sum(map(int, input().split())))\n";

/// One more than the sum.
const SUM_PLUS_ONE: &str = "n = int(input())\nprint(sum(map(int, input().split())) + 1)\n";

/// A package as GAPC 2022 laid them out: `generators/generator` is a link to the input
/// validator's folder, called from generators.yaml with a seed and `-n lo..hi`.
fn linked_validator_package(dir: &Path) -> PathBuf {
    let p = dir.join("linked");
    write(
        &p,
        "problem.yaml",
        "name: Linked\nlimits:\n  time_limit: 2\n",
    );
    write(
        &p,
        "input_validators/input_validator/input_validator.cpp",
        DUAL_VALIDATOR,
    );
    std::fs::create_dir_all(p.join("generators")).unwrap();
    std::os::unix::fs::symlink(
        "../input_validators/input_validator/",
        p.join("generators/generator"),
    )
    .unwrap();
    write(
        &p,
        "generators/generators.yaml",
        "solution: /submissions/accepted/sum.py\n\
         data:\n  \
           sample:\n    \
             data:\n      \
               - '': generator {seed:1} -n 2..3\n  \
           secret:\n    \
             data:\n      \
               - small: generator {seed:1} -n 2..5\n      \
               - medium: generator {seed:2} -n 5..10\n      \
               - other: generator {seed:3} -n 1..10\n",
    );
    write(&p, "submissions/accepted/sum.py", SUM);
    write(&p, "submissions/wrong_answer/plus_one.py", SUM_PLUS_ONE);
    p
}

/// `verify --json` of a package, no stress seeds, without the tool checks: these packages'
/// stand-in validators read leniently, which the tool checks rightly name, and the tests are
/// about how programs are run, not how strict their tools are.
fn verify(package: &Path) -> Run {
    stressjudge(&[
        "verify",
        arg(package),
        "--json",
        "--stress-seeds",
        "0",
        "--no-tool-checks",
    ])
}

/// The notes of the first problem of a `verify --json` report.
fn problem_notes(report: &Value) -> Vec<String> {
    report["problems"][0]["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

/// The `.in` files of a built `data/`, by path.
fn inputs_under(data: &Path) -> Vec<String> {
    files_under(data)
        .into_iter()
        .filter(|f| f.ends_with(".in"))
        .collect()
}

#[test]
fn a_validator_linked_as_generator_sees_its_generator_path_as_argv0() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = linked_validator_package(dir.path());
    let run = verify(&package);
    let report = run.json();
    // Every case is generated (the program in generator mode), then validated by the same
    // program in validator mode: nothing is left out, both submissions keep their promise.
    run.expect_code(0);
    assert_eq!(report["incomplete"], Value::Array(Vec::new()), "{report:#}");
    let rows = rows_by_submission(&report);
    assert_eq!(rows["accepted/sum.py"]["got"], "AC", "{report:#}");
    assert_eq!(rows["wrong_answer/plus_one.py"]["got"], "WA", "{report:#}");

    let out = dir.path().join("out");
    let generated = stressjudge(&["generate", arg(&package), "--out", arg(&out)]);
    generated.expect_code(0);
    let inputs = inputs_under(&out);
    assert_eq!(inputs.len(), 4, "{inputs:?}\n{}", generated.describe());
    for input in &inputs {
        let text = String::from_utf8(read(&out.join(input))).unwrap();
        let n: usize = tokens(&text)[0].parse().unwrap();
        assert_eq!(tokens(&text).len(), n + 1, "{input}: {text}");
        if input.ends_with("small.in") {
            assert!((2..=5).contains(&n), "{input}: {text}");
        }
        if input.ends_with("medium.in") {
            assert!((5..=10).contains(&n), "{input}: {text}");
        }
    }
}

#[test]
fn a_case_its_generator_cannot_regenerate_is_judged_from_its_committed_files() {
    let _heavy = heavy();
    let dir = tempdir();
    let package = linked_validator_package(dir.path());
    stressjudge(&["generate", arg(&package)]).expect_code(0);
    let data = package.join("data");
    let medium = inputs_under(&data)
        .into_iter()
        .find(|f| f.ends_with("medium.in"))
        .unwrap();
    let medium = medium.strip_suffix(".in").unwrap().to_string();
    // The medium case's generator now fails; its files are committed.
    write(
        &package,
        "generators/crash.py",
        "import sys\nprint('no such table', file=sys.stderr)\nsys.exit(3)\n",
    );
    let yaml = package.join("generators/generators.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace("generator {seed:2} -n 5..10", "crash.py 5"),
    )
    .unwrap();
    let run = verify(&package);
    let report = run.json();
    run.expect_code(0);
    assert_eq!(report["incomplete"], Value::Array(Vec::new()), "{report:#}");
    let notes = problem_notes(&report);
    assert!(
        notes.iter().any(|n| n.contains("crash.py")
            && n.contains("exit code 3")
            && n.contains(&format!("test case(s) {medium} could not be regenerated"))
            && n.contains("committed in data/ are judged")),
        "{notes:#?}"
    );
    let rows = rows_by_submission(&report);
    assert_eq!(rows["accepted/sum.py"]["got"], "AC", "{report:#}");
    let tests = rows["accepted/sum.py"]["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4, "the committed case is judged: {report:#}");

    // `generate` keeps the committed files, says why, and fails: the data was not regenerated.
    let generated = stressjudge(&["generate", arg(&package)]);
    generated.expect_code(1);
    assert!(
        generated.stdout.contains("could not be regenerated")
            && !generated.stdout.contains("incomplete:"),
        "{}",
        generated.describe()
    );
    assert!(data.join(format!("{medium}.in")).is_file());

    // Without its files the case is missing, and no verdict is complete.
    std::fs::remove_file(data.join(format!("{medium}.in"))).unwrap();
    std::fs::remove_file(data.join(format!("{medium}.ans"))).unwrap();
    let run = verify(&package);
    run.expect_code(1);
    let report = run.json();
    let incomplete = report["incomplete"][0].as_str().unwrap_or_default();
    assert!(
        incomplete.contains("crash.py")
            && incomplete.contains(&format!("test case(s) {medium} left out")),
        "{report:#}"
    );

    // With no case made at all, the error says why rather than that data/ is empty.
    std::fs::remove_dir_all(&data).unwrap();
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text.replace("generator {seed", "crash.py {seed")).unwrap();
    let line = verify(&package).one_line_error();
    assert!(
        line.contains("no test case could be made from generators.yaml")
            && line.contains("crash.py")
            && line.contains("exit code 3"),
        "{line}"
    );
}

/// Reserves 1 GiB (four times the memory limit, within the sandbox's generous backstop) and
/// touches one page of it, then spins: problemtools' `RLIMIT_AS` fails the reservation at once.
const RESERVE: &str = r#"#include <cstdio>
int main() {
    long n;
    if (std::scanf("%ld", &n) != 1) return 1;
    char* table = new char[1L << 30];
    table[0] = 1;
    volatile unsigned long spin = 0;
    for (;;) spin += table[spin % 4096];
}
"#;

/// Echoes its number with a 64 MiB table touched: well inside a 256 MiB limit.
const ECHO_CPP: &str = r#"#include <cstdio>
#include <vector>
int main() {
    long n;
    if (std::scanf("%ld", &n) != 1) return 1;
    std::vector<char> table(64L << 20, 1);
    std::printf("%ld\n", n + table[12345] - 1);
}
"#;

/// The same in Java: the JVM reserves far more address space than it uses, which is why
/// problemtools exempts it from the rlimit.
const ECHO_JAVA: &str = "import java.util.Scanner;\npublic class Echo {\n    public static void main(String[] a) {\n        System.out.println(new Scanner(System.in).nextLong());\n    }\n}\n";

#[test]
fn a_kattis_package_limits_address_space_as_problemtools_does() {
    let _heavy = heavy();
    let dir = tempdir();
    let p = dir.path().join("reserve");
    write(
        &p,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Reserve\nlimits:\n  time_limit: 1\n  memory: 256\n",
    );
    write(&p, "data/sample/1.in", "7\n");
    write(&p, "data/sample/1.ans", "7\n");
    write(&p, "data/secret/1.in", "12\n");
    write(&p, "data/secret/1.ans", "12\n");
    write(&p, "submissions/accepted/echo.cpp", ECHO_CPP);
    write(&p, "submissions/accepted/Echo.java", ECHO_JAVA);
    write(&p, "submissions/run_time_error/reserve.cpp", RESERVE);
    let run = verify(&p);
    let report = run.json();
    run.expect_code(0);
    let rows = rows_by_submission(&report);
    assert_eq!(rows["accepted/echo.cpp"]["got"], "AC", "{report:#}");
    // The JVM runs free of the limit, as under problemtools (skipped without a JDK).
    let jdk = ["javac", "java"].iter().all(|tool| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file()))
    });
    let java = &rows["accepted/Echo.java"]["got"];
    assert_eq!(java, if jdk { "AC" } else { "skipped" }, "{report:#}");
    // Not a time limit: the reservation fails at once (std::bad_alloc, SIGABRT).
    assert_eq!(
        rows["run_time_error/reserve.cpp"]["got"], "RE",
        "{report:#}"
    );
    assert_eq!(rows["run_time_error/reserve.cpp"]["status"], "match");
    let notes = problem_notes(&report);
    assert!(
        notes.iter().any(
            |n| n.contains("address space is limited to the memory limit")
                && n.contains("problemtools")
        ),
        "{notes:#?}"
    );
}

#[test]
fn a_contest_problems_yaml_gives_the_time_limit_a_problem_folder_does_not() {
    let _heavy = heavy();
    let dir = tempdir();
    let contest = dir.path().join("contest");
    write(
        &contest,
        "problems.yaml",
        "- id: other\n  label: A\n  time_limit: 7\n\
         - id: steady\n  label: B\n  name: Steady\n  rgb: '#00ff00'\n  time_limit: 2.5\n",
    );
    write(&contest, "contest.yaml", "name: Test contest\n");
    let p = contest.join("steady");
    write(
        &p,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Steady\n",
    );
    write(&p, "data/sample/1.in", "2\n1 2\n");
    write(&p, "data/sample/1.ans", "3\n");
    write(&p, "submissions/accepted/sum.py", SUM);
    let run = verify(&p);
    let report = run.json();
    run.expect_code(0);
    let problem = &report["problems"][0];
    assert_eq!(problem["time_limit_ms"], 2500, "{report:#}");
    assert_eq!(problem["time_limit_derivation"], Value::Null, "{report:#}");
    let notes = problem_notes(&report);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("time limit 2.5 s") && n.contains("problems.yaml")),
        "{notes:#?}"
    );
    // problem.yaml's own limit wins; a problems.yaml that cannot be read is named.
    write(
        &p,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Steady\nlimits:\n  time_limit: 3\n",
    );
    let run = verify(&p);
    assert_eq!(run.json()["problems"][0]["time_limit_ms"], 3000);
    write(
        &p,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Steady\n",
    );
    write(
        &contest,
        "problems.yaml",
        "- id: steady\n  time_limit: fast\n",
    );
    let line = verify(&p).one_line_error();
    assert!(
        line.contains("problems.yaml") && line.contains("time_limit"),
        "{line}"
    );
}

/// An output validator that reserves 256 MiB before it compares one number.
const RESERVING_OUTPUT_VALIDATOR: &str = r#"#include <cstdio>
#include <fstream>
int main(int argc, char** argv) {
    char* table = new char[256L << 20];
    table[0] = 1;
    std::ifstream answer(argv[2]);
    long want, got;
    answer >> want;
    if (std::scanf("%ld", &got) != 1 || got != want) return 43;
    return 42 + table[1];
}
"#;

/// An input validator that reserves 1.5 GiB before it reads one number.
const RESERVING_INPUT_VALIDATOR: &str = r#"#include <cstdio>
int main() {
    char* table = new char[1536L << 20];
    table[0] = 1;
    long n;
    if (std::scanf("%ld", &n) != 1) return 43;
    return 42 + table[1];
}
"#;

#[test]
fn kattis_validators_have_their_address_space_limited_as_problemtools_runs_them() {
    let _heavy = heavy();
    let dir = tempdir();
    let p = dir.path().join("validation_memory");
    let problem_yaml = |mib: u64| {
        format!(
            "name: Validation memory\nvalidation: custom\nlimits:\n  validation_memory: {mib}\n"
        )
    };
    write(&p, "problem.yaml", &problem_yaml(64));
    write(&p, "data/sample/1.in", "7\n");
    write(&p, "data/sample/1.ans", "7\n");
    write(&p, "data/secret/1.in", "12\n");
    write(&p, "data/secret/1.ans", "12\n");
    write(&p, "submissions/accepted/echo.py", "print(input())\n");
    write(
        &p,
        "output_validators/reserve/validate.cpp",
        RESERVING_OUTPUT_VALIDATOR,
    );
    write(
        &p,
        "input_validators/validate.cpp",
        RESERVING_INPUT_VALIDATOR,
    );
    // problemtools 1.20260907: "judge answer file got JE [output validator reserve (C++)
    // crashed, status 6]" under `validation_memory: 64`.
    let run = verify(&p);
    assert_ne!(run.code, 0, "{}", run.describe());
    assert!(
        run.stderr.contains("output validator")
            && run.stderr.contains("address space is limited to 64 MiB"),
        "{}",
        run.describe()
    );
    // Room for its 256 MiB: the submission is judged.
    write(&p, "problem.yaml", &problem_yaml(512));
    let run = verify(&p);
    let report = run.json();
    assert_eq!(rows_by_submission(&report)["accepted/echo.py"]["got"], "AC");
    let notes = problem_notes(&report);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("limits.validation_memory (512 MiB)")),
        "{notes:#?}"
    );
    run.expect_code(0);
    // The input validator's 1.5 GiB is refused under problemtools' default 1024 MiB:
    // "Input format validator validate.cpp (C++) crashed on input .../sample/1.in:
    // std::bad_alloc".
    let checked = stressjudge(&["verify", arg(&p), "--json", "--stress-seeds", "0"]);
    checked.expect_code(1);
    let text = checked.json()["tool_checks"].to_string();
    assert!(
        text.contains("input validator") && text.contains("address space is limited to 1024 MiB"),
        "{text}"
    );
}

/// Reserves 1 GiB (four times the memory limit), touches one page and answers.
const RESERVE_AND_ANSWER: &str = r#"#include <cstdio>
int main() {
    char* table = new char[1L << 30];
    table[0] = 1;
    long n;
    if (std::scanf("%ld", &n) != 1) return 1;
    std::printf("%ld\n", n + table[0] - 1);
    std::fflush(stdout);
}
"#;

#[test]
fn an_interactive_kattis_package_runs_free_of_the_address_space_limit_as_under_problemtools() {
    let _heavy = heavy();
    let dir = tempdir();
    let p = dir.path().join("interactive_reserve");
    write(
        &p,
        "problem.yaml",
        "name: Interactive reserve\nvalidation: custom interactive\nlimits:\n  memory: 256\n",
    );
    write(&p, "data/sample/1.in", "7\n");
    write(&p, "data/sample/1.ans", "7\n");
    write(&p, "data/secret/1.in", "12\n");
    write(&p, "data/secret/1.ans", "12\n");
    write(
        &p,
        "output_validators/echo/validate.py",
        "import sys\nn = int(open(sys.argv[1]).read())\nprint(n, flush=True)\n\
         line = sys.stdin.readline().split()\nsys.exit(42 if line == [str(n)] else 43)\n",
    );
    write(&p, "submissions/accepted/reserve.cpp", RESERVE_AND_ANSWER);
    // problemtools 1.20260907: "accepted/reserve.cpp (C++) OK: AC" (its `interactive` runner
    // is an executable, exempt from RLIMIT_AS, and the submission inherits no limit).
    let run = verify(&p);
    let report = run.json();
    let rows = rows_by_submission(&report);
    assert_eq!(rows["accepted/reserve.cpp"]["got"], "AC", "{report:#}");
    let notes = problem_notes(&report);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("interactive") && n.contains("neither the submission")),
        "{notes:#?}"
    );
    run.expect_code(0);
}
