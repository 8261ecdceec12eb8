//! What this machine offers for isolation, for `stressjudge doctor`: each kind of namespace
//! (probed by a launcher process, which is single-threaded as user namespaces require), the
//! cgroup hierarchies and whether one can be used, whether a full sandbox really starts, and
//! what to change to get one.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use schemars::JsonSchema;
use serde::Serialize;

use super::cgroup;
use super::isolation::{Isolation, IsolationDemand, SandboxOptions};
use super::wire::{decode, encode, FromLauncher, LineReader, ToLauncher, WireSetup};
use super::Sandbox;

/// The cgroup side of [`MachineSupport`].
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CgroupSupport {
    /// Every mounted hierarchy, e.g. `v1 memory at /sys/fs/cgroup/memory`.
    pub mounted: Vec<String>,
    /// The version a sandbox would use, if any.
    pub usable_version: Option<u8>,
    /// The controllers it would use.
    pub controllers: Vec<String>,
    /// Where sandbox cgroups would be created.
    pub parents: Vec<String>,
    /// Whether that is a subtree delegated to an ordinary user.
    pub delegated: bool,
    /// Why no cgroup can be used, if none can.
    pub problem: Option<String>,
}

/// What this machine offers for isolating candidates.
#[derive(Debug, Clone, Serialize)]
pub struct MachineSupport {
    /// `uname -sr`.
    pub kernel: String,
    /// Whether the harness runs as root.
    pub root: bool,
    /// Each namespace kind with the error creating it (inside a user namespace), if any.
    pub namespaces: Vec<(String, Option<String>)>,
    /// The cgroups.
    pub cgroup: CgroupSupport,
    /// What a sandbox demanding full isolation got, or why it could not start.
    pub full_isolation: Result<Isolation, String>,
    /// What to change to get full isolation (empty when it works).
    pub advice: Vec<String>,
}

fn kernel() -> String {
    let uname = rustix::system::uname();
    format!(
        "{} {}",
        uname.sysname().to_string_lossy(),
        uname.release().to_string_lossy()
    )
}

/// Asks a launcher to create each kind of namespace alone.
fn probe_namespaces(launcher: &Path) -> Result<Vec<(String, Option<String>)>, String> {
    let mut child = Command::new(launcher)
        .arg("__launcher")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", launcher.display()))?;
    let setup = ToLauncher::Setup(WireSetup {
        probe: true,
        options: SandboxOptions::default(),
        dir: Vec::new(),
    });
    let mut stdin = child.stdin.take().expect("piped");
    let mut answers = LineReader::new(child.stdout.take().expect("piped"));
    let answer = stdin
        .write_all(&encode(&setup))
        .and_then(|()| answers.read_line(Some(Duration::from_secs(30))));
    drop(stdin);
    let _ = child.wait();
    match answer {
        Ok(Some(line)) => match decode::<FromLauncher>(&line) {
            Ok(FromLauncher::Probed(results)) => Ok(results),
            _ => Err("the launcher gave no probe results".into()),
        },
        Ok(None) => Err("the launcher exited without probing".into()),
        Err(e) => Err(format!("the namespace probe failed: {e}")),
    }
}

fn cgroup_support() -> CgroupSupport {
    let mounted = cgroup::mounts()
        .iter()
        .map(|m| {
            let controllers = if m.version == 2 {
                std::fs::read_to_string(m.point.join("cgroup.controllers"))
                    .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
                    .unwrap_or_default()
            } else {
                m.controllers.join(" ")
            };
            format!("v{} [{}] at {}", m.version, controllers, m.point.display())
        })
        .collect();
    match cgroup::detect() {
        Ok(site) => CgroupSupport {
            mounted,
            usable_version: Some(site.version),
            controllers: site.controllers.iter().map(|c| c.to_string()).collect(),
            parents: site
                .parents
                .iter()
                .map(|(_, p)| p.display().to_string())
                .collect(),
            delegated: site.delegated,
            problem: None,
        },
        Err(problem) => CgroupSupport {
            mounted,
            usable_version: None,
            controllers: Vec::new(),
            parents: Vec::new(),
            delegated: false,
            problem: Some(problem),
        },
    }
}

/// Everything `doctor` reports about isolation, using `launcher` (this executable) as the
/// sandbox launcher.
pub fn machine_support(launcher: &Path) -> MachineSupport {
    // SAFETY: no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let namespaces = probe_namespaces(launcher).unwrap_or_else(|e| {
        super::contain::NAMESPACES
            .iter()
            .map(|n| (n.to_string(), Some(e.clone())))
            .collect()
    });
    let cgroup = cgroup_support();
    let options = SandboxOptions {
        isolation: IsolationDemand::Full,
        ..SandboxOptions::default()
    };
    let full_isolation = Sandbox::start_with_options(launcher, &options)
        .map(|sandbox| sandbox.isolation().clone())
        .map_err(|e| e.to_string());
    let mut advice = Vec::new();
    if full_isolation.is_err() {
        if namespaces.iter().any(|(_, e)| e.is_some()) {
            match super::contain::userns_advice() {
                Some(a) => advice.push(a),
                None => advice.push(
                    "the kernel or a container runtime refuses namespaces: run on a host or in \
                     a container started with user namespaces allowed (e.g. docker --security-opt \
                     seccomp=unconfined --security-opt apparmor=unconfined)"
                        .into(),
                ),
            }
        }
        if cgroup.problem.is_some() {
            if root {
                advice.push(
                    "mount the cgroup v2 hierarchy with the memory and pids controllers, or cgroup \
                     v1's memory and pids hierarchies"
                        .into(),
                );
            } else {
                advice.push(
                    "run stressjudge in a delegated cgroup: `systemd-run --user --scope -p \
                     Delegate=yes stressjudge ...` (cgroup v2 with the memory and pids \
                     controllers delegated to your user's systemd)"
                        .into(),
                );
            }
        }
        if advice.is_empty() {
            advice.push(
                "see the error above: the kernel may be older than 5.12 (open_tree, \
                 mount_setattr) or forbid mounting /proc and tmpfs in a user namespace"
                    .into(),
            );
        }
    }
    MachineSupport {
        kernel: kernel(),
        root,
        namespaces,
        cgroup,
        full_isolation,
        advice,
    }
}
