//! `verify --plan FILE` and `verify --shard I/N` (issue 29): one command split over machines.
//!
//! A time limit derived on one machine must be the limit every shard judges by, or two shards
//! would judge the same kind of submission under different limits. So a first step
//! (`verify --plan FILE`) derives every limit the command needs and writes them, with what
//! identifies the command (each problem's content hash, the submissions, the options that
//! change verdicts, the stressjudge version), to a small JSON file; each shard
//! (`verify --shard I/N --plan FILE`) reads the limits from it, never derives, and refuses a
//! plan that does not match what it finds. Shards take the command's (problem, submission)
//! jobs dealt round-robin ([`crate::report::shard::dealt`]); `stressjudge merge` joins their
//! reports.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::error::UsageError;
use crate::options::VerifyOptions;

/// What the plan file holds (format 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VerifyPlan {
    /// The plan format, 1.
    pub format: u32,
    /// The stressjudge version that made it; shards must run the same one.
    pub version: String,
    /// The options that change verdicts.
    pub options: PlanOptions,
    /// Every problem, in the command's order, with the limits its submissions are judged by.
    pub problems: Vec<PlannedProblem>,
    /// Every (problem, submission) job, in the command's order: shards deal these.
    pub submissions: Vec<PlannedSubmission>,
}

/// The options of `verify` that change a verdict: every shard must have the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanOptions {
    /// `--stress-seeds`.
    pub stress_seeds: u64,
    /// `--all-tests`.
    pub all_tests: bool,
    /// `--strict-timing`.
    pub strict_timing: bool,
    /// `--testset`.
    pub testset: Option<String>,
    /// `--input-file` / `--output-file`.
    pub file_io: String,
    /// `--solutions` (the library of the built-in problems).
    pub solutions: String,
}

/// One problem of the plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlannedProblem {
    /// The problem as named on the command line (a built-in id or a folder).
    pub name: String,
    /// Its id.
    pub id: String,
    /// A hex SHA-256 of its folder's files ([`content_hash`]), or `builtin` for a built-in.
    pub content: String,
    /// The time limit its submissions are judged by, ms.
    pub time_limit_ms: u64,
    /// The memory limit, bytes.
    pub memory_limit_bytes: u64,
    /// How the time limit was derived (the report's `time_limit_derivation`), when it was.
    pub derivation: Option<Value>,
}

/// One job of the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedSubmission {
    /// Its problem's id.
    pub problem: String,
    /// Its path.
    pub path: String,
    /// What it is expected to get.
    pub expected: String,
}

/// The plan format this version writes and reads.
pub const FORMAT: u32 = 1;

/// This stressjudge's version, as plans and shard reports record it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

impl PlanOptions {
    /// The verdict-changing options of `args`.
    pub fn of(args: &VerifyOptions) -> PlanOptions {
        PlanOptions {
            stress_seeds: args.stress_seeds,
            all_tests: args.all_tests,
            strict_timing: args.strict_timing,
            testset: args.testset.clone(),
            file_io: format!("{:?}", args.file_io),
            solutions: args.solutions.display().to_string(),
        }
    }
}

impl VerifyPlan {
    /// What every shard of the command shares: a hex SHA-256 of the whole plan.
    pub fn identity(&self) -> String {
        let mut hasher = Sha256::new();
        hasher.update(serde_json::to_vec(self).expect("a plan always serializes"));
        crate::build::hex_digest(hasher)
    }

    /// Reads the plan in `path`; a file that cannot be read, is no plan, or was made by another
    /// version is a one-line error.
    pub fn read(path: &Path) -> Result<VerifyPlan, UsageError> {
        let shown = path.display();
        let bytes = std::fs::read(path)
            .map_err(|e| UsageError::new(format!("--plan {shown}: cannot read it: {e}")))?;
        let plan: VerifyPlan = serde_json::from_slice(&bytes).map_err(|e| {
            UsageError::new(format!(
                "--plan {shown}: not a plan written by `stressjudge verify --plan` ({e})"
            ))
        })?;
        if plan.format != FORMAT {
            return Err(UsageError::new(format!(
                "--plan {shown}: plan format {} is not {FORMAT}: make the plan again with this \
                 stressjudge",
                plan.format
            )));
        }
        if plan.version != VERSION {
            return Err(UsageError::new(format!(
                "--plan {shown}: made by stressjudge {}, this is {VERSION}: every shard must run \
                 the version that made the plan",
                plan.version
            )));
        }
        Ok(plan)
    }

    /// Writes the plan to `path` atomically.
    pub fn write(&self, path: &Path) -> Result<(), UsageError> {
        let mut bytes = serde_json::to_vec_pretty(self).expect("a plan always serializes");
        bytes.push(b'\n');
        crate::cache_entry::write_durably(path, &bytes).map_err(|e| {
            UsageError::new(format!("--plan {}: cannot write it: {e}", path.display()))
        })
    }

    /// Checks that `found` (the plan this shard would make from what it loaded, with the
    /// limits taken from `self`) is the command `self` planned; the error says what differs.
    pub fn check_matches(&self, found: &VerifyPlan, path: &Path) -> Result<(), UsageError> {
        let differs = |what: String| {
            Err(UsageError::new(format!(
                "--plan {} does not match this command: {what}; run every shard with the \
                 plan step's problems and options, or make the plan again",
                path.display()
            )))
        };
        if self.options != found.options {
            return differs(format!(
                "options differ (plan {:?}, here {:?})",
                self.options, found.options
            ));
        }
        let names = |p: &VerifyPlan| {
            p.problems
                .iter()
                .map(|q| q.name.clone())
                .collect::<Vec<_>>()
        };
        if names(self) != names(found) {
            return differs(format!(
                "the plan has problems {:?}, this shard {:?}",
                names(self),
                names(found)
            ));
        }
        for (planned, here) in self.problems.iter().zip(&found.problems) {
            if planned.content != here.content {
                return differs(format!(
                    "{}'s files changed since the plan was made",
                    planned.name
                ));
            }
            if planned.memory_limit_bytes != here.memory_limit_bytes {
                return differs(format!("{}'s memory limit changed", planned.name));
            }
        }
        if self.submissions != found.submissions {
            let missing = (self.submissions.iter())
                .find(|s| !found.submissions.contains(s))
                .or_else(|| {
                    found
                        .submissions
                        .iter()
                        .find(|s| !self.submissions.contains(s))
                });
            return differs(match missing {
                Some(s) => format!(
                    "the submissions differ ({} of {} is in only one of them)",
                    s.path, s.problem
                ),
                None => "the submissions are in another order".to_string(),
            });
        }
        Ok(())
    }
}

/// A hex SHA-256 of every file under `dir` (names starting with `.` left out), by path
/// relative to `dir` and contents, in sorted order: two machines with the same package get
/// the same hash. A symbolic link counts by its target's name, not followed.
pub fn content_hash(dir: &Path) -> Result<String, UsageError> {
    let mut files = Vec::new();
    collect(dir, Path::new(""), &mut files)
        .map_err(|e| UsageError::new(format!("{}: cannot read the package: {e}", dir.display())))?;
    files.sort();
    let mut hasher = Sha256::new();
    for relative in &files {
        let path = dir.join(relative);
        let meta = std::fs::symlink_metadata(&path)
            .map_err(|e| UsageError::new(format!("{}: cannot read it: {e}", path.display())))?;
        hasher.update(relative.to_string_lossy().as_bytes());
        hasher.update([0]);
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&path).unwrap_or_default();
            hasher.update(b"link:");
            hasher.update(target.to_string_lossy().as_bytes());
        } else {
            let bytes = std::fs::read(&path)
                .map_err(|e| UsageError::new(format!("{}: cannot read it: {e}", path.display())))?;
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
    }
    Ok(crate::build::hex_digest(hasher))
}

fn collect(root: &Path, relative: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(root.join(relative))? {
        let entry = entry?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let path = relative.join(&name);
        if entry.file_type()?.is_dir() {
            collect(root, &path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_hash_follows_names_and_bytes_only() {
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        for dir in [a.path(), b.path()] {
            std::fs::create_dir_all(dir.join("data/secret")).unwrap();
            std::fs::write(dir.join("data/secret/1.in"), "1 2\n").unwrap();
            std::fs::write(dir.join("problem.yaml"), "name: x\n").unwrap();
        }
        std::fs::write(b.path().join(".hidden"), "x").unwrap();
        let hash = content_hash(a.path()).unwrap();
        assert_eq!(hash, content_hash(b.path()).unwrap());
        std::fs::write(b.path().join("data/secret/1.in"), "1 3\n").unwrap();
        assert_ne!(hash, content_hash(b.path()).unwrap());
    }
}
