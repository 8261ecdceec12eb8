//! Seed ranges (`--seeds A..B`) and shards (`--shard I/N`).
//!
//! A shard takes every N-th seed of the range, starting at its own offset, so N machines that run
//! shards 1..=N of the same range cover it with no overlap and no gap, and each gets an even mix
//! of cheap and expensive seeds.

use crate::error::UsageError;

/// Seeds tried when `--seeds` is absent: about a minute at most for a correct C++ solution.
pub const DEFAULT_SEEDS: SeedRange = SeedRange { start: 1, end: 101 };

/// A half-open range of seeds `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedRange {
    /// First seed.
    pub start: u64,
    /// One past the last seed.
    pub end: u64,
}

impl SeedRange {
    /// Parses `A..B` (B excluded), `A..=B` (B included) or a single seed `A`.
    pub fn parse(text: &str) -> Result<SeedRange, UsageError> {
        let bad = || {
            UsageError::new(format!(
                "bad seed range `{text}`: expected A..B or A..=B with A <= B, e.g. 1..1000"
            ))
        };
        let number = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
        let (start, end) = if let Some((a, b)) = text.split_once("..=") {
            (number(a)?, number(b)?.checked_add(1).ok_or_else(bad)?)
        } else if let Some((a, b)) = text.split_once("..") {
            (number(a)?, number(b)?)
        } else {
            let a = number(text)?;
            (a, a.checked_add(1).ok_or_else(bad)?)
        };
        if start >= end {
            return Err(bad());
        }
        Ok(SeedRange { start, end })
    }

    /// Number of seeds in the range.
    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    /// True when the range holds no seed.
    pub fn is_empty(&self) -> bool {
        self.start >= self.end
    }
}

/// Shard `index` (1-based) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 1-based index of this shard.
    pub index: u64,
    /// How many shards split the range.
    pub count: u64,
}

impl Shard {
    /// The whole range as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Parses `I/N` with 1 <= I <= N.
    pub fn parse(text: &str) -> Result<Shard, UsageError> {
        let bad = || {
            UsageError::new(format!(
                "bad shard `{text}`: expected I/N with 1 <= I <= N, e.g. 2/8"
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The seeds of `range` that belong to this shard, in increasing order.
    pub fn seeds(self, range: SeedRange) -> impl Iterator<Item = u64> {
        let first = range.start.saturating_add(self.index - 1);
        (first..range.end).step_by(self.count as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ranges() {
        assert_eq!(
            SeedRange::parse("1..4").unwrap(),
            SeedRange { start: 1, end: 4 }
        );
        assert_eq!(
            SeedRange::parse("1..=4").unwrap(),
            SeedRange { start: 1, end: 5 }
        );
        assert_eq!(
            SeedRange::parse("7").unwrap(),
            SeedRange { start: 7, end: 8 }
        );
        for bad in ["", "a..b", "5..5", "5..2", "1..=x", "-1..3"] {
            assert!(SeedRange::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_shards() {
        assert_eq!(Shard::parse("2/8").unwrap(), Shard { index: 2, count: 8 });
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_partition_the_range() {
        for (start, end) in [(0u64, 1u64), (1, 1000), (5, 17), (100, 103)] {
            let range = SeedRange { start, end };
            for count in 1..=9 {
                let mut all: Vec<u64> = (1..=count)
                    .flat_map(|index| Shard { index, count }.seeds(range))
                    .collect();
                let total = all.len();
                all.sort_unstable();
                all.dedup();
                assert_eq!(all.len(), total, "overlap in {range:?} / {count}");
                assert_eq!(
                    all,
                    (start..end).collect::<Vec<_>>(),
                    "gap in {range:?} / {count}"
                );
            }
        }
    }
}
