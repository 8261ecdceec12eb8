//! Game of Stones: statement in `shared/problems/game-of-stones.md`. (Skeleton: the reference lands with issue 2.)

use std::time::Duration;

use super::{InputError, Limits, Problem, Sample};

/// The Game of Stones problem.
#[derive(Debug, Default, Clone, Copy)]
pub struct GameOfStones;

impl Problem for GameOfStones {
    fn id(&self) -> &'static str {
        "game-of-stones"
    }

    fn title(&self) -> &'static str {
        "Game of Stones"
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
