//! King Game: statement in `shared/problems/king-game.md`.
//!
//! Two pieces on a 300 x 300 board; a move takes one piece to any other unoccupied square of the
//! rectangle `[1..x] x [1..y]` below it. Each game's answer is the number of winning moves. The
//! reference is the certified P-position table of [`table`]; this module holds the validator,
//! the per-game plumbing and the shrinker.

pub mod table;

use std::time::Duration;

use crate::problem::rules::reader::{Field, Reader};
use crate::problem::rules::{BuiltinProblem, Sample};
use crate::problem::{join_counted_lines, split_counted_lines, InputError, Limits};
pub use table::{is_p_position, p_partners, winning_moves, Square, BOARD};

/// The statement's bound on the number of games.
pub const MAX_GAMES: usize = 100_000;

/// Single-game variants the shrinker offers before halving (bounded so that a failure needing
/// many games, such as a time limit, reaches the halving variants quickly).
const SHRINK_SINGLE_GAMES: usize = 32;

/// Coordinate reductions are offered only for inputs this small; larger ones shrink by halving
/// first (each variant is a whole input, so per-game variants of a big input would be huge).
const SHRINK_COORDINATES_UP_TO: usize = 16;

const SAMPLE_INPUT: &str = "5\n1 2 3 4\n3 1 4 2\n6 6 2 2\n3 2 2 3\n1 12 3 9\n";
const SAMPLE_ANSWER: &str = "1\n2\n2\n0\n0\n";

/// The King Game problem.
#[derive(Debug, Default, Clone, Copy)]
pub struct KingGame;

/// One game: the two pieces' squares.
pub type Game = (Square, Square);

/// Parses and validates a whole input into its games.
pub fn parse(input: &str) -> Result<Vec<Game>, InputError> {
    let mut reader = Reader::new(input);
    let t = reader.fields(&[Field::new("t", 1, MAX_GAMES as i64)])?[0] as usize;
    let bound = i64::from(BOARD);
    let fields = [
        Field::new("x1", 1, bound),
        Field::new("y1", 1, bound),
        Field::new("x2", 1, bound),
        Field::new("y2", 1, bound),
    ];
    let mut games = Vec::with_capacity(t);
    for _ in 0..t {
        let line = reader.line_number();
        let v = reader.fields(&fields)?;
        let a = (v[0] as u16, v[1] as u16);
        let b = (v[2] as u16, v[3] as u16);
        if a == b {
            return Err(InputError::new(
                line,
                format!("the two pieces stand on the same square ({}, {})", a.0, a.1),
            ));
        }
        games.push((a, b));
    }
    reader.finish()?;
    Ok(games)
}

fn game_line(g: &Game) -> String {
    format!("{} {} {} {}", g.0 .0, g.0 .1, g.1 .0, g.1 .1)
}

/// Smaller values for one coordinate, most aggressive first (see `smaller_values`).
fn smaller(v: u16) -> Vec<u16> {
    crate::problem::smaller_values(u64::from(v), 1)
        .into_iter()
        .map(|c| c as u16)
        .collect()
}

/// Each coordinate reduction of one game that keeps the squares distinct.
fn reduced_games(game: &Game) -> Vec<Game> {
    let mut out = Vec::new();
    let (a, b) = *game;
    for piece in 0..2 {
        for axis in 0..2 {
            let coords = [a.0, a.1, b.0, b.1];
            for c in smaller(coords[piece * 2 + axis]) {
                let mut v = coords;
                v[piece * 2 + axis] = c;
                let (na, nb) = ((v[0], v[1]), (v[2], v[3]));
                if na != nb {
                    out.push((na, nb));
                }
            }
        }
    }
    out
}

impl BuiltinProblem for KingGame {
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
        vec![Sample {
            input: SAMPLE_INPUT,
            answer: SAMPLE_ANSWER,
        }]
    }

    fn validate(&self, input: &str) -> Result<usize, InputError> {
        parse(input).map(|games| games.len())
    }

    fn solve(&self, input: &str) -> Result<Vec<String>, InputError> {
        let games = parse(input)?;
        Ok(games
            .iter()
            .map(|&(a, b)| winning_moves(a, b).to_string())
            .collect())
    }

    fn max_games(&self) -> usize {
        MAX_GAMES
    }

    fn split_games(&self, input: &str) -> Option<Vec<String>> {
        Some(split_counted_lines(input))
    }

    fn join_games(&self, games: &[String]) -> Option<String> {
        Some(join_counted_lines(games))
    }

    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(games) = parse(input) else {
            return Vec::new();
        };
        let lines: Vec<String> = games.iter().map(game_line).collect();
        let mut out = Vec::new();
        if lines.len() > 1 {
            for line in lines.iter().take(SHRINK_SINGLE_GAMES) {
                out.push(join_counted_lines(std::slice::from_ref(line)));
            }
            if lines.len() > 2 {
                let mid = lines.len() / 2;
                out.push(join_counted_lines(&lines[..mid]));
                out.push(join_counted_lines(&lines[mid..]));
            }
        }
        if lines.len() <= SHRINK_COORDINATES_UP_TO {
            for (i, game) in games.iter().enumerate() {
                for smaller_game in reduced_games(game) {
                    let mut variant = lines.clone();
                    variant[i] = game_line(&smaller_game);
                    out.push(join_counted_lines(&variant));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_orders_singles_halves_then_coordinates() {
        let input = "3\n1 2 3 4\n3 1 4 2\n6 6 2 2\n";
        let v = KingGame.shrink(input);
        assert_eq!(v[0], "1\n1 2 3 4\n");
        assert_eq!(v[2], "1\n6 6 2 2\n");
        assert_eq!(v[3], "1\n1 2 3 4\n");
        assert_eq!(v[4], "2\n3 1 4 2\n6 6 2 2\n");
        assert_eq!(v[5], "3\n1 1 3 4\n3 1 4 2\n6 6 2 2\n");
        assert!(v.iter().all(|s| KingGame.validate(s).is_ok()));
        assert!(!v.iter().any(|s| s == input));
    }

    #[test]
    fn shrink_skips_equal_squares() {
        let v = KingGame.shrink("1\n2 1 1 1\n");
        assert_eq!(v, Vec::<String>::new());
        let v = KingGame.shrink("1\n1 1 2 2\n");
        assert_eq!(v, vec!["1\n1 1 1 2\n", "1\n1 1 2 1\n"]);
    }
}
