//! The readable part of a wrong answer: the differing game's input line and a short diff of the
//! answers around the first difference.

use similar::{ChangeTag, TextDiff};

use crate::problem::{Answer, Mismatch, Problem};

/// Answers shown before the first difference in the diff.
const CONTEXT_BEFORE: usize = 2;
/// Answers shown from the first difference on.
const CONTEXT_AFTER: usize = 3;
/// Longest token or input line printed in full.
const MAX_SHOWN: usize = 120;

/// Lines explaining `mismatch`: the game's input line (from [`Problem::game_line`]) and a diff
/// of the expected answer tokens against the output's tokens around the difference. A
/// mismatch a checker explained in its own words, with no game index, has no such lines. Output
/// that is not UTF-8 is decoded lossily.
pub(crate) fn explain(
    problem: &dyn Problem,
    input: &str,
    expected: &Answer,
    output: &[u8],
    mismatch: &Mismatch,
) -> Vec<String> {
    let Some(game) = mismatch.game() else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    if let Some(line) = problem.game_line(input, game) {
        lines.push(format!("game {game} input: {}", clip(&line)));
    }
    lines.extend(neighbourhood_diff(expected, output, game));
    lines
}

/// A diff of expected answers (`-`) against output tokens (`+`) for the answers around 1-based
/// `game`, one per line, each numbered by its answer index.
fn neighbourhood_diff(expected: &Answer, output: &[u8], game: usize) -> Vec<String> {
    let first = game.saturating_sub(1 + CONTEXT_BEFORE);
    let end = game - 1 + CONTEXT_AFTER;
    let text = String::from_utf8_lossy(output);
    let actual: Vec<String> = text
        .split_ascii_whitespace()
        .skip(first)
        .take(end - first)
        .map(clip)
        .collect();
    let wanted: Vec<String> = expected
        .tokens()
        .skip(first)
        .take(end - first)
        .map(clip)
        .collect();
    let old: Vec<&str> = wanted.iter().map(String::as_str).collect();
    let new: Vec<&str> = actual.iter().map(String::as_str).collect();
    let diff = TextDiff::from_slices(&old, &new);
    let mut lines = vec![format!(
        "answers {}..{}, expected (-) vs output (+):",
        first + 1,
        first + old.len().max(new.len())
    )];
    for change in diff.iter_all_changes() {
        let (sign, index) = match change.tag() {
            ChangeTag::Equal => (' ', change.old_index()),
            ChangeTag::Delete => ('-', change.old_index()),
            ChangeTag::Insert => ('+', change.new_index()),
        };
        let number = index.map_or(0, |i| i + first + 1);
        lines.push(format!("  {sign} {number:>6}  {}", change.value()));
    }
    if new.is_empty() && first > 0 {
        lines.push("  (the output ends before these answers)".to_string());
    }
    lines
}

fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_SHOWN {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(MAX_SHOWN).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(list: &[&str]) -> Answer {
        Answer::new(list.join("\n"))
    }

    #[test]
    fn diff_shows_neighbourhood_with_numbers() {
        let want = answers(&["1", "2", "3", "4", "5", "6", "7", "8"]);
        let lines = neighbourhood_diff(&want, b"1 2 3 4 9 6 7 8", 5);
        assert_eq!(lines[0], "answers 3..7, expected (-) vs output (+):");
        assert!(lines.contains(&"  -      5  5".to_string()), "{lines:?}");
        assert!(lines.contains(&"  +      5  9".to_string()), "{lines:?}");
        assert!(lines.contains(&"         3  3".to_string()), "{lines:?}");
        assert!(!lines.iter().any(|l| l.ends_with("  1")), "{lines:?}");
    }

    #[test]
    fn diff_of_short_output_lists_missing_answers() {
        let want = answers(&["1", "2", "3"]);
        let lines = neighbourhood_diff(&want, b"1", 2);
        assert_eq!(lines[0], "answers 1..3, expected (-) vs output (+):");
        assert!(lines.contains(&"  -      2  2".to_string()), "{lines:?}");
        assert!(lines.contains(&"  -      3  3".to_string()), "{lines:?}");
    }
}
