//! Proves the accepted solutions of the library under `solutions/`: every file in
//! `solutions/PROBLEM/accepted/` is compiled once with the judge's flags and must reproduce the
//! official samples and agree with an exhaustive search written here on every small case.
//!
//! The brute forces below are independent of the solutions' formulas: plain game-tree searches.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The real CPython interpreter (the `python3` on PATH may be a slow shim).
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 must be installed");
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    })
}

/// A compiled (or interpreted) solution: its file and the command that runs it.
struct Program {
    source: PathBuf,
    argv: Vec<String>,
}

/// Builds `source` into `dir` with the judge's flags for its extension.
fn build(source: &Path, dir: &Path) -> Program {
    let stem = source.file_stem().unwrap().to_str().unwrap();
    let ext = source.extension().unwrap().to_str().unwrap();
    let exe = dir.join(format!("{stem}-{ext}"));
    let src = source.to_str().unwrap();
    let out = exe.to_str().unwrap();
    let compile: Option<Vec<&str>> = match ext {
        "c" => Some(vec!["gcc", "-O2", "-std=c17", "-o", out, src, "-lm"]),
        "cpp" => Some(vec!["g++", "-O2", "-std=c++17", "-o", out, src]),
        "rs" => Some(vec!["rustc", "-O", "--edition", "2021", "-o", out, src]),
        "py" => None,
        other => panic!("unknown solution language .{other}: {}", source.display()),
    };
    let argv = match compile {
        Some(cmd) => {
            let status = Command::new(cmd[0])
                .args(&cmd[1..])
                .status()
                .unwrap_or_else(|e| panic!("cannot start {}: {e}", cmd[0]));
            assert!(status.success(), "{} does not compile", source.display());
            vec![out.to_string()]
        }
        None => vec![python().to_string(), src.to_string()],
    };
    Program {
        source: source.to_path_buf(),
        argv,
    }
}

/// Compiles every accepted solution of `problem` and checks the library's language coverage.
fn accepted(problem: &str, dir: &Path) -> Vec<Program> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("solutions")
        .join(problem);
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root.join("accepted"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    sources.sort();
    for ext in ["cpp", "rs", "py"] {
        assert!(
            sources
                .iter()
                .any(|p| p.extension().is_some_and(|e| e == ext)),
            "{problem} has no accepted .{ext} solution"
        );
    }
    sources.iter().map(|s| build(s, dir)).collect()
}

/// Runs `program` on `input` and returns its stdout; any crash or non-zero exit fails the test.
fn run(program: &Program, input: &str) -> String {
    let mut child = Command::new(&program.argv[0])
        .args(&program.argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "{} failed ({}) on input starting {:?}: {}",
        program.source.display(),
        out.status,
        &input[..input.len().min(80)],
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Compares token by token; `games` names each line of the input for the failure message.
fn assert_answers(program: &Program, input: &str, expected: &[String], games: &[String]) {
    let got: Vec<String> = run(program, input)
        .split_ascii_whitespace()
        .map(str::to_string)
        .collect();
    assert_eq!(
        got.len(),
        expected.len(),
        "{}: wrong number of answers",
        program.source.display()
    );
    for (i, (g, e)) in got.iter().zip(expected).enumerate() {
        assert_eq!(
            g,
            e,
            "{}: game {:?} answered {g}, expected {e}",
            program.source.display(),
            games[i]
        );
    }
}

fn lines(text: &str) -> Vec<String> {
    text.split_ascii_whitespace().map(str::to_string).collect()
}

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

// ---------------------------------------------------------------- David vs David

const DAVID_SAMPLE: &str = "15\n0 0 0\n23 9 1\n97 99 2\n1984 6 3\n277 348 4\n2384 19 5\n138 19 6\n\
123 372 7\n112 1021 8\n99328 9702 9\n3172 283401 10\n1937 23405 11\n421443 503539 12\n\
508320368 822479633 0\n924717293 228947159 1\n";
const DAVID_SAMPLE_ANSWER: &str = "2 2 1 1 1 1 2 1 2 1 1 2 1 2 1";

/// Exhaustive search: `lost[x][y]` for piles up to `max` with difference bound `k`.
fn david_brute(max: usize, k: usize) -> Vec<Vec<bool>> {
    let mut lost = vec![vec![false; max + 1]; max + 1];
    for x in 0..=max {
        for y in 0..=max {
            let single = (1..=x).any(|a| lost[x - a][y]) || (1..=y).any(|b| lost[x][y - b]);
            let both = (1..=x)
                .any(|a| (a.saturating_sub(k).max(1)..=(a + k).min(y)).any(|b| lost[x - a][y - b]));
            lost[x][y] = !(single || both);
        }
    }
    lost
}

#[test]
fn david_vs_david_accepted_solutions_match_exhaustive_search() {
    let dir = scratch();
    let programs = accepted("david-vs-david", dir.path());
    let mut input = Vec::new();
    let mut games = Vec::new();
    let mut expected = Vec::new();
    for k in 0..=12 {
        let lost = david_brute(30, k);
        for (x, row) in lost.iter().enumerate() {
            for (y, &is_lost) in row.iter().enumerate() {
                games.push(format!("{x} {y} {k}"));
                expected.push(if is_lost { "2" } else { "1" }.to_string());
            }
        }
    }
    input.push(games.len().to_string());
    input.extend(games.iter().cloned());
    let input = input.join("\n") + "\n";
    let sample_games = lines(DAVID_SAMPLE)[1..]
        .chunks(3)
        .map(|c| c.join(" "))
        .collect::<Vec<_>>();
    for program in &programs {
        assert_answers(
            program,
            DAVID_SAMPLE,
            &lines(DAVID_SAMPLE_ANSWER),
            &sample_games,
        );
        assert_answers(program, &input, &expected, &games);
    }
}

// ---------------------------------------------------------------- Game of Stones

/// Exhaustive memoized search: does the player to move (0 = Petyr, bound A) win?
struct StonesBrute {
    bounds: [usize; 2],
    memo: HashMap<(Vec<usize>, usize), bool>,
}

impl StonesBrute {
    fn wins(&mut self, piles: &[usize], player: usize) -> bool {
        let mut key = piles.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&(key.clone(), player)) {
            return v;
        }
        let mut win = false;
        'search: for i in 0..key.len() {
            for take in 1..=self.bounds[player].min(key[i]) {
                let mut next = key.clone();
                next[i] -= take;
                if !self.wins(&next, 1 - player) {
                    win = true;
                    break 'search;
                }
            }
        }
        self.memo.insert((key, player), win);
        win
    }
}

/// Every multiset of 1..=3 piles of sizes 0..=max_pile, for every A, B <= max_bound.
fn stones_cases(max_bound: usize, max_pile: usize) -> Vec<(String, String)> {
    let mut piles_sets: Vec<Vec<usize>> = Vec::new();
    for a in 0..=max_pile {
        piles_sets.push(vec![a]);
        for b in a..=max_pile {
            piles_sets.push(vec![b, a]);
            for c in b..=max_pile {
                piles_sets.push(vec![a, c, b]);
            }
        }
    }
    let mut cases = Vec::new();
    for a in 1..=max_bound {
        for b in 1..=max_bound {
            let mut brute = StonesBrute {
                bounds: [a, b],
                memo: HashMap::new(),
            };
            for piles in &piles_sets {
                let text: Vec<String> = piles.iter().map(usize::to_string).collect();
                let input = format!("{} {a} {b}\n{}\n", piles.len(), text.join(" "));
                let answer = if brute.wins(piles, 0) {
                    "Petyr"
                } else {
                    "Varys"
                };
                cases.push((input, answer.to_string()));
            }
        }
    }
    cases
}

#[test]
fn game_of_stones_accepted_solutions_match_exhaustive_search() {
    let dir = scratch();
    let programs = accepted("game-of-stones", dir.path());
    let samples = [
        ("2 3 4\n2 3\n", "Petyr"),
        ("7 8 9\n1 2 3 4 5 6 7\n", "Varys"),
    ];
    // One process per case: compiled programs get the wide range, the interpreter a smaller one.
    let wide = stones_cases(5, 6);
    let narrow = stones_cases(4, 4);
    for program in &programs {
        for (input, answer) in samples {
            assert_eq!(
                run(program, input).trim(),
                answer,
                "{}",
                program.source.display()
            );
        }
        let interpreted = program.source.extension().is_some_and(|e| e == "py");
        let cases = if interpreted { &narrow } else { &wide };
        std::thread::scope(|s| {
            for half in cases.chunks(cases.len().div_ceil(2)) {
                s.spawn(move || {
                    for (input, answer) in half {
                        let got = run(program, input);
                        assert_eq!(
                            got.trim(),
                            answer,
                            "{} on {input:?}",
                            program.source.display()
                        );
                    }
                });
            }
        });
    }
}

// ---------------------------------------------------------------- King Game

const KING_SAMPLE: &str = "5\n1 2 3 4\n3 1 4 2\n6 6 2 2\n3 2 2 3\n1 12 3 9\n";
const KING_SAMPLE_ANSWER: &str = "1 2 2 0 0";

/// A board square (x, y).
type Square = (usize, usize);

/// Plain recursion over every position of the `side` x `side` board (no assumption about where
/// P-positions lie): returns, for each unordered pair of squares, the number of winning moves.
fn king_brute(side: usize) -> Vec<(Square, Square, usize)> {
    let squares: Vec<Square> = (1..=side)
        .flat_map(|x| (1..=side).map(move |y| (x, y)))
        .collect();
    let n = squares.len();
    let index = |(x, y): Square| (x - 1) * side + (y - 1);
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let height = |s: usize| squares[s].0 + squares[s].1;
    pairs.sort_by_key(|&(a, b)| height(a) + height(b));
    let mut lost = vec![false; n * n];
    // Moves from (mover, other) that reach a lost position.
    let winning_moves = |lost: &[bool], mover: usize, other: usize| -> usize {
        let (mx, my) = squares[mover];
        let mut count = 0;
        for x in 1..=mx {
            for y in 1..=my {
                let to = index((x, y));
                if to != mover && to != other && lost[to * n + other] {
                    count += 1;
                }
            }
        }
        count
    };
    for &(a, b) in &pairs {
        let is_lost = winning_moves(&lost, a, b) == 0 && winning_moves(&lost, b, a) == 0;
        lost[a * n + b] = is_lost;
        lost[b * n + a] = is_lost;
    }
    pairs
        .iter()
        .map(|&(a, b)| {
            let count = winning_moves(&lost, a, b) + winning_moves(&lost, b, a);
            (squares[a], squares[b], count)
        })
        .collect()
}

#[test]
fn king_game_accepted_solutions_match_exhaustive_search() {
    let dir = scratch();
    let programs = accepted("king-game", dir.path());
    let positions = king_brute(16);
    let mut games = Vec::new();
    let mut expected = Vec::new();
    for (i, &(p, q, count)) in positions.iter().enumerate() {
        // Alternate the order of the pieces: the answer must not depend on it.
        let (first, second) = if i % 2 == 0 { (p, q) } else { (q, p) };
        games.push(format!("{} {} {} {}", first.0, first.1, second.0, second.1));
        expected.push(count.to_string());
    }
    assert!(games.len() <= 100_000);
    let input = format!("{}\n{}\n", games.len(), games.join("\n"));
    let sample_games = lines(KING_SAMPLE)[1..]
        .chunks(4)
        .map(|c| c.join(" "))
        .collect::<Vec<_>>();
    for program in &programs {
        assert_answers(
            program,
            KING_SAMPLE,
            &lines(KING_SAMPLE_ANSWER),
            &sample_games,
        );
        assert_answers(program, &input, &expected, &games);
    }
}

/// The closed form of `closed_form_runs.py` is what its header says: the band DP's P-partner
/// runs on every square of the 300 x 300 board (its own checking tool, run here so CI runs it).
#[test]
fn king_game_closed_form_matches_the_band_dp_on_the_whole_board() {
    let tool = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("solutions/king-game/tools/check_closed_form.py");
    let out = Command::new(python())
        .arg(&tool)
        .output()
        .expect("the checking tool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}: {stdout}{}",
        tool.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("90000 squares") && stdout.contains(" 0 mismatches"),
        "{stdout}"
    );
}
