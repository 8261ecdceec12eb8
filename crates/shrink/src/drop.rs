//! Dropping items of lists, delta-debugging style: chunks of all the items, then halves,
//! quarters, ... single items, keeping the chunk size after a success.

use super::doc::{Doc, Edit, Pos};
use super::layout::{Items, Layout, List, Mode};
use super::search::Search;
use super::token::count_value;
use std::ops::Range;

/// The lists of one input, and its loose integers (see [`Layout::loose_ints`]).
struct Droppable {
    lists: Vec<List>,
    loose: Vec<Pos>,
}

impl Droppable {
    /// The lists `select` picks from the layout `mode` sees in `doc`.
    fn find(doc: &Doc, mode: Mode, select: fn(&Layout, &Doc) -> Vec<List>) -> Droppable {
        let layout = Layout::of(doc, mode);
        Droppable {
            lists: select(&layout, doc),
            loose: layout.loose_ints(doc),
        }
    }
}

/// Drops what it can from whole lines: top-level sections, counted lines and test cases.
pub(crate) fn drop_lines<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    mode: Mode,
) -> Option<bool> {
    drop_from_lists(search, mode, |layout, _| layout.line_lists())
}

/// Drops what it can from arrays, grid columns and each line's free tokens.
pub(crate) fn drop_tokens<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    mode: Mode,
) -> Option<bool> {
    drop_from_lists(search, mode, |layout, doc| layout.token_lists(doc))
}

/// Runs [`ddmin`] on each list `select` picks, in order. The lists are found again after every
/// accepted step (positions move); the i-th list is then the i-th of the new input. Returns
/// whether anything was dropped, `None` when the budget ran out.
pub(crate) fn drop_from_lists<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    mode: Mode,
    select: fn(&Layout, &Doc) -> Vec<List>,
) -> Option<bool> {
    let find = |doc: &Doc| Droppable::find(doc, mode, select);
    let mut current = find(&search.doc);
    let mut progress = false;
    let mut index = 0;
    while index < current.lists.len() {
        progress |= ddmin(search, &mut current, index, &find)?;
        index += 1;
    }
    Some(progress)
}

/// Drops chunks of list `index`: the whole list, then chunks of half its size, a quarter, ...
/// down to single items; after a success the same chunk size goes on from the same place.
/// Each chunk is tried with every guess of the count token, then (for a counted array) with the
/// loose integers renumbered as 1-based indices into it.
fn ddmin<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    current: &mut Droppable,
    index: usize,
    find: &impl Fn(&Doc) -> Droppable,
) -> Option<bool> {
    let mut progress = false;
    let mut size = current.lists[index].items.len();
    while size >= 1 {
        let mut start = 0;
        while start < current.lists[index].items.len() {
            let list = &current.lists[index];
            let range = start..(start + size).min(list.items.len());
            let mut variants = list.drops(range.clone());
            variants.extend(renumbered(list, range, &search.doc, &current.loose));
            let mut accepted = false;
            for edit in variants {
                if search.attempt(&edit)? {
                    accepted = true;
                    break;
                }
            }
            if accepted {
                progress = true;
                *current = find(&search.doc);
                if index >= current.lists.len() {
                    return Some(true);
                }
            } else {
                start += size;
            }
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil(2);
    }
    Some(progress)
}

/// Dropping `range` from a counted array while renumbering the loose integers that look like
/// 1-based indices into it (1 ..= its length): those past the chunk move down by its size, those
/// into it point at the item before it (or the first). So `4` / `5 1 7 3` / `2 3` (a query)
/// can lose its first two elements as `2` / `7 3` / `1 1`. `None` when nothing would be renumbered.
fn renumbered(list: &List, range: Range<usize>, doc: &Doc, loose: &[Pos]) -> Option<Edit> {
    let len = list.items.len();
    if !matches!(list.items, Items::Columns { .. }) || range.len() >= len {
        return None;
    }
    let mut edit = list.drops(range.clone()).into_iter().next()?;
    let before = edit.set_tokens.len();
    for &pos in loose {
        let Some(index) = count_value(doc.token(pos)).filter(|&v| (1..=len).contains(&v)) else {
            continue;
        };
        let moved = if index > range.end {
            index - range.len()
        } else if index > range.start {
            range.start.max(1)
        } else {
            index
        };
        if moved != index {
            edit.set_tokens.push((pos, moved.to_string()));
        }
    }
    (edit.set_tokens.len() > before).then_some(edit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    fn budget() -> Budget {
        Budget {
            max_runs: 1000,
            deadline: None,
        }
    }

    /// One free list: every token of line 0.
    fn tokens(doc: &Doc, _: &Layout) -> Vec<List> {
        let items = (0..doc.lines[0].len()).map(|t| (0, t)).collect();
        vec![List::free(Items::Tokens(items), false)]
    }

    fn drop_free_tokens<F: FnMut(&str) -> bool>(search: &mut Search<F>) -> Option<bool> {
        drop_from_lists(search, Mode::Flat, |layout, doc| tokens(doc, layout))
    }

    #[test]
    fn finds_the_one_needed_item_in_logarithmically_many_runs() {
        let input: Vec<String> = (0..1024).map(|v| v.to_string()).collect();
        let mut search = Search::new(&input.join(" "), &budget(), |s: &str| {
            s.split(' ').any(|t| t == "700")
        });
        assert_eq!(drop_free_tokens(&mut search), Some(true));
        assert_eq!(search.doc.render(), "700");
        assert!(search.runs <= 2 * 11 + 2, "{} runs", search.runs);
    }

    #[test]
    fn keeps_every_item_that_is_needed() {
        let mut search = Search::new("1 2 3 4 5 6 7 8", &budget(), |s: &str| {
            let t: Vec<&str> = s.split(' ').collect();
            t.contains(&"2") && t.contains(&"7")
        });
        drop_free_tokens(&mut search);
        assert_eq!(search.doc.render(), "2 7");
    }

    #[test]
    fn stops_when_the_budget_runs_out() {
        let limited = Budget {
            max_runs: 3,
            deadline: None,
        };
        let mut search = Search::new("1 2 3 4 5 6 7 8", &limited, |_: &str| false);
        assert_eq!(drop_free_tokens(&mut search), None);
        assert_eq!(search.runs, 3);
    }

    #[test]
    fn indices_into_a_dropped_array_are_renumbered() {
        let doc = Doc::parse("4\n5 1 7 3\n2 3\n");
        let layout = Layout::of(&doc, Mode::Structured);
        let array = &layout.token_lists(&doc)[0];
        let loose = layout.loose_ints(&doc);
        let edit = renumbered(array, 0..2, &doc, &loose).unwrap();
        assert_eq!(doc.apply(&edit).render(), "2\n7 3\n1 1\n");
        let edit = renumbered(array, 3..4, &doc, &loose);
        assert_eq!(edit, None, "no index points past the last element");
        let edit = renumbered(array, 1..2, &doc, &loose).unwrap();
        assert_eq!(doc.apply(&edit).render(), "3\n5 7 3\n1 2\n");
    }
}
