use super::*;

const XML: &str = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="sum">
  <names><name language="russian" value="Сумма"/><name language="english" value="Sum"/></names>
  <judging input-file="sum.in" output-file="">
    <testset name="tests">
      <time-limit>1500</time-limit>
      <memory-limit>67108864</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true" group="samples" points="0"/>
        <test method="generated" cmd="gen 10 20" group="g1" points="5.5"/>
        <test method="generated" cmd="gen --n=100" group="g1"/>
      </tests>
      <groups>
        <group name="samples" points="0" points-policy="complete-group"/>
        <group name="g1" points="40" points-policy="each-test">
          <dependencies><dependency group="samples"/></dependencies>
        </group>
      </groups>
    </testset>
  </judging>
  <files><executables><executable><source path="files/gen.cpp" type="cpp.g++17"/>
    <binary path="files/gen.exe" type="exe.win32"/></executable></executables></files>
  <assets>
    <checker name="std::wcmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/>
      <testset><input-path-pattern>files/tests/checker-tests/%02d</input-path-pattern>
        <output-path-pattern>files/tests/checker-tests/%02d.o</output-path-pattern>
        <answer-path-pattern>files/tests/checker-tests/%02d.a</answer-path-pattern>
        <tests><test verdict="ok"/><test verdict="wrong-answer"/></tests></testset>
    </checker>
    <validators><validator><source path="files/val.cpp" type="cpp.g++17"/>
      <testset><input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>
        <tests><test verdict="valid"/><test verdict="invalid" group="g1"/></tests></testset>
    </validator></validators>
    <solutions>
      <solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution>
      <solution tag="time-limit-exceeded-or-accepted"><source path="solutions/slow.cpp"/></solution>
      <solution tag="partially-correct"><source path="solutions/odd.cpp"/></solution>
    </solutions>
  </assets>
  <stresses><stress-count>0</stress-count><stress-path-pattern>stresses/%03d</stress-path-pattern><list/></stresses>
</problem>
"#;

#[test]
fn reads_what_judging_needs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("problem.xml"), XML).unwrap();
    std::fs::create_dir(dir.path().join("stresses")).unwrap();
    std::fs::write(
        dir.path().join("stresses/001"),
        "script: gen [1..5] 7\nsolutions: slow.cpp\n",
    )
    .unwrap();
    assert!(is_polygon_package(dir.path()));
    let p = load(dir.path()).unwrap();
    assert_eq!(p.short_name, "sum");
    assert_eq!(p.title, "Sum");
    assert_eq!(p.input_file.as_deref(), Some("sum.in"));
    assert_eq!(p.output_file, None);
    let set = p.main_testset().unwrap();
    assert_eq!(set.time_limit, Duration::from_millis(1500));
    assert_eq!(set.memory_bytes, 64 << 20);
    assert_eq!(set.tests.len(), 3);
    assert_eq!(set.tests[0].method, TestMethod::Manual);
    assert!(set.tests[0].sample);
    assert_eq!(set.tests[0].input, dir.path().join("tests/01"));
    assert_eq!(set.tests[1].answer, dir.path().join("tests/02.a"));
    assert_eq!(
        set.tests[1].method,
        TestMethod::Generated {
            program: "gen".into(),
            args: vec!["10".into(), "20".into()]
        }
    );
    assert_eq!(set.tests[1].points, Some(5.5));
    assert_eq!(set.tests[2].group.as_deref(), Some("g1"));
    assert_eq!(set.groups[1].policy, PointsPolicy::EachTest);
    assert_eq!(set.groups[1].dependencies, ["samples"]);
    assert_eq!(
        p.executable("gen"),
        Some(dir.path().join("files/gen.cpp").as_path())
    );
    let checker = p.checker.as_ref().unwrap();
    assert_eq!(checker.name.as_deref(), Some("std::wcmp.cpp"));
    assert_eq!(checker.tests[1].verdict, "wrong-answer");
    assert_eq!(
        checker.tests[1].output,
        dir.path().join("files/tests/checker-tests/02.o")
    );
    assert!(!p.validators[0].tests[1].valid);
    assert_eq!(p.validators[0].tests[1].group.as_deref(), Some("g1"));
    assert_eq!(p.solutions.len(), 2);
    assert_eq!(p.main_solution().unwrap().tag, Tag::Main);
    assert!(p
        .notices
        .iter()
        .any(|n| n.contains("unknown tag `partially-correct`")));
    assert_eq!(p.stresses.len(), 1);
    assert_eq!(p.stresses[0].script(), "gen [1..5] 7");
    assert_eq!(p.stresses[0].solutions, ["slow.cpp"]);
}

#[test]
fn faults_name_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let write = |text: &str| std::fs::write(dir.path().join("problem.xml"), text).unwrap();
    write("<problem><judging>");
    let e = load(dir.path()).unwrap_err().to_string();
    assert!(
        e.contains("problem.xml") && e.contains("not well-formed XML"),
        "{e}"
    );
    write("<problem/>");
    assert!(load(dir.path())
        .unwrap_err()
        .to_string()
        .contains("no <judging>"));
    write(&XML.replace(r#"type="testlib""#, r#"type="exotic""#));
    let e = load(dir.path()).unwrap_err().to_string();
    assert!(
        e.contains("checker type `exotic`") && e.contains("line"),
        "{e}"
    );
    write(&XML.replace("<time-limit>1500", "<time-limit>fast"));
    assert!(load(dir.path())
        .unwrap_err()
        .to_string()
        .contains("time-limit"));
}

#[test]
fn paths_leading_outside_the_package_are_refused_and_links_inside_kept() {
    let outer = tempfile::tempdir().unwrap();
    let dir = outer.path().join("sum");
    std::fs::create_dir_all(dir.join("files")).unwrap();
    std::fs::create_dir(dir.join("stresses")).unwrap();
    std::fs::write(
        dir.join("stresses/001"),
        "script: gen 7\nsolutions: slow.cpp\n",
    )
    .unwrap();
    std::fs::write(outer.path().join("stolen.cpp"), "int main() {}\n").unwrap();
    let write = |text: &str| std::fs::write(dir.join("problem.xml"), text).unwrap();
    for outside in ["/etc/passwd", "../stolen.cpp"] {
        write(&XML.replace("files/check.cpp", outside));
        let e = load(&dir).unwrap_err().to_string();
        assert!(
            e.contains("leads outside the package") && e.contains("line"),
            "{e}"
        );
    }
    std::os::unix::fs::symlink(outer.path().join("stolen.cpp"), dir.join("files/check.cpp"))
        .unwrap();
    write(XML);
    let e = load(&dir).unwrap_err().to_string();
    assert!(
        e.contains("files/check.cpp leads outside the package"),
        "{e}"
    );
    std::fs::remove_file(dir.join("files/check.cpp")).unwrap();
    std::fs::write(dir.join("files/real.cpp"), "int main() {}\n").unwrap();
    std::os::unix::fs::symlink("real.cpp", dir.join("files/check.cpp")).unwrap();
    assert!(load(&dir).is_ok());
}

#[test]
fn reads_stresses_listed_by_path_as_a_real_export_holds_them() {
    let dir = tempfile::tempdir().unwrap();
    // As kborozdin/palindromic-length's full package: `<stress index path>`, listed in any
    // order, each file one JSON object.
    let xml = XML.replace(
        "<list/>",
        r#"<list><stress index="2" path="stresses/002"/><stress index="1" path="stresses/001"/></list>"#,
    );
    std::fs::write(dir.path().join("problem.xml"), xml).unwrap();
    std::fs::create_dir(dir.path().join("stresses")).unwrap();
    let stress = |index: u32, script: &str, names: &str| {
        format!(
            r#"{{"id":"f697","index":{index},"scriptPattern":"{script}","inputFile":"stdin","outputFile":"stdout","memoryLimit":256,"timeLimit":15000,"totalTimeLimit":30000,"solutionNames":[{names}],"description":""}}"#
        )
    };
    std::fs::write(
        dir.path().join("stresses/001"),
        stress(1, "gen 23874 100000 100000", r#""main.cpp","slow.cpp""#),
    )
    .unwrap();
    std::fs::write(dir.path().join("stresses/002"), stress(2, "gen", "")).unwrap();
    let p = load(dir.path()).unwrap();
    let names: Vec<&str> = p.stresses.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["stress-001", "stress-002"]);
    assert_eq!(p.stresses[0].script(), "gen 23874 100000 100000");
    assert_eq!(p.stresses[0].solutions, ["main.cpp", "slow.cpp"]);
    assert_eq!(
        p.stresses[0].time_limit,
        Some(std::time::Duration::from_secs(15))
    );
    assert!(p.stresses[1].solutions.is_empty());
    assert_eq!(p.stresses[1].args_for_seed(7), ["7"]);
}
