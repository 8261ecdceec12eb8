//! Isolation levels: what the caller demands ([`IsolationDemand`], [`SandboxOptions`]) and what
//! a sandbox actually has ([`Isolation`]), plus the process-wide choice made once by the
//! command line.

use std::io;
use std::sync::Mutex;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Default cap on the processes (and threads: the kernel's `pids` controller counts both) a
/// run may have at once under full isolation. DOMjudge's default is 64 too; a JVM needs 20 to
/// 30 threads, a C++ or Python solution one.
pub const DEFAULT_PROCESS_LIMIT: u32 = 64;

/// Test and debug knob: when this environment variable is `1`, the launcher does not try to
/// create namespaces, as on a machine that forbids them (so `--isolation full` fails and auto
/// falls back to basic).
pub const DISABLE_NAMESPACES_ENV: &str = "STRESSJUDGE_DISABLE_NAMESPACES";

/// Test and debug knob: when this environment variable is `1`, the launcher does not use
/// cgroups, as on a machine without a writable cgroup (full isolation is then unavailable).
pub const DISABLE_CGROUPS_ENV: &str = "STRESSJUDGE_DISABLE_CGROUPS";

/// The isolation a caller asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IsolationDemand {
    /// Full isolation when this machine allows it, else basic; the sandbox says which.
    #[default]
    Auto,
    /// Full isolation or an error saying why it is not possible here.
    Full,
    /// The rlimit sandbox only (no namespaces, no cgroups), even where more is possible.
    Basic,
}

/// The isolation a sandbox has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum IsolationLevel {
    /// Namespaces (user, PID, mount, network, IPC, UTS) and a cgroup bounding the whole
    /// process tree's memory, process count and CPU.
    Full,
    /// rlimits, a process group and a child subreaper; memory and in-flight CPU of the first
    /// process only, no limit on the process count, no separation from the invoking user.
    Basic,
}

impl IsolationLevel {
    /// `full` or `basic`.
    pub fn name(self) -> &'static str {
        match self {
            IsolationLevel::Full => "full",
            IsolationLevel::Basic => "basic",
        }
    }
}

/// The cgroup a fully isolated sandbox's runs are accounted and limited in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CgroupInfo {
    /// 1 or 2.
    pub version: u8,
    /// Controllers in use, e.g. `["memory", "pids", "cpuacct"]`.
    pub controllers: Vec<String>,
    /// The sandbox's own cgroup directories (one per v1 hierarchy, one for v2); they are
    /// removed when the sandbox ends.
    pub paths: Vec<String>,
    /// Whether the cgroup lies in a subtree delegated to an ordinary user (not root).
    pub delegated: bool,
}

/// What a sandbox actually has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Isolation {
    /// `full` or `basic`.
    pub level: IsolationLevel,
    /// The namespaces every run is in (empty under basic isolation).
    pub namespaces: Vec<String>,
    /// The cgroup of the runs (none under basic isolation).
    pub cgroup: Option<CgroupInfo>,
    /// The cap on processes and threads per run (none under basic isolation).
    pub process_limit: Option<u32>,
    /// Why full isolation was not used, when auto fell back to basic.
    pub fallback_reason: Option<String>,
    /// One line for reports, e.g. `full (user, pid, mount, net, ipc, uts namespaces; cgroup v1
    /// memory+pids+cpuacct)`.
    pub description: String,
    /// How build steps (compilers, `build` scripts) of this process are contained, when the
    /// command line set it ([`set_build_isolation`]).
    #[serde(default)]
    pub builds: Option<BuildIsolation>,
}

/// How build steps are contained: the same sandbox as the runs, with their own limits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BuildIsolation {
    /// `full` or `basic`, as the runs.
    pub level: IsolationLevel,
    /// Memory limit of one step in bytes (its whole process tree under full isolation, each
    /// process's `RLIMIT_DATA` as well).
    pub memory_bytes: u64,
    /// Wall-clock limit of one step in milliseconds.
    pub wall_ms: u64,
    /// Cap on a step's processes and threads (full isolation only).
    pub process_limit: Option<u32>,
    /// Largest file a step may write, in bytes.
    pub file_bytes: u64,
    /// One line for reports, e.g. `full sandbox (...); 2 GiB memory, 60 s, 128 processes, 1
    /// GiB files`.
    pub description: String,
}

impl Isolation {
    /// Full isolation with these namespaces and cgroup.
    pub(crate) fn full(namespaces: Vec<String>, cgroup: CgroupInfo, process_limit: u32) -> Self {
        let description = format!(
            "full ({} namespaces; cgroup v{} {}; at most {} processes)",
            namespaces.join(", "),
            cgroup.version,
            cgroup.controllers.join("+"),
            process_limit
        );
        Isolation {
            level: IsolationLevel::Full,
            namespaces,
            cgroup: Some(cgroup),
            process_limit: Some(process_limit),
            fallback_reason: None,
            description,
            builds: None,
        }
    }

    /// Basic isolation; `reason` says why full isolation was not used (`None` when basic was
    /// demanded).
    pub(crate) fn basic(reason: Option<String>) -> Self {
        let mut description =
            "basic (rlimits, process group and subreaper; no namespaces, no cgroup)".to_string();
        match &reason {
            Some(why) => description.push_str(&format!("; full isolation unavailable: {why}")),
            None => description.push_str("; as demanded by --isolation basic"),
        }
        Isolation {
            level: IsolationLevel::Basic,
            namespaces: Vec::new(),
            cgroup: None,
            process_limit: None,
            fallback_reason: reason,
            description,
            builds: None,
        }
    }

    /// The line reports print: `isolation: ...`.
    pub fn report_line(&self) -> String {
        match &self.builds {
            Some(builds) => format!(
                "isolation: {}; builds: {}",
                self.description, builds.description
            ),
            None => format!("isolation: {}", self.description),
        }
    }

    /// The report's `"isolation"` JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("isolation always serializes")
    }
}

/// How a sandbox is started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SandboxOptions {
    /// The isolation asked for.
    pub isolation: IsolationDemand,
    /// Cap on processes and threads per run under full isolation (forks beyond it fail).
    pub process_limit: u32,
}

impl Default for SandboxOptions {
    fn default() -> Self {
        SandboxOptions {
            isolation: IsolationDemand::Auto,
            process_limit: DEFAULT_PROCESS_LIMIT,
        }
    }
}

/// The choice made once per process by the command line: options for every
/// [`super::Sandbox::start`] and the isolation they resolved to.
struct ProcessChoice {
    options: SandboxOptions,
    isolation: Option<Isolation>,
}

static PROCESS: Mutex<ProcessChoice> = Mutex::new(ProcessChoice {
    options: SandboxOptions {
        isolation: IsolationDemand::Auto,
        process_limit: DEFAULT_PROCESS_LIMIT,
    },
    isolation: None,
});

fn process_choice() -> std::sync::MutexGuard<'static, ProcessChoice> {
    PROCESS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Resolves `options` for this whole process: starts one sandbox with this executable as its
/// launcher to learn what the machine gives, then makes every later [`super::Sandbox::start`]
/// demand exactly that level (so all runs of one command have the same isolation, and auto is
/// decided once). Fails when `Full` is demanded and impossible, with the reason.
pub fn configure_process(options: SandboxOptions) -> io::Result<Isolation> {
    let probe = super::Sandbox::start_with_options(std::env::current_exe()?, &options)?;
    let isolation = probe.isolation().clone();
    drop(probe);
    let mut pinned = options;
    pinned.isolation = match isolation.level {
        IsolationLevel::Full => IsolationDemand::Full,
        IsolationLevel::Basic => IsolationDemand::Basic,
    };
    let mut choice = process_choice();
    choice.options = pinned;
    choice.isolation = Some(isolation.clone());
    Ok(isolation)
}

/// The options [`super::Sandbox::start`] uses: auto unless [`configure_process`] ran.
pub fn process_options() -> SandboxOptions {
    process_choice().options
}

/// Records how this process's build steps are contained, so that [`process_isolation`] (every
/// report's `isolation`) says it too.
pub fn set_build_isolation(builds: BuildIsolation) {
    let mut choice = process_choice();
    if let Some(isolation) = choice.isolation.as_mut() {
        isolation.builds = Some(builds);
    }
}

/// The isolation [`configure_process`] resolved, if it ran.
pub fn process_isolation() -> Option<Isolation> {
    process_choice().isolation.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_serialize_as_lowercase_words() {
        assert_eq!(
            serde_json::to_value(IsolationLevel::Full).unwrap(),
            serde_json::json!("full")
        );
        let basic = Isolation::basic(Some("no user namespaces".into()));
        let json = basic.to_json();
        assert_eq!(json["level"], "basic");
        assert_eq!(json["fallback_reason"], "no user namespaces");
        assert!(basic.report_line().starts_with("isolation: basic ("));
    }

    #[test]
    fn full_description_names_namespaces_and_controllers() {
        let full = Isolation::full(
            vec!["user".into(), "pid".into()],
            CgroupInfo {
                version: 1,
                controllers: vec!["memory".into(), "pids".into()],
                paths: vec![],
                delegated: false,
            },
            64,
        );
        assert_eq!(
            full.description,
            "full (user, pid namespaces; cgroup v1 memory+pids; at most 64 processes)"
        );
    }
}
