//! Colour for the terminal view: verdicts in colour, failures in bold red. Styled text carries
//! ANSI codes; [`crate::commands::print_out`] and the progress display write through
//! `anstream`, which drops them when the stream is not a terminal or `NO_COLOR` is set, so
//! piped output and CI logs stay plain.

use anstyle::{AnsiColor, Effects, Style};

use crate::judge::Verdict;

fn paint(style: Style, text: &str) -> String {
    format!("{}{text}{}", style.render(), style.render_reset())
}

fn color(color: AnsiColor) -> Style {
    Style::new().fg_color(Some(color.into()))
}

/// `text` in the colour of `verdict`: AC green, WA and RE red, TLE yellow, MLE and OLE
/// magenta, CE blue.
pub fn verdict(verdict: Verdict, text: &str) -> String {
    let style = match verdict {
        Verdict::AC => color(AnsiColor::Green),
        Verdict::WA | Verdict::RE => color(AnsiColor::Red),
        Verdict::TLE => color(AnsiColor::Yellow),
        Verdict::MLE | Verdict::OLE => color(AnsiColor::Magenta),
        Verdict::CE => color(AnsiColor::Blue),
    };
    paint(style.effects(Effects::BOLD), text)
}

/// A failure heading, bold red.
pub fn failure(text: &str) -> String {
    paint(color(AnsiColor::Red).effects(Effects::BOLD), text)
}

/// A good outcome (`ok`, `OK`), green.
pub fn good(text: &str) -> String {
    paint(color(AnsiColor::Green), text)
}

/// A warning, yellow.
pub fn warning(text: &str) -> String {
    paint(color(AnsiColor::Yellow), text)
}

/// Something to be read past (a skipped solution), dimmed.
pub fn dim(text: &str) -> String {
    paint(Style::new().effects(Effects::DIMMED), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_wrap_the_text_in_codes_that_strip_away() {
        let styled = verdict(Verdict::WA, "WA");
        assert!(styled.contains("WA") && styled.starts_with('\u{1b}'));
        let plain = anstream::adapter::strip_str(&styled).to_string();
        assert_eq!(plain, "WA");
        assert_eq!(
            anstream::adapter::strip_str(&failure("FAILURE")).to_string(),
            "FAILURE"
        );
    }
}
