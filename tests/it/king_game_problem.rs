//! King Game problem plumbing: the official sample, the statement's facts, and one test per
//! validator constraint checking the exact line and message.

use stressjudge::problem::rules::king_game::{is_p_position, KingGame};
use stressjudge::problem::rules::BuiltinProblem;

fn error(input: &str) -> String {
    KingGame
        .validate(input)
        .expect_err("input must be rejected")
        .to_string()
}

#[test]
fn official_sample_through_solve() {
    let samples = KingGame.samples();
    assert_eq!(samples.len(), 1);
    let answers = KingGame.solve(samples[0].input).unwrap();
    let want: Vec<&str> = samples[0].answer.split_whitespace().collect();
    assert_eq!(answers, want);
    assert_eq!(answers, ["1", "2", "2", "0", "0"]);
    assert_eq!(KingGame.validate(samples[0].input), Ok(5));
}

#[test]
fn statement_facts() {
    assert!(!is_p_position((1, 2), (2, 1)));
    assert!(is_p_position((1, 1), (2, 1)));
    // Both (1,2) -> (1,1) and (2,1) -> (1,1) reach a P-position.
    assert_eq!(KingGame.solve("1\n1 2 2 1\n").unwrap(), ["2"]);
    // A P-position has no winning move.
    assert_eq!(KingGame.solve("2\n1 1 2 1\n2 1 1 1\n").unwrap(), ["0", "0"]);
}

#[test]
fn identity_and_limits() {
    assert_eq!(KingGame.id(), "king-game");
    assert_eq!(KingGame.title(), "King Game");
    assert_eq!(KingGame.limits().time.as_secs(), 2);
    assert_eq!(KingGame.limits().memory_bytes, 256 << 20);
    assert_eq!(KingGame.max_games(), 100_000);
}

#[test]
fn t_below_one() {
    assert_eq!(error("0\n"), "line 1: field t = 0 is below the minimum 1");
}

#[test]
fn t_above_limit() {
    assert_eq!(
        error("100001\n1 1 1 2\n"),
        "line 1: field t = 100001 is above the maximum 100000"
    );
}

#[test]
fn coordinate_zero() {
    assert_eq!(
        error("2\n1 1 1 2\n1 0 1 2\n"),
        "line 3: field y1 = 0 is below the minimum 1"
    );
}

#[test]
fn coordinate_above_board() {
    assert_eq!(
        error("1\n1 1 301 2\n"),
        "line 2: field x2 = 301 is above the maximum 300"
    );
}

#[test]
fn same_square() {
    assert_eq!(
        error("3\n1 1 1 2\n4 4 3 3\n3 5 3 5\n"),
        "line 4: the two pieces stand on the same square (3, 5)"
    );
}

#[test]
fn too_few_tokens() {
    assert_eq!(
        error("1\n1 1 1\n"),
        "line 2: expected 4 field(s) `x1 y1 x2 y2`, found 3 token(s)"
    );
}

#[test]
fn too_many_tokens() {
    assert_eq!(
        error("1\n1 1 1 2 3\n"),
        "line 2: expected 4 field(s) `x1 y1 x2 y2`, found 5 token(s)"
    );
    assert_eq!(
        error("1 2\n1 1 1 2\n"),
        "line 1: expected 1 field(s) `t`, found 2 token(s)"
    );
}

#[test]
fn fewer_lines_than_t() {
    assert_eq!(
        error("3\n1 1 1 2\n2 2 1 1\n"),
        "line 4: unexpected end of input, expected x1 y1 x2 y2"
    );
}

#[test]
fn extra_line_after_the_end() {
    assert_eq!(
        error("1\n1 1 1 2\n2 2 1 1\n"),
        "line 3: unexpected text after the end of the input: `2 2 1 1`"
    );
}

#[test]
fn non_integer() {
    assert_eq!(
        error("1\n1 1 x 2\n"),
        "line 2: field x2 = `x` is not an integer in 1..=300"
    );
    assert_eq!(
        error("1.0\n1 1 1 2\n"),
        "line 1: field t = `1.0` is not an integer in 1..=100000"
    );
}

#[test]
fn tolerated_layout() {
    assert_eq!(KingGame.validate("1\r\n1  1\t1 2\r\n\n"), Ok(1));
}

#[test]
fn split_and_join_round_trip() {
    let input = "2\n1 2  3 4\n3 1 4 2\n";
    let games = KingGame.split_games(input).unwrap();
    assert_eq!(games, ["1 2 3 4", "3 1 4 2"]);
    assert_eq!(
        KingGame.join_games(&games).unwrap(),
        "2\n1 2 3 4\n3 1 4 2\n"
    );
}
