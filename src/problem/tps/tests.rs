use super::*;

/// A small TPS task in `dir`: two subtasks, a generator, a manual test, two solutions.
fn write_task(dir: &Path) {
    let files: &[(&str, &str)] = &[
        ("problem.json", r#"{"name": "sum", "title": "Sum", "type": "Batch", "time_limit": 1.0, "memory_limit": 256, "has_grader": false}"#),
        ("subtasks.json", "{\n\"global_validators\": [\"validator.cpp\"],\n\"subtasks\": {\n\"samples\": {\"index\": 0, \"score\": 0},\n\"full\": {\"index\": 1, \"score\": 100, \"validators\": [\"v-full.cpp 5\"]}\n}\n}\n"),
        ("gen/data", "@subtask samples\nmanual a.in\n\n@subtask full\n@include samples\ngen 5 1\n"),
        ("gen/gen.cpp", "int main() {}\n"),
        ("gen/manual/a.in", "1 2\n"),
        ("validator/validator.cpp", "int main() {}\n"),
        ("validator/v-full.cpp", "int main() {}\n"),
        ("checker/checker.cpp", "int main() {}\n"),
        ("solution/model.cpp", "int main() {}\n"),
        ("solution/wa.cpp", "int main() {}\n"),
        ("solution/extra.py", "print(1)\n"),
        ("solution/extra.cpp", "int main() {}\n"),
        ("solutions.json", "{\n\"model.cpp\": {\"verdict\": \"model_solution\"},\n\"wa.cpp\": {\"verdict\": \"incorrect\",\n \"except\": {\"samples\": \"correct\"}}\n}\n"),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

#[test]
fn a_task_is_read_with_its_subtasks_tests_and_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_task(d);
    assert!(is_tps_task(d));
    let task = read(d).unwrap();
    assert_eq!((task.name.as_str(), task.title.as_str()), ("sum", "Sum"));
    assert_eq!(task.memory_bytes, 256 << 20);
    let names: Vec<&str> = task.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["0-01", "1-01"]);
    assert_eq!(task.tests[0].subtasks, [0, 1], "included in full");
    assert_eq!(
        task.tests[1].source,
        TestSource::Generated(d.join("gen/gen.cpp"), vec!["5".into(), "1".into()])
    );
    assert_eq!(task.subtasks[1].validators[0].args, ["5"]);
    assert_eq!(task.model, d.join("solution/model.cpp"));
    let wa = task
        .solutions
        .iter()
        .find(|s| s.path.ends_with("wa.cpp"))
        .unwrap();
    let got: Vec<(&str, &str)> = (wa.checks.iter())
        .map(|c| (c.pattern.as_str(), c.promise.name()))
        .collect();
    assert_eq!(got, [("samples", "correct"), ("full", "incorrect")]);
    assert_eq!(wa.checks[0].origin, "solutions.json line 4");
    assert_eq!(
        task.notices,
        [
            "not run, their language not enabled in problem.json: extra.py (python_enabled)",
            "solutions.json gives no verdict to extra.cpp: run, promising nothing"
        ]
    );
    assert!(task.checker.is_some() && task.graders.is_empty());
}

#[test]
fn faults_name_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_task(d);
    std::fs::write(
        d.join("gen/data"),
        "@subtask samples\nmanual a.in\n@subtask full\nnogen 1\n",
    )
    .unwrap();
    let e = read(d).unwrap_err().to_string();
    assert!(e.ends_with("gen/data line 4: `nogen` names no generator: there is no gen/nogen.* (nor a test command manual or copy)"), "{e}");
    std::fs::write(
        d.join("gen/data"),
        "@subtask samples\nmanual b.in\n@subtask full\n",
    )
    .unwrap();
    let e = read(d).unwrap_err().to_string();
    assert!(
        e.contains("gen/data line 2: manual: gen/manual/ gen/manual/b.in is not a file")
            || e.contains("gen/data line 2"),
        "{e}"
    );
    std::fs::write(d.join("gen/data"), "@subtask samples\nmanual a.in\n").unwrap();
    let e = read(d).unwrap_err().to_string();
    assert!(
        e.contains("subtasks.json line 5: subtask full has no `@subtask full` in gen/data"),
        "{e}"
    );
    std::fs::write(
        d.join("gen/data"),
        "@subtask samples\nmanual a.in\n@subtask full\n@subtask big\n",
    )
    .unwrap();
    let e = read(d).unwrap_err().to_string();
    assert!(
        e.contains("gen/data line 4: `@subtask big` is not a subtask of subtasks.json"),
        "{e}"
    );
    write_task(d);
    std::fs::remove_file(d.join("checker/checker.cpp")).unwrap();
    let e = read(d).unwrap_err().to_string();
    assert!(e.contains("has_checker is true"), "{e}");
    write_task(d);
    std::fs::write(d.join("problem.json"), r#"{"type": "TwoSteps"}"#).unwrap();
    let e = read(d).unwrap_err().to_string();
    assert!(e.contains("a two-step task is not supported"), "{e}");
}
