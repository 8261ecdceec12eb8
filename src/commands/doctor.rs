//! `stressjudge doctor`: what this machine offers for isolating candidates (namespaces, cgroups,
//! whether a fully isolated sandbox starts, what to change to get one) and the toolchains
//! candidates are built with. Always exit 0: it reports, it does not judge.

use serde_json::{json, Value};

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::options::DoctorOptions;
use crate::run::{machine_support, MachineSupport};

/// Tools shown, with the arguments that make each print its version.
const TOOLS: [(&str, &[&str]); 6] = [
    ("gcc", &["--version"]),
    ("g++", &["--version"]),
    ("rustc", &["--version"]),
    ("javac", &["-version"]),
    ("kotlinc", &["-version"]),
    ("python2", &["--version"]),
];

/// Where a tool is and its version line, or why not.
type Found = Result<(std::path::PathBuf, String), String>;

/// Runs `stressjudge doctor`.
pub fn run(args: &DoctorOptions) -> Result<Outcome, UsageError> {
    let launcher = std::env::current_exe()
        .map_err(|e| UsageError::new(format!("cannot find this executable: {e}")))?;
    let support = machine_support(&launcher);
    let python = crate::build::python_interpreter();
    let tools: Vec<(&str, Found)> = TOOLS
        .iter()
        .map(|(name, flags)| (*name, crate::build::tool_identity(name, flags)))
        .collect();
    if args.json {
        let tools: serde_json::Map<String, Value> = tools
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
        let python = match &python {
            Ok((path, version, prefixes)) => json!({
                "path": path.display().to_string(),
                "version": version,
                "prefixes": prefixes.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            }),
            Err(e) => json!({"error": e}),
        };
        let mut object = support_json(&support);
        object["python"] = python;
        object["tools"] = Value::Object(tools);
        print_out(&format!("{object}\n"))?;
    } else {
        let mut text = support_text(&support);
        text.push_str("\ntoolchains:\n");
        match &python {
            Ok((path, version, _)) => text.push_str(&format!(
                "  {:<8} {} ({version})\n",
                "python",
                path.display()
            )),
            Err(e) => text.push_str(&format!("  {:<8} {e}\n", "python")),
        }
        for (name, found) in &tools {
            match found {
                Ok((path, version)) => {
                    text.push_str(&format!("  {name:<8} {} ({version})\n", path.display()))
                }
                Err(e) => text.push_str(&format!("  {name:<8} {e}\n")),
            }
        }
        print_out(&text)?;
    }
    Ok(Outcome::Passed)
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
