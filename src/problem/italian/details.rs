//! What `stressjudge list` shows of an Italian-format task: its tests as one testset whose
//! groups are the subtasks (points, score type, tests), its file I/O, its programs (checker,
//! validator, generator, graders, solutions with their promises).

use crate::problem::details::{Details, FileIo, PackageProgram, TestGroup, Testset};

use super::{ItalianTask, TestSource};

/// The task's description for `list`.
pub fn describe(task: &ItalianTask) -> Details {
    let shown = |p: &std::path::Path| p.strip_prefix(&task.dir).unwrap_or(p).display().to_string();
    let groups = (task.subtasks.iter().enumerate())
        .map(|(i, s)| TestGroup {
            name: s.name.clone(),
            points: s.points,
            policy: format!("subtask {}, {}", i + 1, task.score_type.name()),
            dependencies: (s.dependencies.iter())
                .map(|&d| task.subtasks[d].name.clone())
                .collect(),
            tests: task.tests_of(i),
        })
        .collect();
    let generated = (task.tests.iter())
        .filter(|t| matches!(t.source, TestSource::Generated { .. }))
        .count();
    let mut programs = Vec::new();
    let mut add = |role: &'static str, name: String, note: Option<String>| {
        programs.push(PackageProgram { role, name, note })
    };
    match &task.checker {
        Some(path) => add("checker", shown(path), Some("CMS checker".into())),
        None => add(
            "checker",
            "white-diff".into(),
            Some("CMS's comparison".into()),
        ),
    }
    let mut validators: Vec<&std::path::Path> = Vec::new();
    for validator in task.subtasks.iter().filter_map(|s| s.validator.as_ref()) {
        if !validators.contains(&validator.path.as_path()) {
            validators.push(&validator.path);
        }
    }
    for path in validators {
        let subtasks: Vec<&str> = (task.subtasks.iter())
            .filter(|s| s.validator.as_ref().is_some_and(|v| v.path == path))
            .map(|s| s.name.as_str())
            .collect();
        let note = match subtasks.len() == task.subtasks.len() {
            true => "INPUT SUBTASK".to_string(),
            false => format!("subtasks {}", subtasks.join(", ")),
        };
        add("validator", shown(path), Some(note));
    }
    let generators = generators(task);
    for path in &generators {
        add("generator", shown(path), None);
    }
    for path in &task.graders {
        add("grader", shown(path), None);
    }
    for solution in &task.solutions {
        let mut note: Vec<String> = (solution.checks.iter())
            .map(|c| format!("@check-{}: {}", c.promise.name(), c.pattern))
            .collect();
        if Some(&solution.path) == task.reference.as_ref() {
            note.insert(0, "official solution".into());
        }
        add(
            "solution",
            shown(&solution.path),
            (!note.is_empty()).then(|| note.join(", ")),
        );
    }
    Details {
        file_io: (task.infile.is_some() || task.outfile.is_some()).then(|| FileIo {
            input: task.infile.clone(),
            output: task.outfile.clone(),
        }),
        testsets: vec![Testset {
            name: "tests".into(),
            judged: true,
            time_limit: task.time_limit,
            memory_bytes: task.memory_bytes,
            tests: task.tests.len(),
            generated,
            samples: 0,
            groups,
            generators: generators.iter().map(|p| shown(p)).collect(),
        }],
        programs,
        ..Details::default()
    }
}

/// The generators the tests run, each once, in the order of their first test.
fn generators(task: &ItalianTask) -> Vec<std::path::PathBuf> {
    let mut found: Vec<std::path::PathBuf> = Vec::new();
    for test in &task.tests {
        if let TestSource::Generated { generator, .. } = &test.source {
            if !found.contains(generator) {
                found.push(generator.clone());
            }
        }
    }
    found
}
