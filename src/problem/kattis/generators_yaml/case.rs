//! One test-case entry of `generators.yaml` checked and turned into planned cases (several
//! with `count:`), and its `generate:` command split and seeded, as BAPCtools' `TestcaseRule`
//! reads them (`bapctools/generate.py`).

use super::super::error::PackageError;
use super::super::yaml::{self, Key, Value};
use super::emit::raw_value;
use super::file::{Entry, EntryMap};
use super::walk::{numbered_name, parse_count, valid_name, Inherited, Known, Reader};
use super::{
    bapctools_seed, find_seed, PlannedCase, PlannedCommand, CASE_KEYS, LINK_KEYS, OLD_INPUT_KEY,
};

impl Reader<'_> {
    /// The cases of one test-case entry (several with `count:`).
    pub(super) fn cases_of(
        &mut self,
        key: &Key,
        entry: &Entry,
        numbered: bool,
        prefix: &str,
        parent: &Inherited,
    ) -> Result<(), PackageError> {
        let at = format!(
            "{prefix}{}: ",
            if key.name.is_empty() {
                "\"\""
            } else {
                &key.name
            }
        );
        let empty = EntryMap::default();
        // A string ending in `.in` is a file to copy, as BAPCtools read it before `copy:`
        // (and still does, with a warning).
        let old_copy = |s: &str| s.trim().strip_suffix(".in").map(str::to_string);
        let (map, generate_text, mut copy_text): (&EntryMap, Option<String>, _) = match entry {
            Entry::Empty | Entry::Other(_) => (&empty, None, None),
            Entry::Command(s) if old_copy(s).is_some() => {
                self.older_forms += 1;
                (&empty, None, old_copy(s))
            }
            Entry::Command(s) => (&empty, Some(s.clone()), None),
            Entry::Map(map) => (map.as_ref(), None, None),
        };
        let fields = &map.fields;
        let settings = self.settings(fields, parent, &at)?;
        for k in &map.keys {
            match k.name.as_str() {
                "generate" | "copy" | "count" | "solution" | "random_salt" | "retries" => {}
                "match" => self.matches += 1,
                OLD_INPUT_KEY | "type" => self.older_forms += 1,
                "visualizer" => self.notice(k, &format!("{at}visualizer: ignored")),
                "data" | "include" | "test_group.yaml" | "testdata.yaml" => {
                    return Err(self.error(
                        k.line,
                        format!("{at}{}: a directory key in a test case", k.name),
                    ))
                }
                ext if CASE_KEYS.contains(&ext) => {
                    let Some(v) = fields.file(ext) else {
                        continue;
                    };
                    if v.value == Value::Null {
                        return Err(self.error(v.line, format!("{at}{ext} must be a string")));
                    }
                }
                other => {
                    let what = format!("{at}{other}: not a test case key; ignored");
                    self.notice(k, &what);
                }
            }
        }
        let mut generate_text = generate_text;
        if let Some(node) = &fields.input {
            let text = node.leaf().as_string(self.file, &format!("{at}input"))?;
            match old_copy(&text) {
                Some(path) => copy_text = Some(path),
                None => generate_text = Some(text),
            }
        }
        let generate_text = match (generate_text, &fields.generate) {
            (Some(text), _) => Some(text),
            (None, Some(node)) => Some(match &node.value {
                Value::Str(s) if !s.trim().is_empty() => s.clone(),
                other => {
                    return Err(self.error(
                        node.line,
                        format!("{at}generate must be a command, found {other}"),
                    ))
                }
            }),
            (None, None) => None,
        };
        let count = match &fields.count {
            Some(node) => {
                Some(parse_count(node).map_err(|why| self.error(node.line, format!("{at}{why}")))?)
            }
            None => None,
        };
        let values = count.clone().unwrap_or_else(|| vec![1]);
        let consecutive = values.iter().max().copied().unwrap_or(0)
            - values.iter().min().copied().unwrap_or(0)
            == values.len() as i64 - 1;
        let padding = if consecutive {
            values
                .iter()
                .map(|v| v.to_string().len())
                .max()
                .unwrap_or(1)
        } else {
            0
        };
        let copy_node = fields.copy.as_ref();
        let copy_text = match copy_node {
            Some(node) => Some(node.leaf().as_string(self.file, &format!("{at}copy"))?),
            None => copy_text,
        };
        let copy = match copy_text {
            Some(text) => {
                if text.starts_with('/') {
                    return Err(self.error(
                        copy_node.map_or(key.line, |n| n.line),
                        format!("{at}copy `{text}` must be relative to generators/"),
                    ));
                }
                Some(self.dir.join("generators").join(text))
            }
            None => None,
        };
        let mut inline = Vec::new();
        let mut links = Vec::new();
        for ext in &CASE_KEYS[4..] {
            let (Some(key), Some(value)) = (map.key(ext), fields.file(ext)) else {
                continue;
            };
            match &value.value {
                Value::Map(_) if *ext == "yaml" => {
                    inline.push((ext.to_string(), raw_value(&self.lines, key, value)));
                }
                Value::Map(m) if LINK_KEYS.contains(ext) => {
                    let target =
                        yaml::get(m, "link").filter(|_| m.len() == 1).and_then(|t| {
                            match &t.value {
                                Value::Str(s) => Some(s.clone()),
                                _ => None,
                            }
                        });
                    let Some(target) = target else {
                        return Err(self.error(
                            value.line,
                            format!("{at}{ext} must be a string or {{link: EXT}}"),
                        ));
                    };
                    let same_kind = ext.split('.').next() == target.split('.').next();
                    if !same_kind
                        || !(target == "in"
                            || target == "ans"
                            || LINK_KEYS.contains(&target.as_str()))
                    {
                        return Err(
                            self.error(value.line, format!("{at}{ext} cannot link to `{target}`"))
                        );
                    }
                    links.push((ext.to_string(), target));
                }
                Value::Str(s) => {
                    let mut text = s.clone();
                    if !text.is_empty() && !text.ends_with('\n') {
                        text.push('\n');
                    }
                    inline.push((ext.to_string(), text));
                }
                other => {
                    return Err(self.error(
                        value.line,
                        format!("{at}{ext} must be a string, found {other}"),
                    ))
                }
            }
        }
        // An empty entry is a manual case whose files are already in `data/`: BAPCtools read it
        // so from 2021 (`is_testcase` accepts `None`; `TestcaseRule` sets `manual`, `inline`
        // and reads `data/<dir>/<name>.in`) until it started to reject it in 2024.
        let manual = matches!(entry, Entry::Empty);
        if !manual
            && generate_text.is_none()
            && copy.is_none()
            && !inline.iter().any(|(e, _)| e == "in")
            && !(prefix.starts_with("sample")
                && (inline.iter().any(|(e, _)| e.starts_with("in."))
                    || links.iter().any(|(e, _)| e.starts_with("in."))))
        {
            return Err(self.error(
                key.line,
                format!("{at}a test case needs `generate`, `copy` or `in`"),
            ));
        }
        let root = prefix.split('/').next().unwrap_or("").to_string();
        for &value in &values {
            let mut name = if numbered {
                let n = self.next_case;
                self.next_case += 1;
                numbered_name(&key.name, n as usize, self.case_width)
            } else {
                key.name.clone()
            };
            if count.is_some() {
                name = format!("{name}-{value:0padding$}");
            }
            if !valid_name(&format!("{name}.in")) || name == "test_group" {
                return Err(self.error(
                    key.line,
                    format!("{at}`{name}` is not a valid test case name"),
                ));
            }
            let generate = match &generate_text {
                Some(text) => {
                    Some(self.command(text, value, count.is_some(), &settings, key, &at)?)
                }
                None => None,
            };
            let path = format!("{prefix}{name}");
            if self.plan.cases.iter().any(|c| c.path == path) {
                return Err(self.error(key.line, format!("{at}test case {path} is made twice")));
            }
            self.known
                .entry(key.name.clone())
                .or_default()
                .push(Known::Case(self.plan.cases.len()));
            let copy = if manual {
                Some(self.dir.join("data").join(&path))
            } else {
                copy.clone()
            };
            self.plan.cases.push(PlannedCase {
                path,
                line: key.line,
                root: root.clone(),
                generate,
                copy,
                manual,
                inline: inline.clone(),
                links: links.clone(),
                solution: settings.solution.clone(),
                retries: settings.retries,
            });
        }
        Ok(())
    }

    /// A `generate:` command for one `count` value.
    fn command(
        &self,
        text: &str,
        count_value: i64,
        counted: bool,
        settings: &Inherited,
        key: &Key,
        at: &str,
    ) -> Result<PlannedCommand, PackageError> {
        let text = self.plan.substitute(text);
        let text = if counted {
            text.replace("{count}", &count_value.to_string())
        } else {
            text
        };
        let mut seed_value = settings.salt.clone();
        if count_value != 1 {
            seed_value.push_str(&format!(":{}", count_value - 1));
        }
        // Python's `str.strip()`: Unicode whitespace at both ends.
        seed_value.push_str(text.trim());
        let seed = bapctools_seed(&seed_value);
        let words = shlex::split(&text)
            .ok_or_else(|| self.error(key.line, format!("{at}`{text}` has an unclosed quote")))?;
        let Some((program, args)) = words.split_first() else {
            return Err(self.error(key.line, format!("{at}generate is empty")));
        };
        if program.starts_with('/') {
            return Err(self.error(
                key.line,
                format!("{at}`{program}` must be relative to generators/"),
            ));
        }
        let seeds: usize = args
            .iter()
            .map(|a| {
                let mut n = 0;
                let mut rest = a.as_str();
                while let Some((_, end)) = find_seed(rest) {
                    n += 1;
                    rest = &rest[end..];
                }
                n
            })
            .sum();
        if seeds > 1 {
            return Err(self.error(
                key.line,
                format!("{at}`{text}`: {{seed}} may appear at most once"),
            ));
        }
        if !self.plan.programs.contains_key(program)
            && !self.dir.join("generators").join(program).exists()
        {
            return Err(self.error(
                key.line,
                format!(
                    "{at}`{text}`: `{program}` is neither a file or folder of generators/ nor a name of the generators: map"
                ),
            ));
        }
        Ok(PlannedCommand {
            text,
            program: program.clone(),
            args: args.to_vec(),
            seed,
        })
    }
}
