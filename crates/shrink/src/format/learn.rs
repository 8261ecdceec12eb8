//! Learning a [`Format`] from samples: a walk over all samples at once, one block at a time.
//!
//! At each point the first shape that fits every sample wins, in this order: cases (a header
//! integer followed by that many groups of lines, see [`Walk::group`]), lines repeated as often
//! as a header integer says (the latest header integer first; then, failing all of them, a header
//! integer minus one, for the n - 1 edges of a tree), then a single line (an array whose length a
//! header integer gives, one word whose length it gives, or a fixed number of fields). Nothing
//! fitting ends the walk.

use super::check::case_ends;
use super::graph::{GraphStats, ParentStats};
use super::rows::RowStats;
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
/// Cases nest at most this deep (a case of cases of cases).
const MAX_DEPTH: usize = 3;
/// Blocks a case's body may have.
const MAX_BODY_BLOCKS: usize = 8;

/// What one line of every repetition looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Fixed(usize),
    Array(usize, usize),
    Chars(usize),
}

/// Every sample's non-blank lines, as tokens.
type Lines = Vec<Vec<String>>;

/// The walk's state: every sample's non-blank lines, the cursor in each, and the header integers
/// read so far with their value in each sample.
struct Walk {
    samples: Vec<Lines>,
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
    let samples: Vec<Lines> = samples
        .iter()
        .map(|s| {
            Doc::parse(s.as_ref())
                .lines
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect()
        })
        .collect();
    let count = samples.len();
    let (blocks, complete) = learn_blocks(samples, &mut 0, 0);
    Format {
        samples: count,
        blocks,
        complete,
    }
}

/// The blocks every one of `samples` starts with, and whether they cover the samples to their
/// end. Block ids come from `ids`; `depth` is how deep in cases the samples are.
fn learn_blocks(samples: Vec<Lines>, ids: &mut usize, depth: usize) -> (Vec<Block>, bool) {
    let mut walk = Walk {
        cursors: vec![0; samples.len()],
        samples,
        scalars: Vec::new(),
        values: Vec::new(),
    };
    let mut blocks = Vec::new();
    let complete = loop {
        if walk.ended() == walk.samples.len() {
            break true;
        }
        let Some(block) = walk.step(ids, depth) else {
            break false;
        };
        blocks.push(block);
    };
    allow_single_cases(&mut blocks);
    (blocks, complete)
}

/// Lets every count of cases among `blocks` go down to 1 (see [`FieldStats::allow_down_to`]).
fn allow_single_cases(blocks: &mut [Block]) {
    let counts: Vec<Ref> = blocks
        .iter()
        .filter_map(|b| match (b.repeat, &b.row) {
            (Repeat::Lines { by, .. }, Row::Group { .. }) => Some(by),
            _ => None,
        })
        .collect();
    for by in counts {
        if let Some(Row::Fixed { fields, .. }) = blocks
            .iter_mut()
            .find(|b| b.id == by.block)
            .map(|b| &mut b.row)
        {
            if let Some(field) = fields.get_mut(by.col) {
                field.allow_down_to(1);
            }
        }
    }
}

impl Walk {
    /// The next block at every cursor, read (the cursors move past it); `None` when no shape
    /// fits every sample.
    fn step(&mut self, ids: &mut usize, depth: usize) -> Option<Block> {
        if let Some(block) = self.group(ids, depth) {
            return Some(block);
        }
        let ended = self.ended();
        let (repeat, shape) = self.repeated().or_else(|| {
            (ended == 0)
                .then(|| self.once())
                .flatten()
                .map(|shape| (Repeat::Once, shape))
        })?;
        *ids += 1;
        Some(self.take(*ids - 1, repeat, shape))
    }

    /// Cases: a header integer t, then in every sample t groups of lines of one structure (the
    /// body) that end where the sample ends. The body is grown block by block on the first case
    /// of every sample until the cases it delimits end every sample exactly; then it is learned
    /// again from every case of every sample (each case a sample of its own), which must give a
    /// body reading each case whole. A body of one line read once is not cases: that is lines.
    fn group(&mut self, ids: &mut usize, depth: usize) -> Option<Block> {
        if depth >= MAX_DEPTH {
            return None;
        }
        for i in (0..self.scalars.len()).rev() {
            let Some(times) = (0..self.samples.len())
                .map(|s| self.count(i, s, 0))
                .collect::<Option<Vec<usize>>>()
            else {
                continue;
            };
            let plausible = times.iter().any(|&t| t >= 2)
                && (0..self.samples.len()).all(|s| {
                    let left = self.samples[s].len() - self.cursors[s].min(self.samples[s].len());
                    times[s] <= left && (times[s] > 0 || left == 0)
                });
            if !plausible {
                continue;
            }
            if let Some(body) = self.case_body(&times, ids, depth) {
                for (s, cursor) in self.cursors.iter_mut().enumerate() {
                    *cursor = self.samples[s].len();
                }
                *ids += 1;
                return Some(Block {
                    id: *ids - 1,
                    repeat: Repeat::Lines {
                        by: self.scalars[i],
                        minus: 0,
                    },
                    row: Row::Group { body },
                });
            }
        }
        None
    }

    /// The body of `times[s]` cases in each sample (see [`Walk::group`]).
    fn case_body(&self, times: &[usize], ids: &mut usize, depth: usize) -> Option<Vec<Block>> {
        let rests: Vec<(usize, Lines)> = (0..self.samples.len())
            .filter(|&s| times[s] > 0)
            .map(|s| (times[s], self.samples[s][self.cursors[s]..].to_vec()))
            .collect();
        let mut first = Walk {
            cursors: vec![0; rests.len()],
            samples: rests.iter().map(|(_, lines)| lines.clone()).collect(),
            scalars: Vec::new(),
            values: Vec::new(),
        };
        let mut body = Vec::new();
        let mut scratch = 0;
        while body.len() < MAX_BODY_BLOCKS {
            body.push(first.step(&mut scratch, depth + 1)?);
            if matches!(&body[..], [one] if one.repeat == Repeat::Once) {
                continue;
            }
            let Some(ends) = rests
                .iter()
                .map(|(t, lines)| {
                    case_ends(&body, lines, 0, *t).filter(|e| e.last() == Some(&lines.len()))
                })
                .collect::<Option<Vec<Vec<usize>>>>()
            else {
                continue;
            };
            let cases: Vec<Lines> = rests
                .iter()
                .zip(&ends)
                .flat_map(|((_, lines), ends)| {
                    let starts = std::iter::once(0).chain(ends.iter().copied());
                    starts
                        .zip(ends.iter().copied())
                        .map(|(a, b)| lines[a..b].to_vec())
                        .collect::<Vec<_>>()
                })
                .collect();
            let (relearned, complete) = learn_blocks(cases.clone(), ids, depth + 1);
            let whole = complete
                && cases.iter().all(|case| {
                    case_ends(&relearned, case, 0, 1).is_some_and(|e| e == [case.len()])
                });
            return whole.then_some(relearned);
        }
        None
    }

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

    /// The header integer (its index in `scalars`) that numbers the vertices of the edge list
    /// of `times[s]` rows at every cursor: the first two values of every row lie in `1..=n`.
    /// Of several such integers, the smallest over the samples (`n`, not a larger `m`).
    fn vertex_count(&self, times: &[usize]) -> Option<usize> {
        let fits = |i: usize| {
            (0..self.samples.len()).all(|s| {
                let Some(n) = self.values[i][s] else {
                    return false;
                };
                let from = self.cursors[s];
                self.samples[s][from..from + times[s]].iter().all(|row| {
                    row[..2]
                        .iter()
                        .all(|t| int_value(t).is_some_and(|v| (1..=n).contains(&v)))
                })
            })
        };
        let total = |i: usize| -> i128 { self.values[i].iter().map(|v| v.unwrap_or(0)).sum() };
        let edges: usize = times.iter().sum();
        (0..self.scalars.len())
            .filter(|&i| edges > 0 && fits(i))
            .min_by_key(|&i| total(i))
    }

    /// Reads the block (`repeat`, `shape`) at every cursor, learning its statistics, and moves
    /// the cursors past it.
    fn take(&mut self, id: usize, repeat: Repeat, shape: Shape) -> Block {
        let times: Vec<usize> = match repeat {
            Repeat::Once => vec![1; self.samples.len()],
            Repeat::Lines { by, minus } => {
                let i = self.scalars.iter().position(|&r| r == by).unwrap_or(0);
                self.repetitions(i, minus).unwrap_or_default()
            }
        };
        let header_values =
            |s: usize, values: &[Vec<Option<i128>>]| values.iter().map(|v| v[s]).collect();
        let vertices = match (repeat, shape) {
            (Repeat::Lines { .. }, Shape::Fixed(k)) if k >= 2 => self.vertex_count(&times),
            _ => None,
        };
        let mut row = match shape {
            Shape::Fixed(k) => Row::Fixed {
                graph: vertices.map(|i| GraphStats::new(self.scalars[i])),
                fields: (0..k).map(|_| FieldStats::new(&self.scalars)).collect(),
                pairs: (0..k.min(MAX_PAIRED_FIELDS))
                    .flat_map(|a| (a + 1..k.min(MAX_PAIRED_FIELDS)).map(move |b| (a, b)))
                    .map(|(a, b)| PairStats::new(a, b))
                    .collect(),
                rows: RowStats::new(),
            },
            Shape::Array(i, minus) => Row::Array {
                len: self.scalars[i],
                minus,
                item: FieldStats::new(&self.scalars),
                seq: SeqStats::new(),
                parents: (minus == 1).then(ParentStats::new),
            },
            Shape::Chars(i) => Row::Chars {
                len: self.scalars[i],
                item: FieldStats::new(&self.scalars),
            },
        };
        for (s, &t) in times.iter().enumerate() {
            let here: Vec<Option<i128>> = header_values(s, &self.values);
            let lines = &self.samples[s][self.cursors[s]..self.cursors[s] + t];
            for line in lines {
                observe(&mut row, line, &here);
            }
            if let (Repeat::Lines { .. }, Row::Fixed { rows, graph, .. }) = (repeat, &mut row) {
                rows.observe(lines);
                if let (Some(graph), Some(i)) = (graph, vertices) {
                    graph.observe(self.values[i][s].unwrap_or(0), lines);
                }
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
                    self.scalars.push(Ref { block: id, col });
                    self.values.push(values);
                }
            }
        }
        Block { id, repeat, row }
    }
}

/// Records one line of a block.
fn observe(row: &mut Row, line: &[String], header: &[Option<i128>]) {
    match row {
        Row::Fixed { fields, pairs, .. } => {
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
        Row::Array {
            item, seq, parents, ..
        } => {
            for token in line {
                item.observe(token, header);
            }
            let items: Vec<&str> = line.iter().map(String::as_str).collect();
            seq.observe(&items);
            if let Some(parents) = parents {
                parents.observe(&items);
            }
        }
        Row::Chars { item, .. } => item.observe(&line[0], header),
        Row::Group { .. } => {}
    }
}
