//! Keeping big texts small in report files: a max input holds 10^5 games or one line of 10^5
//! numbers, and a report shows a few dozen lines of it, each cut to a readable width, and says
//! how much was left out. Shared by the HTML and JUnit exporters.

/// A text cut to a number of lines and characters per line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clipped {
    /// The lines shown (each cut line ends in `… (N more characters)`), joined by newlines.
    pub shown: String,
    /// Lines of the text.
    pub total_lines: usize,
    /// Lines not shown.
    pub omitted_lines: usize,
    /// Bytes of the whole text.
    pub total_bytes: usize,
}

impl Clipped {
    /// What was left out, e.g. `1,960 more lines not shown (2,000 lines, 36,854 bytes in all)`;
    /// `None` when every line is shown.
    pub fn omitted(&self) -> Option<String> {
        (self.omitted_lines > 0).then(|| {
            format!(
                "{} more lines not shown ({} lines, {} bytes in all)",
                thousands(self.omitted_lines as u64),
                thousands(self.total_lines as u64),
                thousands(self.total_bytes as u64)
            )
        })
    }

    /// The shown lines followed by the omission line, for plain-text consumers.
    pub fn with_note(&self) -> String {
        match self.omitted() {
            Some(note) => format!("{}\n… {note}", self.shown),
            None => self.shown.clone(),
        }
    }
}

/// The first `max_lines` lines of `text`, each cut after `max_chars` characters.
pub fn clip(text: &str, max_lines: usize, max_chars: usize) -> Clipped {
    let total_lines = text.lines().count();
    let shown: Vec<String> = text
        .lines()
        .take(max_lines)
        .map(|line| clip_line(line, max_chars))
        .collect();
    Clipped {
        shown: shown.join("\n"),
        total_lines,
        omitted_lines: total_lines.saturating_sub(max_lines),
        total_bytes: text.len(),
    }
}

/// `line` cut after `max_chars` characters, saying how many more there were.
fn clip_line(line: &str, max_chars: usize) -> String {
    match line.char_indices().nth(max_chars) {
        None => line.to_string(),
        Some((cut, _)) => {
            let rest = line[cut..].chars().count();
            format!(
                "{} … ({} more characters)",
                &line[..cut],
                thousands(rest as u64)
            )
        }
    }
}

/// `36854` as `36,854`.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_kept_whole() {
        let c = clip("1\n5 5 0\n", 30, 100);
        assert_eq!(c.shown, "1\n5 5 0");
        assert_eq!(c.omitted(), None);
        assert_eq!(c.with_note(), "1\n5 5 0");
    }

    #[test]
    fn long_texts_say_what_was_left_out() {
        let text: String = (1..=2000).map(|i| format!("{i} {i} 0\n")).collect();
        let c = clip(&text, 3, 100);
        assert_eq!(c.shown, "1 1 0\n2 2 0\n3 3 0");
        assert_eq!(c.omitted_lines, 1997);
        assert_eq!(
            c.omitted().unwrap(),
            format!(
                "1,997 more lines not shown (2,000 lines, {} bytes in all)",
                thousands(text.len() as u64)
            )
        );
    }

    #[test]
    fn long_lines_are_cut_on_character_boundaries() {
        let line = "é".repeat(10);
        assert_eq!(clip(&line, 5, 4).shown, "éééé … (6 more characters)");
        assert_eq!(clip(&line, 5, 10).shown, line);
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
