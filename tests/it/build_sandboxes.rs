//! Build sandboxes through the real binary (issue 25): a sandbox reused for the next build
//! step shows that step nothing of the last one's folders; `build_memory:` / `build_time:` in
//! `stressjudge.yaml` bound the folder's compiles (a compile bomb is a compile error naming
//! that limit and the file), the flags win over them, a bad value is a line-numbered error; and
//! `isolation.builds` is in the reports of `judge`, `stress`, `repro`, `verify` (JSON, JUnit,
//! HTML) and `doctor`.

use crate::folders_support;

use folders_support::*;
use serde_json::Value;

/// A Kattis package: a Python sum accepted, and a C++ compile bomb (GCC reads `/dev/zero`
/// through a macro, growing without end) expected to be a compile error.
fn package(stress_yaml: &str) -> tempfile::TempDir {
    let dir = tempdir();
    let pkg = dir.path();
    write(pkg, "problem.yaml", "name: Sum\n");
    write(pkg, "data/sample/1.in", "1 2\n");
    write(pkg, "data/sample/1.ans", "3\n");
    write(pkg, "data/secret/1.in", "2 2\n");
    write(pkg, "data/secret/1.ans", "4\n");
    write(
        pkg,
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    write(
        pkg,
        "submissions/compile_error/bomb.cpp",
        "#define F \"/dev/zero\"\n#include F\nint main() {}\n",
    );
    write(pkg, "stressjudge.yaml", stress_yaml);
    dir
}

/// The report row of `bomb.cpp`.
fn bomb_row(report: &Value) -> &Value {
    report["solutions"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|row| row["path"].as_str().unwrap_or("").ends_with("bomb.cpp"))
        .unwrap_or_else(|| panic!("no row of bomb.cpp in {report}"))
}

#[test]
fn a_folders_build_memory_makes_a_compile_bomb_a_compile_error_naming_it() {
    let _heavy = heavy();
    let dir = package("build_memory: 128 MiB\nbuild_time: 40s\n");
    let run = stressjudge(&["verify", arg(dir.path()), "--json"]);
    let report = run.expect_code(0).json();
    let row = bomb_row(&report);
    assert_eq!(row["got"], "CE", "{row}");
    let detail = row["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("memory limit of 128 MiB (build_memory of ")
            && detail.contains("stressjudge.yaml) exceeded"),
        "{detail}"
    );
    let builds = &report["isolation"]["builds"];
    assert_eq!(builds["memory_bytes"], 128 << 20, "{builds}");
    assert_eq!(builds["wall_ms"], 40_000, "{builds}");

    // The flag wins over the file.
    let run = stressjudge(&[
        "verify",
        arg(dir.path()),
        "--json",
        "--build-memory",
        "96MiB",
    ]);
    let report = run.expect_code(0).json();
    let detail = bomb_row(&report)["detail"].as_str().unwrap().to_string();
    assert!(
        detail.starts_with("memory limit of 96 MiB exceeded"),
        "{detail}"
    );
    assert_eq!(report["isolation"]["builds"]["memory_bytes"], 96 << 20);
    assert_eq!(report["isolation"]["builds"]["wall_ms"], 40_000);
}

/// Each folder's `build_memory` bounds its own builds in a `verify` of several folders, which
/// loads every folder before it builds any and builds them in parallel.
#[test]
fn in_a_verify_of_several_folders_each_folder_builds_under_its_own_limits() {
    let _heavy = heavy();
    let first = package("build_memory: 128 MiB\n");
    let second = package("build_memory: 96 MiB\n");
    let run = stressjudge(&["verify", arg(first.path()), arg(second.path()), "--json"]);
    let report = run.expect_code(0).json();
    let rows = report["solutions"].as_array().expect("rows");
    let bombs: Vec<&Value> = (rows.iter())
        .filter(|row| row["path"].as_str().unwrap_or("").ends_with("bomb.cpp"))
        .collect();
    assert_eq!(bombs.len(), 2, "{report}");
    for (folder, limit) in [(first.path(), "128 MiB"), (second.path(), "96 MiB")] {
        let yaml = folder.join("stressjudge.yaml");
        let expected = format!(
            "memory limit of {limit} (build_memory of {}",
            yaml.display()
        );
        assert!(
            bombs.iter().any(|row| {
                row["got"] == "CE" && row["detail"].as_str().unwrap_or("").starts_with(&expected)
            }),
            "no compile error naming `{expected}` in {bombs:?}"
        );
    }
}

#[test]
fn a_bad_build_limit_in_stressjudge_yaml_is_one_line_naming_file_and_line() {
    for (yaml, expected) in [
        (
            "build_time: 5s\nbuild_memory: lots\n",
            "stressjudge.yaml line 2: build_memory: bad size `lots`",
        ),
        (
            "build_time: forever\n",
            "stressjudge.yaml line 1: build_time: bad time `forever`",
        ),
    ] {
        let dir = package(yaml);
        let line = stressjudge(&["verify", arg(dir.path())]).one_line_error();
        assert!(line.contains(expected), "{line}");
    }
}

/// The `builds` object every report's `isolation` carries.
fn assert_builds(isolation: &Value, what: &str) {
    let builds = &isolation["builds"];
    assert!(
        builds["level"] == "full" || builds["level"] == "basic",
        "{what}: {isolation}"
    );
    assert_eq!(builds["memory_bytes"], 2u64 << 30, "{what}: {isolation}");
    assert!(
        builds["description"]
            .as_str()
            .is_some_and(|d| d.contains("sandbox")),
        "{what}: {isolation}"
    );
}

#[test]
fn every_report_with_isolation_says_how_builds_were_contained() {
    let _heavy = heavy();
    let out = tempdir();
    let cpp = "solutions/game-of-stones/accepted/closed_form.cpp";
    let files = |name: &str| {
        [
            out.path().join(format!("{name}.xml")),
            out.path().join(format!("{name}.html")),
        ]
    };
    let judge_files = files("judge");
    let run = stressjudge(&[
        "judge",
        "game-of-stones",
        cpp,
        "--json",
        "--report",
        arg(&judge_files[0]),
        "--report",
        arg(&judge_files[1]),
    ]);
    assert_builds(&run.expect_code(0).json()["isolation"], "judge");
    let run = stressjudge(&[
        "stress",
        "game-of-stones",
        cpp,
        "--seeds",
        "1..3",
        "--json",
        "--out",
        arg(out.path()),
    ]);
    assert_builds(&run.expect_code(0).json()["isolation"], "stress");
    let run = stressjudge(&["repro", "game-of-stones", cpp, "--seed", "1", "--json"]);
    assert_builds(&run.expect_code(0).json()["isolation"], "repro");
    let dir = package("build_time: 40s\n");
    std::fs::remove_file(dir.path().join("submissions/compile_error/bomb.cpp")).unwrap();
    std::fs::remove_dir(dir.path().join("submissions/compile_error")).unwrap();
    let verify_files = files("verify");
    let run = stressjudge(&[
        "verify",
        arg(dir.path()),
        "--json",
        "--report",
        arg(&verify_files[0]),
        "--report",
        arg(&verify_files[1]),
    ]);
    assert_builds(&run.expect_code(0).json()["isolation"], "verify");
    // The JUnit and HTML views name it on their isolation line.
    for file in judge_files.iter().chain(&verify_files) {
        let text = String::from_utf8(read(file)).unwrap();
        assert!(text.contains("; builds: "), "{}: {text}", file.display());
    }
    let run = stressjudge(&["doctor", "--json"]);
    let report = run.expect_code(0).json();
    assert_builds(&report, "doctor");
    let full = &report["full_isolation"];
    if full["available"] == true {
        assert_builds(&full["isolation"], "doctor's full isolation");
    }
}

/// A `build` script that leaves a marker in its folder and fails if it can see a marker of
/// another step anywhere under its folder's grandparent (where the cache keeps every build
/// folder): a build sandbox kept from the last step must have taken that step's folder away.
const LOOKING_BUILD: &str = "#!/bin/sh\n\
    touch marker-$$\n\
    seen=$(find \"$(dirname \"$(dirname \"$PWD\")\")\" -name 'marker-*' 2>/dev/null)\n\
    if [ \"$(echo \"$seen\" | wc -l)\" != 1 ]; then echo \"another step's folder: $seen\" >&2; exit 1; fi\n\
    printf '#!/bin/sh\\nread a b\\necho $((a + b))\\n' > run\n\
    chmod +x run\n";

#[test]
fn a_reused_build_sandbox_shows_no_folder_of_the_step_before() {
    let _heavy = heavy();
    let dir = package("build_time: 40s\n");
    std::fs::remove_file(dir.path().join("submissions/compile_error/bomb.cpp")).unwrap();
    std::fs::remove_dir(dir.path().join("submissions/compile_error")).unwrap();
    for name in ["one", "two", "three"] {
        let build = write(
            dir.path(),
            &format!("submissions/accepted/{name}/build"),
            LOOKING_BUILD,
        );
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&build, std::fs::Permissions::from_mode(0o755)).unwrap();
        // Each folder its own build (a different content hash).
        write(
            dir.path(),
            &format!("submissions/accepted/{name}/name"),
            name,
        );
    }
    let run = stressjudge(&["verify", arg(dir.path()), "--json"]);
    let report = run.json();
    for row in report["solutions"].as_array().unwrap() {
        assert_eq!(row["got"], "AC", "{row}");
    }
    run.expect_code(0);
}
