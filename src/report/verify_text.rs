//! The terminal view of `verify`: a header, one line per solution as it is judged, and the
//! summary.

use super::style;
use super::verify::{RowStatus, VerifyReport, VerifyRow};
use crate::units::seconds;

/// The table's header line.
pub fn header() -> String {
    format!(
        "{:<15} {:<46} {:<8} {:<8} {:>8} {:>7}  {}\n",
        "PROBLEM", "SOLUTION", "EXPECTED", "GOT", "SLOWEST", "TIME", "RESULT"
    )
}

/// One solution's line (and its warnings).
pub fn row(row: &VerifyRow) -> String {
    let got = row.got.map_or("-", |v| v.name());
    let got = match row.got {
        Some(v) => style::verdict(v, &format!("{got:<8}")),
        None => format!("{got:<8}"),
    };
    let result = match row.status {
        RowStatus::Match => style::good("ok"),
        RowStatus::Skipped => style::dim(&format!("skipped: {}", row.detail)),
        RowStatus::Mismatch => {
            style::failure(&format!("MISMATCH ({}: {})", row.source, row.detail))
        }
    };
    let mut text = format!(
        "{:<15} {:<46} {:<8} {got} {:>8} {:>6.1}s  {result}\n",
        row.problem,
        row.shown,
        row.expected,
        seconds(row.slowest),
        row.elapsed.as_secs_f64(),
    );
    for warning in &row.warnings {
        text.push_str(&format!("    {}: {warning}\n", style::warning("warning")));
    }
    text
}

/// The closing summary.
pub fn summary(report: &VerifyReport) -> String {
    let skipped = report.count(RowStatus::Skipped);
    let skipped_text = if skipped > 0 {
        format!(", {skipped} skipped")
    } else {
        String::new()
    };
    let warnings: usize = report.rows.iter().map(|r| r.warnings.len()).sum();
    let status = if report.ok() {
        style::good("OK")
    } else {
        style::failure("FAILED")
    };
    let isolation = report
        .isolation
        .as_ref()
        .map_or(String::new(), |i| format!("{}\n", i.report_line()));
    format!(
        "\n{status}: {} solutions, {} match, {} mismatch{skipped_text}, {warnings} warning(s), {:.1} s\n{isolation}",
        report.rows.len(),
        report.count(RowStatus::Match),
        report.count(RowStatus::Mismatch),
        report.elapsed.as_secs_f64()
    )
}
