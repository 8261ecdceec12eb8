//! The shape of `generators.yaml` as serde reads it: every map of the file (the root, a
//! directory, a test case) is one [`Fields`] struct with the keys BAPCtools reads, plus every key
//! as written with its line, so that the reader ([`super::walk`]) can tell a test case from a
//! directory by its keys (BAPCtools' `is_test_case`) and name each key it skips.
//!
//! Where the format allows several forms, an enum holds them: an entry of `data:` is empty, a
//! command string or a map ([`Entry`]); `data:` is a map or a list of one-entry maps ([`Data`],
//! one [`Form`] as `include:` and `generators:` are). These enums are read by visitors rather
//! than `#[serde(untagged)]`, because serde buffers an untagged enum's content and so loses
//! every line inside it (serde-saphyr's `Spanned` documents this limit), and the whole file
//! nests inside these forms.
//!
//! Leaf values that BAPCtools takes loosely (a `solution:` that may be empty, a `count:` that is
//! a number, a list or a range, a file's text) are kept as spanned [`Node`]s: a wrong one is
//! reported by the reader with its key, its line and what was found.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use super::super::map_keys::{entries, read_recording};
use super::super::yaml::{Key, Node, Value};

/// A value with the 1-based line it starts on.
pub(super) type Lined<T> = Spanned<T>;

/// The line a spanned value starts on.
pub(super) fn line_of<T>(value: &Spanned<T>) -> usize {
    value.referenced.line() as usize
}

/// One entry of the root or of a `data:` map: a test case or a directory.
#[derive(Debug)]
pub(super) enum Entry {
    /// Nothing after the key: a test case whose files are already in `data/`.
    Empty,
    /// A string: a `generate:` command (or, in older files, a `path.in` to copy).
    Command(String),
    /// A map: a test case if it has a test-case key, else a directory.
    Map(Box<EntryMap>),
    /// A number, a boolean or a list: neither (what was found, for the message).
    Other(String),
}

/// A map of the file read into its known keys, with every key as written.
#[derive(Debug, Default)]
pub(super) struct EntryMap {
    /// The values of the keys BAPCtools reads.
    pub fields: Fields,
    /// Every key with its line, in file order (known or not).
    pub keys: Vec<Key>,
}

impl EntryMap {
    /// The key named `name`, when the map has it.
    pub fn key(&self, name: &str) -> Option<&Key> {
        self.keys.iter().find(|k| k.name == name)
    }
}

/// The keys of a root, directory or test-case map whose values are read (the others are only
/// named, from [`EntryMap::keys`]). A key given with no value is `Some` (a null [`Node`]), so
/// that `solution:` left empty differs from no `solution:`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub(super) struct Fields {
    /// Root: the `generators:` map, a name and the files that make the program.
    pub generators: Option<Lined<Programs>>,
    /// Directory: its children.
    pub data: Option<Lined<Data>>,
    /// Directory: keys of earlier cases or directories to repeat here.
    #[serde(deserialize_with = "present")]
    pub include: Option<Lined<Include>>,
    /// Directory: `test_group.yaml`'s contents.
    #[serde(rename = "test_group.yaml", deserialize_with = "present")]
    pub test_group_yaml: Option<Node>,
    /// Directory: the legacy name of `test_group.yaml`.
    #[serde(rename = "testdata.yaml", deserialize_with = "present")]
    pub testdata_yaml: Option<Node>,
    /// Inherited: the solution that writes the answers (`/submissions/...`, or empty for none).
    #[serde(deserialize_with = "present")]
    pub solution: Option<Node>,
    /// Inherited: the salt of the seeds.
    #[serde(deserialize_with = "present")]
    pub random_salt: Option<Node>,
    /// Inherited: how many seeds a failing generator gets.
    #[serde(deserialize_with = "present")]
    pub retries: Option<Node>,
    /// Test case: the command that writes it.
    #[serde(deserialize_with = "present")]
    pub generate: Option<Node>,
    /// Test case: the base path under `generators/` whose files are copied.
    #[serde(deserialize_with = "present")]
    pub copy: Option<Node>,
    /// Test case: how many times it repeats (`N`, a list, `A..=B`).
    #[serde(deserialize_with = "present")]
    pub count: Option<Node>,
    /// Test case, before 2023: a command or a `path.in` to copy.
    #[serde(deserialize_with = "present")]
    pub input: Option<Node>,
    /// Test case: the files given in the YAML, by extension (see [`Fields::file`]).
    #[serde(rename = "in", deserialize_with = "present")]
    pub in_: Option<Node>,
    #[serde(deserialize_with = "present")]
    ans: Option<Node>,
    #[serde(deserialize_with = "present")]
    out: Option<Node>,
    #[serde(rename = "in.statement", deserialize_with = "present")]
    in_statement: Option<Node>,
    #[serde(rename = "ans.statement", deserialize_with = "present")]
    ans_statement: Option<Node>,
    #[serde(rename = "in.download", deserialize_with = "present")]
    in_download: Option<Node>,
    #[serde(rename = "ans.download", deserialize_with = "present")]
    ans_download: Option<Node>,
    #[serde(deserialize_with = "present")]
    interaction: Option<Node>,
    #[serde(deserialize_with = "present")]
    yaml: Option<Node>,
}

impl Fields {
    /// The value of a test case's file key (`in`, `ans`, `in.statement`, ..., `yaml`).
    pub fn file(&self, ext: &str) -> Option<&Node> {
        match ext {
            "in" => self.in_.as_ref(),
            "ans" => self.ans.as_ref(),
            "out" => self.out.as_ref(),
            "in.statement" => self.in_statement.as_ref(),
            "ans.statement" => self.ans_statement.as_ref(),
            "in.download" => self.in_download.as_ref(),
            "ans.download" => self.ans_download.as_ref(),
            "interaction" => self.interaction.as_ref(),
            "yaml" => self.yaml.as_ref(),
            _ => None,
        }
    }
}

/// A value in one of the forms YAML gives it, with the parts the format reads typed: `V` for
/// a map's values, `T` for a list's items ([`de::IgnoredAny`] where a form is only reported).
#[derive(Debug)]
pub(super) enum Form<V, T> {
    /// Nothing.
    Null,
    /// A string, number or boolean.
    Scalar(Value),
    /// A map's entries in file order, each key with its line.
    Map(Vec<(Key, V)>),
    /// A list's items.
    List(Vec<T>),
}

impl<V, T> Form<V, T> {
    /// What was found, for messages: `"fast"`, `5`, `a list`, `nothing`.
    pub fn describe(&self) -> String {
        match self {
            Form::Null => Value::Null.describe(),
            Form::Scalar(value) => value.describe(),
            Form::Map(_) => Value::Map(Vec::new()).describe(),
            Form::List(_) => Value::Seq(Vec::new()).describe(),
        }
    }
}

/// `data:`: a map of named children, or a list of one-entry maps whose children are numbered.
pub(super) type Data = Form<Lined<Entry>, Lined<Item>>;

/// One item of a numbered `data:` list: a map (of one entry; several in older forms).
pub(super) type Item = Form<Lined<Entry>, de::IgnoredAny>;

/// The entries of a `data:` map or list item, in file order.
pub(super) type Children = [(Key, Lined<Entry>)];

/// `include:`: a list of keys (each read as text by the reader).
pub(super) type Include = Form<de::IgnoredAny, Node>;

/// The root `generators:` map: each name with its files (a string or a list).
pub(super) type Programs = Form<Node, de::IgnoredAny>;

/// For a field whose key given with no value must still count as given.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Every scalar but a string read as a [`Value`] into `$form` (a visitor's shared part).
macro_rules! other_scalars {
    ($form:expr) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok(($form)(Value::Bool(v)))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok(($form)(Value::Int(v)))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok(($form)(
                i64::try_from(v).map_or(Value::Float(v as f64), Value::Int),
            ))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok(($form)(Value::Float(v)))
        }
    };
}

/// The items of a list.
fn items<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(mut seq: A) -> Result<Vec<T>, A::Error> {
    let mut out = Vec::new();
    while let Some(item) = seq.next_element()? {
        out.push(item);
    }
    Ok(out)
}

struct EntryVisitor;

impl<'de> Visitor<'de> for EntryVisitor {
    type Value = Entry;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a test case or a directory")
    }

    other_scalars!(|v: Value| Entry::Other(v.describe()));

    fn visit_unit<E: de::Error>(self) -> Result<Entry, E> {
        Ok(Entry::Empty)
    }

    fn visit_none<E: de::Error>(self) -> Result<Entry, E> {
        Ok(Entry::Empty)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Entry, D::Error> {
        Entry::deserialize(d)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Entry, E> {
        Ok(Entry::Command(v.to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Entry, A::Error> {
        items::<A, de::IgnoredAny>(seq).map(|_| Entry::Other(Value::Seq(Vec::new()).describe()))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
        let (fields, keys) = read_recording::<Node, _, Fields>(map)?;
        Ok(Entry::Map(Box::new(EntryMap { fields, keys })))
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(EntryVisitor)
    }
}

struct FormVisitor<V, T>(PhantomData<(V, T)>);

impl<'de, V: Deserialize<'de>, T: Deserialize<'de>> Visitor<'de> for FormVisitor<V, T> {
    type Value = Form<V, T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML value")
    }

    other_scalars!(Form::Scalar);

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Form::Scalar(Value::Str(v.to_string())))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Form::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Form::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        Form::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        items(seq).map(Form::List)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        entries::<Node, _, _>(map).map(Form::Map)
    }
}

impl<'de, V: Deserialize<'de>, T: Deserialize<'de>> Deserialize<'de> for Form<V, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FormVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Spanned<Entry> {
        serde_saphyr::from_str(text).unwrap()
    }

    fn map(entry: &Entry) -> &EntryMap {
        match entry {
            Entry::Map(map) => map,
            other => panic!("not a map: {other:?}"),
        }
    }

    #[test]
    fn lines_survive_every_form() {
        let root = read(
            "solution:\ndata:\n  secret:\n    data:\n      - g:\n          data:\n            - a:\n                generate: gen.py {seed}\n                count: 2\n",
        );
        let root = map(&root.value);
        assert!(root
            .fields
            .solution
            .as_ref()
            .is_some_and(|s| s.value == Value::Null));
        assert!(root.fields.random_salt.is_none());
        let Some(Form::Map(top)) = root.fields.data.as_ref().map(|d| &d.value) else {
            panic!("data is a map");
        };
        assert_eq!((top[0].0.name.as_str(), top[0].0.line), ("secret", 3));
        let Some(Form::List(items)) = map(&top[0].1.value).fields.data.as_ref().map(|d| &d.value)
        else {
            panic!("secret's data is a list");
        };
        assert_eq!(line_of(&items[0]), 5);
        let Form::Map(g) = &items[0].value else {
            panic!("an item is a map");
        };
        let Some(Form::List(inner)) = map(&g[0].1.value).fields.data.as_ref().map(|d| &d.value)
        else {
            panic!("g's data is a list");
        };
        let Form::Map(a) = &inner[0].value else {
            panic!("an item is a map");
        };
        assert_eq!((a[0].0.name.as_str(), a[0].0.line), ("a", 7));
        let case = map(&a[0].1.value);
        let generate = case.fields.generate.as_ref().unwrap();
        assert_eq!(
            (generate.value.clone(), generate.line),
            (Value::Str("gen.py {seed}".into()), 8)
        );
        assert_eq!(case.fields.count.as_ref().unwrap().line, 9);
    }

    #[test]
    fn every_key_is_kept_in_file_order_with_its_line() {
        let root = read("zeta: 1\ndata: {}\n7: x\ntrue: y\n~: z\nin.download: {link: in}\n");
        let root = map(&root.value);
        let keys: Vec<(&str, usize)> = root
            .keys
            .iter()
            .map(|k| (k.name.as_str(), k.line))
            .collect();
        assert_eq!(
            keys,
            [
                ("zeta", 1),
                ("data", 2),
                ("7", 3),
                ("true", 4),
                ("", 5),
                ("in.download", 6)
            ]
        );
        assert!(matches!(
            root.fields.file("in.download").map(|n| &n.value),
            Some(Value::Map(_))
        ));
    }

    #[test]
    fn the_forms_of_an_entry() {
        let data: Spanned<Data> =
            serde_saphyr::from_str("a:\nb: gen.py 1\nc: 5\nd: [1]\ne: {copy: x}\n").unwrap();
        let Form::Map(children) = data.value else {
            panic!("a map");
        };
        assert!(matches!(children[0].1.value, Entry::Empty));
        assert!(matches!(&children[1].1.value, Entry::Command(c) if c == "gen.py 1"));
        assert!(matches!(&children[2].1.value, Entry::Other(f) if f == "5"));
        assert!(matches!(&children[3].1.value, Entry::Other(f) if f == "a list"));
        assert_eq!(
            map(&children[4].1.value).key("copy").map(|k| k.line),
            Some(5)
        );
        let data: Spanned<Data> = serde_saphyr::from_str("hello").unwrap();
        assert_eq!(data.value.describe(), "\"hello\"");
    }
}
