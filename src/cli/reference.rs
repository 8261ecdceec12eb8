//! The reference generated from the clap definition itself, so it cannot drift from the parser:
//! the man pages (`stressjudge man`), shell completions (`stressjudge completions SHELL`) and the
//! Markdown CLI reference in `docs/reference/cli.md` (checked against the binary by a test).

use std::io::Write;
use std::path::Path;

use clap::CommandFactory;

use super::args::Cli;
use crate::commands::Outcome;
use crate::error::UsageError;

/// Terminal width the Markdown reference is rendered at, so the file is the same on every machine.
const REFERENCE_WIDTH: usize = 100;

/// `stressjudge man`: the main page on stdout, or every command's page written into `out`.
pub fn man(out: Option<&Path>) -> Result<Outcome, UsageError> {
    let command = Cli::command();
    match out {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                UsageError::new(format!(
                    "man --out {}: cannot create it: {e}",
                    dir.display()
                ))
            })?;
            clap_mangen::generate_to(command, dir).map_err(|e| {
                UsageError::new(format!(
                    "man --out {}: cannot write a page: {e}",
                    dir.display()
                ))
            })?;
            println!("man pages written to {}", dir.display());
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command)
                .render(&mut page)
                .map_err(|e| UsageError::new(format!("man: cannot render the page: {e}")))?;
            write_stdout(&page)?;
        }
    }
    Ok(Outcome::Passed)
}

/// `stressjudge completions SHELL`: the completion script on stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<Outcome, UsageError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "stressjudge", &mut script);
    write_stdout(&script)?;
    Ok(Outcome::Passed)
}

fn write_stdout(bytes: &[u8]) -> Result<(), UsageError> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|e| UsageError::new(format!("cannot write to stdout: {e}")))
}

/// The Markdown CLI reference: every visible command's long help, in the order `--help` lists
/// them, rendered at a fixed width without colour.
pub fn cli_markdown() -> String {
    let mut top = Cli::command().term_width(REFERENCE_WIDTH);
    // Building gives every subcommand its full name (`stressjudge judge`) for its usage line.
    top.build();
    let mut text = String::from(
        "# Command-line reference\n\n\
         Generated from the binary's own `--help` (`cargo test --release --lib cli_reference` \
         checks it; `STRESSJUDGE_UPDATE_DOCS=1` rewrites it). Exit codes are in the \
         [README](../../README.md#exit-codes); `stressjudge man` prints the same as a man page.\n",
    );
    push_section(
        &mut text,
        "stressjudge",
        &top.render_long_help().to_string(),
    );
    for sub in top.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("stressjudge {}", sub.get_name());
        push_section(
            &mut text,
            &name,
            &sub.clone().render_long_help().to_string(),
        );
    }
    text
}

fn push_section(text: &mut String, title: &str, help: &str) {
    text.push_str(&format!("\n## `{title}`\n\n```text\n"));
    for line in help.trim_end().lines() {
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str("```\n");
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn cli_reference_matches_the_binary() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference/cli.md");
        let generated = super::cli_markdown();
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current != generated {
            if std::env::var_os("STRESSJUDGE_UPDATE_DOCS").is_some() {
                std::fs::write(&path, generated).unwrap();
                eprintln!("docs/reference/cli.md rewritten");
            } else {
                panic!(
                    "docs/reference/cli.md differs from the command line: rerun with \
                     STRESSJUDGE_UPDATE_DOCS=1 to rewrite it"
                );
            }
        }
    }

    #[test]
    fn the_man_page_and_completions_name_every_command() {
        let mut page = Vec::new();
        clap_mangen::Man::new(<super::Cli as clap::CommandFactory>::command())
            .render(&mut page)
            .unwrap();
        let page = String::from_utf8(page).unwrap();
        let mut script = Vec::new();
        clap_complete::generate(
            clap_complete::Shell::Bash,
            &mut <super::Cli as clap::CommandFactory>::command(),
            "stressjudge",
            &mut script,
        );
        let script = String::from_utf8(script).unwrap();
        for name in ["judge", "stress", "repro", "verify", "doctor", "generate"] {
            assert!(page.contains(name), "man page lacks {name}");
            assert!(script.contains(name), "completion lacks {name}");
        }
    }
}
