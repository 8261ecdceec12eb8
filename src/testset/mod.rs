//! The test-set engine behind `judge` and `verify`: named test cases with expected answers,
//! run in parallel through any [`Executor`] without letting parallelism distort time verdicts.
//!
//! # Timing policy
//!
//! - Tests of the `max` kind (the ones that measure speed) run alone, after the parallel ones
//!   have finished: no parallel neighbours.
//! - The sandbox enforces the CPU limit widened by 15 %
//!   ([`crate::judge::timing::measuring_limits`]); verdicts use the nominal limit.
//! - Borderline rule (issue 6): a run no limit stopped whose CPU time is within 15 % of the
//!   limit, either side, is re-run alone 3 more times; the fastest re-run decides between TLE
//!   and AC (issue 31: noise only adds time), and the report lists every time, the spread and says the
//!   verdict was borderline.
//! - `--strict-timing` (or `--jobs 1`) runs every test one at a time; the report says when
//!   parallel jobs were used.
//! - `judge` runs every test, even after a failure (users want the whole table); only CE,
//!   decided before any run, stops everything. `verify` stops at the test that decides the
//!   verdict, as Kattis does ([`crate::judge::stop::ends_judging`]; `--all-tests` runs them all), and reuses
//!   remembered runs ([`results`]).

pub mod executor;
pub mod gate;
pub mod interactive;
pub mod noise;
pub mod own_memory;
mod plan;
pub mod results;
mod runner;
pub mod time_limit;

pub use crate::problem::TestCase;
pub use executor::SandboxExecutor;
pub use plan::{sanitized_limits, Plan};
pub use runner::{
    run_one, run_one_with, run_test_set, run_test_set_observed, run_test_set_with, Executor,
    Judging, Memo, Scheduling, TestObserver, TestRow, TestSetRun, Unobserved,
};
