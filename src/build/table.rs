//! The language table: every language stressjudge knows, as data (`languages.yaml`, embedded),
//! with a user's own table read on top of it.
//!
//! The user's table is the file named by `$STRESSJUDGE_LANGUAGES`, else
//! `$XDG_CONFIG_HOME/stressjudge/languages.yaml` (`~/.config/...` without XDG_CONFIG_HOME) when
//! it exists. It is additive: an entry with a known id replaces the fields it names, a new id
//! adds a language. A broken user table is an error of every build (a usage error naming the
//! file); detection then uses the built-in table alone.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use serde::Deserialize;

/// The built-in table.
const BUILT_IN: &str = include_str!("languages.yaml");

/// Ids of the languages that are not in the table (programs run as they are).
const RESERVED_IDS: [&str; 3] = ["executable", "buildrun", "command"];

/// How a language's programs are built: the generic command-driven build, or one of
/// stressjudge's own builders the table names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builder {
    /// Copy the program into the cache, run `compile` there (if any), run `run`.
    Generic,
    /// C, C++ and Rust: one executable in the cache, local headers hashed.
    Native,
    /// Python: the real interpreter behind a shim, a syntax check, the program run in place.
    Python,
    /// Java and Kotlin: classes, entry point from the class files, heap from the memory limit.
    Jvm,
}

/// A tool a language needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolSpec {
    /// The environment variable naming another tool, e.g. `CXX`; also its placeholder.
    pub variable: String,
    /// The name looked up on `PATH` otherwise, e.g. `g++`.
    pub name: String,
    /// What it is, for messages, e.g. `C++ compiler`.
    pub role: String,
    /// The arguments that make it print its version, split into words.
    pub version: Vec<String>,
}

/// One language of the table.
#[derive(Debug, Clone)]
pub struct LanguageSpec {
    /// Its id (problemtools' key where problemtools has it), e.g. `cpp`.
    pub id: String,
    /// Its display name, e.g. `C++`.
    pub name: String,
    /// Other names a problem package may give it (`submissions.yaml` `language`, DOMjudge's
    /// `langid` in `submissions.json`), e.g. `py3`, `golang`.
    pub aliases: Vec<String>,
    /// Tie-breaking priority of detection (higher wins).
    pub priority: i64,
    /// File endings of its sources (case-sensitive, without the dot).
    pub extensions: Vec<String>,
    /// Endings whose files are evidence only when their first line matches `shebang`.
    pub shebang_extensions: Vec<String>,
    /// The first-line pattern of `shebang_extensions`.
    pub shebang: Option<regex_lite::Regex>,
    /// Its tools, in variable order.
    pub tools: Vec<ToolSpec>,
    /// The compile (or syntax check) command, if any.
    pub compile: Option<String>,
    /// The run command.
    pub run: String,
    /// Extra environment of its programs.
    pub env: Vec<(String, String)>,
    /// Who builds it.
    pub builder: Builder,
    /// Whether an executable file of the language with a `#!` line runs as it is (by the
    /// interpreter its `#!` line names) rather than by `run`: the shells.
    pub shebang_runs: bool,
}

impl LanguageSpec {
    /// The tool of `variable`.
    pub fn tool(&self, variable: &str) -> Option<&ToolSpec> {
        self.tools.iter().find(|t| t.variable == variable)
    }
}

/// The table in use.
#[derive(Debug)]
pub struct Table {
    /// Every language, highest priority first.
    pub languages: Vec<LanguageSpec>,
    /// Why the user's table could not be used (then `languages` is the built-in table).
    pub user_error: Option<String>,
    /// The user's table that was read, if any.
    pub user_file: Option<PathBuf>,
}

impl Table {
    /// The language with id `id`.
    pub fn get(&self, id: &str) -> Option<&LanguageSpec> {
        self.languages.iter().find(|l| l.id == id)
    }

    /// The language a package names `name`: by id (the spec's language codes), by one of its
    /// aliases (DOMjudge's ids), or by its display name (`Python 3`), ignoring letter case.
    pub fn find(&self, name: &str) -> Option<&LanguageSpec> {
        let name = name.trim();
        let same = |other: &str| other.eq_ignore_ascii_case(name);
        self.get(name)
            .or_else(|| self.languages.iter().find(|l| same(&l.id)))
            .or_else(|| {
                self.languages
                    .iter()
                    .find(|l| l.aliases.iter().any(|a| same(a)))
            })
            .or_else(|| self.languages.iter().find(|l| same(&l.name)))
    }

    /// Every file ending the table knows, for messages (`.c, .cpp, ...`).
    pub fn known_endings(&self) -> String {
        let mut endings: Vec<&str> = Vec::new();
        for language in &self.languages {
            for ending in &language.extensions {
                if !endings.contains(&ending.as_str()) {
                    endings.push(ending);
                }
            }
        }
        endings
            .iter()
            .map(|e| format!(".{e}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The table of this process: the built-in one with the user's on top, read once.
pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let built_in = parse(BUILT_IN, "built-in languages.yaml").expect("built-in table");
        let Some(file) = user_file() else {
            return finish(built_in, None, None).expect("built-in table");
        };
        let overlaid = std::fs::read_to_string(&file)
            .map_err(|e| format!("cannot read languages file `{}`: {e}", file.display()))
            .and_then(|text| parse(&text, &file.display().to_string()))
            .map(|user| overlay(built_in.clone(), user))
            .and_then(|raw| finish(raw, Some(file.clone()), None));
        match overlaid {
            Ok(table) => table,
            Err(why) => finish(built_in, Some(file), Some(why)).expect("built-in table"),
        }
    })
}

/// The built-in table alone, without the user's (for documentation generated from it).
pub fn built_in() -> Table {
    let raw = parse(BUILT_IN, "built-in languages.yaml").expect("built-in table");
    finish(raw, None, None).expect("built-in table")
}

/// The user's table, if one is named or exists.
fn user_file() -> Option<PathBuf> {
    if let Some(named) = std::env::var_os("STRESSJUDGE_LANGUAGES").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(named));
    }
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let config =
        absolute("XDG_CONFIG_HOME").or_else(|| absolute("HOME").map(|h| h.join(".config")))?;
    let file = config.join("stressjudge").join("languages.yaml");
    file.is_file().then_some(file)
}

/// One entry as written; every field optional so a user's entry may name only some.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    name: Option<String>,
    aliases: Option<Vec<String>>,
    priority: Option<i64>,
    extensions: Option<Vec<String>>,
    shebang_extensions: Option<Vec<String>>,
    shebang: Option<String>,
    tools: Option<OrderedMap<RawTool>>,
    compile: Option<String>,
    run: Option<String>,
    env: Option<OrderedMap<String>>,
    builder: Option<String>,
    shebang_runs: Option<bool>,
}

/// One tool as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTool {
    name: String,
    role: Option<String>,
    version: Option<String>,
}

type Raw = BTreeMap<String, RawEntry>;

/// A YAML mapping kept in the order it is written (tools are listed compiler first, the
/// environment as it is given).
#[derive(Debug, Clone, Default)]
struct OrderedMap<V>(Vec<(String, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for OrderedMap<V> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<V> {
            type Value = OrderedMap<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, V>()? {
                    entries.push(entry);
                }
                Ok(OrderedMap(entries))
            }
        }
        deserializer.deserialize_map(Visitor(std::marker::PhantomData))
    }
}

/// Parses a table file (`shown` names it in errors).
fn parse(text: &str, shown: &str) -> Result<Raw, String> {
    serde_saphyr::from_str::<Raw>(text).map_err(|e| {
        let first = e.to_string();
        let first = first.lines().next().unwrap_or("").to_string();
        format!("languages file `{shown}`: {first}")
    })
}

/// `user` on top of `base`: named fields replace, new ids add.
fn overlay(mut base: Raw, user: Raw) -> Raw {
    for (id, entry) in user {
        let target = base.entry(id).or_default();
        macro_rules! take {
            ($($field:ident),*) => {$(if entry.$field.is_some() { target.$field = entry.$field; })*};
        }
        take!(
            name,
            aliases,
            priority,
            extensions,
            shebang_extensions,
            shebang,
            tools,
            compile,
            run,
            env,
            builder,
            shebang_runs
        );
    }
    base
}

/// Checks every entry and builds the table.
fn finish(
    raw: Raw,
    user_file: Option<PathBuf>,
    user_error: Option<String>,
) -> Result<Table, String> {
    let mut languages = Vec::new();
    for (id, entry) in raw {
        languages.push(spec(&id, entry).map_err(|why| {
            let file = user_file
                .as_ref()
                .map_or("built-in languages.yaml".to_string(), |f| {
                    f.display().to_string()
                });
            format!("languages file `{file}`: language `{id}`: {why}")
        })?);
    }
    languages.sort_by(|a, b| b.priority.cmp(&a.priority).then(a.id.cmp(&b.id)));
    if let Some(pair) = languages
        .windows(2)
        .find(|w| w[0].priority == w[1].priority)
    {
        return Err(format!(
            "languages `{}` and `{}` have the same priority {} (priorities must differ)",
            pair[0].id, pair[1].id, pair[0].priority
        ));
    }
    Ok(Table {
        languages,
        user_error,
        user_file,
    })
}

/// One checked entry.
fn spec(id: &str, entry: RawEntry) -> Result<LanguageSpec, String> {
    let valid_id = id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !valid_id || RESERVED_IDS.contains(&id) {
        return Err(
            "an id is lower-case letters and digits, starting with a letter, and not \
                    `executable`, `buildrun` or `command`"
                .into(),
        );
    }
    let missing = |field: &str| format!("no `{field}`");
    let builder = match entry.builder.as_deref() {
        None | Some("generic") => Builder::Generic,
        Some("native") => Builder::Native,
        Some("python") => Builder::Python,
        Some("jvm") => Builder::Jvm,
        Some(other) => {
            return Err(format!(
                "unknown builder `{other}` (known: generic, native, python, jvm)"
            ))
        }
    };
    let shebang = entry
        .shebang
        .map(|pattern| {
            regex_lite::Regex::new(&pattern).map_err(|e| format!("shebang `{pattern}`: {e}"))
        })
        .transpose()?;
    let tools: Vec<ToolSpec> = entry
        .tools
        .map(|t| t.0)
        .unwrap_or_default()
        .into_iter()
        .map(|(variable, tool)| ToolSpec {
            role: tool.role.unwrap_or_else(|| tool.name.clone()),
            version: split_words(tool.version.as_deref().unwrap_or("--version")),
            name: tool.name,
            variable,
        })
        .collect();
    if tools.is_empty() {
        return Err(missing("tools"));
    }
    let run = entry.run.ok_or_else(|| missing("run"))?;
    for command in entry.compile.iter().chain([&run]) {
        if shlex::split(command).is_none() {
            return Err(format!("command `{command}` has an unclosed quote"));
        }
    }
    let extensions = entry.extensions.ok_or_else(|| missing("extensions"))?;
    if extensions.is_empty() {
        return Err(missing("extensions"));
    }
    Ok(LanguageSpec {
        id: id.to_string(),
        name: entry.name.ok_or_else(|| missing("name"))?,
        aliases: entry.aliases.unwrap_or_default(),
        priority: entry.priority.ok_or_else(|| missing("priority"))?,
        extensions,
        shebang_extensions: entry.shebang_extensions.unwrap_or_default(),
        shebang,
        tools,
        compile: entry.compile,
        run,
        env: entry.env.map(|e| e.0).unwrap_or_default(),
        builder,
        shebang_runs: entry.shebang_runs.unwrap_or(false),
    })
}

/// A command split into words like a POSIX shell would (quotes group words).
pub(crate) fn split_words(command: &str) -> Vec<String> {
    shlex::split(command).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_is_valid_and_covers_the_kattis_list() {
        let raw = parse(BUILT_IN, "built-in").unwrap();
        let table = finish(raw, None, None).unwrap();
        for id in [
            "ada",
            "c",
            "csharp",
            "cpp",
            "cobol",
            "lisp",
            "dart",
            "elixir",
            "erlang",
            "fsharp",
            "fortran",
            "go",
            "haskell",
            "java",
            "javascript",
            "julia",
            "kotlin",
            "lua",
            "objectivec",
            "ocaml",
            "pascal",
            "perl",
            "php",
            "prolog",
            "python2",
            "python3",
            "ruby",
            "rust",
            "scala",
            "swift",
            "typescript",
            "bash",
            "awk",
            "r",
        ] {
            assert!(table.get(id).is_some(), "{id} missing");
        }
        assert_eq!(table.languages[0].id, "cpp", "highest priority first");
    }

    #[test]
    fn a_user_table_replaces_fields_and_adds_languages() {
        let base = parse(BUILT_IN, "built-in").unwrap();
        let user = parse(
            "cpp:\n  compile: \"{CXX} -O0 -o {binary} {files}\"\nzig:\n  name: Zig\n  \
             priority: 5\n  extensions: [zig]\n  tools: {ZIG: {name: zig}}\n  \
             run: \"{ZIG} run {mainfile}\"\n",
            "mine.yaml",
        )
        .unwrap();
        let table = finish(overlay(base, user), None, None).unwrap();
        let cpp = table.get("cpp").unwrap();
        assert_eq!(
            cpp.compile.as_deref(),
            Some("{CXX} -O0 -o {binary} {files}")
        );
        assert_eq!(cpp.name, "C++", "fields not named stay");
        assert_eq!(table.get("zig").unwrap().tools[0].version, ["--version"]);
    }

    #[test]
    fn broken_tables_are_named() {
        let unknown = parse("c:\n  nmae: C\n", "mine.yaml").unwrap_err();
        assert!(unknown.contains("mine.yaml"), "{unknown}");
        let base = parse(BUILT_IN, "built-in").unwrap();
        let same = parse("c:\n  priority: 1000\n", "x").unwrap();
        let error = finish(overlay(base, same), None, None).unwrap_err();
        assert!(error.contains("same priority 1000"), "{error}");
        let bad = parse(
            "x:\n  name: X\n  priority: 1\n  extensions: [x]\n  tools: {X: {name: x}}\n  \
             run: \"{X} '{mainfile}\"\n",
            "x",
        )
        .unwrap();
        let error = finish(bad, None, None).unwrap_err();
        assert!(error.contains("unclosed quote"), "{error}");
    }
}
