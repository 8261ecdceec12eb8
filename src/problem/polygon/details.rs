//! A Polygon package described for `stressjudge list` ([`crate::problem::details`]): its
//! testsets with limits, tests and groups, the generators its tests run, the checker,
//! validators, solutions and stresses.

use std::path::Path;

use super::{PointsPolicy, PolygonPackage, TestMethod};
use crate::problem::details::{Details, FileIo, PackageProgram, Stress, TestGroup, Testset};

/// What `package` holds; `judged` names the testset the commands judge.
pub fn describe(package: &PolygonPackage, judged: &str) -> Details {
    let dir = &package.dir;
    let shown = |p: &Path| p.strip_prefix(dir).unwrap_or(p).display().to_string();
    let file_io = (package.input_file.is_some() || package.output_file.is_some()).then(|| FileIo {
        input: package.input_file.clone(),
        output: package.output_file.clone(),
    });
    let testsets = package
        .testsets
        .iter()
        .map(|set| {
            let groups = set
                .groups
                .iter()
                .map(|group| TestGroup {
                    name: group.name.clone(),
                    points: group.points,
                    policy: match group.policy {
                        PointsPolicy::CompleteGroup => "complete-group",
                        PointsPolicy::EachTest => "each-test",
                    }
                    .to_string(),
                    dependencies: group.dependencies.clone(),
                    tests: (set.tests.iter())
                        .filter(|t| t.group.as_deref() == Some(group.name.as_str()))
                        .map(|t| t.index)
                        .collect(),
                })
                .collect();
            let mut generators: Vec<String> = (set.tests.iter())
                .filter_map(|t| match &t.method {
                    TestMethod::Generated { program, .. } => Some(program.clone()),
                    TestMethod::Manual => None,
                })
                .collect();
            generators.sort();
            generators.dedup();
            Testset {
                name: set.name.clone(),
                judged: set.name == judged,
                time_limit: set.time_limit,
                memory_bytes: set.memory_bytes,
                tests: set.tests.len(),
                generated: (set.tests.iter())
                    .filter(|t| matches!(t.method, TestMethod::Generated { .. }))
                    .count(),
                samples: set.tests.iter().filter(|t| t.sample).count(),
                groups,
                generators,
            }
        })
        .collect();
    let own_tests = |n: usize| Some(format!("{n} own tests"));
    let mut programs = Vec::new();
    if let Some(checker) = &package.checker {
        programs.push(PackageProgram {
            role: "checker",
            name: (checker.name.clone()).unwrap_or_else(|| shown(&checker.source)),
            note: own_tests(checker.tests.len()),
        });
    }
    if let Some(interactor) = &package.interactor {
        programs.push(PackageProgram {
            role: "interactor",
            name: shown(interactor),
            note: None,
        });
    }
    for validator in &package.validators {
        programs.push(PackageProgram {
            role: "validator",
            name: shown(&validator.source),
            note: own_tests(validator.tests.len()),
        });
    }
    for solution in &package.solutions {
        programs.push(PackageProgram {
            role: "solution",
            name: shown(&solution.source),
            note: Some(solution.tag.name().to_string()),
        });
    }
    let stresses = (package.stresses.iter())
        .map(|stress| Stress {
            name: stress.name.clone(),
            script: stress.script(),
            solutions: stress.solutions.clone(),
            time_limit: stress.time_limit,
            memory_bytes: stress.memory_bytes,
            total_time: stress.total_time,
        })
        .collect();
    Details {
        file_io,
        testsets,
        programs,
        stresses,
        sample_interactions: Vec::new(),
    }
}
