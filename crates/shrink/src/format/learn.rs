//! Learning a [`Format`] from samples: a walk over all samples at once, one block at a time.
//!
//! At each point the first shape that fits every sample wins, in this order: lines repeated as
//! often as a header integer says (the latest header integer first; then, failing all of them,
//! a header integer minus one, for the n - 1 edges of a tree), then a single line (an array whose length a header integer gives,
//! one word whose length it gives, or a fixed number of fields). Nothing fitting ends the walk.

use super::stats::{int_value, FieldStats, PairStats, SeqStats};
use super::{Block, Format, Ref, Repeat, Row, MIN_INPUTS};
use crate::doc::Doc;
use crate::token::is_word;

/// Header integers remembered as possible counts and relation partners.
const MAX_SCALARS: usize = 12;
/// Fields of a line compared pairwise (the first ones: relations hold between few fields).
const MAX_PAIRED_FIELDS: usize = 8;
/// Largest count believed.
const MAX_COUNT: i128 = 100_000_000;

/// What one line of every repetition looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Fixed(usize),
    Array(usize, usize),
    Chars(usize),
}

/// The walk's state: every sample's non-blank lines, the cursor in each, and the header integers
/// read so far with their value in each sample.
struct Walk {
    samples: Vec<Vec<Vec<String>>>,
    cursors: Vec<usize>,
    scalars: Vec<Ref>,
    values: Vec<Vec<Option<i128>>>,
}

/// See [`Format::learn`].
pub(super) fn learn<S: AsRef<str>>(samples: &[S]) -> Format {
    if samples.len() < MIN_INPUTS {
        return Format {
            samples: samples.len(),
            ..Format::default()
        };
    }
    let samples: Vec<Vec<Vec<String>>> = samples
        .iter()
        .map(|s| {
            Doc::parse(s.as_ref())
                .lines
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect()
        })
        .collect();
    let mut walk = Walk {
        cursors: vec![0; samples.len()],
        samples,
        scalars: Vec::new(),
        values: Vec::new(),
    };
    let mut blocks = Vec::new();
    let complete = loop {
        let ended = walk.ended();
        if ended == walk.samples.len() {
            break true;
        }
        let next = walk.repeated().or_else(|| {
            (ended == 0)
                .then(|| walk.once())
                .flatten()
                .map(|shape| (Repeat::Once, shape))
        });
        let Some((repeat, shape)) = next else {
            break false;
        };
        blocks.push(walk.take(blocks.len(), repeat, shape));
    };
    Format {
        samples: walk.samples.len(),
        blocks,
        complete,
    }
}

impl Walk {
    /// Samples whose lines are all read.
    fn ended(&self) -> usize {
        self.samples
            .iter()
            .zip(&self.cursors)
            .filter(|(lines, &c)| c >= lines.len())
            .count()
    }

    /// Header integer `i` minus `minus` in sample `s`, when it can count things.
    fn count(&self, i: usize, s: usize, minus: usize) -> Option<usize> {
        let v = self.values[i][s]? - minus as i128;
        (0..=MAX_COUNT).contains(&v).then_some(v as usize)
    }

    /// How many lines each sample repeats under header integer `i` minus `minus`, if all of them
    /// have that many lines left.
    fn repetitions(&self, i: usize, minus: usize) -> Option<Vec<usize>> {
        (0..self.samples.len())
            .map(|s| {
                let c = self.count(i, s, minus)?;
                (self.cursors[s] + c <= self.samples[s].len()).then_some(c)
            })
            .collect()
    }

    /// Lines repeated as often as a header integer says, and the shape of each.
    fn repeated(&self) -> Option<(Repeat, Shape)> {
        for minus in [0, 1] {
            for i in (0..self.scalars.len()).rev() {
                let Some(times) = self.repetitions(i, minus) else {
                    continue;
                };
                // Once everywhere is a single line, not a repetition.
                if times.iter().all(|&t| t == 1) || times.iter().all(|&t| t == 0) {
                    continue;
                }
                let rows: Vec<(usize, &[String])> = times
                    .iter()
                    .enumerate()
                    .flat_map(|(s, &t)| {
                        let from = self.cursors[s];
                        self.samples[s][from..from + t]
                            .iter()
                            .map(move |line| (s, line.as_slice()))
                    })
                    .collect();
                if let Some(shape) = self.shape(&rows) {
                    let by = self.scalars[i];
                    return Some((Repeat::Lines { by, minus }, shape));
                }
            }
        }
        None
    }

    /// The shape of the line at every sample's cursor.
    fn once(&self) -> Option<Shape> {
        let rows: Vec<(usize, &[String])> = (0..self.samples.len())
            .map(|s| (s, self.samples[s][self.cursors[s]].as_slice()))
            .collect();
        self.shape(&rows)
    }

    /// The one shape every row (sample, tokens) has: an array or a word whose length a header
    /// integer gives (when lengths vary), else a fixed number of fields.
    fn shape(&self, rows: &[(usize, &[String])]) -> Option<Shape> {
        let first = rows.first()?.1.len();
        let same = rows.iter().all(|(_, line)| line.len() == first);
        let lengths_vary = !same;
        for minus in [0, 1] {
            for i in (0..self.scalars.len()).rev() {
                let fits = rows
                    .iter()
                    .all(|&(s, line)| self.count(i, s, minus) == Some(line.len()));
                if fits && (lengths_vary || first > MAX_PAIRED_FIELDS) {
                    return Some(Shape::Array(i, minus));
                }
            }
        }
        if same && first == 1 && rows.iter().all(|(_, line)| is_word(&line[0])) {
            let chars = |line: &[String]| line[0].chars().count();
            let vary = rows.iter().any(|(_, line)| chars(line) != chars(rows[0].1));
            for i in (0..self.scalars.len()).rev() {
                let fits = rows
                    .iter()
                    .all(|&(s, line)| self.count(i, s, 0) == Some(chars(line)));
                if fits && (vary || chars(rows[0].1) > 1) {
                    return Some(Shape::Chars(i));
                }
            }
        }
        same.then_some(Shape::Fixed(first))
    }

    /// Reads the block (`repeat`, `shape`) at every cursor, learning its statistics, and moves
    /// the cursors past it.
    fn take(&mut self, index: usize, repeat: Repeat, shape: Shape) -> Block {
        let times: Vec<usize> = match repeat {
            Repeat::Once => vec![1; self.samples.len()],
            Repeat::Lines { by, minus } => {
                let i = self.scalars.iter().position(|&r| r == by).unwrap_or(0);
                self.repetitions(i, minus).unwrap_or_default()
            }
        };
        let header_values =
            |s: usize, values: &[Vec<Option<i128>>]| values.iter().map(|v| v[s]).collect();
        let mut row = match shape {
            Shape::Fixed(k) => Row::Fixed {
                fields: (0..k).map(|_| FieldStats::new(&self.scalars)).collect(),
                pairs: (0..k.min(MAX_PAIRED_FIELDS))
                    .flat_map(|a| (a + 1..k.min(MAX_PAIRED_FIELDS)).map(move |b| (a, b)))
                    .map(|(a, b)| PairStats::new(a, b))
                    .collect(),
            },
            Shape::Array(i, minus) => Row::Array {
                len: self.scalars[i],
                minus,
                item: FieldStats::new(&self.scalars),
                seq: SeqStats::new(),
            },
            Shape::Chars(i) => Row::Chars {
                len: self.scalars[i],
                item: FieldStats::new(&self.scalars),
            },
        };
        for (s, &t) in times.iter().enumerate() {
            let here: Vec<Option<i128>> = header_values(s, &self.values);
            for line in &self.samples[s][self.cursors[s]..self.cursors[s] + t] {
                observe(&mut row, line, &here);
            }
            self.cursors[s] += t;
        }
        if let (Repeat::Once, Shape::Fixed(k)) = (repeat, shape) {
            for col in 0..k {
                let values: Vec<Option<i128>> = (0..self.samples.len())
                    .map(|s| {
                        let line = &self.samples[s][self.cursors[s] - 1];
                        int_value(&line[col])
                    })
                    .collect();
                if values.iter().all(Option::is_some) && self.scalars.len() < MAX_SCALARS {
                    self.scalars.push(Ref { block: index, col });
                    self.values.push(values);
                }
            }
        }
        Block { repeat, row }
    }
}

/// Records one line of a block.
fn observe(row: &mut Row, line: &[String], header: &[Option<i128>]) {
    match row {
        Row::Fixed { fields, pairs } => {
            for (field, token) in fields.iter_mut().zip(line) {
                field.observe(token, header);
            }
            for pair in pairs {
                if let (Some(a), Some(b)) =
                    (int_value(&line[pair.left]), int_value(&line[pair.right]))
                {
                    pair.observe(a, b);
                }
            }
        }
        Row::Array { item, seq, .. } => {
            for token in line {
                item.observe(token, header);
            }
            let items: Vec<&str> = line.iter().map(String::as_str).collect();
            seq.observe(&items);
        }
        Row::Chars { item, .. } => item.observe(&line[0], header),
    }
}
