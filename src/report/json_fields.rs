//! Typed fields of a JSON report read back (`merge`): each a one-line error naming the field
//! when it is missing or of another type.

use std::time::Duration;

use serde_json::Value;

use crate::judge::Verdict;

/// The field `key` of `v`.
pub fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| format!("no `{key}` field"))
}

/// The list in field `key`.
pub fn array<'a>(v: &'a Value, key: &str) -> Result<&'a Vec<Value>, String> {
    field(v, key)?
        .as_array()
        .ok_or_else(|| format!("`{key}` is not a list"))
}

/// The string in field `key`.
pub fn text(v: &Value, key: &str) -> Result<String, String> {
    (field(v, key)?.as_str())
        .map(str::to_string)
        .ok_or_else(|| format!("`{key}` is not a string"))
}

/// The list of strings in field `key`.
pub fn strings(v: &Value, key: &str) -> Result<Vec<String>, String> {
    array(v, key)?
        .iter()
        .map(|s| {
            s.as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("`{key}` holds a non-string"))
        })
        .collect()
}

/// The whole number in field `key`.
pub fn uint(v: &Value, key: &str) -> Result<u64, String> {
    (field(v, key)?.as_u64()).ok_or_else(|| format!("`{key}` is not a whole number"))
}

/// The number in field `key`.
pub fn float(v: &Value, key: &str) -> Result<f64, String> {
    (field(v, key)?.as_f64()).ok_or_else(|| format!("`{key}` is not a number"))
}

/// The boolean in field `key`.
pub fn flag(v: &Value, key: &str) -> Result<bool, String> {
    (field(v, key)?.as_bool()).ok_or_else(|| format!("`{key}` is not true or false"))
}

/// The milliseconds in field `key`, as a duration.
pub fn ms(v: &Value, key: &str) -> Result<Duration, String> {
    uint(v, key).map(Duration::from_millis)
}

/// The verdict named in field `key` (`AC`, `WA`, ...).
pub fn verdict(v: &Value, key: &str) -> Result<Verdict, String> {
    let name = text(v, key)?;
    Verdict::from_name(&name).ok_or_else(|| format!("`{key}` is not a verdict: `{name}`"))
}
