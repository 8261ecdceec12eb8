//! What a token is (an integer, a float or a word) and its simpler forms.

/// Integer tokens with at least this many digits first lose digits (halving the digit count)
/// before the value itself is binary-searched: huge magnitudes shrink in a few runs.
pub(crate) const FAST_DIGITS: usize = 4;

/// Largest value a token may have to be taken for a count (no input counts more items).
const MAX_COUNT: usize = 100_000_000;

/// Whether `token` is an integer written canonically: an optional `-`, then `0` or digits with no
/// leading zero (`007` and `-0` are words: formats that write them mean something else).
pub(crate) fn is_int(token: &str) -> bool {
    let (negative, digits) = split_sign(token);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && if digits == "0" {
            !negative
        } else {
            !digits.starts_with('0')
        }
}

/// The value of a token that could count things: a canonical non-negative integer up to
/// `MAX_COUNT`.
pub(crate) fn count_value(token: &str) -> Option<usize> {
    if !is_int(token) || token.starts_with('-') || token.len() > 9 {
        return None;
    }
    token.parse().ok().filter(|&v| v <= MAX_COUNT)
}

/// Whether `token` is a decimal fraction: digits, a point, digits, with an optional `-`.
pub(crate) fn is_float(token: &str) -> bool {
    let (_, body) = split_sign(token);
    match body.split_once('.') {
        Some((whole, fraction)) => {
            !whole.is_empty()
                && !fraction.is_empty()
                && whole.bytes().all(|b| b.is_ascii_digit())
                && fraction.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// Whether `token` is neither an integer nor a float: a string to shorten character by character.
pub(crate) fn is_word(token: &str) -> bool {
    !is_int(token) && !is_float(token)
}

/// Splits off a leading `-`: (negative, the rest).
pub(crate) fn split_sign(token: &str) -> (bool, &str) {
    match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token),
    }
}

/// The simplest character of `c`'s class: `a` for lowercase letters, `A` for uppercase, `0` for
/// digits; any other character stands for itself (`#` and `.` in a grid mean different things).
pub(crate) fn simplest_char(c: char) -> char {
    match c {
        'a'..='z' => 'a',
        'A'..='Z' => 'A',
        '0'..='9' => '0',
        other => other,
    }
}

/// Simpler forms of a float token, simplest first: `0`, its integer part, zero and the integer
/// part with the same number of decimals (for formats that insist on them), then half the
/// decimals. Never the token itself, never twice the same.
pub(crate) fn simpler_floats(token: &str) -> Vec<String> {
    let (negative, body) = split_sign(token);
    let Some((whole, fraction)) = body.split_once('.') else {
        return Vec::new();
    };
    let sign = if negative { "-" } else { "" };
    let zeros = "0".repeat(fraction.len());
    let whole_signed = if whole.bytes().all(|b| b == b'0') {
        "0".to_string()
    } else {
        format!("{sign}{whole}")
    };
    let mut out = vec![
        "0".to_string(),
        whole_signed.clone(),
        format!("0.{zeros}"),
        format!("{whole_signed}.{zeros}"),
    ];
    if fraction.len() >= 2 {
        out.push(format!("{sign}{whole}.{}", &fraction[..fraction.len() / 2]));
    }
    let mut unique: Vec<String> = Vec::new();
    for candidate in out {
        if candidate != token && !unique.contains(&candidate) {
            unique.push(candidate);
        }
    }
    unique
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_tokens() {
        for int in [
            "0",
            "7",
            "-7",
            "1000000000000000000000000000000000000000001",
        ] {
            assert!(is_int(int), "{int}");
        }
        for word in ["", "-", "-0", "007", "1e9", "+5", "abc", "1.5.2"] {
            assert!(!is_int(word), "{word}");
        }
        assert!(is_float("3.25") && is_float("-0.5") && !is_float("3.") && !is_float(".5"));
        assert!(is_word("ab") && is_word("007") && !is_word("3.5") && !is_word("-3"));
    }

    #[test]
    fn counts_are_small_non_negative_integers() {
        assert_eq!(count_value("12"), Some(12));
        assert_eq!(count_value("-1"), None);
        assert_eq!(count_value("1000000000"), None);
        assert_eq!(count_value("012"), None);
    }

    #[test]
    fn simpler_floats_come_simplest_first_without_duplicates() {
        assert_eq!(
            simpler_floats("-3.1416"),
            ["0", "-3", "0.0000", "-3.0000", "-3.14"]
        );
        assert_eq!(simpler_floats("0.5"), ["0", "0.0"]);
        assert!(simpler_floats("0").is_empty());
    }

    #[test]
    fn simplest_chars_keep_the_class() {
        assert_eq!(
            "xZ9#.".chars().map(simplest_char).collect::<String>(),
            "aA0#."
        );
    }
}
