//! The shrinker's model of an input: lines of whitespace-separated tokens, and edits on it.
//!
//! Rendering joins tokens with single spaces and lines with `\n`, and ends with `\n` exactly when
//! the original did, so a shrunk input looks like the inputs the generator prints.

use std::collections::HashMap;
use std::ops::Range;

/// Where a token is: (line index, token index on that line).
pub(crate) type Pos = (usize, usize);

/// An input as lines of tokens. Blank lines are kept as empty lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Doc {
    /// The tokens of each line.
    pub lines: Vec<Vec<String>>,
    /// Whether the text ends with a line break.
    pub trailing_newline: bool,
}

/// A change to a [`Doc`]: every position refers to the document the edit is applied to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Edit {
    /// Whole lines to remove.
    pub drop_lines: Vec<Range<usize>>,
    /// Tokens to remove.
    pub drop_tokens: Vec<Pos>,
    /// Characters (by char index) to remove from a token; a token left empty disappears.
    pub drop_chars: Vec<(Pos, usize)>,
    /// Tokens to replace.
    pub set_tokens: Vec<(Pos, String)>,
}

impl Edit {
    /// Writes `text` at every one of `positions`.
    pub fn set_all(positions: &[Pos], text: &str) -> Edit {
        Edit {
            set_tokens: positions.iter().map(|&p| (p, text.to_string())).collect(),
            ..Edit::default()
        }
    }
}

impl Doc {
    /// Reads `text` as lines of whitespace-separated tokens (`\r` counts as whitespace).
    pub fn parse(text: &str) -> Doc {
        let trailing_newline = text.ends_with('\n');
        let body = text.strip_suffix('\n').unwrap_or(text);
        let lines = if text.is_empty() {
            Vec::new()
        } else {
            body.split('\n')
                .map(|line| line.split_whitespace().map(str::to_string).collect())
                .collect()
        };
        Doc {
            lines,
            trailing_newline,
        }
    }

    /// The text: single spaces between tokens, `\n` between lines, and a final `\n` when the
    /// original had one.
    pub fn render(&self) -> String {
        let size: usize = self
            .lines
            .iter()
            .map(|line| line.iter().map(|t| t.len() + 1).sum::<usize>() + 1)
            .sum();
        let mut out = String::with_capacity(size);
        for (i, line) in self.lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            for (j, token) in line.iter().enumerate() {
                if j > 0 {
                    out.push(' ');
                }
                out.push_str(token);
            }
        }
        if self.trailing_newline && !self.lines.is_empty() {
            out.push('\n');
        }
        out
    }

    /// The token at `pos`.
    pub fn token(&self, pos: Pos) -> &str {
        &self.lines[pos.0][pos.1]
    }

    /// Every token position, in reading order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.lines
            .iter()
            .enumerate()
            .flat_map(|(l, line)| (0..line.len()).map(move |t| (l, t)))
    }

    /// The document with `edit` applied.
    pub fn apply(&self, edit: &Edit) -> Doc {
        let mut line_kept = vec![true; self.lines.len()];
        for range in &edit.drop_lines {
            for l in range.clone() {
                if let Some(kept) = line_kept.get_mut(l) {
                    *kept = false;
                }
            }
        }
        let mut token_kept: HashMap<usize, Vec<bool>> = HashMap::new();
        for &(l, t) in &edit.drop_tokens {
            let Some(line) = self.lines.get(l) else {
                continue;
            };
            let kept = token_kept
                .entry(l)
                .or_insert_with(|| vec![true; line.len()]);
            if let Some(k) = kept.get_mut(t) {
                *k = false;
            }
        }
        let replaced: HashMap<Pos, &str> = edit
            .set_tokens
            .iter()
            .map(|(p, text)| (*p, text.as_str()))
            .collect();
        let mut char_kept: HashMap<Pos, Vec<bool>> = HashMap::new();
        for &(pos, c) in &edit.drop_chars {
            if pos.0 >= self.lines.len() || pos.1 >= self.lines[pos.0].len() {
                continue;
            }
            let kept = char_kept
                .entry(pos)
                .or_insert_with(|| vec![true; self.token(pos).chars().count()]);
            if let Some(k) = kept.get_mut(c) {
                *k = false;
            }
        }
        let lines = self
            .lines
            .iter()
            .enumerate()
            .filter(|(l, _)| line_kept[*l])
            .map(|(l, line)| {
                let kept = token_kept.get(&l);
                line.iter()
                    .enumerate()
                    .filter(|(t, _)| kept.is_none_or(|k| k[*t]))
                    .filter_map(|(t, token)| {
                        let token = replaced.get(&(l, t)).copied().unwrap_or(token);
                        match char_kept.get(&(l, t)) {
                            None => Some(token.to_string()),
                            Some(mask) => {
                                let shorter: String = token
                                    .chars()
                                    .enumerate()
                                    .filter(|(i, _)| mask.get(*i).is_none_or(|k| *k))
                                    .map(|(_, c)| c)
                                    .collect();
                                (!shorter.is_empty()).then_some(shorter)
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        Doc {
            lines,
            trailing_newline: self.trailing_newline,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_render_normalise_spacing_and_keep_the_final_newline_convention() {
        let doc = Doc::parse("3\n 1   2\t3 \n");
        assert_eq!(doc.lines, vec![vec!["3"], vec!["1", "2", "3"]]);
        assert_eq!(doc.render(), "3\n1 2 3\n");
        assert_eq!(Doc::parse("3\n1 2 3").render(), "3\n1 2 3");
        assert_eq!(Doc::parse("a\r\nb c\r\n").render(), "a\nb c\n");
        assert_eq!(Doc::parse("").render(), "");
        assert_eq!(Doc::parse("\n").render(), "\n");
        assert_eq!(Doc::parse("1\n\n2\n").render(), "1\n\n2\n");
    }

    #[test]
    fn edits_drop_lines_tokens_and_characters_and_replace_tokens() {
        let doc = Doc::parse("2\nab cd\nx y z\n");
        let edit = Edit {
            drop_lines: std::iter::once(2..3).collect(),
            drop_tokens: vec![(1, 0)],
            drop_chars: vec![((1, 1), 0)],
            set_tokens: vec![((0, 0), "1".to_string())],
        };
        assert_eq!(doc.apply(&edit).render(), "1\nd\n");
        let emptied = Edit {
            drop_chars: vec![((1, 0), 0), ((1, 0), 1)],
            ..Edit::default()
        };
        assert_eq!(doc.apply(&emptied).render(), "2\ncd\nx y z\n");
        assert_eq!(
            doc.apply(&Edit::set_all(&[(2, 0), (2, 2)], "q")).render(),
            "2\nab cd\nq y q\n"
        );
    }

    #[test]
    fn positions_are_in_reading_order() {
        let doc = Doc::parse("a b\n\nc\n");
        assert_eq!(
            doc.positions().collect::<Vec<_>>(),
            [(0, 0), (0, 1), (2, 0)]
        );
    }
}
