//! A [`Task`] as a Kattis problem folder (2023-07 format, which stressjudge reads): the files
//! and the folder's name. Pure: nothing here touches the disk.
//!
//! - `problem.yaml`: `name`, `source` (the judge and contest, and the page's URL), `type`
//!   (`interactive` for an interactive task, 2023-07 "type"), `limits.time_limit` in seconds
//!   and `limits.memory` in MiB (the extension's `timeLimit` in ms and `memoryLimit` in MB);
//! - `data/sample/NN.in` and `NN.ans`, numbered from 01 in statement order;
//! - `stressjudge.yaml` with `input_file`/`output_file` for a file I/O task (the Kattis format
//!   has no file I/O; USACO and some Codeforces rounds use it).

use std::path::PathBuf;

use super::Task;

/// Folders written empty: `data/secret/`, where `stress --save-tests` keeps counterexamples
/// (and whose absence the format calls an error).
pub const EMPTY_FOLDERS: &[&str] = &["data/secret"];

/// Longest folder name written (a statement's title can be a sentence).
const MAX_NAME: usize = 48;

/// The folder's name: the task's name in lowercase ASCII letters and digits joined by `-`
/// (`G. Castle Defense` -> `g-castle-defense`). A name is never a path: every other character
/// (`/`, `.`, spaces, non-ASCII) separates words, so `../x` becomes `x`. A name with no ASCII
/// letter or digit (a Japanese title) falls back to the last word of its URL, then to `task`.
pub fn folder_name(task: &Task) -> String {
    let from_name = slug(&task.name);
    if !from_name.is_empty() {
        return from_name;
    }
    let url_word = task
        .url
        .trim_end_matches('/')
        .rsplit(['/', '=', '?'])
        .next()
        .unwrap_or("");
    let from_url = slug(url_word);
    if from_url.is_empty() {
        "task".to_string()
    } else {
        from_url
    }
}

fn slug(text: &str) -> String {
    let mut out = String::new();
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        let extra = usize::from(!out.is_empty()) + word.len();
        if out.len() + extra > MAX_NAME {
            break;
        }
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&word.to_ascii_lowercase());
    }
    out
}

/// Every file of the folder: a path relative to it and the bytes.
pub fn files(task: &Task) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = vec![(
        PathBuf::from("problem.yaml"),
        problem_yaml(task).into_bytes(),
    )];
    if let Some(config) = stress_yaml(task) {
        files.push((PathBuf::from("stressjudge.yaml"), config.into_bytes()));
    }
    let width = task.tests.len().to_string().len().max(2);
    for (i, sample) in task.tests.iter().enumerate() {
        let stem = format!("{:0width$}", i + 1);
        let dir = PathBuf::from("data").join("sample");
        files.push((
            dir.join(format!("{stem}.in")),
            sample.input.clone().into_bytes(),
        ));
        files.push((
            dir.join(format!("{stem}.ans")),
            sample.output.clone().into_bytes(),
        ));
    }
    files
}

/// A YAML double-quoted scalar: JSON's string syntax is a subset of it (YAML 1.2, 7.3.1).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("a string always serializes")
}

/// The first line of every `problem.yaml` that `listen` writes: such a folder holds a task of
/// another judge (Codeforces, AtCoder, ...), which the Kattis family's conventions, such as
/// problemtools' address-space limit, do not describe.
pub const WRITTEN_BY_LISTEN: &str =
    "# Written by `stressjudge listen` from Competitive Companion's task.";

/// Whether the folder `dir` was written by `listen` (its `problem.yaml` starts with
/// [`WRITTEN_BY_LISTEN`]).
pub fn written_by_listen(dir: &std::path::Path) -> bool {
    std::fs::read_to_string(dir.join("problem.yaml"))
        .is_ok_and(|text| text.lines().next() == Some(WRITTEN_BY_LISTEN))
}

fn problem_yaml(task: &Task) -> String {
    let seconds = task.time_limit / 1000.0;
    let memory_mib = task.memory_limit.ceil() as u64;
    let mut text = format!(
        "{WRITTEN_BY_LISTEN}\n\
         problem_format_version: 2023-07-draft\n\
         name: {name}\n\
         type: {kind}\n\
         source:\n  name: {group}\n  url: {url}\n\
         limits:\n  time_limit: {seconds}\n  memory: {memory_mib}\n",
        name = quoted(task.name.trim()),
        kind = if task.interactive {
            "interactive"
        } else {
            "pass-fail"
        },
        group = quoted(&task.group),
        url = quoted(&task.url),
    );
    if task.interactive {
        text.push_str(
            "# Interactive: the samples are the statement's; judging needs an interactor in\n\
             # output_validator/ (or --interactor).\n",
        );
    }
    if task.test_type.as_deref() == Some("multiNumber") {
        text.push_str("# testType multiNumber: each input holds several test cases.\n");
    }
    text
}

fn stress_yaml(task: &Task) -> Option<String> {
    let (input, output) = (task.input_file(), task.output_file());
    if input.is_none() && output.is_none() {
        return None;
    }
    let mut text = String::from("# File I/O, as the statement says.\n");
    if let Some(name) = input {
        text.push_str(&format!("input_file: {}\n", quoted(name)));
    }
    if let Some(name) = output {
        text.push_str(&format!("output_file: {}\n", quoted(name)));
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::companion::{Sample, Stream};

    fn task(name: &str) -> Task {
        Task {
            name: name.to_string(),
            group: "AtCoder - ABC 096".to_string(),
            url: "https://atcoder.jp/contests/abc096/tasks/abc096_a".to_string(),
            interactive: false,
            memory_limit: 256.0,
            time_limit: 2000.0,
            tests: vec![Sample {
                input: "5 5\n".to_string(),
                output: "5\n".to_string(),
            }],
            test_type: Some("single".to_string()),
            input: None,
            output: None,
            batch: None,
        }
    }

    #[test]
    fn names_are_never_paths() {
        assert_eq!(
            folder_name(&task("A - Day of Takahashi")),
            "a-day-of-takahashi"
        );
        assert_eq!(folder_name(&task("../../etc/passwd")), "etc-passwd");
        assert_eq!(folder_name(&task("/abs/x")), "abs-x");
        assert_eq!(folder_name(&task("..")), "abc096-a");
        assert_eq!(folder_name(&task("A - 高橋君の日")), "a");
        let long = folder_name(&task(&"word ".repeat(40)));
        assert!(long.len() <= MAX_NAME && long.starts_with("word-word"));
        let mut nothing = task("…");
        nothing.url = "///".to_string();
        assert_eq!(folder_name(&nothing), "task");
    }

    #[test]
    fn limits_samples_and_file_io_are_written() {
        let mut usaco = task("Problem 1. Sprinklers");
        usaco.time_limit = 4500.0;
        usaco.input = Some(Stream {
            kind: "file".to_string(),
            file_name: Some("sprinklers2.in".to_string()),
        });
        usaco.output = Some(Stream {
            kind: "file".to_string(),
            file_name: Some("sprinklers2.out".to_string()),
        });
        let files = files(&usaco);
        let yaml = String::from_utf8(files[0].1.clone()).unwrap();
        assert!(yaml.contains("time_limit: 4.5\n  memory: 256\n"), "{yaml}");
        assert!(yaml.contains("name: \"Problem 1. Sprinklers\""));
        assert!(yaml.contains("type: pass-fail"));
        let config = String::from_utf8(files[1].1.clone()).unwrap();
        assert!(config.contains("input_file: \"sprinklers2.in\"\noutput_file: \"sprinklers2.out\""));
        assert_eq!(files[2].0, PathBuf::from("data/sample/01.in"));
        assert_eq!(files[3].1, b"5\n");
    }
}
