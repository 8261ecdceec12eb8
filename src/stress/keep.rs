//! `stress --save-tests`: each shrunk failing input, with the reference's answer, added to the
//! tests the next `judge` runs, so a counterexample found once is checked for ever after:
//! a Kattis folder's `data/secret/`, or the `--tests` folder (oj's `test/` layout keeps
//! answers as `.out`, others as `.ans`: the folder's own habit is followed).
//!
//! A kept test is named by its content, `stress-` and the first 12 hex digits of the input's
//! SHA-256, so the same counterexample found by a later stress is recognised and not added
//! twice; an input already in the folder under any name is not added either.

use std::path::{Path, PathBuf};

use super::Failure;

/// Where kept tests go and how their answers are named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestsFolder {
    /// The folder.
    pub dir: PathBuf,
    /// The answer files' extension: `ans`, or `out` in a folder that already uses it.
    pub answer_extension: &'static str,
}

impl TestsFolder {
    /// The folder at `dir`, answers named as its existing tests name them (`.ans` when it
    /// holds none).
    pub fn at(dir: &Path) -> TestsFolder {
        let uses = |ext: &str| {
            std::fs::read_dir(dir).is_ok_and(|entries| {
                entries
                    .filter_map(Result::ok)
                    .any(|e| e.path().extension().is_some_and(|x| x == ext))
            })
        };
        TestsFolder {
            dir: dir.to_path_buf(),
            answer_extension: if !uses("ans") && uses("out") {
                "out"
            } else {
                "ans"
            },
        }
    }

    /// Keeps each failure's shrunk input and answer; one line per failure saying what became
    /// of it.
    pub fn keep(&self, failures: &[Failure], has_answers: bool) -> Vec<String> {
        let mut lines = Vec::new();
        if failures.is_empty() {
            return lines;
        }
        if !has_answers {
            lines.push(
                "--save-tests: not kept: without a reference there is no answer to judge by"
                    .to_string(),
            );
            return lines;
        }
        let pairs: Vec<(&str, &str)> = failures
            .iter()
            .map(|f| (f.shrunk_input.as_str(), f.shrunk_expected.text.as_str()))
            .collect();
        lines.extend(self.keep_pairs(&pairs));
        lines
    }

    /// Keeps each `(input, answer)` pair as a test; one line per pair saying what became of
    /// it (`mutants --save-tests` keeps its counterexamples so too).
    pub fn keep_pairs(&self, pairs: &[(&str, &str)]) -> Vec<String> {
        let mut lines = Vec::new();
        for &(input, answer) in pairs {
            lines.push(match self.keep_one(input, answer) {
                Ok(Kept::Added(path)) => format!("kept as test {}", path.display()),
                Ok(Kept::Present(path)) => {
                    format!("already a test: {}", path.display())
                }
                Err(e) => format!(
                    "--save-tests: cannot keep a test in {}: {e}",
                    self.dir.display()
                ),
            });
        }
        lines
    }

    fn keep_one(&self, input: &str, answer: &str) -> std::io::Result<Kept> {
        std::fs::create_dir_all(&self.dir)?;
        if let Some(present) = self.holding(input)? {
            return Ok(Kept::Present(present));
        }
        let stem = test_name(input);
        let input_path = self.dir.join(format!("{stem}.in"));
        // The answer first: a test whose input is there always has its answer.
        std::fs::write(
            self.dir.join(format!("{stem}.{}", self.answer_extension)),
            answer,
        )?;
        std::fs::write(&input_path, input)?;
        Ok(Kept::Added(input_path))
    }

    /// The `.in` file of the folder (searched to any depth, as `data/secret/` may have groups)
    /// that holds exactly `input`.
    fn holding(&self, input: &str) -> std::io::Result<Option<PathBuf>> {
        let named = self.dir.join(format!("{}.in", test_name(input)));
        if std::fs::read(&named).is_ok_and(|b| b == input.as_bytes()) {
            return Ok(Some(named));
        }
        let mut folders = vec![self.dir.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder)? {
                let path = entry?.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|x| x == "in")
                    && std::fs::metadata(&path).is_ok_and(|m| m.len() == input.len() as u64)
                    && std::fs::read(&path).is_ok_and(|b| b == input.as_bytes())
                {
                    return Ok(Some(path));
                }
            }
        }
        Ok(None)
    }
}

enum Kept {
    Added(PathBuf),
    Present(PathBuf),
}

/// `stress-` and the first 12 hex digits of the input's SHA-256.
pub fn test_name(input: &str) -> String {
    format!(
        "stress-{}",
        &crate::cache_entry::sha256_hex(input.as_bytes())[..12]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_content_and_the_folder_habit() {
        assert_eq!(test_name("1 2\n"), test_name("1 2\n"));
        assert_ne!(test_name("1 2\n"), test_name("1 3\n"));
        assert_eq!(test_name("").len(), "stress-".len() + 12);
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(TestsFolder::at(dir.path()).answer_extension, "ans");
        std::fs::write(dir.path().join("sample-1.out"), "x").unwrap();
        assert_eq!(TestsFolder::at(dir.path()).answer_extension, "out");
    }

    #[test]
    fn an_input_is_kept_once() {
        let dir = tempfile::tempdir().unwrap();
        let folder = TestsFolder::at(dir.path());
        assert!(matches!(
            folder.keep_one("5\n", "25\n").unwrap(),
            Kept::Added(_)
        ));
        assert!(matches!(
            folder.keep_one("5\n", "25\n").unwrap(),
            Kept::Present(_)
        ));
        std::fs::create_dir(dir.path().join("group")).unwrap();
        std::fs::write(dir.path().join("group/mine.in"), "6\n").unwrap();
        match folder.keep_one("6\n", "36\n").unwrap() {
            Kept::Present(path) => assert!(path.ends_with("group/mine.in")),
            Kept::Added(path) => panic!("added again as {}", path.display()),
        }
        let name = test_name("5\n");
        assert_eq!(
            std::fs::read_to_string(dir.path().join(format!("{name}.ans"))).unwrap(),
            "25\n"
        );
    }
}
