//! The result of `stressjudge doctor`: what this machine offers for isolating candidates and the
//! toolchains candidates are built with, as text or one JSON object.

use std::path::PathBuf;

use serde_json::{json, Value};

use crate::run::MachineSupport;

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
}

impl DoctorReport {
    /// The `--json` object.
    pub fn to_json(&self) -> Value {
        let tools: serde_json::Map<String, Value> = self
            .tools
            .iter()
            .map(|(name, found)| {
                let value = match found {
                    Ok((path, version)) => {
                        json!({"path": path.display().to_string(), "version": version})
                    }
                    Err(e) => json!({"error": e}),
                };
                (name.to_string(), value)
            })
            .collect();
        let python = match &self.python {
            Ok((path, version, prefixes)) => json!({
                "path": path.display().to_string(),
                "version": version,
                "prefixes": prefixes.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            }),
            Err(e) => json!({"error": e}),
        };
        let mut object = support_json(&self.support);
        object["python"] = python;
        object["tools"] = Value::Object(tools);
        object
    }

    /// The text view.
    pub fn text(&self) -> String {
        let mut text = support_text(&self.support);
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
        text
    }
}

/// The isolation part of the JSON object.
fn support_json(s: &MachineSupport) -> Value {
    let namespaces: serde_json::Map<String, Value> = s
        .namespaces
        .iter()
        .map(|(name, error)| {
            let value = match error {
                None => json!({"available": true}),
                Some(e) => json!({"available": false, "error": e}),
            };
            (name.clone(), value)
        })
        .collect();
    let full = match &s.full_isolation {
        Ok(isolation) => json!({"available": true, "isolation": isolation.to_json()}),
        Err(reason) => json!({"available": false, "reason": reason}),
    };
    json!({
        "kernel": s.kernel,
        "root": s.root,
        "namespaces": namespaces,
        "cgroup": serde_json::to_value(&s.cgroup).unwrap_or(Value::Null),
        "full_isolation": full,
        "advice": s.advice,
    })
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
