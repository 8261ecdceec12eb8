//! Every report names the Python 3 interpreter a Python candidate ran with (issue 31): `judge`
//! and `stress`, in text and in JSON (`python`), as `verify` does in its notes.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn stressjudge(args: &[&str], cache: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .env_remove("PYTHON")
        .output()
        .unwrap()
}

fn json(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{e}\nstdout:\n{stdout}\nstderr:\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

fn pypy_installed() -> bool {
    Command::new("pypy3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// What the reports must say for a Kattis package's Python 3 here: PyPy where installed, else
/// that it is not (once).
fn expected_python() -> &'static str {
    if pypy_installed() {
        "PyPy "
    } else {
        "pypy3 is not installed"
    }
}

/// A Kattis package doubling a number, its Python 3 submission, and a C one.
fn package(dir: &Path) {
    write(
        dir,
        "problem.yaml",
        "name: Twice\nlimits:\n  time_limit: 5\n",
    );
    write(dir, "data/secret/1.in", "21\n");
    write(dir, "data/secret/1.ans", "42\n");
    write(
        dir,
        "submissions/accepted/twice.py",
        "print(int(input()) * 2)\n",
    );
    write(
        dir,
        "submissions/accepted/twice.c",
        "#include <stdio.h>\nint main(void){long x;scanf(\"%ld\",&x);printf(\"%ld\\n\",2*x);}\n",
    );
}

#[test]
fn judge_names_the_python_interpreter_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    package(dir.path());
    let pkg = dir.path().to_str().unwrap();
    let py = dir.path().join("submissions/accepted/twice.py");
    let py = py.to_str().unwrap();
    let output = stressjudge(&["judge", pkg, py, "--json"], cache.path());
    let report = json(&output);
    assert_eq!(report["verdict"], "AC", "{report:#}");
    let python = report["python"].as_str().unwrap_or_default();
    assert!(python.contains(expected_python()), "{report:#}");
    let output = stressjudge(&["judge", pkg, py], cache.path());
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("python: ")).collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(lines[0].contains(expected_python()), "{text}");
    // Not Python: no such field.
    let c = dir.path().join("submissions/accepted/twice.c");
    let report = json(&stressjudge(
        &["judge", pkg, c.to_str().unwrap(), "--json"],
        cache.path(),
    ));
    assert_eq!(report["verdict"], "AC", "{report:#}");
    assert!(report["python"].is_null(), "{report:#}");
}

#[test]
fn stress_names_the_python_interpreter_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    package(dir.path());
    write(
        dir.path(),
        "gen.py",
        "import sys\nprint(int(sys.argv[1]) % 1000)\n",
    );
    write(dir.path(), "ref.py", "print(int(input()) * 2)\n");
    let gen = dir.path().join("gen.py").display().to_string();
    let reference = dir.path().join("ref.py");
    let py = dir.path().join("submissions/accepted/twice.py");
    let args = |json: bool| {
        let mut args = vec![
            "stress".to_string(),
            "--gen".into(),
            gen.clone(),
            "--ref".into(),
            reference.display().to_string(),
            py.display().to_string(),
            "--seeds".into(),
            "1..3".into(),
            "--out".into(),
            out.path().display().to_string(),
        ];
        if json {
            args.push("--json".into());
        }
        args
    };
    let run = |json: bool| {
        let owned = args(json);
        let words: Vec<&str> = owned.iter().map(String::as_str).collect();
        stressjudge(&words, cache.path())
    };
    let output = run(true);
    let report = json(&output);
    assert_eq!(report["verdict"], "AC", "{report:#}");
    let python = report["python"].as_str().unwrap_or_default();
    assert!(python.contains(expected_python()), "{report:#}");
    let output = run(false);
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("python: ")).collect();
    assert_eq!(
        lines.len(),
        1,
        "{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(lines[0].contains(expected_python()), "{text}");
}
