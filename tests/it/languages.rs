//! Languages as data, through the real binary: a sum program in every language whose toolchain
//! is installed here is judged AC under the sandbox (a missing toolchain is SKIPPED loudly, and
//! on CI, where `.ci/run` installs them, the cheap ones must be there); a package submission
//! whose toolchain is missing is skipped naming the tool, never a mismatch; a user's language
//! table adds languages and a broken one is one line naming it; included files (`include/`)
//! reach the submissions they belong to; checktestdata scripts validate the test data; and
//! `doctor` lists the languages.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// What one run of the binary did.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn describe(&self) -> String {
        format!(
            "exit {}\nstdout:\n{}\nstderr:\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    fn json(&self) -> Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.describe()))
    }
}

/// Runs `stressjudge ARGS` with a private build cache and the extra environment `env`.
fn stressjudge(args: &[&str], env: &[(&str, &Path)]) -> Run {
    stressjudge_in(None, args, env, b"")
}

/// [`stressjudge`] started in `cwd` (else the crate root) with `input` on its standard input.
fn stressjudge_in(cwd: Option<&Path>, args: &[&str], env: &[(&str, &Path)], input: &[u8]) -> Run {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("languages-build-cache");
    let mut command = Command::new(env!("CARGO_BIN_EXE_stressjudge"));
    command
        .args(args)
        .env("XDG_CACHE_HOME", &cache)
        .env_remove("STRESSJUDGE_LANGUAGES")
        .env("XDG_CONFIG_HOME", &cache);
    for (key, value) in env {
        command.env(key, value);
    }
    if let Some(cwd) = cwd {
        command.current_dir(cwd);
    }
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("stressjudge starts");
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, input).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Writes `text` to `dir/relative`, creating folders.
fn write(dir: &Path, relative: &str, text: &str) -> PathBuf {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// Whether `name` is a program on `PATH`.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

/// A tests folder: two sums.
fn sum_tests(dir: &Path) -> PathBuf {
    let tests = dir.join("tests");
    write(&tests, "1.in", "1 2\n");
    write(&tests, "1.ans", "3\n");
    write(&tests, "2.in", "40 2\n");
    write(&tests, "2.ans", "42\n");
    tests
}

/// A sum program per language: (language, the tool it needs, file name, source).
const SUMS: &[(&str, &str, &str, &str)] = &[
    (
        "Go",
        "go",
        "sum.go",
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tvar a, b int\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n",
    ),
    (
        "Ruby",
        "ruby",
        "sum.rb",
        "a, b = STDIN.read.split.map(&:to_i)\nputs a + b\n",
    ),
    (
        "PHP",
        "php",
        "sum.php",
        "<?php\n$t = preg_split('/\\s+/', trim(stream_get_contents(STDIN)));\necho intval($t[0]) + intval($t[1]), \"\\n\";\n",
    ),
    (
        "Pascal",
        "fpc",
        "sum.pas",
        "program sum;\nvar a, b: longint;\nbegin\n  readln(a, b);\n  writeln(a + b);\nend.\n",
    ),
    (
        "JavaScript",
        "node",
        "sum.js",
        "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
    ),
    (
        "Perl",
        "perl",
        "sum.pl",
        "# the sum of two numbers\nmy ($a, $b) = split ' ', <STDIN>;\nprint $a + $b, \"\\n\";\n",
    ),
    ("Bash", "bash", "sum.bash", "read -r a b\necho $((a + b))\n"),
    ("POSIX shell", "sh", "sum.sh", "read a b\necho $((a + b))\n"),
    ("AWK", "awk", "sum.awk", "{ print $1 + $2 }\n"),
    (
        "Haskell",
        "ghc",
        "sum.hs",
        "main :: IO ()\nmain = do\n  [a, b] <- map read . words <$> getContents\n  print (a + b :: Integer)\n",
    ),
    (
        "Lua",
        "lua",
        "sum.lua",
        "local a, b = io.read('n', 'n')\nprint(math.floor(a + b))\n",
    ),
    (
        "OCaml",
        "ocamlopt",
        "sum.ml",
        "let () = Scanf.scanf \" %d %d\" (fun a b -> Printf.printf \"%d\\n\" (a + b))\n",
    ),
];

/// The tools `.ci/run` installs: on CI their languages must run, not skip.
const INSTALLED_ON_CI: &[&str] = &[
    "go", "ruby", "php", "fpc", "node", "perl", "bash", "sh", "awk",
];

#[test]
fn every_installed_language_judges_a_sum_accepted_in_the_sandbox() {
    let dir = tempfile::tempdir().unwrap();
    let tests = sum_tests(dir.path());
    let on_ci = std::env::var_os("CI").is_some();
    let mut judged = Vec::new();
    for (language, tool, name, source) in SUMS {
        if !on_path(tool) {
            assert!(
                !(on_ci && INSTALLED_ON_CI.contains(tool)),
                "{language}: `{tool}` must be installed on CI (.ci/run installs it)"
            );
            eprintln!("SKIPPED: {language}: `{tool}` is not on PATH here");
            continue;
        }
        let program = write(dir.path(), name, source);
        let run = stressjudge(
            &[
                "judge",
                "--tests",
                tests.to_str().unwrap(),
                program.to_str().unwrap(),
                "--json",
            ],
            &[],
        );
        assert_eq!(run.code, 0, "{language}: {}", run.describe());
        let report = run.json();
        assert_eq!(report["verdict"], "AC", "{language}: {report:#}");
        judged.push(*language);
    }
    eprintln!("judged AC: {}", judged.join(", "));
    assert!(
        judged.contains(&"Bash") && judged.contains(&"AWK"),
        "bash and awk are on every Debian machine"
    );
}

/// A legacy package with two sum tests and the given submissions.
fn sum_package(dir: &Path, submissions: &[(&str, &str)]) -> PathBuf {
    let package = dir.join("sum");
    write(
        &package,
        "problem.yaml",
        "name: Sum\nlimits:\n  time_multiplier: 5\n",
    );
    write(&package, "data/sample/1.in", "1 2\n");
    write(&package, "data/sample/1.ans", "3\n");
    write(&package, "data/secret/1.in", "40 2\n");
    write(&package, "data/secret/1.ans", "42\n");
    for (relative, text) in submissions {
        write(&package, &format!("submissions/{relative}"), text);
    }
    package
}

/// The rows of a `verify --json` report by file name.
fn rows(report: &Value) -> std::collections::BTreeMap<String, Value> {
    report["solutions"]
        .as_array()
        .unwrap_or_else(|| panic!("no solutions: {report:#}"))
        .iter()
        .map(|row| {
            let path = row["path"].as_str().unwrap();
            let name = Path::new(path).file_name().unwrap().to_string_lossy();
            (name.into_owned(), row.clone())
        })
        .collect()
}

const SUM_C: &str = "#include <stdio.h>\nint main(void) { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a + b); return 0; }\n";

#[test]
fn a_user_table_adds_languages_and_a_missing_toolchain_is_skipped_naming_the_tool() {
    let dir = tempfile::tempdir().unwrap();
    let table = write(
        dir.path(),
        "languages.yaml",
        "# two languages of my own\n\
         shellsum:\n  name: Shell sum\n  priority: 7\n  extensions: [ssum]\n  \
         tools:\n    SSUM_SH: {name: sh, role: shell, version: \"-c true\"}\n  \
         run: \"{SSUM_SH} {mainfile}\"\n\
         nowhere:\n  name: Nowhere\n  priority: 8\n  extensions: [nw]\n  \
         tools:\n    NOWHERE: {name: stressjudge-no-such-compiler, role: Nowhere compiler}\n  \
         compile: \"{NOWHERE} -o {binary} {files}\"\n  run: \"{binary}\"\n",
    );
    let package = sum_package(
        dir.path(),
        &[
            ("accepted/sum.c", SUM_C),
            ("accepted/sum.ssum", "read a b\necho $((a + b))\n"),
            ("accepted/sum.nw", "whatever\n"),
            ("wrong_answer/off.ssum", "read a b\necho $((a + b + 1))\n"),
        ],
    );
    let run = stressjudge(
        &["verify", package.to_str().unwrap(), "--json"],
        &[("STRESSJUDGE_LANGUAGES", &table)],
    );
    assert_eq!(run.code, 0, "{}", run.describe());
    let rows = rows(&run.json());
    assert_eq!(rows["sum.ssum"]["got"], "AC", "{:#}", rows["sum.ssum"]);
    assert_eq!(rows["off.ssum"]["got"], "WA", "{:#}", rows["off.ssum"]);
    let skipped = rows["sum.nw"]["skipped"].as_str().unwrap_or_default();
    assert!(
        skipped.contains("Nowhere compiler (stressjudge-no-such-compiler)"),
        "{:#}",
        rows["sum.nw"]
    );
    assert_eq!(rows["sum.nw"]["ok"], true, "a skip is never a mismatch");

    // Without the table, the same files are not programs of a known language.
    let plain = stressjudge(
        &[
            "judge",
            "--tests",
            "x",
            package
                .join("submissions/accepted/sum.ssum")
                .to_str()
                .unwrap(),
        ],
        &[],
    );
    assert_eq!(plain.code, 2, "{}", plain.describe());

    // A broken table is one line naming the file, exit 2.
    let broken = write(dir.path(), "broken.yaml", "c:\n  extensoins: [c]\n");
    let run = stressjudge(
        &["verify", package.to_str().unwrap()],
        &[("STRESSJUDGE_LANGUAGES", &broken)],
    );
    assert_eq!(run.code, 2, "{}", run.describe());
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.describe());
    assert!(run.stderr.contains("broken.yaml"), "{}", run.describe());
}

#[test]
fn included_files_are_copied_next_to_the_submissions_of_their_language() {
    let dir = tempfile::tempdir().unwrap();
    let package = sum_package(
        dir.path(),
        &[
            // Submissions implement `add`; the grader's main is in include/cpp/.
            (
                "accepted/add.cpp",
                "#include \"add.h\"\nlong add(long a, long b) { return a + b; }\n",
            ),
            (
                "wrong_answer/sub.cpp",
                "#include \"add.h\"\nlong add(long a, long b) { return a - b; }\n",
            ),
            ("accepted/whole.c", SUM_C),
        ],
    );
    write(
        &package,
        "include/default/add.h",
        "long add(long a, long b);\n",
    );
    write(
        &package,
        "include/cpp/grader.cpp",
        "#include <cstdio>\n#include \"add.h\"\nint main() { long a, b; if (std::scanf(\"%ld %ld\", &a, &b) != 2) return 1; std::printf(\"%ld\\n\", add(a, b)); }\n",
    );
    let run = stressjudge(&["verify", package.to_str().unwrap(), "--json"], &[]);
    assert_eq!(run.code, 0, "{}", run.describe());
    let rows = rows(&run.json());
    assert_eq!(rows["add.cpp"]["got"], "AC", "{:#}", rows["add.cpp"]);
    assert_eq!(rows["sub.cpp"]["got"], "WA", "{:#}", rows["sub.cpp"]);
    assert_eq!(
        rows["whole.c"]["got"], "AC",
        "include/cpp/ is not for C: {:#}",
        rows["whole.c"]
    );
}

#[test]
fn submissions_with_included_files_run_in_their_merged_folder_read_only() {
    // The spec's `examples/maximal` has a submission read `./data.txt`, an included file:
    // every language's submission with included files runs in the folder they were merged
    // into, which it cannot write.
    let dir = tempfile::tempdir().unwrap();
    let package = sum_package(
        dir.path(),
        &[
            (
                "accepted/reads.py",
                "one = int(open('data.txt').read())\na, b = map(int, input().split())\nprint(a + b + one - 1)\n",
            ),
            (
                "accepted/reads.c",
                "#include <stdio.h>\nint main(void) { long one, a, b; FILE *f = fopen(\"data.txt\", \"r\");                  if (!f || fscanf(f, \"%ld\", &one) != 1 || scanf(\"%ld %ld\", &a, &b) != 2) return 1;                  printf(\"%ld\\n\", a + b + one - 1); return 0; }\n",
            ),
            (
                "accepted/reads.cpp",
                "#include <fstream>\n#include <iostream>\nint main() { std::ifstream f(\"data.txt\"); long one, a, b;                  if (!(f >> one) || !(std::cin >> a >> b)) return 1; std::cout << a + b + one - 1 << '\\n'; }\n",
            ),
            (
                "run_time_error/writes.py",
                "open('made.txt', 'w').write('x')\na, b = map(int, input().split())\nprint(a + b)\n",
            ),
        ],
    );
    write(&package, "include/default/data.txt", "1\n");
    let run = stressjudge(&["verify", package.to_str().unwrap(), "--json"], &[]);
    assert_eq!(run.code, 0, "{}", run.describe());
    let rows = rows(&run.json());
    for (name, verdict) in [
        ("reads.py", "AC"),
        ("reads.c", "AC"),
        ("reads.cpp", "AC"),
        ("writes.py", "RE"),
    ] {
        assert_eq!(rows[name]["got"], verdict, "{name}: {:#}", rows[name]);
    }
}

#[test]
fn included_files_follow_the_declared_language_not_the_file_ending() {
    let dir = tempfile::tempdir().unwrap();
    // Valid C and C++ alike: the ending says C, submissions.yaml says C++.
    let add = "#include \"add.h\"\nlong add(long a, long b) { return a + b; }\n";
    let package = sum_package(
        dir.path(),
        &[
            ("accepted/add.c", add),
            // No ending at all: C++ only because it is declared so.
            ("accepted/plain", add),
            // Whole, so the time limit can be derived however the others fare.
            (
                "accepted/sum.py",
                "a, b = map(int, input().split())\nprint(a + b)\n",
            ),
            (
                "submissions.yaml",
                "accepted/add.c:\n  language: cpp\naccepted/plain:\n  language: C++\n",
            ),
        ],
    );
    write(
        &package,
        "include/default/add.h",
        "long add(long a, long b);\n",
    );
    write(
        &package,
        "include/cpp/grader.cpp",
        "#include <cstdio>\n#include \"add.h\"\nint main() { long a, b; if (std::scanf(\"%ld %ld\", &a, &b) != 2) return 1; std::printf(\"%ld\\n\", add(a, b)); }\n",
    );
    // The C grader answers wrong: a C submission built with it is WA.
    write(
        &package,
        "include/c/grader.c",
        "#include <stdio.h>\n#include \"add.h\"\nint main(void) { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; printf(\"%ld\\n\", add(a, b) + 1); return 0; }\n",
    );
    let run = stressjudge(&["verify", package.to_str().unwrap(), "--json"], &[]);
    assert_eq!(run.code, 0, "{}", run.describe());
    let declared = rows(&run.json());
    assert_eq!(declared["add.c"]["got"], "AC", "{:#}", declared["add.c"]);
    assert_eq!(declared["plain"]["got"], "AC", "{:#}", declared["plain"]);
    // judge of the submission by its path: the same build.
    let submission = package.join("submissions/accepted/add.c");
    let run = stressjudge(
        &[
            "judge",
            package.to_str().unwrap(),
            submission.to_str().unwrap(),
            "--json",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.describe());
    // Undeclared, the ending decides: C, with the C grader.
    std::fs::remove_file(package.join("submissions/submissions.yaml")).unwrap();
    std::fs::remove_file(package.join("submissions/accepted/plain")).unwrap();
    let run = stressjudge(&["verify", package.to_str().unwrap(), "--json"], &[]);
    let undeclared = rows(&run.json());
    assert_eq!(
        undeclared["add.c"]["got"], "WA",
        "{:#}",
        undeclared["add.c"]
    );
}

#[test]
fn checktestdata_scripts_validate_the_test_data() {
    let Some(tool) = ["checktestdata", "pyctd"].into_iter().find(|t| on_path(t)) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "pyctd must be installed on CI (.ci/run installs it)"
        );
        eprintln!("SKIPPED: neither checktestdata nor pyctd is on PATH");
        return;
    };
    eprintln!("checktestdata scripts run by {tool}");
    let dir = tempfile::tempdir().unwrap();
    let package = sum_package(dir.path(), &[("accepted/sum.c", SUM_C)]);
    write(
        &package,
        "input_validators/sum.ctd",
        "INT(0,100) SPACE INT(0,100) NEWLINE\nEOF\n",
    );
    let verified = stressjudge(&["verify", package.to_str().unwrap()], &[]);
    assert_eq!(verified.code, 0, "valid data: {}", verified.describe());
    // `solve` validates its input with the package's validators before answering it; the
    // package is named relative to where stressjudge starts, as users type it.
    let here = Some(dir.path());
    let good = stressjudge_in(here, &["solve", "sum"], &[], b"40 60\n");
    assert_eq!(good.code, 0, "{}", good.describe());
    assert_eq!(good.stdout, "100\n");
    let bad = stressjudge_in(here, &["solve", "sum"], &[], b"40 200\n");
    assert_eq!(bad.code, 2, "{}", bad.describe());
    assert_eq!(bad.stdout, "", "{}", bad.describe());
    assert_eq!(bad.stderr.trim().lines().count(), 1, "{}", bad.describe());
    assert!(
        bad.stderr.contains("input_validators/sum.ctd rejects it"),
        "the validator is named: {}",
        bad.describe()
    );
}

#[test]
fn doctor_lists_the_languages_this_machine_can_run() {
    let run = stressjudge(&["doctor", "--json"], &[]);
    assert_eq!(run.code, 0, "{}", run.describe());
    let report = run.json();
    let languages = report["languages"].as_array().expect("languages array");
    assert!(languages.len() >= 34, "{languages:#?}");
    let by_id = |id: &str| {
        languages
            .iter()
            .find(|l| l["id"] == id)
            .unwrap_or_else(|| panic!("{id} missing"))
    };
    let c = by_id("c");
    assert_eq!(c["available"], true, "{c:#}");
    assert!(
        c["tools"][0]["path"].as_str().unwrap().ends_with("gcc"),
        "{c:#}"
    );
    let cobol = by_id("cobol");
    if !on_path("cobc") {
        assert_eq!(cobol["available"], false);
        assert!(
            cobol["error"].as_str().unwrap().contains("cobc"),
            "{cobol:#}"
        );
    }
    let text = stressjudge(&["doctor"], &[]);
    assert!(text.stdout.contains("can run here"), "{}", text.describe());
    assert!(text.stdout.contains("Common Lisp"), "{}", text.describe());
}

/// The languages reference's table (`docs/reference/languages.md`), between these two lines.
const TABLE_START: &str =
    "<!-- languages table: generated from src/build/languages.yaml by tests/it/languages.rs -->\n";
const TABLE_END: &str = "<!-- end of the languages table -->\n";

#[test]
fn the_reference_languages_table_is_generated_from_the_table() {
    let readme_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference/languages.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let generated =
        stressjudge::report::languages_markdown(&stressjudge::build::built_in_language_table());
    let (before, rest) = readme
        .split_once(TABLE_START)
        .expect("docs/reference/languages.md has the table's start marker");
    let (current, after) = rest
        .split_once(TABLE_END)
        .expect("docs/reference/languages.md has the table's end marker");
    if current != generated {
        if std::env::var_os("STRESSJUDGE_UPDATE_DOCS").is_some() {
            std::fs::write(
                &readme_path,
                format!("{before}{TABLE_START}{generated}{TABLE_END}{after}"),
            )
            .unwrap();
            eprintln!("docs/reference/languages.md: languages table rewritten");
        } else {
            panic!(
                "docs/reference/languages.md's table differs from src/build/languages.yaml: rerun \
                 with STRESSJUDGE_UPDATE_DOCS=1 to rewrite it"
            );
        }
    }
}
