//! The `mutants` report: the result value and its terminal view. JSON is
//! [`crate::report::json::MutantsJson`], JUnit and HTML live with their exporters.

use crate::mutants::{Fate, MutationRun};
use crate::run::Isolation;
use crate::units::seconds;

use super::style;
use super::text::{clip, indent};

/// Lines of a shrunk input, an answer or a diff shown in the terminal.
const SHOWN_LINES: usize = 20;

/// What `stressjudge mutants` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MutantsReport {
    /// Problem id or folder.
    pub problem: String,
    /// The mutation run.
    pub run: MutationRun,
    /// What `--save-tests` did, one line per killable mutant's input.
    pub saved: Vec<String>,
    /// Notes on how the problem was read.
    pub notes: Vec<String>,
    /// How the mutants were contained.
    pub isolation: Option<Isolation>,
    /// Which shard of a split run this is (`mutants --shard I/N`), `None` for a whole run.
    pub shard: Option<crate::report::shard::ShardInfo>,
}

impl MutantsReport {
    /// The report as the `--json` object.
    pub fn to_json(&self) -> serde_json::Value {
        super::json::to_value(&super::json::MutantsJson::of(self))
    }

    /// Whether the tests miss a mutant stress kills (the exit code 1 of `mutants`).
    pub fn tests_miss_some(&self) -> bool {
        self.run.killable() > 0
    }
}

/// A score as a percentage, `-` when there is none.
pub fn percent(score: Option<f64>) -> String {
    score.map_or_else(|| "-".to_string(), |s| format!("{:.1} %", s * 100.0))
}

/// The one-line summary of a run: its score and the counts behind it.
pub fn score_line(run: &MutationRun) -> String {
    let mut line = format!(
        "score {}: {} killed by tests, {} killable, {} probably equivalent",
        percent(run.score()),
        run.killed(),
        run.killable(),
        run.equivalent()
    );
    if run.survived() > 0 {
        line.push_str(&format!(", {} survived unstressed", run.survived()));
    }
    line
}

/// Mutants judged per minute of wall time.
pub fn per_minute(run: &MutationRun) -> f64 {
    let all = (run.mutants.len() + run.not_built) as f64;
    all * 60.0 / run.elapsed.as_secs_f64().max(1e-3)
}

/// The terminal view.
pub fn text(report: &MutantsReport) -> String {
    let run = &report.run;
    let mut out = format!(
        "mutants of {} ({}) on {}\n",
        run.original, run.language, report.problem
    );
    out.push_str(&format!(
        "  {} mutant(s) judged ({} did not build, {} duplicate(s) left out); time limit {} \
         (the original's slowest test: {})\n",
        run.mutants.len(),
        run.not_built,
        run.duplicates,
        seconds(run.time_limit),
        seconds(run.slowest)
    ));
    let line = score_line(run);
    out.push_str(&format!(
        "  {}\n",
        if run.killable() > 0 {
            style::warning(&line)
        } else {
            style::good(&line)
        }
    ));
    if let Some(why) = &run.no_stress {
        out.push_str(&format!("  stress was not possible: {why}\n"));
    }
    out.push_str(&tests_text(run));
    out.push_str(&killable_text(run));
    out.push_str(&equivalent_text(run));
    for line in &report.saved {
        out.push_str(&format!("  {line}\n"));
    }
    for note in &report.notes {
        out.push_str(&format!("  note: {note}\n"));
    }
    if run.interrupted {
        out.push_str(&format!(
            "  {}\n",
            style::warning("interrupted: the mutants not judged yet are left out")
        ));
    }
    out.push_str(&format!(
        "  {} in {} ({:.0} mutants/min); {}\n",
        run.mutants.len() + run.not_built,
        seconds(run.elapsed),
        per_minute(run),
        shares(run)
    ));
    out
}

/// How the workers' time split between building, judging and stressing.
pub fn shares(run: &MutationRun) -> String {
    let p = &run.phases;
    let total = (p.building + p.judging + p.stressing)
        .as_secs_f64()
        .max(1e-9);
    let share = |d: std::time::Duration| d.as_secs_f64() * 100.0 / total;
    format!(
        "building {:.0} %, judging {:.0} %, stressing {:.0} %",
        share(p.building),
        share(p.judging),
        share(p.stressing)
    )
}

/// Each test's kills; the tests that kill nothing the ones before them do not are named
/// together.
fn tests_text(run: &MutationRun) -> String {
    let kills = run.kills_per_test();
    if kills.is_empty() {
        return "  the problem has no tests: every mutant went to stress\n".to_string();
    }
    let width = kills.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut out = String::from("  kills per test (the mutants each test is the first to fail):\n");
    let carrying: Vec<&(String, usize)> = kills.iter().filter(|(_, k)| *k > 0).collect();
    for (name, k) in &carrying {
        out.push_str(&format!("    {name:<width$}  {k}\n"));
    }
    let idle: Vec<&str> = kills
        .iter()
        .filter(|(_, k)| *k == 0)
        .map(|(n, _)| n.as_str())
        .collect();
    if !idle.is_empty() {
        out.push_str(&format!(
            "    {} test(s) kill nothing the tests before them do not: {}\n",
            idle.len(),
            clip_list(&idle, 12)
        ));
    }
    out
}

/// `names` joined, the first `max` of them, then how many more.
fn clip_list(names: &[&str], max: usize) -> String {
    let mut text = names
        .iter()
        .take(max)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > max {
        text.push_str(&format!(" and {} more", names.len() - max));
    }
    text
}

/// Where a mutant is and what it changed: `#7 relational at a.cpp:12:9: < -> <=`.
pub fn mutant_title(run: &MutationRun, judged: &crate::mutants::Judged) -> String {
    let m = &judged.mutant;
    format!(
        "#{} {} at {}:{}:{}: `{}` -> `{}`",
        judged.number,
        m.operator.name(),
        run.original,
        m.line,
        m.column,
        m.original,
        m.replacement
    )
}

fn killable_text(run: &MutationRun) -> String {
    let mut out = String::new();
    for judged in &run.mutants {
        let Fate::Killable(found) = &judged.fate else {
            continue;
        };
        if out.is_empty() {
            out.push_str(&format!(
                "  {}\n",
                style::failure("killable: no test fails these mutants, a generated input does")
            ));
        }
        out.push_str(&format!(
            "  {}\n    {} on seed {} ({} kind){}; the missing test, shrunk:\n",
            mutant_title(run, judged),
            style::verdict(found.verdict, found.verdict.name()),
            found.seed,
            found.kind,
            if found.detail.is_empty() {
                String::new()
            } else {
                format!(": {}", found.detail.lines().next().unwrap_or(""))
            }
        ));
        out.push_str(&indent(&clip(&found.input, SHOWN_LINES)));
        out.push_str("    answer:\n");
        out.push_str(&indent(&clip(&found.answer, SHOWN_LINES)));
        out.push_str(&indent(&clip(&judged.diff, SHOWN_LINES)));
    }
    out
}

fn equivalent_text(run: &MutationRun) -> String {
    let mut out = String::new();
    for judged in &run.mutants {
        let Fate::ProbablyEquivalent { inputs } = &judged.fate else {
            continue;
        };
        if out.is_empty() {
            out.push_str(&format!(
                "  probably equivalent (nothing failed them within {}):\n",
                run.budget.describe()
            ));
        }
        out.push_str(&format!(
            "  {} ({inputs} input(s))\n",
            mutant_title(run, judged)
        ));
        out.push_str(&indent(&clip(&judged.diff, SHOWN_LINES)));
    }
    let survived: Vec<&crate::mutants::Judged> = run
        .mutants
        .iter()
        .filter(|j| matches!(j.fate, Fate::Survived))
        .collect();
    if !survived.is_empty() {
        out.push_str("  survived the tests (not stressed):\n");
        for judged in survived {
            out.push_str(&format!("  {}\n", mutant_title(run, judged)));
            out.push_str(&indent(&clip(&judged.diff, SHOWN_LINES)));
        }
    }
    out
}
