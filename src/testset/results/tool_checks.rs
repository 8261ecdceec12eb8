//! The tool checks of a package state ([`crate::programs::tool_checks`]), remembered like every
//! other run: keyed by the package's content (its files, tests and tool tests), the identity of
//! every tool checked (builds and arguments) and the version of the checks, so a changed
//! validator, checker, generator or test is checked again. Not read under `--fresh`.

use super::{digest, ResultCache};
use crate::programs::tool_checks::ToolChecks;

/// Bumped when the checks made change.
const CHECKS_VERSION: &str = "tool-checks-v1";

/// The key of one package state's tool checks.
pub struct ToolChecksKey {
    hash: String,
}

impl ResultCache {
    /// The key of the tool checks of the package whose content hash is `content` and whose
    /// tools are `tools` (their identities, in order).
    pub fn tool_checks_key(&self, content: &str, tools: &str) -> ToolChecksKey {
        ToolChecksKey {
            hash: digest(&[
                CHECKS_VERSION.as_bytes(),
                env!("CARGO_PKG_VERSION").as_bytes(),
                content.as_bytes(),
                tools.as_bytes(),
            ]),
        }
    }

    /// The checks remembered under `key`, marked reused; `None` under `--fresh`, when there are
    /// none or the entry is unreadable.
    pub fn recall_tool_checks(&self, key: &ToolChecksKey) -> Option<ToolChecks> {
        if self.fresh {
            return None;
        }
        let body = self.entries.as_ref()?.get(&key.hash)?;
        let mut checks: ToolChecks = serde_json::from_slice(&body).ok()?;
        checks.reused = true;
        Some(checks)
    }

    /// Remembers the checks of `key`.
    pub fn remember_tool_checks(&self, key: &ToolChecksKey, checks: &ToolChecks) {
        if let (Some(entries), Ok(body)) = (&self.entries, serde_json::to_vec(checks)) {
            self.store(entries, &key.hash, &body);
        }
    }
}
