//! Benchmark (`cargo bench --bench stress`): games checked per second by `stressjudge stress` on
//! a correct C++ David vs David solution, side by side with the classic hand-rolled shell loop
//! (per case: a generator, a brute force, the candidate, then `cmp`; see `shell_loop/loop.sh`).
//! The loop checks one game per case, while stress packs up to 10^5 games into one run, so both
//! comparisons are printed: games per second, and cases (inputs) per second. Prints figures,
//! asserts nothing; a run that is not AC or a report missing a field is an error, not a figure.
#![forbid(unsafe_code)]

use std::path::Path;
use std::process::Command;
use std::time::Instant;

const SOLUTION: &str = "solutions/david-vs-david/accepted/isqrt_beatty.cpp";
/// Cases of the shell loop: each costs four process starts, a few milliseconds.
const SHELL_CASES: &str = "300";

/// One measured stress run.
struct Figures {
    label: String,
    games: u64,
    inputs: u64,
    runs: u64,
    elapsed_ms: u64,
    wall_ms: u128,
}

impl Figures {
    fn rate(&self) -> f64 {
        self.games as f64 / (self.elapsed_ms.max(1) as f64 / 1000.0)
    }

    fn inputs_rate(&self) -> f64 {
        self.inputs as f64 / (self.elapsed_ms.max(1) as f64 / 1000.0)
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `stressjudge stress david-vs-david SOLUTION ARGS --jobs 2 --json`, timed.
fn stress(label: &str, args: &[&str]) -> Figures {
    let out = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_stressjudge"))
        .args([
            "stress",
            "david-vs-david",
            SOLUTION,
            "--jobs",
            "2",
            "--json",
        ])
        .args(args)
        .arg("--out")
        .arg(out.path())
        .current_dir(root())
        .output()
        .expect("stressjudge starts");
    let wall_ms = started.elapsed().as_millis();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stress {args:?} printed no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(
        report["verdict"], "AC",
        "{label}: the accepted solution must pass, or the figures mean nothing: {report}"
    );
    let field = |name: &str| {
        report[name]
            .as_u64()
            .unwrap_or_else(|| panic!("{label}: the report has no number `{name}`: {report}"))
    };
    Figures {
        label: label.to_string(),
        games: field("games"),
        inputs: field("inputs"),
        runs: field("runs"),
        elapsed_ms: field("elapsed_ms"),
        wall_ms,
    }
}

/// Runs the shell loop; returns (cases, failures, milliseconds of the loop alone).
fn shell_loop() -> (u64, u64, u64) {
    let work = tempfile::tempdir().unwrap();
    let output = Command::new("bash")
        .arg(root().join("benches/shell_loop/loop.sh"))
        .arg(work.path())
        .arg(SHELL_CASES)
        .arg(root().join(SOLUTION))
        .output()
        .expect("bash starts");
    let text = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let number = |name: &str| {
        let at = fields.iter().position(|f| *f == name).unwrap_or_else(|| {
            panic!(
                "shell loop printed `{text}`; stderr: {}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        fields[at + 1].parse::<u64>().unwrap()
    };
    let failures = number("failures");
    assert_eq!(failures, 0, "the shell loop found failures: {text}");
    (number("cases"), failures, number("ms"))
}

fn main() {
    println!("stress benchmark: {SOLUTION}, --jobs 2");
    // Builds the candidate once, so no timed run pays for the compiler.
    stress("warm-up", &["--kind", "small", "--seeds", "1..2"]);
    let runs = [
        stress("stress --kind all (default seeds 1..=100)", &[]),
        stress(
            "stress --kind random --seeds 1..2001",
            &["--kind", "random", "--seeds", "1..2001"],
        ),
    ];
    let (cases, failures, loop_ms) = shell_loop();
    let shell_rate = cases as f64 / (loop_ms.max(1) as f64 / 1000.0);
    println!();
    for r in &runs {
        println!(
            "{:<42} {:>11} games {:>5} inputs {:>5} runs {:>7} ms (process {:>6} ms) {:>12.0} games/s  {:>9.0}x shell loop",
            r.label,
            r.games,
            r.inputs,
            r.runs,
            r.elapsed_ms,
            r.wall_ms,
            r.rate(),
            r.rate() / shell_rate
        );
        println!(
            "{:<42} per case: {:>8.1} inputs/s = {:.1}x the loop's cases/s (an input holds {:.0} games, a loop case 1)",
            "",
            r.inputs_rate(),
            r.inputs_rate() / shell_rate,
            r.games as f64 / r.inputs.max(1) as f64
        );
    }
    println!(
        "{:<42} {:>11} games ({failures} failures) {:>7} ms {:>12.1} games/s = cases/s",
        "shell loop (gen | brute | candidate | cmp)", cases, loop_ms, shell_rate
    );
}
