//! Typed reading of the package's YAML files: each file is read into `#[derive(Deserialize)]`
//! structs whose values keep their line, so every error about a value names the file, the line
//! and the key.
//!
//! The formats are loosely typed (a `name` may be a string or a map of languages, a limit an
//! integer or a float, flags a string or a list), and a value of the wrong type must give a
//! message naming its key, not serde's. So the leaves never fail to read: a [`Leaf`] holds any
//! non-map value with its line, and its typed accessors (`as_f64`, `as_words`, ...) produce
//! errors such as `problem.yaml line 4: limits.time_limit must be a number, found "fast"`.
//! A map whose keys the format fixes is a [`Table`] of a derived struct (keeping every key's
//! line, for the notices about unknown keys); a map whose keys the user names (languages,
//! generator kinds, constants) is a [`Dict`]. Both hold what was found instead when the value
//! is not a map.

use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use serde::de::{
    self, Deserialize, DeserializeOwned, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_saphyr::Spanned;

use super::error::PackageError;
use super::map_keys::{self, KeyReader};

/// Reads `text` (the contents of `path`) as `T`. An empty or comment-only document is YAML's
/// null (line 1), which a [`Table`] reads as an empty map. Syntax errors (and duplicate keys)
/// name the file and the line: `problem.yaml line 2: malformed YAML: ...`.
pub(crate) fn parse<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, PackageError> {
    let blank = text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
    let text = if blank { "~\n" } else { text };
    let options = serde_saphyr::options! {
        with_snippet: false,
        // YAML 1.2 booleans only: `y`, `n`, `on`, `off`, `yes` stay words.
        strict_booleans: true,
        // `.inf` and `.nan` reach the typed readers, which reject them with a named key.
        non_finite_float_policy: serde_saphyr::options::NonFiniteFloatPolicy::PassThrough,
    };
    serde_saphyr::from_str_with_options::<T>(text, options).map_err(|e| {
        let line = e.location().map(|l| l.line() as usize).filter(|&l| l > 0);
        let message = one_line(&e.without_snippet().to_string());
        PackageError::new(path, line, format!("malformed YAML: {message}"))
    })
}

/// Folds a possibly multi-line parser message into one line and drops the parser's own
/// "at line L column C" suffix (the error already names the line).
fn one_line(message: &str) -> String {
    let joined = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let joined = match joined.find(", set DuplicateKeyPolicy") {
        Some(at) => joined[..at].to_string(),
        None => joined,
    };
    match joined.find(" at line ") {
        Some(at) => joined[..at].to_string(),
        None => joined,
    }
}

/// For an `Option` field that must tell a key written with no value (`type:`, read as a null
/// [`Leaf`] and refused by its accessor) from a missing key (`None`); use with
/// `#[serde(default, deserialize_with = "typed::present")]`.
pub(crate) fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

/// A mapping key: its text and its 1-based line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Key {
    /// The key as text (numbers and booleans used as keys are written as YAML shows them).
    pub name: String,
    /// 1-based line of the key.
    pub line: usize,
}

/// A value that is not a map, as read (a map is only described: keyed values are read by a
/// [`Table`] or a [`Dict`]).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Loose {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Leaf>),
    Map,
}

impl fmt::Display for Loose {
    /// What kind of value this is, for messages: `"fast"`, `5`, `a list`, `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loose::Null => f.write_str("nothing"),
            Loose::Bool(b) => write!(f, "{b}"),
            Loose::Int(i) => write!(f, "{i}"),
            Loose::Float(x) => write!(f, "{x}"),
            Loose::Str(s) => write!(f, "{s:?}"),
            Loose::List(_) => f.write_str("a list"),
            Loose::Map => f.write_str("a map"),
        }
    }
}

/// One value with the line it starts on (0 when the parser could not tell), read whatever its
/// type, and typed by its accessors, whose errors name the file, the line and the key.
///
/// `what` in the accessors is the key path shown in messages, e.g. `limits.time_limit`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Leaf {
    /// The value.
    pub value: Loose,
    /// 1-based line of the value in its file.
    pub line: usize,
}

impl Leaf {
    /// An error about this value.
    pub fn error(&self, path: &Path, what: &str, problem: impl fmt::Display) -> PackageError {
        line_error(path, self.line, what, problem)
    }

    /// A number (an integer or a finite float).
    pub fn as_f64(&self, path: &Path, what: &str) -> Result<f64, PackageError> {
        match &self.value {
            Loose::Int(i) => Ok(*i as f64),
            Loose::Float(x) if x.is_finite() => Ok(*x),
            other => Err(self.error(path, what, format_args!("must be a number, found {other}"))),
        }
    }

    /// A number that is strictly positive.
    pub fn as_positive_f64(&self, path: &Path, what: &str) -> Result<f64, PackageError> {
        let x = self.as_f64(path, what)?;
        if x > 0.0 {
            Ok(x)
        } else {
            Err(self.error(
                path,
                what,
                format_args!("must be greater than 0, found {x}"),
            ))
        }
    }

    /// A whole number that is strictly positive (a float without a fraction counts).
    pub fn as_positive_int(&self, path: &Path, what: &str) -> Result<u64, PackageError> {
        match &self.value {
            Loose::Int(i) if *i > 0 => Ok(*i as u64),
            Loose::Float(x) if x.fract() == 0.0 && *x >= 1.0 && *x < 9.0e15 => Ok(*x as u64),
            Loose::Int(_) | Loose::Float(_) => Err(self.error(
                path,
                what,
                format_args!(
                    "must be a whole number greater than 0, found {}",
                    self.value
                ),
            )),
            other => Err(self.error(
                path,
                what,
                format_args!("must be a whole number, found {other}"),
            )),
        }
    }

    /// `true` or `false`.
    pub fn as_bool(&self, path: &Path, what: &str) -> Result<bool, PackageError> {
        match self.value {
            Loose::Bool(b) => Ok(b),
            ref other => Err(self.error(
                path,
                what,
                format_args!("must be true or false, found {other}"),
            )),
        }
    }

    /// A string. Plain numbers and booleans are accepted as their text (YAML reads `name: 2048`
    /// as a number, but a problem may well be called 2048).
    pub fn as_string(&self, path: &Path, what: &str) -> Result<String, PackageError> {
        match &self.value {
            Loose::Str(s) => Ok(s.clone()),
            Loose::Int(_) | Loose::Float(_) | Loose::Bool(_) => Ok(self.value.to_string()),
            other => Err(self.error(path, what, format_args!("must be a string, found {other}"))),
        }
    }

    /// Command-line words: a string split on whitespace, or a list of strings. Null is none.
    pub fn as_words(&self, path: &Path, what: &str) -> Result<Vec<String>, PackageError> {
        match &self.value {
            Loose::Null => Ok(Vec::new()),
            Loose::List(items) => items
                .iter()
                .enumerate()
                .map(|(i, item)| item.as_string(path, &format!("{what}[{i}]")))
                .collect(),
            _ => Ok(self
                .as_string(path, what)?
                .split_whitespace()
                .map(str::to_string)
                .collect()),
        }
    }
}

/// An error about the value at `line` (0: unknown) of `path`, naming its key path `what`.
pub(crate) fn line_error(
    path: &Path,
    line: usize,
    what: &str,
    problem: impl fmt::Display,
) -> PackageError {
    PackageError::new(
        path,
        Some(line).filter(|&l| l > 0),
        format!("{what} {problem}"),
    )
}

/// A map whose keys the format fixes, read into the derived struct `T` (missing keys take
/// `T`'s defaults; a null value is an empty map), with every key's line in file order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Table<T> {
    /// 1-based line of the value.
    pub line: usize,
    shape: Shape<(T, Vec<Key>)>,
}

impl<T> Table<T> {
    /// The struct and the keys as written, or an error naming `what` when the value is not a
    /// map.
    pub fn read(&self, path: &Path, what: &str) -> Result<(&T, &[Key]), PackageError> {
        match &self.shape {
            Shape::Map((value, keys)) => Ok((value, keys)),
            Shape::Other(other) => Err(not_a_map(path, self.line, what, other)),
        }
    }
}

impl<T> Table<T> {
    /// The value as a [`Leaf`] when it is not a map (a map is [`Loose::Map`]), for keys
    /// whose value may be a map or a plain value.
    pub fn leaf(&self) -> Leaf {
        let value = match &self.shape {
            Shape::Map(_) => Loose::Map,
            Shape::Other(other) => other.clone(),
        };
        Leaf {
            value,
            line: self.line,
        }
    }
}

/// A map whose keys the user names (languages, generator kinds, constants): its entries in file
/// order, or the value found when it is not a map (which some keys allow: `name: Hello`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Dict<V> {
    /// 1-based line of the value.
    pub line: usize,
    shape: Shape<Vec<(Key, V)>>,
}

impl<V> Dict<V> {
    /// The entries, or an error naming `what` when the value is not a map.
    pub fn entries(&self, path: &Path, what: &str) -> Result<&[(Key, V)], PackageError> {
        match &self.shape {
            Shape::Map(entries) => Ok(entries),
            Shape::Other(other) => Err(not_a_map(path, self.line, what, other)),
        }
    }

    /// The entries, or the value found (with this value's line) when it is not a map. A null
    /// value is an empty map.
    pub fn entries_or_leaf(&self) -> Result<&[(Key, V)], Leaf> {
        match &self.shape {
            Shape::Map(entries) => Ok(entries),
            Shape::Other(other) => Err(Leaf {
                value: other.clone(),
                line: self.line,
            }),
        }
    }
}

fn not_a_map(path: &Path, line: usize, what: &str, found: &Loose) -> PackageError {
    line_error(
        path,
        line,
        what,
        format_args!("must be a map of keys, found {found}"),
    )
}

/// A value read as a map (`M`) or, when it is anything else, as a [`Loose`] value.
#[derive(Debug, Clone, PartialEq)]
enum Shape<M> {
    Map(M),
    Other(Loose),
}

/// How a map value is read (and what a null value reads as: `None` keeps it [`Loose::Null`]).
trait MapReader<'de>: Sized {
    fn read<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
    fn empty() -> Option<Self>;
}

/// A map only described ([`Loose::Map`]).
struct Skipped;

impl<'de> MapReader<'de> for Skipped {
    fn read<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Skipped)
    }

    fn empty() -> Option<Self> {
        None
    }
}

impl<'de, T: Deserialize<'de> + Default> MapReader<'de> for (T, Vec<Key>) {
    fn read<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error> {
        map_keys::read_recording::<Spanned<KeyText>, _, _>(map)
    }

    fn empty() -> Option<Self> {
        Some((T::default(), Vec::new()))
    }
}

impl<'de, V: Deserialize<'de>> MapReader<'de> for Vec<(Key, V)> {
    fn read<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error> {
        map_keys::entries::<Spanned<KeyText>, _, _>(map)
    }

    fn empty() -> Option<Self> {
        Some(Vec::new())
    }
}

impl KeyReader<'_> for Spanned<KeyText> {
    fn into_key<E: de::Error>(self) -> Result<Key, E> {
        Ok(Key {
            name: self.value.0,
            line: self.referenced.line() as usize,
        })
    }
}

/// A key as text: any scalar as YAML shows it (null is the empty key); a list or a map is an
/// error.
struct KeyText(String);

impl<'de> Deserialize<'de> for KeyText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let key = Spanned::<Loose>::deserialize(deserializer)?;
        match key.value {
            Loose::Str(s) => Ok(KeyText(s)),
            Loose::Null => Ok(KeyText(String::new())),
            Loose::List(_) | Loose::Map => Err(de::Error::custom(format!(
                "line {}: a key must be a plain word, found {}",
                key.referenced.line(),
                key.value
            ))),
            other => Ok(KeyText(other.to_string())),
        }
    }
}

impl<'de> Deserialize<'de> for Leaf {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = Spanned::<Loose>::deserialize(deserializer)?;
        Ok(Leaf {
            value: spanned.value,
            line: spanned.referenced.line() as usize,
        })
    }
}

impl<'de> Deserialize<'de> for Loose {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let shape = deserializer.deserialize_any(ShapeVisitor::<Skipped>(PhantomData))?;
        Ok(match shape {
            Shape::Map(Skipped) => Loose::Map,
            Shape::Other(loose) => loose,
        })
    }
}

impl<'de, T: Deserialize<'de> + Default> Deserialize<'de> for Table<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = Spanned::<Shape<(T, Vec<Key>)>>::deserialize(deserializer)?;
        Ok(Table {
            line: spanned.referenced.line() as usize,
            shape: spanned.value,
        })
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Dict<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = Spanned::<Shape<Vec<(Key, V)>>>::deserialize(deserializer)?;
        Ok(Dict {
            line: spanned.referenced.line() as usize,
            shape: spanned.value,
        })
    }
}

impl<'de, M: MapReader<'de>> Deserialize<'de> for Shape<M> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ShapeVisitor::<M>(PhantomData))
    }
}

struct ShapeVisitor<M>(PhantomData<M>);

impl<'de, M: MapReader<'de>> Visitor<'de> for ShapeVisitor<M> {
    type Value = Shape<M>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Shape::Other(Loose::Bool(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Shape::Other(Loose::Int(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Shape::Other(
            i64::try_from(v).map_or(Loose::Float(v as f64), Loose::Int),
        ))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(Shape::Other(
            i64::try_from(v).map_or(Loose::Float(v as f64), Loose::Int),
        ))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(Shape::Other(
            i64::try_from(v).map_or(Loose::Float(v as f64), Loose::Int),
        ))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Shape::Other(Loose::Float(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Shape::Other(Loose::Str(v.to_string())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Shape::Other(Loose::Str(v)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(M::empty().map_or(Shape::Other(Loose::Null), Shape::Map))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Leaf>()? {
            items.push(item);
        }
        Ok(Shape::Other(Loose::List(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        M::read(map).map(Shape::Map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, serde::Deserialize)]
    #[serde(default)]
    struct Doc {
        name: Option<Leaf>,
        #[serde(deserialize_with = "present")]
        flag: Option<Leaf>,
        limits: Option<Table<Inner>>,
        names: Option<Dict<Leaf>>,
    }

    #[derive(Debug, Default, serde::Deserialize)]
    #[serde(default)]
    struct Inner {
        memory: Option<Leaf>,
        time_limit: Option<Leaf>,
    }

    fn doc(text: &str) -> Table<Doc> {
        parse(Path::new("t.yaml"), text).unwrap()
    }

    #[test]
    fn every_value_and_key_knows_its_line() {
        let table = doc("name: Hello\nlimits:\n  memory: 512\n  time_limit: 1.5\n  stack: 9\n");
        let (d, keys) = table.read(Path::new("t.yaml"), "t.yaml").unwrap();
        assert_eq!(
            keys.iter()
                .map(|k| (k.name.as_str(), k.line))
                .collect::<Vec<_>>(),
            vec![("name", 1), ("limits", 2)]
        );
        assert_eq!(
            d.name,
            Some(Leaf {
                value: Loose::Str("Hello".into()),
                line: 1
            })
        );
        let (inner, keys) = d
            .limits
            .as_ref()
            .unwrap()
            .read(Path::new("t"), "limits")
            .unwrap();
        assert_eq!(inner.memory.as_ref().unwrap().line, 3);
        assert_eq!(inner.time_limit.as_ref().unwrap().value, Loose::Float(1.5));
        assert_eq!(
            keys[2],
            Key {
                name: "stack".into(),
                line: 5
            }
        );
    }

    #[test]
    fn lists_and_language_maps_keep_lines() {
        let table = doc("flag: [a, b]\nnames:\n  en: Hi\n  sv: Hej\n");
        let (d, _) = table.read(Path::new("t"), "t").unwrap();
        let flag = d.flag.as_ref().unwrap();
        assert_eq!(flag.line, 1);
        assert_eq!(
            flag.as_words(Path::new("t"), "flag").unwrap(),
            vec!["a", "b"]
        );
        let names = d
            .names
            .as_ref()
            .unwrap()
            .entries(Path::new("t"), "names")
            .unwrap();
        assert_eq!(
            names[1].0,
            Key {
                name: "sv".into(),
                line: 4
            }
        );
        assert_eq!(names[1].1.line, 4);
    }

    #[test]
    fn a_key_with_no_value_is_null_only_where_asked() {
        let table = doc("name:\nflag:\n");
        let (d, _) = table.read(Path::new("t"), "t").unwrap();
        assert_eq!(d.name, None);
        assert_eq!(d.flag.as_ref().unwrap().value, Loose::Null);
    }

    #[test]
    fn empty_and_comment_only_documents_are_empty_maps() {
        for text in ["", "# nothing here\n\n"] {
            let table = doc(text);
            let (d, keys) = table.read(Path::new("t"), "t").unwrap();
            assert!(keys.is_empty() && d.name.is_none());
        }
    }

    #[test]
    fn syntax_errors_and_duplicate_keys_name_file_and_line() {
        let err = parse::<Table<Doc>>(Path::new("p/problem.yaml"), "name: x\nlimits: [1, 2\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("p/problem.yaml line "), "{err}");
        assert!(
            err.contains("malformed YAML") && !err.contains('\n'),
            "{err}"
        );
        let err = parse::<Table<Doc>>(Path::new("problem.yaml"), "name: a\nname: b\n").unwrap_err();
        assert!(err.to_string().contains("malformed YAML"), "{err}");
        let err = parse::<Dict<Leaf>>(Path::new("x.yaml"), "[a]: 1\n").unwrap_err();
        assert!(
            err.to_string().contains("a key must be a plain word"),
            "{err}"
        );
    }

    #[test]
    fn values_of_the_wrong_shape_explain_what_was_found() {
        let table = doc("limits:\n  time_limit: fast\n");
        let (d, _) = table
            .read(Path::new("problem.yaml"), "problem.yaml")
            .unwrap();
        let (inner, _) = d
            .limits
            .as_ref()
            .unwrap()
            .read(Path::new("x"), "limits")
            .unwrap();
        let err = inner
            .time_limit
            .as_ref()
            .unwrap()
            .as_f64(Path::new("problem.yaml"), "limits.time_limit")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "problem.yaml line 2: limits.time_limit must be a number, found \"fast\""
        );
        let table = parse::<Table<Doc>>(Path::new("x.yaml"), "- 1\n- 2\n").unwrap();
        let err = table.read(Path::new("x.yaml"), "x.yaml").unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.yaml line 1: x.yaml must be a map of keys, found a list"
        );
        let table = doc("names: Hello\n");
        let (d, _) = table.read(Path::new("t"), "t").unwrap();
        let leaf = d.names.as_ref().unwrap().entries_or_leaf().unwrap_err();
        assert_eq!((leaf.value, leaf.line), (Loose::Str("Hello".into()), 1));
    }

    #[test]
    fn only_yaml_1_2_booleans_are_booleans_and_infinities_are_not_numbers() {
        let dict =
            parse::<Dict<Leaf>>(Path::new("p"), "y: yes\nn: on\nok: true\nt: .inf\n").unwrap();
        let entries = dict.entries(Path::new("p"), "p").unwrap();
        assert_eq!(entries[0].0.name, "y");
        assert_eq!(entries[0].1.value, Loose::Str("yes".into()));
        assert_eq!(entries[2].1.as_bool(Path::new("p"), "ok"), Ok(true));
        let err = entries[3]
            .1
            .as_f64(Path::new("p"), "limits.time_limit")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "p line 4: limits.time_limit must be a number, found inf"
        );
        let err = entries[0].1.as_bool(Path::new("p"), "allow").unwrap_err();
        assert_eq!(
            err.to_string(),
            "p line 1: allow must be true or false, found \"yes\""
        );
    }

    #[test]
    fn numbers_read_as_strings_where_text_is_expected() {
        let table = doc("name: 2048\n");
        let (d, _) = table.read(Path::new("p"), "p").unwrap();
        assert_eq!(
            d.name
                .as_ref()
                .unwrap()
                .as_string(Path::new("p"), "name")
                .unwrap(),
            "2048"
        );
    }
}
