//! The HTML exporter, read back by an HTML5 parser (html5ever, as browsers parse): the verify
//! matrix has a row per solution and a cell per test with its verdict's letters and time bar,
//! every page is self-contained, user text survives escaping exactly, and big texts are
//! clipped saying how much was left out. `tests/it/report_chromium.rs` renders a real one.

use crate::report_support;

use report_support::*;
use scraper::{ElementRef, Html, Selector};
use stressjudge::judge::Verdict;
use stressjudge::report::html::HtmlExporter;
use stressjudge::report::stress::failure_stem;
use stressjudge::report::{Exporter, Report, RowStatus};

fn html(report: Report<'_>) -> String {
    String::from_utf8(HtmlExporter.serialize(report).unwrap()).unwrap()
}

fn sel(css: &str) -> Selector {
    Selector::parse(css).unwrap()
}

fn all<'a>(root: ElementRef<'a>, css: &str) -> Vec<ElementRef<'a>> {
    root.select(&sel(css)).collect()
}

fn text(e: ElementRef) -> String {
    e.text().collect()
}

/// `text` as a page shows it: without terminal colour codes, its tabs kept, other control
/// characters replaced by U+FFFD.
fn shown(text: &str) -> String {
    text.replace("\u{1b}[31m", "")
        .replace("\u{1b}[0m", "")
        .replace('\0', "\u{fffd}")
}

/// [`HOSTILE`] as a page shows it.
fn hostile_shown() -> String {
    shown(HOSTILE)
}

/// Parses `page` and checks what every page must be: one self-contained document that loads
/// nothing and runs nothing, with no element carrying an attribute twice.
fn parse_page(page: &str) -> Html {
    assert!(page.starts_with("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"));
    assert!(!page.contains("://"), "the page names a URL");
    assert!(!page
        .chars()
        .any(|c| c.is_control() && !"\t\n\r".contains(c)));
    unique_attributes(page);
    let doc = Html::parse_document(page);
    assert!(doc.errors.is_empty(), "HTML parse errors: {:?}", doc.errors);
    let root = doc.root_element();
    for forbidden in [
        "script", "link", "img", "iframe", "object", "embed", "[src]", "[href]",
    ] {
        assert!(all(root, forbidden).is_empty(), "the page has {forbidden}");
    }
    let csp = all(root, "meta[http-equiv=\"Content-Security-Policy\"]");
    assert_eq!(
        csp[0].value().attr("content"),
        Some("default-src 'none'; style-src 'unsafe-inline'; img-src data:")
    );
    assert_eq!(all(root, "style").len(), 1);
    doc
}

/// Checks no start tag names an attribute twice (HTML parsers silently keep the first).
fn unique_attributes(page: &str) {
    for tag in page.split('<').skip(1) {
        let Some(end) = tag.find('>') else { continue };
        let tag = &tag[..end];
        if !tag.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        let mut unquoted = String::new();
        let mut quoted = false;
        for c in tag.chars() {
            if c == '"' {
                quoted = !quoted;
            } else if !quoted {
                unquoted.push(c);
            }
        }
        let mut names: Vec<&str> = unquoted
            .split_whitespace()
            .skip(1)
            .map(|a| a.split('=').next().unwrap())
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "an attribute twice in <{tag}>");
    }
}

#[test]
fn verify_has_a_matrix_row_per_solution_and_a_cell_per_test() {
    let report = verify_report();
    let page = html(Report::Verify(&report));
    let doc = parse_page(&page);
    let root = doc.root_element();
    let problems: Vec<&str> = all(root, "section.problem")
        .iter()
        .map(|s| s.value().attr("data-problem").unwrap())
        .collect();
    assert_eq!(problems, ["david-vs-david", "<king & \"game\">"]);
    let rows = all(root, "table.matrix tr.solution");
    assert_eq!(rows.len(), report.rows.len());
    for (tr, row) in rows.iter().zip(&report.rows) {
        assert_eq!(tr.value().attr("data-solution"), Some(row.path.as_str()));
        assert_eq!(text(all(*tr, "th.name")[0]), row.shown);
        let cells = all(*tr, "td.cell");
        assert_eq!(cells.len(), row.tests.len(), "{}", row.path);
        for (td, test) in cells.iter().zip(&row.tests) {
            let r = &test.result;
            assert_eq!(td.value().attr("data-test"), Some(test.name.as_str()));
            assert!(td.value().has_class(
                &format!("v-{}", r.verdict),
                scraper::CaseSensitivity::CaseSensitive
            ));
            assert_eq!(
                text(all(*td, ".vd")[0]),
                r.verdict.name(),
                "readable without colour"
            );
            let mark = if test.borderline.is_some() { "*" } else { "" };
            assert_eq!(
                text(all(*td, ".tm")[0]),
                format!("{:.2}{mark}", r.cpu_ms as f64 / 1000.0)
            );
            let share = (r.cpu_ms * 100 + 1000) / 2000;
            let bar = all(*td, ".bar > span")[0].value().attr("style").unwrap();
            assert_eq!(bar, format!("width:{}%", share.min(100)), "{}", test.name);
            let title = td.value().attr("title").unwrap();
            assert!(
                title.starts_with(&format!("{}: {}", test.name, r.label())),
                "{title}"
            );
        }
        let result = text(all(*tr, "td[class^=res-]")[0]);
        let mark = match row.status {
            RowStatus::Match => "✓ ok",
            RowStatus::Mismatch => "✗ MISMATCH",
            RowStatus::Skipped => "– skipped",
            RowStatus::Sensitive => "≈ sensitive",
        };
        assert!(result.starts_with(mark), "{result}");
        assert_eq!(result.ends_with('⚠'), !row.warnings.is_empty(), "{result}");
        let shorts: Vec<String> = all(*tr, "td.short").into_iter().map(text).collect();
        assert_eq!(
            shorts,
            [
                row.expected.clone(),
                row.got.map_or("-".into(), |v| v.name().into())
            ]
        );
        match (&row.stress, all(*tr, "td.stress").first()) {
            (Some((v, _)), Some(td)) => assert_eq!(text(*td), v.name()),
            (None, None) => {}
            (stress, cell) => panic!("{}: stress {stress:?} shown as {cell:?}", row.path),
        }
        if row.tests.is_empty() {
            let wide = text(all(*tr, "td.wide")[0]);
            assert_eq!(wide, format!("{}: {}", row.source, shown(&row.detail)));
        }
    }

    // Warnings and the reason of a mismatch stand right under their row.
    let notes_of = |path: &str| -> String {
        let tr = rows
            .iter()
            .find(|r| r.value().attr("data-solution") == Some(path))
            .unwrap();
        let next = tr
            .next_siblings()
            .filter_map(ElementRef::wrap)
            .next()
            .unwrap();
        assert!(next
            .value()
            .has_class("note-row", scraper::CaseSensitivity::CaseSensitive));
        text(next)
    };
    let slow = notes_of("solutions/david-vs-david/accepted/slow <&> \"sol\".py");
    assert_eq!(
        slow,
        format!(
            "⚠ warning: accepted but uses 65 % of the time limit (more than half) {}",
            hostile_shown()
        )
    );
    let broken = notes_of("solutions/david-vs-david/accepted/off_by_one.c");
    assert_eq!(
        broken,
        format!(
            "✗ expected AC, got WA (random-1: WA: game 3 {})",
            hostile_shown()
        )
    );
    let tle = notes_of("solutions/david-vs-david/time_limit_exceeded/greedy.cpp");
    assert!(
        tle.starts_with("⚠ warning: time_limit_exceeded but finishes max-1"),
        "{tle}"
    );

    // The summary, the notes and the legend come first.
    assert_eq!(
        text(all(root, "div.summary")[0]),
        "FAILED9 solutions: 5 match, 3 mismatch, 1 skipped; 2 warning(s); 98.77 s"
    );
    let notes: Vec<String> = all(root, "ul.notes li").into_iter().map(text).collect();
    assert_eq!(
        notes[0],
        format!("david-vs-david: time limit derived {}", hostile_shown())
    );
    let legend: Vec<String> = all(root, ".legend .swatch").into_iter().map(text).collect();
    assert_eq!(legend, ["AC", "WA", "TLE", "MLE", "RE", "OLE", "CE"]);
    assert_eq!(text(all(root, "title")[0]), "stressjudge verify: FAILED");
}

#[test]
fn a_passing_verify_says_ok() {
    let report = passing_verify_report();
    let doc = parse_page(&html(Report::Verify(&report)));
    let summary = text(all(doc.root_element(), "div.summary .badge")[0]);
    assert_eq!(summary, "OK");
    assert!(all(doc.root_element(), ".res-mismatch").is_empty());
}

#[test]
fn judge_shows_the_tests_with_bars_and_the_first_failure() {
    let report = judge_report();
    let doc = parse_page(&html(Report::Judge(&report)));
    let root = doc.root_element();
    assert_eq!(
        text(all(root, "h1")[0]),
        "stressjudge judge: game-of-stones"
    );
    assert_eq!(text(all(root, "div.summary .badge")[0]), "WA");
    let rows = all(root, "table.tests tr.test");
    assert_eq!(rows.len(), report.tests.len());
    for (tr, row) in rows.iter().zip(&report.tests) {
        assert_eq!(tr.value().attr("data-test"), Some(row.name.as_str()));
        let verdict = all(*tr, "td.short")[0];
        assert_eq!(text(verdict), row.result.label());
        assert!(verdict.value().has_class(
            &format!("v-{}", row.result.verdict),
            scraper::CaseSensitivity::CaseSensitive
        ));
        assert_eq!(all(*tr, "td.time .bar > span").len(), 1);
    }
    assert_eq!(text(all(rows[0], "td.time")[0]), "1.23 s (62 %)");
    assert_eq!(text(all(root, "h2")[0]), "First failure: edge-1");
    let explanation = text(all(root, "pre")[0]);
    assert_eq!(
        explanation,
        shown(&report.tests[1].result.explanation.join("\n"))
    );

    let ce = compile_error_report();
    let doc = parse_page(&html(Report::Judge(&ce)));
    let root = doc.root_element();
    assert_eq!(text(all(root, "div.summary .badge")[0]), "CE");
    assert!(all(root, "table.tests").is_empty());
    assert_eq!(text(all(root, "h2")[0]), "Compile error");
    assert_eq!(
        text(all(root, "pre")[0]),
        shown(ce.compile_error.unwrap().trim_end())
    );
}

#[test]
fn stress_shows_the_groups_and_every_failure_with_its_repro_command() {
    let report = stress_report();
    let groups = report.groups();
    let doc = parse_page(&html(Report::Stress(&report)));
    let root = doc.root_element();
    let rows = all(root, "table.groups tr.group");
    assert_eq!(rows.len(), groups.len());
    for (tr, g) in rows.iter().zip(&groups) {
        let cells: Vec<String> = all(*tr, "td").into_iter().map(text).collect();
        assert_eq!(cells[1], g.signature);
        assert_eq!(cells[2], g.verdict.name());
        assert_eq!(cells[3], g.count.to_string());
        assert!(cells[5].starts_with(&(failure_stem(&report.failures[g.smallest]) + ".min.in")));
    }
    let blocks = all(root, "details.failure");
    assert_eq!(blocks.len(), report.failures.len());
    for f in &report.failures {
        let block = blocks
            .iter()
            .find(|b| b.value().attr("data-seed") == Some(&f.unit.seed.to_string()))
            .unwrap();
        assert_eq!(block.value().attr("data-kind"), Some(f.unit.kind.as_str()));
        assert!(block.value().attr("open").is_some());
        let cmd = text(all(*block, "pre.cmd")[0]);
        assert_eq!(cmd, report.subject.repro_command(f));
        let pres: Vec<String> = all(*block, "figure > pre").into_iter().map(text).collect();
        assert_eq!(pres[1], f.shrunk_expected.text.trim_end());
        assert_eq!(
            pres[2],
            String::from_utf8_lossy(&f.shrunk_output).trim_end()
        );
        if f.verdict == Verdict::WA {
            assert_eq!(all(*block, "pre.diff").len(), 1);
        }
    }
    // Markup in answers is text, not markup.
    let seed12 = blocks
        .iter()
        .find(|b| b.value().attr("data-seed") == Some("12"))
        .unwrap();
    assert!(all(*seed12, "figure > pre b, figure > pre i").is_empty());
    assert_eq!(text(all(*seed12, "pre.diff .del")[0]), "-<b>3</b> &amp;");
    assert_eq!(text(all(*seed12, "pre.diff .add")[0]), "+<i>5</i>");

    // The unshrinkable 5,000-line input shows 40 lines, its wide line cut, and what is left out.
    let huge = blocks
        .iter()
        .find(|b| b.value().attr("data-seed") == Some("7"))
        .unwrap();
    let shown = text(all(*huge, "figure > pre")[0]);
    assert_eq!(shown.lines().count(), 40);
    assert_eq!(
        shown.lines().nth(1).unwrap(),
        format!("{} … (99,840 more characters)", "9".repeat(160))
    );
    let omitted = text(all(*huge, "p.omitted")[0]);
    assert!(
        omitted.starts_with("… 4,960 more lines not shown (5,000 lines, "),
        "{omitted}"
    );
    let caption = text(all(*huge, "figcaption")[0]);
    assert!(caption.ends_with("· 5,000 lines"), "{caption}");
    assert!(text(all(root, "ul.notes")[0]).starts_with("Interrupted"));

    let passing = passing_stress_report();
    let doc = parse_page(&html(Report::Stress(&passing)));
    let root = doc.root_element();
    assert_eq!(
        text(all(root, "div.summary")[0]),
        "ACno failure in 116 inputs"
    );
    assert!(all(root, "table.groups").is_empty());
}

#[test]
fn repro_shows_the_failing_games_first() {
    let report = repro_report();
    let doc = parse_page(&html(Report::Repro(&report)));
    let root = doc.root_element();
    assert_eq!(text(all(root, "h2")[0]), "Failing game(s) of 2,344");
    let game: Vec<String> = all(root, "table.games tbody td")
        .into_iter()
        .map(text)
        .collect();
    assert_eq!(
        game,
        [
            "295",
            "165580140 267914295 0",
            "2",
            &format!("1 {}", hostile_shown())
        ]
    );
    let captions: Vec<String> = all(root, "figcaption").into_iter().map(text).collect();
    assert_eq!(
        captions,
        [
            "input · 2,344 lines",
            "expected · 2,344 lines",
            "actual · 2,344 lines",
            "diff"
        ]
    );
    assert_eq!(text(all(root, "pre.diff .add")[0]), "+1");
    let saved = text(*all(root, "p code").last().unwrap());
    assert_eq!(saved, "cases/1.{in,ans,out}");
}
