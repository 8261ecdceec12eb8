//! Prints the mutants of a source file, one a line, and how long finding them took:
//! `cargo run --release -p stressjudge-mutate --example mutants -- FILE [--diff | --write DIR]`
//! (`--write` saves each mutated source as `DIR/NNNN-operator.EXT`, to try compiling them).
#![forbid(unsafe_code)]

use std::time::Instant;

use stressjudge_mutate::{mutants, Language};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: mutants FILE [--diff]");
        std::process::exit(2);
    };
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let Some(language) = Language::of_file_name(path) else {
        eprintln!("{path}: no mutation rules for this file's language");
        std::process::exit(2);
    };
    let started = Instant::now();
    let found = mutants(&source, language).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let elapsed = started.elapsed();
    let write_to = args
        .iter()
        .position(|a| a == "--write")
        .and_then(|i| args.get(i + 1));
    let extension = path.rsplit_once('.').map_or("txt", |(_, e)| e);
    for (number, mutant) in found.iter().enumerate() {
        if let Some(dir) = write_to {
            let name = format!("{dir}/{number:04}-{}.{extension}", mutant.operator.name());
            if let Err(e) = std::fs::write(&name, mutant.apply(&source)) {
                eprintln!("{name}: {e}");
                std::process::exit(2);
            }
        } else if args.iter().any(|a| a == "--diff") {
            print!("{}", mutant.diff(&source, path));
        } else {
            println!("{}", mutant.summary());
        }
    }
    eprintln!(
        "{} mutants of {} lines in {:.2} ms",
        found.len(),
        source.lines().count(),
        elapsed.as_secs_f64() * 1000.0
    );
}
