//! `stressjudge doctor`: what this machine offers for isolating candidates (namespaces, cgroups,
//! whether a fully isolated sandbox starts, what to change to get one) and the toolchains
//! candidates are built with. Always exit 0: it reports, it does not judge.

use super::{print_out, Outcome};
use crate::error::UsageError;
use crate::options::DoctorOptions;
use crate::report::DoctorReport;
use crate::run::machine_support;

/// Tools shown, with the arguments that make each print its version.
const TOOLS: [(&str, &[&str]); 6] = [
    ("gcc", &["--version"]),
    ("g++", &["--version"]),
    ("rustc", &["--version"]),
    ("javac", &["-version"]),
    ("kotlinc", &["-version"]),
    ("python2", &["--version"]),
];

/// Runs `stressjudge doctor`.
pub fn run(args: &DoctorOptions) -> Result<Outcome, UsageError> {
    let launcher = std::env::current_exe()
        .map_err(|e| UsageError::new(format!("cannot find this executable: {e}")))?;
    let report = DoctorReport {
        support: machine_support(&launcher),
        python: crate::build::python_interpreter(),
        tools: TOOLS
            .iter()
            .map(|(name, flags)| (name.to_string(), crate::build::tool_identity(name, flags)))
            .collect(),
    };
    if args.json {
        print_out(&format!("{}\n", report.to_json()))?;
    } else {
        print_out(&report.text())?;
    }
    Ok(Outcome::Passed)
}
