//! YAML documents as a tree of values that each know their line, so that every error about a
//! value (not only a syntax error) can name the file and the line to fix.
//!
//! The problem-package files are small and loosely typed (a `name` may be a string or a map, a
//! flag list a string or a sequence), so they are read into this tree first and interpreted by
//! hand with [`Node`]'s typed accessors, which produce errors such as
//! `problem.yaml line 4: limits.time_limit must be a number, found "fast"`.
//!
//! Only `generators.yaml` is still read this way; the other files are read into typed structs
//! ([`super::typed`]).

use std::fmt;
use std::path::Path;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use super::error::PackageError;
use super::map_keys::{self, KeyReader};
use super::typed::{Leaf, Loose};

/// One YAML value with the line it starts on (1-based; 0 when the parser could not tell).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node {
    /// The value.
    pub value: Value,
    /// 1-based line of the value in its file.
    pub line: usize,
}

/// A YAML value. Mapping keys are kept in file order with their own lines.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(Key, Node)>),
}

pub(crate) use super::typed::Key;

/// Parses `text` (the contents of `path`) into a tree. An empty document is `Null`.
pub(crate) fn parse(path: &Path, text: &str) -> Result<Node, PackageError> {
    super::typed::parse(path, text)
}

impl Value {
    /// What kind of value this is, for messages: `a string "fast"`, `a list`, ...
    pub fn describe(&self) -> String {
        match self {
            Value::Null => "nothing".to_string(),
            Value::Bool(b) => format!("{b}"),
            Value::Int(i) => format!("{i}"),
            Value::Float(x) => format!("{x}"),
            Value::Str(s) => format!("{s:?}"),
            Value::Seq(_) => "a list".to_string(),
            Value::Map(_) => "a map".to_string(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// Typed reading of a node, with errors naming the file, the line and the key path.
///
/// `what` is the key path shown in messages, e.g. `limits.time_limit`.
impl Node {
    /// The entries of a mapping; `Null` counts as an empty mapping (an empty YAML file or key).
    #[cfg(test)]
    pub fn as_map(&self, path: &Path, what: &str) -> Result<&[(Key, Node)], PackageError> {
        match &self.value {
            Value::Map(entries) => Ok(entries),
            Value::Null => Ok(&[]),
            other => Err(self.leaf().error(
                path,
                what,
                format_args!("must be a map of keys, found {other}"),
            )),
        }
    }

    /// This value as a [`Leaf`], whose typed accessors (`as_string`, `as_words`,
    /// `as_positive_int`, ...) read it with the same messages as the typed YAML files.
    pub fn leaf(&self) -> Leaf {
        let value = match &self.value {
            Value::Null => Loose::Null,
            Value::Bool(b) => Loose::Bool(*b),
            Value::Int(i) => Loose::Int(*i),
            Value::Float(x) => Loose::Float(*x),
            Value::Str(s) => Loose::Str(s.clone()),
            Value::Seq(items) => Loose::List(items.iter().map(Node::leaf).collect()),
            Value::Map(_) => Loose::Map,
        };
        Leaf {
            value,
            line: self.line,
        }
    }
}

/// Looks up `key` in mapping entries.
pub(crate) fn get<'a>(entries: &'a [(Key, Node)], key: &str) -> Option<&'a Node> {
    entries.iter().find(|(k, _)| k.name == key).map(|(_, v)| v)
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = Spanned::<Value>::deserialize(deserializer)?;
        Ok(Node {
            value: spanned.value,
            line: spanned.referenced.line() as usize,
        })
    }
}

/// A key as [`Key`] names it: numbers and booleans as written, an empty key as `""`.
impl KeyReader<'_> for Node {
    fn into_key<E: de::Error>(self) -> Result<Key, E> {
        let name = match self.value {
            Value::Str(s) => s,
            Value::Null => String::new(),
            Value::Seq(_) | Value::Map(_) => {
                return Err(E::custom(format!(
                    "line {}: a key must be a plain word, found {}",
                    self.line, self.value
                )))
            }
            other => other.describe(),
        };
        Ok(Key {
            name,
            line: self.line,
        })
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Int(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(i64::try_from(v).map_or(Value::Float(v as f64), Value::Int))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(i64::try_from(v).map_or(Value::Float(v as f64), Value::Int))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(i64::try_from(v).map_or(Value::Float(v as f64), Value::Int))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::Float(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::Str(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::Str(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Node>()? {
            items.push(item);
        }
        Ok(Value::Seq(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        map_keys::entries::<Node, _, _>(map).map(Value::Map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> Node {
        parse(Path::new("t.yaml"), text).unwrap()
    }

    #[test]
    fn every_value_knows_its_line() {
        let node = tree("name: Hello\nlimits:\n  memory: 512\n  time_limit: 1.5\nflags: [a, b]\n");
        let map = node.as_map(Path::new("t.yaml"), "top").unwrap();
        assert_eq!(map[0].0.name, "name");
        assert_eq!(
            map[0].1,
            Node {
                value: Value::Str("Hello".into()),
                line: 1
            }
        );
        let limits = get(map, "limits")
            .unwrap()
            .as_map(Path::new("t"), "limits")
            .unwrap();
        assert_eq!(
            limits[0].1,
            Node {
                value: Value::Int(512),
                line: 3
            }
        );
        assert_eq!(
            limits[1].1,
            Node {
                value: Value::Float(1.5),
                line: 4
            }
        );
        assert_eq!(limits[1].0.line, 4);
        let flags = get(map, "flags").unwrap();
        assert_eq!(flags.line, 5);
        assert_eq!(
            flags.leaf().as_words(Path::new("t"), "flags").unwrap(),
            vec!["a", "b"]
        );
    }

    #[test]
    fn empty_and_comment_only_documents_are_null() {
        assert_eq!(tree("").value, Value::Null);
        assert_eq!(tree("# nothing here\n\n").value, Value::Null);
    }

    #[test]
    fn syntax_errors_name_file_and_line() {
        let err = parse(Path::new("p/problem.yaml"), "name: x\nlimits: [1, 2\n").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("p/problem.yaml line "), "{text}");
        assert!(text.contains("malformed YAML"), "{text}");
        assert!(!text.contains('\n'));
    }

    #[test]
    fn duplicate_keys_are_errors() {
        let err = parse(Path::new("problem.yaml"), "name: a\nname: b\n").unwrap_err();
        assert!(err.to_string().contains("malformed YAML"), "{err}");
    }

    #[test]
    fn only_yaml_1_2_booleans_are_booleans() {
        let node = tree(
            "y: yes
n: on
ok: true
",
        );
        let map = node.as_map(Path::new("p"), "p").unwrap();
        assert_eq!(map[0].0.name, "y");
        assert_eq!(map[0].1.value, Value::Str("yes".into()));
        assert_eq!(map[1].0.name, "n");
        assert_eq!(map[2].1.value, Value::Bool(true));
    }

    #[test]
    fn numbers_read_as_strings_where_text_is_expected() {
        let node = tree("name: 2048\n");
        let map = node.as_map(Path::new("p"), "p").unwrap();
        assert_eq!(
            get(map, "name")
                .unwrap()
                .leaf()
                .as_string(Path::new("p"), "name")
                .unwrap(),
            "2048"
        );
    }
}
