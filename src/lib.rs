//! stressjudge: a stress-testing judge for competitive programming.
//!
//! `docs/architecture.md` is the map: where a verdict is decided, where a format is read, where a
//! process is sandboxed. In short:
//!
//! The pipeline is one straight line, one module per step; a step uses only the steps before it:
//!
//! 1. [`problem`]: what a problem is (the [`problem::Problem`] trait), the built-in problems'
//!    rules ([`problem::rules`]) and every format's reader, one folder each ([`problem::kattis`],
//!    [`problem::polygon`], [`problem::adhoc`], [`problem::companion`]), each filling the one
//!    [`problem::shape::Shape`];
//! 2. [`generators`]: seeded inputs by kind (source in the top-level `generators/` folder);
//! 3. [`build`]: compile a candidate once, cached by content hash;
//! 4. [`run`]: one sandboxed process under limits;
//! 5. [`programs`]: the problem's programs, run contained (generators, validators, reference,
//!    checker, interactor): a reader's shape run through the build and run steps;
//! 6. [`compare`]: the Kattis default validator and readable diffs of a wrong answer;
//! 7. [`judge`]: where every verdict is decided: one run's, the times that decide, a whole
//!    submission's, when to stop, scores, and the expectations a submission kept or broke;
//! 8. [`report`]: the result of each command as a terminal view, JSON, JUnit XML and HTML (it
//!    presents verdicts, it does not decide them).
//!
//! Two names go backwards: the verdict type ([`judge::Verdict`]), which readers use for the
//! verdicts expectations name, and the [`programs`] values a reader puts in its shape (they run
//! only once [`programs::ProgramsProblem`] runs them).
//!
//! Between the steps and the commands sit the engines: [`testset`] runs a fixed test set under
//! the timing policy, [`stress`] runs seeded inputs, isolates and shrinks failures (with
//! [`shrink`] for inputs of any format). [`cache_entry`] keeps caches and written results true
//! when the machine fails (checked entries, durable atomic writes). [`catalog`] names the problems; [`cli`] turns the
//! command line into [`options`]; [`commands`] drive the pipeline for each subcommand.

// `unsafe` lives in the sandbox crate only (`crates/sandbox`).
#![forbid(unsafe_code)]

pub mod build;
pub mod cache_entry;
pub mod catalog;
pub mod cli;
pub mod commands;
pub mod compare;
pub mod error;
#[path = "../generators/mod.rs"]
pub mod generators;
pub mod judge;
pub mod mutants;
pub mod options;
pub mod problem;
pub mod programs;
pub mod report;
/// The sandbox: its own crate (`crates/sandbox`), the only code allowed `unsafe`.
pub use stressjudge_sandbox as run;
pub mod shell;
/// The format-agnostic shrinker: its own crate (`crates/shrink`).
pub use stressjudge_shrink as shrink;
pub mod stress;
pub mod testset;
pub mod units;
