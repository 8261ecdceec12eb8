//! The candidate's environment: small, explicit and the same on every machine.

use std::ffi::OsString;

use super::Language;

/// `PATH` of every candidate: the system directories only, never the user's.
const CANDIDATE_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// `HOME` of every candidate, so nothing reads or writes the user's files; the runner may
/// replace it with the run directory.
const CANDIDATE_HOME: &str = "/nonexistent";

/// The complete environment a candidate of `language` gets; nothing else is inherited.
///
/// Besides `PATH`, `LANG` and `HOME`, a language's `env` in the language table: Python gets a
/// fixed hash seed (deterministic `set`/`dict` order of strings), no bytecode writes and no
/// per-user site packages; Java and Kotlin get one malloc arena (glibc reserves 64 MiB of
/// address space per arena and thread, which a JVM's dozen threads would turn into most of the
/// sandbox's address-space limit).
pub(crate) fn candidate_env(language: Language) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = [
        ("PATH", CANDIDATE_PATH),
        ("LANG", "C.UTF-8"),
        ("HOME", CANDIDATE_HOME),
    ]
    .into_iter()
    .map(|(key, value)| (key.into(), value.into()))
    .collect();
    if let Some(spec) = language.spec() {
        for (key, value) in &spec.env {
            env.retain(|(k, _)| k != key.as_str());
            env.push((key.into(), value.into()));
        }
    }
    env
}
