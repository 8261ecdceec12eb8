//! Shortening words (tokens that are not numbers): drop characters (a counted string keeps its
//! length token in step), then make characters the simplest of their class (`a`, `A`, `0`).

use super::doc::{Edit, Pos};
use super::drop::drop_from_lists;
use super::layout::Mode;
use super::search::Search;
use super::token::{is_word, simplest_char};

/// Shortens and simplifies every word it can; returns whether anything changed, `None` when the
/// budget ran out.
pub(crate) fn shorten_words<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    mode: Mode,
) -> Option<bool> {
    let mut progress = drop_from_lists(search, mode, |layout, doc| layout.char_lists(doc))?;
    let words: Vec<Pos> = search
        .doc
        .positions()
        .filter(|p| is_word(search.doc.token(*p)))
        .collect();
    for pos in words {
        progress |= simplify_word(search, pos)?;
    }
    Some(progress)
}

/// Makes characters of a word the simplest of their class, by chunks: the whole word, then
/// halves, quarters, ... single characters (a word that must keep its letters costs a run per
/// character, one that may lose them all costs one run).
fn simplify_word<F: FnMut(&str) -> bool>(search: &mut Search<F>, pos: Pos) -> Option<bool> {
    let len = search.doc.token(pos).chars().count();
    let mut progress = false;
    let mut size = len;
    while size >= 1 {
        for start in (0..len).step_by(size) {
            let current = search.doc.token(pos);
            let simpler: String = current
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if (start..start + size).contains(&i) {
                        simplest_char(c)
                    } else {
                        c
                    }
                })
                .collect();
            if simpler != current {
                progress |= search.attempt(&Edit::set_all(&[pos], &simpler))?;
            }
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil(2);
    }
    Some(progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    fn shorten(input: &str, mode: Mode, still_fails: impl FnMut(&str) -> bool) -> String {
        let budget = Budget {
            max_runs: 10_000,
            deadline: None,
        };
        let mut search = Search::new(input, &budget, still_fails);
        shorten_words(&mut search, mode);
        search.doc.render()
    }

    #[test]
    fn a_free_word_keeps_what_fails_and_at_least_one_character() {
        assert_eq!(
            shorten("xyabzz\n", Mode::Flat, |s| s.contains("ab")),
            "ab\n"
        );
        assert_eq!(
            shorten("xyz\n", Mode::Flat, |s| !s.trim().is_empty()),
            "a\n"
        );
    }

    #[test]
    fn a_counted_string_keeps_its_length_in_step() {
        let valid = |s: &str| {
            let mut it = s.split_whitespace();
            let n: usize = it.next().unwrap().parse().unwrap();
            it.next().is_some_and(|w| w.len() == n)
        };
        let out = shorten("6\nqqabcd\n", Mode::Structured, |s| {
            valid(s) && s.contains("ab")
        });
        assert_eq!(out, "2\nab\n");
    }

    #[test]
    fn characters_become_the_simplest_of_their_class() {
        assert_eq!(
            shorten("Zz9#\n", Mode::Flat, |s| s.contains('#')
                && s.trim().len() == 4),
            "Aa0#\n"
        );
        assert_eq!(
            shorten("qb\n", Mode::Flat, |s| s.trim().ends_with('b')
                && s.trim().len() == 2),
            "ab\n"
        );
    }

    #[test]
    fn characters_are_simplified_by_chunks() {
        let mut runs = 0;
        let long = "x".repeat(999) + "q\n";
        let out = shorten(&long, Mode::Flat, |s| {
            runs += 1;
            s.len() == long.len() && s.ends_with("q\n")
        });
        assert_eq!(out, "a".repeat(999) + "q\n");
        assert!(
            runs <= 60,
            "{runs} runs: by chunks, not a run per character"
        );
    }
}
