//! The integration tests, one binary: each file of `tests/it/` is a module, the shared helpers
//! (`*_support`, `judge_binary`, `judge_common`) are modules beside them, compiled once.
//!
//! Suites that need a process of their own stay separate binaries in `tests/`: `build`
//! (changes environment variables and the process-wide build containment), `stress_interrupt`
//! (signals its process group), `judge_hostile` (measures the judge's peak memory, which a
//! child forked from a large test process would inherit), and the timing suites `timing_calibrated`, `robust_timing` and
//! `verify_speed` (they measure times, so they must not share the machine with other tests
//! of the same run). Run one module with `cargo test --release --test it MODULE::`.
#![forbid(unsafe_code)]

mod cluster_support;
mod faults_support;
mod folders_support;
#[allow(dead_code)] // judge_hostile, a binary of its own, uses the rest.
mod judge_binary;
mod judge_common;
mod report_support;
#[path = "../schema_support/mod.rs"]
mod schema_support;
#[path = "../stress_support/mod.rs"]
mod stress_support;

mod adhoc_cli;
mod broken_tools;
mod build_sandboxes;
mod cluster;
mod david_generator;
mod david_reference;
mod david_validator;
mod desk_cli;
mod expectation_formats;
mod faults_cache;
mod faults_disk;
mod faults_kill;
mod file_io_cli;
mod generators_yaml;
mod hostile;
mod hostile_packages;
mod interactive_cli;
mod italian_cli;
mod json_lines_cli;
mod judge_accepted;
mod judge_cli;
mod judge_compare;
mod judge_engine;
mod judge_report;
mod judge_sandbox;
mod judged_as_their_judge;
mod kattis_packages;
mod king_game_generator;
mod king_game_oracle;
mod king_game_problem;
mod king_game_proof;
mod languages;
mod merge_shards;
mod mutants;
mod package_runs;
mod polygon_cli;
mod problem_folders;
mod python_memo;
mod python_named;
mod report_chromium;
mod report_html;
mod report_junit;
mod reports_cli;
mod sanitize_cli;
mod shrink_cli;
mod shrink_multitest;
mod shrink_shapes;
mod snapshots;
mod solutions_library;
mod stones_generator;
mod stones_reference;
mod stones_validator;
mod stress_cli;
mod stress_runs;
mod tool_checks;
mod tps_cli;
mod watch_cli;
