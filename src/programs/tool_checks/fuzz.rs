//! The fuzzing pass on an output validator (task-maker-rust's `fuzz-checker` does it with
//! libFuzzer; this is a fixed, deterministic set): each test's answer mutated token by token
//! (a number off by one, negated, made huge, turned into `nan`, `-0`, `1e309`; a token dropped,
//! repeated, swapped with its neighbour), a line break moved, and a 10 MB line. The validator
//! may rightly accept or reject any of them; only a judge error (a crash, a hang, an exit code
//! outside its protocol) is a defect, named with the smallest output found that still
//! triggers it.

/// Tokens of an answer mutated, at most (the first ones: checkers read in order).
pub const TOKENS: usize = 6;
/// Size of the long-line mutation.
const LONG_LINE_BYTES: usize = 10 << 20;

/// One mutated output and what was done to the answer.
pub struct Mutation {
    /// What was done: `token 2 negated`.
    pub what: String,
    /// The output.
    pub output: Vec<u8>,
}

/// The mutations of `answer`, each different from it and from one another.
pub fn mutations(answer: &str) -> Vec<Mutation> {
    let tokens: Vec<&str> = answer.split_ascii_whitespace().collect();
    let mut out: Vec<Mutation> = Vec::new();
    let mut push = |what: String, text: String| {
        if text != answer && !out.iter().any(|m| m.output == text.as_bytes()) {
            out.push(Mutation {
                what,
                output: text.into_bytes(),
            });
        }
    };
    for i in 0..tokens.len().min(TOKENS) {
        let token = tokens[i];
        let with = |replacement: &str| {
            let mut t = tokens.clone();
            t[i] = replacement;
            t.join(" ") + "\n"
        };
        let n = i + 1;
        if let Ok(value) = token.parse::<i128>() {
            push(
                format!("token {n} plus one"),
                with(&(value + 1).to_string()),
            );
            push(
                format!("token {n} minus one"),
                with(&(value - 1).to_string()),
            );
            push(format!("token {n} negated"), with(&(-value).to_string()));
        } else if let Ok(value) = token.parse::<f64>() {
            push(
                format!("token {n} plus one"),
                with(&(value + 1.0).to_string()),
            );
            push(format!("token {n} negated"), with(&(-value).to_string()));
        }
        push(
            format!("token {n} made huge"),
            with("123456789012345678901234567890123456789"),
        );
        for odd in ["nan", "-0", "1e309"] {
            push(format!("token {n} turned into {odd}"), with(odd));
        }
        let mut dropped = tokens.clone();
        dropped.remove(i);
        push(format!("token {n} dropped"), dropped.join(" ") + "\n");
        let mut repeated = tokens.clone();
        repeated.insert(i, token);
        push(format!("token {n} repeated"), repeated.join(" ") + "\n");
        if i + 1 < tokens.len() {
            let mut swapped = tokens.clone();
            swapped.swap(i, i + 1);
            push(
                format!("tokens {n} and {} swapped", n + 1),
                swapped.join(" ") + "\n",
            );
        }
    }
    // A line break moved: the first one joined, a break put after the answer's first token.
    if let Some(at) = answer.find('\n').filter(|&at| at + 1 < answer.len()) {
        let mut moved = answer.to_string();
        moved.replace_range(at..=at, " ");
        if let Some(space) = moved.find(' ').filter(|&s| s < at) {
            moved.replace_range(space..=space, "\n");
        }
        push("a line break moved".into(), moved);
    }
    let first = tokens.first().copied().unwrap_or("1");
    let mut long = String::with_capacity(LONG_LINE_BYTES + first.len() + 2);
    while long.len() < LONG_LINE_BYTES {
        long.push_str(first);
        long.push(' ');
    }
    long.push('\n');
    push(format!("a 10 MB line of {first:?}"), long);
    out
}

/// Smaller outputs to try in place of `output` when shrinking a crash: each token dropped in
/// turn, then the output cut in half (a long line).
pub fn smaller(output: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(output);
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let mut out = Vec::new();
    if output.len() > 64 {
        out.push(output[..output.len() / 2].to_vec());
    }
    if tokens.len() <= 64 {
        for i in 0..tokens.len() {
            let mut t = tokens.clone();
            t.remove(i);
            out.push((t.join(" ") + "\n").into_bytes());
        }
    }
    out
}

/// An output as findings show it: quoted, clipped.
pub fn shown(output: &[u8]) -> String {
    let text = String::from_utf8_lossy(output);
    let clipped: String = text.chars().take(60).collect();
    if clipped.len() < text.len() {
        format!("{clipped:?}... ({} bytes)", output.len())
    } else {
        format!("{clipped:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mutation_of_an_answer() {
        let m = mutations("3 2\n");
        let find = |what: &str| {
            let m = m
                .iter()
                .find(|m| m.what == what)
                .unwrap_or_else(|| panic!("{what}"));
            String::from_utf8(m.output.clone()).unwrap()
        };
        assert_eq!(find("token 1 plus one"), "4 2\n");
        assert_eq!(find("token 2 minus one"), "3 1\n");
        assert_eq!(find("token 1 negated"), "-3 2\n");
        assert_eq!(find("token 2 turned into 1e309"), "3 1e309\n");
        assert_eq!(find("token 1 dropped"), "2\n");
        assert_eq!(find("token 2 repeated"), "3 2 2\n");
        assert_eq!(find("tokens 1 and 2 swapped"), "2 3\n");
        assert!(find("a 10 MB line of \"3\"").len() >= 10 << 20);
        assert_eq!(
            mutations("1 2\n3\n")
                .iter()
                .find(|m| m.what == "a line break moved")
                .map(|m| m.output.clone()),
            Some(b"1\n2 3\n".to_vec())
        );
        // Never the answer itself, never twice the same output.
        let outputs: std::collections::HashSet<_> = m.iter().map(|m| &m.output).collect();
        assert_eq!(outputs.len(), m.len());
        assert!(!outputs.contains(&b"3 2\n".to_vec()));
    }

    #[test]
    fn smaller_outputs_drop_a_token_or_half() {
        assert_eq!(smaller(b"1 2\n"), vec![b"2\n".to_vec(), b"1\n".to_vec()]);
        assert_eq!(smaller(&[b'7'; 100])[0].len(), 50);
    }
}
