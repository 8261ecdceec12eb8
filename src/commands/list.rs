//! `stressjudge list`: the problems, their limits and the generator kinds; for a Polygon
//! package what it holds, for a problem folder its sample interactions.

use super::common::resolve_problem;
use super::{print_out, Outcome};
use crate::catalog::Catalog;
use crate::error::UsageError;
use crate::options::{ListOptions, ProblemSpec};
use crate::problem::{kattis, polygon, Problem, TimeLimitOrigin};

/// Prints one line per problem, then the kinds.
pub fn run(options: &ListOptions) -> Result<Outcome, UsageError> {
    let problems = match &options.problem {
        Some(name) => vec![resolve_problem(&ProblemSpec {
            name: Some(name.clone()),
            ad_hoc: crate::options::AdHocParts {
                testset: options.testset.clone(),
                ..Default::default()
            },
        })?],
        None => Catalog::builtin().problems().to_vec(),
    };
    let mut text = format!(
        "{:<16} {:<16} {:>8} {:>9}  {}\n",
        "PROBLEM", "TITLE", "TIME", "MEMORY", "KINDS"
    );
    for problem in &problems {
        text.push_str(&line(problem.as_ref()));
    }
    if let Some(name) = &options.problem {
        let dir = std::path::Path::new(name);
        if polygon::is_polygon_package(dir) {
            let package = polygon::load(dir).map_err(|e| UsageError::new(e.to_string()))?;
            let judged = options
                .testset
                .clone()
                .or_else(|| package.main_testset().map(|t| t.name.clone()))
                .unwrap_or_default();
            text.push_str(&polygon_details(&package, &judged));
        } else if dir.is_dir() {
            text.push_str(&sample_interactions(dir));
        }
    }
    for problem in &problems {
        for note in &problem.info().notes {
            text.push_str(&format!("note: {}: {note}\n", problem.info().id));
        }
    }
    print_out(&text)?;
    Ok(Outcome::Passed)
}

/// Most lines of one sample interaction `list` prints.
const SHOWN_INTERACTION_LINES: usize = 200;

/// A problem folder's sample interactions (`data/sample/*.interaction`), each as the statement
/// shows it: `>` lines the solution writes, `<` lines it reads, `---` between passes.
fn sample_interactions(dir: &std::path::Path) -> String {
    let mut text = String::new();
    for path in kattis::sample_interactions(dir) {
        let shown = path.strip_prefix(dir).unwrap_or(&path).display();
        let Ok(content) = std::fs::read_to_string(&path) else {
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

/// What a Polygon package holds: testsets with limits, tests and groups, the generators its
/// tests run, the checker, validators, solutions and stresses; `judged` names the testset the
/// commands judge.
fn polygon_details(package: &polygon::PolygonPackage, judged: &str) -> String {
    let dir = &package.dir;
    let shown = |p: &std::path::Path| p.strip_prefix(dir).unwrap_or(p).display().to_string();
    let mut text = String::new();
    if package.input_file.is_some() || package.output_file.is_some() {
        text.push_str(&format!(
            "file I/O: input {}, output {}\n",
            package.input_file.as_deref().unwrap_or("stdin"),
            package.output_file.as_deref().unwrap_or("stdout")
        ));
    }
    for set in &package.testsets {
        let generated = set
            .tests
            .iter()
            .filter(|t| matches!(t.method, polygon::TestMethod::Generated { .. }))
            .count();
        let samples = set.tests.iter().filter(|t| t.sample).count();
        text.push_str(&format!(
            "testset {}{}: {} ms, {} MiB, {} tests ({} generated, {} manual, {} samples)\n",
            set.name,
            if set.name == judged { " (judged)" } else { "" },
            set.time_limit.as_millis(),
            set.memory_bytes >> 20,
            set.tests.len(),
            generated,
            set.tests.len() - generated,
            samples
        ));
        for group in &set.groups {
            let tests: Vec<String> = set
                .tests
                .iter()
                .filter(|t| t.group.as_deref() == Some(group.name.as_str()))
                .map(|t| t.index.to_string())
                .collect();
            let policy = match group.policy {
                polygon::PointsPolicy::CompleteGroup => "complete-group",
                polygon::PointsPolicy::EachTest => "each-test",
            };
            let depends = if group.dependencies.is_empty() {
                String::new()
            } else {
                format!(", needs {}", group.dependencies.join(", "))
            };
            text.push_str(&format!(
                "  group {}: {} points ({policy}{depends}), tests {}\n",
                group.name,
                group.points,
                tests.join(" ")
            ));
        }
        let mut generators: Vec<&str> = set
            .tests
            .iter()
            .filter_map(|t| match &t.method {
                polygon::TestMethod::Generated { program, .. } => Some(program.as_str()),
                polygon::TestMethod::Manual => None,
            })
            .collect();
        generators.dedup();
        generators.sort();
        generators.dedup();
        if !generators.is_empty() {
            text.push_str(&format!("  generators: {}\n", generators.join(", ")));
        }
    }
    if let Some(checker) = &package.checker {
        text.push_str(&format!(
            "checker: {} ({} own tests)\n",
            checker
                .name
                .clone()
                .unwrap_or_else(|| shown(&checker.source)),
            checker.tests.len()
        ));
    }
    if let Some(interactor) = &package.interactor {
        text.push_str(&format!("interactor: {}\n", shown(interactor)));
    }
    for validator in &package.validators {
        text.push_str(&format!(
            "validator: {} ({} own tests)\n",
            shown(&validator.source),
            validator.tests.len()
        ));
    }
    for solution in &package.solutions {
        text.push_str(&format!(
            "solution: {} ({})\n",
            shown(&solution.source),
            solution.tag.name()
        ));
    }
    for stress in &package.stresses {
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
            stress.name,
            stress.script()
        ));
    }
    text
}

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
