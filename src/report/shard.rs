//! What a shard's report says about its shard (issue 29): which shard of how many, of which
//! command, the identity every shard of one command shares (a hash of the problems' contents,
//! the submissions, the options that change verdicts, the limits and the stressjudge version),
//! and which of the command's jobs it judged; `stressjudge merge` checks and joins shards by it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The `shard` object of a shard's JSON report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ShardInfo {
    /// The command: `verify`, `stress` or `mutants`.
    pub command: String,
    /// This shard, 1-based.
    pub index: u64,
    /// How many shards split the command.
    pub count: u64,
    /// What every shard of one command shares: a hex SHA-256 of its plan (problems and their
    /// content hashes, submissions, options, limits, version).
    pub identity: String,
    /// The stressjudge version that ran it.
    pub version: String,
    /// How many jobs the whole command has (verify: (problem, submission) pairs).
    pub jobs: u64,
    /// The command-wide index of each job this shard judged, in its report's order (verify;
    /// a stress shard's seeds are every `count`-th of `seeds`, listed in none).
    #[serde(default)]
    pub judged: Vec<u64>,
    /// A stress's whole seed range, `[start, end)`, before it was split.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds: Option<[u64; 2]>,
}

impl ShardInfo {
    /// The JSON object.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a shard always serializes")
    }

    /// Reads the `shard` object of a report, `None` when it has none.
    pub fn of_report(report: &Value) -> Result<Option<ShardInfo>, String> {
        match report.get("shard") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => serde_json::from_value(v.clone())
                .map(Some)
                .map_err(|e| format!("its `shard` object is not one stressjudge writes: {e}")),
        }
    }
}

/// The job indices of `0..jobs` that shard `index`/`count` takes: dealt round-robin in the
/// command's order (problem by problem, each problem's submissions in their sorted order), so
/// the shards cover every job exactly once and each gets a mix of every problem.
pub fn dealt(index: u64, count: u64, jobs: u64) -> impl Iterator<Item = u64> {
    (index.saturating_sub(1)..jobs).step_by(count.max(1) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_deal_every_job_once() {
        for jobs in 0..40 {
            for count in 1..9 {
                let mut seen: Vec<u64> = (1..=count).flat_map(|i| dealt(i, count, jobs)).collect();
                seen.sort_unstable();
                assert_eq!(
                    seen,
                    (0..jobs).collect::<Vec<_>>(),
                    "{jobs} jobs, {count} shards"
                );
            }
        }
    }
}
