//! Tests of the whole mutator: what is never mutated, parse errors, determinism, the diff, and
//! that mutants still parse.

use crate::testing::all;
use crate::{mutants, Language, MutateError, Operator};

/// A typical C++ solution, with the things that must never be mutated.
const CPP: &str = r#"#include <bits/stdc++.h>
using namespace std;
typedef long long ll;
const ll INF = 1e18;
const int MOD = 1e9 + 7;
// a < b and a <= b in a comment
int main() {
    ios::sync_with_stdio(false);
    int n;
    cin >> n;
    vector<vector<int>> g(n);
    vector<ll> a(n), best(n, INF);
    map<int, long long> seen;
    for (int i = 0; i < n; i++) cin >> a[i];
    ll sum = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] > 0 && i % 2 == 0) sum = (sum + a[i]) % MOD;
        else if (a[i] == 0) continue;
        best[i] = min(best[i], a[i]);
    }
    cout << sum << " <= " << '<' << endl;
    return 0;
}
"#;

#[test]
fn strings_comments_includes_and_templates_are_never_mutated() {
    let found = all(CPP, Language::Cpp);
    assert!(!found.is_empty());
    for mutant in &found {
        let line = CPP.lines().nth(mutant.line - 1).unwrap();
        assert!(!line.starts_with("#include"), "{mutant:?}");
        assert!(!line.starts_with("//"), "{mutant:?}");
        assert!(!line.contains("vector<vector<int>>"), "{mutant:?}");
        assert!(!line.contains("map<int, long long>"), "{mutant:?}");
        assert!(
            !mutant.original.contains('"') && !mutant.original.contains('\''),
            "{mutant:?}"
        );
    }
    // `cout << sum << " <= "`: neither the shift nor the string is a comparison.
    let output_line = CPP.lines().position(|l| l.contains("cout <<")).unwrap() + 1;
    assert!(found.iter().all(|m| m.line != output_line), "{found:#?}");
}

#[test]
fn nested_template_closers_are_not_shifts_or_comparisons() {
    let source = "vector<vector<pair<int, int>>> g;\nset<int, greater<int>> s;\nint x = a >> 1;\n";
    let found = all(source, Language::Cpp);
    assert!(found.iter().all(|m| m.line == 3), "{found:#?}");
}

#[test]
fn every_operator_fires_on_a_typical_solution_in_each_language() {
    let sources = [
        (CPP, Language::Cpp),
        (C, Language::C),
        (JAVA, Language::Java),
        (PYTHON, Language::Python),
    ];
    for (source, language) in sources {
        let found = all(source, language);
        for operator in Operator::ALL {
            // Python's integers do not overflow: nothing to narrow.
            let expected = !(language == Language::Python && operator == Operator::Narrowing);
            let fired = found.iter().any(|m| m.operator == operator);
            assert_eq!(fired, expected, "{language:?} {operator:?}: {found:#?}");
        }
    }
}

#[test]
fn mutants_are_deterministic_sorted_and_distinct() {
    let first = all(CPP, Language::Cpp);
    assert_eq!(first, all(CPP, Language::Cpp));
    for pair in first.windows(2) {
        assert!(
            (pair[0].span.start, pair[0].operator) <= (pair[1].span.start, pair[1].operator),
            "{pair:#?}"
        );
    }
    let mut sources: Vec<String> = first.iter().map(|m| m.apply(CPP)).collect();
    sources.sort();
    sources.dedup();
    assert_eq!(sources.len(), first.len());
    assert!(sources.iter().all(|s| s != CPP));
}

#[test]
fn a_mutant_changes_exactly_its_span() {
    for mutant in all(CPP, Language::Cpp) {
        assert_eq!(&CPP[mutant.span.clone()], mutant.original);
        let mutated = mutant.apply(CPP);
        assert!(mutated.starts_with(&CPP[..mutant.span.start]));
        assert!(mutated.ends_with(&CPP[mutant.span.end..]));
        assert_ne!(mutant.original, mutant.replacement);
    }
}

#[test]
fn mutants_of_every_language_still_parse() {
    let sources = [
        (CPP, Language::Cpp),
        (crate::tests::C, Language::C),
        (JAVA, Language::Java),
        (PYTHON, Language::Python),
    ];
    for (source, language) in sources {
        let found = all(source, language);
        assert!(
            found.len() >= 10,
            "{language:?}: only {} mutants",
            found.len()
        );
        for mutant in found {
            let mutated = mutant.apply(source);
            if let Err(error) = mutants(&mutated, language) {
                panic!(
                    "{language:?} mutant {} does not parse: {error}\n{mutated}",
                    mutant.summary()
                );
            }
        }
    }
}

/// A C solution.
const C: &str = r#"#include <math.h>
#include <stdio.h>
#include <string.h>
long long dp[1005];
int main(void) {
    int n, k;
    if (scanf("%d %d", &n, &k) != 2) return 1;
    memset(dp, -1, sizeof dp);
    dp[0] = 1;
    for (int i = 1; i <= n; i++) {
        dp[i] = 0;
        for (int j = 1; j <= k && j <= i; j++) dp[i] = (dp[i] + dp[i - j]) % 1000000007;
    }
    printf("%lld %f\n", dp[n], fmax(n, k));
    return 0;
}
"#;

/// A Java solution.
const JAVA: &str = r#"import java.util.*;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        long[] a = new long[n];
        long best = Long.MIN_VALUE, sum = 0;
        for (int i = 0; i < n; i++) {
            a[i] = in.nextLong();
            sum = Math.max(sum + a[i], a[i]);
            best = Math.max(best, sum);
            if (best > 1000000000000L || a[i] % 1000000007 == -1) break;
        }
        List<Long> xs = new ArrayList<>();
        System.out.println(best + " <= " + xs.size());
    }
}
"#;

/// A Python solution.
const PYTHON: &str = r#"import sys
from math import gcd

MOD = 10**9 + 7
INF = float('inf')


def solve(a, n):
    best = INF
    total = 0
    for i in range(1, n):
        if a[i] <= a[i - 1] and not total or a[i] == 0:
            continue
        total = (total + a[i]) % MOD
        best = min(best, a[i])
        if total > 100:
            break
    return best if best < INF else -1


n = int(input())
a = list(map(int, input().split()))
print("%d <= %d" % (solve(a, n), n), f"{n < 3}")  # a < b
"#;

#[test]
fn python_and_or_min_are_mutated_and_strings_are_not() {
    let found = all(PYTHON, Language::Python);
    let lines: Vec<String> = found
        .iter()
        .map(|m| m.apply(PYTHON).lines().nth(m.line - 1).unwrap().to_string())
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("a[i - 1] or not total")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("not total and a[i] == 0")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("best = max(best, a[i])")),
        "{lines:#?}"
    );
    let last_line = PYTHON.lines().count();
    assert!(
        found.iter().all(|m| m.line != last_line),
        "the print line has only strings"
    );
}

#[test]
fn java_math_max_and_long_are_mutated_and_generics_are_not() {
    let found = all(JAVA, Language::Java);
    assert!(found
        .iter()
        .any(|m| m.operator == Operator::MinMax && m.replacement == "min"));
    assert!(found
        .iter()
        .any(|m| m.operator == Operator::Narrowing && m.original == "long"));
    let generic_line = JAVA.lines().position(|l| l.contains("List<Long>")).unwrap() + 1;
    assert!(found.iter().all(|m| m.line != generic_line));
}

#[test]
fn a_syntax_error_is_reported_on_its_line() {
    let source = "int main() {\n  int x = 1;\n  if (x > ) return 0;\n}\n";
    match mutants(source, Language::Cpp) {
        Err(MutateError::Parse { line, message }) => {
            assert_eq!(line, 3, "{message}");
            assert!(message.starts_with("C++ syntax error"), "{message}");
            assert!(!message.contains('\n'));
        }
        other => panic!("{other:?}"),
    }
    let missing = mutants("class A { void f() { int x = 1 } }\n", Language::Java);
    assert_eq!(
        missing,
        Err(MutateError::Parse {
            line: 1,
            message: "Java syntax error: missing `;`".into()
        })
    );
    let python = mutants("def f(:\n    return 1\n", Language::Python).unwrap_err();
    assert!(
        python
            .to_string()
            .starts_with("line 1: Python syntax error"),
        "{python}"
    );
}

#[test]
fn loop_macros_parse_and_their_arguments_are_mutated() {
    let source = "#define rep(i, a, b) for (int i = (a); i < (b); i++)\n#define REP(i, n) rep(i, 0, n)\n#define sq(x) ((x) * (x))\nint main() {\n  int s = 0;\n  rep(i, 0, 10) { s += i; }\n  rep(i, 0, 10) s--;\n  REP(j, 5) s += sq(j) < 3;\n  return s > 3;\n}\n";
    let found = all(source, Language::Cpp);
    assert!(
        found
            .iter()
            .any(|m| m.line == 6 && m.original == "0" && m.replacement == "1"),
        "{found:#?}"
    );
    assert!(
        found.iter().any(|m| m.line == 8 && m.original == "<"),
        "{found:#?}"
    );
    assert!(found
        .iter()
        .all(|m| !["rep", "REP"].contains(&m.original.as_str())));
    for mutant in &found {
        assert!(
            mutants(&mutant.apply(source), Language::Cpp).is_ok(),
            "{mutant:?}"
        );
    }
    let undefined = "int main() {\n  loop(i, 0, 10) { }\n}\n";
    assert!(matches!(
        mutants(undefined, Language::Cpp),
        Err(MutateError::Parse { line: 2, .. })
    ));
}

#[test]
fn positions_are_lines_and_character_columns() {
    let source = "// é\nint f(int a) { return a < 1; }\n";
    let relational = all(source, Language::C)
        .into_iter()
        .find(|m| m.operator == Operator::Relational)
        .unwrap();
    assert_eq!((relational.line, relational.column), (2, 25));
    assert_eq!(relational.original, "<");
}

#[test]
fn the_diff_is_one_hunk_with_three_lines_of_context() {
    let source = "//a\n//b\n//c\nint f(int x) { return x < 1; }\n//d\n//e\n//f\n//g\n";
    let mutant = all(source, Language::C)
        .into_iter()
        .find(|m| m.operator == Operator::Relational)
        .unwrap();
    assert_eq!(
        mutant.diff(source, "sol.c"),
        "--- a/sol.c\n+++ b/sol.c\n@@ -1,7 +1,7 @@\n //a\n //b\n //c\n-int f(int x) { return x < 1; }\n+int f(int x) { return x <= 1; }\n //d\n //e\n //f\n"
    );
}

#[test]
fn the_diff_marks_a_last_line_without_newline_and_spans_over_lines() {
    let source = "int f(int x) {\n  if (x)\n    return x +\n      1;\n  return 0;\n}";
    let removal = all(source, Language::C)
        .into_iter()
        .find(|m| m.operator == Operator::Removal)
        .unwrap();
    assert_eq!(
        removal.diff(source, "f.c"),
        "--- a/f.c\n+++ b/f.c\n@@ -1,6 +1,5 @@\n int f(int x) {\n   if (x)\n-    return x +\n-      1;\n+    ;\n   return 0;\n }\n\\ No newline at end of file\n"
    );
}

#[test]
fn a_source_with_nothing_to_mutate_has_no_mutants() {
    assert_eq!(mutants("", Language::Python), Ok(Vec::new()));
    assert_eq!(
        mutants("print('a < b')\n", Language::Python),
        Ok(Vec::new())
    );
}

#[test]
fn any_prefix_of_a_source_gives_mutants_or_an_error_never_a_panic() {
    let sources = [
        (CPP, Language::Cpp),
        (C, Language::C),
        (JAVA, Language::Java),
        (PYTHON, Language::Python),
    ];
    for (source, language) in sources {
        let ends = source.char_indices().map(|(at, _)| at).step_by(5);
        for end in ends {
            let prefix = &source[..end];
            if let Err(MutateError::Parse { line, message }) = mutants(prefix, language) {
                assert!(
                    line >= 1 && line <= prefix.lines().count().max(1),
                    "{line}: {message}"
                );
                assert!(!message.contains('\n'));
            }
        }
    }
}

#[test]
fn non_ascii_text_and_deep_expressions_are_handled() {
    let source = "s = 'é < ü'  # ≤\nx = 1 if s <= 'ñ' else 2\ny = 'ß'; z = y < s\n";
    let found = all(source, Language::Python);
    assert!(
        found
            .iter()
            .any(|m| m.original == "<=" && m.line == 2 && m.column == 12),
        "{found:#?}"
    );
    let after_non_ascii = found.iter().find(|m| m.line == 3).unwrap();
    assert_eq!(
        (after_non_ascii.column, after_non_ascii.original.as_str()),
        (16, "<")
    );
    let deep = format!(
        "int f(int x) {{ while ({}) x--; return x; }}\n",
        vec!["x > 1"; 3000].join(" && ")
    );
    let found = all(&deep, Language::C);
    assert!(found.len() > 6000, "{}", found.len());
}

/// A C++ solution on light headers, so that compiling each of its mutants is quick.
const CPP_LIGHT: &str = r#"#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <vector>
#define rep(i, a, b) for (int i = (a); i < (b); ++i)
typedef long long ll;
const ll INF = LLONG_MAX / 2;
const int MOD = 1e9 + 7;
static ll memo[105];

ll ways(int n) {
    if (n < 0) return 0;
    if (memo[n] != -1) return memo[n];
    ll r = n == 0 ? 1 : (ways(n - 1) + ways(n - 2)) % MOD;
    return memo[n] = r;
}

int main() {
    int n, k;
    if (scanf("%d %d", &n, &k) != 2) return 1;
    std::vector<ll> a(n + 1, 0), best(n + 1, INF);
    memset(memo, -1, sizeof memo);
    rep(i, 1, n + 1) scanf("%lld", &a[i]);
    best[0] = 0;
    for (int i = 1; i <= n; i++) {
        for (int j = std::max(0, i - k); j < i; j++) {
            if (best[j] == INF) continue;
            best[i] = std::min(best[i], best[j] + a[i] * (1LL << (i - j)));
        }
        if (best[i] > (ll)1e15 && a[i] >= 0) break;
    }
    ll total = 0;
    for (int i = 0; i <= n && i <= 100; i++) total = (total + ways(i)) % MOD;
    printf("%lld %lld\n", best[n] < INF ? best[n] : -1LL, total);
    return 0;
}
"#;

/// `g++` compiles nearly every C++ mutant (a few narrowings may clash with a pointer's type):
/// the mutator's changes are well-typed, not just well-formed. Every mutant but the off-by-ones
/// is compiled, and every fourth of those (they are most of the mutants and all alike), on two
/// threads. Skipped without `g++`.
#[test]
fn cpp_mutants_compile() {
    let compiles = |source: &str| {
        let mut child = match std::process::Command::new("g++")
            .args(["-std=gnu++17", "-fsyntax-only", "-w", "-x", "c++", "-"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
        {
            Ok(child) => child,
            Err(_) => return None,
        };
        use std::io::Write;
        child.stdin.take()?.write_all(source.as_bytes()).ok()?;
        Some(child.wait().ok()?.success())
    };
    if compiles(CPP_LIGHT).is_none() {
        println!("SKIPPED cpp_mutants_compile: no g++ on PATH");
        return;
    }
    assert_eq!(compiles(CPP_LIGHT), Some(true), "the original must compile");
    let found = all(CPP_LIGHT, Language::Cpp);
    for operator in Operator::ALL {
        assert!(
            found.iter().any(|m| m.operator == operator),
            "no {operator:?} mutant"
        );
    }
    let mut off_by_one = 0;
    let sample: Vec<&crate::Mutant> = found
        .iter()
        .filter(|m| {
            off_by_one += usize::from(m.operator == Operator::OffByOne);
            m.operator != Operator::OffByOne || off_by_one % 4 == 1
        })
        .collect();
    let halves = sample.split_at(sample.len() / 2);
    let check = |part: &[&crate::Mutant]| -> Vec<String> {
        part.iter()
            .filter(|m| compiles(&m.apply(CPP_LIGHT)) != Some(true))
            .map(|m| m.summary())
            .collect()
    };
    let failing: Vec<String> = std::thread::scope(|scope| {
        let first = scope.spawn(|| check(halves.0));
        let mut failing = check(halves.1);
        failing.extend(first.join().expect("the compiling thread does not panic"));
        failing
    });
    assert!(
        failing.len() * 20 <= sample.len(),
        "{} of {} mutants do not compile: {failing:#?}",
        failing.len(),
        sample.len()
    );
}
