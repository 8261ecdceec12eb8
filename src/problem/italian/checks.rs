//! A solution's `@check-*` comments (task-maker-rust's `SolutionCheck::extract_check_list`):
//! anywhere on a line, `@check-RESULT:` followed by whitespace-separated subtask names or globs
//! up to the end of the line (`// @check-accepted: samples small*`). RESULT is `accepted`,
//! `partial-score`, `wrong-answer`, `time-limit-exceeded`, `memory-limit-exceeded`,
//! `runtime-error` or `zero`; any other `@check-` on a line is an error naming the file and line.
//! task-maker-rust's `wall-time-limit-exceeded` is not among them there either.

use std::path::Path;

use crate::judge::subtasks::{Promise, SubtaskCheck};
use crate::problem::kattis::PackageError;

/// The promises in the source `text` of the solution at `path`, shown as `shown`
/// (`sol/wa.cpp`).
pub fn parse(path: &Path, shown: &str, text: &str) -> Result<Vec<SubtaskCheck>, PackageError> {
    let mut checks = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(at) = line.find("@check-") else {
            continue;
        };
        let rest = &line[at + "@check-".len()..];
        let error = || {
            PackageError::new(
                path,
                Some(i + 1),
                format!(
                    "`{}` is not a check: @check-RESULT: SUBTASKS, where RESULT is accepted, \
                     partial-score, wrong-answer, time-limit-exceeded, memory-limit-exceeded, \
                     runtime-error or zero",
                    line[at..].trim()
                ),
            )
        };
        let (name, patterns) = rest.split_once(':').ok_or_else(error)?;
        let promise = Promise::from_name(name).ok_or_else(error)?;
        for pattern in patterns.split_whitespace() {
            checks.push(SubtaskCheck {
                promise,
                pattern: pattern.to_string(),
                origin: format!("{shown} line {}", i + 1),
            });
        }
    }
    Ok(checks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_are_read_from_any_comment_style() {
        let text = "/*\n * @check-accepted: samples st1 st2*\n */\n# @check-time-limit-exceeded: big\nint main() {}\n";
        let checks = parse(Path::new("sol/a.cpp"), "sol/a.cpp", text).unwrap();
        let got: Vec<(&str, &str)> = checks
            .iter()
            .map(|c| (c.promise.name(), c.pattern.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("accepted", "samples"),
                ("accepted", "st1"),
                ("accepted", "st2*"),
                ("time-limit-exceeded", "big")
            ]
        );
        assert_eq!(checks[3].origin, "sol/a.cpp line 4");
    }

    #[test]
    fn an_unknown_check_names_its_line() {
        let e = parse(
            Path::new("t/sol/a.cpp"),
            "sol/a.cpp",
            "\n// @check-acepted: x\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("t/sol/a.cpp line 2: `@check-acepted: x` is not a check"),
            "{e}"
        );
    }
}
