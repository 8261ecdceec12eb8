//! `mutants --save-tests`: each killable mutant's shrunk input, with the reference's answer,
//! written into the package as a test, where the next `judge`, `verify` and `mutants` find it.
//!
//! Where, as `stress --save-tests` keeps failures ([`crate::stress::keep`]): the `--tests`
//! folder, else a Kattis folder's `data/secret/`, named by content (`stress-` and 12 hex digits
//! of the input's SHA-256) so an input is added once. A BAPCtools package, whose `data/` is
//! generated from `generators/generators.yaml`, gets the test as a *manual case*: its files in
//! `generators/mutants/NAME.in` and `.ans`, and an entry `NAME: {copy: mutants/NAME}` as the
//! last case of `data: secret: data:` of generators.yaml (BAPCtools' `copy:` key copies
//! `NAME.in` and its answer from the generators folder), written into the file's text where
//! that list or map is, so its comments, order and numbering stay; the next `stressjudge
//! generate` writes it into `data/`.

use std::path::{Path, PathBuf};

use crate::error::UsageError;
use crate::options::ProblemSpec;
use crate::problem::{Origin, Problem};
use crate::stress::keep::{test_name, TestsFolder};

/// Where a problem's new tests go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestsHome {
    /// A folder of test files.
    Folder(TestsFolder),
    /// A BAPCtools package: manual cases in `generators/` named in this generators.yaml.
    Generators(PathBuf),
}

/// Where `--save-tests` writes for `problem`; a problem with no folder of tests (a built-in
/// one, a Polygon package, which lists its tests in problem.xml) is a one-line error before
/// anything runs.
pub fn tests_home(problem: &dyn Problem, spec: &ProblemSpec) -> Result<TestsHome, UsageError> {
    if let Some(dir) = &spec.ad_hoc.tests {
        return Ok(TestsHome::Folder(TestsFolder::at(dir)));
    }
    let Origin::Folder(path) = &problem.info().origin else {
        return Err(UsageError::new(
            "--save-tests: give --tests DIR (or name a problem folder): the new tests are kept \
             where the next judge finds them",
        ));
    };
    if !path.join("problem.yaml").is_file() {
        return Err(UsageError::new(format!(
            "--save-tests: {} lists its tests in its own files (problem.xml, task.yaml); give \
             --tests DIR to keep them in a folder",
            path.display()
        )));
    }
    let plan = path.join("generators").join("generators.yaml");
    if plan.is_file() {
        return Ok(TestsHome::Generators(plan));
    }
    Ok(TestsHome::Folder(TestsFolder {
        dir: path.join("data").join("secret"),
        answer_extension: "ans",
    }))
}

impl TestsHome {
    /// Keeps each `(input, answer)`; one line per test saying what became of it.
    pub fn keep(&self, tests: &[(String, String)]) -> Vec<String> {
        match self {
            TestsHome::Folder(folder) => tests
                .iter()
                .flat_map(|(input, answer)| folder.keep_pairs(&[(input.as_str(), answer.as_str())]))
                .collect(),
            TestsHome::Generators(plan) => tests
                .iter()
                .map(|(input, answer)| match keep_manual(plan, input, answer) {
                    Ok(line) => line,
                    Err(why) => format!("--save-tests: {}: {why}", plan.display()),
                })
                .collect(),
        }
    }
}

/// Writes one manual case of a BAPCtools package and names it in `plan` (generators.yaml).
fn keep_manual(plan: &Path, input: &str, answer: &str) -> Result<String, String> {
    let name = test_name(input);
    let generators = plan.parent().unwrap_or(Path::new("."));
    let dir = generators.join("mutants");
    let text = std::fs::read_to_string(plan).map_err(|e| format!("cannot read it: {e}"))?;
    if text.contains(&format!("copy: mutants/{name}")) {
        return Ok(format!("already a test: {name} in {}", plan.display()));
    }
    let updated = with_secret_case(&text, &name).ok_or_else(|| {
        format!(
            "no `data: secret: data:` block to add to; add `{name}: {{copy: mutants/{name}}}` \
             there yourself (its files are in {})",
            dir.display()
        )
    });
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let write = |file: PathBuf, bytes: &str| {
        std::fs::write(&file, bytes).map_err(|e| format!("cannot write {}: {e}", file.display()))
    };
    write(dir.join(format!("{name}.ans")), answer)?;
    write(dir.join(format!("{name}.in")), input)?;
    let updated = updated?;
    if !names_secret_case(&updated, &name) {
        return Err(format!(
            "the entry could not be placed safely; add `{name}: {{copy: mutants/{name}}}` under \
             data: secret: data: yourself (its files are in {})",
            dir.display()
        ));
    }
    crate::cache_entry::write_durably(plan, updated.as_bytes())
        .map_err(|e| format!("cannot write it: {e}"))?;
    Ok(format!(
        "kept as manual case {name} in {} (files in {}); run `stressjudge generate` to write \
         it into data/",
        plan.display(),
        dir.display()
    ))
}

/// The indentation of a line: its leading spaces.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// `text` (a generators.yaml) with `NAME: {copy: mutants/NAME}` added as the last case of
/// `data: secret: data:` (a map, or a list of one-entry maps, as BAPCtools reads both), at the
/// indentation of the cases already there; last, so the cases before it keep their numbers
/// (BAPCtools numbers a list's cases by position). `None` when the block is not found in block
/// style.
fn with_secret_case(text: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let key = |line: &str, word: &str| {
        let t = line.trim_end();
        t.trim_start() == format!("{word}:") || t.trim_start().starts_with(&format!("{word}: #"))
    };
    let data = lines
        .iter()
        .position(|l| indent(l) == 0 && key(l, "data"))?;
    let secret = (data + 1..lines.len())
        .take_while(|&i| lines[i].trim().is_empty() || indent(lines[i]) > 0)
        .find(|&i| key(lines[i], "secret"))?;
    let secret_indent = indent(lines[secret]);
    let inner = (secret + 1..lines.len())
        .take_while(|&i| lines[i].trim().is_empty() || indent(lines[i]) > secret_indent)
        .find(|&i| key(lines[i], "data") && !lines[i].trim_start().starts_with('-'))?;
    let inner_indent = indent(lines[inner]);
    let content = |i: usize| !lines[i].trim().is_empty() && !lines[i].trim_start().starts_with('#');
    let first_child = (inner + 1..lines.len()).find(|&i| content(i));
    // A list may sit at its key's own indentation (`data:` then `- a: ...` under it).
    let listed = first_child.is_some_and(|i| {
        indent(lines[i]) >= inner_indent && lines[i].trim_start().starts_with("- ")
    });
    let in_block = |i: usize| {
        !content(i)
            || indent(lines[i]) > inner_indent
            || (listed
                && indent(lines[i]) == inner_indent
                && lines[i].trim_start().starts_with("- "))
    };
    let last = (inner + 1..lines.len())
        .take_while(|&i| in_block(i))
        .filter(|&i| content(i))
        .last()
        .unwrap_or(inner);
    let entry = format!("{name}: {{copy: mutants/{name}}}");
    let new_line = match first_child.map(|i| lines[i]) {
        Some(child) if listed => format!("{}- {entry}", " ".repeat(indent(child))),
        Some(child) if indent(child) > inner_indent => {
            format!("{}{entry}", " ".repeat(indent(child)))
        }
        _ => format!("{}{entry}", " ".repeat(inner_indent + 2)),
    };
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    out.insert(last + 1, new_line);
    let mut joined = out.join("\n");
    joined.push('\n');
    Some(joined)
}

/// Whether the generators.yaml `text` parses and names the case `name` under
/// `data: secret: data:`.
fn names_secret_case(text: &str, name: &str) -> bool {
    let Ok(value) = serde_saphyr::from_str::<serde_json::Value>(text) else {
        return false;
    };
    let cases = &value["data"]["secret"]["data"];
    let copy = |v: &serde_json::Value| {
        v.get(name)
            .and_then(|case| case.get("copy"))
            .and_then(|c| c.as_str())
            == Some(&format!("mutants/{name}"))
    };
    match cases {
        serde_json::Value::Object(_) => copy(cases),
        serde_json::Value::Array(items) => items.iter().any(copy),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_goes_into_a_map_of_secret_cases() {
        let text = "solution: /submissions/accepted/a.py\n# cases\ndata:\n  sample:\n    data:\n      - '': { in: \"1\\n\" }\n  secret:\n    data:\n      small: gen.py 1\n      big:\n        generate: gen.py 2\n\n  invalid_input:\n    data: {}\n";
        let updated = with_secret_case(text, "stress-abc").unwrap();
        assert!(
            updated.contains(
                "        generate: gen.py 2\n      stress-abc: {copy: mutants/stress-abc}\n\n  invalid_input:"
            ),
            "{updated}"
        );
        assert!(names_secret_case(&updated, "stress-abc"), "{updated}");
        assert!(updated.starts_with("solution: /submissions/accepted/a.py\n# cases\n"));
    }

    #[test]
    fn a_case_goes_into_a_list_of_secret_cases() {
        let text =
            "data:\n  secret:\n    data:\n    - one: gen.py 1\n    - two:\n        in: \"1\\n\"\n";
        let updated = with_secret_case(text, "stress-abc").unwrap();
        assert!(names_secret_case(&updated, "stress-abc"), "{updated}");
        assert!(
            updated
                .ends_with("        in: \"1\\n\"\n    - stress-abc: {copy: mutants/stress-abc}\n"),
            "{updated}"
        );
    }

    #[test]
    fn without_a_secret_block_nothing_is_guessed() {
        assert!(with_secret_case("solution: x.py\n", "n").is_none());
        assert!(with_secret_case("data:\n  sample:\n    data: []\n", "n").is_none());
    }
}
