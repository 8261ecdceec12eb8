//! Every constraint of the Game of Stones validator, fed a violating input, and the shrinker.

use stressjudge::problem::rules::game_of_stones::{render, GameOfStones};
use stressjudge::problem::rules::BuiltinProblem;

fn assert_rejects(input: &str, line: usize, needles: &[&str]) {
    let err = GameOfStones
        .validate(input)
        .expect_err(&format!("accepted {input:?}"));
    assert_eq!(err.line, line, "{input:?}: {err}");
    for needle in needles {
        assert!(
            err.message.contains(needle),
            "{input:?}: {err} lacks {needle:?}"
        );
    }
}

#[test]
fn accepts_bounds() {
    assert_eq!(GameOfStones.validate("1 1 1\n0\n"), Ok(1));
    assert_eq!(GameOfStones.validate("2 100000 100000\n1000000 0"), Ok(1));
    assert_eq!(GameOfStones.validate("3 5 6\r\n1  2\t3\r\n\r\n"), Ok(1));
    let big = render(7, 8, &vec![1_000_000; 100_000]);
    assert_eq!(GameOfStones.validate(&big), Ok(1));
}

#[test]
fn rejects_header_fields_out_of_range() {
    assert_rejects("0 1 1\n\n", 1, &["n = 0", "below the minimum 1"]);
    assert_rejects(
        "100001 1 1\n1\n",
        1,
        &["n = 100001", "above the maximum 100000"],
    );
    assert_rejects("1 0 1\n1\n", 1, &["A = 0", "below the minimum 1"]);
    assert_rejects(
        "1 100001 1\n1\n",
        1,
        &["A = 100001", "above the maximum 100000"],
    );
    assert_rejects("1 1 0\n1\n", 1, &["B = 0", "below the minimum 1"]);
    assert_rejects(
        "1 1 100001\n1\n",
        1,
        &["B = 100001", "above the maximum 100000"],
    );
}

#[test]
fn rejects_piles_out_of_range() {
    assert_rejects(
        "2 1 1\n0 -1\n",
        2,
        &["X[2]", "X = -1", "below the minimum 0"],
    );
    assert_rejects(
        "2 1 1\n1000001 0\n",
        2,
        &["X[1]", "X = 1000001", "above the maximum 1000000"],
    );
}

#[test]
fn rejects_token_counts_and_non_integers() {
    assert_rejects("1 2\n1\n", 1, &["expected 3 field(s) `n A B`", "found 2"]);
    assert_rejects(
        "1 2 3 4\n1\n",
        1,
        &["expected 3 field(s) `n A B`", "found 4"],
    );
    assert_rejects("3 1 1\n1 2\n", 2, &["expected 3 value(s) of X, found 2"]);
    assert_rejects("2 1 1\n1 2 3\n", 2, &["expected 2 value(s) of X, found 3"]);
    assert_rejects("1 x 1\n1\n", 1, &["A = `x`", "not an integer"]);
    assert_rejects("1 1 1\n2.0\n", 2, &["X = `2.0`", "not an integer"]);
    assert_rejects("1 1 1\n007\n", 2, &["X = `007`", "not an integer"]);
}

#[test]
fn rejects_missing_and_extra_lines() {
    assert_rejects("", 1, &["unexpected end of input", "n A B"]);
    assert_rejects(
        "2 1 1\n",
        2,
        &["unexpected end of input", "2 value(s) of X"],
    );
    assert_rejects("1 1 1\n\n5\n", 2, &["empty line"]);
    assert_rejects("1 1 1\n5\n6\n", 3, &["after the end", "6"]);
}

#[test]
fn solve_validates_first_and_answers_one_token() {
    assert!(GameOfStones.solve("1 0 1\n1\n").is_err());
    assert_eq!(GameOfStones.solve("1 1 1\n0\n").unwrap(), ["Varys"]);
    assert_eq!(GameOfStones.solve("1 1 1\n1\n").unwrap(), ["Petyr"]);
    assert_eq!(GameOfStones.max_games(), 1);
    assert_eq!(GameOfStones.split_games("1 1 1\n1\n"), None);
}

#[test]
fn shrink_drops_piles_then_lowers_numbers() {
    let variants = GameOfStones.shrink("3 4 2\n5 0 7\n");
    assert_eq!(
        variants[..3],
        ["2 4 2\n0 7\n", "2 4 2\n5 7\n", "2 4 2\n5 0\n"]
    );
    assert_eq!(variants[3], "3 4 2\n2 0 3\n");
    assert_eq!(variants[4], "3 4 2\n4 0 6\n");
    assert!(variants.contains(&"3 4 2\n0 0 7\n".to_string()));
    assert!(variants.contains(&"3 1 2\n5 0 7\n".to_string()));
    assert!(variants.contains(&"3 4 1\n5 0 7\n".to_string()));
    assert!(variants.contains(&"3 3 2\n5 0 7\n".to_string()));
    assert!(!variants.contains(&"3 4 2\n5 0 7\n".to_string()));
    for v in &variants {
        assert!(GameOfStones.validate(v).is_ok(), "{v:?}");
    }
    assert!(GameOfStones.shrink("1 1 1\n0\n").is_empty());
    assert!(GameOfStones.shrink("garbage").is_empty());
}

#[test]
fn shrink_of_many_piles_halves_the_list() {
    let input = render(3, 5, &(0..1000).collect::<Vec<u64>>());
    let variants = GameOfStones.shrink(&input);
    assert_eq!(variants[0], render(3, 5, &(0..500).collect::<Vec<u64>>()));
    assert_eq!(
        variants[1],
        render(3, 5, &(500..1000).collect::<Vec<u64>>())
    );
    assert!(variants.len() < 12, "{}", variants.len());
}
