//! What `stressjudge list` shows of a problem folder beyond its one-line summary, as the reader
//! that owns the folder describes it: a Polygon package's testsets, groups, generators,
//! programs and stresses ([`super::polygon::details`]), an Italian-format task's subtasks and
//! programs ([`super::italian::details`]), a problem folder's sample interactions
//! (`data/sample/*.interaction`, [`super::kattis::sample_interactions`]). `src/report/list.rs`
//! renders it.

use std::path::Path;
use std::time::Duration;

use crate::error::UsageError;

use super::{italian, kattis, polygon};

/// What a problem folder holds, for `list`; every part may be empty.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Details {
    /// The files solutions read and write instead of the standard streams, when the problem
    /// names any.
    pub file_io: Option<FileIo>,
    /// The test sets, with their limits, groups and generators.
    pub testsets: Vec<Testset>,
    /// The package's own programs (checker, interactor, validators, solutions), in that order.
    pub programs: Vec<PackageProgram>,
    /// The package's stress tests.
    pub stresses: Vec<Stress>,
    /// The sample interactions, each as the statement shows it.
    pub sample_interactions: Vec<SampleInteraction>,
}

/// The files a file-I/O problem's solutions read and write (`None`: the standard stream).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileIo {
    /// The input file, or `None` for stdin.
    pub input: Option<String>,
    /// The output file, or `None` for stdout.
    pub output: Option<String>,
}

/// One test set: its limits and what its tests are.
#[derive(Debug, Clone, PartialEq)]
pub struct Testset {
    /// Its name (`tests`).
    pub name: String,
    /// Whether it is the one the commands judge.
    pub judged: bool,
    /// Its time limit per test.
    pub time_limit: Duration,
    /// Its memory limit, in bytes.
    pub memory_bytes: u64,
    /// How many tests it has.
    pub tests: usize,
    /// How many of them a generator makes (the rest are files of the package).
    pub generated: usize,
    /// How many are statement samples.
    pub samples: usize,
    /// Its groups, in order.
    pub groups: Vec<TestGroup>,
    /// The generators its tests run, by name, sorted, each once.
    pub generators: Vec<String>,
}

/// A group of tests with points.
#[derive(Debug, Clone, PartialEq)]
pub struct TestGroup {
    /// Its name.
    pub name: String,
    /// Its points.
    pub points: f64,
    /// How the points are earned, as the package names it (`complete-group`, `each-test`).
    pub policy: String,
    /// The groups that must pass for it to score.
    pub dependencies: Vec<String>,
    /// Its tests' numbers, in order.
    pub tests: Vec<usize>,
}

/// One program of the package, with a word on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageProgram {
    /// What it is for (`checker`, `interactor`, `validator`, `solution`).
    pub role: &'static str,
    /// Its name or path in the package.
    pub name: String,
    /// What is said of it in parentheses (`3 own tests`, its tag), if anything.
    pub note: Option<String>,
}

/// One stress test the package declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stress {
    /// Its name (the kind `stress` runs it as).
    pub name: String,
    /// The generator command it runs, as written.
    pub script: String,
    /// The solutions it targets (empty: every solution).
    pub solutions: Vec<String>,
    /// Its time limit per run, if it sets one.
    pub time_limit: Option<Duration>,
    /// Its memory limit per run in bytes, if it sets one.
    pub memory_bytes: Option<u64>,
    /// How long it runs, if it says.
    pub total_time: Option<Duration>,
}

/// One sample interaction: `>` lines the solution writes, `<` lines it reads, `---` between
/// passes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleInteraction {
    /// Its path in the folder.
    pub shown: String,
    /// Its text, or `None` when it is not UTF-8 text.
    pub text: Option<String>,
}

/// What the problem folder `dir` holds, described by its reader: a Polygon package's contents
/// (`testset` names the judged testset, else the package's main one), else the folder's
/// sample interactions; nothing for a name that is not a folder.
pub fn details_of(dir: &Path, testset: Option<&str>) -> Result<Details, UsageError> {
    if polygon::is_polygon_package(dir) {
        let package = polygon::load(dir).map_err(|e| UsageError::new(e.to_string()))?;
        let judged = testset
            .map(str::to_string)
            .or_else(|| package.main_testset().map(|t| t.name.clone()))
            .unwrap_or_default();
        return Ok(polygon::details::describe(&package, &judged));
    }
    if italian::is_italian_task(dir) {
        let task = italian::read(dir).map_err(|e| UsageError::new(e.to_string()))?;
        return Ok(italian::details::describe(&task));
    }
    if super::tps::is_tps_task(dir) {
        let task = super::tps::read(dir).map_err(|e| UsageError::new(e.to_string()))?;
        return Ok(super::tps::details::describe(&task));
    }
    if !dir.is_dir() {
        return Ok(Details::default());
    }
    let sample_interactions = kattis::sample_interactions(dir)
        .into_iter()
        .map(|path| SampleInteraction {
            shown: path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .display()
                .to_string(),
            text: std::fs::read_to_string(&path).ok(),
        })
        .collect();
    Ok(Details {
        sample_interactions,
        ..Details::default()
    })
}
