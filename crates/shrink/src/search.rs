//! The state of one shrink: the smallest failing input so far, and the predicate behind a budget
//! and a memo (each call starts processes, so no text is ever asked about twice).

use super::doc::{Doc, Edit};
use super::format::Format;
use super::Budget;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::Instant;

/// The current input and the budgeted, memoised predicate.
pub(crate) struct Search<F> {
    /// The smallest failing input found so far.
    pub doc: Doc,
    /// Predicate calls made.
    pub runs: usize,
    /// Variants accepted.
    pub steps: usize,
    still_fails: F,
    max_runs: usize,
    deadline: Option<Instant>,
    tried: HashSet<u64>,
    guard: Format,
}

/// A content hash of a candidate text (SipHash with fixed keys: the same on every run).
fn fingerprint(text: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

impl<F: FnMut(&str) -> bool> Search<F> {
    /// Starts from `input`, which fails; neither it nor its normalised form is ever asked about.
    #[cfg(test)]
    pub fn new(input: &str, budget: &Budget, still_fails: F) -> Self {
        Search::guarded(input, budget, Format::anything(), still_fails)
    }

    /// [`Search::new`] where a variant `guard` rejects is never asked about (nor counted as a
    /// run): it breaks an invariant of the generator's inputs.
    pub fn guarded(input: &str, budget: &Budget, guard: Format, still_fails: F) -> Self {
        let doc = Doc::parse(input);
        let tried = [fingerprint(input), fingerprint(&doc.render())]
            .into_iter()
            .collect();
        Search {
            doc,
            runs: 0,
            steps: 0,
            still_fails,
            max_runs: budget.max_runs,
            deadline: budget.deadline,
            tried,
            guard,
        }
    }

    /// Whether the budget allows no further call.
    pub fn exhausted(&self) -> bool {
        self.runs >= self.max_runs || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Tries the current input with `edit` applied: `Some(true)` when it still fails (it becomes
    /// the current input), `Some(false)` when it does not or was tried before, `None` when the
    /// budget is spent (the predicate is not called).
    pub fn attempt(&mut self, edit: &Edit) -> Option<bool> {
        if self.exhausted() {
            return None;
        }
        let candidate = self.doc.apply(edit);
        self.attempt_doc(candidate)
    }

    /// The format that guards every candidate.
    pub fn guard(&self) -> &Format {
        &self.guard
    }

    /// [`Search::attempt`] of a whole new document (a reshaped input).
    pub fn attempt_doc(&mut self, candidate: Doc) -> Option<bool> {
        if self.exhausted() {
            return None;
        }
        let text = candidate.render();
        if !self.tried.insert(fingerprint(&text)) || !self.guard.accepts(&text) {
            return Some(false);
        }
        self.runs += 1;
        let fails = (self.still_fails)(&text);
        if fails {
            self.steps += 1;
            self.doc = candidate;
        }
        Some(fails)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn budget(max_runs: usize) -> Budget {
        Budget {
            max_runs,
            deadline: None,
        }
    }

    fn set(text: &str) -> Edit {
        Edit::set_all(&[(0, 0)], text)
    }

    #[test]
    fn never_asks_twice_nor_about_the_original() {
        let mut asked = Vec::new();
        let mut search = Search::new("9  \n", &budget(10), |s: &str| {
            asked.push(s.to_string());
            false
        });
        assert_eq!(search.attempt(&set("9")), Some(false));
        assert_eq!(search.attempt(&set("5")), Some(false));
        assert_eq!(search.attempt(&set("5")), Some(false));
        assert_eq!(search.runs, 1);
        drop(search);
        assert_eq!(asked, ["5\n"]);
    }

    #[test]
    fn accepted_variants_become_the_input() {
        let mut search = Search::new("9\n", &budget(10), |s: &str| s != "0\n");
        assert_eq!(search.attempt(&set("0")), Some(false));
        assert_eq!(search.attempt(&set("4")), Some(true));
        assert_eq!(search.doc.render(), "4\n");
        assert_eq!((search.runs, search.steps), (2, 1));
    }

    #[test]
    fn a_guard_rejects_variants_without_running_them() {
        let samples: Vec<String> = (1..=30).map(|v| format!("{v}\n")).collect();
        let guard = Format::learn(&samples);
        let mut asked = Vec::new();
        let mut search = Search::guarded("9\n", &budget(10), guard, |s: &str| {
            asked.push(s.to_string());
            true
        });
        assert_eq!(
            search.attempt(&set("0")),
            Some(false),
            "below the smallest seen"
        );
        assert_eq!(search.attempt(&set("x")), Some(false), "not an integer");
        assert_eq!(search.attempt(&set("1")), Some(true));
        assert_eq!((search.runs, search.steps), (1, 1));
        drop(search);
        assert_eq!(asked, ["1\n"]);
    }

    #[test]
    fn stops_at_the_run_budget_and_at_the_deadline() {
        let mut search = Search::new("9\n", &budget(1), |_: &str| false);
        assert_eq!(search.attempt(&set("1")), Some(false));
        assert_eq!(search.attempt(&set("2")), None);
        assert_eq!(search.runs, 1);
        let past = Budget {
            max_runs: 100,
            deadline: Some(Instant::now() - Duration::from_millis(1)),
        };
        let mut late = Search::new("9\n", &past, |_: &str| true);
        assert_eq!(late.attempt(&set("1")), None);
        assert_eq!(late.runs, 0);
    }
}
