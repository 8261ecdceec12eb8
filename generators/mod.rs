//! Step 2 of the pipeline: seeded test inputs by kind.
//!
//! A generator turns (kind, seed) into one input text. The same problem, kind and seed give the
//! same bytes on every machine and every later version: randomness comes only from
//! [`rng::SeededRng`] (ChaCha8 with our own sampling code), and golden tests pin the bytes.

pub mod david_vs_david;
pub mod game_of_stones;
pub mod king_game;
pub mod rng;

use std::fmt;

pub use rng::SeededRng;

/// The families of inputs a generator can make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Values small enough for the exhaustive oracle; many games per input.
    Small,
    /// Values across the full ranges.
    Random,
    /// The named edge families of the problem, mixed into each input.
    Edge,
    /// The largest inputs the constraints allow, for time-limit checks.
    Max,
}

impl Kind {
    /// Every kind, in the order stress testing cycles through them.
    pub const ALL: [Kind; 4] = [Kind::Small, Kind::Random, Kind::Edge, Kind::Max];

    /// The kind's name on the command line and in file names.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Small => "small",
            Kind::Random => "random",
            Kind::Edge => "edge",
            Kind::Max => "max",
        }
    }

    /// Parses a kind name as printed by [`Kind::name`].
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Makes the inputs of one problem.
pub trait Generator: Send + Sync {
    /// One complete, valid input of `kind` for `seed`. Deterministic.
    fn generate(&self, kind: Kind, seed: u64) -> String;
}

/// The random stream for one (problem, kind, seed) triple. Different problems and kinds with the
/// same seed get unrelated streams.
pub fn rng_for(problem_id: &str, kind: Kind, seed: u64) -> SeededRng {
    SeededRng::from_parts(&[problem_id.as_bytes(), b"/", kind.name().as_bytes()], seed)
}
