//! Guessing, without knowing the format, which integer tokens count what follows them.
//!
//! The input is read as a sequence of sections. A section starts with a header line whose *shape*
//! says what its integers count: the rest of the same line (`3 a b c`), the tokens of the next
//! line (`5` / `1 2 3 4 5`) or of several parallel lines, the characters of the next token
//! (`5` / `abcde`), the next lines (`n m` then m edges) or one line fewer (`n` then the n - 1
//! edges of a tree), a grid (`n m` then n rows of m tokens or characters), a square matrix, an
//! array then lines (`n q`, the array, q queries), or test cases (`t` then t blocks that all
//! share one shape, e.g. each its own `n` and array).
//!
//! Every shape that fits is scored: reaching the end of the enclosing range first, then exact
//! length evidence (a line of exactly n tokens beats "some n lines follow"), then length. The
//! best-scored shapes all contribute their counted lists, as alternative guesses: a wrong guess
//! only costs a run, since the validator or reference rejects an inconsistent variant. Blank lines
//! are skipped (they stay attached to the item before them).

use super::doc::{Doc, Pos};
use super::layout::{Items, Layout, List};
use super::token::count_value;
use std::ops::Range;

/// Header lines longer than this count nothing below them (only `k a1 .. ak` on themselves).
const MAX_HEADER_TOKENS: usize = 6;
/// Only the first tokens of a header are candidate counts.
const MAX_HEADER_COUNTS: usize = 4;
/// Parser work allowed per line of input: bounds the search for test-case layouts.
const FUEL_PER_LINE: usize = 64;

/// What a header line's integers count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Nothing: a line of data.
    Plain,
    /// Token 0 counts the rest of its line.
    SameLine,
    /// Token k counts the tokens of the next line.
    NextTokens(usize),
    /// Token k counts the tokens of each of the next lines (two or more parallel arrays); a lone
    /// `n` also keeps the guess that only the first of them is counted.
    Arrays(usize),
    /// Token k is the length of the next line's single token.
    NextChars(usize),
    /// Token k counts the next lines.
    NextLines(usize),
    /// Token k is one more than the number of next lines (`n`, then the n - 1 edges of a tree).
    TreeLines(usize),
    /// Token k is one more than the number of tokens on the next line (`n`, then p2 .. pn).
    TreeTokens(usize),
    /// The header's only token counts test cases that follow, all of one shape.
    Tests,
    /// Token p counts the next lines, token q the tokens (or characters) of each; a later token
    /// may count the lines after them, to the end.
    Grid(usize, usize),
    /// Token p counts the next line's tokens, token q the lines after it.
    TokensThenLines(usize, usize),
    /// The header's only token counts the next lines and the tokens of each.
    Square,
}

/// One way a header fits: where its section ends and what it counts.
struct Fit {
    end: usize,
    strong: bool,
    relations: Vec<List>,
}

/// Guesses the counted lists of `doc`.
pub(crate) fn detect(doc: &Doc) -> Layout {
    let content: Vec<usize> = (0..doc.lines.len())
        .filter(|&l| !doc.lines[l].is_empty())
        .collect();
    let mut parser = Parser {
        doc,
        fuel: FUEL_PER_LINE * (content.len() + 16),
        content,
    };
    let to = parser.content.len();
    let mut layout = Layout::default();
    let mut i = 0;
    while i < to {
        let (end, relations) = parser.best(i, to);
        layout.sections.push(parser.doc_range(i, end));
        relations.into_iter().for_each(|r| layout.add(r));
        i = end;
    }
    layout
}

/// A parse of the non-blank lines of one document. Indices are into `content`.
struct Parser<'a> {
    doc: &'a Doc,
    content: Vec<usize>,
    fuel: usize,
}

impl Parser<'_> {
    /// The tokens of content line `i`.
    fn line(&self, i: usize) -> &[String] {
        &self.doc.lines[self.content[i]]
    }

    /// Token k of content line i, if it can be a count.
    fn count(&self, i: usize, k: usize) -> Option<usize> {
        self.line(i).get(k).and_then(|t| count_value(t))
    }

    /// Where token k of content line `i` is in the document.
    fn pos(&self, i: usize, k: usize) -> Pos {
        (self.content[i], k)
    }

    /// The document lines of content lines `a..b`, with the blank lines that follow them.
    fn doc_range(&self, a: usize, b: usize) -> Range<usize> {
        let start = |i: usize| self.content.get(i).copied().unwrap_or(self.doc.lines.len());
        start(a)..start(b)
    }

    /// Spends `work` units of fuel; false once it has run out (only `Plain` fits then).
    fn burn(&mut self, work: usize) -> bool {
        self.fuel = self.fuel.saturating_sub(work);
        self.fuel > 0
    }

    /// The best-scored fits of the top-level header at `i` within `..to`: where its section ends
    /// and the lists of every fit with the best score.
    fn best(&mut self, i: usize, to: usize) -> (usize, Vec<List>) {
        let fits: Vec<Fit> = self
            .shapes(i, 0)
            .into_iter()
            .filter_map(|shape| self.fit(i, to, shape, 0))
            .collect();
        let score = |f: &Fit| (f.end == to, f.strong, f.end);
        let top = fits
            .iter()
            .map(score)
            .max()
            .unwrap_or((false, false, i + 1));
        let relations = fits
            .into_iter()
            .filter(|f| score(f) == top)
            .flat_map(|f| f.relations)
            .collect();
        (top.2, relations)
    }

    /// The shapes worth trying for the header at `i`, in order of preference (test cases only at
    /// depth 0: they do not nest).
    fn shapes(&self, i: usize, depth: usize) -> Vec<Shape> {
        let line = self.line(i);
        let mut shapes = Vec::new();
        if line.len() <= MAX_HEADER_TOKENS {
            let ints: Vec<usize> = (0..line.len().min(MAX_HEADER_COUNTS))
                .filter(|&k| self.count(i, k).is_some())
                .collect();
            if line.len() == 1 && ints == [0] {
                if depth == 0 {
                    shapes.push(Shape::Tests);
                }
                shapes.push(Shape::Square);
            }
            for &k in &ints {
                shapes.extend([
                    Shape::NextLines(k),
                    Shape::NextTokens(k),
                    Shape::Arrays(k),
                    Shape::NextChars(k),
                    Shape::TreeLines(k),
                    Shape::TreeTokens(k),
                ]);
            }
            for (a, &p) in ints.iter().enumerate() {
                for &q in &ints[a + 1..] {
                    shapes.extend([Shape::Grid(p, q), Shape::TokensThenLines(p, q)]);
                }
            }
        }
        shapes.extend([Shape::SameLine, Shape::Plain]);
        shapes
    }

    /// How `shape` fits the header at `i` within `..to`, if it does.
    fn fit(&mut self, i: usize, to: usize, shape: Shape, depth: usize) -> Option<Fit> {
        if shape != Shape::Plain && !self.burn(1) {
            return None;
        }
        let strong = |end: usize, relations: Vec<List>| {
            Some(Fit {
                end,
                strong: true,
                relations,
            })
        };
        let next = i + 1;
        match shape {
            Shape::Plain => Some(Fit {
                end: next,
                strong: false,
                relations: Vec::new(),
            }),
            Shape::SameLine => strong(next, vec![self.same_line(i)?]),
            Shape::NextTokens(k) => {
                let c = self.count(i, k).filter(|&c| c >= 1)?;
                (next < to && self.line(next).len() == c).then_some(())?;
                strong(next + 1, vec![self.columns(i, k, next..next + 1, c)])
            }
            Shape::Arrays(k) => {
                let c = self.count(i, k).filter(|&c| c >= 1)?;
                let rows = (next..to).take_while(|&j| self.line(j).len() == c).count();
                self.burn(rows);
                (rows >= 2).then_some(())?;
                let mut relations = vec![self.columns(i, k, next..next + rows, c)];
                if self.line(i).len() == 1 {
                    // `n`, an array, then a line that only happens to have n tokens (`l r`).
                    relations.push(self.columns(i, k, next..next + 1, c));
                }
                strong(next + rows, relations)
            }
            Shape::NextChars(k) => {
                let c = self.count(i, k).filter(|&c| c >= 1)?;
                (next < to && self.single_token_of(next, c)).then_some(())?;
                let chars = Items::Chars {
                    rows: vec![self.pos(next, 0)],
                    len: c,
                };
                strong(next + 1, vec![List::counted(self.pos(i, k), chars)])
            }
            Shape::NextLines(k) => {
                let c = self.count(i, k).filter(|&c| c >= 1)?;
                (next + c <= to).then_some(())?;
                let relations = self.lines(i, k, next..next + c);
                Some(Fit {
                    end: next + c,
                    strong: next + c == to,
                    relations,
                })
            }
            Shape::TreeLines(k) => {
                let c = self.count(i, k).filter(|&c| c >= 2)? - 1;
                (next + c <= to).then_some(())?;
                let mut relations = self.lines(i, k, next..next + c);
                relations[0] = relations[0].clone().plus(1);
                Some(Fit {
                    end: next + c,
                    strong: next + c == to,
                    relations,
                })
            }
            Shape::TreeTokens(k) => {
                let c = self.count(i, k).filter(|&c| c >= 2)? - 1;
                (next < to && self.line(next).len() == c).then_some(())?;
                strong(
                    next + 1,
                    vec![self.columns(i, k, next..next + 1, c).plus(1)],
                )
            }
            Shape::Tests => self.tests(i, to, depth),
            Shape::Grid(p, q) => {
                let (rows, cols) = (self.count(i, p)?, self.count(i, q)?);
                (rows >= 1 && cols >= 1 && next + rows <= to).then_some(())?;
                self.burn(rows);
                let body = next..next + rows;
                let cells = if body.clone().all(|j| self.line(j).len() == cols) {
                    self.columns(i, q, body.clone(), cols)
                } else if body.clone().all(|j| self.single_token_of(j, cols)) {
                    let rows = body.clone().map(|j| self.pos(j, 0)).collect();
                    List::counted(self.pos(i, q), Items::Chars { rows, len: cols })
                } else {
                    return None;
                };
                let lines = List::counted(self.pos(i, p), self.line_items(body.clone()));
                let mut relations = vec![lines, cells];
                // `n m q`, the grid, then q queries to the end.
                let queries = (q + 1..self.line(i).len().min(MAX_HEADER_COUNTS)).find(|&r| {
                    self.count(i, r)
                        .is_some_and(|c| c >= 1 && body.end + c == to)
                });
                let end = match queries {
                    Some(r) => {
                        relations.extend(self.lines(i, r, body.end..to));
                        to
                    }
                    None => body.end,
                };
                strong(end, relations)
            }
            Shape::TokensThenLines(p, q) => {
                let (tokens, lines) = (self.count(i, p)?, self.count(i, q)?);
                (tokens >= 1 && lines >= 1 && next + 1 + lines <= to).then_some(())?;
                (self.line(next).len() == tokens).then_some(())?;
                let mut relations = vec![self.columns(i, p, next..next + 1, tokens)];
                relations.extend(self.lines(i, q, next + 1..next + 1 + lines));
                strong(next + 1 + lines, relations)
            }
            Shape::Square => {
                let c = self.count(i, 0).filter(|&c| c >= 2)?;
                (next + c <= to).then_some(())?;
                self.burn(c);
                (next..next + c)
                    .all(|j| self.line(j).len() == c)
                    .then_some(())?;
                let rows = (next..next + c).map(|j| self.content[j]).collect();
                strong(
                    next + c,
                    vec![List::counted(self.pos(i, 0), Items::Square { rows })],
                )
            }
        }
    }

    /// `k a1 .. ak`, or `k` and a word of k characters, on line `i`, for k >= 2 (a lone `1 x` is
    /// as often two unrelated numbers).
    fn same_line(&self, i: usize) -> Option<List> {
        let c = self.count(i, 0).filter(|&c| c >= 2)?;
        let line = self.line(i);
        let items = if line.len() == c + 1 {
            Items::Columns {
                rows: vec![self.pos(i, 1)],
                len: c,
            }
        } else if line.len() == 2 && line[1].chars().count() == c {
            Items::Chars {
                rows: vec![self.pos(i, 1)],
                len: c,
            }
        } else {
            return None;
        };
        Some(List::counted(self.pos(i, 0), items))
    }

    /// Whether content line `j` is one token of exactly `chars` characters.
    fn single_token_of(&self, j: usize, chars: usize) -> bool {
        let line = self.line(j);
        line.len() == 1 && line[0].chars().count() == chars
    }

    /// Token k of header `i` counts the first `len` tokens of each of `rows`.
    fn columns(&self, i: usize, k: usize, rows: Range<usize>, len: usize) -> List {
        let rows = rows.map(|j| self.pos(j, 0)).collect();
        List::counted(self.pos(i, k), Items::Columns { rows, len })
    }

    /// Each of content lines `lines` as one item.
    fn line_items(&self, lines: Range<usize>) -> Items {
        Items::Lines(lines.map(|j| self.doc_range(j, j + 1)).collect())
    }

    /// Token k of header `i` counts `lines`; each of them may count the rest of itself.
    fn lines(&mut self, i: usize, k: usize, lines: Range<usize>) -> Vec<List> {
        self.burn(lines.len());
        let mut relations = vec![List::counted(
            self.pos(i, k),
            self.line_items(lines.clone()),
        )];
        relations.extend(lines.filter_map(|j| self.same_line(j)));
        relations
    }

    /// The header's only token counts test cases up to `to`: every shape of the first case that
    /// carries all of them (each case with that same shape) contributes.
    fn tests(&mut self, i: usize, to: usize, depth: usize) -> Option<Fit> {
        let cases = self.count(i, 0).filter(|&c| c >= 1)?;
        let first = i + 1;
        (to - first >= cases).then_some(())?;
        let mut relations = Vec::new();
        for shape in self.shapes(first, depth + 1) {
            if let Some(found) = self.cases(i, first, to, cases, shape, depth + 1) {
                relations.extend(found);
            }
        }
        (!relations.is_empty()).then_some(Fit {
            end: to,
            strong: true,
            relations,
        })
    }

    /// `cases` sections of `shape` from `from` ending exactly at `to`, counted by header `i`.
    fn cases(
        &mut self,
        i: usize,
        from: usize,
        to: usize,
        cases: usize,
        shape: Shape,
        depth: usize,
    ) -> Option<Vec<List>> {
        let mut blocks = Vec::with_capacity(cases.min(to - from));
        let mut inner = Vec::new();
        let mut j = from;
        for _ in 0..cases {
            if j >= to {
                return None;
            }
            let fit = self.fit(j, to, shape, depth)?;
            blocks.push(self.doc_range(j, fit.end));
            inner.extend(fit.relations);
            j = fit.end;
        }
        (j == to).then(|| {
            let mut relations = vec![List::counted(self.pos(i, 0), Items::Lines(blocks))];
            relations.extend(inner);
            relations
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counted lists of `text`, each as (count guesses, items).
    fn relations(text: &str) -> Vec<(Vec<Pos>, Items)> {
        detect(&Doc::parse(text))
            .relations
            .into_iter()
            .map(|r| (r.counts, r.items))
            .collect()
    }

    fn cols(rows: &[Pos], len: usize) -> Items {
        Items::Columns {
            rows: rows.to_vec(),
            len,
        }
    }

    #[test]
    fn an_array_after_its_length() {
        assert_eq!(
            relations("5\n1 2 3 4 5\n"),
            [(vec![(0, 0)], cols(&[(1, 0)], 5))]
        );
        assert_eq!(
            relations("3 7\n1 2 3\n"),
            [(vec![(0, 0)], cols(&[(1, 0)], 3))]
        );
    }

    #[test]
    fn a_count_on_its_own_line() {
        assert_eq!(relations("3 a b c\n"), [(vec![(0, 0)], cols(&[(0, 1)], 3))]);
        assert!(relations("1 5\n").is_empty());
        let word = Items::Chars {
            rows: vec![(0, 1)],
            len: 3,
        };
        assert_eq!(relations("3 abc\n"), [(vec![(0, 0)], word)]);
    }

    #[test]
    fn lines_after_their_count() {
        let graph = relations("5 3\n1 2\n2 3\n3 3\n");
        assert_eq!(
            graph,
            [(vec![(0, 1)], Items::Lines(vec![1..2, 2..3, 3..4]))]
        );
        let lists = relations("2\n3 1 2 3\n2 4 5\n");
        assert_eq!(lists[0], (vec![(0, 0)], Items::Lines(vec![1..2, 2..3])));
        assert!(lists.contains(&(vec![(1, 0)], cols(&[(1, 1)], 3))));
        assert!(lists.contains(&(vec![(2, 0)], cols(&[(2, 1)], 2))));
    }

    #[test]
    fn a_tree_after_its_vertex_count() {
        let lists = detect(&Doc::parse("4\n1 2\n1 3\n3 4\n")).relations;
        assert_eq!(lists.len(), 1);
        assert_eq!(lists[0].items, Items::Lines(vec![1..2, 2..3, 3..4]));
        assert_eq!(
            (lists[0].counts.as_slice(), lists[0].offset),
            (&[(0, 0)][..], 1)
        );
        let parents = detect(&Doc::parse("4\n1 1 2\n")).relations;
        assert_eq!(parents[0].items, cols(&[(1, 0)], 3));
        assert_eq!(parents[0].offset, 1);
    }

    #[test]
    fn test_cases_each_with_its_own_count() {
        let lists = relations("3\n2\n5 6\n1\n7\n3\n1 2 3\n");
        assert_eq!(
            lists[0],
            (vec![(0, 0)], Items::Lines(vec![1..3, 3..5, 5..7]))
        );
        assert!(lists.contains(&(vec![(1, 0)], cols(&[(2, 0)], 2))));
        assert!(lists.contains(&(vec![(3, 0)], cols(&[(4, 0)], 1))));
        assert!(lists.contains(&(vec![(5, 0)], cols(&[(6, 0)], 3))));
    }

    #[test]
    fn test_cases_of_several_lines_with_blank_lines_between() {
        let lists = relations("2\n\n2 1\n1 2\n\n3 2\n1 2\n2 3\n");
        // Also read as (2 lines, then 1 line): both guesses are kept.
        assert!(lists.contains(&(vec![(0, 0)], Items::Lines(vec![2..5, 5..8]))));
        assert!(lists.contains(&(vec![(2, 1)], Items::Lines(std::iter::once(3..5).collect()))));
        assert!(lists.contains(&(vec![(5, 1)], Items::Lines(vec![6..7, 7..8]))));
    }

    #[test]
    fn grids_of_tokens_and_of_characters() {
        let lists = relations("2 3\n1 2 3\n4 5 6\n");
        assert!(lists.contains(&(vec![(0, 0)], Items::Lines(vec![1..2, 2..3]))));
        assert!(lists.contains(&(vec![(0, 1)], cols(&[(1, 0), (2, 0)], 3))));
        let chars = relations("2 3\n#.#\n..#\n");
        assert!(chars.contains(&(
            vec![(0, 1)],
            Items::Chars {
                rows: vec![(1, 0), (2, 0)],
                len: 3
            }
        )));
    }

    #[test]
    fn a_grid_then_queries() {
        let lists = relations("2 2 3\n#.\n.#\n1 1\n2 2\n1 2\n");
        assert!(lists.contains(&(vec![(0, 0)], Items::Lines(vec![1..2, 2..3]))));
        assert!(lists.contains(&(vec![(0, 2)], Items::Lines(vec![3..4, 4..5, 5..6]))));
    }

    #[test]
    fn a_string_after_its_length() {
        assert_eq!(
            relations("4\nabcd\n"),
            [(
                vec![(0, 0)],
                Items::Chars {
                    rows: vec![(1, 0)],
                    len: 4
                }
            )]
        );
    }

    #[test]
    fn an_array_then_queries() {
        let lists = relations("3 2\n5 6 7\n1 2\n2 3\n");
        assert!(lists.contains(&(vec![(0, 0)], cols(&[(1, 0)], 3))));
        assert!(lists.contains(&(vec![(0, 1)], Items::Lines(vec![2..3, 3..4]))));
    }

    #[test]
    fn parallel_arrays_also_keep_the_single_array_guess() {
        let lists = relations("3\n1 2 3\n4 5 6\n");
        assert!(lists.contains(&(vec![(0, 0)], cols(&[(1, 0), (2, 0)], 3))));
        assert!(lists.contains(&(vec![(0, 0)], cols(&[(1, 0)], 3))));
    }

    #[test]
    fn a_square_matrix() {
        let lists = relations("2\n0 1\n1 0\n");
        assert!(lists.contains(&(vec![(0, 0)], Items::Square { rows: vec![1, 2] })));
    }

    #[test]
    fn ambiguous_headers_keep_every_guess() {
        let lists = relations("2 2\n1 2\n2 2\n");
        let rows = lists
            .iter()
            .find(|(_, items)| *items == Items::Lines(vec![1..2, 2..3]))
            .unwrap();
        assert!(rows.0.contains(&(0, 0)) && rows.0.contains(&(0, 1)));
    }

    #[test]
    fn plain_data_has_no_counts() {
        assert!(relations("hello world\nfoo\n").is_empty());
        assert!(relations("").is_empty());
        assert_eq!(detect(&Doc::parse("a\nb\n")).sections, [0..1, 1..2]);
    }

    #[test]
    fn huge_inputs_parse_quickly_and_fully() {
        let mut text = String::from("100000\n");
        for v in 0..100_000 {
            text.push_str(&format!("{}\n", v % 7 + 2));
        }
        let lists = relations(&text);
        assert!(matches!(&lists[0].1, Items::Lines(items) if items.len() == 100_000));
    }
}
