//! Placeholder until the Kattis default validator lands: tokens compared case-insensitively.

/// The validator's flags.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flags {
    /// Words as given.
    pub words: Vec<String>,
}

/// What the validator decided.
#[derive(Debug, Clone, PartialEq)]
pub enum DefaultVerdict {
    /// Accepted.
    Accepted,
    /// Wrong, with a message.
    Wrong {
        /// One line.
        message: String,
        /// Line of the output.
        line: Option<usize>,
        /// Token of the output.
        token: Option<usize>,
    },
}

/// Parses flags.
pub fn parse_flags(words: &[String]) -> Result<Flags, String> {
    Ok(Flags {
        words: words.to_vec(),
    })
}

/// Compares.
pub fn check(answer: &[u8], output: &[u8], _flags: &Flags) -> DefaultVerdict {
    let a = String::from_utf8_lossy(answer).to_lowercase();
    let o = String::from_utf8_lossy(output).to_lowercase();
    let mut x = a.split_ascii_whitespace();
    let mut y = o.split_ascii_whitespace();
    let mut i = 0;
    loop {
        i += 1;
        match (x.next(), y.next()) {
            (None, None) => return DefaultVerdict::Accepted,
            (p, q) if p == q => continue,
            (p, q) => {
                return DefaultVerdict::Wrong {
                    message: format!("token {i}: expected {p:?}, found {q:?}"),
                    line: None,
                    token: Some(i),
                }
            }
        }
    }
}
