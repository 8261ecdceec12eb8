//! What was seen of one field, one pair of fields and one array, and the invariants it proves
//! once there were enough observations.

use super::{Ref, MIN_OBSERVATIONS, MIN_SEQUENCES};
use crate::token::{is_float, is_int};
use std::collections::{BTreeSet, HashSet};

/// More distinct characters than this in a field's words: its character set is not learned.
const MAX_CHARSET: usize = 64;

/// A field's type, from every token seen in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Type {
    /// Integers (that fit 128 bits).
    Int,
    /// Integers and decimal fractions.
    Decimal,
    /// Anything else.
    Word,
}

/// An order relation `left REL right`, the strongest that held on every observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rel {
    Lt,
    Le,
    Gt,
    Ge,
}

impl Rel {
    /// Whether `a REL b`.
    pub fn holds(self, a: i128, b: i128) -> bool {
        match self {
            Rel::Lt => a < b,
            Rel::Le => a <= b,
            Rel::Gt => a > b,
            Rel::Ge => a >= b,
        }
    }

    /// For `>` and `>=`, the same relation read right to left (`<`, `<=`).
    pub fn flipped(self) -> Option<Rel> {
        match self {
            Rel::Gt => Some(Rel::Lt),
            Rel::Ge => Some(Rel::Le),
            Rel::Lt | Rel::Le => None,
        }
    }

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            Rel::Lt => "<",
            Rel::Le => "<=",
            Rel::Gt => ">",
            Rel::Ge => ">=",
        }
    }
}

/// Which relations held between two integer values on every observation.
#[derive(Debug, Clone)]
pub(crate) struct PairStats {
    /// The left field: a column of the same line (pairs within a line) or unused (header pairs).
    pub left: usize,
    /// The right field's column (pairs within a line) or unused (header pairs).
    pub right: usize,
    seen: usize,
    held: [bool; 4],
}

const RELS: [Rel; 4] = [Rel::Lt, Rel::Le, Rel::Gt, Rel::Ge];

impl PairStats {
    /// No observation yet of `left` against `right`.
    pub fn new(left: usize, right: usize) -> PairStats {
        PairStats {
            left,
            right,
            seen: 0,
            held: [true; 4],
        }
    }

    /// Records one observation.
    pub fn observe(&mut self, a: i128, b: i128) {
        self.seen += 1;
        for (held, rel) in self.held.iter_mut().zip(RELS) {
            *held &= rel.holds(a, b);
        }
    }

    /// The strongest relation that always held, once seen often enough.
    pub fn relation(&self) -> Option<Rel> {
        if self.seen < MIN_OBSERVATIONS {
            return None;
        }
        RELS.iter()
            .zip(self.held)
            .find(|(_, held)| *held)
            .map(|(rel, _)| *rel)
    }
}

/// Everything seen in one field.
#[derive(Debug, Clone)]
pub(crate) struct FieldStats {
    seen: usize,
    ints: usize,
    numbers: usize,
    int_range: Option<(i128, i128)>,
    float_range: Option<(f64, f64)>,
    len_range: Option<(usize, usize)>,
    chars: BTreeSet<char>,
    /// This field (left) against earlier header integers (right).
    pub header: Vec<(Ref, PairStats)>,
}

/// The integer value of a token, when it is a canonical integer of 128 bits.
pub(crate) fn int_value(token: &str) -> Option<i128> {
    is_int(token).then(|| token.parse().ok()).flatten()
}

fn widen<T: PartialOrd + Copy>(range: &mut Option<(T, T)>, v: T) {
    *range = Some(match *range {
        None => (v, v),
        Some((lo, hi)) => (if v < lo { v } else { lo }, if v > hi { v } else { hi }),
    });
}

impl FieldStats {
    /// No observation yet; compared against the header integers `header`.
    pub fn new(header: &[Ref]) -> FieldStats {
        FieldStats {
            seen: 0,
            ints: 0,
            numbers: 0,
            int_range: None,
            float_range: None,
            len_range: None,
            chars: BTreeSet::new(),
            header: header.iter().map(|&r| (r, PairStats::new(0, 0))).collect(),
        }
    }

    /// Records one token; `header_values` are the current input's values of `self.header`.
    pub fn observe(&mut self, token: &str, header_values: &[Option<i128>]) {
        self.seen += 1;
        let int = int_value(token);
        if let Some(v) = int {
            self.ints += 1;
            widen(&mut self.int_range, v);
            for ((_, pair), h) in self.header.iter_mut().zip(header_values) {
                if let Some(h) = h {
                    pair.observe(v, *h);
                }
            }
        }
        if let Some(f) = (int.is_some() || is_float(token))
            .then(|| token.parse::<f64>().ok())
            .flatten()
        {
            self.numbers += 1;
            widen(&mut self.float_range, f);
        }
        widen(&mut self.len_range, token.chars().count());
        if self.chars.len() <= MAX_CHARSET {
            self.chars.extend(token.chars());
        }
    }

    /// Widens the learned integer range down to `low`: a count of cases may go down to one case
    /// however many the generator makes (one failing case is the goal of shrinking).
    pub fn allow_down_to(&mut self, low: i128) {
        if self.int_range.is_some() {
            widen(&mut self.int_range, low);
            widen(&mut self.float_range, low as f64);
        }
    }

    /// Whether enough was seen for bounds, type and character set to hold.
    pub fn learned(&self) -> bool {
        self.seen >= MIN_OBSERVATIONS
    }

    /// The type of every token seen.
    pub fn kind(&self) -> Type {
        if self.ints == self.seen {
            Type::Int
        } else if self.numbers == self.seen {
            Type::Decimal
        } else {
            Type::Word
        }
    }

    /// Smallest and largest integer seen (integer fields).
    pub fn int_range(&self) -> Option<(i128, i128)> {
        self.int_range
    }

    /// Smallest and largest number seen (decimal fields).
    pub fn float_range(&self) -> Option<(f64, f64)> {
        self.float_range
    }

    /// Shortest and longest token seen, in characters.
    pub fn len_range(&self) -> Option<(usize, usize)> {
        self.len_range
    }

    /// The characters words used, when few enough to be a class.
    pub fn charset(&self) -> Option<&BTreeSet<char>> {
        (self.chars.len() <= MAX_CHARSET).then_some(&self.chars)
    }

    /// Whether `token` keeps the field's learned type, bounds and character set.
    pub fn accepts(&self, token: &str) -> bool {
        if !self.learned() {
            return true;
        }
        match self.kind() {
            Type::Int => match (int_value(token), self.int_range) {
                (Some(v), Some((lo, hi))) => lo <= v && v <= hi,
                _ => false,
            },
            Type::Decimal => {
                let number = (is_int(token) || is_float(token))
                    .then(|| token.parse::<f64>().ok())
                    .flatten();
                match (number, self.float_range) {
                    (Some(v), Some((lo, hi))) => lo <= v && v <= hi,
                    _ => false,
                }
            }
            Type::Word => {
                let len = token.chars().count();
                let len_ok = self.len_range.is_none_or(|(lo, hi)| lo <= len && len <= hi);
                let chars_ok = self
                    .charset()
                    .is_none_or(|set| token.chars().all(|c| set.contains(&c)));
                len_ok && chars_ok
            }
        }
    }
}

/// What held for every array of a field.
#[derive(Debug, Clone)]
pub(crate) struct SeqStats {
    seen: usize,
    /// Non-decreasing, increasing, distinct, a permutation of 1..len.
    held: [bool; 4],
}

/// A property of arrays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SeqProperty {
    /// Each item at least the one before.
    Sorted,
    /// Each item more than the one before.
    Increasing,
    /// No two items equal.
    Distinct,
    /// The items are 1, 2, ..., len in some order.
    Permutation,
}

impl SeqProperty {
    /// How the explanation words it.
    pub fn name(self) -> &'static str {
        match self {
            SeqProperty::Sorted => "sorted",
            SeqProperty::Increasing => "strictly increasing",
            SeqProperty::Distinct => "distinct",
            SeqProperty::Permutation => "a permutation of 1..len",
        }
    }
}

const PROPERTIES: [SeqProperty; 4] = [
    SeqProperty::Sorted,
    SeqProperty::Increasing,
    SeqProperty::Distinct,
    SeqProperty::Permutation,
];

/// Which properties `items` has (same order as [`PROPERTIES`]); `None` when an item is not an
/// integer.
fn properties(items: &[&str]) -> Option<[bool; 4]> {
    let values: Vec<i128> = items.iter().map(|t| int_value(t)).collect::<Option<_>>()?;
    let sorted = values.windows(2).all(|w| w[0] <= w[1]);
    let increasing = values.windows(2).all(|w| w[0] < w[1]);
    let mut seen = HashSet::new();
    let distinct = values.iter().all(|v| seen.insert(*v));
    let len = values.len() as i128;
    let permutation = distinct && values.iter().all(|&v| 1 <= v && v <= len);
    Some([sorted, increasing, distinct, permutation])
}

impl SeqStats {
    /// No array seen yet.
    pub fn new() -> SeqStats {
        SeqStats {
            seen: 0,
            held: [true; 4],
        }
    }

    /// Records one array (arrays of fewer than two items prove nothing).
    pub fn observe(&mut self, items: &[&str]) {
        if items.len() < 2 {
            return;
        }
        self.seen += 1;
        let found = properties(items).unwrap_or([false; 4]);
        for (held, has) in self.held.iter_mut().zip(found) {
            *held &= has;
        }
    }

    /// The properties every array had, once enough arrays were seen; the strongest of a kind
    /// only (increasing implies sorted and distinct).
    pub fn learned(&self) -> Vec<SeqProperty> {
        if self.seen < MIN_SEQUENCES {
            return Vec::new();
        }
        let mut out: Vec<SeqProperty> = PROPERTIES
            .iter()
            .zip(self.held)
            .filter(|(_, held)| *held)
            .map(|(p, _)| *p)
            .collect();
        if out.contains(&SeqProperty::Increasing) {
            out.retain(|p| !matches!(p, SeqProperty::Sorted | SeqProperty::Distinct));
        }
        if out.contains(&SeqProperty::Permutation) {
            out.retain(|p| *p != SeqProperty::Distinct);
        }
        out
    }

    /// Whether `items` has every learned property.
    pub fn accepts(&self, items: &[&str]) -> bool {
        let learned = self.learned();
        if learned.is_empty() {
            return true;
        }
        let Some(found) = properties(items) else {
            return false;
        };
        learned.iter().all(|p| {
            let index = PROPERTIES.iter().position(|q| q == p).unwrap_or(0);
            found[index]
        })
    }
}
