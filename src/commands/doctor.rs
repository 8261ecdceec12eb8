//! `stressjudge doctor`: what this machine offers for isolating candidates (namespaces, cgroups,
//! whether a fully isolated sandbox starts, what to change to get one) and the toolchains
//! candidates are built with. Always exit 0: it reports, it does not judge.

use super::{print_json, print_out, Outcome};
use crate::error::UsageError;
use crate::options::DoctorOptions;
use crate::report::{DoctorReport, LanguageFound};
use crate::run::calibration::{Calibration, Readings};
use crate::run::machine_support;
use crate::testset::results::calibration_history::CalibrationHistory;
use crate::testset::results::machine_profile::MachineProfile;

/// Tools shown, with the arguments that make each print its version.
const TOOLS: [(&str, &[&str]); 7] = [
    ("gcc", &["--version"]),
    ("g++", &["--version"]),
    ("rustc", &["--version"]),
    ("javac", &["-version"]),
    ("kotlinc", &["-version"]),
    ("python2", &["--version"]),
    // Kattis-format packages run Python 3 with it where installed (issue 31).
    ("pypy3", &["--version"]),
];

/// Runs of the calibration workload that measure the machine's timing noise.
const NOISE_RUNS: usize = 15;

/// Runs `stressjudge doctor`.
pub fn run(args: &DoctorOptions) -> Result<Outcome, UsageError> {
    let launcher = std::env::current_exe()
        .map_err(|e| UsageError::new(format!("cannot find this executable: {e}")))?;
    // Measured first, before the probes below load the machine.
    let calibration = Calibration::measure(NOISE_RUNS);
    // Then the memory workloads, interleaved so both see the same moments (issue 45).
    let memory = Readings::measure_with(calibration.clone(), NOISE_RUNS);
    let builds = crate::build::build_containment();
    let mut support = machine_support(&launcher);
    if let Ok(isolation) = &mut support.full_isolation {
        // Every report's `isolation` says how builds are contained, this one's too.
        isolation.builds = builds.clone();
    }
    // Remembered for the next verify (see crate::testset::noise).
    let cache_root = crate::build::BuildOptions::default_for_user().cache_dir;
    crate::testset::noise::remember(&cache_root, &calibration);
    // The machine profile's calibration history as it stood, then this reading joins it.
    let mut profile = MachineProfile::load(&cache_root);
    let history = CalibrationHistory::of(&profile);
    profile.add_readings(&[("doctor", memory.clone())]);
    profile.save(&cache_root);
    let report = DoctorReport {
        calibration,
        memory_latency: memory.latency,
        memory_bandwidth: memory.bandwidth,
        support,
        python: crate::build::python_interpreter(),
        tools: TOOLS
            .iter()
            .map(|(name, flags)| (name.to_string(), crate::build::tool_identity(name, flags)))
            .collect(),
        languages: languages(),
        languages_file: languages_file(),
        builds,
        history,
    };
    if args.json {
        print_json(report.to_json())?;
    } else {
        print_out(&report.text())?;
    }
    Ok(Outcome::Passed)
}

/// Every language of the table and whether it can run here, probed in parallel (each probe
/// asks a tool for its version).
fn languages() -> Vec<LanguageFound> {
    let table = crate::build::language_table();
    std::thread::scope(|scope| {
        let probes: Vec<_> = table
            .languages
            .iter()
            .map(|spec| scope.spawn(move || crate::build::language_support(spec)))
            .collect();
        table
            .languages
            .iter()
            .zip(probes)
            .map(|(spec, probe)| LanguageFound {
                id: spec.id.clone(),
                name: spec.name.clone(),
                extensions: spec.extensions.clone(),
                found: probe
                    .join()
                    .unwrap_or_else(|_| Err("the probe panicked".into())),
            })
            .collect()
    })
}

/// The user's language table: its path when in use, the reason when broken.
fn languages_file() -> Option<Result<std::path::PathBuf, String>> {
    let table = crate::build::language_table();
    match (&table.user_error, &table.user_file) {
        (Some(e), _) => Some(Err(e.clone())),
        (None, Some(path)) => Some(Ok(path.clone())),
        (None, None) => None,
    }
}
