//! Where a verdict is decided: every rule that turns measured runs into verdicts, scores and
//! kept or broken promises, after the run step and before the report (which only presents).
//!
//! | decision | file |
//! |---|---|
//! | the verdict type (`AC`, `WA`, ..., one enum for tests, submissions and expectations) | [`verdict`] |
//! | one run's verdict (ICPC precedence, interactive runs) | [`mod@classify`] |
//! | which CPU time decides near the limit (borderline re-runs) | [`timing`] |
//! | which runs are repeated and which of their times decides | [`repeats`] |
//! | a whole submission's verdict (`CE`, else its first rejected test's) | [`submission`] |
//! | when a rejected test ends the judging (the problem's rule, a scoring package's groups, an expectation about later tests) | [`stop`] |
//! | the grading settings a scoring problem's reader fills (groups, aggregation, a custom grader) | [`grading_model`] |
//! | a scoring problem's test, group and submission scores (problemtools' and 2025-09 rules) | [`grade`] |
//! | the same scores as DOMjudge computes them | [`grade_domjudge`] |
//! | what scoring by points needs, which the Polygon reader fills (tests, groups, points policies, dependencies) | [`points_model`] |
//! | a solution's points as Polygon scores them (`complete-group`, `each-test`, a checker's points) | [`grade_polygon`] |
//! | olympiad subtasks, which the Italian reader fills: their scores by score type (`GroupMin`, `Sum`, `GroupMul`) and the `@check-*` promises per subtask | [`subtasks`] |
//! | what a verdict of TPS's `solutions.json` promises of every test of a subtask | [`tps_verdicts`] |
//! | what a submission promised, which the readers fill (rules over tests, scores, a final verdict; time-limit roles) | [`expectation_model`] |
//! | the test globs a promise names its tests by (`secret/*-easy`, `{a,b}`) | [`test_glob`] |
//! | whether a submission kept what its package promised (expectations) | [`expectation`] |

pub mod classify;
pub mod expectation;
pub mod expectation_model;
pub mod grade;
pub mod grade_domjudge;
pub mod grade_polygon;
pub mod grading_model;
pub mod points_model;
pub mod repeats;
pub mod stop;
pub mod submission;
pub mod subtasks;
pub mod test_glob;
pub mod timing;
pub mod tps_verdicts;
pub mod verdict;

pub use classify::{
    classify, classify_interaction, sample_interaction_lines, TestResult, IDLE_DETAIL,
    SAMPLE_INTERACTION_HEADER, TRANSCRIPT_HEADER,
};
pub use verdict::Verdict;
