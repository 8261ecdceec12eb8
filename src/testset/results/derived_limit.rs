//! The key a derived time limit is remembered under per package state (issue 31): everything
//! the derivation depended on, the rule, the problem's judging identity, the tests' contents,
//! and the build of every accepted submission that bounded the limit (a changed submission or
//! test is a new package state). Since issue 45 the limits themselves, with their deciding
//! times and when they were measured, live in the machine profile
//! ([`super::machine_profile`]), which `--fresh` reads and `--forget-machine` clears.

use super::{digest, ResultCache};
use crate::problem::time_limit_rule::TimeLimitRule;
use crate::problem::TestCase;

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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_state_is_keyed_by_its_builds_in_any_order_and_tests() {
        let rule = TimeLimitRule {
            ac_to_time_limit: 3.0,
            time_limit_to_tle: 2.0,
            time_resolution: 1.0,
        };
        let cases: Vec<TestCase> = Vec::new();
        let cache = ResultCache::in_memory(false);
        let key = cache.limit_key(&rule, "problem", &["b", "a"], &cases);
        let same = cache.limit_key(&rule, "problem", &["a", "b", "a"], &cases);
        assert_eq!(key.id(), same.id());
        // Another build, problem or rule is another package state.
        let other = cache.limit_key(&rule, "problem", &["a", "c"], &cases);
        assert_ne!(key.id(), other.id());
        assert_ne!(
            key.id(),
            cache.limit_key(&rule, "other", &["a", "b"], &cases).id()
        );
        let looser = TimeLimitRule {
            ac_to_time_limit: 2.0,
            ..rule
        };
        assert_ne!(
            key.id(),
            cache
                .limit_key(&looser, "problem", &["a", "b"], &cases)
                .id()
        );
    }
}
