//! End to end, through the real binary and a real browser: `stressjudge verify game-of-stones
//! --report verify.html --report verify.xml --report verify.json` writes all three; the JUnit
//! file lists every solution and test of the JSON; headless Chromium renders the HTML, its DOM
//! has a matrix row per solution and a cell per test with the verdict's letters, and its
//! screenshot is a real picture of the page with the verdict colours in it.
//!
//! Without Chromium (`apt-get install chromium`) the rendering is skipped loudly; CI installs it
//! (`.ci/run`).

use crate::report_support;
use crate::schema_support;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use report_support::{counts, loudly, parse_junit, validate_with_xmllint};
use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

/// The browser window: wide enough for the whole matrix of a built-in problem.
const WIDTH: u32 = 1280;

/// How long one Chromium run may take before the test kills it.
const BROWSER_DEADLINE: Duration = Duration::from_secs(120);

/// The verdicts' cell backgrounds in `src/report/html/report.css`.
const CELL_COLOURS: [(&str, [u8; 3]); 7] = [
    ("AC", [0xda, 0xfb, 0xe1]),
    ("WA", [0xff, 0xeb, 0xe9]),
    ("TLE", [0xf5, 0xe8, 0xff]),
    ("MLE", [0xff, 0xf1, 0xe5]),
    ("RE", [0xff, 0xf8, 0xc5]),
    ("OLE", [0xdd, 0xf4, 0xff]),
    ("CE", [0xea, 0xee, 0xf2]),
];

#[test]
fn verify_reports_render_in_headless_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let [html, xml, json] =
        ["html", "xml", "json"].map(|ext| dir.path().join(format!("verify.{ext}")));
    let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["verify", "game-of-stones", "--stress-seeds", "2"])
        .args(["--report".as_ref(), html.as_os_str()])
        .args(["--report".as_ref(), xml.as_os_str()])
        .args(["--report".as_ref(), json.as_os_str()])
        .output()
        .unwrap();
    // 1 is a solution that missed its verdict (a timing verdict on a machine under heavy load);
    // the reports are written either way and must say so.
    let code = output.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "verify exited {code:?}:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: Value = schema_support::parse("verify", &std::fs::read_to_string(&json).unwrap());
    assert_eq!(json["ok"], Value::Bool(code == Some(0)));
    let solutions = json["solutions"].as_array().unwrap();
    assert!(solutions.len() >= 5, "the library of game-of-stones");

    junit_lists_every_solution_and_test(&std::fs::read_to_string(&xml).unwrap(), &json);

    let Some(browser) = chromium() else {
        loudly(
            "SKIPPED verify_reports_render_in_headless_chromium: no `chromium` on PATH \
             (apt-get install chromium), so the HTML report was not rendered; the report files \
             were checked",
        );
        return;
    };
    let page = format!("file://{}", html.display());
    let dom = run_browser(&browser, dir.path(), &["--dump-dom", &page], 900);
    rendered_matrix_matches(&dom, solutions);

    let height = 300 + 50 * solutions.len() as u32;
    let png = dir.path().join("verify.png");
    run_browser(
        &browser,
        dir.path(),
        &[&format!("--screenshot={}", png.display()), &page],
        height,
    );
    screenshot_shows_the_matrix(&png, height, solutions);
}

/// The JUnit file: valid, and a case for each solution's verdict and each of its tests, with
/// failures exactly when verify failed.
fn junit_lists_every_solution_and_test(xml: &str, json: &Value) {
    let (name, suites) = parse_junit(xml);
    assert_eq!(name, "stressjudge verify");
    assert_eq!(suites.len(), 1);
    assert_eq!(suites[0].name, "game-of-stones");
    validate_with_xmllint("verify_reports_render_in_headless_chromium (JUnit)", xml);
    let cases = &suites[0].cases;
    for solution in json["solutions"].as_array().unwrap() {
        let path = solution["path"].as_str().unwrap();
        let names: Vec<&str> = cases
            .iter()
            .filter(|c| c.classname == path)
            .map(|c| c.name.as_str())
            .collect();
        let mut expected = vec!["verdict"];
        for test in solution["tests"].as_array().unwrap() {
            expected.push(test["name"].as_str().unwrap());
        }
        if !solution["stress"].is_null() {
            expected.push("stress");
        }
        assert_eq!(names, expected, "{path}");
    }
    let [_, failures, errors, _] = counts(cases);
    assert_eq!(failures + errors == 0, json["ok"] == Value::Bool(true));
}

/// The DOM as Chromium built it: a row per solution, in order, and a cell per test with the
/// verdict's letters.
fn rendered_matrix_matches(dom: &str, solutions: &[Value]) {
    let doc = Html::parse_document(dom);
    let rows = select(doc.root_element(), "table.matrix > tbody > tr.solution");
    assert_eq!(
        rows.len(),
        solutions.len(),
        "matrix rows in the rendered DOM"
    );
    for (tr, solution) in rows.iter().zip(solutions) {
        let path = solution["path"].as_str().unwrap();
        assert_eq!(tr.value().attr("data-solution"), Some(path));
        let cells = select(*tr, "td.cell");
        // Tests after the one that decided the verdict were not run: their cells say so.
        let (tests, not_run): (Vec<&Value>, Vec<&Value>) = solution["tests"]
            .as_array()
            .unwrap()
            .iter()
            .partition(|t| t["run"] != false);
        assert_eq!(cells.len(), tests.len(), "cells of {path}");
        assert_eq!(
            select(*tr, "td.not-run").len(),
            not_run.len(),
            "not-run cells of {path}"
        );
        for (td, test) in cells.iter().zip(tests) {
            assert_eq!(td.value().attr("data-test"), test["name"].as_str());
            let letters: String = select(*td, ".vd")[0].text().collect();
            assert_eq!(letters, test["verdict"].as_str().unwrap(), "{path}");
            assert_eq!(select(*td, ".bar > span").len(), 1);
        }
        let got: Vec<String> = select(*tr, "td.short")
            .iter()
            .map(|td| td.text().collect())
            .collect();
        assert_eq!(got[1], solution["got"].as_str().unwrap());
    }
}

fn select<'a>(root: ElementRef<'a>, css: &str) -> Vec<ElementRef<'a>> {
    root.select(&Selector::parse(css).unwrap()).collect()
}

/// The screenshot: a PNG of the window's size, not blank, with the cell colour of every
/// verdict the tests got.
fn screenshot_shows_the_matrix(png: &Path, height: u32, solutions: &[Value]) {
    let file = std::io::BufReader::new(File::open(png).expect("Chromium wrote no screenshot"));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("the screenshot is not a PNG");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (WIDTH, height));
    let channels = info.color_type.samples();
    assert!(channels >= 3, "{:?}", info.color_type);
    let pixels: Vec<[u8; 3]> = buf[..info.buffer_size()]
        .chunks_exact(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    let white = pixels.iter().filter(|p| **p == [255, 255, 255]).count();
    assert!(
        white * 10 < pixels.len() * 9,
        "the screenshot is blank ({white} of {} pixels white)",
        pixels.len()
    );
    let mut distinct = pixels.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(distinct.len() > 100, "{} colours only", distinct.len());
    // Each cell is about 40 x 40 pixels; at least half of it shows its background.
    let mut cells: Vec<(&str, usize)> = Vec::new();
    for solution in solutions {
        // A test not run has no verdict cell (its cell is checked in the DOM).
        for test in solution["tests"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["run"] != false)
        {
            let verdict = test["verdict"].as_str().unwrap();
            match cells.iter_mut().find(|(v, _)| *v == verdict) {
                Some((_, n)) => *n += 1,
                None => cells.push((verdict, 1)),
            }
        }
    }
    for (verdict, n) in cells {
        let colour = CELL_COLOURS.iter().find(|(v, _)| *v == verdict).unwrap().1;
        let close = |p: &&[u8; 3]| p.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 2);
        let count = pixels.iter().filter(close).count();
        assert!(
            count >= n * 800,
            "{n} {verdict} cells but {count} pixels of {colour:?} in the screenshot"
        );
    }
}

/// Chromium on PATH (`chromium` as Debian names it, or `chromium-browser`).
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// Runs headless Chromium with `args` in a window `WIDTH` x `height`, killing it after
/// [`BROWSER_DEADLINE`]; returns what it printed on stdout.
fn run_browser(browser: &Path, scratch: &Path, args: &[&str], height: u32) -> String {
    let profile = tempfile::tempdir_in(scratch).unwrap();
    let stdout = scratch.join("browser.out");
    let stderr = scratch.join("browser.err");
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--window-size={WIDTH},{height}"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create(&stdout).unwrap())
        .stderr(File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > BROWSER_DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium did not finish within {BROWSER_DEADLINE:?}: {args:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let err = std::fs::read_to_string(&stderr).unwrap_or_default();
    assert!(
        status.success(),
        "Chromium failed ({status}) on {args:?}:\n{err}"
    );
    std::fs::read_to_string(&stdout).unwrap()
}
