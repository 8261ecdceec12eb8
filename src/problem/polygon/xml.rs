//! `problem.xml` into a [`PolygonPackage`] (see the parent module for what each element means).

use std::path::{Path, PathBuf};
use std::time::Duration;

use roxmltree::{Document, Node};

use super::pattern::fill_pattern;
use super::stress::{self, StressFields};
use super::{
    CheckerAsset, CheckerTest, Group, PointsPolicy, PolygonPackage, PolygonTest, Solution, Tag,
    TestMethod, Testset, ValidatorAsset, ValidatorTest,
};
use crate::problem::kattis::PackageError;

/// What the XML says, and the stress path pattern (for stresses kept in files).
pub(super) fn parse(
    dir: &Path,
    file: &Path,
    text: &str,
) -> Result<(PolygonPackage, Option<String>), PackageError> {
    let doc = Document::parse(text).map_err(|e| {
        let pos = e.pos();
        PackageError::new(
            file,
            Some(pos.row as usize),
            format!("not well-formed XML: {e}"),
        )
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "problem" {
        return Err(PackageError::at(
            file,
            format!(
                "the root element is <{}>, not <problem>",
                root.tag_name().name()
            ),
        ));
    }
    let err = |node: Node, message: String| {
        let line = doc.text_pos_at(node.range().start).row as usize;
        PackageError::new(file, Some(line), message)
    };
    // Every file problem.xml names (`<source path=...>`, `<binary path=...>`, a stress's
    // `path`) must lie inside the package, through links too.
    for node in doc.descendants().filter(|n| n.is_element()) {
        if let Some(path) = node.attribute("path") {
            crate::problem::confined::inside(dir, &dir.join(path))
                .map_err(|why| err(node, format!("path=\"{path}\": {why}")))?;
        }
    }
    let mut notices = Vec::new();
    let folder_name = dir
        .canonicalize()
        .ok()
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| dir.display().to_string());
    let short_name = root
        .attribute("short-name")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .unwrap_or(folder_name);
    let names: Vec<(String, String)> = child(root, "names")
        .map(|n| {
            children(n, "name")
                .map(|n| {
                    (
                        n.attribute("language").unwrap_or("").to_string(),
                        n.attribute("value").unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let title = names
        .iter()
        .find(|(lang, _)| lang == "english")
        .or(names.first())
        .map(|(_, v)| v.clone())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| short_name.clone());

    let judging = child(root, "judging")
        .ok_or_else(|| PackageError::at(file, "no <judging> element: no testset to judge"))?;
    let io_file = |name: &str| {
        judging
            .attribute(name)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let input_file = io_file("input-file");
    let output_file = io_file("output-file");

    let percent = judging.attribute("treat-points-from-checker-as-percent") == Some("true");
    let mut testsets = Vec::new();
    for node in children(judging, "testset") {
        let mut set = testset(dir, node, &err)?;
        set.checker_points_percent = percent;
        testsets.push(set);
    }
    if testsets.is_empty() {
        return Err(err(judging, "<judging> has no <testset>".into()));
    }

    let mut executables = Vec::new();
    if let Some(files) = child(root, "files") {
        if let Some(list) = child(files, "executables") {
            for exe in children(list, "executable") {
                if let Some(path) = source_path(dir, exe) {
                    executables.push(path);
                }
            }
        }
    }

    let mut checker = None;
    let mut interactor = None;
    let mut validators = Vec::new();
    let mut solutions = Vec::new();
    if let Some(assets) = child(root, "assets") {
        if let Some(node) = child(assets, "checker") {
            let kind = node.attribute("type").unwrap_or("testlib");
            if kind != "testlib" {
                return Err(err(
                    node,
                    format!("checker type `{kind}` is not supported (only testlib checkers are)"),
                ));
            }
            let source = source_path(dir, node)
                .or_else(|| {
                    node.attribute("name")
                        .is_some()
                        .then(|| dir.join("check.cpp"))
                })
                .ok_or_else(|| err(node, "the <checker> has no <source path>".into()))?;
            checker = Some(CheckerAsset {
                name: node.attribute("name").map(str::to_string),
                source,
                tests: checker_tests(dir, node),
            });
        }
        if let Some(node) = child(assets, "interactor") {
            interactor = Some(
                source_path(dir, node)
                    .ok_or_else(|| err(node, "the <interactor> has no <source path>".into()))?,
            );
        }
        if let Some(list) = child(assets, "validators") {
            for node in children(list, "validator") {
                let source = source_path(dir, node)
                    .ok_or_else(|| err(node, "a <validator> has no <source path>".into()))?;
                validators.push(ValidatorAsset {
                    source,
                    tests: validator_tests(dir, node),
                });
            }
        }
        if let Some(list) = child(assets, "solutions") {
            for node in children(list, "solution") {
                let Some(source) = source_path(dir, node) else {
                    notices.push("a <solution> without <source path> is skipped".to_string());
                    continue;
                };
                let written = node.attribute("tag").unwrap_or("");
                match Tag::parse(written) {
                    Some(tag) => solutions.push(Solution { source, tag }),
                    None => notices.push(format!(
                        "{}: unknown tag `{written}` (known: {}); the solution is not verified",
                        relative(dir, &source),
                        Tag::known()
                    )),
                }
            }
        }
    }

    let mut stress_pattern = None;
    let mut stresses = Vec::new();
    if let Some(node) = child(root, "stresses") {
        stress_pattern = child(node, "stress-path-pattern").and_then(|n| text_of(n));
        if let Some(list) = child(node, "list") {
            for (i, s) in children(list, "stress").enumerate() {
                // A real export: `<stress index="2" path="stresses/002"/>`, the stress in its
                // file (listed in any order).
                if let Some(path) = s.attribute("path") {
                    let index = s
                        .attribute("index")
                        .and_then(|n| n.trim().parse::<usize>().ok())
                        .unwrap_or(i + 1);
                    stresses.push(stress::read_file(dir, path, index, &mut notices)?);
                    continue;
                }
                let attr = |names: &[&str]| {
                    names
                        .iter()
                        .find_map(|n| s.attribute(*n))
                        .map(str::to_string)
                };
                let fields = StressFields {
                    script: attr(&["script", "pattern", "generator"]),
                    solutions: attr(&["solutions"]),
                    time_limit: attr(&["time-limit"]),
                    memory_limit: attr(&["memory-limit"]),
                    total_time_limit: attr(&["total-time-limit"]),
                };
                stresses.push(stress::from_fields(
                    format!("stress-{:03}", i + 1),
                    &fields,
                    file,
                )?);
            }
        }
    }

    stresses.sort_by(|a, b| a.name.cmp(&b.name));
    Ok((
        PolygonPackage {
            dir: dir.to_path_buf(),
            short_name,
            title,
            input_file,
            output_file,
            testsets,
            executables,
            checker,
            interactor,
            validators,
            solutions,
            stresses,
            notices,
        },
        stress_pattern,
    ))
}

/// One `<testset>`.
fn testset(
    dir: &Path,
    node: Node,
    err: &dyn Fn(Node, String) -> PackageError,
) -> Result<Testset, PackageError> {
    let name = node.attribute("name").unwrap_or("tests").to_string();
    let number = |element: &str| -> Result<Option<u64>, PackageError> {
        match child(node, element) {
            None => Ok(None),
            Some(n) => {
                let text = text_of(n).unwrap_or_default();
                text.parse::<u64>().map(Some).map_err(|_| {
                    err(
                        n,
                        format!("testset `{name}`: <{element}> `{text}` is not a whole number"),
                    )
                })
            }
        }
    };
    let time_ms = number("time-limit")?
        .ok_or_else(|| err(node, format!("testset `{name}` has no <time-limit>")))?;
    let memory_bytes = number("memory-limit")?.unwrap_or(256 << 20);
    let input_pattern = child(node, "input-path-pattern")
        .and_then(text_of)
        .unwrap_or_else(|| "tests/%02d".into());
    let answer_pattern = child(node, "answer-path-pattern")
        .and_then(text_of)
        .unwrap_or_else(|| format!("{input_pattern}.a"));
    let mut tests = Vec::new();
    if let Some(list) = child(node, "tests") {
        for (i, t) in children(list, "test").enumerate() {
            let index = i + 1;
            let method = match t.attribute("method").unwrap_or("manual") {
                "manual" => TestMethod::Manual,
                "generated" => {
                    let cmd = t.attribute("cmd").unwrap_or("");
                    let mut words = cmd.split_whitespace().map(str::to_string);
                    let Some(program) = words.next() else {
                        return Err(err(
                            t,
                            format!("testset `{name}` test {index}: generated, but no cmd"),
                        ));
                    };
                    TestMethod::Generated {
                        program,
                        args: words.collect(),
                    }
                }
                other => {
                    return Err(err(
                        t,
                        format!("testset `{name}` test {index}: unknown method `{other}`"),
                    ))
                }
            };
            let points = match t.attribute("points") {
                None => None,
                Some(p) => Some(p.trim().parse::<f64>().map_err(|_| {
                    err(
                        t,
                        format!("testset `{name}` test {index}: points `{p}` is not a number"),
                    )
                })?),
            };
            tests.push(PolygonTest {
                index,
                method,
                sample: t.attribute("sample") == Some("true"),
                group: t
                    .attribute("group")
                    .filter(|g| !g.is_empty())
                    .map(str::to_string),
                points,
                input: dir.join(fill_pattern(&input_pattern, index)),
                answer: dir.join(fill_pattern(&answer_pattern, index)),
            });
        }
    }
    let mut groups = Vec::new();
    if let Some(list) = child(node, "groups") {
        for g in children(list, "group") {
            let group_name = g.attribute("name").unwrap_or("").to_string();
            let policy = match g.attribute("points-policy").unwrap_or("complete-group") {
                "complete-group" => PointsPolicy::CompleteGroup,
                "each-test" => PointsPolicy::EachTest,
                other => {
                    return Err(err(
                        g,
                        format!("group `{group_name}`: unknown points-policy `{other}`"),
                    ))
                }
            };
            let points = g
                .attribute("points")
                .map(|p| p.trim().parse::<f64>())
                .transpose()
                .map_err(|_| err(g, format!("group `{group_name}`: points is not a number")))?
                .unwrap_or(0.0);
            let dependencies = child(g, "dependencies")
                .map(|d| {
                    children(d, "dependency")
                        .filter_map(|d| d.attribute("group").map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            groups.push(Group {
                name: group_name,
                points,
                policy,
                dependencies,
            });
        }
    }
    Ok(Testset {
        name,
        time_limit: Duration::from_millis(time_ms),
        memory_bytes,
        tests,
        groups,
        checker_points_percent: false,
    })
}

/// The checker's own tests (`<checker><testset>`).
fn checker_tests(dir: &Path, node: Node) -> Vec<CheckerTest> {
    let Some(set) = child(node, "testset") else {
        return Vec::new();
    };
    let pattern = |name: &str, default: &str| {
        child(set, name)
            .and_then(text_of)
            .unwrap_or_else(|| default.to_string())
    };
    let input = pattern("input-path-pattern", "files/tests/checker-tests/%02d");
    let output = pattern("output-path-pattern", "files/tests/checker-tests/%02d.o");
    let answer = pattern("answer-path-pattern", "files/tests/checker-tests/%02d.a");
    let Some(list) = child(set, "tests") else {
        return Vec::new();
    };
    children(list, "test")
        .enumerate()
        .map(|(i, t)| CheckerTest {
            index: i + 1,
            input: dir.join(fill_pattern(&input, i + 1)),
            output: dir.join(fill_pattern(&output, i + 1)),
            answer: dir.join(fill_pattern(&answer, i + 1)),
            verdict: t.attribute("verdict").unwrap_or("ok").to_string(),
        })
        .collect()
}

/// A validator's own tests (`<validator><testset>`).
fn validator_tests(dir: &Path, node: Node) -> Vec<ValidatorTest> {
    let Some(set) = child(node, "testset") else {
        return Vec::new();
    };
    let input = child(set, "input-path-pattern")
        .and_then(text_of)
        .unwrap_or_else(|| "files/tests/validator-tests/%02d".into());
    let Some(list) = child(set, "tests") else {
        return Vec::new();
    };
    children(list, "test")
        .enumerate()
        .map(|(i, t)| ValidatorTest {
            index: i + 1,
            input: dir.join(fill_pattern(&input, i + 1)),
            valid: t.attribute("verdict") != Some("invalid"),
            testset: t.attribute("testset").map(str::to_string),
            group: t
                .attribute("group")
                .filter(|g| !g.is_empty())
                .map(str::to_string),
        })
        .collect()
}

/// `<source path>` of an asset, relative to the package.
fn source_path(dir: &Path, node: Node) -> Option<PathBuf> {
    child(node, "source")
        .and_then(|s| s.attribute("path"))
        .map(|p| dir.join(p))
}

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|c| c.is_element() && c.tag_name().name() == name)
}

fn children<'a, 'i: 'a>(
    node: Node<'a, 'i>,
    name: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.children()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

fn text_of(node: Node) -> Option<String> {
    node.text()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
}

/// `path` relative to the package, for messages.
pub(super) fn relative(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).display().to_string()
}
