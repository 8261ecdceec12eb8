//! The typed shapes of every JSON report: each `--json` object and `--report FILE.json` file is
//! one of these types, serialized by serde, and its JSON Schema (published under
//! `docs/reference/schemas/`, printed by `stressjudge schema`) is derived from the same type, so
//! the two cannot drift apart.
//!
//! The verify and stress shapes also deserialize: `merge` reads shards' reports back through
//! them ([`read_typed`]), the fields added after `merge` existed defaulted so older reports still
//! read.
//!
//! Field names are a public interface and never change. Objects print with their keys in
//! alphabetical order (they pass through `serde_json::Value`, whose map is sorted), as they
//! always have; a field that is sometimes absent (not `null`) is marked
//! `skip_serializing_if`.

mod doctor;
pub mod events;
mod judge;
pub mod mutants;
mod repro;
pub mod stress;
pub mod verify;

pub use doctor::DoctorJson;
pub use events::Event;
pub use judge::JudgeJson;
pub use mutants::{MutantsJson, MutationJson, VerifyMutantsJson};
pub use repro::{CompileErrorJson, ReproJson, ReproOutput};
pub use stress::{ExplainFormatJson, StressJson, StressOutput};
pub use verify::{DerivationJson, NoiseJson, PointsJson, VerifyJson, VerifySolutionJson};

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde_json::Value;

use crate::judge::Verdict;

/// Every verdict a report can name, in ICPC precedence order.
const VERDICTS: [Verdict; 7] = [
    Verdict::AC,
    Verdict::WA,
    Verdict::TLE,
    Verdict::MLE,
    Verdict::RE,
    Verdict::OLE,
    Verdict::CE,
];

/// The schema of a verdict's short name (`"AC"`, `"WA"`, ...), how [`Verdict`] serializes.
pub(crate) fn verdict_schema(_: &mut SchemaGenerator) -> Schema {
    let names: Vec<&str> = VERDICTS.iter().map(|v| v.name()).collect();
    json_schema!({"type": "string", "enum": names})
}

/// A report value as the JSON object printed: keys sorted, numbers as serde prints them.
pub fn to_value(report: &impl Serialize) -> Value {
    serde_json::to_value(report).expect("report types always serialize (string keys only)")
}

/// The report of type `T` in the JSON `bytes`; else one line naming the field that is wrong
/// (`solutions[2].elapsed_ms: invalid type: ...`) and where (line and column).
pub fn read_typed<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut reader).map_err(|e| field_error(&e))
}

/// A deserialization error as one line, led by the path of the field it is in.
pub fn field_error<E: std::fmt::Display>(e: &serde_path_to_error::Error<E>) -> String {
    match e.path().to_string().as_str() {
        "." => e.inner().to_string(),
        path => format!("`{path}`: {}", e.inner()),
    }
}

/// One published schema: its file name under `docs/reference/schemas/` (without `.json`) and
/// what prints it.
pub struct SchemaEntry {
    /// `judge`, `stress`, ...: the name `stressjudge schema NAME` takes.
    pub name: &'static str,
    /// One line: which output this schema describes.
    pub describes: &'static str,
    /// Builds the schema.
    pub build: fn() -> Schema,
}

fn schema_of<T: JsonSchema>() -> Schema {
    // The serialize contract: a field is required unless it is skipped when empty, and an
    // `Option` without `skip_serializing_if` is required and may be `null`.
    schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>()
}

/// Every published schema, one per output shape.
pub const SCHEMAS: &[SchemaEntry] = &[
    SchemaEntry {
        name: "judge",
        describes: "`judge --json` and `judge --report FILE.json`",
        build: schema_of::<JudgeJson>,
    },
    SchemaEntry {
        name: "stress",
        describes: "`stress --json` and `stress --report FILE.json` (a stress report; or, when \
                    the candidate does not compile, a compile error; or, when a sample fails \
                    first, the judge report of the samples)",
        build: schema_of::<StressOutput>,
    },
    SchemaEntry {
        name: "explain-format",
        describes: "`stress --explain-format --json`",
        build: schema_of::<ExplainFormatJson>,
    },
    SchemaEntry {
        name: "repro",
        describes: "`repro --json` and `repro --report FILE.json` (or a compile error)",
        build: schema_of::<ReproOutput>,
    },
    SchemaEntry {
        name: "verify",
        describes: "`verify --json` and `verify --report FILE.json`",
        build: schema_of::<VerifyJson>,
    },
    SchemaEntry {
        name: "check-tools",
        describes: "`check-tools --json`",
        build: schema_of::<crate::report::tool_checks::CheckToolsJson>,
    },
    SchemaEntry {
        name: "doctor",
        describes: "`doctor --json`",
        build: schema_of::<DoctorJson>,
    },
    SchemaEntry {
        name: "events",
        describes: "each line of `judge`, `stress` and `verify --json-lines`",
        build: schema_of::<Event>,
    },
    SchemaEntry {
        name: "mutants",
        describes: "`mutants --json` and `mutants --report FILE.json`",
        build: schema_of::<MutantsJson>,
    },
];

/// The schema named `name` as pretty JSON text (ends with a newline), or `None`.
pub fn schema_text(name: &str) -> Option<String> {
    let entry = SCHEMAS.iter().find(|s| s.name == name)?;
    let mut text = serde_json::to_string_pretty(&(entry.build)()).expect("a schema serializes");
    text.push('\n');
    Some(text)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::{json, Value};

    fn validator(name: &str) -> jsonschema::Validator {
        let schema: Value = serde_json::from_str(&super::schema_text(name).unwrap()).unwrap();
        jsonschema::validator_for(&schema).unwrap()
    }

    #[test]
    fn published_schemas_match_the_types() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference/schemas");
        let update = std::env::var_os("STRESSJUDGE_UPDATE_DOCS").is_some();
        for entry in super::SCHEMAS {
            let path = dir.join(format!("{}.json", entry.name));
            let generated = super::schema_text(entry.name).unwrap();
            let current = std::fs::read_to_string(&path).unwrap_or_default();
            if current != generated {
                assert!(
                    update,
                    "{} differs from the report types: rerun with STRESSJUDGE_UPDATE_DOCS=1 to \
                     rewrite it",
                    path.display()
                );
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, generated).unwrap();
                eprintln!("{} rewritten", path.display());
            }
        }
    }

    /// Fields added to the reports after the fixtures were captured: a fixture may lack them
    /// (and nothing else).
    const ADDED_SINCE_CAPTURE: &[&str] = &[
        "python",
        "subject",
        "shown",
        "shrunk_game",
        "packed_seeds",
        "ac_to_time_limit",
        "time_resolution",
        "longest_probe",
        "sanitizer",
        "walls_ms",
        "waited",
        "sensitivity_band",
        "own_limit_ms",
        "earlier",
        "kept_earlier",
        // `judge`'s score of a scoring problem (issue 46).
        "score",
        "kept_properties",
        "memory_latency_noise",
        "memory_bandwidth_noise",
        "memory_noise",
        "memory_drift",
        "memory_drifted",
        "memory_beside",
        "moves_with_memory",
        "latency_median_us",
        "bandwidth_median_us",
        "tool_checks",
        "calibration_history",
        // The tool checks' count of notices (issue 44).
        "notices",
    ];

    /// `schema` with `fields` taken out of every `required` list.
    fn not_required(schema: &mut Value, fields: &[&str]) {
        match schema {
            Value::Object(map) => {
                if let Some(Value::Array(required)) = map.get_mut("required") {
                    required.retain(|r| !fields.iter().any(|f| r == f));
                }
                map.values_mut().for_each(|v| not_required(v, fields));
            }
            Value::Array(items) => items.iter_mut().for_each(|v| not_required(v, fields)),
            _ => {}
        }
    }

    /// Reports printed before the types existed (`tests/fixtures/reports/`) follow today's
    /// schemas: every field of theirs is still there, with the same type, and none is new.
    #[test]
    fn reports_printed_before_the_types_follow_the_schemas() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reports");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let stem = path.file_stem().unwrap().to_str().unwrap();
            let name = stem.split('_').next().unwrap();
            let report: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            let mut schema: Value =
                serde_json::from_str(&super::schema_text(name).unwrap()).unwrap();
            not_required(&mut schema, ADDED_SINCE_CAPTURE);
            let v = jsonschema::validator_for(&schema).unwrap();
            let errors: Vec<String> = v
                .iter_errors(&report)
                .map(|e| e.to_string())
                .filter(|e| {
                    !ADDED_SINCE_CAPTURE
                        .iter()
                        .any(|f| *e == format!("\"{f}\" is a required property"))
                })
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", path.display());
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} reports checked");
    }

    /// A minimal compile-error report: valid as it is, invalid with any field taken away.
    #[test]
    fn schemas_reject_a_missing_field_an_unknown_field_and_a_wrong_verdict() {
        let report = json!({
            "problem": "p", "solution": "s.cpp", "verdict": "CE", "message": "error",
            "runs": 0, "games": 0, "elapsed_ms": 0, "failures": [], "isolation": null,
        });
        for name in ["stress", "repro"] {
            let v = validator(name);
            assert!(
                v.is_valid(&report),
                "{name}: {:?}",
                v.validate(&report).err()
            );
            for field in report.as_object().unwrap().keys() {
                let mut missing = report.clone();
                missing.as_object_mut().unwrap().remove(field);
                assert!(
                    !v.is_valid(&missing),
                    "{name} accepts a report without {field}"
                );
            }
            let mut unknown = report.clone();
            unknown["mesage"] = json!("typo");
            assert!(!v.is_valid(&unknown), "{name} accepts an unknown field");
            let mut verdict = report.clone();
            verdict["verdict"] = json!("RTE");
            assert!(!v.is_valid(&verdict), "{name} accepts the verdict RTE");
        }
    }

    /// `null` where a field may be null, absent where it may be absent, and nothing else.
    #[test]
    fn schemas_tell_null_from_absent() {
        let v = validator("doctor");
        let schema: Value = serde_json::from_str(&super::schema_text("doctor").unwrap()).unwrap();
        let required = schema["required"].as_array().unwrap();
        assert!(required.contains(&json!("languages_file")));
        assert!(required.contains(&json!("builds")));
        let language = &schema["$defs"]["LanguageJson"];
        let required = language["required"].as_array().unwrap();
        assert!(!required.contains(&json!("tools")) && !required.contains(&json!("error")));
        assert!(!v.is_valid(&json!({})));
    }
}
