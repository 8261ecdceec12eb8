//! What a checker decides, and the built-in problems' checker: answers compared token by token.
//!
//! Whitespace and line endings do not matter, tokens are case-sensitive, and a missing or extra
//! token is wrong. A mismatch names the game (1-based answer index) that differs first, so the
//! report can point at that game's input line. Checkers of other problems (testlib checkers,
//! Kattis output validators, the Kattis default validator) report a [`Mismatch`] with their own
//! message instead.

use std::borrow::Cow;

/// What the checker decided about one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckResult {
    /// Every expected token is present, in order, and nothing else.
    Accepted,
    /// The first difference found.
    WrongAnswer(Mismatch),
    /// Accepted, with the score a Kattis output validator wrote (scoring problems).
    Scored(ValidatorScore),
    /// Accepted with the points a testlib checker gave (`quitp(points, ...)` or
    /// `quitf(_points, ...)`, exit 7), and its message after the points.
    Points(CheckerPoints),
}

/// The points a testlib checker gave an output and what it said. The points are finite
/// (checked when read), so equality is exact.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckerPoints {
    /// The points, as the checker printed them.
    pub points: f64,
    /// The rest of its message.
    pub message: String,
}

impl Eq for CheckerPoints {}

/// A score a Kattis output validator wrote for an accepted output (problem package format,
/// "Scoring test cases"): `score.txt` is the test's score, `score_multiplier.txt` (2025-09) a
/// fraction of the test's maximum. Values are finite (checked when read), so equality is exact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ValidatorScore {
    /// `score.txt`.
    Score(f64),
    /// `score_multiplier.txt`, in [0, 1].
    Multiplier(f64),
}

impl Eq for ValidatorScore {}

/// Why an output is wrong: the first difference found, or a checker's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// 1-based index of the game (answer) that differs first, when the checker knows it.
    pub game: usize,
    /// The expected token, or `None` when the output has an extra token there.
    pub expected: Option<String>,
    /// The candidate's token, or `None` when the output ended early.
    pub actual: Option<String>,
    /// A checker's own one-line explanation; when present it is the description.
    pub message: Option<String>,
}

impl Mismatch {
    /// A mismatch explained only by a checker's message (no game index known).
    pub fn message(message: impl Into<String>) -> Self {
        Mismatch {
            game: 0,
            expected: None,
            actual: None,
            message: Some(message.into()),
        }
    }

    /// The 1-based game that differs, when known.
    pub fn game(&self) -> Option<usize> {
        (self.game > 0).then_some(self.game)
    }

    /// One-line description, e.g. `game 3: expected `1`, found `2``.
    pub fn describe(&self) -> String {
        if let Some(message) = &self.message {
            return message.clone();
        }
        match (&self.expected, &self.actual) {
            (Some(e), Some(a)) => format!("game {}: expected `{e}`, found `{a}`", self.game),
            (Some(e), None) => format!("game {}: expected `{e}`, but the output ended", self.game),
            (None, Some(a)) => format!(
                "extra output after the last answer: `{a}` (token {})",
                self.game
            ),
            (None, None) => format!("game {}: no difference", self.game),
        }
    }
}

/// Compares expected answer tokens with a candidate's raw output.
///
/// Non-UTF-8 output is compared after lossy decoding, so the report stays readable.
pub fn compare_tokens<'a>(
    expected: impl IntoIterator<Item = &'a str>,
    output: &[u8],
) -> CheckResult {
    let text: Cow<str> = String::from_utf8_lossy(output);
    let mut actual = text.split_ascii_whitespace();
    let mut count = 0;
    for (i, want) in expected.into_iter().enumerate() {
        count = i + 1;
        match actual.next() {
            Some(got) if got == want => {}
            got => {
                return CheckResult::WrongAnswer(Mismatch {
                    game: i + 1,
                    expected: Some(want.to_string()),
                    actual: got.map(clip_token),
                    message: None,
                })
            }
        }
    }
    match actual.next() {
        None => CheckResult::Accepted,
        Some(extra) => CheckResult::WrongAnswer(Mismatch {
            game: count + 1,
            expected: None,
            actual: Some(clip_token(extra)),
            message: None,
        }),
    }
}

fn clip_token(token: &str) -> String {
    const MAX: usize = 64;
    if token.chars().count() <= MAX {
        token.to_string()
    } else {
        format!("{}...", token.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers<'a>(list: &'a [&'a str]) -> impl Iterator<Item = &'a str> + Clone {
        list.iter().copied()
    }

    #[test]
    fn whitespace_and_line_endings_do_not_matter() {
        let want = answers(&["1", "2"]);
        assert_eq!(
            compare_tokens(want.clone(), b"1\r\n  2 \r\n\n"),
            CheckResult::Accepted
        );
        assert_eq!(compare_tokens(want.clone(), b"1 2"), CheckResult::Accepted);
    }

    #[test]
    fn names_first_difference_missing_and_extra() {
        let want = answers(&["Petyr"]);
        let CheckResult::WrongAnswer(m) = compare_tokens(want.clone(), b"petyr\n") else {
            panic!("case must matter")
        };
        assert_eq!((m.game, m.actual.as_deref()), (1, Some("petyr")));
        let CheckResult::WrongAnswer(m) = compare_tokens(want.clone(), b"") else {
            panic!("missing token")
        };
        assert_eq!(m.actual, None);
        let CheckResult::WrongAnswer(m) = compare_tokens(want.clone(), b"Petyr Varys") else {
            panic!("extra token")
        };
        assert_eq!((m.game, m.expected.clone()), (2, None));
        assert!(m.describe().contains("extra output"));
    }

    #[test]
    fn non_utf8_output_is_readable() {
        let want = answers(&["1"]);
        let CheckResult::WrongAnswer(m) = compare_tokens(want.clone(), &[0xff, 0xfe]) else {
            panic!("garbage is wrong")
        };
        assert!(m.actual.unwrap().contains('\u{fffd}'));
    }
}
