//! Every constraint of the David vs David validator, fed a violating input, and the shrinker.

use stressjudge::problem::rules::david_vs_david::DavidVsDavid;
use stressjudge::problem::rules::BuiltinProblem;

/// Validates `input` and returns the error's line and message; panics if it is accepted.
fn reject(input: &str) -> (usize, String) {
    let err = DavidVsDavid
        .validate(input)
        .expect_err(&format!("accepted {input:?}"));
    (err.line, err.message)
}

fn assert_rejects(input: &str, line: usize, needles: &[&str]) {
    let (got_line, message) = reject(input);
    assert_eq!(got_line, line, "{input:?}: {message}");
    for needle in needles {
        assert!(
            message.contains(needle),
            "{input:?}: {message:?} lacks {needle:?}"
        );
    }
}

#[test]
fn accepts_bounds_and_counts_games() {
    assert_eq!(DavidVsDavid.validate("1\n0 0 0\n"), Ok(1));
    assert_eq!(
        DavidVsDavid.validate("2\n1000000000 1000000000 12\n0 1000000000 0"),
        Ok(2)
    );
    assert_eq!(DavidVsDavid.validate("1\r\n3  4\t5\r\n\n"), Ok(1));
}

#[test]
fn rejects_bad_game_count() {
    assert_rejects("0\n", 1, &["t = 0", "below the minimum 1"]);
    assert_rejects(
        "100001\n1 1 1\n",
        1,
        &["t = 100001", "above the maximum 100000"],
    );
    assert_rejects("-1\n", 1, &["t = -1", "below the minimum 1"]);
    assert_rejects("two\n", 1, &["t = `two`", "not an integer"]);
    assert_rejects("", 1, &["unexpected end of input", "t"]);
    assert_rejects("1 2\n1 2 3\n", 1, &["expected 1 field(s) `t`", "found 2"]);
}

#[test]
fn rejects_each_field_out_of_range() {
    assert_rejects("1\n-1 0 0\n", 2, &["x = -1", "below the minimum 0"]);
    assert_rejects(
        "1\n1000000001 0 0\n",
        2,
        &["x = 1000000001", "above the maximum 1000000000"],
    );
    assert_rejects("1\n0 -1 0\n", 2, &["y = -1", "below the minimum 0"]);
    assert_rejects(
        "1\n0 1000000001 0\n",
        2,
        &["y = 1000000001", "above the maximum 1000000000"],
    );
    assert_rejects("1\n0 0 -1\n", 2, &["k = -1", "below the minimum 0"]);
    assert_rejects("1\n0 0 13\n", 2, &["k = 13", "above the maximum 12"]);
    assert_rejects("2\n0 0 0\n5 5 99\n", 3, &["k = 99", "above the maximum 12"]);
}

#[test]
fn rejects_wrong_token_counts_and_non_integers() {
    assert_rejects("1\n1 2\n", 2, &["expected 3 field(s) `x y k`", "found 2"]);
    assert_rejects(
        "1\n1 2 3 4\n",
        2,
        &["expected 3 field(s) `x y k`", "found 4"],
    );
    assert_rejects("1\n1.5 2 3\n", 2, &["x = `1.5`", "not an integer"]);
    assert_rejects("1\n1 2 +3\n", 2, &["k = `+3`", "not an integer"]);
    assert_rejects(
        "1\n1 99999999999999999999 3\n",
        2,
        &["y = `99999999999999999999`"],
    );
    assert_rejects("1\n01 2 3\n", 2, &["x = `01`", "not an integer"]);
}

#[test]
fn rejects_missing_and_extra_lines() {
    assert_rejects(
        "3\n1 2 3\n4 5 6\n",
        4,
        &["unexpected end of input", "x y k"],
    );
    assert_rejects("1\n1 2 3\n4 5 6\n", 3, &["after the end", "4 5 6"]);
    assert_rejects("2\n1 2 3\n\n4 5 6\n", 3, &["empty line"]);
    assert_rejects("1\n1 2 3\nx\n", 3, &["after the end"]);
}

#[test]
fn solve_validates_first() {
    assert!(DavidVsDavid.solve("1\n0 0 13\n").is_err());
    assert_eq!(DavidVsDavid.solve("2\n0 0 0\n1 2 0\n").unwrap(), ["2", "2"]);
    assert_eq!(DavidVsDavid.solve("2\n1 1 0\n0 0 5\n").unwrap(), ["1", "2"]);
}

#[test]
fn split_and_join_round_trip() {
    let input = "3\n1 2 3\n4  5 6\r\n7 8 9\n";
    let games = DavidVsDavid.split_games(input).unwrap();
    assert_eq!(games, ["1 2 3", "4 5 6", "7 8 9"]);
    let joined = DavidVsDavid.join_games(&games).unwrap();
    assert_eq!(joined, "3\n1 2 3\n4 5 6\n7 8 9\n");
    assert_eq!(DavidVsDavid.validate(&joined), Ok(3));
    assert_eq!(DavidVsDavid.max_games(), 100_000);
}

#[test]
fn shrink_offers_single_games_then_halves_then_smaller_numbers() {
    let variants = DavidVsDavid.shrink("3\n10 20 3\n5 6 0\n7 7 1\n");
    assert_eq!(variants[0], "1\n10 20 3\n");
    assert_eq!(variants[1], "1\n5 6 0\n");
    assert_eq!(variants[2], "1\n7 7 1\n");
    assert_eq!(variants[3], "2\n5 6 0\n7 7 1\n");
    assert_eq!(variants[4], "3\n0 20 3\n5 6 0\n7 7 1\n");
    for v in &variants {
        assert!(DavidVsDavid.validate(v).is_ok(), "{v:?}");
    }
    let single = DavidVsDavid.shrink("1\n1000000000 999999999 12\n");
    // Each number descends binary-search style: 0, then value - d for d = value/2, /4, ..., 1.
    assert_eq!(single[0], "1\n0 999999999 12\n");
    assert_eq!(single[1], "1\n500000000 999999999 12\n");
    assert_eq!(single[2], "1\n750000000 999999999 12\n");
    assert!(single.contains(&"1\n999999999 999999999 12\n".to_string()));
    assert!(single.contains(&"1\n1000000000 999999998 12\n".to_string()));
    assert_eq!(single[single.len() - 2], "1\n1000000000 999999999 0\n");
    assert_eq!(single[single.len() - 1], "1\n1000000000 999999999 11\n");
    // Both piles together, keeping their difference.
    assert!(single.contains(&"1\n1 0 12\n".to_string()));
    assert!(single.contains(&"1\n500000001 500000000 12\n".to_string()));
    assert!(single.len() < 100, "O(log) variants per number");
    assert!(DavidVsDavid.shrink("1\n0 0 0\n").is_empty());
    assert!(DavidVsDavid.shrink("not valid").is_empty());
}

#[test]
fn shrink_of_a_long_input_only_drops_games_halves_first() {
    let mut input = String::from("100\n");
    for i in 0..100 {
        input.push_str(&format!("{i} {} 1\n", i + 1));
    }
    let variants = DavidVsDavid.shrink(&input);
    // Two halves, then the first 32 games alone.
    assert_eq!(variants.len(), 2 + 32);
    assert_eq!(variants[0].lines().next(), Some("50"));
    assert_eq!(variants[2], "1\n0 1 1\n");
    assert!(variants.iter().all(|v| v.len() < input.len()));
}
