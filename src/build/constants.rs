//! A package's constants as the build step substitutes them: `NAME` and `NAME.VARIANT` to
//! their text, and `{{NAME}}` / `{{NAME.VARIANT}}` replaced in a program's files before it is
//! built (as [`super::Declared::constants`] asks).
//!
//! The reader of a package fills them (the Kattis reader from problem.yaml's 2025-09
//! `constants`, in the spec's forms); here is only what a sequence
//! is and how it is replaced, as BAPCtools' `CONSTANT_SUBSTITUTE_REGEX` finds them: a name
//! (`[a-zA-Z_][a-zA-Z0-9_]*`, optionally `.` and a variant name) between `{{` and `}}`, left
//! to right. A sequence naming no constant stays as written.

use std::collections::BTreeMap;
use std::path::Path;

/// The constants of one package: `NAME` and `NAME.VARIANT` to their text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Constants(BTreeMap<String, String>);

impl Constants {
    /// From `NAME` / `NAME.VARIANT` to text pairs (for tests and other readers).
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Constants {
        Constants(
            pairs
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// Whether the package defines none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The text of `NAME` or `NAME.VARIANT`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// `text` with every `{{NAME}}` / `{{NAME.VARIANT}}` of a defined constant replaced (the
    /// matches BAPCtools' `CONSTANT_SUBSTITUTE_REGEX` finds, scanning left to right); `None`
    /// when nothing is replaced.
    pub fn substitute(&self, text: &str) -> Option<String> {
        if self.0.is_empty() || !text.contains("{{") {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        let mut replaced = false;
        while let Some(at) = rest.find("{{") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            let value = after
                .find("}}")
                .and_then(|end| Some((end, self.0.get(&after[..end])?)));
            match value {
                Some((end, value)) => {
                    out.push_str(value);
                    rest = &after[end + 2..];
                    replaced = true;
                }
                None => {
                    // `{{{A}}}`: the match may start one brace later.
                    out.push('{');
                    rest = &rest[at + 1..];
                }
            }
        }
        out.push_str(rest);
        replaced.then_some(out)
    }

    /// The text of the file at `path` with the constants substituted: how a test group's
    /// settings file (`test_group.yaml`, `testdata.yaml`) is read, whole, for its arguments
    /// and its scoring keys alike.
    pub(crate) fn read_substituted(&self, path: &Path) -> std::io::Result<String> {
        let text = std::fs::read_to_string(path)?;
        Ok(self.substitute(&text).unwrap_or(text))
    }

    /// The constant sequences of `text` (`{{NAME}}`, `{{NAME.VARIANT}}`: the matches of
    /// BAPCtools' `CONSTANT_SUBSTITUTE_REGEX`, left to right) that name no constant here, in
    /// order, each once: what [`Constants::substitute`] leaves as written.
    pub fn undefined<'t>(&self, text: &'t str) -> Vec<&'t str> {
        let mut found: Vec<&str> = Vec::new();
        let mut rest = text;
        while let Some(at) = rest.find("{{") {
            let after = &rest[at + 2..];
            match sequence_name(after) {
                Some(name) => {
                    if !self.0.contains_key(name) && !found.contains(&name) {
                        found.push(name);
                    }
                    rest = &after[name.len() + 2..];
                }
                // `{{{A}}}`: the match may start one brace later.
                None => rest = &rest[at + 1..],
            }
        }
        found
    }

    /// [`Constants::substitute`] on a file's bytes: text only (a file that is not UTF-8 is
    /// left alone, as BAPCtools skips files it cannot read as text).
    pub fn substitute_bytes(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        let text = std::str::from_utf8(bytes).ok()?;
        self.substitute(text).map(String::into_bytes)
    }
}

impl FromIterator<(String, String)> for Constants {
    /// From `NAME` / `NAME.VARIANT` to text pairs, as a reader collects them.
    fn from_iter<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Constants {
        Constants(pairs.into_iter().collect())
    }
}

/// The `NAME` or `NAME.VARIANT` at the start of `text` when `}}` follows it.
fn sequence_name(text: &str) -> Option<&str> {
    let end = text.find("}}")?;
    let name = &text[..end];
    let mut parts = name.splitn(2, '.');
    let whole = parts.next().is_some_and(is_name) && parts.next().is_none_or(is_name);
    whole.then_some(name)
}

/// Whether `name` is a constant or variant name (`[a-zA-Z_][a-zA-Z0-9_]*`: the 2025-09
/// spec's, and BAPCtools').
pub fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `A: 1` and `B: {value: 2, tex: two}`, as a reader fills them.
    fn a_and_b() -> Constants {
        Constants::from_pairs([
            ("A", "1"),
            ("A.value", "1"),
            ("B", "2"),
            ("B.value", "2"),
            ("B.tex", "two"),
        ])
    }

    #[test]
    fn only_defined_names_are_replaced() {
        let c = a_and_b();
        assert_eq!(
            c.substitute("x {{A}} {{B.tex}} {{B.value}} {{C}} {{ A }} {{{A}}}")
                .as_deref(),
            Some("x 1 two 2 {{C}} {{ A }} {1}")
        );
        assert_eq!(c.substitute("{{C}} and {"), None);
        assert_eq!(Constants::default().substitute("{{A}}"), None);
        assert_eq!(c.substitute_bytes(b"\xff{{A}}"), None, "not text");
    }

    #[test]
    fn undefined_sequences_are_found_once_each() {
        let c = a_and_b();
        assert_eq!(
            c.undefined("{{A}} {{C}} {{B.tex}} {{B.x}} {{C}} {{ D }} {{1x}} {{{E}}} {{F.g.h}}"),
            vec!["C", "B.x", "E"]
        );
        assert!(c.undefined("vector<vector<int>> v{{1, 2}};").is_empty());
    }

    #[test]
    fn names_are_the_specs() {
        assert!(is_name("_a9") && is_name("MAXN"));
        assert!(!is_name("9a") && !is_name("") && !is_name("a-b") && !is_name("a.b"));
    }
}
