//! The result of `stressjudge doctor`: what this machine offers for isolating candidates and the
//! toolchains candidates are built with, as text or one JSON object.

use crate::run::calibration::Calibration;
use crate::testset::results::calibration_history::{CalibrationHistory, Now};
use std::path::PathBuf;

use serde_json::Value;

use crate::run::{BuildIsolation, MachineSupport};

/// Where a tool is and its version line, or why not.
pub type Found = Result<(PathBuf, String), String>;

/// What `doctor` found.
#[derive(Debug, Clone)]
pub struct DoctorReport {
    /// Namespaces, cgroups, whether full isolation works, and advice.
    pub support: MachineSupport,
    /// The real Python interpreter: path, version, prefixes; or why not.
    pub python: Result<(PathBuf, String, Vec<PathBuf>), String>,
    /// Each compiler or interpreter by name.
    pub tools: Vec<(String, Found)>,
    /// Every language of the language table and whether this machine can run it.
    pub languages: Vec<LanguageFound>,
    /// The user's language table in use, or why it could not be used.
    pub languages_file: Option<Result<PathBuf, String>>,
    /// The calibration workload's runs: this machine's timing noise (issue 31).
    pub calibration: Calibration,
    /// The memory-latency workload's runs (a pointer chase over 64 MiB, issue 45).
    pub memory_latency: Calibration,
    /// The memory-bandwidth workload's runs (a streaming sum over 64 MiB, issue 45).
    pub memory_bandwidth: Calibration,
    /// How build steps (compilers, `build` scripts) are contained here.
    pub builds: Option<BuildIsolation>,
    /// The calibration history this machine kept before this reading (issue 45), if any.
    pub history: Option<CalibrationHistory>,
}

/// One language of the table as `doctor` found it.
#[derive(Debug, Clone)]
pub struct LanguageFound {
    /// Its table id (`cpp`, `go`, ...), also the name of its `include/` folder in a package.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its source file endings.
    pub extensions: Vec<String>,
    /// Each of its tools' path and version line, or the one line saying which is missing.
    pub found: Result<Vec<(PathBuf, String)>, String>,
}

impl DoctorReport {
    /// The `--json` object.
    pub fn to_json(&self) -> Value {
        super::json::to_value(&super::json::DoctorJson::from(self))
    }

    /// The text view.
    pub fn text(&self) -> String {
        let mut text = support_text(&self.support);
        match &self.builds {
            Some(builds) => text.push_str(&format!(
                "\nbuilds (compilers, build scripts): {}\n",
                builds.description
            )),
            None => text.push_str("\nbuilds (compilers, build scripts): not contained\n"),
        }
        text.push_str("\ntoolchains:\n");
        match &self.python {
            Ok((path, version, _)) => text.push_str(&format!(
                "  {:<8} {} ({version})\n",
                "python",
                path.display()
            )),
            Err(e) => text.push_str(&format!("  {:<8} {e}\n", "python")),
        }
        for (name, found) in &self.tools {
            match found {
                Ok((path, version)) => {
                    text.push_str(&format!("  {name:<8} {} ({version})\n", path.display()))
                }
                Err(e) => text.push_str(&format!("  {name:<8} {e}\n")),
            }
        }
        text.push_str(&self.languages_text());
        text.push_str(&format!(
            "\ntiming noise: {}\n  (a verdict within this of the time limit is named sensitive; \
             see docs/guide/time-limits.md)\n",
            self.calibration.describe()
        ));
        text.push_str(&format!(
            "memory latency: {}\nmemory bandwidth: {}\n  (most of a shared host's noise is \
             memory and cache contention, which the integer workload cannot see; a time \
             limit's derivation reads all three before, during and after)\n",
            self.memory_latency.describe_runs("a 64 MiB pointer chase"),
            self.memory_bandwidth
                .describe_runs("a 64 MiB streaming sum")
        ));
        match &self.history {
            Some(history) => {
                let now = Now {
                    integer: Some(self.calibration.median()),
                    latency: Some(self.memory_latency.median()),
                    bandwidth: Some(self.memory_bandwidth.median()),
                };
                text.push_str(&format!(
                    "calibration history: {}
  (now: the medians above; each time-limit \
                     derivation and each doctor adds its readings; --forget-machine clears \
                     them)
",
                    history.describe(now)
                ))
            }
            None => text.push_str(
                "calibration history: none kept on this machine yet (each time-limit \
                 derivation and each doctor adds its readings)\n",
            ),
        }
        text
    }

    /// The languages part of the text: each language and what runs it here, or why not.
    fn languages_text(&self) -> String {
        let available = self.languages.iter().filter(|l| l.found.is_ok()).count();
        let mut text = format!(
            "\nlanguages ({available} of {} can run here):\n",
            self.languages.len()
        );
        match &self.languages_file {
            Some(Ok(path)) => text.push_str(&format!("  (with your table {})\n", path.display())),
            Some(Err(e)) => text.push_str(&format!("  your language table is NOT used: {e}\n")),
            None => {}
        }
        for language in &self.languages {
            let line = match &language.found {
                Ok(tools) => {
                    let (path, version) = &tools[0];
                    format!("yes  {} ({version})", path.display())
                }
                Err(e) => format!("no   {e}"),
            };
            text.push_str(&format!("  {:<12} {line}\n", language.name));
        }
        text
    }
}

/// The isolation part of the text.
fn support_text(s: &MachineSupport) -> String {
    let mut text = format!(
        "kernel: {}, running as {}\n\nnamespaces (each tried inside a new user namespace):\n",
        s.kernel,
        if s.root { "root" } else { "an ordinary user" }
    );
    for (name, error) in &s.namespaces {
        match error {
            None => text.push_str(&format!("  {name:<6} yes\n")),
            Some(e) => text.push_str(&format!("  {name:<6} no: {e}\n")),
        }
    }
    text.push_str("\ncgroup hierarchies mounted:\n");
    if s.cgroup.mounted.is_empty() {
        text.push_str("  none\n");
    }
    for mount in &s.cgroup.mounted {
        text.push_str(&format!("  {mount}\n"));
    }
    match (&s.cgroup.usable_version, &s.cgroup.problem) {
        (Some(version), _) => text.push_str(&format!(
            "sandbox cgroups: v{version} {} under {}{}\n",
            s.cgroup.controllers.join("+"),
            s.cgroup.parents.join(", "),
            if s.cgroup.delegated {
                " (delegated to this user, writable)"
            } else {
                " (writable)"
            }
        )),
        (None, Some(problem)) => {
            text.push_str(&format!("sandbox cgroups: none usable: {problem}\n"))
        }
        (None, None) => text.push_str("sandbox cgroups: none usable\n"),
    }
    match &s.full_isolation {
        Ok(isolation) => text.push_str(&format!(
            "\nfull isolation: available\n  {}\n",
            isolation.description
        )),
        Err(reason) => text.push_str(&format!(
            "\nfull isolation: NOT available ({reason})\n  runs get basic isolation (rlimits only) unless --isolation full is given, which then fails\n"
        )),
    }
    if !s.advice.is_empty() {
        text.push_str("to get full isolation:\n");
        for advice in &s.advice {
            text.push_str(&format!("  - {advice}\n"));
        }
    }
    text
}
