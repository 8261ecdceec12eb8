//! A generator command line: a program and its words, the seed going first unless a word holds
//! a `{seed}` placeholder. Every source of generators writes one (`--gen`, a folder's
//! `stressjudge.yaml`, a Polygon script, `generators.yaml`), so it lives with the generator
//! runtime rather than in one reader.

use std::path::{Path, PathBuf};

/// A generator command: a program and its arguments, the seed going first unless an argument
/// holds a `{seed}` placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratorCommand {
    /// The generator program (a path; relative paths are relative to the base given to
    /// [`GeneratorCommand::parse`]).
    pub program: PathBuf,
    /// The arguments as written, placeholders included.
    pub args: Vec<String>,
}

impl GeneratorCommand {
    /// Parses `gen.py 10 100` or `gen.py --seed={seed} --n 10`: words split on whitespace, with
    /// '...' or "..." quoting a word that holds spaces. The program path is taken relative to
    /// `base`.
    pub fn parse(text: &str, base: &Path) -> Result<GeneratorCommand, String> {
        let words = split_words(text)?;
        Self::from_words(&words, base)
    }

    /// A command from already split words (the first is the program).
    pub fn from_words(words: &[String], base: &Path) -> Result<GeneratorCommand, String> {
        let Some((program, args)) = words.split_first() else {
            return Err("is empty: it needs a generator program, then its arguments".to_string());
        };
        if program.contains("{seed}") {
            return Err(format!(
                "starts with {program:?}: the first word is the program, not the seed"
            ));
        }
        Ok(GeneratorCommand {
            program: base.join(program),
            args: args.to_vec(),
        })
    }

    /// Whether some argument holds the `{seed}` placeholder.
    pub fn has_seed_placeholder(&self) -> bool {
        self.args.iter().any(|a| a.contains("{seed}"))
    }

    /// The arguments for `seed`: every `{seed}` replaced by it, or, without a placeholder, the
    /// seed first and then the arguments (`gen SEED ARGS...`, as `./gen $i` loops do).
    pub fn args_for_seed(&self, seed: u64) -> Vec<String> {
        let seed = seed.to_string();
        if self.has_seed_placeholder() {
            self.args
                .iter()
                .map(|a| a.replace("{seed}", &seed))
                .collect()
        } else {
            std::iter::once(seed)
                .chain(self.args.iter().cloned())
                .collect()
        }
    }
}

fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut current: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                let word = current.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some(other) => word.push(other),
                        None => return Err(format!("has an unclosed {c} quote")),
                    }
                }
            }
            c if c.is_whitespace() => words.extend(current.take()),
            c => current.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(current);
    Ok(words)
}
