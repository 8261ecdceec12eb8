//! King Game: statement in `shared/problems/king-game.md`. (Skeleton: the reference lands with issue 2.)

use std::time::Duration;

use super::{InputError, Limits, Problem, Sample};

/// The King Game problem.
#[derive(Debug, Default, Clone, Copy)]
pub struct KingGame;

impl Problem for KingGame {
    fn id(&self) -> &'static str {
        "king-game"
    }

    fn title(&self) -> &'static str {
        "King Game"
    }

    fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_secs(2),
            memory_bytes: 256 << 20,
        }
    }

    fn samples(&self) -> Vec<Sample> {
        Vec::new()
    }

    fn validate(&self, _input: &str) -> Result<usize, InputError> {
        Err(InputError::new(1, "not implemented yet"))
    }

    fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
        self.validate(input).map(|_| Vec::new())
    }

    fn shrink(&self, _input: &str) -> Vec<String> {
        Vec::new()
    }
}
