//! Generator skeleton: the real families land with issue 2.

use super::{Generator, Kind};

/// Seeded inputs for this problem.
#[derive(Debug, Default, Clone, Copy)]
pub struct GameOfStonesGenerator;

impl Generator for GameOfStonesGenerator {
    fn generate(&self, _kind: Kind, _seed: u64) -> String {
        String::new()
    }
}
