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
        .filter(|t| matches!(t.source, TestSource::Generated(_)))
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
    if let Some(path) = &task.validator {
        add("validator", shown(path), Some("INPUT SUBTASK".into()));
    }
    if let Some(path) = &task.generator {
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
            generators: task.generator.iter().map(|p| shown(p)).collect(),
        }],
        programs,
        ..Details::default()
    }
}
