//! Polygon stresses: a generator script pattern with `[a..b]` ranges (`gen [1..10] 5
//! [10..1000]`), the solutions it targets, its limits per run (time, memory) and how long the
//! whole stress runs.
//!
//! A real export (a full package of kborozdin/palindromic-length) lists its stresses as
//! `<stresses><list><stress index="1" path="stresses/001"/>` and each file is one JSON object:
//! `{"index":1,"scriptPattern":"gen 23874 100000 100000","inputFile":"stdin",
//! "outputFile":"stdout","memoryLimit":256,"timeLimit":15000,"totalTimeLimit":30000,
//! "solutionNames":["engine.cpp","adamant.cpp"],"description":""}` (time limits in ms, memory
//! in MiB, solutions by file name). That is what is read. For packages written by hand,
//! stressjudge also reads attributes of `<stress>` (`script` or `pattern`, `solutions`,
//! `time-limit` and `total-time-limit` in ms, `memory-limit` in MiB) and stress files of
//! `key: value` lines with those keys (`script:` may
//! be left out: a line without a key is the script); a stress file is found by the `<stress
//! path>` or else by the `<stress-path-pattern>` (`stresses/001`, ...). The reading says what
//! it skipped.
//!
//! # Seeds
//!
//! For stressjudge's seed `s`, each range `[a..b]` takes a value in `a..=b` drawn from `s`
//! and the range's position (SplitMix64), and `s` is appended as the last argument: testlib
//! seeds its generator from the whole command line, so each seed gives its own input, and the
//! same seed gives the same bytes forever (repro works).

use std::path::Path;
use std::time::Duration;

use super::pattern::fill_pattern;
use crate::problem::kattis::PackageError;

/// One word of a script pattern: literal text and ranges, e.g. `--n=[1..10]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeWord {
    parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Text(String),
    Range(i64, i64),
}

impl RangeWord {
    /// Parses a word; a malformed range (`[5..1]`, `[a..b]`) is an error naming it.
    pub fn parse(word: &str) -> Result<RangeWord, String> {
        let mut parts = Vec::new();
        let mut rest = word;
        while let Some(open) = rest.find('[') {
            let Some(close) = rest[open..].find(']').map(|c| open + c) else {
                break;
            };
            let inner = &rest[open + 1..close];
            let Some((lo, hi)) = inner.split_once("..") else {
                break;
            };
            let (lo, hi) = match (lo.trim().parse::<i64>(), hi.trim().parse::<i64>()) {
                (Ok(lo), Ok(hi)) if lo <= hi => (lo, hi),
                _ => return Err(format!("`[{inner}]` is not a range [a..b] with a <= b")),
            };
            if open > 0 {
                parts.push(Part::Text(rest[..open].to_string()));
            }
            parts.push(Part::Range(lo, hi));
            rest = &rest[close + 1..];
        }
        if !rest.is_empty() {
            parts.push(Part::Text(rest.to_string()));
        }
        Ok(RangeWord { parts })
    }

    /// Whether the word holds a range.
    pub fn has_range(&self) -> bool {
        self.parts.iter().any(|p| matches!(p, Part::Range(..)))
    }

    /// The word for `seed`, the `n`-th range of the script taking `next(n)`.
    fn fill(&self, seed: u64, counter: &mut u64) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Range(lo, hi) => {
                    let span = (hi - lo) as u64 + 1;
                    let value = lo + (splitmix(seed ^ splitmix(*counter)) % span) as i64;
                    *counter += 1;
                    out.push_str(&value.to_string());
                }
            }
        }
        out
    }
}

/// SplitMix64's output function: a fixed, well-mixed hash of a 64-bit value.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One stress of the package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StressSpec {
    /// Its name: `stress-001` (the kind stress runs it as).
    pub name: String,
    /// The generator, as the script names it (a file stem of `files/`).
    pub program: String,
    /// The script's arguments.
    pub args: Vec<RangeWord>,
    /// The solutions it targets (file names), empty for all.
    pub solutions: Vec<String>,
    /// Its time limit per run, if it sets one.
    pub time_limit: Option<Duration>,
    /// Its memory limit per run in bytes (`memoryLimit` is in MiB), if it sets one.
    pub memory_bytes: Option<u64>,
    /// How long the whole stress runs (`totalTimeLimit`), if it says.
    pub total_time: Option<Duration>,
}

impl StressSpec {
    /// The generator's arguments for `seed` (see the module doc): ranges drawn, the seed last.
    pub fn args_for_seed(&self, seed: u64) -> Vec<String> {
        let mut counter = 0;
        let mut args: Vec<String> = self
            .args
            .iter()
            .map(|w| w.fill(seed, &mut counter))
            .collect();
        args.push(seed.to_string());
        args
    }

    /// The script as written: `gen [1..10] 5`.
    pub fn script(&self) -> String {
        let mut words = vec![self.program.clone()];
        for word in &self.args {
            let mut text = String::new();
            for part in &word.parts {
                match part {
                    Part::Text(t) => text.push_str(t),
                    Part::Range(lo, hi) => text.push_str(&format!("[{lo}..{hi}]")),
                }
            }
            words.push(text);
        }
        words.join(" ")
    }
}

/// The fields of one stress, before they are checked.
#[derive(Debug, Default)]
pub(super) struct StressFields {
    pub script: Option<String>,
    pub solutions: Option<String>,
    pub time_limit: Option<String>,
    pub memory_limit: Option<String>,
    pub total_time_limit: Option<String>,
}

/// A stress from its fields; `origin` names where they were read for errors.
pub(super) fn from_fields(
    name: String,
    fields: &StressFields,
    origin: &Path,
) -> Result<StressSpec, PackageError> {
    let script = fields.script.as_deref().unwrap_or("").trim();
    let mut words = script.split_whitespace();
    let Some(program) = words.next() else {
        return Err(PackageError::at(
            origin,
            format!("{name}: no generator script (e.g. `gen [1..10] 5`)"),
        ));
    };
    let args = words
        .map(RangeWord::parse)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|why| PackageError::at(origin, format!("{name}: {why}")))?;
    let number = |field: &Option<String>, what: &str, unit: &str| -> Result<_, PackageError> {
        match field.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => text.parse::<u64>().map(Some).map_err(|_| {
                PackageError::at(
                    origin,
                    format!("{name}: {what} `{text}` is not a number of {unit}"),
                )
            }),
        }
    };
    let time_limit =
        number(&fields.time_limit, "time-limit", "milliseconds")?.map(Duration::from_millis);
    let memory_bytes = number(&fields.memory_limit, "memory-limit", "MiB")?.map(|m| m << 20);
    let total_time = number(&fields.total_time_limit, "total-time-limit", "milliseconds")?
        .map(Duration::from_millis);
    Ok(StressSpec {
        name,
        program: program.to_string(),
        args,
        solutions: fields
            .solutions
            .as_deref()
            .unwrap_or("")
            .split([' ', ',', ';'])
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        time_limit,
        memory_bytes,
        total_time,
    })
}

/// Reads the stress files `pattern` names (`stresses/001`, `stresses/002`, ... until one is
/// missing), when the XML listed none itself.
pub(super) fn read_all(
    dir: &Path,
    pattern: Option<&str>,
    notices: &mut Vec<String>,
) -> Result<Vec<StressSpec>, PackageError> {
    let pattern = pattern.unwrap_or("stresses/%03d");
    let mut stresses = Vec::new();
    for n in 1.. {
        let relative = fill_pattern(pattern, n);
        let path = dir.join(&relative);
        if !path.is_file() {
            break;
        }
        stresses.push(read_file(dir, &relative, n, notices)?);
    }
    Ok(stresses)
}

/// The stress in the file `relative` (to the package `dir`), named `stress-NNN` after `index`.
pub(super) fn read_file(
    dir: &Path,
    relative: &str,
    index: usize,
    notices: &mut Vec<String>,
) -> Result<StressSpec, PackageError> {
    let path = dir.join(relative);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| PackageError::at(&path, format!("cannot be read: {e}")))?;
    let fields = if text.trim_start().starts_with('{') {
        json_fields(&text, &path)?
    } else {
        line_fields(&text, relative, notices)
    };
    from_fields(format!("stress-{index:03}"), &fields, &path)
}

/// The fields of a stress file as Polygon exports it: one JSON object (see the module doc).
fn json_fields(text: &str, path: &Path) -> Result<StressFields, PackageError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| PackageError::at(path, format!("not a JSON stress: {e}")))?;
    let text_of = |key: &str| match value.get(key) {
        Some(serde_json::Value::String(s)) => Some(s.clone()),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    let solutions = value
        .get("solutionNames")
        .and_then(|v| v.as_array())
        .map(|names| {
            names
                .iter()
                .filter_map(|n| n.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        });
    Ok(StressFields {
        script: text_of("scriptPattern"),
        solutions,
        time_limit: text_of("timeLimit"),
        memory_limit: text_of("memoryLimit"),
        total_time_limit: text_of("totalTimeLimit"),
    })
}

/// The fields of a stress file of `key: value` lines (see the module doc).
fn line_fields(text: &str, relative: &str, notices: &mut Vec<String>) -> StressFields {
    let mut fields = StressFields::default();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (key, value) = match line.split_once(':') {
            Some((k, v)) if !k.contains(' ') => (k.trim().to_ascii_lowercase(), v.trim()),
            _ => ("script".to_string(), line),
        };
        match key.as_str() {
            "script" | "pattern" | "generator" => fields.script = Some(value.to_string()),
            "solutions" => fields.solutions = Some(value.to_string()),
            "time-limit" | "time_limit" | "timelimit" => {
                fields.time_limit = Some(value.to_string())
            }
            "memory-limit" | "memory_limit" | "memorylimit" => {
                fields.memory_limit = Some(value.to_string())
            }
            "total-time-limit" | "total_time_limit" | "totaltimelimit" => {
                fields.total_time_limit = Some(value.to_string())
            }
            other => notices.push(format!("{relative}: key `{other}` is not read")),
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_drawn_deterministically_within_bounds() {
        let fields = StressFields {
            script: Some("gen [1..10] 5 --m=[100..200]x".into()),
            solutions: Some("wa.cpp, main.cpp".into()),
            time_limit: Some("500".into()),
            ..StressFields::default()
        };
        let spec = from_fields("stress-001".into(), &fields, Path::new("p")).unwrap();
        assert_eq!(spec.script(), "gen [1..10] 5 --m=[100..200]x");
        assert_eq!(spec.solutions, ["wa.cpp", "main.cpp"]);
        assert_eq!(spec.time_limit, Some(Duration::from_millis(500)));
        for seed in 1..200 {
            let args = spec.args_for_seed(seed);
            assert_eq!(args, spec.args_for_seed(seed));
            let n: i64 = args[0].parse().unwrap();
            assert!((1..=10).contains(&n));
            assert_eq!(args[1], "5");
            let m: i64 = args[2]
                .strip_prefix("--m=")
                .unwrap()
                .strip_suffix('x')
                .unwrap()
                .parse()
                .unwrap();
            assert!((100..=200).contains(&m));
            assert_eq!(args[3], seed.to_string());
        }
        let spread: std::collections::BTreeSet<String> =
            (1..100).map(|s| spec.args_for_seed(s)[0].clone()).collect();
        assert_eq!(spread.len(), 10, "every value of [1..10] is drawn");
        assert!(RangeWord::parse("[5..1]").is_err());
        let mut notices = Vec::new();
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("002"),
            r#"{"id":"c5f8","index":2,"scriptPattern":"gen [1..5] 7","inputFile":"stdin","outputFile":"stdout","memoryLimit":256,"timeLimit":1500,"totalTimeLimit":120000,"solutionNames":["engine.cpp","adamant.cpp"],"description":""}"#,
        )
        .unwrap();
        let spec = read_file(dir.path(), "002", 2, &mut notices).unwrap();
        assert_eq!(spec.name, "stress-002");
        assert_eq!(spec.script(), "gen [1..5] 7");
        assert_eq!(spec.solutions, ["engine.cpp", "adamant.cpp"]);
        assert_eq!(spec.time_limit, Some(Duration::from_millis(1500)));
        assert_eq!(spec.memory_bytes, Some(256 << 20));
        assert_eq!(spec.total_time, Some(Duration::from_secs(120)));
        assert!(notices.is_empty(), "{notices:?}");
        assert!(from_fields("s".into(), &StressFields::default(), Path::new("p")).is_err());
    }
}
