//! The one-hunk unified diff of a mutant, as `diff -u` would print it.

use std::ops::Range;

/// Lines of unchanged context shown before and after the change.
const CONTEXT: usize = 3;

/// The unified diff of `source` with `span` replaced by `replacement`, labelled `a/NAME` and
/// `b/NAME`: one hunk holding every line the span touches.
pub(crate) fn unified(source: &str, span: Range<usize>, replacement: &str, name: &str) -> String {
    let starts = line_starts(source);
    let line_of = |offset: usize| starts.partition_point(|&start| start <= offset) - 1;
    let first = line_of(span.start);
    // A span that ends right after a newline does not touch the next line.
    let last = if span.end > span.start {
        line_of(span.end - 1)
    } else {
        first
    };
    let block_start = starts[first];
    let block_end = starts.get(last + 1).copied().unwrap_or(source.len());
    let old_block = &source[block_start..block_end];
    let new_block = format!(
        "{}{}{}",
        &source[block_start..span.start],
        replacement,
        &source[span.end..block_end]
    );
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let before = first.saturating_sub(CONTEXT)..first;
    let after = (last + 1)..(last + 1 + CONTEXT).min(lines.len());
    let old: Vec<&str> = old_block.split_inclusive('\n').collect();
    let new: Vec<&str> = new_block.split_inclusive('\n').collect();
    let old_count = before.len() + old.len() + after.len();
    let new_count = before.len() + new.len() + after.len();
    let mut out = format!("--- a/{name}\n+++ b/{name}\n");
    out.push_str(&format!(
        "@@ -{} +{} @@\n",
        range(before.start + 1, old_count),
        range(before.start + 1, new_count)
    ));
    for line in &lines[before] {
        push_line(&mut out, ' ', line);
    }
    for line in &old {
        push_line(&mut out, '-', line);
    }
    for line in &new {
        push_line(&mut out, '+', line);
    }
    for line in &lines[after] {
        push_line(&mut out, ' ', line);
    }
    out
}

/// The byte offset where each line starts (the first is 0).
fn line_starts(source: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(source.match_indices('\n').map(|(at, _)| at + 1))
        .filter(|&start| start < source.len() || start == 0)
        .collect()
}

/// A hunk range `START,COUNT`; an empty one starts at the line before, as `diff -u` writes it.
fn range(start: usize, count: usize) -> String {
    if count == 0 {
        format!("{},0", start - 1)
    } else {
        format!("{start},{count}")
    }
}

/// One diff line; a line with no newline (the file's last) gets the `\ No newline` marker.
fn push_line(out: &mut String, mark: char, line: &str) {
    out.push(mark);
    out.push_str(line);
    if !line.ends_with('\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}
