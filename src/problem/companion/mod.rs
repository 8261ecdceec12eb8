//! Competitive Companion's task format: the JSON the browser extension POSTs for each problem
//! it parses from a judge's page (github:jmerle/competitive-companion, README "The format" and
//! `src/models/Task.ts`, `IOConfiguration.ts`), read into a [`Task`] and checked, then laid out
//! as a Kattis problem folder ([`layout`]) and written without overwriting anything
//! ([`mod@write`]). `stressjudge listen` drives it.

pub mod layout;
pub mod write;

use serde::Deserialize;

/// Largest request body `listen` reads: a task's samples are a few KiB; anything near this is
/// not a task.
pub const MAX_BODY_BYTES: u64 = 16 << 20;

/// One task as the extension sends it. Only the keys stressjudge uses are read; the
/// extension's README says a tool need not parse them all (`languages` is Java's own).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    /// The problem's full name, e.g. `G. Castle Defense`.
    pub name: String,
    /// `<judge> - <category>`, e.g. `Codeforces - Educational Round 40`.
    #[serde(default)]
    pub group: String,
    /// The problem's page.
    pub url: String,
    /// Whether the problem is interactive (optional in the format).
    #[serde(default)]
    pub interactive: bool,
    /// Memory limit in MB (the extension's unit; written as MiB, as Kattis reads `memory`).
    pub memory_limit: f64,
    /// Time limit in milliseconds.
    pub time_limit: f64,
    /// The samples, in statement order.
    pub tests: Vec<Sample>,
    /// `single` or `multiNumber` (JHelper's notion; stressjudge judges each sample alike).
    #[serde(default)]
    pub test_type: Option<String>,
    /// Where the solution reads its input.
    #[serde(default)]
    pub input: Option<Stream>,
    /// Where the solution writes its answer.
    #[serde(default)]
    pub output: Option<Stream>,
    /// The batch this task belongs to (a contest parsed at once).
    #[serde(default)]
    pub batch: Option<Batch>,
}

/// One sample: its input and its expected output.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Sample {
    /// The input text.
    pub input: String,
    /// The expected output text.
    pub output: String,
}

/// An input or output configuration: `stdin`/`stdout`, `file` with `fileName`, or (input only)
/// `regex` with `pattern`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stream {
    /// `stdin`, `stdout`, `file` or `regex`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The file's name, for `file`.
    #[serde(default)]
    pub file_name: Option<String>,
}

/// The batch of tasks sent together.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Batch {
    /// The batch's UUID, shared by its tasks.
    pub id: String,
    /// How many tasks the batch holds.
    pub size: u64,
}

impl Task {
    /// Reads a request body: JSON of the task format, with sane limits and file names.
    /// The error names what is wrong, for a one-line message and the HTTP reply.
    pub fn parse(body: &[u8]) -> Result<Task, String> {
        let task: Task = serde_json::from_slice(body)
            .map_err(|e| format!("not a Competitive Companion task: {e}"))?;
        task.check()?;
        Ok(task)
    }

    fn check(&self) -> Result<(), String> {
        if self.name.trim().is_empty() {
            return Err("the task's name is empty".to_string());
        }
        if !(self.time_limit.is_finite() && self.time_limit > 0.0 && self.time_limit <= 3.6e6) {
            return Err(format!(
                "timeLimit {} is not a time limit in milliseconds (0 < ms <= 3600000)",
                self.time_limit
            ));
        }
        if !(self.memory_limit.is_finite()
            && self.memory_limit >= 1.0
            && self.memory_limit <= 1_048_576.0)
        {
            return Err(format!(
                "memoryLimit {} is not a memory limit in MB (1 to 1048576)",
                self.memory_limit
            ));
        }
        for (stream, default) in [(&self.input, "stdin"), (&self.output, "stdout")] {
            let Some(stream) = stream else { continue };
            match (stream.kind.as_str(), &stream.file_name) {
                (kind, _) if kind == default => {}
                ("file", Some(name)) => crate::run::FileIo::check_name(name)?,
                ("file", None) => return Err("a `file` stream has no fileName".to_string()),
                ("regex", _) if default == "stdin" => {}
                (other, _) => return Err(format!("unknown stream type `{other}`")),
            }
        }
        Ok(())
    }

    /// The file the solution reads, for file input (`regex` input has no fixed name: the
    /// extension leaves choosing the file to the tool, so it is read as standard input).
    pub fn input_file(&self) -> Option<&str> {
        file_of(&self.input)
    }

    /// The file the solution writes, for file output.
    pub fn output_file(&self) -> Option<&str> {
        file_of(&self.output)
    }
}

fn file_of(stream: &Option<Stream>) -> Option<&str> {
    stream
        .as_ref()
        .filter(|s| s.kind == "file")
        .and_then(|s| s.file_name.as_deref())
}

#[cfg(test)]
mod tests {
    use super::Task;

    const CODEFORCES: &str = r#"{"name":"G. Castle Defense","group":"Codeforces - Educational Codeforces Round 40 (Rated for Div. 2)","url":"https://codeforces.com/problemset/problem/954/G","interactive":false,"memoryLimit":256,"timeLimit":1500,"tests":[{"input":"5 0 6\n5 4 3 4 9\n","output":"5\n"}],"testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},"languages":{"java":{"mainClass":"Main","taskClass":"GCastleDefense"}},"batch":{"id":"123e67c8-03c6-44a4-a3f9-5918533f9fb2","size":1}}"#;

    #[test]
    fn reads_the_readme_example() {
        let task = Task::parse(CODEFORCES.as_bytes()).unwrap();
        assert_eq!(task.name, "G. Castle Defense");
        assert_eq!(task.time_limit, 1500.0);
        assert_eq!(task.tests.len(), 1);
        assert_eq!(task.input_file(), None);
        assert_eq!(task.batch.unwrap().size, 1);
    }

    #[test]
    fn refuses_bad_tasks_with_a_reason() {
        let no_name = CODEFORCES.replace("G. Castle Defense", " ");
        assert!(Task::parse(no_name.as_bytes())
            .unwrap_err()
            .contains("name"));
        let zero = CODEFORCES.replace("\"timeLimit\":1500", "\"timeLimit\":0");
        assert!(Task::parse(zero.as_bytes())
            .unwrap_err()
            .contains("timeLimit"));
        let path = CODEFORCES.replace(
            r#""input":{"type":"stdin"}"#,
            r#""input":{"type":"file","fileName":"../x.in"}"#,
        );
        assert!(Task::parse(path.as_bytes())
            .unwrap_err()
            .contains("plain file name"));
        assert!(Task::parse(b"[1,2]")
            .unwrap_err()
            .contains("not a Competitive"));
        let no_tests = CODEFORCES.replace("\"tests\"", "\"nottests\"");
        assert!(Task::parse(no_tests.as_bytes())
            .unwrap_err()
            .contains("tests"));
    }
}
