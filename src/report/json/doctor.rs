//! The `doctor` report's shape.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::NoiseJson;
use crate::report::{DoctorReport, LanguageFound};
use crate::run::{BuildIsolation, CgroupSupport, Isolation, MachineSupport};

/// `doctor --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DoctorJson {
    /// `uname -sr`.
    pub kernel: String,
    /// Whether stressjudge runs as root.
    pub root: bool,
    /// Each namespace kind: whether it can be created (inside a user namespace).
    pub namespaces: BTreeMap<String, NamespaceJson>,
    /// The cgroups.
    pub cgroup: CgroupSupport,
    /// What a sandbox demanding full isolation got, or why it could not start.
    pub full_isolation: FullIsolationJson,
    /// What to change to get full isolation (empty when it works).
    pub advice: Vec<String>,
    /// How build steps are contained.
    pub builds: Option<BuildIsolation>,
    /// The real Python interpreter.
    pub python: PythonJson,
    /// Each compiler or interpreter by name.
    pub tools: BTreeMap<String, ToolJson>,
    /// Every language of the language table and whether it can run here.
    pub languages: Vec<LanguageJson>,
    /// This machine's timing noise.
    pub timing_noise: NoiseJson,
    /// The memory-latency workload's runs (a dependent pointer chase over 64 MiB).
    pub memory_latency_noise: NoiseJson,
    /// The memory-bandwidth workload's runs (a streaming sum over 64 MiB).
    pub memory_bandwidth_noise: NoiseJson,
    /// The user's language table in use, or why it could not be used; `null` without one.
    pub languages_file: Option<PathOrError>,
    /// The calibration readings this machine kept before this one (its machine profile:
    /// time-limit derivations' and doctor's), summarized; `null` when none were kept.
    pub calibration_history: Option<super::verify::CalibrationHistoryJson>,
}

/// One namespace kind.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamespaceJson {
    /// Whether it can be created.
    pub available: bool,
    /// Why not (absent when it can).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Full isolation: what it gives, or why it is not available.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum FullIsolationJson {
    /// It works.
    Available {
        /// Always `true`.
        available: bool,
        /// What runs get.
        isolation: Isolation,
    },
    /// It does not.
    Unavailable {
        /// Always `false`.
        available: bool,
        /// Why.
        reason: String,
    },
}

/// The real Python interpreter, or why none was found.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PythonJson {
    /// Found.
    Found {
        /// Its path.
        path: String,
        /// Its version line.
        version: String,
        /// `sys.prefix` and `sys.base_prefix`.
        prefixes: Vec<String>,
    },
    /// Not found.
    Missing {
        /// Why.
        error: String,
    },
}

/// A tool and its version, or why it is missing.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ToolJson {
    /// Found.
    Found {
        /// Its path.
        path: String,
        /// Its version line.
        version: String,
    },
    /// Not found.
    Missing {
        /// Why.
        error: String,
    },
}

/// A file in use, or why it could not be used.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PathOrError {
    /// In use.
    Path {
        /// Its path.
        path: String,
    },
    /// Not used.
    Error {
        /// Why.
        error: String,
    },
}

/// One language of the table.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LanguageJson {
    /// Its table id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its source file endings.
    pub extensions: Vec<String>,
    /// Whether it can run here.
    pub available: bool,
    /// Each of its tools (absent when not available).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<ToolFoundJson>>,
    /// Which tool is missing (absent when available).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A tool found.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolFoundJson {
    /// Its path.
    pub path: String,
    /// Its version line.
    pub version: String,
}

impl From<&LanguageFound> for LanguageJson {
    fn from(l: &LanguageFound) -> Self {
        let (tools, error) = match &l.found {
            Ok(tools) => (
                Some(
                    tools
                        .iter()
                        .map(|(path, version)| ToolFoundJson {
                            path: path.display().to_string(),
                            version: version.clone(),
                        })
                        .collect(),
                ),
                None,
            ),
            Err(e) => (None, Some(e.clone())),
        };
        LanguageJson {
            id: l.id.clone(),
            name: l.name.clone(),
            extensions: l.extensions.clone(),
            available: l.found.is_ok(),
            tools,
            error,
        }
    }
}

fn namespaces(s: &MachineSupport) -> BTreeMap<String, NamespaceJson> {
    s.namespaces
        .iter()
        .map(|(name, error)| {
            let value = NamespaceJson {
                available: error.is_none(),
                error: error.clone(),
            };
            (name.clone(), value)
        })
        .collect()
}

impl From<&DoctorReport> for DoctorJson {
    fn from(r: &DoctorReport) -> Self {
        let s = &r.support;
        DoctorJson {
            kernel: s.kernel.clone(),
            root: s.root,
            namespaces: namespaces(s),
            cgroup: s.cgroup.clone(),
            full_isolation: match &s.full_isolation {
                Ok(isolation) => FullIsolationJson::Available {
                    available: true,
                    isolation: isolation.clone(),
                },
                Err(reason) => FullIsolationJson::Unavailable {
                    available: false,
                    reason: reason.clone(),
                },
            },
            advice: s.advice.clone(),
            builds: r.builds.clone(),
            python: match &r.python {
                Ok((path, version, prefixes)) => PythonJson::Found {
                    path: path.display().to_string(),
                    version: version.clone(),
                    prefixes: prefixes.iter().map(|p| p.display().to_string()).collect(),
                },
                Err(e) => PythonJson::Missing { error: e.clone() },
            },
            tools: r
                .tools
                .iter()
                .map(|(name, found)| {
                    let value = match found {
                        Ok((path, version)) => ToolJson::Found {
                            path: path.display().to_string(),
                            version: version.clone(),
                        },
                        Err(e) => ToolJson::Missing { error: e.clone() },
                    };
                    (name.clone(), value)
                })
                .collect(),
            languages: r.languages.iter().map(LanguageJson::from).collect(),
            timing_noise: NoiseJson::from(&r.calibration),
            memory_latency_noise: NoiseJson::from(&r.memory_latency),
            memory_bandwidth_noise: NoiseJson::from(&r.memory_bandwidth),
            languages_file: r.languages_file.as_ref().map(|f| match f {
                Ok(path) => PathOrError::Path {
                    path: path.display().to_string(),
                },
                Err(e) => PathOrError::Error { error: e.clone() },
            }),
            calibration_history: r.history.as_ref().map(Into::into),
        }
    }
}
