//! Whether a text keeps a learned [`Format`]: its blocks in order, the counts consistent (every
//! count equal to the lines or cases that follow it), every field and row within what was learned
//! of it.

use super::stats::{int_value, FieldStats};
use super::{Block, Format, Ref, Repeat, Row};
use crate::doc::Doc;
use std::collections::HashMap;
use std::ops::Range;

/// See [`Format::accepts`].
pub(super) fn accepts(format: &Format, text: &str) -> bool {
    if format.blocks.is_empty() {
        return true;
    }
    let lines = content_lines(text);
    let mut reader = Reader::new(&lines, true);
    reader.blocks(&format.blocks) && (!format.complete || reader.cursor == lines.len())
}

/// The non-blank lines of `text`, as tokens.
pub(super) fn content_lines(text: &str) -> Vec<Vec<String>> {
    Doc::parse(text)
        .lines
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect()
}

/// Where each of `cases` cases of `body` ends, reading `lines` from `from` for the structure
/// alone (counts and line shapes, no learned bounds): `None` when they do not fit.
pub(super) fn case_ends(
    body: &[Block],
    lines: &[Vec<String>],
    from: usize,
    cases: usize,
) -> Option<Vec<usize>> {
    let mut reader = Reader::new(lines, false);
    reader.cursor = from;
    (0..cases)
        .map(|_| reader.blocks(body).then_some(reader.cursor))
        .collect()
}

/// The outermost cases of a text the format accepts.
pub(super) struct Found {
    /// The count of the cases: (content line, column).
    pub count: (usize, usize),
    /// Each case's content lines.
    pub cases: Vec<Range<usize>>,
}

/// Reads `lines` with `format`, recording its outermost cases (`None` when the text breaks the
/// format or has no cases).
pub(super) fn find_cases(format: &Format, lines: &[Vec<String>]) -> Option<Found> {
    let mut reader = Reader::new(lines, true);
    reader.record = true;
    let ok = reader.blocks(&format.blocks) && (!format.complete || reader.cursor == lines.len());
    ok.then_some(reader.found).flatten()
}

/// A cursor over the lines, the header integers read so far and where each was read.
struct Reader<'a> {
    lines: &'a [Vec<String>],
    cursor: usize,
    header: HashMap<Ref, i128>,
    at: HashMap<Ref, (usize, usize)>,
    /// Check learned bounds and invariants too, not only the structure.
    strict: bool,
    /// Record the first cases met (see [`Found`]).
    record: bool,
    found: Option<Found>,
    /// Every block read, in order, when tracing (see [`trace`]).
    trace: Option<Vec<Occurrence>>,
}

/// One block as read in a text: which, its content lines, and the header integers in force
/// (values and where they were read: content line, column).
#[derive(Debug, Clone)]
pub(crate) struct Occurrence {
    pub block: usize,
    pub lines: Range<usize>,
    pub header: HashMap<Ref, i128>,
    pub at: HashMap<Ref, (usize, usize)>,
}

/// Every block of `format` as read in `lines` (content lines), in reading order, when the text
/// keeps the format.
pub(crate) fn trace(format: &Format, lines: &[Vec<String>]) -> Option<Vec<Occurrence>> {
    let mut reader = Reader::new(lines, true);
    reader.trace = Some(Vec::new());
    let ok = reader.blocks(&format.blocks) && (!format.complete || reader.cursor == lines.len());
    ok.then_some(reader.trace).flatten()
}

impl<'a> Reader<'a> {
    fn new(lines: &'a [Vec<String>], strict: bool) -> Self {
        Reader {
            lines,
            cursor: 0,
            header: HashMap::new(),
            at: HashMap::new(),
            strict,
            record: false,
            found: None,
            trace: None,
        }
    }

    /// Header integer `by` minus `minus`, when it is a count.
    fn count(&self, by: Ref, minus: usize) -> Option<usize> {
        let v = self.header.get(&by)? - minus as i128;
        usize::try_from(v).ok()
    }

    /// Reads `blocks` in order; false when the text breaks them.
    fn blocks(&mut self, blocks: &[Block]) -> bool {
        blocks.iter().all(|block| self.block(block))
    }

    fn block(&mut self, block: &Block) -> bool {
        let times = match block.repeat {
            Repeat::Once => 1,
            Repeat::Lines { by, minus } => match self.count(by, minus) {
                Some(c) => c,
                None => return false,
            },
        };
        if let Row::Group { body } = &block.row {
            let Repeat::Lines { by, .. } = block.repeat else {
                return false;
            };
            let record = std::mem::take(&mut self.record);
            let mut cases = Vec::with_capacity(times.min(self.lines.len()));
            for _ in 0..times {
                let start = self.cursor;
                if start >= self.lines.len() || !self.blocks(body) {
                    return false;
                }
                cases.push(start..self.cursor);
            }
            if record {
                if let Some(&count) = self.at.get(&by) {
                    self.found = Some(Found { count, cases });
                }
            }
            return true;
        }
        let from = self.cursor;
        for _ in 0..times {
            let Some(consumed) = self.row(&block.row) else {
                return false;
            };
            if consumed && block.repeat == Repeat::Once {
                let line = &self.lines[self.cursor];
                for (col, token) in line.iter().enumerate() {
                    if let Some(v) = int_value(token) {
                        let at = Ref {
                            block: block.id,
                            col,
                        };
                        self.header.insert(at, v);
                        self.at.insert(at, (self.cursor, col));
                    }
                }
            }
            self.cursor += usize::from(consumed);
        }
        if let Some(trace) = &mut self.trace {
            trace.push(Occurrence {
                block: block.id,
                lines: from..self.cursor,
                header: self.header.clone(),
                at: self.at.clone(),
            });
        }
        match &block.row {
            Row::Fixed { rows, graph, .. } if self.strict && block.repeat != Repeat::Once => {
                let block_rows = &self.lines[from..self.cursor];
                rows.accepts(block_rows)
                    && graph.as_ref().is_none_or(|g| {
                        self.header
                            .get(&g.vertices)
                            .is_some_and(|&n| g.accepts(n, block_rows))
                    })
            }
            _ => true,
        }
    }

    /// Whether the line at the cursor is a row of `row`: `Some(true)` when it is (and is to be
    /// read), `Some(false)` for an empty array that takes no line, `None` when it breaks the
    /// format.
    fn row(&self, row: &Row) -> Option<bool> {
        let line = self.lines.get(self.cursor);
        let strict = self.strict;
        match row {
            Row::Fixed { fields, pairs, .. } => {
                let line = line?;
                (line.len() == fields.len()).then_some(())?;
                if !strict {
                    return Some(true);
                }
                for (field, token) in fields.iter().zip(line) {
                    self.field_fits(field, token).then_some(())?;
                }
                for pair in pairs {
                    if let Some(rel) = pair.relation() {
                        let a = int_value(&line[pair.left])?;
                        let b = int_value(&line[pair.right])?;
                        rel.holds(a, b).then_some(())?;
                    }
                }
                Some(true)
            }
            Row::Array {
                len,
                minus,
                item,
                seq,
                parents,
            } => {
                let expected = self.count(*len, *minus)?;
                if expected == 0 {
                    return Some(false);
                }
                let line = line?;
                (line.len() == expected).then_some(())?;
                if !strict {
                    return Some(true);
                }
                for token in line {
                    self.field_fits(item, token).then_some(())?;
                }
                let items: Vec<&str> = line.iter().map(String::as_str).collect();
                (seq.accepts(&items) && parents.as_ref().is_none_or(|p| p.accepts(&items)))
                    .then_some(true)
            }
            Row::Chars { len, item } => {
                let line = line?;
                let expected = self.count(*len, 0)?;
                (line.len() == 1 && line[0].chars().count() == expected).then_some(())?;
                (!strict || self.field_fits(item, &line[0])).then_some(true)
            }
            Row::Group { .. } => None,
        }
    }

    /// Whether `token` keeps the field's own invariants and its relations to header integers.
    fn field_fits(&self, field: &FieldStats, token: &str) -> bool {
        if !field.accepts(token) {
            return false;
        }
        field.header.iter().all(|(to, pair)| match pair.relation() {
            None => true,
            Some(rel) => match (int_value(token), self.header.get(to)) {
                (Some(v), Some(&h)) => rel.holds(v, h),
                _ => false,
            },
        })
    }
}
