//! The fewest cases of a multi-test input that still fail: delta debugging (Zeller's ddmin) over
//! the case indices, so a bug of one case ends with that case alone and a bug that needs state
//! carried between cases (a global not reset) ends with the two cases it needs, in their order.
//! The result is 1-minimal: dropping any one of its cases makes the failure go.

/// The cases kept and the predicate calls spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FewestCases {
    /// Indices (0-based, increasing) of the cases kept; all of them when nothing smaller fails.
    pub kept: Vec<usize>,
    /// Calls of the predicate.
    pub runs: usize,
}

/// Finds the fewest of `count` cases that still fail. `fails(cases)` runs the input holding only
/// `cases` (indices in increasing order); `hint`, the case whose answer differed first, is tried
/// alone before anything else. At most `max_runs` calls; the same subset is never asked twice.
pub fn fewest_cases(
    count: usize,
    hint: Option<usize>,
    max_runs: usize,
    mut fails: impl FnMut(&[usize]) -> bool,
) -> FewestCases {
    let mut current: Vec<usize> = (0..count).collect();
    let mut runs = 0;
    let mut asked: Vec<Vec<usize>> = Vec::new();
    let mut ask = |subset: &[usize], runs: &mut usize| {
        if asked.iter().any(|a| a == subset) || *runs >= max_runs {
            return false;
        }
        asked.push(subset.to_vec());
        *runs += 1;
        fails(subset)
    };
    if let Some(h) = hint.filter(|&h| h < count && count > 1) {
        if ask(&[h], &mut runs) {
            return FewestCases {
                kept: vec![h],
                runs,
            };
        }
    }
    let mut parts = 2;
    while current.len() >= 2 && runs < max_runs {
        let size = current.len().div_ceil(parts);
        let chunks: Vec<Vec<usize>> = current.chunks(size).map(<[usize]>::to_vec).collect();
        let mut reduced = None;
        for chunk in &chunks {
            if ask(chunk, &mut runs) {
                reduced = Some((chunk.clone(), 2));
                break;
            }
        }
        if reduced.is_none() && chunks.len() > 2 {
            for i in 0..chunks.len() {
                let rest: Vec<usize> = chunks
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .flat_map(|(_, c)| c.iter().copied())
                    .collect();
                if ask(&rest, &mut runs) {
                    reduced = Some((rest, (chunks.len() - 1).max(2)));
                    break;
                }
            }
        }
        match reduced {
            Some((smaller, next)) => {
                current = smaller;
                parts = next;
            }
            None if chunks.len() >= current.len() => break,
            None => parts = (parts * 2).min(current.len()),
        }
    }
    FewestCases {
        kept: current,
        runs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bad_case_is_found_alone_in_few_runs() {
        let found = fewest_cases(100, None, 1000, |c| c.contains(&63));
        assert_eq!(found.kept, [63]);
        assert!(found.runs <= 16, "{} runs", found.runs);
        let hinted = fewest_cases(100, Some(63), 1000, |c| c.contains(&63));
        assert_eq!((hinted.kept, hinted.runs), (vec![63], 1));
    }

    #[test]
    fn carried_state_keeps_the_two_cases_it_needs_in_order() {
        // Fails when case 5 (which leaves state behind) runs before case 17 (which reads it).
        let fails = |c: &[usize]| {
            let a = c.iter().position(|&x| x == 5);
            let b = c.iter().position(|&x| x == 17);
            matches!((a, b), (Some(a), Some(b)) if a < b)
        };
        let found = fewest_cases(40, Some(17), 1000, fails);
        assert_eq!(found.kept, [5, 17]);
        assert!(found.runs <= 40, "{} runs", found.runs);
    }

    #[test]
    fn stops_at_the_budget_and_keeps_everything_when_nothing_smaller_fails() {
        let found = fewest_cases(8, None, 3, |_| false);
        assert_eq!((found.kept.len(), found.runs), (8, 3));
        let all = fewest_cases(4, None, 100, |c| c.len() == 4);
        assert_eq!(all.kept, [0, 1, 2, 3]);
    }
}
