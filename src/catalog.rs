//! The one place where the built-in problems are registered.
//!
//! Each entry pairs a problem (step 1) with its generator (step 2). Nothing else in the code
//! names a built-in problem, so a problem loaded from disk joins by adding an entry here.

use std::sync::{Arc, OnceLock};

use crate::error::UsageError;
use crate::generators::{self, Generator};
use crate::problem::{self, Problem};

/// A registered problem with its generator.
#[derive(Clone)]
pub struct Entry {
    /// The problem: limits, validator, reference, checker.
    pub problem: Arc<dyn Problem>,
    /// Its seeded input generator.
    pub generator: Arc<dyn Generator>,
}

/// Every built-in problem, in a fixed order.
pub fn builtin() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        vec![
            Entry {
                problem: Arc::new(problem::david_vs_david::DavidVsDavid),
                generator: Arc::new(generators::david_vs_david::DavidVsDavidGenerator),
            },
            Entry {
                problem: Arc::new(problem::king_game::KingGame),
                generator: Arc::new(generators::king_game::KingGameGenerator),
            },
            Entry {
                problem: Arc::new(problem::game_of_stones::GameOfStones),
                generator: Arc::new(generators::game_of_stones::GameOfStonesGenerator),
            },
        ]
    })
}

/// Looks a problem up by id; the error lists the known ids.
pub fn find(id: &str) -> Result<&'static Entry, UsageError> {
    builtin()
        .iter()
        .find(|e| e.problem.id() == id)
        .ok_or_else(|| {
            let known: Vec<&str> = builtin().iter().map(|e| e.problem.id()).collect();
            UsageError::new(format!(
                "unknown problem `{id}` (known: {})",
                known.join(", ")
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_findable() {
        let ids: Vec<&str> = builtin().iter().map(|e| e.problem.id()).collect();
        assert_eq!(ids, ["david-vs-david", "king-game", "game-of-stones"]);
        assert!(find("king-game").is_ok());
        let err = find("nope").err().unwrap().to_string();
        assert!(err.contains("unknown problem `nope`") && err.contains("game-of-stones"));
    }
}
