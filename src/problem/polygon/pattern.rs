//! Polygon's path patterns: a printf format with one integer, `tests/%02d` or `stresses/%03d`.

/// `pattern` with its `%d` / `%0Nd` / `%Nd` filled with `n`. The width is a minimum, as in
/// printf: `tests/%02d` gives `tests/07` and `tests/123`. `%%` is a percent sign; a pattern
/// without a conversion is returned as it is.
pub fn fill_pattern(pattern: &str, n: usize) -> String {
    let mut out = String::with_capacity(pattern.len() + 4);
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        let mut spec = String::new();
        while let Some(&d) = chars.peek() {
            if d.is_ascii_digit() {
                spec.push(d);
                chars.next();
            } else {
                break;
            }
        }
        match chars.next() {
            Some('d') | Some('i') | Some('u') => {
                let zero = spec.starts_with('0');
                let width: usize = spec.parse().unwrap_or(0);
                if zero {
                    out.push_str(&format!("{n:0width$}"));
                } else {
                    out.push_str(&format!("{n:width$}"));
                }
            }
            other => {
                out.push('%');
                out.push_str(&spec);
                out.extend(other);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fill_pattern;

    #[test]
    fn widths_are_minimums() {
        assert_eq!(fill_pattern("tests/%02d", 7), "tests/07");
        assert_eq!(fill_pattern("tests/%02d.a", 123), "tests/123.a");
        assert_eq!(fill_pattern("stresses/%03d", 1), "stresses/001");
        assert_eq!(fill_pattern("t/%d", 5), "t/5");
        assert_eq!(fill_pattern("100%%/%d", 5), "100%/5");
        assert_eq!(fill_pattern("plain", 5), "plain");
    }
}
