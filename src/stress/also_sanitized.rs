//! The sanitizer re-run of a stress failure: a C or C++ candidate that failed (wrong answer or
//! run-time error) runs its shrunk input once more as a sanitized build (see
//! [`crate::build::sanitize`]), and the sanitizers' first finding is added to the failure
//! ("also: index 8 out of bounds for type 'int \[8\]' at sol.cpp:14"). A wrong answer on seed 17
//! is very often undefined behaviour, and this names its line without a second command.
//!
//! The re-run never changes a verdict and never fails the command: a build that does not work
//! (no sanitizers in this toolchain: said once), a run that cannot start, or a run without a
//! finding, add nothing. The sanitized build is made at the first failure only, so a stress
//! that finds nothing costs nothing.

use std::sync::Mutex;

use crate::build::sanitize::can_sanitize;
use crate::build::Program;
use crate::compare::sanitizer;
use crate::judge::Verdict;
use crate::problem::ProblemInfo;
use crate::run::{scratch_dir, RunLimits};
use crate::testset::{sanitized_limits, Executor, SandboxExecutor};

use super::Failure;

/// How the command builds the sanitized candidate: the program, or the one line saying why
/// it could not.
pub type BuildSanitized = Box<dyn Fn() -> Result<Program, String> + Send + Sync>;

/// The re-runs of one stress command.
pub struct AlsoSanitized<'a> {
    info: &'a ProblemInfo,
    /// The limits of the candidate's runs (before widening for the sanitizers).
    limits: RunLimits,
    /// The sanitized build: not tried yet, built, or could not be built (already said).
    build: Mutex<Built>,
}

/// Where the sanitized build stands.
enum Built {
    /// Not tried yet: how to make it.
    Pending(BuildSanitized),
    /// Ready.
    Ready(Program),
    /// Not possible here.
    Failed,
}

impl<'a> AlsoSanitized<'a> {
    /// The re-runs for `program` on the problem `info` under `limits`; `None` when there are
    /// none to make: the candidate is not C or C++, the problem is interactive (its runs need
    /// the interactor), or the candidate is already sanitized (its own runs report the
    /// finding: `program` is then the build re-run).
    pub fn new(
        program: &Program,
        info: &'a ProblemInfo,
        interactive: bool,
        limits: RunLimits,
        build: BuildSanitized,
    ) -> Option<AlsoSanitized<'a>> {
        if interactive || !can_sanitize(program.language) {
            return None;
        }
        let build = match program.sanitized {
            true => Built::Ready(program.clone()),
            false => Built::Pending(build),
        };
        Some(AlsoSanitized {
            info,
            limits,
            build: Mutex::new(build),
        })
    }

    /// The sanitizers' first finding when `failure`'s shrunk input runs on the sanitized
    /// build, for a wrong answer or a run-time error; `None` otherwise.
    pub fn finding(&self, failure: &Failure) -> Option<String> {
        if !matches!(failure.verdict, Verdict::WA | Verdict::RE) {
            return None;
        }
        let program = self.program()?;
        let dir = scratch_dir().ok()?;
        let input = dir.path().join("input.txt");
        std::fs::write(&input, &failure.shrunk_input).ok()?;
        let mut executor = SandboxExecutor::start_for(&program, self.info).ok()?;
        let limits = match program.sanitized {
            true => sanitized_limits(self.limits),
            false => self.limits,
        };
        let outcome = executor.execute(&input, &limits).ok()?;
        sanitizer::finding(&outcome.stderr_head)
    }

    /// The sanitized build, made on the first call; `None` (said once on stderr) when it
    /// cannot be made.
    fn program(&self) -> Option<Program> {
        let mut built = self.build.lock().ok()?;
        if let Built::Pending(build) = &*built {
            *built = match build() {
                Ok(program) if program.sanitized => Built::Ready(program),
                Ok(_) => Built::Failed,
                Err(why) => {
                    eprintln!("stressjudge: note: failures are not re-run with sanitizers: {why}");
                    Built::Failed
                }
            };
        }
        match &*built {
            Built::Ready(program) => Some(program.clone()),
            _ => None,
        }
    }
}
