//! `cargo bench --bench tool_checks`: what the checks of a package's own tools add to a
//! verify's wall time (issue 44). Prints one line per package with the ratio of `verify PKG
//! --stress-seeds 0 --fresh` (tool checks made, not remembered) to the same verify with
//! `--no-tool-checks` (target: at most 1.15), and the tool runs made; asserts nothing.
//!
//! The packages: `TOOL_CHECK_PACKAGES` (folders separated by `:`), by default problemtools'
//! examples `different` and `oddecho` when `PROBLEMTOOLS_EXAMPLES` names that folder, and the
//! repository's `tests/problems/anysum`, `tests/problems/maximum` and `tests/polygon/sum`
//! otherwise. Builds are warmed by one verify first; then `TOOL_CHECK_ROUNDS` rounds (default
//! 2), interleaved, and the medians compared.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use side_by_side::{figure, secs, stressjudge, verify};

#[allow(dead_code)]
#[path = "support/side_by_side.rs"]
mod side_by_side;

fn median(mut walls: Vec<Duration>) -> Duration {
    walls.sort();
    walls[walls.len() / 2]
}

fn packages() -> Vec<PathBuf> {
    if let Some(list) = std::env::var_os("TOOL_CHECK_PACKAGES") {
        return std::env::split_paths(&list).collect();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match std::env::var_os("PROBLEMTOOLS_EXAMPLES") {
        Some(examples) => ["different", "oddecho", "hello"]
            .iter()
            .map(|p| Path::new(&examples).join(p))
            .collect(),
        None => [
            "tests/problems/anysum",
            "tests/problems/maximum",
            "tests/polygon/sum",
        ]
        .iter()
        .map(|p| root.join(p))
        .collect(),
    }
}

fn main() {
    let rounds: usize = std::env::var("TOOL_CHECK_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(2);
    let binary = stressjudge();
    let cache = tempfile::tempdir().expect("a cache folder");
    for package in packages() {
        let name = package.display().to_string();
        let base = ["--stress-seeds", "0", "--fresh"];
        let mut args = vec![name.as_str()];
        args.extend(base);
        // Warm the builds (and the reference's answers) once.
        let _ = verify(&binary, cache.path(), &args);
        let (mut with, mut without, mut runs) = (Vec::new(), Vec::new(), 0);
        for _ in 0..rounds {
            let (run, _) = verify(
                &binary,
                cache.path(),
                &[&args[..], &["--no-tool-checks"]].concat(),
            );
            without.push(run.wall);
            let (run, report) = verify(&binary, cache.path(), &args);
            with.push(run.wall);
            runs = report["tool_checks"].as_array().map_or(0, |c| {
                c.iter().map(|c| c["runs"].as_u64().unwrap_or(0)).sum()
            });
        }
        let (with, without) = (median(with), median(without));
        figure(
            &format!("{name}: verify with tool checks / without"),
            with.as_secs_f64() / without.as_secs_f64().max(0.001),
            1.15,
            &format!(
                "{} vs {} (medians of {rounds}); {runs} tool run(s)",
                secs(with),
                secs(without)
            ),
        );
    }
}
