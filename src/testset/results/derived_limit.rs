//! Derived time limits remembered per package state (issue 31), so that a derivation whose own
//! runs cannot choose between two limits keeps the one an earlier derivation chose
//! ([`crate::judge::repeats::settled_limit`] decides, and says why).
//!
//! The entry is keyed by everything the derivation depended on: the rule, the problem's
//! judging identity, the tests' contents, and the build of every accepted submission that
//! bounded the limit (a changed submission or test is a new package state). It is read even
//! under `--fresh`: `--fresh` measures every run again, and the new runs still decide whether
//! the earlier limit stands.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{digest, ResultCache};
use crate::judge::repeats::EarlierLimit;
use crate::problem::time_limit_rule::TimeLimitRule;
use crate::problem::TestCase;
use crate::units::millis;

/// The key of one package state's derived time limit.
pub struct LimitKey {
    hash: String,
}

impl LimitKey {
    /// The key as text: the machine profile's key of the package state's limits.
    pub fn id(&self) -> &str {
        &self.hash
    }
}

/// [`EarlierLimit`] as stored.
#[derive(Debug, Serialize, Deserialize)]
struct StoredLimit {
    limit_ms: u64,
    deciding_ms: u64,
}

impl ResultCache {
    /// The key of the limit `rule` derives on the problem whose judging identity is
    /// `problem_identity`, from the builds `builds` (content hashes, in any order) on `cases`.
    pub fn limit_key(
        &self,
        rule: &TimeLimitRule,
        problem_identity: &str,
        builds: &[&str],
        cases: &[TestCase],
    ) -> LimitKey {
        let mut builds = builds.to_vec();
        builds.sort_unstable();
        builds.dedup();
        let tests: Vec<String> = (cases.iter())
            .map(|c| {
                digest(&[
                    c.name.as_bytes(),
                    c.input.as_bytes(),
                    c.expected.text.as_bytes(),
                    format!("{:?}", c.expected.checker_args).as_bytes(),
                ])
            })
            .collect();
        LimitKey {
            hash: digest(&[
                b"derived-limit",
                format!("{rule:?}").as_bytes(),
                problem_identity.as_bytes(),
                builds.join(" ").as_bytes(),
                tests.join(" ").as_bytes(),
            ]),
        }
    }

    /// The limit an earlier derivation of `key` set, read even under `--fresh` (see the module
    /// documentation); `None` when there was none or the entry is unreadable.
    pub fn recall_limit(&self, key: &LimitKey) -> Option<EarlierLimit> {
        let body = self.entries.as_ref()?.get(&key.hash)?;
        let stored: StoredLimit = serde_json::from_slice(&body).ok()?;
        (stored.limit_ms > 0).then(|| EarlierLimit {
            limit: Duration::from_millis(stored.limit_ms),
            deciding: Duration::from_millis(stored.deciding_ms),
            measured_unix_s: 0,
        })
    }

    /// Remembers the limit a derivation of `key` set.
    pub fn remember_limit(&self, key: &LimitKey, limit: EarlierLimit) {
        let stored = StoredLimit {
            limit_ms: millis(limit.limit),
            deciding_ms: millis(limit.deciding),
        };
        if let (Some(entries), Ok(body)) = (&self.entries, serde_json::to_vec(&stored)) {
            self.store(entries, &key.hash, &body);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn earlier(limit: u64) -> Option<EarlierLimit> {
        Some(EarlierLimit {
            limit: s(limit),
            deciding: Duration::from_millis(1260),
            measured_unix_s: 0,
        })
    }

    #[test]
    fn a_limit_is_remembered_on_disk_and_read_under_fresh() {
        let dir = tempfile::tempdir().unwrap();
        let rule = TimeLimitRule {
            ac_to_time_limit: 3.0,
            time_limit_to_tle: 2.0,
            time_resolution: 1.0,
        };
        let cases: Vec<TestCase> = Vec::new();
        let first = ResultCache::open(dir.path(), false);
        let key = first.limit_key(&rule, "problem", &["b", "a"], &cases);
        assert_eq!(first.recall_limit(&key), None);
        first.remember_limit(&key, earlier(4).unwrap());
        let fresh = ResultCache::open(dir.path(), true);
        let same = fresh.limit_key(&rule, "problem", &["a", "b", "a"], &cases);
        assert_eq!(fresh.recall_limit(&same), earlier(4));
        // Another build is another package state.
        let other = fresh.limit_key(&rule, "problem", &["a", "c"], &cases);
        assert_eq!(fresh.recall_limit(&other), None);
        // An in-memory cache remembers nothing across commands.
        let memory = ResultCache::in_memory(false);
        memory.remember_limit(&key, earlier(4).unwrap());
        assert_eq!(memory.recall_limit(&key), None);
    }
}
