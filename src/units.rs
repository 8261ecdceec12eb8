//! Parsing of human limits on the command line: `2s`, `1500ms`, `256MiB`, `1g`.

use std::time::Duration;

use crate::error::UsageError;

/// Parses a duration: a number with `ms`, `s` or `m`; a bare number means seconds.
pub fn parse_duration(text: &str) -> Result<Duration, UsageError> {
    let bad = || {
        UsageError::new(format!(
            "bad time `{text}`: expected a positive number with ms, s or m, e.g. 2s or 1500ms"
        ))
    };
    let t = text.trim();
    let (number, scale_ms) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1000.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60_000.0)
    } else {
        (t, 1000.0)
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    let ms = value * scale_ms;
    if !ms.is_finite() || !(1.0..=86_400_000.0).contains(&ms) {
        return Err(bad());
    }
    Ok(Duration::from_micros((ms * 1000.0).round() as u64))
}

/// Parses a size: a number with `B`, `K`/`KB`/`KiB`, `M`/`MB`/`MiB` or `G`/`GB`/`GiB` (all
/// binary multiples, as judges use them); a bare number means MiB.
pub fn parse_size(text: &str) -> Result<u64, UsageError> {
    let bad = || {
        UsageError::new(format!(
            "bad size `{text}`: expected a positive number with B, KiB, MiB or GiB, e.g. 256MiB"
        ))
    };
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number.parse().map_err(|_| bad())?;
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "" | "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        _ => return Err(bad()),
    };
    let bytes = value * scale;
    if !bytes.is_finite() || !(1024.0..=(1u64 << 44) as f64).contains(&bytes) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("2s").unwrap(), Duration::from_secs(2));
        assert_eq!(
            parse_duration("1500ms").unwrap(),
            Duration::from_millis(1500)
        );
        assert_eq!(parse_duration("0.5").unwrap(), Duration::from_millis(500));
        for bad in ["", "fast", "-1s", "0s", "2h"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("256MiB").unwrap(), 256 << 20);
        assert_eq!(parse_size("1g").unwrap(), 1 << 30);
        assert_eq!(parse_size("64").unwrap(), 64 << 20);
        for bad in ["", "lots", "12XB", "0"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}
