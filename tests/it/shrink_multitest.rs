//! Issue 26 through the binary: multi-test inputs shrunk to the fewest failing cases and kept
//! valid, and rows that must differ kept different. The problems are `tests/multitest/` (`t`,
//! then t cases of `n` and n integers; a bug inside one case, a bug carried between cases) and
//! `tests/laminar/` (distinct intervals, any two nested or disjoint); brute forces read tokens
//! leniently and no validator is given to stressjudge: the strict validators below are held back
//! and judge every shrunk input.

use crate::folders_support;

use folders_support::*;
use serde_json::Value;

const MULTI_GEN: &str = "tests/multitest/gen.py";
const MULTI_BRUTE: &str = "tests/multitest/brute.py";
const LAMINAR_GEN: &str = "tests/laminar/gen.py";

/// Every line's integers, or why not.
fn int_lines(text: &str) -> Result<Vec<Vec<i64>>, String> {
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.parse().map_err(|_| format!("`{t}` is not an integer")))
                .collect()
        })
        .collect()
}

/// The strict validator of the multi-test problem; the number of cases when valid.
fn valid_multitest(text: &str) -> Result<usize, String> {
    let lines = int_lines(text)?;
    let t = match lines.first().map(Vec::as_slice) {
        Some(&[t]) if (1..=8).contains(&t) => t as usize,
        other => return Err(format!("first line {other:?} is not t in 1..=8")),
    };
    if lines.len() != 1 + 2 * t {
        return Err(format!("{} lines for t = {t}", lines.len()));
    }
    for case in lines[1..].chunks(2) {
        let n = match case[0][..] {
            [n] if (1..=8).contains(&n) => n as usize,
            _ => return Err(format!("case header {:?} is not n in 1..=8", case[0])),
        };
        if case[1].len() != n || !case[1].iter().all(|v| (-10..=10).contains(v)) {
            return Err(format!("case values {:?} for n = {n}", case[1]));
        }
    }
    Ok(t)
}

/// The strict validator of the laminar intervals problem.
fn valid_laminar(text: &str) -> Result<(), String> {
    let lines = int_lines(text)?;
    let Some(&[n, m]) = lines.first().map(Vec::as_slice) else {
        return Err("first line is not `n m`".into());
    };
    if !(2..=30).contains(&n) || lines.len() != m as usize + 1 {
        return Err(format!("n = {n}, m = {m}, {} lines", lines.len()));
    }
    let mut spans = Vec::new();
    for line in &lines[1..] {
        match line[..] {
            [l, r] if 1 <= l && l < r && r <= n => spans.push((l, r)),
            _ => return Err(format!("interval {line:?} breaks 1 <= L < R <= {n}")),
        }
    }
    for (i, &(a, b)) in spans.iter().enumerate() {
        for &(c, d) in &spans[i + 1..] {
            let nested = (a <= c && d <= b) || (c <= a && b <= d);
            let disjoint = b < c || d < a;
            if (a, b) == (c, d) || !(nested || disjoint) {
                return Err(format!("intervals {a} {b} and {c} {d} are equal or cross"));
            }
        }
    }
    Ok(())
}

/// The JSON report of `stress` of `solution` (exit 1) against `brute` with `gen`.
fn stress_failing(gen: &str, brute: &str, solution: &str) -> Value {
    let out = tempdir();
    let run = stressjudge(&[
        "stress",
        "--gen",
        gen,
        "--ref",
        brute,
        solution,
        "--json",
        "--out",
        arg(out.path()),
    ]);
    run.expect_code(1);
    run.json()
}

/// Checks the failure of the multi-test problem: a valid shrunk input of `cases` cases that
/// still fails, and the failing cases of the original named with their own answers.
fn check_multitest(failure: &Value, cases: usize) {
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    match valid_multitest(shrunk) {
        Ok(t) => assert_eq!(t, cases, "{shrunk:?}"),
        Err(why) => panic!("the shrunk input {shrunk:?} is not valid: {why}"),
    }
    assert_ne!(failure["expected"], failure["actual"], "{failure:#}");
    let original = valid_multitest(failure["input"].as_str().unwrap()).unwrap();
    let found = &failure["cases"];
    if original > cases {
        assert_eq!(found["of"], original, "{failure:#}");
        assert_eq!(
            found["cases"].as_array().unwrap().len(),
            cases,
            "{failure:#}"
        );
        let alone = found["input"].as_str().unwrap();
        assert_eq!(valid_multitest(alone), Ok(cases), "{alone:?}");
        assert_ne!(found["expected"], found["actual"], "{failure:#}");
        assert!(
            found["describe"]
                .as_str()
                .unwrap()
                .ends_with(&format!("of {original}")),
            "{failure:#}"
        );
    }
    let format: Vec<&str> = failure["input_format"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(format.contains(&"  then t cases, each:"), "{format:?}");
}

#[test]
fn a_bug_inside_one_case_shrinks_to_one_valid_case() {
    let _heavy = heavy();
    let report = stress_failing(MULTI_GEN, MULTI_BRUTE, "tests/multitest/per_case.py");
    let failure = first_failure(&report);
    check_multitest(failure, 1);
    assert_eq!(failure["shrunk_input"], "1\n1\n-1\n", "{failure:#}");
}

#[test]
fn a_bug_carried_between_cases_shrinks_to_two_valid_cases() {
    let _heavy = heavy();
    let report = stress_failing(MULTI_GEN, MULTI_BRUTE, "tests/multitest/carried.py");
    check_multitest(first_failure(&report), 2);
}

#[test]
fn equal_intervals_are_never_proposed_when_the_generator_makes_distinct_ones() {
    let _heavy = heavy();
    let report = stress_failing(
        LAMINAR_GEN,
        "tests/laminar/brute.py",
        "tests/laminar/wrong.py",
    );
    let failure = first_failure(&report);
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    if let Err(why) = valid_laminar(shrunk) {
        panic!("the shrunk input {shrunk:?} is not valid: {why}");
    }
    assert!(shrunk.lines().count() <= 3, "{shrunk:?}");
    let format = failure["input_format"].to_string();
    assert!(
        format.contains("no two rows equal") && format.contains("nested or disjoint"),
        "{format}"
    );
}

#[test]
fn explain_format_prints_the_cases_of_a_multi_test_generator() {
    let _heavy = heavy();
    let run = stressjudge(&[
        "stress",
        "--gen",
        MULTI_GEN,
        "--ref",
        MULTI_BRUTE,
        MULTI_BRUTE,
        "--explain-format",
        "--seeds",
        "1..=40",
    ]);
    run.expect_code(0);
    for line in [
        "line 1: t (1 <= t <= 8)",
        "then t cases, each:",
        "  line 1: n (1 <= n <= 8)",
        "  line 2: n integers a_1 .. a_n (-10 <= a_i <= 10)",
    ] {
        assert!(run.stdout.contains(line), "{line}: {}", run.stdout);
    }
}

#[test]
fn a_generator_with_a_size_argument_is_run_smaller_before_text_is_edited() {
    let _heavy = heavy();
    // `gen.py SEED MAX_N`: n is drawn from 2..=MAX_N.
    let report = stress_failing(
        "tests/intervals/gen.py 30",
        "tests/intervals/brute.py",
        "tests/intervals/wrong.py",
    );
    let failure = first_failure(&report);
    let from = &failure["shrunk_from"];
    assert_eq!(from["kind"], "random", "{failure:#}");
    let args: Vec<&str> = from["args"]
        .as_array()
        .unwrap_or_else(|| panic!("no smaller size: {failure:#}"))
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert!(
        [["3"], ["7"], ["15"]].iter().any(|size| args == size),
        "{args:?}"
    );
    // The smaller input is the generator's own, for that seed and size.
    let seed = from["seed"].as_u64().unwrap().to_string();
    let generated = std::process::Command::new("python3")
        .args(["tests/intervals/gen.py", &seed, args[0]])
        .output()
        .unwrap();
    let max_n: i64 = args[0].parse().unwrap();
    let shrunk = failure["shrunk_input"].as_str().unwrap();
    let n: i64 = shrunk.split_whitespace().next().unwrap().parse().unwrap();
    assert!(n <= max_n.max(2), "{shrunk:?} from {args:?}");
    assert!(!generated.stdout.is_empty());
}
