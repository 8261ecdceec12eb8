//! The Python interpreter behind a shim is asked once, not once per command (issue 31): its
//! answer is remembered in the build cache and asked again only when something the shim's
//! choice reads changed (a `.python-version`, a `PYENV_*` variable, the shim itself) or the
//! entry is damaged. A shim saying the command does not exist (exit 127) is remembered too;
//! any other failure is not.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::folders_support::{arg, run_in, tempdir, write, Run};

/// The real interpreter behind `python3` on `PATH`.
fn real_python() -> String {
    let out = Command::new("python3")
        .args(["-S", "-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 must be installed");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A shim folder whose `python3` counts its runs in `count` and then does `then`.
struct Shim {
    bin: tempfile::TempDir,
    count: PathBuf,
}

impl Shim {
    fn new(then: &str) -> Shim {
        let bin = tempdir();
        let count = bin.path().join("count");
        let shim = Shim { bin, count };
        shim.write(then);
        shim
    }

    /// (Re)writes the script: count, then `then`.
    fn write(&self, then: &str) {
        use std::os::unix::fs::PermissionsExt;
        let script = write(
            self.bin.path(),
            "python3",
            &format!(
                "#!/bin/sh\necho run >> '{}'\n{then}\n",
                self.count.display()
            ),
        );
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    fn runs(&self) -> usize {
        std::fs::read_to_string(&self.count).map_or(0, |t| t.lines().count())
    }

    /// `PATH` with this folder first.
    fn path(&self) -> String {
        format!(
            "{}:{}",
            self.bin.path().display(),
            std::env::var("PATH").unwrap_or_default()
        )
    }
}

/// `judge game-of-stones sol.py` in `work` with the shim first on `PATH`, the build cache in
/// `cache` and the extra variables `env`.
fn judge(work: &Path, shim: &Shim, cache: &Path, env: &[(&str, Option<&str>)]) -> Run {
    let path = shim.path();
    let mut all: Vec<(&str, Option<&str>)> = vec![
        ("PATH", Some(&path)),
        ("XDG_CACHE_HOME", Some(arg(cache))),
        ("PYTHON", None),
        ("PYENV_VERSION", None),
    ];
    all.retain(|(k, _)| !env.iter().any(|(e, _)| e == k));
    all.extend_from_slice(env);
    run_in(work, &["judge", "game-of-stones", "sol.py"], None, &all)
}

#[test]
fn a_shims_answer_is_remembered_until_what_it_reads_changes() {
    let real = real_python();
    let shim = Shim::new(&format!("exec '{real}' \"$@\""));
    let (work, cache) = (tempdir(), tempdir());
    write(work.path(), "sol.py", "print(0)\n");
    let judged = |env: &[(&str, Option<&str>)]| {
        let run = judge(work.path(), &shim, cache.path(), env);
        assert_eq!(run.code, 1, "a wrong answer: {}", run.describe());
        assert!(
            run.stdout.contains(&format!("({real}), python3 on PATH")),
            "the real interpreter ran: {}",
            run.describe()
        );
    };
    judged(&[]);
    judged(&[]);
    assert_eq!(shim.runs(), 1, "two commands, one question");

    write(work.path(), ".python-version", &format!("{real}\n"));
    judged(&[]);
    judged(&[]);
    assert_eq!(
        shim.runs(),
        2,
        "a .python-version appeared: asked again, once"
    );

    judged(&[("PYENV_VERSION", Some("system"))]);
    judged(&[("PYENV_VERSION", Some("system"))]);
    assert_eq!(shim.runs(), 3, "PYENV_VERSION set: asked again, once");

    shim.write(&format!("# another version\nexec '{real}' \"$@\""));
    judged(&[]);
    judged(&[]);
    assert_eq!(shim.runs(), 4, "the shim changed: asked again, once");

    let entries = cache.path().join("stressjudge/python");
    for entry in std::fs::read_dir(&entries).unwrap() {
        std::fs::write(entry.unwrap().path(), b"stressjudge-entry v1 garbage").unwrap();
    }
    judged(&[]);
    assert_eq!(shim.runs(), 5, "a damaged entry is asked again");
    judged(&[]);
    assert_eq!(shim.runs(), 5, "and remembered again");
}

#[test]
fn a_missing_command_is_remembered_and_a_failure_is_not() {
    let (work, cache) = (tempdir(), tempdir());
    write(work.path(), "sol.py", "print(0)\n");
    for (then, remembered) in [
        (
            "echo 'pyenv: python3: command not found' >&2; exit 127",
            true,
        ),
        ("echo 'Segmentation fault' >&2; exit 139", false),
    ] {
        let shim = Shim::new(then);
        for _ in 0..2 {
            let run = judge(work.path(), &shim, cache.path(), &[]);
            let error = run.expect_code(2).one_line_error();
            assert!(error.contains("does not work"), "{}", run.describe());
        }
        assert_eq!(shim.runs(), if remembered { 1 } else { 2 }, "{then}");
    }
}
