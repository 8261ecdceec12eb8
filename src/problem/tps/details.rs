//! What `stressjudge list` shows of a TPS task: its tests as one testset whose groups are the
//! subtasks (points, index, tests by their position in `gen/data`), and its programs (checker,
//! manager, validators, generators, graders, solutions with their verdicts).

use crate::problem::details::{Details, PackageProgram, TestGroup, Testset};

use super::{TestSource, TpsTask};

/// The task's description for `list`.
pub fn describe(task: &TpsTask) -> Details {
    let shown = |p: &std::path::Path| p.strip_prefix(&task.dir).unwrap_or(p).display().to_string();
    let position = |name: &String| task.tests.iter().position(|t| &t.name == name);
    let groups = (task.subtasks.iter())
        .map(|s| TestGroup {
            name: s.name.clone(),
            points: s.points,
            policy: format!("index {}, GroupMin", s.index),
            dependencies: Vec::new(),
            tests: s.tests.iter().filter_map(position).collect(),
        })
        .collect();
    let mut generators: Vec<String> = Vec::new();
    for test in &task.tests {
        if let TestSource::Generated(path, _) = &test.source {
            let name = shown(path);
            if !generators.contains(&name) {
                generators.push(name);
            }
        }
    }
    let generated = (task.tests.iter())
        .filter(|t| matches!(t.source, TestSource::Generated(..)))
        .count();
    let mut programs = Vec::new();
    let mut add = |role: &'static str, name: String, note: Option<String>| {
        programs.push(PackageProgram { role, name, note })
    };
    match &task.checker {
        Some(path) => add(
            "checker",
            shown(path),
            Some("score on stdout, as CMS".into()),
        ),
        None => add(
            "checker",
            "white-diff".into(),
            Some("CMS's comparison".into()),
        ),
    }
    if let Some(path) = &task.manager {
        add(
            "manager",
            shown(path),
            Some(format!("{} process(es)", task.num_processes)),
        );
    }
    for v in &task.global_validators {
        add("validator", shown(&v.path), Some("global".into()));
    }
    for s in &task.subtasks {
        for v in &s.validators {
            add(
                "validator",
                shown(&v.path),
                Some(format!("subtask {}", s.name)),
            );
        }
    }
    for v in &task.sensitive_validators {
        add(
            "validator",
            shown(&v.path),
            Some(format!("per subtask: {}", v.args.join(" "))),
        );
    }
    for (language, files) in &task.graders {
        let names: Vec<String> = files.iter().map(|f| shown(f)).collect();
        add(
            "grader",
            format!("grader/{language}"),
            Some(names.join(", ")),
        );
    }
    for solution in &task.solutions {
        let note = match solution.verdict {
            None => "not in solutions.json".to_string(),
            Some(verdict) => {
                let mut note = verdict.name().to_string();
                let except: Vec<String> = (solution.checks.iter())
                    .filter(|c| c.promise != crate::judge::subtasks::Promise::Tps(verdict))
                    .map(|c| format!("{}: {}", c.pattern, c.promise.name()))
                    .collect();
                if !except.is_empty() {
                    note.push_str(&format!(", except {}", except.join(", ")));
                }
                note
            }
        };
        add("solution", shown(&solution.path), Some(note));
    }
    Details {
        testsets: vec![Testset {
            name: "tests".into(),
            judged: true,
            time_limit: task.time_limit,
            memory_bytes: task.memory_bytes,
            tests: task.tests.len(),
            generated,
            samples: 0,
            groups,
            generators,
        }],
        programs,
        ..Details::default()
    }
}
