//! What `stressjudge generate` prints: where the data went and what changed.

use std::path::Path;

use crate::problem::generated_data::Written;

/// The summary lines: the folder written, the test cases and files, the notes, and the cases
/// a failing generator left out (one line per generator).
pub fn summary(
    out: &Path,
    cases: usize,
    written: &Written,
    notes: &[String],
    left_out: &[String],
) -> String {
    let mut text = format!(
        "wrote {cases} test case(s) to {}: {} new, {} changed, {} unchanged file(s)\n",
        out.display(),
        written.new,
        written.changed,
        written.unchanged
    );
    if !written.unknown.is_empty() {
        let shown: Vec<&str> = written.unknown.iter().take(8).map(String::as_str).collect();
        let more = written.unknown.len().saturating_sub(shown.len());
        text.push_str(&format!(
            "note: {} test file(s) there are not made by generators.yaml (left as they are): {}{}\n",
            written.unknown.len(),
            shown.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        ));
    }
    for note in notes {
        text.push_str(&format!("note: {note}\n"));
    }
    for line in left_out {
        text.push_str(&format!("incomplete: {line}\n"));
    }
    text
}
