//! Dropping items of lists, delta-debugging style: chunks of all the items, then halves,
//! quarters, ... single items, keeping the chunk size after a success.

use super::doc::Doc;
use super::layout::{Layout, List, Mode};
use super::search::Search;

/// Drops what it can from whole lines: top-level sections, counted lines and test cases.
pub(crate) fn drop_lines<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    mode: Mode,
) -> Option<bool> {
    drop_from_lists(search, |doc| Layout::of(doc, mode).line_lists())
}

/// Drops what it can from arrays, grid columns and each line's free tokens.
pub(crate) fn drop_tokens<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    mode: Mode,
) -> Option<bool> {
    drop_from_lists(search, |doc| Layout::of(doc, mode).token_lists(doc))
}

/// Runs [`ddmin`] on each list `lists` finds in the current input, in order. The lists are found
/// again after every accepted step (positions move); the i-th list is then the i-th of the new
/// input. Returns whether anything was dropped, `None` when the budget ran out.
pub(crate) fn drop_from_lists<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    lists: impl Fn(&Doc) -> Vec<List>,
) -> Option<bool> {
    let mut current = lists(&search.doc);
    let mut progress = false;
    let mut index = 0;
    while index < current.len() {
        progress |= ddmin(search, &mut current, index, &lists)?;
        index += 1;
    }
    Some(progress)
}

/// Drops chunks of list `index`: the whole list, then chunks of half its size, a quarter, ...
/// down to single items; after a success the same chunk size goes on from the same place.
/// Each chunk is tried with every guess of the count token.
fn ddmin<F: FnMut(&str) -> bool>(
    search: &mut Search<F>,
    current: &mut Vec<List>,
    index: usize,
    lists: &impl Fn(&Doc) -> Vec<List>,
) -> Option<bool> {
    let mut progress = false;
    let mut size = current[index].items.len();
    while size >= 1 {
        let mut start = 0;
        while start < current[index].items.len() {
            let end = (start + size).min(current[index].items.len());
            let mut accepted = false;
            for edit in current[index].drops(start..end) {
                if search.attempt(&edit)? {
                    accepted = true;
                    break;
                }
            }
            if accepted {
                progress = true;
                *current = lists(&search.doc);
                if index >= current.len() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shrink::layout::Items;
    use crate::shrink::Budget;

    fn budget() -> Budget {
        Budget {
            max_runs: 1000,
            deadline: None,
        }
    }

    /// One free list: every token of line 0.
    fn tokens(doc: &Doc) -> Vec<List> {
        let items = (0..doc.lines[0].len()).map(|t| (0, t)).collect();
        vec![List::free(Items::Tokens(items), false)]
    }

    #[test]
    fn finds_the_one_needed_item_in_logarithmically_many_runs() {
        let input: Vec<String> = (0..1024).map(|v| v.to_string()).collect();
        let mut search = Search::new(&input.join(" "), &budget(), |s: &str| {
            s.split(' ').any(|t| t == "700")
        });
        assert_eq!(drop_from_lists(&mut search, tokens), Some(true));
        assert_eq!(search.doc.render(), "700");
        assert!(search.runs <= 2 * 11 + 2, "{} runs", search.runs);
    }

    #[test]
    fn keeps_every_item_that_is_needed() {
        let mut search = Search::new("1 2 3 4 5 6 7 8", &budget(), |s: &str| {
            let t: Vec<&str> = s.split(' ').collect();
            t.contains(&"2") && t.contains(&"7")
        });
        drop_from_lists(&mut search, tokens);
        assert_eq!(search.doc.render(), "2 7");
    }

    #[test]
    fn stops_when_the_budget_runs_out() {
        let limited = Budget {
            max_runs: 3,
            deadline: None,
        };
        let mut search = Search::new("1 2 3 4 5 6 7 8", &limited, |_: &str| false);
        assert_eq!(drop_from_lists(&mut search, tokens), None);
        assert_eq!(search.runs, 3);
    }
}
