//! Checks a report against its published JSON Schema before a test reads its fields, so a
//! field that goes missing, is renamed, or changes type fails the test that reads it, with the
//! schema's own words.

#![allow(dead_code)]

use serde_json::Value;

/// The schema (`docs/reference/schemas/NAME.json`, generated from the report types) that the
/// JSON output of a command run with `args` follows: `judge`, `stress`, `explain-format`,
/// `repro`, `verify`, `doctor`, or `events` under `--json-lines`.
pub fn schema_for_args(args: &[&str]) -> Option<&'static str> {
    if args.contains(&"--json-lines") {
        return Some("events");
    }
    let command = args.iter().find_map(|a| match *a {
        "judge" | "stress" | "repro" | "verify" | "doctor" | "check-tools" | "mutants" => Some(*a),
        _ => None,
    })?;
    if command == "stress" && args.contains(&"--explain-format") {
        return Some("explain-format");
    }
    Some(match command {
        "judge" => "judge",
        "stress" => "stress",
        "repro" => "repro",
        "verify" => "verify",
        "check-tools" => "check-tools",
        "mutants" => "mutants",
        _ => "doctor",
    })
}

/// Panics, naming every violation, unless `report` follows the schema `name`.
pub fn check(name: &str, report: &Value) {
    let text = stressjudge::report::json::schema_text(name)
        .unwrap_or_else(|| panic!("no published schema named {name}"));
    let schema: Value = serde_json::from_str(&text).expect("a published schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("a published schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(report)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(
        errors.is_empty(),
        "the report does not follow docs/reference/schemas/{name}.json:\n{}\nreport: {}",
        errors.join("\n"),
        crate_preview(report)
    );
}

/// Parses `text` as JSON and [`check`]s it against the schema `name`.
pub fn parse(name: &str, text: &str) -> Value {
    let value: Value = serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {text}"));
    check(name, &value);
    value
}

/// Parses a command's `--json` output (the schema chosen from its `args`, see
/// [`schema_for_args`]); output of a command with no published schema is only parsed.
pub fn parse_output(args: &[&str], text: &str) -> Value {
    match schema_for_args(args) {
        Some(name) => parse(name, text),
        None => serde_json::from_str(text.trim())
            .unwrap_or_else(|e| panic!("not one JSON object ({e}): {text}")),
    }
}

fn crate_preview(report: &Value) -> String {
    let text = report.to_string();
    match text.char_indices().nth(2000) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}

/// [`parse`], but a text that is not JSON is an error (some tests report it with more context);
/// a report that breaks its schema still panics.
pub fn try_parse(name: &str, text: &str) -> Result<Value, serde_json::Error> {
    let value: Value = serde_json::from_str(text.trim())?;
    check(name, &value);
    Ok(value)
}
