//! Unit tests of the Italian reader: a task folder read into plain data.

use super::*;

/// Writes `files` (path, text) under a fresh folder and returns it.
fn task(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn a_task_is_read_with_its_subtasks_programs_and_promises() {
    let dir = task(&[
        ("task.yaml", "name: t\ntime_limit: 2\nmemory_limit: 64\n"),
        (
            "gen/GEN",
            "#ST: 30\n#STNAME: a\n1\n#ST: 70\n#STNAME: b\n#STDEP: a\n2\n3\n",
        ),
        ("gen/generatore.py", "print(1)\n"),
        ("gen/valida.py", "pass\n"),
        ("sol/soluzione.cpp", "int main() {}\n"),
        ("sol/grader.cpp", "int main() {}\n"),
        ("sol/task.h", "int f();\n"),
        ("sol/.hidden.cpp", "x\n"),
        ("sol/wa.py", "# @check-accepted: a\n# @check-zero: b\n"),
        ("cor/correttore.cpp", "int main() {}\n"),
    ]);
    let t = read(dir.path()).unwrap();
    assert!(is_italian_task(dir.path()));
    assert_eq!((t.time_limit.as_secs(), t.memory_bytes), (2, 64 << 20));
    assert_eq!(t.infile.as_deref(), Some("input.txt"));
    assert_eq!(t.score_type, ScoreType::GroupMin, "several subtasks");
    assert_eq!(t.tests.len(), 3);
    assert_eq!(t.tests_of(0), vec![0]);
    assert_eq!(t.tests_of(1), vec![0, 1, 2], "b holds a's tests too");
    assert!(t.generator.unwrap().ends_with("gen/generatore.py"));
    assert!(t.validator.unwrap().ends_with("gen/valida.py"));
    assert!(t.checker.unwrap().ends_with("cor/correttore.cpp"));
    assert!(t.reference.unwrap().ends_with("sol/soluzione.cpp"));
    let names: Vec<String> = (t.solutions.iter())
        .map(|s| s.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["soluzione.cpp", "wa.py"]);
    assert_eq!(t.solutions[1].checks.len(), 2);
    assert_eq!(t.graders.len(), 1);
}

#[test]
fn ambiguous_or_missing_parts_are_errors_naming_the_file() {
    let two = task(&[
        ("task.yaml", "name: t\n"),
        ("input/input0.txt", "1\n"),
        ("sol/solution.py", "print(1)\n"),
        ("sol/soluzione.cpp", "int main() {}\n"),
    ]);
    let e = read(two.path()).unwrap_err().to_string();
    assert!(e.contains("more than one of the official solutions"), "{e}");

    let none = task(&[("task.yaml", "name: t\n")]);
    let e = read(none.path()).unwrap_err().to_string();
    assert!(e.contains("no tests found"), "{e}");

    let unanswered = task(&[("task.yaml", "name: t\n"), ("input/input0.txt", "1\n")]);
    let e = read(unanswered.path()).unwrap_err().to_string();
    assert!(e.contains("output0.txt: missing"), "{e}");

    let unknown = task(&[
        ("task.yaml", "name: t\n"),
        ("gen/GEN", "#ST: 5\n#STNAME: a\n#STDEP: zz\n1\n"),
        ("gen/generator.py", "print(1)\n"),
        ("sol/solution.py", "print(1)\n"),
    ]);
    let e = read(unknown.path()).unwrap_err().to_string();
    assert!(
        e.contains("GEN line 3: `#STDEP: zz`: no subtask is named zz"),
        "{e}"
    );
}
