//! More formats seen in contests: parameters, queries with indices into an array, parallel
//! arrays, matrices, blank lines between test cases, test cases of graphs, trees, words.

use super::{int_lines, runs, shrink_checked};

#[test]
fn lists_counted_on_their_own_line_shrink_with_their_count() {
    // `n`, then n lines `k a1 .. ak`; the bug: some list holds a 7.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let Some((n, lists)) = lines.split_first() else {
            return false;
        };
        n.len() == 1
            && n[0] as usize == lists.len()
            && lists
                .iter()
                .all(|l| !l.is_empty() && l[0] as usize == l.len() - 1)
            && lists.iter().any(|l| l[1..].contains(&7))
    };
    let input = "4\n3 1 2 3\n2 8 9\n4 4 5 7 6\n1 10\n";
    let (shrunk, _) = shrink_checked("same-line counts, holds a 7", input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\n1 7\n");
}

#[test]
fn words_without_any_structure_shrink_too() {
    let input = "foo bar bazab qux";
    let (shrunk, _) = shrink_checked("words, contains ab", input, runs(1000), |s| {
        s.contains("ab")
    });
    assert_eq!(shrunk.input, "ab");
}

#[test]
fn floats_shrink_to_short_forms() {
    let fails = |s: &str| {
        let lines: Vec<&str> = s.lines().collect();
        let [n, values] = lines.as_slice() else {
            return false;
        };
        let values: Vec<f64> = values
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        n.parse::<usize>().is_ok_and(|n| n == values.len()) && values.iter().any(|&v| v > 2.5)
    };
    let (shrunk, _) = shrink_checked("floats, one > 2.5", "3\n1.25 3.75 0.5\n", runs(1000), fails);
    assert_eq!(shrunk.input, "1\n3\n");
}

#[test]
fn a_line_of_three_numbers_lowers_two_of_them_together() {
    // `t`, then t games `x y k` (David vs David); the bug: y - x = k + 1 with x >= 5.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let Some((t, games)) = lines.split_first() else {
            return false;
        };
        t.len() == 1
            && t[0] as usize == games.len()
            && games
                .iter()
                .all(|g| g.len() == 3 && g.iter().all(|&v| v >= 0))
            && games.iter().any(|g| g[1] - g[0] == g[2] + 1 && g[0] >= 5)
    };
    let input = "4\n10 20 3\n7 12 4\n100 300 5\n9 9 0\n";
    let (shrunk, _) = shrink_checked("games x y k, y - x = k + 1", input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\n5 6 0\n");
}

/// Ranges `(l, r)`, 1-based and inclusive.
type Ranges = Vec<(usize, usize)>;

/// `n q`, an array of n non-negative integers, then q queries `l r` (1 <= l <= r <= n): the array
/// and the queries, when valid.
fn array_and_queries(s: &str) -> Option<(Vec<i64>, Ranges)> {
    let lines = int_lines(s)?;
    let (header, rest) = lines.split_first()?;
    let &[n, q] = header.as_slice() else {
        return None;
    };
    let (array, queries) = rest.split_first()?;
    let ok = n >= 1
        && q >= 1
        && array.len() == n as usize
        && array.iter().all(|&v| v >= 0)
        && queries.len() == q as usize
        && queries
            .iter()
            .all(|x| x.len() == 2 && 1 <= x[0] && x[0] <= x[1] && x[1] <= n);
    ok.then(|| {
        let queries = queries
            .iter()
            .map(|x| (x[0] as usize, x[1] as usize))
            .collect();
        (array.clone(), queries)
    })
}

#[test]
fn queries_keep_pointing_into_a_shrinking_array() {
    // The bug: a query whose range sums to more than 100.
    let fails = |s: &str| {
        array_and_queries(s).is_some_and(|(a, qs)| {
            qs.iter()
                .any(|&(l, r)| a[l - 1..r].iter().sum::<i64>() > 100)
        })
    };
    let input = "5 3\n10 50 70 20 5\n1 2\n2 4\n5 5\n";
    let (shrunk, _) = shrink_checked("array and range queries", input, runs(1000), fails);
    assert_eq!(shrunk.input, "2 1\n31 70\n1 2\n");
}

#[test]
fn a_range_after_an_array_is_renumbered_with_it() {
    // `n`, an array, then one range `l r`; the bug: the range holds a value >= 7.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let [n, a, range] = lines.as_slice() else {
            return false;
        };
        n.len() == 1
            && n[0] >= 1
            && a.len() == n[0] as usize
            && a.iter().all(|&v| v >= 0)
            && range.len() == 2
            && 1 <= range[0]
            && range[0] <= range[1]
            && range[1] <= n[0]
            && a[range[0] as usize - 1..range[1] as usize]
                .iter()
                .any(|&v| v >= 7)
    };
    let (shrunk, _) = shrink_checked("array then a range", "4\n5 1 7 3\n2 3\n", runs(1000), fails);
    assert_eq!(shrunk.input, "1\n7\n1 1\n");
}

#[test]
fn parallel_arrays_lose_elements_together() {
    // `n`, then arrays a and b of length n; the bug: some a_i > b_i.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let [n, a, b] = lines.as_slice() else {
            return false;
        };
        n.len() == 1
            && n[0] >= 1
            && a.len() == n[0] as usize
            && b.len() == a.len()
            && a.iter().chain(b).all(|&v| v >= 0)
            && a.iter().zip(b).any(|(x, y)| x > y)
    };
    let input = "5\n3 8 1 9 4\n5 9 2 3 6\n";
    let (shrunk, _) = shrink_checked("parallel arrays", input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\n1\n0\n");
}

#[test]
fn a_square_matrix_loses_a_row_and_its_column_together() {
    // `n`, then an n x n matrix of 0/1; the bug: it is not symmetric.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let Some((n, rows)) = lines.split_first() else {
            return false;
        };
        let n = match n.as_slice() {
            [n] if *n >= 1 => *n as usize,
            _ => return false,
        };
        rows.len() == n
            && rows
                .iter()
                .all(|r| r.len() == n && r.iter().all(|&v| v == 0 || v == 1))
            && (0..n).any(|i| (0..n).any(|j| rows[i][j] != rows[j][i]))
    };
    let input = "4\n0 1 1 0\n1 0 1 1\n1 1 0 0\n0 0 1 0\n";
    let (shrunk, _) = shrink_checked("square matrix, asymmetric", input, runs(1000), fails);
    assert_eq!(shrunk.input, "2\n0 0\n1 0\n");
}

#[test]
fn test_cases_separated_by_blank_lines() {
    // `t`, then t test cases (`n`, n integers), each after a blank line; the bug: a value > 100.
    let fails = |s: &str| {
        let content: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).collect();
        let Some(lines) = int_lines(&content.join("\n")) else {
            return false;
        };
        let Some((t, cases)) = lines.split_first() else {
            return false;
        };
        t.len() == 1
            && t[0] >= 1
            && cases.len() == 2 * t[0] as usize
            && cases
                .chunks(2)
                .all(|c| c[0].len() == 1 && c[0][0] >= 1 && c[0][0] as usize == c[1].len())
            && cases.chunks(2).any(|c| c[1].iter().any(|&v| v > 100))
    };
    let input = "3\n\n2\n5 6\n\n3\n1 500 2\n\n1\n9\n";
    let (shrunk, _) = shrink_checked("blank lines between tests", input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\n1\n101\n");
}

#[test]
fn test_cases_of_graphs() {
    // `t`, then t graphs (`n m`, m edges); the bug: a self-loop.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let Some((t, mut rest)) = lines.split_first() else {
            return false;
        };
        let mut looped = false;
        for _ in 0..t.first().copied().unwrap_or(0) {
            let Some((header, after)) = rest.split_first() else {
                return false;
            };
            let &[n, m] = header.as_slice() else {
                return false;
            };
            if n < 1 || m < 0 || after.len() < m as usize {
                return false;
            }
            let (edges, after) = after.split_at(m as usize);
            for e in edges {
                if e.len() != 2 || !e.iter().all(|v| (1..=n).contains(v)) {
                    return false;
                }
                looped |= e[0] == e[1];
            }
            rest = after;
        }
        t.len() == 1 && t[0] >= 1 && rest.is_empty() && looped
    };
    let input = "2\n3 2\n1 2\n2 3\n4 3\n1 2\n3 3\n4 1\n";
    let (shrunk, _) = shrink_checked("test cases of graphs", input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\n1 1\n1 1\n");
}

#[test]
fn a_tree_loses_leaves_with_its_vertex_count() {
    // `n`, then the n - 1 edges of a tree; the bug: a vertex of degree 3 or more.
    let fails = |s: &str| {
        let Some(lines) = int_lines(s) else {
            return false;
        };
        let Some((n, edges)) = lines.split_first() else {
            return false;
        };
        let n = match n.as_slice() {
            [n] if *n >= 1 => *n as usize,
            _ => return false,
        };
        if edges.len() != n - 1 {
            return false;
        }
        let mut parent: Vec<usize> = (0..=n).collect();
        fn root(parent: &mut [usize], v: usize) -> usize {
            if parent[v] == v {
                v
            } else {
                let r = root(parent, parent[v]);
                parent[v] = r;
                r
            }
        }
        let mut degree = vec![0; n + 1];
        for e in edges {
            let &[u, v] = e.as_slice() else {
                return false;
            };
            if !(1..=n as i64).contains(&u) || !(1..=n as i64).contains(&v) {
                return false;
            }
            let (u, v) = (u as usize, v as usize);
            let (ru, rv) = (root(&mut parent, u), root(&mut parent, v));
            if ru == rv {
                return false;
            }
            parent[ru] = rv;
            degree[u] += 1;
            degree[v] += 1;
        }
        degree.iter().any(|&d| d >= 3)
    };
    let input = "7\n1 2\n1 3\n1 4\n4 5\n5 6\n6 7\n";
    let (shrunk, _) = shrink_checked("tree, a vertex of degree 3", input, runs(1000), fails);
    assert_eq!(shrunk.input, "4\n1 2\n1 3\n1 4\n");
}

#[test]
fn words_on_one_line_after_their_count() {
    // `n`, then n lowercase words; the bug: a word contains "ab".
    let fails = |s: &str| {
        let lines: Vec<&str> = s.lines().collect();
        let [n, words] = lines.as_slice() else {
            return false;
        };
        n.parse::<usize>()
            .is_ok_and(|n| n >= 1 && n == words.split_whitespace().count())
            && words
                .split_whitespace()
                .all(|w| w.bytes().all(|c| c.is_ascii_lowercase()))
            && words.contains("ab")
    };
    let input = "4\nxyz qqabq cc dd\n";
    let (shrunk, _) = shrink_checked("words after their count", input, runs(1000), fails);
    assert_eq!(shrunk.input, "1\nab\n");
}

#[test]
fn a_word_after_its_length_on_the_same_line() {
    // `n s` with |s| = n; the bug: s contains "ba".
    let fails = |s: &str| {
        let tokens: Vec<&str> = s.split_whitespace().collect();
        let [n, word] = tokens.as_slice() else {
            return false;
        };
        n.parse::<usize>().is_ok_and(|n| n == word.len()) && word.contains("ba")
    };
    let (shrunk, _) = shrink_checked(
        "length and word on one line",
        "7 xxbayyy\n",
        runs(1000),
        fails,
    );
    assert_eq!(shrunk.input, "2 ba\n");
}
