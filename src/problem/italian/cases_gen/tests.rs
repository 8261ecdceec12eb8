//! Unit tests of the cases.gen reader: task-maker-rust's rules, line by line.

use super::*;

/// A task folder with `files` (empty files) and `gen/cases.gen` holding `text`, read.
fn read(files: &[&str], text: &str) -> Result<Gen, String> {
    let dir = tempfile::tempdir().unwrap();
    for file in files {
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }
    let path = dir.path().join("gen/cases.gen");
    parse(dir.path(), &path, text).map_err(|e| {
        let text = e.to_string();
        text[text.find("cases.gen").unwrap()..].to_string()
    })
}

fn args(test: &GenLine) -> Vec<String> {
    match &test.test {
        GenTest::Generated(args) => args.clone(),
        GenTest::Copy(path) => vec![path.display().to_string()],
    }
}

const PROGRAMS: &[&str] = &[
    "gen/g.py",
    "gen/line.py",
    "gen/v.py",
    "gen/vline.py",
    "ex.in",
];

#[test]
fn generators_validators_subtasks_and_tests_are_read() {
    let g = read(
        PROGRAMS,
        ": GEN default gen/g.py N seed\n\
         : GEN line gen/line.py\n\
         : VAL default gen/v.py\n\
         : VAL line gen/vline.py $ST_NUM $INPUT $ST_NAME # comment\n\
         # a comment\n\
         : SUBTASK 0 the examples\n\
         : COPY ex.in\n\
         :SUBTASK 40.5 line\n\
         : VAL line\n\
         : STDEP theexamples\n\
         : GEN line\n\
         5 1\n\
         : RUN default '7 8' \"x y\" # quoted words\n\
         : SUBTASK 59.5\n\
         9 2\n",
    )
    .unwrap();
    assert!(g.declares_programs);
    let names: Vec<Option<&str>> = g.subtasks.iter().map(|s| s.name.as_deref()).collect();
    assert_eq!(names, vec![Some("theexamples"), Some("line"), None]);
    assert_eq!(g.subtasks[1].points, 40.5);
    assert_eq!(g.subtasks[1].dependencies, vec![("theexamples".into(), 10)]);
    // The default validator, called `$INPUT $ST_NUM` with the 0-based subtask.
    let default = g.subtasks[0].validator.as_ref().unwrap();
    assert_eq!(default.path, PathBuf::from("gen/v.py"));
    assert_eq!(
        default.args,
        vec![ValidatorArg::Input, ValidatorArg::Text("0".into())]
    );
    let line = g.subtasks[1].validator.as_ref().unwrap();
    assert_eq!(line.path, PathBuf::from("gen/vline.py"));
    assert_eq!(
        line.args,
        vec![
            ValidatorArg::Text("1".into()),
            ValidatorArg::Input,
            ValidatorArg::Text("line".into())
        ]
    );
    assert_eq!(
        g.subtasks[2].validator.as_ref().unwrap().args[1],
        ValidatorArg::Text("2".into()),
        "a new subtask goes back to the default validator"
    );
    assert_eq!(g.tests.len(), 4);
    assert_eq!(g.tests[0].test, GenTest::Copy("ex.in".into()));
    assert_eq!((g.tests[1].subtask, g.tests[1].line), (1, 12));
    assert_eq!(g.tests[1].generator, Some(PathBuf::from("gen/line.py")));
    assert_eq!(args(&g.tests[2]), vec!["7 8", "x y"]);
    assert_eq!(g.tests[2].generator, Some(PathBuf::from("gen/g.py")));
    assert_eq!(
        g.tests[3].generator,
        Some(PathBuf::from("gen/g.py")),
        "a new subtask goes back to the default generator"
    );
}

#[test]
fn the_default_is_the_first_declared_or_the_one_named_default() {
    let g = read(
        PROGRAMS,
        ": GEN a gen/line.py\n: GEN default gen/g.py\n: GEN b gen/line.py\n: SUBTASK 100\n1\n",
    )
    .unwrap();
    assert_eq!(g.tests[0].generator, Some(PathBuf::from("gen/g.py")));
    let g = read(
        PROGRAMS,
        ": GEN a gen/line.py\n: GEN b gen/g.py\n: SUBTASK 100\n1\n",
    )
    .unwrap();
    assert_eq!(g.tests[0].generator, Some(PathBuf::from("gen/line.py")));
    let g = read(PROGRAMS, ": GEN a gen/line.py\n: SUBTASK 100\n1\n").unwrap();
    assert_eq!(
        g.subtasks[0].validator, None,
        "no validator declared: none runs"
    );
}

#[test]
fn constraints_check_the_generator_s_named_arguments() {
    let head = ": GEN default gen/g.py N M seed\n: GEN free gen/line.py\n\
                : CONSTRAINT 1 <= $N <= $M <= 100\n: SUBTASK 30\n: CONSTRAINT $N <= 10\n";
    // Within the bounds, and a generator without named arguments is not checked.
    read(PROGRAMS, &format!("{head}3 5 1\n: RUN free 500 1\n")).unwrap();
    let e = read(PROGRAMS, &format!("{head}6 5 1\n")).unwrap_err();
    assert_eq!(
        e,
        "cases.gen line 6: the test `6 5 1` breaks `: CONSTRAINT 1 <= $N <= $M <= 100` \
         ($N = 6, $M = 5)"
    );
    // `$N<=10` is one variable named `N<=10` (a variable runs to the next blank), so the
    // constraint is malformed, as in task-maker-rust.
    let e = read(PROGRAMS, ": CONSTRAINT $N<=10\n").unwrap_err();
    assert!(e.contains("at least two operands"), "{e}");
    // A subtask's constraint binds that subtask only.
    let scoped = ": GEN default gen/g.py N\n: SUBTASK 30\n: CONSTRAINT $N <= 10\n11\n";
    assert!(read(PROGRAMS, scoped).unwrap_err().contains("line 4"));
    let later = ": GEN default gen/g.py N\n: SUBTASK 30\n: CONSTRAINT $N <= 10\n: SUBTASK 70\n11\n";
    read(PROGRAMS, later).unwrap();
    // A variable the line does not give leaves the constraint unchecked.
    read(
        PROGRAMS,
        ": GEN default gen/g.py N M\n: CONSTRAINT $M < 3\n: SUBTASK 1\n5\n",
    )
    .unwrap();
    // $ST_NUM is a variable of the constraints too.
    let e = read(
        PROGRAMS,
        ": GEN default gen/g.py N\n: CONSTRAINT $N > $ST_NUM\n: SUBTASK 1\n1\n: SUBTASK 1\n1\n",
    )
    .unwrap_err();
    assert!(e.contains("line 6") && e.contains("$ST_NUM = 1"), "{e}");
}

#[test]
fn malformed_constraints_are_refused() {
    for (text, why) in [
        ("$K < $N > $M", "same way"),
        ("$N < 10.2", "operands are joined"),
        (
            "$N < 100000000000000000000000000000000",
            "not a 64-bit integer",
        ),
        ("$N", "at least two"),
        ("$ < 3", "without a variable"),
        ("x < 3", "an integer or a `$VARIABLE`"),
    ] {
        let e = read(&[], &format!(": CONSTRAINT {text}\n")).unwrap_err();
        assert!(e.starts_with("cases.gen line 1: `: CONSTRAINT"), "{e}");
        assert!(e.contains(why), "{text}: {e}");
    }
    read(&[], ": CONSTRAINT $K = 1 > $N >= -3\n").unwrap();
}

#[test]
fn bad_lines_are_one_line_naming_the_line() {
    let cases: &[(&str, &str)] = &[
        ("1 2\n", "line 1: the test `1 2` is outside a subtask"),
        (
            ": SUBTASK 10\n1 2\n",
            "line 2: the test `1 2` has no generator",
        ),
        (
            ": COPY ex.in\n",
            "line 1: `: COPY ex.in` is outside a subtask",
        ),
        (": SUBTASK\n", "line 1: `: SUBTASK` with no points"),
        (
            ": SUBTASK -5\n",
            "`: SUBTASK -5`: the points must be a number",
        ),
        (
            ": SUBTASK 5 a\n: SUBTASK 5 a\n",
            "line 2: a subtask is already named a",
        ),
        (
            ": GEN g gen/none.py\n",
            "the generator g: gen/none.py is not a file",
        ),
        (
            ": GEN g gen/g.py\n: GEN g gen/g.py\n",
            "line 2: a generator is already named g",
        ),
        (
            ": VAL v gen/v.py\n: VAL v gen/v.py\n",
            "a validator is already named v",
        ),
        (": GEN g gen/g.py\n: GEN g\n", "no `: SUBTASK` came before"),
        (
            ": GEN g gen/g.py\n: SUBTASK 5\n: GEN h\n",
            "line 3: `: GEN h`: no generator",
        ),
        (": SUBTASK 5\n: VAL v\n", "line 2: no validator is named v"),
        (
            ": GEN g gen/g.py\n: VAL v gen/v.py\n: SUBTASK 5\n1\n: VAL v\n",
            "line 5: `: VAL v` must come right after `: SUBTASK`",
        ),
        (
            ": GEN g gen/g.py\n: SUBTASK 5\n1\n: STDEP a\n",
            "line 4: `: STDEP` must come right after",
        ),
        (
            ": SUBTASK 5\n: RUN nope 1\n",
            "line 2: `: RUN nope`: no generator",
        ),
        (
            ": GEN g gen/g.py\n: SUBTASK 5\n'1 2\n",
            "line 3: the test `'1 2`: a quote",
        ),
        (
            ": GENERATE g gen/g.py\n",
            "`: GENERATE` is not a command of cases.gen",
        ),
        (
            ": VAL v gen/v.py $INPUT $SEED\n: SUBTASK 5\n",
            "line 2: the validator v is called with $SEED",
        ),
        (
            ": VAL v gen/v.py $ST_NAME\n: SUBTASK 5\n",
            "called with $ST_NAME, which is not set",
        ),
    ];
    for (text, expected) in cases {
        let e = read(PROGRAMS, text).unwrap_err();
        assert!(e.contains(expected), "{text:?}: {e}");
    }
}

#[test]
fn comments_blank_lines_and_indented_commands() {
    let g = read(
        PROGRAMS,
        "# head\n\n   : GEN g gen/g.py\n\t: SUBTASK 100   # all\n   # indented comment\n1 2 # c\n",
    )
    .unwrap();
    assert_eq!(g.tests.len(), 1);
    assert_eq!(args(&g.tests[0]), vec!["1", "2"]);
    assert_eq!(g.subtasks[0].name, None, "a comment is not a description");
}
