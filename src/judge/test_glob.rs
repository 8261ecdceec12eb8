//! The glob patterns of `submissions.yaml` (problem package format 2025-09, "Glob patterns"):
//! `*` matches within one path component (never `/`), `{a,b}` is brace expansion (several and
//! nested groups allowed, items trimmed as BAPCtools does), `**` and `[xyz]` are not supported
//! (taken literally). A pattern matches a path when it matches the path itself or one of its
//! parent folders: `accepted` and `accepted/*` both match `accepted/sol.py`. A trailing `/` is
//! ignored.

/// A compiled glob: its brace-expanded alternatives, each split into path components.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glob {
    /// The pattern as written.
    pub text: String,
    alternatives: Vec<Vec<String>>,
}

impl Glob {
    /// Compiles `text`.
    pub fn new(text: &str) -> Glob {
        let trimmed = text.trim().trim_end_matches('/');
        let alternatives = expand_braces(trimmed)
            .into_iter()
            .map(|alt| alt.split('/').map(str::to_string).collect())
            .collect();
        Glob {
            text: text.to_string(),
            alternatives,
        }
    }

    /// Whether the glob matches `path` (components separated by `/`) or one of its parents.
    pub fn matches(&self, path: &str) -> bool {
        let parts: Vec<&str> = path.split('/').collect();
        self.alternatives.iter().any(|alt| {
            alt.len() <= parts.len()
                && alt
                    .iter()
                    .zip(&parts)
                    .all(|(pattern, part)| component_matches(pattern, part))
        })
    }

    /// Whether the glob is exactly `name` (no wildcard, no braces).
    pub fn is_exactly(&self, name: &str) -> bool {
        self.text.trim().trim_end_matches('/') == name
    }
}

/// `*`-wildcard match of one path component.
fn component_matches(pattern: &str, text: &str) -> bool {
    let pieces: Vec<&str> = pattern.split('*').collect();
    if pieces.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Every alternative of `text` with its `{a,b,...}` groups expanded (cartesian product). An
/// unclosed `{` is literal.
fn expand_braces(text: &str) -> Vec<String> {
    let Some(open) = text.find('{') else {
        return vec![text.to_string()];
    };
    let mut depth = 0;
    let mut close = None;
    let mut commas = Vec::new();
    for (i, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            ',' if depth == 1 => commas.push(open + i),
            _ => {}
        }
    }
    let Some(close) = close else {
        return vec![text.to_string()];
    };
    let (prefix, suffix) = (&text[..open], &text[close + 1..]);
    let mut bounds = vec![open];
    bounds.extend(commas);
    bounds.push(close);
    let mut out = Vec::new();
    for pair in bounds.windows(2) {
        let item = text[pair[0] + 1..pair[1]].trim();
        for inner in expand_braces(item) {
            for tail in expand_braces(suffix) {
                out.push(format!("{prefix}{inner}{tail}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_match_their_contents_and_stars_stay_within_a_component() {
        assert!(Glob::new("accepted").matches("accepted/sol.py"));
        assert!(Glob::new("accepted/").matches("accepted/sol.py"));
        assert!(Glob::new("accepted/*").matches("accepted/sol.py"));
        assert!(!Glob::new("accepted").matches("accepted_too/sol.py"));
        assert!(Glob::new("wa/ac*").matches("wa/ac.py"));
        assert!(!Glob::new("*/nested_wa.py").matches("match/nested/nested_wa.py"));
        assert!(Glob::new("*/nested").matches("match/nested/nested_wa.py"));
        assert!(!Glob::new("match_wa.py").matches("match/match_wa.py"));
        assert!(Glob::new("secret/*-easy").matches("secret/03-easy"));
        assert!(!Glob::new("secret/*-easy").matches("secret/03-hard"));
        assert!(Glob::new("secret/a*b*c").matches("secret/axxbyyc"));
        assert!(!Glob::new("secret/a*b*c").matches("secret/ac"));
    }

    #[test]
    fn braces_expand_with_products_and_trimmed_items() {
        let g = Glob::new("expansion/ac.{py,cpp}");
        assert!(g.matches("expansion/ac.py") && g.matches("expansion/ac.cpp"));
        assert!(!g.matches("expansion/ac.java"));
        let even = Glob::new("secret/*{,0,1,2,3,4,5,6,7,8,9}{0,2,4,6,8}");
        assert!(even.matches("secret/12") && even.matches("secret/2"));
        assert!(!even.matches("secret/13"));
        assert!(Glob::new("secret/*{ 4 }{ 2 }").matches("secret/42"));
        assert!(Glob::new("{a,b{c,d}}").matches("bd"));
        assert!(Glob::new("x{y").matches("x{y"));
    }
}
