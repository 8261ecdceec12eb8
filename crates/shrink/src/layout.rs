//! The structure the shrinker works on: lists of droppable items, and the tokens that count them.
//!
//! Dropping items of a counted list rewrites its count in the same variant, so `5\n1 2 3 4 5`
//! loses an element as `4\n1 2 4 5`, never as the inconsistent `5\n1 2 4 5`.

use super::detect::detect;
use super::doc::{Doc, Edit, Pos};
use super::token::{is_int, is_word};
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::ops::Range;

/// How much structure the passes use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The detected counts: drops keep them consistent; count tokens are never lowered alone.
    Structured,
    /// No structure: every line, token and number on its own (the fallback when a guess was wrong).
    Flat,
}

/// What the items of a list are.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Items {
    /// Item j is a range of document lines: one line, or one test case of several lines.
    Lines(Vec<Range<usize>>),
    /// Item j is token `start + j` of every row `(line, start)`: an array, or a column of a grid
    /// or of parallel arrays.
    Columns { rows: Vec<Pos>, len: usize },
    /// Item j is character j of every row token: a string, or a column of a character grid.
    Chars { rows: Vec<Pos>, len: usize },
    /// Item j is line `rows[j]` together with token j of every row: a square matrix.
    Square { rows: Vec<usize> },
    /// Item j is the token `tokens[j]`.
    Tokens(Vec<Pos>),
}

impl Items {
    /// How many items there are.
    pub fn len(&self) -> usize {
        match self {
            Items::Lines(ranges) => ranges.len(),
            Items::Columns { len, .. } | Items::Chars { len, .. } => *len,
            Items::Square { rows } => rows.len(),
            Items::Tokens(tokens) => tokens.len(),
        }
    }

    /// The edit that removes items `range` (and nothing else).
    pub fn drop(&self, range: Range<usize>) -> Edit {
        let mut edit = Edit::default();
        match self {
            Items::Lines(ranges) => edit.drop_lines = ranges[range].to_vec(),
            Items::Columns { rows, .. } => {
                edit.drop_tokens = rows
                    .iter()
                    .flat_map(|&(line, start)| range.clone().map(move |j| (line, start + j)))
                    .collect();
            }
            Items::Chars { rows, .. } => {
                edit.drop_chars = rows
                    .iter()
                    .flat_map(|&pos| range.clone().map(move |j| (pos, j)))
                    .collect();
            }
            Items::Square { rows } => {
                edit.drop_lines = rows[range.clone()].iter().map(|&l| l..l + 1).collect();
                edit.drop_tokens = rows
                    .iter()
                    .flat_map(|&line| range.clone().map(move |j| (line, j)))
                    .collect();
            }
            Items::Tokens(tokens) => edit.drop_tokens = tokens[range].to_vec(),
        }
        edit
    }
}

/// Items that may be dropped, and the tokens that may count them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct List {
    /// Alternative guesses for the token holding the number of items (empty: nothing counts them).
    pub counts: Vec<Pos>,
    /// The items.
    pub items: Items,
    /// The count minus the number of items: 1 for `n` then n - 1 tree edges, else 0.
    pub offset: usize,
    /// At least one item must stay (a line's last free token, a word's last character).
    pub keep_one: bool,
}

impl List {
    /// A list whose size the token at `count` holds.
    pub fn counted(count: Pos, items: Items) -> List {
        List {
            counts: vec![count],
            items,
            offset: 0,
            keep_one: false,
        }
    }

    /// The same list, counted by a token that holds `offset` more than the number of items.
    pub fn plus(self, offset: usize) -> List {
        List { offset, ..self }
    }

    /// A list nothing counts.
    pub fn free(items: Items, keep_one: bool) -> List {
        List {
            counts: Vec::new(),
            items,
            offset: 0,
            keep_one,
        }
    }

    /// The variants that drop items `range`: one per guess of the count token (each rewrites its
    /// guess), or one when nothing counts the items.
    pub fn drops(&self, range: Range<usize>) -> Vec<Edit> {
        let len = self.items.len();
        if range.is_empty() || (self.keep_one && range.len() >= len) {
            return Vec::new();
        }
        let dropped = self.items.drop(range.clone());
        if self.counts.is_empty() {
            return vec![dropped];
        }
        let remaining = (len - range.len() + self.offset).to_string();
        self.counts
            .iter()
            .map(|&count| {
                let mut edit = dropped.clone();
                edit.set_tokens.push((count, remaining.clone()));
                edit
            })
            .collect()
    }
}

/// The structure of one input.
#[derive(Debug, Default)]
pub(crate) struct Layout {
    /// The top-level sections (a header line and what it counts), as document line ranges.
    pub sections: Vec<Range<usize>>,
    /// The counted lists, outer ones first.
    pub relations: Vec<List>,
    /// Relations by a hash of their items, to merge equal guesses.
    by_items: HashMap<u64, Vec<usize>>,
}

impl Layout {
    /// The structure `mode` works with.
    pub fn of(doc: &Doc, mode: Mode) -> Layout {
        match mode {
            Mode::Structured => detect(doc),
            Mode::Flat => Layout {
                sections: (0..doc.lines.len()).map(|l| l..l + 1).collect(),
                ..Layout::default()
            },
        }
    }

    /// Adds a counted list; the same items counted by another guess only add that guess.
    pub fn add(&mut self, list: List) {
        let mut hasher = DefaultHasher::new();
        list.items.hash(&mut hasher);
        list.offset.hash(&mut hasher);
        let key = hasher.finish();
        let same = self.by_items.entry(key).or_default();
        if let Some(&i) = same.iter().find(|&&i| {
            self.relations[i].items == list.items && self.relations[i].offset == list.offset
        }) {
            let existing = &mut self.relations[i];
            for count in list.counts {
                if !existing.counts.contains(&count) {
                    existing.counts.push(count);
                }
            }
            return;
        }
        same.push(self.relations.len());
        self.relations.push(list);
    }

    /// Every token that may be a count.
    pub fn counts(&self) -> HashSet<Pos> {
        self.relations
            .iter()
            .flat_map(|r| r.counts.iter().copied())
            .collect()
    }

    /// Lists whose items are lines: the top-level sections, then counted lines and test cases.
    pub fn line_lists(&self) -> Vec<List> {
        let mut lists = Vec::new();
        if !self.sections.is_empty() {
            lists.push(List::free(Items::Lines(self.sections.clone()), false));
        }
        lists.extend(
            self.relations
                .iter()
                .filter(|r| matches!(r.items, Items::Lines(_) | Items::Square { .. }))
                .cloned(),
        );
        lists
    }

    /// Lists whose items are tokens: counted arrays and grid columns, then each line's tokens that
    /// nothing claims (a line's last one stays: dropping lines is the line pass's job).
    pub fn token_lists(&self, doc: &Doc) -> Vec<List> {
        let mut lists: Vec<List> = self
            .relations
            .iter()
            .filter(|r| matches!(r.items, Items::Columns { .. }))
            .cloned()
            .collect();
        let claimed = self.claimed(doc);
        for (l, line) in doc.lines.iter().enumerate() {
            let free: Vec<Pos> = (0..line.len())
                .filter(|&t| !claimed[l][t])
                .map(|t| (l, t))
                .collect();
            if !free.is_empty() {
                let whole_line = free.len() == line.len();
                lists.push(List::free(Items::Tokens(free), whole_line));
            }
        }
        lists
    }

    /// Lists whose items are characters: counted strings and character-grid columns, then every
    /// other word of two or more characters (it keeps at least one).
    pub fn char_lists(&self, doc: &Doc) -> Vec<List> {
        let mut lists: Vec<List> = self
            .relations
            .iter()
            .filter(|r| matches!(r.items, Items::Chars { .. }))
            .cloned()
            .collect();
        let counted: HashSet<Pos> = lists
            .iter()
            .flat_map(|r| match &r.items {
                Items::Chars { rows, .. } => rows.clone(),
                _ => Vec::new(),
            })
            .collect();
        for pos in doc.positions() {
            let token = doc.token(pos);
            if is_word(token) && !counted.contains(&pos) {
                let len = token.chars().count();
                if len >= 2 {
                    lists.push(List::free(
                        Items::Chars {
                            rows: vec![pos],
                            len,
                        },
                        true,
                    ));
                }
            }
        }
        lists
    }

    /// Integer tokens the number passes may lower: all but the counts.
    pub fn lowerable_ints(&self, doc: &Doc) -> Vec<Pos> {
        let counts = self.counts();
        doc.positions()
            .filter(|p| !counts.contains(p) && is_int(doc.token(*p)))
            .collect()
    }

    /// Integer tokens that are neither counts nor inside a counted array, grid, string or matrix:
    /// parameters and query lines, which may hold 1-based indices into an array.
    pub fn loose_ints(&self, doc: &Doc) -> Vec<Pos> {
        let claimed = self.claimed(doc);
        doc.positions()
            .filter(|&(l, t)| !claimed[l][t] && is_int(doc.token((l, t))))
            .collect()
    }

    /// Which tokens belong to a counted list or are counts, line by line.
    fn claimed(&self, doc: &Doc) -> Vec<Vec<bool>> {
        let mut claimed: Vec<Vec<bool>> = doc.lines.iter().map(|l| vec![false; l.len()]).collect();
        let mut claim = |(l, t): Pos| {
            if let Some(slot) = claimed.get_mut(l).and_then(|line| line.get_mut(t)) {
                *slot = true;
            }
        };
        for relation in &self.relations {
            relation.counts.iter().for_each(|&p| claim(p));
            match &relation.items {
                Items::Columns { rows, len } => {
                    for &(line, start) in rows {
                        (start..start + len).for_each(|t| claim((line, t)));
                    }
                }
                Items::Chars { rows, .. } => rows.iter().for_each(|&p| claim(p)),
                Items::Square { rows } => {
                    for &line in rows {
                        (0..rows.len()).for_each(|t| claim((line, t)));
                    }
                }
                Items::Lines(_) | Items::Tokens(_) => {}
            }
        }
        claimed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropping_counted_items_rewrites_every_guess_of_the_count() {
        let doc = Doc::parse("2 5\n1 2 3 4 5\n");
        let list = List {
            counts: vec![(0, 1), (0, 0)],
            items: Items::Columns {
                rows: vec![(1, 0)],
                len: 5,
            },
            offset: 0,
            keep_one: false,
        };
        let variants: Vec<String> = list
            .drops(1..3)
            .iter()
            .map(|e| doc.apply(e).render())
            .collect();
        assert_eq!(variants, ["2 3\n1 4 5\n", "3 5\n1 4 5\n"]);
    }

    #[test]
    fn an_offset_count_keeps_its_offset() {
        let doc = Doc::parse("4\n1 2\n1 3\n3 4\n");
        let list = List::counted((0, 0), Items::Lines(vec![1..2, 2..3, 3..4])).plus(1);
        assert_eq!(doc.apply(&list.drops(2..3)[0]).render(), "3\n1 2\n1 3\n");
    }

    #[test]
    fn square_items_drop_a_row_and_its_column() {
        let doc = Doc::parse("3\n1 2 3\n4 5 6\n7 8 9\n");
        let list = List::counted(
            (0, 0),
            Items::Square {
                rows: vec![1, 2, 3],
            },
        );
        assert_eq!(doc.apply(&list.drops(1..2)[0]).render(), "2\n1 3\n7 9\n");
    }

    #[test]
    fn keep_one_lists_never_drop_everything() {
        let list = List::free(Items::Tokens(vec![(0, 0), (0, 1)]), true);
        assert!(list.drops(0..2).is_empty());
        assert_eq!(list.drops(0..1).len(), 1);
    }

    #[test]
    fn equal_items_merge_their_count_guesses() {
        let mut layout = Layout::default();
        layout.add(List::counted((0, 1), Items::Lines(vec![1..2, 2..3])));
        layout.add(List::counted((0, 0), Items::Lines(vec![1..2, 2..3])));
        layout.add(List::counted(
            (0, 1),
            Items::Lines(std::iter::once(1..2).collect()),
        ));
        assert_eq!(layout.relations.len(), 2);
        assert_eq!(layout.relations[0].counts, [(0, 1), (0, 0)]);
    }

    #[test]
    fn free_tokens_exclude_counts_and_counted_items() {
        let doc = Doc::parse("3 7\n1 2 3\n4 5\n");
        let mut layout = Layout::default();
        layout.add(List::counted(
            (0, 0),
            Items::Columns {
                rows: vec![(1, 0)],
                len: 3,
            },
        ));
        let lists = layout.token_lists(&doc);
        assert_eq!(lists.len(), 3);
        assert_eq!(lists[1], List::free(Items::Tokens(vec![(0, 1)]), false));
        assert_eq!(
            lists[2],
            List::free(Items::Tokens(vec![(2, 0), (2, 1)]), true)
        );
        assert_eq!(layout.lowerable_ints(&doc).len(), 6);
        assert_eq!(layout.loose_ints(&doc), [(0, 1), (2, 0), (2, 1)]);
    }
}
