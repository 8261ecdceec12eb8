//! Human units, both ways: limits parsed from the command line (`2s`, `1500ms`, `256MiB`, `1g`)
//! and numbers, durations and sizes printed the one way every report writes them (terminal,
//! JSON, JUnit and HTML views agree).

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

/// Whole milliseconds of a duration.
pub fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

/// A duration as `1.82 s`.
pub fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// A size in KiB as `12.5 MiB`.
pub fn mebibytes(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// A size in bytes as people write limits: `2 GiB`, `256 MiB`, `1.5 GiB`, `100 KiB`.
pub fn size(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (unit, name) in UNITS {
        if bytes >= unit {
            let value = bytes as f64 / unit as f64;
            return match bytes.is_multiple_of(unit) {
                true => format!("{} {name}", bytes / unit),
                false => format!("{value:.1} {name}"),
            };
        }
    }
    format!("{bytes} bytes")
}

/// A count or rate in short form: 1234567 as `1.23M`.
pub fn human(value: f64) -> String {
    if value >= 1e9 {
        format!("{:.2}G", value / 1e9)
    } else if value >= 1e6 {
        format!("{:.2}M", value / 1e6)
    } else if value >= 1e4 {
        format!("{:.1}k", value / 1e3)
    } else {
        format!("{value:.0}")
    }
}

/// `part` as a whole percentage of `whole` (rounded; 0 when `whole` is zero).
pub fn percent(part: Duration, whole: Duration) -> u64 {
    let whole = millis(whole);
    if whole == 0 {
        return 0;
    }
    (millis(part) * 100 + whole / 2) / whole
}

/// A duration as a clock for progress lines: `42s`, `3m05s`, `1h02m`.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("{s}s")
    } else if s < 3600 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    }
}

/// A duration as people write limits: `60 s`, `1 s`, `0.5 s`.
pub fn limit_seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_limits() {
        assert_eq!(size(2 << 30), "2 GiB");
        assert_eq!(size(256 << 20), "256 MiB");
        assert_eq!(size(3 << 29), "1.5 GiB");
        assert_eq!(size(12), "12 bytes");
    }

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

    #[test]
    fn formats_agree_with_the_reports() {
        assert_eq!(seconds(Duration::from_millis(1820)), "1.82 s");
        assert_eq!(mebibytes(12800), "12.5 MiB");
        assert_eq!(human(1_234_567.0), "1.23M");
        assert_eq!(human(12_345.0), "12.3k");
        assert_eq!(human(999.0), "999");
        assert_eq!(
            percent(Duration::from_millis(1820), Duration::from_secs(2)),
            91
        );
        assert_eq!(percent(Duration::from_millis(5), Duration::ZERO), 0);
        assert_eq!(clock(Duration::from_secs(42)), "42s");
        assert_eq!(clock(Duration::from_secs(185)), "3m05s");
        assert_eq!(clock(Duration::from_secs(3720)), "1h02m");
    }

    #[test]
    fn limits_read_like_limits() {
        assert_eq!(limit_seconds(Duration::from_secs(60)), "60 s");
        assert_eq!(limit_seconds(Duration::from_millis(500)), "0.5 s");
    }
}
