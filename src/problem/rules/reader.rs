//! A strict, line-aware reader of integer inputs: the shared half of every validator.
//!
//! Each call reads one line with an exact number of integer fields and checks each against its
//! bounds, so an error can name the line, the field, the value and the bound. Runs of spaces or
//! tabs between fields, a trailing `\r` and trailing empty lines are tolerated; anything else
//! (a missing or extra token, a blank line inside the input, text after the end) is rejected.

use crate::problem::InputError;

/// One integer field of a line: its name in error messages and its inclusive bounds.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// Name used in messages, e.g. `k`.
    pub name: &'static str,
    /// Smallest allowed value.
    pub min: i64,
    /// Largest allowed value.
    pub max: i64,
}

impl Field {
    /// A field named `name` allowed to range over `min..=max`.
    pub const fn new(name: &'static str, min: i64, max: i64) -> Self {
        Field { name, min, max }
    }
}

/// Reads an input line by line. See the module documentation for what is accepted.
pub struct Reader<'a> {
    lines: Vec<&'a str>,
    next: usize,
}

impl<'a> Reader<'a> {
    /// Starts reading `input` at its first line.
    pub fn new(input: &'a str) -> Self {
        let mut lines: Vec<&str> = input
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        Reader { lines, next: 0 }
    }

    /// 1-based number of the line the next read will consume.
    pub fn line_number(&self) -> usize {
        self.next + 1
    }

    /// Reads the next line, which must hold exactly one integer per field, each within bounds.
    pub fn fields(&mut self, fields: &[Field]) -> Result<Vec<i64>, InputError> {
        let names = || fields.iter().map(|f| f.name).collect::<Vec<_>>().join(" ");
        let line_no = self.line_number();
        let tokens = self.take_line(names)?;
        if tokens.len() != fields.len() {
            return Err(InputError::new(
                line_no,
                format!(
                    "expected {} field(s) `{}`, found {} token(s)",
                    fields.len(),
                    names(),
                    tokens.len()
                ),
            ));
        }
        tokens
            .iter()
            .zip(fields)
            .map(|(token, field)| parse_field(line_no, token, field))
            .collect()
    }

    /// Reads the next line, which must hold exactly `count` integers named `name`, each within
    /// `min..=max` (for example the pile sizes of one game).
    pub fn list(
        &mut self,
        count: usize,
        name: &'static str,
        min: i64,
        max: i64,
    ) -> Result<Vec<i64>, InputError> {
        let line_no = self.line_number();
        let tokens = self.take_line(|| format!("{count} value(s) of {name}"))?;
        if tokens.len() != count {
            return Err(InputError::new(
                line_no,
                format!(
                    "expected {count} value(s) of {name}, found {}",
                    tokens.len()
                ),
            ));
        }
        let field = Field::new(name, min, max);
        tokens
            .iter()
            .enumerate()
            .map(|(i, token)| {
                parse_field(line_no, token, &field).map_err(|mut e| {
                    e.message = format!("{name}[{}]: {}", i + 1, e.message);
                    e
                })
            })
            .collect()
    }

    /// Succeeds only when every line has been read.
    pub fn finish(&self) -> Result<(), InputError> {
        match self.lines.get(self.next) {
            None => Ok(()),
            Some(extra) => Err(InputError::new(
                self.line_number(),
                format!(
                    "unexpected text after the end of the input: `{}`",
                    clip(extra)
                ),
            )),
        }
    }

    fn take_line(&mut self, wanted: impl Fn() -> String) -> Result<Vec<&'a str>, InputError> {
        let line_no = self.line_number();
        let Some(line) = self.lines.get(self.next) else {
            return Err(InputError::new(
                line_no,
                format!("unexpected end of input, expected {}", wanted()),
            ));
        };
        self.next += 1;
        let tokens: Vec<&str> = line.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
        if tokens.is_empty() {
            return Err(InputError::new(
                line_no,
                format!("empty line, expected {}", wanted()),
            ));
        }
        Ok(tokens)
    }
}

fn parse_field(line: usize, token: &str, field: &Field) -> Result<i64, InputError> {
    let canonical = token
        .strip_prefix('-')
        .unwrap_or(token)
        .bytes()
        .all(|b| b.is_ascii_digit())
        && !token.trim_start_matches('-').is_empty()
        && !(token.len() > 1 && token.starts_with('0'))
        && token != "-0"
        && !token.starts_with("-0");
    let value = if canonical {
        token.parse::<i64>().ok()
    } else {
        None
    };
    let Some(value) = value else {
        return Err(InputError::new(
            line,
            format!(
                "field {} = `{}` is not an integer in {}..={}",
                field.name,
                clip(token),
                field.min,
                field.max
            ),
        ));
    };
    if value < field.min {
        return Err(InputError::new(
            line,
            format!(
                "field {} = {value} is below the minimum {}",
                field.name, field.min
            ),
        ));
    }
    if value > field.max {
        return Err(InputError::new(
            line,
            format!(
                "field {} = {value} is above the maximum {}",
                field.name, field.max
            ),
        ));
    }
    Ok(value)
}

fn clip(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const K: Field = Field::new("k", 0, 12);

    #[test]
    fn reads_fields_and_rejects_out_of_range() {
        let mut r = Reader::new("3\n13\n");
        assert_eq!(r.fields(&[K]).unwrap(), vec![3]);
        let err = r.fields(&[K]).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(
            err.message.contains("k = 13 is above the maximum 12"),
            "{err}"
        );
    }

    #[test]
    fn rejects_non_canonical_numbers_and_extra_text() {
        for bad in ["01", "+1", "1.0", "x", "-0", "1e3"] {
            let err = Reader::new(bad).fields(&[K]).unwrap_err();
            assert!(err.message.contains("is not an integer"), "{bad}: {err}");
        }
        let mut r = Reader::new("1\n2\n");
        r.fields(&[K]).unwrap();
        assert!(r.finish().unwrap_err().message.contains("after the end"));
    }

    #[test]
    fn counts_tokens_and_tolerates_crlf() {
        let mut r = Reader::new("1  2\r\n\r\n");
        assert_eq!(r.list(2, "X", 0, 9).unwrap(), vec![1, 2]);
        r.finish().unwrap();
        let err = Reader::new("1 2 3\n").list(2, "X", 0, 9).unwrap_err();
        assert!(err.message.contains("expected 2 value(s) of X, found 3"));
        let err = Reader::new("\n5\n").fields(&[K]).unwrap_err();
        assert!(err.message.contains("empty line"));
        let err = Reader::new("").fields(&[K]).unwrap_err();
        assert!(err.message.contains("unexpected end of input"));
    }
}
