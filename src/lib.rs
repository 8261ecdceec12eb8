//! stressjudge: a stress-testing judge for competitive programming.
//!
//! The pipeline is one straight line, one module per step; a step uses only the steps before it:
//!
//! 1. [`problem`]: parse and validate inputs, the reference solver, the checker;
//! 2. [`generators`]: seeded inputs by kind (source in the top-level `generators/` folder);
//! 3. [`build`]: compile a candidate once, cached by content hash;
//! 4. [`run`]: one sandboxed process under limits;
//! 5. [`compare`]: checker verdicts and readable diffs;
//! 6. [`report`]: tables and JSON.
//!
//! [`catalog`] registers the built-in problems; [`commands`] drives the pipeline for each
//! subcommand of the `stressjudge` binary; [`shrink`] shrinks a failing input of any format.

pub mod build;
pub mod catalog;
pub mod commands;
pub mod compare;
pub mod error;
#[path = "../generators/mod.rs"]
pub mod generators;
pub mod problem;
pub mod report;
pub mod run;
pub mod shrink;
pub mod units;
