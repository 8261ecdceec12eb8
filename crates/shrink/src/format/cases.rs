//! The cases of a multi-test input (`t`, then t cases), taken apart so that any of them can be
//! kept alone: the text of cases 2 and 5 of 7 is the lines before the cases with `t` set to 2,
//! those two cases in their order, then the lines after the cases.

use super::check::{content_lines, find_cases};
use super::Format;

/// A text read as a count followed by that many cases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cases {
    /// Content lines before the first case (the count among them).
    before: Vec<Vec<String>>,
    /// Where the count is in `before`: (line, column).
    count: (usize, usize),
    /// Each case's lines.
    cases: Vec<Vec<Vec<String>>>,
    /// Content lines after the last case.
    after: Vec<Vec<String>>,
}

/// See [`Format::cases`].
pub(super) fn split(format: &Format, text: &str) -> Option<Cases> {
    let lines = content_lines(text);
    let found = find_cases(format, &lines)?;
    let first = found.cases.first().map_or(found.count.0 + 1, |c| c.start);
    let last = found.cases.last().map_or(first, |c| c.end);
    (found.count.0 < first).then_some(())?;
    Some(Cases {
        before: lines[..first].to_vec(),
        count: found.count,
        cases: found
            .cases
            .iter()
            .map(|r| lines[r.clone()].to_vec())
            .collect(),
        after: lines[last..].to_vec(),
    })
}

impl Cases {
    /// How many cases there are.
    pub fn len(&self) -> usize {
        self.cases.len()
    }

    /// Whether there is no case.
    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// The input holding only the cases `keep` (0-based, in the order given), the count
    /// rewritten to match. Tokens are joined by single spaces, lines end with `\n`.
    pub fn keep(&self, keep: &[usize]) -> String {
        let mut before = self.before.clone();
        before[self.count.0][self.count.1] = keep.len().to_string();
        let kept = keep.iter().filter_map(|&i| self.cases.get(i)).flatten();
        let mut out = String::new();
        for line in before.iter().chain(kept).chain(&self.after) {
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }
}
