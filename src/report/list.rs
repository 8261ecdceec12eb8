//! What `stressjudge list` prints: one line per problem (id, title, limits, generator kinds),
//! what a named folder holds as its reader describes it ([`crate::problem::details`]), then
//! the problems' notes.

use std::sync::Arc;

use crate::problem::details::{Details, Testset};
use crate::problem::{Problem, TimeLimitOrigin};

/// Most lines of one sample interaction `list` prints.
const SHOWN_INTERACTION_LINES: usize = 200;

/// The whole listing of `problems`, with `details` of the folder named, if any.
pub fn listing(problems: &[Arc<dyn Problem>], details: &Details) -> String {
    let mut text = format!(
        "{:<16} {:<16} {:>8} {:>9}  {}\n",
        "PROBLEM", "TITLE", "TIME", "MEMORY", "KINDS"
    );
    for problem in problems {
        text.push_str(&line(problem.as_ref()));
    }
    text.push_str(&described(details));
    for problem in problems {
        for note in &problem.info().notes {
            text.push_str(&format!("note: {}: {note}\n", problem.info().id));
        }
    }
    text
}

/// One problem's line: id, title, time limit (`derived` while it is still to be derived),
/// memory limit and generator kinds.
fn line(problem: &dyn Problem) -> String {
    let info = problem.info();
    let time = match info.time_limit_origin {
        TimeLimitOrigin::Pending => "derived".to_string(),
        _ => format!("{}s", info.limits.time.as_secs_f64()),
    };
    format!(
        "{:<16} {:<16} {:>8} {:>5} MiB  {}\n",
        info.id,
        info.title,
        time,
        info.limits.memory_bytes >> 20,
        info.kinds.join(", ")
    )
}

/// What a folder holds: file I/O, testsets with their groups and generators, the package's
/// programs, its stresses, its sample interactions.
fn described(details: &Details) -> String {
    let mut text = String::new();
    if let Some(io) = &details.file_io {
        text.push_str(&format!(
            "file I/O: input {}, output {}\n",
            io.input.as_deref().unwrap_or("stdin"),
            io.output.as_deref().unwrap_or("stdout")
        ));
    }
    for set in &details.testsets {
        text.push_str(&testset(set));
    }
    for program in &details.programs {
        let note = (program.note.as_ref()).map_or_else(String::new, |n| format!(" ({n})"));
        text.push_str(&format!("{}: {}{note}\n", program.role, program.name));
    }
    for stress in &details.stresses {
        let targets = if stress.solutions.is_empty() {
            "every solution".to_string()
        } else {
            stress.solutions.join(", ")
        };
        let mut limits = Vec::new();
        if let Some(time) = stress.time_limit {
            limits.push(format!("time limit {} ms", time.as_millis()));
        }
        if let Some(bytes) = stress.memory_bytes {
            limits.push(format!("memory limit {} MiB", bytes >> 20));
        }
        if let Some(total) = stress.total_time {
            limits.push(format!("runs for {} ms", total.as_millis()));
        }
        let limits = if limits.is_empty() {
            String::new()
        } else {
            format!(" ({})", limits.join(", "))
        };
        text.push_str(&format!(
            "stress {}: `{}` against {targets}{limits}\n",
            stress.name, stress.script
        ));
    }
    for interaction in &details.sample_interactions {
        let shown = &interaction.shown;
        let Some(content) = &interaction.text else {
            text.push_str(&format!("sample interaction {shown}: not UTF-8 text\n"));
            continue;
        };
        text.push_str(&format!(
            "sample interaction {shown} (> the solution writes, < it reads):\n"
        ));
        let lines: Vec<&str> = content.lines().collect();
        for line in lines.iter().take(SHOWN_INTERACTION_LINES) {
            text.push_str(&format!("  {line}\n"));
        }
        if lines.len() > SHOWN_INTERACTION_LINES {
            text.push_str(&format!(
                "  ... ({} more lines)\n",
                lines.len() - SHOWN_INTERACTION_LINES
            ));
        }
    }
    text
}

/// One testset's line, its groups' lines and its generators.
fn testset(set: &Testset) -> String {
    let mut text = format!(
        "testset {}{}: {} ms, {} MiB, {} tests ({} generated, {} manual, {} samples)\n",
        set.name,
        if set.judged { " (judged)" } else { "" },
        set.time_limit.as_millis(),
        set.memory_bytes >> 20,
        set.tests,
        set.generated,
        set.tests - set.generated,
        set.samples
    );
    for group in &set.groups {
        let tests: Vec<String> = group.tests.iter().map(usize::to_string).collect();
        let depends = if group.dependencies.is_empty() {
            String::new()
        } else {
            format!(", needs {}", group.dependencies.join(", "))
        };
        text.push_str(&format!(
            "  group {}: {} points ({}{depends}), tests {}\n",
            group.name,
            group.points,
            group.policy,
            tests.join(" ")
        ));
    }
    if !set.generators.is_empty() {
        text.push_str(&format!("  generators: {}\n", set.generators.join(", ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::details::{FileIo, PackageProgram, SampleInteraction, Stress, TestGroup};
    use std::time::Duration;

    #[test]
    fn a_package_is_described_part_by_part() {
        let details = Details {
            file_io: Some(FileIo {
                input: Some("in.txt".into()),
                output: None,
            }),
            testsets: vec![Testset {
                name: "tests".into(),
                judged: true,
                time_limit: Duration::from_millis(1500),
                memory_bytes: 256 << 20,
                tests: 3,
                generated: 2,
                samples: 1,
                groups: vec![TestGroup {
                    name: "g1".into(),
                    points: 12.5,
                    policy: "each-test".into(),
                    dependencies: vec!["g0".into()],
                    tests: vec![2, 3],
                }],
                generators: vec!["gen".into()],
            }],
            programs: vec![
                PackageProgram {
                    role: "checker",
                    name: "std::wcmp.cpp".into(),
                    note: Some("0 own tests".into()),
                },
                PackageProgram {
                    role: "interactor",
                    name: "files/interactor.cpp".into(),
                    note: None,
                },
            ],
            stresses: vec![Stress {
                name: "stress-001".into(),
                script: "gen [1..10]".into(),
                solutions: Vec::new(),
                time_limit: None,
                memory_bytes: Some(64 << 20),
                total_time: None,
            }],
            sample_interactions: vec![
                SampleInteraction {
                    shown: "data/sample/1.interaction".into(),
                    text: Some(">1\n<2\n".into()),
                },
                SampleInteraction {
                    shown: "data/sample/2.interaction".into(),
                    text: None,
                },
            ],
        };
        assert_eq!(
            described(&details),
            "file I/O: input in.txt, output stdout\n\
             testset tests (judged): 1500 ms, 256 MiB, 3 tests (2 generated, 1 manual, 1 samples)\n\
             \x20 group g1: 12.5 points (each-test, needs g0), tests 2 3\n\
             \x20 generators: gen\n\
             checker: std::wcmp.cpp (0 own tests)\n\
             interactor: files/interactor.cpp\n\
             stress stress-001: `gen [1..10]` against every solution (memory limit 64 MiB)\n\
             sample interaction data/sample/1.interaction (> the solution writes, < it reads):\n\
             \x20 >1\n\
             \x20 <2\n\
             sample interaction data/sample/2.interaction: not UTF-8 text\n"
        );
        assert_eq!(described(&Details::default()), "");
    }
}
