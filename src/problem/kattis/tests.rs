//! Whole problem folders, written the way people write them, loaded end to end.

use super::*;
use crate::judge::Verdict;
use std::fs;
use std::time::Duration;

/// Writes `files` (path, contents) under a fresh temporary folder named `name`.
fn package(name: &str, files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(name);
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    (tmp, dir)
}

fn rel<'a>(dir: &Path, path: &'a Path) -> &'a Path {
    path.strip_prefix(dir).unwrap()
}

const LEGACY_PROBLEM_YAML: &str = "\
source: Nordic Collegiate Programming Contest (NCPC) 2021
license: cc by-sa
rights_owner: NCPC
validation: custom
validator_flags: float_tolerance 1e-6
limits:
  memory: 512
  time_multiplier: 4
";

fn legacy_files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("problem.yaml", LEGACY_PROBLEM_YAML),
        (
            "problem_statement/problem.en.tex",
            "\\problemname{Average Speed}\n",
        ),
        ("data/sample/1.in", "2\n1 2\n"),
        ("data/sample/1.ans", "1.5\n"),
        ("data/secret/01-small.in", "1\n5\n"),
        ("data/secret/01-small.ans", "5\n"),
        ("data/secret/02-empty.in", ""),
        ("data/secret/02-empty.ans", "0\n"),
        (
            "data/secret/group1/testdata.yaml",
            "output_validator_flags: float_relative_tolerance 1e-3\n",
        ),
        ("data/secret/group1/03-max.in", "3\n1 2 3\n"),
        ("data/secret/group1/03-max.ans", "2\n"),
        (
            "input_validators/validate.py",
            "#!/usr/bin/env python3\nimport sys\nsys.exit(42)\n",
        ),
        (
            "input_validators/format.ctd",
            "INT(0,100000,n) NEWLINE\nEOF\n",
        ),
        (
            "input_validators/cppval/validate.cpp",
            "#include \"validation.h\"\nint main(){return 42;}\n",
        ),
        ("input_validators/cppval/validation.h", "#pragma once\n"),
        (
            "output_validators/float_checker/validate.cc",
            "#include \"validate.h\"\nint main(){return 42;}\n",
        ),
        (
            "output_validators/float_checker/validate.h",
            "#pragma once\n",
        ),
        ("submissions/accepted/sol.py", "print(1)\n"),
        ("submissions/accepted/Sol.java", "class Sol {}\n"),
        ("submissions/accepted/README.md", "why these are right\n"),
        (
            "submissions/wrong_answer/integer_division.cpp",
            "int main(){}\n",
        ),
        (
            "submissions/run_time_error/recursion.py",
            "def f(): f()\nf()\n",
        ),
        (
            "submissions/python2/old.py",
            "#!/usr/bin/env python2\nprint 1\n",
        ),
        ("generators/gen.py", "import sys\n"),
        ("scratch/notes.txt", "ideas\n"),
    ]
}

#[test]
fn a_problemtools_style_legacy_package() {
    let (_tmp, dir) = package("averagespeed", &legacy_files());
    let p = load(&dir).unwrap();
    assert_eq!(p.id, "averagespeed");
    assert_eq!(load(&dir.join("data/..")).unwrap().id, "averagespeed");
    assert_eq!(
        p.name, "averagespeed",
        "no name in problem.yaml: the folder name"
    );
    assert_eq!(p.format, FormatVersion::Legacy);
    assert!(p.problem_type.is_plain());

    assert_eq!(p.limits.time_limit, None);
    assert_eq!(p.limits.rule.ac_to_time_limit, 4.0);
    assert_eq!(p.limits.rule.time_limit_to_tle, 2.0);
    assert_eq!(
        p.limits.rule.time_limit(Duration::from_millis(300)),
        Duration::from_secs(2)
    );
    assert_eq!(p.limits.memory_mib_or_default(), 512);
    assert_eq!(p.limits.output_mib_or_default(), 8);

    let names: Vec<&str> = p.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "sample/1",
            "secret/01-small",
            "secret/02-empty",
            "secret/group1/03-max"
        ]
    );
    let empty = &p.tests[2];
    assert_eq!(fs::read(&empty.input).unwrap(), b"");
    assert!(empty.answer.is_some());
    assert_eq!(
        p.tests[1].output_validator_args,
        vec!["float_tolerance", "1e-6"]
    );
    assert_eq!(
        p.tests[3].output_validator_args,
        vec![
            "float_tolerance",
            "1e-6",
            "float_relative_tolerance",
            "1e-3"
        ]
    );
    assert_eq!(
        p.root_output_validator_args,
        vec!["float_tolerance", "1e-6"]
    );

    let validators: Vec<(&str, &InputValidatorKind)> = p
        .input_validators
        .iter()
        .map(|v| (v.program.name.as_str(), &v.kind))
        .collect();
    assert_eq!(
        validators,
        vec![
            ("cppval", &InputValidatorKind::Program),
            (
                "format.ctd",
                &InputValidatorKind::Checktestdata(dir.join("input_validators/format.ctd"))
            ),
            ("validate.py", &InputValidatorKind::Program),
        ]
    );
    assert!(p.input_validators[0].program.is_dir);

    let OutputValidation::Custom(validators) = &p.output_validation else {
        panic!(
            "validation: custom with output_validators/: {:?}",
            p.output_validation
        );
    };
    assert_eq!(validators.len(), 1);
    assert_eq!(
        rel(&dir, &validators[0].path),
        Path::new("output_validators/float_checker")
    );
    assert!(validators[0].is_dir);

    let subs: Vec<(&str, &str)> = p
        .submissions
        .iter()
        .map(|s| (s.category.as_str(), s.program.name.as_str()))
        .collect();
    assert_eq!(
        subs,
        vec![
            ("accepted", "Sol.java"),
            ("accepted", "sol.py"),
            ("wrong_answer", "integer_division.cpp"),
            ("run_time_error", "recursion.py"),
        ]
    );
    assert!(p.submissions[3]
        .expected
        .is_met_by([Verdict::AC, Verdict::MLE]));

    assert_eq!(p.stress.config_file, None);
    assert_eq!(
        p.stress.reference.as_ref().map(|r| r.name.as_str()),
        Some("Sol.java")
    );
    assert_eq!(p.stress.generators.len(), 1);
    assert_eq!(p.stress.generators[0].kind, "random");
    assert_eq!(
        rel(&dir, &p.stress.generators[0].command.program),
        Path::new("generators/gen.py")
    );
    assert_eq!(p.stress.generators[0].command.args_for_seed(17), vec!["17"]);

    assert_eq!(
        p.notices,
        vec![
            "scratch/: not part of the problem package format; ignored",
            "submissions: not submissions, skipped: accepted/README.md (documentation)",
            "submissions: no expectation (the folder name means nothing, no submissions.yaml entry, \
             no @EXPECTED_RESULTS@), skipped: python2/old.py",
        ]
    );
}

const MODERN_PROBLEM_YAML: &str = "\
problem_format_version: 2023-07-draft
uuid: 8ee7605a-8e8d-4c1c-9b2b-6e4a4f0f3d11
name:
  en: Hello Groups
  sv: Hej grupper
credits:
  authors: Ada Lovelace <ada@example.com>
source: NWERC 2023
license: cc by
limits:
  time_limit: 1.5
  time_multipliers:
    ac_to_time_limit: 3
  memory: 1024
";

fn modern_files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("problem.yaml", MODERN_PROBLEM_YAML),
        ("statement/problem.en.md", "Say hello.\n"),
        ("statement/problem.sv.md", "Säg hej.\n"),
        ("data/sample/1.in", "1\n"),
        ("data/sample/1.ans", "1\n"),
        ("data/sample/1.out", "1.0\n"),
        (
            "data/secret/test_group.yaml",
            "output_validator_args: [case_sensitive]\n",
        ),
        ("data/secret/a/1.in", "2\n"),
        ("data/secret/a/1.ans", "2\n"),
        ("data/secret/b/1.in", "3\n"),
        ("data/secret/b/1.ans", "3\n"),
        (
            "data/secret/b/1.yaml",
            "output_validator_args: [space_change_sensitive]\n",
        ),
        ("input_validators/validate.ctd", "INT(1,10)\nNEWLINE\nEOF\n"),
        ("output_validator/validate.cc", "#include \"validate.h\"\n"),
        ("output_validator/validate.h", "#pragma once\n"),
        ("submissions/accepted/a.cpp", "int main(){}\n"),
        ("submissions/rejected/x.py", "print(0)\n"),
        ("submissions/brute_force/b.py", "print(1)\n"),
        ("generators/gen.py", "import sys\n"),
        ("generators/random_tree.cpp", "int main(){}\n"),
        (
            "generators/generators.yaml",
            "solution: /submissions/accepted/a.cpp\n",
        ),
    ]
}

#[test]
fn a_2023_07_package() {
    let (_tmp, dir) = package("hellogroups", &modern_files());
    let p = load(&dir).unwrap();
    assert_eq!(p.format, FormatVersion::V2023_07);
    assert_eq!(p.declared_version.as_deref(), Some("2023-07-draft"));
    assert_eq!(p.name, "Hello Groups");
    assert_eq!(p.names.len(), 2);
    assert_eq!(
        p.limits.time_limit,
        Some(FixedTimeLimit {
            limit: Duration::from_millis(1500),
            source: TimeLimitSource::ProblemYaml
        })
    );
    assert_eq!(p.limits.rule.ac_to_time_limit, 3.0);
    assert_eq!(p.limits.rule.time_limit_to_tle, 1.5);
    assert_eq!(p.limits.memory_mib, Some(1024));

    let names: Vec<&str> = p.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, vec!["sample/1", "secret/a/1", "secret/b/1"]);
    assert_eq!(p.tests[0].valid_output, Some(dir.join("data/sample/1.out")));
    assert!(p.tests[0].output_validator_args.is_empty());
    assert_eq!(p.tests[1].output_validator_args, vec!["case_sensitive"]);
    assert_eq!(
        p.tests[2].output_validator_args,
        vec!["space_change_sensitive"]
    );

    assert_eq!(
        p.output_validation,
        OutputValidation::Custom(vec![Program {
            path: dir.join("output_validator"),
            name: "output_validator".to_string(),
            is_dir: true
        }])
    );
    assert_eq!(
        p.input_validators[0].kind,
        InputValidatorKind::Checktestdata(dir.join("input_validators/validate.ctd"))
    );

    let cats: Vec<&str> = p.submissions.iter().map(|s| s.category.as_str()).collect();
    assert_eq!(cats, vec!["accepted", "rejected", "brute_force"]);
    assert!(p.submissions[1]
        .expected
        .is_met_by([Verdict::AC, Verdict::WA]));

    assert_eq!(p.generators.len(), 2);
    assert_eq!(
        p.generators_yaml,
        Some(dir.join("generators/generators.yaml"))
    );
    assert_eq!(
        p.stress.generators.len(),
        1,
        "gen.py is chosen among two programs"
    );
    assert_eq!(
        p.stress.generators[0].command.program,
        dir.join("generators/gen.py")
    );
    assert!(p.notices.is_empty(), "{:?}", p.notices);
    let plan = p.generation.as_ref().expect("generators.yaml is read");
    assert!(plan.cases.is_empty(), "it lists no test case");
}

#[test]
fn a_legacy_package_with_a_default_validator_and_side_file_time_limit() {
    let (_tmp, dir) = package(
        "plain",
        &[
            (
                "problem.yaml",
                "name: Plain\nvalidator_flags: case_sensitive\n",
            ),
            (".timelimit", "2\n"),
            ("data/secret/1.in", "1\n"),
            ("data/secret/1.ans", "1\n"),
            ("output_validators/unused.py", "print()\n"),
        ],
    );
    let p = load(&dir).unwrap();
    assert_eq!(p.name, "Plain");
    assert_eq!(p.output_validation, OutputValidation::Default);
    assert_eq!(p.tests[0].output_validator_args, vec!["case_sensitive"]);
    assert_eq!(
        p.limits.time_limit,
        Some(FixedTimeLimit {
            limit: Duration::from_secs(2),
            source: TimeLimitSource::TimelimitFile
        })
    );
    assert!(
        p.notices
            .iter()
            .any(|n| n.starts_with("output_validators/: ignored")),
        "{:?}",
        p.notices
    );
    assert_eq!(p.stress.reference, None);
    assert!(p.stress.generators.is_empty());
}

#[test]
fn a_stressjudge_yaml_names_the_reference_and_the_kinds() {
    let mut files = legacy_files();
    files.push(("submissions/accepted/brute.py", "print(1)\n"));
    files.push((
        "stressjudge.yaml",
        "reference: submissions/accepted/brute.py\ngenerators:\n  small: generators/gen.py 10 10\n  \
         large: generators/gen.py 200000 1000000000\n  named: \"generators/gen.py --seed={seed} --title 'a b'\"\n  \
         listed: [generators/gen.py, '5']\n",
    ));
    let (_tmp, dir) = package("averagespeed", &files);
    let p = load(&dir).unwrap();
    assert_eq!(p.stress.config_file, Some(dir.join("stressjudge.yaml")));
    assert_eq!(
        p.stress.reference.as_ref().unwrap().path,
        dir.join("submissions/accepted/brute.py")
    );
    let kinds: Vec<&str> = p
        .stress
        .generators
        .iter()
        .map(|g| g.kind.as_str())
        .collect();
    assert_eq!(kinds, vec!["small", "large", "named", "listed"]);
    let g = &p.stress.generators;
    assert_eq!(g[0].command.program, dir.join("generators/gen.py"));
    assert_eq!(g[0].command.args_for_seed(3), vec!["3", "10", "10"]);
    assert_eq!(
        g[1].command.args_for_seed(4),
        vec!["4", "200000", "1000000000"]
    );
    assert_eq!(
        g[2].command.args_for_seed(5),
        vec!["--seed=5", "--title", "a b"]
    );
    assert_eq!(g[3].command.args_for_seed(6), vec!["6", "5"]);
}

#[test]
fn a_stressjudge_yaml_may_give_only_one_of_its_keys() {
    let mut files = legacy_files();
    files.push((
        "stressjudge.yaml",
        "generators:\n  tiny: generators/gen.py 3\n",
    ));
    let (_tmp, dir) = package("averagespeed", &files);
    let p = load(&dir).unwrap();
    assert_eq!(
        p.stress.reference.as_ref().map(|r| r.name.as_str()),
        Some("Sol.java"),
        "the file names no reference: the first accepted submission, as without the file"
    );
    assert_eq!(p.stress.generators.len(), 1);
    assert_eq!(p.stress.generators[0].kind, "tiny");

    // Only a reference: the one program of generators/ is kind `random`, as without the file.
    let mut files = legacy_files();
    files.push(("submissions/accepted/brute.py", "print(1)\n"));
    files.push((
        "stressjudge.yaml",
        "reference: submissions/accepted/brute.py\n",
    ));
    let (_tmp, dir) = package("averagespeed", &files);
    let p = load(&dir).unwrap();
    assert_eq!(p.stress.reference.as_ref().unwrap().name, "brute.py");
    let kinds: Vec<&str> = p
        .stress
        .generators
        .iter()
        .map(|g| g.kind.as_str())
        .collect();
    assert_eq!(kinds, vec!["random"]);
}

#[test]
fn stressjudge_yaml_sets_the_build_limits_in_the_flags_units() {
    for (yaml, memory, seconds) in [
        (
            "build_memory: 512M\nbuild_time: 20s\n",
            Some(512 << 20),
            Some(20),
        ),
        ("build_memory: 2 GiB\n", Some(2 << 30), None),
        // A bare number is MiB, as for --build-memory.
        ("build_memory: 300\n", Some(300 << 20), None),
        ("reference: submissions/accepted/brute.py\n", None, None),
    ] {
        let mut files = legacy_files();
        files.push(("stressjudge.yaml", yaml));
        files.push(("submissions/accepted/brute.py", "print(1)\n"));
        let (_tmp, dir) = package("averagespeed", &files);
        let limits = load(&dir).unwrap().stress.build_limits;
        assert_eq!(limits.memory_bytes, memory, "{yaml}");
        assert_eq!(
            limits.wall,
            seconds.map(std::time::Duration::from_secs),
            "{yaml}"
        );
    }
}

#[test]
fn stressjudge_yaml_errors_name_file_line_and_key() {
    let cases = [
        ("refrence: x\n", "stressjudge.yaml line 1: unknown key \"refrence\" (known: reference, generators, python, input_file, output_file, build_memory, build_time)"),
        ("build_memory: lots\n", "stressjudge.yaml line 1: build_memory: bad size `lots`: expected a positive number with B, KiB, MiB or GiB, e.g. 256MiB"),
        ("build_time: -1s\n", "stressjudge.yaml line 1: build_time: bad time `-1s`: expected a positive number with ms, s or m, e.g. 2s or 1500ms"),
        ("input_file: ../x.in\n", "stressjudge.yaml line 1: input_file `../x.in` is not a plain file name (the file is made in the program's working directory)"),
        ("reference: submissions/accepted/nope.py\n", "stressjudge.yaml line 1: reference \"submissions/accepted/nope.py\" does not exist in the problem folder"),
        ("generators:\n  small: generators/missing.py 10\n", "stressjudge.yaml line 2: generators.small names \"generators/missing.py\", which does not exist in the problem folder"),
        ("generators:\n  Small: generators/gen.py\n", "stressjudge.yaml line 2: generator kind \"Small\" must be lowercase letters, digits, '-' and '_' (it names a --kind and a folder of saved failures)"),
        ("generators:\n  all: generators/gen.py\n", "stressjudge.yaml line 2: generator kind \"all\" is reserved (--kind all runs every kind)"),
        ("generators:\n  small: ''\n", "stressjudge.yaml line 2: generators.small is empty: it needs a generator program, then its arguments"),
        ("generators:\n  small: generators/gen.py 'unclosed\n", "stressjudge.yaml line 2: generators.small has an unclosed ' quote"),
        ("generators:\n  small: '{seed} generators/gen.py'\n", "stressjudge.yaml line 2: generators.small starts with \"{seed}\": the first word is the program, not the seed"),
        ("generators: generators/gen.py\n", "stressjudge.yaml line 1: generators must be a map of keys, found \"generators/gen.py\""),
        ("generators: {}\n", "stressjudge.yaml line 1: generators must name at least one kind, e.g. `small: generators/gen.py 10`"),
        ("reference: [a]\n", "stressjudge.yaml line 1: reference must be a string, found a list"),
        ("generators:\n  small: generators/gen.py\n  small: generators/gen.py 2\n", "stressjudge.yaml line 3: malformed YAML: duplicate mapping key: small"),
    ];
    for (yaml, expected) in cases {
        let mut files = legacy_files();
        files.push(("stressjudge.yaml", yaml));
        let (_tmp, dir) = package("averagespeed", &files);
        let err = load(&dir).unwrap_err();
        assert_eq!(err.path, dir.join("stressjudge.yaml"), "{yaml}");
        let shown = err.to_string();
        let shown = shown
            .strip_prefix(&format!("{}/", dir.display()))
            .unwrap_or(&shown);
        assert_eq!(shown, expected, "{yaml}");
    }
}

#[test]
fn default_generator_needs_one_program_or_one_named_gen() {
    let (_tmp, dir) = package(
        "gens",
        &[
            ("problem.yaml", ""),
            ("data/secret/1.in", ""),
            ("data/secret/1.ans", ""),
            ("generators/random.py", ""),
            ("generators/tree.cpp", ""),
            ("generators/testlib.h", ""),
        ],
    );
    let p = load(&dir).unwrap();
    assert!(p.stress.generators.is_empty());
    assert_eq!(p.generators.len(), 2);
    assert!(
        p.notices
            .contains(&"generators: 2 programs and none named gen.*, so none is the default generator; name it in stressjudge.yaml".to_string()),
        "{:?}",
        p.notices
    );

    fs::remove_file(dir.join("generators/tree.cpp")).unwrap();
    let p = load(&dir).unwrap();
    assert_eq!(
        p.stress.generators[0].command.program,
        dir.join("generators/random.py")
    );

    fs::create_dir(dir.join("generators/gen")).unwrap();
    fs::write(dir.join("generators/gen/main.cpp"), "").unwrap();
    let p = load(&dir).unwrap();
    assert_eq!(
        p.stress.generators[0].command.program,
        dir.join("generators/gen")
    );
}

#[test]
fn folder_level_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("nope");
    assert_eq!(
        load(&missing).unwrap_err().to_string(),
        format!(
            "{}: not a problem folder (no such directory)",
            missing.display()
        )
    );

    let (_tmp, dir) = package("noyaml", &[("data/secret/1.in", "")]);
    let err = load(&dir).unwrap_err();
    assert_eq!(err.path, dir.join("problem.yaml"));

    let (_tmp, dir) = package(
        "badyaml",
        &[(
            "problem.yaml",
            "name: x\nlimits:\n  memory: 1\n   output: 2\n",
        )],
    );
    let err = load(&dir).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("{}/problem.yaml line ", dir.display())),
        "{err}"
    );
    assert!(err.message.starts_with("malformed YAML"), "{err}");

    let (_tmp, dir) = package("nodata", &[("problem.yaml", "name: x\n")]);
    let err = load(&dir).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}/data: missing: a problem folder keeps its tests in data/sample and data/secret",
            dir.display()
        )
    );

    let (_tmp, dir) = package(
        "nocustom",
        &[
            ("problem.yaml", "validation: custom\n"),
            ("data/secret/1.in", ""),
            ("output_validators/README", ""),
        ],
    );
    let err = load(&dir).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}/problem.yaml: the problem needs a custom output validator (custom, interactive or multi-pass), but output_validators/ holds no program",
            dir.display()
        )
    );

    let (_tmp, dir) = package(
        "interactive",
        &[
            (
                "problem.yaml",
                "problem_format_version: 2023-07\nname: x\ntype: interactive\n",
            ),
            ("data/secret/1.in", ""),
        ],
    );
    let err = load(&dir).unwrap_err();
    assert!(
        err.message
            .ends_with("but output_validator/ holds no program"),
        "{err}"
    );

    let (_tmp, dir) = package(
        "badtime",
        &[
            ("problem.yaml", "name: x\nlimits:\n  time_limit: fast\n"),
            ("data/secret/1.in", ""),
        ],
    );
    let err = load(&dir).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}/problem.yaml line 3: limits.time_limit must be a number, found \"fast\"",
            dir.display()
        )
    );
}

#[test]
fn an_interactive_legacy_package_with_a_folder_validator() {
    let (_tmp, dir) = package(
        "guess",
        &[
            (
                "problem.yaml",
                "name: Guess\nvalidation: custom interactive\n",
            ),
            ("data/sample/1.interaction", "<5\n>3\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "\n"),
            ("output_validators/interactor/build", "#!/bin/sh\n"),
            ("output_validators/interactor/run", "#!/bin/sh\n"),
            ("include/python3/helper.py", ""),
        ],
    );
    let p = load(&dir).unwrap();
    assert!(p.problem_type.interactive);
    assert!(
        matches!(&p.output_validation, OutputValidation::Custom(v) if v[0].name == "interactor")
    );
    assert_eq!(p.tests.len(), 1);
    // Included files are the build step's: not a notice.
    assert!(p.notices.is_empty(), "{:?}", p.notices);
}
