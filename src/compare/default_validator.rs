//! The Kattis default output validator: a token-by-token comparison of a candidate's output with
//! the answer file, with the flags problem setters use (`case_sensitive`,
//! `space_change_sensitive`, `float_tolerance E`, `float_relative_tolerance E`,
//! `float_absolute_tolerance E`).
//!
//! # Semantics
//!
//! These follow problemtools' `default_validator` and the problem package format's
//! "Default output validator specification" (legacy and 2023-07 / 2025-09 versions):
//!
//! - **Tokens.** Both files are split into tokens on runs of the six ASCII whitespace bytes
//!   (space, `\t`, `\n`, `\v`, `\f`, `\r`); bytes are compared as bytes (no encoding is assumed).
//!   The output must have exactly the answer's number of tokens: fewer is "output ended early",
//!   more is "extra output".
//! - **Whitespace.** By default whitespace only separates tokens: leading and trailing
//!   whitespace, blank lines, `\r\n` line ends and runs of spaces are all accepted. With
//!   `space_change_sensitive`, every whitespace run of the output (including the leading and the
//!   trailing one, so a missing final newline) must equal the answer's byte for byte.
//! - **Case.** By default tokens compare equal up to ASCII case (`A`-`Z` = `a`-`z`, as C's
//!   `strcasecmp`); `case_sensitive` requires identical bytes.
//! - **Floats.** Only when a tolerance is set. Then every answer token that is a float is
//!   compared numerically, integers included (`3` in the answer accepts `3.0000001` under
//!   `float_tolerance 1e-6`); answer tokens that are not floats are compared as strings.
//!   An output token facing a float must itself be a float. With answer value `a` and output
//!   value `s` the token is accepted when `|s - a| <= abs_tol` or `|s - a| <= rel_tol * |a|`:
//!   either tolerance suffices. `float_tolerance E` sets both to `E`. Without any tolerance,
//!   `0.50` and `0.5` are different strings.
//! - **What a float is.** The format's grammar: an optional sign, then `digits.digits`,
//!   `.digits`, `digits.` or `digits`, then an optional exponent `e`/`E`, optional sign, digits
//!   (so `1e-3`, `-.5`, `+2.`, `3E+10` are floats). `inf`, `nan` and hexadecimal floats are
//!   not floats, and neither is a token whose value overflows to infinity (`1e999`): problemtools
//!   also refuses infinite and NaN values, so an answer `inf` is compared as a string. (Unlike
//!   problemtools, which parses with C's `strtod`, hexadecimal floats such as `0x1p3` are not
//!   numbers here; the format's grammar does not allow them.)
//! - **Flags.** Unknown flags and a tolerance without a non-negative number after it are errors,
//!   as problemtools' judge error. When flags repeat, the last one wins (problemtools' rule; the
//!   2025-09 text calls repeated tolerances an error, which would break existing packages).
//!
//! [`check`] is linear in the size of both inputs and borrows them: tokens are slices, nothing
//! is copied except the short excerpts quoted in a message.

use std::fmt;

/// The default validator's options, parsed from its command-line words.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Flags {
    /// `case_sensitive`: tokens must match byte for byte, not up to ASCII case.
    pub case_sensitive: bool,
    /// `space_change_sensitive`: whitespace runs must match byte for byte.
    pub space_change_sensitive: bool,
    /// `float_absolute_tolerance E` (or `float_tolerance E`): the largest accepted `|s - a|`.
    pub absolute_tolerance: Option<f64>,
    /// `float_relative_tolerance E` (or `float_tolerance E`): the largest accepted
    /// `|s - a| / |a|`.
    pub relative_tolerance: Option<f64>,
}

/// Why a list of default-validator flags is not valid, e.g. `unknown flag "float_tol"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlagError {
    /// The flag at fault, as written.
    pub flag: String,
    /// One line saying what is wrong with it.
    pub message: String,
}

impl fmt::Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FlagError {}

impl Flags {
    /// Parses validator flags as problem.yaml `validator_flags` or testdata.yaml
    /// `output_validator_flags` / `output_validator_args` give them (already split into words).
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Flags, FlagError> {
        let mut flags = Flags::default();
        let mut words = words.iter().map(AsRef::as_ref);
        while let Some(word) = words.next() {
            match word {
                "case_sensitive" => flags.case_sensitive = true,
                "space_change_sensitive" => flags.space_change_sensitive = true,
                "float_tolerance" | "float_absolute_tolerance" | "float_relative_tolerance" => {
                    let value = tolerance_value(word, words.next())?;
                    if word != "float_relative_tolerance" {
                        flags.absolute_tolerance = Some(value);
                    }
                    if word != "float_absolute_tolerance" {
                        flags.relative_tolerance = Some(value);
                    }
                }
                _ => {
                    return Err(FlagError {
                        flag: word.to_string(),
                        message: format!(
                            "unknown default validator flag {word:?} (known: case_sensitive, \
                             space_change_sensitive, float_tolerance E, \
                             float_relative_tolerance E, float_absolute_tolerance E)"
                        ),
                    })
                }
            }
        }
        Ok(flags)
    }

    /// Whether floats are compared numerically (some tolerance is set).
    pub fn compares_floats(&self) -> bool {
        self.absolute_tolerance.is_some() || self.relative_tolerance.is_some()
    }
}

fn tolerance_value(flag: &str, value: Option<&str>) -> Result<f64, FlagError> {
    let error = |found: String| FlagError {
        flag: flag.to_string(),
        message: format!(
            "default validator flag {flag} needs a non-negative number after it, {found}"
        ),
    };
    let Some(text) = value else {
        return Err(error("found nothing".to_string()));
    };
    match parse_float(text.as_bytes()) {
        Some(x) if x >= 0.0 => Ok(x),
        _ => Err(error(format!("found {text:?}"))),
    }
}

/// The default validator's judgement of one output.
#[derive(Debug, Clone, PartialEq)]
pub enum DefaultVerdict {
    /// The output matches the answer under the flags.
    Accepted,
    /// The output does not match.
    Wrong {
        /// One readable line, e.g.
        /// `line 3, token 2: expected "0.5", found "0.49" (absolute error 1.0e-2 > 1e-6)`.
        message: String,
        /// 1-based line of the output where the difference shows.
        line: Option<usize>,
        /// 1-based index, within that output line, of the offending token (`None` when the
        /// output ran out or the difference is in whitespace at the end).
        token: Option<usize>,
    },
}

impl DefaultVerdict {
    /// Whether the output was accepted.
    pub fn is_accepted(&self) -> bool {
        matches!(self, DefaultVerdict::Accepted)
    }
}

/// Compares a candidate's `output` with the `answer` file the way the Kattis default output
/// validator does (see the module documentation for the exact rules).
pub fn check(answer: &[u8], output: &[u8], flags: &Flags) -> DefaultVerdict {
    let mut ans = Cursor::new(answer);
    let mut out = Cursor::new(output);
    loop {
        let out_line_before_space = out.line;
        let out_tokens_before_space = out.tokens_on_line;
        let ans_space = ans.skip_space();
        let out_space = out.skip_space();
        let ans_token = ans.next_token();
        let out_at_end = out.pos == output.len();
        // A whitespace difference next to missing or extra tokens is reported as those.
        let tokens_differ = ans_token.is_none() != out_at_end;
        if flags.space_change_sensitive && ans_space != out_space && !tokens_differ {
            let place = if ans_token.is_none() {
                "whitespace at the end of the output differs".to_string()
            } else if out_line_before_space == 1 && out_tokens_before_space == 0 {
                "whitespace before the first token differs".to_string()
            } else {
                format!("whitespace after token {out_tokens_before_space} differs")
            };
            return DefaultVerdict::Wrong {
                message: format!(
                    "line {out_line_before_space}: {place}: expected {}, found {} \
                     (space_change_sensitive)",
                    quote(ans_space),
                    quote(out_space)
                ),
                line: Some(out_line_before_space),
                token: None,
            };
        }
        let out_token = out.next_token();
        match (ans_token, out_token) {
            (None, None) => return DefaultVerdict::Accepted,
            (None, Some(extra)) => {
                return wrong(
                    &out,
                    format!("extra output {} after the answer", quote(extra)),
                    true,
                )
            }
            (Some(expected), None) => return ended_early(expected, &ans, output),
            (Some(expected), Some(found)) => {
                if let Some(reason) = token_mismatch(expected, found, flags) {
                    let message = format!(
                        "expected {}, found {}{reason}",
                        quote(expected),
                        quote(found)
                    );
                    return wrong(&out, message, true);
                }
            }
        }
    }
}

/// Walks one text: the current position, its 1-based line and the count of tokens read on it.
struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
    tokens_on_line: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a [u8]) -> Self {
        Cursor {
            text,
            pos: 0,
            line: 1,
            tokens_on_line: 0,
        }
    }

    fn skip_space(&mut self) -> &'a [u8] {
        let start = self.pos;
        while let Some(&b) = self.text.get(self.pos) {
            if !is_space(b) {
                break;
            }
            if b == b'\n' {
                self.line += 1;
                self.tokens_on_line = 0;
            }
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn next_token(&mut self) -> Option<&'a [u8]> {
        let start = self.pos;
        while self.text.get(self.pos).is_some_and(|&b| !is_space(b)) {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        self.tokens_on_line += 1;
        Some(&self.text[start..self.pos])
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Why `found` does not stand for `expected`, as a suffix for the message (`""` when only the
/// two quoted tokens need showing), or `None` when it does.
fn token_mismatch(expected: &[u8], found: &[u8], flags: &Flags) -> Option<String> {
    if flags.compares_floats() {
        if let Some(a) = parse_float(expected) {
            let Some(s) = parse_float(found) else {
                return Some(" (a number was expected)".to_string());
            };
            return float_mismatch(a, s, flags);
        }
    }
    if flags.case_sensitive {
        if expected == found {
            None
        } else if expected.eq_ignore_ascii_case(found) {
            Some(" (case differs, and this problem's output is case-sensitive)".to_string())
        } else {
            Some(String::new())
        }
    } else if expected.eq_ignore_ascii_case(found) {
        None
    } else {
        Some(String::new())
    }
}

fn float_mismatch(a: f64, s: f64, flags: &Flags) -> Option<String> {
    let diff = (s - a).abs();
    let within_abs = flags.absolute_tolerance.is_some_and(|tol| diff <= tol);
    let within_rel = flags
        .relative_tolerance
        .is_some_and(|tol| diff <= tol * a.abs());
    if within_abs || within_rel {
        return None;
    }
    let mut parts = Vec::new();
    if let Some(tol) = flags.absolute_tolerance {
        parts.push(format!("absolute error {diff:.1e} > {tol:e}"));
    }
    if let Some(tol) = flags.relative_tolerance {
        let relative = if a == 0.0 {
            f64::INFINITY
        } else {
            diff / a.abs()
        };
        parts.push(format!("relative error {relative:.1e} > {tol:e}"));
    }
    Some(format!(" ({})", parts.join(", ")))
}

/// Parses a token as a float if it matches the package format's float grammar and is finite.
fn parse_float(token: &[u8]) -> Option<f64> {
    let mut i = 0;
    let at = |i: usize| token.get(i).copied();
    if matches!(at(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let int_start = i;
    while at(i).is_some_and(|b| b.is_ascii_digit()) {
        i += 1;
    }
    let mut digits = i - int_start;
    if at(i) == Some(b'.') {
        i += 1;
        let frac_start = i;
        while at(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        digits += i - frac_start;
    }
    if digits == 0 {
        return None;
    }
    if matches!(at(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(at(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp_start = i;
        while at(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        if i == exp_start {
            return None;
        }
    }
    if i != token.len() {
        return None;
    }
    // The grammar admits only ASCII digits, signs, '.', 'e' and 'E', all of which Rust's float
    // parser accepts in these shapes; it rounds to the nearest double.
    let text = std::str::from_utf8(token).ok()?;
    let value: f64 = text.parse().ok()?;
    value.is_finite().then_some(value)
}

fn wrong(out: &Cursor<'_>, message: String, at_token: bool) -> DefaultVerdict {
    let token = at_token.then_some(out.tokens_on_line);
    let prefix = match token {
        Some(t) => format!("line {}, token {t}: ", out.line),
        None => format!("line {}: ", out.line),
    };
    DefaultVerdict::Wrong {
        message: format!("{prefix}{message}"),
        line: Some(out.line),
        token,
    }
}

fn ended_early(expected: &[u8], ans: &Cursor<'_>, output: &[u8]) -> DefaultVerdict {
    let message = if output.is_empty() {
        format!("the output is empty; expected {} first", quote(expected))
    } else if output.iter().all(|&b| is_space(b)) {
        format!(
            "the output holds only whitespace; expected {} first",
            quote(expected)
        )
    } else {
        format!(
            "output ended early: expected {} (answer line {}, token {})",
            quote(expected),
            ans.line,
            ans.tokens_on_line
        )
    };
    DefaultVerdict::Wrong {
        message,
        line: Some(output.iter().filter(|&&b| b == b'\n').count().max(1)),
        token: None,
    }
}

/// A token or whitespace run quoted for a message, escaped and cut to a readable length.
fn quote(bytes: &[u8]) -> String {
    const MAX: usize = 40;
    let cut = bytes.len() > MAX;
    let shown = &bytes[..bytes.len().min(MAX)];
    let mut text = match std::str::from_utf8(shown) {
        Ok(s) => format!("{s:?}"),
        // Cut inside a multi-byte character, or not UTF-8 at all: escape the bytes.
        Err(e) if cut && e.error_len().is_none() => format!(
            "{:?}",
            std::str::from_utf8(&shown[..e.valid_up_to()]).unwrap_or("")
        ),
        Err(_) => format!("\"{}\"", shown.escape_ascii()),
    };
    if cut {
        text.push_str(&format!("... ({} bytes)", bytes.len()));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(words: &str) -> Flags {
        Flags::parse(&words.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn judge(answer: &str, output: &str, words: &str) -> DefaultVerdict {
        check(answer.as_bytes(), output.as_bytes(), &flags(words))
    }

    fn accepted(answer: &str, output: &str, words: &str) -> bool {
        judge(answer, output, words).is_accepted()
    }

    fn message(answer: &str, output: &str, words: &str) -> String {
        match judge(answer, output, words) {
            DefaultVerdict::Wrong { message, .. } => message,
            DefaultVerdict::Accepted => panic!("{output:?} was accepted for {answer:?}"),
        }
    }

    #[test]
    fn flags_parse_every_documented_form() {
        assert_eq!(flags(""), Flags::default());
        let f = flags("case_sensitive space_change_sensitive");
        assert!(f.case_sensitive && f.space_change_sensitive && !f.compares_floats());
        let f = flags("float_tolerance 1e-6");
        assert_eq!(
            (f.absolute_tolerance, f.relative_tolerance),
            (Some(1e-6), Some(1e-6))
        );
        let f = flags("float_relative_tolerance 0.001");
        assert_eq!(
            (f.absolute_tolerance, f.relative_tolerance),
            (None, Some(0.001))
        );
        let f = flags("float_absolute_tolerance 1E-9 case_sensitive");
        assert_eq!(
            (f.absolute_tolerance, f.relative_tolerance),
            (Some(1e-9), None)
        );
        assert!(f.case_sensitive);
        let f = flags("float_relative_tolerance 1e-4 float_absolute_tolerance 1e-6");
        assert_eq!(
            (f.absolute_tolerance, f.relative_tolerance),
            (Some(1e-6), Some(1e-4))
        );
        // Later flags win, as in problemtools.
        let f = flags("float_tolerance 1e-6 float_absolute_tolerance 0.5");
        assert_eq!(
            (f.absolute_tolerance, f.relative_tolerance),
            (Some(0.5), Some(1e-6))
        );
    }

    #[test]
    fn bad_flags_are_errors_naming_the_flag() {
        let e = Flags::parse(&["case_sensitive", "float_tol", "1e-6"]).unwrap_err();
        assert_eq!(e.flag, "float_tol");
        assert!(
            e.message
                .starts_with("unknown default validator flag \"float_tol\""),
            "{e}"
        );
        let e = Flags::parse(&["float_tolerance"]).unwrap_err();
        assert_eq!(e.flag, "float_tolerance");
        assert!(e.message.contains("found nothing"), "{e}");
        let e = Flags::parse(&["float_tolerance", "tiny"]).unwrap_err();
        assert!(e.message.contains("found \"tiny\""), "{e}");
        let e = Flags::parse(&["float_absolute_tolerance", "-1"]).unwrap_err();
        assert!(e.message.contains("non-negative"), "{e}");
        assert!(Flags::parse(&["float_tolerance", "inf"]).is_err());
    }

    #[test]
    fn identical_outputs_are_accepted() {
        assert!(accepted("", "", ""));
        assert!(accepted("42\n", "42\n", ""));
        assert!(accepted(
            "1 2 3\n4 5 6\n",
            "1 2 3\n4 5 6\n",
            "space_change_sensitive case_sensitive"
        ));
    }

    #[test]
    fn whitespace_only_separates_tokens_by_default() {
        assert!(accepted("1 2\n3\n", "1\n2 3", ""));
        assert!(accepted("1 2\n", "  1 \t 2  \r\n\n\n", ""));
        assert!(accepted("yes\n", "yes", ""));
        assert!(accepted("a b\n", "a\x0bb\x0c", ""));
        assert!(accepted("", "\n\n  \n", ""));
    }

    #[test]
    fn space_change_sensitive_demands_the_same_whitespace() {
        let f = "space_change_sensitive";
        assert!(accepted("1 2\n3\n", "1 2\n3\n", f));
        let m = message("1 2\n", "1 2", f);
        assert_eq!(
            m,
            "line 1: whitespace at the end of the output differs: expected \"\\n\", found \"\" \
             (space_change_sensitive)"
        );
        let m = message("1 2\n", "1  2\n", f);
        assert_eq!(
            m,
            "line 1: whitespace after token 1 differs: expected \" \", found \"  \" \
             (space_change_sensitive)"
        );
        assert!(message("1\n2\n", "1\n\n2\n", f)
            .starts_with("line 1: whitespace after token 1 differs"));
        assert!(message("1 2\n3 4\n", "1 2\n3\t4\n", f)
            .starts_with("line 2: whitespace after token 1 differs"));
        assert!(message("1\n", "1\r\n", f).contains("found \"\\r\\n\""));
        assert!(message("1\n", "1\n\n", f).contains("at the end of the output"));
        assert!(message("1\n", " 1\n", f)
            .starts_with("line 1: whitespace before the first token differs"));
        assert!(message("1\n", "1 \n", f).contains("at the end"));
        assert_eq!(
            message("1 2\n", "1", f),
            "output ended early: expected \"2\" (answer line 1, token 2)"
        );
        assert_eq!(
            message("1\n", "1 x\n", f),
            "line 1, token 2: extra output \"x\" after the answer"
        );
        // Blank lines in the answer must be reproduced.
        assert!(accepted("a\n\nb\n", "a\n\nb\n", f));
        assert!(!accepted("a\n\nb\n", "a\nb\n", f));
        // Extra output after identical whitespace is extra output, not a space change.
        assert_eq!(
            message("1\n", "1\n2", f),
            "line 2, token 1: extra output \"2\" after the answer"
        );
    }

    #[test]
    fn case_is_ignored_unless_case_sensitive() {
        assert!(accepted("Yes\n", "YES\n", ""));
        assert!(accepted("impossible\n", "IMPOSSIBLE\n", ""));
        assert_eq!(
            message("Yes\n", "YES\n", "case_sensitive"),
            "line 1, token 1: expected \"Yes\", found \"YES\" (case differs, and this problem's \
             output is case-sensitive)"
        );
        assert_eq!(
            message("Yes\n", "No\n", ""),
            "line 1, token 1: expected \"Yes\", found \"No\""
        );
        // Only ASCII letters fold: 'É' and 'é' differ, as with strcasecmp in the C locale.
        assert!(!accepted("é\n", "É\n", ""));
    }

    #[test]
    fn wrong_tokens_name_line_and_token_of_the_output() {
        let v = judge("1 2 3\n4 5 6\n", "1 2 3\n4 7 6\n", "");
        assert_eq!(
            v,
            DefaultVerdict::Wrong {
                message: "line 2, token 2: expected \"5\", found \"7\"".to_string(),
                line: Some(2),
                token: Some(2),
            }
        );
        // The output's own layout is what the position refers to.
        let v = judge("1 2 3 4\n", "1\n2\n3\nx\n", "");
        assert!(matches!(
            v,
            DefaultVerdict::Wrong {
                line: Some(4),
                token: Some(1),
                ..
            }
        ));
    }

    #[test]
    fn missing_and_extra_output() {
        assert_eq!(
            message("1\n2\n3\n4\n7\n", "1\n2\n3\n4\n", ""),
            "output ended early: expected \"7\" (answer line 5, token 1)"
        );
        assert_eq!(
            message("7\n", "", ""),
            "the output is empty; expected \"7\" first"
        );
        assert_eq!(
            message("7\n", " \n\n", ""),
            "the output holds only whitespace; expected \"7\" first"
        );
        assert_eq!(
            message("1\n", "1\nx\n", ""),
            "line 2, token 1: extra output \"x\" after the answer"
        );
        assert_eq!(
            message("", "0\n", ""),
            "line 1, token 1: extra output \"0\" after the answer"
        );
    }

    #[test]
    fn floats_compare_as_strings_without_a_tolerance() {
        assert!(accepted("0.5\n", "0.5\n", ""));
        assert!(!accepted("0.5\n", "0.50\n", ""));
        assert!(!accepted("0.5\n", "5e-1\n", ""));
        // Case folding applies to the exponent letter as to any text.
        assert!(accepted("1E5\n", "1e5\n", ""));
    }

    #[test]
    fn float_tolerance_accepts_within_either_bound() {
        let f = "float_tolerance 1e-6";
        assert!(accepted("0.5\n", "0.5000001\n", f));
        assert!(accepted("0.0314\n", "3.14000000e-2\n", f));
        assert!(
            accepted("1000000\n", "1000000.9\n", f),
            "relative 9e-7 is within 1e-6"
        );
        assert!(
            accepted("0\n", "-0.0000009\n", f),
            "absolute 9e-7 is within 1e-6"
        );
        assert_eq!(
            message("0.5\n", "0.49\n", "float_absolute_tolerance 1e-6"),
            "line 1, token 1: expected \"0.5\", found \"0.49\" (absolute error 1.0e-2 > 1e-6)"
        );
        assert_eq!(
            message("0.5\n", "0.49\n", f),
            "line 1, token 1: expected \"0.5\", found \"0.49\" (absolute error 1.0e-2 > 1e-6, \
             relative error 2.0e-2 > 1e-6)"
        );
        // A relative tolerance alone is nothing around zero.
        assert!(!accepted(
            "0\n",
            "1e-300\n",
            "float_relative_tolerance 1e-6"
        ));
        assert!(accepted("0\n", "0.0\n", "float_relative_tolerance 1e-6"));
        // Exactly on the bound is accepted (<=).
        assert!(accepted("1\n", "1.5\n", "float_absolute_tolerance 0.5"));
        assert!(!accepted(
            "1\n",
            "1.5000001\n",
            "float_absolute_tolerance 0.5"
        ));
    }

    #[test]
    fn float_syntax_follows_the_format_grammar() {
        let f = "float_absolute_tolerance 1e-9";
        for same in [
            "2",
            "2.",
            "2.0",
            "+2",
            "2e0",
            "2E+0",
            "0.2e1",
            ".2e1",
            "20e-1",
            "2.000000000000000000000000000000",
        ] {
            assert!(accepted("2\n", &format!("{same}\n"), f), "{same}");
        }
        assert!(accepted("-.5\n", "-0.5\n", f));
        for not_a_number in [
            "two", "2,0", "0x2", "2e", "e2", ".", "-", "inf", "nan", "1e999", "2..0", "--2",
        ] {
            assert_eq!(
                message("2\n", &format!("{not_a_number}\n"), f),
                format!("line 1, token 1: expected \"2\", found {not_a_number:?} (a number was expected)")
            );
        }
    }

    #[test]
    fn answer_tokens_that_are_not_floats_compare_as_strings_under_a_tolerance() {
        let f = "float_tolerance 1e-6";
        assert!(accepted("YES 0.5\n", "yes 0.5000001\n", f));
        assert!(!accepted("YES 0.5\n", "no 0.5\n", f));
        // inf and nan are not floats: they must match as (case-insensitive) strings.
        assert!(accepted("inf\n", "INF\n", f));
        assert!(!accepted("inf\n", "1e999\n", f));
        assert!(accepted("nan\n", "NaN\n", f));
        assert!(!accepted("0x10\n", "16\n", f));
    }

    #[test]
    fn long_and_binary_tokens_are_quoted_readably() {
        let long = "9".repeat(100);
        let m = message(&format!("{long}\n"), "1\n", "");
        assert!(
            m.contains(&format!("\"{}\"... (100 bytes)", "9".repeat(40))),
            "{m}"
        );
        let v = check(b"a\n", b"\xff\xfe\n", &Flags::default());
        let DefaultVerdict::Wrong { message, .. } = v else {
            panic!()
        };
        assert_eq!(
            message,
            "line 1, token 1: expected \"a\", found \"\\xff\\xfe\""
        );
    }

    #[test]
    fn huge_outputs_are_compared_in_one_pass() {
        // Three million tokens each side; a quadratic or copying implementation would not finish
        // in a unit test's time. (Speed figures belong in benchmarks; this guards the shape.)
        let mut answer = Vec::with_capacity(6_000_000);
        for i in 0..3_000_000u32 {
            answer.extend_from_slice(if i % 10 == 9 { b"1\n" } else { b"1 " });
        }
        let output: Vec<u8> = answer
            .iter()
            .map(|&b| if b == b'\n' { b' ' } else { b })
            .collect();
        assert!(check(&answer, &output, &Flags::default()).is_accepted());
        let mut wrong_output = output.clone();
        let last = wrong_output.len() - 2;
        wrong_output[last] = b'2';
        let v = check(&answer, &wrong_output, &flags("float_tolerance 1e-9"));
        assert!(
            matches!(
                v,
                DefaultVerdict::Wrong {
                    line: Some(1),
                    token: Some(3_000_000),
                    ..
                }
            ),
            "{v:?}"
        );
        let v = check(&answer, &output, &flags("space_change_sensitive"));
        assert!(
            matches!(v, DefaultVerdict::Wrong { line: Some(1), .. }),
            "{v:?}"
        );
    }
}
