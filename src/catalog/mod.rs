//! The problems a command can name: the built-in three, by id.
//!
//! A [`Catalog`] is a plain value: commands build one, look problems up in it, and tests can
//! build their own. This is the only place that names the built-in problems.

pub mod builtin;

use std::sync::Arc;

use crate::error::UsageError;
use crate::generators;
use crate::problem::{self, Problem};

pub use builtin::Builtin;

/// A set of problems, in a fixed order.
#[derive(Clone)]
pub struct Catalog {
    problems: Vec<Arc<dyn Problem>>,
}

/// The built-in problems, in order: David vs David, King Game, Game of Stones.
pub fn builtins() -> Vec<Arc<Builtin>> {
    vec![
        Arc::new(Builtin::new(
            Arc::new(problem::rules::david_vs_david::DavidVsDavid),
            Arc::new(generators::david_vs_david::DavidVsDavidGenerator),
        )),
        Arc::new(Builtin::new(
            Arc::new(problem::rules::king_game::KingGame),
            Arc::new(generators::king_game::KingGameGenerator),
        )),
        Arc::new(Builtin::new(
            Arc::new(problem::rules::game_of_stones::GameOfStones),
            Arc::new(generators::game_of_stones::GameOfStonesGenerator),
        )),
    ]
}

impl Catalog {
    /// The built-in problems ([`builtins`]).
    pub fn builtin() -> Catalog {
        let problems = builtins()
            .into_iter()
            .map(|b| b as Arc<dyn Problem>)
            .collect();
        Catalog { problems }
    }

    /// Every problem, in order.
    pub fn problems(&self) -> &[Arc<dyn Problem>] {
        &self.problems
    }

    /// The ids, in order.
    pub fn ids(&self) -> Vec<&str> {
        self.problems.iter().map(|p| p.info().id.as_str()).collect()
    }

    /// Looks a problem up by id; the error lists the known ids.
    pub fn find(&self, id: &str) -> Result<Arc<dyn Problem>, UsageError> {
        self.problems
            .iter()
            .find(|p| p.info().id == id)
            .cloned()
            .ok_or_else(|| {
                UsageError::new(format!(
                    "unknown problem `{id}` (known: {})",
                    self.ids().join(", ")
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_findable() {
        let catalog = Catalog::builtin();
        assert_eq!(
            catalog.ids(),
            ["david-vs-david", "king-game", "game-of-stones"]
        );
        assert!(catalog.find("king-game").is_ok());
        let err = catalog.find("nope").err().unwrap().to_string();
        assert!(err.contains("unknown problem `nope`") && err.contains("game-of-stones"));
    }
}
