//! Pieces the terminal views share: indented blocks, clipped texts, answer diffs.

/// `text` indented by four spaces, `(empty)` when there is nothing.
pub fn indent(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        out.push_str("    ");
        out.push_str(line);
        out.push('\n');
    }
    if out.is_empty() {
        out.push_str("    (empty)\n");
    }
    out
}

/// The first `max_lines` lines of `text`, then how many more there were.
pub fn clip(text: &str, max_lines: usize) -> String {
    let count = text.lines().count();
    if count <= max_lines {
        return text.to_string();
    }
    let mut out: Vec<&str> = text.lines().take(max_lines).collect();
    let more = format!("... ({} more lines)", count - max_lines);
    out.push(&more);
    out.join("\n") + "\n"
}

/// A unified diff of expected answers against the actual output (whitespace inside lines
/// normalised), at most `max_lines` lines.
pub fn diff(expected: &str, actual: &str, max_lines: usize) -> String {
    let actual_norm: String = actual
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let text = similar::TextDiff::from_lines(expected, &actual_norm)
        .unified_diff()
        .context_radius(2)
        .header("expected", "actual")
        .to_string();
    let mut out: Vec<&str> = text.lines().take(max_lines).collect();
    if text.lines().count() > max_lines {
        out.push("...");
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_indented_and_clipped() {
        assert_eq!(indent("a\nb\n"), "    a\n    b\n");
        assert_eq!(indent(""), "    (empty)\n");
        assert_eq!(clip("1\n2\n3\n", 2), "1\n2\n... (1 more lines)\n");
        assert_eq!(clip("1\n", 2), "1\n");
        let d = diff("1\n2\n", "1 \n3\n", 20);
        assert!(d.contains("-2") && d.contains("+3"), "{d}");
    }
}
